//! What everyone sees of a race (Velo Master has no secrets: dice are rolled in the open), and
//! the scene its pictures are drawn from: riders by cell, and the cells the moving rider may
//! step onto, lettered A, B, C… in the order the options are offered.

use super::board::CellIx;
use super::events::RiderIx;
use super::finish::{Jerseys, Line};
use super::stage::{Phase, Spot, VeloMaster};
use crate::course::{Course, Pos};
use crate::dice::Roll;
use crate::game::Seat;
use serde::Serialize;
use std::sync::Arc;

#[derive(Debug, Clone, Serialize)]
pub struct VeloView {
    #[serde(skip)]
    pub course: Arc<Course>,
    pub course_name: String,
    pub level: super::options::Level,
    /// "start", "race" or "over".
    pub phase: &'static str,
    pub round: u32,
    /// The race clock in minutes.
    pub clock: u32,
    pub teams: Vec<String>,
    pub to_play: Option<Seat>,
    pub dice: Vec<Roll>,
    /// Whose slot rolled `dice` (not in the view's JSON, which stays what scenarios print).
    #[serde(skip)]
    pub rolled_by: Option<Seat>,
    /// The dice not given yet in the slot under way.
    pub dice_left: Vec<u8>,
    pub moving: Option<MovingView>,
    pub riders: Vec<RiderView>,
    pub summits: Vec<SummitView>,
    pub classification: Vec<Line>,
    pub jerseys: Jerseys,
}

#[derive(Debug, Clone, Serialize)]
pub struct MovingView {
    pub rider: RiderIx,
    pub steps_left: u8,
    pub extra_step: bool,
    pub candidates: Vec<Candidate>,
}

/// A cell the moving rider may step onto, with its letter.
#[derive(Debug, Clone, Serialize)]
pub struct Candidate {
    pub letter: char,
    pub cell: CellIx,
    pub pos: Pos,
    pub name: String,
    pub danger: bool,
    /// The slope a power roll must beat to take this step, if it needs one.
    pub power_roll: Option<u8>,
}

#[derive(Debug, Clone, Serialize)]
pub struct RiderView {
    pub index: RiderIx,
    pub id: String,
    pub team: Seat,
    pub leader: bool,
    /// His number in his team, the one his name carries ("Team-mate 3": 3; the leader who
    /// entered as such: 1): what his token shows beside the leader's L.
    pub number: u8,
    pub spot: Spot,
    /// The cell the rider stands on or lies beside.
    pub pos: Option<Pos>,
    pub points: u32,
    pub misses: u8,
    pub finish: Option<(u32, u32)>,
    /// Pro: the condition in percent, kept on every rider's sheet for all to see (VM-009).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub condition: Option<i32>,
    /// Pro: the feed zones he has eaten in (VM-009's feed ticks).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fed: Option<u32>,
    /// The champion's title the rider carries (VM-006): he rides the white bike.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub champion: Option<super::options::Title>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SummitView {
    pub name: String,
    pub category: &'static str,
    pub slope: u8,
    pub crossed: u32,
}

/// The letter of the n-th candidate cell.
pub fn letter(n: usize) -> char {
    (b'A' + (n % 26) as u8) as char
}

impl VeloMaster {
    pub fn view(&self) -> VeloView {
        let f = &self.fixed;
        let b = &f.board;
        let moving = self.moving.as_ref().map(|m| MovingView {
            rider: m.rider,
            steps_left: m.left,
            extra_step: m.extra,
            candidates: self
                .steps(m)
                .into_iter()
                .enumerate()
                .map(|(n, (cell, kind))| {
                    let from = match self.riders[m.rider as usize].spot {
                        Spot::Road(c) => Some(c),
                        _ => None,
                    };
                    Candidate {
                        letter: letter(n),
                        cell,
                        pos: b.cell(cell).pos,
                        name: b.name(cell),
                        danger: b.cell(cell).danger,
                        power_roll: from
                            .filter(|_| kind != crate::course::LinkKind::Forward)
                            .and_then(|c| b.slope(c)),
                    }
                })
                .collect(),
        });
        VeloView {
            course: Arc::clone(&b.course),
            course_name: b.course.name.clone(),
            level: f.options.level,
            phase: match self.phase {
                Phase::Start { .. } => "start",
                Phase::Race { .. } => "race",
                Phase::Over { .. } => "over",
            },
            round: match &self.phase {
                Phase::Race { round, .. } | Phase::Over { round } => *round,
                _ => 0,
            },
            clock: self.clock,
            teams: f.teams.clone(),
            to_play: self.to_play(),
            dice: self.last_roll.clone(),
            rolled_by: self.last_roller,
            dice_left: self
                .slot
                .as_ref()
                .map(|s| s.dice.clone())
                .unwrap_or_default(),
            moving,
            riders: self
                .riders
                .iter()
                .enumerate()
                .map(|(i, r)| RiderView {
                    index: i as RiderIx,
                    id: f.ids[i].clone(),
                    team: f.team_of[i],
                    leader: f.roles[i] == super::options::Role::Leader,
                    number: f.numbers[i],
                    spot: r.spot,
                    pos: match r.spot {
                        Spot::Road(c) | Spot::Roadside(c) => Some(b.cell(c).pos),
                        _ => None,
                    },
                    points: r.points,
                    misses: r.misses,
                    finish: r.finish,
                    condition: self.condition_on().then_some(r.condition),
                    fed: self.condition_on().then_some(r.fed.count_ones()),
                    champion: f.champions[i],
                })
                .collect(),
            summits: b
                .summits
                .iter()
                .zip(&self.over)
                .map(|(s, o)| SummitView {
                    name: s.name.clone(),
                    category: s.category.name(),
                    slope: s.slope,
                    crossed: o.len() as u32,
                })
                .collect(),
            classification: self.classification(),
            jerseys: self.jerseys(),
        }
    }
}
