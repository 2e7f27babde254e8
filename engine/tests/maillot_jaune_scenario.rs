//! Maillot Jaune played from a scenario file with given dice and a bot's seat
//! (`config/scenarios/mj-aspiration-and-escape.json`, docs/maillot-jaune.md): the book's
//! aspiration example (MJ-048) on the climb of stage 1, then Renault's risky escape of 2 cells on
//! the given roll 4 + 5 (cost 4, MJ-029), then the Bleus' bot rides La Redoute.

use commissaire_engine::course::Course;
use commissaire_engine::scenario::{ScenarioFile, ScenarioRun};
use proptest::prelude::*;
use serde_json::{Value, json};

const FILE: &str = include_str!("../../config/scenarios/mj-aspiration-and-escape.json");

fn no_files(name: &str) -> Result<Course, String> {
    Err(format!("no shipped course here ({name})"))
}

#[test]
fn mj_048_mj_029_the_scenario_plays_with_given_dice_and_a_bot() {
    let file = ScenarioFile::from_json(FILE).unwrap();
    let course = file.course(no_files).unwrap();
    let ScenarioRun::Script(played) = file.run(course, None).unwrap() else {
        panic!("a script scenario");
    };
    let out = played.to_json_lines();
    for told in [
        "PTT pays 1 energy and 0 form for the rider in his wheel: energy 5, form 20.",
        "Vandamme is pulled up by PTT, 11 rows from the line.",
        "La Bonnal is pulled up by Vandamme, 11 rows from the line.",
        "La Bonnal rides 1 cell, 10 rows from the line.",
        "Renault rolls 4 and 5 for 2 risky cells: 4 units.",
        "Renault pays 4 energy and 0 form for the risky escape: energy 1, form 20.",
        "La Redoute is pulled up by Renault, 11 rows from the line.",
    ] {
        assert!(out.contains(told), "{told} missing from:\n{out}");
    }
    assert!(
        out.contains(r#""given":true"#),
        "the given dice are shown: {out}"
    );
    assert!(
        out.contains(r#""bot":true"#),
        "the Bleus' bot played: {out}"
    );
}

/// A scenario on stage 1's climb (rows 15-28 uphill after 14 flat), its riders and script as
/// JSON, and the seed's dice.
fn on_stage_1(riders: &str, script: &str, dice: &str) -> String {
    format!(
        r#"{{"ruleset": "maillot-jaune", "seed": 3, "dice": {dice},
 "course": {{"lanes": 4, "segments": [{{"terrain": "flat", "length": 1, "start": true}},
                                     {{"terrain": "flat", "length": 14}},
                                     {{"terrain": "uphill", "length": 14}},
                                     {{"terrain": "uphill", "length": 14, "finish": true}}]}},
 "riders": {riders}, "script": {script}}}"#
    )
}

/// Plays `text` on a thread of its own and waits at most `limit` for it: its output lines, or
/// its refusal. A scenario that panics, or has not answered by then, fails the test (the thread
/// is left to the end of the test binary: nothing can stop it sooner).
fn within(limit: std::time::Duration, text: String) -> Result<String, String> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let run = || -> Result<String, String> {
            let file = ScenarioFile::from_json(&text).map_err(|e| e.0)?;
            let course = file.course(no_files).map_err(|e| e.0)?;
            match file.run(course, None).map_err(|e| e.0)? {
                ScenarioRun::Script(played) => Ok(played.to_json_lines()),
                ScenarioRun::Rounds(_) => Err("not a script scenario".into()),
            }
        };
        let _ = tx.send(run());
    });
    match rx.recv_timeout(limit) {
        Ok(answer) => answer,
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            panic!("the scenario gave no answer in {limit:?}")
        }
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => panic!("the scenario panicked"),
    }
}

