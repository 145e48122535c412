-- The tables, their seat tokens and their actions: the SQLite store's first schema.
CREATE TABLE game_tables (
    table_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    header TEXT NOT NULL,
    created TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    closed INTEGER NOT NULL DEFAULT 0);
CREATE TABLE seat_tokens (
    table_id TEXT NOT NULL REFERENCES game_tables (table_id),
    seat INTEGER NOT NULL,
    token_sha256 TEXT NOT NULL,
    PRIMARY KEY (table_id, seat));
CREATE TABLE table_actions (
    table_id TEXT NOT NULL REFERENCES game_tables (table_id),
    idx INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, idx));
CREATE INDEX game_tables_created ON game_tables (created);
