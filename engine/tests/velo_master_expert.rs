//! Velo Master at Expert, clause by clause (VM-xxx) and test vector by test vector (TV-xx):
//! teams of four, the leaders' and team-mates' phases, leader protection, squeezes, punctures,
//! crash severity. Same board as the Débutant tests: three files, (level, file) = (row, lane).

use commissaire_engine::course::{Course, Pos, parse_course_toml};
use commissaire_engine::games::velo_master::tables::{Severity, severity};
use commissaire_engine::games::velo_master::{Choice, Event, Spot, VeloMaster};
use commissaire_engine::registry::{self, Entrant, Setup};
use serde_json::{Value, json};
use std::sync::Arc;

fn course(runs: &str, extra: &str) -> Arc<Course> {
    let text = format!(
        "{extra}\nname = \"T\"\nlanes = 3\n[[segment]]\nterrain = \"flat\"\nlength = 1\nstart = true\n{runs}\
         [[segment]]\nterrain = \"flat\"\nlength = 3\nfinish = true\n"
    );
    Arc::new(parse_course_toml(&text, "t.toml").unwrap_or_else(|e| panic!("{e}")))
}

fn flat() -> Arc<Course> {
    course("[[segment]]\nterrain = \"flat\"\nlength = 30\n", "")
}

/// Levels 1-5 flat, a climb (slope 8, 2nd cat.) on 6-20, flat to the line at 31.
fn climb() -> Arc<Course> {
    course(
        "[[segment]]\nterrain = \"flat\"\nlength = 5\n[[segment]]\nterrain = \"uphill\"\nlength = 15\n[[segment]]\nterrain = \"flat\"\nlength = 10\n[[climb]]\nslope = 8\ncategory = \"2\"\n",
        "",
    )
}

const NAMES: [[&str; 4]; 3] = [
    ["L0", "grey0", "violet0", "green0"],
    ["L1", "grey1", "violet1", "green1"],
    ["L2", "grey2", "violet2", "green2"],
];

/// Three teams of four; team 0 where given (leader first), teams 1 and 2 at the back with no
/// two bikes in line.
fn expert_setup(course: Arc<Course>, team0: [(u16, u8); 4], dice: &[u8]) -> Setup {
    let back = [
        [(4, 0), (0, 0), (0, 1), (0, 2)],
        [(4, 2), (2, 0), (2, 1), (2, 2)],
    ];
    let mut riders = Vec::new();
    for (t, places) in [team0, back[0], back[1]].iter().enumerate() {
        for (k, &(row, lane)) in places.iter().enumerate() {
            riders.push(Entrant {
                id: NAMES[t][k].into(),
                team: t as u8,
                start: Some(Pos::new(row, lane)),
                attributes: json!({"role": if k == 0 { "leader" } else { "team-mate" }}),
            });
        }
    }
    Setup {
        course,
        teams: (0..3).map(|t| format!("Team {t}")).collect(),
        riders,
        options: json!({"level": "expert"}),
        dice: dice.to_vec(),
    }
}

fn expert(course: Arc<Course>, team0: [(u16, u8); 4], dice: &[u8]) -> VeloMaster {
    VeloMaster::new(&expert_setup(course, team0, dice), 1).unwrap_or_else(|e| panic!("{e}"))
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

fn give(s: &mut VeloMaster, id: &str, die: u8) -> Vec<Event> {
    let rider = ix(s, id);
    play(s, Choice::Give { rider, die })
}

fn step(s: &mut VeloMaster, to: (u16, u8)) -> Vec<Event> {
    let c = cell(s, to);
    play(s, Choice::Step { cell: c })
}

/// The dice rolled in these events, in order.
fn dice_of(ev: &[Event]) -> Vec<Vec<u8>> {
    ev.iter()
        .filter_map(|e| match e {
            Event::DiceRolled { rolls, .. } => Some(rolls.iter().map(|r| r.face).collect()),
            _ => None,
        })
        .collect()
}

/// Team 0 passes its bonuses, gives its dice in order and stops every rider at once.
fn team0_pass(s: &mut VeloMaster) -> Vec<Event> {
    let mut ev = Vec::new();
    while s.to_play() == Some(0) {
        let legal = s.legal(0);
        let c = if legal.contains(&Choice::Stop) {
            Choice::Stop
        } else if legal.contains(&Choice::Roll) {
            Choice::Roll
        } else {
            legal[0]
        };
        ev.extend(s.apply(0, &c).unwrap());
    }
    ev
}

/// Passes the entraides on offer, if any: the dice are rolled.
fn roll(s: &mut VeloMaster) -> Vec<Event> {
    if s.to_play()
        .is_some_and(|p| s.legal(p).contains(&Choice::Roll))
    {
        play(s, Choice::Roll)
    } else {
        Vec::new()
    }
}

/// Other teams do not move: they pass every bonus, give their dice and stop at once.
fn others_pass(s: &mut VeloMaster) -> Vec<Event> {
    let mut ev = Vec::new();
    while let Some(seat) = s.to_play() {
        if seat == 0 {
            break;
        }
        let legal = s.legal(seat);
        let c = if legal.contains(&Choice::Stop) {
            Choice::Stop
        } else if legal.contains(&Choice::Roll) {
            Choice::Roll
        } else {
            legal[0]
        };
        ev.extend(s.apply(seat, &c).unwrap());
    }
    ev
}

fn dice_given(s: &VeloMaster) -> Vec<(u8, u8)> {
    let mut v: Vec<(u8, u8)> = s
        .legal(s.to_play().unwrap())
        .into_iter()
        .filter_map(|c| match c {
            Choice::Give { rider, die } => Some((rider, die)),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

const SPREAD: [(u16, u8); 4] = [(12, 1), (9, 0), (9, 2), (7, 1)];

#[test]
fn vm_013_vm_014_expert_teams_are_four_and_two_players_need_the_neutral_team() {
    let mut s = expert_setup(flat(), SPREAD, &[]);
    let mut fifth = s.riders[3].clone();
    fifth.id = "white0".into();
    fifth.start = Some(Pos::new(14, 0));
    s.riders.push(fifth);
    let e = VeloMaster::new(&s, 1).unwrap_err().to_string();
    assert!(e.contains("one leader and 3 team-mates"), "{e}");
    let mut s = expert_setup(flat(), SPREAD, &[]);
    s.riders[1].attributes = json!({"role": "leader"});
    let e = VeloMaster::new(&s, 1).unwrap_err().to_string();
    assert!(e.contains("2 leaders"), "{e}");
    let mut s = expert_setup(flat(), SPREAD, &[]);
    s.riders.retain(|r| r.team < 2);
    s.teams.truncate(2);
    let e = VeloMaster::new(&s, 1).unwrap_err().to_string();
    assert!(e.contains("neutral team (VM-014)"), "{e}");
}

#[test]
fn vm_032_vm_033_vm_034_leaders_phase_then_team_mates_phase() {
    // Leaders: team 0 rolls one d6 (5); teams 1 and 2 one each; then team-mates 3 d6 a team.
    let mut s = expert(flat(), SPREAD, &[5, 3, 3, 2, 4, 6]);
    assert_eq!(dice_of(&s.opening), vec![vec![5]]);
    // VM-033: the leader alone moves in his slot, up to his die.
    assert_eq!(s.moving.as_ref().map(|m| (m.rider, m.left)), Some((0, 5)));
    // The first choice's events begin with the stage's opening (order, first roll).
    let mut ev = play(&mut s, Choice::Stop);
    ev.extend(others_pass(&mut s));
    assert_eq!(dice_of(&ev), vec![vec![5], vec![3], vec![3], vec![2, 4, 6]]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::MatesPhase { round: 1 }))
    );
    // VM-034: each team-mate one die, no die twice.
    let options = dice_given(&s);
    assert_eq!(options.len(), 9);
    give(&mut s, "grey0", 6);
    play(&mut s, Choice::Stop);
    assert_eq!(dice_given(&s), vec![(2, 2), (2, 4), (3, 2), (3, 4)]);
    give(&mut s, "violet0", 2);
    play(&mut s, Choice::Stop);
    // The last team-mate takes the last die without being asked.
    assert_eq!(s.moving.as_ref().map(|m| (m.rider, m.left)), Some((3, 4)));
}

#[test]
fn vm_032_each_phase_of_a_round_has_a_post_of_its_own() {
    // The channel gets a post a phase: round 1's leaders are phase 2, its team-mates 3, and
    // round 2's leaders 4 (the start, when there is one, is phase 0).
    use commissaire_engine::registry::Game;
    let mut s = expert(flat(), SPREAD, &[3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]);
    assert_eq!(Game::phase(&s), Some(2));
    team0_pass(&mut s);
    others_pass(&mut s);
    assert_eq!(Game::phase(&s), Some(3));
    team0_pass(&mut s);
    others_pass(&mut s);
    assert_eq!(Game::phase(&s), Some(4));
}

#[test]
fn vm_032_the_finish_has_the_post_after_the_last_rounds_two() {
    // Bots ride a whole race; the race's last round R had its leaders' post 2R and its
    // team-mates' 2R + 1, and the finish is told in a post of its own, 2R + 2.
    use commissaire_engine::registry::Game;
    let mut s = expert(flat(), SPREAD, &[]);
    let mut last = 0;
    while let Some(seat) = s.to_play() {
        last = Game::phase(&s).unwrap();
        let c = commissaire_engine::games::velo_master::bot::sensible(&s, seat, &s.legal(seat));
        s.apply(seat, &c).unwrap();
    }
    assert!(last >= 4, "several rounds: {last}");
    let round = last / 2;
    assert_eq!(Game::phase(&s), Some(round * 2 + 2));
}

#[test]
fn tv_27_vm_035_a_lone_team_mate_takes_any_of_the_three_dice() {
    // grey0 and violet0 across the line already: start them past it is not allowed, so put
    // them one step short and let them finish in the first team-mates' phase.
    let mut s = expert(
        flat(),
        [(12, 1), (30, 0), (30, 2), (7, 1)],
        &[5, 3, 3, 2, 3, 5, 2, 2, 2, 2, 2, 2, 5, 3, 3, 1, 4, 6],
    );
    play(&mut s, Choice::Stop);
    others_pass(&mut s);
    give(&mut s, "grey0", 2);
    step(&mut s, (31, 0));
    give(&mut s, "violet0", 3);
    step(&mut s, (31, 2));
    assert!(!s.racing(1) && !s.racing(2));
    team0_pass(&mut s);
    others_pass(&mut s);
    // Round 2, leaders, then team-mates: 1, 4, 6.
    team0_pass(&mut s);
    others_pass(&mut s);
    // Team-mates: 1, 4, 6; green0 alone may take any, the 6 included.
    let options = dice_given(&s);
    let green = ix(&s, "green0");
    assert_eq!(options, vec![(green, 1), (green, 4), (green, 6)]);
}

#[test]
fn tv_21_vm_100_a22_the_leader_on_a_climb_rolls_one_more_die_per_touching_team_mate() {
    // (a) L on (10, 1), team-mates on (9, 1) and (10, 2), an opponent... team-mate green far.
    let mut s = expert(climb(), [(10, 1), (9, 1), (10, 2), (6, 0)], &[2, 5, 6]);
    assert_eq!(s.protectors(0), 2);
    // (9, 1) behind him makes an entraide to pass first; then the dice.
    let ev = roll(&mut s);
    assert_eq!(dice_of(&ev), vec![vec![2, 5, 6]]);
    // He moves with exactly one die of his choice.
    let mut v = s.legal(0);
    v.sort_by_key(|c| format!("{c:?}"));
    assert_eq!(
        v,
        vec![
            Choice::Give { rider: 0, die: 2 },
            Choice::Give { rider: 0, die: 5 },
            Choice::Give { rider: 0, die: 6 }
        ]
    );
    // (b) one on (9, 0) touches, one on (8, 1) does not: 2 d6.
    let s = expert(climb(), [(10, 1), (9, 0), (8, 1), (6, 0)], &[2, 5]);
    assert_eq!(s.protectors(0), 1);
    assert_eq!(dice_of(&s.opening), vec![vec![2, 5]]);
    // (c) the same team-mates as (a) on the flat: 1 d6.
    let mut s = expert(flat(), [(10, 1), (9, 1), (10, 2), (6, 0)], &[5]);
    assert_eq!(s.protectors(0), 0);
    let ev = roll(&mut s);
    assert_eq!(dice_of(&ev), vec![vec![5]]);
}

#[test]
fn tv_22_vm_101_a_diagonal_between_two_bikes_costs_a_skill_roll() {
    // (a) rider on (5, 1) to (6, 2) with bikes on (6, 1) and (5, 2): a roll before landing.
    let mut s = expert(flat(), [(5, 1), (6, 1), (5, 2), (12, 0)], &[3, 14]);
    roll(&mut s);
    assert_eq!(s.moving.as_ref().map(|m| m.rider), Some(0));
    let ev = step(&mut s, (6, 2));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::SkillRoll { roll, crash: false, .. } if roll.face == 14))
    );
    // (b) only (6, 1) occupied: no roll.
    let mut s = expert(flat(), [(5, 1), (6, 1), (3, 2), (12, 0)], &[3]);
    roll(&mut s);
    let ev = step(&mut s, (6, 2));
    assert!(!ev.iter().any(|e| matches!(e, Event::SkillRoll { .. })));
}

#[test]
fn tv_11_vm_110_the_severity_table() {
    let cases = [
        (1, Severity::Abandon, 0),
        (2, Severity::Serious, 2),
        (3, Severity::Serious, 2),
        (4, Severity::Injury, 1),
        (9, Severity::Injury, 1),
        (10, Severity::Scratch, 0),
        (17, Severity::Scratch, 0),
        (18, Severity::Unhurt, 0),
        (20, Severity::Unhurt, 0),
    ];
    for (face, sev, misses) in cases {
        assert_eq!(severity(face), sev, "d20 {face}");
        assert_eq!(sev.misses(), misses);
    }
}

fn danger_flat() -> Arc<Course> {
    course(
        "[[segment]]\nterrain = \"flat\"\nlength = 30\n",
        "danger = [\"13/1\", \"8/0\"]",
    )
}

#[test]
fn vm_110_vm_111_an_expert_crash_rolls_severity_and_the_rider_waits_at_the_roadside() {
    // L0 steps onto the danger cell (13, 1): skill 2 (crash), severity 4 (injury, 1 turn).
    let mut s = expert(danger_flat(), SPREAD, &[3, 2, 4]);
    let ev = step(&mut s, (13, 1));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Severity {
            severity: Severity::Injury,
            ..
        }
    )));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Crashed {
            rider: 0,
            misses: 1,
            ..
        }
    )));
    assert_eq!(s.riders[0].spot, Spot::Roadside(cell(&s, (13, 1))));
    // Severity 1: the rider abandons, for good.
    let mut s = expert(danger_flat(), SPREAD, &[3, 1, 1]);
    let ev = step(&mut s, (13, 1));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Abandoned { rider: 0, .. }))
    );
    assert_eq!(s.riders[0].spot, Spot::Out);
    // Severity 18-20: no injury, but the move is over and he waits for his next turn.
    let mut s = expert(danger_flat(), SPREAD, &[3, 1, 19]);
    step(&mut s, (13, 1));
    assert_eq!(s.riders[0].spot, Spot::Roadside(cell(&s, (13, 1))));
    assert_eq!(s.riders[0].misses, 0);
    assert_ne!(s.to_play(), None);
    assert!(s.moving.as_ref().is_none_or(|m| m.rider != 0));
}

