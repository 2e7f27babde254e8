//! `commissaire play` as a newcomer meets it: a bad option on the first run, the words on the
//! screen, the break between two stages, resuming, a finished tour, the help. The real binary is
//! driven through its prompts, answering as a player would.

use commissaire::clock::SystemClock;
use commissaire::services::{Actor, Services, TourSettings};
use commissaire::store::results;
use commissaire::store::tours::latest_in_channel;
use commissaire_engine::games::card_race::Card;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// The channel and the user `play` uses inside its database, to set one up as an earlier run
/// would have left it.
const CHANNEL: &str = "terminal";
const YOU: &str = "you";
const PROMPT: &str = "q to stop): ";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn command(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_commissaire"));
    c.args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = command(args).spawn().unwrap();
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

/// A `play` session answered prompt by prompt.
struct Session {
    child: Child,
    stdin: ChildStdin,
    out: Receiver<Vec<u8>>,
    pending: String,
    transcript: String,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut child = command(args).spawn().unwrap();
        let stdin = child.stdin.take().unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let (tx, out) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            stdin,
            out,
            pending: String::new(),
            transcript: String::new(),
        }
    }

    /// The text up to the next prompt and how many choices it offers; `None` once `play` ended.
    fn prompt(&mut self) -> Option<(String, usize)> {
        loop {
            if let Some(at) = self.pending.find(PROMPT) {
                let shown: String = self.pending.drain(..at + PROMPT.len()).collect();
                // "(1-4, q to stop)", or "(1, q to stop)" for a lone choice.
                let count = if shown.ends_with("(1, q to stop): ") {
                    1
                } else {
                    shown
                        .rsplit("(1-")
                        .next()
                        .and_then(|s| s.split(',').next())
                        .and_then(|n| n.parse().ok())
                        .expect("a prompt says how many choices")
                };
                return Some((shown, count));
            }
            match self.out.recv_timeout(Duration::from_secs(120)) {
                Ok(bytes) => {
                    let chunk = text(&bytes);
                    self.transcript.push_str(&chunk);
                    self.pending.push_str(&chunk);
                }
                Err(_) => return None,
            }
        }
    }

    fn answer(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
    }

    /// Answers `q`, and gives the whole transcript once `play` has ended.
    fn stop(mut self) -> (bool, String) {
        self.answer("q");
        while self.prompt().is_some() {}
        let status = self.child.wait().unwrap();
        (status.success(), self.transcript)
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

async fn open(dir: &Path) -> Services {
    Services::open(
        &dir.join("play.sqlite"),
        &root().join("config"),
        Arc::new(SystemClock),
    )
    .await
    .unwrap()
    .with_pictures(false)
}

#[test]
fn a_bad_team_name_creates_nothing_and_a_tour_left_in_the_lobby_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    for bad in ["", "   ", "A name far longer than twenty-four"] {
        let run = run(&["play", "--out", out, "--team", bad], "");
        assert_eq!(run.status.code(), Some(2), "{bad:?}");
        let err = text(&run.stderr);
        assert!(err.contains("a team name has 1 to 24 characters"), "{err}");
        assert_eq!(err.lines().count(), 1, "one sentence: {err}");
        // Issue 22, item 17: checked before anything is written.
        assert!(!dir.path().join("play.sqlite").exists(), "{bad:?}");
    }
    // Nor does a tour preset that does not exist: not even the folder is made.
    let fresh = dir.path().join("fresh");
    let run_velo = run(
        &["play", "--out", fresh.to_str().unwrap(), "--tour", "velo"],
        "",
    );
    assert_eq!(run_velo.status.code(), Some(2));
    assert!(
        text(&run_velo.stderr).contains("there is no tour preset named 'velo'"),
        "{}",
        text(&run_velo.stderr)
    );
    assert!(!fresh.exists(), "nothing written for a refused --tour");
    // An earlier version left a tour in the lobby after such a run: `play` recovers from it.
    runtime().block_on(async {
        let s = open(dir.path()).await;
        s.create_tour(&Actor::admin(YOU), CHANNEL, TourSettings::default())
            .await
            .unwrap();
    });
    let run = run(&["play", "--out", out, "--team", "Les Testeurs"], "q\n");
    let stdout = text(&run.stdout);
    assert!(run.status.success(), "{}{stdout}", text(&run.stderr));
    assert!(stdout.contains("never started: it is replaced"), "{stdout}");
    assert!(stdout.contains("1) Les Testeurs Rouleur: Draw"), "{stdout}");
}

