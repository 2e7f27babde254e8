//! The object-safe surface the services use, and the one generic host that gives it to every
//! typed [`Game`].

use super::decision::{ChoiceError, LabelledOption, OutcomeError, Pending, Secret, Sentence, Told};
use super::game::{Game, Place};
use super::key::Key;
use super::scene::Scene;
use super::setup::{Setup, StartError};
use crate::game::{Seat, Viewer};
use crate::tour::{StageKind, StageResult, TourRider};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use std::any::Any;
use std::fmt::Debug;

/// A stage of any ruleset.
pub trait DynStage: Debug + Send + Sync {
    fn ruleset(&self) -> &'static str;
    fn seats(&self) -> usize;
    fn is_over(&self) -> bool;
    /// The public phase the race is in (see [`super::Game::phase`]); `None` for a game whose
    /// every settled turn gets a post of its own.
    fn phase(&self) -> Option<u32>;
    /// Whether the decision owed now answers a request (see [`super::Game::awaits_answer`]).
    fn awaits_answer(&self) -> bool;
    /// What the turn now being played is called (see [`super::Game::turn_name`]); `turn` is the
    /// services' count of turns, the name a game gives none of its own.
    fn turn_name(&self, turn: u32) -> Sentence;
    /// What the game knows of the tour's next stage (see [`super::Game::outlook`]).
    fn outlook(&self, next: Option<&super::NextStage>) -> Option<Sentence>;
    /// Every decision owed now, one per seat that owes one. Empty once the stage is over. The
    /// only way the services learn whose turn it is: nothing else assumes rounds.
    fn pending(&self) -> Vec<Pending>;
    /// Whether a seat owes a decision now, told without listing its options.
    fn owes(&self, seat: Seat) -> bool;
    /// The seats that owe a decision now, each with its step: the seats of [`DynStage::pending`]
    /// without listing their options, for the turn card, reminders and the bots.
    fn waiting_on(&self) -> Vec<(Seat, u32)>;
    /// The decision one seat owes now, if any.
    fn pending_for(&self, seat: Seat) -> Option<Pending>;
    /// The whole decisions a seat may make now when its game offers them in steps (see
    /// [`Game::whole`]), labelled as options are: each is applied by its key at any step of the
    /// decision. Empty for a game whose options are its whole decisions.
    fn whole_for(&self, seat: Seat) -> Vec<LabelledOption>;
    /// The seat's current decision number (see [`Pending::step`]).
    fn step(&self, seat: Seat) -> Result<u32, ChoiceError>;
    /// Applies the option named by `key`. Refused (and nothing changes) when the key names no
    /// choice or an illegal one.
    fn apply(&mut self, seat: Seat, key: &str) -> Result<Events, ChoiceError>;
    /// As [`DynStage::apply`], for a click on a button drawn at `step`: a stale one is refused.
    fn apply_at(&mut self, seat: Seat, step: u32, key: &str) -> Result<Events, ChoiceError> {
        let current = self.step(seat)?;
        if step != current {
            return Err(ChoiceError::Stale { step, current });
        }
        self.apply(seat, key)
    }
    /// Where the option named by `key` takes its rider (see [`Game::place`]); `None` for a key
    /// that names no step.
    fn place(&self, key: &str) -> Option<Place>;
    /// The bot's choice for a seat, `None` when it owes nothing.
    fn bot_choice(&self, seat: Seat) -> Option<Key>;
    /// The bot decides for a seat and its choice is applied at once: what the services do for a
    /// bot's seat, a late director or an autopilot. Returns the key played (to store) and the
    /// events, or `None` when the seat owes nothing.
    fn play_bot(&mut self, seat: Seat) -> Result<Option<(Key, Events)>, ChoiceError>;
    /// A key as the ruleset's JSON choice, which is how the store keeps it.
    fn choice_json(&self, key: &str) -> Result<Value, ChoiceError>;
    /// A stored JSON choice as the key of the same option.
    fn choice_key(&self, json: &Value) -> Result<Key, ChoiceError>;
    /// Stored JSON events (from [`Events::to_json`]) as events, for narration.
    fn events_from_json(&self, json: &[Value]) -> Result<Events, ChoiceError>;
    /// For each event, the seat that alone may see it, or `None` for a public event (what the
    /// store marks private).
    fn audience(&self, events: &Events) -> Vec<Option<Seat>>;
    /// What the stage did before any choice (see [`Game::opening`]).
    fn opening(&self) -> Events;
    /// What a viewer may see of events of this stage, in sentences.
    fn narrate(&self, events: &Events, viewer: Viewer) -> Vec<Sentence>;
    /// A settled turn as the channel is told it.
    fn tell_turn(&self, events: &Events) -> Told;
    /// What of a choice's events matters in a brief of many turns (see [`Game::notable`]).
    fn notable(&self, events: &Events) -> Vec<Sentence>;
    /// What of a choice's events a tour book keeps (see [`Game::moments`]).
    fn moments(&self, events: &Events) -> Vec<Sentence>;
    /// What the seat alone sees of its riders now.
    fn brief(&self, seat: Seat) -> Vec<Sentence>;
    /// Where the race stands on the road, for anyone.
    fn situation(&self) -> Vec<Sentence>;
    /// How far the stage's start lies from its line, in its game's words (see
    /// [`Game::to_line`]).
    fn to_line(&self) -> Sentence;
    fn view_json(&self, viewer: Viewer) -> Value;
    fn secrets(&self) -> Vec<Secret>;
    fn scene(&self) -> Scene;
    /// What the seat alone may see drawn now (see [`Game::private_scene`]).
    fn private_scene(&self, seat: Seat) -> Option<Scene>;
    fn result(
        &self,
        number: u32,
        kind: StageKind,
        riders: &[TourRider],
    ) -> Result<StageResult, OutcomeError>;
    fn carry_over(&self, riders: &mut [TourRider]);
    /// [`DynStage::carry_over`] knowing the seats the bot rode (see [`Game::carry_over_bots`]).
    fn carry_over_bots(&self, riders: &mut [TourRider], bots: &[Seat]);
    fn clone_box(&self) -> Box<dyn DynStage>;
    /// A copy of the stage as `viewer` may know it, hidden things dealt again and every random
    /// stream reseeded from `rng` (see [`Game::determinize`]).
    fn determinize(&self, viewer: Viewer, rng: &mut ChaCha8Rng) -> Box<dyn DynStage>;
    /// Plays the stage to its end with the bot at every seat, at most `cap` choices: the
    /// playout of `/odds`, typed all the way (no key, no JSON). Returns the choices played.
    fn play_out(&mut self, cap: u32) -> Result<u32, PlayoutError>;
}

