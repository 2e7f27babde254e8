//! Maillot Jaune, clause by clause (seed 002, the French rulebook; the conformance table's
//! clauses MJ-xxx, defaults G-xx and test vectors TV-MJ-xx). Each test sets up the clause's
//! situation and asserts what the rulebook (or our stated default) says happens.
//!
//! Positions are (row, lane) of one stage's course: row 1 is the first cell after the banner,
//! lane 0 the priority (left) lane. The table's tour rows 29-56 are stage 2's rows 1-28.

use commissaire_engine::course::{Pos, parse_course_toml};
use commissaire_engine::games::maillot_jaune::events::Why;
use commissaire_engine::games::maillot_jaune::tables::{Pair, Price};
use commissaire_engine::games::maillot_jaune::{Choice, Event, MaillotJaune, MjError, Spot};
use commissaire_engine::registry::{Entrant, Setup};
use serde_json::{Value, json};
use std::sync::Arc;

const STAGE_1: &str = include_str!("../../config/courses/maillot-jaune/mj-etape-1.toml");
const STAGE_2: &str = include_str!("../../config/courses/maillot-jaune/mj-etape-2.toml");
const STAGE_3: &str = include_str!("../../config/courses/maillot-jaune/mj-etape-3.toml");

/// A rider: his card, where he stands (None: behind the banner), his dial and form.
struct R {
    card: &'static str,
    at: Option<(u16, u8)>,
    energy: u8,
    form: u8,
    team: u8,
}

fn r(card: &'static str, row: u16, lane: u8) -> R {
    R {
        card,
        at: Some((row, lane)),
        energy: 6,
        form: 20,
        team: 0,
    }
}

impl R {
    fn e(mut self, energy: u8) -> R {
        self.energy = energy;
        self
    }
    fn f(mut self, form: u8) -> R {
        self.form = form;
        self
    }
    fn team(mut self, team: u8) -> R {
        self.team = team;
        self
    }
}

/// Custom cards, for vectors that give a rider so many stars on the terrain.
fn cards(list: &[(&str, u8, u8, u8)]) -> Value {
    json!(
        list.iter()
            .map(|(n, f, c, d)| json!({"name": n, "flat": f, "climb": c, "descent": d}))
            .collect::<Vec<_>>()
    )
}

fn stage_with(course: &str, riders: Vec<R>, options: Value, dice: Vec<u8>) -> MaillotJaune {
    try_stage(course, riders, options, dice).unwrap()
}

fn try_stage(
    course: &str,
    riders: Vec<R>,
    options: Value,
    dice: Vec<u8>,
) -> Result<MaillotJaune, commissaire_engine::registry::StartError> {
    commissaire_engine::games::maillot_jaune::stage::MaillotJaune::new(
        &setup_of(course, riders, options, dice),
        1,
    )
}

fn setup_of(course: &str, riders: Vec<R>, options: Value, dice: Vec<u8>) -> Setup {
    let course = Arc::new(parse_course_toml(course, "test.toml").unwrap());
    let teams = riders.iter().map(|r| r.team).max().unwrap_or(0) as usize + 1;
    Setup {
        course,
        teams: (0..teams).map(|t| format!("Team {t}")).collect(),
        riders: riders
            .iter()
            .map(|x| Entrant {
                id: x.card.to_string(),
                team: x.team,
                start: x.at.map(|(row, lane)| Pos::new(row, lane)),
                attributes: json!({"card": x.card, "energy": x.energy, "form": x.form}),
            })
            .collect(),
        options,
        dice,
    }
}

fn stage(riders: Vec<R>) -> MaillotJaune {
    stage_with(STAGE_1, riders, Value::Null, vec![])
}

fn ix(s: &MaillotJaune, card: &str) -> u8 {
    s.riders.iter().position(|x| x.name == card).unwrap() as u8
}

fn current(s: &MaillotJaune) -> u8 {
    s.turn.as_ref().unwrap().rider
}

/// Everyone before `card` in this round stays put, so that `card` is to play.
fn stay_until(s: &mut MaillotJaune, card: &str) {
    let r = ix(s, card);
    for _ in 0..s.riders.len() {
        if current(s) == r {
            return;
        }
        play(s, Choice::Stay);
    }
    assert_eq!(current(s), r, "{card} rides in this round");
}

/// Plays a choice for whoever owes it.
fn play(s: &mut MaillotJaune, c: Choice) -> Vec<Event> {
    let seat = s.to_play().unwrap();
    s.play(seat, &c)
        .unwrap_or_else(|e| panic!("{c:?} refused: {e}"))
}

fn mv(row: u16, lane: u8) -> Choice {
    Choice::Move {
        to: Pos::new(row, lane),
        via: None,
        escape: None,
    }
}

fn plan(safe: u8, risky: u8) -> Choice {
    Choice::Plan { safe, risky }
}

fn at(s: &MaillotJaune, card: &str) -> Option<(u16, u8)> {
    s.riders[ix(s, card) as usize]
        .spot
        .pos()
        .map(|p| (p.row, p.lane))
}

fn dial(s: &MaillotJaune, card: &str) -> (u8, u8) {
    let x = &s.riders[ix(s, card) as usize];
    (x.energy, x.form)
}

/// End cells a rider may choose without escape (MJ-013), as (row, lane), sorted.
fn ends(s: &MaillotJaune, card: &str) -> Vec<(u16, u8)> {
    ends_with(s, card, 0, 0)
}

fn ends_with(s: &MaillotJaune, card: &str, safe: u8, risky: u8) -> Vec<(u16, u8)> {
    let mut v: Vec<(u16, u8)> = s
        .moves(ix(s, card), safe, risky)
        .into_iter()
        .filter_map(|c| match c {
            Choice::Move { to, via: None, .. } => Some((to.row, to.lane)),
            _ => None,
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

fn grid(
    rows: std::ops::RangeInclusive<u16>,
    lanes: std::ops::RangeInclusive<u8>,
) -> Vec<(u16, u8)> {
    rows.flat_map(|r| lanes.clone().map(move |l| (r, l)))
        .collect()
}

fn rolls(events: &[Event]) -> Vec<(Pair, Price, Why)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled {
                pair, price, why, ..
            } => Some((*pair, *price, *why)),
            _ => None,
        })
        .collect()
}

// Flat stars by card in the default roster: Renault 2, La Providence 3, La Bonnal 2, Vandamme 1,
// PTT 1, La Redoute 3. Climb: Renault 3, La Providence 1, La Bonnal 1, Vandamme 2, PTT 3,
// La Redoute 2.

// ---------------------------------------------------------------- movement

#[test]
fn mj_016_g_02_tv_mj_14_three_stars_in_the_second_lane_reach_fifteen_cells() {
    // La Providence: 3 stars on the flat, at (10,1) of an empty 4-lane flat road.
    let s = stage(vec![r("La Providence", 10, 1)]);
    let mut expected = vec![(10, 0), (10, 2), (10, 3)];
    expected.extend(grid(11..=13, 0..=3));
    expected.sort();
    assert_eq!(ends(&s, "La Providence"), expected);
    assert_eq!(expected.len(), 15);
    assert!(s.legal(0).contains(&Choice::Stay), "and staying put");
}

#[test]
fn mj_013_tv_mj_14_two_stars_eleven_cells_one_star_five() {
    let s = stage(vec![r("Renault", 10, 1)]); // flat 2
    assert_eq!(ends(&s, "Renault").len(), 11);
    let s = stage(vec![r("Vandamme", 10, 1)]); // flat 1
    assert_eq!(
        ends(&s, "Vandamme"),
        vec![(10, 0), (10, 2), (11, 0), (11, 1), (11, 2)]
    );
}

#[test]
fn mj_013_tv_mj_15_from_the_edge_lane() {
    for (card, n) in [("La Providence", 15), ("Renault", 8), ("Vandamme", 3)] {
        let s = stage(vec![r(card, 10, 0)]);
        assert_eq!(ends(&s, card).len(), n, "{card}");
    }
}

#[test]
fn mj_014_tv_mj_16_no_step_backwards() {
    let mut s = stage(vec![r("Renault", 10, 1)]);
    assert!(!ends(&s, "Renault").iter().any(|&(row, _)| row < 10));
    let before = s.clone();
    assert_eq!(s.play(0, &mv(9, 1)), Err(MjError::Unreachable));
    assert_eq!(s, before, "state unchanged");
}

#[test]
fn mj_015_g_07_tv_mj_17_hemmed_in_he_can_only_stay() {
    let blockers = [(5, 0), (5, 2), (6, 0), (6, 1), (6, 2)];
    let names = ["PTT", "La Bonnal", "Vandamme", "La Redoute", "Agfa"];
    let mut riders = vec![r("Renault", 5, 1)];
    riders.extend(names.iter().zip(blockers).map(|(n, (a, b))| r(n, a, b)));
    let s = stage(riders);
    assert!(ends(&s, "Renault").is_empty());
    // With (6,2) free instead.
    let mut riders = vec![r("Renault", 5, 1)];
    riders.extend(
        names[..4]
            .iter()
            .zip(blockers)
            .map(|(n, (a, b))| r(n, a, b)),
    );
    let s = stage(riders);
    assert_eq!(
        ends(&s, "Renault"),
        vec![(6, 2), (6, 3), (7, 1), (7, 2), (7, 3)]
    );
}

#[test]
fn mj_015_a_rider_may_ride_less_or_stay() {
    let mut s = stage(vec![r("La Providence", 10, 1)]);
    assert!(
        ends(&s, "La Providence").contains(&(11, 1)),
        "one cell of three"
    );
    play(&mut s, Choice::Stay);
    assert_eq!(at(&s, "La Providence"), Some((10, 1)));
}

#[test]
fn mj_056_g_06_tv_mj_18_the_row_ahead_sets_the_terrain() {
    // La Providence: flat 3, climb 1. Row 15 is the first climbing row of stage 1.
    let s = stage(vec![r("La Providence", 14, 0)]);
    assert_eq!(s.allowance(0), 1, "the climb ahead: her climb rating");
    let s = stage(vec![r("La Providence", 13, 0)]);
    assert_eq!(s.allowance(0), 3);
    assert!(ends(&s, "La Providence").iter().all(|&(row, _)| row <= 14));
    assert!(ends(&s, "La Providence").contains(&(14, 3)));
}

