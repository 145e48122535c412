-- ListTables answers from these columns without replaying a table: how many actions every
-- seat has seen (kept by each write; for tables stored before, their stored actions less
-- the private-decision markers, `?…` and `!…`). `store_probe` is the row the server writes to learn
-- whether the store takes writes again after a failure (health).
ALTER TABLE game_tables ADD COLUMN public_actions INTEGER NOT NULL DEFAULT 0;
UPDATE game_tables SET public_actions = (
    SELECT COUNT(*) FROM table_actions a WHERE a.table_id = game_tables.table_id
    AND substr(a.action, 1, 1) NOT IN ('!', char(63)));
CREATE INDEX IF NOT EXISTS game_tables_open ON game_tables (closed, created, table_id);
CREATE TABLE IF NOT EXISTS store_probe (id INTEGER PRIMARY KEY, at TEXT NOT NULL);
INSERT INTO store_probe (id, at) VALUES (1, '');
