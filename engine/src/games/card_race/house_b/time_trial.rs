//! House rules B's time trials (seed 004, TYPES D'EPREUVE – Contre-la-montre individuel and
//! par équipe; HB-049…HB-057): a shortened course, riders (or teams) setting off one round
//! apart, hands drawn face up, one exhaustion card for choosing the hand's highest card, and
//! slipstream behind whoever a rider catches. Time is a minute a card from the rider's own
//! start, ten seconds off a row past the line.
//!
//! Option `time_trial_b = "individual" | "team"`, kept apart from house rules A's
//! `time_trial` (a stage names one or the other), with `time_trial_cut = "third" | "half" |
//! "none"` for the course.
//!
//! Our rulings (conformance table QB-18, QB-19):
//! - The course keeps its start area and the tile the line is on, and drops whole tiles of the
//!   road between them in proportion: `third` keeps two of every three (the seed's "cut by a
//!   third", the only cut it gives the team trial), `half` one of every two. Sprints go with the
//!   cut (no points in a time trial, HB-066); a summit left on the road is measured again.
//! - Start order: reverse general classification. The tour lays riders in general-
//!   classification order, leader first, so the last rider listed sets off first; starter k
//!   sets off in round k (TV-09.8). Riders waiting their turn stand in the start area, off the
//!   road: they neither block nor give slipstream. A team trial sends a whole team each round,
//!   the team whose best-placed rider is listed last first.
//! - Every rider on the road chooses its card in the same energy phase, its four cards face up
//!   (the hands are public); then riders move front to back, so the new starter moves last, as
//!   QB-18 orders them. Drawing and moving one rider at a time would only show a rider the moves
//!   of those ahead of it, who ride alone.
//! - Exhaustion: none for riding in front; HB-051 and HB-055 only, a card for a kept card whose
//!   value is the hand's highest (ties too, TV-09.6), under house rules B's weather (doubled at
//!   level 5, on top of the draw pile at level 1, QB-11).
//! - Slipstream (HB-052, HB-056) is FR-6 between every rider on the road, whoever's team.
//! - The trial runs until every rider is across. The team trial's turn is `ttt_b = each_rider`
//!   (QB-19): each rider of the team moves once a round on its own hand.

use super::super::cards::Card;
use super::super::events::{Event, RiderIdx};
use super::super::stage::{Choice, Rider, Stage};
use super::Conditions;
use super::weather;
use crate::course::{Course, Marker, Pos, Row, Terrain};
use crate::game::Seat;
use crate::games::card_race::bot::Policy;
use serde::{Deserialize, Serialize};

/// Option `time_trial_b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeTrialB {
    /// HB-049…HB-053: riders set off one at a time.
    Individual,
    /// HB-054…HB-057: teams set off one at a time.
    Team,
}

/// Option `time_trial_cut`: how much of the stage's road a house-B time trial rides (HB-049,
/// HB-054).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cut {
    /// Cut by a third: two tiles of every three are kept.
    #[default]
    Third,
    /// Cut by half: one tile of every two is kept (individual trials only).
    Half,
    /// The course as it is: the course file is already the time-trial version.
    None,
}

impl Cut {
    /// The share of the road kept, as (numerator, denominator).
    fn kept(self) -> (usize, usize) {
        match self {
            Cut::Third => (2, 3),
            Cut::Half => (1, 2),
            Cut::None => (1, 1),
        }
    }
}

/// HB-053, HB-057: a minute a card.
pub const SECONDS_PER_CARD: u32 = 60;
/// HB-053, HB-057: ten seconds off a row past the line.
pub const SECONDS_PER_ROW_PAST: u32 = 10;

/// HB-053: a rider's time from the cards it played since its own start and the rows it ended
/// past the line (1 on the first row beyond it). TV-09.7: 12 cards, 1 row past: 11:50.
pub fn time_secs(cards_played: u32, rows_past: u16) -> u32 {
    (SECONDS_PER_CARD * cards_played).saturating_sub(SECONDS_PER_ROW_PAST * u32::from(rows_past))
}

/// HB-051, HB-055: the kept card is the hand's highest (ties count, TV-09.6). A hand the rider
/// did not draw (free hands, or no card left) has no highest card.
pub fn is_highest(hand: &[Card], kept: Card) -> bool {
    hand.iter()
        .map(|c| c.value())
        .max()
        .is_some_and(|top| kept.value() >= top)
}

