//! The fuzzers' corpora replayed as ordinary tests (docs/fuzzing.md): every file of
//! `fuzz/corpus/<target>/` is fed to the function its fuzz target calls
//! (`commissaire::fuzzing`), which must read it or refuse it with a sentence, never panic,
//! and answer within a generous bound, so that an input that once crashed or spun the bot fails
//! here if it ever does again. The fuzzing itself needs libFuzzer and runs by hand; this runs
//! on every `cargo test`.

use commissaire::fuzzing::{TARGETS, Target};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

/// How long one input may take: far past what any takes (milliseconds), so that only a hang,
/// never a slow machine, fails.
const BOUND: Duration = Duration::from_secs(10);

fn corpus(name: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(name);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// Feeds every file of the target's corpus to it, each on a thread of its own: a panic fails
/// with the file's name, and so does an input still running after [`BOUND`].
fn replay(name: &str) {
    let (_, target): &(&str, Target) = TARGETS
        .iter()
        .find(|(n, _)| *n == name)
        .expect("a target of that name");
    let files = corpus(name);
    assert!(!files.is_empty(), "the corpus of {name} is empty");
    let (mut read, mut refused) = (0, 0);
    for file in &files {
        let data = std::fs::read(file).unwrap();
        let target = *target;
        let (tx, rx) = mpsc::channel();
        let worker = std::thread::spawn(move || {
            let _ = tx.send(target(&data));
        });
        match rx.recv_timeout(BOUND) {
            Ok(Ok(())) => read += 1,
            Ok(Err(sentence)) => {
                assert!(
                    !sentence.trim().is_empty(),
                    "{}: a blank refusal",
                    file.display()
                );
                refused += 1;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let panic = worker.join().expect_err("no answer means a panic");
                let said = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                panic!("{name}: {} panicked: {said}", file.display());
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                panic!("{name}: {} took more than {BOUND:?}", file.display())
            }
        }
    }
    // Each corpus holds inputs that read as well as inputs refused: the shipped files read.
    assert!(read > 0, "{name}: no input of the corpus reads");
    assert!(read + refused == files.len());
}

#[test]
fn course_corpus_is_read_or_refused() {
    replay("course");
}

#[test]
fn scenario_corpus_is_read_or_refused() {
    replay("scenario");
}

#[test]
fn tour_preset_corpus_is_read_or_refused() {
    replay("tour_preset");
}

#[test]
fn config_corpus_is_read_or_refused() {
    replay("config");
}

#[test]
fn custom_id_corpus_is_read_or_refused() {
    replay("custom_id");
}

#[test]
fn play_text_corpus_is_read_or_refused() {
    replay("play_text");
}

#[test]
fn every_target_has_its_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus");
    let mut folders: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    folders.sort();
    let mut names: Vec<String> = TARGETS.iter().map(|(n, _)| n.to_string()).collect();
    names.sort();
    assert_eq!(folders, names);
    // And each its fuzz target, of the same name.
    let mut targets: Vec<String> = std::fs::read_dir(dir.join("../fuzz_targets"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().replace(".rs", ""))
        .collect();
    targets.sort();
    assert_eq!(targets, names);
}
