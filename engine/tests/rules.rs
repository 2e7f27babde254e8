//! One focused test per base rule of the card race (conformance ids FR-, PEL-, HB- in the
//! names; see `docs/rules-card-race.md`).

mod common;

use commissaire_engine::course::Pos;
use commissaire_engine::game::Ruleset;
use commissaire_engine::games::card_race::{Event, Profiles, RiderKind, StageEnd};
use common::*;

#[test]
fn fr_3_front_rider_moves_first_and_takes_lane_0() {
    let mut s = stage(course(&[(F, 20)]), &[("Back", 4, 0), ("Front", 5, 0)]);
    round(&mut s, &[("Back", n(6)), ("Front", n(5))]);
    assert_eq!(at(&s, "Front"), (10, 0), "the rider ahead moved first");
    assert_eq!(
        at(&s, "Back"),
        (10, 1),
        "the next arrival takes the next lane"
    );
}

#[test]
fn fr_3_passing_through_occupied_rows() {
    let mut s = stage(course(&[(F, 20)]), &[("A", 6, 0), ("B", 6, 1), ("C", 3, 0)]);
    round(&mut s, &[("A", n(2)), ("B", n(2)), ("C", n(9))]);
    assert_eq!(at(&s, "C"), (12, 0), "C rides through row 8 to row 12");
}

#[test]
fn fr_3_full_row_sends_the_rider_back_row_by_row() {
    let mut s = stage(
        course(&[(F, 20)]),
        &[
            ("C", 10, 0),
            ("D", 10, 1),
            ("A", 8, 0),
            ("B", 7, 0),
            ("X", 6, 0),
        ],
    );
    let events = round(
        &mut s,
        &[
            ("C", n(2)),
            ("D", n(2)),
            ("A", n(4)),
            ("B", n(5)),
            ("X", n(6)),
        ],
    );
    assert_eq!(at(&s, "C"), (12, 0));
    assert_eq!(at(&s, "D"), (12, 1));
    assert_eq!(at(&s, "A"), (11, 0), "row 12 full: one row back");
    assert_eq!(at(&s, "B"), (11, 1));
    assert_eq!(at(&s, "X"), (10, 0), "rows 12 and 11 full: two rows back");
    let x = idx(&s, "X");
    assert!(events.iter().any(|e| matches!(e,
        Event::Moved { rider, distance: 6, blocked: 2, .. } if *rider == x)));
}

#[test]
fn fr_3_riders_beside_a_leaving_rider_shift_right() {
    // Three riders side by side in the supply zone: when lane 0 leaves, the others shift.
    let mut s = stage(
        course(&[(S, 3), (F, 20)]),
        &[("A", 5, 0), ("B", 5, 1), ("C", 5, 2)],
    );
    let events = round(&mut s, &[("A", n(9)), ("B", n(6)), ("C", n(5))]);
    let b = idx(&s, "B");
    let c = idx(&s, "C");
    assert!(events.iter().any(|e| matches!(e,
        Event::Moved { rider, from, .. } if *rider == b && *from == Pos::new(5, 0))));
    assert!(events.iter().any(|e| matches!(e,
        Event::Moved { rider, from, .. } if *rider == c && *from == Pos::new(5, 0))));
}

#[test]
fn fr_4_start_on_a_climb_moves_at_most_5() {
    let mut s = stage(course(&[(U, 10), (F, 20)]), &[("A", 5, 0)]);
    round(&mut s, &[("A", n(9))]);
    assert_eq!(at(&s, "A"), (10, 0));
}

#[test]
fn fr_4_climb_ahead_cuts_a_card_that_would_reach_it() {
    // Rider on row 3; the climb begins j rows ahead.
    for (j, card, expected) in [
        (3, 7, 5), // into the climb no further than a 5 would go
        (6, 7, 5), // the foot of the climb is 5 rows away
        (7, 7, 6), // max(5, j-1) = 6: right up to the foot
        (7, 9, 6),
        (7, 6, 6), // does not reach the climb: no cut
        (3, 2, 2),
    ] {
        let flat_before = j - 1; // rows 4 to 3 + j - 1 are flat
        let mut s = stage(course(&[(F, flat_before), (U, 6), (F, 20)]), &[("A", 3, 0)]);
        round(&mut s, &[("A", n(card))]);
        assert_eq!(at(&s, "A").0, 3 + expected, "climb {j} ahead, card {card}");
    }
}

