//! Velo Master in a stage race (VM-087): a rider who abandoned rides no later stage, so from the
//! second stage on a team may start short of team-mates; its first stage, and its leader, are
//! as VM-013 says.

use commissaire_engine::course::parse_course_toml;
use commissaire_engine::registry::{self, Entrant, Setup};
use commissaire_engine::tour::TourRider;
use serde_json::{Value, json};
use std::sync::Arc;

/// Three teams of four on a short flat course, laid on the grid by the ruleset.
fn setup(later_stage: bool) -> Setup {
    let text = "name = \"T\"\nlanes = 3\n[[segment]]\nterrain = \"flat\"\nlength = 2\nstart = true\n\
                [[segment]]\nterrain = \"flat\"\nlength = 20\n\
                [[segment]]\nterrain = \"flat\"\nlength = 3\nfinish = true\n";
    let course = Arc::new(parse_course_toml(text, "t.toml").unwrap());
    let mut riders = Vec::new();
    for team in 0..3u8 {
        for k in 0..4 {
            let mut attributes = json!({"role": if k == 0 { "leader" } else { "team-mate" }});
            if later_stage {
                attributes["later_stage"] = json!(true);
            }
            riders.push(Entrant {
                id: format!("t{team}r{k}"),
                team,
                start: None,
                attributes,
            });
        }
    }
    Setup {
        course,
        teams: (0..3).map(|t| format!("Team {t}")).collect(),
        riders,
        options: json!({"level": "expert"}),
        dice: Vec::new(),
    }
}

fn start(setup: &Setup) -> Result<(), String> {
    registry::start("velo-master", setup, 7)
        .map(drop)
        .map_err(|e| e.to_string())
}

#[test]
fn vm_087_a_later_stage_starts_a_team_short_of_a_team_mate_but_not_of_its_leader() {
    // The first stage: a team of three is refused (VM-013).
    let mut first = setup(false);
    first.riders.retain(|r| r.id != "t1r3");
    let e = start(&first).unwrap_err();
    assert!(e.contains("one leader and 3 team-mates"), "{e}");

    // A later stage: the team starts without its team-mate who abandoned, and plays.
    let mut later = setup(true);
    later.riders.retain(|r| r.id != "t1r3");
    let mut stage = registry::start("velo-master", &later, 7).unwrap();
    while !stage.is_over() {
        let (seat, _) = stage.waiting_on()[0];
        stage.play_bot(seat).unwrap();
    }

    // Without its leader a team cannot start, even in a later stage.
    let mut leaderless = setup(true);
    leaderless.riders.retain(|r| r.id != "t1r0");
    let e = start(&leaderless).unwrap_err();
    assert!(e.contains("0 leaders"), "{e}");
}

#[test]
fn vm_087_a_finished_stage_marks_its_riders_for_the_next() {
    let setup = setup(false);
    let mut stage = registry::start("velo-master", &setup, 7).unwrap();
    while !stage.is_over() {
        let (seat, _) = stage.waiting_on()[0];
        stage.play_bot(seat).unwrap();
    }
    let mut riders: Vec<TourRider> = setup
        .riders
        .iter()
        .enumerate()
        .map(|(i, r)| TourRider {
            key: commissaire_engine::tour::RiderKey::new(r.id.clone()),
            team: r.team,
            start_number: i as u32 + 1,
            abandoned: false,
            attributes: r.attributes.clone(),
        })
        .collect();
    stage.carry_over(&mut riders);
    assert!(
        riders
            .iter()
            .all(|r| r.attributes["later_stage"] == Value::Bool(true))
    );
}
