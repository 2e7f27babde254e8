//! House rules A's breakaway auction (HA-050…HA-056, HA-031, HA-026; option
//! `start = "breakaway_house_a"`).
//!
//! Source: seed 001, "Echappée", and the domestique's and the specialist baroudeur's lines. The
//! seed extends the Peloton expansion's breakaway (PEL-3) with bots; the expansion's own
//! procedure is not in the seeds, so what they leave open is ruled here, in our words:
//!
//! - Two bid steps before the first round (HA-051). Each team bids with one rider, chosen at the
//!   first step (HA-054: so never two riders of a team). At each step a team either draws a hand
//!   of four from that rider's deck and bids one card of it, bids the top card of the pile unseen
//!   (what a bot does, HA-051), or bids no card; passing at the first step leaves the auction.
//!   Bids are secret until every team has bid at the step, then shown together.
//! - An unseen second card that takes the bid over 12 is put aside and the next one is turned,
//!   until one fits; a pile with none that fits leaves the first card alone (HA-052, QA-26).
//! - A domestique's bid counts 2 more than its cards (HA-031).
//! - Two places (PEL-3 as we rule it). The highest totals win; ties go to the rider further up
//!   the start area, then the right-hand lane, then the lower start number (QX-09: no die).
//! - The winners' bid cards are spent; the other bids go back into their riders' draw piles. A
//!   rider that won with an unseen bid (a bot's bid) adds 2 exhaustion cards to its deck
//!   (HA-053). Every card drawn and not bid is shuffled back into its rider's draw pile, for
//!   people as for bots (HA-053 says so for bots; a hand drawn to bid is no round's hand).
//! - The specialist baroudeur is in the breakaway without bidding, in the right-hand lane of its
//!   front row, and takes no place (HA-026, QA-15); its team has its one rider there and does
//!   not bid (HA-054). Specialists of the other roles never bid: they draw one card a round.
//! - The breakaway starts three rows ahead of the front row of the start area (two empty rows
//!   between it and the field, so no slipstream joins them at once): the baroudeur first, then
//!   the winners by rank, right-hand lane first, a row further back when a row is full.
//! - A Brain rider of the breakaway plays its highest card on flat rows until a rider who
//!   started outside the breakaway is in its group at the start of a round (HA-056, QA-28).

use super::profiles::Profile;
use crate::course::Pos;
use crate::game::{Seat, Viewer};
use crate::games::card_race::cards::{Card, RiderKind};
use crate::games::card_race::events::{Event, RiderIdx};
use crate::games::card_race::movement::leave;
use crate::games::card_race::setup::{Hands, Start};
use crate::games::card_race::stage::{Choice, RuleError, Stage};
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Bid steps (HA-051).
pub const STEPS: u8 = 2;
/// Places in the breakaway, the specialist baroudeur apart (PEL-3 as we rule it).
pub const PLACES: usize = 2;
/// A bot's bid never goes over this (HA-052).
pub const BOT_CAP: u8 = 12;
/// What a domestique's bid counts over its cards (HA-031).
pub const DOMESTIQUE_BONUS: u8 = 2;
/// Exhaustion cards a bot adds to its deck when it makes the breakaway (HA-053).
pub const WINNER_EXHAUSTION: usize = 2;
/// How far ahead of the start area's front row the breakaway's front row lies.
pub const AHEAD_ROWS: u16 = 3;

/// One team's bid.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct TeamBid {
    /// The rider the team bids with, once chosen.
    rider: Option<RiderIdx>,
    cards: Vec<Card>,
    /// Some card was bid unseen: a bot's bid (HA-053).
    blind: bool,
    /// The team's choice at this step is made.
    done: bool,
    /// Out of the auction: it passed at the first step, or may not bid.
    out: bool,
    /// Cards drawn and not bid: back into the draw pile at the end.
    aside: Vec<Card>,
    /// The card bid at this step, shown when the step closes.
    shown: Option<Card>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Auction {
    step: u8,
    teams: Vec<TeamBid>,
}

/// The specialist rides as a baroudeur on this stage (HA-023): it is in the breakaway (HA-026).
fn is_baroudeur(stage: &Stage, rider: RiderIdx) -> bool {
    let kind = stage.setup.riders[rider as usize].kind;
    kind == RiderKind::Specialist
        && Profile::of(kind, stage.stage_type) == Profile::SpecialistBaroudeur
}

/// A rider that may bid: every rider but the specialists, who play one card a round.
fn may_bid(stage: &Stage, rider: RiderIdx) -> bool {
    stage.setup.riders[rider as usize].kind != RiderKind::Specialist
}

/// What a bid of these cards counts (HA-031).
fn total(kind: RiderKind, cards: &[Card]) -> u8 {
    let sum: u8 = cards.iter().map(|c| c.value()).sum();
    if kind == RiderKind::Domestique && !cards.is_empty() {
        sum + DOMESTIQUE_BONUS
    } else {
        sum
    }
}

