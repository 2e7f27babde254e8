//! Velo Master at Débutant, clause by clause (VM-xxx) and test vector by test vector (TV-xx) of
//! our conformance table. Each test sets a situation up on a small board with known dice and
//! checks what the referee does.
//!
//! Unless a test says otherwise the board is the table's: an aligned grid of three files
//! (lanes 0, 1, 2), a cell written (level, file) = (row, lane), row 0 the first level.

use commissaire_engine::course::{Course, Pos, parse_course_toml};
use commissaire_engine::game::Seat;
use commissaire_engine::games::velo_master::{Choice, Event, Spot, VeloMaster};
use commissaire_engine::registry::{Entrant, Setup};
use serde_json::{Value, json};
use std::sync::Arc;

/// A three-file grid: one entry row, then `runs` of (terrain, length), then the line and three
/// run-out rows; `extra` is added to the file (danger cells, climbs).
fn grid(runs: &[(&str, usize)], extra: &str) -> Arc<Course> {
    let mut text = String::from(
        "name = \"Test\"\nlanes = 3\n[[segment]]\nterrain = \"flat\"\nlength = 1\nstart = true\n",
    );
    for (terrain, length) in runs {
        text.push_str(&format!(
            "[[segment]]\nterrain = \"{terrain}\"\nlength = {length}\n"
        ));
    }
    text.push_str("[[segment]]\nterrain = \"flat\"\nlength = 3\nfinish = true\n");
    // `extra` holds top-level keys, so it goes before the first table.
    let text = format!("{extra}\n{text}");
    Arc::new(parse_course_toml(&text, "test.toml").unwrap_or_else(|e| panic!("{e}")))
}

/// Flat: the line lies before row `len + 1`.
fn flat(len: usize) -> Arc<Course> {
    grid(&[("flat", len)], "")
}

struct R<'a> {
    id: &'a str,
    team: Seat,
    leader: bool,
    at: Option<(u16, u8)>,
}

fn r(id: &str, team: Seat, leader: bool, at: (u16, u8)) -> R<'_> {
    R {
        id,
        team,
        leader,
        at: Some(at),
    }
}

fn setup(course: Arc<Course>, riders: &[R], dice: &[u8], options: Value) -> Setup {
    let teams = riders.iter().map(|r| r.team).max().unwrap() as usize + 1;
    Setup {
        course,
        teams: (0..teams).map(|t| format!("Team {t}")).collect(),
        riders: riders
            .iter()
            .map(|r| Entrant {
                id: r.id.into(),
                team: r.team,
                start: r.at.map(|(row, lane)| Pos::new(row, lane)),
                attributes: json!({"role": if r.leader { "leader" } else { "team-mate" }}),
            })
            .collect(),
        options,
        dice: dice.to_vec(),
    }
}

fn race(course: Arc<Course>, riders: &[R], dice: &[u8]) -> VeloMaster {
    VeloMaster::new(&setup(course, riders, dice, Value::Null), 1).unwrap_or_else(|e| panic!("{e}"))
}

/// Two teams: team 0's leader L0 and team-mate T0 where given, team 1 far behind (rows 1-2,
/// lanes 0 and 2) so that team 0 plays first.
fn duel(course: Arc<Course>, l0: (u16, u8), t0: (u16, u8), dice: &[u8]) -> VeloMaster {
    race(
        course,
        &[
            r("L0", 0, true, l0),
            r("T0", 0, false, t0),
            r("L1", 1, true, (1, 0)),
            r("T1", 1, false, (0, 0)),
        ],
        dice,
    )
}

fn ix(s: &VeloMaster, id: &str) -> u8 {
    s.fixed.ids.iter().position(|i| i == id).unwrap() as u8
}

fn cell(s: &VeloMaster, at: (u16, u8)) -> u16 {
    s.fixed.board.index(Pos::new(at.0, at.1)).unwrap()
}

fn at(s: &VeloMaster, id: &str) -> Option<(u16, u8)> {
    match s.riders[ix(s, id) as usize].spot {
        Spot::Road(c) => {
            let p = s.fixed.board.cell(c).pos;
            Some((p.row, p.lane))
        }
        _ => None,
    }
}

fn play(s: &mut VeloMaster, c: Choice) -> Vec<Event> {
    let seat = s.to_play().expect("someone is to play");
    s.apply(seat, &c).unwrap_or_else(|e| panic!("{c:?}: {e}"))
}

/// Gives a die; entraides still open are passed first (tests of them say so).
fn give(s: &mut VeloMaster, id: &str, die: u8) -> Vec<Event> {
    let rider = ix(s, id);
    let mut ev = Vec::new();
    if s.legal(s.to_play().unwrap()).contains(&Choice::Roll) {
        ev = play(s, Choice::Roll);
    }
    ev.extend(play(s, Choice::Give { rider, die }));
    ev
}

fn step(s: &mut VeloMaster, to: (u16, u8)) -> Vec<Event> {
    let c = cell(s, to);
    play(s, Choice::Step { cell: c })
}

/// The cells the moving rider may step onto, as (level, file).
fn steps(s: &VeloMaster) -> Vec<(u16, u8)> {
    let mut v: Vec<(u16, u8)> = s
        .legal(s.to_play().unwrap())
        .into_iter()
        .filter_map(|c| match c {
            Choice::Step { cell } => {
                let p = s.fixed.board.cell(cell).pos;
                Some((p.row, p.lane))
            }
            _ => None,
        })
        .collect();
    v.sort();
    v
}

fn rolls(ev: &[Event]) -> Vec<(&'static str, u8)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::PowerRoll { roll, .. } => Some(("power", roll.face)),
            Event::SkillRoll { roll, .. } => Some(("skill", roll.face)),
            _ => None,
        })
        .collect()
}

// ---- 2.1 levels, options --------------------------------------------------------------------

#[test]
fn vm_001_a_race_is_played_at_one_level_given_in_the_options() {
    let course = flat(20);
    let riders = [
        r("L0", 0, true, (3, 1)),
        r("T0", 0, false, (2, 1)),
        r("L1", 1, true, (1, 0)),
        r("T1", 1, false, (0, 0)),
    ];
    let ok = VeloMaster::new(
        &setup(
            Arc::clone(&course),
            &riders,
            &[],
            json!({"level": "debutant"}),
        ),
        1,
    );
    assert!(ok.is_ok());
    let bad = VeloMaster::new(
        &setup(
            Arc::clone(&course),
            &riders,
            &[],
            json!({"level": "beginner"}),
        ),
        1,
    )
    .unwrap_err()
    .to_string();
    assert!(bad.contains("\"debutant\", \"expert\" or \"pro\""), "{bad}");
    let unknown = VeloMaster::new(&setup(course, &riders, &[], json!({"speed": 3})), 1)
        .unwrap_err()
        .to_string();
    assert!(
        unknown.contains("'speed' is not an option: use level"),
        "{unknown}"
    );
}

#[test]
fn vm_030_a_die_nobody_rolled_is_refused_naming_the_dice_left() {
    // Team 0 rolled 3 and 4: a 6 for L0 is refused, and the refusal names the dice there are.
    let mut s = duel(flat(20), (6, 1), (2, 0), &[3, 4]);
    if s.legal(0).contains(&Choice::Roll) {
        play(&mut s, Choice::Roll);
    }
    let l0 = ix(&s, "L0");
    let refused = s.apply(0, &Choice::Give { rider: l0, die: 6 }).unwrap_err();
    assert_eq!(refused.id, "vm-refusal-no-die");
    assert!(
        refused.args.contains(&("left", json!("3, 4"))),
        "{:?}",
        refused.args
    );
}

#[test]
fn vm_010_a_debutant_team_is_one_leader_and_one_team_mate() {
    let course = flat(20);
    let three = [
        r("L0", 0, true, (3, 1)),
        r("T0", 0, false, (2, 1)),
        r("U0", 0, false, (2, 0)),
        r("L1", 1, true, (1, 0)),
        r("T1", 1, false, (0, 0)),
    ];
    let e = VeloMaster::new(&setup(Arc::clone(&course), &three, &[], Value::Null), 1)
        .unwrap_err()
        .to_string();
    assert!(e.contains("one leader and 1 team-mates"), "{e}");
    let four = [
        r("L0", 0, true, (3, 1)),
        r("T0", 0, false, (2, 1)),
        r("L1", 1, true, (1, 0)),
        r("T1", 1, false, (0, 0)),
    ];
    let mut s = setup(course, &four, &[], Value::Null);
    s.riders[0].attributes = json!({"kind": "rouleur"});
    let e = VeloMaster::new(&s, 1).unwrap_err().to_string();
    assert!(e.contains("give {\"role\": \"leader\"}"), "{e}");
}