#[test]
fn tv_11_vm_110_a_scratched_team_mate_moves_with_the_worst_die() {
    // green0 falls on (8, 0) (skill 1, severity 12: scratch) in the first team-mates' phase;
    // in the next, the team rolls 3, 5, 6: he moves with the 3.
    let mut s = expert(
        danger_flat(),
        SPREAD,
        &[5, 3, 3, 2, 4, 6, 1, 12, 2, 2, 2, 2, 2, 2, 5, 3, 3, 3, 5, 6],
    );
    play(&mut s, Choice::Stop);
    others_pass(&mut s);
    give(&mut s, "green0", 2);
    let ev = step(&mut s, (8, 0));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Severity {
            severity: Severity::Scratch,
            ..
        }
    )));
    team0_pass(&mut s);
    others_pass(&mut s);
    // Round 2: the leader, the others; then green0 is back on (8, 0), behind grey0 (an
    // entraide to pass), and the team-mates roll 3, 5, 6.
    team0_pass(&mut s);
    others_pass(&mut s);
    assert_eq!(at(&s, "green0"), Some((8, 0)));
    roll(&mut s);
    let green = ix(&s, "green0");
    let options = dice_given(&s);
    assert!(options.contains(&(green, 3)), "{options:?}");
    assert!(
        !options.iter().any(|&(r, d)| r == green && d != 3),
        "{options:?}"
    );
    // The others take the 5 and the 6 only.
    assert!(
        !options.iter().any(|&(r, d)| r != green && d == 3),
        "{options:?}"
    );
}

#[test]
fn tv_11_vm_110_a_scratched_leader_rolls_three_dice_and_keeps_the_lowest() {
    let mut s = expert(flat(), SPREAD, &[5]);
    s.riders[0].scratch = true;
    assert_eq!(s.leader_dice(0), (3, true));
}

#[test]
fn tv_26_vm_086_penalised_team_mates_share_the_smallest_die() {
    let mut s = expert(flat(), SPREAD, &[5, 3, 3, 2, 5, 6]);
    for id in ["grey0", "green0"] {
        let r = ix(&s, id);
        s.riders[r as usize].scratch = true;
    }
    play(&mut s, Choice::Stop);
    others_pass(&mut s);
    let (grey, violet, green) = (ix(&s, "grey0"), ix(&s, "violet0"), ix(&s, "green0"));
    assert_eq!(
        dice_given(&s),
        vec![(grey, 2), (violet, 5), (violet, 6), (green, 2)]
    );
    give(&mut s, "grey0", 2);
    play(&mut s, Choice::Stop);
    assert_eq!(dice_given(&s), vec![(violet, 5), (violet, 6), (green, 2)]);
}

#[test]
fn tv_12_vm_106_vm_109_a_team_mate_given_the_1_of_4_2_1_punctures_and_comes_back_after_the_phase() {
    let mut s = expert(flat(), SPREAD, &[5, 3, 3, 4, 2, 1]);
    play(&mut s, Choice::Stop);
    others_pass(&mut s);
    let ev = give(&mut s, "violet0", 1);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Punctured { rider: 2, .. })),
        "{ev:?}"
    );
    assert_eq!(s.riders[2].spot, Spot::Roadside(cell(&s, (9, 2))));
    // Grey and green move with the 4 and the 2.
    give(&mut s, "grey0", 4);
    play(&mut s, Choice::Stop);
    assert_eq!(s.moving.as_ref().map(|m| (m.rider, m.left)), Some((3, 2)));
    play(&mut s, Choice::Stop);
    // VM-109: back on his cell when the team-mates' phase ends.
    let ev = others_pass(&mut s);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::BackOnRoad { rider: 2, .. }))
    );
    assert_eq!(at(&s, "violet0"), Some((9, 2)));
    // 4, 2, 2 and 4, 1, 1: no puncture.
    for roll in [[4, 2, 2], [4, 1, 1]] {
        let mut s = expert(flat(), SPREAD, &[5, 3, 3, roll[0], roll[1], roll[2]]);
        play(&mut s, Choice::Stop);
        others_pass(&mut s);
        let die = *roll.iter().min().unwrap();
        let ev = give(&mut s, "violet0", die);
        assert!(
            !ev.iter().any(|e| matches!(e, Event::Punctured { .. })),
            "{roll:?}"
        );
    }
}

#[test]
fn tv_12_vm_107_vm_108_a34_a_leaders_roll_is_checked_with_the_other_dice() {
    // One die: 3, no check; 1 then 2, 4: puncture; 1 then 4, 4: none, he moves up to 1.
    let s = expert(flat(), SPREAD, &[3]);
    assert!(
        !s.opening
            .iter()
            .any(|e| matches!(e, Event::PunctureCheck { .. }))
    );
    let s = expert(flat(), SPREAD, &[1, 2, 4]);
    assert!(
        s.opening
            .iter()
            .any(|e| matches!(e, Event::Punctured { rider: 0, .. }))
    );
    let s = expert(flat(), SPREAD, &[1, 4, 4]);
    assert!(
        s.opening
            .iter()
            .any(|e| matches!(e, Event::PunctureCheck { .. }))
    );
    assert!(
        !s.opening
            .iter()
            .any(|e| matches!(e, Event::Punctured { .. }))
    );
    assert_eq!(s.moving.as_ref().map(|m| m.left), Some(1));
    // Two dice (one protector on a climb): 1+2 then 4: puncture; 1+2 then 3: none; 2+4 then
    // 1: puncture; 1+1 and 4+4: no check.
    let two = [(10, 1), (9, 1), (5, 0), (3, 0)];
    for (faces, punctured, checked) in [
        (vec![1, 2, 4], true, true),
        (vec![1, 2, 3], false, true),
        (vec![2, 4, 1], true, true),
        (vec![1, 1], false, false),
        (vec![4, 4], false, false),
    ] {
        let mut s = expert(climb(), two, &faces);
        let ev = roll(&mut s);
        let p = ev
            .iter()
            .any(|e| matches!(e, Event::Punctured { rider: 0, .. }));
        let c = ev.iter().any(|e| matches!(e, Event::PunctureCheck { .. }));
        assert_eq!((p, c), (punctured, checked), "{faces:?}");
    }
    // Three dice: 4, 1, 2: puncture.
    let mut s = expert(climb(), [(10, 1), (9, 1), (10, 2), (3, 0)], &[4, 1, 2]);
    let ev = roll(&mut s);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Punctured { rider: 0, .. }))
    );
}

#[test]
fn vm_087_a25_an_abandoned_leader_no_longer_holds_the_race_open() {
    // L0 abandons; the race ends when the two other leaders are across.
    let mut s = expert(danger_flat(), SPREAD, &[3, 1, 1]);
    step(&mut s, (13, 1));
    assert_eq!(s.riders[0].spot, Spot::Out);
    assert!(!s.racing(0));
    let lines = s.classification();
    assert!(
        lines.iter().all(|l| l.rider != 0),
        "an abandoned rider is not classified"
    );
}

fn bots_finish(level: &str, file: &str, text: &str, teams: u8) {
    let course = Arc::new(parse_course_toml(text, file).unwrap());
    let per = if level == "debutant" { 2 } else { 4 };
    let mut riders = Vec::new();
    for t in 0..teams {
        for k in 0..per {
            riders.push(Entrant {
                id: format!("T{t}R{k}"),
                team: t,
                start: None,
                attributes: json!({"role": if k == 0 { "leader" } else { "team-mate" }}),
            });
        }
    }
    let options = if level == "pro" {
        json!({"level": "pro", "team_classification": false})
    } else {
        json!({ "level": level })
    };
    let setup = Setup {
        course,
        teams: (0..teams).map(|t| format!("Team {t}")).collect(),
        riders,
        options,
        dice: Vec::new(),
    };
    for seed in 0..4 {
        let mut stage = registry::start("velo-master", &setup, seed).unwrap();
        let mut choices = Vec::new();
        let mut n = 0;
        while !stage.is_over() {
            let owed = stage.waiting_on();
            assert_eq!(owed.len(), 1, "one seat at a time");
            let (seat, step) = owed[0];
            let key = stage.bot_choice(seat).unwrap();
            choices.push((seat, stage.choice_json(key.as_str()).unwrap()));
            stage.apply_at(seat, step, key.as_str()).unwrap();
            n += 1;
            assert!(n < 50_000, "{file}: the bots never finish");
        }
        let result = stage.view_json(commissaire_engine::game::Viewer::Public);
        assert_eq!(result["phase"], "over");
        // The same choices replayed from their JSON give the same race.
        let (again, _) = registry::replay("velo-master", &setup, seed, &choices).unwrap();
        assert_eq!(
            again.view_json(commissaire_engine::game::Viewer::Public),
            result
        );
    }
}

#[test]
fn bots_finish_expert_stages_on_every_velo_master_course() {
    for (file, text) in [
        (
            "vm-circuit-d-aurillac.toml",
            include_str!("../../config/courses/velo-master/vm-circuit-d-aurillac.toml"),
        ),
        (
            "vm-col-des-trois-cols.toml",
            include_str!("../../config/courses/velo-master/vm-col-des-trois-cols.toml"),
        ),
        (
            "vm-sprint-de-vic.toml",
            include_str!("../../config/courses/velo-master/vm-sprint-de-vic.toml"),
        ),
    ] {
        for teams in [3, 4] {
            bots_finish("expert", file, text, teams);
            bots_finish("pro", file, text, teams);
        }
    }
}

/// Flat, with a feed zone on levels 14-16.
fn feed_course() -> Arc<Course> {
    course(
        "[[segment]]\nterrain = \"flat\"\nlength = 13\n[[segment]]\nterrain = \"supply\"\nlength = 3\n[[segment]]\nterrain = \"flat\"\nlength = 14\n",
        "",
    )
}

#[test]
fn vm_103_a30_stopping_on_a_feed_cell_feeds_riding_past_misses() {
    // L0 (12, 1) with a 5: steps to 13, 14, 15 and stops: fed.
    let mut s = expert(feed_course(), SPREAD, &[5]);
    for lvl in 13..=15 {
        step(&mut s, (lvl, 1));
    }
    let ev = play(&mut s, Choice::Stop);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Fed { rider: 0, zone: 0 }))
    );
    assert!(!s.riders[0].missed_feed);
    // Riding through to level 17 without stopping in the zone misses it.
    let mut s = expert(feed_course(), SPREAD, &[5]);
    let mut ev = Vec::new();
    for lvl in 13..=17 {
        ev.extend(step(&mut s, (lvl, 1)));
    }
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::MissedFeed { rider: 0, zone: 0 }))
    );
    assert!(s.riders[0].missed_feed);
}

#[test]
fn vm_003_feed_cells_do_nothing_at_debutant() {
    let mut setup = expert_setup(feed_course(), SPREAD, &[5, 1]);
    setup
        .riders
        .retain(|r| !r.id.starts_with("violet") && !r.id.starts_with("green"));
    setup.options = Value::Null;
    let mut s = VeloMaster::new(&setup, 1).unwrap();
    let rider = ix(&s, "L0");
    play(&mut s, Choice::Give { rider, die: 5 });
    let mut ev = Vec::new();
    for lvl in 13..=17 {
        ev.extend(step(&mut s, (lvl, 1)));
    }
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::MissedFeed { .. } | Event::Fed { .. }))
    );
    assert!(!s.riders[0].missed_feed);
}

#[test]
fn tv_25_vm_104_a_team_mate_who_missed_the_feed_takes_the_smallest_die() {
    let mut s = expert(flat(), SPREAD, &[5, 3, 3, 2, 5, 6]);
    let grey = ix(&s, "grey0");
    s.riders[grey as usize].missed_feed = true;
    play(&mut s, Choice::Stop);
    others_pass(&mut s);
    let options = dice_given(&s);
    assert!(
        options
            .iter()
            .filter(|o| o.0 == grey)
            .all(|&o| o == (grey, 2)),
        "{options:?}"
    );
    assert!(options.contains(&(grey, 2)));
}

#[test]
fn tv_25_vm_105_a_leader_who_missed_the_feed_rolls_two_dice_keeps_the_lower() {
    // Round 1: L0 rides past the feed zone with his 5. Round 2: he rolls 3 and 6, moves up to 3.
    let mut s = expert(
        feed_course(),
        SPREAD,
        &[5, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 6],
    );
    for lvl in 13..=17 {
        step(&mut s, (lvl, 1));
    }
    assert!(s.riders[0].missed_feed);
    others_pass(&mut s);
    team0_pass(&mut s);
    let ev = others_pass(&mut s);
    assert!(dice_of(&ev).contains(&vec![3, 6]), "{:?}", dice_of(&ev));
    assert_eq!(s.moving.as_ref().map(|m| (m.rider, m.left)), Some((0, 3)));
    assert_eq!(s.leader_dice(0), (2, true));
}

/// Three teams placed freely: (leader, grey, violet, green) per team.
fn placed(course: Arc<Course>, teams: [[(u16, u8); 4]; 3], dice: &[u8]) -> VeloMaster {
    let mut setup = expert_setup(course, teams[0], dice);
    for (t, team) in teams.iter().enumerate() {
        for (k, &(row, lane)) in team.iter().enumerate() {
            setup.riders[t * 4 + k].start = Some(Pos::new(row, lane));
        }
    }
    VeloMaster::new(&setup, 1).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn tv_24_vm_102_a31_a_blocked_leader_keeps_his_points_until_the_road_opens() {
    // L0 on (5, 1) rolls 5; team 1's team-mates hold (6, 0), (6, 1), (6, 2).
    let mut s = placed(
        flat(),
        [
            [(5, 1), (2, 0), (2, 2), (3, 1)],
            [(4, 0), (6, 0), (6, 1), (6, 2)],
            [(4, 2), (0, 0), (0, 1), (0, 2)],
        ],
        &[5, 1, 1, 2, 2, 2, 3, 3, 3],
    );
    // L0 and violet1 are a line of two: pass the entraide; the 5 is rolled and blocked at once.
    let ev = roll(&mut s);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::RoadBlocked { rider: 0, kept: 5 })),
        "{ev:?}"
    );
    assert_eq!(s.riders[0].kept, 5);
    // Leaders 1 and 2 stay; team 0's team-mates stay: the road is still shut, nothing offered.
    others_pass(&mut s);
    team0_pass(&mut s);
    // Team 1's team-mates' slot: violet1 rides away from (6, 1).
    assert_eq!(s.to_play(), Some(1));
    roll(&mut s);
    give(&mut s, "violet1", 3);
    step(&mut s, (7, 1));
    play(&mut s, Choice::Stop);
    give(&mut s, "grey1", 3);
    play(&mut s, Choice::Stop);
    let ev = play(&mut s, Choice::Stop);
    // At the end of that slot L0 is offered his 5, before team 2 plays.
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::RoadOpen {
                rider: 0,
                points: 5
            }
        )),
        "{ev:?}"
    );
    assert_eq!(s.to_play(), Some(0));
    assert_eq!(
        s.moving.as_ref().map(|m| (m.rider, m.left, m.kept)),
        Some((0, 5, true))
    );
    // He may wait: the points stay his until his next leaders' slot.
    play(&mut s, Choice::Stop);
    assert_eq!(s.riders[0].kept, 5);
    assert_eq!(s.to_play(), Some(2));
}

