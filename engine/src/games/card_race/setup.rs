//! What a stage starts from: the course, the teams, the riders and the options.

use super::cards::{Profiles, RiderKind};
use super::house_a::TimeTrial;
use crate::course::{Course, Pos};
use crate::game::Seat;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// How cards reach the riders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hands {
    /// Real decks: draw four, keep one, recycle three (FR-2).
    #[default]
    Deal,
    /// No decks: any card from 2 to 9 or an exhaustion card may be played. For checking a
    /// ruling on the movement rules alone (scenario files).
    Free,
}

/// When the stage ends (option `stage_end`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StageEnd {
    /// After the round in which the first rider crosses the line (FR-8).
    #[default]
    FirstAcross,
    /// When every rider has crossed.
    AllAcross,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Options {
    #[serde(default)]
    pub hands: Hands,
    #[serde(default)]
    pub stage_end: StageEnd,
    #[serde(default)]
    pub profiles: Profiles,
    /// House rules B's race effects (weather, wind), each off unless named.
    #[serde(flatten)]
    pub house_b: super::house_b::HouseBOptions,
    /// House rules A's stage types (HA-001, option `stage_types`): the stage's public view says
    /// whether it is flat, hilly or mountain.
    #[serde(default)]
    pub stage_types: bool,
    /// This stage is a time trial by house rules A (HA-040…HA-049): `individual` or `team`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_trial: Option<TimeTrial>,
    /// Who rides a seat nobody directs (option `bots`).
    #[serde(default)]
    pub bots: Bots,
    /// The seats house rules B's ghosts ride (option `ghosts`, with `bots = "ghosts"`): their
    /// riders draw the cards their way reads, not four (HB-012…HB-014). A tour names the seats
    /// no director rides; a seat on autopilot, or a late director's, is not a ghost.
    #[serde(default, skip_serializing_if = "Seats::is_empty")]
    pub ghosts: Seats,
    /// This stage is a time trial by house rules B (HB-049…HB-057): `individual` or `team`.
    /// A separate option from house rules A's `time_trial`: a stage names one or the other.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_trial_b: Option<super::house_b::time_trial::TimeTrialB>,
    /// How much of the course a house-B time trial rides (HB-049, HB-054, QB-18).
    #[serde(default, skip_serializing_if = "is_default")]
    pub time_trial_cut: super::house_b::time_trial::Cut,
    /// House rules B's fictive start (HB-038…HB-045): a neutralised roll-out before round 1.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fictive_start: bool,
    /// House rules B's world cup (HB-073…HB-079): two riders a team, form cards, cup points.
    /// The registry enters the riders; the stage rides them as any other.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub world_cup: bool,
    /// How the stage starts (option `start`): with house rules A's breakaway auction or not.
    #[serde(default)]
    pub start: Start,
    /// House rules A's gruppetto (HA-032…HA-039, `house_a::gruppetto`).
    #[serde(default)]
    pub gruppetto: bool,
    /// The seat the base game's Peloton bot team rides (PEL-4, HA-003; `house_a::peloton`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peloton_team: Option<Seat>,
    /// The seat the base game's Muscle bot team rides (PEL-4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub muscle_team: Option<Seat>,
    /// How riders are named (HB-010): the tour's roster reads it, the pictures letter tokens by it.
    #[serde(default, skip_serializing_if = "is_default")]
    pub rider_names: super::cards::RiderNames,
    /// How the Peloton seat rides: the base game's way or house rules B's (HB-015).
    #[serde(default, skip_serializing_if = "is_default")]
    pub peloton_bot: super::house_b::peloton::PelotonBot,
}

/// How a stage starts (option `start`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Start {
    /// Riders start where they were placed.
    #[default]
    Standard,
    /// House rules A's breakaway auction before the first round (HA-050…HA-056, PEL-3 as we
    /// rule it: `house_a::auction`).
    BreakawayHouseA,
}

fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

/// A set of seats, written as the list of them (`[1, 2]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Seats(u64);

impl Seats {
    /// The most seats a set holds: seats 0 to 63 (a stage has at most 64 riders).
    pub const LIMIT: usize = 64;

    pub fn contains(self, seat: Seat) -> bool {
        (seat as usize) < Self::LIMIT && self.0 & (1 << seat) != 0
    }

    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// The seats in order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..Self::LIMIT as Seat).filter(move |&s| self.contains(s))
    }
}

impl FromIterator<Seat> for Seats {
    /// Seats from 64 on are left out (none can be a stage's).
    fn from_iter<I: IntoIterator<Item = Seat>>(seats: I) -> Self {
        Seats(
            seats
                .into_iter()
                .filter(|&s| (s as usize) < Self::LIMIT)
                .fold(0, |set, s| set | 1 << s),
        )
    }
}

