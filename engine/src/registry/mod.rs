//! The rulesets the bot can referee, in one table, and the one surface the services use for all
//! of them.
//!
//! Each game keeps its own typed code in its folder of [`crate::games`] and implements
//! [`Game`]; [`Hosted`] turns any `Game` into a [`DynStage`], the object-safe stage the services
//! hold: [`DynStage::pending`] says who owes which decision, with labelled options and a step
//! number per seat; [`DynStage::apply`] takes an option's key; views, narration, the bot's
//! choice, the stage's result for the tour and the scene the pictures are drawn from come from
//! the same object. Choices and events cross into the store as the ruleset's JSON.
//!
//! To add a ruleset: implement [`Game`] in its own module and add one line to [`RULESETS`].

mod decision;
mod game;
mod hosted;
mod key;
mod scene;
mod setup;
mod words;

pub use decision::{
    ChoiceError, LabelledOption, OutcomeError, Pending, Secret, Sentence, Text, Told,
};
pub use game::{Game, Place};
pub use hosted::{DynStage, Events, Hosted, PlayoutError};
pub use key::{BadKey, Key, MAX_KEY_LEN};
pub use scene::Scene;
pub use setup::{Entrant, Setup, StartError};
pub use words::{Deadlines, Word, Words, word};

use crate::game::Seat;
use crate::games::{card_race, hulst, maillot_jaune, velo_master};
use crate::tour::{
    Classifications, Pricing, RiderKey, StageKind, StageResult, StageTime, TourError, priced_times,
};
use serde_json::Value;

/// How a ruleset starts a stage.
pub type StartFn = fn(&Setup, u64) -> Result<Box<dyn DynStage>, StartError>;

/// One registered ruleset.
#[derive(Debug)]
pub struct RulesetEntry {
    /// Stored with each tour; never change a shipped one.
    pub id: &'static str,
    /// How players know it.
    pub name: &'static str,
    pub start: StartFn,
    /// A team's riders from a tour preset's roster (the ruleset's usual team when empty) and the
    /// tour's options (names may follow the rules, HB-010): a name for each, unique within the
    /// team, and its attributes. A sentence saying what to write when the roster does not fit.
    pub roster: fn(&[Value], &Value) -> Result<Vec<Rostered>, String>,
    /// Names the tour's riders once every team has entered them (see [`DealFn`]).
    pub deal: DealFn,
    /// The most riders a team enters.
    pub max_team: usize,
    /// The named sets of rules a tour preset may choose with `rules`, the first by default.
    pub rules: &'static [NamedRules],
    /// The tour's classifications after the given stages (all of them, or the first `k`),
    /// from the stage results and the tour's options (as stored with it).
    pub classify: ClassifyFn,
    /// How the ruleset prices one stage for its tour (times, points, summits, combativity,
    /// team times): the shared ledger folds these, and the bot tells a stage's result with them.
    pub pricing: &'static dyn Pricing,
    /// The options one stage of a tour starts with, from the tour's options and the stage's
    /// place in it: its kind (a time trial), a rest day before it, what the stage before it
    /// handed on ([`StageResult::carry`]). A sentence saying what to change when the ruleset
    /// cannot ride the stage (a tour preset is checked with it before the tour starts).
    pub prepare: PrepareFn,
    /// How the services speak of its turns: its buttons, its call to the directors, its
    /// deadlines (see [`Words`]).
    pub words: Words,
}

/// What a ruleset knows of a tour's stage when it sets the stage's options.
#[derive(Debug, Clone, Copy)]
pub struct StageContext<'a> {
    /// 1 for the tour's first stage.
    pub number: u32,
    pub kind: StageKind,
    /// A rest day comes between the previous stage and this one (`rest_before` in a preset).
    pub rest_before: bool,
    /// The result of the stage before this one; `None` for the first stage, and when a preset
    /// is checked before any stage is ridden.
    pub previous: Option<&'a StageResult>,
    /// The tour's options, as stored with it.
    pub options: &'a Value,
    /// The seats no director rides: the tour's bot teams (not a team on autopilot, whose
    /// director is only away). A game whose bots ride by rules of their own reads it (house
    /// rules B's ghosts draw their own number of cards, HB-012…HB-014). Empty when a preset
    /// is checked before the tour has teams.
    pub bots: &'a [Seat],
}

