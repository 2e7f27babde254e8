//! What a dice race reads from its board besides the road itself: the slope and category of
//! each climb, and the danger cells. Written as `[[climb]]` sections (one per climb, in road
//! order) and a `danger` list of cell names, in any of the notations; the card race ignores
//! them.

use super::parse::{At, SpecError, err};
use super::{Course, Marker};
use serde::{Deserialize, Serialize};

/// One `[[climb]]`: the k-th section describes the k-th climb along the road (a run of uphill
/// rows; its summit line lies after its last row).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClimbSpec {
    /// Shown at the summit; default "Climb N".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The slope printed for the whole ascent, in percent: a power roll must beat it on a d20.
    pub slope: i64,
    /// `"HC"`, `"1"`, `"2"`, `"3"` or `"4"`: sets the points at the summit.
    pub category: ClimbCategory,
}

/// A summit's category, from "Hors Catégorie" down to the 4th.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ClimbCategory {
    #[serde(rename = "HC")]
    Hc,
    #[serde(rename = "1")]
    First,
    #[serde(rename = "2")]
    Second,
    #[serde(rename = "3")]
    Third,
    #[serde(rename = "4")]
    Fourth,
}

impl ClimbCategory {
    pub fn name(self) -> &'static str {
        match self {
            ClimbCategory::Hc => "HC",
            ClimbCategory::First => "1st cat.",
            ClimbCategory::Second => "2nd cat.",
            ClimbCategory::Third => "3rd cat.",
            ClimbCategory::Fourth => "4th cat.",
        }
    }
}

/// A climb as the course carries it, in road order, matching its summit marker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClimbInfo {
    pub name: String,
    pub slope: u8,
    pub category: ClimbCategory,
}

/// Puts the climbs' slopes and categories and the danger cells on a built course.
pub(super) fn add_marks(
    course: &mut Course,
    climbs: &[ClimbSpec],
    danger: &[String],
) -> Result<(), SpecError> {
    for name in danger {
        let Some(pos) = course.find_cell(name) else {
            return Err(err(
                At::Key("danger"),
                format!(
                    "danger cell '{name}' is not a cell of the course (name cells as their id, or \"row/lane\" on a grid)"
                ),
            ));
        };
        course.rows[pos.row as usize].cells[pos.lane as usize].danger = true;
    }
    if climbs.is_empty() {
        return Ok(());
    }
    let summits: Vec<u16> = course
        .markers()
        .filter(|(_, m)| matches!(m, Marker::Summit { .. }))
        .map(|(r, _)| r)
        .collect();
    if summits.len() != climbs.len() {
        return Err(err(
            At::Climb(climbs.len().min(summits.len()), None),
            format!(
                "the course has {} climbs (runs of uphill rows) but {} `[[climb]]` sections: give one per climb, in road order",
                summits.len(),
                climbs.len()
            ),
        ));
    }
    let mut infos = Vec::with_capacity(climbs.len());
    for (k, (spec, &row)) in climbs.iter().zip(&summits).enumerate() {
        if !(1..=19).contains(&spec.slope) {
            return Err(err(
                At::Climb(k, Some("slope")),
                format!(
                    "climb {}: slope must be 1 to 19 (a d20 must be able to beat it), not {}",
                    k + 1,
                    spec.slope
                ),
            ));
        }
        let name = spec
            .name
            .clone()
            .unwrap_or_else(|| format!("Climb {}", k + 1));
        for cell in &mut course.rows[row as usize].cells {
            for m in &mut cell.markers {
                if let Marker::Summit { name: n, .. } = m {
                    *n = name.clone();
                }
            }
        }
        infos.push(ClimbInfo {
            name,
            slope: spec.slope as u8,
            category: spec.category,
        });
    }
    course.climbs = infos;
    Ok(())
}
