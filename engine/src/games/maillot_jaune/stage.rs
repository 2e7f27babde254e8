//! A stage of Maillot Jaune: its state, the one legal-moves function, and how a choice is
//! played. Rulings of ours (G-xx of the conformance table, and R-MJ-x where the table is
//! silent) stand beside the code that follows them; docs/maillot-jaune.md lists them all.

use super::events::{Choice, Event, RiderIx, Why};
use super::options::{Attributes, FinishWinner, LaterStages, Options, TerrainChange};
use super::tables::{self, Card, MAX_RIDERS, MAX_RISKY, Pair, Price, risky_price};
use crate::course::{Course, LinkKind, Pos, Terrain};
use crate::dice::{Dice, DiceError};
use crate::game::Seat;
use crate::memo::Memo;
use crate::registry::{Setup, StartError};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Where a rider is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "at", content = "pos", rename_all = "snake_case")]
pub enum Spot {
    /// Behind the start banner (G-08: any number of riders).
    Start,
    Road(Pos),
    /// Over the line this round: he stays on his cell until the round ends (G-10).
    Across(Pos),
    /// Over the line, off the board.
    Finished,
    /// Abandoned (MJ-033).
    Out,
}

impl Spot {
    pub fn pos(self) -> Option<Pos> {
        match self {
            Spot::Road(p) | Spot::Across(p) => Some(p),
            _ => None,
        }
    }
    pub fn racing(self) -> bool {
        matches!(self, Spot::Start | Spot::Road(_))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rider {
    pub name: String,
    pub card: Card,
    pub seat: Seat,
    pub spot: Spot,
    pub energy: u8,
    pub form: u8,
    /// Loses his next turn (a puncture, MJ-059).
    pub skip: bool,
    /// Minutes before this stage, the stage places before it and the place in the overall
    /// order (stages 2 and 3).
    pub minutes_before: u32,
    pub places_before: Vec<u32>,
    pub overall: Option<u32>,
}

/// Where the turn being played stands. A move is chosen in steps, so that each fits one set of
/// buttons (Discord's 25): how far (`Choose { plan: None }`), then the cell among those that far
/// within his stars (`Ride`), or for an escape how it is paid (`Escape`) and the cell it ends on
/// (`Choose { plan: Some(..) }`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Phase {
    /// The rider's director chooses how far (`plan: None`), or, an escape announced (`plan`:
    /// safe, risky cells), the cell it ends on.
    Choose { plan: Option<(u8, u8)> },
    /// Which cell, among those `cells` cells away within his stars.
    Ride { cells: u8 },
    /// How an escape of `cells` cells past his stars is paid: how many safe, how many risky.
    Escape { cells: u8 },
    /// The partner's director answers a pact.
    Ask { partner: RiderIx },
    /// The rider ended beside punctured riders: he may help one.
    Help { riders: Vec<RiderIx> },
}

impl Phase {
    /// Whether the rider's director is choosing his move, at any of its steps.
    pub fn choosing(&self) -> bool {
        matches!(
            self,
            Phase::Choose { .. } | Phase::Ride { .. } | Phase::Escape { .. }
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Turn {
    pub rider: RiderIx,
    pub phase: Phase,
}

/// A pact of décalage (G-17): accepted, the leader moves, then the partner ends beside him.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pact {
    pub leader: RiderIx,
    pub partner: RiderIx,
    /// Where the leader ended, once he has moved.
    pub leader_end: Option<Pos>,
    /// Whom the leader had in his wheel, and where he started.
    pub leader_from: Option<Pos>,
}

/// Why a choice is refused. The stage is unchanged whenever one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MjError {
    #[error("it is not this director's turn")]
    NotYourTurn,
    #[error("no energy for a safe escape: the dial shows {energy}, the safe cells need {needed}")]
    NoEnergyForSafe { energy: u8, needed: u8 },
    #[error("a risky escape is 1 to 4 cells")]
    RiskyTooLong,
    #[error("that cell cannot be reached by this move")]
    Unreachable,
    #[error("that is not a choice now")]
    NotNow,
    #[error("a move within the stars is 1 to {stars} cells, not {cells}")]
    BeyondStars { cells: u8, stars: u8 },
    #[error("no cell is {cells} cells away within the stars")]
    NoCellThatFar { cells: u8 },
    #[error("an escape is 1 to {most} cells past the stars (the dial and 4 risky), not {cells}")]
    EscapeTooLong { cells: u8, most: u8 },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MaillotJaune {
    #[serde(skip)]
    pub course: Arc<Course>,
    pub options: Options,
    pub teams: Vec<String>,
    pub riders: Vec<Rider>,
    #[serde(skip)]
    dice: DiceBox,
    pub round: u32,
    /// Race order of the round, measured at its start (MJ-017, MJ-018).
    pub order: Vec<RiderIx>,
    pub played: Vec<bool>,
    /// Riders to play next, before the round's order: pulled riders and pact partners (G-15).
    pub queue: Vec<RiderIx>,
    pub turn: Option<Turn>,
    pub pact: Option<Pact>,
    /// Partners who refused a pact this turn.
    pub refused: Vec<RiderIx>,
    /// Riders over the line, in the order they crossed, with the round.
    pub finish: Vec<(RiderIx, u32)>,
    pub over: bool,
    /// What happened as the stage was set up (the first rider drawn, round 1).
    pub opening: Vec<Event>,
    /// The last rider's ways worked out (see [`MaillotJaune::ways`]).
    #[serde(skip)]
    ways_memo: Memo<WaysKey, Ways>,
    /// The dice the last choice played rolled (its `Rolled` events), rider by rider: what the
    /// board shows. Told by the events, so no rule reads it.
    #[serde(skip)]
    pub last_rolls: Vec<(RiderIx, [u8; 2])>,
}

/// What a rider's ways are worked out from (see [`MaillotJaune::ways`]).
#[derive(PartialEq)]
struct WaysKey {
    rider: RiderIx,
    spots: Vec<Spot>,
    energy: u8,
    pact: bool,
}

/// The dice, compared by nothing: two stages are equal when what can be seen is.
#[derive(Debug, Clone)]
struct DiceBox(Dice);

impl Default for DiceBox {
    fn default() -> Self {
        DiceBox(Dice::new(0, Vec::new()))
    }
}

impl PartialEq for DiceBox {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// A rider's stars on a terrain (MJ-013): the course's uphill is the climb, downhill the descent.
pub fn stars(card: &Card, terrain: Terrain) -> u8 {
    match terrain {
        Terrain::Uphill => card.climb,
        Terrain::Downhill => card.descent,
        _ => card.flat,
    }
}

/// The cells a rider can end on: each with the cells ridden, and the path.
///
/// Only the rows a move can touch are held (from the rider's row to the last row of the turn's
/// terrain, G-06): a playout asks for a rider's reach at every step, and a table of the whole
/// course cleared each time was most of a Maillot Jaune playout's time (docs/speed.md, odds).
#[derive(Debug, Clone)]
pub struct Reach {
    dist: Vec<u8>,
    parent: Vec<Option<u32>>,
    /// Each cell's first step from the rider's cell (itself for a first step).
    first: Vec<u32>,
    lanes: usize,
    /// The first row held.
    base: u16,
    /// The cells reached, in the order the search found them (the rider's own cell first when
    /// he is on the road).
    seen: Vec<Pos>,
}

const FAR: u8 = u8::MAX;
const NONE: u32 = u32::MAX;

impl Reach {
    fn empty(base: u16, rows: usize, lanes: usize) -> Reach {
        Reach {
            dist: vec![FAR; rows * lanes],
            parent: vec![None; rows * lanes],
            first: vec![NONE; rows * lanes],
            lanes,
            base,
            seen: Vec::new(),
        }
    }
    /// The index of `p`, `None` outside the rows held.
    fn index(&self, p: Pos) -> Option<usize> {
        let row = p.row.checked_sub(self.base)? as usize;
        let i = row * self.lanes + p.lane as usize;
        (i < self.dist.len() && (p.lane as usize) < self.lanes).then_some(i)
    }
    fn pos(&self, i: u32) -> Pos {
        let i = i as usize;
        Pos::new(self.base + (i / self.lanes) as u16, (i % self.lanes) as u8)
    }
    pub fn distance(&self, p: Pos) -> Option<u8> {
        self.index(p)
            .map(|i| self.dist[i])
            .filter(|&d| d != FAR && d > 0)
    }
    /// The first cell of the way to `p`.
    pub fn first_step(&self, p: Pos) -> Option<Pos> {
        let f = self.first[self.index(p)?];
        (f != NONE).then(|| self.pos(f))
    }
    /// The path to `p`, first step first.
    pub fn path(&self, p: Pos) -> Vec<Pos> {
        let mut out = vec![p];
        let Some(mut i) = self.index(p) else {
            return out;
        };
        while let Some(j) = self.parent[i] {
            out.push(self.pos(j));
            i = j as usize;
        }
        out.reverse();
        out
    }
    /// Every cell reached with one step or more, with its distance, in no set order.
    pub fn cells(&self) -> impl Iterator<Item = (Pos, u8)> + '_ {
        self.seen
            .iter()
            .filter_map(|&p| self.distance(p).map(|d| (p, d)))
    }
}

impl MaillotJaune {
    /// The dice given a new stream from `rng` (see [`crate::registry::Game::determinize`]).
    pub(super) fn reseed(&mut self, rng: &mut rand_chacha::ChaCha8Rng) {
        self.dice.0.reseed(rng);
    }

    pub fn new(setup: &Setup, seed: u64) -> Result<MaillotJaune, StartError> {
        setup.check_names()?;
        let options: Options = if setup.options.is_null() {
            Options::default()
        } else {
            serde_json::from_value(setup.options.clone()).map_err(|e| StartError::Options {
                ruleset: super::ID,
                message: e.to_string(),
            })?
        };
        tables::validate_roster(&options.riders).map_err(|e| StartError::Rules(e.to_string()))?;
        // MJ-002: nine cards, nine riders at most (G-23: two at least for a race, one allowed
        // for a scenario).
        if setup.riders.is_empty() || setup.riders.len() > MAX_RIDERS {
            return Err(StartError::Rules(format!(
                "{} riders: a race of Maillot Jaune has 1 to 9 (nine cards, MJ-002)",
                setup.riders.len()
            )));
        }
        let course = Arc::clone(&setup.course);
        let mut used: Vec<String> = Vec::new();
        let mut riders = Vec::new();
        let starts_given = setup.riders.iter().filter(|r| r.start.is_some()).count();
        if starts_given != 0 && starts_given != setup.riders.len() {
            return Err(StartError::MixedStarts);
        }
        let attrs: Vec<Attributes> = setup
            .riders
            .iter()
            .map(|e| {
                if e.attributes.is_null() {
                    Ok(Attributes::default())
                } else {
                    // The error names the attribute (`energy: invalid type: string "x", ...`).
                    serde_path_to_error::deserialize(e.attributes.clone()).map_err(|err| {
                        StartError::Rider {
                            rider: e.id.clone(),
                            message: err.to_string(),
                        }
                    })
                }
            })
            .collect::<Result<_, _>>()?;
        // MJ-010: a card is taken once. Named cards first, then the free ones in roster order.
        for (e, a) in setup.riders.iter().zip(&attrs) {
            if let Some(name) = &a.card {
                if used.contains(name) {
                    return Err(StartError::Rider {
                        rider: e.id.clone(),
                        message: format!("{name} is already ridden: each card once (MJ-010)"),
                    });
                }
                if !options.riders.iter().any(|c| &c.name == name) {
                    return Err(StartError::Rider {
                        rider: e.id.clone(),
                        message: format!("there is no card '{name}' in the roster"),
                    });
                }
                used.push(name.clone());
            }
        }
        for (e, a) in setup.riders.iter().zip(&attrs) {
            let card = match &a.card {
                Some(name) => options.riders.iter().find(|c| &c.name == name).cloned(),
                None => {
                    let free = options
                        .riders
                        .iter()
                        .find(|c| !used.contains(&c.name))
                        .cloned();
                    if let Some(c) = &free {
                        used.push(c.name.clone());
                    }
                    free
                }
            };
            let Some(card) = card else {
                return Err(StartError::Rider {
                    rider: e.id.clone(),
                    message: "no card is left in the roster for this rider".into(),
                });
            };
            if e.team as usize >= setup.teams.len() {
                return Err(StartError::Rider {
                    rider: e.id.clone(),
                    message: format!("there is no team {}", e.team),
                });
            }
            let spot = match e.start {
                None => Spot::Start,
                Some(p) if course.contains(p) && p.row >= 1 => Spot::Road(p),
                Some(p) => {
                    return Err(StartError::Rider {
                        rider: e.id.clone(),
                        message: format!("{}/{} is not a cell of the road", p.row, p.lane),
                    });
                }
            };
            // MJ-005: the dial is full at every stage's start and form is 20 before the tour; a
            // scenario (or a tour's carried form) may give less, never more than the dial or
            // the form indicator shows, nor below 0.
            let (energy, form) = a.dial_and_form().map_err(|err| StartError::Rider {
                rider: e.id.clone(),
                message: err.to_string(),
            })?;
            if let Some(p) = spot.pos()
                && riders.iter().any(|r: &Rider| r.spot.pos() == Some(p))
            {
                return Err(StartError::Rider {
                    rider: e.id.clone(),
                    message: "two riders on one cell (G-07)".into(),
                });
            }
            riders.push(Rider {
                name: e.id.clone(),
                card,
                seat: e.team,
                spot,
                // MJ-005, MJ-023: the dial is full at every stage's start; a scenario may
                // give another (`energy`).
                energy,
                form,
                skip: false,
                minutes_before: a.minutes,
                places_before: a.places.clone(),
                overall: a.overall,
            });
        }
        let n = riders.len();
        let mut stage = MaillotJaune {
            course,
            options,
            teams: setup.teams.clone(),
            riders,
            dice: DiceBox(Dice::new(seed, setup.dice.clone())),
            round: 0,
            order: Vec::new(),
            played: vec![false; n],
            queue: Vec::new(),
            turn: None,
            pact: None,
            refused: Vec::new(),
            finish: Vec::new(),
            over: false,
            opening: Vec::new(),
            ways_memo: Memo::default(),
            last_rolls: Vec::new(),
        };
        let on_road = starts_given > 0;
        check_dice(&setup.dice, stage.first_die(on_road))
            .map_err(|e| StartError::Rules(e.to_string()))?;
        let mut events = Vec::new();
        stage.first_round(on_road, &mut events)?;
        stage.advance(&mut events);
        stage.opening = events;
        Ok(stage)
    }

    /// Round 1 (MJ-011, G-08's `start.first_round = "random_then_seat"`; `start.later_stages`
    /// is the option `later_stages`): a stage whose riders start on the road (a scenario) plays in
    /// race order; stage 1 draws its first rider with the die, then seat order; stages 2 and 3
    /// go in overall order, the yellow jersey first.
    fn first_round(&mut self, on_road: bool, events: &mut Vec<Event>) -> Result<(), StartError> {
        self.round = 1;
        let n = self.riders.len();
        self.order = if on_road {
            self.race_order()
        } else if let Some(sides) = self.first_die(on_road) {
            let roll = self
                .dice
                .0
                .roll(sides)
                .map_err(|e| StartError::Rules(e.to_string()))?;
            let first = roll.face - 1;
            events.push(Event::FirstDrawn { rider: first, roll });
            (0..n as RiderIx)
                .map(|k| (first + k) % n as RiderIx)
                .collect()
        } else {
            let mut order: Vec<RiderIx> = (0..n as RiderIx).collect();
            order.sort_by_key(|&r| (self.riders[r as usize].overall.unwrap_or(u32::MAX), r));
            order
        };
        events.push(Event::RoundBegins {
            round: 1,
            order: self.order.clone(),
        });
        Ok(())
    }

    /// The die round 1 draws its first rider with (MJ-011): as many faces as riders, when they
    /// start behind the banner on stage 1, or on a later stage under `random_then_seat`; none
    /// when they start on the road (a scenario) or the overall order decides (G-08).
    fn first_die(&self, on_road: bool) -> Option<u8> {
        let later = self.riders.iter().any(|r| r.overall.is_some());
        if on_road || (later && self.options.later_stages == LaterStages::GcOrder) {
            None
        } else {
            Some(self.riders.len() as u8)
        }
    }

    /// Race order (MJ-017, MJ-018): furthest along first, level riders from the priority
    /// (left, lane 0) lane; riders still behind the banner last, in seat order.
    pub fn race_order(&self) -> Vec<RiderIx> {
        let mut order: Vec<RiderIx> = (0..self.riders.len() as RiderIx)
            .filter(|&r| self.riders[r as usize].spot.racing())
            .collect();
        order.sort_by_key(|&r| match self.riders[r as usize].spot {
            Spot::Road(p) => (0, u16::MAX - p.row, p.lane, r),
            _ => (1, 0, 0, r),
        });
        order
    }

    pub fn seats(&self) -> usize {
        self.teams.len()
    }
    pub fn is_over(&self) -> bool {
        self.over
    }
    /// A rider as players know him: by his card (Renault, La Providence…), the name on his
    /// token. His tour key (`Rider::name`) is the card too when the tour dealt it (see
    /// `game::deal`); a scenario may key him otherwise.
    pub fn name(&self, r: RiderIx) -> &str {
        &self.riders[r as usize].card.name
    }

    /// The name of the team a rider rides for.
    pub fn team_of(&self, r: RiderIx) -> &str {
        self.teams
            .get(self.riders[r as usize].seat as usize)
            .map_or("", String::as_str)
    }

    /// Who decides now: the seat owning the rider whose turn it is, or the pact partner's.
    pub fn to_play(&self) -> Option<Seat> {
        let t = self.turn.as_ref()?;
        Some(match t.phase {
            Phase::Ask { partner } => self.riders[partner as usize].seat,
            _ => self.riders[t.rider as usize].seat,
        })
    }

    fn occupied(&self, p: Pos, except: RiderIx) -> bool {
        self.riders
            .iter()
            .enumerate()
            .any(|(i, r)| i as RiderIx != except && r.spot.pos() == Some(p))
    }

    pub fn rider_at(&self, p: Pos) -> Option<RiderIx> {
        self.riders
            .iter()
            .position(|r| r.spot.pos() == Some(p))
            .map(|i| i as RiderIx)
    }

    /// The terrain a rider's turn is ridden on and the last row his move may reach (G-06).
    pub fn terrain_of_turn(&self, r: RiderIx) -> (Terrain, u16) {
        let last = self.course.last_row();
        let row = self.riders[r as usize].spot.pos().map_or(0, |p| p.row);
        match self.options.terrain_change {
            TerrainChange::StopAtChange => {
                let ahead = (row + 1).min(last);
                let t = self.course.terrain(ahead);
                let mut end = ahead;
                while end < last && self.course.terrain(end + 1) == t {
                    end += 1;
                }
                (t, end)
            }
            TerrainChange::StartRow => (self.course.terrain(row.max(1)), last),
        }
    }

    /// The rider's stars this turn (MJ-013, MJ-056).
    pub fn allowance(&self, r: RiderIx) -> u8 {
        stars(&self.riders[r as usize].card, self.terrain_of_turn(r).0)
    }

    /// Every cell the rider can reach, one step at a time (MJ-014): forward, diagonal or
    /// sideways, never back, each step onto a free cell (G-07), staying on the turn's terrain
    /// (G-06). `via`: the first step is sideways into that lane. From the start area the first
    /// step enters row 1 in any lane (G-08).
    pub fn reach(&self, r: RiderIx, via: Option<u8>) -> Reach {
        let lanes = crate::course::MAX_LANES as usize;
        let (_, last) = self.terrain_of_turn(r);
        let here = self.riders[r as usize].spot.pos();
        let own_row = here.map_or(0, |p| p.row);
        // Never back (MJ-014) and never past the turn's terrain (G-06): only those rows.
        let base = here.map_or(1, |p| p.row);
        let rows = usize::from(last.max(base) - base) + 1;
        let mut reach = Reach::empty(base, rows, lanes);
        // One rider per cell, never passed through (G-07, `movement.pass_through = false`): the
        // cells taken, looked up once.
        let mut taken = vec![false; rows * lanes];
        for (i, o) in self.riders.iter().enumerate() {
            if let Some(p) = o.spot.pos()
                && i != r as usize
                && let Some(k) = reach.index(p)
            {
                taken[k] = true;
            }
        }
        let free = |p: Pos, reach: &Reach| {
            p.row >= 1 && p.row <= last && reach.index(p).is_some_and(|k| !taken[k])
        };
        let mut frontier: Vec<Pos> = Vec::new();
        match (here, via) {
            (Some(h), None) => {
                let Some(i) = reach.index(h) else {
                    return reach;
                };
                reach.dist[i] = 0;
                frontier.push(h);
            }
            (Some(h), Some(lane)) => {
                let to = Pos::new(h.row, lane);
                let sideways = self
                    .course
                    .links(h)
                    .iter()
                    .any(|l| l.kind == LinkKind::Side && l.to == to);
                let Some(i) = reach.index(h) else {
                    return reach;
                };
                reach.dist[i] = 0;
                if sideways && free(to, &reach) {
                    let j = reach.index(to).expect("a free cell is held");
                    reach.dist[j] = 1;
                    reach.parent[j] = Some(i as u32);
                    reach.first[j] = j as u32;
                    frontier.push(to);
                } else {
                    return reach;
                }
            }
            (None, _) => {
                for lane in 0..self.course.width(1) {
                    let p = Pos::new(1, lane);
                    if free(p, &reach) {
                        let j = reach.index(p).expect("a free cell is held");
                        reach.dist[j] = 1;
                        reach.first[j] = j as u32;
                        frontier.push(p);
                    }
                }
            }
        }
        // No move goes further than the stars, a safe escape of the whole dial and a risky one
        // of 4 cells: the search stops there.
        let x = &self.riders[r as usize];
        let limit = stars(&x.card, self.terrain_of_turn(r).0) + x.energy + MAX_RISKY;
        let mut head = 0;
        while head < frontier.len() {
            let p = frontier[head];
            head += 1;
            {
                let i = reach.index(p).expect("a cell of the frontier is held");
                let d = reach.dist[i];
                if d >= limit {
                    continue;
                }
                // Forward first, then diagonal, then sideways, each from the priority lane:
                // the way a move takes is always the same (G-05's puncture stops on it).
                let links = self.course.links(p);
                for kind in [LinkKind::Forward, LinkKind::Diagonal, LinkKind::Side] {
                    // A grid cell has at most two links of a kind: no allocation for them.
                    let mut few = [Pos::new(0, 0); 8];
                    let mut n = 0;
                    let mut more: Vec<Pos> = Vec::new();
                    for l in links.iter().filter(|l| l.kind == kind) {
                        if n < few.len() {
                            few[n] = l.to;
                            n += 1;
                        } else {
                            more.push(l.to);
                        }
                    }
                    few[..n].sort_unstable();
                    more.sort_unstable();
                    for &to in few[..n].iter().chain(&more) {
                        // Sideways only on the rider's own row or ahead of it; never back.
                        if to.row < own_row.max(1) || !free(to, &reach) {
                            continue;
                        }
                        let j = reach.index(to).expect("a free cell is held");
                        if reach.dist[j] == FAR {
                            reach.dist[j] = d + 1;
                            reach.parent[j] = Some(i as u32);
                            reach.first[j] = if d == 0 { j as u32 } else { reach.first[i] };
                            frontier.push(to);
                        }
                    }
                }
            }
        }
        reach.seen = frontier;
        reach
    }

    /// The rider ahead of whom `r` stands in the wheel, and the rider in `r`'s wheel (MJ-042):
    /// on the cell straight behind, on the road (G-14: not behind the banner, not across).
    pub fn follower(&self, r: RiderIx) -> Option<RiderIx> {
        let Spot::Road(p) = self.riders[r as usize].spot else {
            return None;
        };
        self.riders
            .iter()
            .enumerate()
            .find(|(_, o)| matches!(o.spot, Spot::Road(q) if self.course.ahead(q) == Some(p)))
            .map(|(i, _)| i as RiderIx)
    }

    /// Whether a move pays the aspiration unit (MJ-043): complementary rules, someone in the
    /// wheel, the rider leaves his cell (G-13), his first step is not sideways (G-16), no pact.
    pub fn owes_aspiration(&self, r: RiderIx, path: &[Pos]) -> bool {
        if !self.options.complementary() || self.follower(r).is_none() {
            return false;
        }
        if self.pact.is_some() {
            return false;
        }
        let Some(from) = self.riders[r as usize].spot.pos() else {
            return false;
        };
        match path.get(1) {
            None => self.options.stay_put_pulls,
            Some(first) => first.row != from.row,
        }
    }

    /// The rider whose choice it is, and where the choice stands, when `seat` owes it.
    fn owed(&self, seat: Seat) -> Option<(RiderIx, &Phase)> {
        if self.over || self.to_play() != Some(seat) {
            return None;
        }
        self.turn.as_ref().map(|t| (t.rider, &t.phase))
    }

    /// The one legal-moves function, whole: every decision the seat may make now, each as one
    /// choice (a move with the escape it rides, staying, a pact, an answer, a help). Any of them
    /// is legal at every step of the rider's choice ([`Self::legal`] only offers them in
    /// steps): what a director types in full, and what the steps are views onto.
    pub fn decisions(&self, seat: Seat) -> Vec<Choice> {
        let Some((r, phase)) = self.owed(seat) else {
            return Vec::new();
        };
        if !phase.choosing() {
            return self.legal(seat);
        }
        let ways = self.ways(r);
        let mut out: Vec<Choice> = self.move_iter(r, &ways, 0, 0).collect();
        if self.may_stay(r) {
            out.push(Choice::Stay);
        }
        for (safe, risky) in self.plans_in(r, &ways) {
            out.extend(self.move_iter(r, &ways, safe, risky));
        }
        out.extend(
            self.pact_partners(r)
                .into_iter()
                .map(|partner| Choice::Pact { partner }),
        );
        out
    }

    /// The options of the step the seat is at, each a view onto [`Self::decisions`]. First, how
    /// far: `Ride n cells` for each distance within his stars (furthest first), staying, `Escape
    /// +n` for each escape he can ride (the cheapest first), the pacts; a distance with one cell,
    /// or an escape with one way to pay it, is offered as that move or that escape at once (a
    /// step of one option is not asked). Then the cells that far (lettered as on the board), or
    /// how the escape is paid, then its cells; each later step with [`Choice::Back`]. The most
    /// any step offers: 3 distances, staying, 10 escapes and 2 pacts; 5 ways to pay; the cells of
    /// one distance, which a bots' tour keeps under 20 (a test rides one).
    pub fn legal(&self, seat: Seat) -> Vec<Choice> {
        let Some((r, phase)) = self.owed(seat) else {
            return Vec::new();
        };
        match phase {
            Phase::Ask { .. } => vec![Choice::Answer { yes: true }, Choice::Answer { yes: false }],
            Phase::Help { riders } => riders
                .iter()
                .map(|&x| Choice::Help { rider: x })
                .chain([Choice::NoHelp])
                .collect(),
            Phase::Choose { plan: None } => {
                let ways = self.ways(r);
                let mut out = Vec::new();
                // How far within the stars, furthest first: a distance with one cell is that move.
                let ends: Vec<(u8, Choice)> = self.ends(r, &ways, 0, 0).collect();
                for d in (1..=ways.stars).rev() {
                    let mut that_far = ends.iter().filter(|e| e.0 == d);
                    match (that_far.next(), that_far.next()) {
                        (Some((_, only)), None) => out.push(only.clone()),
                        (Some(_), Some(_)) => out.push(Choice::Ride { cells: d }),
                        _ => {}
                    }
                }
                if self.may_stay(r) {
                    out.push(Choice::Stay);
                }
                // The escapes, the cheapest first: one with one way to pay is that escape.
                let plans = self.plans_in(r, &ways);
                for cells in 1..=self.riders[r as usize].energy + MAX_RISKY {
                    let mut paid = plans.iter().filter(|p| p.0 + p.1 == cells);
                    match (paid.next(), paid.next()) {
                        (Some(&(safe, risky)), None) => out.push(Choice::Plan { safe, risky }),
                        (Some(_), Some(_)) => out.push(Choice::Escape { cells }),
                        _ => {}
                    }
                }
                out.extend(
                    self.pact_partners(r)
                        .into_iter()
                        .map(|partner| Choice::Pact { partner }),
                );
                out
            }
            Phase::Ride { cells } => {
                let ways = self.ways(r);
                let mut out: Vec<Choice> = self
                    .ends(r, &ways, 0, 0)
                    .filter(|e| e.0 == *cells)
                    .map(|e| e.1)
                    .collect();
                out.push(Choice::Back);
                out
            }
            Phase::Escape { cells } => {
                // All safe first, one risky cell more each next.
                let mut out: Vec<Choice> = self
                    .plans(r)
                    .into_iter()
                    .filter(|p| p.0 + p.1 == *cells)
                    .rev()
                    .map(|(safe, risky)| Choice::Plan { safe, risky })
                    .collect();
                out.push(Choice::Back);
                out
            }
            Phase::Choose { plan: Some((s, k)) } => {
                let mut out = self.moves(r, *s, *k);
                out.push(Choice::Back);
                out
            }
        }
    }

    /// The option of this step on the way to a whole decision (one of [`Self::decisions`]):
    /// itself when offered, else the distance, the escape or its payment that leads to it.
    /// `None` when no option leads there (a decision of another step, or not legal).
    pub fn lead(&self, seat: Seat, whole: &Choice) -> Option<Choice> {
        let options = self.legal(seat);
        if options.contains(whole) {
            return Some(whole.clone());
        }
        let (r, _) = self.owed(seat)?;
        let step = match whole {
            Choice::Move {
                to,
                via,
                escape: None,
            } => Choice::Ride {
                cells: self.reach(r, *via).distance(*to)?,
            },
            Choice::Move {
                escape: Some((safe, risky)),
                ..
            } => {
                let plan = Choice::Plan {
                    safe: *safe,
                    risky: *risky,
                };
                if options.contains(&plan) {
                    return Some(plan);
                }
                Choice::Escape {
                    cells: safe + risky,
                }
            }
            _ => return None,
        };
        options.contains(&step).then_some(step)
    }

    fn partner_turn(&self, r: RiderIx) -> Option<Pos> {
        self.pact
            .as_ref()
            .filter(|p| p.partner == r)
            .and_then(|p| p.leader_end)
    }

    fn may_stay(&self, r: RiderIx) -> bool {
        match self.partner_turn(r) {
            Some(end) => self.riders[r as usize]
                .spot
                .pos()
                .is_some_and(|p| beside(end, p)),
            None => true,
        }
    }

    /// The escapes (safe, risky) the rider may announce: safe within the dial (MJ-021,
    /// MJ-022), risky 1 to 4 (MJ-026), each with somewhere to end.
    pub fn plans(&self, r: RiderIx) -> Vec<(u8, u8)> {
        self.plans_in(r, &self.ways(r))
    }

    fn plans_in(&self, r: RiderIx, ways: &Ways) -> Vec<(u8, u8)> {
        let energy = self.riders[r as usize].energy;
        let mut out = Vec::new();
        // R-MJ-2: a pact's leader escapes only without risk (a puncture would break the
        // pact before his partner plays).
        let leader = self.pact.as_ref().is_some_and(|p| p.leader == r);
        let max_risky = if leader { 0 } else { MAX_RISKY };
        for safe in 0..=energy {
            for risky in 0..=max_risky {
                if safe + risky > 0 && self.has_move(r, ways, safe, risky) {
                    out.push((safe, risky));
                }
            }
        }
        out
    }

    /// Whether `move_iter` yields a move for this escape: without a pact, read from the
    /// distances `ways` keeps (a cell at exactly stars + safe + risky cells whose way the dial
    /// can pay, MJ-036; a sideways first step owes nothing, and where it is not offered the plain
    /// way to that cell starts sideways and owes nothing either); under a pact, by the moves.
    /// `plans_in` asks only of escapes the dial can pay, of one cell or more.
    fn has_move(&self, r: RiderIx, ways: &Ways, safe: u8, risky: u8) -> bool {
        let energy = self.riders[r as usize].energy;
        if self.pact.is_some() {
            return self.ends(r, ways, safe, risky).next().is_some();
        }
        let d = ways.stars + safe + risky;
        if d >= 64 {
            return false;
        }
        let bit = 1u64 << d;
        ways.free_at & bit != 0
            || ways.side_at & bit != 0
            || (ways.owing_at & bit != 0 && (safe == 0 || safe < energy))
    }

    /// Every way the rider can go this turn, computed once for all the plans, and kept while
    /// nothing it depends on changes: the rider, where every rider stands, his dial and whether
    /// a pact holds. A rider's choice asks for them again and again (its options, the bot's
    /// pick, each step's check, the move), and they were most of a playout's time
    /// (docs/speed.md, odds).
    fn ways(&self, r: RiderIx) -> Arc<Ways> {
        let key = WaysKey {
            rider: r,
            spots: self.riders.iter().map(|x| x.spot).collect(),
            energy: self.riders[r as usize].energy,
            pact: self.pact.is_some(),
        };
        self.ways_memo.get_or(key, || self.work_out_ways(r))
    }

    fn work_out_ways(&self, r: RiderIx) -> Ways {
        let plain = self.reach(r, None);
        let here = self.riders[r as usize].spot.pos();
        let pursued = self.options.complementary()
            && self.pact.is_none()
            && here.is_some()
            && self.follower(r).is_some();
        // Furthest first, then the priority lane first: the board letters them so.
        let course = &self.course;
        let mut reached: Vec<(Pos, u8)> = plain
            .cells()
            .filter(|(p, _)| {
                p.row >= 1 && p.row < course.row_count() && p.lane < course.width(p.row)
            })
            .collect();
        reached.sort_unstable_by_key(|(p, _)| (std::cmp::Reverse(p.row), p.lane));
        let cells: Vec<WayCell> = reached
            .into_iter()
            .map(|(p, d)| {
                let first = plain.first_step(p);
                let sideways_first = here.is_some_and(|h| first.is_some_and(|s| s.row == h.row));
                WayCell {
                    pos: p,
                    dist: d,
                    // MJ-043, G-16: the unit is owed by a move off the cell that does not start
                    // sideways (the same test as `owes_aspiration`, for every cell at once).
                    owes: pursued && !sideways_first,
                    sideways_first,
                }
            })
            .collect();
        let mut sides = Vec::new();
        // Décalage, first method (MJ-052, G-16 `decalage.first_method = "first_step_sideways"`,
        // the table's only reading): with someone in his wheel, the rider may start
        // with a sideways step and pay nothing.
        if self.options.complementary()
            && self.pact.is_none()
            && self.follower(r).is_some()
            && let Some(h) = here
        {
            for lane in [h.lane.wrapping_sub(1), h.lane + 1] {
                if lane < self.course.width(h.row) {
                    sides.push((lane, self.reach(r, Some(lane))));
                }
            }
        }
        let bit = |d: u8| 1u64 << d.min(63);
        let mut ways = Ways {
            stars: self.allowance(r),
            cells,
            sides,
            free_at: 0,
            owing_at: 0,
            side_at: 0,
        };
        for c in &ways.cells {
            if c.owes {
                ways.owing_at |= bit(c.dist);
            } else {
                ways.free_at |= bit(c.dist);
            }
        }
        for (_, side) in &ways.sides {
            for c in &ways.cells {
                if let Some(d) = side.distance(c.pos) {
                    ways.side_at |= bit(d);
                }
            }
        }
        ways
    }

    /// Where the rider may end with an announced escape. Without one: any cell within his
    /// stars (MJ-013, MJ-015). With `safe` + `risky` cells: the cells that need exactly
    /// stars + safe + risky cells (R-MJ-1: an escape is announced to be ridden; a nearer cell
    /// is a smaller escape). The safe cells and the aspiration unit the move owes must be
    /// paid from the dial (MJ-036).
    ///
    /// Each is the whole move: with `escape` set for an escape (its cells offered once it is
    /// announced are these too).
    pub fn moves(&self, r: RiderIx, safe: u8, risky: u8) -> Vec<Choice> {
        self.move_iter(r, &self.ways(r), safe, risky).collect()
    }

    /// The moves of [`Self::moves`], one at a time.
    fn move_iter<'a>(
        &'a self,
        r: RiderIx,
        ways: &'a Ways,
        safe: u8,
        risky: u8,
    ) -> impl Iterator<Item = Choice> + 'a {
        self.ends(r, ways, safe, risky).map(|e| e.1)
    }

