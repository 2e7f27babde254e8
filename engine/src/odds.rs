//! Win chances from playouts (`/odds`, issue 35): the stage as it stands, copied as one viewer may
//! know it ([`DynStage::determinize`]), played to its end by the bots at every seat, many times;
//! each rider's share of the stage wins, and each classification leader's share of the playouts
//! after which he still leads it.
//!
//! Pure: playout `i` draws only from the ChaCha stream `i` of the asker's seed, so the same
//! seed gives the same odds, and a caller that splits the playouts among threads (the services
//! do, over two) gets the same counts as one that plays them all in a row: [`tally`] plays any
//! range of them and [`Tally::merge`] adds two ranges up.

use crate::game::Viewer;
use crate::registry::{self, DynStage, PlayoutError};
use crate::rng;
use crate::tour::{RiderKey, StageKind, StageResult, TourRider};
use serde_json::Value;
use std::ops::Range;

/// The most choices a playout plays before it is given up: far more than any stage of any game
/// needs (a 21-round card-race stage with four teams of four is some 400), so that a playout
/// can never spin.
pub const STEP_CAP: u32 = 50_000;

/// What a playout needs to know of the tour to turn the finished copy into a result.
#[derive(Debug, Clone, Copy)]
pub struct Question<'a> {
    /// The stage's number in the tour and its kind, as its result will be given.
    pub number: u32,
    pub kind: StageKind,
    /// The tour's riders, in the order the answer gives them.
    pub riders: &'a [TourRider],
    /// For the classification leaders' chances: the tour's ruleset, the results of the stages
    /// before this one and the tour's options. `None`: the stage's winner alone.
    pub tour: Option<TourSoFar<'a>>,
}

#[derive(Debug, Clone, Copy)]
pub struct TourSoFar<'a> {
    pub ruleset: &'a str,
    pub before: &'a [StageResult],
    pub options: &'a Value,
}

/// Who leads a classification now: a rider, or a team in a team table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leader {
    /// The classification's id (`general`, `points`...).
    pub classification: &'static str,
    pub rider: Option<RiderKey>,
    pub team: String,
}

/// The counts of some playouts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tally {
    /// Playouts that reached the end of the stage and were counted.
    pub playouts: u32,
    /// Playouts that could not be finished or scored (never expected; counted, not hidden).
    pub failed: u32,
    /// Per tour rider (in [`Question::riders`] order), the playouts he won.
    pub wins: Vec<u32>,
    /// Per leader of [`leaders`] (same order), the playouts after which he still leads.
    pub kept: Vec<u32>,
}

impl Tally {
    /// Two tallies of disjoint playouts of the same question, added up.
    pub fn merge(mut self, other: &Tally) -> Tally {
        self.playouts += other.playouts;
        self.failed += other.failed;
        add(&mut self.wins, &other.wins);
        add(&mut self.kept, &other.kept);
        self
    }
}

fn add(into: &mut Vec<u32>, from: &[u32]) {
    if into.len() < from.len() {
        into.resize(from.len(), 0);
    }
    for (a, b) in into.iter_mut().zip(from) {
        *a += b;
    }
}

/// A chance and its standard error, `sqrt(p (1 - p) / n)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Chance {
    pub p: f64,
    pub se: f64,
}

impl Chance {
    pub fn of(hits: u32, n: u32) -> Chance {
        if n == 0 {
            return Chance { p: 0.0, se: 0.0 };
        }
        let p = f64::from(hits) / f64::from(n);
        Chance {
            p,
            se: (p * (1.0 - p) / f64::from(n)).sqrt(),
        }
    }
}

/// The answer of `/odds`.
#[derive(Debug, Clone, PartialEq)]
pub struct Odds {
    pub playouts: u32,
    pub failed: u32,
    /// Every tour rider of the stage with his chance to win it, most likely first (ties by the
    /// riders' order).
    pub riders: Vec<(usize, Chance)>,
    /// Every classification leader with his chance to lead it still after the stage.
    pub leaders: Vec<(Leader, Chance)>,
}

/// The leaders of the tour's classifications before this stage (none without [`TourSoFar`]),
/// in the tour's order of its classifications.
pub fn leaders(q: &Question) -> Result<Vec<Leader>, String> {
    let Some(t) = q.tour else {
        return Ok(Vec::new());
    };
    if t.before.is_empty() {
        return Ok(Vec::new());
    }
    let tables = registry::classify(t.ruleset, t.before, t.options)?;
    Ok(holders(&tables))
}

fn holders(tables: &crate::tour::Classifications) -> Vec<Leader> {
    tables
        .tables
        .iter()
        .filter_map(|c| {
            let row = c.holder_row()?;
            Some(Leader {
                classification: c.id,
                rider: row.rider.clone(),
                team: row.team.clone(),
            })
        })
        .collect()
}

