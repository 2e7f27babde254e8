//! House rules B's time trials (HB-049…HB-057), fictive start (HB-038…HB-043) and world cup
//! (HB-073…HB-079), clause by clause, with the conformance table's test vectors (TV-09, TV-21,
//! TV-24).

mod common;

use commissaire_engine::course::{CourseSpec, Pos};
use commissaire_engine::game::Ruleset;
use commissaire_engine::games::card_race::house_b::time_trial::{
    self as b_tt, Cut, TimeTrialB, cut_course, is_highest,
};
use commissaire_engine::games::card_race::{
    Card, Choice, Event, Hands, Options, Profiles, RiderKind, RiderSetup, Stage, StageSetup,
};
use common::*;
use std::sync::Arc;

/// Riders `(id, team)` laid on the start grid in the order given (the tour's general
/// classification order), one team each unless told.
fn setup(
    course: commissaire_engine::course::Course,
    riders: &[(&str, u8)],
    teams: usize,
    options: Options,
) -> StageSetup {
    let course = course.with_start_for(riders.len());
    let cells = course.start_cells();
    StageSetup {
        course: Arc::new(course),
        teams: (0..teams).map(|t| format!("Team {t}")).collect(),
        riders: riders
            .iter()
            .enumerate()
            .map(|(i, &(id, team))| RiderSetup {
                id: id.into(),
                team,
                kind: RiderKind::Rouleur,
                start: cells[i],
                carried_exhaustion: 0,
            })
            .collect(),
        options,
    }
}

fn trial(kind: TimeTrialB, hands: Hands, cut: Cut) -> Options {
    Options {
        hands,
        profiles: Profiles::HouseB,
        time_trial_b: Some(kind),
        time_trial_cut: cut,
        ..Options::default()
    }
}

/// Plays every rider that owes a card, in free hands, the card `card_of` gives it.
fn free_round(stage: &mut Stage, card_of: &dyn Fn(&str) -> Card) -> Vec<Event> {
    let mut events = Vec::new();
    for rider in 0..stage.setup().riders.len() as u8 {
        if !stage.owes(rider) {
            continue;
        }
        let seat = stage.setup().riders[rider as usize].team;
        let card = card_of(&stage.setup().riders[rider as usize].id);
        events.extend(stage.apply(seat, &Choice::Keep { rider, card }).unwrap());
    }
    events
}

// ---- Individual time trial (HB-049…HB-053) ----

/// HB-049 (QB-18): the course is cut by a third or by half; the start area and the tile the line
/// is on stay, whole tiles of the road between them go.
#[test]
fn hb_049_the_course_is_cut_by_a_third_or_by_half() {
    let full = CourseSpec {
        tiles: Some("abcdfCDlmnBu".into()),
        ..Default::default()
    }
    .build()
    .unwrap();
    let front = |c: &commissaire_engine::course::Course| c.start_cells()[0];
    let road = |c: &commissaire_engine::course::Course| c.rows_to_line(front(c).row);
    let third = cut_course(&full, Cut::Third);
    let half = cut_course(&full, Cut::Half);
    assert_eq!(cut_course(&full, Cut::None), full);
    // From the ramp: the start tile's road row, ten tiles of 6 rows, the finish tile's row, and
    // the line's row.
    assert_eq!(road(&full), 63);
    // A third: the start tile's road row, d, D and n go (19 rows); half: 31 rows go.
    assert_eq!(road(&third), 63 - 19);
    assert_eq!(road(&half), 63 - 31);
    // Two tiles of three kept; one of two.
    let tiles = |c: &commissaire_engine::course::Course| {
        let mut t: Vec<char> = c.rows().iter().filter_map(|r| r.tile).collect();
        t.dedup();
        t.into_iter().collect::<String>()
    };
    assert_eq!(tiles(&full), "abcdfCDlmnBu");
    assert_eq!(tiles(&third), "abcfClmBu");
    assert_eq!(tiles(&half), "abdClnu");
    assert_eq!(
        third.start_cells(),
        full.start_cells(),
        "the start area stays"
    );
    assert_eq!(third.run_out(), full.run_out(), "the finish tile stays");
    // A stage named a house-B time trial rides the cut course.
    let s = Stage::new(
        setup(
            full.clone(),
            &[("P", 0)],
            1,
            trial(TimeTrialB::Individual, Hands::Free, Cut::Half),
        ),
        1,
    )
    .unwrap();
    assert_eq!(road(s.course()), road(&half));
}

/// HB-049, TV-09.8: five riders set off one round apart in reverse general classification:
/// the last listed first, starter k in round k. A rider waiting its turn owes no card and
/// stands off the road.
#[test]
fn hb_049_tv_09_riders_set_off_one_round_apart_in_reverse_order() {
    let riders = [("R1", 0), ("R2", 1), ("R3", 2), ("R4", 3), ("R5", 4)];
    let mut s = Stage::new(
        setup(
            course(&[(F, 40)]),
            &riders,
            5,
            trial(TimeTrialB::Individual, Hands::Free, Cut::None),
        ),
        1,
    )
    .unwrap();
    let sets_off: Vec<u32> = (0..5).map(|r| s.sets_off(r).unwrap()).collect();
    assert_eq!(sets_off, [5, 4, 3, 2, 1]);
    assert!(
        s.opening_events()
            .iter()
            .any(|e| matches!(e, Event::TimeTrialStart { round: 1, riders } if riders == &vec![4]))
    );
    let front = s.course().start_cells()[0];
    assert_eq!(s.position(4), front, "the first starter is on the ramp");
    for round in 1..=5u32 {
        let owing: Vec<u8> = (0..5).filter(|&r| s.owes(r)).collect();
        let expected: Vec<u8> = (0..5).filter(|&r| 5 - r as u32 <= round).collect();
        assert_eq!(owing, expected, "round {round}");
        let events = free_round(&mut s, &|_| n(6));
        if round < 5 {
            let starter = 4 - round as u8;
            assert!(events.iter().any(
                |e| matches!(e, Event::TimeTrialStart { riders, .. } if riders == &vec![starter])
            ));
            assert_eq!(s.position(starter), front, "round {}", round + 1);
        }
    }
    // Each rider rode its own rounds only: the first starter 5 cards, the last 1.
    let played: Vec<usize> = (0..5).map(|r| s.cards_played(r).len()).collect();
    assert_eq!(played, [1, 2, 3, 4, 5]);
}

