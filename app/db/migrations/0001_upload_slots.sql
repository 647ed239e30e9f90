CREATE TABLE `upload_slots` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_email` text NOT NULL,
	`state` text DEFAULT 'issued' NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `upload_slots_created_idx` ON `upload_slots` (`created_at`);