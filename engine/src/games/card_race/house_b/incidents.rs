//! House rules B's punctures and crashes (seed 004, EFFETS DE COURSE – CREVAISON and CHUTES;
//! HB-020…HB-028, rulings QB-09, QB-10, QX-03; test vectors TV-18, TV-19).
//!
//! Punctures (`punctures = true`): once the riders have moved, if any of them ended its own move
//! (of at least one row: see [`at_risk`]) on cobbles (or in rain, which house rules B alone never bring), every rider who played the
//! round's highest card (an exhaustion card counts 2; ties all) turns the top card of its draw
//! pile (an empty one takes the shuffled recycle pile first, FR-2) and puts it in its recycle
//! pile: an exhaustion card is a puncture, and its next move is 2 rows shorter, never below 0.
//! A rider with no card at all cannot puncture.
//!
//! Crashes (`crashes = "house-b"`): a rider sent back by full rows may fall, by the terrain of
//! the row it stops on and how many rows it lost (its set-back): downhill from 1 row, flat,
//! cobbles or supply from 2, uphill from 3; rain rows one lower (none under house rules B
//! alone). A fallen rider keeps its cell and draws 2 cards fewer in its next energy phase, never
//! fewer than 1 (QX-03).
//!
//! Both need real decks: with free hands (a ruling checked on movement alone) nothing is turned
//! and nobody falls short of cards, so punctures are off and a crash only shows.

use super::super::cards::{Card, HAND_SIZE};
use super::super::events::{Event, RiderIdx};
use super::super::stage::{Rider, RiderRound};
use crate::course::{Course, Terrain};
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

/// Rows a punctured rider's next move loses (HB-022).
pub const PUNCTURE_ROWS: u16 = 2;
/// Cards a fallen rider's next hand loses (HB-028), and the smallest hand left (QX-03).
pub const CRASH_CARDS: usize = 2;
pub const SMALLEST_HAND: usize = 1;

/// Option `crashes` (conformance table C-20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CrashRule {
    #[default]
    Off,
    /// HB-023…HB-028.
    HouseB,
}

/// The set-back from which a rider stopping on a row of this terrain falls (HB-024…HB-027).
pub fn crash_threshold(terrain: Terrain, rain: bool) -> u16 {
    let dry: u16 = match terrain {
        Terrain::Downhill => 1,
        Terrain::Uphill => 3,
        Terrain::Flat | Terrain::Cobbles | Terrain::Supply => 2,
    };
    // QX-01: rain lowers the flat and uphill thresholds by a row; downhill stays at 1.
    if rain {
        dry.saturating_sub(1).max(1)
    } else {
        dry
    }
}

/// Whether a rider that stopped on `row` with `set_back` rows lost falls (HB-023).
pub fn falls(course: &Course, row: u16, set_back: u16) -> bool {
    falls_in(course, row, set_back, false)
}

/// [`falls`], on a row that may be wet (QX-01).
pub fn falls_in(course: &Course, row: u16, set_back: u16, rain: bool) -> bool {
    set_back > 0 && set_back >= crash_threshold(course.terrain(row), rain)
}

/// The hand a rider draws: 4, or 2 fewer after a crash, never fewer than 1 (HB-028, QX-03).
pub fn hand_size(fallen: bool) -> usize {
    if fallen {
        HAND_SIZE.saturating_sub(CRASH_CARDS).max(SMALLEST_HAND)
    } else {
        HAND_SIZE
    }
}

/// The riders at risk of a puncture this round (HB-020): none unless someone ended its own move
/// on cobbles; then every rider who played the round's highest card, in race order.
///
/// Our ruling on a stall (QB-09's reading of "termine son déplacement"): only a rider that
/// moved at least one row ended a move. A rider left where it stood, by a puncture that ate its
/// whole card or by full rows, rode no move and so triggers no check. Without it, on a
/// single-file cobbled road in the cold (HB-031 puts the exhaustion cards received on top of
/// the pile, so the turned card is one), riders who all play exhaustion tie as the fastest,
/// all puncture, move 0 rows, "end on cobbles" where they stand and puncture again, round after
/// round: the stage never ends. With it the puncture still costs its 2 rows (HB-022 unchanged),
/// but a round in which nobody moved is followed by one with no puncture, whose front rider
/// moves: the stage always goes on.
pub(crate) fn at_risk(course: &Course, moves: &[RiderRound]) -> Vec<RiderIdx> {
    let cobbles = moves
        .iter()
        .any(|m| m.to.row != m.from.row && course.terrain(m.to.row) == Terrain::Cobbles);
    if !cobbles {
        return Vec::new();
    }
    let top = moves.iter().map(|m| m.card.value()).max().unwrap_or(0);
    moves
        .iter()
        .filter(|m| m.card.value() == top)
        .map(|m| m.rider)
        .collect()
}

