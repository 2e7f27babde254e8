//! `commissaire demo --ruleset ID`: every tour preset of `config/tours/` that rides the ruleset,
//! ridden by bots one after another (Velo Master: its week at Expert, then at Pro), each in a
//! folder of its own named after the preset's file, each as `demo --tour` rides it.

use super::UsageError;
use crate::services::Library;
use commissaire_engine::registry;
use commissaire_messages::{Language, msg};
use std::path::Path;

pub async fn run(
    config: &Path,
    out: &Path,
    ruleset: &str,
    seed: u64,
    language: Language,
) -> Result<(), UsageError> {
    let entry = registry::ruleset(ruleset).map_err(|e| {
        let known = registry::RULESETS.iter().map(|r| r.id);
        UsageError(format!(
            "{e}{}",
            commissaire_engine::suggest::did_you_mean(ruleset, known)
        ))
    })?;
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
        super::demo::run(config, &dir, &stem, seed, language).await?;
        println!();
    }
    Ok(())
}
