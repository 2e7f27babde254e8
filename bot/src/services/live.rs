//! A tour being raced, rebuilt from the store, and the one loop that moves it on: record a
//! choice, let the bots play their seats, open the next round, finish the stage, start the next
//! stage or finish the tour. Every service that changes a running tour goes through here, inside
//! its transaction, so the whole consequence of a request lands at once.

use super::narrate::{self, RoundNews};
use super::owed::Picture;
use super::reads::StageRows;
use super::{ServiceError, Services, TeamTick, TurnCard, in_tour};
use crate::clock::Timestamp;
use crate::store::choices::{self, NewChoice, Source};
use crate::store::stages::{self, NewStage, StageRow};
use crate::store::teams::TeamRow;
use crate::store::tours::{self, TourRow, TourStatus};
use crate::store::{Batch, Conn};
use crate::store::{events, results, riders, votes};
use commissaire_engine::Course;
use commissaire_engine::Seat;
use commissaire_engine::game::Viewer;
use commissaire_engine::registry::{self, ChoiceError, DynStage, Events, Key, Sentence};
use commissaire_engine::strong;
use commissaire_engine::tour::{
    Bots, Classification, Classifications, Outcome, RiderKey, StagePlan, StageResult, StageTime,
    TourRider, Unit, entrants_setup,
};
use commissaire_messages::{msg, sentence};
use serde_json::Value;
use std::collections::HashSet;
use std::sync::Arc;

/// A stage as the services hold it: shared, copied on its first change.
pub(crate) type SharedStage = Arc<Box<dyn DynStage>>;

/// A running (or paused) tour with its current stage rebuilt by replay.
pub(crate) struct Live {
    pub tour: TourRow,
    /// By seat.
    pub teams: Vec<TeamRow>,
    pub row: StageRow,
    /// Shared with the warm stages ([`WarmStages`](super::warm::WarmStages)) until a choice
    /// changes it: a question reads the kept stage without copying it, and a choice copies it
    /// once, on its first change ([`Live::stage_mut`]).
    pub stage: SharedStage,
    /// What the turn being played is called, as its game named it when the turn opened (see
    /// `DynStage::turn_name`): what players read, where [`Live::turn`] is the count.
    pub turn_name: Sentence,
    /// Choices and events stored for this stage: the next sequence numbers.
    pub choices: u32,
    pub events: u32,
    /// Whether the stage waited on an answer to a request (`DynStage::awaits_answer`) when its
    /// deadline was last set: a choice that changes it sets a new deadline.
    pub answering: bool,
    /// Which post of the channel the turn being played is told in (see [`Live::unit_now`]),
    /// as it was when the request last looked: a choice is told in the post of the turn it
    /// was played in, not the one it opened.
    pub unit: u32,
    /// What that turn is called, as its post's title: the game's name for it when it opened.
    pub unit_name: Sentence,
}

impl Live {
    /// The stage to change: a copy of its own when the warm stages (or another request) still
    /// hold it, so that what they keep stays what the store has committed.
    pub fn stage_mut(&mut self) -> &mut Box<dyn DynStage> {
        Arc::make_mut(&mut self.stage)
    }

    pub fn team_of(&self, user_id: &str) -> Option<&TeamRow> {
        self.teams
            .iter()
            .find(|t| t.director.as_deref() == Some(user_id))
    }

    /// The seat of the team `user_id` directs, or the refusal for anyone else.
    pub fn director_seat(&self, user_id: &str) -> Result<Seat, ServiceError> {
        self.team_of(user_id)
            .map(|t| self.seat_of(t))
            .ok_or_else(|| ServiceError::refused(msg!("lobby-not-in")))
    }

    pub fn seat_of(&self, team: &TeamRow) -> Seat {
        team.seat.expect("a started tour seats every team")
    }

    /// How the tour's game speaks of its turns.
    pub fn words(&self) -> registry::Words {
        super::words_of(&self.tour.ruleset)
    }

    /// Whether a seat owes a decision now.
    pub fn owes(&self, seat: Seat) -> bool {
        self.stage.owes(seat)
    }

