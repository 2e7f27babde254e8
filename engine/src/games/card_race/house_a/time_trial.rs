//! House rules A's time trials (HA-040…HA-049): lighter decks, a third of the exhaustion in and
//! out, everyone in the same rounds on a road of its own (or its team's), exhaustion for the
//! round's highest card, time by cards played.
//!
//! Source: seed 001, "Règles contre la montre" with "Individuel" and "Par équipe". Rulings:
//! QA-21 (which cards go, thirds rounded down), QA-22 (a mass start: riders of other teams are
//! not on your road), QA-23 (exhaustion: one rider a round, ties to the rider furthest up the
//! road), QA-24 (the bot's biggest card), QA-25 (team time).

use crate::course::Pos;
use crate::game::Seat;
use crate::games::card_race::board::Board;
use crate::games::card_race::bot::Policy;
use crate::games::card_race::cards::Card;
use crate::games::card_race::events::RiderIdx;
use crate::games::card_race::movement::{destination, exposed, leave, slipstream_except};
use crate::games::card_race::setup::StageSetup;
use crate::games::card_race::stage::{Choice, Stage};
use serde::{Deserialize, Serialize};

/// Option `time_trial`: this stage is a time trial, by house rules A.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeTrial {
    /// Individual: every rider on its own road (HA-046, HA-047).
    Individual,
    /// Team: each team on its own road (HA-048, HA-049).
    Team,
}

/// HA-043: a minute a card played.
pub const SECONDS_PER_CARD: u32 = 60;
/// HA-043: ten seconds off for every row ridden past the line.
pub const SECONDS_PER_ROW_PAST: u32 = 10;

/// HA-040 (QA-21): the deck loses one card of each energy value it holds; exhaustion cards
/// are no value of the deck and all stay.
pub fn lighten(deck: &mut Vec<Card>) {
    let mut seen: Vec<Card> = Vec::new();
    deck.retain(|&c| {
        if c.is_exhaustion() || seen.contains(&c) {
            return true;
        }
        seen.push(c);
        false
    });
}

/// HA-041, HA-042 (QA-21): a third of the exhaustion cards, rounded down.
pub fn third(exhaustion: u16) -> u16 {
    exhaustion / 3
}

/// A time-trial deck: the rider's deck lightened (HA-040), with a third of the exhaustion cards
/// it carried out of the previous stage (HA-041).
pub fn starting_deck(mut energy: Vec<Card>, carried_exhaustion: u16) -> Vec<Card> {
    lighten(&mut energy);
    energy.extend(std::iter::repeat_n(
        Card::Exhaustion,
        third(carried_exhaustion) as usize,
    ));
    energy
}

/// HA-043: a rider's time in seconds, from the cards it played and the rows it stands past the
/// line (1 on the first row after the line).
pub fn time_secs(cards_played: u32, rows_past: u16) -> u32 {
    (SECONDS_PER_CARD * cards_played).saturating_sub(SECONDS_PER_ROW_PAST * rows_past as u32)
}

/// A rider's time once across the line (HA-043).
pub fn rider_time(stage: &Stage, rider: RiderIdx) -> Option<u32> {
    let (_, at) = stage.crossed(rider)?;
    let rows_past = at.row + 1 - stage.course().finish_row();
    Some(time_secs(stage.cards_played(rider).len() as u32, rows_past))
}

/// QA-25: a team's time in a team time trial is its first rider's across; each rider of the
/// team gets it. `None` while no rider of the team is across.
pub fn team_time(stage: &Stage, seat: Seat) -> Option<u32> {
    stage
        .team_riders(seat)
        .iter()
        .filter_map(|&r| stage.crossed(r).map(|(round, at)| (round, at, r)))
        .min_by_key(|&(round, at, _)| (round, std::cmp::Reverse(at.row), at.lane))
        .and_then(|(_, _, r)| rider_time(stage, r))
}

/// HA-044 (QA-22): a mass start. In an individual time trial every rider starts on the front
/// row of the start area, riders listed first (the reverse general classification, as the tour
/// lists them) on the right; in a team time trial each team lays its riders on the start grid
/// from the front, each team on its own road.
pub(crate) fn starts(setup: &StageSetup, tt: TimeTrial) -> Vec<Pos> {
    let cells = setup.course.start_cells();
    let Some(front) = cells.first() else {
        return setup.riders.iter().map(|r| r.start).collect();
    };
    let width = setup.course.width(front.row).max(1);
    let mut placed = vec![0usize; setup.teams.len()];
    setup
        .riders
        .iter()
        .enumerate()
        .map(|(i, r)| match tt {
            TimeTrial::Individual => Pos::new(front.row, (i % width as usize) as u8),
            TimeTrial::Team => {
                let k = placed[r.team as usize];
                placed[r.team as usize] += 1;
                cells.get(k).copied().unwrap_or(r.start)
            }
        })
        .collect()
}

