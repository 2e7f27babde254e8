//! The strip titles' distance to the line (issue 22, item 10): counted from the strip's leading
//! rider still racing, as the "to go" ticks under the road count, never from the strip's edge.

use commissaire_engine::course::{Pos, parse_course_toml};
use commissaire_render::{BoardScene, Mark, RiderToken, TeamStyle, draw_board};
use std::sync::Arc;

/// A flat two-lane road of 80 rows whose line lies before row 75.
fn course() -> Arc<commissaire_engine::course::Course> {
    let toml = "name = \"Long\"\nlanes = 2\nsegment = [\n\
                { terrain = \"flat\", length = 5, start = true },\n\
                { terrain = \"flat\", length = 70 },\n\
                { terrain = \"flat\", length = 5, finish = true },\n]\n";
    let course = parse_course_toml(toml, "long").unwrap();
    assert_eq!(course.finish_row(), 75);
    Arc::new(course)
}

fn scene(riders: Vec<RiderToken>) -> BoardScene {
    let teams = vec![TeamStyle {
        name: "Blue".into(),
        colour: commissaire_render::palette::team(0),
        mark: "B".into(),
    }];
    BoardScene::new(course(), "Long", 9, teams, riders)
}

#[test]
fn a_strip_counts_the_rows_to_the_line_from_its_leading_rider() {
    // Riders on rows 10 and 12: one strip, rows 8 to 27, whose edge is 47 rows from the line;
    // the leading rider has 63 to go (75 - 12), as the tick under his row says.
    let pic = draw_board(&scene(vec![
        RiderToken::new("B1", 0, Pos::new(10, 0)),
        RiderToken::new("B2", 0, Pos::new(12, 1)),
    ]))
    .unwrap();
    assert_eq!(pic.layout.strips.len(), 1);
    assert_eq!(pic.strip_titles(), ["Rows 8–27 · 63 rows to the line"]);
}

#[test]
fn the_chase_strip_counts_from_its_own_leading_rider() {
    // The head of the race holds the line (no count, a rider already across); the chase, riders
    // on rows 20 and 22, counts 53 from row 22.
    let pic = draw_board(&scene(vec![
        RiderToken::new("B1", 0, Pos::new(70, 0)),
        RiderToken::new("B2", 0, Pos::new(77, 1)).with(Mark::Finished),
        RiderToken::new("B3", 0, Pos::new(22, 0)),
        RiderToken::new("B4", 0, Pos::new(20, 1)),
    ]))
    .unwrap();
    let titles = pic.strip_titles();
    assert_eq!(titles.len(), 2, "{titles:?}");
    assert!(!titles[0].contains("to the line"), "{titles:?}");
    assert!(titles[1].ends_with(" · 53 rows to the line"), "{titles:?}");
}
