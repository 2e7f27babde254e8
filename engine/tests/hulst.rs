//! Hulst "Le Tour de France": each clause of `hulst-tour-de-france.md` (HT-…) and each test
//! vector (TV-HT-…) set up on a board and checked against the outcome the rulebook states
//! (seed `003_f0f0fe26d238c817.txt`, sections named in each test).

use commissaire_engine::course::{Pos, parse_course_toml};
use commissaire_engine::games::hulst::board::Board;
use commissaire_engine::games::hulst::stage::{Slot, Wait, finish_time};
use commissaire_engine::games::hulst::tables::{self, ChanceCard, Effect};
use commissaire_engine::games::hulst::{Choice, Event, Hulst, Options, Refusal, Spot};
use std::sync::Arc;

/// A board: a start area, `segments` (terrain, rows) before the line, a run-out of `runout`.
fn course_text(lanes: u8, segments: &[(&str, u16)], runout: u16, game: &str) -> String {
    let mut t = format!(
        "name = \"Test\"\nlanes = {lanes}\n[[segment]]\nterrain = \"flat\"\nlength = 1\nstart = true\n"
    );
    for (terrain, n) in segments {
        t += &format!("[[segment]]\nterrain = \"{terrain}\"\nlength = {n}\n");
    }
    t += &format!(
        "[[segment]]\nterrain = \"flat\"\nlength = {runout}\nfinish = true\n[game]\n{game}\n"
    );
    t
}

/// Two teams (Red 0, Blue 1, or more), riders "T0R0"…, on `text`'s board, every default.
fn stage_on(text: &str, teams: usize, options: Options) -> Hulst {
    let course = parse_course_toml(text, "test.toml").unwrap();
    let board = Board::from_course(&course).unwrap();
    let names: Vec<String> = ["Red", "Blue", "Green", "Yellow", "Black"][..teams]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut riders = Vec::new();
    for (t, name) in names.iter().enumerate() {
        for k in 0..3 {
            riders.push((format!("{}{}", &name[..1], k + 1), t as u8));
        }
    }
    Hulst::new(board, Arc::new(course), options, names, riders, &[9, 4], 7)
        .unwrap()
        .0
}

/// The book's straight road: 3 lanes, L = 95, a run-out of 12.
fn flat() -> Hulst {
    stage_on(
        &course_text(3, &[("flat", 95)], 12, ""),
        2,
        Options::default(),
    )
}

/// Every rider set aside (finished and off the road) but the ones placed.
fn clear(s: &mut Hulst) {
    for r in &mut s.riders {
        r.spot = Spot::Off;
    }
    s.finished.clear();
}

fn put(s: &mut Hulst, r: usize, row: u16, lane: u8) {
    s.riders[r].spot = Spot::Road {
        pos: Pos::new(row, lane),
    };
}

/// The round's order from the given riders, the first of them to play.
fn turn(s: &mut Hulst, order: &[usize], round: u32) {
    s.round = round;
    s.order = order.iter().map(|&r| Slot::Ride(r)).collect();
    s.cursor = 0;
    s.wait = Wait::Turn;
}

fn hand(s: &mut Hulst, seat: usize, cards: &[u8]) {
    s.hands[seat] = cards.to_vec();
}

fn p(row: u16, lane: u8) -> Pos {
    Pos::new(row, lane)
}

/// The clean ends a rider is offered for a card (with the wind, without a kept card).
fn ends(s: &Hulst, r: usize, card: u8) -> Vec<Pos> {
    let seat = s.riders[r].team;
    let mut v: Vec<Pos> = s
        .moves(seat)
        .into_iter()
        .filter_map(|c| match c {
            Choice::Move {
                rider, card: k, to, ..
            } if rider == r && k == card => Some(to),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

/// Plays a whole move as a director does: its card first when that card leaves more than one
/// landing square, then the square (the two decisions of a turn).
fn play(s: &mut Hulst, seat: u8, c: &Choice) -> Result<Vec<Event>, Refusal> {
    if let Choice::Move { rider, card, .. } | Choice::Crash { rider, card, .. } = *c {
        let first = Choice::Card { rider, card };
        if !s.legal(seat).contains(c) && s.legal(seat).contains(&first) {
            assert_eq!(s.apply(seat, &first).unwrap(), vec![]);
        }
    }
    s.apply(seat, c)
}

fn mv(s: &mut Hulst, r: usize, card: u8, row: u16, lane: u8) -> Vec<Event> {
    let seat = s.riders[r].team;
    play(
        s,
        seat,
        &Choice::Move {
            rider: r,
            card,
            to: p(row, lane),
            boost: false,
        },
    )
    .unwrap()
}

// ----- components and setup -----

#[test]
fn ht_001_the_default_deck_has_112_cards_and_the_chance_pile_32() {
    // SPEL MATERIAAL: 112 seconde cards, 32 chance cards (G-01, G-02 defaults).
    let o = Options::default();
    assert_eq!(o.deck_cards().unwrap().len(), 112);
    assert_eq!(o.deck_cards().unwrap().len(), tables::DECK_SIZE);
    assert_eq!(o.chance_cards().len(), tables::CHANCE_SIZE);
}

#[test]
fn ht_002_two_to_four_teams_tv_ht_60() {
    // Header: 2 to 4 players. TV-HT-60: five teams are refused.
    let text = course_text(3, &[("flat", 20)], 5, "");
    let course = parse_course_toml(&text, "t.toml").unwrap();
    let board = Board::from_course(&course).unwrap();
    let team = |n: usize| -> (Vec<String>, Vec<(String, u8)>) {
        let names: Vec<String> = (0..n).map(|t| format!("T{t}")).collect();
        let riders = (0..n * 3)
            .map(|i| (format!("r{i}"), (i / 3) as u8))
            .collect();
        (names, riders)
    };
    for n in [1, 5] {
        let (names, riders) = team(n);
        let e = Hulst::new(
            board.clone(),
            Arc::new(course.clone()),
            Options::default(),
            names,
            riders,
            &[],
            1,
        );
        assert!(e.is_err(), "{n} teams must be refused");
    }
    for n in 2..=4 {
        let (names, riders) = team(n);
        assert!(
            Hulst::new(
                board.clone(),
                Arc::new(course.clone()),
                Options::default(),
                names,
                riders,
                &[],
                1
            )
            .is_ok()
        );
    }
}

#[test]
fn ht_003_every_team_races_exactly_three_riders() {
    // DOEL VAN HET SPEL: a team of 3 riders.
    let text = course_text(3, &[("flat", 20)], 5, "");
    let course = parse_course_toml(&text, "t.toml").unwrap();
    let board = Board::from_course(&course).unwrap();
    let riders = vec![
        ("a".to_string(), 0u8),
        ("b".to_string(), 0),
        ("c".to_string(), 1),
        ("d".to_string(), 1),
        ("e".to_string(), 1),
    ];
    let e = Hulst::new(
        board,
        Arc::new(course),
        Options::default(),
        vec!["A".into(), "B".into()],
        riders,
        &[],
        1,
    );
    assert!(e.unwrap_err().to_string().contains("exactly 3"));
}

#[test]
fn ht_003_a_roster_is_three_names_or_none() {
    use commissaire_engine::games::hulst::game::roster;
    use serde_json::{Value, json};
    let labels = |list: &[Value]| -> Result<Vec<String>, String> {
        roster(list, &Value::Null).map(|r| r.into_iter().map(|r| r.label).collect())
    };
    assert_eq!(labels(&[]).unwrap(), ["Rider 1", "Rider 2", "Rider 3"]);
    assert_eq!(
        labels(&[json!("Ann"), json!("Bo"), json!("Cy")]).unwrap(),
        ["Ann", "Bo", "Cy"]
    );
    for short_or_long in [vec![json!("Ann"), json!("Bo")], vec![json!("A"); 4]] {
        let refused = labels(&short_or_long).unwrap_err();
        assert!(refused.contains("exactly 3"), "{refused}");
    }
}

/// Issue 32, item 10: riders with no name of their own are "Rider 1" to "Rider 3" in words a
/// tour says in its own language (the catalogue's `hulst-roster-rider`, by number); names the
/// preset gives are names in every language.
#[test]
fn ht_003_default_names_are_words_of_the_tours_language_given_names_are_not() {
    use commissaire_engine::games::hulst::game::roster;
    use serde_json::{Value, json};
    let said: Vec<_> = roster(&[], &Value::Null)
        .unwrap()
        .into_iter()
        .map(|r| r.said.expect("a default name is worded by the catalogue"))
        .collect();
    for (k, s) in said.iter().enumerate() {
        assert_eq!(s.id, "hulst-roster-rider");
        assert_eq!(s.args, [("number", json!(k + 1))]);
        assert_eq!(s.text, format!("Rider {}", k + 1));
    }
    let given = roster(&[json!("Ann"), json!("Bo"), json!("Cy")], &Value::Null).unwrap();
    assert!(given.iter().all(|r| r.said.is_none()));
}

#[test]
fn the_board_starts_its_rows_after_the_start_area_and_knows_no_square_off_the_road() {
    // Three start rows: board row 1 is the course's row 3 (what the pictures draw it on).
    let text =
        course_text(2, &[("flat", 20)], 5, "").replace("length = 1\nstart", "length = 3\nstart");
    let course = parse_course_toml(&text, "t.toml").unwrap();
    let board = Board::from_course(&course).unwrap();
    assert_eq!(board.course_pos(Pos::new(1, 0)), Pos::new(3, 0));
    assert_eq!(board.course_pos(Pos::new(5, 1)), Pos::new(7, 1));
    // A lane the row does not have, and the start area, lead nowhere.
    assert!(!board.steps(Pos::new(5, 1)).is_empty());
    assert!(board.steps(Pos::new(5, 2)).is_empty());
    assert!(board.steps(Pos::new(0, 0)).is_empty());
}

#[test]
fn g_17_a_rider_back_from_the_roadside_may_take_any_square_of_the_next_row_however_wide() {
    // The road widens from two lanes to three after row 10: a rider who fell on row 10 comes
    // back with a 1 on any square of row 11, the third lane too.
    let text = "name = \"Test\"\nlanes = 3\n[[segment]]\nterrain = \"flat\"\nlength = 1\n\
                start = true\n[[segment]]\nterrain = \"flat\"\nlength = 10\nlanes = 2\n\
                [[segment]]\nterrain = \"flat\"\nlength = 20\n[[segment]]\nterrain = \"flat\"\n\
                length = 5\nfinish = true\n[game]\n";
    let mut s = stage_on(text, 2, Options::default());
    clear(&mut s);
    s.riders[0].spot = Spot::Roadside { row: 10, seq: 0 };
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[1]);
    assert_eq!(ends(&s, 0, 1), vec![p(11, 0), p(11, 1), p(11, 2)]);
}

#[test]
fn ht_030_ht_035_an_unavoidable_crash_uphill_rides_the_halved_card() {
    // M on the uphill square (14, 1) holds a 6 alone: halved, 3 squares, into row 17, which
    // X, Y and Z fill. The crash stops on row 16, furthest from the numbered side (G-20).
    let mut s = climb("start_square");
    put(&mut s, 3, 17, 0);
    put(&mut s, 4, 17, 1);
    put(&mut s, 5, 17, 2);
    put(&mut s, 0, 14, 1);
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[6]);
    assert_eq!(
        s.moves(0),
        vec![Choice::Crash {
            rider: 0,
            card: 6,
            stop: p(16, 2)
        }]
    );
}

#[test]
fn ht_057_a_stage_has_a_result_once_it_is_over_and_not_before() {
    use commissaire_engine::registry::{self, Entrant, OutcomeError, Setup};
    use commissaire_engine::tour::{RiderKey, StageKind, TourRider};
    let course = Arc::new(parse_course_toml(FLAT, "hulst-vlakke-etappe.toml").unwrap());
    let setup = Setup {
        course,
        teams: vec!["Rood".into(), "Blauw".into()],
        riders: (0..6)
            .map(|i| Entrant {
                id: format!("r{i}"),
                team: (i / 3) as u8,
                start: None,
                attributes: serde_json::Value::Null,
            })
            .collect(),
        options: serde_json::Value::Null,
        dice: Vec::new(),
    };
    let tour: Vec<TourRider> = (0..6)
        .map(|i| TourRider {
            key: RiderKey::new(format!("r{i}")),
            team: (i / 3) as u8,
            start_number: i + 1,
            abandoned: false,
            attributes: serde_json::Value::Null,
        })
        .collect();
    let mut s = registry::start("hulst", &setup, 3).unwrap();
    assert_eq!(
        s.result(1, StageKind::Flat, &tour).unwrap_err(),
        OutcomeError::Running
    );
    while let Some(&(seat, _)) = s.waiting_on().first() {
        s.play_bot(seat).unwrap();
    }
    let result = s.result(1, StageKind::Flat, &tour).unwrap();
    let mut places: Vec<u32> = result.riders.iter().filter_map(|r| r.place).collect();
    places.sort();
    assert_eq!(places, [1, 2, 3, 4, 5, 6], "every rider across and placed");
}

#[test]
fn ht_008_each_team_holds_five_cards_a_rider_in_secret() {
    // VOORBEREIDING: 5 cards per rider, 15 for a team of three.
    let s = flat();
    assert_eq!(s.hands[0].len(), 15);
    assert_eq!(s.hands[1].len(), 15);
}

#[test]
fn ht_007_the_highest_card_starts_and_ht_015_placement_order_tv_ht_20() {
    // VOORBEREIDING / DE EERSTE RONDE: three players draw 9, 4, 9: the 9s draw again (G-32);
    // say the third wins with 8 against 5. Placement: P3, P1, P2 for rider 1, then rider 2…
    let text = course_text(3, &[("flat", 30)], 5, "");
    let course = parse_course_toml(&text, "t.toml").unwrap();
    let board = Board::from_course(&course).unwrap();
    let names: Vec<String> = vec!["P1".into(), "P2".into(), "P3".into()];
    let riders = (0..9).map(|i| (format!("r{i}"), (i / 3) as u8)).collect();
    let (s, events) = Hulst::new(
        board,
        Arc::new(course),
        Options::default(),
        names,
        riders,
        &[9, 4, 9, 5, 8],
        1,
    )
    .unwrap();
    assert!(events.contains(&Event::FirstPlayer { seat: 2 }));
    let seats: Vec<u8> = s
        .order
        .iter()
        .map(|slot| match slot {
            Slot::Place(seat) => *seat,
            _ => panic!("placement slots"),
        })
        .collect();
    assert_eq!(seats, vec![2, 0, 1, 2, 0, 1, 2, 0, 1]);
}

#[test]
fn ht_011_from_the_start_area_any_lane_of_the_row_reached_tv_ht_21() {
    // BEGINSITUATIE (picture only; G-04): a 5 from the start area ends on row 5, any lane.
    let mut s = flat();
    hand(&mut s, 0, &[5]);
    hand(&mut s, 1, &[5]);
    let seat = s.to_play().unwrap();
    let r = s.riders.iter().position(|x| x.team == seat).unwrap();
    assert_eq!(ends(&s, r, 5), vec![p(5, 0), p(5, 1), p(5, 2)]);
}

// ----- movement -----

#[test]
fn ht_012_ht_013_exact_moves_straight_or_diagonal_tv_ht_22() {
    // HET SPEL BEGINT: exactly the card, each step straight or diagonally ahead.
    let mut s = flat();
    clear(&mut s);
    put(&mut s, 0, 20, 0);
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[1]);
    assert_eq!(ends(&s, 0, 1), vec![p(21, 0), p(21, 1)]);
    for (row, lane) in [(20, 1), (19, 0), (22, 0)] {
        let e = play(
            &mut s,
            0,
            &Choice::Move {
                rider: 0,
                card: 1,
                to: p(row, lane),
                boost: false,
            },
        )
        .unwrap_err();
        assert!(matches!(e, Refusal::Unreachable { .. }), "{e:?}");
    }
    assert_eq!(
        s.riders[0].spot,
        Spot::Road { pos: p(20, 0) },
        "a refusal changes nothing"
    );
}

