//! Moves given whole in a scenario (`path`, `to`): each step is the option a director would
//! click, found by the place it steps onto, and a destination is walked only when one way leads
//! there. Velo Master is the game whose moves are walked a step at a time.

use commissaire_engine::course::Course;
use commissaire_engine::scenario::{Played, ScenarioError, Scripted};

/// Ana (Verts' leader) on 5/1 of a three-lane road with a danger cell on 6/0; the Verts roll 4
/// and 2, then a d20 of 9 for any skill roll. The first entry gives Ana the 4.
fn scenario(entry: &str) -> String {
    format!(
        r#"{{"ruleset": "velo-master", "seed": 1, "dice": [4, 2, 9],
 "course": {{"lanes": 3, "danger": ["6/0"],
            "segments": [{{"terrain": "flat", "length": 1, "start": true}},
                         {{"terrain": "flat", "length": 20}},
                         {{"terrain": "flat", "length": 3, "finish": true}}]}},
 "riders": [{{"id": "Ana", "team": "Verts", "start": {{"row": 5, "lane": 1}}, "attributes": {{"role": "leader"}}}},
            {{"id": "Bo", "team": "Verts", "start": {{"row": 2, "lane": 0}}, "attributes": {{"role": "team-mate"}}}},
            {{"id": "Cy", "team": "Roses", "start": {{"row": 1, "lane": 1}}, "attributes": {{"role": "leader"}}}},
            {{"id": "Di", "team": "Roses", "start": {{"row": 0, "lane": 2}}, "attributes": {{"role": "team-mate"}}}}],
 "script": ["Ana: Move up to 4",
   {entry}]}}"#
    )
}

fn no_files(name: &str) -> Result<Course, String> {
    Err(format!("no shipped course in these tests ({name})"))
}

fn play(entry: &str) -> Result<Played, ScenarioError> {
    let s = Scripted::from_json(&scenario(entry))?;
    let course = s.course.resolve(no_files)?;
    s.run(course, None)
}

/// The labels of every choice made, in order.
fn chosen(played: &Played) -> Vec<String> {
    played
        .turns
        .iter()
        .flat_map(|t| t.choices.iter().map(|c| c.choose.clone()))
        .collect()
}

fn told(played: &Played) -> Vec<String> {
    played.turns.iter().flat_map(|t| t.told.clone()).collect()
}

#[test]
fn a_path_steps_onto_each_place_in_turn_and_stops_where_it_ends() {
    let played = play(r#"{"path": ["6/1", "7/1"]}"#).unwrap();
    assert_eq!(
        chosen(&played),
        [
            "Move up to 4",
            "Move to B",
            "Move to B",
            "Stop here (2 unused)"
        ]
    );
    let told = told(&played);
    assert!(
        told.contains(&"Ana stops (2 unused).".to_string()),
        "{told:?}"
    );
    // Both lettered B: the report says how far each step leaves him, one row nearer each time.
    let steps: Vec<u32> = told
        .iter()
        .filter_map(|t| t.strip_prefix("Ana steps, "))
        .filter_map(|t| t.strip_suffix(" rows from the line."))
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(steps.len(), 2, "{told:?}");
    assert_eq!(steps[0], steps[1] + 1, "{told:?}");
}

#[test]
fn a_path_the_die_ends_needs_no_stop() {
    let played = play(r#"{"path": ["6/1", "7/1", "8/1", "9/1"]}"#).unwrap();
    let chosen = chosen(&played);
    assert_eq!(chosen.len(), 5, "{chosen:?}");
    assert_eq!(chosen[4], "Move to B");
    assert!(!chosen.iter().any(|c| c.starts_with("Stop")), "{chosen:?}");
}

#[test]
fn a_destination_with_one_way_is_walked_with_its_rolls() {
    // 6/0 is a danger cell: the step costs a skill roll, the given 9, and is safe.
    let played = play(r#"{"to": "6/0", "rider": "Ana"}"#).unwrap();
    assert_eq!(
        chosen(&played)[1..],
        ["Move to A, danger: skill roll", "Stop here (3 unused)"]
    );
    let rolls: Vec<(u8, u8)> = played
        .turns
        .iter()
        .flat_map(|t| t.dice.iter().map(|d| (d.sides, d.face)))
        .collect();
    assert_eq!(rolls, [(6, 4), (6, 2), (20, 9)]);
}

#[test]
fn a_destination_several_ways_lead_to_is_refused_with_the_ways() {
    let e = play(r#"{"to": "9/1"}"#).unwrap_err().to_string();
    assert!(
        e.starts_with("script entry 2 (line 11): 17 ways lead to '9/1' ("),
        "{e}"
    );
    assert!(e.contains("6/0 → 7/0 → 8/0 → 9/1"), "{e}");
    assert!(e.ends_with("give the one you mean as \"path\""), "{e}");
}

#[test]
fn a_place_out_of_reach_is_refused_with_the_next_steps() {
    let e = play(r#"{"to": "12/1"}"#).unwrap_err().to_string();
    assert!(
        e.ends_with(
            "Ana cannot reach '12/1' with this move; the next step may go to 6/0, 6/1, 6/2"
        ),
        "{e}"
    );
    let e = play(r#"{"path": ["6/1", "8/1"]}"#).unwrap_err().to_string();
    assert!(
        e.starts_with(
            "script entry 2 (line 11), step 2 of the move: '8/1' cannot be stepped onto now"
        ),
        "{e}"
    );
}

#[test]
fn a_move_before_the_dice_says_what_to_do_first() {
    let text = scenario(r#"{"path": ["6/1"]}"#).replace(r#""Ana: Move up to 4","#, "");
    let s = Scripted::from_json(&text).unwrap();
    let e = s
        .run(s.course.resolve(no_files).unwrap(), None)
        .unwrap_err();
    assert!(e.to_string().contains("no move is being walked now"), "{e}");
}

#[test]
fn an_entry_gives_one_of_choose_path_or_to() {
    for entry in [
        r#"{"choose": "x", "to": "6/1"}"#,
        r#"{"rider": "Ana"}"#,
        r#"{"path": []}"#,
    ] {
        let e = Scripted::from_json(&scenario(entry))
            .unwrap_err()
            .to_string();
        assert!(e.contains("script[1]"), "{entry}: {e}");
    }
}

#[test]
fn a_game_without_places_refuses_a_move_given_whole() {
    let text = r#"{"ruleset": "card-race", "seed": 7,
 "course": {"lanes": 2, "segments": [{"terrain": "flat", "length": 4, "start": true},
     {"terrain": "flat", "length": 8}, {"terrain": "flat", "length": 5, "finish": true}]},
 "riders": [{"id": "BlueR", "team": "Blue", "attributes": {"kind": "rouleur"}}],
 "script": [{"to": "9/0"}]}"#;
    let s = Scripted::from_json(text).unwrap();
    let e = s
        .run(s.course.resolve(no_files).unwrap(), None)
        .unwrap_err();
    assert!(
        e.to_string().contains("nothing offered steps onto a place"),
        "{e}"
    );
}
