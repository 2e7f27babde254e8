//! The board as text for the terminal: one column per row of the road, one line per lane, the
//! right-hand lane (lane 0) at the bottom as on the picture. It shows what a director needs to
//! choose a card: every rider (yours too, however far behind), the terrain of every row shown
//! (a line of its own, so a rider never hides it), the finish and sprint lines, and the road a
//! card can reach ahead of your leading rider. Long stretches nobody rides are folded into one
//! `~` column.

use commissaire_engine::Seat;
use commissaire_engine::card_race::StageView;
use commissaire_engine::card_race::house_b::{ConditionsView, Wind};
use commissaire_engine::course::{Course, Marker, Terrain};
use commissaire_engine::registry::Scene;

/// The farthest a card moves a rider: the road this far past your leading rider, and past the
/// leader of the race, is always shown.
pub const REACH: u16 = 9;
/// Empty rows in a row that are shown as they are; a longer run becomes one `~` column.
const FOLD_FROM: usize = 3;

enum Column {
    Row(u16),
    /// Rows left out: the first and the last.
    Folded(u16, u16),
}

/// The board of any ruleset as text, for the seat `mine` (its riders marked), or the sentence
/// saying this ruleset has no text board yet.
pub fn scene_text(scene: &Scene, mine: Option<Seat>) -> String {
    match scene {
        Scene::CardRace(view) => board_text(view, mine),
        #[allow(unreachable_patterns)]
        _ => String::from("(this game has no text board yet: see the board picture)"),
    }
}

pub fn board_text(view: &StageView, mine: Option<Seat>) -> String {
    let course = &view.course;
    let racing: Vec<_> = view.riders.iter().filter(|r| r.racing).collect();
    let Some(leader) = racing.iter().map(|r| r.pos.row).max() else {
        return String::from("(every rider is across the line)");
    };
    // House rules A's gruppetto, a pack of no team, is drawn "GR" where it stands.
    let pack = &view.house_a.gruppetto;
    let back = racing
        .iter()
        .map(|r| r.pos.row)
        .chain(pack.iter().map(|p| p.row))
        .min()
        .unwrap_or(leader);
    let my_front = racing
        .iter()
        .filter(|r| Some(r.team) == mine)
        .map(|r| r.pos.row)
        .max();
    let reach = my_front.unwrap_or(leader).saturating_add(REACH);
    let last = reach.max(leader + REACH).min(course.last_row());
    let keep = |row: u16| {
        racing.iter().any(|r| r.pos.row == row)
            || pack.iter().any(|p| p.row == row)
            || my_front.unwrap_or(leader) <= row && row <= reach
            || leader <= row && row <= leader + REACH
            || line_before(course, row).is_some()
    };
    let columns = columns(back, last, keep);
    let lanes = (back..=last).map(|r| course.width(r)).max().unwrap_or(2);
    let mut lines: Vec<String> = Vec::new();
    // The header: row numbers every five rows, and the folds.
    let mut header = String::new();
    let mut terrain = String::new();
    for c in &columns {
        let (line, cell_head, cell_terrain) = match *c {
            Column::Row(row) => (
                line_before(course, row),
                if row % 5 == 0 || row == back {
                    format!("{row:<3}")
                } else {
                    "   ".into()
                },
                format!("{} ", terrain_mark(course.terrain(row))),
            ),
            Column::Folded(..) => (None, "~  ".into(), "~  ".into()),
        };
        if let Some(mark) = line {
            header.push(mark);
            terrain.push(mark);
        }
        header.push_str(&cell_head);
        terrain.push_str(&cell_terrain);
    }
    lines.push(format!("row     {}", header.trim_end()));
    lines.push(format!("road    {}", terrain.trim_end()));
    for lane in (0..lanes).rev() {
        let mut text = String::new();
        for c in &columns {
            match *c {
                Column::Row(row) => {
                    if let Some(mark) = line_before(course, row) {
                        text.push(mark);
                    }
                    let here = racing
                        .iter()
                        .find(|r| r.pos.row == row && r.pos.lane == lane);
                    let packed = pack.iter().any(|p| p.row == row && p.lane == lane);
                    match here {
                        Some(r) => text.push_str(&format!(
                            "{}{}",
                            r.team + 1,
                            view.rider_names.letter(r.kind)
                        )),
                        None if packed => text.push_str("GR"),
                        None if lane >= course.width(row) => text.push_str("  "),
                        None => text.push_str(terrain_mark(course.terrain(row))),
                    }
                    text.push(' ');
                }
                Column::Folded(..) => text.push_str("~  "),
            }
        }
        lines.push(format!("lane {lane}  {}", text.trim_end()));
    }
    let folds: Vec<String> = columns
        .iter()
        .filter_map(|c| match *c {
            Column::Folded(a, b) => Some(format!("{a}-{b}")),
            Column::Row(_) => None,
        })
        .collect();
    let title = format!(
        "{}, round {} (the finish line is before row {})",
        view.course_name,
        view.round,
        course.finish_row()
    );
    lines.insert(0, title);
    if let Some(sky) = weather_line(&view.conditions) {
        lines.insert(1, sky);
    }
    let teams: Vec<String> = view
        .teams
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let you = if Some(i as Seat) == mine {
                " (you)"
            } else {
                ""
            };
            format!("{} {}{you}", i + 1, t.name)
        })
        .collect();
    lines.push(format!("teams: {}", teams.join(", ")));
    let mut legend = String::from(
        "riders: team number + R rouleur, S sprinteur, G grimpeur. \
         .. flat, ^^ climb, vv descent, ss supply, ## cobbles, | finish line, : sprint line",
    );
    if !pack.is_empty() {
        legend.push_str(", GR the gruppetto");
    }
    if !folds.is_empty() {
        legend.push_str(&format!(", ~ empty rows left out ({})", folds.join(", ")));
    }
    lines.push(legend);
    lines.join("\n")
}