/// Plays stage 1 to its end with the highest card each time, then stops at stage 2's first
/// prompt.
#[test]
fn between_stages_you_see_your_riders_and_the_general_classification_in_plain_words() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let mut session = Session::start(&["play", "--out", out, "--team", "Les Testeurs"]);
    let mut prompts = 0;
    loop {
        let (shown, count) = session.prompt().expect("play asks until stage 2");
        prompts += 1;
        assert!(prompts < 400, "stage 1 never ends");
        if shown.contains("Stage 1 is over") {
            break;
        }
        // The last choice is the draw of the last rider, or the highest card.
        session.answer(&count.to_string());
    }
    let (ok, transcript) = session.stop();
    assert!(ok, "{transcript}");
    // Every rider of yours in the stage, and the general classification with them marked.
    let summary = transcript.split("Stage 1 is over").nth(1).unwrap();
    let summary: String = summary.lines().take(20).collect::<Vec<_>>().join("\n");
    for kind in ["Rouleur", "Sprinteur", "Grimpeur"] {
        assert!(
            summary.contains(&format!("- Les Testeurs {kind} ")),
            "{summary}"
        );
    }
    assert!(
        summary.contains("General classification after stage 1 (12 riders)"),
        "{summary}"
    );
    assert_eq!(summary.matches("← yours").count(), 3, "{summary}");
    // Issue 22, item 17: stage 1's result, then where your riders ended it, then stage 2's
    // start, in that order.
    let at = |what: &str| {
        transcript
            .find(what)
            .unwrap_or_else(|| panic!("{what:?} in:\n{transcript}"))
    };
    let result = at("Stage 1/7, Avenue Corso Paseo: result");
    let over = at("Stage 1 is over. Your riders:");
    let next = at("Stage 2/7, Ronde van Wevelgem starts.");
    assert!(result < over && over < next, "{result} < {over} < {next}");
    // A decision with one option is taken without asking, and said so.
    assert!(
        transcript.contains("(the only option: taken for you)"),
        "{transcript}"
    );
    // The standings pictures of each stage have a folder of their own.
    let stage1 = dir.path().join("stage-01");
    for file in [
        "general.png",
        "stage-01-finish.png",
        "stage-01-round-01.png",
    ] {
        assert!(stage1.join(file).exists(), "{file}");
    }
    assert!(dir.path().join("stage-02/stage-02-start.png").exists());
    assert!(!dir.path().join("general.png").exists());
    // Terminal words, not Discord's.
    for discord in [
        "**",
        "__",
        "```",
        "Choose within",
        "Directors, open your hand",
        "an admin starts the tour",
        "Join with",
    ] {
        assert!(
            !transcript.contains(discord),
            "{discord:?} in:\n{transcript}"
        );
    }
    // An empty draw pile says what a draw does then.
    assert!(
        !transcript.contains(" 0 cards to draw from"),
        "{transcript}"
    );
    assert!(
        transcript.contains("draw pile empty, drawing shuffles the recycle pile"),
        "{transcript}"
    );
}

/// Issue 22, item 17: ctrl-C at a prompt stops as `q` does, saying how to resume, with the
/// status a shell expects of an interrupted command (130).
#[cfg(unix)]
#[test]
fn ctrl_c_at_a_prompt_says_how_to_resume() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let mut session = Session::start(&["play", "--out", out, "--team", "Les Testeurs"]);
    session.prompt().expect("a first prompt");
    let pid = session.child.id().to_string();
    let kill = Command::new("kill").args(["-INT", &pid]).status().unwrap();
    assert!(kill.success());
    while session.prompt().is_some() {}
    let status = session.child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{}", session.transcript);
    assert!(
        session.transcript.contains(&format!(
            "Stopped. Run `commissaire play --out {out}` again to resume."
        )),
        "{}",
        session.transcript
    );
    // The choices made are kept: the same folder resumes.
    let again = run(&["play", "--out", out], "q\n");
    assert!(text(&again.stdout).contains("Resuming your tour"));
}