impl Stage {
    /// Opens the auction when the stage starts with house rules A's breakaway: a road stage
    /// with dealt hands.
    pub(crate) fn open_auction(&mut self) {
        let o = &self.setup.options;
        if o.start != Start::BreakawayHouseA || o.time_trial.is_some() || o.hands != Hands::Deal {
            return;
        }
        let teams = (0..self.team_riders.len())
            .map(|t| {
                let riders = &self.team_riders[t];
                let has_baroudeur = riders.iter().any(|&r| is_baroudeur(self, r));
                let bidder = riders.iter().any(|&r| may_bid(self, r));
                TeamBid {
                    out: has_baroudeur || !bidder,
                    ..TeamBid::default()
                }
            })
            .collect();
        self.auction = Some(Auction { step: 1, teams });
        if self.auction_teams().next().is_none() {
            // Nobody can bid: the baroudeurs alone make the breakaway.
            let mut events = Vec::new();
            self.close_auction(&mut events);
        }
    }

    /// Teams still in the auction, with their bids.
    fn auction_teams(&self) -> impl Iterator<Item = (Seat, &TeamBid)> {
        self.auction
            .iter()
            .flat_map(|a| a.teams.iter().enumerate())
            .filter(|(_, t)| !t.out)
            .map(|(s, t)| (s as Seat, t))
    }

    /// Whether the breakaway auction is under way (no round is played until it is over).
    pub fn in_auction(&self) -> bool {
        self.auction.is_some()
    }

    /// The bid step under way (1 or 2), during the auction.
    pub fn bid_step(&self) -> Option<u8> {
        self.auction.as_ref().map(|a| a.step)
    }

    /// The cards a team has bid so far (private to the team until a step closes).
    pub fn bid_cards(&self, seat: Seat) -> &[Card] {
        self.auction
            .as_ref()
            .and_then(|a| a.teams.get(seat as usize))
            .map_or(&[], |t| t.cards.as_slice())
    }

    /// The riders who started the stage in the breakaway, front first.
    pub fn breakaway(&self) -> &[RiderIdx] {
        &self.breakaway
    }

    /// A rider of the breakaway that no rider from outside it has joined yet (HA-056, QA-28).
    pub fn breakaway_alone(&self, rider: RiderIdx) -> bool {
        self.breakaway_alone.contains(&rider)
    }

    pub(crate) fn auction_choices(&self, seat: Seat) -> Vec<Choice> {
        let Some(a) = &self.auction else {
            return Vec::new();
        };
        let Some(team) = a.teams.get(seat as usize) else {
            return Vec::new();
        };
        if team.out || team.done {
            return Vec::new();
        }
        if let Some(rider) = self.drawing[seat as usize] {
            let mut cards = self.riders[rider as usize].hand.clone();
            cards.sort_unstable();
            cards.dedup();
            let mut out: Vec<Choice> = cards
                .into_iter()
                .map(|card| Choice::Bid { rider, card })
                .collect();
            out.push(Choice::BidPass { rider });
            return out;
        }
        let riders: Vec<RiderIdx> = match team.rider {
            Some(r) => vec![r],
            None => self.team_riders[seat as usize]
                .iter()
                .copied()
                .filter(|&r| may_bid(self, r))
                .collect(),
        };
        let mut out = Vec::with_capacity(2 * riders.len() + 1);
        // A bot team turns its cards unseen: it has no hand to bid from (PEL-4).
        let bot_team = self.bot_team(seat).is_some();
        for &rider in &riders {
            if !bot_team {
                out.push(Choice::BidDraw { rider });
            }
            out.push(Choice::BidBlind { rider });
        }
        out.push(Choice::BidPass { rider: riders[0] });
        out
    }

    /// Says why a choice is refused during the auction, or why a bid is refused after it.
    pub(crate) fn diagnose_bid(&self, seat: Seat, choice: Choice) -> RuleError {
        let bid = matches!(
            choice,
            Choice::BidDraw { .. }
                | Choice::Bid { .. }
                | Choice::BidBlind { .. }
                | Choice::BidPass { .. }
        );
        let Some(a) = &self.auction else {
            return RuleError::NoAuction;
        };
        if !bid {
            return RuleError::AuctionFirst;
        }
        let rider = choice.rider();
        let Some(setup) = self.setup.riders.get(rider as usize) else {
            return RuleError::UnknownRider(rider);
        };
        let name = setup.id.clone();
        if setup.team != seat {
            return RuleError::NotYourRider { rider: name };
        }
        let team = &a.teams[seat as usize];
        if team.out {
            return RuleError::OutOfAuction { rider: name };
        }
        if team.done {
            return RuleError::AlreadyBid { rider: name };
        }
        if !may_bid(self, rider) || team.rider.is_some_and(|r| r != rider) {
            return RuleError::CannotBid { rider: name };
        }
        let r = &self.riders[rider as usize];
        match choice {
            Choice::Bid { .. } if !r.drawn => RuleError::DrawFirst { rider: name },
            Choice::Bid { card, .. } => RuleError::CardNotInHand {
                rider: name,
                card,
                hand: r
                    .hand
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            },
            _ => RuleError::AlreadyDrawn { rider: name },
        }
    }

