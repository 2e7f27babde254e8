-- How many changes each channel's tours have had (issue 34): every write transaction that takes
-- a channel's lock adds one, in that transaction. A choice reads its tour on a reader before it
-- opens its write transaction, and then checks in one statement that the count moved by its own
-- change only, so that nothing another process wrote meanwhile is overwritten or counted twice.

CREATE TABLE channel_changes (
    channel_id TEXT    NOT NULL PRIMARY KEY,
    version    INTEGER NOT NULL
);
