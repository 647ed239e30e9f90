ALTER TABLE `media` ADD `position` integer;--> statement-breakpoint
-- Today's order, made explicit: each home's linked media numbered by when they were added
-- (UPDATE ... FROM joins the numbering once, whatever the number of media).
UPDATE `media` SET `position` = `ranked`.`place`
FROM (
  SELECT `id`, row_number() OVER (PARTITION BY `property_id` ORDER BY `created_at`, `id`) AS `place`
  FROM `media` WHERE `property_id` IS NOT NULL
) AS `ranked`
WHERE `ranked`.`id` = `media`.`id`;
