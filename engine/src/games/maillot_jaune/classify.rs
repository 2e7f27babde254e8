//! Maillot Jaune's classification over its tour of three stages (MJ-003, MJ-039, MJ-040): each
//! rider's stage time is the minutes a stage reports (a minute a round after the winner's), the
//! tour adds them up, and the lowest total wears the yellow jersey. Ties (G-12,
//! `classification.tie_break`): the lower sum of stage places, then the better place in the last
//! stage, then the start number (seat order). No team classification (G-12's default,
//! `classification.teams = false`).
//!
//! The tour's fold (its ledger) keeps who started which stage and who left (MJ-033: a rider who
//! abandoned is not classified).

use crate::tour::classifications::{Jersey, Unit, led, sentence};
use crate::tour::{
    Classifications, Ledger, Pricing, RiderLine, StageResult, StageTime, TourError, clock_times,
    rider_time_rows,
};
use serde_json::Value;

/// How Maillot Jaune prices a stage: each classified rider's minutes, in stage-place order, no
/// bonus, no points.
#[derive(Debug, Clone, Copy)]
pub struct Minutes;

impl Pricing for Minutes {
    fn times(&self, stage: &StageResult) -> Vec<StageTime> {
        clock_times(stage)
    }

    /// No team classification (G-12): the ledger makes no team stage times.
    fn team_counted(&self) -> usize {
        usize::MAX
    }
}

/// The general classification after `stages`: the yellow jersey's order.
pub fn classifications(
    stages: &[StageResult],
    _options: &Value,
) -> Result<Classifications, TourError> {
    let ledger = Ledger::build(stages, &Minutes)?;
    let mut racing: Vec<&RiderLine> = ledger.racing().collect();
    racing.sort_by_key(|r| overall_key(r.total_time, &r.places, r.start_number));
    let rows = rider_time_rows(racing.iter().copied());
    let general = led(
        "general",
        sentence("classification-maillot-jaune", "Maillot Jaune (time)"),
        Some(Jersey::Yellow),
        Unit::Time,
        rows,
    );
    Ok(Classifications {
        tables: vec![general],
    })
}

/// A rider's place in the overall order, as a key to sort by (MJ-003: the lowest total time;
/// G-12: then the lower sum of stage places, the better place in the last stage, the start
/// number). The one computation of that order: the standings above, and `carry_over`'s
/// `overall`, from which the next stage dresses the yellow jersey (MJ-040) and starts its round
/// 1 (G-08), both sort by it. `time` is the total in any unit, the same for every rider;
/// `places` the rider's stage places, stage 1 first.
pub fn overall_key(time: i64, places: &[u32], start_number: u32) -> (i64, u32, u32, u32) {
    (
        time,
        places.iter().sum(),
        places.last().copied().unwrap_or(u32::MAX),
        start_number,
    )
}
