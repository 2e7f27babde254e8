//! The `votes` and `ballots` tables: repêchage votes (VM-085, A-48) and each directeur's ballot.

use super::Conn;
use super::StoreError;
use crate::clock::Timestamp;
use commissaire_engine::tour::RiderKey;
use sqlx::Row;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VoteStatus {
    Open,
    /// The rider comes back at the start of `rejoins_stage`.
    Passed,
    Failed,
    /// Closed with no decision to apply: the tour ended, or no stage was left to start.
    Cancelled,
}

impl VoteStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            VoteStatus::Open => "open",
            VoteStatus::Passed => "passed",
            VoteStatus::Failed => "failed",
            VoteStatus::Cancelled => "cancelled",
        }
    }

    fn parse(s: &str) -> Result<Self, StoreError> {
        Ok(match s {
            "open" => VoteStatus::Open,
            "passed" => VoteStatus::Passed,
            "failed" => VoteStatus::Failed,
            "cancelled" => VoteStatus::Cancelled,
            other => return Err(StoreError::Corrupt(format!("vote status '{other}'"))),
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VoteRow {
    pub id: i64,
    pub tour_id: i64,
    /// The tour's channel, where the result is announced.
    pub channel_id: String,
    pub rider: RiderKey,
    /// The stage the rider left.
    pub stage: u32,
    pub proposer: String,
    pub opened_at: Timestamp,
    pub closes_at: Timestamp,
    pub status: VoteStatus,
    pub closed_at: Option<Timestamp>,
    pub yes_votes: Option<u32>,
    pub no_votes: Option<u32>,
    pub extra_vote: Option<bool>,
    pub rejoins_stage: Option<u32>,
    pub outcome: Option<String>,
}

pub struct NewVote<'a> {
    pub tour_id: i64,
    pub rider: &'a RiderKey,
    pub stage: u32,
    pub proposer: &'a str,
    pub opened_at: Timestamp,
    pub closes_at: Timestamp,
}

/// How a vote closed.
pub struct Closing<'a> {
    pub status: VoteStatus,
    pub at: Timestamp,
    pub yes_votes: u32,
    pub no_votes: u32,
    pub extra_vote: Option<bool>,
    pub rejoins_stage: Option<u32>,
    pub outcome: &'a str,
}

// A macro rather than a const so the queries stay `&'static str` (sqlx refuses built strings).
macro_rules! select {
    ($where:literal) => {
        concat!(
            "SELECT v.id, v.tour_id, t.channel_id, v.rider, v.stage, v.proposer, v.opened_at, \
             v.closes_at, v.status, v.closed_at, v.yes_votes, v.no_votes, v.extra_vote, \
             v.rejoins_stage, v.outcome FROM votes v JOIN tours t ON t.id = v.tour_id ",
            $where
        )
    };
}

fn row(r: &sqlx::any::AnyRow) -> Result<VoteRow, StoreError> {
    let count = |name: &str| -> Result<Option<u32>, StoreError> {
        Ok(r.try_get::<Option<i64>, _>(name)?.map(|n| n as u32))
    };
    Ok(VoteRow {
        id: r.try_get("id")?,
        tour_id: r.try_get("tour_id")?,
        channel_id: r.try_get("channel_id")?,
        rider: RiderKey::new(r.try_get::<String, _>("rider")?),
        stage: r.try_get::<i64, _>("stage")? as u32,
        proposer: r.try_get("proposer")?,
        opened_at: r.try_get("opened_at")?,
        closes_at: r.try_get("closes_at")?,
        status: VoteStatus::parse(r.try_get("status")?)?,
        closed_at: r.try_get("closed_at")?,
        yes_votes: count("yes_votes")?,
        no_votes: count("no_votes")?,
        extra_vote: r.try_get::<Option<i64>, _>("extra_vote")?.map(|v| v != 0),
        rejoins_stage: count("rejoins_stage")?,
        outcome: r.try_get("outcome")?,
    })
}

/// Opens a vote. The tour must have none open (a unique index says so too).
pub async fn insert(conn: &mut Conn, v: &NewVote<'_>) -> Result<i64, StoreError> {
    let id = sqlx::query_scalar::<_, i64>(
        "INSERT INTO votes (tour_id, rider, stage, proposer, opened_at, closes_at, status) \
         VALUES ($1, $2, $3, $4, $5, $6, 'open') RETURNING id",
    )
    .bind(v.tour_id)
    .bind(v.rider.as_str())
    .bind(v.stage as i64)
    .bind(v.proposer)
    .bind(v.opened_at)
    .bind(v.closes_at)
    .fetch_one(conn)
    .await?;
    Ok(id)
}

pub async fn get(conn: &mut Conn, id: i64) -> Result<Option<VoteRow>, StoreError> {
    let r = sqlx::query(select!("WHERE v.id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?;
    r.as_ref().map(row).transpose()
}

/// The tour's open vote, if any.
pub async fn open_in_tour(conn: &mut Conn, tour_id: i64) -> Result<Option<VoteRow>, StoreError> {
    let r = sqlx::query(select!("WHERE v.tour_id = $1 AND v.status = 'open'"))
        .bind(tour_id)
        .fetch_optional(conn)
        .await?;
    r.as_ref().map(row).transpose()
}

/// Every open vote of every tour, soonest deadline first: the scheduler's work list.
pub async fn open_all(conn: &mut Conn) -> Result<Vec<VoteRow>, StoreError> {
    let rows = sqlx::query(select!(
        "WHERE v.status = 'open' ORDER BY v.closes_at, v.id"
    ))
    .fetch_all(conn)
    .await?;
    rows.iter().map(row).collect()
}

/// Every vote about riders who left stage `stage` of the tour, in the order they were opened.
pub async fn about_stage(
    conn: &mut Conn,
    tour_id: i64,
    stage: u32,
) -> Result<Vec<VoteRow>, StoreError> {
    let rows = sqlx::query(select!(
        "WHERE v.tour_id = $1 AND v.stage = $2 ORDER BY v.id"
    ))
    .bind(tour_id)
    .bind(stage as i64)
    .fetch_all(conn)
    .await?;
    rows.iter().map(row).collect()
}

/// The riders a passed vote brings back at the start of stage `stage`.
pub async fn rejoining(
    conn: &mut Conn,
    tour_id: i64,
    stage: u32,
) -> Result<Vec<RiderKey>, StoreError> {
    let rows = sqlx::query(
        "SELECT rider FROM votes WHERE tour_id = $1 AND status = 'passed' AND rejoins_stage = $2 \
         ORDER BY id",
    )
    .bind(tour_id)
    .bind(stage as i64)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| Ok(RiderKey::new(r.try_get::<String, _>("rider")?)))
        .collect()
}

/// Records a directeur's ballot, replacing any earlier one of theirs: the last ballot counts.
pub async fn cast(
    conn: &mut Conn,
    vote_id: i64,
    director: &str,
    yes: bool,
    at: Timestamp,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO ballots (vote_id, director, yes, cast_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (vote_id, director) DO UPDATE SET yes = excluded.yes, cast_at = excluded.cast_at",
    )
    .bind(vote_id)
    .bind(director)
    .bind(super::flag(yes))
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// The ballots of a vote, `(director, yes)`, in the order they were last cast.
pub async fn ballots(conn: &mut Conn, vote_id: i64) -> Result<Vec<(String, bool)>, StoreError> {
    let rows = sqlx::query(
        "SELECT director, yes FROM ballots WHERE vote_id = $1 ORDER BY cast_at, director",
    )
    .bind(vote_id)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("director")?, super::get_flag(r, "yes")?)))
        .collect()
}

/// Closes an open vote; false (and nothing changed) if it was closed already.
pub async fn close(conn: &mut Conn, vote_id: i64, c: &Closing<'_>) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "UPDATE votes SET status = $1, closed_at = $2, yes_votes = $3, no_votes = $4, extra_vote = $5, \
         rejoins_stage = $6, outcome = $7 WHERE id = $8 AND status = 'open'",
    )
    .bind(c.status.as_str())
    .bind(c.at)
    .bind(c.yes_votes as i64)
    .bind(c.no_votes as i64)
    .bind(c.extra_vote.map(super::flag))
    .bind(c.rejoins_stage.map(|n| n as i64))
    .bind(c.outcome)
    .bind(vote_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Cancels the tour's open vote, if any (the tour ended): `outcome` says why.
pub async fn cancel_open(
    conn: &mut Conn,
    tour_id: i64,
    at: Timestamp,
    outcome: &str,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE votes SET status = 'cancelled', closed_at = $1, outcome = $2 \
         WHERE tour_id = $3 AND status = 'open'",
    )
    .bind(at)
    .bind(outcome)
    .bind(tour_id)
    .execute(conn)
    .await?;
    Ok(())
}