/// HB-050, HB-051, TV-09.5, TV-09.6: four cards drawn face up; keeping the hand's highest card
/// costs an exhaustion card, a lower one nothing; a tie for the highest counts as the highest.
#[test]
fn hb_050_hb_051_tv_09_the_hands_highest_card_costs_an_exhaustion_card() {
    let hand = [n(7), n(6), n(4), n(3)];
    assert!(is_highest(&hand, n(7)));
    assert!(!is_highest(&hand, n(6)));
    assert!(is_highest(&[n(7), n(7), n(4), n(3)], n(7)));
    let mut s = Stage::new(
        setup(
            course(&[(F, 40)]),
            &[("P", 0)],
            1,
            trial(TimeTrialB::Individual, Hands::Deal, Cut::None),
        ),
        3,
    )
    .unwrap();
    let mut tired = 0;
    let mut rounds = 0;
    while rounds < 6 && !s.is_over() {
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        let hand = s.hand(0).to_vec();
        assert_eq!(hand.len(), 4, "four cards a hand");
        // Every seat sees the hand: it is drawn face up.
        let view = s.view(commissaire_engine::game::Viewer::Public);
        assert_eq!(view.riders[0].hand.as_deref(), Some(&hand[..]));
        let top = *hand.iter().max_by_key(|c| c.value()).unwrap();
        let lower = hand.iter().copied().find(|c| c.value() < top.value());
        // Alternate: the top card, then a lower one when there is one.
        let card = match (rounds % 2, lower) {
            (1, Some(l)) => l,
            _ => top,
        };
        let events = s.apply(0, &Choice::Keep { rider: 0, card }).unwrap();
        let took = events
            .iter()
            .any(|e| matches!(e, Event::HighestCardTired { rider: 0, cards: 1 }));
        assert_eq!(took, is_highest(&hand, card), "{hand:?} kept {card}");
        assert!(
            !events.iter().any(|e| matches!(
                e,
                Event::ExhaustionTaken { .. } | Event::ExhaustionDealt { .. }
            )),
            "riding in front costs nothing in a time trial"
        );
        tired += took as u16;
        rounds += 1;
    }
    assert!(tired > 0);
    assert_eq!(s.exhaustion_taken(0), tired);
}

/// HB-051: keeping the hand's highest card costs an exhaustion card in the round the rider
/// crosses the line too. P keeps its hand's highest card every round on a course of three rows
/// to the line; in the round it crosses it is tired as in any other.
#[test]
fn hb_051_the_hands_highest_card_tires_in_the_round_it_crosses() {
    let mut s = Stage::new(
        setup(
            course(&[(F, 3)]),
            &[("P", 0)],
            1,
            trial(TimeTrialB::Individual, Hands::Deal, Cut::None),
        ),
        3,
    )
    .unwrap();
    let mut crossing_round = None;
    while !s.is_over() {
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        let top = *s.hand(0).iter().max_by_key(|c| c.value()).unwrap();
        let events = s
            .apply(
                0,
                &Choice::Keep {
                    rider: 0,
                    card: top,
                },
            )
            .unwrap();
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::HighestCardTired { rider: 0, cards: 1 })),
            "round {}: the highest card {top} tires",
            s.round()
        );
        if events
            .iter()
            .any(|e| matches!(e, Event::Crossed { rider: 0, .. }))
        {
            crossing_round = Some(s.round());
        }
    }
    assert!(crossing_round.is_some(), "P crossed");
    assert_eq!(
        u32::from(s.exhaustion_taken(0)),
        s.cards_played(0).len() as u32,
        "one card for every round, the crossing round included"
    );
}

/// HB-055: in a team time trial too, the rider who keeps its hand's highest card in the round
/// it crosses takes an exhaustion card.
#[test]
fn hb_055_a_team_riders_highest_card_tires_in_the_round_it_crosses() {
    let mut s = Stage::new(
        setup(
            course(&[(F, 3)]),
            &[("P", 0), ("Q", 0)],
            1,
            trial(TimeTrialB::Team, Hands::Deal, Cut::None),
        ),
        5,
    )
    .unwrap();
    while !s.is_over() {
        let mut events = Vec::new();
        for r in 0..2u8 {
            if s.owes(r) {
                s.apply(0, &Choice::Draw { rider: r }).unwrap();
                let top = *s.hand(r).iter().max_by_key(|c| c.value()).unwrap();
                events.extend(
                    s.apply(
                        0,
                        &Choice::Keep {
                            rider: r,
                            card: top,
                        },
                    )
                    .unwrap(),
                );
            }
        }
        for e in &events {
            if let Event::Crossed { rider, .. } = e {
                assert!(
                    events.iter().any(
                        |t| matches!(t, Event::HighestCardTired { rider: x, .. } if x == rider)
                    ),
                    "rider {rider} tires in the round it crosses"
                );
            }
        }
    }
    for r in 0..2u8 {
        assert_eq!(
            u32::from(s.exhaustion_taken(r)),
            s.cards_played(r).len() as u32
        );
    }
}

/// HB-052: a rider who catches another takes its slipstream. P sets off first and rides 2s;
/// Q, one round later, lands one empty row behind it and moves up.
#[test]
fn hb_052_slipstream_behind_a_caught_rider() {
    let mut s = Stage::new(
        setup(
            course(&[(F, 40)]),
            &[("Q", 0), ("P", 1)],
            2,
            trial(TimeTrialB::Individual, Hands::Free, Cut::None),
        ),
        1,
    )
    .unwrap();
    let front = s.course().start_cells()[0].row;
    free_round(&mut s, &|_| n(2));
    assert_eq!(at(&s, "P").0, front + 2);
    let events = free_round(&mut s, &|_| n(2));
    // P on front+4, Q on front+2, one empty row between: Q moves up.
    assert_eq!(at(&s, "P").0, front + 4);
    assert_eq!(at(&s, "Q").0, front + 3);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Slipstream { rider: 0, .. }))
    );
    assert_eq!(exhaustion(&s, "P"), 0, "no exhaustion for riding in front");
}

/// HB-053, TV-09.7: a minute a card from the rider's own start, ten seconds off a row past
/// the line; the trial goes on until every rider is across and ranks them by time.
#[test]
fn hb_053_tv_09_time_from_the_riders_own_start() {
    assert_eq!(b_tt::time_secs(12, 1), 11 * 60 + 50);
    let mut s = Stage::new(
        setup(
            course(&[(F, 14)]),
            &[("Slow", 0), ("Fast", 1)],
            2,
            trial(TimeTrialB::Individual, Hands::Free, Cut::None),
        ),
        1,
    )
    .unwrap();
    // Fast sets off first and rides 9s; Slow follows with 5s.
    let mut rounds = 0;
    while !s.is_over() {
        free_round(&mut s, &|id| if id == "Fast" { n(9) } else { n(5) });
        rounds += 1;
        assert!(rounds < 20);
    }
    let (slow, fast) = (idx(&s, "Slow"), idx(&s, "Fast"));
    let line = s.course().finish_row();
    for r in [slow, fast] {
        let (_, pos) = s.crossed(r).unwrap();
        let cards = s.cards_played(r).len() as u32;
        assert_eq!(
            b_tt::rider_time(&s, r),
            Some(cards * 60 - 10 * u32::from(pos.row + 1 - line))
        );
    }
    assert!(
        s.cards_played(slow).len() < rounds,
        "Slow's clock starts at its own start"
    );
    assert_eq!(s.finish_order()[0], fast, "ranked by time");
}

// ---- Team time trial (HB-054…HB-057) ----

