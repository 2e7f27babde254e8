//! The `choices` table: the log a stage is replayed from, in the order the engine applied it.

use super::Conn;
use super::StoreError;
use super::batch::Batch;
use crate::clock::Timestamp;
use commissaire_engine::Seat;
use serde_json::Value;
use sqlx::Row;

/// Who made a choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The team's director.
    Player,
    /// The bot riding an empty seat.
    Bot,
    /// The bot, playing for a director who missed the deadline.
    Timeout,
}

impl Source {
    fn as_str(self) -> &'static str {
        match self {
            Source::Player => "player",
            Source::Bot => "bot",
            Source::Timeout => "timeout",
        }
    }
}

pub struct NewChoice<'a> {
    pub stage_id: i64,
    pub seq: u32,
    pub round: u32,
    pub seat: Seat,
    /// The ruleset's JSON of the choice.
    pub choice: &'a Value,
    pub source: Source,
    pub user_id: Option<&'a str>,
    pub request_id: Option<&'a str>,
    pub at: Timestamp,
}

pub async fn insert(conn: &mut Conn, c: &NewChoice<'_>) -> Result<(), StoreError> {
    let mut batch = Batch::new();
    insert_later(&mut batch, c)?;
    batch.run(conn).await
}

/// As [`insert`], queued in `batch` to be sent with the transaction's other writes.
pub fn insert_later(batch: &mut Batch, c: &NewChoice<'_>) -> Result<(), StoreError> {
    batch.push(
        "INSERT INTO choices (stage_id, seq, round, seat, choice, source, user_id, request_id, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        vec![
            c.stage_id.into(),
            (c.seq as i64).into(),
            (c.round as i64).into(),
            (c.seat as i64).into(),
            serde_json::to_string(c.choice)?.into(),
            c.source.as_str().into(),
            c.user_id.into(),
            c.request_id.into(),
            c.at.into(),
        ],
    );
    Ok(())
}

/// The stage's choices in order: with the setup and seed, all a replay needs.
pub async fn log(conn: &mut Conn, stage_id: i64) -> Result<Vec<(Seat, Value)>, StoreError> {
    let rows = sqlx::query("SELECT seat, choice FROM choices WHERE stage_id = $1 ORDER BY seq")
        .bind(stage_id)
        .fetch_all(conn)
        .await?;
    rows.iter()
        .map(|r| {
            let seat = r.try_get::<i64, _>("seat")? as Seat;
            let choice: String = r.try_get("choice")?;
            Ok((seat, serde_json::from_str(&choice)?))
        })
        .collect()
}

/// Whether a request was already counted (in any stage: request ids are unique).
pub async fn request_seen(conn: &mut Conn, request_id: &str) -> Result<bool, StoreError> {
    let r = sqlx::query("SELECT 1 FROM choices WHERE request_id = $1")
        .bind(request_id)
        .fetch_optional(conn)
        .await?;
    Ok(r.is_some())
}

/// How many choices each source made in a stage, for audits and tests.
pub async fn count_by_source(
    conn: &mut Conn,
    stage_id: i64,
    source: Source,
) -> Result<u32, StoreError> {
    let n: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM choices WHERE stage_id = $1 AND source = $2")
            .bind(stage_id)
            .bind(source.as_str())
            .fetch_one(conn)
            .await?;
    Ok(n as u32)
}

/// How many choices a stage has stored: a cached rebuild of the stage is good while it matches.
pub async fn count(conn: &mut Conn, stage_id: i64) -> Result<u32, StoreError> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM choices WHERE stage_id = $1")
        .bind(stage_id)
        .fetch_one(conn)
        .await?;
    Ok(n as u32)
}

/// When the turn being played opened: the time of the last choice before it (of an earlier
/// turn of stage `number`, or of an earlier stage of the tour); `None` before any choice.
pub async fn turn_opened(
    conn: &mut Conn,
    tour_id: i64,
    number: u32,
    round: u32,
) -> Result<Option<i64>, StoreError> {
    let row: (Option<i64>,) = sqlx::query_as(
        "SELECT MAX(c.created_at) FROM choices c JOIN stages s ON c.stage_id = s.id \
         WHERE s.tour_id = $1 AND (s.number < $2 OR (s.number = $2 AND c.round < $3))",
    )
    .bind(tour_id)
    .bind(number as i64)
    .bind(round as i64)
    .fetch_one(conn)
    .await?;
    Ok(row.0)
}
