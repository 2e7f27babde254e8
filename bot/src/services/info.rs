//! What anyone may look at: the standings and the stage being raced.

use super::lobby::duration_text;
use super::narrate;
use super::{Reply, ServiceError, ServiceResult, Services, active_tour, require_started};
use crate::store::tours::{self, TourStatus};
use crate::store::{results, teams};
use commissaire_engine::card_race::StageView;
use commissaire_engine::game::{Ruleset, Viewer};
use commissaire_engine::tour::{TourOptions, standings};

impl Services {
    /// The six classifications after the last finished stage, as text tables (and pictures).
    /// A finished tour's standings stay visible until the next tour is created.
    pub async fn standings(&self, channel_id: &str) -> ServiceResult {
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
        let mut reply = Reply::public(narrate::standings_text(done.len() as u32, &table));
        if self.pictures {
            let list = teams::list(&mut conn, tour.id).await?;
            let index = |name: &str| list.iter().position(|t| t.name == name);
            reply.images = narrate::standings_pngs(&table, &index);
        }
        Ok(reply)
    }

    /// The stage as everyone may see it, for an adapter that draws it itself (the terminal).
    pub async fn public_view(&self, channel_id: &str) -> Result<StageView, ServiceError> {
        let mut conn = self.store.read().await?;
        let tour = active_tour(&mut conn, channel_id).await?;
        require_started(&tour)?;
        let live = self.load_live(&mut conn, tour).await?;
        Ok(live.stage.view(Viewer::Public))
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
        let view = live.stage.view(Viewer::Public);
        let course = live.stage.course();
        let mut text = format!(
            "**Stage {}/{} of {}: {}** ({:?}, {} rows to the line)\nRound {}.",
            live.row.number,
            preset.stages.len(),
            preset.name,
            course.name,
            live.row.kind,
            course.finish_row(),
            view.round
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
        text.push_str("\nAt the front: ");
        let front: Vec<String> = view
            .race_order
            .iter()
            .take(5)
            .map(|&i| {
                let r = &view.riders[i as usize];
                format!("{} (row {})", r.id, r.pos.row)
            })
            .collect();
        text.push_str(&front.join(", "));
        let mut reply = Reply::public(text);
        if self.pictures {
            let title = format!("Stage {}: {}", live.row.number, course.name);
            if let Ok(png) = narrate::profile_png(&view, &title) {
                reply
                    .images
                    .push((format!("stage-{}-profile.png", live.row.number), png));
            }
        }
        Ok(reply)
    }
}