/// HB-054, HB-055: teams set off one round apart (the team listed last first); each rider of
/// the team rides its own face-up hand, and a rider keeping its hand's highest card takes an
/// exhaustion card.
#[test]
fn hb_054_hb_055_teams_set_off_one_round_apart_each_rider_on_its_hand() {
    let riders = [("A1", 0), ("B1", 1), ("A2", 0), ("B2", 1)];
    let mut s = Stage::new(
        setup(
            course(&[(F, 40)]),
            &riders,
            2,
            trial(TimeTrialB::Team, Hands::Deal, Cut::None),
        ),
        5,
    )
    .unwrap();
    let sets_off: Vec<u32> = (0..4).map(|r| s.sets_off(r).unwrap()).collect();
    assert_eq!(sets_off, [2, 1, 2, 1], "team B's best rider is listed last");
    assert!(s.legal_choices(0).is_empty(), "team A waits for round 2");
    let cells = s.course().start_cells();
    assert_eq!([s.position(1), s.position(3)], [cells[0], cells[1]]);
    let mut tired = 0;
    for rider in [1u8, 3] {
        s.apply(1, &Choice::Draw { rider }).unwrap();
        let hand = s.hand(rider).to_vec();
        assert_eq!(hand.len(), 4);
        let top = *hand.iter().max_by_key(|c| c.value()).unwrap();
        let card = if rider == 1 {
            top
        } else {
            *hand.iter().min_by_key(|c| c.value()).unwrap()
        };
        tired += is_highest(&hand, card) as u16;
        s.apply(1, &Choice::Keep { rider, card }).unwrap();
    }
    assert_eq!(s.round(), 2);
    assert_eq!(s.exhaustion_taken(1) + s.exhaustion_taken(3), tired);
    assert!(!s.legal_choices(0).is_empty(), "team A sets off in round 2");
}

/// HB-056: in a team trial a rider takes slipstream behind a caught rider of another team.
#[test]
fn hb_056_slipstream_behind_a_caught_rider_of_another_team() {
    let mut s = Stage::new(
        setup(
            course(&[(F, 40)]),
            &[("A1", 0), ("B1", 1)],
            2,
            trial(TimeTrialB::Team, Hands::Free, Cut::None),
        ),
        1,
    )
    .unwrap();
    let front = s.course().start_cells()[0].row;
    free_round(&mut s, &|_| n(2));
    let events = free_round(&mut s, &|_| n(2));
    assert_eq!(at(&s, "B1").0, front + 4);
    assert_eq!(at(&s, "A1").0, front + 3, "A1 rides up behind B1");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Slipstream { rider: 0, .. }))
    );
}

/// HB-057, TV-09.9: the team's time is its last rider's across; the tour gives it to every
/// rider of the team.
#[test]
fn hb_057_tv_09_team_time_is_the_last_riders() {
    use commissaire_engine::games::card_race::tour::grand_tour::stage_times;
    use commissaire_engine::games::card_race::tour::stage_result;
    use commissaire_engine::tour::{StageKind, enter_teams};
    assert_eq!(b_tt::time_secs(15, 2), 14 * 60 + 40);
    let riders = [("Blue A", 0), ("Red A", 1), ("Blue B", 0), ("Red B", 1)];
    let mut s = Stage::new(
        setup(
            course(&[(F, 12)]),
            &riders,
            2,
            trial(TimeTrialB::Team, Hands::Free, Cut::None),
        ),
        1,
    )
    .unwrap();
    while !s.is_over() {
        free_round(&mut s, &|id| if id.ends_with('A') { n(9) } else { n(4) });
    }
    for seat in 0..2u8 {
        let times: Vec<u32> = s
            .team_riders(seat)
            .iter()
            .map(|&r| b_tt::rider_time(&s, r).unwrap())
            .collect();
        assert_eq!(
            b_tt::team_time(&s, seat),
            times.iter().copied().max(),
            "{times:?}"
        );
    }
    // Through the tour: every rider of a team is timed with its last rider.
    let names: Vec<String> = ["Blue", "Red"].map(String::from).to_vec();
    let roster = vec![
        commissaire_engine::registry::Rostered {
            label: "A".into(),
            attributes: commissaire_engine::games::card_race::card_race_attributes(
                RiderKind::Rouleur,
                0,
            ),
            said: None,
        },
        commissaire_engine::registry::Rostered {
            label: "B".into(),
            attributes: commissaire_engine::games::card_race::card_race_attributes(
                RiderKind::Rouleur,
                0,
            ),
            said: None,
        },
    ];
    let tour_riders = enter_teams(&names, &roster);
    let result = stage_result(&s, 1, StageKind::TeamTimeTrial, &tour_riders);
    let times = stage_times(&result, &Default::default()).unwrap();
    for seat in 0..2u8 {
        let team = &names[seat as usize];
        let expected = i64::from(b_tt::team_time(&s, seat).unwrap());
        for t in times.iter().filter(|t| &t.team == team) {
            assert_eq!(t.time, expected, "{}", t.rider);
        }
    }
}

// ---- Fictive start (HB-038…HB-043, TV-21) ----

fn fictive(hands: Hands) -> Options {
    Options {
        hands,
        profiles: Profiles::HouseB,
        fictive_start: true,
        ..Options::default()
    }
}

/// A fictive start from given cells (rows of `course(&[(F, 40)])`: the start area is rows 0 to
/// 3, so TV-21's row −1 is row 3 and its row 0 is row 4).
fn fictive_stage(riders: &[(&str, u16, u8)], hands: Hands) -> Stage {
    fictive_stage_on(course(&[(F, 40)]), riders, hands)
}

/// [`fictive_stage`] on a course of one's own.
fn fictive_stage_on(
    course: commissaire_engine::course::Course,
    riders: &[(&str, u16, u8)],
    hands: Hands,
) -> Stage {
    let setup = StageSetup {
        course: Arc::new(course),
        teams: riders.iter().map(|r| format!("Team {}", r.0)).collect(),
        riders: riders
            .iter()
            .enumerate()
            .map(|(i, &(id, row, lane))| RiderSetup {
                id: id.into(),
                team: i as u8,
                kind: RiderKind::Rouleur,
                start: Pos::new(row, lane),
                carried_exhaustion: 0,
            })
            .collect(),
        options: fictive(hands),
    };
    Stage::new(setup, 11).unwrap()
}

/// HB-038, TV-21: a grid of six riders on rows −1…−3: the two on row −1, with nobody ahead,
/// start with an exhaustion card each; the others none.
#[test]
fn hb_038_tv_21_the_front_of_the_grid_starts_with_an_exhaustion_card() {
    let grid = [
        ("A", 3, 0),
        ("B", 3, 1),
        ("C", 2, 0),
        ("D", 2, 1),
        ("E", 1, 0),
        ("F", 1, 1),
    ];
    let s = fictive_stage(&grid, Hands::Deal);
    let taken: Vec<u16> = grid.iter().map(|g| exhaustion(&s, g.0)).collect();
    assert_eq!(taken, [1, 1, 0, 0, 0, 0]);
    for id in ["A", "B"] {
        let (_, _, recycle, _) = s.piles(idx(&s, id));
        assert_eq!(recycle, &[Card::Exhaustion]);
    }
    assert!(
        s.opening_events()
            .iter()
            .any(|e| matches!(e, Event::FictiveStartGrid { exposed } if exposed == &vec![0, 1]))
    );
    assert_eq!(s.round(), 0, "the fictive start is ridden before round 1");
}