#[test]
fn ht_014_no_riding_through_a_rider_tv_ht_23() {
    // HET SPEL BEGINT: a rider cannot ride through or onto another's square.
    let text = course_text(1, &[("flat", 40)], 5, "");
    let mut s = stage_on(&text, 2, Options::default());
    clear(&mut s);
    put(&mut s, 0, 20, 0);
    put(&mut s, 3, 21, 0);
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[2]);
    assert!(ends(&s, 0, 2).is_empty(), "the 2 gives no clean move");
}

#[test]
fn ht_016_ht_017_ht_018_order_from_the_front_numbered_side_first_tv_ht_24() {
    // DYNAMISCHE SPEELRONDES, VAK-NUMMERS: front first; on one number the numbered side.
    let mut s = flat();
    clear(&mut s);
    put(&mut s, 0, 31, 2);
    put(&mut s, 1, 30, 1);
    put(&mut s, 3, 30, 0);
    put(&mut s, 4, 28, 2);
    let mut t = s.clone();
    let order = round_order(&mut t);
    assert_eq!(order, vec![0, 3, 1, 4]);
}

/// The order the engine sets at a round's start, from the riders' places now.
fn round_order(s: &mut Hulst) -> Vec<usize> {
    // One rider plays the last slot of a round; the next round's order follows.
    let last = s
        .riders
        .iter()
        .position(|x| matches!(x.spot, Spot::Road { .. }))
        .unwrap();
    let seat = s.riders[last].team as usize;
    s.order = vec![Slot::Discard(last)];
    s.cursor = 0;
    s.wait = Wait::Turn;
    s.hands[seat] = vec![3];
    play(s, seat as u8, &Choice::GiveUp { card: 3 }).unwrap();
    s.order
        .iter()
        .filter_map(|x| match x {
            Slot::Ride(r) => Some(*r),
            _ => None,
        })
        .collect()
}

#[test]
fn ht_019_lettered_squares_a_before_b_and_one_number_for_a_crash_tv_ht_25() {
    // VAK-NUMMERS: 12A then 12B in the curve; 12B is further along and plays first; a crash
    // on number 12 spans 12, 12A and 12B (G-13).
    let game = "[[game.label]]\nsquare = \"12/1\"\nlabel = \"12A\"\n[[game.label]]\nsquare = \"13/1\"\nlabel = \"12B\"\n";
    let mut s = stage_on(
        &course_text(2, &[("flat", 40)], 5, game),
        2,
        Options::default(),
    );
    clear(&mut s);
    put(&mut s, 0, 12, 1); // 12A
    put(&mut s, 3, 13, 1); // 12B
    put(&mut s, 1, 12, 0); // 12
    let mut t = s.clone();
    let order = round_order(&mut t);
    assert_eq!(order[0], 3, "12B first");
    assert_eq!(s.board.label(p(12, 1)).to_string(), "12A");
    assert_eq!(s.board.label(p(13, 1)).to_string(), "12B");
    // M on (10, 0) holds only a 3: row 13 lane 0 is free but every path meets number 12.
    put(&mut s, 4, 11, 0);
    hand(&mut s, 1, &[3]);
    put(&mut s, 2, 14, 0);
    put(&mut s, 5, 14, 1);
    turn(&mut s, &[4], 5);
    let options = s.moves(1);
    let Choice::Crash { card, stop, .. } = options[0].clone() else {
        panic!("{options:?}");
    };
    play(
        &mut s,
        1,
        &Choice::Crash {
            rider: 4,
            card,
            stop,
        },
    )
    .unwrap();
    for r in [0, 1, 3, 4] {
        assert!(
            matches!(s.riders[r].spot, Spot::Roadside { .. }),
            "rider {r} on 12/12A/12B"
        );
    }
}

#[test]
fn ht_020_ht_022_wind_one_more_square_beside_a_rider_tv_ht_31() {
    // WINDVOORDEEL: on flat +1 if it ends behind or beside another rider; optional.
    let mut s = flat();
    clear(&mut s);
    put(&mut s, 3, 15, 0);
    put(&mut s, 0, 10, 0);
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[4]);
    assert_eq!(ends(&s, 0, 4), vec![p(14, 0), p(14, 1), p(14, 2), p(15, 1)]);
}

#[test]
fn ht_021_the_front_rider_has_no_wind_tv_ht_32() {
    let mut s = flat();
    clear(&mut s);
    put(&mut s, 0, 40, 1);
    put(&mut s, 3, 30, 1);
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[6]);
    assert!(ends(&s, 0, 6).iter().all(|e| e.row == 46));
}

#[test]
fn ht_030_ht_031_uphill_halves_the_card_and_no_wind_tv_ht_33() {
    // BERGOPWAARTS: the card halved, rounded down; no wind on an uphill square.
    let mut s = stage_on(
        &course_text(3, &[("flat", 9), ("uphill", 30), ("flat", 20)], 5, ""),
        2,
        Options::default(),
    );
    clear(&mut s);
    put(&mut s, 0, 12, 0);
    for (card, squares) in [
        (3, 1),
        (4, 2),
        (5, 2),
        (6, 3),
        (7, 3),
        (8, 4),
        (9, 4),
        (10, 5),
    ] {
        // A rider straight ahead of the end square would shelter on flat.
        put(&mut s, 3, 12 + squares + 1, 0);
        turn(&mut s, &[0], 5);
        hand(&mut s, 0, &[card]);
        let e = ends(&s, 0, card);
        assert!(!e.is_empty());
        assert!(
            e.iter().all(|x| x.row == 12 + squares),
            "card {card}: {e:?}"
        );
    }
}

#[test]
fn ht_032_ht_033_ht_034_downhill_wind_worth_two_tv_ht_34() {
    // BERGAFWAARTS: wind worth 2, may pass one square ahead of the rider in front; 1 or 2.
    let mut s = stage_on(
        &course_text(3, &[("flat", 9), ("downhill", 11), ("flat", 60)], 5, ""),
        2,
        Options::default(),
    );
    clear(&mut s);
    put(&mut s, 3, 15, 0);
    put(&mut s, 0, 10, 0);
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[4]);
    assert_eq!(
        ends(&s, 0, 4),
        vec![
            p(14, 0),
            p(14, 1),
            p(14, 2),
            p(15, 1),
            p(16, 0),
            p(16, 1),
            p(16, 2)
        ]
    );
}

// ----- crashes -----

/// TV-HT-35's road: X, Y, Z on row 30 (played), M on (27, 1) holding only a 3.
fn tv35() -> Hulst {
    let mut s = flat();
    clear(&mut s);
    put(&mut s, 3, 30, 0); // X
    put(&mut s, 4, 30, 1); // Y
    put(&mut s, 5, 30, 2); // Z
    put(&mut s, 0, 27, 1); // M
    put(&mut s, 1, 26, 0); // W
    turn(&mut s, &[0, 1], 5);
    hand(&mut s, 0, &[3]);
    s
}

#[test]
fn ht_035_ht_037_ht_038_ht_039_ht_043_ht_045_ht_048_unavoidable_crash_tv_ht_35() {
    // VALPARTIJ: contact is a crash across the road; the causer stops furthest from the
    // numbered side (29, 2), hits Z; X, Y, Z and M are involved, roadside order M, Z, X, Y;
    // the hand is shown as the proof.
    let mut s = tv35();
    let options = s.moves(0);
    assert_eq!(
        options,
        vec![Choice::Crash {
            rider: 0,
            card: 3,
            stop: p(29, 2)
        }]
    );
    let events = play(&mut s, 0, &options[0]).unwrap();
    let crash = events
        .iter()
        .find_map(|e| match e {
            Event::Crashed {
                riders,
                hit,
                number,
                shown,
                ..
            } => Some((riders.clone(), *hit, *number, shown.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(crash.0, vec![0, 5, 3, 4]);
    assert_eq!(crash.1, Some(5));
    assert_eq!(crash.2, 30);
    assert_eq!(
        crash.3,
        Some(vec![]),
        "the hand shown: nothing left after the 3"
    );
}

#[test]
fn ht_036_crashed_riders_skip_their_next_turn_giving_up_a_card_tv_ht_46() {
    // VALPARTIJ: every rider involved skips his next turn and still gives up a card.
    let mut s = tv35();
    play(
        &mut s,
        0,
        &Choice::Crash {
            rider: 0,
            card: 3,
            stop: p(29, 2),
        },
    )
    .unwrap();
    for r in [0, 3, 4, 5] {
        assert!(s.riders[r].skip, "rider {r} owes a skipped turn");
    }
    // In his slot, the skipped rider's team gives up a card and he does not move.
    turn(&mut s, &[5], 6);
    hand(&mut s, 1, &[4, 7]);
    assert_eq!(
        s.legal(1),
        vec![Choice::GiveUp { card: 4 }, Choice::GiveUp { card: 7 }]
    );
    play(&mut s, 1, &Choice::GiveUp { card: 7 }).unwrap();
    assert_eq!(s.hands[1], vec![4]);
    assert!(!s.riders[5].skip);
    assert!(matches!(s.riders[5].spot, Spot::Roadside { row: 30, .. }));
}

#[test]
fn ht_040_ht_047_a_later_rider_who_cannot_brake_joins_tv_ht_36() {
    // VALPARTIJ: W on (26, 0) holds {4}: every path reaches number 30: he joins the crash.
    let mut s = tv35();
    play(
        &mut s,
        0,
        &Choice::Crash {
            rider: 0,
            card: 3,
            stop: p(29, 2),
        },
    )
    .unwrap();
    hand(&mut s, 0, &[4]);
    let options = s.moves(0);
    assert!(
        options
            .iter()
            .all(|c| matches!(c, Choice::Crash { rider: 1, .. })),
        "{options:?}"
    );
    let events = play(&mut s, 0, &options[0]).unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::JoinedCrash {
            rider: 1,
            number: 30,
            ..
        }
    )));
    // The roadside order: M, Z, X, Y, then W.
    let seq = |r: usize| match s.riders[r].spot {
        Spot::Roadside { seq, row: 30 } => seq,
        other => panic!("{other:?}"),
    };
    let mut by: Vec<usize> = vec![0, 1, 3, 4, 5];
    by.sort_by_key(|&r| seq(r));
    assert_eq!(by, vec![0, 5, 3, 4, 1]);
}

#[test]
fn ht_047_a_crash_that_could_be_avoided_is_refused_naming_the_clean_card_tv_ht_36() {
    // PASSEERPRINCIPLE: a crash only when it cannot be avoided: with {3, 4} the 3 is clean.
    let mut s = tv35();
    play(
        &mut s,
        0,
        &Choice::Crash {
            rider: 0,
            card: 3,
            stop: p(29, 2),
        },
    )
    .unwrap();
    hand(&mut s, 0, &[3, 4]);
    assert!(
        s.moves(0)
            .iter()
            .all(|c| matches!(c, Choice::Move { card: 3, .. }))
    );
    let e = play(
        &mut s,
        0,
        &Choice::Crash {
            rider: 1,
            card: 4,
            stop: p(29, 0),
        },
    )
    .unwrap_err();
    assert_eq!(e, Refusal::Avoidable { clean: 3 });
}

#[test]
fn ht_042_a_full_divider_keeps_the_other_carriageway_out_tv_ht_37() {
    // VALPARTIJ (LET OP): across a full divider riders are not involved.
    let game = "[[game.divider]]\nrows = [28, 32]\nafter_lane = 1\n";
    let mut s = stage_on(
        &course_text(4, &[("flat", 60)], 5, game),
        2,
        Options::default(),
    );
    clear(&mut s);
    put(&mut s, 3, 30, 0); // X
    put(&mut s, 4, 30, 1); // Y
    put(&mut s, 5, 30, 3); // V
    put(&mut s, 0, 27, 0); // M
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[3]);
    let options = s.moves(0);
    assert_eq!(
        options,
        vec![Choice::Crash {
            rider: 0,
            card: 3,
            stop: p(29, 1)
        }]
    );
    let events = play(&mut s, 0, &options[0]).unwrap();
    let riders = events
        .iter()
        .find_map(|e| match e {
            Event::Crashed { riders, hit, .. } => Some((riders.clone(), *hit)),
            _ => None,
        })
        .unwrap();
    assert_eq!(riders, (vec![0, 4, 3], Some(4)));
    assert_eq!(s.riders[5].spot, Spot::Road { pos: p(30, 3) });
}

