//! Velo Master's rounds told in brief (issue 22, item 12): a round is dozens of rolls, so the
//! game says which of its events matter (`notable`: crashes, abandons, attacks, the first over
//! a summit, riders across the line, the end) and each roll's brief says who leads the race.

use commissaire_engine::course::parse_course_toml;
use commissaire_engine::game::Viewer;
use commissaire_engine::games::velo_master::{Spot, VeloView};
use commissaire_engine::registry::{self, DynStage, Entrant, Scene, Setup};
use serde_json::json;
use std::sync::Arc;

/// Four teams of four at Pro on the Sprint de Vic (a danger cell, a climb, attacks).
fn pro_race(seed: u64) -> Box<dyn DynStage> {
    race(seed, json!({"level": "pro"}), false)
}

/// [`pro_race`] with other options, every rider `doped` or not (VM-126: the doping control
/// may then exclude one, VM-143).
fn race(seed: u64, options: serde_json::Value, doped: bool) -> Box<dyn DynStage> {
    let text = include_str!("../../config/courses/velo-master/vm-sprint-de-vic.toml");
    let course = Arc::new(parse_course_toml(text, "vm-sprint-de-vic.toml").unwrap());
    let riders = (0..4u8)
        .flat_map(|t| (0..4).map(move |k| (t, k)))
        .map(|(t, k)| Entrant {
            id: format!("T{t}R{k}"),
            team: t,
            start: None,
            attributes: if doped {
                json!({"role": if k == 0 { "leader" } else { "team-mate" }, "doped": true})
            } else {
                json!({"role": if k == 0 { "leader" } else { "team-mate" }})
            },
        })
        .collect();
    let setup = Setup {
        course,
        teams: ["Verts", "Roses", "Oranges", "Bleus"]
            .map(String::from)
            .to_vec(),
        riders,
        options,
        dice: Vec::new(),
    };
    registry::start("velo-master", &setup, seed).unwrap()
}

fn view(stage: &dyn DynStage) -> VeloView {
    match stage.scene() {
        Scene::VeloMaster(v) => v,
        _ => unreachable!("a Velo Master stage"),
    }
}

/// What a round told in brief keeps: the crashes, attacks, riders across the line and the end
/// the narration tells, and never the dice, steps or votes every slot is made of.
#[test]
fn a_round_in_brief_keeps_crashes_attacks_finishes_and_the_end() {
    const NOTABLE: [&str; 5] = [
        "vm-crashed",
        "vm-attack",
        "vm-finished",
        "vm-abandoned",
        "vm-race-over",
    ];
    const ROUTINE: [&str; 5] = ["vm-dice", "vm-die-taken", "vm-step", "vm-vote", "vm-slot"];
    let mut seen = std::collections::BTreeSet::new();
    let arg = |line: &commissaire_engine::registry::Sentence, k: &str| {
        line.args
            .iter()
            .find(|(n, _)| *n == k)
            .map(|(_, v)| v.clone())
            .unwrap()
    };
    for (seed, doped) in [(1, false), (2, false), (3, false), (4, true), (5, true)] {
        let mut stage = race(seed, json!({"level": "pro"}), doped);
        while let Some(&(seat, _)) = stage.waiting_on().first() {
            let (_, events) = stage.play_bot(seat).unwrap().unwrap();
            let told = stage.narrate(&events, Viewer::Public);
            let notable = stage.notable(&events);
            for line in &told {
                if NOTABLE.contains(&line.id) {
                    assert!(notable.contains(line), "{} is kept", line.text);
                    seen.insert(line.id);
                }
                // The first over a summit is kept, the others not; a rider excluded by the
                // doping control is kept, a clean test not.
                let kept = match line.id {
                    "vm-summit" => arg(line, "place") == json!(1),
                    "vm-tested" => arg(line, "excluded") == json!(true),
                    _ => continue,
                };
                assert_eq!(notable.contains(line), kept, "{}", line.text);
                seen.insert(if kept { "kept" } else { "left" });
                seen.insert(line.id);
                if line.id == "vm-tested" && kept {
                    seen.insert("excluded");
                }
            }
            for line in &notable {
                assert!(!ROUTINE.contains(&line.id), "{} is left out", line.text);
                assert!(told.contains(line), "{} is a line told to all", line.text);
            }
        }
    }
    for id in [
        "vm-crashed",
        "vm-attack",
        "vm-finished",
        "vm-race-over",
        "vm-summit",
        "vm-tested",
        "kept",
        "left",
        "excluded",
    ] {
        assert!(seen.contains(id), "the races had a {id}: {seen:?}");
    }
}

