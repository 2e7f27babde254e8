//! A tour being raced, rebuilt from the store, and the one loop that moves it on: record a
//! choice, let the bots play their seats, open the next round, finish the stage, start the next
//! stage or finish the tour. Every service that changes a running tour goes through here, inside
//! its transaction, so the whole consequence of a request lands at once.

use super::narrate::{self, RoundNews};
use super::owed::Picture;
use super::{ServiceError, Services, TeamTick, TurnCard};
use crate::clock::Timestamp;
use crate::store::choices::{self, NewChoice, Source};
use crate::store::stages::{self, NewStage, StageRow};
use crate::store::teams::{self, TeamRow};
use crate::store::tours::{self, TourRow, TourStatus};
use crate::store::{events, results, riders, votes};
use commissaire_engine::Course;
use commissaire_engine::Seat;
use commissaire_engine::card_race::bot::{Policy, SensibleBot};
use commissaire_engine::card_race::{Choice, Event, RuleError, Stage};
use commissaire_engine::game::{Ruleset, replay};
use commissaire_engine::tour::{
    FinalWinners, Outcome, RiderKey, StageResult, TourOptions, TourRider, carry_over,
    final_winners, stage_result, stage_setup, standings,
};
use commissaire_render::Classification;
use sqlx::SqliteConnection;
use std::collections::HashSet;

/// A running (or paused) tour with its current stage rebuilt by replay.
pub(crate) struct Live {
    pub tour: TourRow,
    /// By seat.
    pub teams: Vec<TeamRow>,
    pub row: StageRow,
    pub stage: Stage,
    /// Choices and events stored for this stage: the next sequence numbers.
    pub choices: u32,
    pub events: u32,
}

impl Live {
    pub fn team_of(&self, user_id: &str) -> Option<&TeamRow> {
        self.teams
            .iter()
            .find(|t| t.director.as_deref() == Some(user_id))
    }

    /// The seat of the team `user_id` directs, or the refusal for anyone else.
    pub fn director_seat(&self, user_id: &str) -> Result<Seat, ServiceError> {
        self.team_of(user_id)
            .map(|t| self.seat_of(t))
            .ok_or_else(|| ServiceError::refused("you are not in this tour"))
    }

    pub fn seat_of(&self, team: &TeamRow) -> Seat {
        team.seat.expect("a started tour seats every team")
    }

    /// Whether a seat still owes a choice in the round being played.
    pub fn owes(&self, seat: Seat) -> bool {
        !self.stage.legal_choices(seat).is_empty()
    }

    /// Human teams that still owe a choice this round.
    pub fn late_humans(&self) -> Vec<&TeamRow> {
        self.teams
            .iter()
            .filter(|t| !t.is_bot() && self.owes(self.seat_of(t)))
            .collect()
    }

    pub fn has_humans(&self) -> bool {
        self.teams.iter().any(|t| !t.is_bot())
    }

    /// Where the round being played stands, for its public message; `None` once nothing is
    /// left for a director to choose (a tour of bots, a finished stage or tour).
    pub fn turn_card(&self, title: String) -> Option<TurnCard> {
        if !self.has_humans() || self.stage.is_over() || self.tour.status == TourStatus::Finished {
            return None;
        }
        Some(TurnCard {
            tour_id: self.tour.id,
            stage: self.row.number,
            round: self.stage.round(),
            title,
            teams: self
                .teams
                .iter()
                .map(|t| TeamTick {
                    name: t.name.clone(),
                    director: t.director.clone(),
                    done: !self.owes(self.seat_of(t)),
                })
                .collect(),
            deadline: self.row.deadline,
        })
    }

    pub fn rider_name(&self, rider: u8) -> Option<&str> {
        self.stage
            .setup()
            .riders
            .get(rider as usize)
            .map(|r| r.id.as_str())
    }
}

/// What happened during one request, for the replies.
#[derive(Default)]
pub(crate) struct News {
    /// Rounds resolved, in order.
    pub rounds: Vec<RoundNews>,
    /// Teams the bot played for because their director ran out of time.
    pub timeouts: Vec<String>,
    /// Set when an admin closed the round before its deadline.
    pub closed_early: bool,
    /// Stages finished, with their title.
    pub results: Vec<(String, StageResult)>,
    /// Stages started: their number and title.
    pub started: Vec<(u32, String)>,
    /// Set when the tour ended.
    pub winners: Option<FinalWinners>,
    /// What to draw for the news, once committed (drawing inside the transaction would hold
    /// every writer up for as long as the pictures take).
    pub pictures: Vec<Picture>,
}

impl News {
    pub fn is_public(&self) -> bool {
        !self.rounds.is_empty()
            || !self.timeouts.is_empty()
            || !self.results.is_empty()
            || !self.started.is_empty()
            || self.winners.is_some()
    }
}

