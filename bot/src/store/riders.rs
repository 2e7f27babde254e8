//! The `riders` table: each tour rider between stages (the engine's `TourRider`).

use super::StoreError;
use commissaire_engine::Seat;
use commissaire_engine::tour::{RiderKey, TourRider};
use sqlx::{Row, SqliteConnection};

pub async fn insert(
    conn: &mut SqliteConnection,
    tour_id: i64,
    rider: &TourRider,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO riders (tour_id, key, seat, start_number, abandoned, attributes) \
         VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(tour_id)
    .bind(rider.key.as_str())
    .bind(rider.team as i64)
    .bind(rider.start_number as i64)
    .bind(rider.abandoned)
    .bind(serde_json::to_string(&rider.attributes)?)
    .execute(conn)
    .await?;
    Ok(())
}

/// Saves what the ruleset keeps of a rider for the next stage and whether it is still in the race.
pub async fn update(
    conn: &mut SqliteConnection,
    tour_id: i64,
    rider: &TourRider,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE riders SET attributes = ?, abandoned = ? WHERE tour_id = ? AND key = ?")
        .bind(serde_json::to_string(&rider.attributes)?)
        .bind(rider.abandoned)
        .bind(tour_id)
        .bind(rider.key.as_str())
        .execute(conn)
        .await?;
    Ok(())
}

/// The tour's riders in start-number order.
pub async fn list(conn: &mut SqliteConnection, tour_id: i64) -> Result<Vec<TourRider>, StoreError> {
    let rows = sqlx::query(
        "SELECT key, seat, start_number, abandoned, attributes FROM riders \
         WHERE tour_id = ? ORDER BY start_number",
    )
    .bind(tour_id)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(TourRider {
                key: RiderKey::new(r.try_get::<String, _>("key")?),
                team: r.try_get::<i64, _>("seat")? as Seat,
                start_number: r.try_get::<i64, _>("start_number")? as u32,
                abandoned: r.try_get("abandoned")?,
                attributes: serde_json::from_str(&r.try_get::<String, _>("attributes")?)?,
            })
        })
        .collect()
}
