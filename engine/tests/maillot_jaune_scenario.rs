//! Maillot Jaune played from a scenario file with given dice and a bot's seat
//! (`config/scenarios/mj-aspiration-and-escape.json`, docs/maillot-jaune.md): the book's
//! aspiration example (MJ-048) on the climb of stage 1, then Renault's risky escape of 2 cells on
//! the given roll 4 + 5 (cost 4, MJ-029), then the Bleus' bot rides La Redoute.

use commissaire_engine::course::Course;
use commissaire_engine::scenario::{ScenarioFile, ScenarioRun};

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
        "Vandamme is pulled up by PTT to 18/0.",
        "La Bonnal is pulled up by Vandamme to 18/0.",
        "La Bonnal rides 1 cell to 19/0.",
        "Renault rolls 4 and 5 for 2 risky cells: 4 units.",
        "Renault pays 4 energy and 0 form for the risky escape: energy 1, form 20.",
        "La Redoute is pulled up by Renault to 18/2.",
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
