//! What anyone may see of a Hulst stage, and what the pictures are drawn from: the board,
//! every rider's place, the hands' sizes, and a seat's own hand only in that seat's view.

use super::board::Board;
use super::events::Spot;
use super::stage::{Finish, Hulst, Slot};
use crate::course::{Course, Pos};
use crate::game::{Seat, Viewer};
use serde::Serialize;
use std::sync::Arc;

#[derive(Debug, Clone, Serialize)]
pub struct HulstView {
    #[serde(skip)]
    pub course: Arc<Course>,
    #[serde(skip)]
    pub board: Arc<Board>,
    pub teams: Vec<String>,
    pub riders: Vec<RiderView>,
    pub round: u32,
    /// Cards each team holds (the values are secret).
    pub hand_sizes: Vec<usize>,
    /// Each team's hand as this viewer sees it: a seat sees its own, nothing of the others'.
    pub hands: Vec<Option<Vec<u8>>>,
    /// The rider whose turn it is, if a rider's.
    pub playing: Option<usize>,
    pub over: bool,
    /// The rider with the lowest time so far, bonus seconds off (the yellow jersey, HT-070).
    pub yellow: Option<usize>,
    /// The landing squares of the card a director chose, lettered as its options name them:
    /// only in that director's own picture ([`crate::registry::Game::private_scene`]).
    #[serde(skip)]
    pub letters: Vec<(Pos, char)>,
}

#[derive(Debug, Clone, Serialize)]
pub struct RiderView {
    pub id: String,
    pub team: Seat,
    pub spot: Spot,
    /// The printed label of his square ("44A", "-3"), if on the road.
    pub square: Option<String>,
    pub result: Option<Finish>,
    pub bonus_seconds: u32,
    pub bonus_points: u32,
    pub skips: bool,
}

impl Hulst {
    pub fn view(&self, viewer: Viewer) -> HulstView {
        let riders = self
            .riders
            .iter()
            .map(|r| RiderView {
                id: r.id.clone(),
                team: r.team,
                spot: r.spot,
                square: match r.spot {
                    Spot::Road { pos } => Some(self.board.label(pos).to_string()),
                    Spot::Roadside { row, .. } => {
                        Some(self.board.label(Pos::new(row, 0)).to_string())
                    }
                    _ => None,
                },
                result: r.result,
                bonus_seconds: r.bonus_seconds,
                bonus_points: r.bonus_points,
                skips: r.skip,
            })
            .collect();
        let playing = match self.order.get(self.cursor) {
            Some(Slot::Ride(r)) if !self.over => Some(*r),
            _ => None,
        };
        let yellow = self
            .riders
            .iter()
            .enumerate()
            .filter_map(|(i, r)| {
                r.result
                    .map(|f| (f.time.saturating_sub(r.bonus_seconds), f.place, i))
            })
            .min()
            .map(|x| x.2);
        HulstView {
            course: Arc::clone(&self.course),
            board: Arc::clone(&self.board),
            teams: self.teams.clone(),
            riders,
            round: self.round,
            hand_sizes: self.hands.iter().map(Vec::len).collect(),
            hands: (0..self.hands.len())
                .map(|s| (viewer == Viewer::Seat(s as Seat)).then(|| self.hands[s].clone()))
                .collect(),
            playing,
            over: self.over,
            yellow,
            letters: Vec::new(),
        }
    }
}