/// The seed of stage `number`: every stage differs, and the whole tour follows from one seed.
pub(crate) fn stage_seed(tour_seed: u64, number: u32) -> u64 {
    // SplitMix64 of the tour seed offset by the stage number: well mixed, fixed forever (a
    // change here would change every stored tour's replays).
    let mut z = tour_seed.wrapping_add((number as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

pub(crate) fn round_deadline(tour: &TourRow, now: Timestamp) -> Option<Timestamp> {
    (tour.status == TourStatus::Running).then_some(now + tour.turn_deadline_secs)
}

pub(crate) fn stage_title(number: u32, total: usize, course: &str) -> String {
    format!("Stage {number}/{total}, {course}")
}

impl Services {
    /// Rebuilds the tour's current stage: its setup from the course and the stored starters,
    /// then the stored choices replayed in order.
    pub(crate) async fn load_live(
        &self,
        conn: &mut SqliteConnection,
        tour: TourRow,
    ) -> Result<Live, ServiceError> {
        let teams = teams::list(conn, tour.id).await?;
        let row = stages::get(conn, tour.id, tour.current_stage)
            .await?
            .ok_or_else(|| {
                ServiceError::Broken(format!(
                    "tour {} has no stage {}",
                    tour.id, tour.current_stage
                ))
            })?;
        let course = self
            .library
            .course(&row.course)
            .map_err(ServiceError::Broken)?;
        let stored = choices::count(conn, row.id).await?;
        let (stage, choices) = match self.warm.get(row.id, row.seed, stored) {
            Some(stage) => (stage, stored),
            None => {
                let names: Vec<String> = teams.iter().map(|t| t.name.clone()).collect();
                let log = choices::log(conn, row.id).await?;
                let stage = rebuild(&course, &names, &row, &log)?;
                self.replayed
                    .fetch_add(log.len() as u64, std::sync::atomic::Ordering::Relaxed);
                // What was read is what is stored: nothing in a transaction records a choice
                // before it loads the stage, so this never runs ahead of a commit.
                self.warm
                    .put(row.id, row.seed, log.len() as u32, stage.clone());
                (stage, log.len() as u32)
            }
        };
        let events = events::count(conn, row.id).await?;
        Ok(Live {
            tour,
            teams,
            row,
            stage,
            choices,
            events,
        })
    }

    /// Keeps the stage as a request left it; call only once its transaction has committed, so
    /// a kept stage is never ahead of the store.
    pub(crate) fn keep(&self, live: &Live) {
        if live.stage.is_over() {
            self.warm.forget(live.row.id);
        } else {
            self.warm
                .put(live.row.id, live.row.seed, live.choices, live.stage.clone());
        }
    }

    /// Applies one choice and stores it with its events. A refused choice changes nothing and
    /// comes back as the engine's error.
    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn record(
        &self,
        conn: &mut SqliteConnection,
        live: &mut Live,
        seat: Seat,
        choice: &Choice,
        source: Source,
        user_id: Option<&str>,
        request_id: Option<&str>,
        now: Timestamp,
        news: &mut News,
    ) -> Result<Result<Vec<Event>, RuleError>, ServiceError> {
        let round = live.stage.round();
        let events = match live.stage.apply(seat, choice) {
            Ok(events) => events,
            Err(e) => return Ok(Err(e)),
        };
        choices::insert(
            conn,
            &NewChoice {
                stage_id: live.row.id,
                seq: live.choices,
                round,
                seat,
                choice,
                source,
                user_id,
                request_id,
                at: now,
            },
        )
        .await?;
        events::append(conn, live.row.id, live.events, live.choices, &events).await?;
        live.choices += 1;
        live.events += events.len() as u32;
        if events
            .iter()
            .any(|e| matches!(e, Event::CardsRevealed { .. }))
        {
            news.rounds
                .push(narrate::round(&live.stage, live.row.number, round, &events));
        }
        Ok(Ok(events))
    }

    /// Plays, with the sensible bot, every decision the given seats owe in the current round.
    /// Returns whether anything was played.
    pub(crate) async fn bot_plays(
        &self,
        conn: &mut SqliteConnection,
        live: &mut Live,
        seats: &[Seat],
        source: Source,
        now: Timestamp,
        news: &mut News,
    ) -> Result<bool, ServiceError> {
        let mut played = false;
        let round = live.stage.round();
        for &seat in seats {
            loop {
                if live.stage.is_over() || live.stage.round() != round {
                    return Ok(played);
                }
                let options = live.stage.legal_choices(seat);
                if options.is_empty() {
                    break;
                }
                let choice = SensibleBot.choose(&live.stage, seat, &options);
                self.record(conn, live, seat, &choice, source, None, None, now, news)
                    .await?
                    .map_err(|e| {
                        ServiceError::Broken(format!("the bot chose an illegal move: {e}"))
                    })?;
                played = true;
            }
        }
        Ok(played)
    }

    /// Moves the tour on after a change: bots play the seats they ride, each new round gets its
    /// deadline, a finished stage is scored and the next one starts. Stops when a human owes a
    /// choice, when the tour ends, or, in a tour with no human left, after each stage, so a
    /// tour of bots advances one stage per call (see `advance`).
    pub(crate) async fn settle(
        &self,
        conn: &mut SqliteConnection,
        live: &mut Live,
        now: Timestamp,
        news: &mut News,
    ) -> Result<(), ServiceError> {
        loop {
            if live.stage.is_over() {
                match self.finish_stage(conn, live, now, news).await? {
                    None => return Ok(()),
                    Some(next) => {
                        *live = next;
                        if !live.has_humans() {
                            return Ok(());
                        }
                    }
                }
                continue;
            }
            let round = live.stage.round();
            if round != live.row.round {
                let deadline = round_deadline(&live.tour, now);
                stages::set_round(conn, live.row.id, round, deadline).await?;
                live.row.round = round;
                live.row.deadline = deadline;
            }
            let bots: Vec<Seat> = live
                .teams
                .iter()
                .filter(|t| t.is_bot())
                .map(|t| live.seat_of(t))
                .collect();
            if !self
                .bot_plays(conn, live, &bots, Source::Bot, now, news)
                .await?
            {
                return Ok(());
            }
        }
    }

    /// Scores the finished stage, carries the riders over, and starts the next stage (returned)
    /// or ends the tour (`None`).
    async fn finish_stage(
        &self,
        conn: &mut SqliteConnection,
        live: &mut Live,
        now: Timestamp,
        news: &mut News,
    ) -> Result<Option<Live>, ServiceError> {
        let preset = self
            .library
            .preset(&live.tour.preset)
            .map_err(ServiceError::Broken)?;
        let number = live.row.number;
        let mut tour_riders = riders::list(conn, live.tour.id).await?;
        let mut result = stage_result(&live.stage, number, live.row.kind, &tour_riders);
        // Riders a repêchage brought back into this stage: the classifications credit them
        // for the stages they did not finish.
        result.rejoined = votes::rejoining(conn, live.tour.id, number).await?;
        let gone: HashSet<RiderKey> = tour_riders
            .iter()
            .filter(|r| r.abandoned)
            .map(|r| r.key.clone())
            .collect();
        mark_abandoned(&mut result, &gone);
        results::insert(conn, live.tour.id, &result).await?;
        carry_over(&live.stage, &mut tour_riders);
        for r in &tour_riders {
            riders::update(conn, live.tour.id, r).await?;
        }
        stages::finish(conn, live.row.id).await?;
        if self.pictures {
            let tour_id = live.tour.id;
            let choices = live.choices;
            news.pictures.push(Picture::Board {
                tour_id,
                stage: number,
                choices,
                title: format!("Stage {number}, finish"),
                file: format!("stage-{number}-finish.png"),
            });
            // The whole stage at a glance, with where every rider ended it.
            news.pictures.push(Picture::Profile {
                tour_id,
                stage: number,
                choices,
                title: format!("Stage {number}"),
                file: format!("stage-{number}-profile.png"),
            });
            // The three jerseys' standings after the stage; /standings has the other three.
            for c in [
                Classification::General,
                Classification::Points,
                Classification::Mountains,
            ] {
                news.pictures.push(Picture::Standings {
                    tour_id,
                    after_stage: number,
                    classification: c.slug().to_string(),
                });
            }
        }
        let title = stage_title(number, preset.stages.len(), &live.stage.course().name);
        news.results.push((title, result));
        let anyone_left = tour_riders.iter().any(|r| !r.abandoned)
            || !votes::rejoining(conn, live.tour.id, number + 1)
                .await?
                .is_empty();
        if number as usize >= preset.stages.len() || !anyone_left {
            votes::cancel_open(conn, live.tour.id, now, TOUR_OVER).await?;
            let all = results::list(conn, live.tour.id).await?;
            news.winners = Some(
                final_winners(&all, &TourOptions::default())
                    .map_err(|e| ServiceError::Broken(e.to_string()))?,
            );
            tours::set_status(conn, live.tour.id, TourStatus::Finished, now).await?;
            live.tour.status = TourStatus::Finished;
            return Ok(None);
        }
        let teams = live.teams.clone();
        let next = self
            .start_stage(conn, live.tour.clone(), teams, number + 1, now, news)
            .await?;
        Ok(Some(next))
    }

    /// Starts stage `number`: riders still in the race on the grid in general-classification
    /// order (start numbers for the first stage), its own seed, its first round open.
    pub(crate) async fn start_stage(
        &self,
        conn: &mut SqliteConnection,
        mut tour: TourRow,
        teams: Vec<TeamRow>,
        number: u32,
        now: Timestamp,
        news: &mut News,
    ) -> Result<Live, ServiceError> {
        let preset = self
            .library
            .preset(&tour.preset)
            .map_err(ServiceError::Broken)?;
        let plan = preset
            .stages
            .get(number as usize - 1)
            .ok_or_else(|| ServiceError::Broken(format!("the preset has no stage {number}")))?;
        let course = self
            .library
            .course(&plan.course)
            .map_err(ServiceError::Broken)?;
        // A rider a repêchage vote brought back starts this stage; with no general
        // classification place yet, it lines up at the back of the grid.
        let back = votes::rejoining(conn, tour.id, number).await?;
        let mut starters: Vec<TourRider> = riders::list(conn, tour.id)
            .await?
            .into_iter()
            .filter(|r| !r.abandoned || back.contains(&r.key))
            .collect();
        for r in starters.iter_mut().filter(|r| r.abandoned) {
            r.abandoned = false;
            riders::update(conn, tour.id, r).await?;
        }
        let done = results::list(conn, tour.id).await?;
        if !done.is_empty() {
            let table = standings(&done, &TourOptions::default())
                .map_err(|e| ServiceError::Broken(e.to_string()))?;
            let rank = |key: &RiderKey| {
                table
                    .general
                    .iter()
                    .position(|row| row.rider.as_ref() == Some(key))
                    .unwrap_or(usize::MAX)
            };
            starters.sort_by_key(|r| (rank(&r.key), r.start_number));
        }
        let seed = stage_seed(tour.seed, number);
        let deadline = round_deadline(&tour, now);
        let id = stages::insert(
            conn,
            &NewStage {
                tour_id: tour.id,
                number,
                course: &plan.course,
                kind: plan.kind,
                seed,
                starters: &starters,
                deadline,
            },
        )
        .await?;
        tours::set_current_stage(conn, tour.id, number).await?;
        tour.current_stage = number;
        let names: Vec<String> = teams.iter().map(|t| t.name.clone()).collect();
        let refs: Vec<&TourRider> = starters.iter().collect();
        let stage = Stage::new(stage_setup(&course, &names, &refs), seed)
            .map_err(|e| ServiceError::Broken(format!("stage {number} cannot start: {e}")))?;
        let title = plan
            .name
            .clone()
            .unwrap_or_else(|| stage_title(number, preset.stages.len(), &course.name));
        news.started.push((number, title));
        Ok(Live {
            row: StageRow {
                id,
                tour_id: tour.id,
                number,
                course: plan.course.clone(),
                kind: plan.kind,
                seed,
                starters,
                finished: false,
                round: 1,
                deadline,
            },
            tour,
            teams,
            stage,
            choices: 0,
            events: 0,
        })
    }
}

/// A stage's state after the choices of `log`: its setup from the course, the team names and
/// the stored starters, then the choices replayed in order.
pub(crate) fn rebuild(
    course: &Course,
    team_names: &[String],
    row: &StageRow,
    log: &[(Seat, Choice)],
) -> Result<Stage, ServiceError> {
    let starters: Vec<&TourRider> = row.starters.iter().collect();
    let setup = stage_setup(course, team_names, &starters);
    let (stage, _) = replay::<Stage>(setup, row.seed, log).map_err(|e| {
        ServiceError::Broken(format!("stage {} cannot be rebuilt: {e}", row.number))
    })?;
    Ok(stage)
}

/// Why a vote still open when the tour ends is cancelled, as a vote's outcome.
pub(crate) const TOUR_OVER: &str = "the tour ended before the vote closed; nobody was brought back";

/// Riders an admin took out of the race leave the stage's result: no time, no place, no line
/// points (the places of the others close up, as the classifications want 1..=n).
fn mark_abandoned(result: &mut StageResult, gone: &HashSet<RiderKey>) {
    if gone.is_empty() {
        return;
    }
    for r in &mut result.riders {
        if gone.contains(&r.rider) {
            r.outcome = Outcome::Abandoned;
            r.place = None;
        }
    }
    let mut placed: Vec<(u32, usize)> = result
        .riders
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.place.map(|p| (p, i)))
        .collect();
    placed.sort_unstable();
    for (new, (_, i)) in placed.into_iter().enumerate() {
        result.riders[i].place = Some(new as u32 + 1);
    }
    for line in &mut result.sprints {
        line.order.retain(|k| !gone.contains(k));
    }
    for summit in &mut result.summits {
        summit.order.retain(|k| !gone.contains(k));
    }
}
