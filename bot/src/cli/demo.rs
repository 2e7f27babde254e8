//! `commissaire demo`: a whole tour ridden by bots through the application services and a real
//! SQLite file, leaving in a folder what a Discord channel would have seen.

use super::{Progress, UsageError, all_text, open_services, prepare_out, save_pictures, shown};
use crate::services::{
    Actor, BOOK_FILE, Library, Picture, Reply, Services, TourSettings, linked_files,
};
use crate::store::{choices, events, stages};
use commissaire_messages::{Language, msg};
use std::path::Path;

/// The moments of each stage drawn besides its finish, in tenths of its decisions: the race
/// under way, a rider's cells lettered for the decision open then, fallen riders at the
/// roadside.
const MOMENTS: [u32; 3] = [3, 5, 7];

const CHANNEL: &str = "demo";
const DATABASE: &str = "commissaire.sqlite";
/// What a run writes at the top of its folder, besides the `stage-NN` folders and the pictures
/// its tour book links (the last post's, named in the book): all of it is cleared before a new
/// run, and nothing else is touched.
const OUTPUTS: [&str; 6] = [
    "tour.md",
    BOOK_FILE,
    "winners.md",
    DATABASE,
    "commissaire.sqlite-wal",
    "commissaire.sqlite-shm",
];

/// Rides the tour in `language`: its tour book, standings and pictures are worded in it.
pub async fn run(
    config: &Path,
    out: &Path,
    tour: &str,
    seed: u64,
    language: Language,
) -> Result<(), UsageError> {
    let tour = super::preset_name(tour);
    // Everything a user can get wrong is checked before the folder is created or cleared.
    super::check_out(out)?;
    let preset = Library::new(config).preset(tour).map_err(UsageError)?;
    prepare_out(out)?;
    clear_previous_run(out)?;
    let db = out.join(DATABASE);
    let services = open_services(&db, config).await?;
    let stages = preset.stages.len();
    let admin = Actor::admin("demo").reading(Some(language));
    let settings = TourSettings {
        preset: tour.to_string(),
        seats: 4,
        turn_deadline_secs: 3600,
        seed: Some(seed),
        decision_deadline_secs: None,
        language: Some(language),
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
        // The tour book comes with the last stage's post: it goes beside the report.
        // The pictures it links (the post's other files) go beside it, as a reader who
        // downloads the post's files together has them.
        if let Some(book) = take_book(&mut reply) {
            for file in linked_files(&String::from_utf8_lossy(&book)) {
                let image = reply
                    .all()
                    .into_iter()
                    .flat_map(|part| part.images.iter())
                    .find(|(name, _)| *name == file);
                if let Some((name, bytes)) = image {
                    let path = out.join(name);
                    std::fs::write(&path, bytes).map_err(|e| super::cannot_write(&path, e))?;
                }
            }
            std::fs::write(out.join(BOOK_FILE), book)?;
        }
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
    draw_moments(&services, out).await?;
    services.store().close().await;
    std::fs::write(out.join("tour.md"), log.as_bytes())?;
    // The winners' title opens the end of the book, in the tour's language.
    let title = msg!("winners-title");
    let winners = log
        .rfind(&title)
        .map(|i| log[i..].trim().to_string())
        .ok_or_else(|| UsageError(msg!("demo-unfinished")))?;
    std::fs::write(out.join("winners.md"), format!("{winners}\n"))?;
    // The files keep their Markdown for a chat or a viewer; the terminal gets plain lines.
    println!("{}", super::play::words::terminal_text(&winners));
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

/// The tour book attached to a reply or one of its follow-ups, taken out of it.
fn take_book(reply: &mut Reply) -> Option<Vec<u8>> {
    if let Some(i) = reply.images.iter().position(|(name, _)| name == BOOK_FILE) {
        return Some(reply.images.remove(i).1);
    }
    reply.followups.iter_mut().find_map(take_book)
}

/// Draws the boards of a few moments of each stage the demo in `dir` rode (the demo itself
/// keeps the finish of each): `stage-NN/moment-K.png`, K tenths into the stage's decisions,
/// and `moment-fall.png`, just after the stage's first crash.
async fn draw_moments(services: &Services, dir: &Path) -> Result<(), UsageError> {
    // The demo's database holds its one tour.
    let tour_id = 1;
    for number in 1.. {
        let (log, crash) = {
            let mut conn = services.store().read().await?;
            let Some(row) = stages::get(&mut conn, tour_id, number).await? else {
                break;
            };
            // The choice after which a rider first fell (a `crashed` event, in either game):
            // the board then shows him at the roadside.
            let crash = events::first_choice_with(&mut conn, row.id, "crashed").await?;
            (choices::log(&mut conn, row.id).await?, crash)
        };
        let mut reply = Reply::default();
        for tenth in MOMENTS {
            // The first moment from there on where a rider chooses where to step (the next
            // stored choice is a step), so the board letters the cells he may take.
            let from = log.len() * tenth as usize / 10;
            let moment = (from..log.len())
                .find(|&k| log[k].1.get("step").is_some())
                .unwrap_or(from);
            reply.pictures.push(Picture::Board {
                tour_id,
                stage: number,
                choices: moment as u32,
                title: msg!("picture-moment", stage = number, tenth = tenth),
                file: format!("moment-{tenth}.png"),
            });
        }
        if let Some(seq) = crash {
            reply.pictures.push(Picture::Board {
                tour_id,
                stage: number,
                choices: seq + 1,
                title: msg!("picture-fall", stage = number),
                file: "moment-fall.png".into(),
            });
        }
        services.draw(&mut reply).await;
        super::save_pictures(&reply, &dir.join(format!("stage-{number:02}")))?;
    }
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
    // The pictures the previous run's book linked lie beside it: named by the book.
    let book = std::fs::read_to_string(out.join(BOOK_FILE)).unwrap_or_default();
    let linked = linked_files(&book);
    for name in OUTPUTS
        .iter()
        .map(|n| n.to_string())
        .chain(linked.into_iter().filter(|n| !is_stage_folder(n)))
    {
        let path = out.join(&name);
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