    /// The moves of [`Self::moves`], each with the cells it rides (for the distances of the
    /// first step): `plans` asks only whether there is one.
    fn ends<'a>(
        &'a self,
        r: RiderIx,
        ways: &'a Ways,
        safe: u8,
        risky: u8,
    ) -> impl Iterator<Item = (u8, Choice)> + 'a {
        let escape = (safe + risky > 0).then_some((safe, risky));
        let stars = ways.stars;
        let budget = stars + safe + risky;
        let energy = self.riders[r as usize].energy;
        let fits = move |d: u8| {
            if safe + risky == 0 {
                d >= 1 && d <= stars
            } else {
                d == budget
            }
        };
        // With an empty dial the aspiration unit is rolled for (MJ-046): only safe cells need it.
        let pays = move |owes: bool| safe == 0 || safe + u8::from(owes) <= energy;
        let partner_end = self.partner_turn(r);
        let leader = self.pact.as_ref().is_some_and(|k| k.leader == r);
        let plain = ways.cells.iter().filter_map(move |c| {
            let ok = fits(c.dist)
                && partner_end.is_none_or(|end| beside(end, c.pos))
                && pays(c.owes)
                && (!leader || self.partner_can_follow(r, c.pos));
            ok.then_some((
                c.dist,
                Choice::Move {
                    to: c.pos,
                    via: None,
                    escape,
                },
            ))
        });
        // The sideways first step, offered where the plain way does not already take it.
        let sideways = ways.sides.iter().flat_map(move |(lane, side)| {
            ways.cells.iter().filter_map(move |c| {
                let d = side.distance(c.pos)?;
                let ok = fits(d) && safe <= energy && !(fits(c.dist) && c.sideways_first);
                ok.then_some((
                    d,
                    Choice::Move {
                        to: c.pos,
                        via: Some(*lane),
                        escape,
                    },
                ))
            })
        });
        plain.chain(sideways)
    }

    /// G-17: the partner could end on the leader's row, alongside `end`, with his stars and the
    /// escapes he can afford.
    fn partner_can_follow(&self, leader: RiderIx, end: Pos) -> bool {
        let Some(pact) = &self.pact else { return false };
        let q = pact.partner;
        let mut trial = self.clone();
        trial.riders[leader as usize].spot = Spot::Road(end);
        if trial.riders[q as usize]
            .spot
            .pos()
            .is_some_and(|p| beside(end, p))
        {
            return true;
        }
        // Within his stars, or an escape of safe cells (up to the dial) and risky ones (up to
        // 4): what his own options will offer him (`moves`, `plans`).
        let most = trial.allowance(q) + trial.riders[q as usize].energy + MAX_RISKY;
        let reach = trial.reach(q, None);
        trial
            .course
            .cells()
            .any(|(p, _)| beside(end, p) && reach.distance(p).is_some_and(|d| d <= most))
    }

    /// Riders the rider may ask for a pact (MJ-053, G-17, G-18): complementary rules,
    /// someone in his wheel, a rider on his row in a neighbouring lane who has not played this
    /// round, is not losing a turn and has not refused this turn.
    fn pact_partners(&self, r: RiderIx) -> Vec<RiderIx> {
        if !self.options.complementary() || self.pact.is_some() || self.follower(r).is_none() {
            return Vec::new();
        }
        let Some(h) = self.riders[r as usize].spot.pos() else {
            return Vec::new();
        };
        (0..self.riders.len() as RiderIx)
            .filter(|&q| {
                let o = &self.riders[q as usize];
                q != r
                    && matches!(o.spot, Spot::Road(p) if beside(h, p))
                    && !self.played[q as usize]
                    && !o.skip
                    && !self.refused.contains(&q)
            })
            .collect()
    }

    /// Why a choice is not legal now (the legal list decides; this only names the reason).
    pub fn refusal(&self, seat: Seat, choice: &Choice) -> MjError {
        if self.to_play() != Some(seat) {
            return MjError::NotYourTurn;
        }
        let Some(turn) = &self.turn else {
            return MjError::NotNow;
        };
        let r = turn.rider;
        let energy = self.riders[r as usize].energy;
        let stars = self.allowance(r);
        let plan = match choice {
            Choice::Plan { safe, risky }
            | Choice::Move {
                escape: Some((safe, risky)),
                ..
            } => Some((*safe, *risky)),
            _ => None,
        };
        match (choice, plan) {
            (_, Some((_, risky))) if risky > MAX_RISKY => MjError::RiskyTooLong,
            (_, Some((safe, _))) if safe > energy => MjError::NoEnergyForSafe {
                energy,
                needed: safe,
            },
            (Choice::Move { .. }, _) => MjError::Unreachable,
            (&Choice::Ride { cells }, _) if cells == 0 || cells > stars => {
                MjError::BeyondStars { cells, stars }
            }
            (&Choice::Escape { cells }, _) if cells == 0 || cells > energy + MAX_RISKY => {
                MjError::EscapeTooLong {
                    cells,
                    most: energy + MAX_RISKY,
                }
            }
            (&Choice::Ride { cells }, _) if !self.has_cell_at(r, cells) => {
                MjError::NoCellThatFar { cells }
            }
            (&Choice::Escape { cells }, _) if !self.plans(r).iter().any(|p| p.0 + p.1 == cells) => {
                MjError::NoCellThatFar {
                    cells: stars + cells,
                }
            }
            _ => MjError::NotNow,
        }
    }

    /// Whether some move within his stars rides exactly `cells` cells.
    fn has_cell_at(&self, r: RiderIx, cells: u8) -> bool {
        self.ends(r, &self.ways(r), 0, 0).any(|e| e.0 == cells)
    }

    /// The fewest cells that take the rider over the line this turn, if any can.
    pub fn cells_to_line(&self, r: RiderIx) -> Option<u8> {
        let line = self.course.finish_row();
        let x = &self.riders[r as usize];
        let row = x.spot.pos().map_or(0, |p| p.row);
        // Out of reach of the stars and every safe cell: no need to look.
        if row + u16::from(self.allowance(r) + x.energy) < line {
            return None;
        }
        let reach = self.reach(r, None);
        self.course
            .cells()
            .filter(|(p, _)| p.row >= line)
            .filter_map(|(p, _)| reach.distance(p))
            .min()
    }

    /// Whether an escape of (`safe`, `risky`) cells may be announced, leaving aside where it
    /// can end: safe within the dial (MJ-021, MJ-022), risky 1 to 4 (MJ-026), none under a
    /// pact's lead (R-MJ-2).
    fn may_announce(&self, r: RiderIx, safe: u8, risky: u8) -> bool {
        let leader = self.pact.as_ref().is_some_and(|p| p.leader == r);
        let max_risky = if leader { 0 } else { MAX_RISKY };
        safe <= self.riders[r as usize].energy && risky <= max_risky && safe + risky > 0
    }

    /// The escape a move rides when it is one of [`Self::decisions`] now: (0, 0) for a move
    /// within his stars. A move stored before the steps, once an escape was announced, named
    /// no escape: it rides the escape announced (its cell is further than his stars, so it is
    /// never a move within them too).
    fn escape_of(&self, r: RiderIx, phase: &Phase, choice: &Choice) -> Option<(u8, u8)> {
        let Choice::Move { to, via, escape } = choice else {
            return None;
        };
        let ways = self.ways(r);
        let ends_there = |(safe, risky): (u8, u8)| {
            self.move_iter(r, &ways, safe, risky)
                .any(|m| matches!(m, Choice::Move { to: t, via: v, .. } if t == *to && v == *via))
        };
        match (escape, phase) {
            (Some((safe, risky)), _) => (self.may_announce(r, *safe, *risky)
                && ends_there((*safe, *risky)))
            .then_some((*safe, *risky)),
            (None, _) if ends_there((0, 0)) => Some((0, 0)),
            (None, Phase::Choose { plan: Some(plan) }) => ends_there(*plan).then_some(*plan),
            (None, _) => None,
        }
    }

    /// Whether `choice` is legal now: an option of [`Self::legal`]'s step, or a whole decision of
    /// [`Self::decisions`] (legal at every step of the rider's choice), asking only what that
    /// choice needs.
    fn is_legal(&self, seat: Seat, choice: &Choice) -> bool {
        let Some((r, phase)) = self.owed(seat) else {
            return false;
        };
        if !phase.choosing() {
            return self.legal(seat).contains(choice);
        }
        match (phase, choice) {
            (_, Choice::Move { .. }) => self.escape_of(r, phase, choice).is_some(),
            (_, Choice::Stay) => self.may_stay(r),
            (_, Choice::Pact { partner }) => self.pact_partners(r).contains(partner),
            // A distance or an escape is a step only when it leaves more than one option: with
            // one, that move or that escape is offered instead (see `legal`).
            (Phase::Choose { plan: None }, &Choice::Ride { cells }) => self
                .ends(r, &self.ways(r), 0, 0)
                .filter(|e| e.0 == cells)
                .nth(1)
                .is_some(),
            (Phase::Choose { plan: None }, &Choice::Escape { cells }) => self
                .plans(r)
                .iter()
                .filter(|p| p.0 + p.1 == cells)
                .nth(1)
                .is_some(),
            // An escape announced at the first step (offered there when it is the one way to pay
            // that far, and how a stage stored before the steps announced every escape), or
            // among the ways to pay the escape chosen.
            (Phase::Choose { plan: None }, &Choice::Plan { safe, risky }) => {
                self.may_announce(r, safe, risky)
                    && self.ends(r, &self.ways(r), safe, risky).next().is_some()
            }
            (Phase::Escape { cells }, &Choice::Plan { safe, risky }) => {
                safe + risky == *cells
                    && self.may_announce(r, safe, risky)
                    && self.ends(r, &self.ways(r), safe, risky).next().is_some()
            }
            (
                Phase::Ride { .. } | Phase::Escape { .. } | Phase::Choose { plan: Some(_) },
                Choice::Back,
            ) => true,
            _ => false,
        }
    }

    /// Plays a choice, or refuses it and changes nothing.
    pub fn play(&mut self, seat: Seat, choice: &Choice) -> Result<Vec<Event>, MjError> {
        // A move's escape, asked once: whether it is legal, and what it rides.
        let escape = match choice {
            Choice::Move { .. } => self
                .owed(seat)
                .filter(|(_, phase)| phase.choosing())
                .and_then(|(r, phase)| self.escape_of(r, phase, choice)),
            _ => None,
        };
        let legal = match choice {
            // What `is_legal` would answer too (an equivalent mutant deletes this arm): asked
            // here so that a move's escape is worked out once, not twice.
            Choice::Move { .. } => escape.is_some(),
            _ => self.is_legal(seat, choice),
        };
        if !legal {
            return Err(self.refusal(seat, choice));
        }
        let turn = self.turn.clone().expect("a legal choice has a turn");
        let r = turn.rider;
        let mut events = Vec::new();
        match (choice, &turn.phase) {
            (&Choice::Ride { cells }, _) => self.set_phase(Phase::Ride { cells }),
            (&Choice::Escape { cells }, _) => self.set_phase(Phase::Escape { cells }),
            (Choice::Plan { safe, risky }, _) => {
                self.set_phase(Phase::Choose {
                    plan: Some((*safe, *risky)),
                });
            }
            (Choice::Back, _) => self.set_phase(Phase::Choose { plan: None }),
            (Choice::Pact { partner }, _) => {
                events.push(Event::PactAsked {
                    rider: r,
                    partner: *partner,
                });
                if self.riders[*partner as usize].seat == self.riders[r as usize].seat {
                    // G-17: the same director's two riders agree at once.
                    self.accept_pact(r, *partner, &mut events);
                } else {
                    self.set_phase(Phase::Ask { partner: *partner });
                }
            }
            (Choice::Answer { yes }, Phase::Ask { partner }) => {
                let partner = *partner;
                if *yes {
                    self.accept_pact(r, partner, &mut events);
                } else {
                    events.push(Event::PactAnswered {
                        rider: r,
                        partner,
                        yes: false,
                    });
                    self.refused.push(partner);
                    self.set_phase(Phase::Choose { plan: None });
                }
            }
            (Choice::Help { rider: x }, _) => {
                // MJ-060: the helper passes the turn in the punctured rider's place.
                self.riders[*x as usize].skip = false;
                self.riders[r as usize].skip = true;
                events.push(Event::Helped {
                    helper: r,
                    rider: *x,
                });
                self.end_turn(&mut events);
            }
            (Choice::NoHelp, _) => self.end_turn(&mut events),
            (Choice::Stay, _) => {
                events.push(Event::Stayed { rider: r });
                let path: Vec<Pos> = self.riders[r as usize].spot.pos().into_iter().collect();
                self.ride(r, path, 0, 0, &mut events);
            }
            (Choice::Move { to, via, .. }, _) => {
                let (safe, risky) = escape.unwrap_or((0, 0));
                let reach = self.reach(r, *via);
                let mut path = reach.path(*to);
                if self.riders[r as usize].spot == Spot::Start {
                    // The start area is not a cell: the path starts on row 1.
                    path.insert(0, Pos::new(0, 0));
                }
                self.ride(r, path, safe, risky, &mut events);
            }
            _ => return Err(MjError::NotNow),
        }
        self.advance(&mut events);
        self.last_rolls = events
            .iter()
            .filter_map(|e| match e {
                Event::Rolled { rider, dice, .. } => Some((*rider, [dice[0].face, dice[1].face])),
                _ => None,
            })
            .collect();
        Ok(events)
    }

    fn set_phase(&mut self, phase: Phase) {
        if let Some(t) = &mut self.turn {
            t.phase = phase;
        }
    }

    fn accept_pact(&mut self, r: RiderIx, partner: RiderIx, events: &mut Vec<Event>) {
        events.push(Event::PactAnswered {
            rider: r,
            partner,
            yes: true,
        });
        self.pact = Some(Pact {
            leader: r,
            partner,
            leader_end: None,
            leader_from: self.riders[r as usize].spot.pos(),
        });
        self.set_phase(Phase::Choose { plan: None });
    }

    /// Rolls the two dice (MJ-001). Neither roll can be refused: every given face was checked
    /// against its die as the stage started (`check_dice`), and the seed's stream rolls 1 to 6.
    fn roll_pair(&mut self) -> (Pair, [crate::dice::Roll; 2]) {
        let a = self
            .dice
            .0
            .roll(6)
            .expect("given faces checked at the start");
        let b = self
            .dice
            .0
            .roll(6)
            .expect("given faces checked at the start");
        (
            Pair {
                a: a.face,
                b: b.face,
            },
            [a, b],
        )
    }

    /// Takes `units`, energy first, then form (MJ-028); more than is left takes all (G-20).
    fn pay(&mut self, r: RiderIx, units: u8, why: Why, form_too: bool, events: &mut Vec<Event>) {
        let rider = &mut self.riders[r as usize];
        let energy = units.min(rider.energy);
        rider.energy -= energy;
        let form = if form_too {
            (units - energy).min(rider.form)
        } else {
            0
        };
        rider.form -= form;
        events.push(Event::Paid {
            rider: r,
            why,
            energy,
            form,
            energy_left: rider.energy,
            form_left: rider.form,
        });
    }

    /// The aspiration unit (MJ-043, MJ-046): one energy, or with the dial at 0 the form cost
    /// of a one-cell risky escape. `false` when that roll punctures (G-19).
    fn pay_aspiration(&mut self, r: RiderIx, events: &mut Vec<Event>) -> bool {
        if self.riders[r as usize].energy > 0 {
            self.pay(r, 1, Why::Aspiration, false, events);
            return true;
        }
        let (pair, dice) = self.roll_pair();
        let price = risky_price(pair, 1, &self.options.puncture_pairs);
        events.push(Event::Rolled {
            rider: r,
            pair,
            cells: 1,
            price,
            why: Why::Aspiration,
            dice,
        });
        match price {
            Price::Cost(c) => {
                self.pay(r, c, Why::Aspiration, true, events);
                true
            }
            Price::Puncture => false,
        }
    }

    /// A move: the aspiration unit, the risky roll, the costs, the puncture, the line moving up,
    /// the line crossed, the abandon (the turn of section 1 of the conformance table).
    fn ride(&mut self, r: RiderIx, path: Vec<Pos>, safe: u8, risky: u8, events: &mut Vec<Event>) {
        let from = self.riders[r as usize].spot.pos();
        let stars = self.allowance(r);
        let aspiration = self.owes_aspiration(r, &path);
        let mut stop = path.len().saturating_sub(1);
        if aspiration && !self.pay_aspiration(r, events) {
            // G-19 (`aspiration.roll_puncture = "lose_this_turn"`, the table's only reading): he
            // loses this turn; not moving, he pulls nobody.
            events.push(Event::LostTurn { rider: r });
            self.after_move(r, from, false, events);
            return;
        }
        let mut punctured = false;
        let mut risky_cost = 0;
        if risky > 0 {
            let (pair, dice) = self.roll_pair();
            let price = risky_price(pair, risky, &self.options.puncture_pairs);
            events.push(Event::Rolled {
                rider: r,
                pair,
                cells: risky,
                price,
                why: Why::Risky,
                dice,
            });
            match price {
                Price::Cost(c) => risky_cost = c,
                // G-05: the normal and safe cells are ridden, the risky ones are not.
                Price::Puncture => {
                    punctured = true;
                    stop = stop.min((stars + safe) as usize);
                }
            }
        }
        if safe > 0 {
            self.pay(r, safe, Why::Safe, false, events);
        }
        if risky > 0 && !punctured {
            self.pay(r, risky_cost, Why::Risky, true, events);
        }
        let end = path.get(stop).copied().filter(|p| p.row >= 1);
        if let Some(to) = end
            && Some(to) != from
        {
            self.riders[r as usize].spot = Spot::Road(to);
            events.push(Event::Moved {
                rider: r,
                from,
                to,
                cells: stop as u8,
                safe: safe.min((stop as u8).saturating_sub(stars)),
                risky: if punctured { 0 } else { risky },
            });
        }
        if punctured {
            // MJ-059, G-05 (`puncture.skips = "next_turn"`; `puncture.risky_cells =
            // "not_ridden"`, the stop above): his next turn is lost. The table names no other
            // reading of either key, so neither is an option.
            self.riders[r as usize].skip = true;
            events.push(Event::Punctured {
                rider: r,
                at: self.riders[r as usize].spot.pos(),
            });
        }
        let pulls = aspiration && self.riders[r as usize].spot.pos() != from;
        self.after_move(r, from, pulls, events);
    }

    /// The line moves up (MJ-044, MJ-047), the pact plays on, the line, the abandon, the help.
    fn after_move(&mut self, r: RiderIx, from: Option<Pos>, pulls: bool, events: &mut Vec<Event>) {
        if pulls && let Some(from) = from {
            self.pull_line(r, from, events);
        }
        self.check_line(r, events);
        self.check_abandon(r, events);
        // The pact: the leader has moved, his partner plays next; the partner has moved.
        if let Some(pact) = self.pact.clone() {
            if pact.leader == r {
                self.pact = Some(Pact {
                    leader_end: self.riders[r as usize].spot.pos().or(from),
                    ..pact.clone()
                });
                // A leader who abandoned on this move (G-20) has left the board: the pact ends
                // with him, and his partner plays in his turn.
                if self.riders[pact.partner as usize].spot.racing()
                    && self.riders[r as usize].spot != Spot::Out
                {
                    self.queue.insert(0, pact.partner);
                } else {
                    self.pact = None;
                }
            } else if pact.partner == r {
                self.pact = None;
                let end = pact.leader_end.unwrap_or(Pos::new(0, 0));
                let alongside = self.riders[r as usize]
                    .spot
                    .pos()
                    .is_some_and(|p| beside(end, p));
                if !alongside {
                    self.pact_failed(&pact, from, events);
                }
            }
        }
        self.offer_help(r);
    }

    /// G-17 (`decalage.pact_failure = "both_pay"`, the table's only reading): the partner did
    /// not get alongside: both pay the unit and both lines move up.
    fn pact_failed(&mut self, pact: &Pact, partner_from: Option<Pos>, events: &mut Vec<Event>) {
        events.push(Event::PactFailed {
            rider: pact.leader,
            partner: pact.partner,
        });
        for (rider, from) in [
            (pact.leader, pact.leader_from),
            (pact.partner, partner_from),
        ] {
            let Some(from) = from else { continue };
            let behind = self.riders.iter().position(
                |o| matches!(o.spot, Spot::Road(q) if self.course.ahead(q) == Some(from)),
            );
            if behind.is_none() || !self.riders[rider as usize].spot.racing() {
                continue;
            }
            // A puncture on this roll costs nothing more (R-MJ-3): he has lost a turn already
            // or has moved.
            self.pay_aspiration(rider, events);
            self.check_abandon(rider, events);
            if !self.occupied(from, u8::MAX) {
                self.pull_line(rider, from, events);
            }
        }
    }

    /// Every rider of the line behind `from` moves up one cell (MJ-044, MJ-047); the first
    /// plays next if he has not played this round (MJ-045, G-14, G-15).
    fn pull_line(&mut self, by: RiderIx, from: Pos, events: &mut Vec<Event>) {
        let mut vacated = from;
        let mut first = None;
        while let Some(f) = self
            .riders
            .iter()
            .position(|o| matches!(o.spot, Spot::Road(q) if self.course.ahead(q) == Some(vacated)))
        {
            let old = self.riders[f].spot.pos().expect("on the road");
            self.riders[f].spot = Spot::Road(vacated);
            events.push(Event::PulledUp {
                rider: f as RiderIx,
                by,
                to: vacated,
            });
            first.get_or_insert(f as RiderIx);
            vacated = old;
        }
        if let Some(f) = first
            && !self.played[f as usize]
            && !self.queue.contains(&f)
        {
            self.queue.push(f);
        }
    }

    /// Over the line (MJ-038): he stops playing and stays on his cell to the round's end.
    fn check_line(&mut self, r: RiderIx, events: &mut Vec<Event>) {
        if let Spot::Road(p) = self.riders[r as usize].spot
            && self.course.is_past_line(p.row)
        {
            self.riders[r as usize].spot = Spot::Across(p);
            self.finish.push((r, self.round));
            events.push(Event::Crossed {
                rider: r,
                place: self.finish.len() as u32,
                round: self.round,
            });
        }
    }

    /// MJ-033, G-20: energy and form spent, not across the line: he abandons at once.
    fn check_abandon(&mut self, r: RiderIx, events: &mut Vec<Event>) {
        let rider = &mut self.riders[r as usize];
        if rider.energy == 0 && rider.form == 0 && rider.spot.racing() {
            rider.spot = Spot::Out;
            rider.skip = false;
            events.push(Event::Abandoned { rider: r });
        }
    }

    /// Punctured riders alongside the rider's end cell he may help (MJ-060, G-22).
    fn offer_help(&mut self, r: RiderIx) {
        let me = &self.riders[r as usize];
        let candidates: Vec<RiderIx> = match me.spot {
            Spot::Road(p) if self.options.complementary() && !me.skip => (0..self.riders.len()
                as RiderIx)
                .filter(|&x| {
                    let o = &self.riders[x as usize];
                    x != r
                        && o.skip
                        && matches!(o.spot, Spot::Road(q) if beside(p, q))
                        && (!self.options.help_teammates_only || o.seat == me.seat)
                })
                .collect(),
            _ => Vec::new(),
        };
        if candidates.is_empty() {
            self.turn = None;
        } else {
            self.set_phase(Phase::Help { riders: candidates });
        }
    }

    fn end_turn(&mut self, _events: &mut [Event]) {
        self.turn = None;
    }

    /// Hands the turn on: pulled riders and pact partners first (G-15), then the round's order;
    /// a rider losing a turn passes it (MJ-059); a round over, the next (G-10: riders across
    /// leave the board), until nobody is left racing.
    fn advance(&mut self, events: &mut Vec<Event>) {
        while self.turn.is_none() && !self.over {
            self.refused.clear();
            let racing = |s: &MaillotJaune, r: RiderIx| {
                s.riders[r as usize].spot.racing() && !s.played[r as usize]
            };
            let next = loop {
                if self.queue.is_empty() {
                    break self.order.iter().copied().find(|&r| racing(self, r));
                }
                let q = self.queue.remove(0);
                if racing(self, q) {
                    break Some(q);
                }
            };
            match next {
                Some(r) => {
                    self.played[r as usize] = true;
                    if self.riders[r as usize].skip {
                        // G-14, G-25: he neither moves, pays nor pulls; the round counts.
                        self.riders[r as usize].skip = false;
                        events.push(Event::Skipped { rider: r });
                        if self.pact.as_ref().is_some_and(|p| p.partner == r) {
                            self.pact = None;
                        }
                        continue;
                    }
                    self.turn = Some(Turn {
                        rider: r,
                        phase: Phase::Choose { plan: None },
                    });
                }
                None => {
                    if self.options.finish_winner == FinishWinner::FurthestPastLine {
                        self.place_by_distance(events);
                    }
                    for rider in &mut self.riders {
                        if let Spot::Across(_) = rider.spot {
                            rider.spot = Spot::Finished;
                        }
                    }
                    if !self.riders.iter().any(|r| r.spot.racing()) {
                        self.over = true;
                        events.push(Event::StageOver {
                            winner: self.finish.first().map(|f| f.0),
                        });
                        return;
                    }
                    self.round += 1;
                    self.order = self.race_order();
                    self.played = vec![false; self.riders.len()];
                    self.queue.clear();
                    events.push(Event::RoundBegins {
                        round: self.round,
                        order: self.order.clone(),
                    });
                }
            }
        }
    }

    /// G-09's `furthest_past_line`: as the round ends, the riders who crossed in it are placed by
    /// how far past the line they stand (a stable sort: level riders keep their crossing order),
    /// and every rider whose place changed is told his new one.
    fn place_by_distance(&mut self, events: &mut Vec<Event>) {
        let Some(start) = self.finish.iter().position(|f| f.1 == self.round) else {
            return;
        };
        let before: Vec<RiderIx> = self.finish[start..].iter().map(|f| f.0).collect();
        let riders = &self.riders;
        let row = |r: RiderIx| riders[r as usize].spot.pos().map_or(0, |p| p.row);
        self.finish[start..].sort_by_key(|f| std::cmp::Reverse(row(f.0)));
        for (k, f) in self.finish[start..].iter().enumerate() {
            if before[k] != f.0 {
                events.push(Event::Placed {
                    rider: f.0,
                    place: (start + k) as u32 + 1,
                });
            }
        }
    }

    /// Minutes of each rider over the line: rounds after the winner's (MJ-039), in the order
    /// they crossed (G-09).
    pub fn classification(&self) -> Vec<(RiderIx, u32, u32)> {
        let first = self.finish.first().map_or(0, |f| f.1);
        self.finish
            .iter()
            .enumerate()
            .map(|(k, &(r, round))| (r, k as u32 + 1, round - first))
            .collect()
    }

    /// The cost of a risky escape of `cells` on each of the 36 rolls, for a director who
    /// weighs it (the price table shown before choosing).
    pub fn price_table(&self, cells: u8) -> Vec<(Pair, Price)> {
        (1..=6)
            .flat_map(|a| (1..=6).map(move |b| Pair { a, b }))
            .filter(|p| p.a <= p.b)
            .map(|p| (p, risky_price(p, cells, &self.options.puncture_pairs)))
            .collect()
    }
}

