//! The course model shared by every ruleset and by the renderer.
//!
//! A course is a graph of cells. Each cell has a place on the road (`along` it, in rows from the
//! back of the start area, and `across` it, in lanes from lane 0's edge; both fractional, for
//! staggered files and bends) and links to the cells it leads to: forward (straight ahead),
//! diagonal (ahead into the next file) and side (level, in the next file).
//!
//! Cells are also grouped into rows: a row is the cells level with each other (the same
//! `along`), lane 0 first. On a plain grid, written as segments or tiles, rows and lanes are the
//! printed ones and the links follow from them; a course written cell by cell names its links.
//! Lane 0 is the right-hand lane: it fills first and its rider counts as ahead of the others in
//! its row.
//!
//! Rules whose wording is about touching cells ask the course for a cell's links
//! ([`Course::ahead`], [`Course::beside`], [`Course::left_of`], [`Course::diagonals_ahead`]),
//! never lane arithmetic, so a course with staggered or split files answers differently without
//! touching the rules. Rules written about whole rows (the card race: a row fills from lane 0,
//! the row ahead is empty) read rows.

mod cells;
mod climbs;
mod links;
mod neutral;
mod parse;
mod roundabout;
mod steep;
mod tiles;

pub use cells::{CellMark, CellSpec, LinkSpec};
pub use climbs::{ClimbCategory, ClimbInfo, ClimbSpec};
pub use parse::{
    CourseError, CourseSpec, SegmentSpec, SprintSpec, parse_course_toml, parse_sprint,
};
pub use roundabout::{RoundaboutSpec, Side};
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
    /// A steep (black) row of a climb or descent (house rules B, see `steep.rs`).
    Steep,
    /// A yellow (neutral) row of the fictive start (house rules B, see `neutral.rs`).
    Neutral,
    /// A row of a roundabout (house rules B, see `roundabout.rs`): `part` 0, 1 or 2 along it,
    /// and the side of its short lane.
    Roundabout { part: u8, short: Side },
}

/// Where a cell lies: `along` the road in rows from the back of the start area, `across` it in
/// lanes from lane 0's edge. Fractions place staggered files (half a row ahead) and bends.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default, Serialize, Deserialize)]
pub struct Place {
    pub along: f64,
    pub across: f64,
}

// A place is always finite: grids compute it from row and lane, and course files are refused
// when a number is not finite, so equality is total.
impl Eq for Place {}

/// How one cell leads to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LinkKind {
    /// Straight ahead in the same file: at most one per cell.
    Forward,
    /// Ahead into a neighbouring file.
    Diagonal,
    /// Level with it in a neighbouring file (both ways).
    Side,
}

impl LinkKind {
    pub fn name(self) -> &'static str {
        match self {
            LinkKind::Forward => "forward",
            LinkKind::Diagonal => "diagonal",
            LinkKind::Side => "side",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Link {
    pub to: Pos,
    pub kind: LinkKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    pub terrain: Terrain,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<Marker>,
    #[serde(default)]
    pub place: Place,
    /// A danger cell of the dice race: passing or stopping on it costs a skill roll.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub danger: bool,
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

/// How the course was written, which decides where its links come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    /// Rows × lanes (segments or tiles): places and links follow from row and lane, plus any
    /// links the file adds.
    Grid,
    /// Cell by cell: every place and link is written in the file.
    Cells,
}

/// A validated course. Build one with [`CourseSpec::build`] or [`parse_course_toml`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Course {
    pub name: String,
    rows: Vec<Row>,
    finish_row: u16,
    layout: Layout,
    /// Per row, the distance to the first uphill row strictly ahead (`u16::MAX` when none):
    /// the climb cap asks it for every move.
    #[serde(skip)]
    uphill_ahead: Vec<u16>,
    /// Index of each row's lane 0 in the flat cell numbering.
    #[serde(skip)]
    offsets: Vec<u32>,
    /// Per cell (flat numbering), its links: derived and written ones together.
    #[serde(skip)]
    links: Vec<Vec<Link>>,
    /// Links the file wrote itself (on a grid, the ones on top of the derived links).
    #[serde(skip)]
    written: Vec<(Pos, Link)>,
    /// Per cell, its side link further from lane 0: the card race asks it for every move.
    #[serde(skip)]
    left: Vec<Option<Pos>>,
    /// The names of a course written cell by cell, in flat numbering; empty for a grid, whose
    /// cells are called "row/lane".
    #[serde(skip)]
    ids: Vec<String>,
    /// The slope and category of each climb, in road order (one per summit marker), when the
    /// file gives them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    climbs: Vec<ClimbInfo>,
    /// The file's `[game]` table as written (`null` when it has none): what one game's own
    /// rules read of the course, which that game checks (see [`CourseSpec::game`]).
    #[serde(default, skip_serializing_if = "serde_json::Value::is_null")]
    pub game: serde_json::Value,
}

impl Course {
    /// A plain grid: places and links follow from rows and lanes.
    pub(crate) fn new(name: String, rows: Vec<Row>, finish_row: u16) -> Self {
        Course::assemble(name, rows, finish_row, Layout::Grid, Vec::new(), Vec::new())
    }

