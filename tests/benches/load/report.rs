//! The numbers of a run: how long each press and each question waited for its answer, by kind,
//! how long each round took to close, by round, printed as a short table.

use crate::director::{Kind, Played, Press};
use crate::router::Channel;
use std::time::{Duration, Instant};

/// Discord drops an interaction not answered within this.
const DISCORD_LIMIT: Duration = Duration::from_secs(3);

/// A tour's directors and its channel, once played.
pub struct TourRun {
    pub directors: Vec<Played>,
    pub channel: std::sync::Arc<Channel>,
}

impl TourRun {
    /// Every choice sent in the tour, in the order sent, with its round of the run.
    fn choices(&self) -> Vec<(Instant, u32)> {
        let mut sent: Vec<(Instant, u32)> = self
            .directors
            .iter()
            .flat_map(|d| d.presses.iter())
            .filter(|p| matches!(p.kind, Kind::Choice))
            .map(|p| (p.sent, p.round))
            .collect();
        sent.sort_unstable();
        sent
    }

    /// Whether a board came after the tour's last choice.
    pub fn last_round_drawn(&self) -> bool {
        let last = self.choices().last().map(|&(at, _)| at);
        let uploads = self.channel.uploads.lock().expect("uploads");
        last.is_none_or(|last| uploads.iter().any(|&u| u > last))
    }

    /// Each turn's close: for every board, the last choice sent before it, if that choice came
    /// after the board before (a turn is closed by its last choice and drawn by the next
    /// board); with the choice's round. And whether choices were left after the last board
    /// (the directors stopped with a turn open).
    ///
    /// A director whose hand goes on into the next turn may choose for it before its board
    /// arrives, which makes that turn's close look shorter; a turn is never attributed a later
    /// board than its own.
    fn closes(&self) -> (Vec<(Duration, u32)>, bool) {
        let choices = self.choices();
        let mut boards = self.channel.uploads.lock().expect("uploads").clone();
        boards.sort_unstable();
        let mut closes = Vec::new();
        let mut previous: Option<Instant> = None;
        for &board in &boards {
            let before = choices.partition_point(|&(at, _)| at < board);
            if let Some(&(last, round)) = before.checked_sub(1).map(|i| &choices[i])
                && previous.is_none_or(|p| last > p)
            {
                closes.push((board - last, round));
            }
            previous = Some(board);
        }
        let open = match (choices.last(), boards.last()) {
            (Some(&(choice, _)), Some(&board)) => choice > board,
            (Some(_), None) => true,
            _ => false,
        };
        (closes, open)
    }
}

/// Durations, sorted, for percentiles.
#[derive(Default)]
pub struct Spread(Vec<Duration>);

impl Spread {
    pub fn add(&mut self, d: Duration) {
        self.0.push(d);
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    fn sorted(&mut self) -> &[Duration] {
        self.0.sort_unstable();
        &self.0
    }

    /// The nearest-rank percentile `p` (0 to 100).
    pub fn pct(&mut self, p: f64) -> Option<Duration> {
        let sorted = self.sorted();
        if sorted.is_empty() {
            return None;
        }
        let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
        Some(sorted[rank.clamp(1, sorted.len()) - 1])
    }

    pub fn over(&self, limit: Duration) -> usize {
        self.0.iter().filter(|d| **d > limit).count()
    }

    /// `p50 / p95 / p99 / max` in milliseconds.
    fn line(&mut self) -> String {
        let ms = |d: Option<Duration>| {
            d.map_or("-".to_string(), |d| format!("{:.1}", d.as_secs_f64() * 1e3))
        };
        format!(
            "{:>8} {:>8} {:>8} {:>8}",
            ms(self.pct(50.0)),
            ms(self.pct(95.0)),
            ms(self.pct(99.0)),
            ms(self.pct(100.0))
        )
    }
}

/// Everything measured, gathered from the tours.
#[derive(Default)]
pub struct Measures {
    pub choices: Spread,
    /// A choice's answer as the director sees it: the callback, or for a deferred one the
    /// answer edited in after it.
    pub choices_shown: Spread,
    pub opens: Spread,
    /// The questions, press to answer shown (for a deferred one, the answer edited in).
    pub autocompletes: Spread,
    pub standings: Spread,
    pub stages: Spread,
    /// Questions whose interaction response came past Discord's three seconds.
    pub questions_late: usize,
    pub unanswered: usize,
    pub deferred: usize,
    /// Deferred answers: press to the answer edited in.
    pub completed: Spread,
    /// A turn's close: its last choice sent to its board's arrival.
    pub closes: Spread,
    /// Tours whose last choices were never followed by a board: the directors stopped
    /// with a turn open (each stops after its own number of cards).
    pub left_open: usize,
    /// By round (index 0 is round 1).
    pub choices_by_round: Vec<Spread>,
    pub closes_by_round: Vec<Spread>,
    pub refused: usize,
    pub stopped: Vec<String>,
}

impl Measures {
    pub fn gather(runs: &[TourRun], rounds: u32) -> Measures {
        let mut m = Measures {
            choices_by_round: (0..rounds).map(|_| Spread::default()).collect(),
            closes_by_round: (0..rounds).map(|_| Spread::default()).collect(),
            ..Measures::default()
        };
        for run in runs {
            for played in &run.directors {
                m.refused += played.refused;
                m.stopped.extend(played.stopped.clone());
                for p in &played.presses {
                    m.add_press(p);
                }
            }
            let (closes, open) = run.closes();
            for (took, round) in closes {
                m.closes.add(took);
                if let Some(by_round) = m.closes_by_round.get_mut(round as usize - 1) {
                    by_round.add(took);
                }
            }
            m.left_open += usize::from(open);
        }
        m
    }