#[test]
fn ht_044_others_pass_a_crash_of_an_earlier_round_tv_ht_38() {
    // VALPARTIJ: the crashed stand beside the road; the next round others pass normally.
    let mut s = tv35();
    play(
        &mut s,
        0,
        &Choice::Crash {
            rider: 0,
            card: 3,
            stop: p(29, 2),
        },
    )
    .unwrap();
    s.crashes.clear(); // the round after
    put(&mut s, 2, 28, 1);
    turn(&mut s, &[2], 6);
    hand(&mut s, 0, &[4]);
    assert!(ends(&s, 2, 4).contains(&p(32, 1)));
}

#[test]
fn ht_046_passing_principle_leaves_the_next_rider_room_tv_ht_39() {
    // PASSEERPRINCIPLE: A must leave B room for a 4 when another move does.
    let mut s = stage_on(
        &course_text(2, &[("flat", 60)], 5, ""),
        2,
        Options::default(),
    );
    clear(&mut s);
    put(&mut s, 3, 22, 1); // C, played
    put(&mut s, 0, 20, 0); // A
    put(&mut s, 4, 18, 0); // B (plays next)
    turn(&mut s, &[0, 4], 5);
    hand(&mut s, 0, &[2, 6]);
    let cards: Vec<u8> = s
        .moves(0)
        .iter()
        .filter_map(|c| match c {
            Choice::Move { card, .. } => Some(*card),
            _ => None,
        })
        .collect();
    assert!(cards.iter().all(|&c| c == 6), "{cards:?}");
    assert_eq!(ends(&s, 0, 6), vec![p(26, 0), p(26, 1)]);
    let e = play(
        &mut s,
        0,
        &Choice::Move {
            rider: 0,
            card: 2,
            to: p(22, 0),
            boost: false,
        },
    )
    .unwrap_err();
    assert_eq!(e, Refusal::NoRoom { room: 6 });
    hand(&mut s, 0, &[2]);
    assert_eq!(ends(&s, 0, 2), vec![p(22, 0)]);
}

// ----- cards and special squares -----

#[test]
fn ht_009_an_empty_hand_is_dealt_five_cards_a_rider_tv_ht_40() {
    // VOORBEREIDING: new cards when they are used up (G-06): 15 for a team of three.
    let mut s = flat();
    clear(&mut s);
    put(&mut s, 0, 20, 0);
    put(&mut s, 3, 10, 0);
    turn(&mut s, &[0, 3], 5);
    hand(&mut s, 0, &[5]);
    hand(&mut s, 1, &[]);
    let events = mv(&mut s, 0, 5, 25, 0);
    assert!(events.contains(&Event::Refilled { seat: 1, count: 15 }));
    assert_eq!(s.hands[1].len(), 15);
}

#[test]
fn ht_023_a_swap_square_exchanges_three_cards_tv_ht_41() {
    // WISSELVAKJES: 3 given up, 3 drawn; with fewer, all of them.
    let game = "swap = [\"25/0\"]";
    let mut s = stage_on(
        &course_text(3, &[("flat", 60)], 5, game),
        2,
        Options::default(),
    );
    clear(&mut s);
    put(&mut s, 0, 20, 0);
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[3, 5, 5, 7, 9, 10]);
    mv(&mut s, 0, 5, 25, 0);
    assert!(matches!(s.wait, Wait::Swap { count: 3, .. }));
    assert!(s.legal(0).contains(&Choice::Swap {
        give: vec![3, 5, 7]
    }));
    play(
        &mut s,
        0,
        &Choice::Swap {
            give: vec![3, 5, 7],
        },
    )
    .unwrap();
    assert_eq!(s.hands[0].len(), 5);
    // With two cards left, both are exchanged.
    put(&mut s, 0, 20, 0);
    turn(&mut s, &[0], 6);
    hand(&mut s, 0, &[5, 4, 8]);
    mv(&mut s, 0, 5, 25, 0);
    assert_eq!(s.legal(0), vec![Choice::Swap { give: vec![4, 8] }]);
    // Riding over it does nothing.
    put(&mut s, 0, 20, 0);
    turn(&mut s, &[0], 7);
    hand(&mut s, 0, &[7, 3]);
    mv(&mut s, 0, 7, 27, 0);
    assert_eq!(s.wait, Wait::Turn);
}

/// A stage whose chance pile starts with `card`, M on (38, 1) to ride a 2 onto (40, 1).
fn chance_with(card: ChanceCard) -> Hulst {
    let game = "chance = [\"40/1\"]";
    let o = Options {
        chance: vec![tables::ChanceSpec {
            effect: card.effect,
            amount: card.amount,
            count: 1,
        }],
        ..Options::default()
    };
    let mut s = stage_on(&course_text(3, &[("flat", 60)], 5, game), 2, o);
    clear(&mut s);
    put(&mut s, 0, 38, 1);
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[2, 9]);
    s
}

#[test]
fn ht_024_ht_025_ht_026_a_chance_move_never_crashes_tv_ht_42() {
    // KANS VAKJES: the card is carried out at once, for this rider; a chance move stops
    // before a rider: "advance 2" with row 42 full ends on row 41.
    let mut s = chance_with(ChanceCard {
        effect: Effect::Advance,
        amount: 2,
    });
    for l in 0..3 {
        put(&mut s, 3 + l as usize, 42, l);
    }
    mv(&mut s, 0, 2, 40, 1);
    assert!(matches!(&s.wait, Wait::Land { options, .. } if options.iter().all(|p| p.row == 41)));
    play(&mut s, 0, &Choice::Land { to: p(41, 1) }).unwrap();
    assert_eq!(s.riders[0].spot, Spot::Road { pos: p(41, 1) });
    assert!(s.crashes.is_empty());
}

#[test]
fn ht_024_an_exchange_chance_card_with_no_card_left_asks_nothing() {
    // M rides his last card, a 2, onto the chance square: "exchange up to 3" finds an empty
    // hand, so nothing is asked and the turn moves on.
    let mut s = chance_with(ChanceCard {
        effect: Effect::Exchange,
        amount: 3,
    });
    hand(&mut s, 0, &[2]);
    let events = mv(&mut s, 0, 2, 40, 1);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::ChanceDrawn { rider: 0, .. }))
    );
    assert!(!matches!(s.wait, Wait::Swap { .. }), "{:?}", s.wait);
    assert!(!s.legal(0).iter().any(|c| matches!(c, Choice::Swap { .. })));
}

#[test]
fn ht_027_ht_041_a_chance_card_may_cause_a_crash_then_the_pile_is_shuffled_tv_ht_43() {
    // KANS VAKJES, VALPARTIJ (LET OP): "crash here" on 40: riders on 40 involved, M causer;
    // the card under the pile, the pile shuffled.
    let mut s = chance_with(ChanceCard {
        effect: Effect::CrashHere,
        amount: 0,
    });
    put(&mut s, 3, 40, 0);
    let events = mv(&mut s, 0, 2, 40, 1);
    assert!(events.iter().any(|e| matches!(e, Event::Crashed { number: 40, causer: 0, riders, .. } if riders == &vec![0, 3])));
    assert!(events.contains(&Event::ChanceShuffled));
}

#[test]
fn ht_028_sprint_places_by_distance_in_a_round_tv_ht_44() {
    // TUSSENSPRINTS: bonus seconds and points in crossing order (G-25).
    let game = "[[game.sprint]]\nafter = 40\nbonus = [{ seconds = 3, points = 3 }, { seconds = 2, points = 2 }, { seconds = 1, points = 1 }]";
    let mut s = stage_on(
        &course_text(3, &[("flat", 80)], 5, game),
        2,
        Options::default(),
    );
    clear(&mut s);
    put(&mut s, 0, 38, 0); // A
    put(&mut s, 3, 37, 0); // B
    put(&mut s, 1, 30, 0); // C
    turn(&mut s, &[0, 3, 1], 12);
    hand(&mut s, 0, &[5, 9]);
    hand(&mut s, 1, &[8]);
    mv(&mut s, 0, 5, 43, 0);
    mv(&mut s, 3, 8, 45, 0);
    mv(&mut s, 1, 9, 39, 0);
    assert_eq!(
        (s.riders[3].bonus_seconds, s.riders[3].bonus_points),
        (3, 3)
    );
    assert_eq!(
        (s.riders[0].bonus_seconds, s.riders[0].bonus_points),
        (2, 2)
    );
    put(&mut s, 1, 39, 0);
    turn(&mut s, &[1], 13);
    hand(&mut s, 0, &[10, 11]);
    s.options.passing = commissaire_engine::games::hulst::options::Passing::Off;
    play(
        &mut s,
        0,
        &Choice::Move {
            rider: 1,
            card: 10,
            to: p(49, 0),
            boost: false,
        },
    )
    .unwrap();
    assert_eq!(
        (s.riders[1].bonus_seconds, s.riders[1].bonus_points),
        (1, 1)
    );
}

// ----- finish -----

#[test]
fn ht_050_time_is_the_stage_squares_minus_the_squares_past_tv_ht_01() {
    // EINDE VAN EEN ETAPPE: 95 squares, finishing on -4: 91 seconds.
    assert_eq!(finish_time(95, 0, 4, None), 91);
    let mut s = flat();
    clear(&mut s);
    put(&mut s, 0, 92, 0);
    turn(&mut s, &[0], 20);
    hand(&mut s, 0, &[7]);
    let events = mv(&mut s, 0, 7, 99, 0);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Finished {
            rider: 0,
            time: 91,
            place: 1,
            past: 4,
            ..
        }
    )));
}

#[test]
fn ht_054_ten_seconds_a_later_round_tv_ht_02() {
    assert_eq!(finish_time(95, 1, 2, Some(91)), 103);
    assert_eq!(finish_time(95, 2, 6, Some(103)), 109);
}

#[test]
fn ht_054_tv_ht_02_the_ten_seconds_count_from_the_first_round_someone_finishes() {
    // Round 19 brings nobody home; in round 20 A finishes on -4 (91 s, no later round); in
    // round 21 B finishes on -2: one round later, 95 + 10 - 2 = 103 s.
    let mut s = flat();
    clear(&mut s);
    put(&mut s, 0, 85, 0);
    put(&mut s, 3, 85, 2);
    turn(&mut s, &[0, 3], 19);
    hand(&mut s, 0, &[7]);
    hand(&mut s, 1, &[5]);
    mv(&mut s, 0, 7, 92, 0);
    mv(&mut s, 3, 5, 90, 2);
    turn(&mut s, &[0, 3], 20);
    hand(&mut s, 0, &[7]);
    hand(&mut s, 1, &[2]);
    // The finishers of a round are timed as it ends.
    let mut a = mv(&mut s, 0, 7, 99, 0);
    a.extend(mv(&mut s, 3, 2, 92, 2));
    assert!(
        a.iter().any(|e| matches!(
            e,
            Event::Finished {
                rider: 0,
                time: 91,
                place: 1,
                past: 4,
                ..
            }
        )),
        "{a:?}"
    );
    turn(&mut s, &[3], 21);
    hand(&mut s, 1, &[5]);
    let b = mv(&mut s, 3, 5, 97, 2);
    assert!(
        b.iter().any(|e| matches!(
            e,
            Event::Finished {
                rider: 3,
                time: 103,
                past: 2,
                ..
            }
        )),
        "{b:?}"
    );
}

#[test]
fn ht_054_g26_a_later_round_never_beats_an_earlier_one_tv_ht_13() {
    assert_eq!(finish_time(95, 1, 12, Some(94)), 94);
}

#[test]
fn ht_049_ht_051_furthest_past_the_line_wins_tv_ht_11() {
    // EINDE VAN EEN ETAPPE: A first over on -2, B later on -5: B wins with 90 s, A 93 s.
    let mut s = flat();
    clear(&mut s);
    put(&mut s, 0, 90, 0);
    put(&mut s, 3, 88, 0);
    turn(&mut s, &[0, 3], 20);
    hand(&mut s, 0, &[7]);
    hand(&mut s, 1, &[12]);
    s.options.passing = commissaire_engine::games::hulst::options::Passing::Off;
    mv(&mut s, 0, 7, 97, 0);
    let events = mv(&mut s, 3, 12, 100, 0);
    let f = |r: usize| s.riders[r].result.unwrap();
    assert_eq!((f(3).place, f(3).time), (1, 90));
    assert_eq!((f(0).place, f(0).time), (2, 93));
    assert!(events.iter().any(|e| matches!(e, Event::Finished { .. })));
}