/// Every given face must suit the die it will be rolled on, or a move would have to fail half-way
/// (after costs were paid): checked as the stage starts. The first roll is round 1's draw when
/// there is one (`first`, as many faces as riders); every other roll is a d6 (MJ-001).
fn check_dice(given: &[u8], first: Option<u8>) -> Result<(), DiceError> {
    // The same dice, rolled through on their own: each refusal is the one the roll would give.
    let mut dice = Dice::new(0, given.to_vec());
    if let Some(sides) = first {
        dice.roll(sides)?;
    }
    while dice.left() > 0 {
        dice.roll(6)?;
    }
    Ok(())
}

/// A cell the rider can end on, with the cells his shortest way rides, whether that way owes
/// the aspiration unit and whether it starts sideways.
struct WayCell {
    pos: Pos,
    dist: u8,
    owes: bool,
    sideways_first: bool,
}

struct Ways {
    stars: u8,
    cells: Vec<WayCell>,
    sides: Vec<(u8, Reach)>,
    /// Bit d set: some cell is d cells away by a way that owes no aspiration unit / owes it /
    /// starts sideways into a side lane. What `plans_in` asks without walking the cells.
    free_at: u64,
    owing_at: u64,
    side_at: u64,
}

/// Side by side (G-18): the same row, a neighbouring lane.
pub fn beside(a: Pos, b: Pos) -> bool {
    a.row == b.row && a.lane.abs_diff(b.lane) == 1
}