// ---- 2.3 the start --------------------------------------------------------------------------

fn three_teams_at_the_start(dice: &[u8]) -> VeloMaster {
    let course = flat(20);
    let riders: Vec<R> = (0..3)
        .flat_map(|t| {
            [
                R {
                    id: ["P1 leader", "P2 leader", "P3 leader"][t as usize],
                    team: t,
                    leader: true,
                    at: None,
                },
                R {
                    id: ["P1 mate", "P2 mate", "P3 mate"][t as usize],
                    team: t,
                    leader: false,
                    at: None,
                },
            ]
        })
        .collect();
    race(course, &riders, dice)
}

#[test]
fn tv_34_vm_021_start_order_by_d20_ties_roll_again() {
    // P1 15, P2 8, P3 15; re-roll P1 11, P3 4; P1 rolls 2 and 5.
    let s = three_teams_at_the_start(&[15, 8, 15, 11, 4, 2, 5]);
    let order = s.opening.iter().find_map(|e| match e {
        Event::StartOrder { order } => Some(order.clone()),
        _ => None,
    });
    assert_eq!(order, Some(vec![0, 2, 1]));
    assert_eq!(s.to_play(), Some(0));
    // VM-022: P1 keeps the 5 or the 2 and launches either rider.
    let mut legal = s.legal(0);
    legal.sort_by_key(|c| format!("{c:?}"));
    let launches: Vec<(u8, u8)> = legal
        .iter()
        .map(|c| match c {
            Choice::Launch { rider, die } => (*rider, *die),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(launches.len(), 4);
    for rider in [0, 1] {
        assert!(launches.contains(&(rider, 2)) && launches.contains(&(rider, 5)));
    }
}

#[test]
fn vm_022_a_launched_rider_enters_on_the_first_level_and_moves_up_to_the_die() {
    let mut s = three_teams_at_the_start(&[15, 8, 15, 11, 4, 2, 5]);
    play(&mut s, Choice::Launch { rider: 0, die: 5 });
    // the first step of the die enters a cell of the first level.
    assert_eq!(steps(&s), vec![(0, 0), (0, 1), (0, 2)]);
    for to in [(0, 1), (1, 1), (2, 1), (3, 1)] {
        step(&mut s, to);
    }
    assert_eq!(steps(&s), vec![(4, 0), (4, 1), (4, 2)]);
    let ev = step(&mut s, (4, 1));
    assert_eq!(at(&s, "P1 leader"), Some((4, 1)));
    // The 5 is used up: the slot is over and P3 (next in the d20 order) launches.
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::SlotStarted { seat: 2, .. })),
        "{ev:?}"
    );
    assert_eq!(s.to_play(), Some(2));
}

#[test]
fn vm_023_vm_027_vm_020_two_launch_rounds_then_the_race_by_leaders() {
    let mut s = three_teams_at_the_start(&[15, 8, 15, 11, 4]);
    let mut launches = 0;
    let mut events = Vec::new();
    while !events.iter().any(|e| matches!(e, Event::RaceBegins)) {
        let seat = s.to_play().unwrap();
        let legal = s.legal(seat);
        if matches!(legal[0], Choice::Launch { .. }) {
            launches += 1;
        }
        let c = commissaire_engine::games::velo_master::bot::sensible(&s, seat, &legal);
        events.extend(s.apply(seat, &c).unwrap());
    }
    // Each player launches one rider per round: 2 rounds of 3 launches, one minute each.
    assert_eq!(launches, 6);
    assert!(s.riders.iter().all(|r| matches!(r.spot, Spot::Road(_))));
    assert_eq!(s.clock, 6 + 1, "the first race slot has begun");
    // VM-027, VM-028: the first race slot goes to the best-placed leader.
    let best = (0..3u8)
        .max_by(|&a, &b| s.leader_rank(a).partial_cmp(&s.leader_rank(b)).unwrap())
        .unwrap();
    assert_eq!(s.to_play(), Some(best));
}

#[test]
fn vm_024_a_rider_with_no_free_entry_cell_stays_outside() {
    // Three riders already fill the first level; the fourth cannot get on.
    let course = flat(20);
    let mut s = race(
        course,
        &[
            R {
                id: "L0",
                team: 0,
                leader: true,
                at: None,
            },
            R {
                id: "T0",
                team: 0,
                leader: false,
                at: None,
            },
            R {
                id: "L1",
                team: 1,
                leader: true,
                at: None,
            },
            R {
                id: "T1",
                team: 1,
                leader: false,
                at: None,
            },
        ],
        // d20 10 and 5: team 0 first. Every launch keeps a 1: each rider enters and stops.
        &[10, 5, 1, 1, 1, 1, 1, 1, 1, 1],
    );
    for _ in 0..3 {
        let seat = s.to_play().unwrap();
        let legal = s.legal(seat);
        s.apply(seat, &legal[0]).unwrap();
        let c = s.legal(seat)[0];
        s.apply(seat, &c).unwrap();
    }
    // The last rider at the start finds the first level full: blocked, the die is lost.
    let seat = s.to_play().unwrap();
    let c = s.legal(seat)[0];
    let ev = s.apply(seat, &c).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Blocked { lost: 1, .. })),
        "{ev:?}"
    );
    assert_eq!(s.riders.iter().filter(|r| r.spot == Spot::Start).count(), 1);
}

// ---- 2.4 order of play ----------------------------------------------------------------------

#[test]
fn vm_028_players_act_in_the_order_of_their_leaders() {
    // Team 1's leader is ahead: team 1 plays first although it is seat 1.
    let s = race(
        flat(20),
        &[
            r("L0", 0, true, (5, 0)),
            r("T0", 0, false, (9, 0)),
            r("L1", 1, true, (7, 2)),
            r("T1", 1, false, (1, 1)),
        ],
        &[3, 4],
    );
    assert_eq!(s.to_play(), Some(1));
}

#[test]
fn vm_028_a05_level_ties_go_to_the_leader_who_got_there_first() {
    let mut s = race(
        flat(20),
        &[
            r("L0", 0, true, (5, 0)),
            r("T0", 0, false, (1, 0)),
            r("L1", 1, true, (6, 2)),
            r("T1", 1, false, (1, 2)),
            r("L2", 2, true, (3, 1)),
            r("T2", 2, false, (0, 1)),
        ],
        // Team 1 (level 6) plays first; its leader stays. Team 0: L0 takes 1, to level 6.
        &[1, 1, 1, 1, 6, 6],
    );
    assert_eq!(s.to_play(), Some(1));
    give(&mut s, "L1", 1);
    play(&mut s, Choice::Stop);
    play(&mut s, Choice::Stop);
    assert_eq!(s.to_play(), Some(0));
    give(&mut s, "L0", 1);
    step(&mut s, (6, 0));
    play(&mut s, Choice::Stop);
    // Team 2 plays last this round; in round 2 L1 (level 6 first) is ahead of L0 (level 6 later).
    assert_eq!(s.to_play(), Some(2));
    give(&mut s, "L2", 6);
    play(&mut s, Choice::Stop);
    play(&mut s, Choice::Stop);
    assert_eq!(s.to_play(), Some(1));
    assert!(s.leader_rank(1) > s.leader_rank(0));
}

#[test]
fn vm_030_vm_036_a_debutant_slot_gives_one_die_to_each_rider_one_move_after_the_other() {
    let mut s = duel(flat(20), (5, 1), (5, 2), &[2, 4]);
    let legal = s.legal(0);
    // Either rider may take either die.
    assert_eq!(legal.len(), 4, "{legal:?}");
    give(&mut s, "T0", 4);
    // Only T0's steps are offered until his move is over.
    assert!(
        s.legal(0)
            .iter()
            .all(|c| matches!(c, Choice::Step { .. } | Choice::Stop))
    );
    for lvl in 6..=9 {
        step(&mut s, (lvl, 2));
    }
    // The leader then moves with the other die, given without asking.
    let m = s.moving.as_ref().unwrap();
    assert_eq!((m.rider, m.left), (ix(&s, "L0"), 2));
}

