//! `commissaire export`, `verify` and `import` (issue 35): a tour's file written from the
//! database the config names, checked with nothing but the file and the courses, and restored
//! into another database. The work is the services' (`services/record.rs`, `verify.rs`); this
//! is the terminal's side of it.

use super::UsageError;
use crate::clock::SystemClock;
use crate::discord::config::ServeConfig;
use crate::services::{Library, ServiceError, Services, TourFile, verify};
use commissaire_messages::msg;
use std::path::Path;
use std::sync::Arc;

/// Which tour to export, and how.
pub struct ExportOptions<'a> {
    pub tour: Option<i64>,
    pub channel: Option<&'a str>,
    pub secrets: bool,
    /// `None`: standard output.
    pub out: Option<&'a Path>,
}

async fn open(config: &Path) -> Result<Services, UsageError> {
    let env = |key: &str| std::env::var(key).ok();
    let settings = ServeConfig::load_folder(config, &env).map_err(|e| UsageError(e.to_string()))?;
    let database = settings.database.clone();
    Services::open(database.clone(), config, Arc::new(SystemClock))
        .await
        .map(|s| s.with_pictures(false))
        .map_err(|e| {
            UsageError(msg!(
                "cli-cannot-open-database",
                path = database.describe(),
                error = e.to_string()
            ))
        })
}

fn refused(e: ServiceError) -> UsageError {
    UsageError(e.to_string())
}

/// `commissaire export`: the tour as one JSON file.
pub async fn export(config: &Path, o: ExportOptions<'_>) -> Result<(), UsageError> {
    let services = open(config).await?;
    let id = services
        .tour_to_export(o.tour, o.channel)
        .await
        .map_err(refused)?;
    let file = services.export(id, o.secrets).await.map_err(refused)?;
    services.store().close().await;
    let json = file.to_json();
    match o.out {
        None => print!("{json}"),
        Some(path) => {
            std::fs::write(path, &json).map_err(|e| {
                UsageError(msg!(
                    "cli-cannot-write",
                    path = path.display().to_string(),
                    error = e.to_string()
                ))
            })?;
            eprintln!(
                "{}",
                msg!(
                    "record-export-written",
                    file = path.display().to_string(),
                    stages = file.stages.len()
                )
            );
        }
    }
    Ok(())
}

/// `commissaire render --animate --tour ID --stage N` (or `--channel`): a stored tour's
/// finished stage as the GIF the channel was posted, `stage-NN-replay.gif` in `out`.
pub async fn animate_stage(
    config: &Path,
    tour: Option<i64>,
    channel: Option<&str>,
    stage: u32,
    out: &Path,
) -> Result<(), UsageError> {
    super::check_out(out)?;
    let services = open(config).await?;
    let id = services
        .tour_to_export(tour, channel)
        .await
        .map_err(refused)?;
    let (file, gif) = services.stage_animation(id, stage).await.map_err(refused)?;
    services.store().close().await;
    std::fs::create_dir_all(out).map_err(|e| {
        UsageError(msg!(
            "cli-cannot-write",
            path = out.display().to_string(),
            error = e.to_string()
        ))
    })?;
    let path = out.join(&file);
    std::fs::write(&path, &gif).map_err(|e| {
        UsageError(msg!(
            "cli-cannot-write",
            path = path.display().to_string(),
            error = e.to_string()
        ))
    })?;
    println!("wrote {} ({} bytes)", path.display(), gif.len());
    Ok(())
}

/// Reads a tour file (`-`: standard input).
fn read(file: &str) -> Result<TourFile, UsageError> {
    let text = super::app::read_input(file)?;
    TourFile::parse(&text).map_err(UsageError)
}

/// `commissaire verify`: prints the report; false when the file does not check out.
pub fn verify_file(config: &Path, file: &str) -> Result<bool, UsageError> {
    let tour = read(file)?;
    let report = verify(&tour, &Library::new(config));
    print!("{}", report.text());
    Ok(report.good())
}

/// `commissaire import`: the tour of the file into the config's database.
pub async fn import(config: &Path, file: &str, channel: Option<&str>) -> Result<(), UsageError> {
    let tour = read(file)?;
    let services = open(config).await?;
    let done = services.import(&tour, channel).await;
    services.store().close().await;
    let id = done.map_err(refused)?;
    println!(
        "{}",
        msg!(
            "record-imported",
            channel = channel.unwrap_or(&tour.tour.channel_id),
            tour = id,
            stages = tour.stages.len()
        )
    );
    Ok(())
}
