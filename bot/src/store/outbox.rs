//! The `outbox` table: what a tour's channel is owed. A row is written in the transaction of the
//! change that owes it and marked delivered, with the messages it became, once posted; rows
//! left undelivered by a crash are posted at the next start.

use super::StoreError;
use super::batch::Batch;
use crate::clock::Timestamp;
use crate::store::Conn;
use sqlx::any::AnyRow;

/// A message owed to a channel, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwedRow {
    pub id: i64,
    pub tour_id: i64,
    pub channel_id: String,
    /// The message as the services wrote it (JSON).
    pub body: String,
    pub created_at: Timestamp,
}

/// Records a message owed to the tour's channel; returns its id.
pub async fn owe(
    conn: &mut Conn,
    tour_id: i64,
    channel_id: &str,
    body: &str,
    now: Timestamp,
) -> Result<i64, StoreError> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO outbox (tour_id, channel_id, body, created_at) VALUES ($1, $2, $3, $4) \
         RETURNING id",
    )
    .bind(tour_id)
    .bind(channel_id)
    .bind(body)
    .bind(now)
    .fetch_one(conn)
    .await?;
    Ok(id)
}

/// One owed message, delivered or not.
pub async fn get(conn: &mut Conn, id: i64) -> Result<Option<OwedRow>, StoreError> {
    let row: Option<(i64, i64, String, String, i64)> = sqlx::query_as(
        "SELECT id, tour_id, channel_id, body, created_at FROM outbox WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(owed_row))
}

/// `latest_of_post`'s query: served by the index `outbox_post` (migration 0012).
fn latest_of_post_sql(conn: &Conn) -> String {
    format!(
        "SELECT id, tour_id, channel_id, body, created_at FROM outbox WHERE tour_id = $1 \
         AND {} = $2 AND {} = $3 ORDER BY id DESC LIMIT 1",
        super::json_int(conn, "body", &["phase", "stage"]),
        super::json_int(conn, "body", &["phase", "phase"]),
    )
}

/// `newer_edit`'s query: served by the index `outbox_edits`.
fn newer_edit_sql(conn: &Conn) -> String {
    format!(
        "SELECT id FROM outbox WHERE id > $1 AND {} = $2 LIMIT 1",
        super::json_int(conn, "body", &["phase", "edits"]),
    )
}

/// `undelivered_before`'s query: served by the index `outbox_owed_channel`.
const UNDELIVERED_BEFORE: &str = "SELECT id, tour_id, channel_id, body, created_at FROM outbox \
     WHERE delivered_at IS NULL AND channel_id = $1 AND id < $2 ORDER BY id";

/// The outbox's lookups that run before every post, as `conn`'s backend reads them: (the index
/// that serves it, its query, its parameters: `true` for a text, `false` for an integer). Each
/// used to read the whole table, parsing every row's JSON; a test reads their plans, so that a
/// query and its index cannot drift apart.
pub fn indexed_lookups(conn: &Conn) -> [(&'static str, String, &'static [bool]); 3] {
    [
        (
            "outbox_post",
            latest_of_post_sql(conn),
            &[false, false, false],
        ),
        ("outbox_edits", newer_edit_sql(conn), &[false, false]),
        (
            "outbox_owed_channel",
            UNDELIVERED_BEFORE.to_string(),
            &[true, false],
        ),
    ]
}

/// The latest owed message of one turn's post of a tour (`$.phase` of its body: the stage and
/// the turn), delivered or not: the one the turn's next news continues.
pub async fn latest_of_post(
    conn: &mut Conn,
    tour_id: i64,
    stage: u32,
    unit: u32,
) -> Result<Option<OwedRow>, StoreError> {
    let sql = latest_of_post_sql(conn);
    let row: Option<(i64, i64, String, String, i64)> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(tour_id)
        .bind(stage as i64)
        .bind(unit as i64)
        .fetch_optional(conn)
        .await?;
    Ok(row.map(owed_row))
}

/// Whether a message is delivered.
pub async fn is_delivered(conn: &mut Conn, id: i64) -> Result<bool, StoreError> {
    let row: Option<(Option<i64>,)> =
        sqlx::query_as("SELECT delivered_at FROM outbox WHERE id = $1")
            .bind(id)
            .fetch_optional(conn)
            .await?;
    Ok(matches!(row, Some((Some(_),))))
}

/// Whether a message later than `id` edits the post of row `anchor` too: its text holds all of
/// `id`'s news and more, so `id` need not be shown at all.
pub async fn newer_edit(conn: &mut Conn, anchor: i64, id: i64) -> Result<bool, StoreError> {
    let sql = newer_edit_sql(conn);
    let found: Option<(i64,)> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(anchor)
        .fetch_optional(conn)
        .await?;
    Ok(found.is_some())
}

/// Every message not yet delivered, oldest first (so a channel reads them in order).
pub async fn undelivered(conn: &mut Conn) -> Result<Vec<OwedRow>, StoreError> {
    let rows: Vec<(i64, i64, String, String, i64)> = sqlx::query_as(
        "SELECT id, tour_id, channel_id, body, created_at FROM outbox \
         WHERE delivered_at IS NULL ORDER BY id",
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(owed_row).collect())
}

/// The messages a channel is still owed from before row `before`, oldest first.
pub async fn undelivered_before(
    conn: &mut Conn,
    channel_id: &str,
    before: i64,
) -> Result<Vec<OwedRow>, StoreError> {
    let rows: Vec<(i64, i64, String, String, i64)> = sqlx::query_as(UNDELIVERED_BEFORE)
        .bind(channel_id)
        .bind(before)
        .fetch_all(conn)
        .await?;
    Ok(rows.into_iter().map(owed_row).collect())
}

/// Marks row `id` delivered at `now`, with the channel messages it became, unless it was
/// marked first. For [`super::Store::write`]: the statement returns the row's id if it marked
/// it (see [`delivered_by`]).
pub fn delivered(writes: &mut Batch, id: i64, message_ids: &str, now: Timestamp) {
    writes.push(
        "UPDATE outbox SET delivered_at = $1, message_ids = $2 WHERE id = $3 \
         AND delivered_at IS NULL RETURNING id",
        vec![now.into(), message_ids.into(), id.into()],
    );
}

/// Whether the statement of [`delivered`] marked its row, from its rows.
pub fn delivered_by(rows: &[AnyRow]) -> bool {
    !rows.is_empty()
}

/// The channel messages an owed message became, once delivered.
pub async fn message_ids(conn: &mut Conn, id: i64) -> Result<Option<Vec<String>>, StoreError> {
    let row: Option<(Option<String>,)> =
        sqlx::query_as("SELECT message_ids FROM outbox WHERE id = $1")
            .bind(id)
            .fetch_optional(conn)
            .await?;
    Ok(row.and_then(|(ids,)| ids).map(|ids| {
        ids.split(',')
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    }))
}

fn owed_row(
    (id, tour_id, channel_id, body, created_at): (i64, i64, String, String, i64),
) -> OwedRow {
    OwedRow {
        id,
        tour_id,
        channel_id,
        body,
        created_at,
    }
}

/// What a claim on an owed row found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// The row is this process's to post until the lease runs out.
    Ours,
    /// Posted already.
    Delivered,
    /// Another process claimed it and its lease still runs.
    Elsewhere,
}

