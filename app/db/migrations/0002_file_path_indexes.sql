CREATE INDEX `media_file_path_idx` ON `media` (`file_path`);--> statement-breakpoint
CREATE INDEX `properties_image_url_idx` ON `properties` (`image_url`);