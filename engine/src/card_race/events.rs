//! What happens in a stage, as data: the bot narrates it, the renderer draws it, the store keeps it.

use super::cards::Card;
use crate::course::Pos;
use serde::{Deserialize, Serialize};

/// Riders are named by their index in the setup.
pub type RiderIdx = u8;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    RoundStarted {
        round: u32,
    },
    /// Private: only the rider's team may see the cards.
    HandDrawn {
        rider: RiderIdx,
        cards: Vec<Card>,
    },
    /// The draw pile ran out and the recycle pile was shuffled into a new one.
    DeckReshuffled {
        rider: RiderIdx,
    },
    /// A card was chosen and laid face down: public, but not which card.
    CardChosen {
        rider: RiderIdx,
    },
    CardsRevealed {
        cards: Vec<(RiderIdx, Card)>,
    },
    Moved {
        rider: RiderIdx,
        card: Card,
        from: Pos,
        to: Pos,
        /// The distance the card gave after the terrain rules.
        distance: u16,
        /// Rows lost to full rows ahead (0 when the rider went the whole distance).
        blocked: u16,
    },
    Slipstream {
        rider: RiderIdx,
        from: Pos,
        to: Pos,
    },
    ExhaustionTaken {
        rider: RiderIdx,
    },
    Crossed {
        rider: RiderIdx,
        round: u32,
    },
    /// House rules A's domestique gave up the stage (HA-030).
    Quit {
        rider: RiderIdx,
    },
    StageOver {
        /// Every rider, first to last: finishers by round and place, then the rest in race order.
        order: Vec<RiderIdx>,
    },
}

impl Event {
    /// The rider whose team alone may see this event, if it is private.
    pub fn private_to(&self) -> Option<RiderIdx> {
        match self {
            Event::HandDrawn { rider, .. } => Some(*rider),
            _ => None,
        }
    }
}