/// The roads of a round: each racing rider alone, or each team's racing riders, front first.
fn roads(stage: &Stage, tt: TimeTrial, order: &[RiderIdx]) -> Vec<Vec<RiderIdx>> {
    match tt {
        TimeTrial::Individual => order.iter().map(|&r| vec![r]).collect(),
        TimeTrial::Team => (0..stage.setup().teams.len() as Seat)
            .map(|seat| {
                order
                    .iter()
                    .copied()
                    .filter(|&r| stage.setup().riders[r as usize].team == seat)
                    .collect()
            })
            .collect(),
    }
}

fn board_of(stage: &Stage, road: &[RiderIdx], positions: &[Pos]) -> Board {
    let mut board = Board::new(stage.course());
    for &r in road {
        board.put(positions[r as usize], r);
    }
    board
}

/// One rider's move: (rider, card, from, to, distance).
pub(crate) type Move = (RiderIdx, Card, Pos, Pos, u16);

/// The movement phase of a time trial: each road front to back, blocking only on its own
/// road (QA-22).
pub(crate) fn move_riders(
    stage: &Stage,
    tt: TimeTrial,
    order: &[RiderIdx],
    card: &dyn Fn(RiderIdx) -> Card,
    positions: &mut [Pos],
) -> Vec<Move> {
    let course = stage.course();
    let mut moves = Vec::with_capacity(order.len());
    for road in roads(stage, tt, order) {
        let mut board = board_of(stage, &road, positions);
        for &i in &road {
            let c = card(i);
            let from = positions[i as usize];
            let distance = stage.reach_from(i, from.row, c);
            let to = match destination(course, &board, from, distance) {
                // Alone on its road, a rider keeps its lane, so riders sharing a row stay
                // side by side on the board as they started.
                Some(to) if tt == TimeTrial::Individual => {
                    let to = Pos::new(to.row, from.lane.min(course.width(to.row) - 1));
                    board.take(from);
                    board.put(to, i);
                    positions[i as usize] = to;
                    to
                }
                Some(to) => {
                    leave(&mut board, positions, course, from);
                    board.put(to, i);
                    positions[i as usize] = to;
                    to
                }
                None => from,
            };
            moves.push((i, c, from, to, distance));
        }
    }
    moves.sort_by_key(|m| order.iter().position(|&o| o == m.0));
    moves
}

/// The end phase of a time trial: the slipstream moves made and the riders who take an
/// exhaustion card.
///
/// `played`: every rider who played a card this round, in race order after the moves, those who
/// crossed the line in it included; `order`: the riders still racing, in race order.
///
/// Individual (HA-046, QA-23): no slipstream and no exhaustion for riding in front; one rider
/// takes an exhaustion card, the one who played the round's highest card, in the round it crosses
/// the line too (seed 001, "Individuel": "celui qui joue la plus grosse carte à chaque tour" takes
/// one; the round a rider crosses is one of its rounds). Ruling QA-23 on ties: when several riders
/// played a card of that value, only the one furthest up the road after the moves takes it (race
/// order: furthest row, then lane 0, then the rider listed first). The seed names one rider, and
/// a card for every tied rider turns the trial into a spiral: every rider down to exhaustion
/// cards ties on 2 and takes another, round after round. Team (HA-048): slipstream and exhaustion
/// for riding in front as in a road stage, within each team.
pub(crate) fn end_phase(
    stage: &Stage,
    tt: TimeTrial,
    (played, order): (&[RiderIdx], &[RiderIdx]),
    card: &dyn Fn(RiderIdx) -> Card,
    positions: &mut [Pos],
) -> (Vec<(RiderIdx, Pos, Pos)>, Vec<RiderIdx>) {
    let course = stage.course();
    match tt {
        TimeTrial::Individual => (Vec::new(), highest_card(played, card).into_iter().collect()),
        TimeTrial::Team => {
            let mut moved = Vec::new();
            let mut tired = Vec::new();
            for road in roads(stage, tt, order) {
                let Some(rearmost) = road.iter().map(|&r| positions[r as usize].row).min() else {
                    continue;
                };
                let mut board = board_of(stage, &road, positions);
                // A Meteo crosswind tile stills the slipstream in a team's road too (MET-1).
                moved.extend(slipstream_except(
                    course,
                    &mut board,
                    positions,
                    rearmost,
                    &|row| stage.conditions.stills_slipstream(row),
                ));
                tired.extend(
                    road.iter()
                        .copied()
                        .filter(|&r| exposed(course, &board, positions[r as usize])),
                );
            }
            tired.sort_by_key(|t| order.iter().position(|o| o == t));
            (moved, tired)
        }
    }
}

/// HA-046 (QA-23): the rider who played the round's highest card; of riders tied on it, the
/// first of `played` (race order after the moves).
pub(crate) fn highest_card(
    played: &[RiderIdx],
    card: &dyn Fn(RiderIdx) -> Card,
) -> Option<RiderIdx> {
    let highest = played.iter().map(|&r| card(r).value()).max()?;
    played.iter().copied().find(|&r| card(r).value() == highest)
}