/// Why a playout could not reach the end of its stage.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PlayoutError {
    #[error("the stage was not over after {0} choices")]
    TooLong(u32),
    #[error("the stage is not over, yet no seat owes a choice")]
    Stuck,
    #[error("the bot's choice was refused: {0}")]
    Refused(String),
}

impl Clone for Box<dyn DynStage> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// What one choice caused, kept typed inside so that a stage played by bots pays nothing for
/// JSON it never stores.
#[derive(Debug)]
pub struct Events(Box<dyn ErasedEvents>);

trait ErasedEvents: Debug + Send + Sync {
    fn len(&self) -> usize;
    fn to_json(&self) -> Vec<Value>;
    fn settles_turn(&self) -> bool;
    fn as_any(&self) -> &dyn Any;
}

#[derive(Debug)]
struct Typed<G: Game> {
    events: Vec<G::Event>,
}

impl<G: Game> ErasedEvents for Typed<G> {
    fn len(&self) -> usize {
        self.events.len()
    }
    fn to_json(&self) -> Vec<Value> {
        self.events
            .iter()
            .map(|e| serde_json::to_value(e).expect("events serialise"))
            .collect()
    }
    fn settles_turn(&self) -> bool {
        self.events.iter().any(G::settles_turn)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl Events {
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.len() == 0
    }
    /// Each event as the ruleset's JSON, in order: what the store keeps.
    pub fn to_json(&self) -> Vec<Value> {
        self.0.to_json()
    }
    /// Whether these events settle a turn the channel should hear about.
    pub fn settles_turn(&self) -> bool {
        self.0.settles_turn()
    }
}

/// A typed game behind the object-safe surface.
#[derive(Debug, Clone)]
pub struct Hosted<G: Game> {
    game: G,
    /// Per seat, the number of its decisions taken.
    steps: Vec<u32>,
}

impl<G: Game> Hosted<G> {
    pub fn start(setup: &Setup, seed: u64) -> Result<Self, StartError> {
        setup.check_names()?;
        let game = G::start(setup, seed)?;
        Ok(Hosted {
            steps: vec![0; game.seats()],
            game,
        })
    }

    pub fn boxed(setup: &Setup, seed: u64) -> Result<Box<dyn DynStage>, StartError> {
        Ok(Box::new(Self::start(setup, seed)?))
    }