#[test]
fn tv_24_vm_102_a_team_mate_keeps_nothing_and_the_points_die_with_the_next_leaders_slot() {
    // violet0 on (5, 0) is shut in too: (6, 0) and (6, 1) are taken, (5, 1) is beside him.
    let mut s = placed(
        flat(),
        [
            [(5, 1), (2, 0), (5, 0), (3, 1)],
            [(4, 0), (6, 0), (6, 1), (6, 2)],
            [(4, 2), (0, 0), (0, 1), (0, 2)],
        ],
        &[5, 1, 1, 2, 2, 2, 3, 3, 3, 2, 2, 2, 4],
    );
    roll(&mut s);
    assert_eq!(s.riders[0].kept, 5);
    others_pass(&mut s);
    roll(&mut s);
    let violet = ix(&s, "violet0");
    let ev = give(&mut s, "violet0", 2);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Blocked { rider, lost: 2 } if *rider == violet)),
        "{ev:?}"
    );
    assert_eq!(s.riders[violet as usize].kept, 0);
    team0_pass(&mut s);
    others_pass(&mut s);
    // Round 2: L0's leaders' slot begins and the kept points are gone.
    assert_eq!(s.riders[0].kept, 0);
}

// ---- 2.14 accélérations ---------------------------------------------------------------------

use commissaire_engine::games::velo_master::acceleration::votes_needed;

/// The active leader L0 on (5, 1) between team 1's grey1 (4, 1) and violet1 (6, 1).
fn line_of_three(course: Arc<Course>, x: Option<(u16, u8)>, dice: &[u8]) -> VeloMaster {
    placed(
        course,
        [
            [(5, 1), (16, 0), (16, 2), (18, 1)],
            [(3, 0), (4, 1), (6, 1), (0, 0)],
            [(3, 2), x.unwrap_or((0, 2)), (1, 2), (0, 1)],
        ],
        dice,
    )
}

fn accelerate_all_yes(s: &mut VeloMaster) -> Vec<Event> {
    let front = ix(s, "violet1");
    let mut ev = play(s, Choice::Accelerate { front });
    while s.voter().is_some() {
        ev.extend(play(s, Choice::Vote { yes: true }));
    }
    ev
}

fn jump(s: &mut VeloMaster, to: (u16, u8)) -> Vec<Event> {
    let c = cell(s, to);
    play(s, Choice::Jump { cell: c })
}

fn accel_landings(s: &VeloMaster) -> Vec<(u16, u8)> {
    let mut v: Vec<(u16, u8)> = s
        .accel_landings()
        .into_iter()
        .map(|l| {
            let p = s.fixed.board.cell(l.cell).pos;
            (p.row, p.lane)
        })
        .collect();
    v.sort();
    v
}

#[test]
fn tv_03_vm_091_at_least_half_of_the_line_must_agree() {
    let needed: Vec<usize> = (3..=8).map(votes_needed).collect();
    assert_eq!(needed, vec![2, 2, 3, 3, 4, 4]);
    // A line of three: the proposer's yes and two no: refused.
    let mut s = line_of_three(flat(), None, &[3]);
    let front = ix(&s, "violet1");
    assert!(s.legal(0).contains(&Choice::Accelerate { front }));
    play(&mut s, Choice::Accelerate { front });
    // Each bike's own director votes: team 1 for violet1 and grey1.
    assert_eq!(s.to_play(), Some(1));
    play(&mut s, Choice::Vote { yes: false });
    let ev = play(&mut s, Choice::Vote { yes: false });
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::AccelerationVoted {
            yes: 1,
            needed: 2,
            go: false
        }
    )));
    assert_eq!(at(&s, "L0"), Some((5, 1)));
}

#[test]
fn tv_18_vm_088_vm_092_vm_093_vm_094_the_line_leapfrogs_from_the_rear_each_plus_three() {
    let mut s = line_of_three(flat(), None, &[3]);
    accelerate_all_yes(&mut s);
    // grey1 (A) first, from the rear: one step beyond the head violet1 (C).
    assert_eq!(s.jumper(), Some(ix(&s, "grey1")));
    assert_eq!(s.to_play(), Some(1));
    assert_eq!(accel_landings(&s), vec![(7, 0), (7, 1), (7, 2)]);
    jump(&mut s, (7, 1));
    assert_eq!(s.jumper(), Some(0));
    jump(&mut s, (8, 1));
    let ev = jump(&mut s, (9, 1));
    assert_eq!(
        (at(&s, "grey1"), at(&s, "L0"), at(&s, "violet1")),
        (Some((7, 1)), Some((8, 1)), Some((9, 1)))
    );
    // VM-094: the active leader then plays his own move.
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::DiceRolled { seat: 0, .. })),
        "{ev:?}"
    );
    assert_eq!(s.moving.as_ref().map(|m| (m.rider, m.left)), Some((0, 3)));
}

#[test]
fn tv_19_vm_096_a18_a_bike_touching_the_head_ahead_may_be_swallowed() {
    // X = violet2 on (8, 1), outside the line.
    let mut s = line_of_three(flat(), Some((8, 1)), &[3]);
    accelerate_all_yes(&mut s);
    jump(&mut s, (7, 1));
    // B may swallow X and land beyond it, or land beside it.
    assert_eq!(
        accel_landings(&s),
        vec![(8, 0), (8, 2), (9, 0), (9, 1), (9, 2)]
    );
    jump(&mut s, (9, 1));
    // C passes A, X and B and lands on (10, 1); X never moves.
    assert_eq!(accel_landings(&s), vec![(10, 0), (10, 1), (10, 2)]);
    jump(&mut s, (10, 1));
    assert_eq!(at(&s, "grey2"), Some((8, 1)));
}

#[test]
fn vm_095_a_bike_that_stays_does_not_stop_the_ones_after_it() {
    let mut s = line_of_three(flat(), None, &[3]);
    accelerate_all_yes(&mut s);
    play(&mut s, Choice::Stop);
    // The leader jumps beyond violet1, the head.
    assert_eq!(s.jumper(), Some(0));
    jump(&mut s, (7, 1));
    assert_eq!(at(&s, "grey1"), Some((4, 1)));
}

#[test]
fn a_32_a_diagonal_landing_beside_nobody_costs_no_skill_roll() {
    // A-32 asks a skill roll of a diagonal landing between two bikes, and of no other: grey1
    // lands on (7, 0), diagonally off the head violet1 (6, 1), with nobody on (6, 0) or (7, 1).
    let mut s = line_of_three(flat(), None, &[3]);
    accelerate_all_yes(&mut s);
    let ev = jump(&mut s, (7, 0));
    assert_eq!(at(&s, "grey1"), Some((7, 0)));
    assert!(
        !ev.iter().any(|e| matches!(e, Event::SkillRoll { .. })),
        "{ev:?}"
    );
}

#[test]
fn a_32_an_entraide_landing_straight_ahead_between_bikes_costs_no_skill_roll() {
    // A-32 asks a skill roll of a diagonal landing between two bikes only. The rear bike on
    // (4, 1) jumps over L0 on (5, 1) and lands straight ahead on (6, 1), with bikes on
    // (5, 0), (5, 2), (6, 0) and (6, 2) all round it: a straight step squeezes nobody.
    let mut s = placed(
        flat(),
        [
            [(5, 1), (5, 0), (5, 2), (18, 1)],
            [(4, 1), (6, 0), (6, 2), (0, 0)],
            [(3, 2), (0, 2), (1, 2), (0, 1)],
        ],
        &[3, 3, 3],
    );
    let (rear, front) = (4, 0);
    assert!(
        s.legal(0).contains(&Choice::Entraide { rear, front }),
        "{:?}",
        s.legal(0)
    );
    play(&mut s, Choice::Entraide { rear, front });
    let ev = jump(&mut s, (6, 1));
    let id = s.fixed.ids[rear as usize].clone();
    assert_eq!(at(&s, &id), Some((6, 1)), "{ev:?}");
    assert!(
        !ev.iter().any(|e| matches!(e, Event::SkillRoll { .. })),
        "{ev:?}"
    );
}

#[test]
fn tv_20_vm_072_summit_places_follow_the_jumps_not_the_slot() {
    // A 3rd-category summit line between levels 8 and 9; the line (6, 1), (7, 1), (8, 1)
    // accelerates in the slot of its front bike, the leader L0.
    let course = course(
        "[[segment]]\nterrain = \"flat\"\nlength = 4\n[[segment]]\nterrain = \"uphill\"\nlength = 4\n[[segment]]\nterrain = \"flat\"\nlength = 20\n[[climb]]\nslope = 5\ncategory = \"3\"\n",
        "",
    );
    let mut s = placed(
        course,
        [
            [(8, 1), (14, 0), (14, 2), (16, 1)],
            [(3, 0), (6, 1), (7, 1), (0, 0)],
            [(3, 2), (0, 2), (1, 2), (0, 1)],
        ],
        // The team-mates' power rolls for going up the line on the climb, then L0's die.
        &[20, 20, 3],
    );
    let front = 0;
    play(&mut s, Choice::Accelerate { front });
    while s.voter().is_some() {
        play(&mut s, Choice::Vote { yes: true });
    }
    let mut ev = jump(&mut s, (9, 1));
    ev.extend(jump(&mut s, (10, 1)));
    ev.extend(jump(&mut s, (11, 1)));
    let crossed: Vec<(u8, u32)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::SummitCrossed { rider, points, .. } => Some((*rider, *points)),
            _ => None,
        })
        .collect();
    assert_eq!(
        crossed,
        vec![(ix(&s, "grey1"), 10), (ix(&s, "violet1"), 7), (0, 5)]
    );
    // A-21: each team-mate rolled once for going up the line on the climb; the leader none.
    let powers = ev
        .iter()
        .filter(|e| matches!(e, Event::PowerRoll { .. }))
        .count();
    assert_eq!(powers, 2);
}

#[test]
fn vm_088_no_accelerations_at_debutant() {
    let mut setup = expert_setup(flat(), SPREAD, &[3, 3]);
    setup.options = Value::Null;
    setup
        .riders
        .retain(|r| !r.id.starts_with("violet") && !r.id.starts_with("green"));
    for (r, (row, lane)) in
        setup
            .riders
            .iter_mut()
            .zip([(6, 1), (5, 1), (4, 1), (0, 0), (0, 2), (1, 0)])
    {
        r.start = Some(Pos::new(row, lane));
    }
    let s = VeloMaster::new(&setup, 1).unwrap();
    assert!(
        s.legal(0)
            .iter()
            .all(|c| !matches!(c, Choice::Accelerate { .. }))
    );
}

/// Levels 1-7 flat, a climb (slope 8) on 8-14, then flat; `danger` cells as given.
fn tv07_course(danger: &str) -> Arc<Course> {
    course(
        "[[segment]]\nterrain = \"flat\"\nlength = 7\n[[segment]]\nterrain = \"uphill\"\nlength = 7\n[[segment]]\nterrain = \"flat\"\nlength = 15\n[[climb]]\nslope = 8\ncategory = \"2\"\n",
        &format!("danger = [{danger}]"),
    )
}

fn tests_of(ev: &[Event]) -> Vec<&'static str> {
    ev.iter()
        .filter_map(|e| match e {
            Event::PowerRoll { .. } => Some("power"),
            Event::SkillRoll { .. } => Some("skill"),
            _ => None,
        })
        .collect()
}

/// Team-mate grey0 on (10, 1) at the rear of the line (11, 1), (12, 1), in the team-mates'
/// phase; the accélération is voted and grey0 is to jump.
fn tv07_mate(danger: &str) -> VeloMaster {
    let mut s = placed(
        tv07_course(danger),
        [
            [(20, 0), (10, 1), (20, 2), (22, 1)],
            [(3, 0), (11, 1), (0, 0), (0, 2)],
            [(3, 2), (12, 1), (2, 1), (4, 1)],
        ],
        &[3, 3, 3, 20, 20, 20, 20, 20],
    );
    team0_pass(&mut s);
    others_pass(&mut s);
    let front = ix(&s, "grey2");
    play(&mut s, Choice::Accelerate { front });
    while s.voter().is_some() {
        play(&mut s, Choice::Vote { yes: true });
    }
    assert_eq!(s.jumper(), Some(ix(&s, "grey0")));
    s
}

#[test]
fn tv_07_vm_098_a21_a_team_mate_going_up_a_line_on_a_climb() {
    // (1) diagonal landing on (13, 2): power (line), power (diagonal).
    let mut s = tv07_mate("");
    let ev = jump(&mut s, (13, 2));
    assert_eq!(tests_of(&ev), vec!["power", "power"]);
    // (2) and (11, 1) is a danger cell: power, skill, power.
    let mut s = tv07_mate("\"11/1\"");
    let ev = jump(&mut s, (13, 2));
    assert_eq!(tests_of(&ev), vec!["power", "skill", "power"]);
    // (3) straight landing on (13, 1), leaving and landing on the climb: 2 power rolls.
    let mut s = tv07_mate("");
    let ev = jump(&mut s, (13, 1));
    assert_eq!(tests_of(&ev), vec!["power", "power"]);
}

#[test]
fn tv_07_vm_099_a_leader_going_up_a_line_rolls_only_for_his_diagonal() {
    // (4) the rear bike is the leader, case (2): skill (danger), power (diagonal).
    let mut s = placed(
        tv07_course("\"11/1\""),
        [
            [(10, 1), (20, 0), (20, 2), (22, 1)],
            [(3, 0), (11, 1), (0, 0), (0, 2)],
            [(3, 2), (12, 1), (2, 1), (4, 1)],
        ],
        &[15, 20, 3],
    );
    let front = ix(&s, "grey2");
    play(&mut s, Choice::Accelerate { front });
    while s.voter().is_some() {
        play(&mut s, Choice::Vote { yes: true });
    }
    assert_eq!(s.jumper(), Some(0));
    let ev = jump(&mut s, (13, 2));
    assert_eq!(tests_of(&ev), vec!["skill", "power"]);
}

#[test]
fn vm_023_vm_026_expert_launches_four_rounds_in_the_d20_order() {
    let mut setup = expert_setup(flat(), SPREAD, &[]);
    for r in &mut setup.riders {
        r.start = None;
    }
    // d20: team 2 first (18), then team 0 (12), then team 1 (5).
    setup.dice = vec![12, 5, 18];
    let mut s = VeloMaster::new(&setup, 3).unwrap();
    let mut launches = Vec::new();
    let mut ev = Vec::new();
    while !ev.iter().any(|e| matches!(e, Event::RaceBegins)) {
        let seat = s.to_play().unwrap();
        let legal = s.legal(seat);
        if matches!(legal[0], Choice::Launch { .. }) {
            launches.push(seat);
        }
        let c = commissaire_engine::games::velo_master::bot::sensible(&s, seat, &legal);
        ev.extend(s.apply(seat, &c).unwrap());
    }
    // Four rounds, each in the d20 order whatever the leaders' places (VM-026).
    assert_eq!(launches, [2, 0, 1].repeat(4));
}

