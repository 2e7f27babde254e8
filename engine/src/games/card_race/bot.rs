//! Bot policies: who plays an empty seat, or a player whose deadline ran out.
//!
//! Both choose only among the options of `Stage::legal_choices`, so a bot can never play an
//! illegal card.

use super::cards::{Card, RiderKind};
use super::events::{Event, RiderIdx};
use super::house_b;
use super::stage::{Choice, RuleError, Stage};
use crate::course::Terrain;
use crate::game::{Ruleset, Seat};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

pub trait Policy {
    /// Picks one of `options` (never empty) for `seat`.
    fn choose(&mut self, stage: &Stage, seat: Seat, options: &[Choice]) -> Choice;

    /// The choice `choose` would make for a team keeping a card from the hand `rider` drew
    /// ([`Stage::drawn_rider`]), when the policy can tell from the hand alone: the runners below
    /// then skip listing the options, most of the work of a choice. `None` (the default) asks
    /// `choose` with the options.
    fn keep_from_hand(&mut self, _stage: &Stage, _seat: Seat, _rider: RiderIdx) -> Option<Choice> {
        None
    }

    /// Whether, offered draws, the policy always draws the first rider offered: the runners
    /// below then skip listing them ([`Stage::first_to_draw`]). False by default.
    fn draws_first(&self) -> bool {
        false
    }
}

/// The next choice of a seat under a policy, or `None` when the seat has none to make now.
fn next_choice(
    stage: &Stage,
    seat: Seat,
    policy: &mut dyn Policy,
    options: &mut Vec<Choice>,
) -> Option<Choice> {
    if let Some(choice) = stage
        .drawn_rider(seat)
        .and_then(|rider| policy.keep_from_hand(stage, seat, rider))
    {
        return Some(choice);
    }
    if policy.draws_first()
        && let Some(first) = stage.first_to_draw(seat)
    {
        return first.map(|rider| Choice::Draw { rider });
    }
    stage.legal_choices_into(seat, options);
    (!options.is_empty()).then(|| policy.choose(stage, seat, options))
}

/// A rider-by-rider heuristic that plays like a careful human:
/// - takes the line with the card that goes furthest when one can reach it;
/// - values distance, but spends high cards reluctantly (each played card leaves the deck);
/// - never wastes a card the climb cap would cut (a 7 on a climb moves 5: play the 5);
/// - sheds exhaustion cards when the terrain makes them worth more (a descent turns an E into 5);
/// - keeps the sprinteur's 9s for the finish, unless it is dropped by the head of the race.
#[derive(Debug, Clone, Copy, Default)]
pub struct SensibleBot;

/// Rows from the line within which the sprinteur starts to spend its 9s.
const SPRINT_RESERVE_ROWS: u16 = 18;

/// A sprinteur further than this behind the head of the race spends its 9s to get back.
const DROPPED_ROWS: u16 = 4;

/// Off the climbs, with a climb at most `CLIMB_SOON` rows ahead, a card the climbs do not cap
/// costs this much for each point it has over `CLIMB_CARD_FROM`. Measured over 600 mountain
/// stages of four bot teams: house-B grimpeurs first over 421 summits instead of 170.
const CLIMB_CARD_KEPT: f32 = 2.0;
const CLIMB_CARD_FROM: u16 = 6;
const CLIMB_SOON: u16 = 20;

impl SensibleBot {
    /// Rows between a rider and the foremost rider still racing.
    fn gap_to_front(stage: &Stage, rider: u8) -> u16 {
        let row = stage.position(rider).row;
        (0..stage.setup().riders.len() as u8)
            .filter(|&r| stage.crossed(r).is_none())
            .map(|r| stage.position(r).row)
            .max()
            .unwrap_or(row)
            .saturating_sub(row)
    }

    fn score(stage: &Stage, rider: u8, card: Card) -> f32 {
        // House rules B's attack card searches the pile for a card of 5 or more: scored as a 6
        // played without spending one.
        if card.is_attack() {
            return Self::score(stage, rider, Card::Energy(6)) + 0.5 * 6.0;
        }
        let course = stage.course();
        let pos = stage.position(rider);
        let kind = stage.setup().riders[rider as usize].kind;
        let distance = stage.reach(rider, card);
        let value = card.value() as f32;
        let d = distance as f32;
        let mut score = d - 0.5 * value;
        if d < value {
            score -= 1.0 * (value - d);
        }
        if card.is_exhaustion() {
            score += 1.5;
        }
        // A 7 the climb rule spares gains 2 rows on a climb: keep it for the climb ahead rather
        // than spend it on the flat (the grimpeur's 7s, HB-009, HA-004, HA-005). A spared 6
        // gains one row only: not worth riding slower for.
        if card.value() as u16 > CLIMB_CARD_FROM
            && stage.uncapped(rider, card)
            && course.terrain(pos.row) != Terrain::Uphill
            && course.uphill_ahead(pos.row).is_some_and(|j| {
                distance < j && j <= CLIMB_SOON && j < course.rows_to_line(pos.row)
            })
        {
            score -= CLIMB_CARD_KEPT * (card.value() as u16 - CLIMB_CARD_FROM) as f32;
        }
        if kind == RiderKind::Sprinteur
            && card == Card::Energy(9)
            && course.rows_to_line(pos.row) > SPRINT_RESERVE_ROWS
            && Self::gap_to_front(stage, rider) <= DROPPED_ROWS
        {
            score -= 4.0;
        }
        score
    }
}

