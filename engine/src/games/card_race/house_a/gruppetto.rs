//! House rules A's gruppetto (HA-032…HA-039; option `gruppetto`): a neutral pack, not a
//! rider, that rides at a fixed pace, takes and gives slipstream, blocks, and sweeps the
//! stragglers over the line.
//!
//! Source: seed 001, "Gruppette" and its note. Our rulings (QA-17…QA-20), in our words:
//! - It starts on the rearmost row of the start area (the rearmost with a free lane when riders
//!   fill it). It fills two lanes, one on cobbles: the lowest free lanes of a row (lanes 0 and 1
//!   of an empty three-lane row).
//! - It moves in the movement phase at its place in race order (its row, its lowest lane), by
//!   the terrain of the row it starts the round on: 3 uphill, 6 downhill, 5 anywhere else. In a
//!   round where the Peloton bot team revealed its attack card it moves a d6 + 1 instead, the
//!   uphill cap, the climb-ahead cut and the minimums applied to the roll (HA-035).
//! - It needs all its lanes free in a row and falls back like a rider when it does not find
//!   them; it never takes exhaustion, is never ranked and never leads the race. On the board it
//!   is cells like a rider's, so it blocks, shelters the rider behind it and moves up by
//!   slipstream like any group.
//! - A rider whose move ends short of the line only because the gruppetto fills the row past the
//!   line it would have reached takes the gruppetto's place, and the gruppetto goes to where the
//!   rider stopped (HA-038, QA-19).
//! - Riders on a row behind the gruppetto take no exhaustion in the end phase (HA-039, QA-20).
//! - When the fourth rider crosses in round R, at the end of round R + 2 every unfinished rider
//!   on the gruppetto's row or behind it is placed over the line in race order, behind the
//!   riders already across, and the gruppetto leaves the road (HA-037, QA-18). With fewer than
//!   four riders it leaves when the last one crosses.
//! - It may cross the line by its own moves; in the run-out it stops at the last row.

use crate::course::{Pos, Terrain};
use crate::games::card_race::cards::Card;
use crate::games::card_race::events::{Event, RiderIdx};
use crate::games::card_race::movement::{distance_with, leave};
use crate::games::card_race::stage::Stage;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The gruppetto's mark on the board: a cell no rider has (riders are at most 64).
pub const CELL: RiderIdx = 200;
/// Its own dice stream, apart from the riders' and the stage's (see `crate::rng`).
const STREAM: u64 = 1 << 32;
/// Its moves by the terrain of the row it starts on (HA-034).
pub const FLAT_MOVE: u16 = 5;
pub const UPHILL_MOVE: u16 = 3;
pub const DOWNHILL_MOVE: u16 = 6;
/// Riders across that set off the sweep, and the rounds it waits after (HA-037).
pub const SWEEP_AFTER_RIDERS: usize = 4;
pub const SWEEP_ROUNDS: u32 = 2;

#[derive(Debug, Clone)]
pub(crate) struct Gruppetto {
    pub row: u16,
    rng: ChaCha8Rng,
    /// The round at whose end it sweeps, once the fourth rider is across.
    sweep_at: Option<u32>,
    moved: bool,
}

/// Lanes the gruppetto fills on a row of this terrain and width (HA-033).
fn lanes_needed(terrain: Terrain, width: u8) -> usize {
    let need = if terrain == Terrain::Cobbles { 1 } else { 2 };
    need.min(width as usize)
}

/// HA-034, HA-035: the gruppetto's move from a row, given the d6 when the Peloton attacked.
pub fn gruppetto_move(course: &crate::course::Course, row: u16, die: Option<u8>) -> u16 {
    match die {
        // d6 + 1 is 2…7: a card of that value, under the terrain rules (FR-4, FR-5).
        Some(face) => distance_with(course, row, false, Card::Energy(face + 1)),
        None => match course.terrain(row) {
            Terrain::Uphill => UPHILL_MOVE,
            Terrain::Downhill => DOWNHILL_MOVE,
            _ => FLAT_MOVE,
        },
    }
}

impl Gruppetto {
    /// Its stream given anew from `rng` (see [`Stage::deal_unseen`]).
    pub(crate) fn reseed(&mut self, rng: &mut ChaCha8Rng) {
        use rand::SeedableRng;
        self.rng = ChaCha8Rng::from_rng(rng);
    }
}

