//! What a director chooses and what happens, as the store keeps them (JSON).

use super::tables::{Pair, Price};
use crate::course::Pos;
use crate::dice::Roll;
use serde::{Deserialize, Serialize};

/// A rider's index in the stage, in the order the setup lists them (the seat order of G-08).
pub type RiderIx = u8;

/// A decision. The whole ones (a move, staying, a pact, an answer, a help) are what the one
/// legal-moves function ([`super::MaillotJaune::decisions`]) lists; a move is offered in steps
/// ([`super::MaillotJaune::legal`]): how far first ([`Choice::Ride`], [`Choice::Escape`]), how an
/// escape is paid ([`Choice::Plan`]), then the cell, so that every step fits one set of buttons.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Choice {
    /// End the move on `to`. `via`: the first step is sideways into that lane (décalage, MJ-052).
    /// `escape`: the escape (safe, risky cells) the move rides; `None`, a move within his stars
    /// (or, as stored before the steps, a move of the escape announced).
    Move {
        to: Pos,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        via: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        escape: Option<(u8, u8)>,
    },
    /// Stay where he is (MJ-015).
    Stay,
    /// How far, within his stars: the cells `cells` cells away are offered next.
    Ride { cells: u8 },
    /// How far, past his stars: an escape of `cells` cells, whose payment (safe and risky
    /// cells) is chosen next.
    Escape { cells: u8 },
    /// Announce an escape of `safe` + `risky` cells before choosing where to end (MJ-034).
    Plan { safe: u8, risky: u8 },
    /// Back to the first step of the move (how far).
    Back,
    /// Ask the rider alongside for a pact (décalage, second method, MJ-053, G-17).
    Pact { partner: RiderIx },
    /// The partner's director answers the pact.
    Answer { yes: bool },
    /// Take over a punctured rider's lost turn (MJ-060, G-22).
    Help { rider: RiderIx },
    /// Do not help.
    NoHelp,
}

/// What paid a cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    Safe,
    Risky,
    Aspiration,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The die that picks the first rider of stage 1 (MJ-011, G-08).
    FirstDrawn {
        rider: RiderIx,
        roll: Roll,
    },
    RoundBegins {
        round: u32,
        order: Vec<RiderIx>,
    },
    /// Two dice for a risky escape (or an aspiration unit paid in form, MJ-046).
    Rolled {
        rider: RiderIx,
        pair: Pair,
        cells: u8,
        price: Price,
        why: Why,
        /// The two dice as rolled (a scenario shows them, and which faces it gave).
        dice: [Roll; 2],
    },
    /// Units taken, energy first then form (MJ-028); what is left.
    Paid {
        rider: RiderIx,
        why: Why,
        energy: u8,
        form: u8,
        energy_left: u8,
        form_left: u8,
    },
    Moved {
        rider: RiderIx,
        from: Option<Pos>,
        to: Pos,
        cells: u8,
        safe: u8,
        risky: u8,
    },
    Stayed {
        rider: RiderIx,
    },
    /// A puncture (MJ-059): he stops where he is, and loses his next turn.
    Punctured {
        rider: RiderIx,
        at: Option<Pos>,
    },
    /// The aspiration roll punctured: he loses this turn (G-19).
    LostTurn {
        rider: RiderIx,
    },
    /// Pulled one cell up by the rider ahead (MJ-044, MJ-047).
    PulledUp {
        rider: RiderIx,
        by: RiderIx,
        to: Pos,
    },
    /// Passes his turn (a puncture, MJ-059).
    Skipped {
        rider: RiderIx,
    },
    PactAsked {
        rider: RiderIx,
        partner: RiderIx,
    },
    PactAnswered {
        rider: RiderIx,
        partner: RiderIx,
        yes: bool,
    },
    /// The partner could not end alongside: both pay and both lines move up (G-17).
    PactFailed {
        rider: RiderIx,
        partner: RiderIx,
    },
    /// `helper` takes over `rider`'s lost turn (MJ-060).
    Helped {
        helper: RiderIx,
        rider: RiderIx,
    },
    Crossed {
        rider: RiderIx,
        place: u32,
        round: u32,
    },
    /// The round's crossers placed again by how far past the line they stand (G-09's
    /// `furthest_past_line`): a rider whose place changed, with his place now.
    Placed {
        rider: RiderIx,
        place: u32,
    },
    /// Energy and form both spent (MJ-033).
    Abandoned {
        rider: RiderIx,
    },
    StageOver {
        winner: Option<RiderIx>,
    },
}
