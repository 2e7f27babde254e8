//! What anyone may look at: the standings and the stage being raced.

use super::lobby::duration_text;
use super::narrate;
use super::{Reply, ServiceError, ServiceResult, Services, active_tour, require_started};
use crate::store::tours::{self, TourStatus};
use crate::store::{results, teams};
use commissaire_engine::registry::Scene;
use commissaire_engine::tour::{TourOptions, standings};
use commissaire_render::Classification;

/// The stage being raced as everyone may see it, for an adapter that draws it itself.
#[derive(Debug, Clone)]
pub struct Board {
    pub scene: Scene,
    pub stage: u32,
    pub turn: u32,
    /// Team names by seat.
    pub teams: Vec<String>,
}

impl Services {
    /// The six classifications after the last finished stage, as text tables (and pictures).
    /// A finished tour's standings stay visible until the next tour is created.
    pub async fn standings(&self, channel_id: &str) -> ServiceResult {
        self.standings_of(channel_id, None).await
    }

    /// One classification (or all six with `None`).
    pub async fn standings_of(
        &self,
        channel_id: &str,
        only: Option<Classification>,
    ) -> ServiceResult {
        let mut conn = self.store.read().await?;
        let tour = tours::latest_in_channel(&mut conn, channel_id)
            .await?
            .ok_or_else(|| ServiceError::refused("there is no tour in this channel"))?;
        if tour.status == TourStatus::Lobby {
            return Err(ServiceError::refused(
                "the tour has not started: the standings come after the first stage",
            ));
        }
        let done = results::list(&mut conn, tour.id).await?;
        if done.is_empty() {
            return Ok(Reply::public(
                "No stage has finished yet: the standings come after stage 1.",
            ));
        }
        let table = standings(&done, &TourOptions::default())
            .map_err(|e| ServiceError::Broken(e.to_string()))?;
        let mut reply = Reply::public(narrate::standings_text(done.len() as u32, &table, only));
        if self.pictures {
            let list = teams::list(&mut conn, tour.id).await?;
            let index = narrate::team_colours(&list);
            reply.images = narrate::standings_pngs(&table, only, &index);
        }
        Ok(reply)
    }

    /// The stage as everyone may see it, for an adapter that draws it itself (the terminal).
    pub async fn public_board(&self, channel_id: &str) -> Result<Board, ServiceError> {
        let mut conn = self.store.read().await?;
        let tour = active_tour(&mut conn, channel_id).await?;
        require_started(&tour)?;
        let live = self.load_live(&mut conn, tour).await?;
        Ok(Board {
            scene: live.stage.scene(),
            stage: live.row.number,
            turn: live.turn(),
            teams: live.teams.iter().map(|t| t.name.clone()).collect(),
        })
    }

    /// The stage being raced: where, which round, who leads on the road, and its profile.
    pub async fn stage_info(&self, channel_id: &str) -> ServiceResult {
        let mut conn = self.store.read().await?;
        let tour = active_tour(&mut conn, channel_id).await?;
        require_started(&tour)?;
        let preset = self
            .library
            .preset(&tour.preset)
            .map_err(ServiceError::Broken)?;
        let live = self.load_live(&mut conn, tour).await?;
        let course = self
            .library
            .course(&live.row.course)
            .map_err(ServiceError::Broken)?;
        let mut text = format!(
            "**Stage {}/{} of {}: {}** ({:?}, {} rows to the line)\nRound {}.",
            live.row.number,
            preset.stages.len(),
            preset.name,
            course.name,
            live.row.kind,
            course.finish_row(),
            live.turn()
        );
        match (live.tour.status, live.row.deadline) {
            (TourStatus::Paused, _) => text.push_str(" The tour is paused."),
            (_, Some(deadline)) => text.push_str(&format!(
                " The round closes in {}.",
                duration_text((deadline - self.now()).max(0))
            )),
            _ => {}
        }
        let waiting: Vec<&str> = live.late_humans().iter().map(|t| t.name.as_str()).collect();
        if !waiting.is_empty() {
            text.push_str(&format!(" Waiting for {}.", waiting.join(", ")));
        }
        for line in live.stage.situation() {
            text.push('\n');
            text.push_str(&line.text);
        }
        let mut reply = Reply::public(text);
        if self.pictures {
            let title = format!("Stage {}: {}", live.row.number, course.name);
            if let Ok(png) = narrate::profile_png(
                &live.stage.scene(),
                &title,
                &narrate::team_colours(&live.teams),
            ) {
                reply
                    .images
                    .push((format!("stage-{}-profile.png", live.row.number), png));
            }
        }
        Ok(reply)
    }
}

impl Services {
    /// The tour of the channel at a glance: who has joined, or where the race is and who the
    /// round waits for.
    pub async fn status(&self, channel_id: &str) -> ServiceResult {
        let mut conn = self.store.read().await?;
        let Some(tour) = tours::latest_in_channel(&mut conn, channel_id).await? else {
            return Err(ServiceError::refused(
                "there is no tour in this channel: an admin creates one with /tour create",
            ));
        };
        let preset = self
            .library
            .preset(&tour.preset)
            .map_err(ServiceError::Broken)?;
        let list = teams::list(&mut conn, tour.id).await?;
        let team_line = |t: &crate::store::teams::TeamRow| match &t.director {
            Some(user) => format!("{} (<@{user}>)", t.name),
            None => format!("{} (bot)", t.name),
        };
        let text = match tour.status {
            TourStatus::Lobby => {
                let mut text = format!(
                    "**{}** ({} stages) is waiting for teams: {} of {} seats taken.",
                    preset.name,
                    preset.stages.len(),
                    list.len(),
                    tour.seats
                );
                for t in &list {
                    text.push_str(&format!("\n- {}", team_line(t)));
                }
                text.push_str(
                    "\nJoin with /tour join; an admin starts with /tour start \
                     (empty seats go to bots).",
                );
                text
            }
            TourStatus::Finished => format!(
                "**{}** is over. /standings shows its final classifications; an admin can \
                 create the next tour with /tour create.",
                preset.name
            ),
            TourStatus::Running | TourStatus::Paused => {
                let live = self.load_live(&mut conn, tour).await?;
                let mut text = format!(
                    "**{}**: stage {} of {}, {}, round {}.",
                    preset.name,
                    live.row.number,
                    preset.stages.len(),
                    self.library
                        .course(&live.row.course)
                        .map_or_else(|_| live.row.course.clone(), |c| c.name.clone()),
                    live.turn()
                );
                match (live.tour.status, live.row.deadline) {
                    (TourStatus::Paused, _) => {
                        text.push_str(" Paused: an admin resumes it with /admin resume.")
                    }
                    (_, Some(deadline)) => text.push_str(&format!(
                        " The round closes in {}.",
                        duration_text((deadline - self.now()).max(0))
                    )),
                    _ => {}
                }
                for t in &live.teams {
                    let mark = if live.owes(live.seat_of(t)) {
                        "⏳"
                    } else {
                        "✅"
                    };
                    text.push_str(&format!("\n{mark} {}", team_line(t)));
                }
                text
            }
        };
        Ok(Reply::public(text))
    }

    /// The id of the channel's tour that is not finished, if any: buttons name the tour they
    /// were posted for, and one from an earlier tour must not act on the current one.
    pub async fn active_tour_id(&self, channel_id: &str) -> Result<Option<i64>, ServiceError> {
        let mut conn = self.store.read().await?;
        Ok(tours::active_in_channel(&mut conn, channel_id)
            .await?
            .map(|t| t.id))
    }
}
