-- Several processes may deliver what the channels are owed (issue 34). A process claims a row
-- before it posts it, for a while (a lease): another process leaves a claimed row alone until
-- the claim runs out, then takes it over, so a row whose process died is still posted, once.
-- `claimed_by` names the process (its shard range, stable across its restarts), so a process
-- that comes back takes its own claims at once.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until INTEGER;