/// The tour's next stage, as a stage being ridden may speak of it (see [`Game::outlook`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextStage {
    pub number: u32,
    pub kind: StageKind,
    /// A rest day comes before it.
    pub rest_before: bool,
}

/// How a ruleset sets one stage's options (see [`RulesetEntry::prepare`]).
pub type PrepareFn = fn(&StageContext) -> Result<Value, String>;

/// A ruleset whose stages all ride the tour's options, and which rides no time trial.
pub fn road_stages_only(ctx: &StageContext) -> Result<Value, String> {
    if ctx.kind.is_time_trial() {
        return Err(
            "this game has no time trials: make the stage flat, hilly or mountain".to_string(),
        );
    }
    Ok(ctx.options.clone())
}

/// What a ruleset does to the tour's riders once every team has entered its roster (in seat
/// order, with the tour's options): a game whose riders are dealt from one set of cards deals
/// them here and names each by his card (Maillot Jaune). A sentence saying what to change when
/// the riders cannot all be dealt.
pub type DealFn = fn(&mut [crate::tour::TourRider], &Value) -> Result<(), String>;

/// A ruleset whose riders keep the names their teams enter ("Reds Rouleur").
pub fn keep_names(_riders: &mut [crate::tour::TourRider], _options: &Value) -> Result<(), String> {
    Ok(())
}

/// How a ruleset adds a tour's stages up.
pub type ClassifyFn = fn(&[StageResult], &Value) -> Result<Classifications, TourError>;

/// A named set of rules: the options it stands for.
#[derive(Debug)]
pub struct NamedRules {
    pub name: &'static str,
    pub options: fn() -> Value,
}

/// One rider of a team as a roster enters it.
#[derive(Debug, Clone, PartialEq)]
pub struct Rostered {
    /// Added to the team's name to make the rider's key ("Rouleur", "Rouleur 2"), in English.
    pub label: String,
    pub attributes: Value,
    /// When the label is a word of a language rather than a name ("Rider 2", "Team-mate 3":
    /// what a rider with no name of his own is called), the same words as a sentence of the
    /// catalogue, which a tour names the rider by in its own language ("Coureur 2"), on the
    /// board, in the narration and in the standings alike. `None`: the label is a name in every
    /// language (a card's, a profile's, one the preset gives).
    pub said: Option<Sentence>,
}

/// Every ruleset the bot referees.
pub static RULESETS: &[RulesetEntry] = &[
    RulesetEntry {
        id: card_race::ID,
        name: "Card race (Flamme Rouge family)",
        start: Hosted::<card_race::CardRace>::boxed,
        roster: card_race::game::roster,
        deal: keep_names,
        max_team: 4,
        rules: card_race::game::RULES,
        classify: card_race::tour::classifications,
        pricing: &card_race::tour::PRICING,
        prepare: card_race::game::prepare,
        words: card_race::game::WORDS,
    },
    RulesetEntry {
        id: velo_master::ID,
        name: "Velo Master (dice race)",
        start: Hosted::<velo_master::VeloMaster>::boxed,
        roster: velo_master::game::roster,
        deal: keep_names,
        max_team: 4,
        rules: velo_master::game::RULES,
        classify: velo_master::classify::classifications,
        pricing: &velo_master::classify::Clock,
        prepare: road_stages_only,
        words: velo_master::game::WORDS,
    },
    RulesetEntry {
        id: maillot_jaune::ID,
        name: "Maillot Jaune (energy and escapes)",
        start: Hosted::<maillot_jaune::MaillotJaune>::boxed,
        roster: maillot_jaune::game::roster,
        deal: maillot_jaune::game::deal,
        max_team: 9,
        rules: maillot_jaune::game::RULES,
        classify: maillot_jaune::classify::classifications,
        pricing: &maillot_jaune::classify::Minutes,
        prepare: road_stages_only,
        words: maillot_jaune::game::WORDS,
    },
    RulesetEntry {
        id: hulst::ID,
        name: "Le Tour de France (Hulst, seconde cards)",
        start: Hosted::<hulst::Hulst>::boxed,
        roster: hulst::game::roster,
        deal: keep_names,
        max_team: 3,
        rules: hulst::game::RULES,
        classify: hulst::classify::classifications,
        pricing: &hulst::classify::PRICING,
        prepare: hulst::game::prepare,
        words: hulst::game::WORDS,
    },
];

