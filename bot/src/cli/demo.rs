//! `commissaire demo`: a whole tour ridden by bots through the application services and a real
//! SQLite file, leaving in a folder what a Discord channel would have seen.

use super::{Progress, UsageError, all_text, open_services, prepare_out, save_pictures, shown};
use commissaire::services::{Actor, Library, TourSettings};
use commissaire_messages::msg;
use std::path::Path;

const CHANNEL: &str = "demo";
const DATABASE: &str = "commissaire.sqlite";
/// What a run writes at the top of its folder, besides the `stage-NN` folders: all of it is
/// cleared before a new run, and nothing else is touched.
const OUTPUTS: [&str; 5] = [
    "tour.md",
    "winners.md",
    DATABASE,
    "commissaire.sqlite-wal",
    "commissaire.sqlite-shm",
];

pub async fn run(config: &Path, out: &Path, tour: &str, seed: u64) -> Result<(), UsageError> {
    let tour = super::preset_name(tour);
    // Everything a user can get wrong is checked before the folder is created or cleared.
    super::check_out(out)?;
    let preset = Library::new(config).preset(tour).map_err(UsageError)?;
    prepare_out(out)?;
    clear_previous_run(out)?;
    let db = out.join(DATABASE);
    let services = open_services(&db, config).await?;
    let stages = preset.stages.len();
    let admin = Actor::admin("demo");
    let settings = TourSettings {
        preset: tour.to_string(),
        seats: 4,
        turn_deadline_secs: 3600,
        seed: Some(seed),
        decision_deadline_secs: None,
    };
    // The lobby's reply tells Discord players how to join: a report of bots has no use for it.
    services.create_tour(&admin, CHANNEL, settings).await?;
    let mut log = msg!("demo-report-head", tour = &preset.name, seed = seed);
    log.push_str("\n\n");
    let mut progress = Progress::stderr(stages);
    // With bots in every seat, `start` rides stage 1 and each `advance` one more stage.
    let mut reply = shown(&services, services.start(&admin, CHANNEL).await?).await?;
    for stage in 1..=stages {
        let dir = out.join(format!("stage-{stage:02}"));
        save_pictures(&reply, &dir)?;
        let standings = services.standings(CHANNEL).await?;
        save_pictures(&standings, &dir)?;
        std::fs::write(dir.join("standings.md"), standings.text.as_bytes())?;
        log.push_str(&format!("{}\n\n", all_text(&reply)));
        progress.step(stage);
        if stage < stages {
            reply = shown(&services, services.advance(CHANNEL).await?).await?;
        }
    }
    progress.done();
    services.store().close().await;
    std::fs::write(out.join("tour.md"), log.as_bytes())?;
    let winners = log
        .rfind("**The tour is over")
        .map(|i| log[i..].trim().to_string())
        .ok_or_else(|| UsageError(msg!("demo-unfinished")))?;
    std::fs::write(out.join("winners.md"), format!("{winners}\n"))?;
    println!("{winners}");
    println!(
        "\n{}",
        msg!(
            "demo-done",
            out = out.display().to_string(),
            database = db.display().to_string()
        )
    );
    Ok(())
}

/// Removes what an earlier demo left in `out` (its `stage-NN` folders, report, winners and
/// database), so no stale stage of a longer tour stays beside the new one. Anything else in the
/// folder is the user's and stays.
fn clear_previous_run(out: &Path) -> Result<(), UsageError> {
    let cannot = |path: &Path, e: std::io::Error| {
        UsageError(msg!(
            "cli-cannot-remove",
            path = path.display().to_string(),
            error = e.to_string()
        ))
    };
    for name in OUTPUTS {
        let path = out.join(name);
        if path.is_file() {
            std::fs::remove_file(&path).map_err(|e| cannot(&path, e))?;
        }
    }
    let entries = std::fs::read_dir(out).map_err(|e| {
        UsageError(msg!(
            "cli-cannot-read",
            path = out.display().to_string(),
            error = e.to_string()
        ))
    })?;
    for entry in entries.flatten() {
        let path = entry.path();
        if is_stage_folder(&entry.file_name().to_string_lossy()) && path.is_dir() {
            std::fs::remove_dir_all(&path).map_err(|e| cannot(&path, e))?;
        }
    }
    Ok(())
}

/// `stage-01`, `stage-21`: the folders a demo writes, and only those.
fn is_stage_folder(name: &str) -> bool {
    name.strip_prefix("stage-")
        .is_some_and(|n| n.len() >= 2 && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::is_stage_folder;

    #[test]
    fn only_numbered_stage_folders_are_the_demo_s() {
        assert!(is_stage_folder("stage-01"));
        assert!(is_stage_folder("stage-21"));
        assert!(!is_stage_folder("stage-notes"));
        assert!(!is_stage_folder("stage-"));
        assert!(!is_stage_folder("my-stage-01"));
    }
}