/// One playout: the stage copied as `viewer` may know it, with `rng`, and played to its end.
/// Returns its result.
pub fn playout(
    stage: &dyn DynStage,
    viewer: Viewer,
    rng: &mut rand_chacha::ChaCha8Rng,
    q: &Question,
) -> Result<StageResult, PlayoutError> {
    let mut copy = stage.determinize(viewer, rng);
    copy.play_out(STEP_CAP)?;
    copy.result(q.number, q.kind, q.riders)
        .map_err(|e| PlayoutError::Refused(e.to_string()))
}

/// Plays the playouts numbered `range` of the asker's `seed` and counts them.
pub fn tally(
    stage: &dyn DynStage,
    viewer: Viewer,
    seed: u64,
    range: Range<u32>,
    q: &Question,
    leaders: &[Leader],
) -> Tally {
    let mut t = Tally {
        wins: vec![0; q.riders.len()],
        kept: vec![0; leaders.len()],
        ..Tally::default()
    };
    let mut stages: Vec<StageResult> = q.tour.map(|t| t.before.to_vec()).unwrap_or_default();
    for i in range {
        let mut rng = rng::stream(seed, u64::from(i));
        let Ok(result) = playout(stage, viewer, &mut rng, q) else {
            t.failed += 1;
            continue;
        };
        let winner = result
            .riders
            .iter()
            .find(|r| r.place == Some(1))
            .and_then(|w| q.riders.iter().position(|r| r.key == w.rider));
        if let Some(k) = winner {
            t.wins[k] += 1;
        }
        if let (Some(tour), false) = (q.tour, leaders.is_empty()) {
            stages.push(result);
            let after = registry::classify(tour.ruleset, &stages, tour.options);
            stages.pop();
            let Ok(after) = after else {
                t.failed += 1;
                continue;
            };
            let now = holders(&after);
            for (k, l) in leaders.iter().enumerate() {
                let still = now.iter().any(|n| {
                    n.classification == l.classification && n.rider == l.rider && n.team == l.team
                });
                if still {
                    t.kept[k] += 1;
                }
            }
        }
        t.playouts += 1;
    }
    t
}

/// The chances of a tally, riders most likely first.
pub fn odds(t: &Tally, leaders: &[Leader]) -> Odds {
    let mut riders: Vec<(usize, Chance)> = t
        .wins
        .iter()
        .enumerate()
        .map(|(k, &w)| (k, Chance::of(w, t.playouts)))
        .collect();
    riders.sort_by(|a, b| b.1.p.total_cmp(&a.1.p).then(a.0.cmp(&b.0)));
    Odds {
        playouts: t.playouts,
        failed: t.failed,
        riders,
        leaders: leaders
            .iter()
            .zip(&t.kept)
            .map(|(l, &k)| (l.clone(), Chance::of(k, t.playouts)))
            .collect(),
    }
}

/// [`tally`] over playouts `0..n` and [`odds`] of it, on one thread.
pub fn win_chances(
    stage: &dyn DynStage,
    viewer: Viewer,
    seed: u64,
    n: u32,
    q: &Question,
) -> Result<Odds, String> {
    let leaders = leaders(q)?;
    let t = tally(stage, viewer, seed, 0..n, q, &leaders);
    Ok(odds(&t, &leaders))
}

/// A stage to ask `/odds` about away from a tour, for the bench, the calibration and the tests:
/// the first stage of a tour of `teams` bot teams of a game, each entered with `roster` (the
/// game's usual team when empty) under its first named rules.
#[derive(Debug)]
pub struct Sample {
    pub stage: Box<dyn DynStage>,
    pub riders: Vec<TourRider>,
    pub kind: StageKind,
}

/// The setup of a [`Sample`]'s stage and its tour riders; `dice` are faces the stage rolls
/// first (see [`crate::registry::Setup::dice`]).
pub fn sample_setup(
    ruleset: &str,
    course: std::sync::Arc<crate::course::Course>,
    kind: StageKind,
    teams: usize,
    roster: &[Value],
    dice: Vec<u8>,
) -> Result<(registry::Setup, Vec<TourRider>), String> {
    let entry = registry::ruleset(ruleset).map_err(|e| e.to_string())?;
    let options = entry
        .rules
        .first()
        .map(|r| (r.options)())
        .unwrap_or_default();
    let rostered = (entry.roster)(roster, &options)?;
    let names: Vec<String> = (1..=teams).map(|t| format!("Team {t}")).collect();
    let mut riders = crate::tour::enter_teams(&names, &rostered);
    (entry.deal)(&mut riders, &options)?;
    let stage_options = (entry.prepare)(&registry::StageContext {
        number: 1,
        kind,
        rest_before: false,
        previous: None,
        options: &options,
        bots: &[],
    })?;
    let all: Vec<&TourRider> = riders.iter().collect();
    let mut setup = crate::tour::entrants_setup(&course, &names, &all, stage_options);
    setup.dice = dice;
    Ok((setup, riders))
}

