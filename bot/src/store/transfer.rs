//! What a tour's export reads and its import writes (issue 35): every row of a tour, with the
//! columns the other modules never need (a choice's source and time, an event's choice, a
//! vote's ballots), and rows written back whole, with the numbers and states they had. The
//! same SQL for both backends, as everywhere in the store.

use super::{Conn, StoreError, seed_to_sql};
use crate::clock::Timestamp;
use commissaire_engine::Seat;
use commissaire_engine::tour::{StageKind, TourRider};
use serde_json::Value;
use sqlx::Row;

/// A stored choice, whole but for the id of the request that carried it (a Discord
/// interaction's, which means nothing in another database).
#[derive(Debug, Clone, PartialEq)]
pub struct ChoiceRecord {
    pub seq: u32,
    pub round: u32,
    pub seat: Seat,
    pub choice: Value,
    /// `player`, `bot` or `timeout`.
    pub source: String,
    pub user_id: Option<String>,
    pub at: Timestamp,
}

/// A stored event and the choice that caused it.
#[derive(Debug, Clone, PartialEq)]
pub struct EventRecord {
    pub seq: u32,
    pub choice_seq: u32,
    pub event: Value,
}

/// A repêchage vote, with its ballots `(director, yes, cast at)`.
#[derive(Debug, Clone, PartialEq)]
pub struct VoteRecord {
    pub rider: String,
    pub stage: u32,
    pub proposer: String,
    pub opened_at: Timestamp,
    pub closes_at: Timestamp,
    pub status: String,
    pub closed_at: Option<Timestamp>,
    pub yes_votes: Option<i64>,
    pub no_votes: Option<i64>,
    pub extra_vote: Option<i64>,
    pub rejoins_stage: Option<i64>,
    pub outcome: Option<String>,
    pub ballots: Vec<(String, bool, Timestamp)>,
}

/// A tour's row as an import writes it.
pub struct TourRecord<'a> {
    pub channel_id: &'a str,
    pub preset: &'a str,
    pub seed: u64,
    pub seats: u8,
    pub turn_deadline_secs: i64,
    pub decision_deadline_secs: Option<i64>,
    pub ruleset: &'a str,
    pub options: &'a Value,
    pub status: &'a str,
    pub current_stage: u32,
    pub created_by: &'a str,
    pub created_at: Timestamp,
    pub finished_at: Option<Timestamp>,
    pub language: &'a str,
}

/// A stage's row as an import writes it.
pub struct StageRecord<'a> {
    pub number: u32,
    pub course: &'a str,
    pub kind: StageKind,
    pub seed: u64,
    pub starters: &'a [TourRider],
    pub finished: bool,
    pub round: u32,
    pub deadline: Option<Timestamp>,
    pub options: Option<&'a Value>,
    pub salt: Option<&'a str>,
}

/// When the tour finished, if it has.
pub async fn finished_at(conn: &mut Conn, tour_id: i64) -> Result<Option<Timestamp>, StoreError> {
    let at: Option<Timestamp> = sqlx::query_scalar("SELECT finished_at FROM tours WHERE id = $1")
        .bind(tour_id)
        .fetch_one(conn)
        .await?;
    Ok(at)
}

/// A stage's choices in order, whole.
pub async fn choices(conn: &mut Conn, stage_id: i64) -> Result<Vec<ChoiceRecord>, StoreError> {
    let rows = sqlx::query(
        "SELECT seq, round, seat, choice, source, user_id, created_at FROM choices \
         WHERE stage_id = $1 ORDER BY seq",
    )
    .bind(stage_id)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(ChoiceRecord {
                seq: r.try_get::<i64, _>("seq")? as u32,
                round: r.try_get::<i64, _>("round")? as u32,
                seat: r.try_get::<i64, _>("seat")? as Seat,
                choice: serde_json::from_str(&r.try_get::<String, _>("choice")?)?,
                source: r.try_get("source")?,
                user_id: r.try_get("user_id")?,
                at: r.try_get("created_at")?,
            })
        })
        .collect()
}

/// A stage's events in order, each with its choice.
pub async fn events(conn: &mut Conn, stage_id: i64) -> Result<Vec<EventRecord>, StoreError> {
    let rows =
        sqlx::query("SELECT seq, choice_seq, event FROM events WHERE stage_id = $1 ORDER BY seq")
            .bind(stage_id)
            .fetch_all(conn)
            .await?;
    rows.iter()
        .map(|r| {
            Ok(EventRecord {
                seq: r.try_get::<i64, _>("seq")? as u32,
                choice_seq: r.try_get::<i64, _>("choice_seq")? as u32,
                event: serde_json::from_str(&r.try_get::<String, _>("event")?)?,
            })
        })
        .collect()
}