    /// The one constructor: lays places (on a grid) and the link table, and the climb lookup.
    pub(crate) fn assemble(
        name: String,
        mut rows: Vec<Row>,
        finish_row: u16,
        layout: Layout,
        written: Vec<(Pos, Link)>,
        ids: Vec<String>,
    ) -> Self {
        let mut uphill_ahead = vec![u16::MAX; rows.len()];
        let mut next: Option<usize> = None;
        for r in (0..rows.len()).rev() {
            uphill_ahead[r] = next.map_or(u16::MAX, |n| (n - r) as u16);
            if rows[r].terrain() == Terrain::Uphill {
                next = Some(r);
            }
        }
        if layout == Layout::Grid {
            for (r, row) in rows.iter_mut().enumerate() {
                for (l, cell) in row.cells.iter_mut().enumerate() {
                    cell.place = Place {
                        along: r as f64,
                        across: l as f64,
                    };
                }
            }
        }
        let mut offsets = Vec::with_capacity(rows.len());
        let mut total = 0u32;
        for row in &rows {
            offsets.push(total);
            total += row.width() as u32;
        }
        let mut links = vec![Vec::new(); total as usize];
        let derived = match layout {
            Layout::Grid => links::grid_links(&rows, 0..rows.len()),
            Layout::Cells => Vec::new(),
        };
        for &(from, link) in derived.iter().chain(&written) {
            let i = (offsets[from.row as usize] + from.lane as u32) as usize;
            // A written link to a cell the grid already links says how they are linked.
            match links[i].iter_mut().find(|l: &&mut Link| l.to == link.to) {
                Some(l) => l.kind = link.kind,
                None => links[i].push(link),
            }
        }
        let across = |p: Pos| rows[p.row as usize].cells[p.lane as usize].place.across;
        let left = rows
            .iter()
            .enumerate()
            .flat_map(|(r, row)| (0..row.width()).map(move |l| Pos::new(r as u16, l)))
            .zip(&links)
            .map(|(pos, out)| {
                out.iter()
                    .find(|l| l.kind == LinkKind::Side && across(l.to) > across(pos))
                    .map(|l| l.to)
            })
            .collect();
        Course {
            name,
            rows,
            finish_row,
            layout,
            uphill_ahead,
            offsets,
            links,
            left,
            written,
            ids,
            climbs: Vec::new(),
            game: serde_json::Value::Null,
        }
    }

    /// The slope and category of each climb, in road order; empty when the file gives none.
    pub fn climbs(&self) -> &[ClimbInfo] {
        &self.climbs
    }

