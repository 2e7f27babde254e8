//! Repêchage (VM-085, ruling A-48): an admin proposes to bring back a rider who abandoned, the
//! directeurs sportifs vote, and a rider voted back starts the next stage to begin, credited for
//! the stages it did not finish with their last classified time plus one minute.
//!
//! The count is the engine's ([`count_votes`]); this module runs the vote: who may propose and
//! when, who votes, when it closes, and how the result is announced and applied, all in the
//! transaction that closes it. Rulings of ours where A-48 is silent:
//!
//! - Only directeurs of teams a person directs vote, one ballot each, which they may change until
//!   the vote closes; bots have no vote. A team handed to a bot during the vote loses its ballot.
//! - The vote closes when every such directeur has voted, or at its deadline (the tour's turn
//!   deadline unless the admin gives another). Nobody voting is a tie of 0 to 0.
//! - On a tie the extra vote is that of the directeur of the team whose rider won the last
//!   finished stage when the vote closes. If a bot rides that team, if its directeur did not
//!   vote, or if no stage has finished, the tie stands and the rider stays out (the status quo).
//! - A rider may be proposed during the stage it left or the next one (A-48: "abandoned in the
//!   current or the stage just finished"), once per stage left: a vote that failed is the
//!   directeurs' answer. A stage sees at most one rider brought back ([`REPECHAGES_PER_STAGE`]).
//!   One vote at a time per tour.
//! - No proposal in the last stage (no next stage to start) or while the tour is paused. A vote
//!   that passes once the tour has reached its last stage is cancelled, for the same reason; a
//!   vote still open when the tour ends is cancelled.
//! - A pause stops the race's clock, not the vote's: directeurs may vote while paused, and the
//!   scheduler closes a vote at its deadline either way.
//! - The rider comes back at the start of the next stage to begin after the vote passes (our
//!   stages start back to back, so the stage after the one being raced), at the back of the grid
//!   (it comes back from the broom wagon, with no place in the general classification to line
//!   up by), with the exhaustion cards it held when it left.

use super::live::tour_over;
use super::lobby::duration_text;
use super::{
    Actor, ButtonSpec, Reply, ServiceError, ServiceResult, Services, in_tour, require_admin,
    require_started, vote_button_id,
};
use crate::clock::Timestamp;
use crate::store::Conn;
use crate::store::teams::{self, TeamRow};
use crate::store::tours::{self, TourStatus};
use crate::store::votes::{self, Closing, NewVote, VoteRow, VoteStatus};
use crate::store::{results, riders, stages};
use commissaire_engine::registry;
use commissaire_engine::tour::tables::REPECHAGES_PER_STAGE;
use commissaire_engine::tour::{StageResult, TourRider, count_votes};
use commissaire_messages::{Language, msg, speaking};

