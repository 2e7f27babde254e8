-- Tours of a Discord channel, with everything needed to rebuild them after a restart.
-- A stage's state is never stored: it is the replay of its setup (course, teams, the riders as
-- they started it), its seed and its choices, in order (design.md).

CREATE TABLE tours (
    id                 INTEGER PRIMARY KEY,
    channel_id         TEXT    NOT NULL,
    preset             TEXT    NOT NULL,
    -- u64 seeds are stored as the i64 with the same bits.
    seed               INTEGER NOT NULL,
    seats              INTEGER NOT NULL CHECK (seats BETWEEN 1 AND 8),
    turn_deadline_secs INTEGER NOT NULL CHECK (turn_deadline_secs > 0),
    status             TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'paused', 'finished')),
    -- 0 in the lobby, then the number of the stage being raced (or the last one, once finished).
    current_stage      INTEGER NOT NULL DEFAULT 0,
    created_by         TEXT    NOT NULL,
    created_at         INTEGER NOT NULL,
    finished_at        INTEGER
);

-- One tour at a time per channel; finished tours stay for their history.
CREATE UNIQUE INDEX tours_one_active_per_channel ON tours (channel_id) WHERE status <> 'finished';

CREATE TABLE teams (
    id       INTEGER PRIMARY KEY,
    tour_id  INTEGER NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
    -- NULL in the lobby; the team's seat in every stage once the tour starts.
    seat     INTEGER,
    name     TEXT    NOT NULL,
    colour   TEXT    NOT NULL,
    -- The Discord user who directs the team; NULL when a bot rides it.
    director TEXT,
    UNIQUE (tour_id, seat),
    UNIQUE (tour_id, name COLLATE NOCASE)
);

CREATE UNIQUE INDEX teams_one_per_director ON teams (tour_id, director) WHERE director IS NOT NULL;

-- The tour's riders between stages (engine `TourRider`).
CREATE TABLE riders (
    tour_id            INTEGER NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
    key                TEXT    NOT NULL,
    seat               INTEGER NOT NULL,
    kind               TEXT    NOT NULL,
    start_number       INTEGER NOT NULL,
    carried_exhaustion INTEGER NOT NULL DEFAULT 0,
    abandoned          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tour_id, key),
    UNIQUE (tour_id, start_number)
);

CREATE TABLE stages (
    id       INTEGER PRIMARY KEY,
    tour_id  INTEGER NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
    number   INTEGER NOT NULL CHECK (number >= 1),
    course   TEXT    NOT NULL,
    kind     TEXT    NOT NULL,
    seed     INTEGER NOT NULL,
    -- JSON: the riders who started the stage, in grid order, as they were at its start. With the
    -- course and the team names this rebuilds the stage setup exactly.
    starters TEXT    NOT NULL,
    status   TEXT    NOT NULL CHECK (status IN ('running', 'finished')),
    -- The round being played; a round opens when the previous one resolves.
    round    INTEGER NOT NULL DEFAULT 1,
    -- When the current round closes (Unix seconds); NULL while the tour is paused.
    deadline INTEGER,
    UNIQUE (tour_id, number)
);

-- Every choice accepted, in the order the engine applied it.
CREATE TABLE choices (
    stage_id   INTEGER NOT NULL REFERENCES stages (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    round      INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    -- JSON of the engine's `Choice`.
    choice     TEXT    NOT NULL,
    -- player: sent by the team's director; bot: a bot's seat; timeout: played for a late player.
    source     TEXT    NOT NULL CHECK (source IN ('player', 'bot', 'timeout')),
    user_id    TEXT,
    -- The id of the request (Discord interaction) that carried it: a request sent twice counts once.
    request_id TEXT UNIQUE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (stage_id, seq)
);

-- What the engine said happened, in order, each tied to the choice that caused it.
CREATE TABLE events (
    stage_id   INTEGER NOT NULL REFERENCES stages (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    choice_seq INTEGER NOT NULL,
    -- JSON of the engine's `Event`.
    event      TEXT    NOT NULL,
    PRIMARY KEY (stage_id, seq),
    FOREIGN KEY (stage_id, choice_seq) REFERENCES choices (stage_id, seq) ON DELETE CASCADE
);

-- Finished stages as the classifications read them (JSON of `StageResult`).
CREATE TABLE stage_results (
    tour_id INTEGER NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
    number  INTEGER NOT NULL,
    result  TEXT    NOT NULL,
    PRIMARY KEY (tour_id, number)
);

-- Reminders sent before a deadline: one per team per round, even across restarts.
CREATE TABLE reminders (
    stage_id INTEGER NOT NULL REFERENCES stages (id) ON DELETE CASCADE,
    round    INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    sent_at  INTEGER NOT NULL,
    PRIMARY KEY (stage_id, round, seat)
);
