ALTER TABLE `faqs` ADD `question_translated_from` text;--> statement-breakpoint
ALTER TABLE `faqs` ADD `answer_translated_from` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `price_translated_from` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `description_translated_from` text;--> statement-breakpoint
ALTER TABLE `text_entries` ADD `translated_from` text;--> statement-breakpoint
-- The Spanish already stored was written against today's English: nothing says otherwise.
UPDATE `faqs` SET `question_translated_from` = `question` WHERE trim(coalesce(`question_spanish`, '')) <> '';--> statement-breakpoint
UPDATE `faqs` SET `answer_translated_from` = `answer` WHERE trim(coalesce(`answer_spanish`, '')) <> '';--> statement-breakpoint
UPDATE `properties` SET `price_translated_from` = `price` WHERE trim(coalesce(`price_spanish`, '')) <> '';--> statement-breakpoint
UPDATE `properties` SET `description_translated_from` = `description` WHERE trim(coalesce(`description_spanish`, '')) <> '';--> statement-breakpoint
UPDATE `text_entries` SET `translated_from` = `english_text` WHERE trim(`spanish_text`) <> '';
