ALTER TABLE `properties` ADD `status` text DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE `properties` ADD `available_on` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `listing_type` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `deposit_amount` integer;--> statement-breakpoint
ALTER TABLE `properties` ADD `application_fee` integer;--> statement-breakpoint
ALTER TABLE `properties` ADD `lot_rent_monthly` integer;--> statement-breakpoint
ALTER TABLE `properties` ADD `lot_rent_includes` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `lot_rent_includes_spanish` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `other_monthly_fees` integer;--> statement-breakpoint
ALTER TABLE `properties` ADD `other_monthly_fees_note` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `other_monthly_fees_note_spanish` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `utilities_included` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `properties` ADD `square_feet` integer;--> statement-breakpoint
ALTER TABLE `properties` ADD `home_type` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `year_built` integer;--> statement-breakpoint
ALTER TABLE `properties` ADD `make` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `model` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `pets` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `pets_note` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `pets_note_spanish` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `community` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `senior_community` integer;--> statement-breakpoint
ALTER TABLE `properties` ADD `street_address` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `street_address_public` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `properties` ADD `tour_url` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `lot_rent_includes_translated_from` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `other_monthly_fees_note_translated_from` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `pets_note_translated_from` text;--> statement-breakpoint
CREATE INDEX `properties_active_type_idx` ON `properties` (`is_active`,`home_type`);--> statement-breakpoint
-- Today's homes read their facts from what the site already knows: shown homes are
-- available and the rest off the market; the price reading names rent or sale; a square
-- footage written as a number ("1,216", or "1200-1400" where the range starts) is one.
UPDATE `properties` SET
	`status` = CASE WHEN `is_active` THEN 'available' ELSE 'off_market' END,
	`listing_type` = `price_kind`,
	`square_feet` = CASE
		WHEN replace(trim(`sqft`), ',', '') GLOB '[0-9]*' AND CAST(replace(trim(`sqft`), ',', '') AS integer) BETWEEN 1 AND 100000
		THEN CAST(replace(trim(`sqft`), ',', '') AS integer)
	END;
--> statement-breakpoint
-- is_active is "the status is public". The app writes both; a row written by other means
-- (a script, an older tool setting is_active alone) is kept true to that rule here: on an
-- insert or an is_active change the status follows is_active, on a status change
-- is_active follows the status.
CREATE TRIGGER `properties_status_follows_insert` AFTER INSERT ON `properties`
WHEN NEW.`is_active` <> (NEW.`status` IN ('available', 'coming_soon', 'pending'))
BEGIN
	UPDATE `properties` SET `status` = CASE WHEN NEW.`is_active` THEN 'available' ELSE 'off_market' END WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `properties_status_follows_is_active` AFTER UPDATE OF `is_active` ON `properties`
WHEN NEW.`is_active` <> (NEW.`status` IN ('available', 'coming_soon', 'pending'))
BEGIN
	UPDATE `properties` SET `status` = CASE WHEN NEW.`is_active` THEN 'available' ELSE 'off_market' END WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `properties_is_active_follows_status` AFTER UPDATE OF `status` ON `properties`
WHEN NEW.`is_active` <> (NEW.`status` IN ('available', 'coming_soon', 'pending'))
BEGIN
	UPDATE `properties` SET `is_active` = (NEW.`status` IN ('available', 'coming_soon', 'pending')) WHERE `id` = NEW.`id`;
END;