/// HB-039, HB-040, TV-21: a lone rider on row −3 draws two cards and rides one; ending on the
/// k-th row past the start line costs k exhaustion cards: a 5 ends on row 2 (3 cards), a 3 on
/// row 0 (1 card), a 2 on row −1 (none).
#[test]
fn hb_039_hb_040_tv_21_rows_past_the_start_line_cost_exhaustion() {
    for (card, row, cards) in [(5, 6, 3u16), (3, 4, 1), (2, 3, 0)] {
        let mut s = fictive_stage(&[("L", 1, 0)], Hands::Free);
        let before = exhaustion(&s, "L");
        let events = round(&mut s, &[("L", n(card))]);
        assert_eq!(at(&s, "L").0, row, "card {card}");
        let past: u16 = events
            .iter()
            .filter_map(|e| match e {
                Event::PastStartLine { cards, .. } => Some(*cards),
                _ => None,
            })
            .sum();
        assert_eq!(past, cards, "card {card}");
        // Alone, it also rides in the wind after the roll-out (HB-041).
        assert_eq!(exhaustion(&s, "L") - before, cards + 1, "card {card}");
        assert_eq!(s.round(), 1);
    }
    // Two cards to choose from.
    let mut s = fictive_stage(&[("L", 1, 0)], Hands::Deal);
    s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
    assert_eq!(s.hand(0).len(), 2);
}

/// HB-041: when everyone has ridden, slipstream closes a one-row gap, then riders with nobody
/// ahead take exhaustion as in an end phase.
#[test]
fn hb_041_slipstream_then_exhaustion_after_the_roll_out() {
    let mut s = fictive_stage(&[("A", 3, 0), ("B", 1, 0)], Hands::Free);
    let grid_a = exhaustion(&s, "A");
    // A rides 2 to row 5; B rides 2 to row 3: one empty row (4) between, B moves up to 4.
    let events = round(&mut s, &[("A", n(2)), ("B", n(2))]);
    assert_eq!(at(&s, "A").0, 5);
    assert_eq!(at(&s, "B").0, 4);
    let slip = events
        .iter()
        .position(|e| matches!(e, Event::Slipstream { rider: 1, .. }))
        .expect("B takes the slipstream");
    let tired = events
        .iter()
        .position(|e| matches!(e, Event::ExhaustionTaken { rider: 0 }))
        .expect("A, in front, takes exhaustion");
    assert!(slip < tired, "slipstream first, then exhaustion");
    // A: 1 on the grid, 2 for row 1 past the line (row 5), 1 in the wind.
    assert_eq!(exhaustion(&s, "A"), grid_a + 2 + 1);
}

/// `course(&[(F, 40)])` with the given rows marked yellow (`neutral`).
fn neutral_course(rows: &[i64]) -> commissaire_engine::course::Course {
    let flat = |length, start, finish| commissaire_engine::course::SegmentSpec {
        terrain: F,
        length,
        lanes: None,
        start,
        finish,
    };
    CourseSpec {
        segments: vec![
            flat(4, true, false),
            flat(40, false, false),
            flat(5, false, true),
        ],
        neutral: rows.to_vec(),
        ..Default::default()
    }
    .build()
    .unwrap()
}

/// HB-042, QB-15: HB-041's roll-out (A rides 2 from row 3 to row 5, B 2 from row 1 to row 3)
/// with yellow rows. A rider on one neither gives nor takes slipstream and takes no positional
/// exhaustion (the grid's or the end phase's); rows past the start line still cost theirs.
#[test]
fn hb_042_qb_15_a_rider_on_a_yellow_row_neither_gives_nor_takes_slipstream_nor_tires() {
    let grid = [("A", 3, 0), ("B", 1, 0)];
    let roll_out = [("A", n(2)), ("B", n(2))];
    // No yellow row: B closes up to row 4; A pays 1 (grid) + 2 (past the line) + 1 (wind).
    let mut s = fictive_stage_on(neutral_course(&[]), &grid, Hands::Free);
    round(&mut s, &roll_out);
    assert_eq!((at(&s, "B").0, exhaustion(&s, "A")), (4, 4));

    // Row 5 yellow: A, on it, gives no slipstream and takes no end-phase card; B, left on row 3
    // with nobody ahead, takes one.
    let mut s = fictive_stage_on(neutral_course(&[5]), &grid, Hands::Free);
    let b_grid = exhaustion(&s, "B");
    let events = round(&mut s, &roll_out);
    assert!(!events.iter().any(|e| matches!(e, Event::Slipstream { .. })));
    assert_eq!(at(&s, "B").0, 3, "A gives no slipstream");
    assert_eq!(
        exhaustion(&s, "A"),
        1 + 2,
        "the grid's card and the line's, no wind"
    );
    assert_eq!(exhaustion(&s, "B"), b_grid + 1);

    // Row 3 yellow: A, at the front of the grid on it, takes no grid card; B ends on it and
    // takes no slipstream from A on row 5, nor an end-phase card.
    let mut s = fictive_stage_on(neutral_course(&[3]), &grid, Hands::Free);
    assert_eq!(exhaustion(&s, "A"), 0, "no grid card on a yellow row");
    let b_grid = exhaustion(&s, "B");
    round(&mut s, &roll_out);
    assert_eq!(at(&s, "B").0, 3, "B takes no slipstream");
    assert_eq!(exhaustion(&s, "B"), b_grid);
    assert_eq!(
        exhaustion(&s, "A"),
        2 + 1,
        "the line's cards and the wind's"
    );

    // The rows stay yellow in the race (QB-15): in round 1 B rides 2 from row 3 onto row 5,
    // A 2 from row 5 to 7; B takes neither the slipstream to row 6 nor a card.
    let mut s = fictive_stage_on(neutral_course(&[3, 5]), &grid, Hands::Free);
    round(&mut s, &roll_out);
    assert_eq!((at(&s, "A").0, at(&s, "B").0), (5, 3));
    let b_before = exhaustion(&s, "B");
    round(&mut s, &[("A", n(2)), ("B", n(2))]);
    assert_eq!((at(&s, "A").0, at(&s, "B").0), (7, 5));
    assert_eq!(exhaustion(&s, "B"), b_before);
}

/// HB-043, TV-21: both cards drawn go face up under the draw pile: after the roll-out the deck
/// still holds its 15 energy cards, and no card is played (no minute on anyone's time).
#[test]
fn hb_043_tv_21_the_roll_out_spends_no_card() {
    let mut s = fictive_stage(&[("L", 3, 0)], Hands::Deal);
    s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
    let card = s.hand(0)[0];
    s.apply(0, &Choice::Keep { rider: 0, card }).unwrap();
    assert_eq!(s.round(), 1);
    let (deck, hand, recycle, played) = s.piles(0);
    assert!(played.is_empty() && hand.is_empty());
    let energy = deck
        .iter()
        .chain(recycle)
        .filter(|c| !c.is_exhaustion())
        .count();
    assert_eq!(energy, 15);
    assert_eq!(
        recycle.iter().filter(|c| !c.is_exhaustion()).count(),
        2,
        "both cards face up under the pile"
    );
    assert!(recycle.contains(&card));
}

