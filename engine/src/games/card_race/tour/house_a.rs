//! House rules A's jerseys (seed 001, "Règles des différents maillots"; HA-057…HA-066, tables A3
//! and A4, rulings QA-29…QA-31, QX-09; test vectors TV-13, TV-14, TV-17). A tour chooses them
//! with the options `points`, `mountains` and `combativity` = `"house-a"` (see
//! [`super::classifications::card_race`]); house rules B's tables stay the default.
//!
//! - Points (Table A3): every intermediate sprint pays 2, 1; the finish pays by the stage's type:
//!   flat 5, 3, 2, 1; hilly 3, 2, 1; mountain 2, 1; time trial 2, 1 (by time). A finish at the top
//!   of the last climb (the uphill finish tile U) pays only 1, to the winner, whatever the type:
//!   the table's blank cells are read as the flat column's merged cells (QA-29). Ties: stage
//!   wins, then second places, and so on, then the general classification (HA-059).
//! - Mountains (Table A4): a climb's category follows its length: under 5 rows Cat 3 (1), 5–6
//!   Cat 2 (2, 1), 7–8 Cat 1 (3, 2, 1), over 8 HC (5, 3, 2, 1); the climb of a summit finish pays
//!   the larger scale (3, 1; 4, 2; 5, 3, 1; 7, 4, 2, 1). Ties: summits crossed first by category,
//!   HC first, then second places by category, then the general classification (HA-062, QA-30).
//! - Combativity: after every round the rider at the head of the race takes a token (the stage
//!   counts them, a road stage only); the stage's point goes to the most tokens; on a tie, to a
//!   tied rider who started in the breakaway, else (or among several) the best stage place
//!   (HA-063…HA-065, QA-31). The tour ranks points, then total tokens, then the general
//!   classification (HA-066).
//!
//! What the stage hands these tables rides in [`StageResult::carry`] under [`CARRY_KEY`]: the
//! stage's type by its climbs (HA-001), the tokens and the breakaway. A result without it (a
//! stage of another ruleset, or house rules A's stage types off) is typed by its `kind` and
//! gives no tokens.

use super::grand_tour::TourOptions;
use crate::tour::error::TourError;
use crate::tour::ledger::RiderLine;
use crate::tour::result::{Outcome, RiderKey, StageKind, StageResult};
use crate::tour::standing::{Award, StandingRow, rider_points_rows};
use crate::tour::tiebreak::countback;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::collections::HashMap;

/// Where a card-race stage's result keeps what house rules A's jerseys need.
pub const CARRY_KEY: &str = "jerseys_a";

/// What a stage hands house rules A's jerseys.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StageJerseys {
    /// The stage's type by its climbs (HA-001); a time trial stays a time trial.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage_type: Option<StageKind>,
    /// Combativity tokens won (HA-063), riders without any left out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tokens: Vec<(RiderKey, u32)>,
    /// Riders who started the stage in the breakaway (HA-065).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub breakaway: Vec<RiderKey>,
}

impl StageJerseys {
    /// What `stage` handed on; nothing when it handed nothing readable (the card race writes it
    /// itself, so there is nothing a player could have got wrong).
    pub fn of(stage: &StageResult) -> StageJerseys {
        stage
            .carry
            .get(CARRY_KEY)
            .and_then(|v| serde_json::from_value(v.clone()).ok())
            .unwrap_or_default()
    }

    fn kind(&self, stage: &StageResult) -> StageKind {
        if stage.kind.is_time_trial() {
            return stage.kind;
        }
        self.stage_type.unwrap_or(stage.kind)
    }
}

/// Table A3 (HA-057): an intermediate sprint.
pub const SPRINT: [u32; 2] = [2, 1];
/// Table A3 (HA-058): a finish on the uphill tile U.
pub const UPHILL_FINISH: [u32; 1] = [1];

/// Table A3 (HA-057): the finish by stage type.
pub fn finish_scale(kind: StageKind) -> &'static [u32] {
    match kind {
        StageKind::Flat => &[5, 3, 2, 1],
        StageKind::Hilly => &[3, 2, 1],
        StageKind::Mountain | StageKind::TimeTrial | StageKind::TeamTimeTrial => &[2, 1],
    }
}