    /// A typed game already under way (a test's, a bench's), hosted with no step counted.
    pub fn new(game: G) -> Self {
        Hosted {
            steps: vec![0; game.seats()],
            game,
        }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    fn typed(&self, events: Vec<G::Event>) -> Events {
        Events(Box::new(Typed::<G> { events }))
    }

    fn downcast<'e>(&self, events: &'e Events) -> Option<&'e [G::Event]> {
        events
            .0
            .as_any()
            .downcast_ref::<Typed<G>>()
            .map(|t| t.events.as_slice())
    }

    fn check_seat(&self, seat: Seat) -> Result<(), ChoiceError> {
        if (seat as usize) < self.steps.len() {
            Ok(())
        } else {
            Err(ChoiceError::UnknownSeat(seat))
        }
    }

    /// A choice as an option: its group, label and key, in English and in the catalogue's words.
    fn labelled(&self, c: &G::Choice) -> LabelledOption {
        let (group, label) = self.game.label(c);
        let (group_said, said) = self.game.said(c);
        LabelledOption {
            group,
            label,
            key: self.game.key(c),
            said,
            group_said,
        }
    }

    fn parse(&self, key: &str) -> Result<G::Choice, ChoiceError> {
        self.game
            .parse_key(key)
            .ok_or_else(|| ChoiceError::UnknownKey { key: key.into() })
    }
}