#[test]
fn fr_4_exhaustion_card_on_a_climb_moves_2() {
    let mut s = stage(course(&[(U, 10), (F, 20)]), &[("A", 5, 0)]);
    round(&mut s, &[("A", E)]);
    assert_eq!(at(&s, "A"), (7, 0));
}

#[test]
fn hb_009_grimpeur_7_is_uncapped_on_climbs_but_not_its_6() {
    let mk = || {
        stage_with(
            course(&[(F, 2), (U, 12), (F, 20)]),
            &[("G", 5, 0)],
            RiderKind::Grimpeur,
            StageEnd::FirstAcross,
            Profiles::HouseB,
        )
    };
    let mut s = mk();
    round(&mut s, &[("G", n(7))]);
    assert_eq!(at(&s, "G"), (12, 0), "climb 2 ahead: the 7 is not cut");
    round(&mut s, &[("G", n(7))]);
    assert_eq!(at(&s, "G"), (19, 0), "on the climb: the 7 is not capped");
    let mut s = mk();
    round(&mut s, &[("G", n(6))]);
    assert_eq!(at(&s, "G"), (10, 0), "the 6 is cut to 5");
}

#[test]
fn fr_5_downhill_start_moves_at_least_5() {
    for (card, expected) in [(E, 5), (n(2), 5), (n(4), 5), (n(5), 5), (n(7), 7)] {
        let mut s = stage(course(&[(D, 4), (F, 20)]), &[("A", 5, 0)]);
        round(&mut s, &[("A", card)]);
        assert_eq!(at(&s, "A").0, 5 + expected, "card {card}");
    }
}

#[test]
fn pel_1_supply_zone_start_moves_at_least_4_and_holds_three() {
    let mut s = stage(course(&[(S, 4), (F, 20)]), &[("A", 5, 0)]);
    round(&mut s, &[("A", n(2))]);
    assert_eq!(at(&s, "A"), (9, 0));
    let mut s = stage(
        course(&[(S, 4), (F, 20)]),
        &[("A", 2, 0), ("B", 2, 1), ("C", 1, 0)],
    );
    round(&mut s, &[("A", n(4)), ("B", n(4)), ("C", n(5))]);
    assert_eq!(at(&s, "C"), (6, 2), "the third lane of the supply zone");
}

#[test]
fn fr_6_one_row_gap_is_closed_by_slipstream() {
    let mut s = stage(course(&[(F, 20)]), &[("A", 5, 0), ("B", 4, 0)]);
    let events = round(&mut s, &[("A", n(5)), ("B", n(4))]);
    assert_eq!(at(&s, "A"), (10, 0));
    assert_eq!(at(&s, "B"), (9, 0), "row 8 joined row 10 through row 9");
    assert!(events.iter().any(|e| matches!(e, Event::Slipstream { .. })));
}

#[test]
fn fr_6_two_row_gap_gets_no_slipstream() {
    let mut s = stage(course(&[(F, 20)]), &[("A", 5, 0), ("B", 4, 0)]);
    round(&mut s, &[("A", n(5)), ("B", n(3))]);
    assert_eq!(at(&s, "B"), (7, 0));
}

#[test]
fn fr_6_slipstream_chains_over_several_groups() {
    // After moving: rows 6 | 8,9 | 11 | 13. Rearmost first: 6->7; then the group 7-9 joins 11
    // (9->10, 8->9, 7->8); then the group 8-11 joins 13.
    let mut s = stage(
        course(&[(F, 30)]),
        &[
            ("L", 11, 0),
            ("K", 9, 0),
            ("J", 7, 0),
            ("H", 6, 0),
            ("G", 4, 0),
        ],
    );
    round(
        &mut s,
        &[
            ("L", n(2)),
            ("K", n(2)),
            ("J", n(2)),
            ("H", n(2)),
            ("G", n(2)),
        ],
    );
    assert_eq!(at(&s, "L"), (13, 0));
    assert_eq!(at(&s, "K"), (12, 0));
    assert_eq!(at(&s, "J"), (11, 0));
    assert_eq!(at(&s, "H"), (10, 0));
    assert_eq!(
        at(&s, "G"),
        (9, 0),
        "the whole field closed up behind the leader"
    );
}

