CREATE TABLE `visit_day_digests` (
	`day` text PRIMARY KEY NOT NULL,
	`queued_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `visit_requests` ADD `reminded_at` integer;