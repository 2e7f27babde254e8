//! Velo Master through the registry, as the services and Discord see it: keys, lettered labels,
//! narration that names the dice, and errors that say what to do.

use commissaire_engine::course::{Pos, parse_course_toml};
use commissaire_engine::game::Viewer;
use commissaire_engine::registry::{self, ChoiceError, Entrant, Setup};
use serde_json::json;
use std::sync::Arc;

fn setup(dice: Vec<u8>) -> Setup {
    let text = "name = \"T\"\nlanes = 3\ndanger = [\"6/0\"]\n[[segment]]\nterrain = \"flat\"\nlength = 1\nstart = true\n[[segment]]\nterrain = \"flat\"\nlength = 20\n[[segment]]\nterrain = \"flat\"\nlength = 3\nfinish = true\n";
    let course = Arc::new(parse_course_toml(text, "t.toml").unwrap());
    let riders = [
        ("Ana", 0, true, (5, 1)),
        ("Bo", 0, false, (2, 0)),
        ("Cy", 1, true, (1, 1)),
        ("Di", 1, false, (0, 2)),
    ]
    .into_iter()
    .map(|(id, team, leader, (row, lane))| Entrant {
        id: id.into(),
        team,
        start: Some(Pos::new(row, lane)),
        attributes: json!({"role": if leader { "leader" } else { "team-mate" }}),
    })
    .collect();
    Setup {
        course,
        teams: vec!["Verts".into(), "Roses".into()],
        riders,
        options: json!(null),
        dice,
    }
}

#[test]
fn options_are_keyed_and_lettered_and_one_seat_owes_at_a_time() {
    let mut stage = registry::start("velo-master", &setup(vec![4, 2, 9]), 1).unwrap();
    let owed = stage.pending();
    assert_eq!(owed.len(), 1);
    let keys: Vec<&str> = owed[0].options.iter().map(|o| o.key.as_str()).collect();
    assert_eq!(keys, ["g:0:2", "g:0:4", "g:1:2", "g:1:4"]);
    assert_eq!(owed[0].options[1].group.as_ref(), "Ana");
    // The label does not name the rider again: a button reads "Ana: Move up to 4".
    assert_eq!(owed[0].options[1].label.as_ref(), "Move up to 4");
    let ev = stage.apply(0, "g:0:4").unwrap();
    let told: Vec<String> = stage
        .narrate(&ev, Viewer::Public)
        .into_iter()
        .map(|s| s.text)
        .collect();
    assert!(told.contains(&"Verts rolls 4, 2.".to_string()), "{told:?}");
    let labels: Vec<(String, String)> = stage.pending()[0]
        .options
        .iter()
        .map(|o| (o.key.to_string(), o.label.to_string()))
        .collect();
    assert_eq!(labels.len(), 4);
    assert_eq!(labels[0].1, "Move to A, danger: skill roll", "{labels:?}");
    assert_eq!(labels[1].1, "Move to B");
    assert_eq!(labels[2].1, "Move to C");
    assert_eq!(
        labels[3],
        ("x".to_string(), "Stay here (do not move)".to_string())
    );
    // The danger cell: the skill roll is told with its face.
    let key = labels[0].0.clone();
    let ev = stage.apply(0, &key).unwrap();
    let told: Vec<String> = stage
        .narrate(&ev, Viewer::Public)
        .into_iter()
        .map(|s| s.text)
        .collect();
    assert!(
        told.iter()
            .any(|t| t == "Ana skill roll on a danger cell 15 rows from the line: 9, safe."),
        "{told:?}"
    );
    // The other seat owes nothing and is told so.
    let e = stage.apply(1, "x").unwrap_err();
    assert!(matches!(e, ChoiceError::Illegal { .. }));
    assert!(
        e.to_string().contains("the turn is for Verts, not Roses"),
        "{e}"
    );
    // A stored choice comes back as the same key.
    let json = stage.choice_json("m:20").unwrap();
    assert_eq!(stage.choice_key(&json).unwrap().as_str(), "m:20");
    // The view letters the same cells.
    let view = stage.view_json(Viewer::Public);
    assert_eq!(view["moving"]["candidates"][0]["letter"], "A");
}

#[test]
fn a_bad_setup_says_what_to_give() {
    let mut s = setup(vec![]);
    s.riders[1].attributes = json!({"role": "captain"});
    let e = registry::start("velo-master", &s, 1)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("rider 'Bo'") && e.contains("give {\"role\": \"leader\"}"),
        "{e}"
    );
    let mut s = setup(vec![]);
    s.options = json!({"level": "expert"});
    let e = registry::start("velo-master", &s, 1)
        .unwrap_err()
        .to_string();
    assert!(e.contains("add a third team of four riders"), "{e}");
    // A course whose climb has no slope and category cannot be raced.
    let text = "name = \"C\"\nlanes = 3\n[[segment]]\nterrain = \"flat\"\nlength = 1\nstart = true\n[[segment]]\nterrain = \"uphill\"\nlength = 4\n[[segment]]\nterrain = \"flat\"\nlength = 3\nfinish = true\n";
    let mut s = setup(vec![]);
    s.course = Arc::new(parse_course_toml(text, "c.toml").unwrap());
    let e = registry::start("velo-master", &s, 1)
        .unwrap_err()
        .to_string();
    assert!(e.contains("add one `[[climb]]` section"), "{e}");
}

#[test]
fn course_files_name_the_line_of_a_bad_climb_or_danger_cell() {
    let base = "name = \"C\"\nlanes = 3\n[[segment]]\nterrain = \"flat\"\nlength = 1\nstart = true\n[[segment]]\nterrain = \"uphill\"\nlength = 4\n[[segment]]\nterrain = \"flat\"\nlength = 3\nfinish = true\n";
    let e = parse_course_toml(
        &format!("{base}[[climb]]\nslope = 25\ncategory = \"2\"\n"),
        "c.toml",
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        e,
        "c.toml, line 15: climb 1: slope must be 1 to 19 (a d20 must be able to beat it), not 25"
    );
    let e = parse_course_toml(&format!("danger = [\"9/9\"]\n{base}"), "c.toml")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("c.toml, line 1: danger cell '9/9' is not a cell"),
        "{e}"
    );
    let e = parse_course_toml(
        &format!("{base}[[climb]]\nslope = 5\ncategory = \"5\"\n"),
        "c.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("line 15") || e.contains("line 16"), "{e}");
}
