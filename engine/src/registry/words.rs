//! How the services speak of a game's turns, in the game's own words: a dice race has no cards
//! to choose, and its deadlines are a director's slot, not a round. Each word is a message id of
//! the catalogue, in the game's own messages file; the services fill in the arguments each
//! names.

/// One message of the catalogue, by id. Made with [`word`], whose literal id the catalogue's
/// test finds and checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Word(pub &'static str);

/// The message `id` of the catalogue as one of a game's words.
pub const fn word(id: &'static str) -> Word {
    Word(id)
}

/// How a game's deadlines run, for the services to say when a tour is created.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deadlines {
    /// Every team chooses at once and the turn waits for all: one deadline a round. Its word
    /// takes `$round`, how long a round stays open.
    PerRound,
    /// Decisions come one director at a time (a slot), with a turn now and then where several
    /// choose at once (a vote). Its word takes `$decision` and `$round`.
    PerDecision,
    /// As [`Deadlines::PerDecision`], and a director may be asked for an answer in the middle
    /// of another's turn (a pact, see `Game::awaits_answer`), on a shorter deadline of its own.
    /// Its word takes `$decision`, `$answer` and `$round`.
    PerDecisionWithAnswers,
}

/// The words the services use for any game's turns (see the module's note).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Words {
    /// The button under a turn's post that opens a director's private options.
    pub hand_button: Word,
    /// What `/tour start` tells the directors after the teams, when some have one.
    pub call_to_directors: Word,
    /// A director's private options when there is nothing to choose now.
    pub nothing_to_choose: Word,
    /// The answer to a director whose choice settled a turn and who owes nothing in the next
    /// one: `$stage` and `$turn`, the turn's name as the game gave it when the choice was made.
    pub settled: Word,
    pub deadlines: Deadlines,
    /// How long a director has, as `/tour create` says it (see [`Deadlines`]).
    pub deadline: Word,
}
