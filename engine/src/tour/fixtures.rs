//! Hand-made stage results shared by the tests of the classifications.

use super::result::{LineResult, Outcome, RiderKey, RiderStage, StageKind, StageResult};
use super::standing::StandingRow;
use crate::course::Terrain;

pub(crate) fn rider(
    key: &str,
    team: &str,
    start_number: u32,
    cards_played: u32,
    outcome: Outcome,
    place: Option<u32>,
) -> RiderStage {
    RiderStage {
        rider: key.into(),
        team: team.into(),
        start_number,
        cards_played,
        outcome,
        place,
        exhaustion_start: 0,
        exhaustion_end: 0,
    }
}

pub(crate) fn crossed(rows_past: u16) -> Outcome {
    Outcome::Crossed { rows_past }
}

pub(crate) fn short(own_row: Terrain, to_ride: &[Terrain]) -> Outcome {
    Outcome::Short {
        own_row,
        to_ride: to_ride.to_vec(),
    }
}

pub(crate) fn flat_stage(number: u32, riders: Vec<RiderStage>) -> StageResult {
    StageResult {
        number,
        kind: StageKind::Flat,
        summit_finish: false,
        riders,
        rejoined: Vec::new(),
        sprints: Vec::new(),
        summits: Vec::new(),
        bonus_seconds: true,
        carry: serde_json::Value::Null,
    }
}

pub(crate) fn keys(names: &[&str]) -> Vec<RiderKey> {
    names.iter().map(|&n| n.into()).collect()
}

pub(crate) fn sprint(name: &str, order: &[&str]) -> LineResult {
    LineResult {
        name: name.into(),
        order: keys(order),
    }
}

/// The rider column of a table, for short assertions.
pub(crate) fn riders_of(rows: &[StandingRow]) -> Vec<&str> {
    rows.iter()
        .map(|r| r.rider.as_ref().map_or(r.team.as_str(), |k| k.as_str()))
        .collect()
}

/// Test vector TV-15 (conformance table section 4): 18 rounds; from L−7 to L−1 the rows before
/// the line are downhill, downhill, uphill, uphill, flat, flat, flat. R1, R4 and R5 ride for Red
/// (TV-16), R2 and R3 for Blue.
pub(crate) fn tv15_stage() -> StageResult {
    use Terrain::{Downhill as D, Flat as F, Uphill as U};
    // The row the rider stands on, then the rows strictly between it and the line.
    let before_line = [D, D, U, U, F, F, F];
    let short_at = |rows_before_line: usize| {
        let own = before_line.len() - rows_before_line;
        short(before_line[own], &before_line[own + 1..])
    };
    flat_stage(
        1,
        vec![
            rider("R1", "Red", 1, 18, crossed(3), Some(1)),
            rider("R2", "Blue", 2, 18, crossed(1), Some(2)),
            rider("R3", "Blue", 3, 18, short_at(1), Some(3)),
            rider("R4", "Red", 4, 18, short_at(4), Some(4)),
            rider("R5", "Red", 5, 18, short_at(7), Some(5)),
        ],
    )
}

/// Test vector TV-16, stage 2: stage times R1 18:30, R4 18:00, R5 18:05 (19 rounds). Blue's R2
/// wins the stage (6 rows past, 17:45) and R3 is last (1 row past, 18:50).
pub(crate) fn tv16_stage2() -> StageResult {
    flat_stage(
        2,
        vec![
            rider("R2", "Blue", 2, 19, crossed(6), Some(1)),
            rider("R4", "Red", 4, 19, crossed(5), Some(2)),
            rider("R5", "Red", 5, 19, crossed(5), Some(3)),
            rider("R1", "Red", 1, 19, crossed(3), Some(4)),
            rider("R3", "Blue", 3, 19, crossed(1), Some(5)),
        ],
    )
}
