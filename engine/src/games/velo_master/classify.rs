//! Velo Master's classifications over a stage race (VM-079…084, VM-142), from the tour's stage
//! results: the Maillot Or (summed time), the Maillot Rouge (summed climber points) and, at Pro
//! with the group on, the team classification.
//!
//! The tour's fold (its ledger) does the bookkeeping every game shares: who started which
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
    Classification, Classifications, Ledger, Outcome, Pricing, RiderLine, Score, StageResult,
    StageTime, StandingRow, TourError, clock_times, rider_points_rows, rider_time_rows,
};
use serde_json::Value;

/// Seconds in one minute of the race clock: the tour's fold counts seconds.
const MINUTE: i64 = 60;

/// The classifications after `stages`, for a tour whose stages start with `options`.
pub fn classifications(
    stages: &[StageResult],
    options: &Value,
) -> Result<Classifications, TourError> {
    let ledger = Ledger::build(stages, &Clock)?;
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
    or.holder = worn
        .or
        .and_then(|r| position(&or.rows, &racing[r as usize].key));

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

/// How Velo Master prices a stage for the tour's ledger: each classified rider's own time on the
/// race clock (VM-078), in stage-place order, with no bonus and no points of the card race's
/// kinds. Its climber points come with the time ([`Outcome::Timed`]) and its team
/// classification is its own (VM-082, A-49), so the ledger's points, mountains, combativity and
/// team stage times stay empty.
#[derive(Debug, Clone, Copy)]
pub struct Clock;

impl Pricing for Clock {
    fn times(&self, stage: &StageResult) -> Vec<StageTime> {
        let stage = own_times(stage);
        clock_times(&stage)
    }

    /// More finishers than any team has: the ledger makes no team stage times for this game,
    /// whose team classification is its own (see the type's comment).
    fn team_counted(&self) -> usize {
        usize::MAX
    }
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
                points: 0,
                bonus_seconds: 0,
            },
            Outcome::Short { .. } => Outcome::Timed {
                minutes: r.cards_played,
                across: false,
                climber_points: 0,
                points: 0,
                bonus_seconds: 0,
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
                // Why a team with less time ranks below the full ones: it is short.
                riders_left: (l.riders < 3).then_some(l.riders as u32),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::{RiderKey, RiderStage, StageKind};
    use serde_json::json;

    /// A rider's stage: (key, team, start number, minutes, climber points, place), `None`
    /// minutes for a rider who abandoned.
    type Line<'a> = (&'a str, &'a str, u32, Option<u32>, u32);

    fn stage(number: u32, lines: &[Line]) -> StageResult {
        let mut timed: Vec<&Line> = lines.iter().filter(|l| l.3.is_some()).collect();
        timed.sort_by_key(|l| l.3);
        StageResult {
            number,
            kind: StageKind::Flat,
            summit_finish: false,
            riders: lines
                .iter()
                .map(|&(key, team, start_number, minutes, points)| RiderStage {
                    rider: RiderKey::new(key),
                    team: team.into(),
                    start_number,
                    cards_played: minutes.unwrap_or(0),
                    outcome: match minutes {
                        Some(minutes) => Outcome::Timed {
                            minutes,
                            across: true,
                            climber_points: points,
                            points: 0,
                            bonus_seconds: 0,
                        },
                        None => Outcome::Abandoned,
                    },
                    place: timed.iter().position(|l| l.0 == key).map(|p| p as u32 + 1),
                    exhaustion_start: 0,
                    exhaustion_end: 0,
                })
                .collect(),
            rejoined: Vec::new(),
            sprints: Vec::new(),
            summits: Vec::new(),
            bonus_seconds: true,
            carry: serde_json::Value::Null,
        }
    }

    fn classify(stages: &[StageResult]) -> Classifications {
        classifications(stages, &json!({"level": "expert"})).unwrap()
    }

    fn riders(c: &Classification) -> Vec<&str> {
        c.rows
            .iter()
            .map(|r| r.rider.as_ref().map_or(r.team.as_str(), |k| k.as_str()))
            .collect()
    }

    fn holder<'a>(c: &'a Classifications, id: &str) -> Option<&'a str> {
        c.get(id)?.holder_row()?.rider.as_ref().map(|k| k.as_str())
    }

    #[test]
    fn vm_079_vm_080_tv_36_or_is_summed_time_and_rouge_summed_points() {
        let stages = [
            stage(
                1,
                &[("A", "X", 1, Some(120), 30), ("B", "Y", 2, Some(118), 20)],
            ),
            stage(
                2,
                &[("A", "X", 1, Some(95), 10), ("B", "Y", 2, Some(99), 25)],
            ),
        ];
        let c = classify(&stages);
        assert_eq!(c.ids(), ["general", "mountains"]);
        let or = c.get("general").unwrap();
        assert_eq!(riders(or), ["A", "B"]);
        assert_eq!(or.rows[0].value, Score::Seconds(215 * 60));
        assert_eq!(or.rows[1].value, Score::Seconds(217 * 60));
        assert_eq!(or.rows[1].gap, Score::Seconds(2 * 60));
        let rouge = c.get("mountains").unwrap();
        assert_eq!(riders(rouge), ["B", "A"]);
        assert_eq!(rouge.rows[0].value, Score::Points(45));
        assert_eq!(rouge.rows[1].value, Score::Points(40));
        assert_eq!(holder(&c, "general"), Some("A"));
        assert_eq!(holder(&c, "mountains"), Some("B"));
        assert_eq!(or.jersey, Some(Jersey::Gold));
        assert_eq!(rouge.jersey, Some(Jersey::Red));
        assert_eq!(or.title.id, "classification-or");
        // After stage 1 alone, A leads the climbers too: see VM-081.
        assert_eq!(holder(&classify(&stages[..1]), "general"), Some("B"));
    }

    #[test]
    fn vm_081_a_45_tv_37_one_jersey_per_rider() {
        let c = classify(&[stage(
            1,
            &[
                ("A", "X", 1, Some(100), 30),
                ("B", "Y", 2, Some(104), 20),
                ("C", "Z", 3, Some(102), 5),
            ],
        )]);
        // A leads both: he keeps the Or; the Rouge goes to the next climber, B.
        assert_eq!(riders(c.get("mountains").unwrap()), ["A", "B", "C"]);
        assert_eq!(holder(&c, "general"), Some("A"));
        assert_eq!(holder(&c, "mountains"), Some("B"));
        assert_eq!(c.get("mountains").unwrap().holder, Some(1));
    }

    #[test]
    fn vm_082_tv_38_ties_are_broken_by_the_other_classification() {
        let c = classify(&[stage(
            1,
            &[
                ("B", "Y", 1, Some(215), 25),
                ("A", "X", 2, Some(215), 40),
                ("D", "W", 3, Some(212), 45),
                ("C", "Z", 4, Some(210), 45),
            ],
        )]);
        // A time tie: more climber points first; a points tie: the lower time first.
        assert_eq!(riders(c.get("general").unwrap()), ["C", "D", "A", "B"]);
        assert_eq!(riders(c.get("mountains").unwrap()), ["C", "D", "A", "B"]);
    }

    #[test]
    fn vm_082_a_46_then_the_teams_two_best_climbers_then_the_last_stage_place() {
        // E and F tie on time and points; F's team has the better two climbers (G).
        let s = stage(
            1,
            &[
                ("E", "X", 1, Some(100), 5),
                ("F", "Y", 2, Some(100), 5),
                ("G", "Y", 3, Some(110), 20),
                ("H", "X", 4, Some(110), 1),
            ],
        );
        let c = classify(std::slice::from_ref(&s));
        assert_eq!(riders(c.get("general").unwrap())[..2], ["F", "E"]);
        // Teams level too: the better place in the last stage (E crossed first).
        let s = stage(
            1,
            &[("E", "X", 2, Some(100), 5), ("F", "Y", 1, Some(100), 5)],
        );
        let mut places = s.clone();
        places.riders[0].place = Some(1);
        places.riders[1].place = Some(2);
        assert_eq!(
            riders(classify(&[places]).get("general").unwrap()),
            ["E", "F"]
        );
    }

    #[test]
    fn vm_084_a_rider_who_abandoned_wears_no_jersey() {
        let stages = [
            stage(
                1,
                &[
                    ("A", "X", 1, Some(90), 40),
                    ("B", "Y", 2, Some(100), 10),
                    ("C", "Y", 3, Some(101), 5),
                ],
            ),
            // A, far ahead on time and points, abandons.
            stage(
                2,
                &[
                    ("A", "X", 1, None, 0),
                    ("B", "Y", 2, Some(100), 0),
                    ("C", "Y", 3, Some(95), 0),
                ],
            ),
        ];
        assert_eq!(holder(&classify(&stages[..1]), "general"), Some("A"));
        let c = classify(&stages);
        assert_eq!(holder(&c, "general"), Some("C"));
        assert_eq!(holder(&c, "mountains"), Some("B"));
        assert!(c.tables.iter().all(|t| !riders(t).contains(&"A")));
    }

    #[test]
    fn vm_142_a_49_tv_40_team_classification_at_pro_three_best_times_no_jersey() {
        let mut lines = Vec::new();
        let times = [("X", [300, 305, 310, 400]), ("Y", [290, 300, 330, 331])];
        let mut n = 0;
        for (team, t) in times {
            for m in t {
                n += 1;
                lines.push((format!("{team}{n}"), team, n, Some(m), 0));
            }
        }
        // Z has two riders left of four.
        for (k, m) in [Some(100), Some(100), None, None].into_iter().enumerate() {
            n += 1;
            lines.push((format!("Z{k}"), "Z", n, m, 0));
        }
        let lines: Vec<Line> = lines
            .iter()
            .map(|(k, t, n, m, p)| (k.as_str(), *t, *n, *m, *p))
            .collect();
        let stages = [stage(1, &lines)];
        let c = classifications(&stages, &json!({"level": "pro"})).unwrap();
        assert_eq!(c.ids(), ["general", "mountains", "team"]);
        let teams = c.get("team").unwrap();
        assert_eq!(riders(teams), ["X", "Y", "Z"]);
        assert_eq!(teams.rows[0].value, Score::Seconds(915 * 60));
        assert_eq!(teams.rows[1].value, Score::Seconds(920 * 60));
        assert_eq!(teams.rows[1].gap, Score::Seconds(5 * 60));
        assert_eq!(
            teams.rows[2].gap,
            Score::Seconds(0),
            "no gap for a short team"
        );
        // the table says why Z, with less time, ranks after the full teams.
        let left: Vec<_> = teams.rows.iter().map(|r| r.riders_left).collect();
        assert_eq!(left, [None, None, Some(2)]);
        // Three riders left make a full team: counted, nothing to say.
        let mut three = lines.clone();
        three.retain(|l| l.0 != "X1");
        let c = classifications(&[stage(1, &three)], &json!({"level": "pro"})).unwrap();
        let teams = c.get("team").unwrap();
        assert_eq!(riders(teams), ["Y", "X", "Z"]);
        let left: Vec<_> = teams.rows.iter().map(|r| r.riders_left).collect();
        assert_eq!(left, [None, None, Some(2)], "X rides on with three");
        assert_eq!(teams.holder, Some(0), "the leading team's line stands out");
        assert_eq!(teams.jersey, None);
        assert_eq!(teams.title.id, "classification-vm-team");
        // Switched off at Pro, or below Pro: no team classification.
        for options in [
            json!({"level": "pro", "team_classification": false}),
            json!({"level": "expert"}),
        ] {
            let c = classifications(&stages, &options).unwrap();
            assert_eq!(c.get("team"), None, "{options}");
        }
    }

    #[test]
    fn vm_085_a_48_a_rider_brought_back_is_credited_the_last_time_plus_one_minute() {
        let mut stages = [
            stage(
                1,
                &[
                    ("A", "X", 1, Some(100), 0),
                    ("B", "Y", 2, Some(110), 0),
                    ("C", "Y", 3, Some(90), 0),
                ],
            ),
            // C wins the summit, then abandons: the points go with the stage he left.
            stage(
                2,
                &[
                    ("A", "X", 1, Some(80), 5),
                    ("B", "Y", 2, Some(85), 0),
                    ("C", "Y", 3, None, 30),
                ],
            ),
            stage(
                3,
                &[
                    ("A", "X", 1, Some(70), 0),
                    ("B", "Y", 2, Some(70), 0),
                    ("C", "Y", 3, Some(60), 0),
                ],
            ),
        ];
        stages[2].rejoined = vec![RiderKey::new("C")];
        let c = classify(&stages);
        let or = c.get("general").unwrap();
        let row = or
            .rows
            .iter()
            .find(|r| r.rider == Some("C".into()))
            .unwrap();
        // Stage 2's last classified rider is B, 85 min: C is credited 86.
        assert_eq!(row.value, Score::Seconds((90 + 86 + 60) * 60));
        assert!(row.reinstated);
        // Brought back, he may lead again: 236 against A's 250.
        assert_eq!(holder(&c, "general"), Some("C"));
        assert_eq!(riders(c.get("mountains").unwrap()), ["A"]);
        // Out of the race before he starts again.
        assert!(!riders(classify(&stages[..2]).get("general").unwrap()).contains(&"C"));
    }

    #[test]
    fn results_stored_before_own_times_are_read_as_their_minutes() {
        // Such a result said "one row past" for every finisher, minutes in `cards_played`.
        let mut s = stage(1, &[("A", "X", 1, Some(57), 0), ("B", "Y", 2, Some(62), 0)]);
        for r in &mut s.riders {
            r.outcome = Outcome::Crossed { rows_past: 1 };
        }
        let json = serde_json::to_string(&s).unwrap();
        let back: StageResult = serde_json::from_str(&json).unwrap();
        let c = classify(&[back]);
        let or = c.get("general").unwrap();
        assert_eq!(riders(or), ["A", "B"]);
        assert_eq!(or.rows[0].value, Score::Seconds(57 * 60));
        assert_eq!(or.rows[1].gap, Score::Seconds(5 * 60));
    }
}