impl Stage {
    /// Puts the gruppetto on the rearmost row of the start area with a free lane.
    pub(crate) fn open_gruppetto(&mut self) {
        let o = &self.setup.options;
        if !o.gruppetto || o.time_trial.is_some() {
            return;
        }
        let course = std::sync::Arc::clone(&self.setup.course);
        let mut rows: Vec<u16> = course.start_cells().iter().map(|p| p.row).collect();
        rows.sort_unstable();
        rows.dedup();
        let Some(row) = rows
            .into_iter()
            .find(|&r| self.board.free_lane(r).is_some())
        else {
            return;
        };
        self.place_gruppetto(row);
        self.gruppetto = Some(Gruppetto {
            row,
            rng: crate::rng::stream(self.seed, STREAM),
            sweep_at: None,
            moved: false,
        });
    }

    /// Fills the lowest free lanes of a row with the gruppetto, as many as it needs (at least
    /// one when the row has any).
    fn place_gruppetto(&mut self, row: u16) {
        let course = &self.setup.course;
        let need = lanes_needed(course.terrain(row), course.width(row));
        // Filling a lane leaves the others as they were: fill as they are found.
        let mut filled = 0;
        for l in 0..course.width(row) {
            if filled == need {
                break;
            }
            let at = Pos::new(row, l);
            if self.board.at(at).is_none() {
                self.board.put(at, CELL);
                filled += 1;
            }
        }
    }

    /// Takes the gruppetto off its row; riders on its left close up to the right (FR-3).
    fn lift_gruppetto(&mut self, row: u16, positions: &mut [Pos]) {
        let course = std::sync::Arc::clone(&self.setup.course);
        // Its cells found before any rider closes up: two at most, as it is put down on at most
        // two lanes (`lanes_needed`) and only ever moves whole.
        let mut cells = [0u8; 2];
        let mut found = 0;
        for l in (0..course.width(row)).rev() {
            if self.board.at(Pos::new(row, l)) == Some(CELL) {
                cells[found] = l;
                found += 1;
                if found == cells.len() {
                    break;
                }
            }
        }
        for &l in &cells[..found] {
            leave(&mut self.board, positions, &course, Pos::new(row, l));
        }
    }

    /// The gruppetto's cells now, lane 0 first (for the view and the board picture).
    pub fn gruppetto_cells(&self) -> Vec<Pos> {
        let Some(g) = &self.gruppetto else {
            return Vec::new();
        };
        let course = &self.setup.course;
        (0..course.width(g.row))
            .map(|l| Pos::new(g.row, l))
            .filter(|&p| self.board.at(p) == Some(CELL))
            .collect()
    }

    /// The gruppetto's row while it is on the road.
    pub fn gruppetto_row(&self) -> Option<u16> {
        self.gruppetto.as_ref().map(|g| g.row)
    }

    /// Where the gruppetto stands in race order: its row and lowest lane.
    fn gruppetto_place(&self) -> Option<(u16, u8)> {
        let g = self.gruppetto.as_ref()?;
        let lane = (0..self.setup.course.width(g.row))
            .find(|&l| self.board.at(Pos::new(g.row, l)) == Some(CELL))
            .unwrap_or(0);
        Some((g.row, lane))
    }

    pub(crate) fn gruppetto_round_start(&mut self) {
        if let Some(g) = &mut self.gruppetto {
            g.moved = false;
        }
    }

    /// Moves the gruppetto now if it stands ahead of a rider about to move from `from` (the
    /// movement phase goes front to back), or at the end of the phase with `from` = `None`.
    pub(crate) fn gruppetto_turn(
        &mut self,
        from: Option<Pos>,
        positions: &mut [Pos],
        events: &mut Vec<Event>,
    ) {
        let Some(g) = self.gruppetto.as_ref() else {
            return;
        };
        // Every rider's move asks: a gruppetto on a row behind the rider waits, without its
        // lane looked up on the board.
        if g.moved || from.is_some_and(|p| g.row < p.row) {
            return;
        }
        let Some((row, lane)) = self.gruppetto_place() else {
            return;
        };
        if let Some(p) = from
            && (row, std::cmp::Reverse(lane)) < (p.row, std::cmp::Reverse(p.lane))
        {
            return;
        }
        let attacked = self.peloton.attacked;
        let g = self.gruppetto.as_mut().expect("on the road");
        g.moved = true;
        let die = attacked.then(|| g.rng.random_range(1..=6u8));
        let course = std::sync::Arc::clone(&self.setup.course);
        let distance = gruppetto_move(&course, row, die);
        let target = (row + distance).min(course.last_row());
        let to = (row + 1..=target).rev().find(|&r| {
            let need = lanes_needed(course.terrain(r), course.width(r));
            (0..course.width(r))
                .filter(|&l| self.board.at(Pos::new(r, l)).is_none())
                .count()
                >= need
        });
        let to = match to {
            Some(to) => {
                self.lift_gruppetto(row, positions);
                self.place_gruppetto(to);
                self.gruppetto.as_mut().expect("on the road").row = to;
                to
            }
            None => row,
        };
        events.push(Event::GruppettoMoved {
            from: row,
            to,
            distance,
            die,
        });
    }

