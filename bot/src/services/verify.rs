//! `commissaire verify`: a tour file (see `record.rs`) checked stage by stage, with nothing but
//! the file (and, for a file that does not carry its courses, the configuration's). For each stage over, does the seed the file reveals hash, with its
//! salt, to the commitment told when the stage started; and do its choices, replayed from that
//! seed in the file's order, give every event the file records, in order ([`Replayed`], the
//! audit's replay)? A die changed, a choice moved or dropped, a seed swapped: each is named.

use super::Services;
use super::audit::{Difference, Replayed};
use super::library::Library;
use super::live::mark_abandoned;
use super::record::{StagePart, TourFile, commitment};
use commissaire_engine::Seat;
use commissaire_engine::course::parse_course_toml;
use commissaire_engine::tour::{Outcome, RiderKey, RiderStage};
use commissaire_messages::msg;
use serde_json::Value;
use std::collections::HashSet;
use std::sync::Arc;

/// What `verify` found in a file.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    pub stages: Vec<StageCheck>,
    /// A problem with the file as a whole (a game this build does not referee), said for a
    /// person; `None` when there is none.
    pub broken: Option<String>,
}

impl Report {
    /// Whether every stage checks out and the file could be read throughout.
    pub fn good(&self) -> bool {
        self.broken.is_none() && self.stages.iter().all(StageCheck::good)
    }

    /// The report as `commissaire verify` prints it: a line or two a stage, then the verdict.
    pub fn text(&self) -> String {
        let mut text = String::new();
        for s in &self.stages {
            text.push_str(&msg!(
                "verify-stage",
                stage = s.number,
                course = s.course.as_str()
            ));
            text.push('\n');
            text.push_str("  ");
            text.push_str(&s.seal_text());
            text.push('\n');
            text.push_str("  ");
            text.push_str(&s.replay_text());
            text.push('\n');
        }
        if let Some(broken) = &self.broken {
            text.push_str(broken);
            text.push('\n');
        }
        let bad = self.stages.iter().filter(|s| !s.good()).count();
        let checked = self.stages.iter().filter(|s| s.replayed()).count();
        text.push_str(&if self.good() && checked == 0 {
            msg!("verify-nothing-over")
        } else if self.good() {
            msg!("verify-good", stages = checked)
        } else {
            msg!("verify-bad", count = bad)
        });
        text.push('\n');
        text
    }
}

/// One stage's checks.
#[derive(Debug, Clone, PartialEq)]
pub struct StageCheck {
    pub number: u32,
    pub course: String,
    pub seal: Seal,
    pub replay: Replay,
}

/// What the stage's seed says against its commitment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seal {
    /// The seed and salt hash to the commitment.
    Matches {
        seed: u64,
        salt: String,
        commitment: String,
    },
    /// A stage started before seeds were sealed: nothing to check the seed against.
    Unsealed { seed: u64 },
    /// The stage is not over and the file keeps its seed: its commitment only.
    Sealed { commitment: String },
    /// The seed and salt hash to something else than the commitment.
    Mismatch {
        seed: u64,
        salt: String,
        computed: String,
        commitment: String,
    },
    /// The stage is over but the file gives no seed, or a commitment without its salt.
    Missing,
}

/// What replaying the stage's choices gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replay {
    /// Every recorded event, in order.
    Matches { choices: usize, events: usize },
    /// Not replayed: the stage is not over and the file keeps its choices.
    NotReplayed,
    /// The choices are not in the order of their numbers: choice `seq` stands at `place`.
    ChoiceMoved { seq: u32, place: usize },
    /// An event is recorded with another choice than the one whose replay gives it.
    WrongChoice { event: usize },
    /// Where the record and the replay part.
    Differs(Difference),
    /// The stage cannot be set up here (its course is not in this configuration).
    Unavailable(String),
    /// The events match, but the result recorded for the stage is not what the replayed
    /// stage gives: the first rider whose line differs, or the stage's own lines (sprints,
    /// summits, riders brought back) when the riders agree.
    ResultDiffers { rider: Option<String> },
    /// The stage is over but the file has no result for it.
    ResultMissing,
}

impl StageCheck {
    pub fn good(&self) -> bool {
        let seal = matches!(
            self.seal,
            Seal::Matches { .. } | Seal::Unsealed { .. } | Seal::Sealed { .. }
        );
        let replay = matches!(self.replay, Replay::Matches { .. } | Replay::NotReplayed);
        seal && replay
    }

