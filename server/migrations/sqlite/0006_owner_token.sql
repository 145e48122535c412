-- The digest of each table's owner token (CreateTable's owner_token; server/tables.py,
-- token_digest): at a table with several people's seats only that token closes the table,
-- so a friend handed a seat cannot end it for everyone. Tables stored before have none, and
-- any of their people's seat tokens closes them, as it did.
ALTER TABLE game_tables ADD COLUMN owner_sha256 TEXT;