#[test]
fn ht_052_ht_057_past_the_line_as_far_as_there_is_room_tv_ht_12() {
    // EINDE VAN EEN ETAPPE: no wind, no crash past the line; the rest of the card lost;
    // finished riders leave the road at the end of the round.
    let mut s = flat();
    clear(&mut s);
    for l in 0..3 {
        put(&mut s, 3 + l as usize, 97, l);
        s.riders[3 + l as usize].crossed = Some(20);
    }
    put(&mut s, 0, 90, 0);
    turn(&mut s, &[0], 20);
    hand(&mut s, 0, &[8]);
    assert_eq!(ends(&s, 0, 8), vec![p(96, 0), p(96, 1), p(96, 2)]);
    mv(&mut s, 0, 8, 96, 0);
    assert_eq!(s.riders[0].result.unwrap().time, 94);
    assert!(s.riders.iter().all(|x| x.spot == Spot::Off));
}

#[test]
fn ht_053_equal_distance_numbered_side_first_tv_ht_03() {
    let mut s = flat();
    clear(&mut s);
    put(&mut s, 0, 90, 1); // A
    put(&mut s, 3, 90, 0); // B
    put(&mut s, 1, 90, 2); // C
    turn(&mut s, &[3, 0, 1], 20);
    hand(&mut s, 0, &[8, 8]);
    hand(&mut s, 1, &[8]);
    s.options.passing = commissaire_engine::games::hulst::options::Passing::Off;
    mv(&mut s, 3, 8, 98, 0);
    mv(&mut s, 0, 8, 98, 1);
    mv(&mut s, 1, 8, 98, 2);
    let place = |r: usize| s.riders[r].result.unwrap().place;
    assert_eq!((place(3), place(0), place(1)), (1, 2, 3));
    assert!(
        [0, 1, 3]
            .iter()
            .all(|&r| s.riders[r].result.unwrap().time == 92)
    );
}

#[test]
fn ht_056_a_finished_rider_costs_a_card_each_round() {
    // EINDE VAN EEN ETAPPE: at each round's start a card per finished rider.
    let mut s = flat();
    clear(&mut s);
    s.finished = vec![0];
    put(&mut s, 3, 50, 0);
    let order = round_order(&mut s);
    assert_eq!(s.order[0], Slot::Discard(0));
    assert_eq!(order, vec![3]);
}

#[test]
fn ht_061_ht_062_points_eleven_minus_the_place_tv_ht_05() {
    // PUNTENTELLING: 1st 10 … 10th 1, 11th and 12th 0.
    let table: Vec<u32> = (1..=12).map(tables::place_points).collect();
    assert_eq!(table, vec![10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0]);
}

#[test]
fn ht_055_the_stage_runs_until_every_rider_has_finished() {
    let mut s = stage_on(
        &course_text(3, &[("flat", 25)], 8, ""),
        2,
        Options::default(),
    );
    let mut guard = 0;
    while let Some(seat) = s.to_play() {
        let options = s.legal(seat);
        let c = s.random_pick(&options);
        play(&mut s, seat, &c).unwrap();
        guard += 1;
        assert!(guard < 5000);
    }
    assert!(s.over);
    assert!(s.riders.iter().all(|x| x.result.is_some()));
}

// ----- courses -----

const FLAT: &str = include_str!("../../config/courses/hulst/hulst-vlakke-etappe.toml");
const MOUNTAIN: &str = include_str!("../../config/courses/hulst/hulst-bergetappe.toml");

#[test]
fn ht_001_ht_006_both_stages_of_the_box_pass_the_course_checks() {
    // SPEL MATERIAAL / VOORBEREIDING: a flat and a mountain stage (our own layout).
    use commissaire_engine::games::hulst::check_course;
    let (_, flat) = check_course(FLAT, "hulst-vlakke-etappe.toml").unwrap();
    assert_eq!((flat.length, flat.runout, flat.line()), (95, 12, 95));
    assert_eq!(flat.label(p(44, 2)).to_string(), "44A");
    assert_eq!(flat.label(p(97, 0)).to_string(), "-2");
    assert_eq!(flat.sprints.len(), 2);
    assert_ne!(
        flat.square(p(62, 1)).unwrap().way,
        flat.square(p(62, 2)).unwrap().way
    );
    let (_, mountain) = check_course(MOUNTAIN, "hulst-bergetappe.toml").unwrap();
    assert!(mountain.is_uphill(p(20, 0)) && mountain.is_downhill(p(50, 1)));
}

#[test]
fn course_errors_name_the_file_the_line_and_the_problem() {
    use commissaire_engine::games::hulst::check_course;
    let bad = FLAT.replace("\"52/0\"", "\"52/7\"");
    let e = check_course(&bad, "x.toml").unwrap_err();
    let line = bad.lines().position(|l| l.contains("52/7")).unwrap() + 1;
    assert_eq!(
        (e.file.as_deref(), e.line),
        (Some("x.toml"), Some(line)),
        "{e}"
    );
    assert!(e.message.contains("no square '52/7'"), "{e}");
    let bad = FLAT.replace("after = 70", "after = 99");
    let e = check_course(&bad, "x.toml").unwrap_err();
    assert!(e.to_string().starts_with("x.toml, line "), "{e}");
    assert!(e.message.contains("sprint line"), "{e}");
    let bad = FLAT.replace("label = \"44A\"", "label = \"A44\"");
    let e = check_course(&bad, "x.toml").unwrap_err();
    assert!(e.message.contains("printed label"), "{e}");
    let bad = FLAT.replace("after_lane = 1", "after_lane = 5");
    assert!(
        check_course(&bad, "x.toml")
            .unwrap_err()
            .message
            .contains("divider")
    );
}

#[test]
fn ht_042_no_step_crosses_a_full_divider() {
    use commissaire_engine::games::hulst::check_course;
    let (_, b) = check_course(FLAT, "f.toml").unwrap();
    assert!(!b.steps(p(61, 1)).contains(&p(62, 2)));
    assert!(b.steps(p(61, 1)).contains(&p(62, 0)));
}

// ----- team time trial -----

fn ttt(teams: usize) -> Hulst {
    let o = Options {
        stage: commissaire_engine::games::hulst::options::StageType::TeamTimeTrial,
        ..Options::default()
    };
    let text = course_text(
        3,
        &[("flat", 95)],
        12,
        "[[game.sprint]]\nafter = 20\nbonus = [{ seconds = 3, points = 3 }]",
    );
    let course = parse_course_toml(&text, "t.toml").unwrap();
    let board = Board::from_course(&course).unwrap();
    let names: Vec<String> = (1..=teams).map(|t| format!("T{t}")).collect();
    let riders = (0..teams * 3)
        .map(|i| (format!("T{}r{}", i / 3 + 1, i % 3 + 1), (i / 3) as u8))
        .collect();
    // The draw: T1 highest, then the seat order T1, T2, T3…
    let mut dice = vec![10];
    dice.extend(std::iter::repeat_n(3, teams - 1));
    Hulst::new(board, Arc::new(course), o, names, riders, &dice, 5)
        .unwrap()
        .0
}

/// A team time trial's team turn in the order it stands (front first, G-35).
fn front_first(s: &mut Hulst) {
    let Wait::Order { seat } = s.wait else {
        panic!("{:?}", s.wait)
    };
    let riders = s.team_block();
    s.apply(seat, &Choice::Order { riders }).unwrap();
}

fn teams_of(s: &Hulst) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::new();
    for slot in &s.order {
        let Slot::Ride(r) = slot else {
            panic!("{slot:?}")
        };
        let t = s.riders[*r].team;
        if out.last() != Some(&t) {
            out.push(t);
        }
    }
    out
}

#[test]
fn ht_071_ht_073_ht_075_teams_start_a_round_apart_tv_ht_70() {
    // START VAN EEN PLOEGENTIJDRIT: round 1 team 1; round 2 teams 1, 2; round 3 teams 1, 2, 3;
    // then all four; a team's turn moves its three riders one after the other.
    let mut s = ttt(4);
    for (round, expect) in [
        (1, vec![0]),
        (2, vec![0, 1]),
        (3, vec![0, 1, 2]),
        (4, vec![0, 1, 2, 3]),
    ] {
        assert_eq!(s.round, round);
        assert_eq!(teams_of(&s), expect, "round {round}");
        assert_eq!(s.order.len(), 3 * expect.len());
        while s.round == round {
            let seat = s.to_play().unwrap();
            let options = s.legal(seat);
            let c = commissaire_engine::games::hulst::bot::choose(&s, seat, &options);
            play(&mut s, seat, &c).unwrap();
        }
    }
}

#[test]
fn ht_076_ht_077_ht_079_team_times_and_points_tv_ht_71() {
    // PUNTENTELLING (TTT): 200 minus the last rider's squares past, 10 s a team turn more than
    // the fewest (G-33); 18 / 12 / 6 shared by the team's riders; a sprint gives nothing.
    let mut s = ttt(3);
    clear(&mut s);
    let finish = |s: &mut Hulst, r: usize, round: u32, past: u16| {
        s.riders[r].result = Some(commissaire_engine::games::hulst::stage::Finish {
            round,
            past,
            lane: 0,
            time: 0,
            place: 0,
            points: 0,
        });
    };
    // T1 (start round 1) last rider -4 after 11 turns: round 11; T2 (start 2) -2 after 11
    // turns: round 12; T3 (start 3) -6 after 12 turns: round 14.
    for (r, round, past) in [
        (0, 10, 7),
        (1, 11, 4),
        (2, 11, 5),
        (3, 12, 2),
        (4, 12, 3),
        (5, 11, 8),
        (6, 14, 6),
        (7, 14, 9),
        (8, 13, 9),
    ] {
        finish(&mut s, r, round, past);
    }
    // End the stage through a last round with nothing left to ride.
    let mut events = Vec::new();
    s.order = vec![Slot::Discard(0)];
    s.cursor = 0;
    s.wait = Wait::Turn;
    s.hands[0] = vec![3];
    events.extend(play(&mut s, 0, &Choice::GiveUp { card: 3 }).unwrap());
    assert!(s.over);
    let time = |r: usize| s.riders[r].result.unwrap().time;
    assert_eq!((time(0), time(1), time(2)), (196, 196, 196));
    assert_eq!(time(3), 198);
    assert_eq!(time(6), 204);
    let points = |r: usize| s.riders[r].result.unwrap().points;
    assert_eq!((points(0) * 3, points(3) * 3, points(6) * 3), (18, 12, 6));
    assert!(
        s.riders
            .iter()
            .all(|x| x.bonus_points == 0 && x.bonus_seconds == 0)
    );
}

#[test]
fn ht_072_new_cards_once_when_one_card_a_rider_is_left_tv_ht_72() {
    // MOGELIJKE SPEEL VARIANT: 5 a rider, new cards only once, at one card a rider.
    let mut s = ttt(2);
    let seat = s.to_play().unwrap() as usize;
    front_first(&mut s);
    s.hands[seat] = vec![3, 4, 5, 6];
    let r = match s.order[s.cursor] {
        Slot::Ride(r) => r,
        _ => panic!(),
    };
    let options = s.moves(seat as u8);
    let c = options
        .iter()
        .find(|c| matches!(c, Choice::Move { rider, card: 3, .. } if *rider == r))
        .unwrap()
        .clone();
    let events = play(&mut s, seat as u8, &c).unwrap();
    assert!(events.contains(&Event::Refilled {
        seat: seat as u8,
        count: 15
    }));
    assert_eq!(s.hands[seat].len(), 18);
    assert!(s.refilled[seat]);
}

#[test]
fn ht_078_finished_riders_shelter_nobody_tv_ht_73() {
    // PUNTENTELLING (TTT): once off the road they block nobody and give no wind.
    let mut s = ttt(2);
    clear(&mut s);
    s.riders[3].spot = Spot::Off;
    put(&mut s, 0, 10, 0);
    turn(&mut s, &[0], 10);
    hand(&mut s, 0, &[4]);
    assert!(
        ends(&s, 0, 4).iter().all(|p| p.row == 14),
        "no wind from a rider off the road"
    );
}

// ----- bots -----

#[test]
fn the_sensible_bot_takes_the_wind_and_keeps_its_top_card_for_the_sprint() {
    use commissaire_engine::games::hulst::bot::sensible;
    // TV-HT-31's road: with a 4 the bot takes the square beside X (+1).
    let mut s = flat();
    clear(&mut s);
    put(&mut s, 3, 15, 0);
    put(&mut s, 0, 10, 0);
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[4]);
    let options = s.moves(0);
    assert_eq!(
        sensible(&s, 0, &options),
        Choice::Move {
            rider: 0,
            card: 4,
            to: p(15, 1),
            boost: false
        }
    );
    // Far from the line, it keeps its 10 and plays the next best card.
    hand(&mut s, 0, &[5, 10]);
    let options = s.moves(0);
    assert!(matches!(
        sensible(&s, 0, &options),
        Choice::Move { card: 5, .. }
    ));
    // Near the line, the 10 goes.
    put(&mut s, 0, 86, 0);
    put(&mut s, 3, 80, 0);
    let options = s.moves(0);
    assert!(matches!(
        sensible(&s, 0, &options),
        Choice::Move { card: 10, .. }
    ));
}

#[test]
fn the_random_bot_plays_legal_options_to_the_end() {
    let o = Options {
        bot: commissaire_engine::games::hulst::options::BotKind::Random,
        ..Options::default()
    };
    let mut s = stage_on(
        &course_text(
            3,
            &[("flat", 40)],
            10,
            "swap = [\"5/1\"]\nchance = [\"8/0\", \"9/1\"]",
        ),
        3,
        o,
    );
    let mut n = 0;
    while let Some(seat) = s.to_play() {
        let options = s.legal(seat);
        let c = commissaire_engine::games::hulst::bot::choose(&s, seat, &options);
        assert!(options.contains(&c));
        play(&mut s, seat, &c).unwrap();
        n += 1;
        assert!(n < 5000);
    }
    assert!(s.riders.iter().all(|r| r.result.is_some()));
}