pub fn ruleset(id: &str) -> Result<&'static RulesetEntry, StartError> {
    RULESETS
        .iter()
        .find(|r| r.id == id)
        .ok_or_else(|| StartError::UnknownRuleset {
            id: id.into(),
            known: RULESETS.iter().map(|r| r.id).collect::<Vec<_>>().join(", "),
        })
}

/// Starts a stage of ruleset `id`.
pub fn start(id: &str, setup: &Setup, seed: u64) -> Result<Box<dyn DynStage>, StartError> {
    (ruleset(id)?.start)(setup, seed)
}

/// The options of one stage of a tour of ruleset `id` (see [`RulesetEntry::prepare`]).
pub fn prepare(id: &str, ctx: &StageContext) -> Result<Value, String> {
    let entry = ruleset(id).map_err(|e| e.to_string())?;
    (entry.prepare)(ctx)
}

/// The classifications of a tour of ruleset `id` after `stages`; a sentence when the ruleset is
/// unknown or the results do not add up.
/// Each classified rider's time for one stage of a tour of ruleset `id`, in stage-place order,
/// priced as its tour prices it.
pub fn stage_times(id: &str, stage: &StageResult) -> Result<Vec<StageTime>, String> {
    let entry = ruleset(id).map_err(|e| e.to_string())?;
    priced_times(stage, entry.pricing).map_err(|e| e.to_string())
}

/// The stage in which `rider` left a tour of ruleset `id` after `stages` (see
/// [`crate::tour::stage_left`]).
pub fn stage_left(
    id: &str,
    stages: &[StageResult],
    rider: &RiderKey,
) -> Result<Option<u32>, String> {
    let entry = ruleset(id).map_err(|e| e.to_string())?;
    crate::tour::stage_left(stages, rider, entry.pricing).map_err(|e| e.to_string())
}

