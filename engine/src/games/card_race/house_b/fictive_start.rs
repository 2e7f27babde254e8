//! House rules B's fictive start (seed 004, EFFETS DE COURSE – Départ fictif; HB-038…HB-045):
//! the neutralised roll-out behind the flag. Option `fictive_start = true`, on under the named
//! rules `house-b`, since seed 004 starts its races this way.
//!
//! The stage opens with a round 0. When the grid is set, each rider with nobody ahead of it
//! takes an exhaustion card (HB-038). Then every rider draws two cards and rides one of them
//! (HB-039) under the ordinary movement rules, blocking and falls included (QB-10); a rider
//! that ends past the start line takes an exhaustion card for each row beyond it (HB-040, the
//! first row beyond counting 1). Slipstream and the end phase's exhaustion follow, under the
//! wind and weather in play (HB-041). Both cards drawn go face up under the draw pile: the
//! roll-out spends no card and counts for no time (HB-043). Round 1 starts from there.
//!
//! Our rulings (QB-14): the grid is the order the riders are given in (a tour lays them in
//! general-classification order, leader in front, which is the seed's "best placed first"), and
//! riders move front first, which is that same order. Every rider picks its card in the same
//! energy phase, as in any round; moving front first, a rider would only have seen the moves of
//! the riders ahead of it.
//!
//! Yellow cells (HB-042, QB-15): the seed never says which cells are yellow, and they cannot be
//! the grid's rows (HB-038 would never bite), so a course marks whole rows `neutral = [...]`
//! and none is neutral unless marked. A rider on one neither gives nor takes slipstream (the
//! row is stilled as a crosswind token stills it) and takes no positional exhaustion: neither
//! the grid's card nor the end phase's. The exhaustion for rows ridden past the start line
//! (HB-040) is not positional and is still paid. Under QB-15 the rows stay neutral through the
//! race that follows.
//!
//! The attack card (HB-044, QB-16; with `attack_card = true`): a rider that draws it may keep
//! it, and then searches its draw pile as an attacker does in a round (HB-018, rearmost first,
//! before the others ride), the attack card leaving the game; or it may draw another card in
//! its place ("Turn the next card"), the attack card going face up under the draw pile with the
//! others. The replacement is drawn before the attack card goes under the pile, so it is never
//! the attack card again. Both are options of the fictive start's hand, beside its cards.

use super::super::cards::Card;
use super::super::events::{Event, RiderIdx};
use super::super::movement::{exposed, leave, slipstream_except};
use super::super::stage::{Choice, RiderRound, Stage};
use super::weather;
use crate::course::Pos;
use crate::game::Seat;
use crate::games::card_race::setup::Hands;
use std::sync::Arc;

/// HB-039: two cards drawn at the fictive start.
pub const HAND: usize = 2;

/// The round the fictive start is ridden in, before round 1.
pub const ROUND: u32 = 0;

/// The first row beyond the start line: the row ahead of the front of the grid.
pub fn start_line(stage: &Stage) -> u16 {
    stage
        .course()
        .start_cells()
        .first()
        .map_or(0, |p| p.row + 1)
}

/// HB-040 (TV-21): exhaustion cards for ending on `row`, the first row beyond the line costing 1.
pub fn past_line_cards(line: u16, row: u16) -> u16 {
    if row >= line { row - line + 1 } else { 0 }
}

/// Exhaustion to one rider, as house rules B's weather wants it (QB-11: every award).
fn award(stage: &mut Stage, rider: RiderIdx, base: u16) -> (u16, bool) {
    let level = stage.conditions.weather.unwrap_or(weather::START_LEVEL);
    let cards = weather::cards(level, base);
    let on_top = weather::on_top(level);
    let real = stage.setup.options.hands == Hands::Deal;
    let r = &mut stage.riders[rider as usize];
    r.exhaustion_taken += cards;
    if real {
        for _ in 0..cards {
            if on_top {
                r.deck.push(Card::Exhaustion);
            } else {
                r.recycle.push(Card::Exhaustion);
            }
        }
    }
    (cards, on_top)
}