impl Serialize for Seats {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Seats {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let seats = Vec::<Seat>::deserialize(deserializer)?;
        if let Some(&seat) = seats.iter().find(|&&s| s as usize >= Self::LIMIT) {
            return Err(serde::de::Error::custom(format!(
                "seat {seat} is no seat of a stage: give seats from 0 to {}",
                Self::LIMIT - 1
            )));
        }
        Ok(seats.into_iter().collect())
    }
}

/// The bot that takes a seat nobody directs, or a director's late choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bots {
    /// Our own heuristic (`bot::SensibleBot`).
    #[default]
    Sensible,
    /// House rules A's Brain riders (HA-006…HA-022, `house_a::BrainBot`).
    Brain,
    /// House rules B's ghosts (HB-011…HB-014, `house_b::GhostBot`).
    Ghosts,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RiderSetup {
    /// Unique within the stage, e.g. "BlueR".
    pub id: String,
    /// The team's index in [`StageSetup::teams`]; it is also the team's seat.
    pub team: Seat,
    pub kind: RiderKind,
    pub start: Pos,
    /// Exhaustion cards the rider brings from earlier stages of a tour.
    #[serde(default)]
    pub carried_exhaustion: u16,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StageSetup {
    pub course: Arc<Course>,
    pub teams: Vec<String>,
    pub riders: Vec<RiderSetup>,
    pub options: Options,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("a stage needs at least one rider")]
    NoRiders,
    #[error("a stage takes at most 64 riders, not {0}")]
    TooManyRiders(usize),
    #[error("rider '{0}' is listed twice")]
    DuplicateRider(String),
    #[error("rider '{rider}' belongs to team {team}, but there are only {teams} teams")]
    UnknownTeam {
        rider: String,
        team: Seat,
        teams: usize,
    },
    #[error("rider '{rider}' starts at row {} lane {}, which is not on the course", .pos.row, .pos.lane)]
    OffCourse { rider: String, pos: Pos },
    #[error("rider '{rider}' starts past the finish line (row {})", .pos.row)]
    PastLine { rider: String, pos: Pos },
    #[error("riders '{first}' and '{second}' both start in row {} lane {}", .pos.row, .pos.lane)]
    SameCell {
        first: String,
        second: String,
        pos: Pos,
    },
    #[error(transparent)]
    Conditions(#[from] super::house_b::ConditionsError),
    #[error(
        "a stage is a time trial by house rules A (time_trial) or by house rules B (time_trial_b), not both: leave one out"
    )]
    TwoTimeTrials,
    #[error("the fictive start is for road stages: leave fictive_start out of a time trial")]
    FictiveTimeTrial,
    #[error(
        "a stage starts with the fictive start or with the breakaway auction, not both: leave out fictive_start or start = \"breakaway_house_a\""
    )]
    FictiveBreakaway,
    #[error(
        "peloton_bot names how the Peloton seat rides: give peloton_team = <seat> too, or leave peloton_bot out"
    )]
    PelotonBotWithoutSeat,
    #[error(
        "house rules B's Peloton is two riders and seat {seat} has {riders}: enter two riders for it, or leave peloton_bot out"
    )]
    PelotonBTeam { seat: Seat, riders: usize },
    #[error("the start area holds {cells} riders, and {riders} were entered")]
    StartAreaFull { cells: usize, riders: usize },
    #[error("a rider has no id: give every rider an id of its own, such as \"BlueR\"")]
    EmptyRiderId,
    #[error("a team has no name: give every team a name, such as \"Blue\"")]
    EmptyTeamName,
    #[error(
        "weather_level is the start level of house rules B's weather: add weather = \"house-b\", or leave weather_level out"
    )]
    WeatherLevelWithoutWeather,
    #[error(
        "the gruppetto rides behind a road stage, and this stage is a time trial: leave gruppetto out, or time_trial / time_trial_b"
    )]
    GruppettoTimeTrial,
    #[error(
        "ghosts names the seats house rules B's ghosts ride: add bots = \"ghosts\", or leave ghosts out"
    )]
    GhostsWithoutGhostBots,
    #[error("ghosts names seat {seat}, and this stage has {teams} teams: name seats from 0 to {}", .teams.saturating_sub(1))]
    GhostSeat { seat: Seat, teams: usize },
    #[error(
        "punctures turn the top card of a rider's deck, and with hands = \"free\" there are no decks: give hands = \"deal\", or leave punctures out"
    )]
    PuncturesFreeHands,
}