/// Tour riders read from JSON that carries both the current and the coming shape of the
/// record, so that this test does not depend on fields the result never reads.
fn tour_riders(s: &VeloMaster) -> Vec<commissaire_engine::tour::TourRider> {
    s.fixed
        .ids
        .iter()
        .enumerate()
        .map(|(i, id)| {
            serde_json::from_value(json!({
                "key": id, "team": s.fixed.team_of[i], "start_number": i + 1,
                "kind": "rouleur", "carried_exhaustion": 0, "abandoned": false,
                "attributes": null,
            }))
            .unwrap()
        })
        .collect()
}

#[test]
fn vm_087_the_stage_result_lists_an_abandoned_rider_without_place() {
    use commissaire_engine::registry::Game;
    use commissaire_engine::tour::{Outcome, StageKind};
    // L0 abandons on the danger cell; the bots then finish the race.
    let mut s = expert(danger_flat(), SPREAD, &[3, 1, 1]);
    step(&mut s, (13, 1));
    assert_eq!(s.riders[0].spot, Spot::Out);
    let riders = tour_riders(&s);
    assert!(
        Game::result(&s, 1, StageKind::Flat, &riders).is_err(),
        "still running"
    );
    while let Some(seat) = s.to_play() {
        let legal = s.legal(seat);
        let c = commissaire_engine::games::velo_master::bot::sensible(&s, seat, &legal);
        s.apply(seat, &c).unwrap();
    }
    let result = Game::result(&s, 1, StageKind::Flat, &riders).unwrap();
    assert_eq!(result.riders.len(), 12);
    let l0 = result
        .riders
        .iter()
        .find(|r| r.rider.as_str() == "L0")
        .unwrap();
    assert_eq!((l0.outcome.clone(), l0.place), (Outcome::Abandoned, None));
    let places: Vec<u32> = result.riders.iter().filter_map(|r| r.place).collect();
    assert_eq!(places, (1..=11).collect::<Vec<u32>>());
}

#[test]
fn random_legal_bots_finish_on_every_velo_master_course_at_both_levels() {
    use commissaire_engine::games::velo_master::bot;
    for text in [
        include_str!("../../config/courses/velo-master/vm-circuit-d-aurillac.toml"),
        include_str!("../../config/courses/velo-master/vm-col-des-trois-cols.toml"),
        include_str!("../../config/courses/velo-master/vm-sprint-de-vic.toml"),
    ] {
        for (level, per, teams) in [("debutant", 2, 4u8), ("expert", 4, 3)] {
            let course = Arc::new(parse_course_toml(text, "c.toml").unwrap());
            let riders = (0..teams)
                .flat_map(|t| {
                    (0..per).map(move |k| Entrant {
                        id: format!("T{t}R{k}"),
                        team: t,
                        start: None,
                        attributes: json!({"role": if k == 0 { "leader" } else { "team-mate" }}),
                    })
                })
                .collect();
            let setup = Setup {
                course,
                teams: (0..teams).map(|t| format!("Team {t}")).collect(),
                riders,
                options: json!({ "level": level }),
                dice: Vec::new(),
            };
            let mut s = VeloMaster::new(&setup, 11).unwrap();
            let mut n = 0u64;
            while let Some(seat) = s.to_play() {
                let legal = s.legal(seat);
                assert!(!legal.is_empty());
                let c = bot::random(&s, &legal, n);
                s.apply(seat, &c).unwrap();
                n += 1;
                assert!(n < 100_000, "random bots never finish");
            }
            assert!(s.is_over());
        }
    }
}

#[test]
fn vm_100_the_sensible_bot_brings_a_team_mate_beside_its_leader_on_a_climb() {
    // Leader on (10, 0); green0 on (9, 2) with a 1: straight on to (10, 2) is safe but far
    // from him; the diagonal (10, 1) costs a power roll and touches him, giving him a die more.
    let mut s = expert(
        climb(),
        [(10, 0), (20, 0), (20, 2), (9, 2)],
        &[3, 3, 3, 1, 4, 4],
    );
    team0_pass(&mut s);
    others_pass(&mut s);
    roll(&mut s);
    give(&mut s, "green0", 1);
    let legal = s.legal(0);
    let c = commissaire_engine::games::velo_master::bot::sensible(&s, 0, &legal);
    assert_eq!(
        c,
        Choice::Step {
            cell: cell(&s, (10, 1))
        }
    );
}

#[test]
fn the_sensible_bot_stops_to_eat_on_the_last_feed_cell_it_can_reach() {
    // VM-103 at Expert: L0 (12, 1) with a 5, the feed zone on levels 14-16. Inside the zone
    // with cells of it still ahead, he rides on; on its last level he stops to eat rather than
    // ride past it unfed (VM-104/105 would cost him the smallest die to the finish).
    let mut s = expert(feed_course(), SPREAD, &[5]);
    step(&mut s, (13, 1));
    step(&mut s, (14, 1));
    let seat = s.to_play().unwrap();
    let c = commissaire_engine::games::velo_master::bot::sensible(&s, seat, &s.legal(seat));
    assert!(
        matches!(c, Choice::Step { cell } if s.fixed.board.cell(cell).pos.row == 15),
        "{c:?}"
    );
    step(&mut s, (15, 1));
    step(&mut s, (16, 1));
    assert_eq!(s.moving.as_ref().map(|m| m.left), Some(1));
    let c = commissaire_engine::games::velo_master::bot::sensible(&s, seat, &s.legal(seat));
    assert_eq!(c, Choice::Stop);
    // Once fed he has nothing to stop for: the same cell, the same 1 left, he rides on.
    let mut s = expert(feed_course(), SPREAD, &[5]);
    s.riders[0].fed = 1;
    for lvl in 13..=16 {
        step(&mut s, (lvl, 1));
    }
    let c = commissaire_engine::games::velo_master::bot::sensible(&s, seat, &s.legal(seat));
    assert!(matches!(c, Choice::Step { .. }), "{c:?}");
}

#[test]
fn the_sensible_bot_lands_an_acceleration_as_far_up_the_road_as_it_can() {
    // TV-19's line: after grey1 lands on (7, 1), L0 (5, 1) may land beside X on level 8 or
    // beyond it on level 9; the bot takes level 9.
    let mut s = line_of_three(flat(), Some((8, 1)), &[3]);
    accelerate_all_yes(&mut s);
    jump(&mut s, (7, 1));
    assert_eq!(s.jumper(), Some(0));
    let c = commissaire_engine::games::velo_master::bot::sensible(&s, 0, &s.legal(0));
    assert!(
        matches!(c, Choice::Jump { cell } if s.fixed.board.cell(cell).pos.row == 9),
        "{c:?}"
    );
}

#[test]
fn the_sensible_bot_lands_one_level_further_on_a_danger_cell_rather_than_short_of_it() {
    // TV-19's line with level 9 all danger cells: L0 (5, 1) may land beside X on level 8 or
    // on a danger cell of level 9. A level is worth more than the 1-in-10 skill roll: level 9.
    let danger = course(
        "[[segment]]\nterrain = \"flat\"\nlength = 30\n",
        "danger = [\"9/0\", \"9/1\", \"9/2\"]",
    );
    let mut s = line_of_three(danger, Some((8, 1)), &[3]);
    accelerate_all_yes(&mut s);
    jump(&mut s, (7, 1));
    assert_eq!(s.jumper(), Some(0));
    let c = commissaire_engine::games::velo_master::bot::sensible(&s, 0, &s.legal(0));
    assert!(
        matches!(c, Choice::Jump { cell } if s.fixed.board.cell(cell).pos.row == 9),
        "{c:?}"
    );
}

// ---- 2.2 two players: the neutral team ------------------------------------------------------

/// Two players of four and the neutral team, placed as given (team 2 is neutral).
fn two_players(teams: [[(u16, u8); 4]; 3], dice: &[u8]) -> VeloMaster {
    let mut setup = expert_setup(flat(), teams[0], dice);
    for (t, team) in teams.iter().enumerate() {
        for (k, &(row, lane)) in team.iter().enumerate() {
            let r = &mut setup.riders[t * 4 + k];
            r.start = Some(Pos::new(row, lane));
            if t == 2 {
                r.id = format!("N{k}");
                r.attributes = json!({"role": "neutral"});
            }
        }
    }
    setup.teams[2] = "Neutral".into();
    VeloMaster::new(&setup, 1).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn vm_014_two_players_at_expert_need_the_neutral_team_which_has_no_leaders_slot() {
    let mut setup = expert_setup(flat(), SPREAD, &[]);
    setup.riders.retain(|r| r.team < 2);
    setup.teams.truncate(2);
    let e = VeloMaster::new(&setup, 1).unwrap_err().to_string();
    assert!(
        e.contains("add a third team of four riders, each {\"role\": \"neutral\"}"),
        "{e}"
    );
    // With it: only the two players' leaders play the leaders' phase.
    let mut s = two_players(
        [
            [(12, 1), (9, 0), (9, 2), (7, 1)],
            [(4, 0), (0, 0), (0, 1), (0, 2)],
            [(2, 0), (2, 2), (5, 1), (14, 0)],
        ],
        &[3, 3],
    );
    let mut seats = Vec::new();
    let mut ev = play(&mut s, Choice::Stop);
    ev.extend(others_pass(&mut s));
    for e in &ev {
        if let Event::SlotStarted { seat, .. } = e {
            seats.push(*seat);
        }
    }
    assert_eq!(seats, vec![0, 1]);
    assert!(ev.iter().any(|e| matches!(e, Event::MatesPhase { .. })));
}

#[test]
fn vm_015_vm_016_a09_the_better_placed_player_picks_two_neutral_riders_and_moves_them_after_his_own()
 {
    let mut s = two_players(
        [
            [(12, 1), (9, 0), (9, 2), (7, 1)],
            [(4, 0), (0, 0), (0, 1), (0, 2)],
            [(2, 0), (2, 2), (5, 1), (14, 0)],
        ],
        // Leaders 3, 3; team 0's team-mates 2, 2, 2; its neutral riders 4, 5.
        &[3, 3, 2, 2, 2, 4, 5],
    );
    play(&mut s, Choice::Stop);
    others_pass(&mut s);
    // Team 0's leader is better placed: team 0 picks two of the four neutral riders.
    assert_eq!(s.to_play(), Some(0));
    let picks = s.legal(0);
    assert_eq!(picks.len(), 6, "four riders, two to take: {picks:?}");
    let (n2, n3) = (ix(&s, "N2"), ix(&s, "N3"));
    let ev = play(&mut s, Choice::Pick { a: n2, b: n3 });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::NeutralsAllocated { .. }))
    );
    assert_eq!(s.controller(n2), 0);
    assert_eq!(
        s.controller(ix(&s, "N0")),
        1,
        "the other player has the other two"
    );
    // Own team-mates first (3 d6), then 2 d6 for the neutral riders, one each.
    for _ in 0..3 {
        let legal = s.legal(0);
        let c = legal
            .iter()
            .find(|c| matches!(c, Choice::Give { .. }))
            .copied();
        match c {
            Some(c) => {
                play(&mut s, c);
            }
            None => {
                play(&mut s, Choice::Stop);
            }
        }
        if s.moving.is_some() {
            play(&mut s, Choice::Stop);
        }
    }
    let options = dice_given(&s);
    assert_eq!(options, vec![(n2, 4), (n2, 5), (n3, 4), (n3, 5)]);
}

#[test]
fn a09_neutral_riders_are_launched_after_the_players_own_riders() {
    let mut setup = expert_setup(flat(), SPREAD, &[]);
    for (i, r) in setup.riders.iter_mut().enumerate() {
        r.start = None;
        if i >= 8 {
            r.attributes = json!({"role": "neutral"});
        }
    }
    setup.dice = vec![15, 4];
    let mut s = VeloMaster::new(&setup, 3).unwrap();
    let mut launched = Vec::new();
    let mut ev = Vec::new();
    while !ev.iter().any(|e| matches!(e, Event::RaceBegins)) {
        let seat = s.to_play().unwrap();
        let legal = s.legal(seat);
        if let Choice::Launch { rider, .. } = legal[0] {
            launched.push((seat, s.fixed.team_of[rider as usize]));
        }
        let c = commissaire_engine::games::velo_master::bot::sensible(&s, seat, &legal);
        ev.extend(s.apply(seat, &c).unwrap());
    }
    // Four rounds of own riders in the d20 order, then two rounds of neutral riders.
    let mut expected: Vec<(u8, u8)> = [(0, 0), (1, 1)].repeat(4);
    expected.extend([(0, 2), (1, 2)].repeat(2));
    assert_eq!(launched, expected);
}

#[test]
fn bots_finish_two_player_expert_races_with_the_neutral_team() {
    for text in [
        include_str!("../../config/courses/velo-master/vm-circuit-d-aurillac.toml"),
        include_str!("../../config/courses/velo-master/vm-col-des-trois-cols.toml"),
        include_str!("../../config/courses/velo-master/vm-sprint-de-vic.toml"),
    ] {
        let course = Arc::new(parse_course_toml(text, "c.toml").unwrap());
        let mut setup = expert_setup(course, SPREAD, &[]);
        for (i, r) in setup.riders.iter_mut().enumerate() {
            r.start = None;
            if i >= 8 {
                r.attributes = json!({"role": "neutral"});
            }
        }
        for seed in 0..3 {
            let mut stage = registry::start("velo-master", &setup, seed).unwrap();
            let mut n = 0;
            while !stage.is_over() {
                let owed = stage.waiting_on();
                assert_eq!(owed.len(), 1);
                assert_ne!(owed[0].0, 2, "the neutral team never decides");
                stage.play_bot(owed[0].0).unwrap();
                n += 1;
                assert!(n < 50_000);
            }
        }
    }
}

#[test]
fn vm_017_a10_a_fallen_neutral_rider_stays_with_the_player_who_was_moving_it() {
    let mut s = two_players(
        [
            [(12, 1), (9, 0), (9, 2), (7, 1)],
            [(4, 0), (0, 0), (0, 1), (0, 2)],
            [(2, 0), (2, 2), (5, 1), (14, 0)],
        ],
        &[3, 3, 2, 2, 2, 4, 5],
    );
    play(&mut s, Choice::Stop);
    others_pass(&mut s);
    let (n0, n2, n3) = (ix(&s, "N0"), ix(&s, "N2"), ix(&s, "N3"));
    play(&mut s, Choice::Pick { a: n2, b: n3 });
    assert_eq!(s.controller(n0), 1);
    // N0 falls while team 1 moves it (put at the roadside, one turn to miss).
    let Spot::Road(c) = s.riders[n0 as usize].spot else {
        panic!("on the road")
    };
    s.occupied[c as usize] = None;
    s.riders[n0 as usize].spot = Spot::Roadside(c);
    s.riders[n0 as usize].misses = 1;
    // Play on, everyone stopping, to the next allocation.
    let mut rounds = 0;
    loop {
        let seat = s.to_play().unwrap();
        let legal = s.legal(seat);
        if matches!(legal[0], Choice::Pick { .. }) {
            rounds += 1;
            // N0 is still team 1's: team 0 picks among the three others.
            assert_eq!(s.controller(n0), 1);
            assert!(
                legal
                    .iter()
                    .all(|c| !matches!(c, Choice::Pick { a, b } if *a == n0 || *b == n0))
            );
            assert_eq!(legal.len(), 3, "{legal:?}");
            break;
        }
        let c = if legal.contains(&Choice::Stop) {
            Choice::Stop
        } else if legal.contains(&Choice::Roll) {
            Choice::Roll
        } else {
            legal[0]
        };
        s.apply(seat, &c).unwrap();
    }
    assert_eq!(rounds, 1);
}

