//! The course as Velo Master reads it (section 5 of our conformance table): every cell with its
//! level along the road, its relief, danger flag and climb, the cells a step may enter, the
//! entry cells of the start, the summit lines and the finish line.
//!
//! Levels are the cells' `along` places: staggered files sit half a level apart. Which cells
//! touch, and how (forward, diagonal, side), comes from the course's links, never from lane
//! arithmetic (ruling A-01).

use crate::course::{ClimbCategory, Course, LinkKind, Marker, Pos, Terrain};
use std::sync::Arc;

pub type CellIx = u16;

/// A cell's relief: what the power roll, the junction rule and the descent step read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relief {
    Flat,
    Climb,
    Descent,
}

#[derive(Debug, Clone)]
pub struct BoardCell {
    pub pos: Pos,
    pub level: f64,
    pub across: f64,
    pub relief: Relief,
    pub danger: bool,
    /// The climb a climb cell belongs to (index into [`Board::summits`]).
    pub climb: Option<usize>,
    /// Beyond the finish line.
    pub past_line: bool,
    /// The cells one step away, with the kind of step: forward, diagonal, side.
    pub links: Vec<(CellIx, LinkKind)>,
    /// The cell directly ahead in the same file.
    pub ahead: Option<CellIx>,
    /// The cells this one is directly ahead of.
    pub behind: Vec<CellIx>,
    /// Every cell touching this one, any way round.
    pub touching: Vec<CellIx>,
    /// The feed zone of a feed cell (the course's `supply` terrain), A-30.
    pub feed: Option<u8>,
}

/// A summit line: it lies between the climb's last level and the next one.
#[derive(Debug, Clone)]
pub struct Summit {
    pub name: String,
    pub category: ClimbCategory,
    pub slope: u8,
    /// The climb's length in rows, as the course's summit marker says.
    pub length: u16,
    /// The level of the climb's last row: a step from a level at or below it to one above it
    /// crosses the line (ruling A-24).
    pub level: f64,
}

#[derive(Debug, Clone)]
pub struct Board {
    pub course: Arc<Course>,
    pub cells: Vec<BoardCell>,
    offsets: Vec<u16>,
    /// The cells a rider may enter from outside the road (the virtual start cell touches each).
    pub entries: Vec<CellIx>,
    pub summits: Vec<Summit>,
    /// The level of the first cell past the line.
    pub finish_level: f64,
    /// Per feed zone (a run of rows holding feed cells), its last level: a rider beyond it who
    /// has not fed there has missed it.
    pub feed_last: Vec<f64>,
}

