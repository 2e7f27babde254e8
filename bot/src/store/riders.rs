//! The `riders` table: each tour rider between stages (the engine's `TourRider`).

use super::StoreError;
use commissaire_engine::Seat;
use commissaire_engine::card_race::RiderKind;
use commissaire_engine::tour::{RiderKey, TourRider};
use sqlx::{Row, SqliteConnection};

fn kind_to_sql(kind: RiderKind) -> Result<String, StoreError> {
    match serde_json::to_value(kind)? {
        serde_json::Value::String(s) => Ok(s),
        other => Err(StoreError::Corrupt(format!("rider kind as {other}"))),
    }
}

fn kind_from_sql(kind: String) -> Result<RiderKind, StoreError> {
    Ok(serde_json::from_value(serde_json::Value::String(kind))?)
}

pub async fn insert(
    conn: &mut SqliteConnection,
    tour_id: i64,
    rider: &TourRider,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO riders (tour_id, key, seat, kind, start_number, carried_exhaustion, abandoned) \
         VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(tour_id)
    .bind(rider.key.as_str())
    .bind(rider.team as i64)
    .bind(kind_to_sql(rider.kind)?)
    .bind(rider.start_number as i64)
    .bind(rider.carried_exhaustion as i64)
    .bind(rider.abandoned)
    .execute(conn)
    .await?;
    Ok(())
}

/// Saves what a rider carries to the next stage and whether it is still in the race.
pub async fn update(
    conn: &mut SqliteConnection,
    tour_id: i64,
    rider: &TourRider,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE riders SET carried_exhaustion = ?, abandoned = ? WHERE tour_id = ? AND key = ?",
    )
    .bind(rider.carried_exhaustion as i64)
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
        "SELECT key, seat, kind, start_number, carried_exhaustion, abandoned FROM riders \
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
                kind: kind_from_sql(r.try_get("kind")?)?,
                start_number: r.try_get::<i64, _>("start_number")? as u32,
                carried_exhaustion: r.try_get::<i64, _>("carried_exhaustion")? as u16,
                abandoned: r.try_get("abandoned")?,
            })
        })
        .collect()
}
