//! The inputs the bot reads from outside, each fed whole to the function production reads it
//! with: what the fuzz targets of `fuzz/` call with the fuzzer's bytes, and what
//! `bot/tests/fuzz_corpus.rs` calls with every file of their corpora (docs/fuzzing.md).
//!
//! Each entry takes any bytes and answers `Ok` when production would take the input, or the
//! sentence production would refuse it with. It never panics on its own: a panic is a bug in
//! the code it calls (or a broken round trip, asserted here), and the fuzzer reports it. Where
//! the input reads, each goes one cheap step further, as production does next: a course is
//! raced on by every game for a few moves, a scenario is played for a few turns, a preset's
//! courses are looked up and its riders dealt, a settings file's database is described, a
//! button id is written back and read again, and a typed `/play` choice is applied.
//!
//! Text comes in as UTF-8, as every reader here takes it (a file read to a string, Discord's
//! JSON): bytes that are not UTF-8 are refused before any parser sees them.

use crate::courses::CourseLibrary;
use crate::discord::commands::{resolve_play, suggestions_of};
use crate::discord::config::ServeConfig;
use crate::services::{
    ButtonAction, Library, choice_button_id, hand_button, parse_button, play_options,
    vote_button_id,
};
use commissaire_engine::course::{Course, parse_course_toml};
use commissaire_engine::registry::{self, DynStage, RULESETS, StageContext};
use commissaire_engine::scenario::ScenarioFile;
use commissaire_engine::tour::{TourPreset, TourRider, entrants_setup};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The targets, by name, as `fuzz/fuzz_targets/<name>.rs` and `fuzz/corpus/<name>/` name them.
pub const TARGETS: [(&str, Target); 6] = [
    ("course", course),
    ("scenario", scenario),
    ("tour_preset", tour_preset),
    ("config", config),
    ("custom_id", custom_id),
    ("play_text", play_text),
];

/// One target: any bytes in, whether production takes them (or the sentence refusing them).
pub type Target = fn(&[u8]) -> Result<(), String>;

/// The most turns a scenario is played for: enough to reach its rules, few enough that an
/// input is tried in milliseconds.
pub const SCENARIO_TURNS: u32 = 12;
/// The most bot moves ridden on a course that reads, by each game.
pub const COURSE_MOVES: usize = 24;

fn text(data: &[u8]) -> Result<&str, String> {
    std::str::from_utf8(data).map_err(|e| format!("not UTF-8: {e}"))
}

/// The shipped configuration (`config/` of this repository): the courses a scenario or a
/// preset names, the presets whose first stages `/play` is typed into.
fn config_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../config")
}

fn courses() -> &'static CourseLibrary {
    static COURSES: OnceLock<CourseLibrary> = OnceLock::new();
    COURSES.get_or_init(|| CourseLibrary::new(&config_dir()))
}

/// The teams of every stage started here.
const TEAMS: [&str; 3] = ["Blue", "Red", "Green"];

/// The first stage of `preset` on `course`, as the services start a tour's stage.
fn first_stage(preset: &TourPreset, course: Arc<Course>) -> Result<Box<dyn DynStage>, String> {
    let names: Vec<String> = TEAMS.iter().map(|t| t.to_string()).collect();
    let riders: Vec<TourRider> = preset.riders(&names)?;
    let options = preset.stage_options()?;
    let options = registry::prepare(
        &preset.ruleset,
        &StageContext {
            number: 1,
            kind: preset.stages[0].kind,
            rest_before: preset.stages[0].rest_before,
            previous: None,
            options: &options,
            bots: &[],
        },
    )?;
    let refs: Vec<&TourRider> = riders.iter().collect();
    let setup = entrants_setup(&course, &names, &refs, options);
    registry::start(&preset.ruleset, &setup, 1).map_err(|e| e.to_string())
}

/// Every shipped preset that loads, with its library.
fn presets() -> &'static (Library, Vec<TourPreset>) {
    static PRESETS: OnceLock<(Library, Vec<TourPreset>)> = OnceLock::new();
    PRESETS.get_or_init(|| {
        let library = Library::new(&config_dir());
        let presets = library
            .presets()
            .into_iter()
            .filter_map(|(stem, _, _)| library.preset(&stem).ok())
            .collect();
        (library, presets)
    })
}

