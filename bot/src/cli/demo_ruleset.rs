//! `commissaire demo --ruleset ID`: every tour preset of `config/tours/` that rides the ruleset,
//! ridden by bots one after another (Velo Master: its week at Expert, then at Pro), each in a
//! folder of its own named after the preset's file.

use super::UsageError;
use commissaire::services::{Library, Picture, Reply};
use commissaire::store::{choices, events, stages};
use commissaire_engine::registry;
use commissaire_messages::msg;
use std::path::Path;

/// The moments of each stage drawn besides its finish, in tenths of its decisions: the race
/// under way, a rider's cells lettered for the decision open then, fallen riders at the
/// roadside.
const MOMENTS: [u32; 3] = [3, 5, 7];

pub async fn run(config: &Path, out: &Path, ruleset: &str, seed: u64) -> Result<(), UsageError> {
    let entry = registry::ruleset(ruleset).map_err(|e| UsageError(e.to_string()))?;
    let library = Library::new(config);
    let presets: Vec<String> = library
        .presets()
        .into_iter()
        .map(|(stem, _, _)| stem)
        .filter(|stem| library.preset(stem).is_ok_and(|p| p.ruleset == entry.id))
        .collect();
    if presets.is_empty() {
        return Err(UsageError(msg!(
            "demo-no-preset",
            ruleset = entry.id,
            tours = config.join("tours").display().to_string()
        )));
    }
    super::check_out(out)?;
    for stem in presets {
        println!("{}", msg!("demo-ruleset-tour", tour = stem.as_str()));
        let dir = out.join(&stem);
        super::demo::run(config, &dir, &stem, seed).await?;
        draw_moments(config, &dir).await?;
        println!();
    }
    Ok(())
}

/// Draws the boards of a few moments of each stage the demo in `dir` rode (the demo itself
/// keeps the finish of each): `stage-NN/moment-K.png`, K tenths into the stage's decisions,
/// and `moment-fall.png`, just after the stage's first crash.
async fn draw_moments(config: &Path, dir: &Path) -> Result<(), UsageError> {
    let db = dir.join("commissaire.sqlite");
    let services = super::open_services(&db, config).await?;
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
    services.store().close().await;
    Ok(())
}
