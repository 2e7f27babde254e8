//! Velo Master's text board for the terminal (issue 22, item 13), on the moment of
//! `config/scenarios/vm-danger-cell.json`: two teams of two, a danger cell at 6/0.

use commissaire_engine::scenario::ScenarioFile;
use commissaire_render::text_board::scene_text;

/// The danger-cell scenario (its riders and course; the script by keys, the dice given)
/// played to the end of the script, its board as text for the Verts (seat 0).
fn board_after(dice: &str, script: &str) -> String {
    let text = format!(
        r#"{{"ruleset": "velo-master", "seed": 1, "dice": {dice},
 "course": {{"name": "Danger", "lanes": 3, "danger": ["6/0"],
            "segments": [{{"terrain": "flat", "length": 1, "start": true}},
                         {{"terrain": "flat", "length": 20}},
                         {{"terrain": "flat", "length": 3, "finish": true}}]}},
 "riders": [{{"id": "Ana", "team": "Verts", "start": {{"row": 5, "lane": 1}}, "attributes": {{"role": "leader"}}}},
            {{"id": "Bo", "team": "Verts", "start": {{"row": 2, "lane": 0}}, "attributes": {{"role": "team-mate"}}}},
            {{"id": "Cy", "team": "Roses", "start": {{"row": 1, "lane": 1}}, "attributes": {{"role": "leader"}}}},
            {{"id": "Di", "team": "Roses", "start": {{"row": 0, "lane": 2}}, "attributes": {{"role": "team-mate"}}}}],
 "script": {script}}}"#
    );
    let file = ScenarioFile::from_json(&text).unwrap();
    let course = file
        .course(|name| Err(format!("no course {name}")))
        .unwrap();
    let run = file.run(course, None).unwrap();
    scene_text(&run.scene(), Some(0))
}

/// What the lane line of `lane` shows in `row`'s column (no fold and no line before row 15:
/// a column of three characters a row, from row 0).
fn cell(board: &str, lane: u8, row: usize) -> String {
    let line = board
        .lines()
        .find(|l| l.starts_with(&format!("lane {lane} ")))
        .unwrap_or_else(|| panic!("lane {lane}: {board}"));
    let start = "lane 0  ".len() + 3 * row;
    line.chars().skip(start).take(3).collect::<String>()
}

#[test]
fn the_riders_stand_on_their_cells_in_their_lanes_by_their_tokens_labels() {
    let board = board_after("[4, 2, 9]", "[]");
    assert!(
        board.starts_with("Danger, round 1 (the finish line is before row 21)"),
        "{board}"
    );
    // The leaders L, the team-mates by their number (2): as the picture labels them.
    assert_eq!(cell(&board, 1, 5), "VL ");
    assert_eq!(cell(&board, 0, 2), "V2 ");
    assert_eq!(cell(&board, 1, 1), "RL ");
    assert_eq!(cell(&board, 2, 0), "R2 ");
    assert_eq!(cell(&board, 1, 0), ".. ");
    // The danger cell, empty.
    assert_eq!(cell(&board, 0, 6), "!! ");
    assert_eq!(cell(&board, 1, 6), ".. ");
    assert!(board.contains("teams: V Verts (you), R Roses"), "{board}");
    // Three lanes, lane 0 at the bottom, under the header and the terrain.
    let names: Vec<&str> = board
        .lines()
        .map(|l| l.split("  ").next().unwrap())
        .filter(|n| n.starts_with("lane") || *n == "row" || *n == "road")
        .collect();
    assert_eq!(names, ["row", "road", "lane 2", "lane 1", "lane 0"]);
}

#[test]
fn the_cells_the_rider_moving_may_take_are_lettered_and_a_rider_on_a_danger_cell_marked() {
    let board = board_after("[4, 2, 9]", r#"["g:0:4"]"#);
    // Ana, with the 4, may step onto 6/0 (the danger cell), 6/1 and 6/2.
    assert_eq!(cell(&board, 0, 6), "A! ");
    assert_eq!(cell(&board, 1, 6), "B. ");
    assert_eq!(cell(&board, 2, 6), "C. ");
    assert!(
        board.contains("Verts rolled 4, 2: VL (Ana) is moving, 4 steps left."),
        "{board}"
    );
    // On the danger cell (her skill roll 9: safe), then Bo's turn.
    let board = board_after("[4, 2, 9]", r#"["g:0:4", {"to": "6/0"}]"#);
    assert_eq!(cell(&board, 0, 6), "VL!");
    assert!(
        board.contains("V2 (Bo) is moving, 2 steps left."),
        "{board}"
    );
}

#[test]
fn a_fallen_rider_is_told_beside_his_cell() {
    // A 1 on the skill roll: Ana falls on the danger cell.
    let board = board_after("[4, 2, 1]", r#"["g:0:4", {"to": "6/0"}]"#);
    assert_eq!(cell(&board, 0, 6), "!! ", "her cell is free: {board}");
    assert!(
        board.contains("at the roadside: VL beside 6/0 (misses 1 turn)"),
        "{board}"
    );
}
