//! The Brain riders (HA-006…HA-022): bots that draw four cards like a person and keep the one
//! their strategy table names, and what they carry from stage to stage (HA-008).
//!
//! Source: seed 001, "Brain cycliste", the three-column table (rouleur, sprinteur, grimpeur)
//! decoded as Table A2 of the conformance table: merged cells apply to all three kinds, digit
//! strings are preference orders (QA-08). The order of the checks is ruling QA-07.

use super::stage_type::StageType;
use crate::course::Terrain;
use crate::game::Seat;
use crate::games::card_race::bot::{Policy, SensibleBot};
use crate::games::card_race::cards::{Card, RiderKind};
use crate::games::card_race::events::RiderIdx;
use crate::games::card_race::stage::{Choice, Stage};

/// Table A2's preference lists (HA-016, HA-017, HA-020, HA-021), most wanted first; 2 stands
/// for an exhaustion card too (QA-08). `NINE_IF_FAST` is the sprinteur's "9 if it moves more
/// than 5" (QA-09).
const NINE_IF_FAST: u8 = 0;
const UPHILL_ROULEUR: &[u8] = &[5, 4, 6, 3, 7, 2];
const UPHILL_SPRINTEUR: &[u8] = &[6, 4, 3, NINE_IF_FAST, 2, 9];
const SUPPLY_ROULEUR: &[u8] = &[2, 3, 7, 6, 5, 4];
const SUPPLY_SPRINTEUR: &[u8] = &[2, 3, 9, 6, 4];
const SUPPLY_GRIMPEUR: &[u8] = &[2, 3, 7, 6, 5];
const DOWNHILL_ROULEUR: &[u8] = &[2, 3, 7, 4, 6, 5];
const DOWNHILL_SPRINTEUR: &[u8] = &[2, 3, 9, 4, 6];
const DOWNHILL_GRIMPEUR: &[u8] = &[2, 3, 7, 6, 5];

/// The highest phase of the flat strategy (HA-013: the second reshuffle and any later one).
pub const LAST_PHASE: u8 = 3;

/// What a Brain rider knows when it chooses.
pub struct Situation<'a> {
    pub kind: RiderKind,
    /// The terrain of the row it starts the round on.
    pub terrain: Terrain,
    pub stage: StageType,
    /// HA-010…HA-013 (QA-05): 1 + reshuffles before the hand's first card, at most 3.
    pub phase: u8,
    /// QA-06: its team's front rider, or alone.
    pub ahead_of_teammate: bool,
    /// Rows to the first row past the line (d_line).
    pub to_line: u16,
    /// QA-10: it starts on, or (for HA-014) rides towards, the climb that ends at the line.
    pub summit_finish_climb: bool,
    /// HA-056: in the breakaway and not joined yet (QA-28).
    pub breakaway_alone: bool,
    /// eff(card): the distance a card gives by the terrain rules (FR-4, FR-5, PEL-1).
    pub reach: &'a dyn Fn(Card) -> u16,
}

/// Of cards of one value, an energy card before an exhaustion card: as one number, which
/// compares without branching.
fn value_then_energy(card: Card) -> u16 {
    (card.value() as u16) << 1 | !card.is_exhaustion() as u16
}

fn highest(hand: &[Card]) -> Card {
    // The last of equal keys wins, as `max_by_key` has it.
    let mut best = hand[0];
    let mut key = value_then_energy(best);
    for &c in &hand[1..] {
        let k = value_then_energy(c);
        if k >= key {
            best = c;
            key = k;
        }
    }
    best
}

/// The smallest card; of a 2 and an exhaustion card, the exhaustion card (it is shed).
fn smallest(hand: &[Card]) -> Card {
    *hand
        .iter()
        .min_by_key(|c| (c.value(), !c.is_exhaustion()))
        .expect("a hand")
}

/// HA-010: the second card of the hand sorted high to low (one of the two when they are equal).
fn second_highest(hand: &[Card]) -> Card {
    // The second card of the hand sorted high to low, cards of equal value kept in hand order
    // (a stable sort), found in one pass: a later card only goes before an earlier one of
    // higher value.
    let mut first = hand[0];
    let mut second: Option<Card> = None;
    for &c in &hand[1..] {
        if c.value() > first.value() {
            second = Some(first);
            first = c;
        } else if second.is_none_or(|s| c.value() > s.value()) {
            second = Some(c);
        }
    }
    second.unwrap_or(first)
}