#[test]
fn vm_031_a_round_is_one_slot_per_player() {
    let mut s = duel(flat(20), (5, 1), (5, 2), &[1, 1, 1, 1]);
    let mut seats = Vec::new();
    let mut rounds = 0;
    while seats.len() < 3 {
        let seat = s.to_play().unwrap();
        let c = s.legal(seat)[0];
        let ev = play(&mut s, c);
        for e in ev {
            match e {
                Event::SlotStarted { seat, .. } => seats.push(seat),
                Event::RoundStarted { round: 2 } => rounds = seats.len(),
                _ => {}
            }
        }
    }
    // Team 0 (its leader ahead), then team 1, then round 2 begins with team 0 again.
    assert_eq!(seats, vec![0, 1, 0]);
    assert_eq!(rounds, 2, "round 2 begins after both teams played once");
}

// ---- 2.5 moving -----------------------------------------------------------------------------

#[test]
fn tv_13a_vm_037_steps_go_forward_or_diagonally_never_sideways_on_a_grid() {
    let mut s = duel(flat(20), (5, 1), (3, 0), &[6, 1]);
    give(&mut s, "L0", 6);
    assert_eq!(steps(&s), vec![(6, 0), (6, 1), (6, 2)]);
}

#[test]
fn tv_13b_vm_038_a_side_cell_stays_forbidden_when_the_cell_ahead_of_it_holds_a_bike() {
    let mut s = duel(flat(20), (5, 1), (6, 2), &[6, 1]);
    give(&mut s, "L0", 6);
    assert_eq!(steps(&s), vec![(6, 0), (6, 1)]);
    // Option side_step_when_blocked: the side cell is allowed.
    let riders = [
        r("L0", 0, true, (5, 1)),
        r("T0", 0, false, (6, 2)),
        r("L1", 1, true, (1, 0)),
        r("T1", 1, false, (0, 0)),
    ];
    let mut s = VeloMaster::new(
        &setup(
            flat(20),
            &riders,
            &[6, 1],
            json!({"side_step_when_blocked": true}),
        ),
        1,
    )
    .unwrap();
    give(&mut s, "L0", 6);
    assert_eq!(steps(&s), vec![(5, 2), (6, 0), (6, 1)]);
}

/// Files 0 and 1 written cell by cell; `cells` is (id, level, file).
fn cells_course(cells: &[(&str, f64, u8)], links: &[(&str, &str, &str)]) -> Arc<Course> {
    let mut t = String::from("name = \"Cells\"\n");
    for (id, along, across) in cells {
        t.push_str(&format!(
            "[[cell]]\nid = \"{id}\"\nalong = {along}\nacross = {across}\n"
        ));
        if *along == 0.0 {
            t.push_str("markers = [\"start\"]\n");
        }
        if *along >= 20.0 {
            t.push_str("markers = [\"finish\"]\n");
        }
    }
    for (from, to, kind) in links {
        t.push_str(&format!(
            "[[link]]\nfrom = \"{from}\"\nto = \"{to}\"\nkind = \"{kind}\"\n"
        ));
    }
    Arc::new(parse_course_toml(&t, "cells.toml").unwrap_or_else(|e| panic!("{e}")))
}

/// Two files, the second half a level ahead, from level 0 to the line at 20.
fn staggered() -> Arc<Course> {
    let mut cells = Vec::new();
    let mut names = Vec::new();
    for l in 0..=21 {
        names.push((format!("a{l}"), l as f64, 0u8));
        names.push((format!("b{l}"), l as f64 + 0.5, 1u8));
    }
    for (id, along, across) in &names {
        cells.push((id.as_str(), *along, *across));
    }
    let mut links = Vec::new();
    let mut owned = Vec::new();
    for l in 0..21 {
        owned.push((format!("a{l}"), format!("a{}", l + 1), "forward"));
        owned.push((format!("b{l}"), format!("b{}", l + 1), "forward"));
        owned.push((format!("a{l}"), format!("b{l}"), "diagonal"));
        owned.push((format!("b{l}"), format!("a{}", l + 1), "diagonal"));
    }
    for (a, b, k) in &owned {
        links.push((a.as_str(), b.as_str(), *k));
    }
    cells_course(&cells, &links)
}

#[test]
fn tv_13c_vm_038_staggered_files_offer_only_the_cell_half_a_level_ahead() {
    let course = staggered();
    let riders = [
        R {
            id: "L0",
            team: 0,
            leader: true,
            at: None,
        },
        R {
            id: "T0",
            team: 0,
            leader: false,
            at: None,
        },
        R {
            id: "L1",
            team: 1,
            leader: true,
            at: None,
        },
        R {
            id: "T1",
            team: 1,
            leader: false,
            at: None,
        },
    ];
    let mut s = setup(course, &riders, &[6, 1], Value::Null);
    let at = |id: &str| {
        let p = s.course.find_cell(id).unwrap();
        Some(p)
    };
    let starts = [at("a5"), at("a2"), at("a1"), at("b0")];
    for (e, p) in s.riders.iter_mut().zip(starts) {
        e.start = p;
    }
    let mut stage = VeloMaster::new(&s, 1).unwrap();
    give(&mut stage, "L0", 6);
    let names: Vec<String> = stage
        .legal(0)
        .into_iter()
        .filter_map(|c| match c {
            Choice::Step { cell } => Some(stage.fixed.board.name(cell)),
            _ => None,
        })
        .collect();
    // Straight on, or the file-1 cell at level 5½; the one at 4½ is behind.
    assert_eq!(names, vec!["b5", "a6"], "road order");
}

#[test]
fn tv_13d_vm_038_vm_039_a_side_step_exists_where_the_next_file_has_no_cell_ahead() {
    // File 1 has a single cell, level with a5: from a5 it is a side step.
    let mut cells: Vec<(String, f64, u8)> =
        (0..=21).map(|l| (format!("a{l}"), l as f64, 0)).collect();
    cells.push(("b5".into(), 5.0, 1));
    let mut links: Vec<(String, String, &str)> = (0..21)
        .map(|l| (format!("a{l}"), format!("a{}", l + 1), "forward"))
        .collect();
    links.push(("a5".into(), "b5".into(), "side"));
    links.push(("b5".into(), "a6".into(), "diagonal"));
    let c: Vec<(&str, f64, u8)> = cells.iter().map(|(a, b, c)| (a.as_str(), *b, *c)).collect();
    let l: Vec<(&str, &str, &str)> = links
        .iter()
        .map(|(a, b, k)| (a.as_str(), b.as_str(), *k))
        .collect();
    let course = cells_course(&c, &l);
    let riders = [
        R {
            id: "L0",
            team: 0,
            leader: true,
            at: None,
        },
        R {
            id: "T0",
            team: 0,
            leader: false,
            at: None,
        },
        R {
            id: "L1",
            team: 1,
            leader: true,
            at: None,
        },
        R {
            id: "T1",
            team: 1,
            leader: false,
            at: None,
        },
    ];
    let mut s = setup(Arc::clone(&course), &riders, &[6, 1], Value::Null);
    for (e, id) in s.riders.iter_mut().zip(["a5", "a3", "a2", "a1"]) {
        e.start = course.find_cell(id);
    }
    let mut stage = VeloMaster::new(&s, 1).unwrap();
    give(&mut stage, "L0", 6);
    let names: Vec<String> = stage
        .legal(0)
        .into_iter()
        .filter_map(|c| match c {
            Choice::Step { cell } => Some(stage.fixed.board.name(cell)),
            _ => None,
        })
        .collect();
    assert_eq!(names, vec!["b5", "a6"], "road order");
    // VM-039: after the side step, the cell he came from is not offered again.
    let b5 = stage
        .fixed
        .board
        .index(course.find_cell("b5").unwrap())
        .unwrap();
    play(&mut stage, Choice::Step { cell: b5 });
    let names: Vec<String> = stage
        .legal(0)
        .into_iter()
        .filter_map(|c| match c {
            Choice::Step { cell } => Some(stage.fixed.board.name(cell)),
            _ => None,
        })
        .collect();
    assert_eq!(names, vec!["a6"]);
}

#[test]
fn vm_040_vm_041_no_step_into_a_bike_and_a_finished_rider_holds_no_cell() {
    let mut s = duel(flat(20), (5, 1), (6, 1), &[6, 1]);
    give(&mut s, "L0", 6);
    assert_eq!(steps(&s), vec![(6, 0), (6, 2)]);
    // A rider across the line leaves the road: T0 crosses, its cell is free again.
    let mut s = duel(flat(6), (5, 1), (6, 1), &[1, 6]);
    give(&mut s, "T0", 1);
    let ev = step(&mut s, (7, 1));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Finished { place: 1, .. }))
    );
    assert_eq!(s.occupied[cell(&s, (6, 1)) as usize], None);
    assert_eq!(s.occupied[cell(&s, (7, 1)) as usize], None);
}

