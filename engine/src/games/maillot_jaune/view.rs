//! What everyone sees of a stage (no secrets: the dice are rolled in the open, energy and form
//! are on every card for all to see), and the scene its pictures are drawn from: every rider
//! with his dial and form, the yellow jersey, and the cells the rider to play may end on,
//! lettered A, B, C… in the order the options offer them.

use super::events::{Choice, RiderIx};
use super::stage::{MaillotJaune, Phase, Spot};
use crate::course::{Course, Pos};
use crate::game::Seat;
use serde::Serialize;
use std::sync::Arc;

#[derive(Debug, Clone, Serialize)]
pub struct MjView {
    #[serde(skip)]
    pub course: Arc<Course>,
    pub course_name: String,
    pub level: super::options::Level,
    pub round: u32,
    pub teams: Vec<String>,
    pub to_play: Option<Seat>,
    /// The rider whose turn it is.
    pub rider: Option<RiderIx>,
    /// The escape announced (safe, risky), before the destination.
    pub plan: Option<(u8, u8)>,
    pub riders: Vec<MjRiderView>,
    /// The cells the rider to play may end on, lettered.
    pub letters: Vec<(Pos, char)>,
    /// Riders over the line: rider, place, minutes.
    pub finish: Vec<(RiderIx, u32, u32)>,
    pub over: bool,
    /// The dice rolled by the choice just played (a risky escape, an aspiration paid in form:
    /// MJ-046), rider by rider, as rolled in the open: what the board shows beside the road.
    /// Not in the view's JSON, which stays what scenarios print.
    #[serde(skip)]
    pub dice: Vec<(RiderIx, [u8; 2])>,
}

#[derive(Debug, Clone, Serialize)]
pub struct MjRiderView {
    pub index: RiderIx,
    pub id: String,
    pub card: String,
    pub team: Seat,
    pub spot: Spot,
    pub pos: Option<Pos>,
    pub energy: u8,
    pub form: u8,
    /// Stars on the flat, the climb and the descent.
    pub stars: [u8; 3],
    pub skip: bool,
    /// Wears the yellow jersey: first overall before this stage (MJ-002, MJ-040).
    pub yellow: bool,
}

/// The letter of the `n`th cell offered.
pub fn letter(n: usize) -> char {
    (b'A' + (n % 26) as u8) as char
}

impl MaillotJaune {
    /// The cells offered to the rider to play, in order, each once, with its letter: every
    /// cell within his stars while he chooses how far and which of them (the board the channel
    /// sees, and the letters his options name them by), the cells of his escape once announced.
    pub fn letters(&self) -> Vec<(Pos, char)> {
        let Some(turn) = &self.turn else {
            return Vec::new();
        };
        let (safe, risky) = match turn.phase {
            Phase::Choose { plan } => plan.unwrap_or((0, 0)),
            Phase::Ride { .. } => (0, 0),
            _ => return Vec::new(),
        };
        let mut out: Vec<Pos> = Vec::new();
        for c in self.moves(turn.rider, safe, risky) {
            if let Choice::Move { to, .. } = c
                && !out.contains(&to)
            {
                out.push(to);
            }
        }
        out.into_iter()
            .enumerate()
            .map(|(n, p)| (p, letter(n)))
            .collect()
    }

    pub fn view(&self) -> MjView {
        let plan = match self.turn.as_ref().map(|t| &t.phase) {
            Some(Phase::Choose { plan }) => *plan,
            _ => None,
        };
        MjView {
            course: Arc::clone(&self.course),
            course_name: self.course.name.clone(),
            level: self.options.level,
            round: self.round,
            teams: self.teams.clone(),
            to_play: self.to_play(),
            rider: self.turn.as_ref().map(|t| t.rider),
            plan,
            riders: self
                .riders
                .iter()
                .enumerate()
                .map(|(i, r)| MjRiderView {
                    index: i as RiderIx,
                    id: r.name.clone(),
                    card: r.card.name.clone(),
                    team: r.seat,
                    spot: r.spot,
                    pos: r.spot.pos(),
                    energy: r.energy,
                    form: r.form,
                    stars: [r.card.flat, r.card.climb, r.card.descent],
                    skip: r.skip,
                    yellow: r.overall == Some(1),
                })
                .collect(),
            letters: self.letters(),
            finish: self.classification(),
            over: self.over,
            dice: self.last_rolls.clone(),
        }
    }
}