impl<G: Game> DynStage for Hosted<G> {
    fn ruleset(&self) -> &'static str {
        G::ID
    }
    fn seats(&self) -> usize {
        self.steps.len()
    }
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn phase(&self) -> Option<u32> {
        self.game.phase()
    }

    fn awaits_answer(&self) -> bool {
        self.game.awaits_answer()
    }

    fn turn_name(&self, turn: u32) -> Sentence {
        self.game.turn_name(turn)
    }

    fn outlook(&self, next: Option<&super::NextStage>) -> Option<Sentence> {
        self.game.outlook(next)
    }

    fn opening(&self) -> Events {
        self.typed(self.game.opening())
    }

    fn pending(&self) -> Vec<Pending> {
        (0..self.steps.len() as Seat)
            .filter_map(|seat| self.pending_for(seat))
            .collect()
    }

    fn owes(&self, seat: Seat) -> bool {
        (seat as usize) < self.steps.len() && self.game.owes(seat)
    }

    fn waiting_on(&self) -> Vec<(Seat, u32)> {
        (0..self.steps.len() as Seat)
            .filter(|&seat| self.game.owes(seat))
            .map(|seat| (seat, self.steps[seat as usize]))
            .collect()
    }

    fn pending_for(&self, seat: Seat) -> Option<Pending> {
        let legal = self.game.legal(seat);
        if legal.is_empty() {
            return None;
        }
        let options = legal.iter().map(|c| self.labelled(c)).collect();
        Some(Pending {
            seat,
            step: self.steps[seat as usize],
            options,
        })
    }

    fn whole_for(&self, seat: Seat) -> Vec<LabelledOption> {
        if (seat as usize) >= self.steps.len() {
            return Vec::new();
        }
        self.game
            .whole(seat)
            .iter()
            .map(|c| self.labelled(c))
            .collect()
    }

    fn step(&self, seat: Seat) -> Result<u32, ChoiceError> {
        self.check_seat(seat)?;
        Ok(self.steps[seat as usize])
    }

    fn apply(&mut self, seat: Seat, key: &str) -> Result<Events, ChoiceError> {
        self.check_seat(seat)?;
        let choice = self.parse(key)?;
        let events = self
            .game
            .apply(seat, &choice)
            .map_err(|reason| ChoiceError::Illegal {
                key: key.into(),
                reason,
            })?;
        self.steps[seat as usize] += 1;
        Ok(self.typed(events))
    }

    fn place(&self, key: &str) -> Option<Place> {
        self.game.place(&self.game.parse_key(key)?)
    }

    fn bot_choice(&self, seat: Seat) -> Option<Key> {
        let legal = self.game.legal(seat);
        if legal.is_empty() {
            return None;
        }
        Some(self.game.key(&self.game.bot(seat, &legal)))
    }

    fn play_bot(&mut self, seat: Seat) -> Result<Option<(Key, Events)>, ChoiceError> {
        self.check_seat(seat)?;
        let legal = self.game.legal(seat);
        if legal.is_empty() {
            return Ok(None);
        }
        let choice = self.game.bot(seat, &legal);
        let key = self.game.key(&choice);
        let events = self
            .game
            .apply(seat, &choice)
            .map_err(|reason| ChoiceError::Illegal {
                key: key.to_string(),
                reason,
            })?;
        self.steps[seat as usize] += 1;
        Ok(Some((key, self.typed(events))))
    }

    fn choice_json(&self, key: &str) -> Result<Value, ChoiceError> {
        let choice = self.parse(key)?;
        serde_json::to_value(&choice).map_err(|e| ChoiceError::BadJson(e.to_string()))
    }

    fn choice_key(&self, json: &Value) -> Result<Key, ChoiceError> {
        let choice: G::Choice = serde_json::from_value(json.clone())
            .map_err(|e| ChoiceError::BadJson(format!("{json}: {e}")))?;
        Ok(self.game.key(&choice))
    }

    fn events_from_json(&self, json: &[Value]) -> Result<Events, ChoiceError> {
        let events = json
            .iter()
            .map(|v| {
                serde_json::from_value(v.clone())
                    .map_err(|e| ChoiceError::BadJson(format!("{v}: {e}")))
            })
            .collect::<Result<Vec<G::Event>, _>>()?;
        Ok(self.typed(events))
    }

    fn narrate(&self, events: &Events, viewer: Viewer) -> Vec<Sentence> {
        // Events of another ruleset tell nothing about this stage.
        self.downcast(events)
            .map(|e| self.game.narrate(e, viewer))
            .unwrap_or_default()
    }

    fn tell_turn(&self, events: &Events) -> Told {
        self.downcast(events)
            .map(|e| self.game.tell_turn(e))
            .unwrap_or_default()
    }

    fn notable(&self, events: &Events) -> Vec<Sentence> {
        self.downcast(events)
            .map(|e| self.game.notable(e))
            .unwrap_or_default()
    }

    fn moments(&self, events: &Events) -> Vec<Sentence> {
        self.downcast(events)
            .map(|e| self.game.moments(e))
            .unwrap_or_default()
    }

    fn brief(&self, seat: Seat) -> Vec<Sentence> {
        if (seat as usize) < self.steps.len() {
            self.game.brief(seat)
        } else {
            Vec::new()
        }
    }

    fn situation(&self) -> Vec<Sentence> {
        self.game.situation()
    }

    fn to_line(&self) -> Sentence {
        self.game.to_line()
    }

    fn audience(&self, events: &Events) -> Vec<Option<Seat>> {
        self.downcast(events)
            .map(|e| e.iter().map(|e| self.game.audience(e)).collect())
            .unwrap_or_default()
    }

    fn view_json(&self, viewer: Viewer) -> Value {
        self.game.view_json(viewer)
    }
    fn secrets(&self) -> Vec<Secret> {
        self.game.secrets()
    }
    fn scene(&self) -> Scene {
        self.game.scene()
    }
    fn private_scene(&self, seat: Seat) -> Option<Scene> {
        self.game.private_scene(seat)
    }
    fn result(
        &self,
        number: u32,
        kind: StageKind,
        riders: &[TourRider],
    ) -> Result<StageResult, OutcomeError> {
        self.game.result(number, kind, riders)
    }
    fn carry_over(&self, riders: &mut [TourRider]) {
        self.game.carry_over(riders)
    }
    fn carry_over_bots(&self, riders: &mut [TourRider], bots: &[Seat]) {
        self.game.carry_over_bots(riders, bots)
    }
    fn clone_box(&self) -> Box<dyn DynStage> {
        Box::new(self.clone())
    }
    fn determinize(&self, viewer: Viewer, rng: &mut ChaCha8Rng) -> Box<dyn DynStage> {
        Box::new(Hosted {
            game: self.game.determinize(viewer, rng),
            steps: self.steps.clone(),
        })
    }
    fn play_out(&mut self, cap: u32) -> Result<u32, PlayoutError> {
        let seats = self.steps.len() as Seat;
        let mut played = 0;
        while !self.game.is_over() {
            let mut moved = false;
            for seat in 0..seats {
                if self.game.is_over() {
                    break;
                }
                if !self.game.owes(seat) {
                    continue;
                }
                let legal = self.game.legal(seat);
                if legal.is_empty() {
                    continue;
                }
                if played >= cap {
                    return Err(PlayoutError::TooLong(played));
                }
                let choice = self.game.bot(seat, &legal);
                self.game
                    .apply(seat, &choice)
                    .map_err(|reason| PlayoutError::Refused(format!("{reason:?}")))?;
                self.steps[seat as usize] += 1;
                played += 1;
                moved = true;
            }
            if !moved && !self.game.is_over() {
                return Err(PlayoutError::Stuck);
            }
        }
        Ok(played)
    }
}
