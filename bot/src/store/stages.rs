//! The `stages` table: what a stage is raced on (course, seed, starters) and where it stands.

use super::Conn;
use super::batch::Batch;
use super::{StoreError, seed_from_sql, seed_to_sql};
use crate::clock::Timestamp;
use commissaire_engine::tour::{StageKind, TourRider};
use sqlx::Row;

#[derive(Debug, Clone, PartialEq)]
pub struct StageRow {
    pub id: i64,
    pub tour_id: i64,
    pub number: u32,
    pub course: String,
    pub kind: StageKind,
    pub seed: u64,
    /// The riders who started, in grid order, as they were at the start.
    pub starters: Vec<TourRider>,
    pub finished: bool,
    pub round: u32,
    pub deadline: Option<Timestamp>,
    /// The options the stage was set up with; `None` for a stage stored before stages kept
    /// their own, which rode the tour's options.
    pub options: Option<serde_json::Value>,
    /// The salt the seed was sealed with when the stage started (32 hexadecimal digits; see
    /// `services::record`); `None` for a stage stored before seeds were sealed.
    pub salt: Option<String>,
}

pub struct NewStage<'a> {
    pub tour_id: i64,
    pub number: u32,
    pub course: &'a str,
    pub kind: StageKind,
    pub seed: u64,
    pub starters: &'a [TourRider],
    pub deadline: Option<Timestamp>,
    pub options: &'a serde_json::Value,
    pub salt: Option<&'a str>,
}

// A macro rather than a const so the queries stay `&'static str` (sqlx refuses built strings).
macro_rules! columns {
    () => {
        "id, tour_id, number, course, kind, seed, starters, status, round, deadline, options, salt"
    };
}

fn row(r: &sqlx::any::AnyRow) -> Result<StageRow, StoreError> {
    let kind: String = r.try_get("kind")?;
    let starters: String = r.try_get("starters")?;
    let options: Option<String> = r.try_get("options")?;
    Ok(StageRow {
        id: r.try_get("id")?,
        tour_id: r.try_get("tour_id")?,
        number: r.try_get::<i64, _>("number")? as u32,
        course: r.try_get("course")?,
        kind: serde_json::from_value(serde_json::Value::String(kind))?,
        seed: seed_from_sql(r.try_get("seed")?),
        starters: serde_json::from_str(&starters)?,
        finished: r.try_get::<String, _>("status")? == "finished",
        round: r.try_get::<i64, _>("round")? as u32,
        deadline: r.try_get("deadline")?,
        options: options.as_deref().map(serde_json::from_str).transpose()?,
        salt: r.try_get("salt")?,
    })
}

pub async fn insert(conn: &mut Conn, s: &NewStage<'_>) -> Result<i64, StoreError> {
    let kind = match serde_json::to_value(s.kind)? {
        serde_json::Value::String(k) => k,
        other => return Err(StoreError::Corrupt(format!("stage kind as {other}"))),
    };
    let id = sqlx::query_scalar::<_, i64>(
        "INSERT INTO stages (tour_id, number, course, kind, seed, starters, status, round, deadline, options, salt) \
         VALUES ($1, $2, $3, $4, $5, $6, 'running', 1, $7, $8, $9) RETURNING id",
    )
    .bind(s.tour_id)
    .bind(s.number as i64)
    .bind(s.course)
    .bind(kind)
    .bind(seed_to_sql(s.seed))
    .bind(serde_json::to_string(s.starters)?)
    .bind(s.deadline)
    .bind(serde_json::to_string(s.options)?)
    .bind(s.salt)
    .fetch_one(conn)
    .await?;
    Ok(id)
}

pub async fn get(
    conn: &mut Conn,
    tour_id: i64,
    number: u32,
) -> Result<Option<StageRow>, StoreError> {
    let sql = concat!(
        "SELECT ",
        columns!(),
        " FROM stages WHERE tour_id = $1 AND number = $2"
    );
    let r = sqlx::query(sql)
        .bind(tour_id)
        .bind(number as i64)
        .fetch_optional(conn)
        .await?;
    r.as_ref().map(row).transpose()
}

/// As [`get`], with the counts of the stage's choices and events, in one statement (three
/// before, each a round trip: issue 34).
pub async fn get_counted(
    conn: &mut Conn,
    tour_id: i64,
    number: u32,
) -> Result<Option<(StageRow, u32, u32)>, StoreError> {
    let sql = concat!(
        "SELECT ",
        columns!(),
        ", (SELECT COUNT(*) FROM choices WHERE choices.stage_id = stages.id) AS choice_count, \
         (SELECT COUNT(*) FROM events WHERE events.stage_id = stages.id) AS event_count \
         FROM stages WHERE tour_id = $1 AND number = $2"
    );
    let Some(r) = sqlx::query(sql)
        .bind(tour_id)
        .bind(number as i64)
        .fetch_optional(conn)
        .await?
    else {
        return Ok(None);
    };
    let choices: i64 = r.try_get("choice_count")?;
    let events: i64 = r.try_get("event_count")?;
    Ok(Some((row(&r)?, choices as u32, events as u32)))
}

/// A new round opened: its number and when it closes (`None` while paused).
pub async fn set_round(
    conn: &mut Conn,
    stage_id: i64,
    round: u32,
    deadline: Option<Timestamp>,
) -> Result<(), StoreError> {
    let mut batch = Batch::new();
    set_round_later(&mut batch, stage_id, round, deadline);
    batch.run(conn).await
}

/// As [`set_round`], queued in `batch` to be sent with the transaction's other writes.
pub fn set_round_later(batch: &mut Batch, stage_id: i64, round: u32, deadline: Option<Timestamp>) {
    batch.push(
        "UPDATE stages SET round = $1, deadline = $2 WHERE id = $3",
        vec![(round as i64).into(), deadline.into(), stage_id.into()],
    );
}

pub async fn set_deadline(
    conn: &mut Conn,
    stage_id: i64,
    deadline: Option<Timestamp>,
) -> Result<(), StoreError> {
    let mut batch = Batch::new();
    set_deadline_later(&mut batch, stage_id, deadline);
    batch.run(conn).await
}

/// As [`set_deadline`], queued in `batch` to be sent with the transaction's other writes.
pub fn set_deadline_later(batch: &mut Batch, stage_id: i64, deadline: Option<Timestamp>) {
    batch.push(
        "UPDATE stages SET deadline = $1 WHERE id = $2",
        vec![deadline.into(), stage_id.into()],
    );
}

pub async fn finish(conn: &mut Conn, stage_id: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE stages SET status = 'finished', deadline = NULL WHERE id = $1")
        .bind(stage_id)
        .execute(conn)
        .await?;
    Ok(())
}
