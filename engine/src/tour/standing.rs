//! One line of a classification, ready for the standings message or picture.

use super::ledger::RiderLine;
use super::result::RiderKey;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a classification counts: a time (lower is better) or points (higher is better).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    Seconds(i64),
    Points(u32),
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Seconds(s) => f.write_str(&format_time(*s)),
            Score::Points(1) => f.write_str("1 pt"),
            Score::Points(p) => write!(f, "{p} pts"),
        }
    }
}

/// Points won at one line of one stage: the stage's own awards, for narration and audit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Award {
    pub rider: RiderKey,
    pub points: u32,
    /// The sprint or summit's name, or `finish` for the finish line.
    pub at: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingRow {
    /// 1 for the leader. Every tie is broken (QX-09), so ranks are 1, 2, 3… with no repeats.
    pub rank: u32,
    /// The rider; `None` in the team classification.
    pub rider: Option<RiderKey>,
    /// The rider's start number; `None` in the team classification.
    pub start_number: Option<u32>,
    pub team: String,
    pub value: Score,
    /// How far behind the leader, in the same unit: seconds more, or points fewer. 0 for the
    /// leader and for riders tied with it.
    pub gap: Score,
    /// The rider was brought back by a repêchage vote (VM-085): its time holds a credited
    /// stage, which readers should be told. Always false for a team.
    #[serde(default)]
    pub reinstated: bool,
    /// A team ranked after the full teams because it has fewer riders left than the table
    /// counts (Velo Master's team classification, A-49): how many it has left. `None` for a
    /// rider and for a full team.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub riders_left: Option<u32>,
}

impl StandingRow {
    /// The gap as the standings print it: empty for the leader, `+0:25` or `-3 pts` otherwise.
    pub fn gap_text(&self) -> String {
        match self.gap {
            Score::Seconds(0) | Score::Points(0) => String::new(),
            Score::Seconds(s) => format!("+{}", format_time(s)),
            // "-1 pts" read as a negative score: say how far behind, in the right number.
            Score::Points(1) => "1 pt behind".to_string(),
            Score::Points(p) => format!("{p} pts behind"),
        }
    }
}

/// The rows of a riders' time classification (general, youth), from riders already in order.
pub(crate) fn rider_time_rows<'a>(
    riders: impl IntoIterator<Item = &'a RiderLine>,
) -> Vec<StandingRow> {
    let riders: Vec<&RiderLine> = riders.into_iter().collect();
    let rows = time_rows(riders.iter().map(|r| {
        (
            Some(r.key.clone()),
            Some(r.start_number),
            r.team.clone(),
            r.total_time,
        )
    }));
    mark_reinstated(rows, &riders)
}

/// The rows of a riders' points classification, from riders already in order with their points.
pub(crate) fn rider_points_rows<'a>(
    riders: impl IntoIterator<Item = (&'a RiderLine, u32)>,
) -> Vec<StandingRow> {
    let (riders, points): (Vec<&RiderLine>, Vec<u32>) = riders.into_iter().unzip();
    let rows = points_rows(
        riders
            .iter()
            .zip(points)
            .map(|(r, p)| (r.key.clone(), r.start_number, r.team.clone(), p)),
    );
    mark_reinstated(rows, &riders)
}

fn mark_reinstated(mut rows: Vec<StandingRow>, riders: &[&RiderLine]) -> Vec<StandingRow> {
    for (row, r) in rows.iter_mut().zip(riders) {
        row.reinstated = r.reinstated;
    }
    rows
}

/// Builds the rows of a time classification from lines already in classification order.
pub(crate) fn time_rows<I>(lines: I) -> Vec<StandingRow>
where
    I: IntoIterator<Item = (Option<RiderKey>, Option<u32>, String, i64)>,
{
    let mut rows = Vec::new();
    let mut leader = 0;
    for (i, (rider, start_number, team, seconds)) in lines.into_iter().enumerate() {
        if i == 0 {
            leader = seconds;
        }
        rows.push(StandingRow {
            rank: i as u32 + 1,
            rider,
            start_number,
            team,
            value: Score::Seconds(seconds),
            gap: Score::Seconds(seconds - leader),
            reinstated: false,
            riders_left: None,
        });
    }
    rows
}

/// Builds the rows of a points classification from lines already in classification order.
pub(crate) fn points_rows<I>(lines: I) -> Vec<StandingRow>
where
    I: IntoIterator<Item = (RiderKey, u32, String, u32)>,
{
    let mut rows = Vec::new();
    let mut leader = 0;
    for (i, (rider, start_number, team, points)) in lines.into_iter().enumerate() {
        if i == 0 {
            leader = points;
        }
        rows.push(StandingRow {
            rank: i as u32 + 1,
            rider: Some(rider),
            start_number: Some(start_number),
            team,
            value: Score::Points(points),
            gap: Score::Points(leader - points),
            reinstated: false,
            riders_left: None,
        });
    }
    rows
}

/// A time as the standings print it: `m:ss` under an hour, `h:mm:ss` from an hour on.
pub fn format_time(seconds: i64) -> String {
    let sign = if seconds < 0 { "-" } else { "" };
    let s = seconds.unsigned_abs();
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{sign}{h}:{m:02}:{s:02}")
    } else {
        format!("{sign}{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_carry_rank_value_and_gap_to_the_leader() {
        let rows = time_rows([
            (Some("a".into()), Some(1), "Red".into(), 1035),
            (Some("b".into()), Some(2), "Blue".into(), 1060),
        ]);
        assert_eq!(rows[1].rank, 2);
        assert_eq!(rows[1].gap, Score::Seconds(25));
        assert_eq!(rows[0].gap_text(), "");
        assert_eq!(rows[1].gap_text(), "+0:25");
        assert_eq!(rows[1].value.to_string(), "17:40");

        let rows = points_rows([
            ("a".into(), 1, "Red".into(), 9),
            ("b".into(), 2, "Blue".into(), 1),
        ]);
        assert_eq!(rows[1].gap, Score::Points(8));
        assert_eq!(rows[1].gap_text(), "8 pts behind");
        assert_eq!(rows[1].value.to_string(), "1 pt");
        assert_eq!(rows[0].value.to_string(), "9 pts");
    }
}