#[test]
fn mj_056_tv_mj_19_renault_changes_pace_on_the_climb() {
    // Renault: flat 2, climb 3.
    let mut s = stage(vec![r("Renault", 12, 0)]);
    play(&mut s, mv(14, 0));
    assert_eq!(
        s.allowance(0),
        3,
        "next turn from (14,0): three climbing cells"
    );
    play(&mut s, mv(17, 0));
    assert_eq!(at(&s, "Renault"), Some((17, 0)));
    // From (13,0) he can only reach row 14, even with escape cells.
    let s = stage(vec![r("Renault", 13, 0)]);
    assert!(ends(&s, "Renault").iter().all(|&(row, _)| row <= 14));
    for safe in 1..=6 {
        assert!(
            ends_with(&s, "Renault", safe, 0)
                .iter()
                .all(|&(row, _)| row <= 14)
        );
    }
}

#[test]
fn g_06_start_row_lets_a_move_run_on() {
    let s = stage_with(
        STAGE_1,
        vec![r("La Providence", 13, 0)],
        json!({"terrain_change": "start_row"}),
        vec![],
    );
    assert!(ends(&s, "La Providence").contains(&(16, 0)));
}

#[test]
fn mj_012_tv_mj_23_riders_count_their_cells_from_the_banner() {
    let s = stage_with(
        STAGE_1,
        vec![
            R {
                at: None,
                ..r("Renault", 0, 0)
            },
            R {
                at: None,
                ..r("PTT", 0, 0)
            },
        ],
        Value::Null,
        vec![1],
    );
    assert_eq!(s.riders[0].spot, Spot::Start);
    assert_eq!(ends(&s, "Renault"), grid(1..=2, 0..=3));
}

#[test]
fn mj_017_tv_mj_20_from_round_two_the_front_rider_plays_first() {
    let s = stage(vec![r("Renault", 12, 0), r("PTT", 15, 0), r("Agfa", 9, 0)]);
    assert_eq!(
        s.race_order(),
        vec![ix(&s, "PTT"), ix(&s, "Renault"), ix(&s, "Agfa")]
    );
}

#[test]
fn mj_018_tv_mj_21_level_riders_play_from_the_left() {
    let s = stage(vec![r("Renault", 10, 3), r("PTT", 10, 1)]);
    assert_eq!(s.race_order(), vec![ix(&s, "PTT"), ix(&s, "Renault")]);
    assert_eq!(current(&s), ix(&s, "PTT"));
}

#[test]
fn mj_011_g_08_tv_mj_22_the_die_picks_the_first_rider_then_seat_order() {
    let behind = |c| R {
        at: None,
        ..r(c, 0, 0)
    };
    // Seats A, B, C, D; the draw shows 3: C.
    let s = stage_with(
        STAGE_1,
        vec![
            behind("Renault"),
            behind("PTT"),
            behind("Agfa"),
            behind("Noël"),
        ],
        Value::Null,
        vec![3],
    );
    assert_eq!(s.order, vec![2, 3, 0, 1]);
    assert!(matches!(
        s.opening[0],
        Event::FirstDrawn { rider: 2, roll } if roll.face == 3 && roll.given
    ));
}

#[test]
fn mj_019_mj_024_g_21_tv_mj_24_only_an_escape_goes_beyond_the_stars() {
    // Vandamme: 1 star on the flat, E6: 3 safe cells take him 4 cells in all.
    let mut s = stage(vec![r("Vandamme", 5, 1)]);
    assert!(ends(&s, "Vandamme").iter().all(|&(row, _)| row <= 6));
    play(&mut s, plan(3, 0));
    play(&mut s, mv(9, 1));
    assert_eq!(at(&s, "Vandamme"), Some((9, 1)));
    assert_eq!(dial(&s, "Vandamme"), (3, 20));
}

// ---------------------------------------------------------------- escapes

/// A 2-star rider (Renault on the flat) at (5,1) with the given dial and dice.
fn renault(energy: u8, form: u8, dice: Vec<u8>) -> MaillotJaune {
    stage_with(
        STAGE_1,
        vec![r("Renault", 5, 1).e(energy).f(form)],
        Value::Null,
        dice,
    )
}

#[test]
fn mj_029_tv_mj_01_a_roll_of_nine_costs_four_for_two_cells() {
    let mut s = renault(6, 20, vec![4, 5]);
    play(&mut s, plan(0, 2));
    let ev = play(&mut s, mv(9, 1));
    assert_eq!(rolls(&ev)[0].1, Price::Cost(4));
    assert_eq!(dial(&s, "Renault"), (2, 20));
    assert_eq!(at(&s, "Renault"), Some((9, 1)), "4 cells ridden");
}

#[test]
fn mj_030_tv_mj_02_a_pair_of_ones_costs_one() {
    let mut s = renault(6, 20, vec![1, 1]);
    play(&mut s, plan(0, 2));
    play(&mut s, mv(9, 1));
    assert_eq!(dial(&s, "Renault"), (5, 20));
}

#[test]
fn mj_034_mj_035_tv_mj_03_two_safe_and_two_risky_on_an_eight() {
    let mut s = renault(6, 20, vec![3, 5]);
    play(&mut s, plan(2, 2));
    play(&mut s, mv(11, 1));
    assert_eq!(dial(&s, "Renault"), (1, 20), "2 safe + 3 risky");
}

#[test]
fn mj_028_mj_034_tv_mj_04_the_dial_runs_out_and_form_pays_the_rest() {
    let mut s = renault(3, 20, vec![3, 5]);
    play(&mut s, plan(2, 2));
    let ev = play(&mut s, mv(11, 1));
    assert_eq!(dial(&s, "Renault"), (0, 18));
    let paid: Vec<(Why, u8, u8)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Paid {
                why, energy, form, ..
            } => Some((*why, *energy, *form)),
            _ => None,
        })
        .collect();
    assert_eq!(paid, vec![(Why::Safe, 2, 0), (Why::Risky, 1, 2)]);
}

#[test]
fn mj_028_tv_mj_05_one_energy_then_three_form() {
    let mut s = renault(1, 20, vec![6, 3]);
    play(&mut s, plan(0, 2));
    play(&mut s, mv(9, 1));
    assert_eq!(dial(&s, "Renault"), (0, 17));
}

#[test]
fn mj_020_mj_022_tv_mj_06_a_safe_escape_costs_its_cells_and_rolls_nothing() {
    let mut s = renault(6, 20, vec![]);
    play(&mut s, plan(3, 0));
    let ev = play(&mut s, mv(10, 1));
    assert!(rolls(&ev).is_empty(), "no dice");
    assert_eq!(dial(&s, "Renault"), (3, 20));
}

#[test]
fn mj_021_tv_mj_07_an_empty_dial_allows_only_the_risky_kind() {
    let mut s = renault(0, 20, vec![3, 4]);
    let before = s.clone();
    assert_eq!(
        s.play(0, &plan(1, 0)),
        Err(MjError::NoEnergyForSafe {
            energy: 0,
            needed: 1
        })
    );
    assert_eq!(s, before);
    assert!(s.legal(0).contains(&plan(0, 1)));
    play(&mut s, plan(0, 1));
    play(&mut s, mv(8, 1));
    assert_eq!(at(&s, "Renault"), Some((8, 1)));
}

#[test]
fn mj_025_mj_036_tv_mj_08_form_never_pays_a_safe_escape() {
    let mut s = renault(1, 20, vec![]);
    let before = s.clone();
    assert!(matches!(
        s.play(0, &plan(2, 1)),
        Err(MjError::NoEnergyForSafe { .. })
    ));
    assert_eq!(s, before);
    assert!(!s.legal(0).contains(&plan(2, 0)));
}

#[test]
fn mj_026_tv_mj_09_a_risky_escape_is_one_to_four_cells() {
    let mut s = renault(6, 20, vec![]);
    assert_eq!(s.play(0, &plan(0, 5)), Err(MjError::RiskyTooLong));
    // Four risky cells are offered in steps: an escape of 4 cells, then its ways to pay.
    assert!(s.legal(0).contains(&Choice::Escape { cells: 4 }));
    play(&mut s, Choice::Escape { cells: 4 });
    assert!(s.legal(0).contains(&plan(0, 4)));
}

#[test]
fn mj_027_the_roll_reads_the_table_at_the_cells_announced() {
    // Roll (4,6): 0, 0, 1, 2 for 1-4 cells; announce 4 risky: cost 2.
    let mut s = renault(6, 20, vec![4, 6]);
    play(&mut s, plan(0, 4));
    let ev = play(&mut s, mv(11, 1));
    assert_eq!(
        rolls(&ev),
        vec![(Pair { a: 4, b: 6 }, Price::Cost(2), Why::Risky)]
    );
    assert_eq!(dial(&s, "Renault"), (4, 20));
}

#[test]
fn mj_037_mj_059_g_05_tv_mj_10_a_puncture_stops_after_the_safe_cells() {
    for pair in [[3, 3], [4, 4], [5, 5]] {
        let mut s = stage_with(
            STAGE_1,
            vec![r("Renault", 2, 1), r("Vandamme", 1, 3)],
            Value::Null,
            pair.to_vec(),
        );
        play(&mut s, plan(1, 2));
        let ev = play(&mut s, mv(7, 1));
        assert!(ev.iter().any(|e| matches!(e, Event::Punctured { .. })));
        assert_eq!(at(&s, "Renault"), Some((5, 1)), "2 normal + 1 safe");
        assert_eq!(dial(&s, "Renault"), (5, 20), "risky part unpaid");
        // Vandamme plays, then the next round Renault's turn is skipped.
        play(&mut s, Choice::Stay);
        assert_eq!(current(&s), ix(&s, "Vandamme"));
    }
}

#[test]
fn mj_033_g_20_tv_mj_40_spent_energy_and_form_abandon() {
    let mut s = stage_with(
        STAGE_1,
        vec![r("Renault", 5, 1).e(0).f(2), r("PTT", 1, 0)],
        Value::Null,
        vec![1, 2],
    );
    play(&mut s, plan(0, 1));
    let ev = play(&mut s, mv(8, 1));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Abandoned { rider: 0 }))
    );
    assert_eq!(s.riders[0].spot, Spot::Out);
    assert_eq!(dial(&s, "Renault"), (0, 0));
    assert!(!s.race_order().contains(&0));
}

// ---------------------------------------------------------------- finish