/// The tour's repêchage votes in the order they were opened, each with its ballots.
pub async fn votes(conn: &mut Conn, tour_id: i64) -> Result<Vec<VoteRecord>, StoreError> {
    let rows = sqlx::query(
        "SELECT id, rider, stage, proposer, opened_at, closes_at, status, closed_at, yes_votes, \
         no_votes, extra_vote, rejoins_stage, outcome FROM votes WHERE tour_id = $1 ORDER BY id",
    )
    .bind(tour_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut votes = Vec::new();
    for r in &rows {
        let id: i64 = r.try_get("id")?;
        let ballots = sqlx::query(
            "SELECT director, yes, cast_at FROM ballots WHERE vote_id = $1 ORDER BY cast_at, director",
        )
        .bind(id)
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(|b| {
            Ok((
                b.try_get("director")?,
                super::get_flag(b, "yes")?,
                b.try_get("cast_at")?,
            ))
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
        votes.push(VoteRecord {
            rider: r.try_get("rider")?,
            stage: r.try_get::<i64, _>("stage")? as u32,
            proposer: r.try_get("proposer")?,
            opened_at: r.try_get("opened_at")?,
            closes_at: r.try_get("closes_at")?,
            status: r.try_get("status")?,
            closed_at: r.try_get("closed_at")?,
            yes_votes: r.try_get("yes_votes")?,
            no_votes: r.try_get("no_votes")?,
            extra_vote: r.try_get("extra_vote")?,
            rejoins_stage: r.try_get("rejoins_stage")?,
            outcome: r.try_get("outcome")?,
            ballots,
        });
    }
    Ok(votes)
}

/// Writes a tour's row as it was; returns its id in this database.
pub async fn restore_tour(conn: &mut Conn, t: &TourRecord<'_>) -> Result<i64, StoreError> {
    let id = sqlx::query_scalar::<_, i64>(
        "INSERT INTO tours (channel_id, preset, seed, seats, turn_deadline_secs, \
         decision_deadline_secs, ruleset, options, status, current_stage, created_by, created_at, \
         finished_at, language) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id",
    )
    .bind(t.channel_id)
    .bind(t.preset)
    .bind(seed_to_sql(t.seed))
    .bind(t.seats as i64)
    .bind(t.turn_deadline_secs)
    .bind(t.decision_deadline_secs)
    .bind(t.ruleset)
    .bind(serde_json::to_string(t.options)?)
    .bind(t.status)
    .bind(t.current_stage as i64)
    .bind(t.created_by)
    .bind(t.created_at)
    .bind(t.finished_at)
    .bind(t.language)
    .fetch_one(conn)
    .await?;
    Ok(id)
}

/// Writes a team's row as it was, in its seat.
pub async fn restore_team(
    conn: &mut Conn,
    tour_id: i64,
    seat: Option<Seat>,
    name: &str,
    colour: &str,
    director: Option<&str>,
    autopilot: bool,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO teams (tour_id, seat, name, colour, director, autopilot) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(tour_id)
    .bind(seat.map(|s| s as i64))
    .bind(name)
    .bind(colour)
    .bind(director)
    .bind(super::flag(autopilot))
    .execute(conn)
    .await?;
    Ok(())
}

/// Writes a stage's row as it was; returns its id in this database.
pub async fn restore_stage(
    conn: &mut Conn,
    tour_id: i64,
    s: &StageRecord<'_>,
) -> Result<i64, StoreError> {
    let kind = match serde_json::to_value(s.kind)? {
        Value::String(k) => k,
        other => return Err(StoreError::Corrupt(format!("stage kind as {other}"))),
    };
    let options = s.options.map(serde_json::to_string).transpose()?;
    let id = sqlx::query_scalar::<_, i64>(
        "INSERT INTO stages (tour_id, number, course, kind, seed, starters, status, round, \
         deadline, options, salt) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
         RETURNING id",
    )
    .bind(tour_id)
    .bind(s.number as i64)
    .bind(s.course)
    .bind(kind)
    .bind(seed_to_sql(s.seed))
    .bind(serde_json::to_string(s.starters)?)
    .bind(if s.finished { "finished" } else { "running" })
    .bind(s.round as i64)
    .bind(s.deadline)
    .bind(options)
    .bind(s.salt)
    .fetch_one(conn)
    .await?;
    Ok(id)
}

/// Writes a choice as it was, without a request id.
pub async fn restore_choice(
    conn: &mut Conn,
    stage_id: i64,
    c: &ChoiceRecord,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO choices (stage_id, seq, round, seat, choice, source, user_id, request_id, \
         created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $8)",
    )
    .bind(stage_id)
    .bind(c.seq as i64)
    .bind(c.round as i64)
    .bind(c.seat as i64)
    .bind(serde_json::to_string(&c.choice)?)
    .bind(&c.source)
    .bind(c.user_id.as_deref())
    .bind(c.at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Writes a vote and its ballots as they were.
pub async fn restore_vote(conn: &mut Conn, tour_id: i64, v: &VoteRecord) -> Result<(), StoreError> {
    let id = sqlx::query_scalar::<_, i64>(
        "INSERT INTO votes (tour_id, rider, stage, proposer, opened_at, closes_at, status, \
         closed_at, yes_votes, no_votes, extra_vote, rejoins_stage, outcome) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id",
    )
    .bind(tour_id)
    .bind(&v.rider)
    .bind(v.stage as i64)
    .bind(&v.proposer)
    .bind(v.opened_at)
    .bind(v.closes_at)
    .bind(&v.status)
    .bind(v.closed_at)
    .bind(v.yes_votes)
    .bind(v.no_votes)
    .bind(v.extra_vote)
    .bind(v.rejoins_stage)
    .bind(v.outcome.as_deref())
    .fetch_one(&mut *conn)
    .await?;
    for (director, yes, at) in &v.ballots {
        sqlx::query(
            "INSERT INTO ballots (vote_id, director, yes, cast_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(director)
        .bind(super::flag(*yes))
        .bind(*at)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}
