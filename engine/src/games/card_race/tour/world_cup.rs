//! House rules B's world cup (seed 004, MODES DE COURSE – Coupe du monde; HB-073…HB-079): teams
//! of three who enter two riders an event, a form deck per team, events ridden until the last
//! rider is across, and a cup of points by place.
//!
//! Option `world_cup = true` (the named rules `house-b-world-cup` set it with
//! `stage_end = "all_across"`, HB-077). Between events the card race hands on a [`CupState`]:
//! who rode, the form card each rode with, and what is left of each team's form deck.
//!
//! Our rulings (QB-28, QB-29):
//! - Entry (HB-073): the seed has the director choose. Until a director can say so, the referee
//!   enters for them: a rider who sat out the last event rides; of the others, the one the
//!   course suits least rests (a sprinter in the mountains, a grimpeur on the flat, a rouleur on
//!   hilly roads).
//! - A rider who rode the previous event starts with one exhaustion card (HB-074), however many
//!   events in a row it rode; every event starts from fresh decks otherwise.
//! - A form card (HB-075) is one extra energy card of its value shuffled into the rider's deck
//!   for the event. The referee gives each entered rider the highest card left, in the order the
//!   team lists them. After the event the cards go back to the deck, but a rider who enters the
//!   next event loses the card it rode with for good (HB-076).
//! - Points (HB-078) go to riders by event place; the cup (HB-079) is the most points, ties to
//!   more wins, then more second places and so on, then the better place in the last event,
//!   then the lower start number.

use crate::games::card_race::RiderKind;
use crate::games::card_race::house_a::StageType;
use crate::tour::classifications::{Classification, Classifications, Jersey, Unit, led};
use crate::tour::result::{RiderKey, StageResult};
use crate::tour::standing::{Score, StandingRow};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// HB-078, table B6: points for places 1 to 12; 0 from 13th.
pub const POINTS: [u32; 12] = [25, 20, 16, 13, 11, 9, 7, 5, 4, 3, 2, 1];

/// HB-075, table B7: each team's form deck.
pub const FORM_DECK: [u8; 12] = [5, 5, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3];

/// HB-073: riders a team enters in an event.
pub const ENTERED: usize = 2;

/// HB-074: exhaustion cards for a rider who rode the previous event.
pub const BACK_TO_BACK_EXHAUSTION: u16 = 1;

/// HB-078: the points of an event place (1-based).
pub fn cup_points(place: u32) -> u32 {
    (place as usize)
        .checked_sub(1)
        .and_then(|i| POINTS.get(i))
        .copied()
        .unwrap_or(0)
}

/// What one event hands the next.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CupState {
    /// The riders who rode the event just ridden.
    #[serde(default)]
    pub rode: Vec<String>,
    /// The form card each of them rode with (HB-076).
    #[serde(default)]
    pub form_used: BTreeMap<String, u8>,
    /// Each team's form deck, by team name, the cards of the event just ridden back in it; a
    /// team not listed has its full deck.
    #[serde(default)]
    pub decks: BTreeMap<String, Vec<u8>>,
}

/// One entered rider of an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The rider's index in the team's list.
    pub index: usize,
    /// HB-074: it rode the previous event.
    pub rode_last: bool,
    /// HB-075: its form card, if the team's deck had one left.
    pub form: Option<u8>,
}

/// How well a course suits a rider, for the referee's entry (lower rests first).
fn rests_first(kind: RiderKind, stage_type: StageType) -> u8 {
    use RiderKind::{Grimpeur, Rouleur, Sprinteur};
    let order: [RiderKind; 3] = match stage_type {
        StageType::Flat => [Grimpeur, Rouleur, Sprinteur],
        StageType::Hilly => [Rouleur, Grimpeur, Sprinteur],
        _ => [Sprinteur, Rouleur, Grimpeur],
    };
    order.iter().position(|&k| k == kind).unwrap_or(0) as u8
}

