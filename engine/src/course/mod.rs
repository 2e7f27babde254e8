//! The course model shared by every ruleset and by the renderer.
//!
//! A course is a sequence of rows along the road; row 0 is the back of the start area. Each row
//! has its own width (lanes), and each cell its own terrain and markers, because the other games
//! need narrow rows, hazards on single cells and bends. Lane 0 is the right-hand lane: it fills
//! first and its rider counts as ahead of the others in its row.
//!
//! Rules never compute neighbours by arithmetic: they ask the course ([`Course::ahead`],
//! [`Course::beside`], [`Course::diagonals_ahead`]), so a course with offset rows can answer
//! differently without touching the rules.

mod parse;
mod tiles;

pub use parse::{
    CourseError, CourseSpec, SegmentSpec, SprintSpec, load_course_file, parse_course_toml,
    parse_sprint,
};
pub use tiles::{TILE_LETTERS, tile_rows};

use serde::{Deserialize, Serialize};

/// The most rows a course may have: a long stage of the base game is about 130 rows.
pub const MAX_ROWS: usize = 400;
pub const MAX_LANES: u8 = 6;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    pub row: u16,
    pub lane: u8,
}

impl Pos {
    pub const fn new(row: u16, lane: u8) -> Self {
        Pos { row, lane }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    Flat,
    Uphill,
    Downhill,
    /// The supply (feed) zone of the Peloton expansion: three lanes wide.
    Supply,
    /// Cobbles (pavé): one or two lanes, no slipstream.
    Cobbles,
}

impl Terrain {
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Flat => "flat",
            Terrain::Uphill => "uphill",
            Terrain::Downhill => "downhill",
            Terrain::Supply => "supply",
            Terrain::Cobbles => "cobbles",
        }
    }
}

/// What a cell carries besides its terrain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Marker {
    /// A cell of the start area.
    Start,
    /// The finish line lies just before this cell's row.
    Finish,
    /// An intermediate sprint line just before this cell's row.
    Sprint { name: String },
    /// The top of a climb: this cell's row is the climb's last row.
    Summit { name: String, length: u16 },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    pub terrain: Terrain,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<Marker>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    pub cells: Vec<Cell>,
    /// The track tile the row comes from, when the course was laid from tiles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tile: Option<char>,
    /// True for the rows of a curve tile (drawn bent; same geometry in the card race).
    #[serde(default)]
    pub curve: bool,
}

impl Row {
    pub fn width(&self) -> u8 {
        self.cells.len() as u8
    }
    /// The terrain of the row as a whole: the card race reads terrain row by row.
    pub fn terrain(&self) -> Terrain {
        self.cells[0].terrain
    }
}

/// A validated course. Build one with [`CourseSpec::build`] or [`parse_course_toml`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Course {
    pub name: String,
    rows: Vec<Row>,
    finish_row: u16,
    /// Per row, the distance to the first uphill row strictly ahead (`u16::MAX` when none):
    /// the climb cap asks it for every move.
    #[serde(skip)]
    uphill_ahead: Vec<u16>,
}

impl Course {
    pub(crate) fn new(name: String, rows: Vec<Row>, finish_row: u16) -> Self {
        let mut uphill_ahead = vec![u16::MAX; rows.len()];
        let mut next: Option<usize> = None;
        for r in (0..rows.len()).rev() {
            uphill_ahead[r] = next.map_or(u16::MAX, |n| (n - r) as u16);
            if rows[r].terrain() == Terrain::Uphill {
                next = Some(r);
            }
        }
        Course {
            name,
            rows,
            finish_row,
            uphill_ahead,
        }
    }