/// Issue 11's case: a group of rows 8-9 (A, B, C three abreast in the supply zone, D ahead of
/// them) one empty row behind X. Row 8 cannot fit in the two lanes of row 9, and FR-6 moves the
/// group, not its rows: nobody moves, D at its front takes the wind, A, B and C stay sheltered.
#[test]
fn fr_6_a_group_that_does_not_fit_where_the_road_narrows_moves_not_at_all() {
    let mut s = stage(
        course(&[(F, 2), (S, 3), (F, 20)]),
        &[
            ("X", 7, 0),
            ("D", 5, 0),
            ("A", 4, 0),
            ("B", 4, 1),
            ("C", 3, 0),
        ],
    );
    let events = round(
        &mut s,
        &[
            ("X", n(4)),
            ("D", n(4)),
            ("A", n(4)),
            ("B", n(4)),
            ("C", n(5)),
        ],
    );
    assert_eq!(at(&s, "X"), (11, 0));
    assert_eq!(
        at(&s, "D"),
        (9, 0),
        "the group stays whole: D does not move up alone"
    );
    assert_eq!(
        [at(&s, "A"), at(&s, "B"), at(&s, "C")],
        [(8, 0), (8, 1), (8, 2)]
    );
    assert!(!events.iter().any(|e| matches!(e, Event::Slipstream { .. })));
    assert_eq!(exhaustion(&s, "X"), 1);
    assert_eq!(
        exhaustion(&s, "D"),
        1,
        "the front of the group rides in the wind"
    );
    for id in ["A", "B", "C"] {
        assert_eq!(exhaustion(&s, id), 0, "{id} is sheltered by D");
    }
}

/// Where the narrower rows fit, the same group closes the gap whole, front row first.
#[test]
fn fr_6_a_group_that_fits_moves_whole_into_a_narrower_road() {
    let mut s = stage(
        course(&[(F, 2), (S, 3), (F, 20)]),
        &[("X", 7, 0), ("D", 5, 0), ("A", 4, 0), ("B", 4, 1)],
    );
    round(
        &mut s,
        &[("X", n(4)), ("D", n(4)), ("A", n(4)), ("B", n(4))],
    );
    assert_eq!(at(&s, "D"), (10, 0));
    assert_eq!([at(&s, "A"), at(&s, "B")], [(9, 0), (9, 1)]);
    assert_eq!(
        exhaustion(&s, "D") + exhaustion(&s, "A") + exhaustion(&s, "B"),
        0
    );
}

#[test]
fn fr_6_no_slipstream_on_climbs() {
    // The gap row is a climb row: no slipstream; the same on the rider's row or the row ahead.
    for (runs, a_start, b_start) in [
        (vec![(F, 4), (U, 1), (F, 20)], 6, 4),
        (vec![(F, 3), (U, 1), (F, 20)], 5, 3),
        (vec![(F, 5), (U, 1), (F, 20)], 7, 5),
        // The gap row is flat but the group ahead stands on a climb row.
        (vec![(F, 6), (U, 1), (F, 20)], 7, 5),
    ] {
        let mut s = stage(course(&runs), &[("A", a_start, 0), ("B", b_start, 0)]);
        round(&mut s, &[("A", n(3)), ("B", n(3))]);
        assert_eq!(at(&s, "B").0, b_start + 3, "runs {runs:?}");
    }
}

#[test]
fn pel_2_no_slipstream_on_cobbles() {
    let mut s = stage(
        course(&[(F, 4), (C, 1), (F, 20)]),
        &[("A", 6, 0), ("B", 4, 0)],
    );
    round(&mut s, &[("A", n(4)), ("B", n(4))]);
    assert_eq!(at(&s, "B"), (8, 0), "row 8 is cobbled: no slipstream");
}

#[test]
fn fr_6_no_slipstream_past_the_line() {
    // Course: start 0-3, flat 4-13, line before 14. A ends past the line, B two rows behind it.
    let mut s = stage_with(
        course(&[(F, 10)]),
        &[("A", 10, 0), ("B", 8, 0)],
        RiderKind::Rouleur,
        StageEnd::AllAcross,
        Profiles::Base,
    );
    round(&mut s, &[("A", n(5)), ("B", n(5))]);
    assert_eq!(at(&s, "A"), (15, 0));
    assert_eq!(
        at(&s, "B"),
        (13, 0),
        "row 14 is past the line: no slipstream"
    );
}