    /// Whether the file was changed: what `verify` calls tampered (a course missing here is
    /// not the file's fault).
    pub fn tampered(&self) -> bool {
        matches!(self.seal, Seal::Mismatch { .. } | Seal::Missing)
            || matches!(
                self.replay,
                Replay::ChoiceMoved { .. }
                    | Replay::WrongChoice { .. }
                    | Replay::Differs(_)
                    | Replay::ResultDiffers { .. }
                    | Replay::ResultMissing
            )
    }

    fn replayed(&self) -> bool {
        matches!(self.replay, Replay::Matches { .. })
    }

    fn seal_text(&self) -> String {
        match &self.seal {
            Seal::Matches {
                seed,
                salt,
                commitment,
            } => msg!(
                "verify-seed-matches",
                seed = seed.to_string(),
                salt = salt.as_str(),
                commitment = commitment.as_str()
            ),
            Seal::Unsealed { seed } => msg!("verify-seed-unsealed", seed = seed.to_string()),
            Seal::Sealed { commitment } => {
                msg!("verify-seed-sealed", commitment = commitment.as_str())
            }
            Seal::Mismatch {
                seed,
                salt,
                computed,
                commitment,
            } => msg!(
                "verify-seed-mismatch",
                seed = seed.to_string(),
                salt = salt.as_str(),
                computed = computed.as_str(),
                commitment = commitment.as_str()
            ),
            Seal::Missing => msg!("verify-seed-missing"),
        }
    }

    fn replay_text(&self) -> String {
        match &self.replay {
            Replay::Matches { choices, events } => {
                msg!("verify-events-match", choices = *choices, events = *events)
            }
            Replay::NotReplayed => msg!("verify-events-not-replayed"),
            Replay::ChoiceMoved { seq, place } => {
                msg!("verify-choice-moved", choice = *seq + 1, place = *place + 1)
            }
            Replay::WrongChoice { event } => msg!("verify-event-wrong-choice", event = *event + 1),
            Replay::Differs(Difference::Event {
                at,
                stored,
                replayed,
            }) => msg!(
                "verify-event-changed",
                event = *at + 1,
                recorded = stored.to_string(),
                replayed = replayed.to_string()
            ),
            Replay::Differs(Difference::Count { stored, replayed }) => msg!(
                "verify-event-count",
                recorded = *stored,
                replayed = *replayed
            ),
            Replay::Differs(Difference::NoReplay(error)) => {
                msg!("verify-no-replay", error = error.as_str())
            }
            Replay::Unavailable(error) => msg!("verify-unavailable", error = error.as_str()),
            Replay::ResultDiffers { rider: Some(rider) } => {
                msg!("verify-result-rider", rider = rider.as_str())
            }
            Replay::ResultDiffers { rider: None } => msg!("verify-result-lines"),
            Replay::ResultMissing => msg!("verify-result-missing"),
        }
    }
}

impl Services {
    /// [`verify`] with this process's courses.
    pub fn verify(&self, file: &TourFile) -> Report {
        verify(file, &self.library)
    }
}

/// Checks every stage of `file` (see the module's comment), with the courses of `library`.
pub fn verify(file: &TourFile, library: &Library) -> Report {
    let broken = commissaire_engine::registry::ruleset(&file.tour.ruleset)
        .is_err()
        .then(|| msg!("verify-unknown-game", ruleset = file.tour.ruleset.as_str()));
    let names: Vec<String> = file.teams.iter().map(|t| t.name.clone()).collect();
    let stages = file
        .stages
        .iter()
        .map(|stage| check_stage(file, &names, stage, library, broken.is_none()))
        .collect();
    Report { stages, broken }
}

fn check_stage(
    file: &TourFile,
    names: &[String],
    stage: &StagePart,
    library: &Library,
    known_game: bool,
) -> StageCheck {
    let seed = stage.seed.as_deref().and_then(|s| s.parse::<u64>().ok());
    let seal = match (&stage.commitment, seed, &stage.salt) {
        (Some(c), Some(seed), Some(salt)) => {
            let computed = commitment(seed, salt);
            if &computed == c {
                Seal::Matches {
                    seed,
                    salt: salt.clone(),
                    commitment: c.clone(),
                }
            } else {
                Seal::Mismatch {
                    seed,
                    salt: salt.clone(),
                    computed,
                    commitment: c.clone(),
                }
            }
        }
        (Some(c), None, _) if !stage.finished => Seal::Sealed {
            commitment: c.clone(),
        },
        (None, Some(seed), None) => Seal::Unsealed { seed },
        _ => Seal::Missing,
    };
    let replay = match seed {
        None => Replay::NotReplayed,
        Some(_) if !known_game => Replay::NotReplayed,
        Some(seed) => replay(file, names, stage, seed, library),
    };
    StageCheck {
        number: stage.number,
        course: stage.course.clone(),
        seal,
        replay,
    }
}