impl Policy for SensibleBot {
    fn choose(&mut self, stage: &Stage, seat: Seat, options: &[Choice]) -> Choice {
        if let Some(bid) = super::house_a::auction::bot_bid(stage, seat, options) {
            return bid;
        }
        // A domestique rides on: quitting (HA-030) is for a director to choose.
        // Nor does it gamble on a steep descent (HB-006): a fall costs more than a row gains.
        // At the fictive start `Turn` swaps the attack card for another (HB-044): the bot keeps
        // a card instead.
        let searching = stage.attack_search().is_some();
        let riding: Vec<Choice> = options
            .iter()
            .copied()
            .filter(|c| match c {
                Choice::Quit { .. } | Choice::Gamble { .. } | Choice::Side { .. } => false,
                Choice::Turn { .. } => searching,
                _ => true,
            })
            .collect();
        let options: &[Choice] = if riding.is_empty() { options } else { &riding };
        // House rules B's attack search (HB-018): keep a card worth the attack, else turn on.
        if let Some((rider, card)) = stage.attack_search() {
            let turn = options.iter().find(|c| matches!(c, Choice::Turn { .. }));
            return match turn {
                Some(t) if !house_b::ghost::keeps_in_search(card) => *t,
                _ => Choice::Keep { rider, card },
            };
        }
        // A musette is two more cards to choose from (HB-048): open it at once.
        if let Some(m) = options.iter().find(|c| matches!(c, Choice::Musette { .. })) {
            return *m;
        }
        let course = stage.course();
        let Some(Choice::Keep { rider, .. }) = options.first().copied() else {
            // Drawing: the rider furthest ahead first; the order changes nothing else.
            return *options
                .iter()
                .max_by_key(|c| {
                    let p = stage.position(c.rider());
                    (
                        p.row,
                        std::cmp::Reverse(p.lane),
                        std::cmp::Reverse(c.rider()),
                    )
                })
                .expect("options are never empty");
        };
        let pos = stage.position(rider);
        let to_line = course.rows_to_line(pos.row);
        let card_of = |c: &Choice| match c {
            Choice::Keep { card, .. } => *card,
            _ => unreachable!("a team's options are all draws or all keeps"),
        };
        let reach = |c: Card| stage.reach(rider, c);
        // The finish in reach: go furthest, with the cheapest card that does it.
        if options.iter().any(|c| reach(card_of(c)) >= to_line) {
            return *options
                .iter()
                .max_by_key(|c| {
                    let card = card_of(c);
                    (
                        reach(card),
                        std::cmp::Reverse(card.value()),
                        card.is_exhaustion(),
                    )
                })
                .expect("options are never empty");
        }
        let mut best = options[0];
        let mut best_score = f32::MIN;
        for option in options {
            let s = Self::score(stage, rider, card_of(option));
            if s > best_score {
                best = *option;
                best_score = s;
            }
        }
        best
    }
}

/// Uniformly random among the legal options, from its own seeded stream: for tests.
#[derive(Debug, Clone)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: crate::rng::stream(seed, u64::MAX),
        }
    }
}

impl Policy for RandomBot {
    fn choose(&mut self, _stage: &Stage, _seat: Seat, options: &[Choice]) -> Choice {
        options[self.rng.random_range(0..options.len())]
    }
}

/// Plays every decision a seat owes at this moment (one round's worth at most).
pub fn play_seat(
    stage: &mut Stage,
    seat: Seat,
    policy: &mut dyn Policy,
) -> Result<Vec<Event>, RuleError> {
    let mut events = Vec::new();
    let mut options = Vec::new();
    let round = stage.round();
    loop {
        if stage.round() != round {
            return Ok(events);
        }
        let Some(choice) = next_choice(stage, seat, policy, &mut options) else {
            return Ok(events);
        };
        stage.apply_into(seat, &choice, &mut events)?;
    }
}

/// What `play_stage` reserves for each rider of the stage.
const CHOICES_PER_RIDER: usize = 40;
const EVENTS_PER_RIDER: usize = 80;

/// The choices of a stage in the order they were made: with the setup and seed, all a replay needs.
pub type ChoiceLog = Vec<(Seat, Choice)>;

/// Plays a whole stage with one policy for every seat, returning the choices made and the events.
pub fn play_stage(
    stage: &mut Stage,
    policy: &mut dyn Policy,
) -> Result<(ChoiceLog, Vec<Event>), RuleError> {
    // Room for a usual stage (a rider makes about 35 choices and 70 events in one), so the
    // lists seldom grow: growing a list of events copies it and makes the allocator tidy up.
    let riders = stage.setup().riders.len();
    let mut log = Vec::with_capacity(riders * CHOICES_PER_RIDER);
    let mut events = Vec::with_capacity(riders * EVENTS_PER_RIDER);
    // One list of options for the whole stage, refilled for every choice.
    let mut options = Vec::new();
    let teams = stage.setup().teams.len() as Seat;
    while !stage.is_over() {
        for seat in 0..teams {
            loop {
                let round = stage.round();
                let Some(choice) = next_choice(stage, seat, policy, &mut options) else {
                    break;
                };
                stage.apply_into(seat, &choice, &mut events)?;
                log.push((seat, choice));
                if stage.round() != round || stage.is_over() {
                    break;
                }
            }
        }
    }
    Ok((log, events))
}
