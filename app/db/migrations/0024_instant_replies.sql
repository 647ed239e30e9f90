CREATE TABLE `instant_replies` (
	`mailbox` text NOT NULL,
	`home_id` integer NOT NULL,
	`day` text NOT NULL,
	`queued_at` integer NOT NULL,
	PRIMARY KEY(`mailbox`, `home_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `instant_replies_day_idx` ON `instant_replies` (`day`);