/// The first value of a preference list held (QA-08: unlisted values after, highest first).
fn first_held(hand: &[Card], order: &[u8], s: &Situation) -> Card {
    for &v in order {
        let found = hand.iter().copied().find(|c| match v {
            NINE_IF_FAST => *c == Card::Energy(9) && (s.reach)(*c) > 5,
            2 => c.value() == 2,
            v => *c == Card::Energy(v),
        });
        if let Some(c) = found {
            return c;
        }
    }
    highest(hand)
}

/// The card a Brain rider keeps from `hand` (QA-07's order).
pub fn pick(s: &Situation, hand: &[Card]) -> Card {
    // HA-009, QA-12: a card that crosses the line: play the highest card.
    if hand.iter().any(|&c| (s.reach)(c) >= s.to_line) {
        return highest(hand);
    }
    // HA-056, QA-28: alone in the breakaway, on the flat: the highest card.
    if s.breakaway_alone && s.terrain == Terrain::Flat {
        return highest(hand);
    }
    match s.terrain {
        Terrain::Uphill => uphill(s, hand),
        Terrain::Supply | Terrain::Downhill => {
            let order = match (s.terrain, s.kind) {
                (Terrain::Supply, RiderKind::Sprinteur) => SUPPLY_SPRINTEUR,
                (Terrain::Supply, RiderKind::Grimpeur) => SUPPLY_GRIMPEUR,
                (Terrain::Supply, _) => SUPPLY_ROULEUR,
                (_, RiderKind::Sprinteur) => DOWNHILL_SPRINTEUR,
                (_, RiderKind::Grimpeur) => DOWNHILL_GRIMPEUR,
                _ => DOWNHILL_ROULEUR,
            };
            let card = first_held(hand, order, s);
            // HA-022, QA-11: a pick a climb ahead would cut gives way to the smallest card.
            let minimum = if s.terrain == Terrain::Supply { 4 } else { 5 };
            if (s.reach)(card) < (card.value() as u16).max(minimum) {
                smallest(hand)
            } else {
                card
            }
        }
        _ => {
            let card = if s.stage == StageType::Mountain && s.kind != RiderKind::Grimpeur {
                // HA-015: flat rows of a mountain stage.
                highest(hand)
            } else {
                match s.phase {
                    1 => second_highest(hand),
                    2 if s.ahead_of_teammate => second_highest(hand),
                    _ => highest(hand),
                }
            };
            // HA-014, QA-11: a flat pick a climb ahead would cut: choose as on the climb.
            if (s.reach)(card) < card.value() as u16 {
                uphill(s, hand)
            } else {
                card
            }
        }
    }
}

/// HA-016…HA-019: the climb's choice.
fn uphill(s: &Situation, hand: &[Card]) -> Card {
    match s.kind {
        RiderKind::Grimpeur => highest(hand),
        _ if s.summit_finish_climb => highest(hand),
        RiderKind::Sprinteur => first_held(hand, UPHILL_SPRINTEUR, s),
        _ => first_held(hand, UPHILL_ROULEUR, s),
    }
}

/// QA-05: a hand's phase from the reshuffles made before its first card.
pub fn phase(reshuffles_before_hand: u16) -> u8 {
    (1 + reshuffles_before_hand.min(LAST_PHASE as u16 - 1)) as u8
}

/// HA-008 (QA-04): a Brain rider sheds every exhaustion card between stages, then takes one
/// back for each of: it won the stage; the stage finished on flat (the last row before the line
/// is not uphill); the weather was a heatwave.
pub fn exhaustion_after_stage(won: bool, finished_on_flat: bool, heatwave: bool) -> u16 {
    won as u16 + finished_on_flat as u16 + heatwave as u16
}

/// Whether a rider has a Brain table (HA-006: rouleur, sprinteur, grimpeur).
pub fn has_table(kind: RiderKind) -> bool {
    matches!(
        kind,
        RiderKind::Rouleur | RiderKind::Sprinteur | RiderKind::Grimpeur
    )
}

/// Where a card's reach is kept while a Brain rider chooses: the energy cards up to 11, then
/// the exhaustion, attack and split cards; other cards are worked out when asked. A saving
/// only: a card with no slot is worked out each time, to the same reach (the mutant that gives
/// every card none is equivalent).
const MEMO_SLOTS: usize = 15;

fn memo_slot(card: Card) -> Option<usize> {
    match card {
        Card::Energy(v) if v < 12 => Some(v as usize),
        Card::Energy(_) => None,
        Card::Exhaustion => Some(12),
        Card::Attack => Some(13),
        Card::SplitAttack => Some(14),
    }
}

/// The Brain bot: riders with a table keep the card it names; other riders (A's puncheur,
/// polyvalent, domestique, whose decks have no table) ride as the sensible bot.
#[derive(Debug, Clone, Copy, Default)]
pub struct BrainBot;