/// HA-047: an individual time trial ends when every rider is across; HA-049: a team time trial
/// once every team has a rider across.
pub(crate) fn over(stage: &Stage, tt: TimeTrial) -> bool {
    let across = |r: &RiderIdx| stage.crossed(*r).is_some();
    match tt {
        TimeTrial::Individual => (0..stage.setup().riders.len() as RiderIdx).all(|r| across(&r)),
        TimeTrial::Team => (0..stage.setup().teams.len() as Seat)
            .all(|seat| stage.team_riders(seat).iter().any(across)),
    }
}

/// HA-045 (QA-24): in a time trial a bot plays its highest card as the terrain lets it count:
/// the card that goes furthest, and of those the biggest (seed 001, "Règles contre la montre":
/// the bots always play their biggest card, the climb and descent rules still applying to it).
/// So a 7 capped to 5 on a climb is played before a 5, and on a supply row, where 2, 3 and an
/// exhaustion card all ride 4 rows, the 3 is played. Of an energy 2 and an exhaustion card,
/// both worth 2, the energy card. Riders draw front first.
#[derive(Debug, Clone, Copy, Default)]
pub struct TimeTrialBot;

impl Policy for TimeTrialBot {
    fn choose(&mut self, stage: &Stage, _seat: Seat, options: &[Choice]) -> Choice {
        *options
            .iter()
            .max_by_key(|c| match **c {
                Choice::Draw { rider } => {
                    let p = stage.position(rider);
                    (p.row, 0, std::cmp::Reverse(rider as u16))
                }
                Choice::Keep { rider, card } => (
                    stage.reach(rider, card),
                    card.value(),
                    std::cmp::Reverse(card.is_exhaustion() as u16),
                ),
                // Never offered in a time trial (HA-030 there has no time to give; house rules
                // B's attack search and musettes are not ridden in one; no breakaway auction
                // before one).
                Choice::Quit { .. }
                | Choice::Turn { .. }
                | Choice::Musette { .. }
                | Choice::Gamble { .. }
                | Choice::Side { .. }
                | Choice::BidDraw { .. }
                | Choice::Bid { .. }
                | Choice::BidBlind { .. }
                | Choice::BidPass { .. } => (0, 0, std::cmp::Reverse(u16::MAX)),
            })
            .expect("options are never empty")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deck(values: &[(u8, usize)]) -> Vec<Card> {
        values
            .iter()
            .flat_map(|&(v, n)| std::iter::repeat_n(Card::Energy(v), n))
            .collect()
    }

    fn total(d: &[Card]) -> u32 {
        d.iter().map(|c| c.value() as u32).sum()
    }

    /// TV-02: the decks after losing one card of each value.
    #[test]
    fn ha_040_tv_02_time_trial_decks() {
        use super::super::Profile::*;
        for (cards, n, sum) in [
            (deck(&[(7, 3), (6, 3), (5, 3), (4, 3), (3, 3)]), 10, 50),
            (deck(&[(9, 3), (6, 3), (4, 3), (3, 3), (2, 3)]), 10, 48),
            (deck(&[(9, 3), (5, 3), (4, 3), (3, 3), (2, 3)]), 10, 46),
            (deck(&[(7, 3), (6, 3), (4, 3), (3, 3), (2, 3)]), 10, 44),
            (Grimpeur.energy_cards(), 10, 46),
            (Puncheur.energy_cards(), 10, 48),
            (Polyvalent.energy_cards(), 8, 34),
            (Domestique.energy_cards(), 10, 40),
            (SpecialistBaroudeur.energy_cards(), 9, 45),
            (SpecialistSprinteur.energy_cards(), 10, 52),
            (SpecialistGrimpeur.energy_cards(), 10, 50),
        ] {
            let mut d = cards.clone();
            lighten(&mut d);
            assert_eq!((d.len(), total(&d)), (n, sum), "{cards:?}");
        }
        let mut with_e = deck(&[(7, 3)]);
        with_e.extend([Card::Exhaustion; 2]);
        lighten(&mut with_e);
        assert_eq!(
            with_e.len(),
            4,
            "exhaustion cards are not a value of the deck"
        );
    }

    /// TV-09.3 and 9.4: a third in, a third out, rounded down.
    #[test]
    fn ha_041_ha_042_tv_09_thirds() {
        assert_eq!(third(7), 2);
        assert_eq!(third(4), 1);
        assert_eq!(third(2), 0);
        let d = starting_deck(deck(&[(7, 3), (6, 3)]), 7);
        assert_eq!(d.iter().filter(|c| c.is_exhaustion()).count(), 2);
        assert_eq!(d.len(), 4 + 2);
    }

    /// TV-09.2: 14 cards, 2 rows past the line: 13:40.
    #[test]
    fn ha_043_tv_09_time_by_cards_and_rows_past() {
        assert_eq!(time_secs(14, 2), 820);
        assert_eq!(time_secs(10, 0), 600);
    }
}
