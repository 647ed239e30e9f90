CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text,
	`action` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_created_idx` ON `audit_log` (`entity`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_created_idx` ON `audit_log` (`actor`,`created_at`);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `property_id` integer REFERENCES properties(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `handled_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `handled_by` text;--> statement-breakpoint
CREATE INDEX `contact_messages_subject_created_idx` ON `contact_messages` (`subject`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_handled_created_idx` ON `contact_messages` (`handled_at`,`created_at`);--> statement-breakpoint
ALTER TABLE `properties` ADD `price_amount` real;--> statement-breakpoint
ALTER TABLE `properties` ADD `price_kind` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `beds_count` real;--> statement-breakpoint
ALTER TABLE `properties` ADD `baths_count` real;--> statement-breakpoint
CREATE INDEX `properties_active_price_idx` ON `properties` (`is_active`,`price_amount`);