    /// HA-038 (QA-19): a rider that stopped at `to` short of the line, the gruppetto filling the
    /// row past the line in its reach, swaps places with it. Returns where the rider ends.
    pub(crate) fn gruppetto_swap(
        &mut self,
        rider: RiderIdx,
        from: Pos,
        distance: u16,
        to: Pos,
        positions: &mut [Pos],
        events: &mut Vec<Event>,
    ) -> Pos {
        let Some(g_row) = self.gruppetto_row() else {
            return to;
        };
        // Every rider's move asks: the course is shared anew only for a swap.
        let line = self.setup.course.finish_row();
        let target = (from.row + distance).min(self.setup.course.last_row());
        if to.row >= line || g_row < line || g_row > target || g_row <= to.row {
            return to;
        }
        let course = std::sync::Arc::clone(&self.setup.course);
        leave(&mut self.board, positions, &course, to);
        self.lift_gruppetto(g_row, positions);
        let lane = self.board.free_lane(g_row).unwrap_or(0);
        let at = Pos::new(g_row, lane);
        self.board.put(at, rider);
        positions[rider as usize] = at;
        self.place_gruppetto(to.row);
        self.gruppetto.as_mut().expect("on the road").row = to.row;
        events.push(Event::GruppettoSwapped { rider, row: g_row });
        at
    }

    /// The end-phase slipstream moved the gruppetto's cells: follow them.
    pub(crate) fn gruppetto_slipstream(&mut self, from: Pos, to: Pos, events: &mut Vec<Event>) {
        if let Some(g) = &mut self.gruppetto
            && g.row != to.row
        {
            g.row = to.row;
            events.push(Event::GruppettoSlipstream {
                from: from.row,
                to: to.row,
            });
        }
    }

    /// HA-039 (QA-20): a rider on a row behind the gruppetto takes no exhaustion.
    /// The gruppetto's time in minutes, once it has swept (QA-18): a rider crossing at the end
    /// of the sweep's round with no row past the line, one minute a round.
    pub fn gruppetto_minutes(&self) -> Option<u32> {
        self.gruppetto_swept
    }

    pub(crate) fn behind_gruppetto(&self, at: Pos) -> bool {
        self.gruppetto_row().is_some_and(|g| at.row < g)
    }