#[test]
fn mj_038_mj_039_g_09_tv_mj_41_minutes_by_rounds_after_the_winner() {
    // A and B cross in one round (A plays first), D one round later, C three rounds later.
    let c = cards(&[
        ("A", 3, 3, 3),
        ("B", 3, 3, 3),
        ("C", 3, 3, 3),
        ("D", 3, 3, 3),
    ]);
    let mut s = stage_with(
        STAGE_1,
        vec![r("A", 26, 0), r("B", 26, 1), r("C", 17, 0), r("D", 24, 2)],
        json!({ "riders": c }),
        vec![],
    );
    // Round 1: A, B, D, C.
    play(&mut s, mv(29, 0));
    play(&mut s, mv(29, 1));
    play(&mut s, mv(27, 2));
    play(&mut s, mv(20, 0));
    // Round 2: D crosses; C rides on; rounds 3 and 4: C crosses in round 4.
    play(&mut s, mv(30, 2));
    play(&mut s, mv(23, 0));
    play(&mut s, mv(26, 0));
    play(&mut s, mv(29, 0));
    assert!(s.is_over());
    let by = |c| {
        let i = ix(&s, c);
        s.classification().into_iter().find(|l| l.0 == i).unwrap()
    };
    assert_eq!(by("A"), (0, 1, 0), "the winner");
    assert_eq!(by("B"), (1, 2, 0), "second, same round: 0 min");
    assert_eq!(by("D"), (3, 3, 1));
    assert_eq!(by("C"), (2, 4, 3), "three more rounds: 3 minutes");
}

/// G-09: A plays first and ends on row 29, the first row past the line; B plays after him and escapes one safe cell further, to row 30. D crosses
/// in round 2, C in round 4. Played the same way under each reading of `finish.winner`.
fn two_cross_in_one_round(options: Value) -> (MaillotJaune, Vec<Event>) {
    let c = cards(&[
        ("A", 3, 3, 3),
        ("B", 3, 3, 3),
        ("C", 3, 3, 3),
        ("D", 3, 3, 3),
    ]);
    let mut options = options;
    options["riders"] = c;
    let mut s = stage_with(
        STAGE_1,
        vec![r("A", 27, 0), r("B", 26, 1), r("C", 17, 0), r("D", 24, 2)],
        options,
        vec![],
    );
    let mut events = Vec::new();
    // Round 1: A, B, D, C.
    events.extend(play(&mut s, mv(29, 0)));
    events.extend(play(&mut s, plan(1, 0)));
    events.extend(play(&mut s, mv(30, 1)));
    events.extend(play(&mut s, mv(27, 2)));
    events.extend(play(&mut s, mv(20, 0)));
    // Round 2: D crosses; rounds 2 to 4: C crosses in round 4.
    events.extend(play(&mut s, mv(30, 2)));
    events.extend(play(&mut s, mv(23, 0)));
    events.extend(play(&mut s, mv(26, 0)));
    events.extend(play(&mut s, mv(29, 0)));
    assert!(s.is_over());
    (s, events)
}

#[test]
fn g_09_first_in_play_order_the_first_to_cross_wins_however_far_the_others_go() {
    let (s, events) = two_cross_in_one_round(json!({}));
    let (a, b) = (ix(&s, "A"), ix(&s, "B"));
    assert_eq!(s.classification()[0], (a, 1, 0), "A crossed first: he wins");
    assert_eq!(
        s.classification()[1],
        (b, 2, 0),
        "B, further past the line, is second"
    );
    assert!(events.contains(&Event::StageOver { winner: Some(a) }));
    assert!(!events.iter().any(|e| matches!(e, Event::Placed { .. })));
}

#[test]
fn g_09_furthest_past_line_the_round_s_crossers_are_placed_by_distance() {
    let (s, events) = two_cross_in_one_round(json!({ "finish_winner": "furthest_past_line" }));
    let (a, b, c, d) = (ix(&s, "A"), ix(&s, "B"), ix(&s, "C"), ix(&s, "D"));
    // B stands on row 30, A on row 29: B wins, A is second, both on the winner's time.
    assert_eq!(
        s.classification(),
        vec![(b, 1, 0), (a, 2, 0), (d, 3, 1), (c, 4, 3)]
    );
    assert!(events.contains(&Event::StageOver { winner: Some(b) }));
    // As round 1 ends both are told their new place; D and C, alone in their rounds, are not.
    let placed: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::Placed { .. }))
        .collect();
    assert_eq!(
        placed,
        vec![
            &Event::Placed { rider: b, place: 1 },
            &Event::Placed { rider: a, place: 2 }
        ]
    );
}

#[test]
fn g_09_a_tour_told_in_brief_keeps_the_crossings_the_new_places_and_the_winner() {
    // A tour of bots is told a round at a time: of all that happened, what must not be left
    // out is each rider across the line, each new place and the end of the stage; the moves are
    // left out.
    use commissaire_engine::registry::Game;
    let (s, events) = two_cross_in_one_round(json!({ "finish_winner": "furthest_past_line" }));
    let ids: Vec<&str> = s.notable(&events).iter().map(|n| n.id).collect();
    assert_eq!(
        ids,
        vec![
            "mj-crossed",
            "mj-crossed",
            "mj-placed",
            "mj-placed",
            "mj-crossed",
            "mj-crossed",
            "mj-stage-over"
        ]
    );
}

#[test]
fn g_09_furthest_past_line_level_riders_keep_their_crossing_order() {
    // A and B both end on row 29: the order they crossed in stands, and nobody is re-placed.
    let c = cards(&[("A", 3, 3, 3), ("B", 3, 3, 3)]);
    let mut s = stage_with(
        STAGE_1,
        vec![r("A", 27, 0), r("B", 26, 1)],
        json!({ "riders": c, "finish_winner": "furthest_past_line" }),
        vec![],
    );
    let mut events = play(&mut s, mv(29, 0));
    events.extend(play(&mut s, mv(29, 1)));
    assert!(s.is_over());
    let (a, b) = (ix(&s, "A"), ix(&s, "B"));
    assert_eq!(s.classification(), vec![(a, 1, 0), (b, 2, 0)]);
    assert!(!events.iter().any(|e| matches!(e, Event::Placed { .. })));
}

#[test]
fn g_10_tv_mj_43_a_rider_across_stays_on_his_cell_until_the_round_ends() {
    let mut s = stage(vec![r("La Redoute", 27, 0), r("Agfa", 27, 1)]);
    play(&mut s, mv(29, 0));
    assert!(matches!(s.riders[0].spot, Spot::Across(_)));
    assert!(!ends(&s, "Agfa").contains(&(29, 0)), "his cell is taken");
    play(&mut s, mv(29, 1));
    assert_eq!(s.riders[0].spot, Spot::Finished);
}

// ---------------------------------------------------------------- aspiration

/// TV-MJ-30's five riders on the climb of stage 1.
fn five() -> MaillotJaune {
    stage(vec![
        r("La Bonnal", 16, 0).team(0),
        r("Vandamme", 17, 0).team(1),
        r("PTT", 18, 0).team(2),
        r("La Redoute", 17, 2).team(3),
        r("Renault", 18, 2).team(4),
    ])
}

#[test]
fn mj_042_mj_043_mj_044_mj_045_mj_047_mj_048_mj_049_g_15_tv_mj_30_the_books_example() {
    let mut s = five();
    assert_eq!(
        current(&s),
        ix(&s, "PTT"),
        "level with Renault, more to the left"
    );
    assert_eq!(
        s.follower(ix(&s, "PTT")),
        Some(ix(&s, "Vandamme")),
        "MJ-042"
    );
    play(&mut s, mv(21, 0));
    assert_eq!(dial(&s, "PTT"), (5, 20));
    assert_eq!(at(&s, "Vandamme"), Some((18, 0)));
    assert_eq!(at(&s, "La Bonnal"), Some((17, 0)));
    assert_eq!(current(&s), ix(&s, "Vandamme"), "the follower plays next");
    play(&mut s, mv(20, 0));
    assert_eq!(dial(&s, "Vandamme"), (5, 20));
    assert_eq!(
        at(&s, "La Bonnal"),
        Some((18, 0)),
        "gained 2 cells without playing"
    );
    assert_eq!(current(&s), ix(&s, "La Bonnal"));
    assert_eq!(dial(&s, "La Bonnal"), (6, 20));
    assert_eq!(at(&s, "La Redoute"), Some((17, 2)));
    assert_eq!(at(&s, "Renault"), Some((18, 2)));
    // MJ-049: behind Vandamme again, or out sideways.
    let options = s.decisions(0);
    assert!(options.contains(&mv(19, 0)) && options.contains(&mv(18, 1)));
    play(&mut s, mv(19, 0));
    assert_eq!(dial(&s, "La Bonnal"), (6, 20), "nobody in his wheel");
    assert_eq!(current(&s), ix(&s, "Renault"));
    play(&mut s, mv(21, 2));
    assert_eq!(dial(&s, "Renault"), (5, 20));
    assert_eq!(at(&s, "La Redoute"), Some((18, 2)));
    assert_eq!(current(&s), ix(&s, "La Redoute"));
}

#[test]
fn mj_046_g_19_tv_mj_31_an_empty_dial_rolls_for_the_aspiration_unit() {
    for (dice, form, moved) in [
        (vec![1, 2], 7, true),
        (vec![3, 4], 10, true),
        (vec![3, 3], 10, false),
    ] {
        let mut s = stage_with(
            STAGE_1,
            vec![r("PTT", 18, 0).e(0).f(10), r("Vandamme", 17, 0).team(1)],
            Value::Null,
            dice,
        );
        let ev = play(&mut s, mv(21, 0));
        assert_eq!(dial(&s, "PTT"), (0, form));
        assert_eq!(at(&s, "PTT") == Some((21, 0)), moved);
        assert_eq!(
            at(&s, "Vandamme") == Some((18, 0)),
            moved,
            "the follower stays"
        );
        assert_eq!(
            ev.iter().any(|e| matches!(e, Event::LostTurn { .. })),
            !moved
        );
    }
}

#[test]
fn mj_047_g_14_tv_mj_32_a_line_of_four_moves_up() {
    let cards_json = cards(&[
        ("A", 3, 3, 3),
        ("B", 3, 3, 3),
        ("C", 3, 3, 3),
        ("D", 3, 3, 3),
    ]);
    let mut s = stage_with(
        STAGE_1,
        vec![
            r("A", 10, 0).team(0),
            r("B", 9, 0).team(1),
            r("C", 8, 0).team(2),
            r("D", 7, 0).team(3),
        ],
        json!({ "riders": cards_json }),
        vec![],
    );
    play(&mut s, mv(13, 0));
    assert_eq!(
        [at(&s, "B"), at(&s, "C"), at(&s, "D")],
        [Some((10, 0)), Some((9, 0)), Some((8, 0))]
    );
    assert_eq!(current(&s), ix(&s, "B"));
    play(&mut s, mv(12, 0));
    assert_eq!([at(&s, "C"), at(&s, "D")], [Some((10, 0)), Some((9, 0))]);
    assert_eq!(current(&s), ix(&s, "C"));
    play(&mut s, mv(11, 0));
    assert_eq!(
        at(&s, "D"),
        Some((10, 0)),
        "D gained 3 cells before his turn"
    );
    assert_eq!(current(&s), ix(&s, "D"));
    let e: Vec<u8> = ["A", "B", "C", "D"].iter().map(|c| dial(&s, c).0).collect();
    assert_eq!(e, vec![5, 5, 5, 6]);
}