/// HB-049, HB-054 (QB-18): the course a time trial rides. Only a course laid in rows (tiles or
/// segments) can be cut; a course drawn cell by cell is ridden whole.
pub fn cut_course(course: &Course, cut: Cut) -> Course {
    let (num, den) = cut.kept();
    if num == den || course.layout() != crate::course::Layout::Grid {
        return course.clone();
    }
    let rows = course.rows();
    let line = course.finish_row() as usize;
    let is_start = |r: &Row| r.cells.iter().any(|c| c.markers.contains(&Marker::Start));
    let road_from = rows.iter().take_while(|r| is_start(r)).count();
    if line == 0 || road_from >= line {
        return course.clone();
    }
    // The rows before the line, in units: a tile's rows together, a row of no tile alone.
    let mut units: Vec<(usize, usize)> = Vec::new();
    for r in road_from..line {
        match units.last_mut() {
            Some((_, end)) if rows[r].tile.is_some() && rows[r].tile == rows[r - 1].tile => {
                *end = r + 1
            }
            _ => units.push((r, r + 1)),
        }
    }
    // The tile the line is on stays, so the finish looks as it does on the road stage.
    let Some(last) = units.pop() else {
        return course.clone();
    };
    let mut kept: Vec<Row> = rows[..road_from].to_vec();
    for (i, &(from, to)) in units.iter().enumerate() {
        // Spread what is kept along the road: unit i stays when the running share passes a
        // whole number, so the course keeps its climbs and flats in proportion.
        if (i + 1) * num / den > i * num / den {
            kept.extend(rows[from..to].iter().cloned());
        }
    }
    kept.extend(rows[last.0..last.1].iter().cloned());
    let finish_row = kept.len() as u16;
    kept.extend(rows[line..].iter().cloned());
    // No points in a time trial (HB-066): sprint lines go; a climb cut short is measured again.
    for row in &mut kept {
        for cell in &mut row.cells {
            cell.markers.retain(|m| !matches!(m, Marker::Sprint { .. }));
        }
    }
    for r in 0..kept.len() {
        let length = (0..=r)
            .rev()
            .take_while(|&k| kept[k].terrain() == Terrain::Uphill)
            .count() as u16;
        for cell in &mut kept[r].cells {
            for m in &mut cell.markers {
                if let Marker::Summit { length: l, .. } = m {
                    *l = length.max(1);
                }
            }
        }
    }
    Course::new(course.name.clone(), kept, finish_row)
}

/// The state of a house-B time trial while it is ridden.
#[derive(Debug, Clone)]
pub(crate) struct Trial {
    pub kind: TimeTrialB,
    /// Per rider, the round it sets off in.
    pub sets_off: Vec<u32>,
    /// Per rider, whether the card it keeps this round is its hand's highest (HB-051).
    pub highest: Vec<bool>,
    /// The start area, front first: where starters set off from and the queue waits.
    pub cells: Vec<Pos>,
}

impl Trial {
    /// The start order (QB-18): riders listed last set off first; a team trial sends teams,
    /// the team whose best-placed rider is listed last first.
    pub fn new(kind: TimeTrialB, teams: &[Seat], cells: Vec<Pos>) -> Trial {
        let n = teams.len();
        let sets_off = match kind {
            TimeTrialB::Individual => (0..n).map(|i| (n - i) as u32).collect(),
            TimeTrialB::Team => {
                // Teams by their best-placed rider (first listed), then reversed.
                let mut order: Vec<Seat> = Vec::new();
                for &t in teams {
                    if !order.contains(&t) {
                        order.push(t);
                    }
                }
                order.reverse();
                teams
                    .iter()
                    .map(|t| order.iter().position(|o| o == t).unwrap_or(0) as u32 + 1)
                    .collect()
            }
        };
        Trial {
            kind,
            sets_off,
            highest: vec![false; n],
            cells,
        }
    }

    pub fn started(&self, rider: RiderIdx, round: u32) -> bool {
        self.sets_off[rider as usize] <= round
    }
}

/// Sets off the riders whose round has come: each takes the front free cell of the start area
/// and joins the road; the riders still waiting close up behind them.
pub(crate) fn set_off(stage: &mut Stage, events: &mut Vec<Event>) {
    let Some(trial) = &stage.b_trial else { return };
    let round = stage.round;
    let starters: Vec<RiderIdx> = (0..stage.riders.len() as RiderIdx)
        .filter(|&r| trial.sets_off[r as usize] == round)
        .collect();
    let cells = trial.cells.clone();
    let mut waiting: Vec<RiderIdx> = (0..stage.riders.len() as RiderIdx)
        .filter(|&r| trial.sets_off[r as usize] > round)
        .collect();
    waiting.sort_by_key(|&r| trial.sets_off[r as usize]);
    let free: Vec<Pos> = cells
        .iter()
        .copied()
        .filter(|&c| stage.board.at(c).is_none())
        .collect();
    let mut free = free.into_iter();
    for &r in &starters {
        if let Some(cell) = free.next() {
            stage.board.put(cell, r);
            stage.riders[r as usize].pos = cell;
        }
    }
    // The queue stands behind the starters, off the road; past the last cell it stacks there.
    let taken = starters.len();
    for (k, &r) in waiting.iter().enumerate() {
        let cell = cells
            .get(taken + k)
            .or(cells.last())
            .copied()
            .unwrap_or(stage.riders[r as usize].pos);
        stage.riders[r as usize].pos = cell;
    }
    if !starters.is_empty() {
        events.push(Event::TimeTrialStart {
            round,
            riders: starters,
        });
    }
}