    pub fn layout(&self) -> Layout {
        self.layout
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
    /// Every cell, row by row, lane 0 first.
    pub fn cells(&self) -> impl Iterator<Item = (Pos, &Cell)> + '_ {
        self.rows.iter().enumerate().flat_map(|(r, row)| {
            row.cells
                .iter()
                .enumerate()
                .map(move |(l, c)| (Pos::new(r as u16, l as u8), c))
        })
    }
    pub fn cell_count(&self) -> usize {
        self.links.len()
    }
    /// Where a cell lies on the road, for drawing and for rules that compare places.
    pub fn place(&self, pos: Pos) -> Option<Place> {
        self.cell(pos).map(|c| c.place)
    }
    /// The cell's name: the id written in a course of cells, "row/lane" on a grid.
    pub fn cell_id(&self, pos: Pos) -> String {
        match self.index(pos) {
            Some(i) if !self.ids.is_empty() => self.ids[i].clone(),
            _ => format!("{}/{}", pos.row, pos.lane),
        }
    }
    /// The cell of a name given by [`Course::cell_id`].
    pub fn find_cell(&self, id: &str) -> Option<Pos> {
        if self.ids.is_empty() {
            let (r, l) = id.split_once('/')?;
            let pos = Pos::new(r.trim().parse().ok()?, l.trim().parse().ok()?);
            return self.contains(pos).then_some(pos);
        }
        let i = self.ids.iter().position(|x| x == id)?;
        self.cells().nth(i).map(|(p, _)| p)
    }
    fn index(&self, pos: Pos) -> Option<usize> {
        let row = self.rows.get(pos.row as usize)?;
        (pos.lane < row.width())
            .then(|| (self.offsets[pos.row as usize] + pos.lane as u32) as usize)
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
    /// The rows of the road between the start area and the line: those ahead of the front of
    /// the start grid and before the line (the card race's start line lies after the grid's
    /// front row; Maillot Jaune's banner after its start area, row 0). A course with no start
    /// cell counts from row 0.
    pub fn rows_from_start(&self) -> u16 {
        let first = self.start_cells().first().map_or(0, |p| p.row + 1);
        self.finish_row.saturating_sub(first)
    }
    /// Distance from `row` to the first uphill row strictly ahead of it, if there is one.
    pub fn uphill_ahead(&self, row: u16) -> Option<u16> {
        let d = self.uphill_ahead[row as usize];
        (d != u16::MAX).then_some(d)
    }

    /// Every link out of a cell (none for a cell not on the course).
    pub fn links(&self, pos: Pos) -> &[Link] {
        match self.index(pos) {
            Some(i) => &self.links[i],
            None => &[],
        }
    }
    fn linked(&self, pos: Pos, kind: LinkKind) -> impl Iterator<Item = Pos> + '_ {
        self.links(pos)
            .iter()
            .filter(move |l| l.kind == kind)
            .map(|l| l.to)
    }
    /// The cell straight ahead in the same file, if there is one.
    pub fn ahead(&self, pos: Pos) -> Option<Pos> {
        self.linked(pos, LinkKind::Forward).next()
    }
    /// The cells level with it on either side.
    pub fn beside(&self, pos: Pos) -> impl Iterator<Item = Pos> + '_ {
        self.linked(pos, LinkKind::Side)
    }
    /// The cell beside it on its left: further from lane 0's edge (lane 0 is the right-hand lane).
    pub fn left_of(&self, pos: Pos) -> Option<Pos> {
        self.left[self.index(pos)?]
    }
    /// The cell beside it on its right: nearer lane 0's edge.
    pub fn right_of(&self, pos: Pos) -> Option<Pos> {
        self.beside(pos).find(|&p| self.left_of(p) == Some(pos))
    }
    /// The cells diagonally ahead.
    pub fn diagonals_ahead(&self, pos: Pos) -> impl Iterator<Item = Pos> + '_ {
        self.linked(pos, LinkKind::Diagonal)
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
        let shift = |p: Pos| Pos::new(p.row + extra as u16, p.lane);
        let mut written: Vec<(Pos, Link)> = self
            .written
            .iter()
            .map(|&(from, l)| {
                (
                    shift(from),
                    Link {
                        to: shift(l.to),
                        ..l
                    },
                )
            })
            .collect();
        let mut ids = Vec::new();
        if self.layout == Layout::Cells {
            // The added rows lie one row apart behind the first row, in the template's files,
            // and link to each other and to the first row as a grid does.
            let back = self.rows[0]
                .cells
                .iter()
                .map(|c| c.place.along)
                .fold(f64::INFINITY, f64::min);
            for (k, row) in rows.iter_mut().enumerate() {
                for (l, cell) in row.cells.iter_mut().enumerate() {
                    cell.place.along = back - (extra - k) as f64;
                    ids.push(format!("+{k}/{l}"));
                }
            }
            let mut all = rows.clone();
            all.extend(self.rows.iter().cloned());
            written.extend(links::grid_links(&all, 0..extra));
            ids.extend(self.ids.iter().cloned());
        }
        rows.extend(self.rows.iter().cloned());
        let mut grown = Course::assemble(
            self.name.clone(),
            rows,
            self.finish_row + extra as u16,
            self.layout,
            written,
            ids,
        );
        grown.climbs = self.climbs.clone();
        grown.game = self.game.clone();
        grown
    }

    /// Rows from the line to the end of the road (the run-out).
    pub fn run_out(&self) -> u16 {
        self.row_count().saturating_sub(self.finish_row)
    }

    /// The same course with flat rows added past the last row until the run-out holds `rows`
    /// rows, each as wide as the last row. The card race asks for a run-out as long as its
    /// longest move, so a card that carries a rider over the line is never cut by the end of
    /// the board (a base tile prints 5 rows; the 9 of a sprinteur from the last row before the
    /// line needs 9).
    pub fn with_run_out(&self, rows: u16) -> Course {
        let have = self.run_out();
        if have >= rows || self.rows.is_empty() {
            return self.clone();
        }
        let extra = (rows - have) as usize;
        let last = self.rows.len() - 1;
        let template = Row {
            cells: self.rows[last]
                .cells
                .iter()
                .map(|c| Cell {
                    terrain: Terrain::Flat,
                    markers: Vec::new(),
                    place: c.place,
                    danger: false,
                })
                .collect(),
            tile: None,
            curve: false,
        };
        let mut all = self.rows.clone();
        let mut ids = self.ids.clone();
        for k in 0..extra {
            let mut row = template.clone();
            if self.layout == Layout::Cells {
                for (l, cell) in row.cells.iter_mut().enumerate() {
                    cell.place.along += (k + 1) as f64;
                    ids.push(format!("~{k}/{l}"));
                }
            }
            all.push(row);
        }
        let mut written = self.written.clone();
        if self.layout == Layout::Cells {
            // The added rows lie one row apart ahead of the last row, linked as a grid is.
            written.extend(links::grid_links(&all, last..all.len()));
        }
        let mut grown = Course::assemble(
            self.name.clone(),
            all,
            self.finish_row,
            self.layout,
            written,
            ids,
        );
        grown.climbs = self.climbs.clone();
        grown.game = self.game.clone();
        grown
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