#[test]
fn mj_051_mj_052_g_16_tv_mj_33_a_sideways_first_step_escapes_the_aspiration() {
    let setup = || {
        stage(vec![
            r("Renault", 18, 2).team(0),
            r("La Redoute", 17, 2).team(1),
        ])
    };
    let mut s = setup();
    play(
        &mut s,
        Choice::Move {
            to: Pos::new(20, 3),
            via: Some(3),
            escape: None,
        },
    );
    assert_eq!(dial(&s, "Renault"), (6, 20));
    assert_eq!(at(&s, "La Redoute"), Some((17, 2)));
    let mut s = setup();
    play(&mut s, mv(21, 3)); // diagonal to (19,3) first
    assert_eq!(dial(&s, "Renault"), (5, 20));
    assert_eq!(at(&s, "La Redoute"), Some((18, 2)));
}

#[test]
fn g_13_tv_mj_37_staying_put_pays_and_pulls_nothing() {
    let mut s = stage(vec![r("Renault", 18, 2), r("La Redoute", 17, 2).team(1)]);
    play(&mut s, Choice::Stay);
    assert_eq!(dial(&s, "Renault"), (6, 20));
    assert_eq!(at(&s, "La Redoute"), Some((17, 2)));
}

#[test]
fn mj_041_g_24_tv_mj_54_basic_rules_have_no_aspiration() {
    let mut s = stage_with(
        STAGE_1,
        vec![r("PTT", 18, 0), r("Vandamme", 17, 0).team(1)],
        json!({"level": "basic"}),
        vec![],
    );
    assert!(s.legal(0).iter().all(|c| !matches!(c, Choice::Pact { .. })));
    play(&mut s, mv(21, 0));
    assert_eq!(dial(&s, "PTT"), (6, 20));
    assert_eq!(at(&s, "Vandamme"), Some((17, 0)));
}

#[test]
fn g_14_g_25_tv_mj_38_a_rider_losing_his_turn_neither_pays_nor_pulls() {
    let mut s = stage_with(
        STAGE_1,
        vec![r("Renault", 5, 1), r("Vandamme", 4, 1).team(1)],
        Value::Null,
        vec![3, 3],
    );
    play(&mut s, plan(0, 1));
    play(&mut s, mv(8, 1)); // punctures at (7,1) after 2 normal cells
    assert_eq!(at(&s, "Renault"), Some((7, 1)));
    // Renault paid the aspiration unit and pulled Vandamme up to (5,1); Vandamme plays next
    // and settles in Renault's wheel.
    assert_eq!(at(&s, "Vandamme"), Some((5, 1)));
    play(&mut s, mv(6, 1));
    let energy = dial(&s, "Renault").0;
    // Round 2: Renault's turn comes and is skipped: he neither pays nor pulls.
    assert_eq!(current(&s), ix(&s, "Vandamme"));
    assert_eq!(dial(&s, "Renault").0, energy, "skipping pays nothing");
    assert_eq!(
        at(&s, "Vandamme"),
        Some((6, 1)),
        "the follower does not move up"
    );
}

// ---------------------------------------------------------------- décalage: the pact

/// TV-MJ-34's décalage diagram, on the climb.
fn pact_start(cards_json: Option<Value>, renault_energy: u8, dice: Vec<u8>) -> MaillotJaune {
    MaillotJaune::new(&pact_setup(cards_json, renault_energy, dice), 1).unwrap()
}

fn pact_setup(cards_json: Option<Value>, renault_energy: u8, dice: Vec<u8>) -> Setup {
    setup_of(
        STAGE_1,
        vec![
            r("La Bonnal", 16, 0).team(0),
            r("Vandamme", 17, 0).team(1),
            r("PTT", 18, 0).team(2),
            r("La Redoute", 17, 1).team(3),
            r("Renault", 18, 1).team(4).e(renault_energy),
        ],
        cards_json.map_or(Value::Null, |c| json!({ "riders": c })),
        dice,
    )
}

#[test]
fn mj_053_mj_054_mj_055_g_17_g_18_tv_mj_34_a_pact_with_the_rider_alongside() {
    let mut s = pact_start(None, 6, vec![]);
    assert_eq!(current(&s), ix(&s, "PTT"));
    let renault = ix(&s, "Renault");
    play(&mut s, Choice::Pact { partner: renault });
    // Renault's director is asked, and accepts.
    assert_eq!(s.to_play(), Some(4));
    play(&mut s, Choice::Answer { yes: true });
    play(&mut s, mv(21, 0));
    assert_eq!(dial(&s, "PTT"), (6, 20));
    assert_eq!(at(&s, "Vandamme"), Some((17, 0)));
    assert_eq!(at(&s, "La Bonnal"), Some((16, 0)));
    assert_eq!(current(&s), renault, "the partner plays next");
    assert_eq!(ends(&s, "Renault"), vec![(21, 1)], "only alongside PTT");
    assert!(!s.legal(4).contains(&Choice::Stay));
    play(&mut s, mv(21, 1));
    assert_eq!(dial(&s, "Renault"), (6, 20));
    assert_eq!(at(&s, "La Redoute"), Some((17, 1)));
    // Vandamme and La Redoute, side by side, may make the same pact.
    assert_eq!(current(&s), ix(&s, "Vandamme"));
    assert!(s.legal(1).contains(&Choice::Pact {
        partner: ix(&s, "La Redoute")
    }));
}

#[test]
fn g_17_a_pact_asked_of_another_director_awaits_his_answer_alone() {
    use commissaire_engine::registry::Game;
    let mut s = pact_start(None, 6, vec![]);
    assert!(!s.awaits_answer(), "PTT's own turn is no answer");
    let renault = ix(&s, "Renault");
    play(&mut s, Choice::Pact { partner: renault });
    assert!(s.awaits_answer(), "Renault's director is asked");
    play(&mut s, Choice::Answer { yes: true });
    assert!(!s.awaits_answer(), "PTT moves now, on a turn of his own");
    // The same through the registry, as the services hold a stage.
    use commissaire_engine::registry::{DynStage, Hosted};
    let mut hosted = Hosted::<MaillotJaune>::start(&pact_setup(None, 6, vec![]), 1).unwrap();
    assert!(!hosted.awaits_answer());
    hosted.apply(2, "p:4").unwrap();
    assert!(hosted.awaits_answer());
}

#[test]
fn g_17_a_refused_pact_is_not_asked_again_this_turn() {
    let mut s = pact_start(None, 6, vec![]);
    let renault = ix(&s, "Renault");
    play(&mut s, Choice::Pact { partner: renault });
    play(&mut s, Choice::Answer { yes: false });
    assert_eq!(current(&s), ix(&s, "PTT"));
    assert!(!s.legal(2).contains(&Choice::Pact { partner: renault }));
}

#[test]
fn mj_054_g_17_tv_mj_35_a_puncture_breaks_the_pact() {
    // PTT 3 stars on the climb, Renault 2, Renault's dial at 0.
    let c = cards(&[
        ("La Bonnal", 2, 1, 3),
        ("Vandamme", 1, 2, 3),
        ("PTT", 1, 3, 2),
        ("La Redoute", 3, 2, 1),
        ("Renault", 2, 2, 2),
    ]);
    let mut s = pact_start(Some(c), 0, vec![4, 4, 2, 5]);
    let renault = ix(&s, "Renault");
    play(&mut s, Choice::Pact { partner: renault });
    play(&mut s, Choice::Answer { yes: true });
    play(&mut s, mv(21, 0));
    assert_eq!(current(&s), renault);
    assert_eq!(
        s.plans(renault),
        vec![(0, 1)],
        "one risky cell to get alongside"
    );
    play(&mut s, plan(0, 1));
    let ev = play(&mut s, mv(21, 1));
    assert!(ev.iter().any(|e| matches!(e, Event::PactFailed { .. })));
    assert_eq!(at(&s, "Renault"), Some((20, 1)));
    assert_eq!(dial(&s, "PTT"), (5, 20));
    assert_eq!(at(&s, "Vandamme"), Some((18, 0)));
    assert_eq!(at(&s, "La Bonnal"), Some((17, 0)));
    assert_eq!(dial(&s, "Renault"), (0, 20), "(2,5) costs nothing");
    assert_eq!(at(&s, "La Redoute"), Some((18, 1)));
    assert!(s.riders[renault as usize].skip, "he skips his next turn");
}

// ---------------------------------------------------------------- help after a puncture

#[test]
fn mj_059_mj_060_g_22_tv_mj_36_help_moves_the_lost_turn_to_the_helper() {
    // X = Vandamme (flat 1) punctures; Y = Renault ends beside him and helps.
    let mut s = stage_with(
        STAGE_1,
        vec![r("Vandamme", 5, 1), r("Renault", 4, 3).team(1)],
        Value::Null,
        vec![3, 3],
    );
    play(&mut s, plan(0, 1));
    play(&mut s, mv(7, 1));
    assert_eq!(at(&s, "Vandamme"), Some((6, 1)));
    assert!(s.riders[0].skip);
    play(&mut s, mv(6, 2));
    assert_eq!(s.legal(1), vec![Choice::Help { rider: 0 }, Choice::NoHelp]);
    play(&mut s, Choice::Help { rider: 0 });
    assert!(!s.riders[0].skip && s.riders[1].skip);
    // Next round: Vandamme plays normally; Renault passes.
    assert_eq!(current(&s), ix(&s, "Vandamme"));
    play(&mut s, Choice::Stay);
    assert_eq!(current(&s), ix(&s, "Vandamme"), "Renault skipped");
}

#[test]
fn g_18_two_lanes_away_is_not_alongside() {
    let mut s = stage_with(
        STAGE_1,
        vec![r("Vandamme", 5, 0), r("Renault", 4, 3).team(1)],
        Value::Null,
        vec![3, 3],
    );
    play(&mut s, plan(0, 1));
    play(&mut s, mv(7, 0));
    play(&mut s, mv(6, 2));
    assert!(!s.legal(1).contains(&Choice::NoHelp), "no help offered");
}

// ---------------------------------------------------------------- setup and data

#[test]
fn mj_002_tv_mj_50_ten_riders_are_refused() {
    let c: Vec<(String, u8, u8, u8)> = (0..10).map(|k| (format!("C{k}"), 2, 2, 2)).collect();
    let names: Vec<&'static str> = c.iter().map(|x| &*x.0.clone().leak()).collect();
    let riders = names
        .iter()
        .enumerate()
        .map(|(k, n)| r(n, 1 + k as u16, 0))
        .collect();
    assert!(try_stage(STAGE_1, riders, Value::Null, vec![]).is_err());
}

