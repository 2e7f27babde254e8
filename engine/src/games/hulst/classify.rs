//! Hulst's tour classifications (TUSSENKLASSEMENT, EINDKLASSEMENT; HT-063…HT-069): the yellow
//! jersey on time with the bonus seconds off (HT-058), the points classification of the teams
//! (11 minus the place plus the sprint points, HT-060, HT-061), the teams on time (G-30: the
//! three riders' times, bonus seconds off) and the final score: the team's points plus 40 / 15
//! / 5 for the three fastest teams and 15 / 10 / 5 for the owners of the three fastest riders
//! (HT-067). Computed from the stage results alone.

use super::tables::{RIDER_TIME_BONUS, TEAM_TIME_BONUS};
use crate::tour::classifications::{Classification, Classifications, Jersey, Unit, led, sentence};
use crate::tour::standing::{Score, StandingRow, time_rows};
use crate::tour::{Award, Outcome, Pricing, RiderKey, StageResult, StageTime, TourError};
use serde_json::Value;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default)]
struct Line {
    key: String,
    team: String,
    start_number: u32,
    time: i64,
    points: u32,
    places: Vec<u32>,
    stage_wins: u32,
}

#[derive(Debug, Clone)]
struct Team {
    name: String,
    time: i64,
    best: i64,
    points: u32,
    wins: u32,
}

fn lines(stages: &[StageResult]) -> Vec<Line> {
    let mut by: BTreeMap<String, Line> = BTreeMap::new();
    for stage in stages {
        for r in &stage.riders {
            let line = by.entry(r.rider.0.clone()).or_insert_with(|| Line {
                key: r.rider.0.clone(),
                team: r.team.clone(),
                start_number: r.start_number,
                ..Line::default()
            });
            if let Outcome::Timed {
                minutes,
                points,
                bonus_seconds,
                ..
            } = r.outcome
            {
                line.time += i64::from(minutes) - i64::from(bonus_seconds);
                line.points += points;
            }
            if let Some(p) = r.place {
                line.places.push(p);
                if p == 1 {
                    line.stage_wins += 1;
                }
            }
        }
    }
    by.into_values().collect()
}

/// The riders by classification time; G-29: then the better place in the last stage, the lower
/// sum of places, the start number.
fn yellow_order(lines: &[Line]) -> Vec<&Line> {
    let mut v: Vec<&Line> = lines.iter().collect();
    v.sort_by_key(|l| {
        (
            l.time,
            l.places.last().copied().unwrap_or(u32::MAX),
            l.places.iter().sum::<u32>(),
            l.start_number,
        )
    });
    v
}

fn teams(lines: &[Line]) -> Vec<Team> {
    let mut by: BTreeMap<String, Team> = BTreeMap::new();
    for l in lines {
        let t = by.entry(l.team.clone()).or_insert_with(|| Team {
            name: l.team.clone(),
            time: 0,
            best: i64::MAX,
            points: 0,
            wins: 0,
        });
        t.time += l.time;
        t.best = t.best.min(l.time);
        t.points += l.points;
        t.wins += l.stage_wins;
    }
    by.into_values().collect()
}

fn team_points_rows(rows: Vec<(String, u32)>) -> Vec<StandingRow> {
    let leader = rows.first().map_or(0, |r| r.1);
    rows.into_iter()
        .enumerate()
        .map(|(i, (team, points))| StandingRow {
            rank: i as u32 + 1,
            rider: None,
            start_number: None,
            team,
            value: Score::Points(points),
            gap: Score::Points(leader - points),
            reinstated: false,
            riders_left: None,
        })
        .collect()
}