impl BrainBot {
    fn situation<'a>(
        stage: &Stage,
        rider: RiderIdx,
        reach: &'a dyn Fn(Card) -> u16,
    ) -> Situation<'a> {
        let course = stage.course();
        let row = stage.position(rider).row;
        let seat = stage.setup().riders[rider as usize].team;
        // Race order compares (row, then lane 0 first): no need to sort the field for it. Two
        // riders on the road never share a cell, so `<` and `<=` agree here.
        let key = |r: RiderIdx| {
            let p = stage.position(r);
            (p.row, std::cmp::Reverse(p.lane))
        };
        let ahead_of_teammate = stage
            .team_riders(seat)
            .iter()
            .filter(|&&t| t != rider && stage.crossed(t).is_none())
            .all(|&t| key(t) < key(rider));
        // QA-10: the rows from here (or from the climb ahead) to the line are all uphill.
        let climb_from = if course.terrain(row) == Terrain::Uphill {
            Some(row)
        } else {
            course.uphill_ahead(row).map(|j| row + j)
        };
        let line = course.finish_row();
        let summit_finish_climb = climb_from.is_some_and(|from| {
            from < line && (from..line).all(|r| course.terrain(r) == Terrain::Uphill)
        });
        Situation {
            kind: stage.setup().riders[rider as usize].kind,
            terrain: course.terrain(row),
            stage: stage.stage_type(),
            phase: phase(stage.hand_reshuffles(rider)),
            ahead_of_teammate,
            to_line: course.rows_to_line(row),
            summit_finish_climb,
            breakaway_alone: stage.breakaway_alone(rider),
            reach,
        }
    }
}

impl BrainBot {
    /// The card its table names from the hand `rider` drew; `None` for a rider without a table
    /// or without cards, who rides as the sensible bot.
    fn keep(stage: &Stage, rider: RiderIdx) -> Option<Card> {
        let kind = stage.setup().riders[rider as usize].kind;
        let hand = stage.hand(rider);
        if !has_table(kind) || hand.is_empty() {
            return None;
        }
        // Each card's reach worked out once: the table asks for the same cards several times.
        let mut known = [None; MEMO_SLOTS];
        for &c in hand {
            if let Some(k) = memo_slot(c) {
                known[k].get_or_insert_with(|| stage.reach(rider, c));
            }
        }
        let reach = |c: Card| match memo_slot(c).and_then(|k| known[k]) {
            Some(rows) => rows,
            None => stage.reach(rider, c),
        };
        Some(pick(&Self::situation(stage, rider, &reach), hand))
    }
}

impl Policy for BrainBot {
    fn choose(&mut self, stage: &Stage, seat: Seat, options: &[Choice]) -> Choice {
        if let Some(bid) = super::auction::bot_bid(stage, seat, options) {
            return bid;
        }
        let Some(Choice::Keep { rider, .. }) = options.first().copied() else {
            return options[0];
        };
        let Some(card) = Self::keep(stage, rider) else {
            return SensibleBot.choose(stage, seat, options);
        };
        let keep = Choice::Keep { rider, card };
        if options.contains(&keep) {
            keep
        } else {
            options[0]
        }
    }

    /// `choose` draws the first rider offered.
    fn draws_first(&self) -> bool {
        true
    }

