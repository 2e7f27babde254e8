//! The cell-by-cell notation: `[[cell]]` sections place each cell on the road and `[[link]]`
//! sections say which cell leads to which. A grid course may add `[[link]]` sections too, naming
//! its cells "row/lane".

use super::links::reachable;
use super::parse::{At, SpecError, err, mark_summits};
use super::{Cell, Course, Layout, Link, LinkKind, MAX_LANES, MAX_ROWS, Marker, Pos, Row, Terrain};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// One `[[cell]]` of a course file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellSpec {
    pub id: String,
    /// Rows from the back of the start area; fractions for staggered files.
    pub along: f64,
    /// Lanes from lane 0's edge (the right-hand side); fractions for bends.
    pub across: f64,
    #[serde(default = "flat")]
    pub terrain: Terrain,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<CellMark>,
    /// An intermediate sprint line lies just before this cell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprint: Option<String>,
}

fn flat() -> Terrain {
    Terrain::Flat
}

/// The markers a `[[cell]]` may carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CellMark {
    /// A cell of the start area.
    Start,
    /// The finish line lies just before this cell.
    Finish,
}

/// One `[[link]]`: `from` leads to `to`. Side links work both ways.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkSpec {
    pub from: String,
    pub to: String,
    pub kind: LinkKind,
}