impl Board {
    /// Reads the course; refuses one that lacks what the game needs, saying what to add.
    pub fn new(course: Arc<Course>) -> Result<Board, String> {
        let mut offsets = Vec::with_capacity(course.row_count() as usize);
        let mut n = 0u16;
        for row in course.rows() {
            offsets.push(n);
            n += row.width() as u16;
        }
        let summit_marks: Vec<(u16, u16)> = course
            .markers()
            .filter_map(|(r, m)| match m {
                Marker::Summit { length, .. } => Some((r, *length)),
                _ => None,
            })
            .collect();
        let summit_rows: Vec<u16> = summit_marks.iter().map(|s| s.0).collect();
        if summit_rows.len() != course.climbs().len() {
            return Err(format!(
                "course '{}' has {} climbs but gives the slope and category of {}: add one `[[climb]]` section (slope, category) per climb",
                course.name,
                summit_rows.len(),
                course.climbs().len()
            ));
        }
        let level_of_row = |r: u16| course.row(r).cells[0].place.along;
        let summits: Vec<Summit> = summit_marks
            .iter()
            .zip(course.climbs())
            .map(|(&(r, length), c)| Summit {
                name: c.name.clone(),
                category: c.category,
                slope: c.slope,
                length,
                level: level_of_row(r),
            })
            .collect();
        let index = |p: Pos| offsets[p.row as usize] + p.lane as u16;
        let mut cells = Vec::with_capacity(n as usize);
        for (pos, cell) in course.cells() {
            let relief = match cell.terrain {
                Terrain::Uphill => Relief::Climb,
                Terrain::Downhill => Relief::Descent,
                _ => Relief::Flat,
            };
            let climb = (relief == Relief::Climb)
                .then(|| summit_rows.iter().position(|&s| s >= pos.row))
                .flatten();
            cells.push(BoardCell {
                pos,
                level: cell.place.along,
                across: cell.place.across,
                relief,
                danger: cell.danger,
                climb,
                past_line: course.is_past_line(pos.row),
                links: course
                    .links(pos)
                    .iter()
                    .map(|l| (index(l.to), l.kind))
                    .collect(),
                ahead: course.ahead(pos).map(index),
                behind: Vec::new(),
                touching: Vec::new(),
                feed: None,
            });
        }
        // Feed zones: runs of consecutive rows with feed cells.
        let mut feed_last: Vec<f64> = Vec::new();
        let mut last_row: Option<u16> = None;
        for c in cells.iter_mut() {
            if course
                .cell(c.pos)
                .is_some_and(|x| x.terrain == Terrain::Supply)
            {
                if last_row.is_none_or(|r| c.pos.row > r + 1) {
                    feed_last.push(c.level);
                }
                let z = feed_last.len() - 1;
                feed_last[z] = feed_last[z].max(c.level);
                c.feed = Some(z as u8);
                last_row = Some(c.pos.row);
            }
        }
        for i in 0..cells.len() {
            if let Some(a) = cells[i].ahead {
                cells[a as usize].behind.push(i as CellIx);
            }
            for k in 0..cells[i].links.len() {
                let to = cells[i].links[k].0;
                for (x, y) in [(i, to as usize), (to as usize, i)] {
                    if !cells[x].touching.contains(&(y as CellIx)) {
                        cells[x].touching.push(y as CellIx);
                    }
                }
            }
        }
        // Entry cells: the first level of the road (ruling A-06), as the start markers say.
        let starts = course.start_cells();
        let first = starts
            .iter()
            .map(|p| course.row(p.row).cells[p.lane as usize].place.along)
            .fold(f64::INFINITY, f64::min);
        let mut entries: Vec<CellIx> = starts
            .iter()
            .filter(|p| course.row(p.row).cells[p.lane as usize].place.along == first)
            .map(|&p| index(p))
            .collect();
        entries.sort_unstable();
        if entries.is_empty() {
            return Err(format!(
                "course '{}' has no start cells: mark the cells of its first level `start`",
                course.name
            ));
        }
        let finish_level = cells
            .iter()
            .filter(|c| c.past_line)
            .map(|c| c.level)
            .fold(f64::INFINITY, f64::min);
        Ok(Board {
            course,
            cells,
            offsets,
            entries,
            summits,
            finish_level,
            feed_last,
        })
    }

    pub fn cell(&self, ix: CellIx) -> &BoardCell {
        &self.cells[ix as usize]
    }

    pub fn index(&self, pos: Pos) -> Option<CellIx> {
        let off = *self.offsets.get(pos.row as usize)?;
        (pos.lane < self.course.width(pos.row)).then_some(off + pos.lane as u16)
    }

    pub fn name(&self, ix: CellIx) -> String {
        self.course.cell_id(self.cell(ix).pos)
    }

    /// The slope a power roll must beat leaving this cell, if it is a climb cell.
    pub fn slope(&self, ix: CellIx) -> Option<u8> {
        self.cell(ix).climb.map(|k| self.summits[k].slope)
    }

    /// Whole levels from a level to the line (at least 1 before it).
    pub fn levels_to_line(&self, level: f64) -> u32 {
        (self.finish_level - level).ceil().max(0.0) as u32
    }
    /// The road's whole levels before the line, from the level of the start's entry cells on.
    pub fn road_to_line(&self) -> u32 {
        let first = self
            .entries
            .iter()
            .map(|&c| self.cell(c).level)
            .fold(f64::INFINITY, f64::min);
        self.levels_to_line(first)
    }
}
