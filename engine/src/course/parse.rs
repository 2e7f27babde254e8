//! Course text: the three notations (segments, tiles, cells), validation, and errors that name
//! the file, the line and what is wrong. Only text comes in: whoever holds the file reads it.

use super::cells::{CellSpec, LinkSpec, add_grid_links, build_cells};
use super::climbs::{ClimbSpec, add_marks};
use super::tiles::{TileRun, is_curve, tile_rows};
use super::{Cell, Course, MAX_LANES, MAX_ROWS, Marker, Row, Terrain};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A course as written in a file or a scenario, before validation.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CourseSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Lanes of every row unless a segment says otherwise (default 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lanes: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiles: Option<String>,
    #[serde(
        default,
        rename = "segment",
        alias = "segments",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub segments: Vec<SegmentSpec>,
    /// Named intermediate sprint lines: `[[sprint]] row = 40, name = "Km 60"`.
    #[serde(default, rename = "sprint", skip_serializing_if = "Vec::is_empty")]
    pub sprints: Vec<SprintSpec>,
    /// A course written cell by cell: `[[cell]] id, along, across, terrain, markers`.
    #[serde(
        default,
        rename = "cell",
        alias = "cells",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub cells: Vec<CellSpec>,
    /// Links between cells: `[[link]] from, to, kind` (forward, diagonal or side).
    #[serde(
        default,
        rename = "link",
        alias = "links",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub links: Vec<LinkSpec>,
    /// The slope and category of each climb, in road order (the dice race reads them).
    #[serde(
        default,
        rename = "climb",
        alias = "climbs",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub climbs: Vec<ClimbSpec>,
    /// Danger cells, by name ("row/lane" on a grid): the dice race rolls for skill on them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub danger: Vec<String>,
    /// Steep (black) rows of climbs and descents, by row number (house rules B).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steep: Vec<i64>,
    /// Yellow (neutral) rows of the fictive start, by row number (house rules B).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub neutral: Vec<i64>,
    /// Roundabouts of a grid course (house rules B): `[[roundabout]] row = 20, short = "right"`.
    #[serde(
        default,
        rename = "roundabout",
        alias = "roundabouts",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub roundabouts: Vec<super::RoundaboutSpec>,
    /// What a game's own rules read of the course beyond the shared road (a `[game]` table),
    /// kept as written: the game checks it when it reads it (Hulst's printed numbers, swap and
    /// chance squares, dividers and sprint bonuses, see `games::hulst::board`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<serde_json::Value>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SegmentSpec {
    pub terrain: Terrain,
    pub length: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lanes: Option<i64>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub start: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub finish: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SprintSpec {
    /// The sprint line lies just before this row.
    pub row: i64,
    pub name: String,
}

/// A sprint line for a spec built in code.
pub fn parse_sprint(row: i64, name: &str) -> SprintSpec {
    SprintSpec {
        row,
        name: name.into(),
    }
}

/// Where in a spec a problem lies, so a file's error can name its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum At {
    Whole,
    Key(&'static str),
    Segment(usize, Option<&'static str>),
    Sprint(usize),
    Cell(usize, Option<&'static str>),
    Link(usize, Option<&'static str>),
    Climb(usize, Option<&'static str>),
    Roundabout(usize),
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct CourseError {
    pub file: Option<String>,
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for CourseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.file, self.line) {
            (Some(file), Some(line)) => write!(f, "{file}, line {line}: {}", self.message),
            (Some(file), None) => write!(f, "{file}: {}", self.message),
            (None, Some(line)) => write!(f, "line {line}: {}", self.message),
            (None, None) => f.write_str(&self.message),
        }
    }
}

pub(super) struct SpecError {
    at: At,
    message: String,
}

pub(super) fn err(at: At, message: impl Into<String>) -> SpecError {
    SpecError {
        at,
        message: message.into(),
    }
}

fn lanes_in_range(value: i64, at: At) -> Result<u8, SpecError> {
    if (1..=MAX_LANES as i64).contains(&value) {
        Ok(value as u8)
    } else {
        Err(err(
            at,
            format!("lanes must be between 1 and {MAX_LANES}, not {value}"),
        ))
    }
}

impl CourseSpec {
    /// Validates the spec and lays out its rows.
    pub fn build(&self) -> Result<Course, CourseError> {
        self.build_inner().map_err(|e| CourseError {
            file: None,
            line: None,
            message: e.message,
        })
    }

    fn build_inner(&self) -> Result<Course, SpecError> {
        let mut course = self.build_road()?;
        add_marks(&mut course, &self.climbs, &self.danger)?;
        super::steep::add_steep(&mut course, &self.steep)?;
        super::neutral::add_neutral(&mut course, &self.neutral)?;
        if let Some(game) = &self.game {
            course.game = game.clone();
        }
        Ok(course)
    }

    fn build_road(&self) -> Result<Course, SpecError> {
        if !self.cells.is_empty() {
            let other = [
                (At::Key("tiles"), "`tiles`", self.tiles.is_some()),
                (
                    At::Segment(0, None),
                    "`[[segment]]` sections",
                    !self.segments.is_empty(),
                ),
                (
                    At::Sprint(0),
                    "`[[sprint]]` sections",
                    !self.sprints.is_empty(),
                ),
                (At::Key("lanes"), "`lanes`", self.lanes.is_some()),
                (
                    At::Roundabout(0),
                    "`[[roundabout]]` sections",
                    !self.roundabouts.is_empty(),
                ),
            ]
            .into_iter()
            .find(|(_, _, given)| *given);
            if let Some((at, what, _)) = other {
                return Err(err(
                    at,
                    format!(
                        "a course of `[[cell]]` sections cannot also have {what}: give each cell its place, and put a sprint line as `sprint = \"name\"` on the cells just past it"
                    ),
                ));
            }
            let name = self.name.clone().unwrap_or_else(|| "Unnamed course".into());
            return build_cells(name, &self.cells, &self.links);
        }
        let course = self.build_grid()?;
        add_grid_links(course, &self.links)
    }

    fn build_grid(&self) -> Result<Course, SpecError> {
        let lanes = match self.lanes {
            Some(l) => lanes_in_range(l, At::Key("lanes"))?,
            None => 2,
        };
        let mut b = Builder::default();
        match (&self.tiles, self.segments.is_empty()) {
            (Some(_), false) => {
                return Err(err(
                    At::Key("tiles"),
                    "a course has either `tiles` or `[[segment]]` sections, not both",
                ));
            }
            (None, true) => {
                return Err(err(
                    At::Whole,
                    "the course has no road: give `tiles = \"...\"`, `[[segment]]` sections or `[[cell]]` sections",
                ));
            }
            (Some(tiles), true) => {
                for (i, letter) in tiles.chars().enumerate() {
                    let Some(runs) = tile_rows(letter) else {
                        return Err(err(
                            At::Key("tiles"),
                            format!(
                                "unknown tile letter '{letter}' at position {} (tiles are a to v and A to V)",
                                i + 1
                            ),
                        ));
                    };
                    for run in runs {
                        match *run {
                            TileRun::Start(n) => {
                                b.push(Terrain::Flat, n, lanes, true, Some(letter))
                            }
                            TileRun::Road(t, n) => b.push(t, n, lanes, false, Some(letter)),
                            TileRun::Line => b.line(At::Key("tiles"))?,
                            TileRun::Roundabout(side) => {
                                b.roundabouts.push((b.rows.len() as i64, side));
                                b.push(
                                    Terrain::Flat,
                                    super::roundabout::ROWS,
                                    lanes,
                                    false,
                                    Some(letter),
                                );
                            }
                        }
                        if b.rows.len() > MAX_ROWS {
                            return Err(err(At::Key("tiles"), too_long(b.rows.len())));
                        }
                    }
                }
            }
            (None, false) => {
                for (i, seg) in self.segments.iter().enumerate() {
                    if seg.length < 1 {
                        return Err(err(
                            At::Segment(i, Some("length")),
                            format!("segment length must be at least 1, not {}", seg.length),
                        ));
                    }
                    if seg.length as usize > MAX_ROWS {
                        return Err(err(
                            At::Segment(i, Some("length")),
                            too_long(seg.length as usize),
                        ));
                    }
                    let seg_lanes = match seg.lanes {
                        Some(l) => lanes_in_range(l, At::Segment(i, Some("lanes")))?,
                        // The supply zone is three lanes wide; cobbles at most two.
                        None => match seg.terrain {
                            Terrain::Supply => 3,
                            Terrain::Cobbles => lanes.min(2),
                            _ => lanes,
                        },
                    };
                    if seg.start && seg.finish {
                        return Err(err(
                            At::Segment(i, Some("finish")),
                            "a segment cannot be both the start and the finish",
                        ));
                    }
                    if seg.finish {
                        b.line(At::Segment(i, Some("finish")))?;
                    }
                    if seg.start && b.line_at.is_some() {
                        return Err(err(
                            At::Segment(i, Some("start")),
                            "the start area must come before the finish",
                        ));
                    }
                    b.push(seg.terrain, seg.length as u16, seg_lanes, seg.start, None);
                    if b.rows.len() > MAX_ROWS {
                        return Err(err(At::Segment(i, None), too_long(b.rows.len())));
                    }
                }
            }
        }
        let Some(finish_row) = b.line_at else {
            return Err(err(
                At::Whole,
                "the course has no finish: end the tiles with 'u' or 'U', or mark a segment `finish = true`",
            ));
        };
        if finish_row as usize >= b.rows.len() {
            return Err(err(
                At::Whole,
                "the finish line needs at least one row after it",
            ));
        }
        if !b.has_start {
            return Err(err(
                At::Whole,
                "the course has no start area: begin the tiles with 'a' or 'A', or mark a segment `start = true`",
            ));
        }
        for (i, sprint) in self.sprints.iter().enumerate() {
            if sprint.row < 1 || sprint.row >= finish_row as i64 {
                return Err(err(
                    At::Sprint(i),
                    format!(
                        "sprint '{}' must lie between row 1 and the finish (row {finish_row}), not at row {}",
                        sprint.name, sprint.row
                    ),
                ));
            }
            for cell in &mut b.rows[sprint.row as usize].cells {
                cell.markers.push(Marker::Sprint {
                    name: sprint.name.clone(),
                });
            }
        }
        mark_summits(&mut b.rows, finish_row);
        for &(row, side) in &b.roundabouts {
            super::roundabout::lay(&mut b.rows, finish_row, row, side, At::Key("tiles"))?;
        }
        for (i, r) in self.roundabouts.iter().enumerate() {
            super::roundabout::lay(&mut b.rows, finish_row, r.row, r.short, At::Roundabout(i))?;
        }
        let name = self.name.clone().unwrap_or_else(|| "Unnamed course".into());
        let mut course = Course::new(name, b.rows, finish_row);
        // A grid lays lane 0 on the right: a roundabout's single-cell rows carry the long lane,
        // which lies on the left when the short side is the right.
        for row in &mut course.rows {
            for cell in &mut row.cells {
                let long_left = cell.markers.iter().any(|m| {
                    matches!(
                        m,
                        Marker::Roundabout {
                            part: 0 | 2,
                            short: super::Side::Right
                        }
                    )
                });
                if long_left {
                    cell.place.across = 1.0;
                }
            }
        }
        Ok(course)
    }
}

fn too_long(rows: usize) -> String {
    format!("the course is too long: more than {MAX_ROWS} rows ({rows} so far)")
}

/// Every climb (a maximal run of uphill rows before the line) gets a summit marker on its last
/// row, carrying its length, which later sets its mountain points.
pub(super) fn mark_summits(rows: &mut [Row], finish_row: u16) {
    let mut r = 0usize;
    let mut number = 0;
    while r < finish_row as usize {
        if rows[r].terrain() == Terrain::Uphill {
            let start = r;
            while r + 1 < finish_row as usize && rows[r + 1].terrain() == Terrain::Uphill {
                r += 1;
            }
            number += 1;
            let length = (r - start + 1) as u16;
            for cell in &mut rows[r].cells {
                cell.markers.push(Marker::Summit {
                    name: format!("Climb {number}"),
                    length,
                });
            }
        }
        r += 1;
    }
}

#[derive(Default)]
struct Builder {
    rows: Vec<Row>,
    line_at: Option<u16>,
    has_start: bool,
    /// Roundabout tiles met: their first row and short side.
    roundabouts: Vec<(i64, super::Side)>,
}

impl Builder {
    fn push(&mut self, terrain: Terrain, n: u16, lanes: u8, start: bool, tile: Option<char>) {
        self.has_start |= start;
        for _ in 0..n {
            let mut markers = Vec::new();
            if start {
                markers.push(Marker::Start);
            }
            if Some(self.rows.len() as u16) == self.line_at {
                markers.push(Marker::Finish);
            }
            let cell = Cell {
                terrain,
                markers,
                place: Default::default(),
                danger: false,
            };
            self.rows.push(Row {
                cells: vec![cell; lanes as usize],
                tile,
                curve: tile.is_some_and(is_curve),
            });
        }
    }

    fn line(&mut self, at: At) -> Result<(), SpecError> {
        if self.line_at.is_some() {
            return Err(err(at, "the course has two finish lines"));
        }
        self.line_at = Some(self.rows.len() as u16);
        Ok(())
    }
}

/// Reads a course from TOML text; `file` names it in errors.
pub fn parse_course_toml(text: &str, file: &str) -> Result<Course, CourseError> {
    let spec: CourseSpec = toml::from_str(text).map_err(|e| CourseError {
        file: Some(file.to_string()),
        line: e.span().map(|s| line_of(text, s.start)),
        message: e.message().trim().to_string(),
    })?;
    spec.build_inner().map_err(|e| CourseError {
        file: Some(file.to_string()),
        line: locate(text, &e.at),
        message: e.message,
    })
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// Finds the line a spec path points at. Course files are small and flat, so a textual search
/// for the key (inside the right `[[segment]]`) is exact for every file we write.
fn locate(text: &str, at: &At) -> Option<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let is_key = |line: &str, key: &str| {
        let t = line.trim_start();
        t.strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with('='))
    };
    let nth_table = |header: &str, n: usize| {
        lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.trim_start().starts_with(header))
            .nth(n)
            .map(|(i, _)| i)
    };
    // The line of `key` inside the n-th `header` table, or of the header itself.
    let in_table = |header: &str, n: usize, key: Option<&str>| {
        let head = nth_table(header, n)?;
        let found = key.and_then(|key| {
            lines[head + 1..]
                .iter()
                .take_while(|l| !l.trim_start().starts_with('['))
                .position(|l| is_key(l, key))
        });
        Some(found.map_or(head, |i| head + 1 + i) + 1)
    };
    match at {
        At::Whole => None,
        At::Key(key) => lines.iter().position(|l| is_key(l, key)).map(|i| i + 1),
        At::Segment(n, key) => {
            let Some(head) = nth_table("[[segment]]", *n) else {
                return lines
                    .iter()
                    .position(|l| is_key(l, "segment"))
                    .map(|i| i + 1);
            };
            let Some(key) = key else {
                return Some(head + 1);
            };
            let found = lines[head + 1..]
                .iter()
                .take_while(|l| !l.trim_start().starts_with('['))
                .position(|l| is_key(l, key));
            Some(found.map_or(head, |i| head + 1 + i) + 1)
        }
        At::Sprint(n) => nth_table("[[sprint]]", *n).map(|i| i + 1),
        At::Roundabout(n) => nth_table("[[roundabout]]", *n).map(|i| i + 1),
        At::Cell(n, key) => in_table("[[cell]]", *n, *key),
        At::Link(n, key) => in_table("[[link]]", *n, *key),
        At::Climb(n, key) => in_table("[[climb]]", *n, *key).or_else(|| {
            lines
                .iter()
                .rposition(|l| l.trim_start().starts_with("[[climb]]"))
                .map(|i| i + 1)
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toml_err(text: &str) -> CourseError {
        parse_course_toml(text, "bad.toml").unwrap_err()
    }

    #[test]
    fn segments_lay_rows_and_the_line() {
        let c = parse_course_toml(
            "name = \"t\"\nlanes = 2\n[[segment]]\nterrain = \"flat\"\nlength = 4\nstart = true\n\
             [[segment]]\nterrain = \"uphill\"\nlength = 3\n[[segment]]\nterrain = \"supply\"\nlength = 2\n\
             [[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\n",
            "t.toml",
        )
        .unwrap();
        assert_eq!(c.row_count(), 14);
        assert_eq!(c.finish_row(), 9);
        assert_eq!(c.width(7), 3, "supply zone is three lanes wide");
        assert_eq!(c.terrain(4), Terrain::Uphill);
        assert_eq!(c.start_cells().len(), 8);
        assert_eq!(c.uphill_ahead(0), Some(4));
        assert_eq!(c.uphill_ahead(6), None);
        assert!(
            c.row(6)
                .cells
                .iter()
                .all(|x| x.markers.contains(&Marker::Summit {
                    name: "Climb 1".into(),
                    length: 3
                }))
        );
    }

    #[test]
    fn tiles_lay_the_base_stage() {
        let c = CourseSpec {
            tiles: Some("abcdefghijklmnopqrstu".into()),
            ..Default::default()
        }
        .build()
        .unwrap();
        // a:6, seven straights of 6, twelve curves of 2, u:6
        assert_eq!(c.row_count(), 6 + 7 * 6 + 12 * 2 + 6);
        assert_eq!(c.finish_row(), c.row_count() - 5);
        assert_eq!(c.start_cells().len(), 10);
    }

    #[test]
    fn unknown_tile_letter_names_file_line_and_letter() {
        let e = toml_err("name = \"x\"\n\ntiles = \"abcz\"\n");
        assert_eq!(e.line, Some(3));
        assert_eq!(e.file.as_deref(), Some("bad.toml"));
        assert!(e.message.contains("'z'"), "{e}");
        assert!(e.to_string().starts_with("bad.toml, line 3:"), "{e}");
    }

    #[test]
    fn missing_finish_and_start_are_refused() {
        assert!(toml_err("tiles = \"abc\"").message.contains("no finish"));
        assert!(toml_err("tiles = \"bcu\"").message.contains("no start"));
    }

    #[test]
    fn lanes_out_of_range_point_at_the_segment_line() {
        let e = toml_err(
            "[[segment]]\nterrain = \"flat\"\nlength = 4\nstart = true\n[[segment]]\nterrain = \"flat\"\nlanes = 7\nlength = 3\nfinish = true\n",
        );
        assert_eq!(e.line, Some(7), "{e}");
        assert!(e.message.contains("between 1 and 6"));
        let e = toml_err("lanes = 0\ntiles = \"au\"");
        assert_eq!(e.line, Some(1));
    }

    #[test]
    fn too_long_course_is_refused() {
        let e = toml_err(
            "[[segment]]\nterrain = \"flat\"\nlength = 4\nstart = true\n[[segment]]\nterrain = \"flat\"\nlength = 398\n[[segment]]\nterrain = \"flat\"\nlength = 3\nfinish = true\n",
        );
        assert!(e.message.contains("more than 400 rows"), "{e}");
        assert_eq!(e.line, Some(5), "the segment that overflows");
    }

    #[test]
    fn syntax_and_unknown_terrain_errors_carry_a_line() {
        let e = toml_err("tiles = \"au\"\nlanes = \n");
        assert_eq!(e.line, Some(2), "{e}");
        let e = toml_err("[[segment]]\nterrain = \"lava\"\nlength = 2\n");
        assert_eq!(e.line, Some(2), "{e}");
        assert!(e.message.contains("lava"));
    }

    #[test]
    fn two_finishes_and_empty_segments_are_refused() {
        let e = toml_err("tiles = \"auu\"");
        assert!(e.message.contains("two finish lines"));
        let e = toml_err("[[segment]]\nterrain = \"flat\"\nlength = 0\n");
        assert!(e.message.contains("at least 1"));
    }
}
