-- The tables, their seat tokens and their actions (the first schema; IF NOT EXISTS because
-- stores made before migrations were numbered already have it).
CREATE TABLE IF NOT EXISTS game_tables (
    table_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    header TEXT NOT NULL,
    created TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    closed INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seat_tokens (
    table_id TEXT NOT NULL REFERENCES game_tables (table_id),
    seat INTEGER NOT NULL,
    token_sha256 TEXT NOT NULL,
    PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS table_actions (
    table_id TEXT NOT NULL REFERENCES game_tables (table_id),
    idx INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, idx));
CREATE INDEX IF NOT EXISTS game_tables_created ON game_tables (created);