/// The claim of [`claim`], one text for both backends.
macro_rules! claim_update {
    () => {
        "UPDATE outbox SET claimed_by = $1, claimed_until = $2 WHERE id = $3 \
         AND delivered_at IS NULL \
         AND (claimed_by IS NULL OR claimed_by = $1 OR claimed_until <= $4) \
         RETURNING id"
    };
}

/// Claims row `id` for `worker` until `until`: it must be undelivered and unclaimed, or claimed
/// by `worker` itself (before a restart, or a retry), or claimed by a lease that ran out. For
/// [`super::Store::write`]; [`claimed`] reads what it found.
///
/// On SQLite, two statements, which the store sends in one round trip: the claim, then whether
/// the row was delivered. On PostgreSQL, one statement, committed alone: there the two took a
/// transaction, four round trips (`BEGIN`, two statements, `COMMIT`), for every post (issue
/// 34). Why one statement answers as the two did: whether the row was delivered is read with
/// the statement's snapshot, taken before the `UPDATE` waited for any process posting the row.
/// Should that process have marked it delivered meanwhile, the `UPDATE` claims nothing (it
/// looks at the row again once the lock is free) and the row reads undelivered: the claim
/// says another process has it ([`Claim::Elsewhere`]), whose caller waits until the row reads
/// delivered, which it does at once. The other way round cannot happen: a row the snapshot
/// saw delivered stays delivered, so the `UPDATE` claims nothing.
pub fn claim(
    writes: &mut Batch,
    backend: super::Backend,
    id: i64,
    worker: &str,
    now: Timestamp,
    until: Timestamp,
) {
    let values = || vec![worker.into(), until.into(), id.into(), now.into()];
    match backend {
        super::Backend::Postgres => writes.push(
            concat!(
                "WITH claimed AS (",
                claim_update!(),
                ") SELECT (SELECT COUNT(*) FROM claimed), \
                 (SELECT COUNT(*) FROM outbox WHERE id = $3 AND delivered_at IS NOT NULL)"
            ),
            values(),
        ),
        super::Backend::Sqlite => {
            writes.push(claim_update!(), values());
            // After the claim: a row it claimed is undelivered, so this finds nothing then.
            writes.push(
                "SELECT id FROM outbox WHERE id = $1 AND delivered_at IS NOT NULL",
                vec![id.into()],
            );
        }
    }
}