pub fn classify(
    id: &str,
    stages: &[StageResult],
    options: &Value,
) -> Result<Classifications, String> {
    let entry = ruleset(id).map_err(|e| e.to_string())?;
    (entry.classify)(stages, options).map_err(|e| e.to_string())
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReplayError {
    #[error("the stage cannot start: {0}")]
    Start(#[from] StartError),
    #[error("choice {index} of the log was refused on replay: {error}")]
    Choice { index: usize, error: ChoiceError },
}

/// Rebuilds a stage from its setup, seed and stored JSON choices, returning it with the events
/// of each choice in order.
pub fn replay(
    id: &str,
    setup: &Setup,
    seed: u64,
    choices: &[(Seat, Value)],
) -> Result<(Box<dyn DynStage>, Vec<Events>), ReplayError> {
    let mut stage = start(id, setup, seed)?;
    let mut events = Vec::with_capacity(choices.len());
    for (index, (seat, json)) in choices.iter().enumerate() {
        let fail = |error| ReplayError::Choice { index, error };
        let key = stage.choice_key(json).map_err(fail)?;
        events.push(stage.apply(*seat, key.as_str()).map_err(fail)?);
    }
    Ok((stage, events))
}

/// One turn of a stage as the channel was told it: its name and its public lines.
#[derive(Debug, Clone, PartialEq)]
pub struct ToldTurn {
    /// The turn's name as the game gave it when the turn opened ("round 3", "the start").
    pub name: Sentence,
    /// What the channel's post of the turn said, line by line.
    pub lines: Vec<Sentence>,
    /// Whether the turn had settled; the last turn of a stage still being raced may not have,
    /// and then holds only what its game tells as it is played (a roll in a game told phase by
    /// phase), never a choice still secret.
    pub settled: bool,
    /// The turn's decisive moments, as its game chose ([`DynStage::moments`]): what a tour
    /// book keeps of it.
    pub moments: Vec<Sentence>,
}

/// A stage told turn by turn, as the channel heard it (`/stage log`): the stage rebuilt from
/// its setup, seed and stored JSON choices as [`replay`] does, each choice told as the
/// services tell it live. A game told phase by phase ([`DynStage::phase`]) tells every choice
/// publicly as it is played; any other game tells a turn when it settles
/// ([`DynStage::tell_turn`]). Only public telling: nothing a seat alone may see.
pub fn told_turns(
    id: &str,
    setup: &Setup,
    seed: u64,
    choices: &[(Seat, Value)],
) -> Result<Vec<ToldTurn>, ReplayError> {
    let mut stage = start(id, setup, seed)?;
    let mut turn = 1;
    let mut name = stage.turn_name(turn);
    let mut lines = Vec::new();
    let mut moments = Vec::new();
    let mut turns = Vec::new();
    for (index, (seat, json)) in choices.iter().enumerate() {
        let fail = |error| ReplayError::Choice { index, error };
        let key = stage.choice_key(json).map_err(fail)?;
        let events = stage.apply(*seat, key.as_str()).map_err(fail)?;
        moments.extend(stage.moments(&events));
        let phased = stage.phase().is_some();
        if phased {
            lines.extend(stage.narrate(&events, crate::game::Viewer::Public));
        }
        if events.settles_turn() {
            if !phased {
                lines.extend(stage.tell_turn(&events).lines);
            }
            turn += 1;
            let next = stage.turn_name(turn);
            turns.push(ToldTurn {
                name: std::mem::replace(&mut name, next),
                lines: std::mem::take(&mut lines),
                settled: true,
                moments: std::mem::take(&mut moments),
            });
        }
    }
    if !lines.is_empty() {
        turns.push(ToldTurn {
            name,
            lines,
            settled: false,
            moments,
        });
    }
    Ok(turns)
}

/// One settled turn of a stage (see [`Game::settles_turn`]), as everyone saw it.
#[derive(Debug, Clone)]
pub struct SettledTurn {
    /// The turn's name as the game gave it when the turn opened ("round 3", "the start").
    pub name: Sentence,
    /// How many of the stage's choices were made when it settled.
    pub choices: usize,
    /// The public scene right after it: what the channel's board showed.
    pub scene: Scene,
}

/// The public scene after each settled turn of a stage, in order, with each turn's name:
/// the stage rebuilt from its setup, seed and stored JSON choices as [`replay`] does. What a
/// stage's animation draws, for any game.
pub fn settled_turns(
    id: &str,
    setup: &Setup,
    seed: u64,
    choices: &[(Seat, Value)],
) -> Result<Vec<SettledTurn>, ReplayError> {
    let mut stage = start(id, setup, seed)?;
    let mut turn = 1;
    let mut name = stage.turn_name(turn);
    let mut turns = Vec::new();
    for (index, (seat, json)) in choices.iter().enumerate() {
        let fail = |error| ReplayError::Choice { index, error };
        let key = stage.choice_key(json).map_err(fail)?;
        let events = stage.apply(*seat, key.as_str()).map_err(fail)?;
        if events.settles_turn() {
            turn += 1;
            let next = stage.turn_name(turn);
            turns.push(SettledTurn {
                name: std::mem::replace(&mut name, next),
                choices: index + 1,
                scene: stage.scene(),
            });
        }
    }
    Ok(turns)
}
