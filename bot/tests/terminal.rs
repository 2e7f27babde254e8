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
        !stdout.contains("**") && !stdout.contains("```"),
        "the terminal gets plain text, not Markdown: {stdout}"
    );
    assert!(
        String::from_utf8_lossy(&result.stderr).contains("stage 7/7"),
        "a progress bar"
    );
    for stage in 1..=7 {
        let dir = out.join(format!("stage-{stage:02}"));
        for file in [
            format!("stage-{stage:02}-finish.png"),
            format!("stage-{stage:02}-profile.png"),
            "general.png".to_string(),
            "standings.md".to_string(),
        ] {
            assert!(dir.join(&file).exists(), "{}", dir.join(&file).display());
        }
        // The general classification's chart with each stage's result from stage 2 on
        // (issue 36): one stage is no story.
        assert_eq!(
            dir.join("general-chart.png").exists(),
            stage >= 2,
            "stage {stage}'s general-chart.png"
        );
        let md = std::fs::read_to_string(dir.join("standings.md")).unwrap();
        assert!(
            md.contains(&format!("Standings after stage {stage}")),
            "{md}"
        );
    }
    // The tour book links the last post's pictures, written beside it (issue 36): the same
    // files as the last stage's post carried.
    let book = std::fs::read_to_string(out.join("tour-book.md")).unwrap();
    let linked = commissaire::services::linked_files(&book);
    for file in ["stage-07-finish.png", "general-chart.png"] {
        assert!(linked.iter().any(|f| f == file), "{file} in {linked:?}");
    }
    for file in &linked {
        let beside =
            std::fs::read(out.join(file)).unwrap_or_else(|e| panic!("{file} beside the book: {e}"));
        assert_eq!(
            beside,
            std::fs::read(out.join("stage-07").join(file)).unwrap()
        );
    }
    let winners = std::fs::read_to_string(out.join("winners.md")).unwrap();
    assert!(
        winners.contains("**"),
        "the file keeps its Markdown: {winners}"
    );
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
    assert!(text.contains("1) Les Testeurs Rouleur: Draw"), "{text}");
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

/// Issue 32 item 6: a Maillot Jaune move in the terminal is the same steps as its buttons: how
/// far first, then the cell among those that far (with a way back), and the rider moves; your
/// riders are named by the cards they were dealt (MJ-010).
#[test]
fn play_takes_a_maillot_jaune_move_in_steps() {
    let out = temp_dir("play-mj");
    let dir = out.to_str().unwrap();
    let run_ = run(
        &[
            "play",
            "--tour",
            "maillot-jaune",
            "--out",
            dir,
            "--team",
            "Les Testeurs",
        ],
        "1\n1\nq\n",
    );
    let text = String::from_utf8_lossy(&run_.stdout);
    assert!(
        run_.status.success(),
        "{}",
        String::from_utf8_lossy(&run_.stderr)
    );
    // The first team is dealt Renault and La Providence; the first step is how far.
    let first = text
        .lines()
        .find(|l| l.starts_with("  1) "))
        .unwrap_or_else(|| panic!("no numbered choice: {text}"));
    assert!(
        first.starts_with("  1) Renault: Ride ") || first.starts_with("  1) La Providence: Ride "),
        "{first}"
    );
    assert!(text.contains(": Stay"), "{text}");
    assert!(text.contains(": Escape +1 ("), "{text}");
    // Then the cells that far, lettered, with the way back; the first is ridden.
    assert!(text.contains(": Ride to A ("), "{text}");
    assert!(text.contains(": Back to how far"), "{text}");
    assert!(
        text.contains("Renault rides") || text.contains("La Providence rides"),
        "{text}"
    );
    std::fs::remove_dir_all(&out).unwrap();
}

/// `m:ss` or `h:mm:ss` as seconds.
fn seconds(time: &str) -> Option<i64> {
    time.split(':')
        .try_fold(0i64, |acc, part| Some(acc * 60 + part.parse::<i64>().ok()?))
}

/// The stage results of a report: for each, its lines `place. rider time[, bonus −n s]`.
fn stage_results(report: &str) -> Vec<Vec<String>> {
    report
        .split("\n\n")
        .filter(|block| {
            block
                .lines()
                .next()
                .is_some_and(|l| l.ends_with(": result**"))
        })
        .map(|block| {
            block
                .lines()
                .filter(|l| {
                    l.split_once(". ")
                        .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
                })
                .map(str::to_string)
                .collect()
        })
        .collect()
}