#[test]
fn mj_010_mj_062_g_23_tv_mj_51_each_card_once_a_director_may_run_three() {
    let twice = try_stage(
        STAGE_1,
        vec![r("Renault", 1, 0), r("Renault", 2, 0).team(1)],
        Value::Null,
        vec![],
    );
    assert!(twice.unwrap_err().to_string().contains("already ridden"));
    let three = stage(vec![
        r("Renault", 1, 0),
        r("PTT", 2, 0),
        r("Agfa", 3, 0),
        r("Noël", 4, 0).team(1),
    ]);
    assert_eq!(three.riders.iter().filter(|x| x.seat == 0).count(), 3);
}

#[test]
fn mj_005_mj_023_mj_031_mj_032_tv_mj_42_the_dial_is_full_at_the_start_form_is_not() {
    // A rider ending stage 1 with E2 F13 starts stage 2 with E6 F13: the stage reads his
    // carried form, and fills his dial.
    let course = Arc::new(parse_course_toml(STAGE_2, "s2.toml").unwrap());
    let setup = Setup {
        course,
        teams: vec!["T".into()],
        riders: vec![Entrant {
            id: "Renault".into(),
            team: 0,
            start: None,
            attributes: json!({"card": "Renault", "form": 13, "minutes": 0, "overall": 1}),
        }],
        options: Value::Null,
        dice: vec![],
    };
    let s = MaillotJaune::new(&setup, 3).unwrap();
    assert_eq!(dial(&s, "Renault"), (6, 13));
}

#[test]
fn mj_006_mj_007_g_11_tv_mj_53_three_stages_of_two_stretches() {
    use commissaire_engine::course::Terrain::*;
    let mut tour = Vec::new();
    for (k, text) in [STAGE_1, STAGE_2, STAGE_3].iter().enumerate() {
        let c = parse_course_toml(text, "s.toml").unwrap();
        assert_eq!(c.finish_row(), 29, "the line after row 28");
        assert_eq!(c.run_out(), 14, "run-out of 14 rows");
        assert!((0..c.row_count()).all(|row| c.width(row) == 4), "G-02");
        tour.extend((1..=28).map(|row| c.terrain(row)));
        let next_first = [Uphill, Downhill, Flat][k];
        assert!((29..=42).all(|row| c.terrain(row) == next_first));
    }
    assert_eq!(tour.len(), 84);
    assert!(tour[..14].iter().all(|t| *t == Flat));
    assert!(tour[14..42].iter().all(|t| *t == Uphill));
    assert!(tour[42..70].iter().all(|t| *t == Downhill));
    assert!(tour[70..].iter().all(|t| *t == Flat));
    for t in [Flat, Uphill, Downhill] {
        assert_eq!(tour.iter().filter(|x| **x == t).count(), 28, "MJ-007");
    }
}

// ---------------------------------------------------------------- one legal-moves function

/// The escapes offered (read from the distances the search keeps) are exactly those with
/// somewhere to end (the moves themselves), in every position random legal play reaches.
#[test]
fn the_escapes_offered_are_those_with_a_move() {
    use commissaire_engine::games::maillot_jaune::bot::random_legal;
    use commissaire_engine::games::maillot_jaune::stage::Phase;
    for seed in 0..6u64 {
        let riders: Vec<R> = ["Renault", "PTT", "Agfa", "Noël", "La Bonnal", "Vandamme"]
            .iter()
            .enumerate()
            .map(|(i, c)| R {
                at: None,
                ..r(c, 0, 0).team(i as u8 % 3)
            })
            .collect();
        let course = [STAGE_1, STAGE_2, STAGE_3][seed as usize % 3];
        let mut s = stage_with(course, riders, Value::Null, vec![]);
        let mut n = seed;
        while !s.is_over() {
            n += 1;
            let seat = s.to_play().unwrap();
            if let Some(t) = &s.turn
                && t.phase == (Phase::Choose { plan: None })
            {
                let r = t.rider;
                let x = &s.riders[r as usize];
                let mut brute = Vec::new();
                for safe in 0..=x.energy {
                    for risky in 0..=4 {
                        if safe + risky > 0 && !s.moves(r, safe, risky).is_empty() {
                            brute.push((safe, risky));
                        }
                    }
                }
                if s.pact.is_none() {
                    assert_eq!(s.plans(r), brute, "seed {seed}, rider {r}");
                }
            }
            let options = s.legal(seat);
            let c = random_legal(&options, n);
            s.play(seat, &c).unwrap();
            assert!(n < seed + 20_000, "the stage never ends");
        }
    }
}

#[test]
fn the_sensible_bot_stays_put_when_every_cell_it_could_reach_is_taken() {
    // TV-MJ-34's pact diagram with (19, 0) and (19, 1) taken: PTT on (18, 0) has no cell to
    // ride to, and may still ask Renault, alongside, for a pact. The bot stays put; a pact
    // would only bind Renault to a rider who cannot move.
    let names = [
        "La Bonnal",
        "Vandamme",
        "PTT",
        "La Redoute",
        "Renault",
        "Peugeot",
        "Mercier",
    ];
    let list: Vec<(&str, u8, u8, u8)> = names.iter().map(|n| (*n, 2, 2, 2)).collect();
    let mut s = stage_with(
        STAGE_1,
        vec![
            r("La Bonnal", 16, 0).team(0),
            r("Vandamme", 17, 0).team(1),
            r("PTT", 18, 0).team(2),
            r("La Redoute", 17, 1).team(3),
            r("Renault", 18, 1).team(4),
            r("Peugeot", 19, 0).team(5),
            r("Mercier", 19, 1).team(5),
        ],
        json!({ "riders": cards(&list) }),
        vec![],
    );
    stay_until(&mut s, "PTT");
    assert!(ends(&s, "PTT").is_empty());
    let seat = s.to_play().unwrap();
    let legal = s.legal(seat);
    let renault = ix(&s, "Renault");
    assert!(
        legal.contains(&Choice::Pact { partner: renault }),
        "{legal:?}"
    );
    let c = commissaire_engine::games::maillot_jaune::bot::sensible(&s, seat, &legal);
    assert_eq!(c, Choice::Stay, "{legal:?}");
}

#[test]
fn mj_013_the_reach_counts_cells_from_the_rider_and_knows_none_it_cannot_reach() {
    // Renault, 2 stars on the flat, on (10, 1): one cell ahead is 1 away; his own cell and a
    // cell far up the road are no distance at all.
    let s = stage(vec![r("Renault", 10, 1)]);
    let reach = s.reach(ix(&s, "Renault"), None);
    assert_eq!(reach.distance(Pos::new(11, 1)), Some(1));
    assert_eq!(reach.distance(Pos::new(10, 1)), None, "where he stands");
    assert_eq!(reach.distance(Pos::new(40, 1)), None, "out of reach");
}

#[test]
fn g_23_a_team_of_dealt_riders_names_them_rider_rider_2_rider_3() {
    use commissaire_engine::games::maillot_jaune::game::roster;
    let labels: Vec<String> = roster(
        &[json!("rider"), json!("Rider"), json!("rider")],
        &Value::Null,
    )
    .unwrap()
    .into_iter()
    .map(|r| r.label)
    .collect();
    assert_eq!(labels, ["Rider", "Rider 2", "Rider 3"]);
    let one: Vec<String> = roster(&[], &Value::Null)
        .unwrap()
        .into_iter()
        .map(|r| r.label)
        .collect();
    assert_eq!(one, ["Rider"]);
}

#[test]
fn mj_the_post_of_a_round_is_its_phase() {
    // One post a round, edited as each rider plays: the phase is the round.
    use commissaire_engine::registry::Game;
    let mut s = stage(vec![r("Renault", 10, 1), r("PTT", 12, 1)]);
    assert_eq!(Game::phase(&s), Some(1));
    play(&mut s, Choice::Stay);
    assert_eq!(Game::phase(&s), Some(1));
    play(&mut s, Choice::Stay);
    assert_eq!(Game::phase(&s), Some(2));
}

#[test]
fn mj_052_g_16_a_decalage_that_starts_sideways_needs_the_cell_beside_free() {
    // MJ-052, G-16: the first method of décalage moves sideways first. Renault on (10, 1),
    // PTT on (10, 2): through lane 0 the way starts with the free cell beside him; through
    // lane 2 it would enter PTT's cell, and lane 3 is not beside him: no way at all.
    let s = stage(vec![r("Renault", 10, 1), r("PTT", 10, 2)]);
    let renault = ix(&s, "Renault");
    assert_eq!(s.reach(renault, Some(0)).distance(Pos::new(10, 0)), Some(1));
    assert_eq!(s.reach(renault, Some(0)).distance(Pos::new(11, 0)), Some(2));
    for lane in [2, 3] {
        let reach = s.reach(renault, Some(lane));
        for row in 10..=13 {
            for l in 0..4 {
                assert_eq!(
                    reach.distance(Pos::new(row, l)),
                    None,
                    "via {lane}: ({row}, {l})"
                );
            }
        }
    }
}

#[test]
fn mj_036_mj_043_a_rider_nobody_follows_may_spend_his_whole_dial_on_safe_cells() {
    // Renault alone on (5, 1) with 2 energy: his 2 stars and 2 safe cells take him 4 rows on.
    // Nobody is in his wheel, so no aspiration unit is owed on top of the 2 paid.
    let s = stage(vec![r("Renault", 5, 1).e(2)]);
    assert!(
        ends_with(&s, "Renault", 2, 0).contains(&(9, 1)),
        "{:?}",
        ends_with(&s, "Renault", 2, 0)
    );
}

#[test]
fn mj_036_a_refused_escape_names_what_is_wrong_with_it() {
    use commissaire_engine::games::maillot_jaune::tables::MAX_RISKY;
    // Renault has 1 energy: 3 safe cells with the longest risky part allowed are refused for
    // the energy, not for the risky part; one risky cell more is refused for its length.
    let s = stage(vec![r("Renault", 5, 1).e(1)]);
    let seat = s.to_play().unwrap();
    let plan = |safe, risky| Choice::Plan { safe, risky };
    assert_eq!(
        s.refusal(seat, &plan(3, MAX_RISKY)),
        MjError::NoEnergyForSafe {
            energy: 1,
            needed: 3
        }
    );
    assert_eq!(
        s.refusal(seat, &plan(0, MAX_RISKY + 1)),
        MjError::RiskyTooLong
    );
}