/// HB-038: once the grid is set, the riders with nobody ahead take an exhaustion card. Told
/// with the stage's opening, since no choice brings it about.
pub(crate) fn grid(stage: &mut Stage) {
    let course = Arc::clone(&stage.setup.course);
    stage.conditions.neutral = course.neutral_rows();
    let exposed_riders: Vec<RiderIdx> = stage
        .race_order()
        .into_iter()
        .filter(|&i| {
            let at = stage.riders[i as usize].pos;
            exposed(&course, &stage.board, at) && !course.is_neutral(at.row)
        })
        .collect();
    for &i in &exposed_riders {
        award(stage, i, 1);
    }
    stage.conditions.opening.push(Event::FictiveStartGrid {
        exposed: exposed_riders,
    });
}

/// HB-044 (QB-16): the option a seat has beside the cards of its rider's fictive-start hand
/// when the attack card is among them: draw another card in its place.
pub(crate) fn attack_exception(stage: &Stage, seat: Seat) -> Option<Choice> {
    if !stage.in_fictive_start()
        || !stage.setup.options.house_b.attack_card
        || stage.setup.options.hands != Hands::Deal
        || stage.attacks.is_some()
    {
        return None;
    }
    let rider = stage.drawing.get(seat as usize).copied().flatten()?;
    let r = &stage.riders[rider as usize];
    (r.kept.is_none() && r.hand.contains(&Card::Attack)).then_some(Choice::Turn { rider })
}

/// HB-044 (QB-16 b): another card drawn in place of the attack card, which goes face up under
/// the draw pile with the rest of the hand to come (HB-043).
pub(crate) fn redraw(stage: &mut Stage, rider: RiderIdx, events: &mut Vec<Event>) {
    stage.draw_cards(rider, 1, events);
    let r = &mut stage.riders[rider as usize];
    if let Some(i) = r.hand.iter().position(|&c| c == Card::Attack) {
        r.hand.remove(i);
        r.recycle.push(Card::Attack);
    }
    events.push(Event::HandDrawn {
        rider,
        cards: crate::games::card_race::events::Hand::from_slice(&r.hand),
    });
}

