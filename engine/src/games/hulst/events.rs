//! What a director chooses and what happens, as stored (JSON) and told.

use super::tables::ChanceCard;
use crate::course::Pos;
use crate::game::Seat;
use serde::{Deserialize, Serialize};

pub type RiderIx = usize;

/// One decision. Every kind is offered by [`super::stage::Hulst::legal`], the one legal-moves
/// function, and checked against it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Choice {
    /// A clean move: the card played and the square reached (the wind's extra squares, and
    /// a kept chance card's when `boost`, follow from the distance).
    Move {
        rider: RiderIx,
        card: u8,
        to: Pos,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        boost: bool,
    },
    /// An unavoidable crash (HT-047, G-19): the card played and the square where the rider
    /// stops before the contact.
    Crash { rider: RiderIx, card: u8, stop: Pos },
    /// The cards given up on a swap square or for an exchange chance card (HT-023).
    Swap { give: Vec<u8> },
    /// The card given up for a skipped turn or a finished rider (HT-036, HT-056).
    GiveUp { card: u8 },
    /// Where a chance move ends, among equally far squares (G-23).
    Land { to: Pos },
    /// The first of a move's two decisions: the card a rider plays, when it leaves more than
    /// one landing square (the wind, a downhill, a diagonal, the placement); the square comes
    /// next, as a [`Choice::Move`] or [`Choice::Crash`] of that card.
    Card { rider: RiderIx, card: u8 },
    /// Back from the landing squares to the choice of a card.
    Back,
    /// Team time trial (G-35): the order in which the team moves its riders this turn.
    Order { riders: Vec<RiderIx> },
}

impl Choice {
    pub fn rider(&self) -> Option<RiderIx> {
        match self {
            Choice::Move { rider, .. }
            | Choice::Crash { rider, .. }
            | Choice::Card { rider, .. } => Some(*rider),
            _ => None,
        }
    }
}

/// Where a rider is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "at", rename_all = "snake_case")]
pub enum Spot {
    /// The start area before row 1 (G-04).
    Start,
    Road {
        pos: Pos,
    },
    /// Beside the road after a crash on `row`'s number, `seq` his place in the roadside order
    /// (HT-043).
    Roadside {
        row: u16,
        seq: u32,
    },
    /// Across the line and taken off the road (HT-057).
    Off,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A team's card in the draw for the first player (HT-007, G-32).
    Drew {
        seat: Seat,
        card: u8,
        draw: u32,
    },
    FirstPlayer {
        seat: Seat,
    },
    /// Cards dealt to a team (private).
    Dealt {
        seat: Seat,
        cards: Vec<u8>,
    },
    /// A team was dealt a new hand (public: how many).
    Refilled {
        seat: Seat,
        count: usize,
    },
    RoundStarted {
        round: u32,
    },
    Moved {
        rider: RiderIx,
        card: u8,
        to: Pos,
        squares: u8,
        wind: u8,
        boost: u8,
    },
    /// A crash (HT-035…HT-045): its printed number, the causer, the rider hit, everyone
    /// involved in roadside order, and the causer's cards shown as the proof (G-19).
    Crashed {
        number: i32,
        causer: RiderIx,
        card: Option<u8>,
        stop: Option<Pos>,
        hit: Option<RiderIx>,
        riders: Vec<RiderIx>,
        shown: Option<Vec<u8>>,
    },
    /// A later rider rode into the squares of a crash of this round (HT-040).
    JoinedCrash {
        rider: RiderIx,
        card: u8,
        number: i32,
        shown: Option<Vec<u8>>,
    },
    /// A rider skipped his turn and his team gave up a card (public: no value).
    Skipped {
        rider: RiderIx,
    },
    /// A finished rider's card given up at a round's start (HT-056; public: no value).
    Discarded {
        rider: RiderIx,
    },
    /// The card a team gave up (private).
    GaveUp {
        seat: Seat,
        card: u8,
    },
    /// A swap (HT-023): how many cards (public).
    Swapped {
        rider: RiderIx,
        count: usize,
    },
    /// What a swap gave and got (private).
    SwapCards {
        seat: Seat,
        gave: Vec<u8>,
        got: Vec<u8>,
    },
    ChanceDrawn {
        rider: RiderIx,
        card: ChanceCard,
    },
    /// A chance move (HT-026).
    ChanceMoved {
        rider: RiderIx,
        to: Pos,
    },
    /// The chance pile shuffled after a chance crash (HT-041).
    ChanceShuffled,
    BonusSeconds {
        rider: RiderIx,
        seconds: u32,
    },
    SprintPlace {
        rider: RiderIx,
        after: u16,
        place: usize,
        seconds: u32,
        points: u32,
    },
    /// A rider over the line, recorded at the end of his round (HT-050…HT-057).
    Finished {
        rider: RiderIx,
        round: u32,
        past: u16,
        time: u32,
        place: usize,
        points: u32,
    },
    StageOver,
}
