-- What each tour's channel is owed: a public message recorded in the same transaction as the
-- change that owes it (a round closed, a stage finished), posted after the commit and marked
-- delivered with where it went. A row still undelivered at start-up is posted then; its parts
-- carry a nonce derived from the row id, so a post that reached Discord before a crash is not
-- doubled (see the README, "What the channel is owed").

CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    tour_id      INTEGER NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
    channel_id   TEXT    NOT NULL,
    -- The message as JSON: its text, buttons, the round's card and the pictures to draw (what
    -- to draw, not the PNGs: they are drawn after the commit).
    body         TEXT    NOT NULL,
    created_at   INTEGER NOT NULL,
    delivered_at INTEGER,
    -- The ids of the channel messages it became, comma-separated, once delivered.
    message_ids  TEXT
);

CREATE INDEX outbox_owed ON outbox (id) WHERE delivered_at IS NULL;
