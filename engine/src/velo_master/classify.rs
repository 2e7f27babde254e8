//! Velo Master's classifications over a stage race (VM-079…084, VM-142), from the tour's stage
//! results: the Maillot Or (summed time), the Maillot Rouge (summed climber points) and, at Pro
//! with the group on, the team classification.
//!
//! The tour's fold ([`Ledger`]) does the bookkeeping every game shares: who started which
//! stage, who left (VM-087) and who a repêchage brought back (VM-085). A Velo Master stage
//! reports each rider's own time in minutes ([`Outcome::Timed`]), which the fold adds up as
//! minutes × 60 seconds, so the repêchage's credit for a stage not finished, "the last
//! classified rider's time plus one minute" (A-48), is already the rule's in this game's unit;
//! the rider keeps the summit points of the stages he finished, and those alone (the stage he
//! abandoned pays him nothing, as in every game of the tour). The orders and the jerseys are
//! `finish`'s: [`time_order`], [`climber_order`], [`jerseys`], [`team_classification`].

use super::finish::{Totals, climber_order, jerseys, team_classification, time_order};
use super::options::Options;
use crate::tour::classifications::{Jersey, Unit, led, sentence};
use crate::tour::{
    Classification, Classifications, Ledger, Outcome, RiderLine, Score, StageResult,
    StandingRow, TourError, TourOptions, rider_points_rows, rider_time_rows,
};
use serde_json::Value;

/// Seconds in one minute of the race clock: the tour's fold counts seconds.
const MINUTE: i64 = 60;

/// The classifications after `stages`, for a tour whose stages start with `options`.
pub fn classifications(stages: &[StageResult], options: &Value) -> Result<Classifications, TourError> {
    let stages: Vec<StageResult> = stages.iter().map(own_times).collect();
    let ledger = Ledger::build(&stages, &TourOptions::default())?;
    // A-46 ends in a d20 roll-off, which a pure function of the results cannot roll: the lower
    // start number stands in for it (riders enter the orders sorted by it, the sorts are stable).
    let mut racing: Vec<&RiderLine> = ledger.racing().collect();
    racing.sort_by_key(|r| r.start_number);
    let totals: Vec<Totals> = racing
        .iter()
        .enumerate()
        .map(|(i, r)| Totals {
            rider: i as u8,
            time: minutes(r.total_time),
            points: r.climber_points,
            last_place: r.places.last().copied().unwrap_or(u32::MAX),
            // VM-084: a rider who abandoned has left the tour (the fold keeps him out of every
            // classification), so he can wear no jersey.
            abandoned: false,
            team_best_points: team_best_points(&ledger, &r.team),
        })
        .collect();
    let worn = jerseys(&totals);

    let or = rider_time_rows(time_order(&totals).iter().map(|&i| racing[i as usize]));
    let mut or = led(
        "general",
        sentence("classification-or", "Maillot Or (time)"),
        Some(Jersey::Gold),
        Unit::Time,
        or,
    );
    or.holder = worn.or.and_then(|r| position(&or.rows, &racing[r as usize].key));

    // The climber classification lists the riders who scored, as the card race's mountains do.
    let scored: Vec<u8> = climber_order(&totals)
        .into_iter()
        .filter(|&i| totals[i as usize].points > 0)
        .collect();
    let rows = rider_points_rows(
        scored
            .iter()
            .map(|&i| (racing[i as usize], totals[i as usize].points)),
    );
    let mut rouge = led(
        "mountains",
        sentence("classification-rouge", "Maillot Rouge (climbers)"),
        Some(Jersey::Red),
        Unit::Points,
        rows,
    );
    // VM-081, A-45: the leader of both keeps the Or; the Rouge goes down the climbers.
    rouge.holder = worn
        .rouge
        .and_then(|r| position(&rouge.rows, &racing[r as usize].key));

    let mut tables = vec![or, rouge];
    let o = Options::from_json(options).unwrap_or_default();
    if o.pro(o.team_classification) {
        tables.push(teams(&ledger));
    }
    Ok(Classifications { tables })
}

/// A stage as this game's classifications read it. Results stored before Velo Master reported
/// its own times said "one row past the line" for every finisher and kept the minutes in
/// `cards_played`: they are read as those minutes (with no climber points, which they did not
/// keep).
fn own_times(stage: &StageResult) -> StageResult {
    let mut stage = stage.clone();
    for r in &mut stage.riders {
        r.outcome = match &r.outcome {
            Outcome::Crossed { .. } => Outcome::Timed {
                minutes: r.cards_played,
                across: true,
                climber_points: 0,
            },
            Outcome::Short { .. } => Outcome::Timed {
                minutes: r.cards_played,
                across: false,
                climber_points: 0,
            },
            other => other.clone(),
        };
    }
    stage
}

fn minutes(seconds: i64) -> u32 {
    (seconds / MINUTE).max(0) as u32
}

fn position(rows: &[StandingRow], key: &crate::tour::RiderKey) -> Option<usize> {
    rows.iter().position(|row| row.rider.as_ref() == Some(key))
}

/// VM-082: the climber points of the two best climbers of a team.
fn team_best_points(ledger: &Ledger, team: &str) -> u32 {
    let mut points: Vec<u32> = ledger
        .riders
        .iter()
        .filter(|r| r.team == team)
        .map(|r| r.climber_points)
        .collect();
    points.sort_unstable_by(|a, b| b.cmp(a));
    points.iter().take(2).sum()
}

/// VM-142, A-49: the teams by their three best cumulative times; no jersey.
fn teams(ledger: &Ledger) -> Classification {
    let riders: Vec<(u8, u32, bool)> = ledger
        .riders
        .iter()
        .map(|r| {
            let seat = ledger.teams.iter().position(|t| *t == r.team).unwrap_or(0);
            (seat as u8, minutes(r.total_time), !r.racing)
        })
        .collect();
    // A team with nobody left is not classified.
    let lines: Vec<_> = team_classification(&riders)
        .into_iter()
        .filter(|l| l.riders > 0)
        .collect();
    let leader = lines.first().map_or(0, |l| l.time);
    let rows = lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let value = i64::from(l.time) * MINUTE;
            // A team with fewer than three riders left ranks after the full ones whatever its
            // sum: a gap to the leader would read as a lead, so it shows none.
            let gap = if l.riders >= 3 {
                value - i64::from(leader) * MINUTE
            } else {
                0
            };
            StandingRow {
                rank: i as u32 + 1,
                rider: None,
                start_number: None,
                team: ledger.teams[l.team as usize].clone(),
                value: Score::Seconds(value),
                gap: Score::Seconds(gap),
                reinstated: false,
            }
        })
        .collect();
    led(
        "team",
        sentence("classification-vm-team", "Teams (three best times)"),
        None,
        Unit::Time,
        rows,
    )
}
