//! The small language every ruleset speaks (`docs/architecture.md`).
//!
//! `pending` says who must decide what, with the legal options; `apply` takes one choice and
//! either refuses it with a typed error (and changes nothing) or returns what happened as events;
//! `view` says what a given seat may see. [`replay`] rebuilds a stage from its setup, seed and
//! choices, which is how the store restores a stage after a restart.

use serde::{Deserialize, Serialize};

/// A seat at the table: in the card race, one team (its index in the setup).
pub type Seat = u8;

/// Who looks at a stage: everyone (the public channel) or one seat (its private hand).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Viewer {
    Public,
    Seat(Seat),
}

/// One decision a seat owes now, with every legal option.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision<C> {
    pub seat: Seat,
    pub options: Vec<C>,
}

pub trait Ruleset: Sized {
    type Setup;
    type Choice: Clone + PartialEq;
    type Event;
    type View;
    type Error: std::error::Error;
    type SetupError: std::error::Error;

    fn start(setup: Self::Setup, seed: u64) -> Result<Self, Self::SetupError>;
    /// Every decision owed now. Empty when the stage is over.
    fn pending(&self) -> Vec<Decision<Self::Choice>>;
    /// The legal options of one seat now: the single source of truth for validation and for
    /// the options shown to players.
    fn legal_moves(&self, seat: Seat) -> Vec<Self::Choice>;
    fn apply(&mut self, seat: Seat, choice: &Self::Choice)
    -> Result<Vec<Self::Event>, Self::Error>;
    fn view(&self, viewer: Viewer) -> Self::View;
    fn is_over(&self) -> bool;
}

#[derive(Debug, thiserror::Error)]
pub enum ReplayError<S: std::error::Error, E: std::error::Error> {
    #[error("the stage setup is invalid: {0}")]
    Setup(S),
    #[error("choice {index} of the log was refused on replay: {error}")]
    Choice { index: usize, error: E },
}

/// A stage rebuilt by [`replay`], with every event in order.
pub type Replayed<R> = (R, Vec<<R as Ruleset>::Event>);

/// Rebuilds a stage from `setup + seed + choices`, returning it with every event in order.
pub fn replay<R: Ruleset>(
    setup: R::Setup,
    seed: u64,
    choices: &[(Seat, R::Choice)],
) -> Result<Replayed<R>, ReplayError<R::SetupError, R::Error>> {
    let mut stage = R::start(setup, seed).map_err(ReplayError::Setup)?;
    let mut events = Vec::new();
    for (index, (seat, choice)) in choices.iter().enumerate() {
        let new = stage
            .apply(*seat, choice)
            .map_err(|error| ReplayError::Choice { index, error })?;
        events.extend(new);
    }
    Ok((stage, events))
}