#[test]
fn ht_027_g23_a_chance_move_may_ride_into_a_crash_of_the_round() {
    // KANS VAKJES: a chance move may take the rider into a crash that already happened.
    // Number 41 crashed earlier this round; "advance 2" from the chance square 40 joins it.
    let mut s = chance_with(ChanceCard {
        effect: Effect::Advance,
        amount: 2,
    });
    s.crashes
        .push(commissaire_engine::games::hulst::stage::Crash {
            number: 41,
            way: 0,
            riders: vec![5],
        });
    let events = mv(&mut s, 0, 2, 40, 1);
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::JoinedCrash {
                rider: 0,
                number: 41,
                ..
            }
        )),
        "{events:?}"
    );
    assert!(matches!(s.riders[0].spot, Spot::Roadside { row: 41, .. }));
}

// ----- a move in two decisions: the card, then the landing square -----

/// The real flat stage at its placement round, the first player holding one card of every
/// value 3 to 10 twice (and a spare 10).
fn placement_on_the_flat_stage() -> (Hulst, u8) {
    let mut s = stage_on(FLAT, 2, Options::default());
    let seat = s.to_play().unwrap();
    hand(
        &mut s,
        seat as usize,
        &[3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10],
    );
    (s, seat)
}

#[test]
fn g_31_ht_015_the_placement_offers_the_cards_first_then_the_squares_of_one() {
    // DE EERSTE RONDE (G-31: the director picks the rider): every rider of the start area
    // and every card, as a flat list of whole moves, is far more than Discord's 25 buttons;
    // card first, it is one option a rider and card, then the squares of that card alone.
    let (mut s, seat) = placement_on_the_flat_stage();
    let whole = s.moves(seat);
    let first = s.legal(seat);
    assert_eq!(whole.len(), 72, "3 riders x 8 cards x 3 lanes");
    assert_eq!(first.len(), 24, "3 riders x 8 cards");
    assert!(
        first
            .iter()
            .all(|c| matches!(c, Choice::Card { card: 3..=10, .. }))
    );
    let rider = s.riders.iter().position(|x| x.team == seat).unwrap();
    let events = s.apply(seat, &Choice::Card { rider, card: 7 }).unwrap();
    assert!(events.is_empty(), "choosing the card plays nothing yet");
    assert_eq!(s.to_play(), Some(seat), "the same seat decides the square");
    let squares = s.legal(seat);
    assert_eq!(
        squares,
        vec![
            Choice::Move {
                rider,
                card: 7,
                to: p(7, 0),
                boost: false
            },
            Choice::Move {
                rider,
                card: 7,
                to: p(7, 1),
                boost: false
            },
            Choice::Move {
                rider,
                card: 7,
                to: p(7, 2),
                boost: false
            },
            Choice::Back,
        ]
    );
    assert_eq!(
        s.landing_letters(),
        vec![(p(7, 0), 'A'), (p(7, 1), 'B'), (p(7, 2), 'C')]
    );
    // Back to the cards: the same options as before.
    s.apply(seat, &Choice::Back).unwrap();
    assert_eq!(s.legal(seat), first);
    assert_eq!(s.hands[seat as usize].len(), 15, "no card spent going back");
    // Then the 7 again, and its square B: the rider is on (7, 1), the 7 spent.
    s.apply(seat, &Choice::Card { rider, card: 7 }).unwrap();
    let events = s.apply(seat, &squares[1]).unwrap();
    assert!(events.contains(&Event::Moved {
        rider,
        card: 7,
        to: p(7, 1),
        squares: 7,
        wind: 0,
        boost: 0
    }));
    assert_eq!(
        s.hands[seat as usize].iter().filter(|&&c| c == 7).count(),
        1
    );
}

#[test]
fn a_whole_move_is_one_choice_still_and_a_square_of_another_card_is_refused() {
    // A stage stored before moves had two decisions replays: a whole move of the rules is
    // still accepted at the card step.
    let (mut s, seat) = placement_on_the_flat_stage();
    let rider = s.riders.iter().position(|x| x.team == seat).unwrap();
    let whole = Choice::Move {
        rider,
        card: 7,
        to: p(7, 1),
        boost: false,
    };
    assert!(!s.legal(seat).contains(&whole), "offered card first");
    s.apply(seat, &whole).unwrap();
    assert_eq!(s.riders[rider].spot, Spot::Road { pos: p(7, 1) });
    // An illegal whole move is refused as before, and changes nothing.
    let (mut s, seat) = placement_on_the_flat_stage();
    let before = (s.legal(seat), s.hands.clone(), s.wait.clone(), s.played);
    let far = Choice::Move {
        rider,
        card: 7,
        to: p(8, 1),
        boost: false,
    };
    assert!(matches!(
        s.apply(seat, &far),
        Err(Refusal::Unreachable { card: 7, .. })
    ));
    assert_eq!(
        (s.legal(seat), s.hands.clone(), s.wait.clone(), s.played),
        before
    );
}

#[test]
fn a_square_of_another_card_or_a_back_with_no_card_chosen_is_refused_and_changes_nothing() {
    let (mut s, seat) = placement_on_the_flat_stage();
    let rider = s.riders.iter().position(|x| x.team == seat).unwrap();
    let seven = Choice::Move {
        rider,
        card: 7,
        to: p(7, 1),
        boost: false,
    };
    let before = (s.legal(seat), s.hands.clone(), s.wait.clone(), s.played);
    assert_eq!(
        s.apply(seat, &Choice::Back),
        Err(Refusal::Wrong),
        "nothing to go back from"
    );
    assert_eq!(
        (s.legal(seat), s.hands.clone(), s.wait.clone(), s.played),
        before
    );
    s.apply(seat, &Choice::Card { rider, card: 5 }).unwrap();
    let waiting = (s.legal(seat), s.wait.clone(), s.played);
    assert_eq!(s.apply(seat, &seven), Err(Refusal::OtherCard { card: 5 }));
    assert_eq!(
        s.apply(seat, &Choice::Card { rider, card: 7 }),
        Err(Refusal::Wrong),
        "one card at a time: back first"
    );
    assert_eq!((s.legal(seat), s.wait.clone(), s.played), waiting);
}

#[test]
fn ht_020_a_card_with_one_landing_square_is_played_in_one_decision() {
    // HET SPEL BEGINT: a 1 from the numbered side's edge with a rider straight ahead has
    // one square only (the diagonal): no letter to choose, the card is the move.
    let mut s = flat();
    clear(&mut s);
    put(&mut s, 0, 20, 0);
    put(&mut s, 3, 21, 0);
    turn(&mut s, &[0, 3], 5);
    hand(&mut s, 0, &[1, 5]);
    let options = s.legal(0);
    assert_eq!(
        options[0],
        Choice::Move {
            rider: 0,
            card: 1,
            to: p(21, 1),
            boost: false
        }
    );
    assert_eq!(options[1], Choice::Card { rider: 0, card: 5 });
    assert_eq!(options.len(), 2);
    // The 1 is no card to choose a square for: asked as a card, it is refused, nothing changed.
    let before = (s.legal(0), s.wait.clone(), s.played);
    assert!(s.apply(0, &Choice::Card { rider: 0, card: 1 }).is_err());
    assert_eq!((s.legal(0), s.wait.clone(), s.played), before);
}

// ----- G-35: the order of a team's riders in a team time trial -----

/// TV-HT-39's two-lane road in a team time trial: C (the other team) on (22, 1) has played;
/// the team's A on (20, 0) holds {2, 6}, B on (18, 0), D far behind on (5, 0); the team's
/// turn starts and its director is asked the order.
fn ttt_passing() -> Hulst {
    let o = Options {
        stage: commissaire_engine::games::hulst::options::StageType::TeamTimeTrial,
        ..Options::default()
    };
    let mut s = stage_on(&course_text(2, &[("flat", 60)], 5, ""), 2, o);
    clear(&mut s);
    put(&mut s, 3, 22, 1); // C
    put(&mut s, 0, 20, 0); // A
    put(&mut s, 1, 18, 0); // B
    put(&mut s, 2, 5, 0); // D
    turn(&mut s, &[0, 1, 2], 5);
    s.wait = Wait::Order { seat: 0 };
    s.refilled = vec![true, true];
    hand(&mut s, 0, &[2, 6]);
    s
}

#[test]
fn g_35_a_team_with_one_rider_left_is_asked_no_order() {
    // Red still has A and B on the road, Blue only C: when the next round comes to Blue, C's
    // moves are offered at once; Red is asked the order of its two.
    let mut s = ttt_passing();
    s.riders[2].spot = Spot::Off;
    put(&mut s, 3, 40, 1);
    s.order = vec![Slot::Ride(0), Slot::Ride(1)];
    s.wait = Wait::Order { seat: 0 };
    hand(&mut s, 0, &[2, 3]);
    hand(&mut s, 1, &[2, 3]);
    s.apply(0, &Choice::Order { riders: vec![0, 1] }).unwrap();
    mv(&mut s, 0, 2, 22, 0);
    mv(&mut s, 1, 3, 21, 0);
    // The round ends; the next comes to each team in turn.
    let mut asked = Vec::new();
    for _ in 0..6 {
        let Some(seat) = s.to_play() else { break };
        let legal = s.legal(seat);
        if let Some(Choice::Order { riders }) = legal.first() {
            asked.push((seat, riders.len()));
        }
        let c = legal[0].clone();
        s.apply(seat, &c).unwrap();
    }
    assert!(
        asked.iter().all(|&(seat, n)| seat == 0 && n == 2),
        "{asked:?}"
    );
    assert!(!asked.is_empty(), "Red is asked its order again");
}

#[test]
fn g_35_ht_073_a_team_moves_its_riders_in_the_order_its_director_chooses_tv_ht_70() {
    // MOGELIJKE SPEEL VARIANT: a team moves its three riders one after the other; G-35: in
    // the order its player chooses. The six orders are offered, the front first as it stands.
    let mut s = ttt_passing();
    assert!(s.moves(0).is_empty(), "no move before the order is chosen");
    let options = s.legal(0);
    assert_eq!(options.len(), 6);
    assert_eq!(
        options[0],
        Choice::Order {
            riders: vec![0, 1, 2]
        }
    );
    assert!(options.contains(&Choice::Order {
        riders: vec![2, 1, 0]
    }));
    assert_eq!(s.apply(1, &options[0]), Err(Refusal::NotYourTurn));
    s.apply(
        0,
        &Choice::Order {
            riders: vec![2, 1, 0],
        },
    )
    .unwrap();
    assert_eq!(
        s.order,
        vec![Slot::Ride(2), Slot::Ride(1), Slot::Ride(0)],
        "D, then B, then A"
    );
    // D rides first: only his moves are offered.
    assert!(
        s.moves(0)
            .iter()
            .all(|c| matches!(c, Choice::Move { rider: 2, .. }))
    );
    mv(&mut s, 2, 6, 11, 0);
    assert!(
        s.moves(0)
            .iter()
            .all(|c| matches!(c, Choice::Move { rider: 1, .. }))
    );
}

#[test]
fn g_35_ht_046_the_passing_principle_looks_at_the_next_rider_moved() {
    // G-35: the passing principle applies towards the next rider moved, team-mate or not.
    // A then B: A's 2 to (22, 0) fills row 22 and leaves B no clean 4: refused, the 6 only
    // (TV-HT-39).
    let mut s = ttt_passing();
    s.apply(
        0,
        &Choice::Order {
            riders: vec![0, 1, 2],
        },
    )
    .unwrap();
    assert!(
        s.moves(0)
            .iter()
            .all(|c| matches!(c, Choice::Move { card: 6, .. }))
    );
    assert_eq!(
        play(
            &mut s,
            0,
            &Choice::Move {
                rider: 0,
                card: 2,
                to: p(22, 0),
                boost: false
            }
        ),
        Err(Refusal::NoRoom { room: 6 })
    );
    // A then D: D, far behind, keeps his room whatever A does; the 2 to (22, 0) is legal.
    let mut s = ttt_passing();
    s.apply(
        0,
        &Choice::Order {
            riders: vec![0, 2, 1],
        },
    )
    .unwrap();
    assert_eq!(ends(&s, 0, 2), vec![p(22, 0)]);
    mv(&mut s, 0, 2, 22, 0);
    assert_eq!(s.riders[0].spot, Spot::Road { pos: p(22, 0) });
    assert_eq!(s.order[s.cursor], Slot::Ride(2), "D rides next");
}

// ----- G-08 `slope = "per_square"` -----

/// Rows 1-9 flat, 10-20 uphill, 21-60 flat, with the slope option given.
fn climb(slope: &str) -> Hulst {
    let o: Options = serde_json::from_value(serde_json::json!({ "slope": slope })).unwrap();
    let mut s = stage_on(
        &course_text(3, &[("flat", 9), ("uphill", 11), ("flat", 40)], 5, ""),
        2,
        o,
    );
    clear(&mut s);
    s
}

fn rows_of(e: &[Pos]) -> Vec<u16> {
    let mut rows: Vec<u16> = e.iter().map(|p| p.row).collect();
    rows.dedup();
    rows
}

#[test]
fn g_08_per_square_each_uphill_square_costs_two_seconds_of_the_card() {
    // G-08, alternative `per_square`: each uphill square costs 2 seconds of the card. From
    // (8, 0), flat, below the climb at 10: a 6 pays 9 (1) + 10 (2) + 11 (2); its last
    // second cannot pay 12 and is lost: row 11. A 7 pays 12 as well: row 12.
    let mut s = climb("per_square");
    put(&mut s, 0, 8, 0);
    for (card, row) in [(6, 11), (7, 12), (3, 10)] {
        turn(&mut s, &[0], 5);
        hand(&mut s, 0, &[card]);
        assert_eq!(rows_of(&ends(&s, 0, card)), vec![row], "card {card}");
    }
    // The default (`start_square`) from the same flat square: the whole card, row 14.
    let mut d = climb("start_square");
    put(&mut d, 0, 8, 0);
    turn(&mut d, &[0], 5);
    hand(&mut d, 0, &[6]);
    assert_eq!(rows_of(&ends(&d, 0, 6)), vec![14]);
}

