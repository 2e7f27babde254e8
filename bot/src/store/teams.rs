//! The `teams` table: a team's name, colour, seat and director (a Discord user, or a bot).

use super::Conn;
use super::StoreError;
use commissaire_engine::Seat;
use sqlx::Row;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRow {
    pub id: i64,
    pub tour_id: i64,
    pub seat: Option<Seat>,
    pub name: String,
    pub colour: String,
    /// `None`: a bot rides the team.
    pub director: Option<String>,
    /// The director has handed the team to the bot until they take it back.
    pub autopilot: bool,
}

impl TeamRow {
    pub fn is_bot(&self) -> bool {
        self.director.is_none()
    }

    /// Whether the bot makes this team's decisions now: a bot's team, or one on autopilot.
    pub fn bot_decides(&self) -> bool {
        self.is_bot() || self.autopilot
    }
}

fn row(r: &sqlx::any::AnyRow) -> Result<TeamRow, StoreError> {
    Ok(TeamRow {
        id: r.try_get("id")?,
        tour_id: r.try_get("tour_id")?,
        seat: r.try_get::<Option<i64>, _>("seat")?.map(|s| s as Seat),
        name: r.try_get("name")?,
        colour: r.try_get("colour")?,
        director: r.try_get("director")?,
        autopilot: super::get_flag(r, "autopilot")?,
    })
}

pub async fn insert(
    conn: &mut Conn,
    tour_id: i64,
    name: &str,
    colour: &str,
    director: Option<&str>,
) -> Result<i64, StoreError> {
    let id = sqlx::query_scalar::<_, i64>(
        "INSERT INTO teams (tour_id, name, colour, director) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(tour_id)
    .bind(name)
    .bind(colour)
    .bind(director)
    .fetch_one(conn)
    .await?;
    Ok(id)
}

/// The tour's teams: by seat once started, by joining order in the lobby.
pub async fn list(conn: &mut Conn, tour_id: i64) -> Result<Vec<TeamRow>, StoreError> {
    let rows = sqlx::query(
        "SELECT id, tour_id, seat, name, colour, director, autopilot FROM teams WHERE tour_id = $1 \
         ORDER BY seat, id",
    )
    .bind(tour_id)
    .fetch_all(conn)
    .await?;
    rows.iter().map(row).collect()
}

pub async fn delete(conn: &mut Conn, team_id: i64) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM teams WHERE id = $1")
        .bind(team_id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_director(
    conn: &mut Conn,
    team_id: i64,
    director: Option<&str>,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE teams SET director = $1 WHERE id = $2")
        .bind(director)
        .bind(team_id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_seat(conn: &mut Conn, team_id: i64, seat: Seat) -> Result<(), StoreError> {
    sqlx::query("UPDATE teams SET seat = $1 WHERE id = $2")
        .bind(seat as i64)
        .bind(team_id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_autopilot(conn: &mut Conn, team_id: i64, on: bool) -> Result<(), StoreError> {
    sqlx::query("UPDATE teams SET autopilot = $1 WHERE id = $2")
        .bind(super::flag(on))
        .bind(team_id)
        .execute(conn)
        .await?;
    Ok(())
}