/// The final score of each team (HT-066…HT-069), best first.
pub fn final_scores(stages: &[StageResult]) -> Vec<(String, u32)> {
    let lines = lines(stages);
    let yellow = yellow_order(&lines);
    let mut by_time = teams(&lines);
    // G-29: team time, then the better best rider.
    by_time.sort_by_key(|t| (t.time, t.best, t.name.clone()));
    let mut scored: Vec<(String, u32, i64, u32)> = by_time
        .iter()
        .enumerate()
        .map(|(rank, t)| {
            let mut score = t.points + TEAM_TIME_BONUS.get(rank).copied().unwrap_or(0);
            for (k, l) in yellow.iter().take(RIDER_TIME_BONUS.len()).enumerate() {
                if l.team == t.name {
                    score += RIDER_TIME_BONUS[k];
                }
            }
            (t.name.clone(), score, t.time, t.wins)
        })
        .collect();
    // G-29: the higher score, then the lower team time, then more stage wins.
    scored.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)).then(b.3.cmp(&a.3)));
    scored.into_iter().map(|(n, s, _, _)| (n, s)).collect()
}

pub fn classifications(
    stages: &[StageResult],
    _options: &Value,
) -> Result<Classifications, TourError> {
    let lines = lines(stages);
    let yellow = yellow_order(&lines);
    let general = led(
        "general",
        sentence("classification-hulst-yellow", "Yellow jersey"),
        Some(Jersey::Yellow),
        Unit::Time,
        time_rows(yellow.iter().map(|l| {
            (
                Some(RiderKey::new(l.key.clone())),
                Some(l.start_number),
                l.team.clone(),
                l.time,
            )
        })),
    );
    let mut by_points = teams(&lines);
    by_points.sort_by(|a, b| b.points.cmp(&a.points).then(a.time.cmp(&b.time)));
    let points = led(
        "points",
        sentence("classification-hulst-points", "Points"),
        None,
        Unit::Points,
        team_points_rows(
            by_points
                .iter()
                .map(|t| (t.name.clone(), t.points))
                .collect(),
        ),
    );
    let mut by_time = teams(&lines);
    by_time.sort_by_key(|t| (t.time, t.best, t.name.clone()));
    let team = led(
        "team",
        sentence("classification-hulst-team", "Teams on time"),
        None,
        Unit::Time,
        time_rows(by_time.iter().map(|t| (None, None, t.name.clone(), t.time))),
    );
    let score = led(
        "final",
        sentence("classification-hulst-final", "Final score"),
        None,
        Unit::Points,
        team_points_rows(final_scores(stages)),
    );
    let _: &[Classification] = &[];
    Ok(Classifications {
        tables: vec![general, points, team, score],
    })
}

/// How a Hulst stage is priced for the tour's shared ledger and the stage's result as the bot
/// tells it: the seconds ridden (HT-050, HT-054), the bonus seconds won at sprints off them for
/// the classifications (HT-058, HT-059), the stage's points (HT-061) and the three riders of a
/// team for its time (G-30).
#[derive(Debug)]
pub struct Seconds;

pub static PRICING: Seconds = Seconds;

impl Pricing for Seconds {
    fn times(&self, stage: &StageResult) -> Vec<StageTime> {
        let mut times: Vec<StageTime> = stage
            .riders
            .iter()
            .filter_map(|r| {
                let Outcome::Timed {
                    minutes: seconds,
                    bonus_seconds,
                    ..
                } = r.outcome
                else {
                    return None;
                };
                let ridden = i64::from(seconds);
                Some(StageTime {
                    rider: r.rider.clone(),
                    team: r.team.clone(),
                    place: r.place?,
                    ridden,
                    finish_bonus: 0,
                    sprint_bonus: bonus_seconds,
                    time: ridden - i64::from(bonus_seconds),
                })
            })
            .collect();
        times.sort_by_key(|t| t.place);
        times
    }

    fn points(&self, stage: &StageResult) -> Vec<Award> {
        stage
            .riders
            .iter()
            .filter_map(|r| match r.outcome {
                Outcome::Timed { points, .. } if points > 0 => Some(Award {
                    rider: r.rider.clone(),
                    points,
                    at: "finish".into(),
                }),
                _ => None,
            })
            .collect()
    }

    fn team_counted(&self) -> usize {
        super::tables::TEAM_SIZE
    }
}
