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

use crate::course::{Pos, Terrain};
use crate::game::Seat;
use crate::games::card_race::cards::Card;
use crate::games::card_race::events::{Event, RiderIdx};
use crate::games::card_race::setup::Hands;
use crate::games::card_race::stage::{Choice, Stage};
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

#[cfg(test)]
mod tests {
    use super::super::HouseBOptions;
    use super::super::testing::*;
    use super::*;
    use crate::game::Ruleset;

    fn feed_on() -> HouseBOptions {
        HouseBOptions {
            supply_zone: SupplyZone::FeedZone,
            ..HouseBOptions::default()
        }
    }

    /// Start rows 0-3, flat 4-13, feed zone 14-17, flat on.
    fn feed_course() -> Vec<crate::course::SegmentSpec> {
        vec![
            seg(Terrain::Flat, 4, true, false),
            seg(Terrain::Flat, 10, false, false),
            seg(Terrain::Supply, 4, false, false),
            seg(Terrain::Flat, 20, false, false),
            seg(Terrain::Flat, 5, false, true),
        ]
    }

    fn one_round(s: &mut Stage, card: Card) -> Vec<Event> {
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        s.apply(0, &Choice::Keep { rider: 0, card }).unwrap()
    }

    #[test]
    fn hb_047_tv_22_a_card_of_4_or_less_ending_in_the_feed_zone_takes_a_musette() {
        for (card, musette) in [(e(4), true), (e(5), false), (X, true)] {
            // From row 12 a 4 or a 5 ends in the feed zone (16, 17); an exhaustion card on 14.
            let deck: &[Card] = &[card, card, card, card];
            let mut s = stacked(feed_course(), &[(12, 0, deck)], feed_on());
            let events = one_round(&mut s, card);
            assert!(s.course().terrain(s.position(0).row) == Terrain::Supply);
            assert_eq!(s.musettes(0), musette as u8, "{card}");
            assert_eq!(
                events.contains(&Event::MusetteTaken { rider: 0, held: 1 }),
                musette
            );
            assert_eq!(s.last_round()[0].musette, musette);
        }
        // Without the option the supply zone hands out nothing.
        let deck: &[Card] = &[e(4); 4];
        let mut s = stacked(feed_course(), &[(12, 0, deck)], HouseBOptions::default());
        one_round(&mut s, e(4));
        assert_eq!(s.musettes(0), 0);
    }

    #[test]
    fn hb_047_tv_22_slipstream_into_the_feed_zone_earns_nothing() {
        // A (row 9) plays 4 to row 13, the row before the feed zone; B (row 11) plays 4 to 15.
        // A then takes the slipstream into row 14: its own move ended outside.
        let four: &[Card] = &[e(4); 4];
        let mut s = stacked(feed_course(), &[(9, 0, four), (11, 0, four)], feed_on());
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        s.apply(
            0,
            &Choice::Keep {
                rider: 0,
                card: e(4),
            },
        )
        .unwrap();
        s.apply(1, &Choice::Draw { rider: 1 }).unwrap();
        s.apply(
            1,
            &Choice::Keep {
                rider: 1,
                card: e(4),
            },
        )
        .unwrap();
        assert_eq!(s.position(0).row, 14, "slipstreamed into the feed zone");
        assert_eq!(s.musettes(0), 0);
        assert_eq!(s.musettes(1), 1);
    }

    #[test]
    fn hb_046_c_19_the_feed_zone_keeps_no_minimum() {
        let two: &[Card] = &[e(2); 4];
        let mut s = stacked(feed_course(), &[(14, 0, two)], feed_on());
        one_round(&mut s, e(2));
        assert_eq!(s.position(0).row, 16, "a 2 moves 2");
        let mut official = stacked(feed_course(), &[(14, 0, two)], HouseBOptions::default());
        one_round(&mut official, e(2));
        assert_eq!(
            official.position(0).row,
            18,
            "the official supply zone: at least 4"
        );
    }

    #[test]
    fn hb_048_tv_22_a_musette_is_a_private_option_drawing_two_more() {
        let deck: &[Card] = &[
            e(7),
            e(7),
            e(6),
            e(6),
            e(5),
            e(3),
            e(3),
            e(3),
            e(4),
            e(4),
            e(4),
            e(4),
        ];
        let mut s = stacked(feed_course(), &[(12, 0, deck)], feed_on());
        one_round(&mut s, e(4));
        assert_eq!(s.musettes(0), 1);
        // Before the hand is drawn: nothing to open yet.
        assert_eq!(s.legal_choices(0), [Choice::Draw { rider: 0 }]);
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        let options = s.legal_choices(0);
        assert!(options.contains(&Choice::Musette { rider: 0 }));
        let events = s.apply(0, &Choice::Musette { rider: 0 }).unwrap();
        assert_eq!(
            events.last(),
            Some(&Event::MusetteOpened {
                rider: 0,
                cards: vec![e(6), e(6)],
                held: 0
            })
        );
        assert_eq!(events.last().and_then(Event::private_to), Some(0));
        assert_eq!(s.hand(0).len(), 6, "4 + 2");
        assert!(!s.legal_choices(0).contains(&Choice::Musette { rider: 0 }));
        let err = s.apply(0, &Choice::Musette { rider: 0 }).unwrap_err();
        assert!(err.to_string().contains("no musette"), "{err}");
        let before = s.piles(0).2.len();
        s.apply(
            0,
            &Choice::Keep {
                rider: 0,
                card: e(6),
            },
        )
        .unwrap();
        let exhaustion = s.last_round()[0].exhaustion as usize;
        assert_eq!(
            s.piles(0).2.len() - before - exhaustion,
            5,
            "choose 1, recycle 5"
        );
    }
}