#[test]
fn g_08_per_square_over_the_top_the_flat_squares_cost_one() {
    // From (18, 0), uphill: a 6 pays 19 (2) + 20 (2) + 21 (1) + 22 (1): row 22, where the
    // halved card of the default goes 3 squares, to row 21. A 5: 19, 20, 21 (row 21; the
    // default's 2 squares, row 20). No wind from an uphill square (HT-031) either way.
    let mut s = climb("per_square");
    put(&mut s, 0, 18, 0);
    put(&mut s, 3, 24, 0); // straight ahead of (23, 0): wind on flat, not from uphill
    for (card, row) in [(6, 22), (5, 21)] {
        turn(&mut s, &[0], 5);
        hand(&mut s, 0, &[card]);
        assert_eq!(rows_of(&ends(&s, 0, card)), vec![row], "card {card}");
    }
    let mut d = climb("start_square");
    put(&mut d, 0, 18, 0);
    for (card, row) in [(6, 21), (5, 20)] {
        turn(&mut d, &[0], 5);
        hand(&mut d, 0, &[card]);
        assert_eq!(rows_of(&ends(&d, 0, card)), vec![row], "card {card}");
    }
    // Played: 4 squares for the 6, no wind told.
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[6]);
    let events = mv(&mut s, 0, 6, 22, 0);
    assert!(events.contains(&Event::Moved {
        rider: 0,
        card: 6,
        to: p(22, 0),
        squares: 4,
        wind: 0,
        boost: 0
    }));
}

#[test]
fn g_08_per_square_a_crash_stops_where_the_card_runs_into_a_rider() {
    // From (8, 0) with a 6 (row 11 if free): the climb's row 11 is full across; the card
    // pays 9 and 10 (3 seconds) and 11 would cost 2 more: every path runs into row 11, the
    // rider stops on row 10, as far from the numbered side as he can (G-20).
    let mut s = climb("per_square");
    put(&mut s, 0, 8, 0);
    put(&mut s, 3, 11, 0);
    put(&mut s, 4, 11, 1);
    put(&mut s, 5, 11, 2);
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[6]);
    assert_eq!(
        s.moves(0),
        vec![Choice::Crash {
            rider: 0,
            card: 6,
            stop: p(10, 2)
        }]
    );
}

#[test]
fn g_31_the_shipped_scenario_plays_card_then_square_by_letter() {
    // config/scenarios/hulst-card-then-square.json (docs/hulst.md): the placement round
    // played by the card, then the landing square's letter, once going back to the cards.
    use commissaire_engine::scenario::{ScenarioFile, ScenarioRun};
    let file = ScenarioFile::from_json(include_str!(
        "../../config/scenarios/hulst-card-then-square.json"
    ))
    .unwrap();
    let course = file
        .course(|name| {
            assert_eq!(name, "hulst-vlakke-etappe");
            parse_course_toml(FLAT, "hulst-vlakke-etappe.toml").map_err(|e| e.to_string())
        })
        .unwrap();
    let ScenarioRun::Script(played) = file.run(course, None).unwrap() else {
        panic!("a script scenario");
    };
    let out = played.to_json_lines();
    for told in [
        r#""choose":"A: 10 to 10, lane 0","key":"m:0:10:10.0""#,
        r#""choose":"Back to the cards","key":"b""#,
        r#""choose":"C: 8 to 8, lane 2","key":"m:1:8:8.2""#,
        "Rood 1 plays 10 to 10 (wind 0).",
        "Rood 2 plays 8 to 8 (wind 0).",
    ] {
        assert!(out.contains(told), "{told} missing from:\n{out}");
    }
}

#[test]
fn the_directors_own_board_letters_the_squares_of_the_card_chosen_and_nobody_elses() {
    // Through the registry, as the services ask it: no private board before the card, the
    // landing squares lettered A, B, C once the card is chosen (the placement's 7 reaches
    // row 7 on three lanes), for the seat that chose it alone.
    use commissaire_engine::registry::{self, Entrant, Scene, Setup};
    let course = Arc::new(parse_course_toml(FLAT, "hulst-vlakke-etappe.toml").unwrap());
    let setup = Setup {
        course,
        teams: vec!["Rood".into(), "Blauw".into()],
        riders: (0..6)
            .map(|i| Entrant {
                id: format!("r{i}"),
                team: (i / 3) as u8,
                start: None,
                attributes: serde_json::Value::Null,
            })
            .collect(),
        // Seven 7s a team: the default deck's fourteen (a hand may ask no more, HT-008).
        options: serde_json::json!({"hands": [[7, 7, 7, 7, 7, 7, 7], [7, 7, 7, 7, 7, 7, 7]]}),
        dice: vec![9, 4],
    };
    let mut s = registry::start("hulst", &setup, 3).unwrap();
    assert!(s.private_scene(0).is_none() && s.private_scene(1).is_none());
    s.apply(0, "p:0:7").unwrap();
    assert!(
        s.private_scene(1).is_none(),
        "the other director sees no letters"
    );
    let Some(Scene::Hulst(own)) = s.private_scene(0) else {
        panic!("the director's own board")
    };
    assert_eq!(
        own.letters,
        vec![(p(7, 0), 'A'), (p(7, 1), 'B'), (p(7, 2), 'C')]
    );
    let Scene::Hulst(public) = s.scene() else {
        panic!()
    };
    assert!(public.letters.is_empty(), "never on the public board");
    let labels: Vec<String> = s
        .pending_for(0)
        .unwrap()
        .options
        .iter()
        .map(|o| o.label.to_string())
        .collect();
    assert_eq!(
        labels,
        vec![
            "A: 7 to 7, lane 0",
            "B: 7 to 7, lane 1",
            "C: 7 to 7, lane 2",
            "Back to the cards"
        ]
    );
}

#[test]
fn the_sensible_bot_plays_its_move_in_two_decisions_and_keeps_the_front_first_order() {
    use commissaire_engine::games::hulst::bot::choose;
    // TV-HT-31's road: X on (15, 0), the bot's M on (10, 0) with {3, 4, 10}: its best move is
    // the 4 beside X with the wind (the 3 behind X gains less, the 10 waits for the sprint).
    // The 4 has several squares: the bot first takes the 4's card, then (15, 1).
    let mut s = flat();
    clear(&mut s);
    put(&mut s, 3, 15, 0);
    put(&mut s, 0, 10, 0);
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[3, 4, 10]);
    let first = s.legal(0);
    assert_eq!(
        first,
        vec![
            Choice::Card { rider: 0, card: 3 },
            Choice::Card { rider: 0, card: 4 },
            Choice::Card { rider: 0, card: 10 }
        ]
    );
    let card = choose(&s, 0, &first);
    assert_eq!(card, Choice::Card { rider: 0, card: 4 });
    s.apply(0, &card).unwrap();
    let square = choose(&s, 0, &s.legal(0));
    assert_eq!(
        square,
        Choice::Move {
            rider: 0,
            card: 4,
            to: p(15, 1),
            boost: false
        }
    );
    // G-35: in a team time trial the bot keeps the order as it stands, front first.
    let s = ttt_passing();
    assert_eq!(
        choose(&s, 0, &s.legal(0)),
        Choice::Order {
            riders: vec![0, 1, 2]
        }
    );
}

#[test]
fn g_08_ht_052_per_square_past_the_line_as_far_as_the_seconds_and_the_room_go() {
    // G-08 `per_square` with HT-052 (the rest of the card lost past the line): a climb to the
    // line after 20, a run-out of 3 (rows 21 to 23, printed -1 to -3). From (18, 0) a 6 pays
    // 19 and 20 (4 seconds) and two run-out squares: -2 (the halved card: -1). A 10 goes to
    // the end of the run-out, -3, its last seconds lost; with -3 full, to -2.
    let on = |slope: &str| {
        let o: Options = serde_json::from_value(serde_json::json!({ "slope": slope })).unwrap();
        let mut s = stage_on(&course_text(3, &[("flat", 9), ("uphill", 11)], 3, ""), 2, o);
        clear(&mut s);
        put(&mut s, 0, 18, 0);
        s
    };
    for (slope, card, row) in [
        ("per_square", 6, 22),
        ("start_square", 6, 21),
        ("per_square", 10, 23),
        ("start_square", 10, 23),
    ] {
        let mut s = on(slope);
        turn(&mut s, &[0], 9);
        hand(&mut s, 0, &[card]);
        assert_eq!(rows_of(&ends(&s, 0, card)), vec![row], "{slope} {card}");
    }
    let mut s = on("per_square");
    for l in 0..3 {
        put(&mut s, 3 + l as usize, 23, l);
        s.riders[3 + l as usize].crossed = Some(8);
    }
    turn(&mut s, &[0], 9);
    hand(&mut s, 0, &[10]);
    assert_eq!(ends(&s, 0, 10), vec![p(22, 0), p(22, 1), p(22, 2)]);
}

#[test]
fn ht_037_g_20_a_crash_with_two_stops_is_chosen_card_then_letter() {
    // VALPARTIJ, G-20: row 30 full across, W on (28, 2); M on (26, 1) with a 5 cannot ride
    // clean. He may stop on (27, 2) (running into W) or on (29, 2) (into Z), both as far from
    // the numbered side as the card allows: the 5 first, then the stop by its letter.
    use commissaire_engine::registry::Game;
    let mut s = flat();
    clear(&mut s);
    put(&mut s, 3, 30, 0);
    put(&mut s, 4, 30, 1);
    put(&mut s, 5, 30, 2);
    put(&mut s, 1, 28, 2);
    put(&mut s, 0, 26, 1);
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[5]);
    assert_eq!(s.legal(0), vec![Choice::Card { rider: 0, card: 5 }]);
    s.apply(0, &Choice::Card { rider: 0, card: 5 }).unwrap();
    let stops = s.legal(0);
    assert_eq!(
        stops[..2],
        [
            Choice::Crash {
                rider: 0,
                card: 5,
                stop: p(27, 2)
            },
            Choice::Crash {
                rider: 0,
                card: 5,
                stop: p(29, 2)
            }
        ]
    );
    assert_eq!(s.landing_letters(), vec![(p(27, 2), 'A'), (p(29, 2), 'B')]);
    let (_, said) = Game::said(&s, &stops[1]);
    assert_eq!(said.id, "hulst-option-letter-crash");
    assert_eq!(said.text, "B: 5: crash");
    assert_eq!(
        Game::label(&s, &stops[0]).1.as_ref(),
        "A: 5: crash, stop on 27"
    );
}

#[test]
fn ht_016_a_rider_with_nowhere_to_go_is_passed_over() {
    // DE DYNAMISCHE RONDES: B waits in the start area behind a full first row: no card
    // takes him anywhere (no clean move, no square to stop on): his turn passes to C.
    let mut s = flat();
    clear(&mut s);
    put(&mut s, 0, 10, 0); // A (Red)
    s.riders[3].spot = Spot::Start; // B (Blue)
    put(&mut s, 4, 1, 0); // C (Blue)
    put(&mut s, 5, 1, 1);
    put(&mut s, 1, 1, 2);
    turn(&mut s, &[0, 3, 4], 5);
    hand(&mut s, 0, &[3]);
    hand(&mut s, 1, &[3]);
    mv(&mut s, 0, 3, 13, 0);
    assert_eq!(s.order[s.cursor], Slot::Ride(4), "B is passed over");
    assert!(!s.legal(1).is_empty());
}

#[test]
fn g_35_an_order_is_a_key_as_every_choice() {
    use commissaire_engine::registry::Game;
    let s = ttt_passing();
    for order in s.legal(0) {
        let key = Game::key(&s, &order);
        assert!(key.as_str().starts_with("o:"), "{key:?}");
        assert_eq!(Game::parse_key(&s, key.as_str()), Some(order));
    }
    assert_eq!(
        Game::parse_key(&s, "o:2.1.0"),
        Some(Choice::Order {
            riders: vec![2, 1, 0]
        })
    );
    assert_eq!(Game::parse_key(&s, "o:2.x"), None);
}

#[test]
fn ht_016_another_team_cannot_play_the_riders_move_nor_see_it() {
    // One rider at a time, for his own team: the other seat has no moves and its whole move
    // for him is refused, changing nothing.
    let (mut s, seat) = placement_on_the_flat_stage();
    let other = 1 - seat;
    let rider = s.riders.iter().position(|x| x.team == seat).unwrap();
    assert!(s.moves(other).is_empty() && s.legal(other).is_empty());
    let whole = Choice::Move {
        rider,
        card: 7,
        to: p(7, 1),
        boost: false,
    };
    assert_eq!(s.apply(other, &whole), Err(Refusal::NotYourTurn));
    assert_eq!(s.riders[rider].spot, Spot::Start);
}

