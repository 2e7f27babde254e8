//! The tables every tour shares: the repêchage's, which the tour takes from Velo Master (seed
//! 000, POINTS DIVERS). The house-rules-B grand tour's scales live with the card race
//! (`games::card_race::tour::grand_tour::tables`).

/// Repêchage (seed 000, Velo Master, POINTS DIVERS, "Repêchage": during a stage or after a
/// finish, the directeurs sportifs may agree to bring back an unlucky rider, the stage winner
/// having one more vote on a tie; VM-085, ruling A-48, see `docs/rules-card-race.md`). The seed prices nothing; A-48 gives a rider brought back, for
/// each stage he did not finish, the time of that stage's last classified rider plus one minute.
pub const REPECHAGE_DELAY_SECONDS: i64 = 60;

/// The extra vote of the stage winner's directeur sportif when the ballots tie (VM-085, A-48).
pub const STAGE_WINNER_EXTRA_VOTES: u32 = 1;

/// How many riders one stage may see brought back (A-48 leaves it as an option; we take it).
pub const REPECHAGES_PER_STAGE: u32 = 1;