// ---- Pro: descent speed and braking, collective crashes, feed precision ---------------------

fn pro_options() -> Value {
    json!({"level": "pro", "condition": false, "attacks": false, "anti_doping": false,
           "team_classification": false})
}

fn pro(course: Arc<Course>, teams: [[(u16, u8); 4]; 3], dice: &[u8]) -> VeloMaster {
    let mut setup = expert_setup(course, teams[0], dice);
    for (t, team) in teams.iter().enumerate() {
        for (k, &(row, lane)) in team.iter().enumerate() {
            setup.riders[t * 4 + k].start = Some(Pos::new(row, lane));
        }
    }
    setup.options = pro_options();
    VeloMaster::new(&setup, 1).unwrap_or_else(|e| panic!("{e}"))
}

const BACK: [[(u16, u8); 4]; 2] = [
    [(3, 0), (0, 0), (0, 1), (0, 2)],
    [(3, 2), (2, 0), (2, 1), (2, 2)],
];

/// Flat levels 1-4, a descent on 5-16, then flat.
fn descent() -> Arc<Course> {
    course(
        "[[segment]]\nterrain = \"flat\"\nlength = 4\n[[segment]]\nterrain = \"downhill\"\nlength = 12\n[[segment]]\nterrain = \"flat\"\nlength = 14\n",
        "",
    )
}

fn skill_rolls(ev: &[Event]) -> usize {
    ev.iter()
        .filter(|e| matches!(e, Event::SkillRoll { .. }))
        .count()
}

#[test]
fn vm_002_every_pro_group_is_on_by_default_and_each_may_be_switched_off() {
    let mut setup = expert_setup(flat(), SPREAD, &[]);
    // The team classification is added up by the tour (VM-142): nothing is left to switch off.
    setup.options = json!({"level": "pro"});
    assert!(VeloMaster::new(&setup, 1).is_ok());
    setup.options = pro_options();
    assert!(VeloMaster::new(&setup, 1).is_ok());
}

#[test]
fn tv_29_vm_113_vm_114_a6_through_a_descent_rolls_for_speed_and_braking_costs_a_roll() {
    let team0 = [(4, 1), (20, 0), (20, 2), (22, 1)];
    let run = |die: u8, steps: u16, then: Option<bool>, dice: &[u8]| {
        let mut all = vec![die];
        all.extend_from_slice(dice);
        let mut s = pro(descent(), [team0, BACK[0], BACK[1]], &all);
        let mut ev = Vec::new();
        for lvl in 5..5 + steps {
            ev.extend(step(&mut s, (lvl, 1)));
        }
        if (steps as u8) < die {
            ev.extend(play(&mut s, Choice::Stop));
        }
        match then {
            Some(true) => ev.extend(step(&mut s, (5 + steps, 1))),
            Some(false) => ev.extend(play(&mut s, Choice::Stop)),
            None => {}
        }
        skill_rolls(&ev)
    };
    // (a) a 6 through descent cells, the extra step taken: 1 roll.
    assert_eq!(run(6, 6, Some(true), &[15]), 1);
    // (b) the 6 stopped after 4 by choice: speed and braking, then the extra step taken.
    assert_eq!(run(6, 4, Some(true), &[15, 15]), 2);
    // (c) as (a), the extra step declined: 2 rolls.
    assert_eq!(run(6, 6, Some(false), &[15, 15]), 2);
    // (d) a 5 through the descent: none.
    assert_eq!(run(5, 5, Some(true), &[]), 0);
    // (e) on the flat, a 6 stopped after 2 because the road is blocked: none.
    let mut s = pro(
        flat(),
        [[(5, 1), (8, 0), (8, 1), (8, 2)], BACK[0], BACK[1]],
        &[6],
    );
    let mut ev = step(&mut s, (6, 1));
    ev.extend(step(&mut s, (7, 1)));
    assert!(
        ev.iter().any(|e| matches!(e, Event::RoadBlocked { .. })),
        "{ev:?}"
    );
    assert_eq!(skill_rolls(&ev), 0);
}

#[test]
fn tv_23_vm_115_vm_116_a37_riders_behind_a_crash_roll_and_a_fall_spreads() {
    // Red (L0) on (5, 1) fails the squeeze roll towards (6, 2), between (6, 1) and (5, 2).
    let mut s = pro(
        flat(),
        [
            [(5, 1), (6, 1), (5, 2), (3, 0)],
            [(4, 0), (4, 1), (3, 1), (0, 0)],
            [(4, 2), (5, 0), (0, 1), (0, 2)],
        ],
        // L0's die; squeeze 1; (4, 0) 15, (4, 1) 2, (4, 2) 15; then (3, 0) 15, (3, 1) 15;
        // severities 18, 18.
        &[2, 1, 15, 2, 15, 15, 15, 18, 18],
    );
    roll(&mut s);
    let ev = step(&mut s, (6, 2));
    let order: Vec<(String, (u16, u8), bool)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::SkillRoll {
                rider, cell, crash, ..
            } => {
                let p = s.fixed.board.cell(*cell).pos;
                Some((
                    s.fixed.ids[*rider as usize].clone(),
                    (p.row, p.lane),
                    *crash,
                ))
            }
            _ => None,
        })
        .collect();
    let expected = [
        ("L0", (5, 1), true),
        ("L1", (4, 0), false),
        ("grey1", (4, 1), true),
        ("L2", (4, 2), false),
        ("green0", (3, 0), false),
        ("violet1", (3, 1), false),
    ];
    let expected: Vec<(String, (u16, u8), bool)> = expected
        .iter()
        .map(|(n, c, f)| (n.to_string(), *c, *f))
        .collect();
    assert_eq!(order, expected);
    // (5, 0) is level with the crash cell: no roll. Both fallers then roll their severity.
    let severities = ev
        .iter()
        .filter(|e| matches!(e, Event::Severity { .. }))
        .count();
    assert_eq!(severities, 2);
}

#[test]
fn tv_30_vm_112_a_feed_cell_reached_by_a_bonus_in_ones_own_slot_counts_only_if_he_stays() {
    let teams = [
        [(20, 0), (9, 0), (12, 1), (7, 2)],
        [(3, 0), (13, 1), (0, 0), (0, 2)],
        [(3, 2), (1, 1), (5, 0), (5, 2)],
    ];
    let play_it = |moves: bool| {
        let mut setup = expert_setup(feed_course(), teams[0], &[3, 3, 3, 3, 2, 4]);
        for (t, team) in teams.iter().enumerate() {
            for (k, &(row, lane)) in team.iter().enumerate() {
                setup.riders[t * 4 + k].start = Some(Pos::new(row, lane));
            }
        }
        setup.options = pro_options();
        let mut s = VeloMaster::new(&setup, 1).unwrap();
        play(&mut s, Choice::Stop);
        others_pass(&mut s);
        // violet0 (12, 1) and grey1 (13, 1): violet0 jumps onto the feed cell (14, 1).
        let (violet, grey1) = (ix(&s, "violet0"), ix(&s, "grey1"));
        play(
            &mut s,
            Choice::Entraide {
                rear: violet,
                front: grey1,
            },
        );
        let mut ev = step_jump(&mut s, (14, 1));
        ev.extend(play(&mut s, Choice::Stop));
        assert!(
            !ev.iter().any(|e| matches!(e, Event::Fed { .. })),
            "not yet: {ev:?}"
        );
        ev.extend(give(&mut s, "violet0", 3));
        if moves {
            for lvl in 15..=17 {
                ev.extend(step(&mut s, (lvl, 1)));
            }
        } else {
            ev.extend(play(&mut s, Choice::Stop));
        }
        (
            ev.iter().any(|e| matches!(e, Event::Fed { .. })),
            s.riders[violet as usize].missed_feed,
        )
    };
    // (a) he moves 3 off it: not fed (and past the zone: missed).
    assert_eq!(play_it(true), (false, true));
    // (b) he makes no step: fed.
    assert_eq!(play_it(false), (true, false));
}

fn step_jump(s: &mut VeloMaster, to: (u16, u8)) -> Vec<Event> {
    let c = cell(s, to);
    play(s, Choice::Jump { cell: c })
}

#[test]
fn tv_40_vm_142_a49_team_classification_sums_the_three_best_times() {
    use commissaire_engine::games::velo_master::finish::team_classification;
    let riders = [
        (0, 300, false),
        (0, 305, false),
        (0, 310, false),
        (0, 400, false),
        (1, 290, false),
        (1, 300, false),
        (1, 330, false),
        (1, 331, false),
        (2, 200, false),
        (2, 201, false),
        (2, 100, true),
    ];
    let lines = team_classification(&riders);
    let got: Vec<(u8, u32)> = lines.iter().map(|l| (l.team, l.time)).collect();
    // X 915, Y 920: X ahead; Z, two riders left, after both.
    assert_eq!(got, vec![(0, 915), (1, 920), (2, 401)]);
}

// ---- Pro: physical condition ---------------------------------------------------------------

use commissaire_engine::games::velo_master::condition::{Why, band};

/// Pro with the condition rules; `attrs` adds attributes to riders by id.
fn pro_condition(
    course: Arc<Course>,
    teams: [[(u16, u8); 4]; 3],
    dice: &[u8],
    attrs: &[(&str, Value)],
) -> VeloMaster {
    let mut setup = expert_setup(course, teams[0], dice);
    for (t, team) in teams.iter().enumerate() {
        for (k, &(row, lane)) in team.iter().enumerate() {
            setup.riders[t * 4 + k].start = Some(Pos::new(row, lane));
        }
    }
    for (id, extra) in attrs {
        let r = setup.riders.iter_mut().find(|r| r.id == *id).unwrap();
        for (k, v) in extra.as_object().unwrap() {
            r.attributes[k] = v.clone();
        }
    }
    setup.options = json!({"level": "pro", "attacks": false, "anti_doping": false,
                           "team_classification": false});
    VeloMaster::new(&setup, 1).unwrap_or_else(|e| panic!("{e}"))
}

fn changes(ev: &[Event]) -> Vec<(u8, i32, i32, Why)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Condition {
                rider,
                change,
                now,
                why,
            } => Some((*rider, *change, *now, *why)),
            _ => None,
        })
        .collect()
}

#[test]
fn vm_133_to_vm_136_a40_condition_bands() {
    assert_eq!([100, 90, 89, 60, 59, 40].map(band), [0, 0, 1, 1, 2, 2]);
    // VM-134: a leader at 80 % on a climb loses his protection.
    let s = pro_condition(
        climb(),
        [[(10, 1), (9, 0), (10, 2), (3, 1)], BACK[0], BACK[1]],
        &[4],
        &[("L0", json!({"condition": 80}))],
    );
    assert_eq!(s.protectors(0), 2);
    assert_eq!(s.leader_dice(0), (1, false));
}

#[test]
fn tv_05_vm_132_vm_136_a_failed_power_roll_costs_10_and_below_40_the_rider_abandons() {
    // L0 at 40 % on the climb fails a diagonal power roll: 30 %, he abandons at once.
    let mut s = pro_condition(
        climb(),
        [[(10, 1), (20, 0), (20, 2), (22, 1)], BACK[0], BACK[1]],
        &[3, 5],
        &[("L0", json!({"condition": 40}))],
    );
    let ev = step(&mut s, (11, 2));
    assert_eq!(changes(&ev), vec![(0, -10, 30, Why::FailedPowerRoll)]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Abandoned { rider: 0, .. }))
    );
    assert_eq!(s.riders[0].spot, Spot::Out);
}

#[test]
fn vm_122_vm_119_vm_118_a38_a_power_roll_of_18_to_20_gains_unless_it_would_pass_100() {
    let mut s = pro_condition(
        climb(),
        [[(10, 1), (20, 0), (20, 2), (22, 1)], BACK[0], BACK[1]],
        &[3, 19],
        &[("L0", json!({"condition": 80}))],
    );
    let ev = step(&mut s, (11, 2));
    assert_eq!(changes(&ev), vec![(0, 10, 90, Why::PowerRoll)]);
    // From 90 % the gain lands on 100 % exactly: taken, 100 is not passed.
    let mut s = pro_condition(
        climb(),
        [[(10, 1), (20, 0), (20, 2), (22, 1)], BACK[0], BACK[1]],
        &[3, 19],
        &[("L0", json!({"condition": 90}))],
    );
    assert_eq!(
        changes(&step(&mut s, (11, 2))),
        vec![(0, 10, 100, Why::PowerRoll)]
    );
    // At 100 % the gain is refused by default, taken with "gains": "all" (VM-118: above 100).
    let mut s = pro_condition(
        climb(),
        [[(10, 1), (20, 0), (20, 2), (22, 1)], BACK[0], BACK[1]],
        &[3, 19],
        &[],
    );
    assert_eq!(changes(&step(&mut s, (11, 2))), vec![]);
    let mut s = pro_condition(
        climb(),
        [[(10, 1), (20, 0), (20, 2), (22, 1)], BACK[0], BACK[1]],
        &[3, 19],
        &[("L0", json!({"gains": "all"}))],
    );
    assert_eq!(
        changes(&step(&mut s, (11, 2))),
        vec![(0, 10, 110, Why::PowerRoll)]
    );
}

#[test]
fn vm_125_vm_126_a_doped_rider_starts_20_up_and_takes_every_gain() {
    let s = pro_condition(
        flat(),
        [SPREAD, BACK[0], BACK[1]],
        &[3],
        &[
            ("grey0", json!({"doped": true})),
            ("violet0", json!({"motivated": true, "gains": "all"})),
        ],
    );
    assert_eq!(s.riders[1].condition, 120);
    assert_eq!(s.riders[2].condition, 110);
    let opening = changes(&s.opening);
    assert!(opening.contains(&(1, 20, 120, Why::Doped)));
    assert!(opening.contains(&(2, 10, 110, Why::Motivated)));
}

#[test]
fn vm_131_a_crash_costs_condition_by_severity() {
    // Injury (severity 4): −30 %.
    let mut s = pro_condition(danger_flat(), [SPREAD, BACK[0], BACK[1]], &[3, 2, 4], &[]);
    let ev = step(&mut s, (13, 1));
    assert_eq!(changes(&ev), vec![(0, -30, 70, Why::Crash)]);
}

/// VM-131 then the abandon level: a rider at 60 % whose crash (an injury, −30 %) leaves him at
/// 30 % abandons where he fell: the crash put him at the roadside beside (13, 1), and his
/// abandon is told at that cell.
#[test]
fn vm_131_a_crash_that_takes_the_condition_under_40_abandons_at_the_roadside_cell() {
    let mut s = pro_condition(
        danger_flat(),
        [SPREAD, BACK[0], BACK[1]],
        &[3, 2, 4],
        &[("L0", json!({"condition": 60}))],
    );
    let ev = step(&mut s, (13, 1));
    assert_eq!(changes(&ev), vec![(0, -30, 30, Why::Crash)]);
    let fell_at = cell(&s, (13, 1));
    let abandoned: Vec<(u8, u16)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Abandoned { rider, cell } => Some((*rider, *cell)),
            _ => None,
        })
        .collect();
    assert_eq!(abandoned, vec![(0, fell_at)]);
    assert_eq!(at(&s, "L0"), None, "out of the race");
}