/// Lays the rows of a course written cell by cell: cells level with each other (the same
/// `along`) form a row, ordered across the road.
pub(super) fn build_cells(
    name: String,
    cells: &[CellSpec],
    links: &[LinkSpec],
) -> Result<Course, SpecError> {
    let cell_at = |i: usize, key: &'static str| At::Cell(i, Some(key));
    let mut order: Vec<usize> = (0..cells.len()).collect();
    for (i, c) in cells.iter().enumerate() {
        if c.id.trim().is_empty() || c.id.contains('/') {
            return Err(err(
                cell_at(i, "id"),
                format!(
                    "cell id '{}' must be a non-empty name without '/' (\"row/lane\" names the cells of a grid)",
                    c.id
                ),
            ));
        }
        if let Some(first) = cells[..i].iter().position(|o| o.id == c.id) {
            return Err(err(
                cell_at(i, "id"),
                format!(
                    "cell id '{}' is used twice (cells {} and {})",
                    c.id,
                    first + 1,
                    i + 1
                ),
            ));
        }
        if !(c.along.is_finite() && (0.0..=MAX_ROWS as f64).contains(&c.along)) {
            return Err(err(
                cell_at(i, "along"),
                format!(
                    "cell '{}': along must be a number from 0 to {MAX_ROWS}, not {}",
                    c.id, c.along
                ),
            ));
        }
        if !(c.across.is_finite() && (0.0..=MAX_LANES as f64).contains(&c.across)) {
            return Err(err(
                cell_at(i, "across"),
                format!(
                    "cell '{}': across must be a number from 0 to {MAX_LANES}, not {}",
                    c.id, c.across
                ),
            ));
        }
    }
    if cells.len() > MAX_ROWS * MAX_LANES as usize {
        return Err(err(
            At::Whole,
            format!(
                "the course has {} cells, more than {}",
                cells.len(),
                MAX_ROWS * MAX_LANES as usize
            ),
        ));
    }
    let by_place = |a: &usize, b: &usize| {
        let (a, b) = (&cells[*a], &cells[*b]);
        a.along
            .total_cmp(&b.along)
            .then(a.across.total_cmp(&b.across))
    };
    order.sort_by(by_place);
    // Rows: runs of equal `along`; a cell's position is its row and its rank across the row.
    let mut pos = vec![Pos::new(0, 0); cells.len()];
    let mut rows: Vec<Row> = Vec::new();
    let mut ids: Vec<String> = Vec::with_capacity(cells.len());
    for (k, &i) in order.iter().enumerate() {
        let c = &cells[i];
        let new_row = k == 0 || cells[order[k - 1]].along != c.along;
        if !new_row && by_place(&order[k - 1], &i) == Ordering::Equal {
            return Err(err(
                cell_at(i, "across"),
                format!(
                    "cells '{}' and '{}' are both at along {}, across {}",
                    cells[order[k - 1]].id,
                    c.id,
                    c.along,
                    c.across
                ),
            ));
        }
        if new_row {
            if rows.len() == MAX_ROWS {
                return Err(err(
                    cell_at(i, "along"),
                    format!("the course is too long: more than {MAX_ROWS} rows of cells"),
                ));
            }
            rows.push(Row {
                cells: Vec::new(),
                tile: None,
                curve: false,
            });
        }
        let r = rows.len() as u16 - 1;
        let row = rows.last_mut().expect("a row was pushed");
        if row.cells.len() == MAX_LANES as usize {
            return Err(err(
                cell_at(i, "along"),
                format!(
                    "more than {MAX_LANES} cells lie level at along {}: '{}' is one too many",
                    c.along, c.id
                ),
            ));
        }
        pos[i] = Pos::new(r, row.cells.len() as u8);
        let mut markers = Vec::new();
        for mark in &c.markers {
            let m = match mark {
                CellMark::Start => Marker::Start,
                CellMark::Finish => Marker::Finish,
            };
            if !markers.contains(&m) {
                markers.push(m);
            }
        }
        if let Some(name) = &c.sprint {
            markers.push(Marker::Sprint { name: name.clone() });
        }
        row.cells.push(Cell {
            terrain: c.terrain,
            markers,
            place: super::Place {
                along: c.along,
                across: c.across,
            },
            danger: false,
        });
        ids.push(c.id.clone());
    }

    let finishes: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i].markers.contains(&CellMark::Finish))
        .collect();
    // The line lies before the first finish cell along the road; in staggered files the others
    // lie further on, and rows from the first one on count as past the line.
    let Some(&first_finish) = finishes
        .iter()
        .min_by(|a, b| cells[**a].along.total_cmp(&cells[**b].along))
    else {
        return Err(err(
            At::Whole,
            "the course has no finish: put `markers = [\"finish\"]` on the cells just past the line",
        ));
    };
    let finish_row = pos[first_finish].row;
    let starts: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i].markers.contains(&CellMark::Start))
        .collect();
    if starts.is_empty() {
        return Err(err(
            At::Whole,
            "the course has no start area: put `markers = [\"start\"]` on its cells",
        ));
    }
    let sprints = (0..cells.len()).filter(|&i| cells[i].sprint.is_some());
    let late = starts
        .iter()
        .map(|&i| (i, "markers", "the start area"))
        .chain(sprints.map(|i| (i, "sprint", "a sprint line")))
        .find(|&(i, _, _)| pos[i].row >= finish_row);
    if let Some((i, key, what)) = late {
        return Err(err(
            cell_at(i, key),
            format!(
                "cell '{}': {what} must come before the finish (along {})",
                cells[i].id, cells[first_finish].along
            ),
        ));
    }
    mark_summits(&mut rows, finish_row);

    // A course without links yet answers `find_cell`, which resolves the written links.
    let bare = Course::assemble(
        name.clone(),
        rows.clone(),
        finish_row,
        Layout::Cells,
        Vec::new(),
        ids.clone(),
    );
    let written = resolve_links(&bare, links)?;
    let course = Course::assemble(name, rows, finish_row, Layout::Cells, written, ids);
    // A cell that leads onto the line must lie before it, or the rows would count it as across.
    for (from, link) in course
        .cells()
        .flat_map(|(p, _)| course.links(p).iter().map(move |l| (p, l)))
    {
        let onto_line = |p: Pos| {
            course
                .cell(p)
                .is_some_and(|c| c.markers.contains(&Marker::Finish))
        };
        if onto_line(link.to) && !onto_line(from) && course.is_past_line(from.row) {
            let i = cells
                .iter()
                .position(|c| c.id == course.cell_id(from))
                .expect("a written cell");
            return Err(err(
                cell_at(i, "along"),
                format!(
                    "cell '{}' leads onto the finish line at '{}' but lies level with or past the line's first cell '{}' (along {}): move the finish cells further along",
                    cells[i].id,
                    course.cell_id(link.to),
                    cells[first_finish].id,
                    cells[first_finish].along
                ),
            ));
        }
    }
    check_paths(&course, |p| {
        cells
            .iter()
            .position(|c| course.find_cell(&c.id) == Some(p))
            .map_or(At::Whole, |i| At::Cell(i, None))
    })?;
    Ok(course)
}

/// Adds the `[[link]]` sections of a grid course to the links its rows imply.
pub(super) fn add_grid_links(course: Course, links: &[LinkSpec]) -> Result<Course, SpecError> {
    if links.is_empty() {
        return Ok(course);
    }
    let written = resolve_links(&course, links)?;
    Ok(Course::assemble(
        course.name.clone(),
        course.rows().to_vec(),
        course.finish_row(),
        Layout::Grid,
        written,
        Vec::new(),
    ))
}

