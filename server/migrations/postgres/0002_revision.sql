-- Several servers on one store: every write to a table bumps its revision, and a write
-- names the revision it was decided on (optimistic concurrency); the actions waiting for
-- another seat's private decision (`queued`, JSON seat -> action) are stored too.
ALTER TABLE game_tables ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
ALTER TABLE game_tables ADD COLUMN queued TEXT NOT NULL DEFAULT '{}';