#[test]
fn vm_120_three_ones_on_the_team_mates_roll_gain_for_each_of_them() {
    let mut s = pro_condition(
        flat(),
        [SPREAD, BACK[0], BACK[1]],
        &[3, 3, 3, 1, 1, 1],
        &[
            ("grey0", json!({"condition": 80})),
            ("violet0", json!({"condition": 80})),
            ("green0", json!({"condition": 80})),
        ],
    );
    play(&mut s, Choice::Stop);
    let ev = others_pass(&mut s);
    let gains: Vec<u8> = changes(&ev)
        .into_iter()
        .filter(|c| c.3 == Why::Ones)
        .map(|c| c.0)
        .collect();
    assert_eq!(gains, vec![1, 2, 3]);
}

#[test]
fn vm_123_a_leader_moving_with_a_1_gains() {
    // 1, then the 4-2-1 check dice 3 and 3: no puncture; he moves with the 1.
    let s = pro_condition(
        flat(),
        [SPREAD, BACK[0], BACK[1]],
        &[1, 3, 3],
        &[("L0", json!({"condition": 80}))],
    );
    assert_eq!(changes(&s.opening), vec![(0, 10, 90, Why::Ones)]);
}

#[test]
fn vm_124_a_leader_with_two_team_mates_in_line_in_front_gains_once_a_phase() {
    // grey0 (13, 1) ahead of L0 (12, 1); violet0 steps into (14, 1): two in line in front.
    let mut s = pro_condition(
        flat(),
        [[(12, 1), (13, 1), (9, 2), (7, 1)], BACK[0], BACK[1]],
        &[3, 3, 3, 2, 6, 6],
        &[("L0", json!({"condition": 80}))],
    );
    roll(&mut s);
    play(&mut s, Choice::Stop);
    others_pass(&mut s);
    roll(&mut s);
    let mut ev = give(&mut s, "violet0", 6);
    for lvl in 10..=14 {
        let to = if lvl == 14 { (14, 1) } else { (lvl, 2) };
        ev.extend(step(&mut s, to));
    }
    ev.extend(play(&mut s, Choice::Stop));
    assert_eq!(
        changes(&ev)
            .into_iter()
            .filter(|c| c.3 == Why::TeamMatesInLine)
            .collect::<Vec<_>>(),
        vec![(0, 10, 90, Why::TeamMatesInLine)]
    );
    // Once a phase: the next segment of the same phase pays nothing more.
    let ev = give(&mut s, "grey0", 2);
    assert!(changes(&ev).iter().all(|c| c.3 != Why::TeamMatesInLine));
}

/// VM-124 counts the leader's own team-mates: a line whose first bike is a rival's gives the
/// leader nothing. As in the test above violet0 rides to (14, 1), but the bike at (13, 1), just in
/// front of L0, is the red leader's.
#[test]
fn vm_124_a_rivals_bike_in_the_line_gives_no_gain() {
    let mut s = pro_condition(
        flat(),
        [
            [(12, 1), (5, 0), (9, 2), (7, 1)],
            [(13, 1), (0, 0), (0, 1), (0, 2)],
            BACK[1],
        ],
        &[3, 3, 3, 2, 6, 6],
        &[("L0", json!({"condition": 80}))],
    );
    let mut ev = roll(&mut s);
    while s.to_play().is_some_and(|seat| seat != 0) {
        ev.extend(others_pass(&mut s));
        ev.extend(roll(&mut s));
    }
    ev.extend(play(&mut s, Choice::Stop));
    ev.extend(others_pass(&mut s));
    ev.extend(roll(&mut s));
    ev.extend(give(&mut s, "violet0", 6));
    for lvl in 10..=14 {
        let to = if lvl == 14 { (14, 1) } else { (lvl, 2) };
        ev.extend(step(&mut s, to));
    }
    ev.extend(play(&mut s, Choice::Stop));
    assert_eq!(
        [at(&s, "L0"), at(&s, "violet0")],
        [Some((12, 1)), Some((14, 1))],
    );
    assert_eq!(s.riders[ix(&s, "L0") as usize].condition, 80);
    assert!(
        changes(&ev).iter().all(|c| c.3 != Why::TeamMatesInLine),
        "{:?}",
        changes(&ev)
    );
}

#[test]
fn tv_31_vm_134_vm_135_a41_restricted_bikes_stay_in_their_lines_but_do_not_jump() {
    // A team-mate at 80 % may no longer accelerate: in the line of three he votes no by
    // himself and never jumps.
    let mut s = pro_condition(
        flat(),
        [
            [(5, 1), (16, 0), (16, 2), (18, 1)],
            [(3, 0), (4, 1), (6, 1), (0, 0)],
            BACK[1],
        ],
        &[3],
        &[("violet1", json!({"condition": 80}))],
    );
    let violet1 = ix(&s, "violet1");
    let ev = play(&mut s, Choice::Accelerate { front: violet1 });
    assert!(ev.iter().any(|e| matches!(e, Event::Vote { .. })) || s.voter().is_some());
    while s.voter().is_some() {
        assert_ne!(s.voter(), Some(violet1), "a restricted bike is not asked");
        play(&mut s, Choice::Vote { yes: true });
    }
    // grey1 and L0 jump; violet1 never does (the accélération ends without him).
    let mut jumpers = Vec::new();
    while let Some(j) = s.jumper() {
        jumpers.push(j);
        let c = s.legal(s.to_play().unwrap())[0];
        play(&mut s, c);
    }
    assert!(!jumpers.contains(&violet1) || at(&s, "violet1") == Some((6, 1)));
    assert_eq!(at(&s, "violet1"), Some((6, 1)));
    // At 50 % the rear bike of a line of two cannot entraide: nothing is offered.
    let s = pro_condition(
        flat(),
        [[(6, 1), (5, 1), (16, 2), (18, 1)], BACK[0], BACK[1]],
        &[3],
        &[("grey0", json!({"condition": 50}))],
    );
    assert!(
        s.legal(0)
            .iter()
            .all(|c| !matches!(c, Choice::Entraide { .. }))
    );
}

#[test]
fn vm_127_the_stage_winner_and_each_jersey_taker_gain_at_the_end() {
    let mut s = pro_condition(
        flat(),
        [[(30, 1), (30, 0), (30, 2), (29, 1)], BACK[0], BACK[1]],
        &[3, 3, 3, 3, 3, 3],
        &[("L0", json!({"condition": 70}))],
    );
    roll(&mut s);
    step(&mut s, (31, 1));
    others_pass(&mut s);
    let mut ev = Vec::new();
    for (id, to) in [("grey0", (31, 0)), ("violet0", (31, 2))] {
        if s.moving.is_none() {
            ev.extend(give(&mut s, id, 3));
        }
        ev.extend(step(&mut s, to));
    }
    // green0 moves last, with the die left.
    ev.extend(step(&mut s, (30, 1)));
    ev.extend(step(&mut s, (31, 1)));
    assert!(s.is_over());
    // L0 won the stage and wears the Or: two gains.
    let end: Vec<(u8, i32, i32, Why)> = changes(&ev)
        .into_iter()
        .filter(|c| matches!(c.3, Why::StageWin | Why::Jersey))
        .collect();
    assert_eq!(
        end,
        vec![(0, 10, 80, Why::StageWin), (0, 10, 90, Why::Jersey)]
    );
}

// ---- Pro: attacks ----------------------------------------------------------------------------

fn pro_attacks(teams: [[(u16, u8); 4]; 3], course: Arc<Course>, dice: &[u8]) -> VeloMaster {
    let mut setup = expert_setup(course, teams[0], dice);
    for (t, team) in teams.iter().enumerate() {
        for (k, &(row, lane)) in team.iter().enumerate() {
            setup.riders[t * 4 + k].start = Some(Pos::new(row, lane));
        }
    }
    setup.options = json!({"level": "pro", "anti_doping": false, "team_classification": false});
    VeloMaster::new(&setup, 1).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_33_a_44_a_scratched_rider_or_one_who_missed_the_feed_may_not_attack() {
    let mut s = pro_attacks([SPREAD, BACK[0], BACK[1]], flat(), &[3, 3, 3, 3, 5, 2, 6]);
    play(&mut s, Choice::Roll);
    play(&mut s, Choice::Stop);
    others_pass(&mut s);
    let (violet, green) = (ix(&s, "violet0"), ix(&s, "green0"));
    assert!(
        s.attack_options()
            .contains(&Choice::Attack { rider: violet })
    );
    s.riders[violet as usize].scratch = true;
    s.riders[green as usize].missed_feed = true;
    let offered = s.attack_options();
    assert!(
        !offered.contains(&Choice::Attack { rider: violet }),
        "{offered:?}"
    );
    assert!(
        !offered.contains(&Choice::Attack { rider: green }),
        "{offered:?}"
    );
}

#[test]
fn the_sensible_bot_attacks_with_a_leader_in_form_near_the_line() {
    // L0 on (20, 1), 11 levels from the line at 100 %: he attacks. Out of form (90 %), or
    // far from the line on (12, 1), he rolls with the others.
    let bot =
        |s: &VeloMaster| commissaire_engine::games::velo_master::bot::sensible(s, 0, &s.legal(0));
    let near = [(20, 1), (9, 0), (9, 2), (7, 1)];
    let s = pro_attacks([near, BACK[0], BACK[1]], flat(), &[3, 3, 3, 3]);
    assert!(s.legal(0).contains(&Choice::Attack { rider: 0 }));
    assert_eq!(bot(&s), Choice::Attack { rider: 0 });
    let mut tired = s.clone();
    tired.riders[0].condition = 90;
    assert_eq!(bot(&tired), Choice::Roll);
    let far = pro_attacks([SPREAD, BACK[0], BACK[1]], flat(), &[3, 3, 3, 3]);
    assert!(far.legal(0).contains(&Choice::Attack { rider: 0 }));
    assert_eq!(bot(&far), Choice::Roll);
}

#[test]
fn tv_32_vm_129_vm_137_vm_138_vm_139_vm_140_a44_an_attacking_team_mate_rolls_apart_the_others_share_two()
 {
    let mut s = pro_attacks([SPREAD, BACK[0], BACK[1]], flat(), &[3, 3, 3, 3, 5, 2, 6]);
    // The leaders' slot offers his attack before the dice; team 0 rolls instead.
    assert!(s.legal(0).contains(&Choice::Attack { rider: 0 }));
    play(&mut s, Choice::Roll);
    play(&mut s, Choice::Stop);
    others_pass(&mut s);
    let violet = ix(&s, "violet0");
    let ev = play(&mut s, Choice::Attack { rider: violet });
    assert_eq!(changes(&ev), vec![(violet, -20, 80, Why::Attack)]);
    // VM-137: one attack a slot; declared, it is not offered again before the roll.
    assert!(
        !s.attack_options()
            .contains(&Choice::Attack { rider: violet })
    );
    let ev = play(&mut s, Choice::Roll);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::AttackRolled { rider, .. } if *rider == violet))
    );
    // Violet moves first, up to 3 + 5.
    assert_eq!(
        s.moving.as_ref().map(|m| (m.rider, m.left)),
        Some((violet, 8))
    );
    play(&mut s, Choice::Stop);
    // Grey and green share 2 and 6, one each.
    let (grey, green) = (ix(&s, "grey0"), ix(&s, "green0"));
    assert_eq!(
        dice_given(&s),
        vec![(grey, 2), (grey, 6), (green, 2), (green, 6)]
    );
}

#[test]
fn tv_32_vm_141_an_attacking_leader_rolls_two_dice_and_has_no_protection() {
    // On a climb with two team-mates touching he would roll 3 d6; attacking, his own 2.
    let mut s = pro_attacks(
        [[(10, 1), (9, 0), (10, 2), (3, 1)], BACK[0], BACK[1]],
        climb(),
        &[4, 5],
    );
    // Nothing else to declare: his own dice are rolled at once.
    let ev = play(&mut s, Choice::Attack { rider: 0 });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::AttackRolled { rider: 0, .. }))
    );
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::DiceRolled { seat: 0, .. }))
    );
    assert_eq!(s.moving.as_ref().map(|m| (m.rider, m.left)), Some((0, 9)));
}

// ---- Pro: the doping control -----------------------------------------------------------------

#[test]
fn tv_41_vm_143_a43_the_winner_and_five_places_drawn_are_tested() {
    use commissaire_engine::games::velo_master::doping::doping_places;
    let mut faces = [1u8, 15, 3, 3, 7, 12, 2, 9].into_iter();
    let places = doping_places(12, || Ok(faces.next().unwrap())).unwrap();
    assert_eq!(places, vec![3, 7, 12, 2, 9]);
    // Five or fewer others: all are tested, no draw.
    let places = doping_places(4, || panic!("no draw")).unwrap();
    assert_eq!(places, vec![2, 3, 4]);
    let places = doping_places(6, || panic!("five others: no draw")).unwrap();
    assert_eq!(places, vec![2, 3, 4, 5, 6]);
    // Six others: five of them drawn.
    let mut faces = [7u8, 2, 3, 4, 5].into_iter();
    let places = doping_places(7, || Ok(faces.next().unwrap())).unwrap();
    assert_eq!(places, vec![7, 2, 3, 4, 5]);
}

#[test]
fn vm_143_a_doped_winner_is_excluded_and_the_next_rider_wins() {
    let mut setup = expert_setup(flat(), [(30, 1), (20, 0), (20, 2), (22, 1)], &[3, 3, 3]);
    let places = [
        [(30, 1), (20, 0), (20, 2), (22, 1)],
        [(30, 0), (0, 0), (0, 1), (0, 2)],
        [(30, 2), (2, 0), (2, 1), (2, 2)],
    ];
    for (t, team) in places.iter().enumerate() {
        for (k, &(row, lane)) in team.iter().enumerate() {
            setup.riders[t * 4 + k].start = Some(Pos::new(row, lane));
        }
    }
    setup.riders[0].attributes = json!({"role": "leader", "doped": true});
    setup.options = json!({"level": "pro", "attacks": false, "team_classification": false});
    let mut s = VeloMaster::new(&setup, 1).unwrap();
    let mut ev = Vec::new();
    for (id, to) in [("L0", (31, 1)), ("L1", (31, 0)), ("L2", (31, 2))] {
        assert_eq!(s.moving.as_ref().map(|m| m.rider), Some(ix(&s, id)));
        ev.extend(step(&mut s, to));
    }
    assert!(s.is_over());
    // Doped (120 %), he takes every gain: the win and the Or make 140 %.
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Tested {
            rider: 0,
            condition: 140,
            excluded: true,
            place: 1,
            drawn: false,
        }
    )));
    // Two others finished: both are tested as every finisher is, none drawn, no d20 rolled.
    let others: Vec<(u32, bool)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Tested { place, drawn, .. } if *place > 1 => Some((*place, *drawn)),
            _ => None,
        })
        .collect();
    assert_eq!(others, vec![(2, false), (3, false)]);
    assert!(!ev.iter().any(|e| matches!(e, Event::DopingDraw { .. })));
    let lines = s.classification();
    assert_eq!(lines[0].rider, ix(&s, "L1"));
    assert_eq!(lines[0].place, 1);
    assert!(lines.iter().all(|l| l.rider != 0));
    // The new winner takes the stage-win gain (refused above 100 by default: L1 is at 100).
    assert!(
        changes(&ev)
            .iter()
            .all(|c| c.0 != ix(&s, "L1") || c.3 != Why::StageWin)
    );
}

