ALTER TABLE `search_alerts` ADD `pets` text;--> statement-breakpoint
ALTER TABLE `search_alerts` ADD `home_type` text;--> statement-breakpoint
ALTER TABLE `search_alerts` ADD `senior` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `search_alerts` ADD `available_by` text;