#[test]
fn mj_036_an_escape_within_the_dial_is_not_refused_for_the_energy() {
    // La Providence, boxed in on (10, 0) with 1 energy, may not escape: no cell lies at the
    // end of it. The refusal does not blame the dial: 1 safe cell is what she has.
    let mut s = stage(vec![
        r("La Providence", 10, 0).e(1),
        r("Renault", 10, 1),
        r("Vandamme", 11, 0),
        r("PTT", 11, 1),
    ]);
    stay_until(&mut s, "La Providence");
    let seat = s.to_play().unwrap();
    let plan = Choice::Plan { safe: 1, risky: 0 };
    assert!(!s.legal(seat).contains(&plan));
    assert_eq!(s.refusal(seat, &plan), MjError::NotNow);
}

/// The message a stage that cannot start gives.
fn refused(s: Result<MaillotJaune, commissaire_engine::registry::StartError>) -> String {
    match s {
        Ok(_) => panic!("the stage started"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn mj_001_a_given_face_no_d6_shows_is_refused_with_its_place_before_anything_is_played() {
    // Riders on the road: every roll is a d6 (MJ-001), the first draw is not made.
    let riders = || vec![r("Renault", 16, 1), r("PTT", 12, 0).team(1)];
    assert_eq!(
        refused(try_stage(STAGE_1, riders(), Value::Null, vec![3, 7])),
        r#"given roll 2 is 7, but a d6 shows 1 to 6: fix roll 2 of "dice""#
    );
    assert_eq!(
        refused(try_stage(STAGE_1, riders(), Value::Null, vec![0])),
        r#"given roll 1 is 0, but a d6 shows 1 to 6: fix roll 1 of "dice""#
    );
    // Faces the dice show start, and the risky escape reads them.
    let mut s = stage_with(STAGE_1, riders(), Value::Null, vec![6, 1]);
    play(&mut s, plan(0, 2));
    let events = play(&mut s, mv(21, 1));
    assert_eq!(
        rolls(&events),
        [(Pair { a: 6, b: 1 }, Price::Cost(0), Why::Risky)]
    );
}

#[test]
fn mj_011_mj_001_the_first_draw_has_a_face_a_rider_then_every_roll_is_a_d6() {
    let behind = |c| R {
        at: None,
        ..r(c, 0, 0)
    };
    let nine = || {
        [
            "Renault",
            "La Providence",
            "La Bonnal",
            "Vandamme",
            "PTT",
            "La Redoute",
            "Agfa",
            "Noël",
            "Rider 9",
        ]
        .into_iter()
        .enumerate()
        .map(|(k, c)| behind(c).team(k as u8))
        .collect::<Vec<_>>()
    };
    // Nine riders: the draw is a d9, so a 9 is a face; the next roll is a d6 again.
    let s = stage_with(STAGE_1, nine(), Value::Null, vec![9, 6]);
    assert_eq!(s.order[0], 8, "the 9 draws the ninth rider");
    assert_eq!(
        refused(try_stage(STAGE_1, nine(), Value::Null, vec![9, 7])),
        r#"given roll 2 is 7, but a d6 shows 1 to 6: fix roll 2 of "dice""#
    );
    // Two riders: a d2.
    assert_eq!(
        refused(try_stage(
            STAGE_1,
            vec![behind("Renault"), behind("PTT").team(1)],
            Value::Null,
            vec![3]
        )),
        r#"given roll 1 is 3, but a d2 shows 1 to 2: fix roll 1 of "dice""#
    );
}

/// A stage whose one rider has these attributes.
fn with_attributes(
    attributes: Value,
) -> Result<MaillotJaune, commissaire_engine::registry::StartError> {
    let mut setup = setup_of(STAGE_1, vec![r("Renault", 16, 1)], Value::Null, vec![]);
    setup.riders[0].attributes = attributes;
    MaillotJaune::new(&setup, 1)
}

#[test]
fn mj_005_an_energy_or_a_form_out_of_its_range_is_refused_naming_the_field_and_the_range() {
    assert_eq!(
        refused(with_attributes(json!({"card": "Renault", "energy": 7}))),
        "rider 'Renault': `energy` is 7, but the energy dial runs from 0 to 6: give 0 to 6"
    );
    assert_eq!(
        refused(with_attributes(json!({"card": "Renault", "form": 25}))),
        "rider 'Renault': `form` is 25, but form runs from 0 to 20: give 0 to 20"
    );
    assert_eq!(
        refused(with_attributes(json!({"card": "Renault", "energy": -1}))),
        "rider 'Renault': `energy` is -1, but the energy dial runs from 0 to 6: give 0 to 6"
    );
    assert_eq!(
        refused(with_attributes(json!({"card": "Renault", "form": 300}))),
        "rider 'Renault': `form` is 300, but form runs from 0 to 20: give 0 to 20"
    );
    let wrong_type = refused(with_attributes(
        json!({"card": "Renault", "energy": "full"}),
    ));
    assert!(
        wrong_type.starts_with("rider 'Renault': energy: invalid type"),
        "{wrong_type}"
    );
    // The ends of each range are taken as given, and left out the dial is 6, form 20.
    for (attributes, expected) in [
        (json!({"energy": 6, "form": 20}), (6, 20)),
        (json!({"energy": 0, "form": 0}), (0, 0)),
        (json!({"card": "Renault"}), (6, 20)),
    ] {
        let s = with_attributes(attributes.clone()).unwrap();
        assert_eq!(dial(&s, "Renault"), expected, "{attributes}");
    }
}

// ---------------------------------------------------------------- a move in steps

fn escape_to(safe: u8, risky: u8, row: u16, lane: u8) -> Choice {
    Choice::Move {
        to: Pos::new(row, lane),
        via: None,
        escape: Some((safe, risky)),
    }
}

#[test]
fn a_move_is_offered_in_steps_how_far_then_which_cell() {
    // La Providence, 3 stars on the flat, on (1, 1) of an empty road, 6 energy: her fifteen
    // cells (MJ-016) and thirty-four escapes do not fit one set of buttons. First how far: 3,
    // 2 or 1 cells, staying, an escape of 1 to 10 cells past her stars (the last, 6 safe and
    // 4 risky, has one way to pay and is offered as it is).
    let mut s = stage(vec![r("La Providence", 1, 1)]);
    let mut first = vec![
        Choice::Ride { cells: 3 },
        Choice::Ride { cells: 2 },
        Choice::Ride { cells: 1 },
        Choice::Stay,
    ];
    first.extend((1..=9).map(|cells| Choice::Escape { cells }));
    first.push(plan(6, 4));
    assert_eq!(s.legal(0), first);
    // Two cells away: (1,3) sideways twice, (2,3) and the four cells of row 3.
    play(&mut s, Choice::Ride { cells: 2 });
    let mut two = s.legal(0);
    assert_eq!(two.pop(), Some(Choice::Back));
    let mut cells: Vec<(u16, u8)> = two
        .iter()
        .map(|c| match c {
            Choice::Move {
                to,
                via: None,
                escape: None,
            } => (to.row, to.lane),
            other => panic!("{other:?} is not a cell two away"),
        })
        .collect();
    cells.sort();
    assert_eq!(cells, [(1, 3), (2, 3), (3, 0), (3, 1), (3, 2), (3, 3)]);
    // Back to how far changes nothing on the road; then the cell is ridden.
    play(&mut s, Choice::Back);
    assert_eq!(s.legal(0), first);
    play(&mut s, Choice::Ride { cells: 2 });
    let ev = play(&mut s, mv(3, 0));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved { cells: 2, .. }))
    );
    assert_eq!(at(&s, "La Providence"), Some((3, 0)));
}

#[test]
fn mj_034_an_escape_is_offered_in_steps_how_far_how_paid_then_which_cell() {
    // Renault, 2 stars on the flat, on (5, 1) with a full dial: an escape of 2 cells past his
    // stars is paid all safe, 1 and 1, or all risky; then its cells, 4 away.
    let mut s = renault(6, 20, vec![1, 1]);
    play(&mut s, Choice::Escape { cells: 2 });
    assert_eq!(
        s.legal(0),
        [plan(2, 0), plan(1, 1), plan(0, 2), Choice::Back]
    );
    play(&mut s, plan(1, 1));
    let cells = s.legal(0);
    assert!(cells.contains(&escape_to(1, 1, 9, 1)), "{cells:?}");
    assert_eq!(cells.last(), Some(&Choice::Back));
    assert!(
        cells[..cells.len() - 1].iter().all(|c| matches!(
            c,
            Choice::Move {
                escape: Some((1, 1)),
                ..
            }
        )),
        "{cells:?}"
    );
    // The safe cell costs 1 energy; a pair of ones costs nothing for one risky cell (MJ-030's
    // row reads 1 for two).
    play(&mut s, escape_to(1, 1, 9, 1));
    assert_eq!(at(&s, "Renault"), Some((9, 1)));
    assert_eq!(dial(&s, "Renault"), (5, 20));
}

#[test]
fn a_step_of_one_option_is_not_asked() {
    // Vandamme, 1 star on the flat, on (10, 0) behind two riders: (10, 1) is his one cell
    // within his stars, offered as it is; with an empty dial the one way to pay an escape is
    // risky, offered as it is too (MJ-021).
    let mut s = stage(vec![
        r("PTT", 11, 0).team(1),
        r("Agfa", 11, 1).team(1),
        r("Vandamme", 10, 0).e(0),
    ]);
    stay_until(&mut s, "Vandamme");
    let seat = s.to_play().unwrap();
    let legal = s.legal(seat);
    assert_eq!(legal[0], mv(10, 1), "{legal:?}");
    assert!(legal.contains(&plan(0, 1)), "{legal:?}");
    assert!(!legal.contains(&Choice::Ride { cells: 1 }), "{legal:?}");
    assert!(!legal.contains(&Choice::Escape { cells: 1 }), "{legal:?}");
    // Asked anyway, the step is refused and nothing changes.
    let before = s.clone();
    assert_eq!(
        s.play(seat, &Choice::Ride { cells: 1 }),
        Err(MjError::NotNow)
    );
    assert_eq!(
        s.play(seat, &Choice::Escape { cells: 1 }),
        Err(MjError::NotNow)
    );
    assert_eq!(s, before);
}

#[test]
fn a_whole_move_is_legal_at_every_step() {
    // Typed in full (`/play`), a move names its escape: it is played at the first step, or
    // from a step on the way to another move, as the steps would have played it.
    let mut s = renault(6, 20, vec![1, 1]);
    assert!(s.decisions(0).contains(&escape_to(1, 1, 9, 1)));
    play(&mut s, Choice::Ride { cells: 1 });
    play(&mut s, escape_to(1, 1, 9, 1));
    assert_eq!(at(&s, "Renault"), Some((9, 1)));
    assert_eq!(
        dial(&s, "Renault"),
        (5, 20),
        "1 safe, and the ones' risky cell free"
    );
    // A move within the stars, from the ways to pay an escape.
    let mut s = renault(6, 20, vec![]);
    play(&mut s, Choice::Escape { cells: 2 });
    play(&mut s, mv(7, 1));
    assert_eq!(at(&s, "Renault"), Some((7, 1)));
    assert_eq!(dial(&s, "Renault"), (6, 20));
}