fn replay(
    file: &TourFile,
    names: &[String],
    stage: &StagePart,
    seed: u64,
    library: &Library,
) -> Replay {
    // The choices in the file's order, which must be the order of their numbers.
    if let Some((place, c)) = stage
        .choices
        .iter()
        .enumerate()
        .find(|(i, c)| c.seq as usize != *i)
    {
        return Replay::ChoiceMoved { seq: c.seq, place };
    }
    // The course the file carries, else this configuration's of that name.
    let course = match file.courses.get(&stage.course) {
        Some(text) => match parse_course_toml(text, &stage.course) {
            Ok(course) => Arc::new(course),
            Err(e) => return Replay::Unavailable(e.to_string()),
        },
        None => match library.course(&stage.course) {
            Ok(course) => course,
            Err(e) => return Replay::Unavailable(e),
        },
    };
    let log: Vec<(Seat, Value)> = stage
        .choices
        .iter()
        .map(|c| (c.seat, c.choice.clone()))
        .collect();
    let recorded: Vec<Value> = stage.events.iter().map(|e| e.event.clone()).collect();
    let options = stage.options.as_ref().unwrap_or(&file.tour.options);
    let replayed = Replayed {
        ruleset: &file.tour.ruleset,
        course: &course,
        team_names: names,
        starters: &stage.starters,
        options,
        seed,
    };
    if let Some(difference) = replayed.compare(&log, &recorded) {
        return Replay::Differs(difference);
    }
    // Each event is recorded with the choice that caused it: choices in order, events in
    // order, so an event's choice never goes back, and a choice that caused nothing is
    // skipped by its number.
    let causes = replayed.causes(&log);
    if let Some(event) = stage
        .events
        .iter()
        .zip(&causes)
        .position(|(e, cause)| e.choice as usize != *cause)
    {
        return Replay::WrongChoice { event };
    }
    // A stage stored before seeds were sealed was scored by an older release, whose results
    // may lack what today's give: only its events are compared.
    if stage.finished
        && stage.commitment.is_some()
        && let Some(differs) = check_result(file, stage, &replayed, &log)
    {
        return differs;
    }
    Replay::Matches {
        choices: stage.choices.len(),
        events: stage.events.len(),
    }
}

/// The stage's result as the referee wrote it when the stage ended (`finish_stage`): what the
/// replayed stage gives, with the riders a repêchage brought back and the riders an admin took
/// out during the stage (the file's result says which: neither follows from the dice) marked as
/// the referee marks them. `None` when it is the file's.
fn check_result(
    file: &TourFile,
    stage: &StagePart,
    replayed: &Replayed<'_>,
    log: &[(Seat, Value)],
) -> Option<Replay> {
    let Some(recorded) = file.results.iter().find(|r| r.number == stage.number) else {
        return Some(Replay::ResultMissing);
    };
    let Ok(again) = replayed.stage(log) else {
        return Some(Replay::ResultDiffers { rider: None });
    };
    // The tour's riders in start-number order, as the referee passed them (a game may number
    // its riders by their place in that list), each who started with what it carried into the
    // stage (the card race reads the exhaustion a rider started with).
    let mut riders = file.riders.clone();
    riders.sort_by_key(|r| r.start_number);
    for r in riders.iter_mut() {
        if let Some(started) = stage.starters.iter().find(|s| s.key == r.key) {
            *r = started.clone();
        }
    }
    let Ok(mut result) = again.result(stage.number, stage.kind, &riders) else {
        return Some(Replay::ResultDiffers { rider: None });
    };
    result.rejoined = recorded.rejoined.clone();
    let out = |r: &RiderStage| r.outcome == Outcome::Abandoned;
    let taken_out: HashSet<RiderKey> = recorded
        .riders
        .iter()
        .filter(|r| out(r))
        .filter(|r| {
            result
                .riders
                .iter()
                .any(|again| again.rider == r.rider && !out(again))
        })
        .map(|r| r.rider.clone())
        .collect();
    mark_abandoned(&mut result, &taken_out);
    if &result == recorded {
        return None;
    }
    let rider = recorded
        .riders
        .iter()
        .zip(&result.riders)
        .find(|(a, b)| a != b)
        .map(|(a, _)| a.rider.to_string());
    Some(Replay::ResultDiffers { rider })
}