impl Sample {
    pub fn new(
        ruleset: &str,
        course: std::sync::Arc<crate::course::Course>,
        kind: StageKind,
        teams: usize,
        roster: &[Value],
        seed: u64,
    ) -> Result<Sample, String> {
        let (setup, riders) = sample_setup(ruleset, course, kind, teams, roster, Vec::new())?;
        Self::from_setup(ruleset, &setup, riders, kind, seed)
    }

    pub fn from_setup(
        ruleset: &str,
        setup: &registry::Setup,
        riders: Vec<TourRider>,
        kind: StageKind,
        seed: u64,
    ) -> Result<Sample, String> {
        let stage = registry::start(ruleset, setup, seed).map_err(|e| e.to_string())?;
        Ok(Sample {
            stage,
            riders,
            kind,
        })
    }

    /// The question of this stage: the tour's first, no classification before it.
    pub fn question(&self) -> Question<'_> {
        Question {
            number: 1,
            kind: self.kind,
            riders: &self.riders,
            tour: None,
        }
    }

    /// The bots play `choices` choices of the stage (fewer if it ends first).
    pub fn advance(&mut self, choices: u32) -> Result<(), PlayoutError> {
        let mut played = 0;
        while played < choices && !self.stage.is_over() {
            let owed = self.stage.waiting_on();
            let Some(&(seat, _)) = owed.first() else {
                return Err(PlayoutError::Stuck);
            };
            self.stage
                .play_bot(seat)
                .map_err(|e| PlayoutError::Refused(e.to_string()))?;
            played += 1;
        }
        Ok(())
    }

    /// The bots play half the choices this stage would take them to finish: mid-stage.
    pub fn halfway(&mut self) -> Result<(), PlayoutError> {
        self.part_way(1, 2)
    }

    /// The bots play `num / den` of the choices this stage would take them to finish.
    pub fn part_way(&mut self, num: u32, den: u32) -> Result<(), PlayoutError> {
        let mut whole = self.stage.clone();
        let n = whole.play_out(STEP_CAP)?;
        self.advance(n * num / den.max(1))
    }

    /// Who won the stage, once it is over: the index of the tour rider placed first.
    pub fn winner(&self) -> Option<usize> {
        let result = self.stage.result(1, self.kind, &self.riders).ok()?;
        let first = result.riders.iter().find(|r| r.place == Some(1))?;
        self.riders.iter().position(|r| r.key == first.rider)
    }
}

/// The shipped courses the tests ride, one a game, with the game's kind of stage and roster.
#[cfg(test)]
pub(crate) mod fixtures {
    use super::*;
    use crate::course::parse_course_toml;
    use serde_json::json;
    use std::sync::Arc;

    pub struct Game {
        pub id: &'static str,
        pub file: &'static str,
        pub text: &'static str,
        pub teams: usize,
        pub roster: Vec<Value>,
    }

    pub fn games() -> Vec<Game> {
        vec![
            Game {
                id: "card-race",
                file: "avenue-corso-paseo.toml",
                text: include_str!("../../config/courses/card-race/avenue-corso-paseo.toml"),
                teams: 3,
                roster: Vec::new(),
            },
            Game {
                id: "velo-master",
                file: "vm-sprint-de-vic.toml",
                text: include_str!("../../config/courses/velo-master/vm-sprint-de-vic.toml"),
                teams: 3,
                roster: Vec::new(),
            },
            Game {
                id: "maillot-jaune",
                file: "mj-etape-1.toml",
                text: include_str!("../../config/courses/maillot-jaune/mj-etape-1.toml"),
                teams: 4,
                roster: vec![json!("rider"), json!("rider")],
            },
            Game {
                id: "hulst",
                file: "hulst-vlakke-etappe.toml",
                text: include_str!("../../config/courses/hulst/hulst-vlakke-etappe.toml"),
                teams: 4,
                roster: Vec::new(),
            },
        ]
    }

    impl Game {
        pub fn setup(&self, dice: Vec<u8>) -> (registry::Setup, Vec<TourRider>) {
            let course = Arc::new(parse_course_toml(self.text, self.file).unwrap());
            sample_setup(
                self.id,
                course,
                StageKind::Flat,
                self.teams,
                &self.roster,
                dice,
            )
            .unwrap()
        }

