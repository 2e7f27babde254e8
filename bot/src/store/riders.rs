//! The `riders` table: each tour rider between stages (the engine's `TourRider`).

use super::Conn;
use super::StoreError;
use commissaire_engine::Seat;
use commissaire_engine::tour::{RiderKey, TourRider};
use sqlx::Row;

pub async fn insert(conn: &mut Conn, tour_id: i64, rider: &TourRider) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO riders (tour_id, key, seat, start_number, abandoned, attributes) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(tour_id)
    .bind(rider.key.as_str())
    .bind(rider.team as i64)
    .bind(rider.start_number as i64)
    .bind(super::flag(rider.abandoned))
    .bind(serde_json::to_string(&rider.attributes)?)
    .execute(conn)
    .await?;
    Ok(())
}

/// Saves what the ruleset keeps of a rider for the next stage and whether it is still in the race.
pub async fn update(conn: &mut Conn, tour_id: i64, rider: &TourRider) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE riders SET attributes = $1, abandoned = $2 WHERE tour_id = $3 AND key = $4",
    )
    .bind(serde_json::to_string(&rider.attributes)?)
    .bind(super::flag(rider.abandoned))
    .bind(tour_id)
    .bind(rider.key.as_str())
    .execute(conn)
    .await?;
    Ok(())
}

/// The tour's riders in start-number order.
pub async fn list(conn: &mut Conn, tour_id: i64) -> Result<Vec<TourRider>, StoreError> {
    let rows = sqlx::query(
        "SELECT key, seat, start_number, abandoned, attributes FROM riders \
         WHERE tour_id = $1 ORDER BY start_number",
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
                abandoned: super::get_flag(r, "abandoned")?,
                attributes: serde_json::from_str(&r.try_get::<String, _>("attributes")?)?,
            })
        })
        .collect()
}