impl Services {
    /// Opens a repêchage vote for a rider who abandoned (admins only), by name or start number.
    /// `window_secs` is how long the vote stays open; by default the tour's turn deadline.
    pub async fn propose_repechage(
        &self,
        actor: &Actor,
        channel_id: &str,
        rider: &str,
        window_secs: Option<i64>,
    ) -> ServiceResult {
        require_admin(actor, &msg!("admin-action-repechage"))?;
        if window_secs.is_some_and(|w| w < 1) {
            return Err(ServiceError::refused(msg!("repechage-window-too-short")));
        }
        let _guard = self.lock(channel_id).await;
        let now = self.now();
        let mut tx = self.store.begin_channel(channel_id).await?;
        let tour = self.active_tour(&mut tx, channel_id).await?;
        require_started(&tour)?;
        if tour.status == TourStatus::Paused {
            return Err(ServiceError::refused(msg!("repechage-paused")));
        }
        let list = riders::list(&mut tx, tour.id).await?;
        let found = find_rider(&list, rider)?.clone();
        let name = &found.key;
        if !found.abandoned {
            return Err(ServiceError::refused(msg!(
                "repechage-not-abandoned",
                rider = name.to_string()
            )));
        }
        let total = self.stage_count(&tour.preset)?;
        let current = tour.current_stage;
        let left = self
            .stage_left(&mut tx, &tour.ruleset, tour.id, current, &found)
            .await?;
        let about = votes::about_stage(&mut tx, tour.id, left).await?;
        if let Some(v) = about
            .iter()
            .find(|v| &v.rider == name && v.status == VoteStatus::Passed)
        {
            return Err(ServiceError::refused(msg!(
                "repechage-already-back",
                rider = name.to_string(),
                stage = v.rejoins_stage.unwrap_or(current + 1)
            )));
        }
        if current >= total {
            return Err(ServiceError::refused(msg!(
                "repechage-last-stage",
                stage = current
            )));
        }
        if left + 1 < current {
            return Err(ServiceError::refused(msg!(
                "repechage-too-late",
                rider = name.to_string(),
                left = left,
                current = current
            )));
        }
        if let Some(open) = votes::open_in_tour(&mut tx, tour.id).await? {
            return Err(ServiceError::refused(msg!(
                "repechage-already-open",
                rider = open.rider.to_string(),
                left = duration_text((open.closes_at - now).max(1))
            )));
        }
        let passed: Vec<&VoteRow> = about
            .iter()
            .filter(|v| v.status == VoteStatus::Passed)
            .collect();
        if passed.len() as u32 >= REPECHAGES_PER_STAGE {
            return Err(ServiceError::refused(msg!(
                "repechage-stage-done",
                stage = left,
                rider = passed[0].rider.to_string()
            )));
        }
        if about
            .iter()
            .any(|v| &v.rider == name && v.status == VoteStatus::Failed)
        {
            return Err(ServiceError::refused(msg!(
                "repechage-voted-out",
                rider = name.to_string(),
                stage = left
            )));
        }
        let list = teams::list(&mut tx, tour.id).await?;
        let humans: Vec<&TeamRow> = list.iter().filter(|t| !t.is_bot()).collect();
        if humans.is_empty() {
            return Err(ServiceError::refused(msg!("repechage-no-voters")));
        }
        let window = window_secs.unwrap_or(tour.turn_deadline_secs);
        let id = votes::insert(
            &mut tx,
            &NewVote {
                tour_id: tour.id,
                rider: name,
                stage: left,
                proposer: &actor.user_id,
                opened_at: now,
                closes_at: now + window,
            },
        )
        .await?;
        let done = results::list(&mut tx, tour.id).await?;
        self.store.commit(tx).await?;

        let team = &list[found.team as usize].name;
        let voters: Vec<&str> = humans.iter().map(|t| t.name.as_str()).collect();
        let rider = name.to_string();
        // The question is the channel's: in the tour's language.
        Ok(in_tour(&tour, || {
            let tie = match winner_team(&done) {
                Some((_, winner)) if humans.iter().any(|t| t.name == winner) => {
                    msg!("repechage-tie-breaker", team = winner)
                }
                Some((stage, winner)) => msg!(
                    "repechage-tie-bot",
                    team = winner,
                    stage = stage,
                    rider = &rider
                ),
                None => msg!("repechage-tie-none", rider = &rider),
            };
            let text = msg!(
                "repechage-proposed",
                rider = &rider,
                number = found.start_number,
                team = team,
                stage = left,
                voters = voters.join(", "),
                window = duration_text(window),
                tie = tie
            );
            Reply::public(text).with_buttons(vec![
                ButtonSpec {
                    id: vote_button_id(tour.id, id, true),
                    label: msg!("repechage-button-yes", rider = &rider),
                },
                ButtonSpec {
                    id: vote_button_id(tour.id, id, false),
                    label: msg!("repechage-button-no"),
                },
            ])
        }))
    }

    /// A directeur's ballot. Answered privately; the last ballot closes the vote, and the
    /// public result comes as a followup.
    pub async fn vote(
        &self,
        actor: &Actor,
        channel_id: &str,
        vote_id: i64,
        yes: bool,
    ) -> ServiceResult {
        let _guard = self.lock(channel_id).await;
        let now = self.now();
        let mut tx = self.store.begin_channel(channel_id).await?;
        let vote = votes::get(&mut tx, vote_id)
            .await?
            .filter(|v| v.channel_id == channel_id)
            .ok_or_else(|| ServiceError::refused(msg!("repechage-no-such-vote", vote = vote_id)))?;
        if vote.status != VoteStatus::Open {
            return Err(ServiceError::refused(match vote.outcome.as_deref() {
                Some(outcome) => msg!("repechage-closed", outcome = outcome),
                None => msg!("repechage-closed-announced"),
            }));
        }
        let list = teams::list(&mut tx, vote.tour_id).await?;
        if !list
            .iter()
            .any(|t| t.director.as_deref() == Some(&actor.user_id))
        {
            return Err(ServiceError::refused(msg!("repechage-not-a-voter")));
        }
        if now >= vote.closes_at {
            // The scheduler has not closed it yet: close it now, so the result is not lost.
            let result = self.close_vote(&mut tx, &vote, now).await?;
            self.store.commit(tx).await?;
            let mut reply = Reply::private(msg!("repechage-vote-too-late"));
            reply.followups.push(result);
            return Ok(reply);
        }
        votes::cast(&mut tx, vote.id, &actor.user_id, yes, now).await?;
        let said = if yes { "yes" } else { "no" };
        let reply = if everyone_voted(&mut tx, &vote, &list).await? {
            let result = self.close_vote(&mut tx, &vote, now).await?;
            let mut reply = Reply::private(msg!("repechage-voted-last", vote = said));
            reply.followups.push(result);
            reply
        } else {
            Reply::private(msg!("repechage-voted", vote = said))
        };
        self.store.commit(tx).await?;
        Ok(reply)
    }