/// Each roll's brief says who leads the race: the rider still racing furthest along, where he
/// is and how far he has to go, and how many are across.
#[test]
fn each_rolls_brief_names_the_rider_at_the_front() {
    let mut stage = pro_race(2);
    let mut briefs = 0;
    let mut starts = 0;
    while let Some(&(seat, _)) = stage.waiting_on().first() {
        let (_, events) = stage.play_bot(seat).unwrap().unwrap();
        if !events.settles_turn() {
            continue;
        }
        let brief = stage.tell_turn(&events).brief.expect("a roll has a brief");
        let v = view(stage.as_ref());
        let on_road: Vec<_> = v.riders.iter().filter(|r| r.pos.is_some()).collect();
        let across = v.riders.iter().filter(|r| r.spot == Spot::Finished).count();
        let arg = |k: &str| brief.args.iter().find(|(n, _)| *n == k).map(|(_, v)| v);
        if on_road.is_empty() {
            // Before anyone is launched from the start.
            assert_eq!(brief.id, "vm-brief-start", "{}", brief.text);
            assert_eq!(across, 0);
            starts += 1;
            continue;
        }
        assert_eq!(brief.id, "vm-brief-front", "{}", brief.text);
        let front = arg("rider").and_then(|v| v.as_str()).unwrap();
        let row = |id: &str| {
            v.riders
                .iter()
                .find(|r| r.id == id)
                .and_then(|r| r.pos)
                .map(|p| p.row)
        };
        let furthest = on_road.iter().filter_map(|r| r.pos).map(|p| p.row).max();
        assert_eq!(row(front), furthest, "{}", brief.text);
        assert_eq!(arg("across"), Some(&json!(across)));
        briefs += 1;
    }
    assert!(briefs > 10, "{briefs} briefs");
    assert!(starts > 0, "a roll before anyone is on the road");
}

/// With every rider ridden to the line (A-25's `finish_all`), the last roll's brief counts the
/// riders across: nobody is left racing to lead.
#[test]
fn the_last_brief_counts_the_riders_across_when_nobody_is_left_on_the_road() {
    let mut stage = race(1, json!({"level": "pro", "finish_all": true}), false);
    let mut last = None;
    while let Some(&(seat, _)) = stage.waiting_on().first() {
        let (_, events) = stage.play_bot(seat).unwrap().unwrap();
        if events.settles_turn() {
            last = stage.tell_turn(&events).brief;
        }
    }
    let v = view(stage.as_ref());
    let across = v.riders.iter().filter(|r| r.spot == Spot::Finished).count();
    assert!(across > 1 && v.riders.iter().all(|r| r.pos.is_none()));
    let last = last.expect("a last roll");
    assert_eq!(last.id, "vm-brief-across");
    assert_eq!(last.text, format!("{across} riders across the line."));
}

/// Issue 33, item 8: the doping control tells who was tested and what came of it (the stage
/// winner, then the riders the d20 drew, each by his place), not the dozens of d20 faces read
/// until five places were drawn; and nothing is told after "The race is over".
#[test]
fn the_doping_control_names_who_was_drawn_and_nothing_follows_the_end() {
    let arg = |line: &commissaire_engine::registry::Sentence, k: &str| {
        line.args
            .iter()
            .find(|(n, _)| *n == k)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let mut drawn = 0;
    let mut finishers = 0;
    for (seed, doped) in [(1, false), (2, false), (3, false), (4, true), (5, true)] {
        let mut stage = race(seed, json!({"level": "pro"}), doped);
        let mut told_all = Vec::new();
        while let Some(&(seat, _)) = stage.waiting_on().first() {
            let (_, events) = stage.play_bot(seat).unwrap().unwrap();
            told_all.extend(stage.narrate(&events, Viewer::Public));
        }
        let ids: Vec<&str> = told_all.iter().map(|l| l.id).collect();
        assert!(!ids.contains(&"vm-doping-draw"), "no bare d20 faces");
        let over = ids
            .iter()
            .position(|id| id.starts_with("vm-race-over"))
            .expect("the race ends");
        assert_eq!(
            over,
            ids.len() - 1,
            "nothing after the end: {:?}",
            &ids[over..]
        );
        let tested: Vec<_> = told_all.iter().filter(|l| l.id == "vm-tested").collect();
        assert!(!tested.is_empty() && tested.len() <= 6, "seed {seed}");
        assert_eq!(
            arg(tested[0], "role"),
            json!("winner"),
            "{}",
            tested[0].text
        );
        assert!(
            tested[0].text.contains("the stage winner"),
            "{}",
            tested[0].text
        );
        for line in &tested[1..] {
            let role = arg(line, "role");
            assert!(
                role == json!("drawn") || role == json!("finisher"),
                "{}",
                line.text
            );
            assert!(
                arg(line, "place").as_u64().is_some_and(|p| p > 1),
                "{}",
                line.text
            );
            if role == json!("drawn") {
                drawn += 1;
                assert!(
                    line.text.contains("is drawn for the doping control"),
                    "{}",
                    line.text
                );
            } else {
                finishers += 1;
                assert!(
                    line.text
                        .contains("is tested for doping, as every finisher is"),
                    "{}",
                    line.text
                );
            }
        }
    }
    assert!(drawn > 0, "some race drew riders with the d20");
    assert!(
        finishers > 0,
        "some race had five finishers or fewer, all tested"
    );
}