#[test]
fn fr_7_exhaustion_only_at_the_front_of_each_group() {
    let mut s = stage(
        course(&[(F, 30)]),
        &[("A", 8, 0), ("B", 8, 1), ("C", 7, 0), ("D", 3, 0)],
    );
    round(
        &mut s,
        &[("A", n(4)), ("B", n(4)), ("C", n(4)), ("D", n(3))],
    );
    // A, B on 12 (front of the group 11-12), C on 11, D on 6 alone.
    assert_eq!(exhaustion(&s, "A"), 1);
    assert_eq!(exhaustion(&s, "B"), 1, "both riders of the front row");
    assert_eq!(exhaustion(&s, "C"), 0, "sheltered by the row ahead");
    assert_eq!(exhaustion(&s, "D"), 1);
}

#[test]
fn fr_7_slipstream_comes_before_exhaustion() {
    let mut s = stage(course(&[(F, 20)]), &[("A", 5, 0), ("B", 4, 0)]);
    round(&mut s, &[("A", n(5)), ("B", n(4))]);
    assert_eq!(exhaustion(&s, "B"), 0, "joined the row ahead first");
    assert_eq!(exhaustion(&s, "A"), 1);
}

#[test]
fn fr_8_stage_ends_after_the_round_of_the_first_crossing() {
    // Line before row 14.
    let mut s = stage(
        course(&[(F, 10)]),
        &[("A", 10, 0), ("B", 10, 1), ("C", 2, 0)],
    );
    let events = round(&mut s, &[("A", n(5)), ("B", n(6)), ("C", n(9))]);
    assert!(s.is_over());
    let order = events
        .iter()
        .find_map(|e| match e {
            Event::StageOver { order } => Some(order.clone()),
            _ => None,
        })
        .expect("the stage is over");
    let names: Vec<&str> = order
        .iter()
        .map(|&i| s.setup().riders[i as usize].id.as_str())
        .collect();
    assert_eq!(names, ["B", "A", "C"], "furthest past the line first");
    assert!(s.pending().is_empty());
}

#[test]
fn fr_8_same_row_across_the_line_ranks_lane_0_first() {
    let mut s = stage(course(&[(F, 10)]), &[("A", 11, 0), ("B", 10, 0)]);
    round(&mut s, &[("A", n(4)), ("B", n(5))]);
    assert_eq!(at(&s, "A"), (15, 0));
    assert_eq!(at(&s, "B"), (15, 1));
    let order = s.finish_order();
    assert_eq!(order, vec![idx(&s, "A"), idx(&s, "B")]);
}

#[test]
fn fr_8_all_across_ranks_by_round_then_place_and_finishers_stop_playing() {
    let mut s = stage_with(
        course(&[(F, 10)]),
        &[("A", 12, 0), ("B", 3, 0)],
        RiderKind::Rouleur,
        StageEnd::AllAcross,
        Profiles::Base,
    );
    round(&mut s, &[("A", n(2)), ("B", n(9))]);
    assert!(!s.is_over());
    assert_eq!(s.pending().len(), 1, "only B still plays");
    assert!(!s.on_road(idx(&s, "A")), "A left the road after crossing");
    round(&mut s, &[("B", n(9))]);
    assert!(s.is_over());
    assert_eq!(
        at(&s, "B").0,
        21,
        "B went further, but crossed a round later"
    );
    assert_eq!(s.finish_order(), vec![idx(&s, "A"), idx(&s, "B")]);
}

#[test]
fn course_end_no_card_is_cut_by_the_end_of_the_board() {
    // The repro of the mend: 4 start rows, 6 flat rows, the line, 5 printed run-out rows.
    let mut s = stage(course(&[(F, 6)]), &[("A", 9, 0), ("B", 8, 0)]);
    assert_eq!(s.course().finish_row(), 10);
    let events = round(&mut s, &[("A", n(5)), ("B", n(9))]);
    assert_eq!(at(&s, "A"), (14, 0));
    assert_eq!(
        at(&s, "B"),
        (17, 0),
        "B rides all 9 rows, past the printed run-out"
    );
    let b = idx(&s, "B");
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Moved { rider, distance: 9, blocked: 0, .. } if *rider == b
    )));
    assert_eq!(s.finish_order(), vec![b, idx(&s, "A")], "B went further");
    // The longest move from the last row before the line still fits.
    assert!(s.course().run_out() >= 9);
}
