-- The one status message of each tour, pinned in its channel and edited in place as the tour
-- moves (issue 36): where it is, and the text it shows now, so that an edit is made only when
-- the text changes. Rows go with their tour.

CREATE TABLE status_posts (
    tour_id    INTEGER PRIMARY KEY REFERENCES tours (id) ON DELETE CASCADE,
    channel_id TEXT    NOT NULL,
    message_id TEXT    NOT NULL,
    shown      TEXT    NOT NULL DEFAULT ''
);
