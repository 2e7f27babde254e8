-- Indexes for the three ways the bot looks up the outbox while posting (issue 34). Without them
-- each lookup read every row of the table and parsed its JSON body: cheap while the table is
-- small, a whole scan a post once it holds every tour's history. The expressions are exactly the
-- ones `store::outbox` writes in its queries, so that the planner matches them.

-- The latest message of one round's post (`latest_of_post`); also serves the foreign key on
-- `tour_id` when a tour is deleted.
CREATE INDEX outbox_post ON outbox (
    tour_id, json_extract(body, '$.phase.stage'), json_extract(body, '$.phase.phase'), id
);

-- A later edit of the same post (`newer_edit`).
CREATE INDEX outbox_edits ON outbox (json_extract(body, '$.phase.edits'), id);

-- What one channel is still owed before a message (`undelivered_before`).
CREATE INDEX outbox_owed_channel ON outbox (channel_id, id) WHERE delivered_at IS NULL;
