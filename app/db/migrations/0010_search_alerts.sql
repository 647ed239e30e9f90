CREATE TABLE `search_alert_matches` (
	`alert_id` integer NOT NULL,
	`property_id` integer NOT NULL,
	`reason` text NOT NULL,
	`matched_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`alert_id`, `property_id`),
	FOREIGN KEY (`alert_id`) REFERENCES `search_alerts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `search_alert_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sent_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `search_alert_sends_sent_at_idx` ON `search_alert_sends` (`sent_at`);--> statement-breakpoint
CREATE TABLE `search_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`language` text NOT NULL,
	`filters` text NOT NULL,
	`sort` text DEFAULT 'newest' NOT NULL,
	`q` text DEFAULT '' NOT NULL,
	`kind` text,
	`min_price` integer,
	`max_price` integer,
	`beds` integer,
	`baths` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`confirm_token_hash` text,
	`confirm_expires_at` integer,
	`confirmed_at` integer,
	`link_token` text NOT NULL,
	`last_sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_alerts_confirm_token_hash_unique` ON `search_alerts` (`confirm_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `search_alerts_link_token_unique` ON `search_alerts` (`link_token`);--> statement-breakpoint
CREATE UNIQUE INDEX `search_alerts_email_filters_idx` ON `search_alerts` (`email`,`filters`);--> statement-breakpoint
CREATE INDEX `search_alerts_status_idx` ON `search_alerts` (`status`);--> statement-breakpoint
ALTER TABLE `mail_queue` ADD `headers` text;