        pub fn sample(&self, seed: u64, dice: Vec<u8>) -> Sample {
            let (setup, riders) = self.setup(dice);
            Sample::from_setup(self.id, &setup, riders, StageKind::Flat, seed).unwrap()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::games;
    use super::*;

    #[test]
    fn every_playout_of_every_game_has_one_winner_and_the_odds_repeat() {
        for g in games() {
            let mut s = g.sample(11, Vec::new());
            s.part_way(1, 3).unwrap();
            assert!(!s.stage.is_over(), "{}", g.id);
            let q = s.question();
            let odds = win_chances(&*s.stage, Viewer::Public, 5, 60, &q).unwrap();
            assert_eq!((odds.playouts, odds.failed), (60, 0), "{}", g.id);
            let total: f64 = odds.riders.iter().map(|r| r.1.p).sum();
            assert!((total - 1.0).abs() < 1e-9, "{}: {total}", g.id);
            assert_eq!(odds.riders.len(), s.riders.len());
            assert!(
                odds.riders.windows(2).all(|w| w[0].1.p >= w[1].1.p),
                "most likely first"
            );
            // More than one rider can still win: the playouts do not all replay one future.
            // (Maillot Jaune's bots ride without luck: escaping only when it is safe, they
            // never roll, so its bots' playouts from a position all end alike.)
            assert!(
                g.id == "maillot-jaune" || odds.riders.iter().filter(|r| r.1.p > 0.0).count() > 1,
                "{}: {:?}",
                g.id,
                odds.riders
            );
            let again = win_chances(&*s.stage, Viewer::Public, 5, 60, &q).unwrap();
            assert_eq!(odds, again, "{}: the same seed, the same odds", g.id);
            // Split in two ranges, as the services play them on two threads: the same counts.
            let (a, b) = (
                tally(&*s.stage, Viewer::Public, 5, 0..25, &q, &[]),
                tally(&*s.stage, Viewer::Public, 5, 25..60, &q, &[]),
            );
            assert_eq!(odds, super::odds(&a.merge(&b), &[]), "{}", g.id);
            // The stage asked about is untouched.
            assert!(!s.stage.is_over());
        }
    }

    /// Two stages alike in everything anyone can see, with different seeds (so different
    /// future dice and draws), give the public viewer the same odds: each playout rolls its own
    /// dice and draws its own cards, never the stage's. Their past rolls are the same given
    /// faces; the card race and Hulst are asked before any choice (their hands, dealt from the
    /// seed, would make the bots ride apart), the dice games after a few turns.
    #[test]
    fn the_stage_seed_does_not_foretell_the_playouts() {
        let faces: Vec<u8> = (0..8).map(|k| (k * 7 % 6 + 1) as u8).collect();
        for g in games() {
            let choices = match g.id {
                "velo-master" | "maillot-jaune" => 4,
                _ => 0,
            };
            // Hulst's given "dice" are the cards of the draw for the first player (3 to 10).
            let faces = match g.id {
                "hulst" => vec![10, 9, 8, 7],
                _ => faces.clone(),
            };
            let mut one = g.sample(1, faces.clone());
            let mut two = g.sample(2, faces);
            one.advance(choices).unwrap();
            two.advance(choices).unwrap();
            assert_eq!(
                one.stage.view_json(Viewer::Public),
                two.stage.view_json(Viewer::Public),
                "{}: the two stages look alike",
                g.id
            );
            let a = win_chances(&*one.stage, Viewer::Public, 3, 40, &one.question()).unwrap();
            let b = win_chances(&*two.stage, Viewer::Public, 3, 40, &two.question()).unwrap();
            assert_eq!(a, b, "{}", g.id);
            // Each playout rode a future of its own (not the stage's, the same for all).
            assert!(
                g.id == "maillot-jaune" || a.riders.iter().filter(|r| r.1.p > 0.0).count() > 1,
                "{}: {:?}",
                g.id,
                a.riders
            );
            // And the real stages do ride apart from here: their seeds matter to them (not in
            // Maillot Jaune, whose bots never roll: its dice are checked in its own tests).
            if g.id == "maillot-jaune" {
                continue;
            }
            let (mut x, mut y) = (one.stage.clone(), two.stage.clone());
            x.play_out(STEP_CAP).unwrap();
            y.play_out(STEP_CAP).unwrap();
            assert_ne!(
                x.view_json(Viewer::Public),
                y.view_json(Viewer::Public),
                "{}",
                g.id
            );
        }
    }

    #[test]
    fn a_chance_has_its_standard_error() {
        let c = Chance::of(25, 100);
        assert_eq!(c.p, 0.25);
        assert!((c.se - (0.25f64 * 0.75 / 100.0).sqrt()).abs() < 1e-12);
        assert_eq!(Chance::of(0, 0), Chance { p: 0.0, se: 0.0 });
        assert_eq!(Chance::of(7, 7).se, 0.0);
    }

    #[test]
    fn a_stage_that_cannot_end_is_given_up_not_spun() {
        let g = &games()[1];
        let mut s = g.sample(4, Vec::new());
        assert_eq!(s.stage.play_out(3), Err(PlayoutError::TooLong(3)));
    }
}