    /// Applies a legal bid choice.
    pub(crate) fn apply_bid(&mut self, seat: Seat, choice: Choice, events: &mut Vec<Event>) {
        let s = seat as usize;
        match choice {
            Choice::BidDraw { rider } => {
                self.draw(rider, events);
                self.drawing[s] = Some(rider);
                self.team_bid(seat).rider = Some(rider);
                return;
            }
            Choice::Bid { rider, card } => {
                let r = &mut self.riders[rider as usize];
                let i = r.hand.iter().position(|&c| c == card).expect("legal");
                r.hand.swap_remove(i);
                let rest = std::mem::take(&mut r.hand);
                r.drawn = false;
                self.drawing[s] = None;
                let t = self.team_bid(seat);
                t.aside.extend(rest);
                t.cards.push(card);
                t.shown = Some(card);
            }
            Choice::BidBlind { rider } => {
                let first = self.team_bid(seat).cards.first().map(|c| c.value());
                let holder = self.deck_of(rider);
                let r = &mut self.riders[holder as usize];
                let mut aside = Vec::new();
                let mut bid = None;
                // HA-052: only the second card is redrawn, until the bid is at most 12. HA-050:
                // the Peloton leaves its attack cards out (set aside, put back after).
                while let Some(card) = r.deck.pop() {
                    if card == Card::SplitAttack
                        || first.is_some_and(|f| f + card.value() > BOT_CAP)
                    {
                        aside.push(card);
                        continue;
                    }
                    bid = Some(card);
                    break;
                }
                let t = self.team_bid(seat);
                t.rider = Some(rider);
                t.blind = true;
                t.aside.extend(aside);
                t.cards.extend(bid);
                t.shown = bid;
            }
            Choice::BidPass { rider } => {
                let r = &mut self.riders[rider as usize];
                let rest = std::mem::take(&mut r.hand);
                r.drawn = false;
                self.drawing[s] = None;
                let t = self.team_bid(seat);
                t.rider = Some(rider);
                t.aside.extend(rest);
                t.shown = None;
            }
            _ => unreachable!("only bids reach the auction"),
        }
        self.team_bid(seat).done = true;
        events.push(Event::CardChosen {
            rider: choice.rider(),
        });
        let step_closed = self.auction_teams().all(|(_, t)| t.done);
        if step_closed {
            self.close_step(events);
        }
    }

    fn team_bid(&mut self, seat: Seat) -> &mut TeamBid {
        &mut self.auction.as_mut().expect("in the auction").teams[seat as usize]
    }

    /// Shows the step's bids together (HA-051), then opens the next step or ends the auction.
    fn close_step(&mut self, events: &mut Vec<Event>) {
        let step = self.auction.as_ref().map_or(1, |a| a.step);
        let shown: Vec<(RiderIdx, Option<Card>, u8)> = self
            .auction_teams()
            .filter_map(|(_, t)| {
                let rider = t.rider?;
                let kind = self.setup.riders[rider as usize].kind;
                Some((rider, t.shown, total(kind, &t.cards)))
            })
            .collect();
        for (rider, card, total) in shown {
            events.push(Event::BidShown {
                rider,
                step,
                card,
                total,
            });
        }
        let a = self.auction.as_mut().expect("in the auction");
        for t in &mut a.teams {
            t.done = false;
            t.shown = None;
            // No card at the first step: out of the auction.
            if step == 1 && t.cards.is_empty() {
                t.out = true;
            }
        }
        if step < STEPS && self.auction_teams().next().is_some() {
            self.auction.as_mut().expect("in the auction").step = step + 1;
        } else {
            self.close_auction(events);
        }
    }

    /// Ranks the bids, settles the cards and places the breakaway ahead of the field.
    fn close_auction(&mut self, events: &mut Vec<Event>) {
        let Some(auction) = self.auction.take() else {
            return;
        };
        let mut ranked: Vec<(u8, RiderIdx)> = auction
            .teams
            .iter()
            .filter_map(|t| {
                let rider = t.rider?;
                let kind = self.setup.riders[rider as usize].kind;
                (!t.cards.is_empty()).then(|| (total(kind, &t.cards), rider))
            })
            .collect();
        ranked.sort_by_key(|&(total, rider)| {
            let p = self.riders[rider as usize].pos;
            (
                std::cmp::Reverse(total),
                std::cmp::Reverse(p.row),
                p.lane,
                rider,
            )
        });
        ranked.truncate(PLACES);
        for t in &auction.teams {
            let Some(rider) = t.rider else { continue };
            let won = ranked.iter().any(|&(_, r)| r == rider);
            if won && self.rider_bot_team(rider) == Some(super::peloton::BotTeam::Peloton) {
                self.peloton.bids = t.cards.clone();
            }
            let holder = self.deck_of(rider);
            let r = &mut self.riders[holder as usize];
            if won {
                if t.blind {
                    r.deck
                        .extend(std::iter::repeat_n(Card::Exhaustion, WINNER_EXHAUSTION));
                }
            } else {
                r.deck.extend(t.cards.iter().copied());
            }
            r.deck.extend(t.aside.iter().copied());
            if won || !t.cards.is_empty() || !t.aside.is_empty() {
                r.deck.shuffle(&mut r.rng);
            }
        }
        let baroudeurs: Vec<RiderIdx> = (0..self.riders.len() as RiderIdx)
            .filter(|&r| is_baroudeur(self, r))
            .collect();
        let placed: Vec<(RiderIdx, Option<u8>)> = baroudeurs
            .into_iter()
            .map(|r| (r, None))
            .chain(ranked.iter().map(|&(total, r)| (r, Some(total))))
            .collect();
        self.place_breakaway(&placed, events);
        events.push(Event::RoundStarted { round: self.round });
    }