/// HB-045 (C-06): the breakaway auction is not ridden beside the fictive start; a stage asked
/// for both is refused with a sentence, and either alone starts.
#[test]
fn hb_045_the_fictive_start_rides_without_the_breakaway_auction() {
    use commissaire_engine::games::card_race::{SetupError, Start};
    let riders = [("A", 3, 0), ("B", 2, 0)];
    let setup = |fictive_start: bool, start: Start| StageSetup {
        course: Arc::new(course(&[(F, 40)])),
        teams: riders.iter().map(|r| format!("Team {}", r.0)).collect(),
        riders: riders
            .iter()
            .enumerate()
            .map(|(i, &(id, row, lane))| RiderSetup {
                id: id.into(),
                team: i as u8,
                kind: RiderKind::Rouleur,
                start: Pos::new(row, lane),
                carried_exhaustion: 0,
            })
            .collect(),
        options: Options {
            fictive_start,
            start,
            ..fictive(Hands::Deal)
        },
    };
    let both = Stage::new(setup(true, Start::BreakawayHouseA), 1).unwrap_err();
    assert_eq!(both, SetupError::FictiveBreakaway);
    assert!(both.to_string().contains("not both"), "{both}");
    assert!(Stage::new(setup(true, Start::Standard), 1).is_ok());
    assert!(Stage::new(setup(false, Start::BreakawayHouseA), 1).is_ok());
}

// ---- Time trials in a tour (HA-043, HB-053, HB-057 through the registry) ----

mod tour {
    use commissaire_engine::course::CourseSpec;
    use commissaire_engine::game::Viewer;
    use commissaire_engine::games::card_race::{ID as CARD_RACE, card_race_attributes_of};
    use commissaire_engine::registry::{self, DynStage, Setup, StageContext};
    use commissaire_engine::tour::{
        Outcome, StageKind, StageResult, TourRider, enter_teams, entrants_setup,
    };
    use serde_json::Value;
    use std::sync::Arc;

    fn rules(name: &str) -> Value {
        let entry = registry::ruleset(CARD_RACE).unwrap();
        (entry.rules.iter().find(|r| r.name == name).unwrap().options)()
    }

    fn riders() -> Vec<TourRider> {
        let roster =
            (registry::ruleset(CARD_RACE).unwrap().roster)(&[], &serde_json::Value::Null).unwrap();
        enter_teams(&["Blue".into(), "Red".into()], &roster)
    }

    fn course() -> Arc<commissaire_engine::course::Course> {
        Arc::new(
            CourseSpec {
                tiles: Some("abcdfCu".into()),
                ..Default::default()
            }
            .build()
            .unwrap(),
        )
    }