/// A climb's category by its length (Table A4, HA-060).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Category {
    /// Hors catégorie: first in the tie-break (HA-062).
    Hc,
    Cat1,
    Cat2,
    Cat3,
}

impl Category {
    pub fn of(length: u16) -> Category {
        match length {
            0..=4 => Category::Cat3,
            5..=6 => Category::Cat2,
            7..=8 => Category::Cat1,
            _ => Category::Hc,
        }
    }

    /// The points to the first riders over the summit (HA-060), or over a summit finish
    /// (HA-061).
    pub fn scale(self, summit_finish: bool) -> &'static [u32] {
        match (self, summit_finish) {
            (Category::Cat3, false) => &[1],
            (Category::Cat3, true) => &[3, 1],
            (Category::Cat2, false) => &[2, 1],
            (Category::Cat2, true) => &[4, 2],
            (Category::Cat1, false) => &[3, 2, 1],
            (Category::Cat1, true) => &[5, 3, 1],
            (Category::Hc, false) => &[5, 3, 2, 1],
            (Category::Hc, true) => &[7, 4, 2, 1],
        }
    }
}

fn pay(order: &[RiderKey], scale: &[u32], at: &str) -> Vec<Award> {
    order
        .iter()
        .zip(scale)
        .map(|(rider, &points)| Award {
            rider: rider.clone(),
            points,
            at: at.to_owned(),
        })
        .collect()
}

/// The points one stage pays under Table A3, sprints in course order, the finish last.
pub fn stage_points(stage: &StageResult) -> Vec<Award> {
    let kind = StageJerseys::of(stage).kind(stage);
    let mut awards: Vec<Award> = stage
        .sprints
        .iter()
        .flat_map(|s| pay(&s.order, &SPRINT, &s.name))
        .collect();
    let mut placed: Vec<(u32, &RiderKey)> = stage
        .riders
        .iter()
        .filter(|r| kind.is_time_trial() || matches!(r.outcome, Outcome::Crossed { .. }))
        .filter_map(|r| Some((r.place?, &r.rider)))
        .collect();
    placed.sort_unstable_by_key(|&(place, _)| place);
    let order: Vec<RiderKey> = placed.into_iter().map(|(_, r)| r.clone()).collect();
    let scale = if stage.summit_finish && !kind.is_time_trial() {
        &UPHILL_FINISH[..]
    } else {
        finish_scale(kind)
    };
    awards.extend(pay(&order, scale, super::grand_tour::FINISH));
    awards
}

/// The mountain points one stage pays under Table A4, summit by summit: each award with its
/// climb's category and the place over the summit (0 for the first).
pub fn stage_mountains(stage: &StageResult) -> Vec<(Award, Category, usize)> {
    let last = stage.summits.len().saturating_sub(1);
    let mut out = Vec::new();
    for (i, summit) in stage.summits.iter().enumerate() {
        let category = Category::of(summit.length);
        let scale = category.scale(stage.summit_finish && i == last);
        for (place, award) in pay(&summit.order, scale, &summit.name)
            .into_iter()
            .enumerate()
        {
            out.push((award, category, place));
        }
    }
    out
}

/// Who takes the stage's combativity point (HA-064, HA-065), if anyone took a token.
pub fn stage_combativity(stage: &StageResult) -> Option<RiderKey> {
    let jerseys = StageJerseys::of(stage);
    let place = |key: &RiderKey| {
        stage
            .riders
            .iter()
            .find(|r| &r.rider == key)
            .and_then(|r| r.place)
    };
    let most = jerseys
        .tokens
        .iter()
        .filter(|(k, _)| place(k).is_some())
        .map(|&(_, n)| n)
        .max()
        .filter(|&n| n > 0)?;
    let tied: Vec<&RiderKey> = jerseys
        .tokens
        .iter()
        .filter(|(k, n)| *n == most && place(k).is_some())
        .map(|(k, _)| k)
        .collect();
    let away: Vec<&RiderKey> = tied
        .iter()
        .copied()
        .filter(|k| jerseys.breakaway.contains(k))
        .collect();
    let pool = if away.is_empty() { tied } else { away };
    pool.into_iter().min_by_key(|k| place(k)).cloned()
}

/// One rider's house-A totals over the tour.
#[derive(Debug, Clone, Default)]
struct Totals {
    points: u32,
    mountains: u32,
    /// Per place over a summit (first, second, …), per category (HC first): the count.
    summits: Vec<[u32; 4]>,
    combativity: u32,
    tokens: u32,
}