    /// The turn being played: 1, then one more each time a turn settles. Deadlines, reminders,
    /// stored choices and turn cards count by it; players read [`Live::turn_name`] instead (the
    /// card race's bid steps settle turns before its round 1).
    pub fn turn(&self) -> u32 {
        self.row.round
    }

    /// What the turn being played is called, as a player reads it inside a sentence.
    pub fn turn_text(&self) -> String {
        sentence(&self.turn_name)
    }

    /// Teams whose director owes a decision now (not the bot's, nor one on autopilot).
    pub fn late_humans(&self) -> Vec<&TeamRow> {
        self.teams
            .iter()
            .filter(|t| !t.bot_decides() && self.owes(self.seat_of(t)))
            .collect()
    }

    /// Seats the bot decides for now: bots' teams and teams on autopilot.
    pub fn bot_seats(&self) -> Vec<Seat> {
        self.teams
            .iter()
            .filter(|t| t.bot_decides())
            .map(|t| self.seat_of(t))
            .collect()
    }

    /// Whether a change that told `news` leaves nothing more for its transaction to do: the
    /// stage goes on, no bot owes a decision ([`Services::bot_plays`] would play none: a bot
    /// plays only what the stage lists for it) and nothing is to be posted
    /// ([`Services::owe_news`]). Its writes can then go with its commit.
    pub fn nothing_follows(&self, news: &News) -> bool {
        !self.stage.is_over()
            && !news.is_public()
            && self
                .bot_seats()
                .into_iter()
                .all(|seat| self.stage.pending_for(seat).is_none())
    }

    /// Whether some director makes their own decisions now (not on autopilot).
    pub fn anyone_chooses(&self) -> bool {
        self.teams.iter().any(|t| !t.bot_decides())
    }

    pub fn has_humans(&self) -> bool {
        self.teams.iter().any(|t| !t.is_bot())
    }

    /// Whether the channel follows the race post by post: one post a turn, opened with the
    /// turn and edited as its moves are told, whose last edit tells how it ended (issue 32,
    /// item 12). Only with directors: a tour of bots has no one following it in the channel,
    /// and is told a stage at a time.
    pub fn followed(&self) -> bool {
        self.has_humans()
    }

    /// Whether the game tells its turns choice by choice, in phases of short turns (see
    /// `DynStage::phase`): each choice's public lines go into the phase's post as it is played.
    /// Otherwise a turn is told when it settles.
    pub fn phased(&self) -> bool {
        self.stage.phase().is_some()
    }

    /// Which post the turn being played now is told in: the game's phase for a game told in
    /// phases, else the services' count of turns (one post a turn, e.g. a card-race round).
    pub fn unit_now(&self) -> u32 {
        self.stage.phase().unwrap_or(self.row.round)
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
            round: self.turn(),
            turn: self.turn_text(),
            title,
            language: self.tour.language,
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
            play_command: None,
        })
    }
}

/// What happened during one request, for the replies.
#[derive(Default)]
pub(crate) struct News {
    /// Rounds resolved, in order: how a tour nobody follows (bots alone) is told, in brief.
    pub rounds: Vec<RoundNews>,
    /// In a tour the channel follows ([`Live::followed`]): the turns this request told, each
    /// the news of its own post, in the order they were played.
    pub turns: Vec<TurnNews>,
    /// What mattered in the choices played up to the next settled turn (`DynStage::notable`;
    /// a game of many rolls a round: the crashes of the moves after a roll), told with it: its
    /// name is the turn those choices were played in.
    pub notable: Vec<commissaire_engine::registry::Sentence>,
    /// Teams the bot played for because their director ran out of time.
    pub timeouts: Vec<String>,
    /// Set when an admin closed the round before its deadline.
    pub closed_early: bool,
    /// Stages finished, with their title and how they are told (see [`Scored`]).
    pub results: Vec<(String, StageResult, Scored)>,
    /// Stages started: their number and title.
    pub started: Vec<(u32, String)>,
    /// The commitment to each stage started, as the channel reads it under the stage's start.
    pub sealed: Vec<(u32, String)>,
    /// The seed of each stage finished, as the channel reads it under the stage's result.
    pub revealed: Vec<(u32, String)>,
    /// Set when the tour ended: the classifications, whose jersey holders are the winners.
    pub winners: Option<Classifications>,
    /// What to draw for the news, once committed (drawing inside the transaction would hold
    /// every writer up for as long as the pictures take).
    pub pictures: Vec<Picture>,
}

