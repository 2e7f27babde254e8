-- The outbox's lookups indexed, as SQLite's 0012 (see there). The expressions are the ones
-- `store::json_int` writes for PostgreSQL.

CREATE INDEX outbox_post ON outbox (
    tour_id,
    (((body)::jsonb #>> '{phase,stage}')::bigint),
    (((body)::jsonb #>> '{phase,phase}')::bigint),
    id
);

CREATE INDEX outbox_edits ON outbox ((((body)::jsonb #>> '{phase,edits}')::bigint), id);

CREATE INDEX outbox_owed_channel ON outbox (channel_id, id) WHERE delivered_at IS NULL;
