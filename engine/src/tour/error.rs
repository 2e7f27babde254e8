//! What can be wrong with a log of stage results. Each error names the stage and the rider or
//! line, so the bot can say exactly which result to look at; none of them can come from a
//! player's move, only from a stage engine or store that wrote an inconsistent result.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum TourError {
    #[error("stage {found} is listed where stage {expected} was expected")]
    StageNumber { expected: u32, found: u32 },
    #[error("stage {stage}: rider {rider} is listed twice")]
    DuplicateRider { stage: u32, rider: String },
    #[error("stage {stage}: rider {rider} was not at the start of stage 1")]
    LateStarter { stage: u32, rider: String },
    #[error("stage {stage}: rider {rider} has left the tour and cannot ride again")]
    NotRacing { stage: u32, rider: String },
    #[error("stage {stage}: rider {rider} rides for {after} but rode for {before}")]
    TeamChanged {
        stage: u32,
        rider: String,
        before: String,
        after: String,
    },
    #[error("stage {stage}: rider {rider} wears number {after} but wore {before}")]
    StartNumberChanged {
        stage: u32,
        rider: String,
        before: u32,
        after: u32,
    },
    #[error("start number {number} is worn by both {first} and {second}")]
    DuplicateStartNumber {
        number: u32,
        first: String,
        second: String,
    },
    #[error(
        "stage {stage}: rider {rider} crossed the line 0 rows past it (the first row beyond counts 1)"
    )]
    ZeroRowsPast { stage: u32, rider: String },
    #[error("stage {stage}: rider {rider} finished the stage but has no stage place")]
    MissingPlace { stage: u32, rider: String },
    #[error("stage {stage}: rider {rider} abandoned but has stage place {place}")]
    PlaceOfAbandoned {
        stage: u32,
        rider: String,
        place: u32,
    },
    #[error("stage {stage}: the stage places must be 1 to {finishers} once each, found {places:?}")]
    BadPlaces {
        stage: u32,
        finishers: u32,
        places: Vec<u32>,
    },
    #[error("stage {stage}: {line} lists {rider}, who is not in the stage")]
    UnknownRiderOnLine {
        stage: u32,
        line: String,
        rider: String,
    },
    #[error("stage {stage}: {line} lists {rider} twice")]
    DuplicateRiderOnLine {
        stage: u32,
        line: String,
        rider: String,
    },
    #[error("stage {stage}: climb {line} has length 0")]
    EmptyClimb { stage: u32, line: String },
    #[error("stage {stage}: rider {rider} is listed as brought back but did not start the stage")]
    RejoinedNotInStage { stage: u32, rider: String },
    #[error("stage {stage}: rider {rider} is listed as brought back but had not left the race")]
    NotOut { stage: u32, rider: String },
    #[error(
        "stage {missed} has no classified rider, so {rider}, brought back in stage {stage}, has no time to be credited for it"
    )]
    NobodyClassified {
        stage: u32,
        missed: u32,
        rider: String,
    },
}