/// The fictive start's movement and end phase (HB-039…HB-041, HB-043), then round 1 begins.
/// Riders who kept their attack card have searched and ridden already (HB-044, QB-16 a).
pub(crate) fn resolve(stage: &mut Stage, events: &mut Vec<Event>) {
    let course = Arc::clone(&stage.setup.course);
    let attacked: Vec<RiderRound> = stage.attacks.take().map(|a| a.moved).unwrap_or_default();
    let order: Vec<RiderIdx> = stage
        .race_order()
        .into_iter()
        .filter(|&i| stage.riders[i as usize].kept.is_some())
        .filter(|i| !attacked.iter().any(|a| a.rider == *i))
        .collect();
    // The cards were revealed when the last was chosen, before any attack search.
    let kept = |s: &Stage, i: RiderIdx| s.riders[i as usize].kept.expect("every card is chosen");
    let mut positions: Vec<Pos> = stage.riders.iter().map(|r| r.pos).collect();
    let mut summary = attacked;
    for &i in &order {
        let card = kept(stage, i);
        let from = positions[i as usize];
        let uncapped = stage.uncapped(i, card);
        let distance = stage
            .conditions
            .move_rows(i, &course, from, uncapped, card, events);
        let to = match stage
            .conditions
            .destination(i, &course, &stage.board, from, distance)
        {
            Some(to) => {
                if stage.conditions.keeps_lanes(&course, from.row) {
                    stage.board.take(from);
                } else {
                    leave(&mut stage.board, &mut positions, &course, from);
                }
                stage.board.put(to, i);
                positions[i as usize] = to;
                to
            }
            None => from,
        };
        let blocked = distance - (to.row - from.row);
        events.push(Event::Moved {
            rider: i,
            card,
            from,
            to,
            distance,
            blocked,
        });
        stage
            .conditions
            .after_move(ROUND, i, &course, to, blocked, events);
        summary.push(RiderRound {
            rider: i,
            card,
            from,
            to,
            slipstream: false,
            exhaustion: false,
            crossed: false,
            attack: false,
            musette: false,
        });
    }
    // HB-040: rows ridden past the start line, counted where each rider ends its own move.
    let line = start_line(stage);
    for s in &mut summary {
        let rows = past_line_cards(line, positions[s.rider as usize].row);
        if rows > 0 {
            s.exhaustion = true;
            let (cards, on_top) = award(stage, s.rider, rows);
            events.push(Event::PastStartLine {
                rider: s.rider,
                rows,
                cards,
                on_top,
            });
        }
    }
    // HB-041: slipstream, then the end phase's exhaustion, for every rider that rode, the
    // attackers too.
    let order: Vec<RiderIdx> = stage
        .race_order()
        .into_iter()
        .filter(|i| summary.iter().any(|s| s.rider == *i))
        .collect();
    let rearmost = order
        .iter()
        .map(|&i| positions[i as usize].row)
        .min()
        .unwrap_or(0);
    let slipstreamed = {
        let conditions = &stage.conditions;
        slipstream_except(
            &course,
            &mut stage.board,
            &mut positions,
            rearmost,
            &|row| conditions.stills_slipstream(row),
        )
    };
    for (rider, from, to) in slipstreamed {
        events.push(Event::Slipstream { rider, from, to });
        if let Some(s) = summary.iter_mut().find(|s| s.rider == rider) {
            s.slipstream = true;
        }
    }
    let real = stage.setup.options.hands == Hands::Deal;
    for &i in &order {
        let at = positions[i as usize];
        let r = &mut stage.riders[i as usize];
        if stage
            .conditions
            .deal_exhaustion(&course, &stage.board, at, (i, r), real, events)
            && let Some(s) = summary.iter_mut().find(|s| s.rider == i)
        {
            s.exhaustion = true;
        }
    }
    for s in &mut summary {
        s.to = positions[s.rider as usize];
    }
    // HB-043: the card ridden goes face up under the draw pile with the other: nothing is
    // played, so the roll-out adds no minute to anyone's time.
    for (i, r) in stage.riders.iter_mut().enumerate() {
        r.pos = positions[i];
        if let Some(card) = r.kept.take()
            && real
        {
            r.recycle.push(card);
        }
        r.drawn = false;
    }
    stage.last_round = summary;
    stage.drawing.iter_mut().for_each(|d| *d = None);
    stage.round = 1;
    events.push(Event::RoundStarted { round: 1 });
}

#[cfg(test)]
mod tests {
    use super::super::HouseBOptions;
    use super::super::testing::{A, e, flat};
    use crate::course::{CourseSpec, Pos};
    use crate::game::Ruleset;
    use crate::games::card_race::{
        Card, Choice, Event, Hands, Options, RiderKind, RiderSetup, Stage, StageSetup,
    };
    use std::sync::Arc;

    /// L on row 3 and R on row 1 (the start area is rows 0 to 3), each its own team, at the
    /// fictive start with the attack card, decks stacked (the last card is drawn first).
    fn roll_out(l: &[Card], r: &[Card]) -> Stage {
        let course = CourseSpec {
            segments: flat(40),
            ..Default::default()
        }
        .build()
        .unwrap();
        let riders = [("L", 3), ("R", 1)]
            .iter()
            .enumerate()
            .map(|(i, &(id, row))| RiderSetup {
                id: id.into(),
                team: i as u8,
                kind: RiderKind::Rouleur,
                start: Pos::new(row, 0),
                carried_exhaustion: 0,
            })
            .collect();
        let setup = StageSetup {
            course: Arc::new(course),
            teams: vec!["T0".into(), "T1".into()],
            riders,
            options: Options {
                hands: Hands::Deal,
                fictive_start: true,
                house_b: HouseBOptions {
                    attack_card: true,
                    ..HouseBOptions::default()
                },
                ..Options::default()
            },
        };
        let mut s = Stage::new(setup, 3).unwrap();
        s.riders[0].deck = l.to_vec();
        s.riders[1].deck = r.to_vec();
        s
    }