/// Bots ride `stage` for up to `moves` moves: each seat owed a decision in turn, as the
/// scheduler plays for a director on autopilot.
fn ride(stage: &mut dyn DynStage, moves: usize) -> Result<(), String> {
    for _ in 0..moves {
        if stage.is_over() {
            break;
        }
        let Some(seat) = stage.pending().first().map(|p| p.seat) else {
            break;
        };
        stage.play_bot(seat).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// A course file: [`parse_course_toml`], as the course library reads `config/courses/`; a
/// course that reads is raced on by every game's first shipped preset for a few bot moves.
pub fn course(data: &[u8]) -> Result<(), String> {
    let course = parse_course_toml(text(data)?, "fuzz.toml").map_err(|e| e.to_string())?;
    let course = Arc::new(course);
    let (_, presets) = presets();
    for entry in RULESETS {
        let Some(preset) = presets.iter().find(|p| p.ruleset == entry.id) else {
            continue;
        };
        // A game may refuse a course it cannot ride (no start cells, too narrow): that is a
        // sentence, not a fault.
        if let Ok(mut stage) = first_stage(preset, Arc::clone(&course)) {
            ride(&mut *stage, COURSE_MOVES)?;
        }
    }
    Ok(())
}

/// A scenario file: [`ScenarioFile::from_json`], its course (inline, or a shipped one by name)
/// and [`ScenarioFile::run`] for a few turns, as `commissaire scenario` plays it.
pub fn scenario(data: &[u8]) -> Result<(), String> {
    let scenario = ScenarioFile::from_json(text(data)?).map_err(|e| e.to_string())?;
    let course = scenario
        .course(|name| courses().find(name))
        .map_err(|e| e.to_string())?;
    let run = scenario
        .run(course, Some(SCENARIO_TURNS))
        .map_err(|e| e.to_string())?;
    run.to_json_lines();
    Ok(())
}

/// A tour preset: [`TourPreset::from_toml`], then its stages' courses looked up and its riders
/// dealt, as the library and `/tour create` do.
pub fn tour_preset(data: &[u8]) -> Result<(), String> {
    let preset = TourPreset::from_toml(text(data)?, "fuzz.toml").map_err(|e| e.to_string())?;
    for stage in &preset.stages {
        courses().find(&stage.course)?;
    }
    let names: Vec<String> = TEAMS.iter().map(|t| t.to_string()).collect();
    preset.riders(&names)?;
    Ok(())
}

/// The settings file: [`ServeConfig::from_text`], as `serve` reads `commissaire.toml`, with no
/// environment override.
pub fn config(data: &[u8]) -> Result<(), String> {
    let config = ServeConfig::from_text(text(data)?, Path::new("commissaire.toml"), &|_| None)
        .map_err(|e| e.to_string())?;
    config.database.describe();
    Ok(())
}

/// A component's custom id: [`parse_button`], as a press is read; an id that reads is written
/// back as the bot writes it and must read as the same press.
pub fn custom_id(data: &[u8]) -> Result<(), String> {
    let id = text(data)?;
    let pressed = parse_button(id).ok_or("not a button of this bot")?;
    let again = match pressed.action {
        ButtonAction::Hand => hand_button(pressed.tour_id, &RULESETS[0].words).id,
        ButtonAction::Decide { stage, step, key } => {
            choice_button_id(pressed.tour_id, stage, step, &key)
        }
        ButtonAction::Vote { vote_id, yes } => vote_button_id(pressed.tour_id, vote_id, yes),
        // The first release's ids are read, never written any more.
        ButtonAction::Legacy { .. } => return Ok(()),
    };
    assert_eq!(
        parse_button(&again),
        Some(pressed),
        "{id:?} written back as {again:?}"
    );
    Ok(())
}

/// The stages `/play` is typed into: each game's shipped presets' first stages, at the start
/// and a few moves in (Maillot Jaune's decisions in steps come mid-stage).
fn play_stages() -> &'static [Box<dyn DynStage>] {
    static STAGES: OnceLock<Vec<Box<dyn DynStage>>> = OnceLock::new();
    STAGES.get_or_init(|| {
        let (library, presets) = presets();
        let mut stages = Vec::new();
        for preset in presets {
            let Ok(course) = library.course(&preset.stages[0].course) else {
                continue;
            };
            let Ok(stage) = first_stage(preset, course) else {
                continue;
            };
            for moves in [0, 7, 30] {
                let mut later = stage.clone_box();
                if ride(&mut *later, moves).is_ok() && !later.is_over() {
                    stages.push(later);
                }
            }
        }
        stages
    })
}

/// `/play`'s text: the first byte picks one of a few real stages, the rest is the text typed.
/// [`resolve_play`] reads it against the options open to the first seat owed a decision (and
/// autocomplete narrows them by it); a key it names is applied, and the ruleset takes it or
/// says why not.
pub fn play_text(data: &[u8]) -> Result<(), String> {
    let (&pick, typed) = data.split_first().ok_or("no stage picked")?;
    let typed = text(typed)?;
    let stages = play_stages();
    let stage = &stages[pick as usize % stages.len()];
    let seat = stage
        .pending()
        .first()
        .map(|p| p.seat)
        .ok_or("nothing to choose")?;
    let (open, whole) = play_options(&**stage, seat);
    suggestions_of(&open, &whole, typed);
    let key = resolve_play(&open, &whole, typed)?;
    stage
        .clone_box()
        .apply(seat, key.as_str())
        .map_err(|e| e.to_string())?;
    Ok(())
}