#[test]
fn a_step_too_far_is_refused_with_its_range() {
    let mut s = renault(6, 20, vec![]);
    let before = s.clone();
    assert_eq!(
        s.play(0, &Choice::Ride { cells: 3 }),
        Err(MjError::BeyondStars { cells: 3, stars: 2 })
    );
    assert_eq!(
        s.play(0, &Choice::Ride { cells: 0 }),
        Err(MjError::BeyondStars { cells: 0, stars: 2 })
    );
    assert_eq!(
        s.play(0, &Choice::Escape { cells: 11 }),
        Err(MjError::EscapeTooLong {
            cells: 11,
            most: 10
        })
    );
    assert_eq!(
        s.play(0, &Choice::Escape { cells: 0 }),
        Err(MjError::EscapeTooLong { cells: 0, most: 10 })
    );
    assert_eq!(
        s.play(0, &escape_to(0, 5, 12, 1)),
        Err(MjError::RiskyTooLong)
    );
    assert_eq!(
        s.play(0, &escape_to(7, 0, 14, 1)),
        Err(MjError::NoEnergyForSafe {
            energy: 6,
            needed: 7
        })
    );
    assert_eq!(
        s.play(0, &escape_to(1, 0, 14, 1)),
        Err(MjError::Unreachable)
    );
    assert_eq!(s, before);
    // A distance with no free cell, an escape with none at its end.
    let mut s = stage(vec![
        r("Vandamme", 10, 0).e(0),
        r("PTT", 11, 0).team(1),
        r("Agfa", 11, 1).team(1),
        r("Noël", 10, 1).team(1),
    ]);
    stay_until(&mut s, "Vandamme");
    let seat = s.to_play().unwrap();
    assert_eq!(
        s.play(seat, &Choice::Ride { cells: 1 }),
        Err(MjError::NoCellThatFar { cells: 1 })
    );
    assert_eq!(
        s.play(seat, &Choice::Escape { cells: 1 }),
        Err(MjError::NoCellThatFar { cells: 2 })
    );
}

/// Every whole decision a step's options lead to, walking them on copies of the stage.
fn walked(s: &MaillotJaune, seat: u8, out: &mut Vec<Choice>) {
    for c in s.legal(seat) {
        match c {
            Choice::Ride { .. } | Choice::Escape { .. } | Choice::Plan { .. } => {
                let mut next = s.clone();
                next.play(seat, &c).unwrap();
                walked(&next, seat, out);
            }
            Choice::Back => {}
            whole => out.push(whole),
        }
    }
}

/// The steps are views onto the one legal-moves function: in every position random and
/// sensible play reach, the moves the steps lead to are exactly the whole decisions, each
/// once, and the bot's pick is always one of the step's options.
#[test]
fn the_steps_lead_to_every_whole_decision_and_only_to_them() {
    use commissaire_engine::games::maillot_jaune::bot::{random_legal, sensible};
    use commissaire_engine::games::maillot_jaune::stage::Phase;
    for seed in 0..4u64 {
        let riders: Vec<R> = ["Renault", "PTT", "Agfa", "Noël", "La Bonnal", "Vandamme"]
            .iter()
            .enumerate()
            .map(|(i, c)| R {
                at: None,
                ..r(c, 0, 0).team(i as u8 % 3)
            })
            .collect();
        let course = [STAGE_1, STAGE_2, STAGE_3][seed as usize % 3];
        let mut s = stage_with(course, riders, Value::Null, vec![]);
        let mut n = seed;
        while !s.is_over() {
            n += 1;
            let seat = s.to_play().unwrap();
            let options = s.legal(seat);
            if s.turn.as_ref().unwrap().phase == (Phase::Choose { plan: None }) {
                let mut reached = Vec::new();
                walked(&s, seat, &mut reached);
                let mut whole = s.decisions(seat);
                let key = |c: &Choice| format!("{c:?}");
                reached.sort_by_key(key);
                whole.sort_by_key(key);
                assert_eq!(reached, whole, "seed {seed}, choice {n}");
                assert!(options.len() <= 25, "{options:?}");
            }
            let c = if seed % 2 == 0 {
                random_legal(&options, n)
            } else {
                sensible(&s, seat, &options)
            };
            assert!(options.contains(&c), "{c:?} is not among {options:?}");
            s.play(seat, &c).unwrap();
            assert!(n < seed + 20_000, "the stage never ends");
        }
    }
}

#[test]
fn a_rider_is_named_by_his_card_with_his_team_where_it_helps() {
    // Riders keyed otherwise (a tour entered before riders were named by their cards, a
    // scenario): every sentence and option names them by the card they ride.
    let course = Arc::new(parse_course_toml(STAGE_1, "test.toml").unwrap());
    let entrant = |id: &str, team: u8, card: &str, row: u16, lane: u8| Entrant {
        id: id.into(),
        team,
        start: Some(Pos::new(row, lane)),
        attributes: json!({ "card": card }),
    };
    let setup = Setup {
        course,
        teams: vec!["Jaunes".into(), "Verts".into()],
        riders: vec![
            entrant("Jaunes Rider", 0, "Renault", 18, 2),
            entrant("Verts Rider", 1, "La Redoute", 18, 1),
        ],
        options: Value::Null,
        dice: vec![],
    };
    use commissaire_engine::registry::Game;
    let mut s = MaillotJaune::new(&setup, 1).unwrap();
    assert_eq!(s.name(0), "Renault");
    let seat = s.to_play().unwrap();
    let rider = s.turn.as_ref().unwrap().rider;
    assert_eq!(
        s.name(rider),
        "La Redoute",
        "level riders: the priority lane first"
    );
    let (group, label) = s.label(&Choice::Pact { partner: 0 });
    assert_eq!(&*group, "La Redoute");
    assert_eq!(&*label, "Pact with Renault (Jaunes)");
    let brief = s.brief(seat);
    assert!(
        brief[0].text.starts_with("La Redoute: energy 6/6"),
        "{brief:?}"
    );
    let ev = s.play(seat, &mv(20, 1)).unwrap();
    let told: Vec<String> = s
        .narrate(&ev, commissaire_engine::game::Viewer::Public)
        .iter()
        .map(|t| t.text.clone())
        .collect();
    assert!(
        told.contains(&"La Redoute rides 2 cells, 9 rows from the line.".to_string()),
        "{told:?}"
    );
    assert_eq!(
        s.situation()[0].text,
        "La Redoute (Verts) leads the race, 9 rows from the line."
    );
    // The tour still knows him by his key.
    assert_eq!(s.riders[1].name, "Verts Rider");
}

/// The sensible bot plays `card`'s whole turn (every step of his move).
fn bot_rides(s: &mut MaillotJaune, card: &str) {
    use commissaire_engine::games::maillot_jaune::bot::sensible;
    let r = ix(s, card);
    assert_eq!(current(s), r);
    for _ in 0..8 {
        let seat = s.to_play().unwrap();
        let legal = s.legal(seat);
        let c = sensible(s, seat, &legal);
        play(s, c);
        if s.turn.as_ref().is_none_or(|t| t.rider != r) {
            return;
        }
    }
    panic!("{card}'s turn never ended");
}

#[test]
fn the_sensible_bot_crosses_the_line_with_the_least_safe_escape_that_does_it() {
    // Renault, 1 star on the climb, on (26, 0): the line is 3 cells away. A safe escape of 2
    // crosses it; he pays those 2 energy and keeps 4 (not 3, nor the 6 of the longest escape).
    let list = [("Renault", 1, 1, 1), ("PTT", 1, 1, 1)];
    let mut s = stage_with(
        STAGE_1,
        vec![r("Renault", 26, 0), r("PTT", 5, 0).team(1)],
        json!({ "riders": cards(&list) }),
        vec![],
    );
    stay_until(&mut s, "Renault");
    bot_rides(&mut s, "Renault");
    assert_eq!(at(&s, "Renault").map(|p| p.0), Some(29));
    assert_eq!(dial(&s, "Renault"), (4, 20));
}

#[test]
fn the_sensible_bot_spends_its_energy_in_the_stretch_to_the_line() {
    // Renault, 1 star on the climb, on (16, 0): the line is out of reach today, and the
    // stretch he rides runs to the line, where energy left is lost (MJ-023). He escapes the
    // longest safe way, 6 cells past his star: (23, 0), energy 0.
    let list = [("Renault", 1, 1, 1), ("PTT", 1, 1, 1)];
    let mut s = stage_with(
        STAGE_1,
        vec![r("Renault", 16, 0), r("PTT", 5, 0).team(1)],
        json!({ "riders": cards(&list) }),
        vec![],
    );
    stay_until(&mut s, "Renault");
    bot_rides(&mut s, "Renault");
    assert_eq!(at(&s, "Renault").map(|p| p.0), Some(23));
    assert_eq!(dial(&s, "Renault").0, 0);
}

#[test]
fn the_sensible_bot_keeps_its_energy_before_the_last_stretch() {
    // The same rider on the flat, (5, 0), with the climb and the line two stretches away: he
    // rides his stars and keeps his energy.
    let list = [("Renault", 1, 1, 1), ("PTT", 1, 1, 1)];
    let mut s = stage_with(
        STAGE_1,
        vec![r("Renault", 5, 0), r("PTT", 2, 0).team(1)],
        json!({ "riders": cards(&list) }),
        vec![],
    );
    stay_until(&mut s, "Renault");
    bot_rides(&mut s, "Renault");
    assert_eq!(at(&s, "Renault").map(|p| p.0), Some(6));
    assert_eq!(dial(&s, "Renault").0, 6);
}

/// MJ-058: the director whose rider is to play reads the risky-escape table in his brief, roll
/// by roll ("P" where the roll punctures); a director waiting for his turn reads only his
/// riders' dials.
#[test]
fn mj_058_the_director_to_play_reads_the_risky_escape_prices() {
    use commissaire_engine::registry::Game;
    let s = stage(vec![r("Renault", 5, 0), r("PTT", 3, 0).team(1)]);
    let seat = s.to_play().unwrap();
    let waiting = s
        .riders
        .iter()
        .map(|x| x.seat)
        .find(|&x| x != seat)
        .unwrap();
    let prices = |seat| {
        s.brief(seat)
            .into_iter()
            .filter(|t| t.id == "mj-brief-prices")
            .map(|t| t.text)
            .collect::<Vec<_>>()
    };
    let mine = prices(seat);
    assert_eq!(mine.len(), 1, "{mine:?}");
    assert!(
        mine[0].starts_with("Risky escape, cost for 1/2/3/4 cells by roll (P: puncture): "),
        "{}",
        mine[0]
    );
    assert!(
        mine[0].contains('P') && mine[0].contains(" · "),
        "{}",
        mine[0]
    );
    assert_eq!(prices(waiting), Vec::<String>::new());
}

