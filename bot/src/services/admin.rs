//! The admin's actions on a tour: pause and resume, the turn deadline, a bot for a player, a
//! rider out of the race, the end of the tour.

use super::live::{News, tour_over, turn_deadline};
use super::lobby::duration_text;
use super::narrate;
use super::repechage::find_rider;
use super::{
    Actor, Reply, ServiceError, ServiceResult, Services, in_tour, require_admin, require_started,
};
use crate::store::tours::{self, TourStatus};
use crate::store::{results, riders, stages, teams, votes};
use commissaire_messages::msg;

impl Services {
    /// Stops the clock: no deadline runs and no choice is taken until `resume`.
    pub async fn pause(&self, actor: &Actor, channel_id: &str) -> ServiceResult {
        require_admin(actor, &msg!("admin-action-pause"))?;
        let _guard = self.lock(channel_id).await;
        let now = self.now();
        let mut tx = self.store.begin_channel(channel_id).await?;
        let tour = self.active_tour(&mut tx, channel_id).await?;
        require_started(&tour)?;
        if tour.status == TourStatus::Paused {
            return Err(ServiceError::refused(msg!("admin-already-paused")));
        }
        tours::set_status(&mut tx, tour.id, TourStatus::Paused, now).await?;
        if let Some(stage) = stages::get(&mut tx, tour.id, tour.current_stage).await? {
            stages::set_deadline(&mut tx, stage.id, None).await?;
        }
        let live = self.load_live(&mut tx, tour).await?;
        self.store.commit(tx).await?;
        let mut reply = Reply::public(in_tour(&live.tour, || msg!("admin-paused")));
        // The round's message says so too, instead of a deadline that no longer runs.
        reply.turn_update = self.turn_card(&live);
        Ok(reply)
    }

    /// Restarts the clock: the round gets a whole turn deadline from now.
    pub async fn resume(&self, actor: &Actor, channel_id: &str) -> ServiceResult {
        require_admin(actor, &msg!("admin-action-resume"))?;
        let _guard = self.lock(channel_id).await;
        let now = self.now();
        let mut tx = self.store.begin_channel(channel_id).await?;
        let mut tour = self.active_tour(&mut tx, channel_id).await?;
        require_started(&tour)?;
        if tour.status != TourStatus::Paused {
            return Err(ServiceError::refused(msg!("admin-not-paused")));
        }
        tours::set_status(&mut tx, tour.id, TourStatus::Running, now).await?;
        tour.status = TourStatus::Running;
        let mut live = self.load_live(&mut tx, tour).await?;
        let deadline = turn_deadline(&live.tour, &**live.stage, now);
        stages::set_deadline(&mut tx, live.row.id, deadline).await?;
        live.row.deadline = deadline;
        // A player replaced while paused: their bot plays now.
        let mut news = News::default();
        self.settle(&mut tx, &mut live, now, &mut news).await?;
        let owed = self.owe_news(&mut tx, &live, news).await?;
        self.store.commit(tx).await?;
        self.keep(&live);
        let mut reply = Reply::public(in_tour(&live.tour, || {
            msg!(
                "admin-resumed",
                deadline = duration_text(live.tour.turn_deadline_secs)
            )
        }));
        reply.followups = owed;
        if reply.all().iter().all(|r| r.turn.is_none()) {
            reply.turn_update = self.turn_card(&live);
        }
        Ok(reply)
    }

    /// Sets how long a round stays open; a running round gets the new time from now.
    pub async fn set_deadline(&self, actor: &Actor, channel_id: &str, secs: i64) -> ServiceResult {
        require_admin(actor, &msg!("admin-action-deadline"))?;
        if secs < 1 {
            return Err(ServiceError::refused(msg!("deadline-too-short")));
        }
        let _guard = self.lock(channel_id).await;
        let now = self.now();
        let mut tx = self.store.begin_channel(channel_id).await?;
        let tour = self.active_tour(&mut tx, channel_id).await?;
        tours::set_turn_deadline(&mut tx, tour.id, secs).await?;
        let mut text = in_tour(&tour, || {
            msg!("admin-deadline-set", deadline = duration_text(secs))
        });
        let mut card = None;
        if tour.status == TourStatus::Running
            && let Some(stage) = stages::get(&mut tx, tour.id, tour.current_stage).await?
        {
            stages::set_deadline(&mut tx, stage.id, Some(now + secs)).await?;
            text = in_tour(&tour, || {
                msg!("admin-deadline-set-now", deadline = duration_text(secs))
            });
            card = self.turn_card(&self.load_live(&mut tx, tour).await?);
        }
        self.store.commit(tx).await?;
        let mut reply = Reply::public(text);
        reply.turn_update = card;
        Ok(reply)
    }

