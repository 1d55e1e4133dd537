-- Rate limits (issue 16, decision 033): every limited request upserts its caller's row of
-- rate_limits. Unlogged, such a write needs no WAL flush (measured on PostgreSQL: about a
-- quarter of the time of a logged upsert); after a crash the table starts empty, which only
-- forgets the counts of the current minute.
alter table rate_limits set unlogged;
