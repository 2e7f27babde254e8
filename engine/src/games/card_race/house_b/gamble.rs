//! House rules B's steep downhill gamble (seed 004, TUILES – FORT POURCENTAGE, the author's second
//! untested idea; HB-006, rulings QB-03 and QX-02). Option `steep_downhill = "gamble"`, off by
//! default and exclusive with "boost" (one value of the same option).
//!
//! - The gamble is declared with the card (QB-03): beside "Keep 5" the hand offers "Keep 5,
//!   gamble on the steep descent" when a steep downhill row lies within the card's reach.
//! - When the rider's move reaches the first steep downhill row of its path, it turns the top
//!   card of its draw pile and puts it face up under that pile (the bottom of the pile). An
//!   exhaustion card is a fall: the rider stops on the row before the steep row, and the fall
//!   costs 2 cards of its next hand (HB-028 for every fall under house rules B, QX-02). Any other
//!   card: the steep row counts nothing, so the move goes one row further.
//! - A move blocked or too short to reach the steep row turns nothing. An empty draw pile takes
//!   the shuffled recycle pile first (FR-2); no card at all turns nothing and the row is skipped.

use crate::course::{Course, Pos, Terrain};
use crate::game::Seat;
use crate::games::card_race::cards::Card;
use crate::games::card_race::events::{Event, RiderIdx};
use crate::games::card_race::setup::Hands;
use crate::games::card_race::stage::{Choice, Stage};
use rand::seq::SliceRandom;

/// The first steep downhill row a move of `distance` rows from `row` enters.
pub fn steep_descent(course: &Course, row: u16, distance: u16) -> Option<u16> {
    (row + 1..=row + distance).find(|&r| {
        r <= course.last_row() && course.terrain(r) == Terrain::Downhill && course.is_steep(r)
    })
}

impl Stage {
    /// The gamble options of the rider whose hand is drawn: a card whose reach enters a steep
    /// downhill row.
    pub(crate) fn gamble_choices(&self, seat: Seat) -> Vec<Choice> {
        if !self.conditions.gamble_on()
            || self.setup.options.hands != Hands::Deal
            || self.attacks.is_some()
        {
            return Vec::new();
        }
        let Some(rider) = self.drawing.get(seat as usize).copied().flatten() else {
            return Vec::new();
        };
        let row = self.riders[rider as usize].pos.row;
        let mut cards = self.riders[rider as usize].hand.clone();
        cards.sort_unstable();
        cards.dedup();
        cards
            .into_iter()
            .filter(|c| !c.is_attack())
            .filter(|&c| steep_descent(&self.setup.course, row, self.reach(rider, c)).is_some())
            .map(|card| Choice::Gamble { rider, card })
            .collect()
    }

