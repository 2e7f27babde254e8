-- The one status message of each tour, as SQLite's 0010 (see there).

CREATE TABLE status_posts (
    tour_id    BIGINT PRIMARY KEY REFERENCES tours (id) ON DELETE CASCADE,
    channel_id TEXT   NOT NULL,
    message_id TEXT   NOT NULL,
    shown      TEXT   NOT NULL DEFAULT ''
);