#[test]
fn ht_047_ht_046_a_card_with_no_move_allowed_is_refused_with_the_reason() {
    // PASSEERPRINCIPLE: with {3, 4} after TV-HT-35's crash the 3 rides clean, so the 4's
    // crash may not be chosen: its card is refused naming the 3.
    let mut s = tv35();
    play(
        &mut s,
        0,
        &Choice::Crash {
            rider: 0,
            card: 3,
            stop: p(29, 2),
        },
    )
    .unwrap();
    hand(&mut s, 0, &[3, 4]);
    assert_eq!(
        s.apply(0, &Choice::Card { rider: 1, card: 4 }),
        Err(Refusal::Avoidable { clean: 3 })
    );
    // TV-HT-39: the 2 rides clean but leaves B no room while the 6 does: its card is refused
    // naming the 6.
    let mut s = stage_on(
        &course_text(2, &[("flat", 60)], 5, ""),
        2,
        Options::default(),
    );
    clear(&mut s);
    put(&mut s, 3, 22, 1);
    put(&mut s, 0, 20, 0);
    put(&mut s, 4, 18, 0);
    turn(&mut s, &[0, 4], 5);
    hand(&mut s, 0, &[2, 6]);
    assert_eq!(
        s.apply(0, &Choice::Card { rider: 0, card: 2 }),
        Err(Refusal::NoRoom { room: 6 })
    );
    assert_eq!(
        s.apply(0, &Choice::Card { rider: 4, card: 6 }),
        Err(Refusal::NotThisRider)
    );
    assert_eq!(
        s.apply(0, &Choice::Card { rider: 0, card: 9 }),
        Err(Refusal::NoSuchCard(9))
    );
}

#[test]
fn ht_036_a_rider_who_skips_gives_up_a_card_and_plays_no_move() {
    // VALPARTIJ: in the skipped turn the team gives up a card; a move or a card for the
    // fallen rider is not what the turn asks for.
    let mut s = tv35();
    play(
        &mut s,
        0,
        &Choice::Crash {
            rider: 0,
            card: 3,
            stop: p(29, 2),
        },
    )
    .unwrap();
    turn(&mut s, &[5], 6);
    hand(&mut s, 1, &[4, 7]);
    assert_eq!(
        s.apply(1, &Choice::Card { rider: 5, card: 4 }),
        Err(Refusal::Wrong)
    );
    assert_eq!(
        s.apply(
            1,
            &Choice::Move {
                rider: 5,
                card: 4,
                to: p(34, 0),
                boost: false
            }
        ),
        Err(Refusal::Wrong)
    );
    assert!(s.riders[5].skip);
}

#[test]
fn g_08_per_square_never_through_a_rider() {
    // G-08 `per_square` with HT-014: from (8, 1) with (9, 0) and (9, 1) taken, a 3 pays 9
    // (1) and 10 (2) by (9, 2) only: (10, 1) or (10, 2), never (10, 0).
    let mut s = climb("per_square");
    put(&mut s, 0, 8, 1);
    put(&mut s, 3, 9, 0);
    put(&mut s, 4, 9, 1);
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[3]);
    assert_eq!(ends(&s, 0, 3), vec![p(10, 1), p(10, 2)]);
}

#[test]
fn g_08_per_square_a_card_of_two_into_a_full_uphill_row_crashes_where_it_stands() {
    // G-08 `per_square`, HT-035: a 2 (a deck of `deck.values` may hold one) from (9, 0), the
    // uphill row 10 full: its first square would cost both seconds and holds a rider, so the
    // rider stops where he stands (G-14).
    let mut s = climb("per_square");
    put(&mut s, 0, 9, 0);
    put(&mut s, 3, 10, 0);
    put(&mut s, 4, 10, 1);
    put(&mut s, 5, 10, 2);
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[2]);
    assert_eq!(
        s.moves(0),
        vec![Choice::Crash {
            rider: 0,
            card: 2,
            stop: p(9, 0)
        }]
    );
}

#[test]
fn g_08_per_square_a_crash_on_the_flat_counts_every_second_to_the_contact() {
    // G-08 `per_square`, HT-035, G-20: row 9 (flat, below the climb) full across; from
    // (5, 1) a 4 pays 6, 7 and 8 (3 seconds) and runs into row 9 with its fourth: a crash,
    // stopping on (8, 2), the furthest from the numbered side.
    let mut s = climb("per_square");
    put(&mut s, 0, 5, 1);
    put(&mut s, 3, 9, 0);
    put(&mut s, 4, 9, 1);
    put(&mut s, 5, 9, 2);
    turn(&mut s, &[0], 5);
    hand(&mut s, 0, &[4]);
    assert_eq!(
        s.moves(0),
        vec![Choice::Crash {
            rider: 0,
            card: 4,
            stop: p(8, 2)
        }]
    );
}

// ----- what a stage is set up from (issue 32, items 7 and 8) -----

/// Through the registry, as a scenario or a tour starts it: Rood and Blauw on the flat stage,
/// riders "Rood 1"… with the `starts` given (none: the start area), `options` and `dice`.
fn registry_setup(
    starts: &[Option<Pos>],
    options: serde_json::Value,
    dice: &[u8],
) -> commissaire_engine::registry::Setup {
    use commissaire_engine::registry::{Entrant, Setup};
    Setup {
        course: Arc::new(parse_course_toml(FLAT, "hulst-vlakke-etappe.toml").unwrap()),
        teams: vec!["Rood".into(), "Blauw".into()],
        riders: (0..6)
            .map(|i| Entrant {
                id: format!("{} {}", ["Rood", "Blauw"][i / 3], i % 3 + 1),
                team: (i / 3) as u8,
                start: starts.get(i).copied().flatten(),
                attributes: serde_json::Value::Null,
            })
            .collect(),
        options,
        dice: dice.to_vec(),
    }
}

fn start_error(
    setup: &commissaire_engine::registry::Setup,
) -> commissaire_engine::registry::StartError {
    commissaire_engine::registry::start("hulst", setup, 3).unwrap_err()
}

/// Hulst::new on the book's straight road with `options` and `dice`: the refusal.
fn setup_error(options: Options, dice: &[u8]) -> commissaire_engine::games::hulst::SetupError {
    let text = course_text(3, &[("flat", 95)], 12, "");
    let course = parse_course_toml(&text, "t.toml").unwrap();
    let board = Board::from_course(&course).unwrap();
    let riders = (0..6).map(|i| (format!("r{i}"), (i / 3) as u8)).collect();
    Hulst::new(
        board,
        Arc::new(course),
        options,
        vec!["Red".into(), "Blue".into()],
        riders,
        dice,
        7,
    )
    .unwrap_err()
}

fn hands(h: serde_json::Value) -> Options {
    Options::parse(&serde_json::json!({ "hands": h })).unwrap()
}

#[test]
fn ht_007_a_draw_for_the_first_player_of_a_card_the_deck_does_not_hold_is_refused_naming_it() {
    // Issue 32, item 7: the deck holds 3 to 10 (G-01); a draw of 42 was accepted.
    use commissaire_engine::games::hulst::SetupError;
    use commissaire_engine::registry::StartError;
    assert_eq!(
        setup_error(Options::default(), &[42, 4]),
        SetupError::DrawCard {
            place: 1,
            card: 42,
            values: "3 to 10".into()
        }
    );
    // The second card, a 0, and a tie's card drawn again (the 9s tie, then 2).
    assert!(matches!(
        setup_error(Options::default(), &[9, 0]),
        SetupError::DrawCard {
            place: 2,
            card: 0,
            ..
        }
    ));
    assert!(matches!(
        setup_error(Options::default(), &[9, 9, 2, 5]),
        SetupError::DrawCard {
            place: 3,
            card: 2,
            ..
        }
    ));
    // A deck of the options: its own values, listed when they are no run.
    let odd = Options::parse(&serde_json::json!({"deck": {"values": {"3": 20, "5": 20, "9": 20}}}))
        .unwrap();
    assert_eq!(
        setup_error(odd, &[4]).to_string(),
        "dice: card 1 of the draw for the first player is 4, but the deck holds only 3, 5, 9: give cards the deck holds"
    );
    // Through the registry: a refusal of the rules, naming the card.
    let StartError::Rules(said) =
        start_error(&registry_setup(&[], serde_json::Value::Null, &[42, 4]))
    else {
        panic!("a refusal of the draw")
    };
    assert!(said.contains("is 42") && said.contains("3 to 10"), "{said}");
    // The deck's cards are drawn as they are.
    let (_, events) = Hulst::new(
        Board::from_course(&parse_course_toml(FLAT, "f.toml").unwrap()).unwrap(),
        Arc::new(parse_course_toml(FLAT, "f.toml").unwrap()),
        Options::default(),
        vec!["Red".into(), "Blue".into()],
        (0..6).map(|i| (format!("r{i}"), (i / 3) as u8)).collect(),
        &[3, 10],
        7,
    )
    .unwrap();
    assert!(events.contains(&Event::FirstPlayer { seat: 1 }));
}

#[test]
fn ht_008_a_first_hand_holding_a_card_the_deck_does_not_hold_is_refused_naming_it() {
    // Issue 32, item 7: first hands holding a 0 or a 99 were accepted, and a team holding
    // only the 0 silently lost its riders' turns.
    use commissaire_engine::games::hulst::SetupError;
    use commissaire_engine::registry::StartError;
    assert_eq!(
        setup_error(hands(serde_json::json!([[0]])), &[]),
        SetupError::HandCard {
            index: 0,
            team: "Red".into(),
            card: 0,
            values: "3 to 10".into()
        }
    );
    assert_eq!(
        setup_error(hands(serde_json::json!([[5, 6], [7, 99, 3]])), &[]).to_string(),
        "hands[1] (Blue): the deck holds no card of 99; it holds only 3 to 10"
    );
    // Through the registry: a refusal of the options, naming the team and the card.
    let refused = start_error(&registry_setup(
        &[],
        serde_json::json!({"hands": [[0]]}),
        &[],
    ));
    let StartError::Options { ruleset, message } = refused else {
        panic!("a refusal of the options: {refused:?}")
    };
    assert_eq!(ruleset, "hulst");
    assert!(
        message.contains("(Rood)") && message.contains("no card of 0"),
        "{message}"
    );
}

#[test]
fn ht_008_the_first_hands_hold_no_more_of_a_value_than_the_deck() {
    // G-01: fourteen 10s. Fifteen in one hand, or ten and five in two, ask one too many.
    use commissaire_engine::games::hulst::SetupError;
    let too_many = SetupError::HandTooMany {
        card: 10,
        asked: 15,
        held: 14,
    };
    assert_eq!(
        setup_error(hands(serde_json::json!([vec![10; 15]])), &[]),
        too_many
    );
    assert_eq!(
        setup_error(hands(serde_json::json!([vec![10; 10], vec![10; 5]])), &[]),
        too_many
    );
    assert_eq!(
        too_many.to_string(),
        "hands: the hands hold 15 cards of 10, but the deck has 14"
    );
    // Fourteen are all the deck's: accepted, and the other team is dealt none of them.
    let text = course_text(3, &[("flat", 95)], 12, "");
    let course = parse_course_toml(&text, "t.toml").unwrap();
    let (s, _) = Hulst::new(
        Board::from_course(&course).unwrap(),
        Arc::new(course),
        hands(serde_json::json!([[], vec![10; 14]])),
        vec!["Red".into(), "Blue".into()],
        (0..6).map(|i| (format!("r{i}"), (i / 3) as u8)).collect(),
        &[],
        7,
    )
    .unwrap();
    assert_eq!(s.hands[1], vec![10; 14]);
    assert_eq!(s.hands[0].len(), 15);
    assert!(!s.hands[0].contains(&10), "{:?}", s.hands[0]);
}

#[test]
fn ht_008_hands_for_more_teams_than_race_or_too_many_to_deal_the_others_are_refused() {
    use commissaire_engine::games::hulst::SetupError;
    assert_eq!(
        setup_error(hands(serde_json::json!([[3], [4], [5]])), &[]),
        SetupError::HandsCount { given: 3, teams: 2 }
    );
    // A deck of 30 threes deals 15 to each of two teams; a first hand of 16 leaves 14 for
    // Blue (the deal used to run under the deck's bottom and panic).
    let o = Options::parse(&serde_json::json!({"deck": {"values": {"3": 30}},
                                               "hands": [vec![3; 16]]}))
    .unwrap();
    assert_eq!(
        setup_error(o, &[]),
        SetupError::DealShort {
            left: 14,
            needed: 15,
            team: "Blue".into()
        }
    );
}