    fn add_press(&mut self, p: &Press) {
        let Some(answered) = p.answered else {
            self.unanswered += 1;
            return;
        };
        let waited = answered - p.sent;
        let shown = if p.deferred {
            p.completed
        } else {
            Some(answered)
        };
        match p.kind {
            Kind::Choice => {
                self.choices.add(waited);
                if let Some(shown) = shown {
                    self.choices_shown.add(shown - p.sent);
                    if let Some(by_round) = self.choices_by_round.get_mut(p.round as usize - 1) {
                        by_round.add(shown - p.sent);
                    }
                }
            }
            Kind::Open => self.opens.add(waited),
            question => {
                if waited > DISCORD_LIMIT {
                    self.questions_late += 1;
                }
                let spread = match question {
                    Kind::Autocomplete => &mut self.autocompletes,
                    Kind::Standings => &mut self.standings,
                    _ => &mut self.stages,
                };
                if let Some(shown) = shown {
                    spread.add(shown - p.sent);
                }
            }
        }
        if p.deferred {
            self.deferred += 1;
            if let Some(done) = p.completed {
                self.completed.add(done - p.sent);
            }
        }
    }

    pub fn past_limit(&self) -> usize {
        self.choices.over(DISCORD_LIMIT)
            + self.opens.over(DISCORD_LIMIT)
            + self.questions_late
            + self.unanswered
    }

    /// Every interaction answered (presses and questions).
    pub fn interactions(&self) -> usize {
        self.choices.len()
            + self.opens.len()
            + self.autocompletes.len()
            + self.standings.len()
            + self.stages.len()
    }

    /// The highest p99 of the kinds of interaction as the player sees them (a choice's answer
    /// shown, the hand, each question), with its kind.
    pub fn worst_p99(&mut self) -> Option<(&'static str, Duration)> {
        [
            ("choice", &mut self.choices_shown),
            ("hand", &mut self.opens),
            ("/play autocomplete", &mut self.autocompletes),
            ("/standings", &mut self.standings),
            ("/stage", &mut self.stages),
        ]
        .into_iter()
        .filter_map(|(name, spread)| Some((name, spread.pct(99.0)?)))
        .max_by_key(|&(_, p99)| p99)
    }

    pub fn print(&mut self) {
        println!(
            "{:<34} {:>7} {:>8} {:>8} {:>8} {:>8}",
            "ms", "count", "p50", "p95", "p99", "max"
        );
        let n = self.choices.len();
        println!(
            "{:<34} {n:>7} {}",
            "choice pressed -> answered",
            self.choices.line()
        );
        let n = self.choices_shown.len();
        println!(
            "{:<34} {n:>7} {}",
            "choice pressed -> answer shown",
            self.choices_shown.line()
        );
        let n = self.opens.len();
        println!(
            "{:<34} {n:>7} {}",
            "card pressed -> hand answered",
            self.opens.line()
        );
        for (name, spread) in [
            ("/play autocomplete -> suggestions", &mut self.autocompletes),
            ("/standings -> answer shown", &mut self.standings),
            ("/stage -> answer shown", &mut self.stages),
        ] {
            let n = spread.len();
            println!("{name:<34} {n:>7} {}", spread.line());
        }
        let n = self.closes.len();
        println!(
            "{:<34} {n:>7} {}",
            "turn close: last choice -> board",
            self.closes.line()
        );
        let n = self.completed.len();
        println!(
            "{:<34} {n:>7} {}",
            "deferred: pressed -> answer edited",
            self.completed.line()
        );
        println!(
            "answers past 3 s, every kind: {} (never answered: {}); deferred: {}; refused: {}; tours left with a turn open as their directors stopped: {}",
            self.past_limit(),
            self.unanswered,
            self.deferred,
            self.refused,
            self.left_open
        );
        if let Some((kind, p99)) = self.worst_p99() {
            println!(
                "highest p99 of any kind: {:.1} ms ({kind})",
                p99.as_secs_f64() * 1e3
            );
        }
        println!();
        println!(
            "{:<6} {:>7} {:>8} {:>8} {:>8} {:>8}",
            "round", "choices", "shown50", "shown99", "close50", "close99"
        );
        let ms = |d: Option<Duration>| {
            d.map_or("-".to_string(), |d| format!("{:.1}", d.as_secs_f64() * 1e3))
        };
        for (i, (c, k)) in self
            .choices_by_round
            .iter_mut()
            .zip(self.closes_by_round.iter_mut())
            .enumerate()
        {
            println!(
                "{:<6} {:>7} {:>8} {:>8} {:>8} {:>8}",
                i + 1,
                c.len(),
                ms(c.pct(50.0)),
                ms(c.pct(99.0)),
                ms(k.pct(50.0)),
                ms(k.pct(99.0))
            );
        }
        if !self.stopped.is_empty() {
            println!();
            println!(
                "{} directors stopped early, e.g.: {}",
                self.stopped.len(),
                self.stopped[0]
            );
        }
    }
}
