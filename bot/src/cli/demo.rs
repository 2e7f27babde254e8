//! `commissaire demo`: a whole tour ridden by bots through the application services and a real
//! SQLite file, leaving in a folder what a Discord channel would have seen.

use super::{UsageError, all_text, remove_database, save_pictures, shown};
use commissaire::clock::SystemClock;
use commissaire::services::{Actor, Services, TourSettings};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

const CHANNEL: &str = "demo";

pub async fn run(config: &Path, out: &Path, tour: &str, seed: u64) -> Result<(), UsageError> {
    std::fs::create_dir_all(out)
        .map_err(|e| UsageError(format!("cannot create {}: {e}", out.display())))?;
    let db = out.join("commissaire.sqlite");
    remove_database(&db)?;
    let services = Services::open(&db, config, Arc::new(SystemClock)).await?;
    let stages = services
        .library()
        .preset(tour)
        .map_err(UsageError)?
        .stages
        .len();
    let admin = Actor::admin("demo");
    let settings = TourSettings {
        preset: tour.to_string(),
        seats: 4,
        turn_deadline_secs: 3600,
        seed: Some(seed),
    };
    let created = services.create_tour(&admin, CHANNEL, settings).await?;
    let mut log = format!("{}\n\n", all_text(&created));
    let mut progress = Progress::new(stages);
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
    std::fs::write(out.join("tour.md"), log.as_bytes())?;
    let winners = log
        .rfind("**The tour is over")
        .map(|i| log[i..].trim().to_string())
        .ok_or_else(|| UsageError("the tour did not finish: see tour.md".into()))?;
    std::fs::write(out.join("winners.md"), format!("{winners}\n"))?;
    println!("{winners}");
    println!(
        "\nPictures, standings and the race report are in {} (database: {}).",
        out.display(),
        db.display()
    );
    Ok(())
}

/// A one-line progress bar on standard error, redrawn in place.
struct Progress {
    total: usize,
    started: std::time::Instant,
}

impl Progress {
    fn new(total: usize) -> Self {
        let p = Progress {
            total,
            started: std::time::Instant::now(),
        };
        p.draw(0);
        p
    }

    fn draw(&self, done: usize) {
        const WIDTH: usize = 28;
        let filled = WIDTH * done / self.total.max(1);
        eprint!(
            "\r[{}{}] stage {done}/{} ({:.1} s)",
            "#".repeat(filled),
            "-".repeat(WIDTH - filled),
            self.total,
            self.started.elapsed().as_secs_f32()
        );
        let _ = std::io::stderr().flush();
    }

    fn step(&mut self, done: usize) {
        self.draw(done);
    }

    fn done(&self) {
        eprintln!();
    }
}