#[test]
fn g_04_ht_016_riders_given_squares_start_on_them_and_round_1_rides_from_the_front() {
    // Issue 32, item 8: the squares given are used (a ruling set up mid-stage), the board's
    // "row/lane" (row 1 the first square after the start area). Nobody is in the start area,
    // so there is no placement round and no draw: round 1 goes from the front (HT-016), on
    // one number the numbered side first (HT-018).
    use commissaire_engine::registry;
    let starts = [
        Some(p(20, 1)),
        Some(p(12, 0)),
        Some(p(44, 2)),
        Some(p(20, 0)),
        Some(p(3, 2)),
        Some(p(30, 1)),
    ];
    let setup = registry_setup(&starts, serde_json::Value::Null, &[]);
    let s = registry::start("hulst", &setup, 3).unwrap();
    let view = s.view_json(commissaire_engine::game::Viewer::Public);
    let at: Vec<serde_json::Value> = view["riders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["spot"]["pos"].clone())
        .collect();
    assert_eq!(
        at,
        starts
            .iter()
            .map(|p| serde_json::to_value(p.unwrap()).unwrap())
            .collect::<Vec<_>>()
    );
    assert_eq!(
        view["riders"][2]["square"], "44A",
        "the square's printed label: the curve letters 44/2"
    );
    let opening = s.narrate(&s.opening(), commissaire_engine::game::Viewer::Public);
    assert!(
        opening
            .iter()
            .all(|x| x.id != "hulst-drew" && x.id != "hulst-first-player"),
        "no draw for the first player: {opening:?}"
    );
    // The stage itself: round 1's order from the front.
    let (mut stage, _) = Hulst::new_at(
        Board::from_course(&parse_course_toml(FLAT, "f.toml").unwrap()).unwrap(),
        Arc::new(parse_course_toml(FLAT, "f.toml").unwrap()),
        Options::default(),
        vec!["Rood".into(), "Blauw".into()],
        (0..6).map(|i| (format!("r{i}"), (i / 3) as u8)).collect(),
        &starts,
        &[],
        3,
    )
    .unwrap();
    assert_eq!(stage.round, 1);
    assert_eq!(
        stage.order,
        [2, 5, 3, 0, 1, 4].map(Slot::Ride).to_vec(),
        "44, 30, 20 lane 0, 20 lane 1, 12, 3"
    );
    // The front rider plays first, from his square: a 3 ends on row 47.
    assert_eq!(stage.to_play(), Some(0));
    stage.hands[0] = vec![3];
    assert_eq!(ends(&stage, 2, 3), vec![p(47, 0), p(47, 1), p(47, 2)]);
}

#[test]
fn g_04_a_rider_given_row_0_waits_in_the_start_area_and_rides_after_those_on_the_road() {
    // Row 0 is the start area (G-04: any number of riders, who neither block nor shelter).
    // With riders on the road, those still in it ride last in round 1, onto any square of
    // row 1 and on.
    let starts = [
        Some(p(0, 0)),
        Some(p(5, 1)),
        Some(p(6, 0)),
        Some(p(0, 0)),
        Some(p(0, 2)),
        Some(p(9, 2)),
    ];
    let (s, _) = Hulst::new_at(
        Board::from_course(&parse_course_toml(FLAT, "f.toml").unwrap()).unwrap(),
        Arc::new(parse_course_toml(FLAT, "f.toml").unwrap()),
        Options::default(),
        vec!["Rood".into(), "Blauw".into()],
        (0..6).map(|i| (format!("r{i}"), (i / 3) as u8)).collect(),
        &starts,
        &[],
        3,
    )
    .unwrap();
    assert_eq!(s.riders[0].spot, Spot::Start);
    assert_eq!(s.riders[3].spot, Spot::Start);
    assert_eq!(
        s.order,
        [5, 2, 1, 0, 3, 4].map(Slot::Ride).to_vec(),
        "the road from the front, then the start area"
    );
    // Everyone in the start area, given or not: the placement round, after the draw.
    let (s, events) = Hulst::new_at(
        Board::from_course(&parse_course_toml(FLAT, "f.toml").unwrap()).unwrap(),
        Arc::new(parse_course_toml(FLAT, "f.toml").unwrap()),
        Options::default(),
        vec!["Rood".into(), "Blauw".into()],
        (0..6).map(|i| (format!("r{i}"), (i / 3) as u8)).collect(),
        &[Some(p(0, 1)); 6],
        &[4, 9],
        3,
    )
    .unwrap();
    assert!(events.contains(&Event::FirstPlayer { seat: 1 }));
    assert_eq!(s.order[0], Slot::Place(1));
}

#[test]
fn g_04_a_rider_of_the_start_area_in_a_dynamic_round_counts_his_card_from_row_1() {
    let starts = [
        Some(p(0, 0)),
        Some(p(50, 1)),
        Some(p(51, 0)),
        Some(p(52, 0)),
        Some(p(53, 2)),
        Some(p(54, 2)),
    ];
    let (mut s, _) = Hulst::new_at(
        Board::from_course(&parse_course_toml(FLAT, "f.toml").unwrap()).unwrap(),
        Arc::new(parse_course_toml(FLAT, "f.toml").unwrap()),
        Options {
            passing: commissaire_engine::games::hulst::options::Passing::Off,
            ..Options::default()
        },
        vec!["Rood".into(), "Blauw".into()],
        (0..6).map(|i| (format!("r{i}"), (i / 3) as u8)).collect(),
        &starts,
        &[],
        3,
    )
    .unwrap();
    turn(&mut s, &[0], 1);
    hand(&mut s, 0, &[4]);
    assert_eq!(ends(&s, 0, 4), vec![p(4, 0), p(4, 1), p(4, 2)]);
}

#[test]
fn ht_014_g_04_a_square_given_is_checked_and_a_refusal_names_the_rider_and_the_square() {
    // Issue 32, item 8: each rider on a square of the board before the line, one a square.
    use commissaire_engine::registry::StartError;
    let on = |moved: usize, to: Pos| {
        let mut starts: Vec<Option<Pos>> = (0..6).map(|i| Some(p(10 + i as u16, 0))).collect();
        starts[moved] = Some(to);
        start_error(&registry_setup(&starts, serde_json::Value::Null, &[]))
    };
    let rider = |e: StartError| match e {
        StartError::Rider { rider, message } => (rider, message),
        other => panic!("a rider's refusal: {other:?}"),
    };
    // HT-014: one rider a square.
    let (who, why) = rider(on(4, p(10, 0)));
    assert_eq!(who, "Blauw 2");
    assert_eq!(
        why,
        "square 10/0 is already given to 'Rood 1': one rider a square"
    );
    // No such square: a fourth lane before the separated carriageway (rows 59 to 65), a row
    // beyond the run-out.
    let (who, why) = rider(on(1, p(20, 3)));
    assert_eq!(who, "Rood 2");
    assert_eq!(
        why,
        "there is no square 20/3 on this board (row 0 the start area, rows 1 to 107, lanes from 0)"
    );
    assert!(rider(on(0, p(400, 0))).1.contains("no square 400/0"));
    // Past the line (row 96 is -1): a finished rider's place.
    let (who, why) = rider(on(5, p(96, 1)));
    assert_eq!(who, "Blauw 3");
    assert!(
        why.contains("square 96/1 lies past the line") && why.contains("rows 1 to 95"),
        "{why}"
    );
    // The last square before the line is a start, and so is the fourth lane where the
    // separated carriageway has one.
    let mut starts: Vec<Option<Pos>> = (0..6).map(|i| Some(p(10 + i as u16, 0))).collect();
    starts[5] = Some(p(95, 2));
    starts[1] = Some(p(60, 3));
    assert!(
        commissaire_engine::registry::start(
            "hulst",
            &registry_setup(&starts, serde_json::Value::Null, &[]),
            3
        )
        .is_ok()
    );
    // All or none.
    let mut some: Vec<Option<Pos>> = vec![None; 6];
    some[2] = Some(p(4, 1));
    assert_eq!(
        start_error(&registry_setup(&some, serde_json::Value::Null, &[])),
        StartError::MixedStarts
    );
    // The draw for the first player opens the placement round, which riders on the road skip.
    let on_road: Vec<Option<Pos>> = (0..6).map(|i| Some(p(10 + i as u16, 0))).collect();
    let StartError::Rules(said) =
        start_error(&registry_setup(&on_road, serde_json::Value::Null, &[9, 4]))
    else {
        panic!()
    };
    assert!(
        said.starts_with("dice: riders given squares on the road"),
        "{said}"
    );
}

#[test]
fn ht_075_a_team_time_trial_gives_its_riders_no_square_on_the_road() {
    // Issue 32, item 8: the teams leave the start area one round apart (HT-075), which a
    // square on the road cannot say; the start area (row 0) is what it always is.
    use commissaire_engine::registry::{self, StartError};
    let ttt = serde_json::json!({"stage": "team_time_trial"});
    let mut starts: Vec<Option<Pos>> = vec![Some(p(0, 0)); 6];
    assert!(registry::start("hulst", &registry_setup(&starts, ttt.clone(), &[]), 3).is_ok());
    starts[4] = Some(p(7, 1));
    assert_eq!(
        start_error(&registry_setup(&starts, ttt, &[])),
        StartError::Rider {
            rider: "Blauw 2".into(),
            message: "a team time trial starts every team from the start area, one round after the other (HT-075): give no square on the road (7/1)".into()
        }
    );
}

#[test]
fn g_04_ht_028_g_25_the_shipped_mid_stage_scenario_sets_up_a_sprint_from_the_squares_given() {
    // config/scenarios/hulst-sprint-mid-stage.json (docs/hulst.md, issue 32 item 8): riders
    // given squares just before the sprint after 35. Rood 1 (33/0) plays first, a 4 to 37;
    // Blauw 1 (32/1) next, a 10 to 42: both cross in round 1, so Blauw 1, further past the
    // line, wins it (G-25). Rood 3 and Blauw 3 ride from the start area, last.
    use commissaire_engine::scenario::{ScenarioFile, ScenarioRun};
    let file = ScenarioFile::from_json(include_str!(
        "../../config/scenarios/hulst-sprint-mid-stage.json"
    ))
    .unwrap();
    let course = file
        .course(|name| {
            assert_eq!(name, "hulst-vlakke-etappe");
            parse_course_toml(FLAT, "hulst-vlakke-etappe.toml").map_err(|e| e.to_string())
        })
        .unwrap();
    let ScenarioRun::Script(played) = file.run(course, None).unwrap() else {
        panic!("a script scenario");
    };
    let out = played.to_json_lines();
    for told in [
        r#""choose":"A: 4 to 37, lane 0","key":"m:0:4:37.0""#,
        r#""choose":"B: 10 to 42, lane 1","key":"m:3:10:42.1""#,
        r#""choose":"A: 3 to 3, lane 0","key":"m:2:3:3.0""#,
        "Blauw 1 is 1 at the sprint after 35: 3 s, 3 pts.",
        "Rood 1 is 2 at the sprint after 35: 2 s, 2 pts.",
        "Round 2.",
    ] {
        assert!(out.contains(told), "{told} missing from:\n{out}");
    }
    assert!(
        !out.contains("draws") && !out.contains("places first"),
        "no draw for the first player: {out}"
    );
}

#[test]
fn ht_008_g_01_a_deck_exactly_large_enough_deals_every_team_and_two_values_are_named_apart() {
    // A deck of 30 deals 15 to each of two teams, the last card included; with a first hand
    // of 15 given, the other 15 are Blue's.
    let text = course_text(3, &[("flat", 95)], 12, "");
    let course = parse_course_toml(&text, "t.toml").unwrap();
    let deal = |options: serde_json::Value, teams: usize| {
        let names: Vec<String> = ["Red", "Blue", "Green"][..teams]
            .iter()
            .map(|s| s.to_string())
            .collect();
        Hulst::new(
            Board::from_course(&course).unwrap(),
            Arc::new(course.clone()),
            Options::parse(&options).unwrap(),
            names,
            (0..teams * 3)
                .map(|i| (format!("r{i}"), (i / 3) as u8))
                .collect(),
            &[],
            7,
        )
    };
    let (s, _) = deal(serde_json::json!({"deck": {"values": {"3": 30}}}), 2).unwrap();
    assert_eq!((s.hands[0].len(), s.hands[1].len()), (15, 15));
    let (s, _) = deal(
        serde_json::json!({"deck": {"values": {"3": 30}}, "hands": [vec![3; 15]]}),
        2,
    )
    .unwrap();
    assert_eq!(s.hands[1], vec![3; 15]);
    // Three teams from 46 cards, Red's hand of 16 given: Blue is dealt 15, which leaves 15
    // for Green; one card fewer and Green is short.
    assert!(
        deal(
            serde_json::json!({"deck": {"values": {"3": 46}}, "hands": [vec![3; 16]]}),
            3
        )
        .is_ok()
    );
    assert_eq!(
        deal(
            serde_json::json!({"deck": {"values": {"3": 45}}, "hands": [vec![3; 16]]}),
            3
        )
        .unwrap_err()
        .to_string(),
        "hands: the hands given leave 14 cards in the deck, too few to deal 15 to team 'Green'"
    );
    // A deck of two values names both, not a run of them.
    let two = Options::parse(&serde_json::json!({"deck": {"values": {"4": 15, "5": 15}}})).unwrap();
    assert!(
        setup_error(two, &[9])
            .to_string()
            .contains("holds only 4, 5:"),
        "two values are listed"
    );
}

#[test]
fn ht_008_g_01_a_deck_too_small_to_deal_every_team_its_hands_is_refused_with_the_count() {
    // Two teams of three riders, five cards a rider (HT-008): thirty cards at least. A deck
    // of 26 (four short) is refused, saying how many it would take a team.
    use commissaire_engine::games::hulst::SetupError;
    let small =
        Options::parse(&serde_json::json!({"deck": {"values": {"9": 13, "4": 13}}})).unwrap();
    assert_eq!(
        setup_error(small, &[9, 4]),
        SetupError::DeckTooSmall {
            cards: 26,
            per_team: 15,
            teams: 2
        }
    );
    assert_eq!(
        setup_error(
            Options::parse(&serde_json::json!({"deck": {"values": {"9": 13, "4": 13}}})).unwrap(),
            &[9, 4]
        )
        .to_string(),
        "deck.values: 26 cards cannot deal 15 a team to 2 teams"
    );
}

#[test]
fn g_04_a_square_given_in_the_start_area_is_a_start_and_one_beside_it_is_no_square() {
    // Issue 32, item 8: row 0 is the start area, four squares wide on this board: a rider
    // given its last square, 0/3, starts from it; 0/4 is off the road and refused, naming him.
    use commissaire_engine::registry::StartError;
    let mut starts: Vec<Option<Pos>> = (0..6).map(|i| Some(p(10 + i as u16, 0))).collect();
    starts[2] = Some(p(0, 3));
    let setup = registry_setup(&starts, serde_json::Value::Null, &[]);
    assert!(commissaire_engine::registry::start("hulst", &setup, 3).is_ok());
    starts[2] = Some(p(0, 4));
    match start_error(&registry_setup(&starts, serde_json::Value::Null, &[])) {
        StartError::Rider { rider, message } => {
            assert_eq!(rider, "Rood 3");
            assert!(message.contains("there is no square 0/4"), "{message}");
        }
        other => panic!("a rider's refusal: {other:?}"),
    }
}