#[test]
fn vm_042_the_die_is_a_maximum_a_rider_may_stop_at_any_step_or_not_move() {
    let mut s = duel(flat(20), (5, 1), (3, 0), &[6, 4]);
    give(&mut s, "L0", 6);
    assert!(s.legal(0).contains(&Choice::Stop));
    step(&mut s, (6, 1));
    step(&mut s, (7, 1));
    let ev = play(&mut s, Choice::Stop);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Stopped { lost: 4, .. }))
    );
    assert_eq!(at(&s, "L0"), Some((7, 1)));
    // The team-mate does not move at all.
    assert_eq!(s.moving.as_ref().map(|m| m.left), Some(4));
    play(&mut s, Choice::Stop);
    assert_eq!(at(&s, "T0"), Some((3, 0)));
}

#[test]
fn vm_043_a_rider_with_no_legal_step_loses_the_rest_of_his_move() {
    // The three cells ahead of L0 hold bikes.
    let mut s = race(
        flat(20),
        &[
            r("L0", 0, true, (5, 1)),
            r("T0", 0, false, (6, 1)),
            r("L1", 1, true, (6, 0)),
            r("T1", 1, false, (6, 2)),
        ],
        &[5, 1],
    );
    // L1 is level with T0 and ahead of L0: team 1 first.
    assert_eq!(s.to_play(), Some(1));
    give(&mut s, "L1", 1);
    play(&mut s, Choice::Stop);
    play(&mut s, Choice::Stop);
    // Team 0 passes the entraide on offer and gives the leader a die: he is blocked at once.
    play(&mut s, Choice::Roll);
    let legal = s.legal(0);
    let Some(&Choice::Give { die, .. }) = legal
        .iter()
        .find(|c| matches!(c, Choice::Give { rider, .. } if *rider == 0))
    else {
        panic!("{legal:?}")
    };
    let ev = give(&mut s, "L0", die);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Blocked { rider: 0, lost } if *lost == die)),
        "{ev:?}"
    );
    assert_eq!(at(&s, "L0"), Some((5, 1)));
}

// ---- 2.6 danger cells -----------------------------------------------------------------------

#[test]
fn tv_09_vm_045_a_skill_roll_for_each_danger_cell_passed_or_stopped_on() {
    let course = grid(&[("flat", 20)], "danger = [\"7/1\", \"9/1\"]");
    // (a) a 5 from (5, 1) passes danger cells at its 2nd and 4th steps, stops on a plain cell.
    let mut s = duel(Arc::clone(&course), (5, 1), (3, 0), &[5, 1, 12, 15]);
    give(&mut s, "L0", 5);
    let mut ev = Vec::new();
    for lvl in 6..=10 {
        ev.extend(step(&mut s, (lvl, 1)));
    }
    assert_eq!(rolls(&ev), vec![("skill", 12), ("skill", 15)]);
    // (b) he stops on a danger cell: one roll.
    let mut s = duel(Arc::clone(&course), (5, 1), (3, 0), &[5, 1, 12]);
    give(&mut s, "L0", 5);
    step(&mut s, (6, 1));
    let ev = step(&mut s, (7, 1));
    assert_eq!(rolls(&ev), vec![("skill", 12)]);
    let ev = play(&mut s, Choice::Stop);
    assert_eq!(rolls(&ev), vec![]);
    // (c) standing on one without moving costs nothing.
    let mut s = duel(course, (7, 1), (3, 0), &[5, 1]);
    give(&mut s, "L0", 5);
    let ev = play(&mut s, Choice::Stop);
    assert_eq!(rolls(&ev), vec![]);
}

#[test]
fn tv_08_vm_046_a_skill_roll_of_1_or_2_is_a_crash() {
    let course = grid(&[("flat", 20)], "danger = [\"6/1\"]");
    for (face, crash) in [(1, true), (2, true), (3, false), (20, false)] {
        let mut s = duel(Arc::clone(&course), (5, 1), (3, 0), &[5, 1, face]);
        give(&mut s, "L0", 5);
        let ev = step(&mut s, (6, 1));
        let crashed = ev.iter().any(|e| matches!(e, Event::Crashed { .. }));
        assert_eq!(crashed, crash, "d20 {face}");
        assert_eq!(at(&s, "L0").is_none(), crash);
    }
}

#[test]
fn tv_10_vm_047_vm_048_a_debutant_crash_ends_the_move_and_costs_the_next_turn() {
    let course = grid(&[("flat", 20)], "danger = [\"6/1\"]");
    // Round 1: L0 crashes on (6, 1) with 5 steps left... 4 left. T0 then takes the other die.
    let mut s = duel(course, (5, 1), (3, 0), &[5, 2, 1]);
    give(&mut s, "L0", 5);
    let ev = step(&mut s, (6, 1));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Crashed {
            rider: 0,
            misses: 1,
            ..
        }
    )));
    assert_eq!(s.riders[0].spot, Spot::Roadside(cell(&s, (6, 1))));
    // The move is over; the team-mate moves with the 2.
    assert_eq!(s.moving.as_ref().map(|m| (m.rider, m.left)), Some((1, 2)));
    play(&mut s, Choice::Stop);
    // Team 1 plays; then round 2: team 0's slot, the leader sits out and T0 moves alone.
    let mut sat_out = false;
    let mut back = None;
    let mut round2_options = None;
    while back.is_none() {
        let seat = s.to_play().unwrap();
        let legal = s.legal(seat);
        if seat == 0 && round2_options.is_none() && matches!(legal[0], Choice::Give { .. }) {
            round2_options = Some(legal.clone());
        }
        let ev = s.apply(seat, &legal[legal.len() - 1]).unwrap();
        for e in ev {
            match e {
                Event::SitsOut { rider: 0 } => sat_out = true,
                Event::BackOnRoad { rider: 0, cell } => back = Some(cell),
                _ => {}
            }
        }
    }
    assert!(sat_out);
    let only_t0 = round2_options.unwrap();
    assert!(
        only_t0
            .iter()
            .all(|c| matches!(c, Choice::Give { rider: 1, .. })),
        "{only_t0:?}"
    );
    // Round 3: back on the road at the crash cell, just before his move.
    assert_eq!(back, Some(cell(&s, (6, 1))));
}

#[test]
fn vm_048_a28_a_fallen_rider_whose_cell_is_taken_comes_back_beside_it() {
    let s = duel(flat(20), (5, 1), (6, 1), &[1, 1]);
    let c = cell(&s, (6, 1));
    // (6, 1) is held by T0: the nearest free cell level with it.
    let back = s.return_cell(c);
    let p = s.fixed.board.cell(back).pos;
    assert_eq!(p.row, 6);
    assert_ne!(p.lane, 1);
}

// ---- 2.7 descents ---------------------------------------------------------------------------

#[test]
fn tv_28_vm_049_a_move_ending_on_a_descent_cell_earns_one_extra_step() {
    let course = grid(&[("flat", 4), ("downhill", 10), ("flat", 6)], "");
    let mut s = duel(course, (5, 1), (2, 0), &[3, 1]);
    give(&mut s, "L0", 3);
    for lvl in 6..=8 {
        step(&mut s, (lvl, 1));
    }
    // (a) a 4th step is offered, one step only.
    let m = s.moving.as_ref().unwrap();
    assert!(m.extra && m.left == 1);
    let ev = step(&mut s, (9, 1));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Stepped { extra: true, .. }))
    );
    // (b) it ends on a descent cell too, but earns nothing more: the team-mate moves now.
    assert_eq!(
        s.moving.as_ref().map(|m| (m.rider, m.extra)),
        Some((1, false))
    );
    assert_eq!(at(&s, "L0"), Some((9, 1)));
}

#[test]
fn vm_049_no_extra_step_after_a_move_of_no_step_or_off_the_descent() {
    let course = grid(&[("flat", 4), ("downhill", 10), ("flat", 6)], "");
    let mut s = duel(Arc::clone(&course), (7, 1), (2, 0), &[3, 1]);
    give(&mut s, "L0", 3);
    // Not moving is not a stop on the descent.
    play(&mut s, Choice::Stop);
    assert_eq!(s.moving.as_ref().map(|m| m.rider), Some(1));
    // Declining the extra step is offered as "no extra step".
    let mut s = duel(course, (7, 1), (2, 0), &[3, 1]);
    give(&mut s, "L0", 3);
    step(&mut s, (8, 1));
    play(&mut s, Choice::Stop);
    assert!(s.moving.as_ref().unwrap().extra);
    let ev = play(&mut s, Choice::Stop);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Stopped { rider: 0, .. })),
        "{ev:?}"
    );
    assert_eq!(at(&s, "L0"), Some((8, 1)));
}