/// Each line's choices, as `rider: key` (a move's key names its cell, `m:21:0`).
fn choices(out: &str) -> Vec<String> {
    out.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter_map(|l| l.get("choices").cloned())
        .flat_map(|c| {
            c.as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    format!(
                        "{}: {}",
                        c["rider"].as_str().unwrap(),
                        c["key"].as_str().unwrap()
                    )
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Generous: the bug was a search with no end in sight, and the machine may be slow.
const LIMIT: std::time::Duration = std::time::Duration::from_secs(20);

#[test]
fn mj_013_an_end_cell_entry_answers_when_the_rider_who_moves_plays_next_too() {
    // A lone rider: he plays every turn. The entry is his move and nothing more (no "Stay" for
    // his next turn after it).
    let lone = on_stage_1(
        r#"[{"id": "PTT", "team": "Jaunes", "start": {"row": 18, "lane": 0}, "attributes": {"card": "PTT"}}]"#,
        r#"[{"to": "21/0"}, {"to": "23/1"}]"#,
        "[]",
    );
    let out = within(LIMIT, lone).unwrap();
    assert_eq!(choices(&out), ["PTT: m:21:0", "PTT: m:23:1"], "{out}");
    // Two riders: La Providence, the last of round 1, is the front rider and opens round 2.
    let two = on_stage_1(
        r#"[{"id": "PTT", "team": "Jaunes", "start": {"row": 12, "lane": 0}, "attributes": {"card": "PTT"}},
            {"id": "La Providence", "team": "Verts", "start": {"row": 11, "lane": 1}, "attributes": {"card": "La Providence"}}]"#,
        r#"[{"to": "13/0"}, {"to": "14/1"}, {"rider": "La Providence", "to": "15/1"}, {"to": "14/0"}]"#,
        "[]",
    );
    let out = within(LIMIT, two).unwrap();
    assert_eq!(
        choices(&out),
        [
            "PTT: m:13:0",
            "La Providence: m:14:1",
            "La Providence: m:15:1",
            "PTT: m:14:0"
        ],
        "{out}"
    );
    // A place after the move's end is refused, not walked as his next turn.
    let on = on_stage_1(
        r#"[{"id": "PTT", "team": "Jaunes", "start": {"row": 18, "lane": 0}, "attributes": {"card": "PTT"}}]"#,
        r#"[{"path": ["21/0", "22/0"]}]"#,
        "[]",
    );
    let refused = within(LIMIT, on).unwrap_err();
    assert!(
        refused.contains("PTT's move ended at step 1, on 21/0, with no step left to it"),
        "{refused}"
    );
}

#[test]
fn mj_001_mj_005_a_scenario_with_a_face_or_a_dial_out_of_range_is_refused_before_it_plays() {
    let lone = |attributes: &str, dice: &str| {
        on_stage_1(
            &format!(
                r#"[{{"id": "PTT", "team": "Jaunes", "start": {{"row": 18, "lane": 0}}, "attributes": {attributes}}}]"#
            ),
            r#"[{"choose": "Escape +2 (5 cells)"}, {"choose": "Escape +2 (0 safe, 2 risky)"}, {"to": "23/0"}]"#,
            dice,
        )
    };
    assert_eq!(
        within(LIMIT, lone(r#"{"card": "PTT"}"#, "[3, 7]")).unwrap_err(),
        r#"the stage cannot start: given roll 2 is 7, but a d6 shows 1 to 6: fix roll 2 of "dice""#
    );
    assert_eq!(
        within(LIMIT, lone(r#"{"card": "PTT", "energy": 7}"#, "[3, 4]")).unwrap_err(),
        "the stage cannot start: rider 'PTT': `energy` is 7, but the energy dial runs from 0 to 6: give 0 to 6"
    );
    assert_eq!(
        within(LIMIT, lone(r#"{"card": "PTT", "form": 25}"#, "[3, 4]")).unwrap_err(),
        "the stage cannot start: rider 'PTT': `form` is 25, but form runs from 0 to 20: give 0 to 20"
    );
    // In range, the escape is ridden on the given 3 and 4 (a 7: nothing to pay, MJ-058).
    let out = within(
        LIMIT,
        lone(r#"{"card": "PTT", "energy": 6, "form": 20}"#, "[3, 4]"),
    )
    .unwrap();
    assert!(
        out.contains("PTT rolls 3 and 4 for 2 risky cells: 0 units."),
        "{out}"
    );
}

/// Anything a scenario file may hold for Maillot Jaune: riders on the road or behind the banner,
/// cells off the road, cards twice, dials and form out of range, faces no die shows, end cells,
/// paths and option texts of every kind, a bot's team. Mostly what a stage accepts, so that the
/// scripts are played (cells a few rows ahead of the first rider); sometimes what it refuses.
fn any_scenario() -> impl Strategy<Value = String> {
    const CHOOSE: [&str; 12] = [
        "Stay",
        "s",
        "Ride to A",
        "Ride to B",
        "Escape +2 (5 cells)",
        "Escape +2 (0 safe, 2 risky)",
        "Escape +1 (1 safe, 0 risky)",
        "e:0:4",
        "e:6:0",
        "Back: no escape",
        "Do not help",
        "m:20:1",
    ];
    let lane = || prop_oneof![29 => 0u8..=3, 1 => Just(4u8)];
    // A cell as rows ahead of the first rider, and a lane.
    let ahead = (0u16..=7, lane());
    let rider = (
        0u8..3,
        (prop_oneof![29 => 1u16..=30, 1 => Just(0u16)], lane()),
        prop_oneof![29 => 0i64..=6, 1 => prop_oneof![Just(-1i64), Just(7), Just(300)]],
        prop_oneof![29 => 0i64..=20, 1 => prop_oneof![Just(-1i64), Just(21), Just(25)]],
    );
    let face = prop_oneof![29 => 1u8..=6, 1 => prop_oneof![Just(0u8), Just(7), Just(9)]];
    let entry = prop_oneof![
        ahead.clone().prop_map(|c| ("to", vec![c])),
        proptest::collection::vec(ahead, 1..4).prop_map(|p| ("path", p)),
        (0..CHOOSE.len()).prop_map(|k| ("choose", vec![(k as u16, 0)])),
    ];
    let cards = Just(["Renault", "PTT", "La Providence", "Agfa", "Noël"]).prop_shuffle();
    (
        proptest::collection::vec(rider, 1..5),
        (cards, prop_oneof![9 => Just(None), 1 => prop_oneof![Just(Some("Nobody")), Just(Some("Renault"))]]),
        prop_oneof![3 => Just(true), 1 => Just(false)],
        proptest::collection::vec(face, 0..8),
        proptest::collection::vec(entry, 0..8),
        any::<bool>(),
        any::<u64>(),
    )
        .prop_map(|(riders, (cards, odd_card), on_road, dice, script, bot, seed)| {
            let first_row = if on_road { riders[0].1.0 } else { 0 };
            let cell = |(rows, lane): (u16, u8)| format!("{}/{lane}", first_row + rows);
            let script: Vec<Value> = script
                .into_iter()
                .map(|(kind, cells)| match kind {
                    "to" => json!({"to": cell(cells[0])}),
                    "path" => json!({"path": cells.into_iter().map(cell).collect::<Vec<_>>()}),
                    _ => json!(CHOOSE[cells[0].0 as usize]),
                })
                .collect();
            let last = riders.len() - 1;
            let riders: Vec<Value> = riders
                .iter()
                .enumerate()
                .map(|(k, &(team, (row, lane), energy, form))| {
                    let card = match odd_card {
                        Some(odd) if k == last => odd,
                        _ => cards[k],
                    };
                    let mut r = json!({
                        "id": format!("R{k}"),
                        "team": format!("T{team}"),
                        "attributes": {"card": card, "energy": energy, "form": form},
                    });
                    if on_road {
                        r["start"] = json!({"row": row, "lane": lane});
                    }
                    r
                })
                .collect();
            let bots = if bot { json!([riders[0]["team"]]) } else { json!([]) };
            json!({
                "ruleset": "maillot-jaune", "seed": seed, "dice": dice, "bots": bots,
                "course": {"lanes": 4, "segments": [
                    {"terrain": "flat", "length": 1, "start": true},
                    {"terrain": "flat", "length": 14},
                    {"terrain": "uphill", "length": 14},
                    {"terrain": "uphill", "length": 14, "finish": true}]},
                "riders": riders, "script": script,
            })
            .to_string()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// No scenario input makes Maillot Jaune panic or spin: each is played or refused in time.
    #[test]
    fn any_scenario_input_is_played_or_refused_in_time(text in any_scenario()) {
        match within(LIMIT, text.clone()) {
            Ok(out) => prop_assert!(
                out.lines().last().is_some_and(|l| l.starts_with(r#"{"result":"#)),
                "a played scenario ends with its result: {out}"
            ),
            Err(refusal) => prop_assert!(!refusal.is_empty(), "a refusal says why: {text}"),
        }
    }
}
