-- A seat's token exchanged for a new one (RenewSeatToken) is kept as a digest here, with its
-- seat: a call with it is told the seat's link was opened already (SEAT_TOKEN_RENEWED)
-- rather than that the token is unknown, and every seat's view says whose link was opened.
CREATE TABLE IF NOT EXISTS renewed_tokens (
    table_id TEXT NOT NULL REFERENCES game_tables (table_id),
    seat INTEGER NOT NULL,
    token_sha256 TEXT NOT NULL,
    PRIMARY KEY (table_id, token_sha256));