// ---- 2.9 climbs -----------------------------------------------------------------------------

/// Flat levels 1-4, a climb of slope `slope` on levels 5-12 (3rd cat.), flat to the line at 23.
fn climb_course(slope: u8, danger: &str) -> Arc<Course> {
    let text = format!(
        "name = \"Climb\"\nlanes = 3\ndanger = [{danger}]\n\
         [[segment]]\nterrain = \"flat\"\nlength = 1\nstart = true\n\
         [[segment]]\nterrain = \"flat\"\nlength = 4\n\
         [[segment]]\nterrain = \"uphill\"\nlength = 8\n\
         [[segment]]\nterrain = \"flat\"\nlength = 10\n\
         [[segment]]\nterrain = \"flat\"\nlength = 3\nfinish = true\n\
         [[climb]]\nname = \"Col\"\nslope = {slope}\ncategory = \"3\"\n"
    );
    Arc::new(parse_course_toml(&text, "climb.toml").unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn tv_04_vm_063_vm_064_a_diagonal_from_a_climb_cell_needs_a_d20_above_the_slope() {
    for (slope, face, ok) in [
        (6, 1, false),
        (6, 6, false),
        (6, 7, true),
        (6, 20, true),
        (12, 12, false),
        (12, 13, true),
    ] {
        let mut s = duel(climb_course(slope, ""), (6, 1), (2, 0), &[3, 1, face]);
        give(&mut s, "L0", 3);
        let ev = step(&mut s, (7, 2));
        assert_eq!(rolls(&ev), vec![("power", face)], "slope {slope}");
        assert_eq!(
            at(&s, "L0"),
            Some(if ok { (7, 2) } else { (6, 1) }),
            "slope {slope}, d20 {face}"
        );
    }
    // A straight step on the climb: no roll.
    let mut s = duel(climb_course(6, ""), (6, 1), (2, 0), &[3, 1]);
    give(&mut s, "L0", 3);
    let ev = step(&mut s, (7, 1));
    assert_eq!(rolls(&ev), vec![]);
}

#[test]
fn tv_05_vm_065_a_failed_power_roll_ends_the_move_where_he_stood() {
    // Slope 8: from (10, 1) with a 5, a straight step to (11, 1), then the diagonal to (12, 2).
    let mut s = duel(climb_course(8, ""), (10, 1), (2, 0), &[5, 1, 5]);
    give(&mut s, "L0", 5);
    step(&mut s, (11, 1));
    let ev = step(&mut s, (12, 2));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::PowerRoll {
            success: false,
            slope: 8,
            ..
        }
    )));
    assert_eq!(at(&s, "L0"), Some((11, 1)));
    // His movement is over (3 points lost): the team-mate moves now.
    assert_eq!(s.moving.as_ref().map(|m| m.rider), Some(1));
}

#[test]
fn tv_06_vm_067_the_cell_a_step_leaves_decides_the_relief() {
    // (a) level 4 flat, level 5 climb: (4, 1) to (5, 2) needs no roll.
    let mut s = duel(climb_course(8, ""), (4, 1), (2, 0), &[3, 1]);
    give(&mut s, "L0", 3);
    let ev = step(&mut s, (5, 2));
    assert_eq!(rolls(&ev), vec![]);
    // (b) level 12 is the climb's last, 13 flat: (12, 1) to (13, 2) needs one.
    let mut s = duel(climb_course(8, ""), (12, 1), (2, 0), &[3, 1, 15]);
    give(&mut s, "L0", 3);
    let ev = step(&mut s, (13, 2));
    assert_eq!(rolls(&ev), vec![("power", 15)]);
}

#[test]
fn vm_068_vm_069_a20_tests_add_up_in_the_order_met_power_before_skill() {
    let mut s = duel(
        climb_course(8, "\"7/2\", \"8/2\""),
        (6, 1),
        (2, 0),
        &[4, 1, 10, 9, 14],
    );
    give(&mut s, "L0", 4);
    let mut ev = step(&mut s, (7, 2));
    ev.extend(step(&mut s, (8, 2)));
    assert_eq!(rolls(&ev), vec![("power", 10), ("skill", 9), ("skill", 14)]);
}

// ---- 2.11 summits ---------------------------------------------------------------------------

#[test]
fn tv_02_vm_071_climber_points_by_category_and_place() {
    use commissaire_engine::course::ClimbCategory::*;
    use commissaire_engine::games::velo_master::tables::climber_points as p;
    let cases = [
        (Hc, 1, 40),
        (Hc, 6, 18),
        (First, 2, 26),
        (First, 6, 12),
        (Second, 4, 10),
        (Second, 6, 6),
        (Third, 1, 10),
        (Third, 5, 1),
        (Third, 6, 0),
        (Fourth, 1, 5),
        (Fourth, 3, 1),
        (Fourth, 4, 0),
    ];
    for (cat, place, points) in cases {
        assert_eq!(p(cat, place), points, "{cat:?} place {place}");
    }
}

#[test]
fn tv_01_vm_073_points_are_the_riders_own() {
    use commissaire_engine::course::ClimbCategory::*;
    use commissaire_engine::games::velo_master::tables::climber_points as p;
    let yellow = p(Third, 1) + p(Third, 1) + p(Second, 1) + p(Second, 5);
    let violet = p(Third, 3) + p(Second, 4);
    assert_eq!((yellow, violet), (48, 15));
}

#[test]
fn vm_070_vm_072_summit_places_follow_the_order_of_crossing_once_per_rider() {
    // The Col's line lies after level 12. T0 crosses first (3rd cat.: 10), then L0 (7).
    let mut s = duel(climb_course(8, ""), (11, 1), (12, 2), &[3, 2]);
    give(&mut s, "T0", 2);
    let ev = step(&mut s, (13, 2));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::SummitCrossed {
            rider: 1,
            place: 1,
            points: 10,
            ..
        }
    )));
    step(&mut s, (14, 2));
    let mut ev = step(&mut s, (12, 1));
    ev.extend(step(&mut s, (13, 1)));
    ev.extend(step(&mut s, (14, 1)));
    let crossed: Vec<(u8, u32, u32)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::SummitCrossed {
                rider,
                place,
                points,
                ..
            } => Some((*rider, *place, *points)),
            _ => None,
        })
        .collect();
    assert_eq!(crossed, vec![(0, 2, 7)]);
    assert_eq!((s.riders[0].points, s.riders[1].points), (7, 10));
}

#[test]
fn vm_070_a_rider_back_behind_the_line_scores_the_summit_once() {
    // A rider who falls just past a summit comes back behind it when his level is full
    // (`return_cell` takes the nearest free level at or below), and crosses its line a second
    // time: VM-070 pays a summit once per rider. T0 crosses first (10 points), is put back on
    // (12, 0), before the line, and crosses again: no second place, no more points.
    let mut s = duel(climb_course(8, ""), (11, 1), (12, 2), &[3, 2]);
    give(&mut s, "T0", 2);
    step(&mut s, (13, 2));
    let t0 = ix(&s, "T0");
    let back = cell(&s, (12, 0));
    s.place(t0, back);
    let ev = step(&mut s, (13, 0));
    assert!(
        !ev.iter().any(|e| matches!(e, Event::SummitCrossed { .. })),
        "{ev:?}"
    );
    assert_eq!(s.riders[t0 as usize].points, 10);
}

// ---- 2.12 finish, time ----------------------------------------------------------------------

#[test]
fn vm_075_vm_076_vm_077_vm_078_the_race_ends_when_every_leader_is_across_times_by_slots() {
    // A 6-level course: both leaders near the line.
    let mut s = race(
        flat(6),
        &[
            r("L0", 0, true, (6, 1)),
            r("T0", 0, false, (1, 1)),
            r("L1", 1, true, (5, 0)),
            r("T1", 1, false, (1, 2)),
        ],
        &[1, 1, 2, 1],
    );
    // Slot 1 (clock 1): L0 crosses in place 1 with time 1.
    give(&mut s, "L0", 1);
    let ev = step(&mut s, (7, 1));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Finished {
            rider: 0,
            place: 1,
            time: 1
        }
    )));
    assert!(!s.is_over(), "L1 is still racing");
    play(&mut s, Choice::Stop);
    // Slot 2 (clock 2): L1 crosses: every leader is across, the race is over at once.
    give(&mut s, "L1", 2);
    step(&mut s, (6, 0));
    let ev = step(&mut s, (7, 0));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Finished {
            rider: 2,
            place: 2,
            time: 2
        }
    )));
    assert!(s.is_over() && s.legal(0).is_empty() && s.legal(1).is_empty());
    // the team-mates, 6 levels short (level 1, line before 7), get the clock plus one
    // round (2 slots) per 3 levels: 2 + 2 * 2 = 6; the earlier arrival at level 1 first.
    let lines = s.classification();
    let times: Vec<(u8, u32, u32)> = lines.iter().map(|l| (l.rider, l.place, l.time)).collect();
    assert_eq!(times, vec![(0, 1, 1), (2, 2, 2), (1, 3, 6), (3, 4, 6)]);
}