/// Turns the written links into cell positions, refusing what cannot be meant: an unknown cell,
/// a link to itself, the same link twice, a forward or diagonal link that does not lead further
/// along the road, and a second cell straight ahead.
fn resolve_links(course: &Course, links: &[LinkSpec]) -> Result<Vec<(Pos, Link)>, SpecError> {
    let grid_hint = match course.layout() {
        Layout::Grid => " (the cells of a grid are named \"row/lane\", e.g. \"12/0\")",
        Layout::Cells => "",
    };
    let mut out: Vec<(Pos, Link)> = Vec::new();
    for (i, l) in links.iter().enumerate() {
        let find = |id: &str, key: &'static str| {
            course.find_cell(id).ok_or_else(|| {
                err(
                    At::Link(i, Some(key)),
                    format!("link {}: there is no cell '{id}'{grid_hint}", i + 1),
                )
            })
        };
        let from = find(&l.from, "from")?;
        let to = find(&l.to, "to")?;
        if from == to {
            return Err(err(
                At::Link(i, Some("to")),
                format!("link {}: cell '{}' cannot link to itself", i + 1, l.from),
            ));
        }
        let place = |p: Pos| course.place(p).expect("resolved cells exist");
        let (a, b) = (place(from), place(to));
        if l.kind != LinkKind::Side && b.along <= a.along {
            return Err(err(
                At::Link(i, Some("to")),
                format!(
                    "link {}: a {} link leads further along the road, but '{}' (along {}) is not ahead of '{}' (along {})",
                    i + 1,
                    l.kind.name(),
                    l.to,
                    b.along,
                    l.from,
                    a.along
                ),
            ));
        }
        // On a grid a written link may turn a derived one into another kind (a diagonal into
        // the cell straight ahead where a file bends); two written links to one cell are a slip.
        let written_here = out.iter().filter(|(f, _)| *f == from).map(|(_, k)| k);
        if let Some(k) = written_here.clone().find(|k| k.to == to) {
            return Err(err(
                At::Link(i, None),
                format!(
                    "link {}: '{}' already links to '{}' ({})",
                    i + 1,
                    l.from,
                    l.to,
                    k.kind.name()
                ),
            ));
        }
        let ahead = course
            .links(from)
            .iter()
            .chain(written_here)
            .find(|k| k.kind == LinkKind::Forward && k.to != to);
        if let (LinkKind::Forward, Some(k)) = (l.kind, ahead) {
            return Err(err(
                At::Link(i, Some("kind")),
                format!(
                    "link {}: '{}' already has a cell straight ahead ('{}'); make this one diagonal",
                    i + 1,
                    l.from,
                    course.cell_id(k.to)
                ),
            ));
        }
        out.push((from, Link { to, kind: l.kind }));
        if l.kind == LinkKind::Side {
            let back = (
                to,
                Link {
                    to: from,
                    kind: LinkKind::Side,
                },
            );
            if !out.contains(&back) && !course.links(to).contains(&back.1) {
                out.push(back);
            }
        }
    }
    Ok(out)
}

/// Every cell can be reached from the start, and from every cell before the line the road goes
/// on to a cell past it: a rider can never be stranded.
fn check_paths(course: &Course, at: impl Fn(Pos) -> At) -> Result<(), SpecError> {
    let all: Vec<Pos> = course.cells().map(|(p, _)| p).collect();
    let index = |p: Pos| course.index(p).expect("a course cell");
    let forward: Vec<Vec<usize>> = all
        .iter()
        .map(|&p| course.links(p).iter().map(|l| index(l.to)).collect())
        .collect();
    let starts = course.start_cells().into_iter().map(index);
    let from_start = reachable(&forward, starts);
    if let Some(k) = from_start.iter().position(|r| !r) {
        return Err(err(
            at(all[k]),
            format!(
                "cell '{}' cannot be reached from the start: link a cell before it to it",
                course.cell_id(all[k])
            ),
        ));
    }
    let mut backward = vec![Vec::new(); all.len()];
    for (i, outs) in forward.iter().enumerate() {
        for &j in outs {
            backward[j].push(i);
        }
    }
    let past = (0..all.len()).filter(|&k| course.is_past_line(all[k].row));
    let to_finish = reachable(&backward, past);
    if let Some(k) = to_finish.iter().position(|r| !r) {
        return Err(err(
            at(all[k]),
            format!(
                "from cell '{}' no link leads on to the finish: link it to a cell ahead",
                course.cell_id(all[k])
            ),
        ));
    }
    Ok(())
}
