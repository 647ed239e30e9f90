CREATE TABLE `visit_requests` (
	`message_id` integer PRIMARY KEY NOT NULL,
	`home_name` text NOT NULL,
	`home_location` text NOT NULL,
	`times` text NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`confirmed_time` integer,
	`decided_at` integer,
	`decided_by` text,
	FOREIGN KEY (`message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `visit_requests_status_idx` ON `visit_requests` (`status`);--> statement-breakpoint
ALTER TABLE `mail_queue` ADD `attachments` text;