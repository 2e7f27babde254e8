//! Velo Master: a colour shared by two players (VM-018, VM-019, ruling A-11). Five players at
//! Expert: "Rouge" enters its leader and the violet team-mate, "Rouge bis" (the outsider's
//! seat) two team-mates riding in the Rouge colour.

use commissaire_engine::course::{Course, Pos, parse_course_toml};
use commissaire_engine::games::velo_master::bot;
use commissaire_engine::games::velo_master::stage::{Part, Phase};
use commissaire_engine::games::velo_master::{Choice, Event, VeloMaster};
use commissaire_engine::registry::{Entrant, Setup, StartError};
use serde_json::{Value, json};
use std::sync::Arc;

/// Flat to level 5, a climb (slope 8) on 6-20, flat to the line.
fn climb() -> Arc<Course> {
    let text = "name = \"T\"\nlanes = 3\n[[segment]]\nterrain = \"flat\"\nlength = 1\nstart = true\n\
        [[segment]]\nterrain = \"flat\"\nlength = 5\n[[segment]]\nterrain = \"uphill\"\nlength = 15\n\
        [[segment]]\nterrain = \"flat\"\nlength = 10\n[[segment]]\nterrain = \"flat\"\nlength = 3\nfinish = true\n\
        [[climb]]\nslope = 8\ncategory = \"2\"\n";
    Arc::new(parse_course_toml(text, "t.toml").unwrap())
}

const TEAMS: [&str; 5] = ["Rouge", "Bleu", "Vert", "Jaune", "Rouge bis"];

/// The riders: (id, team, role, colour, place).
fn rider(id: &str, team: u8, role: &str, colour: Option<&str>, at: (u16, u8)) -> Entrant {
    let mut attributes = json!({"role": role});
    if let Some(c) = colour {
        attributes["colour"] = Value::from(c);
    }
    Entrant {
        id: id.into(),
        team,
        start: Some(Pos::new(at.0, at.1)),
        attributes,
    }
}

/// Rouge: leader on (10, 1) on the climb, violet on (3, 0); the outsider's green on (10, 2)
/// beside the leader, grey on (9, 2) right behind green (a line of two). The three other
/// teams further back.
fn setup(level: &str, dice: &[u8]) -> Setup {
    let mut riders = vec![
        rider("LR", 0, "leader", None, (10, 1)),
        rider("violetR", 0, "team-mate", None, (3, 0)),
        rider("greenR", 4, "team-mate", Some("Rouge"), (10, 2)),
        rider("greyR", 4, "team-mate", Some("Rouge"), (9, 2)),
    ];
    for t in 1..4u8 {
        let row = t as u16 - 1;
        let ids = ["L", "violet", "green", "grey"];
        for (k, id) in ids.iter().enumerate() {
            let role = if k == 0 { "leader" } else { "team-mate" };
            // Rows 0-2, lanes 0-2, plus level 4 for the leaders: no two bikes in one cell.
            let at = if k == 0 {
                (4 + row, t % 3)
            } else {
                (row, k as u8 - 1)
            };
            riders.push(rider(&format!("{id}{t}"), t, role, None, at));
        }
    }
    Setup {
        course: climb(),
        teams: TEAMS.iter().map(|t| t.to_string()).collect(),
        riders,
        options: json!({"level": level}),
        dice: dice.to_vec(),
    }
}

fn start(dice: &[u8]) -> VeloMaster {
    VeloMaster::new(&setup("expert", dice), 3).unwrap_or_else(|e| panic!("{e}"))
}

fn ix(s: &VeloMaster, id: &str) -> u8 {
    s.fixed.ids.iter().position(|i| i == id).unwrap() as u8
}

fn refused(setup: Setup) -> String {
    match VeloMaster::new(&setup, 3) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("the setup should be refused"),
    }
}

#[test]
fn vm_018_a_colour_is_shared_only_at_expert_or_pro_with_more_than_four_players() {
    let e = refused(setup("debutant", &[]));
    assert!(e.contains("only at Expert and Pro"), "{e}");
    // Four players (Jaune left out): no sharing.
    let mut four = setup("expert", &[]);
    four.teams.remove(3);
    four.riders.retain(|r| r.team != 3);
    for r in &mut four.riders {
        if r.team == 4 {
            r.team = 3;
        }
    }
    let e = refused(four);
    assert!(e.contains("only with more than four players"), "{e}");
    // The outsider enters two team-mates; a leader among them is refused.
    let mut wrong = setup("expert", &[]);
    wrong.riders[2].attributes["role"] = Value::from("leader");
    wrong.riders[0].attributes["role"] = Value::from("team-mate");
    assert!(
        matches!(VeloMaster::new(&wrong, 3), Err(StartError::Rules(_))),
        "a colour's riders must be one leader and three team-mates"
    );
    let mut unknown = setup("expert", &[]);
    unknown.riders[3].attributes["colour"] = Value::from("Rose");
    let e = refused(unknown);
    assert!(e.contains("there is no team 'Rose'"), "{e}");
}

