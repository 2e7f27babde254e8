//! House rules B's feed zones and musettes (seed 004, EFFETS DE COURSE – RAVITAILLEMENT;
//! HB-046…HB-048, ruling QB-17, test vector TV-22). Option `supply_zone = "feed-zone"`.
//!
//! - HB-046: the feed zone is the course's supply rows (course files mark them with
//!   `terrain = "supply"`), still three lanes wide, but without the supply zone's minimum of 4
//!   (conflict C-19: the official effect is not applied alongside).
//! - HB-047: a rider whose own move ends on a feed row (before slipstream) having played a card
//!   of 4 or less (an exhaustion card too; an attacker's kept card) takes a musette token; at most
//!   one a round, no cap on tokens held, unused ones lost with the stage (QB-17).
//! - HB-048: a musette is spent in the energy phase for 2 more cards: once its hand is drawn, a
//!   rider holding one is offered "Open a musette" beside its cards, one a round. Opening it
//!   after seeing the hand gives the same cards as drawing 6 at once, since the 2 come from the
//!   same pile in the same order; drawing follows FR-2 (QB-17, QX-03).

use crate::card_race::cards::Card;
use crate::card_race::events::{Event, RiderIdx};
use crate::card_race::setup::Hands;
use crate::card_race::stage::{Choice, Stage};
use crate::course::{Pos, Terrain};
use crate::game::Seat;
use serde::{Deserialize, Serialize};

/// Option `supply_zone` (conformance table 5.1, conflict C-19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SupplyZone {
    /// The Peloton expansion's supply zone: a card played from it moves at least 4 (PEL-1).
    #[default]
    Official,
    /// House rules B's feed zone: no minimum, musettes (HB-046…HB-048).
    FeedZone,
}

/// The highest printed value that earns a musette (HB-047).
pub const MUSETTE_MAX: u8 = 4;
/// The cards a musette draws (HB-048).
pub const MUSETTE_CARDS: usize = 2;

/// HB-047: whether a move ending on `row` with `card` earns a musette.
pub fn earns_musette(terrain: Terrain, card: Card) -> bool {
    terrain == Terrain::Supply && card != Card::Attack && card.value() <= MUSETTE_MAX
}

impl Stage {
    /// After a rider's own move: a musette when it ends in a feed zone on a small card (HB-047).
    pub(crate) fn feed(
        &mut self,
        rider: RiderIdx,
        card: Card,
        to: Pos,
        events: &mut Vec<Event>,
    ) -> bool {
        if self.setup.options.house_b.supply_zone != SupplyZone::FeedZone
            || !earns_musette(self.setup.course.terrain(to.row), card)
        {
            return false;
        }
        let r = &mut self.riders[rider as usize];
        r.musettes = r.musettes.saturating_add(1);
        events.push(Event::MusetteTaken {
            rider,
            held: r.musettes,
        });
        true
    }

    /// HB-048: the rider whose hand is drawn may open a musette, one a round.
    pub(crate) fn musette_choice(&self, seat: Seat) -> Option<Choice> {
        if self.setup.options.hands != Hands::Deal || self.attacks.is_some() {
            return None;
        }
        let rider = self.drawing.get(seat as usize).copied().flatten()?;
        let r = &self.riders[rider as usize];
        (r.musettes > 0 && !r.musette_opened && r.kept.is_none())
            .then_some(Choice::Musette { rider })
    }

    pub(crate) fn open_musette(&mut self, rider: RiderIdx, events: &mut Vec<Event>) {
        let before = self.riders[rider as usize].hand.len();
        self.draw_cards(rider, MUSETTE_CARDS, events);
        let r = &mut self.riders[rider as usize];
        r.musettes -= 1;
        r.musette_opened = true;
        events.push(Event::MusetteOpened {
            rider,
            cards: r.hand[before..].to_vec(),
            held: r.musettes,
        });
    }

    /// Musette tokens a rider holds (HB-047).
    pub fn musettes(&self, rider: RiderIdx) -> u8 {
        self.riders[rider as usize].musettes
    }
}