/// Round 1's starters set off with the stage's opening, which no choice brings about.
pub(crate) fn open(stage: &mut Stage) {
    let mut opening = Vec::new();
    set_off(stage, &mut opening);
    stage.conditions.opening.extend(opening);
}

/// HB-051, HB-055: one exhaustion card (weather permitting more) to a rider that kept its hand's
/// highest card. Returns the cards dealt.
pub(crate) fn deal_highest(
    conditions: &Conditions,
    (index, rider): (RiderIdx, &mut Rider),
    real_cards: bool,
    events: &mut Vec<Event>,
) -> u16 {
    let level = conditions.weather.unwrap_or(weather::START_LEVEL);
    let cards = weather::cards(level, 1);
    let on_top = weather::on_top(level);
    rider.exhaustion_taken += cards;
    if real_cards {
        for _ in 0..cards {
            if on_top {
                rider.deck.push(Card::Exhaustion);
            } else {
                rider.recycle.push(Card::Exhaustion);
            }
        }
    }
    events.push(Event::HighestCardTired {
        rider: index,
        cards,
    });
    cards
}

/// A rider's time once across (HB-053), `None` before.
pub fn rider_time(stage: &Stage, rider: RiderIdx) -> Option<u32> {
    let (_, at) = stage.crossed(rider)?;
    let rows_past = at.row + 1 - stage.course().finish_row();
    Some(time_secs(stage.cards_played(rider).len() as u32, rows_past))
}

/// HB-057: a team's time is its last rider's across; `None` until every rider of the team is
/// across.
pub fn team_time(stage: &Stage, seat: Seat) -> Option<u32> {
    stage
        .team_riders(seat)
        .iter()
        .map(|&r| rider_time(stage, r))
        .collect::<Option<Vec<u32>>>()?
        .into_iter()
        .max()
}

/// The stage ranking of a house-B time trial: by time (a team trial: by team time, then the
/// rider's own), then by start order; riders not yet across after them.
pub(crate) fn finish_order(stage: &Stage, kind: TimeTrialB) -> Vec<RiderIdx> {
    let mut order: Vec<RiderIdx> = (0..stage.riders.len() as RiderIdx).collect();
    let time = |r: RiderIdx| rider_time(stage, r).unwrap_or(u32::MAX);
    let sets_off = |r: RiderIdx| stage.b_trial.as_ref().map_or(0, |t| t.sets_off[r as usize]);
    order.sort_by_key(|&r| {
        let team = stage.setup.riders[r as usize].team;
        let first = match kind {
            TimeTrialB::Individual => time(r),
            TimeTrialB::Team => team_time(stage, team).unwrap_or(u32::MAX),
        };
        (first, time(r), sets_off(r), r)
    });
    order
}

/// The trial ends when every rider is across (QB-18, QB-19).
pub(crate) fn over(stage: &Stage) -> bool {
    stage.riders.iter().all(|r| !r.racing())
}

/// A bot for house rules B's time trials: the hand's highest card costs an exhaustion card, so
/// it keeps the furthest-going card short of the top unless the top goes two rows further, or
/// the line is in reach.
#[derive(Debug, Clone, Copy, Default)]
pub struct TimeTrialBBot;

impl Policy for TimeTrialBBot {
    fn choose(&mut self, stage: &Stage, _seat: Seat, options: &[Choice]) -> Choice {
        let keeps: Vec<(RiderIdx, Card)> = options
            .iter()
            .filter_map(|c| match *c {
                Choice::Keep { rider, card } => Some((rider, card)),
                _ => None,
            })
            .collect();
        let Some(&(rider, _)) = keeps.first() else {
            return *options
                .iter()
                .find(|c| matches!(c, Choice::Draw { .. }))
                .unwrap_or(&options[0]);
        };
        let to_line = stage.course().rows_to_line(stage.position(rider).row);
        let reach = |c: Card| stage.reach(rider, c);
        let furthest = |cards: &mut dyn Iterator<Item = Card>| {
            cards.max_by_key(|&c| (reach(c), std::cmp::Reverse(c.value())))
        };
        let hand = stage.hand(rider);
        let top = keeps.iter().map(|k| k.1).max_by_key(|c| c.value());
        let best = furthest(&mut keeps.iter().map(|k| k.1));
        let below = furthest(&mut keeps.iter().map(|k| k.1).filter(|&c| !is_highest(hand, c)));
        let card = match (best, below) {
            (Some(b), _) if reach(b) >= to_line => b,
            (Some(b), Some(l)) if reach(b) >= reach(l) + 2 => b,
            (_, Some(l)) => l,
            (Some(b), None) => b,
            (None, None) => top.unwrap_or(Card::Exhaustion),
        };
        Choice::Keep { rider, card }
    }
}
