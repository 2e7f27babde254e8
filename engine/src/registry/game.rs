//! What a ruleset implements to join the registry. Everything the services need that does not
//! depend on the game (steps, keys checked before the rules are asked, events kept typed until
//! someone wants them as JSON) is done once, by [`super::Hosted`].

use super::decision::{OutcomeError, Secret, Sentence, Text, Told};
use super::key::Key;
use super::scene::Scene;
use super::setup::{Setup, StartError};
use crate::game::{Seat, Viewer};
use crate::tour::{StageKind, StageResult, TourRider};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::fmt::Debug;

pub trait Game: Clone + Debug + Send + Sync + 'static {
    type Choice: Clone + PartialEq + Serialize + DeserializeOwned;
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;

    /// The ruleset's id, as stored with each tour (e.g. `velo-master`).
    const ID: &'static str;

    fn start(setup: &Setup, seed: u64) -> Result<Self, StartError>;
    fn seats(&self) -> usize;
    fn is_over(&self) -> bool;

    /// Whether a seat owes a decision now. Override it when it can be told without listing
    /// the options: the services ask it for every seat after every choice.
    fn owes(&self, seat: Seat) -> bool {
        !self.legal(seat).is_empty()
    }
    /// The legal options of a seat now; empty when it owes nothing.
    fn legal(&self, seat: Seat) -> Vec<Self::Choice>;
    /// For a game that offers a decision in steps (Maillot Jaune: how far, then which cell), the
    /// whole decisions the seat may make now, each one choice that [`Game::apply`] takes at any
    /// step: what a player who types a move in full (`/play`) or a scenario's destination names.
    /// Empty by default: a game whose options are its whole decisions. (A mutant returning
    /// `vec![]` here is equivalent.)
    fn whole(&self, _seat: Seat) -> Vec<Self::Choice> {
        Vec::new()
    }
    /// Applies a choice, or refuses it in a sentence and changes nothing.
    fn apply(&mut self, seat: Seat, choice: &Self::Choice) -> Result<Vec<Self::Event>, Sentence>;

    fn key(&self, choice: &Self::Choice) -> Key;
    /// The choice a key names, legal or not; `None` when the key names nothing in this game.
    fn parse_key(&self, key: &str) -> Option<Self::Choice>;
    /// The option's group and label, in English.
    fn label(&self, choice: &Self::Choice) -> (Text, Text);
    /// The option's group (when it is a word, not a name) and label as the message catalogue
    /// words them: what a player reads in their own language. By default the English label as
    /// it is (a game whose options have no words in the catalogue yet).
    fn said(&self, choice: &Self::Choice) -> (Option<Sentence>, Sentence) {
        (None, super::decision::plain_label(&self.label(choice).1))
    }

    /// The seat whose eyes alone may see an event, if it is private.
    fn audience(&self, event: &Self::Event) -> Option<Seat>;
    /// Whether the event settles a turn the channel is told about (e.g. a reveal of secret choices).
    fn settles_turn(event: &Self::Event) -> bool;
    /// The public phase the race is in, for a game of short turns (one director's slot after
    /// another): the channel then gets one post a phase, edited in place as each choice of the
    /// phase is played and told, rather than a post a turn. Two moments with the same number
    /// are in the same phase. `None` (the default): every settled turn is a post of its own.
    fn phase(&self) -> Option<u32> {
        None
    }
    /// Whether the decision owed now is another director's answer to a request made in the
    /// middle of a turn (Maillot Jaune's pact, G-17), rather than a turn of their own. The
    /// services give such an answer the tour's short answer deadline, so that a request never
    /// holds the race for a whole decision's time, and give the asker a fresh deadline once it
    /// is answered. `false` by default: a game that asks nobody.
    fn awaits_answer(&self) -> bool {
        false
    }
    /// What the stage did as it was set up, before any choice (the card race's house rules:
    /// the wind and weather drawn, with the dice rolled for them). A scenario reads the rolls
    /// among them as it reads a choice's. None by default.
    fn opening(&self) -> Vec<Self::Event> {
        Vec::new()
    }
    /// What the turn now being played is called, for anyone to read where the channel, the
    /// turn card, a reminder or /stage name it: a noun phrase such as "round 3". `turn` is the
    /// services' count (1, then one more each time a turn settles), which is the name by
    /// default. A game whose turns are not all rounds of its own says so here (for example
    /// the breakaway auction's bid steps come before its round 1), so the services never call
    /// a bid step "round 1" nor the first round "round 3".
    fn turn_name(&self, turn: u32) -> Sentence {
        Sentence::round(turn)
    }
    /// What the game already knows of the tour's next stage, for `/stage` to tell (house rules
    /// A's forecast, HA-075); `None` (the default) when it knows nothing or there is none.
    fn outlook(&self, _next: Option<&super::NextStage>) -> Option<Sentence> {
        None
    }
    /// The events a viewer may see, told.
    fn narrate(&self, events: &[Self::Event], viewer: Viewer) -> Vec<Sentence>;

    /// A turn that settled (see [`Game::settles_turn`]), told to the channel from its events.
    /// By default, the public narration, a line per sentence, with no summary.
    fn tell_turn(&self, events: &[Self::Event]) -> Told {
        Told {
            lines: self.narrate(events, Viewer::Public),
            brief: None,
        }
    }
    /// What of a choice's events matters when its turns are told in brief among many (a
    /// crash, an attack, a rider across the line): the game's choice, told publicly. A game
    /// whose settled turns tell the whole of a round (the card race's reveal) needs none;
    /// a game of many turns a round (a roll each, their moves chosen after it) names here what
    /// the brief of a round must not leave out. Nothing by default.
    fn notable(&self, _events: &[Self::Event]) -> Vec<Sentence> {
        Vec::new()
    }
    /// What of a choice's events a tour book keeps as a stage's decisive moments (an attack,
    /// a crash, a rider across the line), told publicly. [`Game::notable`] by default; a game
    /// whose rounds are told whole, and so names nothing notable, names its moments here.
    fn moments(&self, events: &[Self::Event]) -> Vec<Sentence> {
        self.notable(events)
    }
    /// What a seat alone sees of its own riders now (for example hands, kept cards, what is
    /// left to draw), a sentence a rider: the private note a director reads before choosing.
    /// Nothing by default, for a game with no private state.
    fn brief(&self, _seat: Seat) -> Vec<Sentence> {
        Vec::new()
    }
    /// Where the race stands on the road, for anyone: the riders at the front. Nothing by
    /// default.
    fn situation(&self) -> Vec<Sentence> {
        Vec::new()
    }
    /// How far the stage's start lies from its line, counted as the game counts and in its
    /// words, for anyone (`/stage` tells it beside the stage's kind): the rows of the road
    /// ahead of the start area ("68 rows to the line"), Velo Master's cells along the road,
    /// Hulst's squares of the stage ("95 squares to the line", what its times count).
    fn to_line(&self) -> Sentence;

    fn view_json(&self, viewer: Viewer) -> Value;
    fn secrets(&self) -> Vec<Secret>;
    fn scene(&self) -> Scene;
    /// What one seat alone may see drawn now, beside the public [`Game::scene`]: a director's
    /// own picture (Hulst letters the landing squares of the card the director chose, which
    /// the channel must not see, as they tell the card). `None` by default, and whenever the
    /// seat has nothing of its own to be shown.
    fn private_scene(&self, _seat: Seat) -> Option<Scene> {
        None
    }

    /// Where a choice takes a rider on the road, for a game whose moves are walked a step at a
    /// time: a scenario may then give a move as a path of places or a destination (see
    /// [`Place`]). `None` for a choice that is not a step (the default: every choice).
    fn place(&self, _choice: &Self::Choice) -> Option<Place> {
        None
    }

    /// A copy of the stage as `viewer` may know it, for a playout (`/odds`): everything the
    /// viewer cannot see (another team's hand, the order of a deck, what is left to draw) dealt
    /// again at random from what it can see, sizes kept, and every random stream of the stage
    /// (dice, deck shuffles, a bot's own draws) reseeded from `rng`, so that a playout neither
    /// reads a hidden card nor foretells the stage's real future draws. Two stages that differ
    /// only in what the viewer cannot see give the same copy for the same `rng`. Every game
    /// says how: there is no default.
    fn determinize(&self, viewer: Viewer, rng: &mut ChaCha8Rng) -> Self;

    /// The bot's pick among `options` (never empty).
    fn bot(&self, seat: Seat, options: &[Self::Choice]) -> Self::Choice;

    /// The finished stage as the tour's classifications take it; `None` while it runs.
    fn result(
        &self,
        number: u32,
        kind: StageKind,
        riders: &[TourRider],
    ) -> Result<StageResult, OutcomeError>;
    /// What each tour rider takes from this stage into the next.
    fn carry_over(&self, riders: &mut [TourRider]);
    /// As [`Game::carry_over`], knowing the seats the bot rode (no director): a game whose bots
    /// carry something of their own between stages (for example riders whose bot keeps a memory).
    fn carry_over_bots(&self, riders: &mut [TourRider], _bots: &[Seat]) {
        self.carry_over(riders)
    }
}

/// What a choice does to the rider walking a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// Steps onto the place so named (the name the course gives a cell, `"12/1"`).
    Onto(String),
    /// Ends the move where the rider stands.
    Halt,
}
