CREATE TABLE `visit_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`message_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `visit_requests`(`message_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `visit_links_message_idx` ON `visit_links` (`message_id`);--> statement-breakpoint
ALTER TABLE `visit_requests` ADD `visitor_changes` integer DEFAULT 0 NOT NULL;