/// The weather and wind the stage is ridden in, in words, under the title: house rules B's level
/// and wind, or house rules A's weather; none when the stage rides without weather.
pub fn weather_line(conditions: &ConditionsView) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(level) = conditions.weather {
        let what = match level {
            1 => " (cold: exhaustion goes on top of the draw pile)",
            5 => " (hot: exhaustion cards come two at a time)",
            _ => "",
        };
        parts.push(format!("weather {level}/5{what}"));
    }
    if let Some(wind) = conditions.wind {
        parts.push(
            match wind {
                Wind::Head => "headwind",
                Wind::Tail => "tailwind",
                Wind::CrossFromLeft => "crosswind from the left",
                Wind::CrossFromRight => "crosswind from the right",
            }
            .to_string(),
        );
    }
    if let Some(sky) = &conditions.sky {
        parts.push(format!("weather: {}", sky.weather.name()));
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// The rows from `back` to `last`, runs of rows not worth a column folded into one.
fn columns(back: u16, last: u16, keep: impl Fn(u16) -> bool) -> Vec<Column> {
    let mut out = Vec::new();
    let mut row = back;
    while row <= last {
        if keep(row) {
            out.push(Column::Row(row));
            row += 1;
            continue;
        }
        let start = row;
        while row <= last && !keep(row) {
            row += 1;
        }
        let end = row - 1;
        if (end - start + 1) as usize >= FOLD_FROM {
            out.push(Column::Folded(start, end));
        } else {
            out.extend((start..=end).map(Column::Row));
        }
    }
    out
}

/// The line drawn just before a row: `|` the finish, `:` an intermediate sprint.
fn line_before(course: &Course, row: u16) -> Option<char> {
    if row == course.finish_row() {
        return Some('|');
    }
    course.row(row).cells.iter().find_map(|c| {
        c.markers
            .iter()
            .any(|m| matches!(m, Marker::Sprint { .. }))
            .then_some(':')
    })
}

fn terrain_mark(t: Terrain) -> &'static str {
    match t {
        Terrain::Flat => "..",
        Terrain::Uphill => "^^",
        Terrain::Downhill => "vv",
        Terrain::Supply => "ss",
        Terrain::Cobbles => "##",
    }
}