    /// After the end phase (HA-037, QA-18): sets off the sweep when the fourth rider is across,
    /// and sweeps two rounds later.
    pub(crate) fn gruppetto_round_end(&mut self, events: &mut Vec<Event>) {
        let Some(g) = &self.gruppetto else {
            return;
        };
        let across = self.riders.iter().filter(|r| r.crossed.is_some()).count();
        let trigger = SWEEP_AFTER_RIDERS.min(self.riders.len());
        let mut sweep_at = g.sweep_at;
        if sweep_at.is_none() && across >= trigger {
            sweep_at = Some(self.round + SWEEP_ROUNDS);
        }
        let racing = self.riders.iter().any(|r| r.racing());
        if sweep_at != Some(self.round) && racing {
            self.gruppetto.as_mut().expect("on the road").sweep_at = sweep_at;
            return;
        }
        let g_row = g.row;
        let mut swept: Vec<RiderIdx> = (0..self.riders.len() as RiderIdx)
            .filter(|&i| {
                let r = &self.riders[i as usize];
                r.racing() && r.pos.row <= g_row
            })
            .collect();
        swept.sort_by_key(|&i| {
            let p = self.riders[i as usize].pos;
            (std::cmp::Reverse(p.row), p.lane)
        });
        let mut positions: Vec<Pos> = self.riders.iter().map(|r| r.pos).collect();
        self.lift_gruppetto(g_row, &mut positions);
        for (r, p) in self.riders.iter_mut().zip(&positions) {
            r.pos = *p;
        }
        for &i in &swept {
            let r = &mut self.riders[i as usize];
            r.crossed = Some((self.round, r.pos));
            r.on_road = false;
            let at = r.pos;
            self.board.take(at);
        }
        self.gruppetto = None;
        self.gruppetto_swept = Some(self.round);
        events.push(Event::GruppettoSwept { riders: swept });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{CourseSpec, SegmentSpec};

    fn course(runs: &[(Terrain, i64)]) -> crate::course::Course {
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

    /// TV-08, every row of its table: the move by the terrain of the row it starts on, and the
    /// d6 + 1 under the climb and descent rules in a round the Peloton attacked.
    #[test]
    fn ha_034_ha_035_tv_08_gruppetto_moves() {
        let c = course(&[
            (Terrain::Flat, 10),
            (Terrain::Uphill, 4),
            (Terrain::Downhill, 4),
            (Terrain::Cobbles, 2),
            (Terrain::Supply, 2),
            (Terrain::Flat, 10),
        ]);
        // Rows: start 0-3, flat 4-13, uphill 14-17, downhill 18-21, cobbles 22-23, supply 24-25.
        let (flat, uphill, downhill, cobbles, supply) = (5, 14, 18, 22, 24);
        assert_eq!(gruppetto_move(&c, flat, None), 5);
        assert_eq!(gruppetto_move(&c, uphill, None), 3);
        assert_eq!(gruppetto_move(&c, downhill, None), 6);
        assert_eq!(gruppetto_move(&c, cobbles, None), 5);
        assert_eq!(gruppetto_move(&c, supply, None), 5);
        assert_eq!(gruppetto_move(&c, flat, Some(3)), 4);
        assert_eq!(gruppetto_move(&c, flat, Some(6)), 7);
        assert_eq!(gruppetto_move(&c, uphill, Some(6)), 5);
        // Row 10: the climb is j = 4 rows ahead: 7 is cut to max(5, 3).
        assert_eq!(gruppetto_move(&c, 10, Some(6)), 5);
        assert_eq!(gruppetto_move(&c, downhill, Some(1)), 5);
    }

    /// HA-035 in a stage: the round the Peloton reveals its attack card, the gruppetto rolls.
    #[test]
    fn ha_035_the_pelotons_attack_card_rolls_the_gruppettos_die() {
        use crate::game::Ruleset;
        use crate::games::card_race::RiderKind;
        use crate::games::card_race::setup::{Options, RiderSetup, StageSetup};
        let riders = (0..4)
            .map(|i| RiderSetup {
                id: format!("R{i}"),
                team: (i % 2) as u8,
                kind: RiderKind::Rouleur,
                start: Pos::new(3 - i as u16 / 2, (i % 2) as u8),
                carried_exhaustion: 0,
            })
            .collect();
        let setup = StageSetup {
            course: std::sync::Arc::new(course(&[(Terrain::Flat, 30)])),
            teams: vec!["Blue".into(), "Peloton".into()],
            riders,
            options: Options {
                gruppetto: true,
                peloton_team: Some(1),
                ..Options::default()
            },
        };
        let mut s = Stage::new(setup, 4).unwrap();
        for attack in [false, true] {
            let deck = &mut s.riders[1].deck;
            let top = if attack {
                Card::SplitAttack
            } else {
                Card::Energy(5)
            };
            let i = deck.iter().position(|&c| c == top).unwrap();
            let card = deck.remove(i);
            deck.push(card);
            let mut events = Vec::new();
            let round = s.round();
            while s.round() == round {
                for seat in 0..2 {
                    if let Some(&c) = s.legal_choices(seat).first() {
                        events.extend(s.apply(seat, &c).unwrap());
                    }
                    if s.round() != round {
                        break;
                    }
                }
            }
            let rolled = events.iter().find_map(|e| match e {
                Event::GruppettoMoved { die, distance, .. } => Some((*die, *distance)),
                _ => None,
            });
            match rolled {
                Some((Some(face), distance)) => {
                    assert!(attack);
                    assert_eq!(distance, face as u16 + 1);
                }
                Some((None, distance)) => {
                    assert!(!attack);
                    assert_eq!(distance, FLAT_MOVE);
                }
                None => panic!("the gruppetto did not move: {events:?}"),
            }
        }
    }

    #[test]
    fn ha_033_two_lanes_one_on_cobbles() {
        assert_eq!(lanes_needed(Terrain::Flat, 2), 2);
        assert_eq!(lanes_needed(Terrain::Supply, 3), 2);
        assert_eq!(lanes_needed(Terrain::Cobbles, 2), 1);
        assert_eq!(lanes_needed(Terrain::Flat, 1), 1);
    }
}
