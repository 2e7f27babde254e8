-- How many changes each channel's tours have had, as SQLite's 0011 (see there).

CREATE TABLE channel_changes (
    channel_id TEXT   NOT NULL PRIMARY KEY,
    version    BIGINT NOT NULL
);
