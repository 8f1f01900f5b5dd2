CREATE TABLE `import_progress` (
	`owner_id` text NOT NULL,
	`import_id` text NOT NULL,
	`progress` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`owner_id`, `import_id`)
);
--> statement-breakpoint
CREATE INDEX `import_progress_updated_idx` ON `import_progress` (`updated_at`);