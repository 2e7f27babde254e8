-- Where an adapter posted the message that opens each round, so that a director's choice can tick
-- their team off by editing it, after a restart too. Rows go with their tour.

CREATE TABLE turn_posts (
    tour_id    INTEGER NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
    stage      INTEGER NOT NULL,
    round      INTEGER NOT NULL,
    channel_id TEXT    NOT NULL,
    message_id TEXT    NOT NULL,
    PRIMARY KEY (tour_id, stage, round)
);