fn totals(stages: &[StageResult]) -> HashMap<RiderKey, Totals> {
    let mut t: HashMap<RiderKey, Totals> = HashMap::new();
    for stage in stages {
        for a in stage_points(stage) {
            t.entry(a.rider).or_default().points += a.points;
        }
        for (a, category, place) in stage_mountains(stage) {
            let line = t.entry(a.rider).or_default();
            line.mountains += a.points;
            if line.summits.len() <= place {
                line.summits.resize(place + 1, [0; 4]);
            }
            line.summits[place][category as usize] += 1;
        }
        for (rider, n) in StageJerseys::of(stage).tokens {
            t.entry(rider).or_default().tokens += n;
        }
        if let Some(rider) = stage_combativity(stage) {
            t.entry(rider).or_default().combativity += 1;
        }
    }
    t
}

/// More first places over summits by category, HC first, then second places… (HA-062).
fn summit_countback(a: &[[u32; 4]], b: &[[u32; 4]]) -> Ordering {
    let places = a.len().max(b.len());
    for p in 0..places {
        let x = a.get(p).copied().unwrap_or([0; 4]);
        let y = b.get(p).copied().unwrap_or([0; 4]);
        for c in 0..4 {
            match y[c].cmp(&x[c]) {
                Ordering::Equal => {}
                other => return other,
            }
        }
    }
    Ordering::Equal
}

/// House rules A's three jersey tables after the given stages: points, mountains, combativity.
pub struct Tables {
    pub points: Vec<StandingRow>,
    pub mountains: Vec<StandingRow>,
    pub combativity: Vec<StandingRow>,
}