// ---- clauses proven on their own -----------------------------------------------------------

#[test]
fn vm_089_in_the_leaders_phase_only_the_leader_launches_an_acceleration() {
    // grey0 sits in the line (4, 1) grey1, (5, 1) grey0, (6, 1) violet1; L0 is alone ahead.
    let mut s = placed(
        flat(),
        [
            [(12, 1), (5, 1), (16, 2), (18, 1)],
            [(3, 0), (4, 1), (6, 1), (0, 0)],
            [(3, 2), (0, 2), (1, 2), (0, 1)],
        ],
        &[3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
    );
    let front = ix(&s, "violet1");
    assert_eq!(s.to_play(), Some(0));
    assert!(
        !s.legal(0).contains(&Choice::Accelerate { front }),
        "leaders' phase: the team-mate may not launch it"
    );
    team0_pass(&mut s);
    others_pass(&mut s);
    // The team-mates' phase: team 0's slot offers it to grey0's line.
    assert_eq!(
        s.slot.as_ref().map(|x| (x.seat, x.part)),
        Some((
            0,
            commissaire_engine::games::velo_master::stage::Part::Mates
        ))
    );
    assert!(
        s.legal(0).contains(&Choice::Accelerate { front }),
        "{:?}",
        s.legal(0)
    );
}

#[test]
fn vm_090_the_active_bike_must_be_among_the_three_front_bikes_of_the_line() {
    // L0 third from the front of (4, 1) grey1, (5, 1) L0, (6, 1) violet1, (7, 1) grey2.
    let s = line_of_three(flat(), Some((7, 1)), &[3]);
    let front = ix(&s, "grey2");
    assert!(
        s.legal(0).contains(&Choice::Accelerate { front }),
        "{:?}",
        s.legal(0)
    );
    // L0 fourth from the front: (3, 1) L0, (4, 1) grey1, (5, 1) grey2, (6, 1) violet1.
    let s = placed(
        flat(),
        [
            [(3, 1), (16, 0), (16, 2), (18, 1)],
            [(2, 0), (4, 1), (6, 1), (0, 0)],
            [(2, 2), (5, 1), (1, 2), (0, 1)],
        ],
        &[3],
    );
    assert_eq!(s.to_play(), Some(0));
    assert!(
        s.legal(0)
            .iter()
            .all(|c| !matches!(c, Choice::Accelerate { .. })),
        "{:?}",
        s.legal(0)
    );
}

#[test]
fn vm_097_a_jumper_rolls_for_every_danger_cell_it_passes_or_lands_on() {
    // The line (4, 1) grey1, (5, 1) L0, (6, 1) violet1 with danger cells on (5, 1), (6, 1)
    // and (7, 1): grey1 jumps to (7, 1) passing L0 and violet1's cells and landing on a third.
    let danger = course(
        "[[segment]]\nterrain = \"flat\"\nlength = 30\n",
        "danger = [\"5/1\", \"6/1\", \"7/1\"]",
    );
    let mut s = line_of_three(danger, None, &[15, 15, 15, 3]);
    accelerate_all_yes(&mut s);
    assert_eq!(s.jumper(), Some(ix(&s, "grey1")));
    let ev = jump(&mut s, (7, 1));
    let skill: Vec<u8> = ev
        .iter()
        .filter_map(|e| match e {
            Event::SkillRoll { roll, .. } => Some(roll.face),
            _ => None,
        })
        .collect();
    assert_eq!(skill, [15, 15, 15], "{ev:?}");
}

#[test]
fn vm_117_every_rider_starts_at_100_unless_his_sheet_says_otherwise() {
    let s = pro_condition(
        flat(),
        [SPREAD, BACK[0], BACK[1]],
        &[3],
        &[("grey0", json!({"condition": 70}))],
    );
    for (r, rider) in s.riders.iter().enumerate() {
        let expected = if r == ix(&s, "grey0") as usize {
            70
        } else {
            100
        };
        assert_eq!(rider.condition, expected, "{}", s.fixed.ids[r]);
    }
}

#[test]
fn vm_121_two_ones_on_a_roll_of_exactly_two_dice_gain() {
    // L0 on the climb with one team-mate touching him: he rolls two dice, 1 and 1 (then the
    // check die 3 for 4-2-1): +10 %.
    let s = pro_condition(
        climb(),
        [[(10, 1), (10, 2), (20, 2), (22, 1)], BACK[0], BACK[1]],
        &[1, 1, 3],
        &[("L0", json!({"condition": 80}))],
    );
    assert_eq!(s.leader_dice(0), (2, false));
    assert_eq!(changes(&s.opening), vec![(0, 10, 90, Why::Ones)]);
    // Two 1s among three dice (the team-mates' roll) are no gain: that takes three (VM-120).
    let mut s = pro_condition(
        flat(),
        [SPREAD, BACK[0], BACK[1]],
        &[3, 3, 3, 1, 1, 4],
        &[
            ("grey0", json!({"condition": 80})),
            ("violet0", json!({"condition": 80})),
            ("green0", json!({"condition": 80})),
        ],
    );
    play(&mut s, Choice::Stop);
    let ev = others_pass(&mut s);
    assert!(dice_of(&ev).contains(&vec![1, 1, 4]), "{:?}", dice_of(&ev));
    assert!(changes(&ev).iter().all(|c| c.3 != Why::Ones), "{ev:?}");
}

#[test]
fn vm_130_a_missed_feed_costs_30_percent() {
    // L0 (12, 1) rides through the feed zone (levels 14-16) to level 17 with his 5.
    let mut s = pro_condition(feed_course(), [SPREAD, BACK[0], BACK[1]], &[5], &[]);
    let mut ev = Vec::new();
    for lvl in 13..=17 {
        ev.extend(step(&mut s, (lvl, 1)));
    }
    assert!(
        changes(&ev).contains(&(0, -30, 70, Why::MissedFeed)),
        "{ev:?}"
    );
}

#[test]
fn vm_015_a_neutral_rider_is_a_team_mate_of_nobody_and_protects_no_leader() {
    // L0 on the climb at (10, 1); neutral N0 touches him on (10, 2).
    let mut setup = expert_setup(climb(), [(10, 1), (20, 0), (20, 2), (22, 1)], &[3]);
    let places = [
        [(4, 0), (0, 0), (0, 1), (0, 2)],
        [(10, 2), (2, 0), (2, 1), (2, 2)],
    ];
    for (t, team) in places.iter().enumerate() {
        for (k, &(row, lane)) in team.iter().enumerate() {
            let r = &mut setup.riders[(t + 1) * 4 + k];
            r.start = Some(Pos::new(row, lane));
            if t == 1 {
                r.id = format!("N{k}");
                r.attributes = json!({"role": "neutral"});
            }
        }
    }
    setup.teams[2] = "Neutral".into();
    let s = VeloMaster::new(&setup, 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.protectors(0), 0);
    assert_eq!(s.leader_dice(0), (1, false));
    // The neutral team has no leader: each of its four riders is a team-mate.
    let neutral = s.fixed.neutral.expect("a neutral team") as usize;
    assert!(
        s.fixed.riders_of[neutral]
            .iter()
            .all(|&r| s.fixed.roles[r as usize]
                != commissaire_engine::games::velo_master::options::Role::Leader)
    );
}

#[test]
fn vm_087_a_team_short_of_an_abandoned_rider_races_on_and_cannot_end_the_race_alone() {
    // green0 abandoned in an earlier stage: team 0 starts this one with three riders.
    let mut setup = expert_setup(flat(), SPREAD, &[]);
    setup.riders.retain(|r| r.id != "green0");
    for r in &mut setup.riders {
        r.attributes["later_stage"] = json!(true);
    }
    let mut s = VeloMaster::new(&setup, 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.fixed.riders_of[0].len(), 3);
    // Bots ride it out: it ends by the leaders (or nobody left), never by team 0 alone.
    for _ in 0..20_000 {
        if s.is_over() {
            break;
        }
        let seat = s.to_play().unwrap();
        let legal = s.legal(seat);
        let c = commissaire_engine::games::velo_master::bot::sensible(&s, seat, &legal);
        s.apply(seat, &c).unwrap();
    }
    assert!(s.is_over());
    let leaders_across = (0..3).map(|t| s.fixed.riders_of[t][0]).all(|l| {
        !matches!(
            s.riders[l as usize].spot,
            Spot::Road(_) | Spot::Roadside(_) | Spot::Start
        )
    });
    assert!(
        leaders_across,
        "the race ended before every leader was across"
    );
}

// ---- Issue 21: the end of the race (VM-075, VM-076, A-25) ----------------------------------

/// Pro with the condition rules (no doping control, no team classification: no d20 after the
/// line); team 0 where given, every rider's condition as given, no two bikes in line.
fn pro_conditions(
    team0: [(u16, u8); 4],
    condition: impl Fn(&str) -> i32,
    dice: &[u8],
) -> VeloMaster {
    let teams = [
        team0,
        [(4, 0), (0, 0), (0, 2), (2, 1)],
        [(4, 2), (2, 0), (2, 2), (5, 1)],
    ];
    let mut setup = expert_setup(flat(), team0, dice);
    for (t, team) in teams.iter().enumerate() {
        for (k, &(row, lane)) in team.iter().enumerate() {
            let rider = &mut setup.riders[t * 4 + k];
            rider.start = Some(Pos::new(row, lane));
            rider.attributes["condition"] = json!(condition(&rider.id));
        }
    }
    setup.options = json!({"level": "pro", "anti_doping": false, "team_classification": false});
    VeloMaster::new(&setup, 1).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays the seat to play: an attack if one is open (by a rider at 50 %), else the roll, else
/// stop.
fn attack_or_pass(s: &mut VeloMaster) -> Vec<Event> {
    let seat = s.to_play().expect("someone is to play");
    let legal = s.legal(seat);
    let c = legal
        .iter()
        .copied()
        .find(
            |c| matches!(c, Choice::Attack { rider } if s.riders[*rider as usize].condition == 50),
        )
        .or_else(|| legal.iter().copied().find(|c| *c == Choice::Roll))
        .unwrap_or(Choice::Stop);
    s.apply(seat, &c).unwrap_or_else(|e| panic!("{c:?}: {e}"))
}

fn race_over(ev: &[Event]) -> Option<Option<u8>> {
    ev.iter().find_map(|e| match e {
        Event::RaceOver { winner, .. } => Some(*winner),
        _ => None,
    })
}

#[test]
fn vm_075_a_25_the_race_ends_when_nobody_is_left_racing() {
    use commissaire_engine::game::Viewer;
    use commissaire_engine::registry::Game;
    // Every rider at 50 %: an attack (−20 %, VM-137) takes him to 30 %, and he abandons at
    // once (VM-136). Each attacks in turn; with the last one out, nobody is left on the road
    // and the race is over, in the first round, with no winner.
    let mut s = pro_conditions(SPREAD, |_| 50, &[]);
    let mut ev = Vec::new();
    while !s.is_over() {
        ev.extend(attack_or_pass(&mut s));
    }
    assert!((0..12).all(|r| s.riders[r].spot == Spot::Out));
    assert_eq!(race_over(&ev), Some(None), "over, nobody across");
    assert!(
        matches!(
            s.phase,
            commissaire_engine::games::velo_master::stage::Phase::Over { round: 1 }
        ),
        "over in round 1"
    );
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::RoundStarted { round } if *round > 1)),
        "no empty rounds after the last rider left"
    );
    let over: Vec<Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::RaceOver { .. }))
        .cloned()
        .collect();
    let told = Game::narrate(&s, &over, Viewer::Public);
    assert_eq!(told[0].text, "The race is over: nobody reached the line.");
}

#[test]
fn vm_075_vm_076_with_every_leader_out_the_race_goes_on_and_the_first_across_wins() {
    // The three leaders (and every team-mate but grey0) are at 50 %: one attack each puts them
    // out. grey0 (100 %) stands two rows short of the line, which lies after row 30.
    let team0 = [(12, 1), (29, 1), (9, 2), (7, 1)];
    let mut s = pro_conditions(team0, |id| if id == "grey0" { 100 } else { 50 }, &[2]);
    // The leaders' phase: each leader attacks and abandons.
    for _ in 0..3 {
        attack_or_pass(&mut s);
    }
    assert!((0..3).all(|t| s.riders[t * 4].spot == Spot::Out));
    assert!(!s.is_over(), "no leader crossed the line: the race goes on");
    // Team 0's team-mates' slot (its best rider leads the teams without a leader, A-05):
    // violet0 and green0 attack and abandon; grey0 is given the one die left, a 2.
    for id in ["violet0", "green0"] {
        let rider = ix(&s, id);
        play(&mut s, Choice::Attack { rider });
        assert_eq!(s.riders[rider as usize].spot, Spot::Out);
    }
    play(&mut s, Choice::Roll);
    let grey0 = ix(&s, "grey0");
    assert_eq!(
        s.moving.as_ref().map(|m| (m.rider, m.left)),
        Some((grey0, 2))
    );
    let ev = step(&mut s, (30, 1));
    assert!(
        !s.is_over(),
        "one step short of the line: still racing ({ev:?})"
    );
    assert_eq!(race_over(&ev), None);
    step(&mut s, (31, 1));
    assert_eq!(s.riders[grey0 as usize].spot, Spot::Finished);
    assert!(
        !s.is_over(),
        "team-mates of teams 1 and 2 are still on the road"
    );
    // Teams 1 and 2's team-mates attack and abandon: nobody is left, grey0 wins.
    let mut ev = Vec::new();
    while !s.is_over() {
        ev.extend(attack_or_pass(&mut s));
    }
    assert_eq!(race_over(&ev), Some(Some(grey0)));
    let first = &s.classification()[0];
    assert_eq!((first.rider, first.place, first.finished), (grey0, 1, true));
}

// ---- Issue 21: each skill roll told by its own name (VM-045, VM-101, VM-113…115) ------------

fn told(s: &VeloMaster, ev: &[Event]) -> Vec<(String, String)> {
    use commissaire_engine::game::Viewer;
    use commissaire_engine::registry::Game;
    let rolls: Vec<Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::SkillRoll { .. }))
        .cloned()
        .collect();
    Game::narrate(s, &rolls, Viewer::Public)
        .into_iter()
        .map(|t| (t.id.to_string(), t.text))
        .collect()
}