    fn place_breakaway(&mut self, placed: &[(RiderIdx, Option<u8>)], events: &mut Vec<Event>) {
        let course = std::sync::Arc::clone(&self.setup.course);
        let field_front = self.riders.iter().map(|r| r.pos.row).max().unwrap_or(0);
        let front = (field_front + AHEAD_ROWS).min(course.finish_row().saturating_sub(1));
        let mut positions: Vec<Pos> = self.riders.iter().map(|r| r.pos).collect();
        let mut row = front;
        for &(rider, bid) in placed {
            while self.board.free_lane(row).is_none() && row > field_front + 1 {
                row -= 1;
            }
            let Some(lane) = self.board.free_lane(row) else {
                break;
            };
            let from = positions[rider as usize];
            leave(&mut self.board, &mut positions, &course, from);
            let to = Pos::new(row, lane);
            self.board.put(to, rider);
            positions[rider as usize] = to;
            self.breakaway.push(rider);
            events.push(Event::BreakawayPlaced { rider, to, bid });
        }
        for (r, p) in self.riders.iter_mut().zip(positions) {
            r.pos = p;
        }
        self.breakaway_alone = self.breakaway.clone();
        self.update_breakaway_alone();
    }

    /// HA-056 (QA-28): a breakaway rider is joined once a rider who started outside the
    /// breakaway is in its group; called at the start of every round.
    pub(crate) fn update_breakaway_alone(&mut self) {
        if self.breakaway_alone.is_empty() {
            return;
        }
        let line = self.setup.course.finish_row();
        let joined: Vec<RiderIdx> = self
            .breakaway_alone
            .iter()
            .copied()
            .filter(|&b| {
                let row = self.riders[b as usize].pos.row;
                if row >= line {
                    return true;
                }
                let back = (0..=row)
                    .rev()
                    .take_while(|&r| self.board.count(r) > 0)
                    .last()
                    .unwrap_or(row);
                let front = (row..line)
                    .take_while(|&r| self.board.count(r) > 0)
                    .last()
                    .unwrap_or(row);
                (back..=front).any(|r| {
                    self.board
                        .riders_in(r)
                        .any(|(_, o)| !self.breakaway.contains(&o))
                })
            })
            .collect();
        self.breakaway_alone.retain(|r| !joined.contains(r));
    }
}

impl Stage {
    /// For `/odds`' copies (`Stage::deal_unseen`): the auction's cards `viewer` has not seen are
    /// dealt again from the pile they came from, keeping every count. Another team's bid at the
    /// step under way stays hidden until every team has bid (HA-051), and the cards its rider
    /// drew and did not bid go back to its pile unshown: both are pooled with that rider's
    /// unseen cards and dealt again. A card bid unseen (`BidBlind`) was the first of the pile
    /// under 12 with the first card (HA-052): it is dealt again as the first card of the pooled
    /// pile that fits, the cards it passed over staying aside as they are (they only say that
    /// higher cards were passed, HA-052; they go back to the pile when the auction ends).
    /// Bids shown at a closed step are public and kept.
    pub(crate) fn deal_unseen_bids(&mut self, viewer: Viewer, rng: &mut ChaCha8Rng) {
        let teams = self.auction.as_ref().map_or(0, |a| a.teams.len());
        for seat in 0..teams {
            if viewer == Viewer::Seat(seat as Seat) {
                continue;
            }
            let t = &mut self.auction.as_mut().expect("in the auction").teams[seat];
            let Some(rider) = t.rider else { continue };
            // A bid is `shown` from the moment it is made to the step's close, which shows it
            // and clears it: while it is set, nobody else has seen it.
            let shown = t.shown.and_then(|_| t.cards.pop());
            let first = t.cards.first().map(|c| c.value());
            let blind = t.blind;
            let mut pool = if blind {
                Vec::new()
            } else {
                std::mem::take(&mut t.aside)
            };
            let aside = pool.len();
            pool.extend(shown);
            let holder = self.deck_of(rider) as usize;
            let r = &mut self.riders[holder];
            // No card is recycled before the first round: the auction's cards are the draw
            // pile's and the hand's.
            let (deck, hand) = (r.deck.len(), r.hand.len());
            pool.append(&mut r.deck);
            pool.append(&mut r.hand);
            pool.sort_unstable();
            pool.shuffle(rng);
            let t = &mut self.auction.as_mut().expect("in the auction").teams[seat];
            if shown.is_some() {
                let fits = |c: &Card| {
                    !blind
                        || (*c != Card::SplitAttack
                            && first.is_none_or(|f| f + c.value() <= BOT_CAP))
                };
                // The card bid fits (it was bid by that rule) and is in the pool.
                let i = pool.iter().rposition(fits).expect("the card bid fits");
                let card = pool.remove(i);
                t.cards.push(card);
                t.shown = Some(card);
            }
            t.aside.extend(pool.drain(pool.len() - aside..));
            let r = &mut self.riders[holder];
            r.hand = pool.split_off(pool.len() - hand);
            debug_assert_eq!(pool.len(), deck);
            r.deck = pool;
        }
    }
}