#[cfg(test)]
mod playout_tests {
    use super::*;
    use crate::game::Viewer;
    use crate::registry::Game;
    use crate::rng::stream;

    /// Maillot Jaune hides nothing, but its dice are the stage's future: a playout's copy
    /// rolls its own stream, whatever the stage's seed, and never the stage's own rolls.
    #[test]
    fn a_playout_copy_rolls_its_own_dice_not_the_stage_s() {
        let (setup, _) = crate::odds::fixtures::games()[2].setup(Vec::new());
        let mut one = MaillotJaune::new(&setup, 1).unwrap();
        let two = MaillotJaune::new(&setup, 2).unwrap();
        let mut x = one.determinize(Viewer::Public, &mut stream(5, 0));
        let mut y = two.determinize(Viewer::Public, &mut stream(5, 0));
        let rolls = |s: &mut MaillotJaune| (0..12).map(|_| s.roll_pair().1).collect::<Vec<_>>();
        let (rx, ry, own) = (rolls(&mut x), rolls(&mut y), rolls(&mut one));
        assert_eq!(rx, ry);
        assert_ne!(rx, own);
    }

    /// The ways kept between calls (`MaillotJaune::ways`) are never stale: at every step of whole
    /// stages, ridden by the random bot (escapes, risky rolls, pacts, punctures and helps) and by
    /// the sensible one, the options and decisions of the stage, asked right after its last
    /// move, are those of a copy that keeps nothing.
    #[test]
    fn kept_ways_are_the_ways_worked_out_afresh() {
        let (setup, _) = crate::odds::fixtures::games()[2].setup(Vec::new());
        for (seed, random) in [(3, true), (4, true), (5, false)] {
            let mut stage = MaillotJaune::new(&setup, seed).unwrap();
            let seats = setup.teams.len() as Seat;
            let mut n = 0u64;
            while !stage.is_over() && n < 20_000 {
                for seat in 0..seats {
                    let options = stage.legal(seat);
                    if options.is_empty() {
                        continue;
                    }
                    let fresh = stage.clone();
                    assert_eq!(options, fresh.legal(seat), "step {n}, seat {seat}");
                    assert_eq!(stage.decisions(seat), fresh.decisions(seat), "step {n}");
                    n += 1;
                    let choice = if random {
                        super::super::bot::random_legal(&options, n ^ seed)
                    } else {
                        super::super::bot::sensible(&stage, seat, &options)
                    };
                    stage.play(seat, &choice).unwrap();
                }
            }
            assert!(stage.is_over(), "seed {seed}: over after {n} choices");
        }
    }

