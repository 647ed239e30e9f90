ALTER TABLE `search_alerts` ADD `near_name` text;--> statement-breakpoint
ALTER TABLE `search_alerts` ADD `near_latitude` real;--> statement-breakpoint
ALTER TABLE `search_alerts` ADD `near_longitude` real;--> statement-breakpoint
ALTER TABLE `search_alerts` ADD `within_miles` integer;--> statement-breakpoint
CREATE INDEX `properties_active_latitude_idx` ON `properties` (`is_active`,`latitude`);