/// What a finished stage is told with.
#[derive(Debug, Clone)]
pub(crate) enum Scored {
    /// What the stage alone scored in the tour's leading classification, when that counts
    /// points rather than time (a world cup's event, HB-077).
    Points(Classification),
    /// Each classified rider's time, as the tour's game prices it, or why it has none.
    Times(Result<Vec<StageTime>, String>),
}

/// What a request told of one turn, for its post in the channel (a tour the channel follows):
/// the post is opened with the turn, edited as its moves are told, and its last edit tells how
/// it ended.
#[derive(Debug, Clone)]
pub(crate) struct TurnNews {
    pub stage: u32,
    /// Which post (see [`Live::unit_now`]).
    pub unit: u32,
    /// What the turn is called: its post's title.
    pub name: Sentence,
    /// Opened by this request: its post is new. Otherwise the news edits the turn's post.
    pub opened: bool,
    /// The title of the stage it starts, when it is the first turn of a stage started by this
    /// request.
    pub starts: Option<String>,
    /// What this request told of the turn, line by line, in order.
    pub lines: Vec<String>,
    /// Over within this request: its post's last edit, with no card and no button left.
    pub over: bool,
    /// How many choices of the stage had been made when the request last told of the turn:
    /// its board.
    pub choices: u32,
}

impl News {
    /// The news of the turn being played (opened by this request or an earlier one), made
    /// when the request first tells of it.
    fn turn_mut(&mut self, live: &Live) -> &mut TurnNews {
        let (stage, unit) = (live.row.number, live.unit);
        let at = match self
            .turns
            .iter()
            .position(|t| (t.stage, t.unit) == (stage, unit))
        {
            Some(at) => at,
            None => {
                self.turns.push(TurnNews {
                    stage,
                    unit,
                    name: live.unit_name.clone(),
                    opened: false,
                    starts: None,
                    lines: Vec::new(),
                    over: false,
                    choices: live.choices,
                });
                self.turns.len() - 1
            }
        };
        &mut self.turns[at]
    }

    /// A turn opens: its post is new (`starts`: the stage it is the first turn of).
    fn open_turn(&mut self, live: &Live, starts: Option<String>) {
        self.turns.push(TurnNews {
            stage: live.row.number,
            unit: live.unit,
            name: live.unit_name.clone(),
            opened: true,
            starts,
            lines: Vec::new(),
            over: false,
            choices: live.choices,
        });
    }