#[test]
fn tv_35_a25_time_of_a_rider_still_on_the_road() {
    use commissaire_engine::games::velo_master::tables::time_short;
    assert_eq!(time_short(70, 6, 7), 88);
    assert_eq!(time_short(70, 6, 6), 82);
}

#[test]
fn vm_075_the_race_ends_when_one_team_is_all_across() {
    let mut s = race(
        flat(6),
        &[
            r("L0", 0, true, (6, 1)),
            r("T0", 0, false, (6, 2)),
            r("L1", 1, true, (1, 0)),
            r("T1", 1, false, (1, 2)),
        ],
        &[1, 1],
    );
    give(&mut s, "L0", 1);
    step(&mut s, (7, 1));
    let ev = step(&mut s, (7, 2));
    assert!(
        ev.iter().any(|e| matches!(e, Event::RaceOver { .. })),
        "{ev:?}"
    );
    assert!(s.is_over());
}

// ---- 2.13 jerseys, ties ---------------------------------------------------------------------

use commissaire_engine::games::velo_master::finish::{Totals, climber_order, jerseys, time_order};

fn t(rider: u8, time: u32, points: u32) -> Totals {
    Totals {
        rider,
        time,
        points,
        last_place: rider as u32 + 1,
        abandoned: false,
        team_best_points: 0,
    }
}

#[test]
fn tv_36_vm_079_vm_080_stage_times_and_points_add_up() {
    let a = t(0, 120 + 95, 30 + 10);
    let b = t(1, 118 + 99, 20 + 25);
    assert_eq!((a.time, a.points, b.time, b.points), (215, 40, 217, 45));
    let j = jerseys(&[a, b]);
    assert_eq!((j.or, j.rouge), (Some(0), Some(1)));
}

#[test]
fn tv_37_vm_081_one_jersey_per_rider() {
    let j = jerseys(&[t(0, 100, 50), t(1, 110, 30), t(2, 105, 10)]);
    assert_eq!((j.or, j.rouge), (Some(0), Some(1)));
}

#[test]
fn tv_38_vm_082_ties_are_broken_by_the_other_classification() {
    assert_eq!(time_order(&[t(1, 215, 25), t(0, 215, 40)]), vec![0, 1]);
    assert_eq!(climber_order(&[t(3, 212, 45), t(2, 210, 45)]), vec![2, 3]);
    // Still level: the two best climbers of each team.
    let mut c = t(4, 200, 10);
    let mut d = t(5, 200, 10);
    c.team_best_points = 12;
    d.team_best_points = 30;
    assert_eq!(time_order(&[c, d]), vec![5, 4]);
}

#[test]
fn vm_084_an_abandoned_rider_wears_no_jersey() {
    let mut a = t(0, 100, 50);
    a.abandoned = true;
    let j = jerseys(&[a, t(1, 110, 30), t(2, 120, 0)]);
    assert_eq!((j.or, j.rouge), (Some(1), None));
}

#[test]
fn vm_074_the_rouge_goes_to_the_best_climber_of_the_race() {
    // L1 leads on the road, near the line; T0 takes the Col's points.
    let mut s = race(
        climb_course(8, ""),
        &[
            r("L0", 0, true, (11, 1)),
            r("T0", 0, false, (12, 2)),
            r("L1", 1, true, (20, 0)),
            r("T1", 1, false, (1, 0)),
        ],
        &[1, 1, 3, 2],
    );
    give(&mut s, "L1", 1);
    play(&mut s, Choice::Stop);
    play(&mut s, Choice::Stop);
    give(&mut s, "T0", 2);
    step(&mut s, (13, 2));
    step(&mut s, (14, 2));
    // T0 has 10 points, nobody else any; L1 leads the time classification.
    let j = s.jerseys();
    assert_eq!((j.or, j.rouge), (Some(2), Some(1)));
}

// ---- 2.8 entraide ---------------------------------------------------------------------------

fn landings(s: &VeloMaster) -> Vec<(u16, u8)> {
    let mut v: Vec<(u16, u8)> = s
        .legal(s.to_play().unwrap())
        .into_iter()
        .filter_map(|c| match c {
            Choice::Jump { cell } => {
                let p = s.fixed.board.cell(cell).pos;
                Some((p.row, p.lane))
            }
            _ => None,
        })
        .collect();
    v.sort();
    v
}

fn jump(s: &mut VeloMaster, to: (u16, u8)) -> Vec<Event> {
    let c = cell(s, to);
    play(s, Choice::Jump { cell: c })
}

fn entraide(s: &mut VeloMaster, rear: &str, front: &str) -> Vec<Event> {
    let (rear, front) = (ix(s, rear), ix(s, front));
    play(s, Choice::Entraide { rear, front })
}

#[test]
fn tv_14_vm_051_vm_052_vm_053_vm_058_the_rear_bike_jumps_first_then_the_other_both_plus_two() {
    // Rear R = T0 on (5, 1), front F = L0 on (6, 1).
    let mut s = duel(flat(20), (6, 1), (5, 1), &[3, 4]);
    assert_eq!(
        s.legal(0),
        vec![Choice::Entraide { rear: 1, front: 0 }, Choice::Roll]
    );
    entraide(&mut s, "T0", "L0");
    assert_eq!(landings(&s), vec![(7, 0), (7, 1), (7, 2)]);
    jump(&mut s, (7, 1));
    assert_eq!(landings(&s), vec![(8, 0), (8, 1), (8, 2)]);
    let ev = jump(&mut s, (8, 1));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Jumped { rider: 0, .. }))
    );
    assert_eq!((at(&s, "T0"), at(&s, "L0")), (Some((7, 1)), Some((8, 1))));
    // VM-058: the dice come after (no other entraide is open); each still plays his move.
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::DiceRolled { seat: 0, .. }))
    );
    assert_eq!(s.legal(0).len(), 4);
}

#[test]
fn tv_15_vm_054_a16_each_bike_decides_for_itself() {
    // (a) R jumps to (7, 1), F declines: R ends ahead of F.
    let mut s = duel(flat(20), (6, 1), (5, 1), &[3, 4]);
    entraide(&mut s, "T0", "L0");
    jump(&mut s, (7, 1));
    play(&mut s, Choice::Stop);
    assert_eq!((at(&s, "T0"), at(&s, "L0")), (Some((7, 1)), Some((6, 1))));
    // (b) R declines: no entraide for either.
    let mut s = duel(flat(20), (6, 1), (5, 1), &[3, 4]);
    entraide(&mut s, "T0", "L0");
    let ev = play(&mut s, Choice::Stop);
    let no: Vec<u8> = ev
        .iter()
        .filter_map(|e| match e {
            Event::NoJump { rider } => Some(*rider),
            _ => None,
        })
        .collect();
    assert_eq!(no, vec![1, 0]);
    assert_eq!((at(&s, "T0"), at(&s, "L0")), (Some((5, 1)), Some((6, 1))));
    // Nothing else is open: the dice are rolled.
    assert!(matches!(s.legal(0)[0], Choice::Give { .. }));
}

#[test]
fn tv_16_vm_056_a03_three_in_line_give_no_entraide_a_bike_beside_changes_nothing() {
    // (a) (5, 1), (6, 1), (7, 1): no entraide for any pair.
    let s = race(
        flat(20),
        &[
            r("L0", 0, true, (7, 1)),
            r("T0", 0, false, (6, 1)),
            r("L1", 1, true, (5, 1)),
            r("T1", 1, false, (1, 0)),
        ],
        &[3, 4],
    );
    assert!(
        matches!(s.legal(0)[0], Choice::Give { .. }),
        "{:?}",
        s.legal(0)
    );
    // (b) (5, 1), (6, 1) and (6, 2): (5, 1) and (6, 1) are a line of two.
    let s = race(
        flat(20),
        &[
            r("L0", 0, true, (6, 1)),
            r("T0", 0, false, (5, 1)),
            r("L1", 1, true, (6, 2)),
            r("T1", 1, false, (1, 0)),
        ],
        &[3, 4],
    );
    assert!(s.legal(0).contains(&Choice::Entraide { rear: 1, front: 0 }));
}