    /// A card of the hand is always among the options: no need to list them.
    fn keep_from_hand(&mut self, stage: &Stage, _seat: Seat, rider: RiderIdx) -> Option<Choice> {
        Self::keep(stage, rider).map(|card| Choice::Keep { rider, card })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{Course, CourseSpec, SegmentSpec};
    use crate::games::card_race::movement::distance_with;

    const E: Card = Card::Exhaustion;
    fn n(v: u8) -> Card {
        Card::Energy(v)
    }

    /// Start rows 0-3, the runs given, then the line and a run-out.
    fn course(runs: &[(Terrain, i64)]) -> Course {
        let seg = |terrain, length, start, finish| SegmentSpec {
            terrain,
            length,
            lanes: None,
            start,
            finish,
        };
        let mut segments = vec![seg(Terrain::Flat, 4, true, false)];
        segments.extend(runs.iter().map(|&(t, l)| seg(t, l, false, false)));
        segments.push(seg(Terrain::Flat, 5, false, true));
        CourseSpec {
            segments,
            ..Default::default()
        }
        .build()
        .unwrap()
    }

    struct Case {
        kind: RiderKind,
        runs: Vec<(Terrain, i64)>,
        row: u16,
        stage: StageType,
        phase: u8,
        ahead: bool,
        hand: Vec<Card>,
        /// Alone in the breakaway (HA-056).
        alone: bool,
    }

    fn play(c: &Case) -> Card {
        let course = course(&c.runs);
        let reach = |card: Card| distance_with(&course, c.row, false, card);
        let line = course.finish_row();
        let climb_from = if course.terrain(c.row) == Terrain::Uphill {
            Some(c.row)
        } else {
            course.uphill_ahead(c.row).map(|j| c.row + j)
        };
        let s = Situation {
            kind: c.kind,
            terrain: course.terrain(c.row),
            stage: c.stage,
            phase: c.phase,
            ahead_of_teammate: c.ahead,
            to_line: course.rows_to_line(c.row),
            summit_finish_climb: climb_from
                .is_some_and(|f| (f..line).all(|r| course.terrain(r) == Terrain::Uphill)),
            breakaway_alone: c.alone,
            reach: &reach,
        };
        pick(&s, &c.hand)
    }

    use RiderKind::{Grimpeur as G, Rouleur as R, Sprinteur as S};
    use Terrain::{Downhill as D, Flat as F, Supply as Su, Uphill as U};

    fn case(kind: RiderKind, runs: &[(Terrain, i64)], row: u16, hand: &[Card]) -> Case {
        Case {
            kind,
            runs: runs.to_vec(),
            row,
            stage: StageType::Flat,
            phase: 1,
            ahead: true,
            hand: hand.to_vec(),
            alone: false,
        }
    }

    /// TV-04 4.1–4.9, 4.33 aside: the golden rule and the flat phases (HA-009…HA-013, HA-015).
    #[test]
    fn ha_009_to_ha_015_tv_04_flat_and_the_golden_rule() {
        let flat = [(F, 40)];
        // 4.1: the line 5 rows away (row 39 of a 40-row flat + 4 start rows: line before 44).
        assert_eq!(play(&case(R, &flat, 39, &[n(7), n(6), n(4), n(3)])), n(7));
        // 4.2: d_line 9, phase 1.
        assert_eq!(play(&case(R, &flat, 35, &[n(7), n(6), n(5), n(3)])), n(6));
        assert_eq!(
            play(&case(R, &flat, 10, &[n(7), n(7), n(5), n(3)])),
            n(7),
            "4.3"
        );
        assert_eq!(
            play(&case(S, &flat, 10, &[n(9), n(6), n(4), n(2)])),
            n(6),
            "4.4"
        );
        let mut c = case(R, &flat, 10, &[n(7), n(6), n(5), n(3)]);
        c.phase = 2;
        assert_eq!(play(&c), n(6), "4.5: phase 2, ahead of its teammate");
        c.ahead = false;
        assert_eq!(play(&c), n(7), "4.6: phase 2, behind");
        let mut c = case(S, &flat, 10, &[n(9), n(6), n(4), n(2)]);
        c.phase = 3;
        assert_eq!(play(&c), n(9), "4.7: phase 3");
        let mut c = case(R, &flat, 10, &[n(7), n(6), n(5), n(3)]);
        c.stage = StageType::Mountain;
        assert_eq!(play(&c), n(7), "4.8: flat row of a mountain stage");
        c.kind = G;
        assert_eq!(play(&c), n(6), "4.9: the grimpeur keeps the flat phases");
    }

    /// TV-04 4.10–4.22: climbs (HA-016…HA-019) and a flat pick cut by a climb ahead (HA-014).
    #[test]
    fn ha_056_qa_28_alone_in_the_breakaway_on_the_flat_the_highest_card() {
        // TV-04 4.4's hand: the table keeps the 6; alone in the breakaway on the flat, the 9.
        let mut c = case(S, &[(F, 40)], 10, &[n(9), n(6), n(4), n(2)]);
        c.alone = true;
        assert_eq!(play(&c), n(9));
        // On a climb the table holds even alone (4.10: the 4).
        let mut c = case(R, &[(U, 10), (F, 30)], 6, &[n(7), n(6), n(4), n(3)]);
        c.alone = true;
        assert_eq!(play(&c), n(4));
    }

    #[test]
    fn ha_014_to_ha_019_tv_04_climbs() {
        let climb = [(U, 10), (F, 30)];
        let on = |kind, hand: &[Card]| play(&case(kind, &climb, 6, hand));
        assert_eq!(on(R, &[n(7), n(6), n(4), n(3)]), n(4), "4.10");
        assert_eq!(on(R, &[n(7), n(6), n(3), E]), n(6), "4.11");
        assert_eq!(on(R, &[n(7), n(3), E, E]), n(3), "4.12");
        assert_eq!(on(R, &[n(7), E]), n(7), "4.13");
        assert_eq!(on(S, &[n(9), n(6), n(4), n(3)]), n(6), "4.14");
        assert_eq!(on(S, &[n(9), n(4), n(3), n(2)]), n(4), "4.15");
        assert_eq!(on(S, &[n(9), n(2)]), n(2), "4.16: eff(9) = 5");
        assert_eq!(on(G, &[n(7), n(6), n(3), n(2)]), n(7), "4.20");
        // 4.17–4.19: flat, phase 3, a climb j rows ahead.
        let ahead = |j: u16, hand: &[Card]| {
            let mut c = case(S, &[(F, 10), (U, 5), (F, 30)], 14 - j, hand);
            c.phase = 3;
            play(&c)
        };
        assert_eq!(ahead(7, &[n(9), n(2)]), n(9), "4.17: eff(9) = 6 > 5");
        assert_eq!(ahead(4, &[n(9), n(2)]), n(2), "4.18: eff(9) = 5");
        assert_eq!(ahead(7, &[n(9), n(4), n(2)]), n(4), "4.19");
        // 4.21, 4.22: the climb that ends at the line (rows 4-13 uphill, line before 14).
        let summit = [(U, 10)];
        assert_eq!(
            play(&case(R, &summit, 7, &[n(7), n(6), n(5), n(4)])),
            n(7),
            "4.21: d_line 7, HA-019"
        );
        assert_eq!(
            play(&case(R, &summit, 10, &[n(7), n(6), n(5), n(3)])),
            n(7),
            "4.22: golden rule"
        );
    }

    /// TV-04 4.23–4.32: supply zone and descent orders (HA-020, HA-021), and a pick cut by a
    /// climb ahead (HA-022).
    #[test]
    fn ha_020_to_ha_022_tv_04_supply_and_descent() {
        let supply = [(Su, 5), (F, 30)];
        let downhill = [(D, 5), (F, 30)];
        let at = |kind, runs: &[(Terrain, i64)], hand: &[Card]| play(&case(kind, runs, 5, hand));
        assert_eq!(at(R, &supply, &[n(7), n(6), n(4), n(3)]), n(3), "4.23");
        assert_eq!(at(R, &supply, &[n(7), n(6), n(5), n(4)]), n(7), "4.24");
        assert_eq!(at(R, &supply, &[n(6), n(5), n(4), n(4)]), n(6), "4.25");
        assert_eq!(at(S, &supply, &[n(9), n(6), n(4), n(4)]), n(9), "4.26");
        assert_eq!(at(S, &supply, &[n(6), n(4)]), n(6), "4.27");
        assert_eq!(at(R, &downhill, &[n(7), n(6), n(5), n(4)]), n(7), "4.28");
        assert_eq!(at(R, &downhill, &[n(6), n(5), n(4)]), n(4), "4.29");
        assert_eq!(at(S, &downhill, &[n(6), n(4)]), n(4), "4.30");
        assert_eq!(at(G, &downhill, &[n(6), n(5), n(3)]), n(3), "4.31");
        // 4.32: a descent with a climb 3 rows ahead: the 7 would be cut to 5: the smallest card.
        let into_climb = [(D, 5), (U, 3), (F, 30)];
        assert_eq!(
            play(&case(R, &into_climb, 6, &[n(7), n(6), n(5), n(4)])),
            n(4),
            "4.32"
        );
    }

    /// HA-010's second card, found in one pass, is the second of the hand sorted high to low
    /// by a stable sort, and the highest card is the last of the highest, for every hand of up
    /// to four of these cards.
    #[test]
    fn ha_010_second_highest_is_the_second_of_the_stable_sort() {
        let cards = [n(2), E, n(3), n(5), n(9), Card::SplitAttack];
        let mut hands: Vec<Vec<Card>> = vec![vec![]];
        for _ in 0..4 {
            let longer: Vec<Vec<Card>> = hands
                .iter()
                .flat_map(|h| {
                    cards.iter().map(move |&c| {
                        let mut h = h.clone();
                        h.push(c);
                        h
                    })
                })
                .collect();
            hands.extend(longer);
        }
        hands.retain(|h| !h.is_empty());
        for hand in &hands {
            let mut sorted = hand.clone();
            sorted.sort_by_key(|c| std::cmp::Reverse(c.value()));
            let expected = sorted.get(1).copied().unwrap_or(sorted[0]);
            assert_eq!(second_highest(hand), expected, "{hand:?}");
            let last_max = hand
                .iter()
                .max_by_key(|c| (c.value(), c.is_exhaustion() as u8 ^ 1))
                .copied();
            assert_eq!(Some(highest(hand)), last_max, "{hand:?}");
        }
    }

    #[test]
    fn ha_011_qa_05_phase_counts_reshuffles_before_the_hand() {
        assert_eq!([phase(0), phase(1), phase(2), phase(5)], [1, 2, 3, 3]);
    }

    /// TV-06: exhaustion cards a Brain rider starts the next stage with.
    #[test]
    fn ha_008_tv_06_brain_exhaustion_between_stages() {
        assert_eq!(exhaustion_after_stage(true, true, true), 3);
        assert_eq!(exhaustion_after_stage(true, false, false), 1);
        assert_eq!(exhaustion_after_stage(false, true, false), 1);
        assert_eq!(exhaustion_after_stage(false, false, true), 1);
        assert_eq!(exhaustion_after_stage(false, false, false), 0);
    }

    /// TV-05 in a stage: the phases of a rouleur's hands as its deck runs through, a hand
    /// that straddles a reshuffle keeping the old phase (HA-011, QA-05).
    #[test]
    fn ha_011_tv_05_brain_phases_in_a_stage() {
        use crate::course::Pos;
        use crate::game::Ruleset;
        use crate::games::card_race::{Hands, Options, Profiles, RiderSetup, StageSetup};
        use std::sync::Arc;
        let phases = |exhaustion_after_round_1: bool| {
            let setup = StageSetup {
                course: Arc::new(course(&[(F, 120)])),
                teams: vec!["Blue".into()],
                riders: vec![RiderSetup {
                    id: "Blue R".into(),
                    team: 0,
                    kind: R,
                    start: Pos::new(3, 0),
                    carried_exhaustion: 0,
                }],
                options: Options {
                    hands: Hands::Deal,
                    profiles: Profiles::HouseA,
                    ..Options::default()
                },
            };
            let mut stage = Stage::new(setup, 3).unwrap();
            let mut seen = Vec::new();
            for round in 1..=8 {
                stage.apply(0, &Choice::Draw { rider: 0 }).unwrap();
                seen.push(phase(stage.hand_reshuffles(0)));
                let card = stage.hand(0)[0];
                stage.apply(0, &Choice::Keep { rider: 0, card }).unwrap();
                // Alone on the road it takes the wind every round: keep only what the case says.
                let recycle = &mut stage.riders[0].recycle;
                assert_eq!(recycle.last(), Some(&Card::Exhaustion));
                if !(exhaustion_after_round_1 && round == 1) {
                    recycle.pop();
                }
            }
            seen
        };
        assert_eq!(phases(false), [1, 1, 1, 1, 2, 2, 3, 3]);
        assert_eq!(phases(true), [1, 1, 1, 1, 2, 2, 2, 3]);
    }

    /// A house-A stage of Brain riders: `riders` (kind, row, lane, seat) on a course of `runs`,
    /// dealt hands.
    fn brain_stage(runs: &[(Terrain, i64)], riders: &[(RiderKind, u16, u8, u8)]) -> Stage {
        use crate::course::Pos;
        use crate::games::card_race::{Hands, Options, Profiles, RiderSetup, StageSetup};
        use std::sync::Arc;
        let setup = StageSetup {
            course: Arc::new(course(runs)),
            teams: vec!["Blue".into(), "Red".into()],
            riders: riders
                .iter()
                .enumerate()
                .map(|(i, &(kind, row, lane, team))| RiderSetup {
                    id: format!("{kind:?} {i}"),
                    team,
                    kind,
                    start: Pos::new(row, lane),
                    carried_exhaustion: 0,
                })
                .collect(),
            options: Options {
                hands: Hands::Deal,
                profiles: Profiles::HouseA,
                stage_types: true,
                ..Options::default()
            },
        };
        Stage::new(setup, 5).unwrap()
    }

    /// The card the Brain bot keeps when `rider` draws `hand`: stacked on its draw pile (the
    /// first card first), or, with `reshuffled`, left alone in its recycle pile with its draw
    /// pile empty, so that the hand comes after a reshuffle (phase 2 of the flat, QA-05).
    fn brain_keeps(stage: &mut Stage, rider: RiderIdx, hand: &[Card], reshuffled: bool) -> Card {
        use crate::game::Ruleset;
        let r = &mut stage.riders[rider as usize];
        if reshuffled {
            r.deck.clear();
            r.recycle = hand.to_vec();
        } else {
            r.deck = hand.iter().rev().copied().collect();
            r.recycle.clear();
        }
        let seat = stage.setup().riders[rider as usize].team;
        stage.apply(seat, &Choice::Draw { rider }).unwrap();
        let mut drawn = stage.hand(rider).to_vec();
        let mut wanted = hand.to_vec();
        drawn.sort();
        wanted.sort();
        assert_eq!(drawn, wanted, "the hand drawn");
        let options = stage.legal_choices(seat);
        let keep = BrainBot.choose(stage, seat, &options);
        let Choice::Keep { card, .. } = keep else {
            panic!("a card is kept: {options:?}");
        };
        stage.apply(seat, &keep).unwrap();
        card
    }

    /// HA-012 (seed 001, Brain cycliste, Plat, 2nd column), QA-06: on the flat, in phase 2 (the
    /// hand drawn after the rider's deck was reshuffled once), a rider ahead of its teammate
    /// plays the hand's second-highest card and a rider behind it the highest. Blue's two
    /// rouleurs each draw 7, 6, 5, 3 from a reshuffled pile: the one further up the road plays
    /// the 6, the other the 7. Level on a row, lane 0 is ahead (race order); a rider whose
    /// teammates are all across plays as the one ahead.
    #[test]
    fn ha_012_qa_06_flat_phase_2_second_card_ahead_of_the_teammate_highest_behind() {
        let hand = [n(7), n(6), n(5), n(3)];
        let mut s = brain_stage(&[(F, 40)], &[(R, 10, 0, 0), (R, 8, 0, 0)]);
        assert_eq!(brain_keeps(&mut s, 0, &hand, true), n(6), "ahead");
        assert_eq!(phase(s.hand_reshuffles(0)), 2);
        assert_eq!(brain_keeps(&mut s, 1, &hand, true), n(7), "behind");
        // Side by side: lane 0 leads.
        let mut s = brain_stage(&[(F, 40)], &[(R, 10, 1, 0), (S, 10, 0, 0)]);
        assert_eq!(
            brain_keeps(&mut s, 0, &hand, true),
            n(7),
            "lane 1 is behind"
        );
        assert_eq!(
            brain_keeps(&mut s, 1, &[n(9), n(6), n(4), n(2)], true),
            n(6),
            "lane 0 is ahead"
        );
        // The same hands before any reshuffle are phase 1: the second card, ahead or behind.
        let mut s = brain_stage(&[(F, 40)], &[(R, 10, 0, 0), (R, 8, 0, 0)]);
        assert_eq!(
            brain_keeps(&mut s, 1, &hand, false),
            n(6),
            "phase 1, behind"
        );
        // Alone in its team (the other team's rider ahead is no teammate): ahead.
        let mut s = brain_stage(&[(F, 40)], &[(R, 8, 0, 0), (R, 10, 0, 1)]);
        assert_eq!(brain_keeps(&mut s, 0, &hand, true), n(6), "no teammate");
        // A teammate already across the line is no longer racing (QA-06): ahead.
        let mut s = brain_stage(&[(F, 40)], &[(R, 8, 0, 0), (R, 10, 0, 0)]);
        s.riders[1].crossed = Some((1, s.position(1)));
        assert_eq!(brain_keeps(&mut s, 0, &hand, true), n(6), "teammate across");
    }

    /// HA-017 (seed 001, Brain cycliste, Montée, sprinteur), QA-09: on a climb the sprinteur
    /// plays the first it holds of 6, 4, 3, then the 9 if the 9 would move it more than 5 rows,
    /// then 2 (an exhaustion card counts 2), then the 9.
    #[test]
    fn ha_017_qa_09_sprinteur_on_a_climb_plays_6_4_3_fast_9_2_then_9() {
        let climb = [(U, 10), (F, 30)];
        let on_climb = |hand: &[Card]| {
            let mut s = brain_stage(&climb, &[(S, 6, 0, 0)]);
            brain_keeps(&mut s, 0, hand, false)
        };
        assert_eq!(on_climb(&[n(9), n(3), n(4), n(6)]), n(6));
        assert_eq!(on_climb(&[n(9), n(3), n(2), n(4)]), n(4));
        assert_eq!(on_climb(&[n(2), n(9), n(3), n(2)]), n(3));
        // On the climb a 9 moves 5 rows (FR-4), no more: the 2 comes before it.
        assert_eq!(on_climb(&[n(9), n(9), n(2), n(9)]), n(2));
        assert_eq!(on_climb(&[n(9), E, n(9)]), E, "an exhaustion card is a 2");
        assert_eq!(on_climb(&[n(9), n(9), n(9), n(9)]), n(9), "the 9 last");
        // A mountain stage's flat row 7 rows before a climb: the highest card (HA-015), the 9,
        // is cut to 6 rows by the climb ahead (HA-014), so the climb's order decides: 6 > 5,
        // the 9 goes before the 2. Four rows before the climb the 9 moves 5: the 2.
        let mountain = [(F, 10), (U, 12), (F, 30)];
        let mut s = brain_stage(&mountain, &[(S, 7, 0, 0)]);
        assert_eq!(brain_keeps(&mut s, 0, &[n(2), n(9), n(2)], false), n(9));
        // The 3 still comes before the fast 9.
        let mut s = brain_stage(&mountain, &[(S, 7, 0, 0)]);
        assert_eq!(brain_keeps(&mut s, 0, &[n(2), n(9), n(3)], false), n(3));
        let mut s = brain_stage(&mountain, &[(S, 10, 0, 0)]);
        assert_eq!(brain_keeps(&mut s, 0, &[n(2), n(9), n(2)], false), n(2));
    }

    /// HA-018 (seed 001, Brain cycliste, Montée, grimpeur): on a climb the grimpeur plays its
    /// highest card, whatever the rouleur's (5, 4, 6…) or the sprinteur's (6, 4, 3…) order
    /// would pick.
    #[test]
    fn ha_018_grimpeur_on_a_climb_plays_its_highest_card() {
        let climb = [(U, 10), (F, 30)];
        let on_climb = |hand: &[Card]| {
            let mut s = brain_stage(&climb, &[(G, 6, 0, 0)]);
            brain_keeps(&mut s, 0, hand, false)
        };
        assert_eq!(on_climb(&[n(3), n(6), n(2), n(7)]), n(7));
        assert_eq!(on_climb(&[n(4), n(5), n(3), n(6)]), n(6));
        assert_eq!(on_climb(&[n(2), n(4), n(5), n(3)]), n(5));
        assert_eq!(on_climb(&[E, n(3), E, n(2)]), n(3));
    }

    /// The runners ask `keep_from_hand` and `first_to_draw` instead of listing the options: at
    /// every turn of whole house-A stages (auction, gruppetto, climbs, a domestique who may
    /// quit) they name what `choose` names from the full list.
    #[test]
    fn the_choice_without_the_list_is_the_choice_from_the_list() {
        use crate::course::parse_course_toml;
        use crate::game::Ruleset;
        use crate::games::card_race::movement::LONGEST_MOVE;
        use crate::games::card_race::{Options, Profiles, RiderSetup, StageEnd, StageSetup, Start};
        use crate::games::card_race::{grid_start, house_a::BrainBot};
        use std::sync::Arc;
        let courses = [
            include_str!("../../../../../config/courses/card-race/avenue-corso-paseo.toml"),
            include_str!("../../../../../config/courses/card-race/la-haute-montagne.toml"),
        ];
        let kinds = [R, S, G, RiderKind::Domestique];
        let (mut fast, mut listed, mut draws) = (0, 0, 0);
        for (c, text) in courses.iter().enumerate() {
            let course = parse_course_toml(text, "course.toml")
                .unwrap()
                .with_start_for(18)
                .with_run_out(LONGEST_MOVE);
            let cells = grid_start(&course, 16).unwrap();
            let riders = (0..16)
                .map(|i| RiderSetup {
                    id: format!("{c}-{i}"),
                    team: (i % 4) as u8,
                    kind: kinds[i / 4],
                    start: cells[i],
                    carried_exhaustion: (i % 3) as u16,
                })
                .collect();
            let setup = Arc::new(StageSetup {
                course: Arc::new(course),
                teams: (0..4).map(|t| format!("Team {t}")).collect(),
                riders,
                options: Options {
                    profiles: Profiles::HouseA,
                    stage_types: true,
                    stage_end: StageEnd::AllAcross,
                    start: Start::BreakawayHouseA,
                    gruppetto: true,
                    ..Options::default()
                },
            });
            for seed in 0..12 {
                let mut stage = Stage::from_shared(Arc::clone(&setup), seed).unwrap();
                while !stage.is_over() {
                    for seat in 0..4 {
                        let options = stage.legal_choices(seat);
                        if let Some(first) = stage.first_to_draw(seat) {
                            let draw = first.map(|rider| Choice::Draw { rider });
                            assert_eq!(draw, options.first().copied(), "seed {seed}");
                            assert!(options.iter().all(|c| matches!(c, Choice::Draw { .. })));
                            draws += 1;
                        }
                        if options.is_empty() {
                            continue;
                        }
                        let choice = BrainBot.choose(&stage, seat, &options);
                        if let Some(rider) = stage.drawn_rider(seat) {
                            match BrainBot.keep_from_hand(&stage, seat, rider) {
                                Some(keep) => {
                                    assert_eq!(keep, choice, "seed {seed}, {options:?}");
                                    fast += 1;
                                }
                                None => listed += 1,
                            }
                        }
                        stage.apply(seat, &choice).unwrap();
                    }
                }
            }
        }
        assert!(
            fast > 1000 && listed > 10 && draws > 1000,
            "{fast} keeps from the hand, {listed} listed, {draws} draws"
        );
    }
}
