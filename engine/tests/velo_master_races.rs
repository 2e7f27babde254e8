//! Velo Master clauses that hold over whole races: bots ride the shipped courses at every level
//! and each race's events are checked against the clause (VM-004, VM-005, VM-007, VM-009,
//! VM-011, VM-044, VM-066).

use commissaire_engine::course::{Course, parse_course_toml};
use commissaire_engine::game::Viewer;
use commissaire_engine::games::velo_master::board::Relief;
use commissaire_engine::games::velo_master::{Choice, Event, VeloMaster, bot};
use commissaire_engine::registry::{Entrant, Game, Setup};
use serde_json::json;
use std::sync::Arc;

const MOUNTAIN: &str = include_str!("../../config/courses/velo-master/vm-col-des-trois-cols.toml");

fn mountain() -> Arc<Course> {
    Arc::new(parse_course_toml(MOUNTAIN, "vm-col-des-trois-cols.toml").unwrap())
}

fn setup(level: &str, teams: u8) -> Setup {
    let per = if level == "debutant" { 2 } else { 4 };
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
    Setup {
        course: mountain(),
        teams: (0..teams).map(|t| format!("Team {t}")).collect(),
        riders,
        options: if level == "pro" {
            json!({ "level": level, "team_classification": false })
        } else {
            json!({ "level": level })
        },
        dice: Vec::new(),
    }
}

/// A whole race with the sensible bot at every seat: the stage at its end and every event.
fn ride(level: &str, teams: u8, seed: u64) -> (VeloMaster, Vec<Event>) {
    let mut s = VeloMaster::new(&setup(level, teams), seed).unwrap_or_else(|e| panic!("{e}"));
    let mut events = s.opening.clone();
    for _ in 0..60_000 {
        if s.is_over() {
            return (s, events);
        }
        let seat = s.to_play().expect("someone plays");
        let legal = s.legal(seat);
        let c: Choice = bot::sensible(&s, seat, &legal);
        events.extend(s.apply(seat, &c).unwrap_or_else(|e| panic!("{c:?}: {e}")));
    }
    panic!("the race never ends");
}

fn races() -> Vec<(VeloMaster, Vec<Event>)> {
    let mut out = Vec::new();
    for (level, teams) in [("debutant", 4), ("expert", 3), ("pro", 4)] {
        for seed in 0..3 {
            out.push(ride(level, teams, seed));
        }
    }
    out
}

#[test]
fn vm_004_vm_005_each_rider_is_ranked_on_his_own_and_the_first_across_wins() {
    for (s, events) in races() {
        let lines = s.classification();
        // One line per rider still classified, each with his own place and time.
        let mut riders: Vec<u8> = lines.iter().map(|l| l.rider).collect();
        riders.sort_unstable();
        riders.dedup();
        assert_eq!(riders.len(), lines.len());
        let places: Vec<u32> = lines.iter().map(|l| l.place).collect();
        assert_eq!(places, (1..=lines.len() as u32).collect::<Vec<_>>());
        // The first across the line is first (VM-005); points are each rider's own (VM-004).
        let first = events.iter().find_map(|e| match e {
            Event::Finished { rider, .. } => Some(*rider),
            _ => None,
        });
        assert_eq!(first, Some(lines[0].rider));
        for l in &lines {
            assert_eq!(l.points, s.riders[l.rider as usize].points);
        }
    }
}

#[test]
fn vm_007_no_roll_uses_more_than_three_d6_and_every_die_is_a_d6_or_the_d20() {
    let mut three = 0;
    for (_, events) in races() {
        for e in &events {
            let json = serde_json::to_value(e).unwrap();
            let text = json.to_string();
            if let Event::DiceRolled { rolls, .. } = e {
                assert!((1..=3).contains(&rolls.len()), "{text}");
                three += (rolls.len() == 3) as u32;
            }
            for sides in sides_in(&json) {
                assert!(sides == 6 || sides == 20, "{text}");
            }
        }
    }
    assert!(three > 0, "team-mates' rolls of three d6 were made");
}

fn sides_in(v: &serde_json::Value) -> Vec<u64> {
    match v {
        serde_json::Value::Object(m) => {
            let mut out: Vec<u64> = m
                .get("sides")
                .and_then(|s| s.as_u64())
                .into_iter()
                .collect();
            out.extend(m.values().flat_map(sides_in));
            out
        }
        serde_json::Value::Array(items) => items.iter().flat_map(sides_in).collect(),
        _ => Vec::new(),
    }
}

#[test]
fn vm_044_the_d20_never_moves_a_rider() {
    // Every move a rider takes is a d6 of the slot's roll, or the sum of an attack's own two
    // d6 (VM-139): never a d20's face.
    let mut taken = 0;
    for (_, events) in races() {
        let mut faces: Vec<u8> = Vec::new();
        for e in &events {
            match e {
                Event::DiceRolled { rolls, .. } => {
                    faces = rolls.iter().map(|r| r.face).collect();
                    assert!(rolls.iter().all(|r| r.sides == 6));
                }
                Event::AttackRolled { rolls, .. } => {
                    faces.push(rolls.iter().map(|r| r.face).sum());
                }
                Event::DieTaken { die, .. } => {
                    assert!(faces.contains(die), "{die} from {faces:?}");
                    taken += 1;
                }
                _ => {}
            }
        }
    }
    assert!(taken > 100, "the races moved riders");
}

#[test]
fn vm_066_a_climb_has_one_slope_on_every_cell_up_to_its_summit() {
    let course = mountain();
    let s = VeloMaster::new(&setup("debutant", 2), 0).unwrap();
    let b = &s.fixed.board;
    for (i, summit) in b.summits.iter().enumerate() {
        let cells: Vec<usize> = (0..b.cells.len())
            .filter(|&c| b.cells[c].climb == Some(i))
            .collect();
        assert!(!cells.is_empty(), "{}", summit.name);
        assert!(cells.iter().all(|&c| b.cells[c].relief == Relief::Climb));
    }
    // The course file prints one slope per climb: 6 % then 8 %, and the board keeps them.
    let slopes: Vec<u8> = b.summits.iter().map(|x| x.slope).collect();
    assert_eq!(
        slopes,
        course.climbs().iter().map(|c| c.slope).collect::<Vec<_>>()
    );
}

#[test]
fn vm_009_every_rider_has_his_own_record() {
    let (s, _) = ride("pro", 3, 1);
    let view = s.view_json(Viewer::Public);
    let riders = view["riders"].as_array().unwrap();
    assert_eq!(riders.len(), 12);
    for r in riders {
        // Points at the summits, the stage's time, and at Pro his condition.
        assert!(r["points"].is_u64(), "{r}");
        assert!(r.get("finish").is_some(), "{r}");
        assert!(r["condition"].is_i64(), "{r}");
        assert!(r["fed"].is_u64(), "{r}");
    }
}

#[test]
fn vm_011_from_five_players_up_to_eight_teams_of_two_race_at_debutant() {
    for teams in 5..=8 {
        let (s, _) = ride("debutant", teams, 2);
        assert!(s.is_over());
        assert_eq!(s.fixed.riders_of.len(), teams as usize);
        assert!(s.fixed.riders_of.iter().all(|t| t.len() == 2));
    }
    let e = VeloMaster::new(&setup("debutant", 9), 0).unwrap_err();
    assert!(e.to_string().contains("2 to 8 teams"), "{e}");
}