#[test]
fn tv_17_vm_062_an_entraide_on_a_climb_rolls_only_for_a_diagonal_landing() {
    // Slope 8: R at (10, 1), F at (11, 1).
    let mut s = duel(climb_course(8, ""), (11, 1), (10, 1), &[3, 4]);
    entraide(&mut s, "T0", "L0");
    let mut ev = jump(&mut s, (12, 1));
    ev.extend(jump(&mut s, (13, 1)));
    assert_eq!(rolls(&ev), vec![]);
    // (b) R lands on (12, 2): one power roll.
    let mut s = duel(climb_course(8, ""), (11, 1), (10, 1), &[15, 3, 4]);
    entraide(&mut s, "T0", "L0");
    let ev = jump(&mut s, (12, 2));
    assert_eq!(rolls(&ev), vec![("power", 15)]);
    assert_eq!(at(&s, "T0"), Some((12, 2)));
}

#[test]
fn tv_17_vm_062_a_jumps_label_warns_of_the_power_roll_on_a_diagonal_landing_only() {
    // Slope 8: R at (10, 1) jumps over F at (11, 1). A diagonal landing costs a power roll,
    // and its button says so; the straight one does not.
    use commissaire_engine::registry::Game;
    let mut s = duel(climb_course(8, ""), (11, 1), (10, 1), &[3, 4]);
    entraide(&mut s, "T0", "L0");
    let label = |s: &VeloMaster, at| Game::label(s, &Choice::Jump { cell: cell(s, at) }).1;
    assert!(
        label(&s, (12, 2)).contains("power roll over 8"),
        "{}",
        label(&s, (12, 2))
    );
    assert!(
        !label(&s, (12, 1)).contains("power roll"),
        "{}",
        label(&s, (12, 1))
    );
}

#[test]
fn tv_09d_vm_061_a_jump_rolls_for_the_danger_cell_it_passes_and_the_one_it_lands_on() {
    let course = grid(&[("flat", 20)], "danger = [\"6/1\", \"7/1\"]");
    let mut s = duel(course, (6, 1), (5, 1), &[11, 12, 3, 4]);
    entraide(&mut s, "T0", "L0");
    let ev = jump(&mut s, (7, 1));
    assert_eq!(rolls(&ev), vec![("skill", 11), ("skill", 12)]);
}

#[test]
fn vm_055_vm_059_a_bike_gets_one_entraide_a_round_and_new_lines_give_nothing() {
    // After the entraide T0 (7, 1) stands behind L0 (8, 1): a new line, not open in this slot.
    let mut s = duel(flat(20), (6, 1), (5, 1), &[3, 4]);
    entraide(&mut s, "T0", "L0");
    jump(&mut s, (7, 1));
    jump(&mut s, (8, 1));
    assert!(s.is_line_of_two(1, 0));
    assert!(
        matches!(s.legal(0)[0], Choice::Give { .. }),
        "{:?}",
        s.legal(0)
    );
}

#[test]
fn vm_060_vm_057_an_opponents_bike_jumps_in_a_slot_not_its_own_deciding_for_itself() {
    // Team 0's leader L0 (6, 1) stands ahead of team 1's T1 (5, 1): team 0 opens the entraide,
    // team 1 decides for its own bike first.
    let mut s = race(
        flat(20),
        &[
            r("L0", 0, true, (6, 1)),
            r("T0", 0, false, (2, 0)),
            r("L1", 1, true, (3, 2)),
            r("T1", 1, false, (5, 1)),
        ],
        &[3, 4],
    );
    assert_eq!(s.to_play(), Some(0));
    entraide(&mut s, "T1", "L0");
    assert_eq!(
        s.to_play(),
        Some(1),
        "the rear bike's director decides its jump"
    );
    assert!(s.legal(0).is_empty());
    jump(&mut s, (7, 1));
    assert_eq!(s.to_play(), Some(0));
    jump(&mut s, (8, 1));
    assert_eq!(at(&s, "T1"), Some((7, 1)));
}

#[test]
fn tv_28c_vm_050_an_entraide_ending_on_a_descent_earns_an_extra_step_then_the_die_another() {
    let course = grid(&[("flat", 4), ("downhill", 12), ("flat", 6)], "");
    let mut s = duel(course, (7, 1), (6, 1), &[2, 1]);
    entraide(&mut s, "T0", "L0");
    jump(&mut s, (8, 1));
    jump(&mut s, (9, 1));
    // Both end on descent cells: the rear bike's extra step is offered first, then the front's.
    assert_eq!(
        s.moving.as_ref().map(|m| (m.rider, m.extra)),
        Some((1, true))
    );
    step(&mut s, (9, 0));
    assert_eq!(
        s.moving.as_ref().map(|m| (m.rider, m.extra)),
        Some((0, true))
    );
    step(&mut s, (10, 1));
    // The die move then earns its own.
    give(&mut s, "L0", 2);
    step(&mut s, (11, 1));
    step(&mut s, (12, 1));
    assert_eq!(
        s.moving.as_ref().map(|m| (m.rider, m.extra)),
        Some((0, true))
    );
}

#[test]
fn vm_025_no_entraide_in_the_start_phase() {
    // Launch riders into a line of two: the start slots never offer one.
    let mut s = three_teams_at_the_start(&[15, 8, 15, 11, 4, 1, 1, 1, 1, 2, 2]);
    play(&mut s, Choice::Launch { rider: 0, die: 1 });
    step(&mut s, (0, 1));
    // P3 launches: its rider could stand behind P1's; nothing but launches is offered.
    assert!(
        s.legal(2)
            .iter()
            .all(|c| matches!(c, Choice::Launch { .. }))
    );
    let rider = ix(&s, "P3 leader");
    play(&mut s, Choice::Launch { rider, die: 1 });
    step(&mut s, (0, 0));
    assert!(
        s.legal(1)
            .iter()
            .all(|c| matches!(c, Choice::Launch { .. }))
    );
}

#[test]
fn tv_33_vm_029_a_leader_carried_forward_by_a_bonus_moves_up_the_queue() {
    // Order at the start of the round: team 0 (level 12), team 2 (9), team 1 (8).
    let mut s = race(
        flat(20),
        &[
            r("L0", 0, true, (12, 0)),
            r("T0", 0, false, (7, 1)),
            r("L1", 1, true, (8, 1)),
            r("T1", 1, false, (0, 2)),
            r("L2", 2, true, (9, 2)),
            r("T2", 2, false, (0, 0)),
        ],
        &[1, 1, 1, 1],
    );
    assert_eq!(s.to_play(), Some(0));
    assert!(s.leader_rank(2) > s.leader_rank(1));
    // Team 0's team-mate and team 1's leader leapfrog: L1 lands on level 10.
    entraide(&mut s, "T0", "L1");
    jump(&mut s, (9, 1));
    jump(&mut s, (10, 1));
    give(&mut s, "L0", 1);
    play(&mut s, Choice::Stop);
    let ev = play(&mut s, Choice::Stop);
    // After team 0's slot, team 1's leader is now the best placed of those still to play.
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::SlotStarted { seat: 1, .. })),
        "{ev:?}"
    );
    assert_eq!(s.to_play(), Some(1));
}

#[test]
fn vm_012_two_players_at_debutant_race_two_teams_of_two_and_no_neutral_team() {
    let riders = [
        r("L0", 0, true, (3, 1)),
        r("T0", 0, false, (2, 1)),
        r("L1", 1, true, (1, 0)),
        r("T1", 1, false, (0, 0)),
    ];
    assert!(VeloMaster::new(&setup(flat(20), &riders, &[], Value::Null), 1).is_ok());
    let mut s = setup(flat(20), &riders, &[], Value::Null);
    s.teams.push("Neutral".into());
    for (k, at) in [(5, 0), (5, 2), (7, 0), (7, 2)].into_iter().enumerate() {
        s.riders.push(Entrant {
            id: format!("N{k}"),
            team: 2,
            start: Some(Pos::new(at.0, at.1)),
            attributes: json!({"role": "neutral"}),
        });
    }
    let e = VeloMaster::new(&s, 1).unwrap_err().to_string();
    assert!(
        e.contains("races only at Expert or Pro with two players"),
        "{e}"
    );
}

// ---- VM-039: a path never enters the same cell twice, its start included --------------------

