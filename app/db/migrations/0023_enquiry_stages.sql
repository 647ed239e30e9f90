ALTER TABLE `contact_messages` ADD `stage` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `closed_reason` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `stage_changed_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `first_replied_at` integer;--> statement-breakpoint
CREATE INDEX `contact_messages_stage_created_idx` ON `contact_messages` (`stage`,`created_at`);--> statement-breakpoint
-- Enquiries from before stages: one the office marked handled was answered; one with a confirmed visit has it scheduled.
UPDATE `contact_messages` SET `stage` = 'replied', `stage_changed_at` = `handled_at`, `first_replied_at` = `handled_at` WHERE `handled_at` IS NOT NULL;--> statement-breakpoint
UPDATE `contact_messages` SET `stage` = 'visit_scheduled' WHERE `id` IN (SELECT `message_id` FROM `visit_requests` WHERE `status` = 'confirmed');