/// What the statements of [`claim`] found, from their rows.
pub fn claimed(each: &[Vec<AnyRow>]) -> Result<Claim, StoreError> {
    match each {
        // PostgreSQL's one statement: how many rows it claimed, and how many it read delivered.
        [one] => {
            let row = one
                .first()
                .ok_or_else(|| StoreError::Corrupt("a claim returned no row".into()))?;
            let ours: i64 = sqlx::Row::try_get(row, 0)?;
            let delivered: i64 = sqlx::Row::try_get(row, 1)?;
            Ok(match (ours, delivered) {
                (1.., _) => Claim::Ours,
                (_, 1..) => Claim::Delivered,
                _ => Claim::Elsewhere,
            })
        }
        [ours, _] if !ours.is_empty() => Ok(Claim::Ours),
        [_, delivered] if !delivered.is_empty() => Ok(Claim::Delivered),
        [_, _] => Ok(Claim::Elsewhere),
        _ => Err(StoreError::Corrupt(format!(
            "a claim gave {} results, not 1 or 2",
            each.len()
        ))),
    }
}

/// Claims for `worker`, until `until`, up to `limit` undelivered rows nobody is posting: never
/// claimed and owed since `unclaimed_since` or earlier (the process that owed a row claims it
/// at once, so one left unclaimed that long lost its process), or claimed by a lease that ran
/// out. Oldest first. On PostgreSQL the rows are picked `FOR UPDATE SKIP LOCKED`, so processes
/// sweeping at once share them out instead of waiting for each other.
pub async fn claim_abandoned(
    conn: &mut Conn,
    worker: &str,
    now: Timestamp,
    unclaimed_since: Timestamp,
    until: Timestamp,
    limit: i64,
) -> Result<Vec<OwedRow>, StoreError> {
    let lock = match super::Backend::of(conn) {
        super::Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        super::Backend::Sqlite => "",
    };
    let sql = format!(
        "SELECT id, tour_id, channel_id, body, created_at FROM outbox \
         WHERE delivered_at IS NULL \
         AND ((claimed_by IS NULL AND created_at <= $1) OR claimed_until <= $2) \
         ORDER BY id LIMIT $3{lock}"
    );
    let rows: Vec<(i64, i64, String, String, i64)> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(unclaimed_since)
        .bind(now)
        .bind(limit)
        .fetch_all(&mut *conn)
        .await?;
    for row in &rows {
        sqlx::query("UPDATE outbox SET claimed_by = $1, claimed_until = $2 WHERE id = $3")
            .bind(worker)
            .bind(until)
            .bind(row.0)
            .execute(&mut *conn)
            .await?;
    }
    Ok(rows.into_iter().map(owed_row).collect())
}
