//! The strong bot (issue 35): a search over the stage as the bot's team may know it, for every
//! game through the registry. For each option it owes now, the bot plays the stage out many
//! times from a copy in which what it cannot see (other teams' hands, the order of the decks,
//! the dice to come) is dealt again at random ([`DynStage::determinize`]): information-set
//! Monte Carlo, flat at the root. In a round where every team chooses at once (the card race),
//! the copy keeps the other teams' choices of the round hidden as well, so each team's option is
//! chosen as if the others were unknown: the decoupled choice the literature on simultaneous
//! moves recommends. Inside a playout every seat, the bot's own included, is played by the
//! game's own bot ([`crate::registry::Game::bot`]).
//!
//! The budget is counted in playouts, never in time, so that a choice is the same on a fast or
//! a busy machine: it is shared among the options by successive halving (every option gets the
//! same share, the better half goes on to the next round with the next share, until one is
//! left), which spends most playouts telling the best options apart. Playout `i` draws from
//! the ChaCha stream `i` of the caller's seed: the same seed, stage and budget give the same
//! choice.
//!
//! What a playout is worth to the team: 1 when one of its riders wins the stage, plus a tenth
//! of how high its best rider placed (1 for first, 0 for last), so that a stage no option can
//! win still prefers the better place.

use crate::game::{Seat, Viewer};
use crate::registry::{DynStage, Key};
use crate::rng;
use crate::tour::{StageKind, TourRider};

/// How many playouts a decision may cost, shared among its options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub playouts: u32,
}

impl Budget {
    /// What a decision costs by default: within 200 ms on this project's two-core machine
    /// from a stage's start in the slowest game (docs/speed.md).
    pub const DEFAULT: Budget = Budget { playouts: 256 };
}

/// What the bot needs to know to score a finished copy: the stage's number and kind and the
/// tour's riders (whose `team` is their seat), as [`DynStage::result`] takes them.
#[derive(Debug, Clone, Copy)]
pub struct Scoring<'a> {
    pub number: u32,
    pub kind: StageKind,
    pub riders: &'a [TourRider],
}

/// The most choices one playout plays before it is given up (see `crate::odds::STEP_CAP`).
const STEP_CAP: u32 = crate::odds::STEP_CAP;

/// The strong bot's pick for `seat` now, by its key; `None` when the seat owes nothing. With
/// one option, or a budget too small to try each option once, it is the game's own bot's pick.
pub fn choose(
    stage: &dyn DynStage,
    seat: Seat,
    scoring: &Scoring,
    seed: u64,
    budget: Budget,
) -> Option<Key> {
    let pending = stage.pending_for(seat)?;
    // A game that offers a decision in steps (Maillot Jaune: how far, then which cell, each
    // later step with a way back) is searched over its whole decisions, each legal at any step:
    // searched step by step, going back can score as well as the game's own bot's whole move
    // played from the step before, and the bot went back and forth until the stage's cap.
    let whole = stage.whole_for(seat);
    let options = if whole.is_empty() {
        pending.options
    } else {
        whole
    };
    let keys: Vec<Key> = options.into_iter().map(|o| o.key).collect();
    let fallback = stage.bot_choice(seat).or_else(|| keys.first().copied());
    if keys.len() <= 1 || (budget.playouts as usize) < keys.len() {
        return fallback;
    }
    let mut alive: Vec<usize> = (0..keys.len()).collect();
    let mut worth = vec![0.0f64; keys.len()];
    let mut tried = vec![0u32; keys.len()];
    let rounds = (keys.len() as f64).log2().ceil().max(1.0) as u32;
    let mut next = 0u64;
    let mut spent = 0u32;
    for round in 0..rounds {
        // Each option alive gets its share of what is left for this round and those after it
        // (at least one playout, so a round always tells something).
        let left = budget.playouts.saturating_sub(spent);
        let share = ((left / (rounds - round)) / alive.len() as u32).max(1);
        for &o in &alive {
            for _ in 0..share {
                let mut rng = rng::stream(seed, next);
                next += 1;
                spent += 1;
                if let Some(w) = playout(stage, seat, keys[o].as_str(), scoring, &mut rng) {
                    worth[o] += w;
                    tried[o] += 1;
                }
            }
        }
        let mean = |o: usize| {
            if tried[o] == 0 {
                f64::NEG_INFINITY
            } else {
                worth[o] / f64::from(tried[o])
            }
        };
        // The better half goes on; ties keep the option listed first.
        alive.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)).then(a.cmp(&b)));
        alive.truncate(alive.len().div_ceil(2));
        if alive.len() == 1 {
            break;
        }
    }
    let best = alive.first().copied()?;
    if tried[best] == 0 {
        return fallback;
    }
    Some(keys[best])
}