    /// For the scheduler: closes every vote past its deadline, or whose voters have all voted
    /// (a directeur replaced by a bot can complete a vote), with the channel to announce it in.
    pub(crate) async fn close_due_votes(
        &self,
        now: Timestamp,
    ) -> Result<Vec<(String, Reply)>, ServiceError> {
        // Most ticks find no vote open: look before taking the locks.
        let open = votes::open_all(&mut *self.store.read().await?).await?;
        if open.is_empty() {
            return Ok(Vec::new());
        }
        let channels: Vec<String> = open.iter().map(|v| v.channel_id.clone()).collect();
        let _guards = self.locks.lock_all(&channels).await;
        // The time when the locks are held, not when the pass began (never earlier than that).
        let now = now.max(self.now());
        let mut tx = self.store.begin().await?;
        self.store.lock_channels(&mut tx, &channels).await?;
        let mut out = Vec::new();
        // A vote opened since the look above waits for the next tick: its lock is not held.
        for vote in votes::open_all(&mut tx)
            .await?
            .into_iter()
            .filter(|v| channels.contains(&v.channel_id))
        {
            let list = teams::list(&mut tx, vote.tour_id).await?;
            if now >= vote.closes_at || everyone_voted(&mut tx, &vote, &list).await? {
                let reply = self.close_vote(&mut tx, &vote, now).await?;
                out.push((vote.channel_id.clone(), reply));
            }
        }
        self.store.commit(tx).await?;
        Ok(out)
    }

    /// Counts, records and applies the result, and says it. The rider voted back is started by
    /// `start_stage` when the stage `rejoins_stage` begins.
    async fn close_vote(
        &self,
        conn: &mut Conn,
        vote: &VoteRow,
        now: Timestamp,
    ) -> Result<Reply, ServiceError> {
        let name = &vote.rider;
        // The result is the channel's: in the tour's language, whoever cast the last ballot.
        let language = tours::get(conn, vote.tour_id)
            .await?
            .map_or_else(Language::default, |t| t.language);
        let tour = tours::active_in_channel(conn, &vote.channel_id)
            .await?
            .filter(|t| t.id == vote.tour_id);
        let Some(tour) = tour else {
            // The tour ended without cancelling the vote: nothing left to apply it to.
            votes::cancel_open(conn, vote.tour_id, now, &speaking(language, tour_over)).await?;
            return Ok(Reply::public(speaking(language, || {
                msg!(
                    "repechage-result",
                    rider = name.to_string(),
                    outcome = format!("{}.", tour_over())
                )
            })));
        };
        let list = teams::list(conn, tour.id).await?;
        let ballots: Vec<(String, bool)> = votes::ballots(conn, vote.id)
            .await?
            .into_iter()
            .filter(|(who, _)| list.iter().any(|t| t.director.as_deref() == Some(who)))
            .collect();
        let done = results::list(conn, tour.id).await?;
        let winner = winner_team(&done);
        let winner_row = winner.and_then(|(_, team)| list.iter().find(|t| t.name == team));
        let winner_director = winner_row.and_then(|t| t.director.clone());
        let count = count_votes(&ballots, winner_director.as_ref());

        let rider = name.to_string();
        let total = self.stage_count(&tour.preset)?;
        let next = tour.current_stage + 1;
        let (status, rejoins, outcome, text) = in_tour(&tour, || {
            let tally = if ballots.is_empty() {
                msg!("repechage-nobody-voted")
            } else {
                let (yes, no) = (count.yes, count.no);
                match (count.extra_vote, winner) {
                    (Some(_), Some((stage, team))) => msg!(
                        "repechage-tally-extra",
                        yes = yes,
                        no = no,
                        team = team,
                        stage = stage
                    ),
                    (None, _) if count.yes != count.no => {
                        msg!("repechage-tally", yes = yes, no = no)
                    }
                    (_, None) => msg!("repechage-tally-tie-no-winner", yes = yes, no = no),
                    (None, Some((stage, team))) if winner_director.is_none() => msg!(
                        "repechage-tally-tie-bot",
                        yes = yes,
                        no = no,
                        team = team,
                        stage = stage
                    ),
                    (None, Some((stage, team))) => msg!(
                        "repechage-tally-tie-no-vote",
                        yes = yes,
                        no = no,
                        team = team,
                        stage = stage
                    ),
                }
            };
            let (status, rejoins, outcome) = if !count.reinstated {
                let outcome = msg!("repechage-stays-out", tally = tally, rider = &rider);
                (VoteStatus::Failed, None, outcome)
            } else if next > total {
                let outcome = msg!(
                    "repechage-passed-too-late",
                    tally = tally,
                    stage = tour.current_stage,
                    rider = &rider
                );
                (VoteStatus::Cancelled, None, outcome)
            } else {
                let outcome = msg!(
                    "repechage-brought-back",
                    tally = tally,
                    rider = &rider,
                    stage = next,
                    missed = stages_text(vote.stage, next - 1)
                );
                (VoteStatus::Passed, Some(next), outcome)
            };
            let text = msg!("repechage-result", rider = &rider, outcome = &outcome);
            (status, rejoins, outcome, text)
        });
        let closed = votes::close(
            conn,
            vote.id,
            &Closing {
                status,
                at: now,
                yes_votes: count.yes,
                no_votes: count.no,
                extra_vote: count.extra_vote,
                rejoins_stage: rejoins,
                outcome: &outcome,
            },
        )
        .await?;
        if !closed {
            return Err(ServiceError::Broken(msg!(
                "repechage-closed-twice",
                vote = vote.id
            )));
        }
        Ok(Reply::public(text))
    }