/// Turns a rider's top card for a puncture (HB-021): the card goes to the recycle pile.
/// `None` when the rider has no card at all.
pub(crate) fn turn_top_card(
    index: RiderIdx,
    rider: &mut Rider,
    events: &mut Vec<Event>,
) -> Option<Card> {
    if rider.deck.is_empty() {
        if rider.recycle.is_empty() {
            return None;
        }
        std::mem::swap(&mut rider.deck, &mut rider.recycle);
        rider.deck.shuffle(&mut rider.rng);
        events.push(Event::DeckReshuffled { rider: index });
    }
    let card = rider.deck.pop()?;
    rider.recycle.push(card);
    Some(card)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{CourseSpec, Pos, SegmentSpec};
    use crate::game::Ruleset;
    use crate::games::card_race::house_b::HouseBOptions;
    use crate::games::card_race::{
        Choice, Hands, Options, RiderKind, RiderSetup, Stage, StageSetup,
    };
    use std::sync::Arc;

    fn seg(terrain: Terrain, length: i64, start: bool, finish: bool) -> SegmentSpec {
        SegmentSpec {
            terrain,
            length,
            lanes: None,
            start,
            finish,
        }
    }

    /// Each rider its own team, real decks stacked as given (the last card is drawn first).
    fn stacked(
        segments: Vec<SegmentSpec>,
        riders: &[(u16, u8, &[Card])],
        house_b: HouseBOptions,
    ) -> Stage {
        let course = CourseSpec {
            segments,
            ..Default::default()
        }
        .build()
        .unwrap();
        let setup = StageSetup {
            course: Arc::new(course),
            teams: (0..riders.len()).map(|i| format!("T{i}")).collect(),
            riders: riders
                .iter()
                .enumerate()
                .map(|(i, &(row, lane, _))| RiderSetup {
                    id: format!("R{i}"),
                    team: i as u8,
                    kind: RiderKind::Rouleur,
                    start: Pos::new(row, lane),
                    carried_exhaustion: 0,
                })
                .collect(),
            options: Options {
                hands: Hands::Deal,
                house_b,
                ..Options::default()
            },
        };
        let mut s = Stage::new(setup, 1).unwrap();
        for (i, &(_, _, deck)) in riders.iter().enumerate() {
            s.riders[i].deck = deck.to_vec();
        }
        s
    }

    /// Every rider draws and keeps `card` (which its stacked hand holds).
    fn play(s: &mut Stage, cards: &[Card]) -> Vec<Event> {
        let mut events = Vec::new();
        for (i, &card) in cards.iter().enumerate() {
            let rider = i as RiderIdx;
            events.extend(s.apply(i as u8, &Choice::Draw { rider }).unwrap());
            events.extend(s.apply(i as u8, &Choice::Keep { rider, card }).unwrap());
        }
        events
    }

    fn e(v: u8) -> Card {
        Card::Energy(v)
    }
    const X: Card = Card::Exhaustion;

    #[test]
    fn hb_020_to_hb_022_tv_19_the_fastest_riders_turn_a_card_when_someone_ends_on_cobbles() {
        let opts = HouseBOptions {
            punctures: true,
            ..HouseBOptions::default()
        };
        // Flat rows 4 to 13, cobbles 14 to 23. B (row 10) plays 5 onto the cobbles; A and C
        // play 7 and end on flat. A's next card is an exhaustion card, C's a 4.
        let segments = || {
            vec![
                seg(Terrain::Flat, 4, true, false),
                seg(Terrain::Flat, 10, false, false),
                seg(Terrain::Cobbles, 10, false, false),
                seg(Terrain::Flat, 5, false, true),
            ]
        };
        let a: &[Card] = &[e(6), e(6), e(6), e(6), X, e(7), e(7), e(7), e(7)];
        let b: &[Card] = &[e(5), e(5), e(5), e(5), e(5), e(5), e(5), e(5)];
        let c: &[Card] = &[e(6), e(6), e(6), e(6), e(4), e(7), e(7), e(7), e(7)];
        let mut s = stacked(segments(), &[(3, 0, a), (10, 0, b), (2, 0, c)], opts);
        let events = play(&mut s, &[e(7), e(5), e(7)]);
        let checks: Vec<(RiderIdx, Card, bool)> = events
            .iter()
            .filter_map(|ev| match *ev {
                Event::PunctureChecked {
                    rider,
                    card,
                    punctured,
                } => Some((rider, card, punctured)),
                _ => None,
            })
            .collect();
        assert_eq!(checks, [(0, X, true), (2, e(4), false)], "A and C, the 7s");
        assert!(
            s.riders[0].recycle.contains(&X),
            "the turned card is recycled"
        );
        assert_eq!(s.conditions().punctured, [0]);
        // Next round A plays 6 on flat: 4 rows.
        let from = s.position(0);
        let events = play(&mut s, &[e(6), e(5), e(6)]);
        assert!(events.contains(&Event::PunctureSlowed { rider: 0, rows: 2 }));
        let moved = events.iter().find_map(|ev| match *ev {
            Event::Moved { rider: 0, to, .. } => Some(to.row),
            _ => None,
        });
        assert_eq!(moved, Some(from.row + 4));

        // Nobody on cobbles: no check at all.
        let mut s = stacked(segments(), &[(3, 0, a), (2, 0, b), (1, 0, c)], opts);
        let events = play(&mut s, &[e(7), e(5), e(7)]);
        assert!(
            !events
                .iter()
                .any(|ev| matches!(ev, Event::PunctureChecked { .. }))
        );
    }

    #[test]
    fn hb_022_tv_19_the_puncture_comes_off_after_the_downhill_minimum() {
        let course = CourseSpec {
            segments: vec![
                seg(Terrain::Flat, 4, true, false),
                seg(Terrain::Downhill, 6, false, false),
                seg(Terrain::Flat, 5, false, true),
            ],
            ..Default::default()
        }
        .build()
        .unwrap();
        let opts = HouseBOptions {
            punctures: true,
            ..HouseBOptions::default()
        };
        let mut c = super::super::Conditions::start(&opts, &course, 1, 1, vec![]).unwrap();
        c.punctured[0] = true;
        let mut events = Vec::new();
        let rows = c.move_rows(0, &course, Pos::new(5, 0), false, e(3), &mut events);
        assert_eq!(rows, 3, "3, then 5 downhill, then 2 fewer");
        assert_eq!(
            c.move_rows(0, &course, Pos::new(5, 0), false, e(3), &mut events),
            5,
            "used up"
        );
    }

    #[test]
    fn hb_023_hb_025_hb_028_tv_18_set_back_two_rows_on_flat_falls_and_draws_two_fewer() {
        let opts = HouseBOptions {
            crashes: CrashRule::HouseB,
            ..HouseBOptions::default()
        };
        let fours: &[Card] = &[e(4), e(4), e(4), e(4), e(4), e(4), e(4), e(4)];
        let sixes: &[Card] = &[e(6), e(6), e(6), e(6), e(6), e(6), e(6), e(6)];
        let segments = vec![
            seg(Terrain::Flat, 4, true, false),
            seg(Terrain::Flat, 30, false, false),
            seg(Terrain::Flat, 5, false, true),
        ];
        // Rows 16 and 15 fill before A (row 10) plays 6: it stops on 14, 2 rows short.
        let mut s = stacked(
            segments,
            &[
                (12, 0, fours),
                (12, 1, fours),
                (11, 0, fours),
                (11, 1, fours),
                (10, 0, sixes),
            ],
            opts,
        );
        let events = play(&mut s, &[e(4), e(4), e(4), e(4), e(6)]);
        assert!(events.contains(&Event::Crashed {
            rider: 4,
            row: 14,
            set_back: 2
        }));
        assert_eq!(s.position(4), Pos::new(14, 0), "it keeps its cell");
        assert_eq!(s.conditions().crashed, [4]);
        s.apply(4, &Choice::Draw { rider: 4 }).unwrap();
        assert_eq!(s.hand(4).len(), 2, "2 cards fewer");
        // The riders who were not set back did not fall.
        assert_eq!(
            events
                .iter()
                .filter(|ev| matches!(ev, Event::Crashed { .. }))
                .count(),
            1
        );
    }

    #[test]
    fn hb_024_to_hb_027_tv_18_thresholds_by_terrain() {
        // (terrain, rain, set-back, falls?) as TV-18 gives them.
        let table = [
            (Terrain::Flat, false, 0, false),
            (Terrain::Flat, false, 1, false),
            (Terrain::Flat, false, 2, true),
            (Terrain::Flat, true, 1, true),
            (Terrain::Cobbles, false, 2, true),
            (Terrain::Supply, false, 2, true),
            (Terrain::Uphill, false, 2, false),
            (Terrain::Uphill, false, 3, true),
            (Terrain::Uphill, true, 2, true),
            (Terrain::Downhill, false, 1, true),
            (Terrain::Downhill, false, 0, false),
        ];
        for (terrain, rain, d, expected) in table {
            // The rider stops on row 8, in the middle of ten rows of `terrain`.
            let course = CourseSpec {
                segments: vec![
                    seg(Terrain::Flat, 4, true, false),
                    seg(terrain, 10, false, false),
                    seg(Terrain::Flat, 5, false, true),
                ],
                ..Default::default()
            }
            .build()
            .unwrap();
            assert_eq!(course.terrain(8), terrain);
            assert_eq!(
                falls_in(&course, 8, d, rain),
                expected,
                "{terrain:?} rain {rain} set-back {d}"
            );
        }
    }

    /// Plays rounds until the stage ends or `limit` rounds pass, every rider keeping an
    /// exhaustion card when its hand holds one (the tired rider's play); the rounds it took.
    fn ride_tired(s: &mut Stage, limit: u32) -> Option<u32> {
        let riders = s.setup().riders.len();
        for round in 1..=limit {
            for i in 0..riders {
                let rider = i as RiderIdx;
                if !s.owes(rider) {
                    continue;
                }
                s.apply(i as u8, &Choice::Draw { rider }).unwrap();
                let hand = s.hand(rider);
                let card = if hand.contains(&X) {
                    X
                } else {
                    hand.iter().copied().min().unwrap_or(X)
                };
                s.apply(i as u8, &Choice::Keep { rider, card }).unwrap();
                if s.over {
                    return Some(round);
                }
            }
        }
        None
    }

    #[test]
    fn hb_020_to_hb_022_hb_031_qb_09_a_cold_cobbled_single_file_stage_still_ends() {
        // One lane of cobbles, weather level 1 held by the dice (no 6): every exhaustion card
        // received goes on top of the draw pile (HB-031). Riders who keep playing exhaustion
        // all tie as the round's fastest, all turn an exhaustion card from the top and all
        // puncture; a 2 less 2 rows is no move at all. Before the ruling on a rider who did not
        // move, those riders "ended on cobbles" by standing still and punctured again forever.
        let one_lane = |terrain, length, start, finish| SegmentSpec {
            lanes: Some(1),
            ..seg(terrain, length, start, finish)
        };
        let course = CourseSpec {
            segments: vec![
                one_lane(Terrain::Flat, 4, true, false),
                one_lane(Terrain::Cobbles, 12, false, false),
                one_lane(Terrain::Flat, 5, false, true),
            ],
            ..Default::default()
        }
        .build()
        .unwrap();
        let opts = HouseBOptions {
            punctures: true,
            weather: crate::games::card_race::house_b::WeatherRule::HouseB,
            weather_level: Some(1),
            ..HouseBOptions::default()
        };
        let setup = StageSetup {
            course: Arc::new(course),
            teams: vec!["T0".into(), "T1".into()],
            riders: (0..2)
                .map(|i| RiderSetup {
                    id: format!("R{i}"),
                    team: i as u8,
                    kind: RiderKind::Rouleur,
                    start: Pos::new(4 - i as u16, 0),
                    carried_exhaustion: 0,
                })
                .collect(),
            options: Options {
                hands: Hands::Deal,
                house_b: opts,
                ..Options::default()
            },
        };
        // Only 1s to 5s: the weather stays cold the whole stage.
        let dice = [1, 2, 3, 4, 5].repeat(40);
        let mut s = Stage::with_dice(Arc::new(setup), 7, dice).unwrap();
        // Both riders start worn out: only exhaustion cards, more than the stage can use, so
        // neither runs out of cards to turn.
        for i in 0..2 {
            s.riders[i].deck = vec![X; 120];
        }
        let rounds = ride_tired(&mut s, 40);
        // 16 rows to the line at 2 rows every other round (a puncture, then a move of 0 that
        // triggers no check, then a full move of 2): about 16 rounds.
        assert!(
            rounds.is_some_and(|r| r <= 20),
            "the stage did not end in 20 rounds: {rounds:?}, riders on rows {} and {}",
            s.position(0).row,
            s.position(1).row
        );
    }

    #[test]
    fn hb_028_qx_03_a_fallen_rider_draws_two_fewer() {
        assert_eq!(hand_size(false), 4);
        assert_eq!(hand_size(true), 2);
    }
}