/// How a bot bids (HA-050…HA-052, QA-26): a Brain team with its rouleur (else its first rider
/// that may bid), every card unseen, the second one capped at 12 by the stage. A hand already
/// drawn (a director's bid the bot finishes) bids its highest card that keeps the bid at 12.
pub fn bot_bid(stage: &Stage, seat: Seat, options: &[Choice]) -> Option<Choice> {
    let is_bid = |c: &Choice| {
        matches!(
            c,
            Choice::BidDraw { .. }
                | Choice::Bid { .. }
                | Choice::BidBlind { .. }
                | Choice::BidPass { .. }
        )
    };
    if !options.iter().any(is_bid) {
        return None;
    }
    let so_far: u8 = stage.bid_cards(seat).iter().map(|c| c.value()).sum();
    let cards: Vec<Card> = options
        .iter()
        .filter_map(|c| match c {
            Choice::Bid { card, .. } => Some(*card),
            _ => None,
        })
        .collect();
    if !cards.is_empty() {
        let rider = options[0].rider();
        let fits = cards
            .iter()
            .copied()
            .filter(|c| so_far + c.value() <= BOT_CAP)
            .max();
        return Some(match fits {
            Some(card) => Choice::Bid { rider, card },
            None => Choice::BidPass { rider },
        });
    }
    // QA-26: the Peloton bids with its front rider.
    if stage.bot_team(seat) == Some(super::peloton::BotTeam::Peloton) {
        return options
            .iter()
            .copied()
            .filter(|c| matches!(c, Choice::BidBlind { .. }))
            .max_by_key(|c| {
                let p = stage.position(c.rider());
                (p.row, std::cmp::Reverse(p.lane))
            });
    }
    let blind = |kind: Option<RiderKind>| {
        options.iter().copied().find(|c| {
            matches!(c, Choice::BidBlind { rider }
                if kind.is_none_or(|k| stage.setup().riders[*rider as usize].kind == k))
        })
    };
    blind(Some(RiderKind::Rouleur)).or_else(|| blind(None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{CourseSpec, SegmentSpec, Terrain};
    use crate::game::Ruleset;
    use crate::games::card_race::setup::{Options, RiderSetup, StageSetup};
    use crate::games::card_race::{Profiles, grid_start};
    use std::sync::Arc;

    const E: Card = Card::Exhaustion;
    fn n(v: u8) -> Card {
        Card::Energy(v)
    }

    /// Four start rows, `uphill` climbing rows, flat to the line: one team per kind listed.
    fn stage(kinds: &[RiderKind], uphill: i64) -> Stage {
        let seg = |terrain, length, start, finish| SegmentSpec {
            terrain,
            length,
            lanes: None,
            start,
            finish,
        };
        let mut segments = vec![
            seg(Terrain::Flat, 4, true, false),
            seg(Terrain::Flat, 6, false, false),
        ];
        if uphill > 0 {
            segments.push(seg(Terrain::Uphill, uphill, false, false));
        }
        segments.push(seg(Terrain::Flat, 30, false, false));
        segments.push(seg(Terrain::Flat, 5, false, true));
        let course = CourseSpec {
            segments,
            ..Default::default()
        }
        .build()
        .unwrap();
        let cells = grid_start(&course, kinds.len()).unwrap();
        let setup = StageSetup {
            course: Arc::new(course),
            teams: (0..kinds.len()).map(|t| format!("T{t}")).collect(),
            riders: kinds
                .iter()
                .enumerate()
                .map(|(i, &kind)| RiderSetup {
                    id: format!("T{i}"),
                    team: i as Seat,
                    kind,
                    start: cells[i],
                    carried_exhaustion: 0,
                })
                .collect(),
            options: Options {
                profiles: Profiles::HouseA,
                start: Start::BreakawayHouseA,
                ..Options::default()
            },
        };
        Stage::new(setup, 5).unwrap()
    }

    /// Puts `top` on top of the rider's draw pile, first card drawn first.
    fn rig(s: &mut Stage, rider: RiderIdx, top: &[Card]) {
        let deck = &mut s.riders[rider as usize].deck;
        for &c in top {
            let i = deck
                .iter()
                .position(|&d| d == c)
                .expect("the deck holds it");
            deck.remove(i);
        }
        deck.extend(top.iter().rev());
    }

    fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
        cards.sort();
        cards
    }

    /// `/odds`' copy of `s` as `viewer` may know it, dealt from stream `k`.
    fn copy(s: &Stage, viewer: Viewer, k: u64) -> Stage {
        let mut c = s.clone();
        c.deal_unseen(viewer, &mut crate::rng::stream(k, 0));
        c
    }

    /// HA-051: a team's bid at the step under way is hidden until every team has bid; so are
    /// the cards its rider drew and did not bid. Two stages that differ only in which of its
    /// drawn cards team 1 bid give team 0 (who has not bid yet) and the public the same copies.
    #[test]
    fn ha_051_odds_copies_deal_another_teams_hidden_bid_again() {
        let bid = |card| {
            let mut s = stage(&[RiderKind::Rouleur, RiderKind::Rouleur], 0);
            rig(&mut s, 1, &[n(7), n(5), n(4), n(3)]);
            s.apply(1, &Choice::BidDraw { rider: 1 }).unwrap();
            s.apply(1, &Choice::Bid { rider: 1, card }).unwrap();
            s
        };
        let (a, b) = (bid(n(7)), bid(n(5)));
        assert_eq!((a.bid_cards(1), b.bid_cards(1)), (&[n(7)][..], &[n(5)][..]));
        let mut seen = Vec::new();
        for k in 0..12 {
            for viewer in [Viewer::Seat(0), Viewer::Public] {
                let (x, y) = (copy(&a, viewer, k), copy(&b, viewer, k));
                assert_eq!(format!("{x:?}"), format!("{y:?}"), "{viewer:?}, copy {k}");
            }
            let x = copy(&a, Viewer::Seat(0), k);
            let t = &x.auction.as_ref().unwrap().teams[1];
            assert_eq!((t.cards.len(), t.aside.len()), (1, 3), "every count kept");
            assert_eq!(t.shown, Some(t.cards[0]));
            let mut all = [x.riders[1].deck.clone(), t.aside.clone(), t.cards.clone()].concat();
            let mut was = [a.riders[1].deck.clone(), vec![n(5), n(4), n(3), n(7)]].concat();
            all.sort_unstable();
            was.sort_unstable();
            assert_eq!(all, was, "the same cards");
            seen.push(t.cards[0]);
        }
        seen.sort_unstable();
        seen.dedup();
        assert!(seen.len() > 1, "the hidden bid is dealt again: {seen:?}");
        // Team 1 knows its own bid and what it put aside.
        for (s, card) in [(&a, n(7)), (&b, n(5))] {
            let own = copy(s, Viewer::Seat(1), 3);
            let t = &own.auction.as_ref().unwrap().teams[1];
            assert_eq!((t.cards.as_slice(), t.shown), (&[card][..], Some(card)));
            assert_eq!(t.aside, s.auction.as_ref().unwrap().teams[1].aside);
        }
    }

    /// HA-051: at the second step, the cards team 1's rider drew and did not bid at the first,
    /// and the hand it draws at the second, are hidden from team 0; the card it bid at the
    /// first was shown and stays. A person's second card is any card (the cap of 12 is the
    /// bots', HA-052).
    #[test]
    fn ha_051_cards_drawn_and_not_bid_stay_hidden_after_the_first_step() {
        let mut s = stage(&[RiderKind::Rouleur, RiderKind::Rouleur], 0);
        rig(&mut s, 1, &[n(7), n(5), n(4), n(3)]);
        s.apply(1, &Choice::BidDraw { rider: 1 }).unwrap();
        s.apply(
            1,
            &Choice::Bid {
                rider: 1,
                card: n(7),
            },
        )
        .unwrap();
        s.apply(0, &Choice::BidBlind { rider: 0 }).unwrap();
        assert_eq!(s.bid_step(), Some(2));
        s.apply(1, &Choice::BidDraw { rider: 1 }).unwrap();
        let (mut bid, mut passed) = (s.clone(), s.clone());
        let high = *s.riders[1].hand.iter().max().unwrap();
        bid.apply(
            1,
            &Choice::Bid {
                rider: 1,
                card: high,
            },
        )
        .unwrap();
        passed.apply(1, &Choice::BidPass { rider: 1 }).unwrap();
        let cards = |x: &Stage| {
            let t = &x.auction.as_ref().unwrap().teams[1];
            let mut all = [x.riders[1].deck.clone(), x.riders[1].hand.clone()].concat();
            all.extend(t.aside.iter().chain(&t.cards));
            all.sort_unstable();
            all
        };
        // (stage, hand, aside, bid cards) as team 0 knows them.
        for (x, hand, aside, bids) in [(&s, 4, 3, 1), (&bid, 0, 6, 2), (&passed, 0, 7, 1)] {
            let mut dealt = Vec::new();
            let mut seconds = Vec::new();
            for k in 0..16 {
                let c = copy(x, Viewer::Seat(0), k);
                let t = &c.auction.as_ref().unwrap().teams[1];
                assert_eq!(
                    (c.riders[1].hand.len(), t.aside.len(), t.cards.len()),
                    (hand, aside, bids)
                );
                assert_eq!(t.cards[0], n(7), "the first step's card was shown");
                assert_eq!(
                    t.shown,
                    t.cards.get(1).copied(),
                    "only the open step's card is hidden"
                );
                assert_eq!(cards(&c), cards(x), "the same cards");
                let mut unseen = [c.riders[1].hand.clone(), t.aside.clone()].concat();
                unseen.sort_unstable();
                dealt.push(unseen);
                seconds.extend(t.cards.get(1).map(|c| c.value()));
            }
            dealt.dedup();
            assert!(dealt.len() > 1, "what it drew is dealt again");
            if bids == 2 {
                assert!(
                    seconds.iter().any(|v| 7 + v > BOT_CAP),
                    "{seconds:?}: any card"
                );
            }
        }
    }

    /// HA-052: a card bid unseen at the second step is dealt again within 12 with the first,
    /// never the attack card; the higher cards it passed over stay aside.
    #[test]
    fn ha_052_a_hidden_blind_bid_is_dealt_again_within_12() {
        let mut s = stage(&[RiderKind::Rouleur, RiderKind::Rouleur], 0);
        rig(&mut s, 1, &[n(7), n(6), n(3)]);
        s.apply(1, &Choice::BidBlind { rider: 1 }).unwrap();
        s.apply(0, &Choice::BidBlind { rider: 0 }).unwrap();
        assert_eq!(s.bid_step(), Some(2));
        s.apply(1, &Choice::BidBlind { rider: 1 }).unwrap();
        assert_eq!(s.bid_cards(1), &[n(7), n(3)]);
        let mut seen = Vec::new();
        for k in 0..16 {
            let x = copy(&s, Viewer::Seat(0), k);
            let t = &x.auction.as_ref().unwrap().teams[1];
            assert_eq!(t.cards[0], n(7), "the first step's card was shown");
            assert!(t.cards[1].value() + 7 <= BOT_CAP && t.cards[1] != Card::SplitAttack);
            assert_eq!(t.shown, Some(t.cards[1]));
            assert_eq!(t.aside, vec![n(6)]);
            seen.push(t.cards[1]);
        }
        seen.sort_unstable();
        seen.dedup();
        assert!(seen.len() > 1, "the hidden card is dealt again: {seen:?}");
    }

    #[test]
    fn ha_052_ha_053_tv_09_10_a_bot_redraws_a_card_over_12_and_the_winner_adds_two_exhaustion() {
        let mut s = stage(&[RiderKind::Rouleur, RiderKind::Rouleur], 0);
        rig(&mut s, 0, &[n(7), n(6), n(3)]);
        s.apply(0, &Choice::BidBlind { rider: 0 }).unwrap();
        s.apply(1, &Choice::BidPass { rider: 1 }).unwrap();
        assert_eq!(s.bid_step(), Some(2), "the bidding team goes on to step 2");
        let events = s.apply(0, &Choice::BidBlind { rider: 0 }).unwrap();
        assert!(events.contains(&Event::BidShown {
            rider: 0,
            step: 2,
            card: Some(n(3)),
            total: 10,
        }));
        assert!(events.contains(&Event::BreakawayPlaced {
            rider: 0,
            to: Pos::new(3 + AHEAD_ROWS, 0),
            bid: Some(10),
        }));
        // HA-053: the winning bot's 7 and 3 are spent, the 6 it put aside is shuffled back, and
        // it adds two exhaustion cards.
        let deck = sorted(s.piles(0).0.to_vec());
        assert_eq!(deck.len(), 15 - 2 + 2);
        assert_eq!(deck.iter().filter(|&&c| c == E).count(), 2);
        assert_eq!(deck.iter().filter(|&&c| c == n(6)).count(), 3);
        assert_eq!(deck.iter().filter(|&&c| c == n(7)).count(), 2);
        // The loser had drawn nothing: its deck is whole.
        assert_eq!(s.piles(1).0.len(), 15);
    }

    #[test]
    fn ha_031_tv_09_11_a_domestique_bid_of_5_and_6_counts_13() {
        let mut s = stage(&[RiderKind::Domestique, RiderKind::Rouleur], 0);
        rig(&mut s, 0, &[n(5), n(2), n(2), n(3), n(6), n(4), n(4), n(3)]);
        rig(&mut s, 1, &[n(7), n(6), n(5), n(4), n(7), n(5), n(4), n(3)]);
        s.apply(0, &Choice::BidDraw { rider: 0 }).unwrap();
        s.apply(
            0,
            &Choice::Bid {
                rider: 0,
                card: n(5),
            },
        )
        .unwrap();
        s.apply(1, &Choice::BidDraw { rider: 1 }).unwrap();
        let events = s
            .apply(
                1,
                &Choice::Bid {
                    rider: 1,
                    card: n(7),
                },
            )
            .unwrap();
        assert!(events.contains(&Event::BidShown {
            rider: 0,
            step: 1,
            card: Some(n(5)),
            total: 7,
        }));
        s.apply(0, &Choice::BidDraw { rider: 0 }).unwrap();
        s.apply(
            0,
            &Choice::Bid {
                rider: 0,
                card: n(6),
            },
        )
        .unwrap();
        s.apply(1, &Choice::BidDraw { rider: 1 }).unwrap();
        let events = s
            .apply(
                1,
                &Choice::Bid {
                    rider: 1,
                    card: n(5),
                },
            )
            .unwrap();
        assert!(events.contains(&Event::BidShown {
            rider: 0,
            step: 2,
            card: Some(n(6)),
            total: 13,
        }));
        // 13 beats 12: the domestique leads the breakaway; both make it (two places).
        let placed: Vec<(RiderIdx, Option<u8>)> = events
            .iter()
            .filter_map(|e| match e {
                Event::BreakawayPlaced { rider, bid, .. } => Some((*rider, *bid)),
                _ => None,
            })
            .collect();
        assert_eq!(placed, vec![(0, Some(13)), (1, Some(12))]);
        // People's bids cost no exhaustion; their unbid cards went back to the draw pile.
        for r in 0..2 {
            assert_eq!(s.piles(r).0.len(), 13, "15 cards, 2 bid and spent");
            assert!(!s.piles(r).0.contains(&E));
        }
    }

    #[test]
    fn ha_054_pel_3_two_places_losers_take_their_cards_back_and_ties_go_up_the_grid() {
        let kinds = [RiderKind::Rouleur; 3];
        let mut s = stage(&kinds, 0);
        rig(&mut s, 0, &[n(5), n(5)]);
        rig(&mut s, 1, &[n(7), n(3)]);
        rig(&mut s, 2, &[n(6), n(4)]);
        for _ in 0..2 {
            for seat in 0..3 {
                s.apply(seat, &Choice::BidBlind { rider: seat }).unwrap();
            }
        }
        // All three bid 10: the two furthest up the start grid (rows 3 lane 0, 3 lane 1) win.
        assert_eq!(s.breakaway(), &[0, 1]);
        let p2 = s.position(2);
        assert_eq!(
            (p2.row, s.piles(2).0.len()),
            (2, 15),
            "the loser keeps its deck"
        );
        assert_eq!(s.position(0), Pos::new(3 + AHEAD_ROWS, 0));
        assert_eq!(s.position(1), Pos::new(3 + AHEAD_ROWS, 1));
        assert!(!s.in_auction());
        assert!(matches!(s.legal_choices(0)[0], Choice::Draw { .. }));
    }

    #[test]
    fn ha_024_a_specialist_never_bids_for_the_breakaway() {
        // Flat: the specialist rides as a sprinteur, one card a round and no choice (HA-024),
        // so its team has nobody to bid; the rouleur's team bids alone.
        let s = stage(&[RiderKind::Rouleur, RiderKind::Specialist], 0);
        assert!(s.legal_choices(1).is_empty(), "{:?}", s.legal_choices(1));
        assert!(
            s.legal_choices(0)
                .iter()
                .any(|c| matches!(c, Choice::BidBlind { rider: 0 }))
        );
    }

    #[test]
    fn ha_026_specialist_baroudeur_is_in_the_breakaway_right_lane_without_bidding() {
        // Six climbing rows: a hilly stage, the specialist rides as a baroudeur (HA-023).
        let mut s = stage(&[RiderKind::Rouleur, RiderKind::Specialist], 6);
        assert!(
            s.legal_choices(1).is_empty(),
            "HA-054: its team has its rider there already"
        );
        s.apply(0, &Choice::BidBlind { rider: 0 }).unwrap();
        s.apply(0, &Choice::BidBlind { rider: 0 }).unwrap();
        assert_eq!(s.breakaway(), &[1, 0]);
        assert_eq!(s.position(1), Pos::new(3 + AHEAD_ROWS, 0));
        assert_eq!(s.position(0).row, 3 + AHEAD_ROWS);
    }

    #[test]
    fn ha_056_qa_28_a_brain_rider_alone_in_the_breakaway_until_joined() {
        let mut s = stage(&[RiderKind::Rouleur, RiderKind::Rouleur], 0);
        s.apply(0, &Choice::BidBlind { rider: 0 }).unwrap();
        s.apply(1, &Choice::BidPass { rider: 1 }).unwrap();
        s.apply(0, &Choice::BidPass { rider: 0 }).unwrap();
        assert!(s.breakaway_alone(0) && !s.breakaway_alone(1));
        // The field catches up: rider 1 joins rider 0's group.
        let to = Pos::new(s.position(0).row - 1, 0);
        let from = s.position(1);
        s.board.take(from);
        s.board.put(to, 1);
        s.riders[1].pos = to;
        s.update_breakaway_alone();
        assert!(!s.breakaway_alone(0), "joined for the rest of the stage");
    }
}