    fn ctx<'a>(
        number: u32,
        kind: StageKind,
        previous: Option<&'a StageResult>,
        options: &'a Value,
    ) -> StageContext<'a> {
        StageContext {
            number,
            kind,
            rest_before: false,
            previous,
            options,
            bots: &[],
        }
    }

    /// Prepares and rides one stage with bots; returns the stage and its result.
    fn ride(
        tour: &Value,
        number: u32,
        kind: StageKind,
        previous: Option<&StageResult>,
        riders: &[TourRider],
    ) -> (Box<dyn DynStage>, StageResult) {
        ride_on(&course(), tour, number, kind, previous, riders)
    }

    /// [`ride`] on another course.
    fn ride_on(
        course: &Arc<commissaire_engine::course::Course>,
        tour: &Value,
        number: u32,
        kind: StageKind,
        previous: Option<&StageResult>,
        riders: &[TourRider],
    ) -> (Box<dyn DynStage>, StageResult) {
        let options = registry::prepare(CARD_RACE, &ctx(number, kind, previous, tour)).unwrap();
        let refs: Vec<&TourRider> = riders.iter().filter(|r| !r.abandoned).collect();
        let names: Vec<String> = vec!["Blue".into(), "Red".into()];
        let setup: Setup = entrants_setup(course, &names, &refs, options);
        let mut s = registry::start(CARD_RACE, &setup, 40 + u64::from(number)).unwrap();
        let mut guard = 0;
        while let Some(&(seat, _)) = s.waiting_on().first() {
            s.play_bot(seat).unwrap();
            guard += 1;
            assert!(guard < 5000, "the stage ends");
        }
        let result = s.result(number, kind, riders).unwrap();
        (s, result)
    }

    /// HA-043, HB-053: a tour's time-trial stage is ridden under its house rules' trial, and
    /// every rider's time, a minute a card less 10 s a row past the line, goes into the general
    /// classification with no bonus.
    #[test]
    fn ha_043_hb_053_a_tours_time_trial_counts_in_the_general_classification() {
        for name in ["house-a", "house-b"] {
            let tour = rules(name);
            let riders = riders();
            let (_, result) = ride(&tour, 1, StageKind::TimeTrial, None, &riders);
            let table =
                registry::classify(CARD_RACE, std::slice::from_ref(&result), &tour).unwrap();
            let general = table.get("general").unwrap();
            for r in &result.riders {
                let Outcome::Crossed { rows_past } = r.outcome else {
                    panic!("{name}: {} did not finish the trial", r.rider);
                };
                let time = i64::from(r.cards_played) * 60 - 10 * i64::from(rows_past);
                let row = general
                    .rows
                    .iter()
                    .find(|g| g.rider.as_ref() == Some(&r.rider))
                    .unwrap();
                assert_eq!(
                    row.value,
                    commissaire_engine::tour::Score::Seconds(time),
                    "{name}: {}",
                    r.rider
                );
            }
        }
    }

    /// HB-011…HB-014, HB-013 in a tour: under house rules B the seats no director rides are
    /// ghosts, and each ghost draws the cards its way reads: one in its first round, then two
    /// (offensive), one (random) or three (steady). Its draw pile gives up just those cards: a
    /// random ghost's hands are one card each, round after round, and the hands of the seat a
    /// director rides are four. A house-A tour has no ghosts; a tour checked before it has bot
    /// teams names none.
    #[test]
    fn hb_013_a_tours_bot_seats_ride_as_ghosts_drawing_their_ways_cards() {
        use commissaire_engine::games::card_race::Event;
        use commissaire_engine::games::card_race::cards::starting_deck;
        use commissaire_engine::games::card_race::house_b::GhostClass;
        use commissaire_engine::games::card_race::{Profiles, card_race_attributes_of};
        let mut tour = rules("house-b");
        // Without the fictive start, whose hands are its own.
        tour.as_object_mut().unwrap().remove("fictive_start");
        let context = |bots: &'static [u8], options: &'static Value| StageContext {
            bots,
            ..ctx(1, StageKind::Flat, None, options)
        };
        let tour: &'static Value = Box::leak(Box::new(tour));
        let options = registry::prepare(CARD_RACE, &context(&[1], tour)).unwrap();
        assert_eq!(options["ghosts"], serde_json::json!([1]));
        let none = registry::prepare(CARD_RACE, &context(&[], tour)).unwrap();
        assert!(none.get("ghosts").is_none());
        let a: &'static Value = Box::leak(Box::new(rules("house-a")));
        let a = registry::prepare(CARD_RACE, &context(&[1], a)).unwrap();
        assert!(a.get("ghosts").is_none(), "house rules A ride Brain riders");
        let riders = riders();
        let refs: Vec<&TourRider> = riders.iter().collect();
        let names: Vec<String> = vec!["Blue".into(), "Red".into()];
        let mut ways = std::collections::BTreeSet::new();
        for seed in 0..8 {
            let setup: Setup = entrants_setup(&course(), &names, &refs, options.clone());
            let mut s = registry::start(CARD_RACE, &setup, seed).unwrap();
            let mut events: Vec<Event> = Vec::new();
            while let Some(&(seat, _)) = s.waiting_on().first() {
                let (_, told) = s.play_bot(seat).unwrap().unwrap();
                for e in told.to_json() {
                    events.push(serde_json::from_value(e).unwrap());
                }
            }
            for (i, r) in setup.riders.iter().enumerate() {
                let hands: Vec<usize> = events
                    .iter()
                    .filter_map(|e| match e {
                        Event::HandDrawn { rider, cards } if *rider as usize == i => {
                            Some(cards.to_vec().len())
                        }
                        _ => None,
                    })
                    .collect();
                if r.team == 0 {
                    // Blue's director: four cards a hand while its deck lasts.
                    assert_eq!(hands[0], 4, "{}", r.id);
                    continue;
                }
                // Its way comes from the card it rode in round 1 (an attack's kept card).
                let first = events
                    .iter()
                    .find_map(|e| match e {
                        Event::Moved { rider, card, .. } if *rider as usize == i => Some(*card),
                        _ => None,
                    })
                    .unwrap();
                let (kind, _) = card_race_attributes_of(&r.attributes);
                let way = GhostClass::of(first, &starting_deck(kind, Profiles::HouseB, 0));
                ways.insert(format!("{way:?}"));
                assert_eq!(hands[0], 1, "{}: one card in its first round", r.id);
                // After a fall a hand is two cards shorter, never under one; a short deck gives
                // what is left: never more than its way reads, and mostly just that.
                let rest = &hands[1..];
                assert!(
                    rest.iter().all(|&n| (1..=way.cards()).contains(&n)),
                    "{} {way:?} {rest:?}",
                    r.id
                );
                let full = rest.iter().filter(|&&n| n == way.cards()).count();
                assert!(2 * full > rest.len(), "{} {way:?} {rest:?}", r.id);
            }
        }
        assert!(ways.contains("Random"), "{ways:?}");
        assert!(ways.len() >= 2, "{ways:?}");
    }

    /// HB-049 in a tour: a house-B time trial sets riders off one round apart, so a rider's
    /// cards are counted from its own start: the last starter rode fewer rounds than the stage.
    #[test]
    fn hb_049_a_tours_house_b_time_trial_counts_cards_from_each_riders_start() {
        let tour = rules("house-b");
        let (s, result) = ride(&tour, 1, StageKind::TimeTrial, None, &riders());
        let view = s.view_json(Viewer::Public);
        let rounds = view["round"].as_u64().unwrap() as u32;
        let most = result.riders.iter().map(|r| r.cards_played).max().unwrap();
        assert!(most < rounds, "{most} cards in {rounds} rounds");
    }

    /// HB-057 in a tour: a house-B team time trial gives each rider its team's last time.
    #[test]
    fn hb_057_a_tours_team_time_trial_times_each_team_on_its_last_rider() {
        let tour = rules("house-b");
        let (_, result) = ride(&tour, 1, StageKind::TeamTimeTrial, None, &riders());
        let times = commissaire_engine::games::card_race::tour::grand_tour::stage_times(
            &result,
            &Default::default(),
        )
        .unwrap();
        for team in ["Blue", "Red"] {
            let ridden: Vec<i64> = result
                .riders
                .iter()
                .filter(|r| r.team == team)
                .map(|r| {
                    commissaire_engine::games::card_race::tour::grand_tour::ridden_time(
                        r.cards_played,
                        &r.outcome,
                        Default::default(),
                    )
                    .unwrap()
                })
                .collect();
            let last = *ridden.iter().max().unwrap();
            for t in times.iter().filter(|t| t.team == team) {
                assert_eq!(t.time, last, "{}", t.rider);
            }
        }
    }

    /// HA-008, TV-06 in a tour: between stages a Brain rider (a seat the bot rides, under
    /// `bots = "brain"`) sheds its exhaustion cards and takes one back for winning and one for a
    /// finish on flat; a directed team's riders keep what they hold.
    #[test]
    fn ha_008_tv_06_brain_riders_carry_their_own_exhaustion_between_stages() {
        let tour = rules("house-a");
        let mut riders = riders();
        let (s, result) = ride(&tour, 1, StageKind::Flat, None, &riders);
        let held: Vec<u32> = riders
            .iter()
            .map(|r| {
                result
                    .riders
                    .iter()
                    .find(|x| x.rider == r.key)
                    .unwrap()
                    .exhaustion_end
            })
            .collect();
        // Blue (seat 0) is the bot's; Red has a director.
        s.carry_over_bots(&mut riders, &[0]);
        let winner = result.riders.iter().find(|r| r.place == Some(1)).unwrap();
        for (r, &end) in riders.iter().zip(&held) {
            let carried = card_race_attributes_of(&r.attributes).1;
            if r.team == 0 {
                // "abcdfCu" ends on flat: one card, and one more for the winner.
                let won = winner.rider == r.key;
                assert_eq!(carried, 1 + u16::from(won), "{}", r.key);
            } else {
                assert_eq!(u32::from(carried), end, "{}", r.key);
            }
        }
        assert!(
            held.iter().take(3).any(|&e| e > 1),
            "a Brain rider shed cards: {held:?}"
        );
    }

    /// HA-008 on a summit finish: the rows before the line climb, so a Brain rider takes no
    /// card back for a flat finish; only the winner takes one.
    #[test]
    fn ha_008_a_summit_finish_gives_no_card_back_for_the_flat() {
        use super::common::{F, U, course as runs};
        use commissaire_engine::course::Terrain;
        let summit = Arc::new(runs(&[(F, 30), (U, 6)]));
        let line = summit.finish_row();
        assert_eq!(summit.terrain(line - 1), Terrain::Uphill);
        assert_eq!(summit.terrain(line), Terrain::Flat);
        let tour = rules("house-a");
        let mut riders = riders();
        let (s, result) = ride_on(&summit, &tour, 1, StageKind::Mountain, None, &riders);
        s.carry_over_bots(&mut riders, &[0]);
        let winner = result.riders.iter().find(|r| r.place == Some(1)).unwrap();
        for r in riders.iter().filter(|r| r.team == 0) {
            let carried = card_race_attributes_of(&r.attributes).1;
            assert_eq!(carried, u16::from(winner.rider == r.key), "{}", r.key);
        }
    }

    // ---- World cup (HB-073…HB-077 through the registry) ----

    /// HB-073, HB-074, HB-075, HB-076, HB-077: two of three riders enter each event; a rider who
    /// rode the event before starts with one exhaustion card; each entered rider's deck holds its
    /// form card; a back-to-back rider's earlier form card leaves its team's deck for good; each
    /// event runs until every rider is across.
    #[test]
    fn hb_073_to_hb_077_world_cup_events_through_the_registry() {
        let tour = rules("house-b-world-cup");
        let mut riders = riders();
        let (s1, r1) = ride(&tour, 1, StageKind::Hilly, None, &riders);
        assert_eq!(r1.riders.len(), 4, "two riders a team");
        for team in ["Blue", "Red"] {
            assert_eq!(r1.riders.iter().filter(|r| r.team == team).count(), 2);
        }
        assert!(
            r1.riders
                .iter()
                .all(|r| matches!(r.outcome, Outcome::Crossed { .. })),
            "HB-077: every rider across"
        );
        // Fresh decks and a form card: 15 + 1 cards for everyone in event 1 (before any draw:
        // the draw pile plus what the rider holds and played).
        let cup1 = r1.carry["cup"].clone();
        assert_eq!(cup1["rode"].as_array().unwrap().len(), 4);
        assert_eq!(cup1["decks"]["Blue"].as_array().unwrap().len(), 12);
        s1.carry_over(&mut riders);
        assert!(
            riders
                .iter()
                .all(|r| card_race_attributes_of(&r.attributes).1 == 0),
            "QB-29: fresh decks between events"
        );
        let options =
            registry::prepare(CARD_RACE, &ctx(2, StageKind::Flat, Some(&r1), &tour)).unwrap();
        assert_eq!(options["cup"], cup1);
        let refs: Vec<&TourRider> = riders.iter().collect();
        let names: Vec<String> = vec!["Blue".into(), "Red".into()];
        let setup = entrants_setup(&course(), &names, &refs, options);
        let s2 = registry::start(CARD_RACE, &setup, 2).unwrap();
        let view = s2.view_json(Viewer::Public);
        let rode: Vec<&str> = cup1["rode"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        let riders2 = view["riders"].as_array().unwrap();
        assert_eq!(riders2.len(), 4);
        let mut back_to_back = 0;
        for r in riders2 {
            let id = r["id"].as_str().unwrap();
            let cards =
                r["draw_pile"].as_u64().unwrap() + r["recycle"].as_array().unwrap().len() as u64;
            let grid = r["recycle"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|c| c.as_str() == Some("E"))
                .count() as u64;
            // 15 energy cards, a form card, the attack card (HB-016), the fictive start's grid
            // card if any, and HB-074's.
            let expected = 17 + grid + u64::from(rode.contains(&id));
            assert_eq!(cards, expected, "{id}");
            back_to_back += rode.contains(&id) as usize;
        }
        assert!(
            back_to_back >= 2,
            "three riders, two entered: one rides again per team"
        );
        // The situation tells each entry, its form card and HB-074's card.
        let told: Vec<_> = s2
            .situation()
            .into_iter()
            .filter(|t| t.id == "card-race-cup-entry")
            .collect();
        assert_eq!(told.len(), 4);
        let again = told
            .iter()
            .filter(|t| t.args.contains(&("back_to_back", Value::from("yes"))))
            .count();
        assert_eq!(again, back_to_back);
    }

    /// HB-010: with `rider_names = "house-b"` a grand tour's riders are its leader (the
    /// rouleur), baroudeur (the sprinter) and équipier (the grimpeur); the names are labels
    /// only, each rider keeps its profile. Without the option, the profiles name them; a name
    /// scheme we do not know is refused in a sentence.
    #[test]
    fn hb_010_a_grand_tour_names_its_riders_leader_baroudeur_and_equipier() {
        let preset = |options: &str| {
            commissaire_engine::tour::TourPreset::from_toml(
                &format!(
                    "name = \"Three weeks\"\nruleset = \"card-race\"\nrules = \"house-b\"\n{options}\n[[stage]]\ncourse = \"avenue-corso-paseo\"\nkind = \"flat\"\n"
                ),
                "b.toml",
            )
        };
        let named = preset("[options]\nrider_names = \"house-b\"\n").unwrap();
        let team = named.entrants().unwrap();
        let labels: Vec<&str> = team.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(labels, ["Leader", "Baroudeur", "Équipier"]);
        let kinds: Vec<Value> = team.iter().map(|r| r.attributes["kind"].clone()).collect();
        assert_eq!(kinds, ["rouleur", "sprinteur", "grimpeur"], "labels only");
        let riders = enter_teams(&["Blue".into(), "Red".into()], &team);
        assert_eq!(riders[0].key.0, "Blue Leader");
        // The leader rides the rouleur's deck: 3 to 7, three of each.
        let options = named.stage_options().unwrap();
        let refs: Vec<&TourRider> = riders.iter().collect();
        let setup = entrants_setup(&course(), &["Blue".into(), "Red".into()], &refs, options);
        let s = registry::start(CARD_RACE, &setup, 3).unwrap();
        let view = s.view_json(Viewer::Public);
        let leader = view["riders"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == "Blue Leader")
            .unwrap();
        assert_eq!(leader["kind"], "rouleur");

        let plain = preset("").unwrap().entrants().unwrap();
        let labels: Vec<&str> = plain.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(labels, ["Rouleur", "Sprinteur", "Grimpeur"]);
        let bad = preset("[options]\nrider_names = \"heroes\"\n")
            .unwrap_err()
            .to_string();
        assert!(bad.contains("use \"house-b\""), "{bad}");
    }

    /// HB-015 in a tour: house rules B's Peloton rides a seat of two riders through the
    /// registry with every house-B effect on; both riders tire into the one shared pile, which
    /// the holder carries to the next stage, where the two decks are merged again.
    #[test]
    fn hb_015_a_tours_b_peloton_rides_a_road_stage_and_carries_its_exhaustion() {
        let mut tour = rules("house-b");
        tour["peloton_team"] = serde_json::json!(1);
        tour["peloton_bot"] = serde_json::json!("house-b");
        let roster = (registry::ruleset(CARD_RACE).unwrap().roster)(
            &[serde_json::json!("rouleur"), serde_json::json!("sprinteur")],
            &serde_json::Value::Null,
        )
        .unwrap();
        let mut riders = enter_teams(&["Blue".into(), "Red".into()], &roster);
        let (s, first) = ride(&tour, 1, StageKind::Flat, None, &riders);
        let view = s.view_json(Viewer::Public);
        let red: Vec<&Value> = view["riders"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["team"] == serde_json::json!(1))
            .collect();
        assert_eq!(red.len(), 2);
        for r in &red {
            assert!(r["exhaustion_taken"].as_u64().unwrap() > 0, "{r}");
        }
        s.carry_over(&mut riders);
        let carried: Vec<u16> = riders
            .iter()
            .filter(|r| r.team == 1)
            .map(|r| card_race_attributes_of(&r.attributes).1)
            .collect();
        assert_eq!(carried[1], 0, "the teammate holds no pile of its own");
        assert!(
            carried[0] > 0,
            "the holder carries the shared pile's exhaustion"
        );
        let options =
            registry::prepare(CARD_RACE, &ctx(2, StageKind::Flat, Some(&first), &tour)).unwrap();
        let refs: Vec<&TourRider> = riders.iter().collect();
        let setup = entrants_setup(&course(), &["Blue".into(), "Red".into()], &refs, options);
        let next = registry::start(CARD_RACE, &setup, 9).unwrap();
        let view = next.view_json(Viewer::Public);
        let piles: Vec<u64> = view["riders"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["team"] == serde_json::json!(1))
            .map(|r| r["draw_pile"].as_u64().unwrap())
            .collect();
        // 15 cards each, no attack card (the team never chooses), and the carried exhaustion.
        assert_eq!(piles, vec![30 + u64::from(carried[0]), 0]);
    }
}