    fn keep(s: &mut Stage, seat: u8, card: Card) -> Vec<Event> {
        s.apply(seat, &Choice::Keep { rider: seat, card }).unwrap()
    }

    #[test]
    fn hb_044_qb_16_the_attack_card_drawn_at_the_fictive_start_may_be_swapped_for_another() {
        let mut s = roll_out(&[e(7), e(5), A, e(3)], &[e(2), e(2), e(2)]);
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        assert_eq!(s.hand(0), [e(3), A]);
        let options = s.legal_choices(0);
        assert!(options.contains(&Choice::Turn { rider: 0 }), "{options:?}");
        assert!(options.contains(&Choice::Keep { rider: 0, card: A }));
        let events = s.apply(0, &Choice::Turn { rider: 0 }).unwrap();
        assert_eq!(
            s.hand(0),
            [e(3), e(5)],
            "the next card in the attack card's place"
        );
        assert!(events.contains(&Event::HandDrawn {
            rider: 0,
            cards: [e(3), e(5)].into_iter().collect()
        }));
        assert_eq!(
            s.legal_choices(0),
            [
                Choice::Keep {
                    rider: 0,
                    card: e(3)
                },
                Choice::Keep {
                    rider: 0,
                    card: e(5)
                }
            ],
            "once only: the attack card is gone from the hand"
        );
        keep(&mut s, 0, e(5));
        s.apply(1, &Choice::Draw { rider: 1 }).unwrap();
        // R's hand holds no attack card: no swap offered.
        assert!(!s.legal_choices(1).contains(&Choice::Turn { rider: 1 }));
        keep(&mut s, 1, e(2));
        assert_eq!(s.round(), 1);
        assert_eq!(s.position(0).row, 8, "L rode its 5");
        let (deck, _, recycle, played) = s.piles(0);
        assert!(recycle.contains(&A), "the attack card goes under the pile");
        assert!(played.is_empty());
        assert_eq!(deck, [e(7)]);
    }

    #[test]
    fn hb_044_qb_16_the_attack_card_played_at_the_fictive_start_searches_then_leaves_the_game() {
        let mut s = roll_out(&[e(2), e(6), e(4), A, e(3)], &[e(2), e(2), e(2)]);
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        keep(&mut s, 0, A);
        s.apply(1, &Choice::Draw { rider: 1 }).unwrap();
        keep(&mut s, 1, e(2));
        // L searches its pile: it turns the 4, passes over it, keeps the 6.
        assert_eq!(s.attack_search(), Some((0, e(4))));
        s.apply(0, &Choice::Turn { rider: 0 }).unwrap();
        assert_eq!(s.attack_search(), Some((0, e(6))));
        let events = keep(&mut s, 0, e(6));
        assert_eq!(s.round(), 1, "the roll-out is over");
        let moves: Vec<(u8, u16, u16)> = events
            .iter()
            .filter_map(|ev| match *ev {
                Event::Moved {
                    rider, from, to, ..
                } => Some((rider, from.row, to.row)),
                _ => None,
            })
            .collect();
        assert_eq!(moves, [(0, 3, 9), (1, 1, 3)], "L rides its 6 once, then R");
        assert_eq!(s.position(0).row, 9);
        let (deck, hand, recycle, played) = s.piles(0);
        let all: Vec<Card> = deck
            .iter()
            .chain(hand)
            .chain(recycle)
            .chain(played)
            .copied()
            .collect();
        assert!(!all.contains(&A), "the attack card left the game: {all:?}");
        assert!(recycle.contains(&e(6)) && recycle.contains(&e(4)) && recycle.contains(&e(3)));
        assert!(s.last_round().iter().any(|l| l.rider == 0 && l.attack));
        // Round 1 starts clean: nobody is searching and every seat draws.
        assert_eq!(s.attack_search(), None);
        assert_eq!(s.legal_choices(0), [Choice::Draw { rider: 0 }]);
    }
}