    /// HB-006: the move of a gambling rider, `distance` rows by the rules: the turned card
    /// decides whether the steep row is skipped or the rider falls before it.
    pub(crate) fn gamble(
        &mut self,
        rider: RiderIdx,
        from: Pos,
        distance: u16,
        events: &mut Vec<Event>,
    ) -> u16 {
        if !std::mem::take(&mut self.conditions.gambling[rider as usize]) {
            return distance;
        }
        let Some(steep) = steep_descent(&self.setup.course, from.row, distance) else {
            return distance;
        };
        let r = &mut self.riders[rider as usize];
        if r.deck.is_empty() {
            std::mem::swap(&mut r.deck, &mut r.recycle);
            r.deck.shuffle(&mut r.rng);
            if !r.deck.is_empty() {
                events.push(Event::DeckReshuffled { rider });
            }
        }
        let Some(card) = r.deck.pop() else {
            return distance + 1;
        };
        // Face up under the draw pile: the pile is drawn from its end, so its bottom is the start.
        r.deck.insert(0, card);
        let crashed = card == Card::Exhaustion;
        events.push(Event::SteepGamble {
            rider,
            card,
            crashed,
        });
        if crashed {
            self.conditions.fall(self.round, rider);
            steep - from.row - 1
        } else {
            distance + 1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::{HouseBOptions, SteepDownhill};
    use super::*;
    use crate::course::CourseSpec;
    use crate::game::Ruleset;

    /// Start rows 0-3, flat 4-9, downhill 10-14 with row 12 steep, then flat.
    fn descent(downhill: SteepDownhill, turned: Card) -> Stage {
        let spec = CourseSpec {
            segments: vec![
                seg(Terrain::Flat, 4, true, false),
                seg(Terrain::Flat, 6, false, false),
                seg(Terrain::Downhill, 5, false, false),
                seg(Terrain::Flat, 20, false, false),
                seg(Terrain::Flat, 5, false, true),
            ],
            steep: vec![12],
            ..Default::default()
        };
        let deck: &[Card] = &[e(4), e(4), e(4), e(4), turned, e(5), e(5), e(3), e(5)];
        let opts = HouseBOptions {
            steep_downhill: downhill,
            ..HouseBOptions::default()
        };
        let mut s = stacked_on(spec, &[(8, 0, deck)], opts);
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        s
    }

    #[test]
    fn hb_006_qb_03_the_gamble_is_offered_with_a_card_that_reaches_the_steep_descent() {
        let s = descent(SteepDownhill::Gamble, e(6));
        let options = s.legal_choices(0);
        assert!(options.contains(&Choice::Gamble {
            rider: 0,
            card: e(5)
        }));
        // A 3 stops on row 11, short of the steep row: nothing to gamble on.
        assert!(!options.contains(&Choice::Gamble {
            rider: 0,
            card: e(3)
        }));
        let off = descent(SteepDownhill::Off, e(6));
        assert!(
            !off.legal_choices(0)
                .iter()
                .any(|c| matches!(c, Choice::Gamble { .. }))
        );
        let boost = descent(SteepDownhill::Boost, e(6));
        assert!(
            !boost
                .legal_choices(0)
                .iter()
                .any(|c| matches!(c, Choice::Gamble { .. }))
        );
    }

    #[test]
    fn hb_006_a_card_other_than_exhaustion_skips_the_steep_row_and_goes_under_the_pile() {
        let mut s = descent(SteepDownhill::Gamble, e(6));
        let events = s
            .apply(
                0,
                &Choice::Gamble {
                    rider: 0,
                    card: e(5),
                },
            )
            .unwrap();
        assert!(events.contains(&Event::SteepGamble {
            rider: 0,
            card: e(6),
            crashed: false
        }));
        assert_eq!(s.position(0).row, 14, "5 rows and the steep row for free");
        let (deck, ..) = s.piles(0);
        assert_eq!(deck.first(), Some(&e(6)), "face up under the draw pile");
        assert_eq!(deck.len(), 5);
    }

    #[test]
    fn hb_006_fr_2_an_empty_draw_pile_is_reshuffled_for_the_gamble_and_said_so() {
        // The draw pile is spent: the recycle pile (the 6, and the hand's three cards not
        // kept) is shuffled to turn the card, and the reshuffle is told.
        let mut s = descent(SteepDownhill::Gamble, e(6));
        let r = &mut s.riders[0];
        r.recycle = std::mem::take(&mut r.deck);
        r.recycle.retain(|&c| c == e(6));
        let events = s
            .apply(
                0,
                &Choice::Gamble {
                    rider: 0,
                    card: e(5),
                },
            )
            .unwrap();
        assert!(
            events.contains(&Event::DeckReshuffled { rider: 0 }),
            "{events:?}"
        );
        assert!(events.iter().any(|e| matches!(
            e,
            Event::SteepGamble {
                rider: 0,
                crashed: false,
                ..
            }
        )));
    }

    #[test]
    fn hb_006_qx_02_an_exhaustion_card_is_a_fall_before_the_steep_row() {
        let mut s = descent(SteepDownhill::Gamble, X);
        let events = s
            .apply(
                0,
                &Choice::Gamble {
                    rider: 0,
                    card: e(5),
                },
            )
            .unwrap();
        assert!(events.contains(&Event::SteepGamble {
            rider: 0,
            card: X,
            crashed: true
        }));
        assert_eq!(s.position(0).row, 11, "stopped before row 12");
        assert_eq!(s.conditions().crashed, [0], "laid on its side on the board");
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        assert_eq!(s.hand(0).len(), 2, "HB-028: 2 cards fewer");
    }

    #[test]
    fn hb_006_keeping_the_card_plainly_turns_nothing() {
        let mut s = descent(SteepDownhill::Gamble, X);
        let events = s
            .apply(
                0,
                &Choice::Keep {
                    rider: 0,
                    card: e(5),
                },
            )
            .unwrap();
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::SteepGamble { .. }))
        );
        assert_eq!(s.position(0).row, 13);
    }
}