pub fn tables(stages: &[StageResult], options: &TourOptions) -> Result<Tables, TourError> {
    let ledger = super::grand_tour::ledger(stages, options)?;
    let t = totals(stages);
    let none = Totals::default();
    let of = |r: &RiderLine| t.get(&r.key).unwrap_or(&none);
    let ranked = |score: &dyn Fn(&RiderLine) -> u32,
                  tie: &dyn Fn(&RiderLine, &RiderLine) -> Ordering| {
        let mut scored: Vec<&RiderLine> = ledger.racing().filter(|r| score(r) > 0).collect();
        scored.sort_by(|a, b| {
            score(b)
                .cmp(&score(a))
                .then_with(|| tie(a, b))
                .then(a.gc_rank.cmp(&b.gc_rank))
                .then(a.start_number.cmp(&b.start_number))
        });
        rider_points_rows(scored.into_iter().map(|r| (r, score(r))))
    };
    Ok(Tables {
        points: ranked(&|r| of(r).points, &|a, b| countback(&a.places, &b.places)),
        mountains: ranked(&|r| of(r).mountains, &|a, b| {
            summit_countback(&of(a).summits, &of(b).summits)
        }),
        combativity: ranked(&|r| of(r).combativity, &|a, b| {
            of(b).tokens.cmp(&of(a).tokens)
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::fixtures::*;
    use crate::tour::result::{LineResult, SummitResult};
    use serde_json::json;

    fn paid(awards: &[Award]) -> Vec<(&str, u32)> {
        awards
            .iter()
            .map(|a| (a.rider.as_str(), a.points))
            .collect()
    }

    /// Five riders R1…R5 all across, in that order.
    fn stage(number: u32, kind: StageKind, order: &[&str]) -> StageResult {
        let mut s = tv15_stage();
        s.number = number;
        s.kind = kind;
        for r in &mut s.riders {
            r.outcome = Outcome::Crossed { rows_past: 1 };
            let place = order.iter().position(|&o| o == r.rider.as_str()).unwrap();
            r.place = Some(place as u32 + 1);
        }
        s
    }

    #[test]
    fn ha_057_tv_13_finish_points_by_stage_type() {
        let order = ["R1", "R2", "R3", "R4", "R5"];
        let finish = |kind| {
            let a = stage_points(&stage(1, kind, &order));
            a.iter().map(|a| a.points).collect::<Vec<_>>()
        };
        assert_eq!(finish(StageKind::Flat), [5, 3, 2, 1]);
        assert_eq!(finish(StageKind::Hilly), [3, 2, 1]);
        assert_eq!(finish(StageKind::Mountain), [2, 1]);
        assert_eq!(finish(StageKind::TimeTrial), [2, 1]);
        // The stage's type by its climbs (HA-001) wins over the plan's kind.
        let mut s = stage(1, StageKind::Flat, &order);
        s.carry = json!({ CARRY_KEY: { "stage_type": "mountain" } });
        assert_eq!(paid(&stage_points(&s)), [("R1", 2), ("R2", 1)]);
    }

    #[test]
    fn ha_057_qa_29_tv_13_sprints_pay_2_1_on_every_type() {
        for kind in [StageKind::Flat, StageKind::Hilly, StageKind::Mountain] {
            let mut s = stage(1, kind, &["R1", "R2", "R3", "R4", "R5"]);
            s.sprints.push(LineResult {
                name: "Km 40".into(),
                order: keys(&["R4", "R5", "R1"]),
            });
            assert_eq!(paid(&stage_points(&s))[..2], [("R4", 2), ("R5", 1)]);
        }
    }

    #[test]
    fn ha_058_qa_29_tv_13_an_uphill_finish_pays_1_to_the_winner() {
        for kind in [StageKind::Flat, StageKind::Hilly, StageKind::Mountain] {
            let mut s = stage(1, kind, &["R3", "R1", "R2", "R4", "R5"]);
            s.summit_finish = true;
            assert_eq!(paid(&stage_points(&s)), [("R3", 1)]);
        }
    }

    #[test]
    fn ha_060_ha_061_tv_14_climbs_by_length() {
        let cases: [(u16, &[u32], &[u32]); 10] = [
            (1, &[1], &[3, 1]),
            (2, &[1], &[3, 1]),
            (4, &[1], &[3, 1]),
            (5, &[2, 1], &[4, 2]),
            (6, &[2, 1], &[4, 2]),
            (7, &[3, 2, 1], &[5, 3, 1]),
            (8, &[3, 2, 1], &[5, 3, 1]),
            (9, &[5, 3, 2, 1], &[7, 4, 2, 1]),
            (12, &[5, 3, 2, 1], &[7, 4, 2, 1]),
            (13, &[5, 3, 2, 1], &[7, 4, 2, 1]),
        ];
        for (length, road, top) in cases {
            let mut s = stage(1, StageKind::Mountain, &["R1", "R2", "R3", "R4", "R5"]);
            s.summits.push(SummitResult {
                name: "Col".into(),
                length,
                steep: false,
                order: keys(&["R1", "R2", "R3", "R4", "R5"]),
            });
            let pts = |s: &StageResult| -> Vec<u32> {
                stage_mountains(s)
                    .iter()
                    .map(|(a, _, _)| a.points)
                    .collect()
            };
            assert_eq!(pts(&s), road, "length {length}");
            s.summit_finish = true;
            assert_eq!(pts(&s), top, "length {length}, summit finish");
        }
    }

    #[test]
    fn ha_060_ha_061_tv_14_la_haute_montagne() {
        // Climbs of 7 and 12 rows, the second a summit finish: 3, 2, 1 and 7, 4, 2, 1.
        let mut s = stage(1, StageKind::Mountain, &["R1", "R2", "R3", "R4", "R5"]);
        s.summit_finish = true;
        for (name, length) in [("Col", 7), ("Top", 12)] {
            s.summits.push(SummitResult {
                name: name.into(),
                length,
                steep: false,
                order: keys(&["R1", "R2", "R3", "R4", "R5"]),
            });
        }
        let pts: Vec<u32> = stage_mountains(&s)
            .iter()
            .map(|(a, _, _)| a.points)
            .collect();
        assert_eq!(pts, [3, 2, 1, 7, 4, 2, 1]);
    }

    fn tokens(stage: &mut StageResult, tokens: &[(&str, u32)], breakaway: &[&str]) {
        stage.carry = json!({ CARRY_KEY: {
            "tokens": tokens.iter().map(|&(k, n)| (k, n)).collect::<Vec<_>>(),
            "breakaway": breakaway,
        }});
    }

    #[test]
    fn ha_063_ha_064_ha_065_tv_17_the_breakaway_takes_the_tied_point() {
        // X = R5 (4 tokens, in the breakaway, 5th), Y = R2 (4 tokens, 2nd), Z = R1 (2, 1st).
        let mut s = stage(1, StageKind::Flat, &["R1", "R2", "R3", "R4", "R5"]);
        tokens(&mut s, &[("R5", 4), ("R2", 4), ("R1", 2)], &["R5"]);
        assert_eq!(stage_combativity(&s), Some("R5".into()));
        tokens(&mut s, &[("R5", 4), ("R2", 4), ("R1", 2)], &[]);
        assert_eq!(
            stage_combativity(&s),
            Some("R2".into()),
            "nobody in the breakaway: the better stage place"
        );
        tokens(&mut s, &[("R5", 4), ("R2", 4), ("R1", 6)], &["R5"]);
        assert_eq!(
            stage_combativity(&s),
            Some("R1".into()),
            "most tokens first"
        );
        tokens(&mut s, &[], &[]);
        assert_eq!(stage_combativity(&s), None);
    }

    #[test]
    fn ha_066_the_tour_ranks_points_then_tokens() {
        let mut one = stage(1, StageKind::Flat, &["R1", "R2", "R3", "R4", "R5"]);
        tokens(&mut one, &[("R1", 5), ("R2", 1)], &[]);
        let mut two = stage(2, StageKind::Flat, &["R2", "R1", "R3", "R4", "R5"]);
        tokens(&mut two, &[("R2", 3), ("R1", 1)], &[]);
        // R2 the better general classification, which comes after the tokens.
        two.riders[1].outcome = Outcome::Crossed { rows_past: 9 };
        let t = tables(&[one, two], &TourOptions::default()).unwrap();
        let rows: Vec<(&str, u32)> = t
            .combativity
            .iter()
            .map(|r| {
                let crate::tour::Score::Points(p) = r.value else {
                    panic!()
                };
                (r.rider.as_ref().unwrap().as_str(), p)
            })
            .collect();
        // One point each; R1 has 6 tokens to R2's 4.
        assert_eq!(rows, [("R1", 1), ("R2", 1)]);
    }

    #[test]
    fn ha_059_points_ties_go_to_stage_wins_then_seconds() {
        // Hilly: 3, 2, 1. R1 wins stage 1 (3) and is 3rd of stage 2 (1): 4. R2 is 3rd then 2nd:
        // 1 + 2 = 3. R3: 2nd then 1st... 2 + 3 = 5. Make R1 and R4 tie on 4 without a win for
        // R4: R4 2nd twice = 4 points, R1 one win and a 3rd = 4: R1 ahead on stage wins.
        let mut one = stage(1, StageKind::Hilly, &["R1", "R4", "R2", "R3", "R5"]);
        // R4 rides far past the line: the better general classification, which comes later.
        one.riders[3].outcome = Outcome::Crossed { rows_past: 9 };
        let two = stage(2, StageKind::Hilly, &["R3", "R4", "R1", "R2", "R5"]);
        let t = tables(&[one, two], &TourOptions::default()).unwrap();
        let order: Vec<&str> = t
            .points
            .iter()
            .map(|r| r.rider.as_ref().unwrap().as_str())
            .collect();
        assert_eq!(&order[..2], ["R1", "R4"], "{order:?}");
    }

    #[test]
    fn ha_062_qa_30_mountain_ties_go_to_hc_summits_first() {
        // R1 wins an HC climb (5 points); R2 wins a Cat 2 (2) and a Cat 1 (3): 5 too.
        let mut s = stage(1, StageKind::Mountain, &["R2", "R1", "R3", "R4", "R5"]);
        for (length, first) in [(9, "R1"), (5, "R2"), (7, "R2")] {
            s.summits.push(SummitResult {
                name: format!("Climb {length}"),
                length,
                steep: false,
                order: keys(&[first]),
            });
        }
        let t = tables(&[s], &TourOptions::default()).unwrap();
        let order: Vec<(&str, u32)> = t
            .mountains
            .iter()
            .map(|r| {
                let crate::tour::Score::Points(p) = r.value else {
                    panic!()
                };
                (r.rider.as_ref().unwrap().as_str(), p)
            })
            .collect();
        assert_eq!(
            order,
            [("R1", 5), ("R2", 5)],
            "R1's HC summit first, though R2 won the stage"
        );
    }
}