#[test]
fn demo_report_reads_in_race_order_and_its_database_stands_alone() {
    let out = temp_dir("demo-report");
    let dir = out.to_str().unwrap();
    // A stale stage of an earlier, longer tour and a file of the user's.
    std::fs::create_dir_all(out.join("stage-09")).unwrap();
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    let result = run(
        &["demo", "--out", dir, "--seed", "1", "--tour", "week.toml"],
        "",
    );
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(result.status.success(), "{stderr}");
    assert!(
        !stderr.contains('\r') && stderr.contains("stage 7/7"),
        "without a terminal, plain progress lines: {stderr:?}"
    );
    assert!(!out.join("stage-09").exists(), "a stale stage folder stays");
    assert_eq!(
        std::fs::read_to_string(out.join("notes.txt")).unwrap(),
        "mine"
    );

    let report = std::fs::read_to_string(out.join("tour.md")).unwrap();
    assert!(
        !report.contains("Join with a team name"),
        "a report of bots opens with Discord instructions: {report}"
    );
    // Every stage starts before its rounds and its result.
    for stage in 1..=7 {
        let first = report.find(&format!("**Stage {stage}/7, ")).unwrap();
        let line = report[first..].lines().next().unwrap();
        assert!(
            line.ends_with("** starts."),
            "stage {stage} starts first: {line}"
        );
        let round = report.find(&format!("**Stage {stage}, round")).unwrap();
        assert!(first < round, "stage {stage}:\n{report}");
        // From the stage's first turn (house rules B: its fictive start) to a later round.
        assert!(
            report
                .lines()
                .any(|l| l.starts_with(&format!("**Stage {stage}, "))
                    && l.contains(" to round ")
                    && l.ends_with(" in brief**")),
            "the earlier rounds of stage {stage} are told in brief"
        );
    }
    let results = stage_results(&report);
    assert_eq!(results.len(), 7, "{report}");
    assert!(report.contains("Finish order, with the time ridden"));
    for (stage, lines) in results.iter().enumerate() {
        assert!(
            lines.len() > 10,
            "every finisher of stage {}: {lines:?}",
            stage + 1
        );
        let times: Vec<i64> = lines
            .iter()
            .map(|l| {
                let time = l
                    .split(", bonus")
                    .next()
                    .unwrap()
                    .rsplit(' ')
                    .next()
                    .unwrap();
                seconds(time).unwrap_or_else(|| panic!("no time in {l}"))
            })
            .collect();
        assert!(
            times.windows(2).all(|w| w[0] <= w[1]),
            "stage {}: a slower time above a faster one: {lines:#?}",
            stage + 1
        );
    }
    assert!(report.contains(", bonus −15 s"), "{report}");

    // The database file alone, copied without its -wal, holds the tour.
    let alone = temp_dir("demo-db-alone");
    std::fs::create_dir_all(&alone).unwrap();
    assert!(
        !out.join("commissaire.sqlite-wal").exists(),
        "the WAL is left behind"
    );
    std::fs::copy(out.join("commissaire.sqlite"), alone.join("copy.sqlite")).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let standings = tokio::runtime::Runtime::new().unwrap().block_on(async {
        let services = commissaire::services::Services::open(
            &alone.join("copy.sqlite"),
            &root.join("config"),
            std::sync::Arc::new(commissaire::clock::SystemClock),
        )
        .await
        .unwrap()
        .with_pictures(false);
        services.standings("demo").await.unwrap().text
    });
    assert!(standings.contains("Standings after stage 7"), "{standings}");
    std::fs::remove_dir_all(&out).unwrap();
    std::fs::remove_dir_all(&alone).unwrap();
}

