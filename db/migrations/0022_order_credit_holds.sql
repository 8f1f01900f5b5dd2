ALTER TABLE `orders` ADD `hold_reason` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `hold_released_at` integer;