ALTER TABLE `contact_messages` ADD `utm_source` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `utm_medium` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `utm_campaign` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `referrer_host` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `sent_from` text;