    /// The rider's dial and a pact, changed alone (where every rider stands unchanged), give
    /// the ways a copy that keeps nothing works out.
    #[test]
    fn ways_are_worked_out_again_when_the_dial_or_a_pact_changes() {
        use crate::registry::DynStage;
        let (setup, _) = crate::odds::fixtures::games()[2].setup(Vec::new());
        let mut h = crate::registry::Hosted::<MaillotJaune>::start(&setup, 7).unwrap();
        let mut checked = (false, false);
        for _ in 0..400 {
            if h.game().is_over() || checked == (true, true) {
                break;
            }
            let stage = h.game().clone();
            if let Some((r, _)) = stage.turn.as_ref().map(|t| (t.rider, ()))
                && stage.pact.is_none()
            {
                let seat = stage.riders[r as usize].seat;
                let ways = |s: &MaillotJaune| s.decisions(seat);
                let changed = |change: &dyn Fn(&mut MaillotJaune)| {
                    let mut s = stage.clone();
                    let before = ways(&s);
                    change(&mut s);
                    let after = ways(&s);
                    assert_eq!(after, ways(&s.clone()), "kept ways after a change");
                    after != before
                };
                // A dial that empties only narrows what the ways allow; one refilled (a ruling
                // set up mid-stage) opens further cells.
                checked.0 |= changed(&|s| s.riders[r as usize].energy += 4);
                let other = (0..stage.riders.len() as RiderIx)
                    .find(|&x| x != r)
                    .unwrap();
                checked.1 |= changed(&|s| {
                    s.pact = Some(Pact {
                        leader: other,
                        partner: r,
                        leader_end: None,
                        leader_from: None,
                    })
                });
            }
            let (seat, _) = h.waiting_on()[0];
            h.play_bot(seat).unwrap();
        }
        assert_eq!(
            checked,
            (true, true),
            "a dial and a pact that change the ways"
        );
    }
}