    pub fn is_public(&self) -> bool {
        !self.rounds.is_empty()
            || !self.turns.is_empty()
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

/// When the decision owed now closes: an answer to a request made in the middle of a turn (a
/// pact, `DynStage::awaits_answer`) takes the tour's answer deadline; a turn that waits on one
/// seat alone (a game of turns) takes the tour's deadline for a decision when it has one; any
/// other the round's. `None` while the tour is paused.
pub(crate) fn turn_deadline(
    tour: &TourRow,
    stage: &dyn DynStage,
    now: Timestamp,
) -> Option<Timestamp> {
    let secs = if stage.awaits_answer() {
        answer_secs(tour)
    } else {
        match tour.decision_deadline_secs {
            Some(secs) if stage.waiting_on().len() == 1 => secs,
            _ => tour.turn_deadline_secs,
        }
    };
    (tour.status == TourStatus::Running).then_some(now + secs)
}

/// How long a director has to answer another's request (a pact asked): a quarter of a decision's
/// time in whole minutes, so that a request never holds the race up for a whole turn, but never
/// less than a minute (nor more than the decision itself, when that is shorter).
pub(crate) fn answer_secs(tour: &TourRow) -> i64 {
    answer_secs_of(
        tour.decision_deadline_secs
            .unwrap_or(tour.turn_deadline_secs),
    )
}

/// The answer deadline of a tour whose decisions last `decision` seconds (see [`answer_secs`]).
pub(crate) fn answer_secs_of(decision: i64) -> i64 {
    (decision / 4 / 60 * 60).max(60).min(decision)
}

pub(crate) fn stage_title(number: u32, total: usize, course: &str) -> String {
    msg!(
        "stage-title",
        number = number,
        total = total,
        course = course
    )
}

/// How a stage is announced as it starts: the preset's name for it, or its number and course.
fn announced(plan: &StagePlan, number: u32, total: usize, course: &str) -> String {
    plan.name
        .clone()
        .unwrap_or_else(|| stage_title(number, total, course))
}

impl Services {
    /// The line that tells a stage of the tour starting, as the news prints it ("**Stage 2/7,
    /// Ronde van Wevelgem** starts.", in the tour's language); `None` for a stage its preset
    /// does not have. A terminal finds it in the news to tell what comes between two stages
    /// before it.
    pub fn stage_start_line(&self, tour: &TourRow, number: u32) -> Option<String> {
        let preset = self.library.preset(&tour.preset).ok()?;
        let plan = preset.stages.get(number.checked_sub(1)? as usize)?;
        let course = self.library.course(&plan.course).ok()?;
        Some(in_tour(tour, || {
            let title = announced(plan, number, preset.stages.len(), &course.name);
            msg!("news-stage-starts", title = title)
        }))
    }

    /// Rebuilds the tour's current stage: its setup from the course and the stored starters,
    /// then the stored choices replayed in order.
    pub(crate) async fn load_live(
        &self,
        conn: &mut Conn,
        tour: TourRow,
    ) -> Result<Live, ServiceError> {
        let rows = self.stage_rows(conn, &tour).await?;
        self.load_live_from(conn, tour, rows).await
    }

    /// The stage whose rows are `rows`, kept warm or replayed from the log.
    pub(crate) async fn load_live_from(
        &self,
        conn: &mut Conn,
        tour: TourRow,
        rows: StageRows,
    ) -> Result<Live, ServiceError> {
        if let Some(stage) = self.warm.get(rows.row.id, rows.row.seed, rows.choices) {
            return self.live_from(tour, rows, stage);
        }
        let course = self
            .library
            .course(&rows.row.course)
            .map_err(ServiceError::Broken)?;
        let names: Vec<String> = rows.teams.iter().map(|t| t.name.clone()).collect();
        let log = choices::log(conn, rows.row.id).await?;
        let (rows, log) = if log.len() == rows.choices as usize {
            (rows, log)
        } else {
            // A choice was stored since the rows were read (kept rows, on a reader): read them
            // again, so that the counts are those of the log replayed.
            let rows = self.stage_rows(conn, &tour).await?;
            let log = choices::log(conn, rows.row.id).await?;
            (rows, log)
        };
        let stage = Arc::new(rebuild(&course, &names, &tour, &rows.row, &log)?);
        self.replayed_live(tour, rows, stage, log.len())
    }

    fn replayed_live(
        &self,
        tour: TourRow,
        mut rows: StageRows,
        stage: SharedStage,
        replayed: usize,
    ) -> Result<Live, ServiceError> {
        self.replayed
            .fetch_add(replayed as u64, std::sync::atomic::Ordering::Relaxed);
        rows.choices = replayed as u32;
        // What was read is what is stored: nothing in a transaction records a choice before it
        // loads the stage, so this never runs ahead of a commit.
        self.warm
            .put(rows.row.id, rows.row.seed, rows.choices, stage.clone());
        self.live_from(tour, rows, stage)
    }

    /// The race as `rows` and `stage` have it.
    pub(crate) fn live_from(
        &self,
        tour: TourRow,
        rows: StageRows,
        stage: SharedStage,
    ) -> Result<Live, ServiceError> {
        let StageRows {
            teams,
            row,
            choices,
            events,
        } = rows;
        let turn_name = stage.turn_name(row.round);
        let unit = stage.phase().unwrap_or(row.round);
        Ok(Live {
            tour,
            teams,
            row,
            answering: stage.awaits_answer(),
            stage,
            unit_name: turn_name.clone(),
            turn_name,
            choices,
            events,
            unit,
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

    /// Applies the option named by `key` and queues its writes (the choice, its events, the
    /// turn and deadline it sets) in `writes`, for the caller to send with the rest of its
    /// transaction. A refused choice changes nothing and comes back as the ruleset's error.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn record(
        &self,
        writes: &mut Batch,
        live: &mut Live,
        seat: Seat,
        key: &str,
        source: Source,
        user_id: Option<&str>,
        request_id: Option<&str>,
        now: Timestamp,
        news: &mut News,
    ) -> Result<Result<Events, ChoiceError>, ServiceError> {
        let json = match live.stage.choice_json(key) {
            Ok(json) => json,
            Err(e) => return Ok(Err(e)),
        };
        let events = match live.stage_mut().apply(seat, key) {
            Ok(events) => events,
            Err(e) => return Ok(Err(e)),
        };
        self.store_choice(
            writes, live, seat, &json, &events, source, user_id, request_id, now, news,
        )?;
        Ok(Ok(events))
    }

    /// Queues the writes of a choice the stage has just applied, with its events, in `writes`
    /// and tells the turn it settled, if it did.
    #[allow(clippy::too_many_arguments)]
    fn store_choice(
        &self,
        writes: &mut Batch,
        live: &mut Live,
        seat: Seat,
        choice: &Value,
        events: &Events,
        source: Source,
        user_id: Option<&str>,
        request_id: Option<&str>,
        now: Timestamp,
        news: &mut News,
    ) -> Result<(), ServiceError> {
        let turn = live.turn();
        choices::insert_later(
            writes,
            &NewChoice {
                stage_id: live.row.id,
                seq: live.choices,
                round: turn,
                seat,
                choice,
                source,
                user_id,
                request_id,
                at: now,
            },
        )?;
        events::append_later(
            writes,
            live.row.id,
            live.events,
            live.choices,
            &events.to_json(),
        )?;
        live.choices += 1;
        live.events += events.len() as u32;
        let number = live.row.number;
        // The turn's post the choice is told in: the turn it was played in.
        let followed = live.followed();
        if followed && live.phased() {
            let lines: Vec<String> = live
                .stage
                .narrate(events, Viewer::Public)
                .iter()
                .map(|line| in_tour(&live.tour, || sentence(line)))
                .collect();
            let told = news.turn_mut(live);
            told.lines.extend(lines);
            told.choices = live.choices;
        } else if !followed {
            news.notable.extend(live.stage.notable(events));
        }
        if events.settles_turn() {
            let told = live.stage.tell_turn(events);
            if followed && !live.phased() {
                let lines: Vec<String> = in_tour(&live.tour, || {
                    told.lines.iter().map(sentence).collect::<Vec<_>>()
                });
                let post = news.turn_mut(live);
                post.lines.extend(lines);
                post.choices = live.choices;
            } else if !followed {
                let notable = std::mem::take(&mut news.notable);
                news.rounds.push(in_tour(&live.tour, || {
                    narrate::turn(number, turn, &live.turn_name, &told, notable)
                }));
            }
            // The next turn opens now, with its own deadline.
            let next = turn + 1;
            let deadline = turn_deadline(&live.tour, &**live.stage, now);
            stages::set_round_later(writes, live.row.id, next, deadline);
            live.row.round = next;
            live.row.deadline = deadline;
            live.turn_name = live.stage.turn_name(next);
        } else if live.stage.awaits_answer() != live.answering {
            // A request in the middle of a turn (a pact) gives the one who must answer the short
            // answer deadline; the answer gives the asker a fresh deadline for the rest of it.
            let deadline = turn_deadline(&live.tour, &**live.stage, now);
            stages::set_deadline_later(writes, live.row.id, deadline);
            live.row.deadline = deadline;
        }
        // The turn's post is over when the stage is, or when the next turn's post opens.
        let unit = live.unit_now();
        if live.stage.is_over() || unit != live.unit {
            if followed {
                let told = news.turn_mut(live);
                told.over = true;
                told.choices = live.choices;
            }
            if !live.stage.is_over() {
                live.unit = unit;
                live.unit_name = live.stage.turn_name(live.turn());
                if followed {
                    news.open_turn(live, None);
                }
            }
        }
        live.answering = live.stage.awaits_answer();
        Ok(())
    }

    /// The bot decides every decision the given seats owe in the current turn. Returns
    /// whether anything was played.
    pub(crate) async fn bot_plays(
        &self,
        conn: &mut Conn,
        live: &mut Live,
        seats: &[Seat],
        source: Source,
        now: Timestamp,
        news: &mut News,
    ) -> Result<bool, ServiceError> {
        let mut played = false;
        // The bots' writes go together, once they have all chosen (nothing is read between).
        let mut writes = Batch::new();
        let turn = live.turn();
        let strong = match self.library.preset(&live.tour.preset) {
            Ok(p) if p.bots == Bots::Strong => Some(
                p.bot_playouts
                    .map_or(strong::Budget::DEFAULT, |playouts| strong::Budget {
                        playouts,
                    }),
            ),
            _ => None,
        };
        for &seat in seats {
            loop {
                if live.stage.is_over() || live.turn() != turn {
                    writes.run(conn).await?;
                    return Ok(played);
                }
                let chosen = if let Some(budget) = strong {
                    self.strong_choice(live, seat, budget).await?
                } else {
                    live.stage_mut().play_bot(seat)
                };
                let Some((key, events)) = chosen.map_err(|e| {
                    ServiceError::Broken(format!("the bot chose an illegal move: {e}"))
                })?
                else {
                    break;
                };
                let json = live
                    .stage
                    .choice_json(key.as_str())
                    .map_err(|e| ServiceError::Broken(e.to_string()))?;
                self.store_choice(
                    &mut writes,
                    live,
                    seat,
                    &json,
                    &events,
                    source,
                    None,
                    None,
                    now,
                    news,
                )?;
                played = true;
            }
        }
        writes.run(conn).await?;
        Ok(played)
    }

    /// The strong bot's choice for `seat`, applied to the stage (a tour whose preset says
    /// `bots = "strong"`): searched on a blocking thread, from the stage's seed and the count
    /// of its choices, so that it is the same choice wherever and whenever it is made.
    async fn strong_choice(
        &self,
        live: &mut Live,
        seat: Seat,
        budget: strong::Budget,
    ) -> Result<Result<Option<(Key, Events)>, ChoiceError>, ServiceError> {
        let stage = live.stage.clone();
        let riders = live.row.starters.clone();
        let (number, kind) = (live.row.number, live.row.kind);
        let seed = live.row.seed ^ u64::from(live.choices).rotate_left(32);
        let key = super::owed::cpu_work(move || {
            let scoring = strong::Scoring {
                number,
                kind,
                riders: &riders,
            };
            strong::choose(&**stage, seat, &scoring, seed, budget)
        })
        .await
        .map_err(|e| ServiceError::Broken(format!("the strong bot's search failed: {e}")))?;
        let Some(key) = key else {
            return Ok(Ok(None));
        };
        Ok(live
            .stage_mut()
            .apply(seat, key.as_str())
            .map(|events| Some((key, events))))
    }

    /// Moves the tour on after a change: bots play the seats they ride, each new round gets its
    /// deadline, a finished stage is scored and the next one starts. Stops when a human owes a
    /// choice, when the tour ends, or, in a tour with no human left, after each stage, so a
    /// tour of bots advances one stage per call (see `advance`).
    pub(crate) async fn settle(
        &self,
        conn: &mut Conn,
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
                        // With nobody choosing (bots, or every director on autopilot), one
                        // stage a call: the scheduler moves the tour on, and no request
                        // holds the tour's lock for a whole tour.
                        if !live.anyone_chooses() {
                            return Ok(());
                        }
                    }
                }
                continue;
            }
            let bots = live.bot_seats();
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
        conn: &mut Conn,
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
        let mut result = live
            .stage
            .result(number, live.row.kind, &tour_riders)
            .map_err(|e| ServiceError::Broken(format!("stage {number} has no result: {e}")))?;
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
        // The bot's seats: house rules A's Brain riders carry their own exhaustion (HA-008).
        let bots: Vec<Seat> = live
            .teams
            .iter()
            .filter(|t| t.is_bot())
            .map(|t| live.seat_of(t))
            .collect();
        live.stage.carry_over_bots(&mut tour_riders, &bots);
        // A rider the race itself put out (Velo Master: a crash of severity 1) leaves the tour
        // as one an admin took out does: not on the next grid, and open to a repêchage vote.
        for r in tour_riders.iter_mut() {
            let out = result
                .riders
                .iter()
                .any(|s| s.rider == r.key && s.outcome == Outcome::Abandoned);
            r.abandoned |= out;
        }
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
                title: in_tour(&live.tour, || msg!("picture-finish", stage = number)),
                file: narrate::stage_file(number, "finish"),
            });
            // The whole stage at a glance, with where every rider ended it.
            news.pictures.push(Picture::Profile {
                tour_id,
                stage: number,
                choices,
                title: in_tour(&live.tour, || msg!("picture-stage", stage = number)),
                file: narrate::stage_file(number, "profile"),
            });
            // The whole stage again, turn by turn, as an animation (issue 36).
            news.pictures.push(Picture::Animation {
                tour_id,
                stage: number,
                file: narrate::animation_file(number),
            });
            // The standings of the first three jerseys after the stage (the card race: general,
            // points, mountains); /standings has the rest. Which tables the game has does not
            // depend on the results.
            let tables = narrate::classify(&live.tour, &[])?;
            let shown: Vec<&str> = tables
                .tables
                .iter()
                .filter(|c| c.jersey.is_some())
                .take(3)
                .map(|c| c.id)
                .collect();
            for id in &shown {
                news.pictures.push(Picture::Standings {
                    tour_id,
                    after_stage: number,
                    classification: id.to_string(),
                });
            }
            // From stage 2 on, the same tables' story so far as charts (issue 36): a line
            // needs two stages to tell anything. Nine files with the above, within Discord's
            // ten a message.
            if number >= 2 {
                for id in &shown {
                    news.pictures.push(Picture::Chart {
                        tour_id,
                        after_stage: number,
                        classification: id.to_string(),
                    });
                }
            }
        }
        let course = self
            .library
            .course(&live.row.course)
            .map_err(ServiceError::Broken)?;
        let title = in_tour(&live.tour, || {
            stage_title(number, preset.stages.len(), &course.name)
        });
        // A tour led by points (house rules B's world cup: 25, 20, 16… an event, HB-077)
        // shows each rider's points beside its place, not a time nobody adds up.
        // The stage is classified on its own, as the first of a tour of one; a table that
        // cannot be had costs the post its points, never the stage its end.
        let led_by_points = narrate::classify(&live.tour, &[])?
            .tables
            .first()
            .is_some_and(|c| c.unit == Unit::Points);
        let scored = led_by_points
            .then(|| {
                let mut alone = result.clone();
                alone.number = 1;
                narrate::classify(&live.tour, &[alone]).ok()
            })
            .flatten()
            .and_then(|t| t.tables.into_iter().next());
        let scored = match scored {
            Some(table) => Scored::Points(table),
            None => Scored::Times(registry::stage_times(&live.tour.ruleset, &result)),
        };
        news.results.push((title, result, scored));
        // The stage is over: its seed is told, with what it was sealed with.
        let revealed = in_tour(&live.tour, || self.seed_revealed(&live.row));
        news.revealed.push((number, revealed));
        let anyone_left = tour_riders.iter().any(|r| !r.abandoned)
            || !votes::rejoining(conn, live.tour.id, number + 1)
                .await?
                .is_empty();
        if number as usize >= preset.stages.len() || !anyone_left {
            votes::cancel_open(conn, live.tour.id, now, &in_tour(&live.tour, tour_over)).await?;
            let all = results::list(conn, live.tour.id).await?;
            news.winners = Some(narrate::classify(&live.tour, &all)?);
            // The whole tour in one file, with the winners (issue 36).
            if self.pictures {
                news.pictures.push(Picture::Book {
                    tour_id: live.tour.id,
                });
            }
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
        conn: &mut Conn,
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
            let table = narrate::classify(&tour, &done)?;
            let general = table.general().map_or(&[][..], |c| &c.rows[..]);
            let rank = |key: &RiderKey| {
                general
                    .iter()
                    .position(|row| row.rider.as_ref() == Some(key))
                    .unwrap_or(usize::MAX)
            };
            starters.sort_by_key(|r| (rank(&r.key), r.start_number));
        }
        // The ruleset sets this stage's own options (a time trial, the weather the stage
        // before ended in, the seats its own bots ride); they are stored with the stage, which
        // is rebuilt from them.
        let bots: Vec<Seat> = teams
            .iter()
            .filter(|t| t.is_bot())
            .filter_map(|t| t.seat)
            .collect();
        let options = registry::prepare(
            &tour.ruleset,
            &registry::StageContext {
                number,
                kind: plan.kind,
                rest_before: plan.rest_before,
                previous: done.last(),
                options: &tour.options,
                bots: &bots,
            },
        )
        .map_err(|e| ServiceError::Broken(format!("stage {number} cannot start: {e}")))?;
        let seed = if self.drawn_seeds {
            super::record::new_seed()
        } else {
            stage_seed(tour.seed, number)
        };
        // The seed is sealed before the stage's first choice: the channel reads its commitment
        // now and the seed with its salt when the stage ends (see `record`).
        let salt = super::record::new_salt();
        let id = stages::insert(
            conn,
            &NewStage {
                tour_id: tour.id,
                number,
                course: &plan.course,
                kind: plan.kind,
                seed,
                starters: &starters,
                deadline: None,
                options: &options,
                salt: Some(&salt),
            },
        )
        .await?;
        tours::set_current_stage(conn, tour.id, number).await?;
        tour.current_stage = number;
        let names: Vec<String> = teams.iter().map(|t| t.name.clone()).collect();
        let refs: Vec<&TourRider> = starters.iter().collect();
        let setup = entrants_setup(&course, &names, &refs, options.clone());
        let stage = registry::start(&tour.ruleset, &setup, seed)
            .map_err(|e| ServiceError::Broken(format!("stage {number} cannot start: {e}")))?;
        let deadline = turn_deadline(&tour, &*stage, now);
        stages::set_deadline(conn, id, deadline).await?;
        let title = in_tour(&tour, || {
            announced(plan, number, preset.stages.len(), &course.name)
        });
        news.started.push((number, title.clone()));
        news.sealed.push((
            number,
            in_tour(&tour, || {
                msg!(
                    "seed-sealed",
                    commitment = super::record::commitment(seed, &salt)
                )
            }),
        ));
        let live = Live {
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
                options: Some(options),
                salt: Some(salt),
            },
            tour,
            teams,
            turn_name: stage.turn_name(1),
            unit_name: stage.turn_name(1),
            unit: stage.phase().unwrap_or(1),
            answering: stage.awaits_answer(),
            stage: Arc::new(stage),
            choices: 0,
            events: 0,
        };
        // A stage the channel follows opens its first turn's post, which tells it starts.
        if live.followed() {
            news.open_turn(&live, Some(title));
        }
        Ok(live)
    }
}

