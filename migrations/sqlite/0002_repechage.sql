-- Repêchage votes (VM-085, ruling A-48): the directeurs sportifs of a tour decide together
-- whether a rider who abandoned comes back at the start of the next stage. Everything the vote
-- needs is here, so a restart neither loses an open vote nor announces a result twice.

CREATE TABLE votes (
    id            INTEGER PRIMARY KEY,
    tour_id       INTEGER NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
    -- The rider proposed (riders.key).
    rider         TEXT    NOT NULL,
    -- The stage the rider left: the one this repêchage is about (one repêchage a stage).
    stage         INTEGER NOT NULL CHECK (stage >= 1),
    -- The user who proposed it (an admin).
    proposer      TEXT    NOT NULL,
    opened_at     INTEGER NOT NULL,
    -- The deadline (Unix seconds); the vote closes earlier once every directeur has voted.
    closes_at     INTEGER NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'open'
                  CHECK (status IN ('open', 'passed', 'failed', 'cancelled')),
    closed_at     INTEGER,
    -- The count as announced, the stage winner's extra vote included.
    yes_votes     INTEGER,
    no_votes      INTEGER,
    -- How the stage winner's directeur cast the extra vote, when it broke a tie.
    extra_vote    INTEGER CHECK (extra_vote IN (0, 1)),
    -- A passed vote: the stage the rider starts again, the next to begin after the vote closed.
    rejoins_stage INTEGER,
    -- The sentence that announced the result, repeated to whoever votes after the close.
    outcome       TEXT,
    FOREIGN KEY (tour_id, rider) REFERENCES riders (tour_id, key) ON DELETE CASCADE
);

-- One vote open at a time per tour.
CREATE UNIQUE INDEX votes_one_open_per_tour ON votes (tour_id) WHERE status = 'open';

-- The scheduler's work list.
CREATE INDEX votes_open_by_deadline ON votes (closes_at) WHERE status = 'open';

-- One ballot per directeur and vote: a directeur who changes their mind replaces their ballot,
-- so the last one counts.
CREATE TABLE ballots (
    vote_id  INTEGER NOT NULL REFERENCES votes (id) ON DELETE CASCADE,
    director TEXT    NOT NULL,
    yes      INTEGER NOT NULL CHECK (yes IN (0, 1)),
    cast_at  INTEGER NOT NULL,
    PRIMARY KEY (vote_id, director)
);
