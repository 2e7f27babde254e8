//! The configuration as an admin meets it (issue 33, items 1 to 4): `commissaire check` says
//! every problem at once; a broken preset is skipped, with a warning, by the commands that
//! start; a run refused for a broken course writes nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn run(args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_commissaire"))
        .args(args)
        .current_dir(root())
        .env_remove("COMMISSAIRE_CONFIG")
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

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The shipped config folder copied, then `files` written into it (an empty text removes).
fn config_with(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&root().join("config"), dir.path());
    for (file, body) in files {
        let path = dir.path().join(file);
        if body.is_empty() {
            std::fs::remove_file(&path).unwrap();
        } else {
            std::fs::write(&path, body).unwrap();
        }
    }
    dir
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

const BROKEN_PRESET: &str = "name = \"Broken\"\nruleset = \"card-race\"\nrules = \"house-z\"\n\
                             [[stage]]\ncourse = \"la-haute-montagne\"\nkind = \"mountain\"\n";

#[test]
fn check_passes_the_shipped_folder() {
    let out = run(&["check"], "");
    let said = text(&out.stdout);
    assert!(out.status.success(), "{said}{}", text(&out.stderr));
    assert!(said.starts_with("config is good: "), "{said}");
    assert!(said.contains("tour presets and"), "{said}");
}

#[test]
fn check_says_every_problem_at_once_with_its_file_line_and_fix() {
    let dir = config_with(&[
        ("tours/aaa-broken.toml", BROKEN_PRESET),
        (
            "courses/card-race/bad-hill.toml",
            "name = \"Bad Hill\"\ntiles = \"abz\"\n",
        ),
        ("commissaire.toml", "tick_secs = five\n"),
    ]);
    let folder = dir.path().to_str().unwrap();
    let out = run(&["--config", folder, "check"], "");
    assert_eq!(out.status.code(), Some(1));
    let said = text(&out.stdout);
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines.len(), 4, "three problems and the summary: {said}");
    assert!(
        lines[0].ends_with("line 1: tick_secs wants a whole number of seconds, like tick_secs = 5"),
        "{said}"
    );
    assert!(lines[1].contains("bad-hill.toml"), "{said}");
    assert!(
        lines[2].contains("aaa-broken.toml: line 3: rules 'house-z'")
            && lines[2].contains("did you mean 'house-b'?"),
        "{said}"
    );
    assert!(lines[3].starts_with("3 problems in "), "{said}");
}

#[test]
fn a_misspelt_preset_gets_the_nearest_name() {
    let out = run(
        &["demo", "--tour", "weak", "--out", "/nonexistent/never"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stderr);
    assert!(
        said.contains("there is no tour preset named 'weak': did you mean 'week'?"),
        "{said}"
    );
}

#[test]
fn a_broken_preset_spoils_no_other_and_is_warned_of() {
    let dir = config_with(&[("tours/aaa-broken.toml", BROKEN_PRESET)]);
    let out_dir = tempfile::tempdir().unwrap();
    let out = out_dir.path().join("play");
    // `play` starts the week's tour with the broken preset beside it, then stops at once.
    let played = run(
        &[
            "--config",
            dir.path().to_str().unwrap(),
            "play",
            "--out",
            out.to_str().unwrap(),
        ],
        "q\n",
    );
    let err = text(&played.stderr);
    assert!(played.status.success(), "{err}{}", text(&played.stdout));
    assert!(
        err.starts_with("warning: ") && err.contains("aaa-broken.toml: line 3"),
        "{err}"
    );
    assert!(out.join("play.sqlite").exists());
}

#[test]
fn a_run_refused_for_a_broken_course_writes_nothing() {
    // The week's second stage rides this course: it no longer loads.
    let dir = config_with(&[(
        "courses/card-race/ronde-van-wevelgem.toml",
        "name = \"Ronde van Wevelgem\"\ntiles = \"abz\"\n",
    )]);
    let folder = dir.path().to_str().unwrap();
    let scratch = tempfile::tempdir().unwrap();
    for command in ["demo", "play"] {
        let out = scratch.path().join(command);
        let got = run(
            &["--config", folder, command, "--out", out.to_str().unwrap()],
            "q\n",
        );
        let err = text(&got.stderr);
        assert_eq!(got.status.code(), Some(2), "{command}: {err}");
        assert!(
            err.contains("week.toml: line 12: stage 2: "),
            "{command}: {err}"
        );
        assert!(err.contains("ronde-van-wevelgem.toml"), "{command}: {err}");
        assert!(!out.exists(), "{command} wrote {}", out.display());
    }
}

#[test]
fn a_misspelt_ruleset_and_an_out_that_is_a_file_say_what_to_do() {
    let out = run(
        &[
            "demo",
            "--ruleset",
            "velo-mastre",
            "--out",
            "/nonexistent/never",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stderr);
    assert!(said.contains("; did you mean 'velo-master'?"), "{said}");
    let file = tempfile::NamedTempFile::new().unwrap();
    let out = run(
        &[
            "render",
            "config/scenarios/hulst-sprint-mid-stage.json",
            "--round",
            "0",
            "--out",
            file.path().to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stderr);
    assert!(
        said.contains("is a file, not a folder: pass a folder"),
        "{said}"
    );
}