/// HB-073 (QB-29): which of a team's riders `(id, kind)` ride this event, in the team's order.
pub fn enter(
    riders: &[(String, RiderKind)],
    stage_type: StageType,
    state: &CupState,
) -> Vec<usize> {
    if riders.len() <= ENTERED {
        return (0..riders.len()).collect();
    }
    let rode = |i: usize| state.rode.contains(&riders[i].0);
    // Who rests: riders who rode last time before those who did not; then the course's choice.
    let mut resting: Vec<usize> = (0..riders.len()).collect();
    resting.sort_by_key(|&i| {
        (
            !rode(i),
            rests_first(riders[i].1, stage_type),
            std::cmp::Reverse(i),
        )
    });
    let mut entered: Vec<usize> = resting[riders.len() - ENTERED..].to_vec();
    entered.sort_unstable();
    entered
}

/// HB-075, HB-076: the form cards of a team's entered riders `(id, index)`. A rider who rode the
/// previous event loses the card it rode with from the deck for good; then each entered rider
/// takes the highest card left. Returns the entries and the deck with this event's cards out.
pub fn deal_form(
    team: &str,
    entered: &[(String, usize)],
    state: &CupState,
) -> (Vec<Entry>, Vec<u8>) {
    let mut deck = state
        .decks
        .get(team)
        .cloned()
        .unwrap_or_else(|| FORM_DECK.to_vec());
    let mut entries = Vec::new();
    for (id, _) in entered {
        if let Some(used) = state.form_used.get(id)
            && state.rode.contains(id)
            && let Some(at) = deck.iter().position(|v| v == used)
        {
            deck.remove(at);
        }
    }
    for (id, index) in entered {
        deck.sort_unstable_by(|a, b| b.cmp(a));
        let form = (!deck.is_empty()).then(|| deck.remove(0));
        entries.push(Entry {
            index: *index,
            rode_last: state.rode.contains(id),
            form,
        });
    }
    (entries, deck)
}

/// HB-078, HB-079 (QB-29): the cup after the given events, most points first.
pub fn standings(stages: &[StageResult]) -> Vec<StandingRow> {
    struct Line {
        team: String,
        start_number: u32,
        points: u32,
        places: Vec<u32>,
        last: u32,
    }
    let mut lines: HashMap<RiderKey, Line> = HashMap::new();
    let last_number = stages.last().map(|s| s.number);
    for stage in stages {
        for r in &stage.riders {
            let line = lines.entry(r.rider.clone()).or_insert_with(|| Line {
                team: r.team.clone(),
                start_number: r.start_number,
                points: 0,
                places: Vec::new(),
                last: u32::MAX,
            });
            if let Some(place) = r.place {
                line.points += cup_points(place);
                line.places.push(place);
                if Some(stage.number) == last_number {
                    line.last = place;
                }
            }
        }
    }
    let mut rows: Vec<(RiderKey, Line)> = lines.into_iter().collect();
    // Countback: more wins, then more second places, and so on.
    let countback = |l: &Line| -> Vec<std::cmp::Reverse<usize>> {
        (1..=POINTS.len() as u32)
            .map(|p| std::cmp::Reverse(l.places.iter().filter(|&&x| x == p).count()))
            .collect()
    };
    rows.sort_by(|(_, a), (_, b)| {
        b.points
            .cmp(&a.points)
            .then_with(|| countback(a).cmp(&countback(b)))
            .then(a.last.cmp(&b.last))
            .then(a.start_number.cmp(&b.start_number))
    });
    let leader = rows.first().map_or(0, |(_, l)| l.points);
    rows.into_iter()
        .enumerate()
        .map(|(i, (rider, l))| StandingRow {
            rank: i as u32 + 1,
            rider: Some(rider),
            start_number: Some(l.start_number),
            team: l.team,
            value: Score::Points(l.points),
            gap: Score::Points(leader - l.points),
            reinstated: false,
            riders_left: None,
        })
        .collect()
}

/// The world cup's one classification: the cup (HB-079). Its leader wears the rainbow's white.
pub fn classifications(stages: &[StageResult]) -> Classifications {
    let rows = standings(stages);
    let mut cup: Classification = led(
        "cup",
        crate::tour::classifications::sentence("classification-cup", "World cup"),
        Some(Jersey::Rgb([0xf4, 0xf1, 0xe8])),
        Unit::Points,
        rows,
    );
    // Nobody holds the cup before a point is scored.
    if cup.rows.first().is_none_or(|r| r.value == Score::Points(0)) {
        cup.holder = None;
    }
    Classifications { tables: vec![cup] }
}
