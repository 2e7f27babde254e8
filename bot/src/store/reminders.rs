//! The `reminders` table: which teams were reminded of which round, so each is reminded once.

use super::StoreError;
use crate::clock::Timestamp;
use crate::store::Conn;
use commissaire_engine::Seat;

/// Records a reminder; false when this team was already reminded of this round.
pub async fn mark(
    conn: &mut Conn,
    stage_id: i64,
    round: u32,
    seat: Seat,
    now: Timestamp,
) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "INSERT INTO reminders (stage_id, round, seat, sent_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT DO NOTHING",
    )
    .bind(stage_id)
    .bind(round as i64)
    .bind(seat as i64)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