impl Options {
    /// What the options alone must agree on, so that a stage never starts with an option that
    /// would do nothing. A tour's stage options are checked here too (`game::prepare`), so a
    /// preset that names such a pair is refused before its tour starts.
    pub fn check(&self) -> Result<(), SetupError> {
        let b = &self.house_b;
        // Seed 004, EFFETS DE COURSE, la météo (HB-029): the level is the weather scale's; it
        // means nothing without that weather.
        if b.weather_level.is_some() && b.weather != super::house_b::WeatherRule::HouseB {
            return Err(SetupError::WeatherLevelWithoutWeather);
        }
        // Seed 001, the gruppetto (HA-032…HA-039) gathers the stragglers of a road stage; a time
        // trial's riders set off alone (HA-040…HA-049, HB-049…HB-057).
        if self.gruppetto && (self.time_trial.is_some() || self.time_trial_b.is_some()) {
            return Err(SetupError::GruppettoTimeTrial);
        }
        // Seed 004, CREVAISON (HB-020…HB-022): a puncture is the card turned from the draw
        // pile; free hands have none, so the option would never fire.
        if b.punctures && self.hands == Hands::Free {
            return Err(SetupError::PuncturesFreeHands);
        }
        // Seed 004, FANTÔMES (HB-011…HB-014): the seats a ghost rides play by its way, which is
        // the ghosts' bot.
        if !self.ghosts.is_empty() && self.bots != Bots::Ghosts {
            return Err(SetupError::GhostsWithoutGhostBots);
        }
        Ok(())
    }
}

impl StageSetup {
    pub fn validate(&self) -> Result<(), SetupError> {
        if self.riders.is_empty() {
            return Err(SetupError::NoRiders);
        }
        self.options.check()?;
        if self.teams.iter().any(|t| t.trim().is_empty()) {
            return Err(SetupError::EmptyTeamName);
        }
        if self.riders.iter().any(|r| r.id.trim().is_empty()) {
            return Err(SetupError::EmptyRiderId);
        }
        if self.options.time_trial.is_some() && self.options.time_trial_b.is_some() {
            return Err(SetupError::TwoTimeTrials);
        }
        if self.options.fictive_start
            && (self.options.time_trial.is_some() || self.options.time_trial_b.is_some())
        {
            return Err(SetupError::FictiveTimeTrial);
        }
        // HB-045 (C-06): the official breakaway variant is not ridden beside the fictive start.
        if self.options.fictive_start && self.options.start == Start::BreakawayHouseA {
            return Err(SetupError::FictiveBreakaway);
        }
        let o = &self.options;
        if let Some(seat) = o.ghosts.iter().find(|&s| s as usize >= self.teams.len()) {
            return Err(SetupError::GhostSeat {
                seat,
                teams: self.teams.len(),
            });
        }
        if o.peloton_bot != super::house_b::peloton::PelotonBot::Official {
            let Some(seat) = o.peloton_team else {
                return Err(SetupError::PelotonBotWithoutSeat);
            };
            // HB-015: one rider may ride on alone after its teammate left a tour.
            let riders = self.riders.iter().filter(|r| r.team == seat).count();
            if riders > super::house_b::peloton::RIDERS {
                return Err(SetupError::PelotonBTeam { seat, riders });
            }
        }
        if self.riders.len() > 64 {
            return Err(SetupError::TooManyRiders(self.riders.len()));
        }
        for (i, r) in self.riders.iter().enumerate() {
            if self.riders[..i].iter().any(|o| o.id == r.id) {
                return Err(SetupError::DuplicateRider(r.id.clone()));
            }
            if r.team as usize >= self.teams.len() {
                return Err(SetupError::UnknownTeam {
                    rider: r.id.clone(),
                    team: r.team,
                    teams: self.teams.len(),
                });
            }
            if !self.course.contains(r.start) {
                return Err(SetupError::OffCourse {
                    rider: r.id.clone(),
                    pos: r.start,
                });
            }
            if self.course.is_past_line(r.start.row) {
                return Err(SetupError::PastLine {
                    rider: r.id.clone(),
                    pos: r.start,
                });
            }
            if let Some(o) = self.riders[..i].iter().find(|o| o.start == r.start) {
                return Err(SetupError::SameCell {
                    first: o.id.clone(),
                    second: r.id.clone(),
                    pos: r.start,
                });
            }
        }
        Ok(())
    }
}

/// Lays riders on the start grid, front cell first, in the order given. Teams usually pass
/// their riders interleaved (first rider of each team, then second...), as players place them.
pub fn grid_start(course: &Course, riders: usize) -> Result<Vec<Pos>, SetupError> {
    let cells = course.start_cells();
    if cells.len() < riders {
        return Err(SetupError::StartAreaFull {
            cells: cells.len(),
            riders,
        });
    }
    Ok(cells[..riders].to_vec())
}
