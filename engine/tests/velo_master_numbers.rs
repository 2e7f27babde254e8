//! A Velo Master rider's number in his team (VM-008: a bib tells a team's riders apart; issue
//! 22, item 8): the roster names and numbers its riders alike ("Team-mate 3" is 3), the stage
//! keeps the number its attributes give, and a scenario that gives none numbers the leader 1
//! and the others 2, 3, 4 in the order it lists them.

use commissaire_engine::course::{Pos, parse_course_toml};
use commissaire_engine::games::velo_master::VeloView;
use commissaire_engine::games::velo_master::game::roster;
use commissaire_engine::registry::{self, Entrant, Scene, Setup};
use serde_json::{Value, json};
use std::sync::Arc;

fn named(list: &[&str]) -> Vec<(String, Value)> {
    let list: Vec<Value> = list.iter().map(|r| json!(r)).collect();
    roster(&list, &json!({"level": "expert"}))
        .unwrap()
        .into_iter()
        .map(|r| (r.label, r.attributes))
        .collect()
}

#[test]
fn vm_008_the_roster_numbers_its_riders_as_it_names_them() {
    assert_eq!(
        named(&["leader", "team-mate", "team-mate", "team-mate"]),
        [
            ("Leader".into(), json!({"role": "leader", "number": 1})),
            (
                "Team-mate 2".into(),
                json!({"role": "team-mate", "number": 2})
            ),
            (
                "Team-mate 3".into(),
                json!({"role": "team-mate", "number": 3})
            ),
            (
                "Team-mate 4".into(),
                json!({"role": "team-mate", "number": 4})
            ),
        ]
    );
    // The leader is rider 1 wherever the roster lists him; the Débutant team by default.
    assert_eq!(
        named(&["team-mate", "leader", "team-mate"]),
        [
            (
                "Team-mate 2".into(),
                json!({"role": "team-mate", "number": 2})
            ),
            ("Leader".into(), json!({"role": "leader", "number": 1})),
            (
                "Team-mate 3".into(),
                json!({"role": "team-mate", "number": 3})
            ),
        ]
    );
    assert_eq!(
        named(&[]),
        [
            ("Leader".into(), json!({"role": "leader", "number": 1})),
            (
                "Team-mate 2".into(),
                json!({"role": "team-mate", "number": 2})
            ),
        ]
    );
}

/// Issue 32, item 10: a rider named by his role (VM-008) is named in words a tour says in its own
/// language: the leader (`vm-roster-leader`) and team-mate 2, 3, 4 (`vm-roster-team-mate`, by
/// the number his name and bib carry).
#[test]
fn vm_008_a_role_name_is_a_word_of_the_tours_language() {
    let roster = roster(
        &[json!("team-mate"), json!("leader"), json!("team-mate")],
        &json!({"level": "expert"}),
    )
    .unwrap();
    let said: Vec<String> = roster
        .iter()
        .map(|r| {
            let s = r
                .said
                .as_ref()
                .expect("a role's name is worded by the catalogue");
            format!("{} {:?} {}", s.id, s.args, s.text)
        })
        .collect();
    assert_eq!(
        said,
        [
            r#"vm-roster-team-mate [("number", Number(2))] Team-mate 2"#,
            "vm-roster-leader [] Leader",
            r#"vm-roster-team-mate [("number", Number(3))] Team-mate 3"#,
        ]
    );
}

/// Three Expert teams, their riders listed team by team in the order given, each `(team, role,
/// number)`; every rider on the road.
fn numbers(riders: &[(u8, &str, Option<u8>)]) -> Vec<(String, u8)> {
    let text = include_str!("../../config/courses/velo-master/vm-sprint-de-vic.toml");
    let course = Arc::new(parse_course_toml(text, "vm-sprint-de-vic.toml").unwrap());
    let riders = riders
        .iter()
        .enumerate()
        .map(|(i, &(team, role, number))| {
            let mut attributes = json!({"role": role, "later_stage": true});
            if let Some(n) = number {
                attributes["number"] = json!(n);
            }
            Entrant {
                id: format!("R{i}"),
                team,
                start: Some(Pos::new(i as u16, (i % 3) as u8)),
                attributes,
            }
        })
        .collect();
    let setup = Setup {
        course,
        teams: ["Verts", "Roses", "Oranges"].map(String::from).to_vec(),
        riders,
        options: json!({"level": "expert"}),
        dice: Vec::new(),
    };
    let stage = registry::start("velo-master", &setup, 1).unwrap();
    let Scene::VeloMaster(view) = stage.scene() else {
        unreachable!()
    };
    let view: VeloView = view;
    view.riders
        .iter()
        .map(|r| (r.id.clone(), r.number))
        .collect()
}

#[test]
fn vm_008_a_rider_without_a_number_is_numbered_as_a_roster_would() {
    // Teams listed interleaved, a team-mate before his leader: the leader is 1 and his
    // team-mates 2, 3, 4 in the order given, team by team.
    let n = numbers(&[
        (0, "team-mate", None),
        (1, "leader", None),
        (0, "leader", None),
        (1, "team-mate", None),
        (0, "team-mate", None),
        (2, "leader", None),
        (1, "team-mate", None),
        (0, "team-mate", None),
        (2, "team-mate", None),
        (1, "team-mate", None),
        (2, "team-mate", None),
        (2, "team-mate", None),
    ]);
    let got: Vec<u8> = n.iter().map(|(_, k)| *k).collect();
    assert_eq!(got, [2, 1, 1, 2, 3, 1, 3, 4, 2, 4, 3, 4]);
}

#[test]
fn vm_008_a_rider_keeps_the_number_his_attributes_give() {
    // The Verts are short of their Team-mate 2; the Roses' Team-mate 3 leads now (A-47), the
    // leader he replaced rides as their 1.
    let n = numbers(&[
        (0, "leader", Some(1)),
        (0, "team-mate", Some(3)),
        (0, "team-mate", Some(4)),
        (1, "team-mate", Some(1)),
        (1, "team-mate", Some(2)),
        (1, "leader", Some(3)),
        (1, "team-mate", Some(4)),
        (2, "leader", Some(1)),
        (2, "team-mate", Some(2)),
        (2, "team-mate", Some(3)),
        (2, "team-mate", Some(4)),
    ]);
    let got: Vec<u8> = n.iter().map(|(_, k)| *k).collect();
    assert_eq!(got, [1, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4]);
}