#[test]
fn resuming_says_which_options_are_ignored_and_how_to_resume_from_this_folder() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let first = run(&["play", "--out", out, "--team", "Les Testeurs"], "q\n");
    let stdout = text(&first.stdout);
    assert!(
        stdout.contains(&format!(
            "Stopped. Run `commissaire play --out {out}` again to resume."
        )),
        "{stdout}"
    );
    let second = run(
        &["play", "--out", out, "--seed", "5", "--team", "Autres"],
        "q\n",
    );
    let stdout = text(&second.stdout);
    assert!(second.status.success());
    assert!(stdout.contains("Resuming your tour"), "{stdout}");
    assert!(
        stdout.contains("--seed, --team ignored") && stdout.contains("give another folder"),
        "{stdout}"
    );
    assert!(stdout.contains("1) Les Testeurs Rouleur: Draw"), "{stdout}");
    // Without those options nothing is said about them.
    let third = run(&["play", "--out", out], "q\n");
    assert!(!text(&third.stdout).contains("ignored"));
}

#[test]
fn a_finished_tour_keeps_its_pictures_and_the_next_tour_needs_another_folder() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    // A tour raced for a stage, then ended: as `play` leaves a folder once the tour is over.
    runtime().block_on(async {
        let s = open(dir.path()).await;
        let admin = Actor::admin(YOU);
        let me = Actor::player(YOU);
        s.create_tour(&admin, CHANNEL, TourSettings::default())
            .await
            .unwrap();
        s.join(&me, CHANNEL, "Les Testeurs", "blue").await.unwrap();
        s.start(&admin, CHANNEL).await.unwrap();
        let mut asked = 0;
        loop {
            let tour = {
                let mut conn = s.store().read().await.unwrap();
                latest_in_channel(&mut conn, CHANNEL)
                    .await
                    .unwrap()
                    .unwrap()
            };
            let mut conn = s.store().read().await.unwrap();
            if !results::list(&mut conn, tour.id).await.unwrap().is_empty() {
                break;
            }
            drop(conn);
            let choices = s.open_choices(&me, CHANNEL).await.unwrap();
            let best = choices
                .iter()
                .map(|o| commissaire::services::Pick::now(o.key))
                // The highest card kept: keys read `k:<rider>:<card>`.
                .max_by_key(
                    |p| match p.key.as_str().rsplit(':').next().and_then(Card::parse) {
                        Some(Card::Energy(v)) if p.key.as_str().starts_with("k:") => v as i32,
                        _ => 0,
                    },
                )
                .unwrap();
            asked += 1;
            s.choose(&me, CHANNEL, &format!("r{asked}"), best)
                .await
                .unwrap();
        }
        s.end_tour(&admin, CHANNEL).await.unwrap();
    });
    let picture = dir.path().join("stage-01/general.png");
    std::fs::create_dir_all(picture.parent().unwrap()).unwrap();
    std::fs::write(&picture, b"the first tour's").unwrap();
    let run = run(&["play", "--out", out], "q\n");
    assert_eq!(run.status.code(), Some(2));
    let err = text(&run.stderr);
    assert!(
        err.contains("is over and its pictures stay there") && err.contains("another folder"),
        "{err}"
    );
    assert_eq!(std::fs::read(&picture).unwrap(), b"the first tour's");
}

#[test]
fn play_help_describes_every_option_stopping_and_resuming() {
    let help = run(&["play", "--help"], "");
    let help = text(&help.stdout);
    for words in [
        "The tour preset",
        "The tour's seed",
        "Your team's name, 1 to 24 characters",
        "q (or ctrl-D) stops",
        "resumes",
        "another --out",
    ] {
        assert!(help.contains(words), "{words:?} in:\n{help}");
    }
}
