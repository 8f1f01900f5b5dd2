-- The journals screen shows how many journals there are on every view; count(*) reads every entry of an index,
-- 12 ms at two million journals. The count is kept here by the triggers below, the only writers, in the
-- statement that inserts (or, were it ever allowed, deletes) a journal.
CREATE TABLE `table_row_counts` (
	`table_name` text PRIMARY KEY NOT NULL,
	`row_count` integer NOT NULL
);
--> statement-breakpoint
-- the journals already posted, counted once (data migration)
INSERT INTO `table_row_counts` (`table_name`, `row_count`) SELECT 'journals', count(*) FROM `journals`;--> statement-breakpoint
CREATE TRIGGER `journals_row_count_insert` AFTER INSERT ON `journals` BEGIN
	UPDATE `table_row_counts` SET `row_count` = `row_count` + 1 WHERE `table_name` = 'journals';
END;--> statement-breakpoint
-- journals_never_deleted refuses a delete first; should a migration ever drop it, the count still holds
CREATE TRIGGER `journals_row_count_delete` AFTER DELETE ON `journals` BEGIN
	UPDATE `table_row_counts` SET `row_count` = `row_count` - 1 WHERE `table_name` = 'journals';
END;
