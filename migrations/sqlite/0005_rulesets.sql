-- Five games, one bot: a tour names the ruleset it plays and the options it was created with
-- (a later edit of its preset never changes the rules of a tour under way); a rider keeps what
-- its ruleset says of it as the ruleset's JSON. Choices and events already hold the card race's
-- JSON, which is that ruleset's own notation: they stay as they are.

-- Every tour written before this release rode the card race under house rules B.
ALTER TABLE tours ADD COLUMN ruleset TEXT NOT NULL DEFAULT 'card-race';
ALTER TABLE tours ADD COLUMN options TEXT NOT NULL DEFAULT '{"profiles":"house-b"}';
-- How long one director has for a decision that only they owe (a game of turns); NULL: the
-- round's deadline applies to every decision.
ALTER TABLE tours ADD COLUMN decision_deadline_secs INTEGER CHECK (decision_deadline_secs > 0);

-- A director may hand the team to the bot until they take it back.
ALTER TABLE teams ADD COLUMN autopilot INTEGER NOT NULL DEFAULT 0;

ALTER TABLE riders ADD COLUMN attributes TEXT NOT NULL DEFAULT 'null';
UPDATE riders SET attributes = json_object('kind', kind, 'carried_exhaustion', carried_exhaustion);
ALTER TABLE riders DROP COLUMN kind;
ALTER TABLE riders DROP COLUMN carried_exhaustion;

-- A stage's starters are tour riders as they began it: the same change, inside the JSON.
UPDATE stages SET starters = (
    SELECT json_group_array(json(rider)) FROM (
        SELECT json_object(
            'key', json_extract(s.value, '$.key'),
            'team', json_extract(s.value, '$.team'),
            'start_number', json_extract(s.value, '$.start_number'),
            'abandoned', json(CASE WHEN json_extract(s.value, '$.abandoned') THEN 'true' ELSE 'false' END),
            'attributes', json_object(
                'kind', json_extract(s.value, '$.kind'),
                'carried_exhaustion', json_extract(s.value, '$.carried_exhaustion')
            )
        ) AS rider
        FROM json_each(stages.starters) AS s
        ORDER BY s.key
    )
);