/// An option names its cell by the letter the board shows there, and only while the board
/// letters it: the cells within his stars while he chooses, the cells of the escape he
/// announced once he has; a move typed in full to another kind of cell says what it is.
#[test]
fn a_move_is_named_by_the_letter_the_board_shows_only_while_it_shows_it() {
    use commissaire_engine::registry::Game;
    let mut s = stage(vec![r("Renault", 5, 0), r("PTT", 3, 0).team(1)]);
    let label = |s: &MaillotJaune, to: Pos, escape: Option<(u8, u8)>| {
        s.label(&Choice::Move {
            to,
            via: None,
            escape,
        })
        .1
        .to_string()
    };
    let (a, first) = s.letters()[0];
    assert_eq!(first, 'A');
    // Item 9 of issue 33: the rows to go, as the board counts them, never the cell's id.
    let to_go = s.course.rows_to_line(a.row);
    assert!(to_go > 1);
    assert_eq!(
        label(&s, a, None),
        format!("Ride to A ({to_go} rows from the line)")
    );
    // A distance chosen: its cells keep their letters.
    let mut far = s.clone();
    let ride = far
        .legal(far.to_play().unwrap())
        .into_iter()
        .find(|c| matches!(c, Choice::Ride { .. }))
        .unwrap();
    play(&mut far, ride);
    let (c, letter) = far.letters()[0];
    let ridden = label(&far, c, None);
    assert!(
        ridden.starts_with(&format!("Ride to {letter} (")),
        "{ridden}"
    );
    // An escape not yet announced: the board letters no cell of it.
    let escaping = label(&s, a, Some((0, 2)));
    assert!(
        escaping.starts_with("Escape +2 (0 safe, 2 risky) to "),
        "{escaping}"
    );
    // Announced: its cells are lettered, and only for that escape.
    play(&mut s, plan(0, 2));
    let (b, letter) = s.letters()[0];
    let announced = label(&s, b, Some((0, 2)));
    assert!(
        announced.starts_with(&format!("Ride to {letter} (")),
        "{announced}"
    );
    let other = label(&s, b, Some((1, 1)));
    assert!(
        other.starts_with("Escape +2 (1 safe, 1 risky) to "),
        "{other}"
    );
}

/// G-17: a pact asked is answered by the partner's director, so the answer's options are
/// grouped under the partner, and say whose pact it is.
#[test]
fn g_17_the_answer_to_a_pact_is_the_partners_option() {
    use commissaire_engine::registry::Game;
    let mut s = pact_start(None, 6, vec![]);
    let renault = ix(&s, "Renault");
    play(&mut s, Choice::Pact { partner: renault });
    let (group, label) = s.label(&Choice::Answer { yes: true });
    assert_eq!(&*group, "Renault");
    assert!(label.starts_with("Accept the pact of PTT ("), "{label}");
    let (group, label) = s.label(&Choice::Answer { yes: false });
    assert_eq!(&*group, "Renault");
    assert!(label.starts_with("Refuse the pact of PTT ("), "{label}");
}

/// Every kind of choice survives its key (a button's id, a `/play` value, a scenario's
/// `choose`): what is keyed is what is parsed back.
#[test]
fn every_choice_is_read_back_from_its_key() {
    use commissaire_engine::registry::Game;
    let s = stage(vec![r("Renault", 5, 0), r("PTT", 3, 0).team(1)]);
    let to = Pos::new(9, 2);
    let choices = [
        Choice::Stay,
        Choice::Move {
            to,
            via: None,
            escape: None,
        },
        Choice::Move {
            to,
            via: Some(1),
            escape: None,
        },
        Choice::Move {
            to,
            via: None,
            escape: Some((1, 2)),
        },
        Choice::Move {
            to,
            via: Some(3),
            escape: Some((0, 4)),
        },
        Choice::Ride { cells: 7 },
        Choice::Escape { cells: 3 },
        Choice::Plan { safe: 2, risky: 1 },
        Choice::Back,
        Choice::Pact { partner: 1 },
        Choice::Answer { yes: true },
        Choice::Answer { yes: false },
        Choice::Help { rider: 1 },
        Choice::NoHelp,
    ];
    for c in choices {
        let key = s.key(&c);
        assert_eq!(s.parse_key(key.as_str()), Some(c.clone()), "{key:?}");
    }
}

/// A whole move (as `/play` takes one typed in full, and as the bot decides) is reached step
/// by step: `lead` names the step towards it, the distance, then the escape and its payment,
/// and once offered the move itself.
#[test]
fn a_whole_move_is_led_to_step_by_step() {
    let mut s = stage(vec![r("Renault", 5, 0).e(3), r("PTT", 3, 0).team(1)]);
    let seat = s.to_play().unwrap();
    let r = current(&s);
    assert_eq!(s.lead(seat, &Choice::Stay), Some(Choice::Stay));
    assert_eq!(s.lead(seat, &Choice::Pact { partner: 1 }), None);
    // Within his stars: the distance first, then the cell.
    let whole = s.moves(r, 0, 0).pop().unwrap();
    let step = s.lead(seat, &whole).unwrap();
    assert!(matches!(step, Choice::Ride { .. }), "{step:?}");
    let mut ridden = s.clone();
    play(&mut ridden, step);
    assert_eq!(ridden.lead(seat, &whole), Some(whole.clone()));
    // An escape of one safe and one risky cell: two cells past his stars, then how it is
    // paid, then the cell.
    let whole = s
        .moves(r, 1, 1)
        .into_iter()
        .find(|c| matches!(c, Choice::Move { via: None, .. }))
        .unwrap();
    assert_eq!(s.lead(seat, &whole), Some(Choice::Escape { cells: 2 }));
    play(&mut s, Choice::Escape { cells: 2 });
    let pay = Choice::Plan { safe: 1, risky: 1 };
    assert_eq!(s.lead(seat, &whole), Some(pay.clone()));
    play(&mut s, pay);
    assert_eq!(s.lead(seat, &whole), Some(whole.clone()));
}

/// Near the finish the options count down as the board does: "1 row from the line", then
/// "at the line" for the cells on it.
#[test]
fn the_options_near_the_finish_count_down_to_the_line() {
    use commissaire_engine::registry::Game;
    let probe = stage(vec![r("Renault", 5, 0), r("PTT", 3, 0).team(1)]);
    let line = (1..400u16)
        .find(|&row| probe.course.rows_to_line(row) == 0)
        .unwrap();
    let s = stage(vec![
        r("Renault", line - 3, 0),
        r("PTT", line - 5, 0).team(1),
    ]);
    assert_eq!(current(&s), ix(&s, "Renault"), "the front rider opens");
    let labels: Vec<String> = s
        .letters()
        .into_iter()
        .map(|(to, _)| {
            let label = s.label(&Choice::Move {
                to,
                via: None,
                escape: None,
            });
            label.1.to_string()
        })
        .collect();
    assert!(
        labels.iter().any(|l| l.ends_with(" (at the line)")),
        "{labels:?}"
    );
    assert!(
        labels.iter().any(|l| l.ends_with(" (1 row from the line)")),
        "{labels:?}"
    );
}

/// A wall of riders across the road one cell past an escape of one: the escape of one is
/// offered, none longer, and asking for two is refused as a distance with no cell (not as too
/// long, since the dial and the four risky cells would allow it).
#[test]
fn an_escape_with_no_cell_at_its_length_is_refused_as_such() {
    let probe = renault(6, 20, vec![]);
    let stars = probe.allowance(0);
    let wall = 5 + u16::from(stars) + 2;
    let mut s = stage(vec![
        r("Renault", 5, 1).e(1),
        r("PTT", wall, 0).team(1),
        r("Agfa", wall, 1).team(1),
        r("Noël", wall, 2).team(1),
        r("Vandamme", wall, 3).team(1),
    ]);
    stay_until(&mut s, "Renault");
    let seat = s.to_play().unwrap();
    let lengths: Vec<u8> = s
        .plans(ix(&s, "Renault"))
        .iter()
        .map(|p| p.0 + p.1)
        .collect();
    assert!(lengths.contains(&1), "{lengths:?}");
    assert!(!lengths.contains(&2), "{lengths:?}");
    assert_eq!(
        s.play(seat, &Choice::Escape { cells: 2 }),
        Err(MjError::NoCellThatFar { cells: stars + 2 })
    );
    // Five cells is the most his dial (1) and the risky four allow: refused for want of a
    // cell, not for its length; six is too long.
    assert_eq!(
        s.play(seat, &Choice::Escape { cells: 5 }),
        Err(MjError::NoCellThatFar { cells: stars + 5 })
    );
    assert_eq!(
        s.play(seat, &Choice::Escape { cells: 6 }),
        Err(MjError::EscapeTooLong { cells: 6, most: 5 })
    );
}

/// A whole move typed in full (`/play`, a scenario's `to`) is legal at the first step, though
/// the step offers distances; an "escape" of no cell at all is not an escape.
#[test]
fn a_move_typed_in_full_is_ridden_and_an_empty_escape_refused() {
    let mut s = renault(6, 20, vec![]);
    let whole = s
        .moves(0, 0, 0)
        .into_iter()
        .find(|c| matches!(c, Choice::Move { via: None, .. }) && !s.legal(0).contains(c))
        .unwrap();
    let Choice::Move { to, .. } = whole else {
        unreachable!()
    };
    let mut empty = s.clone();
    assert_eq!(
        empty.play(
            0,
            &Choice::Move {
                to,
                via: None,
                escape: Some((0, 0)),
            }
        ),
        Err(MjError::Unreachable)
    );
    play(&mut s, whole);
    assert_eq!(at(&s, "Renault"), Some((to.row, to.lane)));
}

/// MJ-021, MJ-026: once an escape of two cells is chosen, only a way to pay two cells is
/// taken: not one of another length, nor five risky cells however far the road runs.
#[test]
fn mj_026_an_escape_is_paid_for_its_own_length_only() {
    let mut s = renault(6, 20, vec![]);
    play(&mut s, Choice::Escape { cells: 2 });
    let before = s.clone();
    assert!(s.play(0, &plan(1, 0)).is_err());
    assert!(s.play(0, &plan(0, 5)).is_err());
    assert_eq!(s, before);
    play(&mut s, plan(1, 1));
}