/// A stage's state after the choices of `log`: its setup from the course, the team names, the
/// tour's ruleset and options and the stored starters, then the choices replayed in order.
pub(crate) fn rebuild(
    course: &Arc<Course>,
    team_names: &[String],
    tour: &TourRow,
    row: &StageRow,
    log: &[(Seat, Value)],
) -> Result<Box<dyn DynStage>, ServiceError> {
    let starters: Vec<&TourRider> = row.starters.iter().collect();
    let options = row.options.as_ref().unwrap_or(&tour.options);
    let setup = entrants_setup(course, team_names, &starters, options.clone());
    let (stage, _) = registry::replay(&tour.ruleset, &setup, row.seed, log).map_err(|e| {
        ServiceError::Broken(format!("stage {} cannot be rebuilt: {e}", row.number))
    })?;
    Ok(stage)
}

/// Why a vote still open when the tour ends is cancelled, as a vote's outcome.
/// Why a vote still open when its tour ended brought nobody back: kept with the vote.
pub(crate) fn tour_over() -> String {
    msg!("repechage-tour-over")
}

/// Riders an admin took out of the race leave the stage's result: no time, no place, no line
/// points (the places of the others close up, as the classifications want 1..=n).
pub(crate) fn mark_abandoned(result: &mut StageResult, gone: &HashSet<RiderKey>) {
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
