CREATE TABLE `search_alert_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`property_id` integer NOT NULL,
	`reason` text NOT NULL,
	`queued_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `search_alert_confirmations` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`alert_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`alert_id`) REFERENCES `search_alerts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `search_alert_confirmations_alert_idx` ON `search_alert_confirmations` (`alert_id`);--> statement-breakpoint
CREATE INDEX `search_alert_confirmations_expires_idx` ON `search_alert_confirmations` (`expires_at`);--> statement-breakpoint
DROP INDEX `mail_queue_pending_idx`;--> statement-breakpoint
ALTER TABLE `mail_queue` ADD `priority` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `mail_queue_due_idx` ON `mail_queue` (`sent_at`,`priority`,`next_attempt_at`);--> statement-breakpoint
INSERT INTO `search_alert_confirmations` (`token_hash`, `alert_id`, `expires_at`)
	SELECT `confirm_token_hash`, `id`, `confirm_expires_at` FROM `search_alerts`
	WHERE `status` = 'pending' AND `confirm_token_hash` IS NOT NULL AND `confirm_expires_at` IS NOT NULL;--> statement-breakpoint
DROP INDEX `search_alerts_confirm_token_hash_unique`;--> statement-breakpoint
ALTER TABLE `search_alerts` ADD `mailbox` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `search_alerts` SET `mailbox` = (
	SELECT CASE WHEN instr(local, '+') > 0 THEN substr(local, 1, instr(local, '+') - 1) ELSE local END || domain
	FROM (SELECT substr(e, 1, instr(e, '@') - 1) AS local, substr(e, instr(e, '@')) AS domain FROM (SELECT lower(trim(`email`)) AS e))
);--> statement-breakpoint
CREATE INDEX `search_alerts_mailbox_idx` ON `search_alerts` (`mailbox`,`status`);--> statement-breakpoint
ALTER TABLE `search_alerts` DROP COLUMN `confirm_token_hash`;--> statement-breakpoint
ALTER TABLE `properties` ADD `first_published_at` integer;--> statement-breakpoint
UPDATE `properties` SET `first_published_at` = `created_at` WHERE `is_active` = 1
	OR `id` IN (SELECT `property_id` FROM `contact_messages` WHERE `property_id` IS NOT NULL)
	OR `id` IN (SELECT `property_id` FROM `search_alert_matches`);