// ---- World cup tables (HB-075, HB-076, HB-078, HB-079, TV-24) ----

mod cup {
    use commissaire_engine::games::card_race::RiderKind;
    use commissaire_engine::games::card_race::house_a::StageType;
    use commissaire_engine::games::card_race::tour::world_cup::{
        CupState, FORM_DECK, POINTS, cup_points, deal_form, enter, standings,
    };
    use commissaire_engine::tour::{Outcome, RiderKey, RiderStage, Score, StageKind, StageResult};

    fn event(number: u32, places: &[(&str, u32)]) -> StageResult {
        StageResult {
            number,
            kind: StageKind::Hilly,
            summit_finish: false,
            riders: places
                .iter()
                .enumerate()
                .map(|(i, &(id, place))| RiderStage {
                    rider: RiderKey::new(id),
                    team: format!("T{id}"),
                    start_number: i as u32 + 1,
                    cards_played: 10,
                    outcome: Outcome::Crossed { rows_past: 1 },
                    place: Some(place),
                    exhaustion_start: 0,
                    exhaustion_end: 0,
                })
                .collect(),
            rejoined: Vec::new(),
            sprints: Vec::new(),
            summits: Vec::new(),
            bonus_seconds: true,
            carry: serde_json::Value::Null,
        }
    }

