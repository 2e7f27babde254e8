//! The terminal's text board (render/src/text_board.rs) on a field spread along a course.

use commissaire::courses::CourseLibrary;
use commissaire_engine::Seat;
use commissaire_engine::game::{Ruleset, Viewer};
use commissaire_engine::games::card_race::StageView;
use commissaire_engine::scenario::Scenario;
use commissaire_render::text_board::{REACH, board_text};
use std::path::Path;

/// A field spread from row 10 to row 70 of Firenze-Milano (sprint line before row 36).
fn spread_field() -> StageView {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let text = std::fs::read_to_string(root.join("config/scenarios/split-field.json")).unwrap();
    let library = CourseLibrary::new(&root.join("config"));
    let scenario = Scenario::from_json(&text).unwrap();
    let course = scenario.course(|name| library.find(name)).unwrap();
    let outcome = scenario.run(course, Some(0)).unwrap();
    outcome.stage.view(Viewer::Public)
}

fn lane_lines(board: &str) -> Vec<&str> {
    board.lines().filter(|l| l.starts_with("lane ")).collect()
}

#[test]
fn a_spread_field_shows_every_rider_the_road_ahead_and_the_lines() {
    let view = spread_field();
    let black = view.teams.iter().position(|t| t.name == "Black").unwrap() as Seat;
    let board = board_text(&view, Some(black));
    // Every rider, the last one (Black's grimpeur on row 10) too.
    let tokens: usize = lane_lines(&board)
        .iter()
        .map(|l| {
            l.split_whitespace()
                .filter(|t| t.len() == 2 && t.ends_with(['R', 'S', 'G']))
                .count()
        })
        .sum();
    assert_eq!(tokens, view.riders.len(), "{board}");
    // The terrain has a line of its own, one mark per column, riders or not.
    let road = board.lines().find(|l| l.starts_with("road ")).unwrap();
    let lane0 = board.lines().find(|l| l.starts_with("lane 0")).unwrap();
    let cells = |line: &str| line[8..].split_whitespace().count();
    assert_eq!(cells(road), cells(lane0), "{board}");
    // The sprint line before row 36 and the finish line, drawn in every line.
    assert!(lane0.contains(':') && lane0.contains('|'), "{board}");
    // Empty stretches are folded, but never the nine rows a card of Black's leading rider
    // (row 45) can reach.
    let legend = board.lines().last().unwrap();
    let folds = legend
        .split('(')
        .nth(1)
        .expect("a fold")
        .trim_end_matches(')');
    for fold in folds.split(", ") {
        let (a, b) = fold.split_once('-').unwrap();
        let (a, b): (u16, u16) = (a.parse().unwrap(), b.parse().unwrap());
        assert!(b < 45 || a > 54, "{fold} hides the road ahead: {board}");
    }
    assert!(lane0.contains('~'), "{board}");
    // At most a terminal's width.
    assert!(lane0.chars().count() <= 120, "{}", lane0.chars().count());
}

#[test]
fn the_road_ahead_reaches_nine_rows_past_your_leading_rider() {
    let view = spread_field();
    let blue = view.teams.iter().position(|t| t.name == "Blue").unwrap() as Seat;
    let board = board_text(&view, Some(blue));
    // Blue leads on row 70: the road to row 79 (or the end of the course) is shown.
    let last = (70 + REACH).min(view.course.last_row());
    let header = board.lines().find(|l| l.starts_with("row ")).unwrap();
    assert!(
        header.contains(&format!("{}", last - last % 5)),
        "{header}\n{board}"
    );
}