#[test]
fn vm_101_vm_113_vm_114_vm_115_each_skill_roll_is_told_by_its_own_name() {
    use commissaire_engine::games::velo_master::events::Skill;
    // VM-101: a diagonal between two bikes, (5, 1) to (6, 2), rolled from (5, 1).
    let mut s = expert(flat(), [(5, 1), (6, 1), (5, 2), (12, 0)], &[3, 14]);
    roll(&mut s);
    let ev = step(&mut s, (6, 2));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::SkillRoll {
            why: Skill::Squeeze,
            crash: false,
            ..
        }
    )));
    assert_eq!(
        told(&s, &ev),
        vec![(
            "vm-skill-roll-squeeze".into(),
            "L0 squeezes between two bikes 26 rows from the line: skill roll 14, safe.".into()
        )]
    );
    // VM-113, VM-114 (Pro): a 6 into the descent (level 5 on), stopped after 4 steps by
    // choice: the speed control as the path first touches a descent cell, then braking.
    let team0 = [(4, 1), (20, 0), (20, 2), (22, 1)];
    let mut s = pro(descent(), [team0, BACK[0], BACK[1]], &[6, 15, 16]);
    let mut ev = Vec::new();
    for lvl in 5..9 {
        ev.extend(step(&mut s, (lvl, 1)));
    }
    ev.extend(play(&mut s, Choice::Stop));
    assert_eq!(
        told(&s, &ev),
        vec![
            (
                "vm-skill-roll-speed".into(),
                "L0 takes the descent with a 6 26 rows from the line: speed control, skill roll 15, safe.".into()
            ),
            (
                "vm-skill-roll-braking".into(),
                "L0 brakes 23 rows from the line: skill roll 16, safe.".into()
            ),
        ]
    );
    // VM-115 (Pro): TV-23's chain: L0 falls squeezing from (5, 1); the riders behind him roll
    // to avoid his fall, and those behind grey1, who falls too, to avoid grey1's.
    let mut s = pro(
        flat(),
        [
            [(5, 1), (6, 1), (5, 2), (3, 0)],
            [(4, 0), (4, 1), (3, 1), (0, 0)],
            [(4, 2), (5, 0), (0, 1), (0, 2)],
        ],
        &[2, 1, 15, 2, 15, 15, 15, 18, 18],
    );
    roll(&mut s);
    let ev = step(&mut s, (6, 2));
    let whys: Vec<(String, Skill)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::SkillRoll { rider, why, .. } => {
                Some((s.fixed.ids[*rider as usize].clone(), *why))
            }
            _ => None,
        })
        .collect();
    let (l0, grey1) = (ix(&s, "L0"), ix(&s, "grey1"));
    let expected = [
        ("L0", Skill::Squeeze),
        ("L1", Skill::Collective { fallen: l0 }),
        ("grey1", Skill::Collective { fallen: l0 }),
        ("L2", Skill::Collective { fallen: l0 }),
        ("green0", Skill::Collective { fallen: grey1 }),
        ("violet1", Skill::Collective { fallen: grey1 }),
    ];
    let expected: Vec<(String, Skill)> =
        expected.iter().map(|(n, w)| (n.to_string(), *w)).collect();
    assert_eq!(whys, expected);
    let texts = told(&s, &ev);
    assert_eq!(
        texts[1],
        (
            "vm-skill-roll-collective".into(),
            "L1, 27 rows from the line, must avoid L0's fall: skill roll 15, safe.".into()
        )
    );
    assert_eq!(
        texts[2].1,
        "grey1, 27 rows from the line, must avoid L0's fall: skill roll 2, he crashes."
    );
    // VM-045: a danger cell keeps its own sentence.
    let mut s = expert(danger_flat(), SPREAD, &[3, 15]);
    let ev = step(&mut s, (13, 1));
    assert_eq!(told(&s, &ev)[0].0, "vm-skill-roll");
    assert!(
        told(&s, &ev)[0]
            .1
            .contains("skill roll on a danger cell 18 rows from the line: 15, safe")
    );
}

// ---- Issue 21: the rulings' options (A-36, A-25, A-15, A-10) -------------------------------

#[test]
fn vm_114_a_36_braking_only_on_descent_spares_a_6_stopped_on_the_flat() {
    // A 6 stopped by choice after 2 steps on the flat: a braking roll by default (A-36,
    // "FREINAGE": whenever he does not play the whole 6), none with the option.
    let run = |options: Value| {
        let mut setup = expert_setup(flat(), [(5, 1), (20, 0), (20, 2), (22, 1)], &[6, 15]);
        for (t, team) in BACK.iter().enumerate() {
            for (k, &(row, lane)) in team.iter().enumerate() {
                setup.riders[4 + t * 4 + k].start = Some(Pos::new(row, lane));
            }
        }
        setup.options = options;
        let mut s = VeloMaster::new(&setup, 1).unwrap();
        let mut ev = step(&mut s, (6, 1));
        ev.extend(step(&mut s, (7, 1)));
        ev.extend(play(&mut s, Choice::Stop));
        skill_rolls(&ev)
    };
    let mut options = pro_options();
    assert_eq!(run(options.clone()), 1);
    options["braking_only_on_descent"] = json!(true);
    assert_eq!(run(options.clone()), 0);
    // On a descent the option still brakes: TV-29 (b) with it on.
    let team0 = [(4, 1), (20, 0), (20, 2), (22, 1)];
    let mut setup = expert_setup(descent(), team0, &[6, 15, 15]);
    for (t, team) in BACK.iter().enumerate() {
        for (k, &(row, lane)) in team.iter().enumerate() {
            setup.riders[4 + t * 4 + k].start = Some(Pos::new(row, lane));
        }
    }
    setup.options = options;
    let mut s = VeloMaster::new(&setup, 1).unwrap();
    let mut ev = Vec::new();
    for lvl in 5..9 {
        ev.extend(step(&mut s, (lvl, 1)));
    }
    ev.extend(play(&mut s, Choice::Stop));
    assert_eq!(skill_rolls(&ev), 2, "speed and braking");
}

#[test]
fn vm_075_a_25_finish_all_rides_every_rider_to_the_line() {
    // L0 one step from the line with the other leaders far back: by default the race goes on
    // until they are across; then riders on the road are timed by their distance. With
    // `finish_all` every rider still racing is ridden to the line by the bot and timed there.
    for finish_all in [false, true] {
        let mut setup = expert_setup(flat(), [(30, 1), (9, 0), (9, 2), (7, 1)], &[]);
        setup.options = json!({"level": "expert", "finish_all": finish_all});
        let mut s = VeloMaster::new(&setup, 3).unwrap();
        // VM-075: the end is every leader still in the race across (one at least), or one whole
        // team across; the move that reaches it also ends the race, the run-out included.
        let end_reached = |s: &VeloMaster| {
            let done = |r: usize| s.riders[r].spot == Spot::Finished;
            let leaders = [0, 4, 8];
            (leaders
                .iter()
                .all(|&l| done(l) || s.riders[l].spot == Spot::Out)
                && leaders.iter().any(|&l| done(l)))
                || (0..3).any(|t| (t * 4..t * 4 + 4).all(done))
        };
        while let Some(seat) = s.to_play() {
            let legal = s.legal(seat);
            let c = commissaire_engine::games::velo_master::bot::sensible(&s, seat, &legal);
            s.apply(seat, &c).unwrap();
            assert_eq!(s.is_over(), end_reached(&s), "finish_all {finish_all}");
        }
        assert!(s.is_over());
        let lines = s.classification();
        let across = lines.iter().filter(|l| l.finished).count();
        let out = s.riders.iter().filter(|r| r.spot == Spot::Out).count();
        if finish_all {
            assert_eq!(across + out, 12, "everyone across or out");
        } else {
            assert!(across + out < 12, "the race ended with riders on the road");
        }
        assert_eq!(lines[0].rider, 0, "L0 first across");
    }
}

// ---- Issue 21, item 17: the seed's words for the leader's 1s and the race clock -------------

#[test]
fn vm_123_a_leader_gains_at_each_1_he_rolls_whichever_die_he_keeps() {
    // L0 on the climb, grey0 beside him and violet0 diagonally behind: two protectors, three
    // d6 (VM-100, A-22). He rolls 1, 1, 5: "à chaque « 1 »", two gains, though he may move
    // with the 5.
    let team0 = [(10, 1), (10, 2), (9, 0), (22, 1)];
    let l0 = json!({"condition": 90, "gains": "all"});
    let s = pro_condition(
        climb(),
        [team0, BACK[0], BACK[1]],
        &[1, 1, 5],
        &[("L0", l0)],
    );
    assert_eq!(
        changes(&s.opening),
        vec![(0, 10, 100, Why::Ones), (0, 10, 110, Why::Ones)]
    );
    assert!(dice_given(&s).contains(&(0, 5)));
    // One die showing 1 among two (one protector), moving with the other: one gain.
    let team0 = [(10, 1), (10, 2), (20, 2), (22, 1)];
    let l0 = json!({"condition": 90, "gains": "all"});
    let s = pro_condition(climb(), [team0, BACK[0], BACK[1]], &[1, 5], &[("L0", l0)]);
    assert_eq!(changes(&s.opening), vec![(0, 10, 100, Why::Ones)]);
}

#[test]
fn vm_078_a_slot_whose_riders_all_sit_out_adds_no_minute() {
    // L0 falls on the danger cell (13, 1): skill roll 1, severity 5, one leaders' turn to
    // miss. In the next round's leaders' phase his player has nobody to play: he does not
    // play ("à chaque fois qu'un joueur joue"), so the clock adds no minute for him.
    let mut s = expert(danger_flat(), SPREAD, &[3, 1, 5]);
    let mut ev = step(&mut s, (13, 1));
    assert!(matches!(s.riders[0].spot, Spot::Roadside(_)));
    for _ in 0..3 {
        ev.extend(others_pass(&mut s));
        ev.extend(team0_pass(&mut s));
    }
    let from = ev
        .iter()
        .position(|e| matches!(e, Event::RoundStarted { round: 2 }))
        .expect("round 2");
    let to = ev
        .iter()
        .position(|e| matches!(e, Event::MatesPhase { round: 2 }))
        .expect("its team-mates' phase");
    let phase = &ev[from..to];
    let slots: Vec<(u8, u32)> = phase
        .iter()
        .filter_map(|e| match e {
            Event::SlotStarted { seat, clock } => Some((*seat, *clock)),
            _ => None,
        })
        .collect();
    assert!(
        phase
            .iter()
            .any(|e| matches!(e, Event::SitsOut { rider: 0 }))
    );
    assert_eq!(slots.iter().map(|s| s.0).collect::<Vec<_>>(), vec![1, 2]);
    // Round 1 counted 3 + 3 slots: round 2's leaders' phase adds two minutes, not three.
    assert_eq!(slots.iter().map(|s| s.1).collect::<Vec<_>>(), vec![7, 8]);
}

#[test]
fn vm_017_a_10_neutral_crash_skips_player_makes_the_responsible_player_pass_his_next_slot() {
    // Team 0 takes N2 (7, 0) and N3; N2 moves onto the danger cell (8, 0) with a 4, rolls 1
    // and falls (severity 5). With the option, team 0 passes its next slot, the next round's
    // leaders' slot; without it, it plays that slot.
    for skips in [false, true] {
        let mut setup = expert_setup(danger_flat(), [(12, 1), (9, 0), (9, 2), (7, 1)], &[]);
        let teams = [
            [(12, 1), (9, 0), (9, 2), (7, 1)],
            [(4, 0), (0, 0), (0, 1), (0, 2)],
            [(2, 0), (2, 2), (7, 0), (14, 0)],
        ];
        for (t, team) in teams.iter().enumerate() {
            for (k, &(row, lane)) in team.iter().enumerate() {
                let r = &mut setup.riders[t * 4 + k];
                r.start = Some(Pos::new(row, lane));
                if t == 2 {
                    r.id = format!("N{k}");
                    r.attributes = json!({"role": "neutral"});
                }
            }
        }
        setup.teams[2] = "Neutral".into();
        setup.options = json!({"level": "expert", "neutral_crash_skips_player": skips});
        // Leaders 3, 3; team 0's team-mates 2, 2, 2; its neutral riders 4, 5; the danger
        // cell's skill roll 1, severity 5.
        setup.dice = vec![3, 3, 2, 2, 2, 4, 5, 1, 5];
        let mut s = VeloMaster::new(&setup, 1).unwrap();
        let (n2, n3) = (ix(&s, "N2"), ix(&s, "N3"));
        let mut ev = Vec::new();
        while !ev
            .iter()
            .any(|e| matches!(e, Event::MatesPhase { round: 2 }))
        {
            let seat = s.to_play().unwrap();
            let legal = s.legal(seat);
            let c = if legal.contains(&Choice::Pick { a: n2, b: n3 }) {
                Choice::Pick { a: n2, b: n3 }
            } else if legal.contains(&Choice::Give { rider: n2, die: 4 }) {
                Choice::Give { rider: n2, die: 4 }
            } else if s
                .moving
                .as_ref()
                .is_some_and(|m| m.rider == n2 && m.moved == 0)
            {
                Choice::Step {
                    cell: cell(&s, (8, 0)),
                }
            } else if legal.contains(&Choice::Stop) {
                Choice::Stop
            } else if legal.contains(&Choice::Roll) {
                Choice::Roll
            } else {
                legal[0]
            };
            ev.extend(s.apply(seat, &c).unwrap());
        }
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Crashed { rider, .. } if *rider == n2)),
            "N2 fell"
        );
        let round2 = ev
            .iter()
            .position(|e| matches!(e, Event::RoundStarted { round: 2 }))
            .unwrap();
        let leaders: Vec<u8> = ev[round2..]
            .iter()
            .filter_map(|e| match e {
                Event::SlotStarted { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect();
        let skipped = ev[round2..]
            .iter()
            .any(|e| matches!(e, Event::SlotSkipped { seat: 0, .. }));
        assert_eq!(skipped, skips);
        assert_eq!(leaders.first() == Some(&0), !skips, "{leaders:?}");
    }
}

/// VM-124 (seed 000, CONDITION PHYSIQUE), A-39: the gain for two team-mates in line in front of
/// the leader comes at most once a phase. violet0 closes the line grey0 (13, 1), violet0 (14, 1)
/// in front of L0 (12, 1): +10. green0 then rides its own segment in the same phase, far
/// behind, and the line is still there when that segment ends: no second gain.
#[test]
fn vm_124_the_line_still_in_front_pays_no_second_time_in_the_same_phase() {
    let mut s = pro_condition(
        flat(),
        [[(12, 1), (13, 1), (9, 2), (7, 1)], BACK[0], BACK[1]],
        &[3, 3, 3, 2, 6, 6],
        &[("L0", json!({"condition": 80}))],
    );
    roll(&mut s);
    play(&mut s, Choice::Stop);
    others_pass(&mut s);
    roll(&mut s);
    let mut ev = give(&mut s, "violet0", 6);
    for lvl in 10..=14 {
        let to = if lvl == 14 { (14, 1) } else { (lvl, 2) };
        ev.extend(step(&mut s, to));
    }
    ev.extend(play(&mut s, Choice::Stop));
    assert_eq!(changes(&ev), vec![(0, 10, 90, Why::TeamMatesInLine)]);
    let mut ev = give(&mut s, "green0", 2);
    ev.extend(step(&mut s, (8, 1)));
    ev.extend(step(&mut s, (9, 1)));
    ev.extend(play(&mut s, Choice::Stop));
    assert_eq!(at(&s, "green0"), Some((9, 1)), "green0's segment is over");
    assert_eq!(
        [at(&s, "L0"), at(&s, "grey0"), at(&s, "violet0")],
        [Some((12, 1)), Some((13, 1)), Some((14, 1))],
        "the line is still in front of the leader"
    );
    assert_eq!(changes(&ev), vec![], "once a phase");
}