#[test]
fn demo_refuses_bad_input_before_creating_anything() {
    let out = temp_dir("demo-nope");
    let result = run(
        &["demo", "--out", out.to_str().unwrap(), "--tour", "nope"],
        "",
    );
    assert_eq!(result.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(stderr.contains("no tour preset named 'nope'"), "{stderr}");
    assert!(
        !out.exists(),
        "a failed run leaves {} behind",
        out.display()
    );

    // --out naming a file, or a folder under a file: the path is in the sentence.
    let file = temp_dir("demo-out-file");
    std::fs::write(&file, "mine").unwrap();
    for target in [file.clone(), file.join("sub")] {
        let result = run(&["demo", "--out", target.to_str().unwrap()], "");
        assert_eq!(result.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&result.stderr);
        assert!(stderr.contains(target.to_str().unwrap()), "{stderr}");
        assert!(!stderr.contains("os error 17"), "{stderr}");
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn demo_help_describes_every_option() {
    let help = run(&["demo", "--help"], "");
    let text = String::from_utf8_lossy(&help.stdout);
    let seed = text.lines().find(|l| l.contains("--seed")).unwrap();
    let described = seed
        .replace("--seed <SEED>", "")
        .replace("[default: 1]", "");
    assert!(
        !described.trim().is_empty(),
        "--seed has no description: {text}"
    );
}

/// `play --lang nl` plays in Dutch: the options, the prompt and the board as text; a second run
/// without `--lang` resumes the tour in its own language.
#[test]
fn play_in_dutch_and_resume_in_the_tours_language() {
    let out = temp_dir("play-nl");
    let dir = out.to_str().unwrap();
    let first = run(&["play", "--out", dir, "--lang", "nl"], "1\nq\n");
    let text = String::from_utf8_lossy(&first.stdout);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert!(text.contains("Commissaire Rouleur: Trekken"), "{text}");
    assert!(text.contains("Je keuze (1"), "{text}");
    assert!(text.contains("ploegen: 1 Commissaire (jij)"), "{text}");
    assert!(
        text.contains(&format!("commissaire play --out {dir} --lang nl")),
        "{text}"
    );
    let second = run(&["play", "--out", dir], "q\n");
    let text = String::from_utf8_lossy(&second.stdout);
    assert!(text.contains("Je tour wordt hervat"), "{text}");
    std::fs::remove_dir_all(&out).unwrap();
}

/// Issue 33, item 12: a wrong answer gets a one-line hint, not the whole decision again; `?`
/// prints the decision again; `o` the win chances as the player's team sees the race (issue 35);
/// `l` the stage so far, turn by turn (issue 36).
#[test]
fn play_answers_a_wrong_input_with_a_hint_and_question_mark_with_the_decision() {
    let out = temp_dir("play-hint");
    let dir = out.to_str().unwrap();
    let result = run(
        &["play", "--out", dir, "--team", "Les Testeurs"],
        "x\n?\no\nl\nq\n",
    );
    let text = String::from_utf8_lossy(&result.stdout);
    assert!(
        result.status.success(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    let hint = ", ? to see the choices again, o for the win chances, l for the stage so far, or q to stop.";
    let at = text.find(hint).unwrap_or_else(|| panic!("a hint: {text}"));
    let line = text[..at].rsplit('\n').next().unwrap();
    assert!(line.contains("Type a number from 1 to "), "{line}");
    // After the hint, the same prompt at once: no decision printed again.
    let after = &text[at + hint.len()..];
    let next = after.find("Your choice").expect("the prompt again");
    assert!(after[..next].trim().is_empty(), "{text}");
    // `?` prints the decision again, with its options.
    let option = "  1) Les Testeurs Rouleur: Draw";
    assert_eq!(text.matches(option).count(), 2, "{text}");
    assert_eq!(text.matches(hint).count(), 1, "{text}");
    assert!(
        text.contains(" playouts by the bots, as Les Testeurs sees the race"),
        "{text}"
    );
    assert!(
        text.contains("Les Testeurs Rouleur (Les Testeurs): "),
        "{text}"
    );
    // `l`: the log of the stage being raced, as its Markdown file says it.
    assert!(text.contains("# Stage 1, "), "{text}");
    assert!(text.contains(": turn by turn\n"), "{text}");
    assert!(
        text.contains("The stage is still being raced: this is its log so far."),
        "{text}"
    );
    std::fs::remove_dir_all(&out).unwrap();
}

/// Issue 33, item 12: Velo Master's board is printed at every step, its key (the labels and the
/// road's marks) once a stage; `?` prints it again.
#[test]
fn play_prints_velo_masters_key_once_a_stage() {
    let out = temp_dir("play-vm-key");
    let dir = out.to_str().unwrap();
    let result = run(
        &["play", "--tour", "velo-master-week", "--out", dir],
        &format!("{}?\nq\n", "1\n".repeat(12)),
    );
    let text = String::from_utf8_lossy(&result.stdout);
    assert!(
        result.status.success(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    assert!(!text.contains("Stage 2"), "still in stage 1: {text}");
    let key = "riders: team initial, then L for the leader";
    let boards = text.matches(" (the finish line is before row ").count();
    assert!(boards > 2, "several boards: {text}");
    assert_eq!(
        text.matches(key).count(),
        2,
        "the key once, and again for `?`: {text}"
    );
    std::fs::remove_dir_all(&out).unwrap();
}
