//! The `stage_results` table: finished stages as the classifications read them.

use super::Conn;
use super::StoreError;
use commissaire_engine::tour::StageResult;
use sqlx::Row;

pub async fn insert(conn: &mut Conn, tour_id: i64, result: &StageResult) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO stage_results (tour_id, number, result) VALUES ($1, $2, $3)")
        .bind(tour_id)
        .bind(result.number as i64)
        .bind(serde_json::to_string(result)?)
        .execute(conn)
        .await?;
    Ok(())
}

/// The tour's results in stage order, as `standings` wants them.
pub async fn list(conn: &mut Conn, tour_id: i64) -> Result<Vec<StageResult>, StoreError> {
    let rows = sqlx::query("SELECT result FROM stage_results WHERE tour_id = $1 ORDER BY number")
        .bind(tour_id)
        .fetch_all(conn)
        .await?;
    rows.iter()
        .map(|r| Ok(serde_json::from_str(&r.try_get::<String, _>("result")?)?))
        .collect()
}