    fn stage_count(&self, preset: &str) -> Result<u32, ServiceError> {
        Ok(self
            .library
            .preset(preset)
            .map_err(ServiceError::Broken)?
            .stages
            .len() as u32)
    }

    /// The stage a rider out of the race left: the one being raced if it started it (the
    /// engine cannot lift it off the road, so it is there until the finish), else the one the
    /// stage results say.
    async fn stage_left(
        &self,
        conn: &mut Conn,
        ruleset: &str,
        tour_id: i64,
        current: u32,
        rider: &TourRider,
    ) -> Result<u32, ServiceError> {
        let stage = stages::get(conn, tour_id, current).await?;
        if stage.is_some_and(|s| !s.finished && s.starters.iter().any(|r| r.key == rider.key)) {
            return Ok(current);
        }
        let done = results::list(conn, tour_id).await?;
        registry::stage_left(ruleset, &done, &rider.key)
            .map_err(ServiceError::Broken)?
            .ok_or_else(|| {
                ServiceError::Broken(msg!(
                    "repechage-no-stage-left",
                    rider = rider.key.to_string()
                ))
            })
    }
}

/// A rider of the tour by name or start number, or the refusal that says what to give.
pub(crate) fn find_rider<'a>(
    list: &'a [TourRider],
    wanted: &str,
) -> Result<&'a TourRider, ServiceError> {
    let wanted = wanted.trim();
    list.iter()
        .find(|r| {
            r.key.as_str().eq_ignore_ascii_case(wanted) || r.start_number.to_string() == wanted
        })
        .ok_or_else(|| ServiceError::refused(msg!("repechage-no-such-rider", rider = wanted)))
}

/// The last finished stage and its winner's team.
fn winner_team(done: &[StageResult]) -> Option<(u32, &str)> {
    let last = done.last()?;
    let winner = last.riders.iter().find(|r| r.place == Some(1))?;
    Some((last.number, winner.team.as_str()))
}

/// Whether every directeur of a team a person directs has a ballot in the vote.
async fn everyone_voted(
    conn: &mut Conn,
    vote: &VoteRow,
    teams: &[TeamRow],
) -> Result<bool, ServiceError> {
    let ballots = votes::ballots(conn, vote.id).await?;
    Ok(teams
        .iter()
        .filter_map(|t| t.director.as_deref())
        .all(|d| ballots.iter().any(|(who, _)| who == d)))
}

/// "stage 2", "stages 2 and 3", "stages 2 to 4".
fn stages_text(first: u32, last: u32) -> String {
    match last - first {
        0 => msg!("stages-one", first = first),
        1 => msg!("stages-two", first = first, last = last),
        _ => msg!("stages-range", first = first, last = last),
    }
}
