//! The terminal adapter as a user runs it: `demo` leaves a whole tour in a folder; `play` takes
//! numbered choices and resumes where it stopped.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: &str) -> Output {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut child = Command::new(env!("CARGO_BIN_EXE_commissaire"))
        .args(args)
        .current_dir(&root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("commissaire-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn demo_rides_the_week_and_leaves_pictures_standings_and_winners() {
    let out = temp_dir("demo");
    let result = run(&["demo", "--out", out.to_str().unwrap(), "--seed", "3"], "");
    let stdout = String::from_utf8_lossy(&result.stdout);
    assert!(
        result.status.success(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    assert!(
        stdout.contains("The tour is over. The winners:"),
        "{stdout}"
    );
    assert!(
        String::from_utf8_lossy(&result.stderr).contains("stage 7/7"),
        "a progress bar"
    );
    for stage in 1..=7 {
        let dir = out.join(format!("stage-{stage:02}"));
        for file in [
            format!("stage-{stage}-finish.png"),
            format!("stage-{stage}-profile.png"),
            "general.png".to_string(),
            "standings.md".to_string(),
        ] {
            assert!(dir.join(&file).exists(), "{}", dir.join(&file).display());
        }
        let md = std::fs::read_to_string(dir.join("standings.md")).unwrap();
        assert!(
            md.contains(&format!("Standings after stage {stage}")),
            "{md}"
        );
    }
    let winners = std::fs::read_to_string(out.join("winners.md")).unwrap();
    for jersey in [
        "General classification",
        "Points",
        "Mountains",
        "Teams",
        "Youth",
        "Combativity",
    ] {
        assert!(winners.contains(jersey), "{winners}");
    }
    // The same seed gives the same tour.
    let again = temp_dir("demo-again");
    run(
        &["demo", "--out", again.to_str().unwrap(), "--seed", "3"],
        "",
    );
    assert_eq!(
        std::fs::read_to_string(again.join("winners.md")).unwrap(),
        winners
    );
    std::fs::remove_dir_all(&out).unwrap();
    std::fs::remove_dir_all(&again).unwrap();
}

#[test]
fn play_takes_numbered_choices_and_resumes_after_stopping() {
    let out = temp_dir("play");
    let dir = out.to_str().unwrap();
    let first = run(&["play", "--out", dir, "--team", "Les Testeurs"], "1\n1\n");
    let text = String::from_utf8_lossy(&first.stdout);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert!(text.contains("1) Draw Les Testeurs"), "{text}");
    assert!(
        text.contains("teams: 1 Les Testeurs"),
        "the board as text: {text}"
    );
    assert!(
        text.contains(&format!(
            "Stopped. Run `commissaire play --out {dir}` again to resume."
        )),
        "{text}"
    );
    // The first rider drew and kept a card: the second run picks up there.
    let second = run(&["play", "--out", dir], "x\nq\n");
    let text = String::from_utf8_lossy(&second.stdout);
    assert!(text.contains("Resuming your tour"), "{text}");
    assert!(
        text.contains("keeps "),
        "the card kept before stopping is still kept: {text}"
    );
    assert!(
        text.contains("Type a number from 1 to"),
        "a bad answer is explained: {text}"
    );
    std::fs::remove_dir_all(&out).unwrap();
}
