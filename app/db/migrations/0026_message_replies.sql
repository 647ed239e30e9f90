CREATE TABLE `message_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` integer NOT NULL,
	`language` text NOT NULL,
	`template` text,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`sent_by` text NOT NULL,
	`mail_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_replies_message_idx` ON `message_replies` (`message_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_item_idx` ON `audit_log` (`entity`,`entity_id`,`created_at`);