-- Who created each table, as a digest of the client's address (server/tables.py,
-- creator_digest): the per-address limit on open tables is counted here, so it holds
-- across a server's processes, its replicas and its restarts. Tables stored before have
-- none and count for nobody.
ALTER TABLE game_tables ADD COLUMN creator TEXT;
CREATE INDEX game_tables_creator ON game_tables (creator, over, closed);