/// Three files to row 5 (`relief` from row 1), then one file (lane 0) from row 6 on: from
/// (5, 1) and (5, 2) no cell lies ahead in their own file, so side steps between them exist
/// (VM-038: no more advanced cell touches on that side).
fn narrowing(relief: &str) -> Arc<Course> {
    let text = format!(
        "name = \"Narrowing\"\nlanes = 3\n[[segment]]\nterrain = \"flat\"\nlength = 1\nstart = true\n\
         [[segment]]\nterrain = \"{relief}\"\nlength = 5\n\
         [[segment]]\nterrain = \"{relief}\"\nlanes = 1\nlength = 6\n\
         [[segment]]\nterrain = \"flat\"\nlength = 3\nfinish = true\n"
    );
    Arc::new(parse_course_toml(&text, "narrowing.toml").unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn vm_039_a_move_never_reenters_its_start_cell() {
    // L0 on (5, 1) with a 3: a side step to (5, 2); from there the only cell touching is
    // (5, 1), where the move started: no step is left, and the move ends blocked there.
    let mut s = duel(narrowing("flat"), (5, 1), (2, 0), &[3, 1]);
    give(&mut s, "L0", 3);
    assert!(steps(&s).contains(&(5, 2)));
    let ev = step(&mut s, (5, 2));
    assert_eq!(at(&s, "L0"), Some((5, 2)));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Blocked { lost: 2, .. })),
        "{ev:?}"
    );
    assert!(s.moving.as_ref().is_none_or(|m| m.rider != ix(&s, "L0")));
    // Nor is the start offered again: a refused step changes nothing.
    let mut s = duel(narrowing("flat"), (5, 1), (2, 0), &[3, 1]);
    give(&mut s, "L0", 3);
    step(&mut s, (5, 2));
    let seat = s.to_play().unwrap();
    let back = cell(&s, (5, 1));
    assert!(s.apply(seat, &Choice::Step { cell: back }).is_err());
}

#[test]
fn vm_039_vm_049_the_descent_extra_step_never_goes_back_to_a_cell_its_move_left() {
    // A descent: L0 on (5, 1) moves his 1 sideways to (5, 2) and stops on a descent cell. His
    // extra step is one more cell of the same move (seed 000, Les DESCENTES): its only
    // candidate is (5, 1), the cell just left, so no extra step is offered.
    let mut s = duel(narrowing("downhill"), (5, 1), (2, 0), &[1, 3]);
    give(&mut s, "L0", 1);
    let ev = step(&mut s, (5, 2));
    assert_eq!(at(&s, "L0"), Some((5, 2)));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ExtraStepOffered { .. })),
        "{ev:?}"
    );
    assert!(s.moving.as_ref().is_none_or(|m| m.rider != ix(&s, "L0")));
    // Where the extra step has a cell the move never entered, it is offered: from (5, 1)
    // straight on a 1, the extra step may go to (6, 0).
    let mut s = duel(narrowing("downhill"), (4, 1), (2, 0), &[1, 3]);
    give(&mut s, "L0", 1);
    let ev = step(&mut s, (5, 1));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ExtraStepOffered { .. })),
        "{ev:?}"
    );
    assert_eq!(steps(&s), vec![(5, 2), (6, 0)]);
}

// ---- Issue 21, item 15: A-15's option `bonus_limit` -----------------------------------------

#[test]
fn vm_055_a_15_bonus_limit_slot_gives_a_bike_one_bonus_a_slot_not_a_round() {
    // Team 0's slot: L0 (5, 1) and T1 (6, 1) play an entraide; L0 lands on (7, 0), T1 passes
    // him to (8, 1), right behind T0 (9, 1). In team 1's slot T1 and T0 stand in line: a
    // second entraide for T1 in the same round is open only when the limit is the slot.
    for (limit, open) in [("phase", false), ("slot", true)] {
        let riders = [
            r("L0", 0, true, (5, 1)),
            r("T0", 0, false, (9, 1)),
            r("L1", 1, true, (1, 0)),
            r("T1", 1, false, (6, 1)),
        ];
        let options = json!({"bonus_limit": limit});
        let mut s = VeloMaster::new(&setup(flat(20), &riders, &[1, 1], options), 1).unwrap();
        let (l0, t0, t1) = (ix(&s, "L0"), ix(&s, "T0"), ix(&s, "T1"));
        play(
            &mut s,
            Choice::Entraide {
                rear: l0,
                front: t1,
            },
        );
        let (c70, c81) = (cell(&s, (7, 0)), cell(&s, (8, 1)));
        play(&mut s, Choice::Jump { cell: c70 });
        play(&mut s, Choice::Jump { cell: c81 });
        assert_eq!((at(&s, "L0"), at(&s, "T1")), (Some((7, 0)), Some((8, 1))));
        // Team 0 moves nobody further.
        while s.to_play() == Some(0) {
            let legal = s.legal(0);
            let c = if legal.contains(&Choice::Stop) {
                Choice::Stop
            } else if legal.contains(&Choice::Roll) {
                Choice::Roll
            } else {
                legal[0]
            };
            play(&mut s, c);
        }
        assert_eq!(s.to_play(), Some(1));
        let offered = s.legal(1).contains(&Choice::Entraide {
            rear: t1,
            front: t0,
        });
        assert_eq!(offered, open, "bonus_limit = {limit}");
    }
}

// ---- the sensible bot in set situations ------------------------------------------------------
// Its weights follow no clause; these pin the choices its module promises ("straight on climbs
// rather than risk a power roll"), so that a changed weight shows.

fn sensible(s: &VeloMaster) -> Choice {
    let seat = s.to_play().expect("someone is to play");
    let legal = s.legal(seat);
    commissaire_engine::games::velo_master::bot::sensible(s, seat, &legal)
}

#[test]
fn the_sensible_bot_waits_behind_a_bike_on_a_climb_rather_than_ride_a_long_diagonal() {
    // L0 (10, 1) with a 5 on a slope of 8, T0 on (11, 1) ahead: only the diagonals are open,
    // and each costs a power roll that fails 8 times in 20 with the whole move still to ride.
    let mut s = duel(climb_course(8, ""), (10, 1), (11, 1), &[5, 1]);
    give(&mut s, "L0", 5);
    assert_eq!(steps(&s), vec![(11, 0), (11, 2)]);
    assert_eq!(sensible(&s), Choice::Stop);
    // On the flat the same diagonal costs nothing: he rides it.
    let mut s = duel(flat(20), (10, 1), (11, 1), &[5, 1]);
    give(&mut s, "L0", 5);
    assert!(matches!(sensible(&s), Choice::Step { .. }));
}

#[test]
fn the_sensible_bot_jumps_onto_a_danger_cell_straight_ahead_rather_than_a_diagonal_on_a_climb() {
    // T0 (10, 1) jumps over L0 (11, 1) on a slope of 8; (12, 1) straight ahead is a danger cell.
    let mut s = duel(climb_course(8, "\"12/1\""), (11, 1), (10, 1), &[3, 4]);
    entraide(&mut s, "T0", "L0");
    assert_eq!(landings(&s), vec![(12, 0), (12, 1), (12, 2)]);
    let straight = cell(&s, (12, 1));
    assert_eq!(sensible(&s), Choice::Jump { cell: straight });
    // On the flat a diagonal costs no roll: the danger cell is avoided.
    let mut s = duel(
        grid(&[("flat", 20)], "danger = [\"7/1\"]"),
        (6, 1),
        (5, 1),
        &[3, 4],
    );
    entraide(&mut s, "T0", "L0");
    let danger = cell(&s, (7, 1));
    let c = sensible(&s);
    assert!(
        matches!(c, Choice::Jump { cell } if cell != danger),
        "{c:?}"
    );
}

#[test]
fn the_sensible_bot_steps_to_a_cell_with_the_road_open_ahead() {
    // L0 (10, 1) with a 2; T0 and T1 fill (12, 0) and (12, 1). From (11, 0) the road ahead is
    // shut; from (11, 1) and (11, 2) the cell (12, 2) is open: the bot goes there.
    let mut s = race(
        flat(20),
        &[
            r("L0", 0, true, (10, 1)),
            r("T0", 0, false, (12, 0)),
            r("L1", 1, true, (1, 0)),
            r("T1", 1, false, (12, 1)),
        ],
        &[2, 1],
    );
    give(&mut s, "L0", 2);
    assert_eq!(steps(&s), vec![(11, 0), (11, 1), (11, 2)]);
    let shut = cell(&s, (11, 0));
    let c = sensible(&s);
    assert!(matches!(c, Choice::Step { cell } if cell != shut), "{c:?}");
}
