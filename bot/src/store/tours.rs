//! The `tours` table: one row per tour, at most one not finished per channel.

use super::Conn;
use super::{StoreError, seed_from_sql, seed_to_sql};
use crate::clock::Timestamp;
use commissaire_messages::Language;
use sqlx::Row;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TourStatus {
    Lobby,
    Running,
    Paused,
    Finished,
}

impl TourStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            TourStatus::Lobby => "lobby",
            TourStatus::Running => "running",
            TourStatus::Paused => "paused",
            TourStatus::Finished => "finished",
        }
    }

    fn parse(s: &str) -> Result<Self, StoreError> {
        Ok(match s {
            "lobby" => TourStatus::Lobby,
            "running" => TourStatus::Running,
            "paused" => TourStatus::Paused,
            "finished" => TourStatus::Finished,
            other => return Err(StoreError::Corrupt(format!("tour status '{other}'"))),
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct TourRow {
    pub id: i64,
    pub channel_id: String,
    pub preset: String,
    pub seed: u64,
    pub seats: u8,
    pub turn_deadline_secs: i64,
    /// See `decision_deadline_secs` in migration 0005.
    pub decision_deadline_secs: Option<i64>,
    /// The registered ruleset the tour plays, and the options its stages start with.
    pub ruleset: String,
    pub options: serde_json::Value,
    pub status: TourStatus,
    pub current_stage: u32,
    pub created_by: String,
    pub created_at: Timestamp,
    /// What the tour's channel reads: its posts, pictures and tour book (migration 0007).
    pub language: Language,
}

pub struct NewTour<'a> {
    pub channel_id: &'a str,
    pub preset: &'a str,
    pub seed: u64,
    pub seats: u8,
    pub turn_deadline_secs: i64,
    pub decision_deadline_secs: Option<i64>,
    pub ruleset: &'a str,
    pub options: &'a serde_json::Value,
    pub created_by: &'a str,
    pub created_at: Timestamp,
    pub language: Language,
}

// A macro rather than a const so the queries stay `&'static str` (sqlx refuses built strings).
macro_rules! columns {
    () => {
        "id, channel_id, preset, seed, seats, turn_deadline_secs, decision_deadline_secs, \
         ruleset, options, status, current_stage, created_by, created_at, language"
    };
}

fn row(r: &sqlx::any::AnyRow) -> Result<TourRow, StoreError> {
    Ok(TourRow {
        id: r.try_get("id")?,
        channel_id: r.try_get("channel_id")?,
        preset: r.try_get("preset")?,
        seed: seed_from_sql(r.try_get("seed")?),
        seats: r.try_get::<i64, _>("seats")? as u8,
        turn_deadline_secs: r.try_get("turn_deadline_secs")?,
        decision_deadline_secs: r.try_get("decision_deadline_secs")?,
        ruleset: r.try_get("ruleset")?,
        options: serde_json::from_str(&r.try_get::<String, _>("options")?)?,
        status: TourStatus::parse(r.try_get("status")?)?,
        current_stage: r.try_get::<i64, _>("current_stage")? as u32,
        created_by: r.try_get("created_by")?,
        created_at: r.try_get("created_at")?,
        language: {
            let code: String = r.try_get("language")?;
            Language::from_code(&code)
                .ok_or_else(|| StoreError::Corrupt(format!("tour language '{code}'")))?
        },
    })
}

pub async fn insert(conn: &mut Conn, t: &NewTour<'_>) -> Result<i64, StoreError> {
    let id = sqlx::query_scalar::<_, i64>(
        "INSERT INTO tours (channel_id, preset, seed, seats, turn_deadline_secs, \
         decision_deadline_secs, ruleset, options, status, created_by, created_at, language) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'lobby', $9, $10, $11) RETURNING id",
    )
    .bind(t.channel_id)
    .bind(t.preset)
    .bind(seed_to_sql(t.seed))
    .bind(t.seats as i64)
    .bind(t.turn_deadline_secs)
    .bind(t.decision_deadline_secs)
    .bind(t.ruleset)
    .bind(serde_json::to_string(t.options)?)
    .bind(t.created_by)
    .bind(t.created_at)
    .bind(t.language.code())
    .fetch_one(conn)
    .await?;
    Ok(id)
}

/// A tour by its id.
pub async fn get(conn: &mut Conn, id: i64) -> Result<Option<TourRow>, StoreError> {
    let sql = concat!("SELECT ", columns!(), " FROM tours WHERE id = $1");
    let r = sqlx::query(sql).bind(id).fetch_optional(conn).await?;
    r.as_ref().map(row).transpose()
}

/// The channel's tour that is not finished, if any.
pub async fn active_in_channel(
    conn: &mut Conn,
    channel_id: &str,
) -> Result<Option<TourRow>, StoreError> {
    let sql = concat!(
        "SELECT ",
        columns!(),
        " FROM tours WHERE channel_id = $1 AND status <> 'finished'"
    );
    let r = sqlx::query(sql)
        .bind(channel_id)
        .fetch_optional(conn)
        .await?;
    r.as_ref().map(row).transpose()
}

/// The channel's latest tour, finished or not: what standings show after the end.
pub async fn latest_in_channel(
    conn: &mut Conn,
    channel_id: &str,
) -> Result<Option<TourRow>, StoreError> {
    let sql = concat!(
        "SELECT ",
        columns!(),
        " FROM tours WHERE channel_id = $1 ORDER BY id DESC LIMIT 1"
    );
    let r = sqlx::query(sql)
        .bind(channel_id)
        .fetch_optional(conn)
        .await?;
    r.as_ref().map(row).transpose()
}

/// The language of the channel's latest tour, finished or not: what a reply to a member whose
/// own language the catalogue lacks is worded in (after the end too: the tour is over, in its
/// own words, until the next one).
pub async fn language_in_channel(
    conn: &mut Conn,
    channel_id: &str,
) -> Result<Option<Language>, StoreError> {
    let code: Option<String> = sqlx::query_scalar(
        "SELECT language FROM tours WHERE channel_id = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(channel_id)
    .fetch_optional(conn)
    .await?;
    Ok(code.as_deref().and_then(Language::from_code))
}

/// The scheduler's work list: the tours being raced (not paused) that may have something due
/// by `by` (the tick's time plus the reminders' lead): a round whose deadline falls by then (to
/// close, or to remind its late directors of), or no director choosing at all (bots and
/// autopilots move such a tour on a stage a tick). A tour where someone chooses owes nothing
/// to anyone else before its deadline: every change lets the bots play their seats before it
/// commits (`Services::settle`). So a tick reads the few tours it has work in, not every one.
pub async fn to_tend(conn: &mut Conn, by: Timestamp) -> Result<Vec<TourRow>, StoreError> {
    let sql = concat!(
        "SELECT ",
        columns!(),
        " FROM tours WHERE status = 'running' AND (",
        "EXISTS (SELECT 1 FROM stages s WHERE s.tour_id = tours.id ",
        "AND s.number = tours.current_stage AND s.deadline IS NOT NULL AND s.deadline <= $1) ",
        "OR NOT EXISTS (SELECT 1 FROM teams m WHERE m.tour_id = tours.id ",
        "AND m.director IS NOT NULL AND m.autopilot = 0)) ORDER BY id"
    );
    let rows = sqlx::query(sql).bind(by).fetch_all(conn).await?;
    rows.iter().map(row).collect()
}

pub async fn set_status(
    conn: &mut Conn,
    id: i64,
    status: TourStatus,
    now: Timestamp,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE tours SET status = $1, \
         finished_at = CASE WHEN $2 = 'finished' THEN $3 ELSE finished_at END WHERE id = $4",
    )
    .bind(status.as_str())
    .bind(status.as_str())
    .bind(now)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn set_current_stage(conn: &mut Conn, id: i64, number: u32) -> Result<(), StoreError> {
    sqlx::query("UPDATE tours SET current_stage = $1 WHERE id = $2")
        .bind(number as i64)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_turn_deadline(conn: &mut Conn, id: i64, secs: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE tours SET turn_deadline_secs = $1 WHERE id = $2")
        .bind(secs)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}
