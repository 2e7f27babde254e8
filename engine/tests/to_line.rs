//! How far a stage's start lies from its line, as each game counts it and in its words
//! (`DynStage::to_line`, what `/stage` tells beside the stage's kind; issue 32, item 14: it
//! said "29 rows to the line" on Maillot Jaune's 28-row stages and "96 rows" on Hulst's stage
//! of 95 squares). Each game on its shipped courses, through the registry as the services ask.

use commissaire_engine::course::parse_course_toml;
use commissaire_engine::registry::{self, Entrant, Sentence, Setup};
use serde_json::{Value, json};
use std::sync::Arc;

fn shipped(folder: &str, name: &str) -> String {
    let path = format!(
        "{}/../config/courses/{folder}/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The stage's `to_line` on `course`, riders `(id, team, attributes)` and `options`.
fn to_line(ruleset: &str, course: &str, riders: &[(&str, u8, Value)], options: Value) -> Sentence {
    let teams = riders.iter().map(|r| r.1).max().unwrap_or(0) as usize + 1;
    let setup = Setup {
        course: Arc::new(parse_course_toml(course, "course.toml").unwrap()),
        teams: (0..teams).map(|t| format!("Team {t}")).collect(),
        riders: riders
            .iter()
            .map(|(id, team, attributes)| Entrant {
                id: id.to_string(),
                team: *team,
                start: None,
                attributes: attributes.clone(),
            })
            .collect(),
        options,
        dice: Vec::new(),
    };
    registry::start(ruleset, &setup, 1)
        .unwrap_or_else(|e| panic!("{ruleset}: {e}"))
        .to_line()
}

fn said(s: &Sentence) -> (&'static str, Vec<(&'static str, Value)>, String) {
    (s.id, s.args.clone(), s.text.clone())
}

fn card_race(name: &str) -> Sentence {
    to_line(
        "card-race",
        &shipped("card-race", name),
        &[
            ("Blue R", 0, json!({"kind": "rouleur"})),
            ("Red S", 1, json!({"kind": "sprinteur"})),
        ],
        Value::Null,
    )
}

#[test]
fn issue_32_item_14_the_card_race_counts_the_rows_from_its_start_line() {
    // Avenue Corso Paseo: the grid's front row is row 4, the start line after it (HB-040's
    // "row 5 on"), the finish line before row 73: rows 5 to 72.
    assert_eq!(
        said(&card_race("avenue-corso-paseo")),
        (
            "board-rows-to-line",
            vec![("count", json!(68))],
            "68 rows to the line".into()
        )
    );
    // Le Col du Ballon's start tile has a grid of four rows: its start line lies after row 3.
    assert_eq!(card_race("le-col-du-ballon").text, "69 rows to the line");
    // A field larger than the grid grows it backwards (QX-07): nothing ahead of the start
    // moves, so the count stays.
    let many: Vec<(String, u8, Value)> = (0..12)
        .map(|i| (format!("R{i}"), (i % 4) as u8, json!({"kind": "rouleur"})))
        .collect();
    let many: Vec<(&str, u8, Value)> = many
        .iter()
        .map(|(id, t, a)| (id.as_str(), *t, a.clone()))
        .collect();
    let grown = to_line(
        "card-race",
        &shipped("card-race", "avenue-corso-paseo"),
        &many,
        Value::Null,
    );
    assert_eq!(grown.text, "68 rows to the line");
}

#[test]
fn issue_32_item_14_maillot_jaune_counts_the_28_rows_of_its_stages() {
    // MJ-006: two stretches of 14; row 0 is the start area behind the banner.
    for stage in ["mj-etape-1", "mj-etape-2", "mj-etape-3"] {
        let s = to_line(
            "maillot-jaune",
            &shipped("maillot-jaune", stage),
            &[("A", 0, Value::Null), ("B", 1, Value::Null)],
            Value::Null,
        );
        assert_eq!(
            said(&s),
            (
                "board-rows-to-line",
                vec![("count", json!(28))],
                "28 rows to the line".into()
            ),
            "{stage}"
        );
    }
}

fn velo_master(name: &str) -> Sentence {
    let leader = json!({"role": "leader"});
    let mate = json!({"role": "team-mate"});
    to_line(
        "velo-master",
        &shipped("velo-master", name),
        &[
            ("Ana", 0, leader.clone()),
            ("Bo", 0, mate.clone()),
            ("Cy", 1, leader),
            ("Di", 1, mate),
        ],
        Value::Null,
    )
}

#[test]
fn issue_32_item_14_velo_master_counts_the_cells_along_its_road() {
    // Sprint de Vic: row 0, the start's entry cells, is the road's first level; the line lies
    // before row 26: 26 cells.
    assert_eq!(
        said(&velo_master("vm-sprint-de-vic")),
        (
            "board-cells-to-line",
            vec![("count", json!(26))],
            "26 cells to the line".into()
        )
    );
    assert_eq!(
        velo_master("vm-circuit-d-aurillac").text,
        "60 cells to the line"
    );
}

#[test]
fn issue_32_item_14_velo_master_counts_a_course_of_staggered_files_by_its_places_along() {
    // Col des Trois Cols, written cell by cell: the start is level 1, the line lies before
    // level 57, so 56 cells, though its staggered files give it 68 rows before the line.
    let text = shipped("velo-master", "vm-col-des-trois-cols");
    assert_eq!(
        parse_course_toml(&text, "c.toml").unwrap().finish_row(),
        68,
        "rows are no measure of this road"
    );
    assert_eq!(
        velo_master("vm-col-des-trois-cols").text,
        "56 cells to the line"
    );
}

#[test]
fn issue_32_item_14_hulst_counts_the_squares_its_times_count() {
    // Both of the box's stages: 95 squares (HT-050), told in squares, not "96 rows".
    for stage in ["hulst-vlakke-etappe", "hulst-bergetappe"] {
        let riders: Vec<(String, u8)> = (0..6).map(|i| (format!("r{i}"), i / 3)).collect();
        let riders: Vec<(&str, u8, Value)> = riders
            .iter()
            .map(|(id, t)| (id.as_str(), *t, Value::Null))
            .collect();
        let s = to_line("hulst", &shipped("hulst", stage), &riders, Value::Null);
        assert_eq!(
            said(&s),
            (
                "hulst-squares-to-line",
                vec![("count", json!(95))],
                "95 squares to the line".into()
            ),
            "{stage}"
        );
    }
    // A course's `length` is the count, whatever rows the board has (a curve's lettered
    // squares can make them differ).
    let text = shipped("hulst", "hulst-vlakke-etappe").replace("length = 95", "length = 93");
    let riders: Vec<(String, u8)> = (0..6).map(|i| (format!("r{i}"), i / 3)).collect();
    let riders: Vec<(&str, u8, Value)> = riders
        .iter()
        .map(|(id, t)| (id.as_str(), *t, Value::Null))
        .collect();
    assert_eq!(
        to_line("hulst", &text, &riders, Value::Null).text,
        "93 squares to the line"
    );
}