#[test]
fn vm_018_the_roll_off_gives_the_leader_and_violet_to_the_higher_d20() {
    // 9 against 9 ties; then Rouge 4, Rouge bis 15: the outsider's player wins the roll-off and
    // directs the leader and violet, whoever entered them.
    let s = start(&[9, 9, 4, 15]);
    let (bis, rouge) = (4u8, 0u8);
    assert_eq!(s.director(ix(&s, "LR")), bis);
    assert_eq!(s.director(ix(&s, "violetR")), bis);
    assert_eq!(s.director(ix(&s, "greenR")), rouge);
    assert_eq!(s.director(ix(&s, "greyR")), rouge);
    // Won the other way, the split stays as entered.
    let s = start(&[16, 2]);
    assert_eq!(s.director(ix(&s, "LR")), rouge);
    assert_eq!(s.director(ix(&s, "greenR")), bis);
}

/// Plays with the sensible bot until `stop` says so (or the race ends), checking `each` before
/// every choice.
fn ride(s: &mut VeloMaster, mut each: impl FnMut(&VeloMaster), stop: impl Fn(&VeloMaster) -> bool) {
    for _ in 0..5_000 {
        if s.is_over() || stop(s) {
            return;
        }
        each(s);
        let seat = s.to_play().expect("someone plays");
        let legal = s.legal(seat);
        let c = bot::sensible(s, seat, &legal);
        s.apply(seat, &c).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    }
}

#[test]
fn vm_019_a_shared_colour_plays_one_slot_a_phase_and_the_outsider_none_of_his_own() {
    let mut s = start(&[16, 2]);
    let mut slots: Vec<(u8, Part)> = Vec::new();
    let round = |s: &VeloMaster| match s.phase {
        Phase::Race { round, .. } => round,
        _ => 0,
    };
    ride(
        &mut s,
        |s| {
            if let Some(slot) = &s.slot
                && slots.last() != Some(&(slot.seat, slot.part))
            {
                slots.push((slot.seat, slot.part));
            }
        },
        |s| round(s) > 1,
    );
    // Round 1: in each phase the four colours, Rouge once; no slot is the outsider's.
    for part in [Part::Leaders, Part::Mates] {
        let mut seats: Vec<u8> = slots.iter().filter(|x| x.1 == part).map(|x| x.0).collect();
        seats.sort_unstable();
        seats.dedup();
        assert_eq!(seats, [0, 1, 2, 3], "{part:?}: {slots:?}");
    }
}

#[test]
fn a_11_vm_019_the_outsider_plays_his_bonus_moves_then_hands_the_roll_over() {
    let mut s = start(&[16, 2]);
    let (rouge, bis) = (0u8, 4u8);
    ride(
        &mut s,
        |_| {},
        |s| {
            s.slot
                .as_ref()
                .is_some_and(|x| x.seat == rouge && x.part == Part::Mates && !x.rolled)
        },
    );
    // greyR behind greenR: the entraide is the outsider's to play, with his "done".
    assert_eq!(s.to_play(), Some(bis));
    let legal = s.legal(bis);
    let (grey, green) = (ix(&s, "greyR"), ix(&s, "greenR"));
    assert!(
        legal.contains(&Choice::Entraide {
            rear: grey,
            front: green
        }),
        "{legal:?}"
    );
    assert!(s.legal(rouge).is_empty());
    let ev = s.apply(bis, &Choice::Roll).unwrap();
    assert!(
        ev.contains(&Event::RollHandedOver {
            from: bis,
            to: rouge
        }),
        "{ev:?}"
    );
    // The leader's director now plays his own riders' bonus moves (violet fronts a line of
    // three: an accélération) and rolls the colour's three dice.
    assert_eq!(s.to_play(), Some(rouge));
    let legal = s.legal(rouge);
    assert_eq!(
        legal,
        [
            Choice::Accelerate {
                front: ix(&s, "violetR")
            },
            Choice::Roll
        ]
    );
    s.apply(rouge, &Choice::Roll).unwrap();
    // he gives the violet team-mate one die first; the outsider then gives the others.
    let violet = ix(&s, "violetR");
    let slot = s.slot.as_ref().unwrap();
    assert_eq!(slot.dice.len(), 3);
    if slot.movers.contains(&violet) {
        assert_eq!(s.to_play(), Some(rouge));
        let gives = s.legal(rouge);
        assert!(
            gives
                .iter()
                .all(|c| matches!(c, Choice::Give { rider, .. } if *rider == violet)),
            "{gives:?}"
        );
        assert!(s.legal(bis).is_empty());
        let c = gives[0];
        s.apply(rouge, &c).unwrap();
    }
    ride(
        &mut s,
        |_| {},
        |s| {
            s.moving.is_none()
                && s.slot
                    .as_ref()
                    .is_some_and(|x| x.seat == rouge && x.rolled && !x.movers.contains(&violet))
        },
    );
    let slot = s.slot.as_ref().expect("the slot is still open");
    assert!(!slot.movers.is_empty(), "green and grey still to move");
    assert_eq!(s.to_play(), Some(bis));
    let gives = s.legal(bis);
    assert!(
        !gives.is_empty()
            && gives.iter().all(
                |c| matches!(c, Choice::Give { rider, .. } if *rider == grey || *rider == green)
            ),
        "{gives:?}"
    );
    assert!(s.legal(rouge).is_empty());
}

#[test]
fn a_11_the_outsiders_team_mates_protect_the_colours_leader() {
    // greenR and greyR (the outsider's) touch the leader on the climb: two more dice for him.
    let s = start(&[16, 2]);
    assert_eq!(s.protectors(ix(&s, "LR")), 2);
    assert_eq!(s.leader_dice(ix(&s, "LR")), (3, false));
}