    pub fn rows(&self) -> &[Row] {
        &self.rows
    }
    pub fn row_count(&self) -> u16 {
        self.rows.len() as u16
    }
    pub fn last_row(&self) -> u16 {
        self.row_count() - 1
    }
    pub fn row(&self, row: u16) -> &Row {
        &self.rows[row as usize]
    }
    pub fn width(&self, row: u16) -> u8 {
        self.rows[row as usize].width()
    }
    pub fn terrain(&self, row: u16) -> Terrain {
        self.rows[row as usize].terrain()
    }
    pub fn cell(&self, pos: Pos) -> Option<&Cell> {
        self.rows
            .get(pos.row as usize)?
            .cells
            .get(pos.lane as usize)
    }
    pub fn contains(&self, pos: Pos) -> bool {
        self.cell(pos).is_some()
    }
    /// The first row past the finish line (the line lies just before it).
    pub fn finish_row(&self) -> u16 {
        self.finish_row
    }
    pub fn is_past_line(&self, row: u16) -> bool {
        row >= self.finish_row
    }
    /// Rows from `row` to the first row past the line (0 once past it).
    pub fn rows_to_line(&self, row: u16) -> u16 {
        self.finish_row.saturating_sub(row)
    }
    /// Distance from `row` to the first uphill row strictly ahead of it, if there is one.
    pub fn uphill_ahead(&self, row: u16) -> Option<u16> {
        let d = self.uphill_ahead[row as usize];
        (d != u16::MAX).then_some(d)
    }

    /// The cell straight ahead in the same lane, if the next row is that wide.
    pub fn ahead(&self, pos: Pos) -> Option<Pos> {
        let next = Pos::new(pos.row.checked_add(1)?, pos.lane);
        self.contains(next).then_some(next)
    }
    /// The cells on either side in the same row (lane - 1, lane + 1) that exist.
    pub fn beside(&self, pos: Pos) -> impl Iterator<Item = Pos> + '_ {
        let left = pos.lane.checked_sub(1).map(|l| Pos::new(pos.row, l));
        let right = Some(Pos::new(pos.row, pos.lane + 1));
        [left, right]
            .into_iter()
            .flatten()
            .filter(|p| self.contains(*p))
    }
    /// The two cells diagonally ahead that exist.
    pub fn diagonals_ahead(&self, pos: Pos) -> impl Iterator<Item = Pos> + '_ {
        let row = pos.row + 1;
        let a = pos.lane.checked_sub(1).map(|l| Pos::new(row, l));
        let b = Some(Pos::new(row, pos.lane + 1));
        [a, b].into_iter().flatten().filter(|p| self.contains(*p))
    }

    /// Start cells, front of the grid first, lane 0 first within a row.
    pub fn start_cells(&self) -> Vec<Pos> {
        let mut cells = Vec::new();
        for r in (0..self.row_count()).rev() {
            for (l, cell) in self.row(r).cells.iter().enumerate() {
                if cell.markers.contains(&Marker::Start) {
                    cells.push(Pos::new(r, l as u8));
                }
            }
        }
        cells
    }

    /// The same course with start rows added at the back until the start area holds `riders`.
    /// A tour's field can outnumber a base start tile (QX-07): the grid grows backwards, so
    /// nothing ahead of the start moves relative to the line.
    pub fn with_start_for(&self, riders: usize) -> Course {
        let cells = self.start_cells().len();
        if cells >= riders {
            return self.clone();
        }
        let template = self
            .rows
            .iter()
            .find(|r| r.cells.iter().any(|c| c.markers.contains(&Marker::Start)))
            .cloned()
            .unwrap_or_else(|| self.rows[0].clone());
        let width = template.width().max(1) as usize;
        let extra = (riders - cells).div_ceil(width);
        let mut rows = vec![
            Row {
                tile: None,
                ..template
            };
            extra
        ];
        rows.extend(self.rows.iter().cloned());
        Course::new(self.name.clone(), rows, self.finish_row + extra as u16)
    }

    /// Rows carrying a given kind of marker, with the marker (first cell of the row that has it).
    pub fn markers(&self) -> impl Iterator<Item = (u16, &Marker)> + '_ {
        self.rows.iter().enumerate().flat_map(|(r, row)| {
            let mut seen: Vec<&Marker> = Vec::new();
            row.cells
                .iter()
                .flat_map(|c| c.markers.iter())
                .filter(move |m| {
                    if seen.contains(m) {
                        false
                    } else {
                        seen.push(m);
                        true
                    }
                })
                .map(move |m| (r as u16, m))
        })
    }
}