/// One playout of option `key`: the stage as `seat` may know it, the option applied, the rest
/// played by the game's bots; what it is worth to the seat's team, or `None` when the copy
/// could not be finished (never expected: counted as untried rather than as a loss).
fn playout(
    stage: &dyn DynStage,
    seat: Seat,
    key: &str,
    scoring: &Scoring,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Option<f64> {
    let mut copy = stage.determinize(Viewer::Seat(seat), rng);
    copy.apply(seat, key).ok()?;
    copy.play_out(STEP_CAP).ok()?;
    let result = copy
        .result(scoring.number, scoring.kind, scoring.riders)
        .ok()?;
    Some(worth(&result, seat, scoring.riders))
}

/// What a finished stage is worth to team `seat` (see the module's notes).
fn worth(result: &crate::tour::StageResult, seat: Seat, riders: &[TourRider]) -> f64 {
    let placed = result.riders.iter().filter(|r| r.place.is_some()).count();
    let ours = |key: &crate::tour::RiderKey| riders.iter().any(|r| &r.key == key && r.team == seat);
    let best = result
        .riders
        .iter()
        .filter(|r| ours(&r.rider))
        .filter_map(|r| r.place)
        .min();
    match best {
        None => 0.0,
        Some(place) => {
            let won = if place == 1 { 1.0 } else { 0.0 };
            let height = if placed > 1 {
                1.0 - f64::from(place - 1) / (placed - 1) as f64
            } else {
                1.0
            };
            won + 0.1 * height
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::{Outcome, RiderKey, RiderStage, StageResult};

    fn rider(key: &str, team: Seat) -> TourRider {
        TourRider {
            key: RiderKey::new(key),
            team,
            start_number: 0,
            abandoned: false,
            attributes: serde_json::Value::Null,
        }
    }

    #[test]
    fn a_win_is_worth_more_than_any_place_and_a_better_place_more_than_a_worse() {
        let riders = [rider("a", 0), rider("b", 1), rider("c", 1)];
        let result = |places: [u32; 3]| StageResult {
            number: 1,
            kind: StageKind::Flat,
            summit_finish: false,
            riders: riders
                .iter()
                .zip(places)
                .map(|(t, p)| RiderStage {
                    rider: t.key.clone(),
                    team: format!("T{}", t.team),
                    start_number: 1,
                    cards_played: 0,
                    outcome: Outcome::Abandoned,
                    place: Some(p),
                    exhaustion_start: 0,
                    exhaustion_end: 0,
                })
                .collect(),
            rejoined: Vec::new(),
            sprints: Vec::new(),
            summits: Vec::new(),
            bonus_seconds: true,
            carry: serde_json::Value::Null,
        };
        let first = worth(&result([1, 2, 3]), 0, &riders);
        let second = worth(&result([2, 1, 3]), 0, &riders);
        let last = worth(&result([3, 1, 2]), 0, &riders);
        assert_eq!(first, 1.1);
        assert!((second - 0.05).abs() < 1e-9, "{second}");
        assert_eq!(last, 0.0);
        // Team 1's best rider counts: second and third is worth its second.
        assert!((worth(&result([1, 2, 3]), 1, &riders) - 0.05).abs() < 1e-9);
    }

    /// One two-team stage of game `g`, the strong bot riding team `strong` with `budget` and
    /// the game's own bot the other: the seat of the stage's winner, and how many decisions the
    /// strong bot took.
    fn duel(
        g: &crate::odds::fixtures::Game,
        seed: u64,
        strong: Seat,
        budget: Budget,
    ) -> (Option<Seat>, u32) {
        use crate::course::parse_course_toml;
        let course = std::sync::Arc::new(parse_course_toml(g.text, g.file).unwrap());
        let (setup, riders) =
            crate::odds::sample_setup(g.id, course, StageKind::Flat, 2, &g.roster, Vec::new())
                .unwrap();
        let mut s =
            crate::odds::Sample::from_setup(g.id, &setup, riders, StageKind::Flat, seed).unwrap();
        let mut decisions = 0;
        for step in 0..crate::odds::STEP_CAP {
            if s.stage.is_over() {
                break;
            }
            let (seat, _) = s.stage.waiting_on()[0];
            if seat == strong {
                let scoring = Scoring {
                    number: 1,
                    kind: s.kind,
                    riders: &s.riders,
                };
                let key = choose(&*s.stage, seat, &scoring, seed ^ u64::from(step), budget)
                    .expect("a seat that owes has a choice");
                // A game that decides in steps is searched in whole moves, never a step back:
                // a step is played only when it is the game's own bot's (which never goes back).
                let whole = s.stage.whole_for(seat);
                assert!(
                    whole.is_empty()
                        || whole.iter().any(|o| o.key == key)
                        || s.stage.bot_choice(seat) == Some(key),
                    "{}: {key} is not a whole decision",
                    g.id
                );
                s.stage.apply(seat, key.as_str()).unwrap();
                decisions += 1;
            } else {
                s.stage.play_bot(seat).unwrap();
            }
        }
        let winner = s.winner().map(|k| s.riders[k].team);
        (winner, decisions)
    }

    #[test]
    fn the_strong_bot_plays_every_game_to_the_end_and_repeats_itself() {
        for g in crate::odds::fixtures::games() {
            let budget = Budget { playouts: 8 };
            let a = duel(&g, 3, 1, budget);
            assert!(a.0.is_some(), "{}: a winner", g.id);
            assert!(a.1 > 0, "{}: the strong bot decided", g.id);
            assert_eq!(
                a,
                duel(&g, 3, 1, budget),
                "{}: the same seed, the same race",
                g.id
            );
        }
    }

    /// A game that offers a decision in steps (Maillot Jaune) is searched over its whole
    /// decisions: searched step by step, the bot went back and forth between "how far" and
    /// "which cell" (going back scored as well as moving on) and one stage took 38,464 decisions
    /// before the cap ended it. Now each choice is a whole move (checked in `duel`) and a stage
    /// takes a few dozen.
    #[test]
    fn a_game_decided_in_steps_is_searched_in_whole_moves() {
        let mut stepped = 0;
        for g in crate::odds::fixtures::games() {
            let course =
                std::sync::Arc::new(crate::course::parse_course_toml(g.text, g.file).unwrap());
            let (setup, riders) =
                crate::odds::sample_setup(g.id, course, StageKind::Flat, 2, &g.roster, Vec::new())
                    .unwrap();
            let s =
                crate::odds::Sample::from_setup(g.id, &setup, riders, StageKind::Flat, 5).unwrap();
            let (seat, _) = s.stage.waiting_on()[0];
            if s.stage.whole_for(seat).is_empty() {
                continue;
            }
            stepped += 1;
            let (winner, decisions) = duel(&g, 5, seat, Budget { playouts: 64 });
            assert!(winner.is_some(), "{}: the stage ends", g.id);
            assert!(decisions < 200, "{}: {decisions} decisions", g.id);
        }
        assert!(stepped > 0, "a game offers its decisions in steps");
    }

    /// The strong bot against the game's own bot, two teams, seats swapped every stage so no
    /// team keeps the better start. `STRONG_STAGES` stages a game (default 20) at
    /// `STRONG_PLAYOUTS` playouts a decision (default [`Budget::DEFAULT`]), the games of
    /// `STRONG_GAMES` (ids, comma-separated; all by default); prints a line a game for
    /// docs/speed.md. `STRONG_FIRST` (default 0) starts at that stage, so that a long run can
    /// be made in pieces (stages `FIRST..FIRST+STAGES`, the same stages whatever the pieces),
    /// and `STRONG_LOG=1` prints each stage's outcome on the error stream as it ends:
    ///
    /// `STRONG_STAGES=200 cargo test --release -p commissaire-engine --lib strong_against -- --ignored --nocapture`
    #[test]
    #[ignore = "a measurement: minutes in release"]
    fn strong_against_the_games_own_bot() {
        let stages: u64 = std::env::var("STRONG_STAGES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(20);
        let first: u64 = std::env::var("STRONG_FIRST")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        let log = std::env::var("STRONG_LOG").is_ok_and(|v| v == "1");
        let playouts: u32 = std::env::var("STRONG_PLAYOUTS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(Budget::DEFAULT.playouts);
        let budget = Budget { playouts };
        println!(
            "| game | stages | strong wins | share | 99 % interval | decisions | ms a decision |"
        );
        let only = std::env::var("STRONG_GAMES").unwrap_or_default();
        for g in crate::odds::fixtures::games() {
            if !only.is_empty() && !only.split(',').any(|o| o == g.id) {
                continue;
            }
            // The stages are shared among threads (`STRONG_THREADS`, all the machine's cores by
            // default); each is its own race, so the counts do not depend on how many.
            let threads: u64 = std::env::var("STRONG_THREADS")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| {
                    std::thread::available_parallelism().map_or(1, |n| n.get() as u64)
                });
            let per_thread: Vec<(u32, u32, u32, f64)> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads.max(1))
                    .map(|t| {
                        let g = &g;
                        scope.spawn(move || {
                            let (mut wins, mut decided, mut counted) = (0u32, 0u32, 0u32);
                            let started = std::time::Instant::now();
                            for seed in
                                (first + t..first + stages).step_by(threads.max(1) as usize)
                            {
                                let strong = (seed % 2) as Seat;
                                let (winner, decisions) = duel(g, 1000 + seed, strong, budget);
                                if log {
                                    eprintln!(
                                        "stage {} {seed}: strong seat {strong}, winner {winner:?}, {decisions} decisions",
                                        g.id
                                    );
                                }
                                decided += decisions;
                                if let Some(w) = winner {
                                    counted += 1;
                                    if w == strong {
                                        wins += 1;
                                    }
                                }
                            }
                            (wins, decided, counted, started.elapsed().as_secs_f64())
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            let wins: u32 = per_thread.iter().map(|p| p.0).sum();
            let decided: u32 = per_thread.iter().map(|p| p.1).sum();
            let counted: u32 = per_thread.iter().map(|p| p.2).sum();
            // A decision's time on one thread: each thread's time over its decisions.
            let busy: f64 = per_thread.iter().map(|p| p.3).sum();
            let n = f64::from(counted.max(1));
            let p = f64::from(wins) / n;
            let half = 2.576 * (p * (1.0 - p) / n).sqrt();
            let ms = busy * 1000.0 / f64::from(decided.max(1));
            println!(
                "| {} | {counted} | {wins} | {:.1} % | {:.1}–{:.1} % | {decided} | {ms:.1} |",
                g.id,
                100.0 * p,
                100.0 * (p - half),
                100.0 * (p + half)
            );
        }
    }
}