    /// HB-078, TV-24: places 1, 12 and 13 score 25, 1 and 0; the scale adds up to 116.
    #[test]
    fn hb_078_tv_24_points_by_place() {
        assert_eq!([cup_points(1), cup_points(12), cup_points(13)], [25, 1, 0]);
        assert_eq!(POINTS.iter().sum::<u32>(), 116);
    }

    /// HB-079, TV-24: X is 1st then 5th (36), Y 2nd then 2nd (40): Y leads the cup; on equal
    /// points more wins come first (QB-29).
    #[test]
    fn hb_079_tv_24_the_cup_goes_to_the_most_points() {
        let events = [
            event(1, &[("X", 1), ("Y", 2), ("Z", 3)]),
            event(2, &[("X", 5), ("Y", 2), ("Z", 1)]),
        ];
        let rows = standings(&events);
        let order: Vec<&str> = rows
            .iter()
            .map(|r| r.rider.as_ref().unwrap().as_str())
            .collect();
        let points: Vec<Score> = rows.iter().map(|r| r.value).collect();
        assert_eq!(order, ["Z", "Y", "X"]);
        assert_eq!(
            points,
            [Score::Points(41), Score::Points(40), Score::Points(36)]
        );
        // A tie on points: the rider with a win ranks first.
        let tie = [
            event(1, &[("A", 2), ("B", 1)]),
            event(2, &[("A", 1), ("B", 2)]),
        ];
        let rows = standings(&tie);
        assert_eq!(rows[0].value, rows[1].value);
        // Both have one win and one second place: the better place in the last event decides.
        assert_eq!(rows[0].rider.as_ref().unwrap().as_str(), "A");
    }

    /// HB-075, HB-076, TV-24: the form deck holds 12 cards worth 44; a rider who rode with a 5
    /// and enters again loses that 5 for good (11 cards left); a 4 whose rider sits out comes
    /// back.
    #[test]
    fn hb_075_hb_076_tv_24_the_form_deck() {
        assert_eq!(FORM_DECK.len(), 12);
        assert_eq!(FORM_DECK.iter().map(|&v| u32::from(v)).sum::<u32>(), 44);
        let first = CupState::default();
        let (e1, deck) = deal_form("Blue", &[("A".into(), 0), ("B".into(), 1)], &first);
        assert_eq!(e1[0].form, Some(5));
        assert_eq!(e1[1].form, Some(5));
        assert_eq!(deck.len(), 10);
        // After event 1: A rode with a 5, B with a 4 (a director's choice), both cards back in.
        let after = CupState {
            rode: vec!["A".into(), "B".into()],
            form_used: [("A".to_string(), 5), ("B".to_string(), 4)].into(),
            decks: [("Blue".to_string(), FORM_DECK.to_vec())].into(),
        };
        // Event 2: A and C enter, B sits out.
        let (e2, deck) = deal_form("Blue", &[("A".into(), 0), ("C".into(), 2)], &after);
        assert!(e2[0].rode_last && !e2[1].rode_last);
        // The 5 A rode with is gone for good; B's 4 is still there.
        let cards_left = deck.len() + e2.iter().filter(|e| e.form.is_some()).count();
        assert_eq!(cards_left, 11);
        assert_eq!(e2[0].form, Some(5), "the other 5 is left");
        assert_eq!(e2[1].form, Some(4));
        assert_eq!(deck.iter().filter(|&&v| v == 4).count(), 3);
    }

    /// HB-073: a team of three enters two; a rider who sat out rides the next event.
    #[test]
    fn hb_073_two_of_three_enter_and_the_rested_rider_rides_next() {
        let team: Vec<(String, RiderKind)> = vec![
            ("R".into(), RiderKind::Rouleur),
            ("S".into(), RiderKind::Sprinteur),
            ("G".into(), RiderKind::Grimpeur),
        ];
        let first = enter(&team, StageType::Mountain, &CupState::default());
        assert_eq!(first, [0, 2], "the sprinter rests in the mountains");
        let after = CupState {
            rode: vec!["R".into(), "G".into()],
            ..CupState::default()
        };
        let second = enter(&team, StageType::Mountain, &after);
        assert!(second.contains(&1), "the rested sprinter rides: {second:?}");
        assert_eq!(second.len(), 2);
    }
}

/// House rules B's time-trial bot keeps the hand's highest card (an exhaustion card more,
/// HB-051) only when it goes two rows further than the best card below it: a 7 over a best 5
/// is worth it, a 7 over a 6 is not. On the flat, far from the line; hands found by seed.
#[test]
fn hb_051_the_trial_bot_pays_for_the_top_card_only_when_it_goes_two_rows_further() {
    use commissaire_engine::games::card_race::bot::Policy;
    use commissaire_engine::games::card_race::house_b::time_trial::TimeTrialBBot;
    let mut seen = (false, false);
    for seed in 0..200 {
        let mut s = Stage::new(
            setup(
                course(&[(F, 40)]),
                &[("P", 0)],
                1,
                trial(TimeTrialB::Individual, Hands::Deal, Cut::None),
            ),
            seed,
        )
        .unwrap();
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        let hand = s.hand(0).to_vec();
        let values: Vec<u8> = hand.iter().map(|c| c.value()).collect();
        let top = *values.iter().max().unwrap();
        let below = values.iter().copied().filter(|&v| v < top).max();
        let kept = match TimeTrialBBot.choose(&s, 0, &s.legal_choices(0)) {
            Choice::Keep { card, .. } => card.value(),
            other => panic!("{other:?}"),
        };
        match (top, below) {
            (7, Some(5)) if !hand.contains(&Card::Exhaustion) => {
                assert_eq!(kept, 7, "{hand:?}");
                seen.0 = true;
            }
            (7, Some(6)) if !hand.contains(&Card::Exhaustion) => {
                assert_eq!(kept, 6, "{hand:?}");
                seen.1 = true;
            }
            _ => {}
        }
    }
    assert_eq!(seen, (true, true), "both hands turn up in 200 seeds");
}
