-- Each account's journal lines summed per day. A year's P&L, balance sheet or trial balance summed every line
-- of the year (about half a million at 100,000 orders, five million at 1,000,000); from this table it reads one
-- row per account and day. The trigger below is the only writer, so the totals are written by the statement
-- that inserts the line, in its transaction, and journal lines are never edited or deleted (0012's triggers).
CREATE TABLE `ledger_day_totals` (
	`ledger_account_id` integer NOT NULL,
	`date` text NOT NULL,
	`debits` integer NOT NULL,
	`credits` integer NOT NULL,
	`line_count` integer NOT NULL,
	PRIMARY KEY(`ledger_account_id`, `date`),
	FOREIGN KEY (`ledger_account_id`) REFERENCES `ledger_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- a period's sums read this index alone: the days in range, each account's two sides
CREATE INDEX `ledger_day_totals_date_idx` ON `ledger_day_totals` (`date`,`ledger_account_id`,`debits`,`credits`);--> statement-breakpoint
-- the lines already written, summed once (data migration: every existing line counted exactly once)
INSERT INTO `ledger_day_totals` (`ledger_account_id`, `date`, `debits`, `credits`, `line_count`)
SELECT `ledger_account_id`, `date`,
       coalesce(sum(CASE WHEN `amount` > 0 THEN `amount` END), 0),
       coalesce(sum(CASE WHEN `amount` < 0 THEN -`amount` END), 0),
       count(*)
FROM `journal_lines` GROUP BY `ledger_account_id`, `date`;--> statement-breakpoint
-- every line added from now on, in the inserting statement itself
CREATE TRIGGER `journal_lines_day_totals` AFTER INSERT ON `journal_lines` BEGIN
	INSERT INTO `ledger_day_totals` (`ledger_account_id`, `date`, `debits`, `credits`, `line_count`)
	VALUES (NEW.`ledger_account_id`, NEW.`date`, max(NEW.`amount`, 0), max(-NEW.`amount`, 0), 1)
	ON CONFLICT (`ledger_account_id`, `date`) DO UPDATE SET
		`debits` = `debits` + excluded.`debits`,
		`credits` = `credits` + excluded.`credits`,
		`line_count` = `line_count` + 1;
END;--> statement-breakpoint
-- the totals are the lines' own: like the lines, they are never edited or deleted by hand
CREATE TRIGGER `ledger_day_totals_never_deleted` BEFORE DELETE ON `ledger_day_totals` BEGIN SELECT RAISE(ABORT, 'day totals follow the journal lines: post a reversing journal'); END;
