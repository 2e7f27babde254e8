//! House rules B's side of the road in the wind (seed 004, EFFETS DE COURSE – VENT: "lors de la
//! phase de déplacement, il est possible de choisir le côté où on place son coureur"; HB-034,
//! ruling QB-13, conflict C-24). With `wind = "house-b"` the lane choice comes with it.
//!
//! - QB-13: to keep a turn to one message, the side is a standing preference of each rider, given
//!   in its hand beside its cards: "Ride on the left" or, once on the left, "Ride on the right"
//!   (the default, the base game's); once a round, so that a hand always ends with a card. Windward and leeward are these two sides under a crosswind;
//!   under a head or tail wind the side changes no exhaustion, only the place.
//! - A rider that lands on a row with more than one free lane takes the free lane furthest on its
//!   side: lane 0 on the right, the highest lane on the left. A roundabout keeps its own lanes.
//! - With the wind in play riders keep their lanes when a neighbour leaves: nobody closes up to
//!   the right, so a side chosen is a side kept.

use crate::course::{Course, Pos};
use crate::game::Seat;
use crate::games::card_race::board::Board;
use crate::games::card_race::events::RiderIdx;
use crate::games::card_race::setup::Hands;
use crate::games::card_race::stage::{Choice, Stage};

/// The free lane furthest to the left in `to`'s row (`from`, the rider's own cell, counts as
/// free), or `to` when none is further left.
pub(crate) fn leftmost_free(course: &Course, board: &Board, from: Pos, to: Pos) -> Pos {
    (to.lane..course.width(to.row))
        .rev()
        .map(|lane| Pos::new(to.row, lane))
        .find(|&p| course.contains(p) && (p == from || board.at(p).is_none()))
        .unwrap_or(to)
}

impl Stage {
    /// HB-034: the side toggle of the rider whose hand is drawn, with the wind in play.
    pub(crate) fn side_choice(&self, seat: Seat) -> Option<Choice> {
        if !self.conditions.lane_choice()
            || self.setup.options.hands != Hands::Deal
            || self.attacks.is_some()
        {
            return None;
        }
        let rider = self.drawing.get(seat as usize).copied().flatten()?;
        let left = !self.conditions.rides_left(rider);
        (self.riders[rider as usize].kept.is_none() && !self.conditions.sided(rider))
            .then_some(Choice::Side { rider, left })
    }

    /// Whether a rider rides on the left side of the road (HB-034).
    pub fn rides_left(&self, rider: RiderIdx) -> bool {
        self.conditions.rides_left(rider)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::{HouseBOptions, WindRule};
    use crate::course::Pos;
    use crate::game::Ruleset;
    use crate::games::card_race::{Card, Choice, Event, Stage};

    fn windy(wind: WindRule) -> Stage {
        let fives: &[Card] = &[e(5); 8];
        let opts = HouseBOptions {
            wind,
            ..HouseBOptions::default()
        };
        let mut s = stacked(flat(30), &[(10, 0, fives), (10, 1, fives)], opts);
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        s
    }

    #[test]
    fn hb_034_qb_13_with_the_wind_a_rider_chooses_its_side_in_its_hand() {
        let mut s = windy(WindRule::HouseB);
        let left = Choice::Side {
            rider: 0,
            left: true,
        };
        assert!(s.legal_choices(0).contains(&left));
        s.apply(0, &left).unwrap();
        assert!(s.rides_left(0));
        // Once a round: the card is still to keep, and the side holds.
        let options = s.legal_choices(0);
        assert!(!options.iter().any(|c| matches!(c, Choice::Side { .. })));
        assert!(options.contains(&Choice::Keep {
            rider: 0,
            card: e(5)
        }));
        s.apply(
            0,
            &Choice::Keep {
                rider: 0,
                card: e(5),
            },
        )
        .unwrap();
        s.apply(1, &Choice::Draw { rider: 1 }).unwrap();
        s.apply(
            1,
            &Choice::Keep {
                rider: 1,
                card: e(5),
            },
        )
        .unwrap();
        // Rider 0 (lane 0) moves first: on the left it takes lane 1 of the empty row 15, and
        // rider 1 the lane 0 left to it. By default it would be the other way round.
        assert_eq!(s.position(0), Pos::new(15, 1));
        assert_eq!(s.position(1), Pos::new(15, 0));
        // Next round the hand offers the way back to the right.
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        assert!(s.legal_choices(0).contains(&Choice::Side {
            rider: 0,
            left: false
        }));
    }

    #[test]
    fn hb_034_the_left_side_takes_the_leftmost_free_lane_and_nobody_closes_up() {
        let fives: &[Card] = &[e(5); 8];
        let threes: &[Card] = &[e(3); 8];
        let opts = HouseBOptions {
            wind: WindRule::HouseB,
            ..HouseBOptions::default()
        };
        // C (row 12, lane 0) moves first, to row 15; B beside it (lane 1) does not close up to
        // lane 0, and leaves from lane 1 for row 15's other lane. A (row 10) on the left side
        // finds row 15 full and takes the left lane of row 14.
        let mut s = stacked(
            flat(30),
            &[(10, 0, fives), (12, 1, threes), (12, 0, threes)],
            opts,
        );
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        s.apply(
            0,
            &Choice::Side {
                rider: 0,
                left: true,
            },
        )
        .unwrap();
        s.apply(
            0,
            &Choice::Keep {
                rider: 0,
                card: e(5),
            },
        )
        .unwrap();
        s.apply(1, &Choice::Draw { rider: 1 }).unwrap();
        s.apply(
            1,
            &Choice::Keep {
                rider: 1,
                card: e(3),
            },
        )
        .unwrap();
        s.apply(2, &Choice::Draw { rider: 2 }).unwrap();
        let events = s
            .apply(
                2,
                &Choice::Keep {
                    rider: 2,
                    card: e(3),
                },
            )
            .unwrap();
        let from_of = |rider| {
            events.iter().find_map(|e| match *e {
                Event::Moved { rider: r, from, .. } if r == rider => Some(from),
                _ => None,
            })
        };
        assert_eq!(from_of(1), Some(Pos::new(12, 1)), "B kept its lane");
        assert_eq!(
            s.position(0),
            Pos::new(14, 1),
            "A on the left lane of row 14"
        );
    }

    #[test]
    fn hb_034_without_the_wind_there_is_no_side_to_choose() {
        let s = windy(WindRule::Off);
        assert!(
            !s.legal_choices(0)
                .iter()
                .any(|c| matches!(c, Choice::Side { .. }))
        );
    }
}
