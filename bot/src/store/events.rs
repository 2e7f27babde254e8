//! The `events` table: what the engine said happened, kept for narration and audit.

use super::Conn;
use super::StoreError;
use super::batch::{Batch, Bound};
use serde_json::Value;
use sqlx::Row;

/// Rows one `INSERT` carries at most: 4 parameters a row, far under the 32,766 SQLite takes
/// and PostgreSQL's 65,535.
const ROWS_A_STATEMENT: usize = 100;

/// Appends the events one choice caused. `first_seq` is the stage's event count before them.
///
/// One statement for up to [`ROWS_A_STATEMENT`] events rather than one an event: a round's
/// last choice moves every rider, and each statement is a round trip to the connection while
/// the tour's write transaction is held (docs/speed.md, issue 34).
pub async fn append(
    conn: &mut Conn,
    stage_id: i64,
    first_seq: u32,
    choice_seq: u32,
    events: &[Value],
) -> Result<(), StoreError> {
    let mut batch = Batch::new();
    append_later(&mut batch, stage_id, first_seq, choice_seq, events)?;
    batch.run(conn).await
}

/// As [`append`], queued in `batch` to be sent with the transaction's other writes.
pub fn append_later(
    batch: &mut Batch,
    stage_id: i64,
    first_seq: u32,
    choice_seq: u32,
    events: &[Value],
) -> Result<(), StoreError> {
    for (chunk_at, chunk) in events.chunks(ROWS_A_STATEMENT).enumerate() {
        let rows: Vec<String> = (0..chunk.len())
            .map(|i| {
                let p = 4 * i;
                format!("(${}, ${}, ${}, ${})", p + 1, p + 2, p + 3, p + 4)
            })
            .collect();
        let sql = format!(
            "INSERT INTO events (stage_id, seq, choice_seq, event) VALUES {}",
            rows.join(", ")
        );
        let mut values: Vec<Bound> = Vec::with_capacity(4 * chunk.len());
        for (i, event) in chunk.iter().enumerate() {
            let seq = first_seq as i64 + (chunk_at * ROWS_A_STATEMENT + i) as i64;
            values.push(stage_id.into());
            values.push(seq.into());
            values.push((choice_seq as i64).into());
            values.push(serde_json::to_string(event)?.into());
        }
        batch.push(sql, values);
    }
    Ok(())
}

pub async fn count(conn: &mut Conn, stage_id: i64) -> Result<u32, StoreError> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM events WHERE stage_id = $1")
        .bind(stage_id)
        .fetch_one(conn)
        .await?;
    Ok(n as u32)
}

/// The stage's events in order, as the ruleset's JSON.
pub async fn list(conn: &mut Conn, stage_id: i64) -> Result<Vec<Value>, StoreError> {
    let rows = sqlx::query("SELECT event FROM events WHERE stage_id = $1 ORDER BY seq")
        .bind(stage_id)
        .fetch_all(conn)
        .await?;
    rows.iter()
        .map(|r| Ok(serde_json::from_str(&r.try_get::<String, _>("event")?)?))
        .collect()
}

/// The choice whose events first held one of `kind` (the events' `kind` field), if any.
pub async fn first_choice_with(
    conn: &mut Conn,
    stage_id: i64,
    kind: &str,
) -> Result<Option<u32>, StoreError> {
    let sql = format!(
        "SELECT choice_seq FROM events WHERE stage_id = $1 AND {} = $2 ORDER BY seq LIMIT 1",
        super::json_text(conn, "event", &["kind"]),
    );
    let seq: Option<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(stage_id)
        .bind(kind)
        .fetch_optional(conn)
        .await?;
    Ok(seq.map(|s| s as u32))
}
