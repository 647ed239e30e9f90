ALTER TABLE `visit_requests` ADD `meeting_note` text;--> statement-breakpoint
ALTER TABLE `visit_requests` ADD `calendar_sequence` integer DEFAULT 0 NOT NULL;