    /// A bot takes over a team (its director left, or is away): it plays the team's choices
    /// now and from now on.
    pub async fn replace_by_bot(
        &self,
        actor: &Actor,
        channel_id: &str,
        team_name: &str,
    ) -> ServiceResult {
        require_admin(actor, &msg!("admin-action-replace"))?;
        let _guard = self.lock(channel_id).await;
        let now = self.now();
        let mut tx = self.store.begin_channel(channel_id).await?;
        let tour = self.active_tour(&mut tx, channel_id).await?;
        let list = teams::list(&mut tx, tour.id).await?;
        let team = list
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(team_name.trim()))
            .ok_or_else(|| {
                let names: Vec<&str> = list.iter().map(|t| t.name.as_str()).collect();
                ServiceError::refused(msg!(
                    "admin-no-such-team",
                    team = team_name,
                    teams = names.join(", ")
                ))
            })?;
        if team.is_bot() {
            return Err(ServiceError::refused(msg!(
                "admin-already-bot",
                team = &team.name
            )));
        }
        let name = team.name.clone();
        teams::set_director(&mut tx, team.id, None).await?;
        let mut reply = Reply::public(in_tour(&tour, || msg!("admin-bot-rides", team = &name)));
        if tour.status == TourStatus::Running || tour.status == TourStatus::Paused {
            let mut live = self.load_live(&mut tx, tour).await?;
            let mut news = News::default();
            if live.tour.status == TourStatus::Running {
                self.settle(&mut tx, &mut live, now, &mut news).await?;
            }
            let owed = self.owe_news(&mut tx, &live, news).await?;
            self.store.commit(tx).await?;
            reply.followups = owed;
        } else {
            self.store.commit(tx).await?;
        }
        Ok(reply)
    }

    /// Takes a rider out of the race, by name or start number. It leaves every classification
    /// with this stage and starts no further stage. The engine cannot lift it off the road
    /// mid-stage, so its team's choices for it still count on the board until the stage ends.
    pub async fn abandon_rider(
        &self,
        actor: &Actor,
        channel_id: &str,
        rider: &str,
    ) -> ServiceResult {
        require_admin(actor, &msg!("admin-action-abandon"))?;
        let _guard = self.lock(channel_id).await;
        let mut tx = self.store.begin_channel(channel_id).await?;
        let tour = self.active_tour(&mut tx, channel_id).await?;
        require_started(&tour)?;
        let list = riders::list(&mut tx, tour.id).await?;
        let mut found = find_rider(&list, rider)?.clone();
        if found.abandoned {
            return Err(ServiceError::refused(msg!(
                "admin-already-abandoned",
                rider = found.key.to_string()
            )));
        }
        found.abandoned = true;
        riders::update(&mut tx, tour.id, &found).await?;
        let text = in_tour(&tour, || {
            msg!(
                "admin-abandons",
                rider = found.key.to_string(),
                number = found.start_number,
                stage = tour.current_stage
            )
        });
        self.store.commit(tx).await?;
        Ok(Reply::public(text))
    }

    /// Ends the tour now; the winners are the leaders after the last finished stage.
    pub async fn end_tour(&self, actor: &Actor, channel_id: &str) -> ServiceResult {
        require_admin(actor, &msg!("admin-action-end"))?;
        let _guard = self.lock(channel_id).await;
        let now = self.now();
        let mut tx = self.store.begin_channel(channel_id).await?;
        let tour = self.active_tour(&mut tx, channel_id).await?;
        let done = results::list(&mut tx, tour.id).await?;
        if let Some(stage) = stages::get(&mut tx, tour.id, tour.current_stage).await? {
            stages::set_deadline(&mut tx, stage.id, None).await?;
        }
        tours::set_status(&mut tx, tour.id, TourStatus::Finished, now).await?;
        votes::cancel_open(&mut tx, tour.id, now, &in_tour(&tour, tour_over)).await?;
        self.store.commit(tx).await?;
        if done.is_empty() {
            return Ok(Reply::public(in_tour(&tour, || msg!("admin-ended-early"))));
        }
        let winners = narrate::classify(&tour, &done)?;
        Ok(Reply::public(in_tour(&tour, || {
            msg!(
                "admin-ended",
                stage = done.len(),
                winners = narrate::winners_text(&winners)
            )
        })))
    }
}
