//! The board as text for the terminal: one column per row of the road, one line per lane, the
//! right-hand lane (lane 0) at the bottom as on the picture. It shows what a director needs to
//! choose a card: every rider (yours too, however far behind), the terrain of every row shown
//! (a line of its own, so a rider never hides it), the finish and sprint lines, and the road a
//! card can reach ahead of your leading rider. Long stretches nobody rides are folded into one
//! `~` column.

use commissaire_engine::Seat;
use commissaire_engine::course::{Course, Marker, Terrain};
use commissaire_engine::games::card_race::house_b::{ConditionsView, Wind};
use commissaire_engine::games::card_race::{RiderView, StageView};
use commissaire_engine::registry::Scene;
use commissaire_messages::msg;

/// The farthest a card moves a rider: the road this far past your leading rider, and past the
/// leader of the race, is always shown.
pub const REACH: u16 = 9;
/// Empty rows in a row that are shown as they are; a longer run becomes one `~` column.
const FOLD_FROM: usize = 3;

pub(crate) enum Column {
    Row(u16),
    /// Rows left out: the first and the last.
    Folded(u16, u16),
}

/// The board of any ruleset as text, for the seat `mine` (its riders marked), by its game's
/// adapter, or the sentence saying this ruleset has no text board yet.
pub fn scene_text(scene: &Scene, mine: Option<Seat>) -> String {
    scene_text_keyed(scene, mine, true)
}

/// The board as [`scene_text`] draws it, its key left out when `key` is false, for a reader who
/// has it already (the terminal prints it once a stage). A board whose key is one short line
/// keeps it.
pub fn scene_text_keyed(scene: &Scene, mine: Option<Seat>, key: bool) -> String {
    match scene {
        Scene::CardRace(view) => board_text(view, mine),
        Scene::VeloMaster(view) => {
            crate::games::velo_master_text::board_text_keyed(view, mine, key)
        }
        Scene::MaillotJaune(view) => crate::games::maillot_jaune_text::board_text(view, mine),
        Scene::Hulst(view) => crate::games::hulst_text::board_text(view, mine),
        #[allow(unreachable_patterns)]
        _ => msg!("text-board-none"),
    }
}

pub fn board_text(view: &StageView, mine: Option<Seat>) -> String {
    let course = &view.course;
    let racing: Vec<_> = view.riders.iter().filter(|r| r.racing).collect();
    let Some(leader) = racing.iter().map(|r| r.pos.row).max() else {
        return msg!("text-board-all-across");
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
    // The names of the lines, padded so the road starts in one column.
    let names: Vec<String> = [msg!("text-board-row"), msg!("text-board-road")]
        .into_iter()
        .chain(
            (0..lanes)
                .rev()
                .map(|lane| msg!("text-board-lane", lane = lane)),
        )
        .collect();
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0) + 2;
    let pad = |name: &str| format!("{name:<width$}");
    lines.push(format!("{}{}", pad(&names[0]), header.trim_end()));
    lines.push(format!("{}{}", pad(&names[1]), terrain.trim_end()));
    let label = |r: &&RiderView| format!("{}{}", r.team + 1, view.rider_names.letter(r.kind));
    let mut shared = Vec::new();
    for lane in (0..lanes).rev() {
        let mut text = String::new();
        for c in &columns {
            match *c {
                Column::Row(row) => {
                    if let Some(mark) = line_before(course, row) {
                        text.push(mark);
                    }
                    let mut here: Vec<_> = racing
                        .iter()
                        .filter(|r| r.pos.row == row && r.pos.lane == lane)
                        .collect();
                    here.sort_by_key(|r| r.team);
                    let packed = pack.iter().any(|p| p.row == row && p.lane == lane);
                    match here.as_slice() {
                        [r] => text.push_str(&label(r)),
                        // Riders sharing a cell: their count here, each of them listed under
                        // the board.
                        [_, _, ..] => {
                            text.push_str(&crowd_mark(here.len()));
                            shared.push(msg!(
                                "text-board-shared-cell",
                                row = row,
                                lane = lane,
                                count = here.len(),
                                riders =
                                    here.iter().map(|r| label(r)).collect::<Vec<_>>().join(" ")
                            ));
                        }
                        [] if packed => text.push_str("GR"),
                        [] if lane >= course.width(row) => text.push_str("  "),
                        [] => text.push_str(terrain_mark(course.terrain(row))),
                    }
                    text.push(' ');
                }
                Column::Folded(..) => text.push_str("~  "),
            }
        }
        let name = &names[2 + (lanes - 1 - lane) as usize];
        lines.push(format!("{}{}", pad(name), text.trim_end()));
    }
    let folds: Vec<String> = columns
        .iter()
        .filter_map(|c| match *c {
            Column::Folded(a, b) => Some(format!("{a}-{b}")),
            Column::Row(_) => None,
        })
        .collect();
    // The turn as the game names it: the auction's bid steps and B's fictive start come
    // before round 1.
    let turn = match view.house_a.bid_step {
        Some(step) => msg!(
            "card-race-turn-bid",
            step = step,
            steps = commissaire_engine::games::card_race::house_a::auction::STEPS
        ),
        None if view.fictive_start && view.round == 0 => msg!("card-race-turn-fictive-start"),
        None => msg!("turn-round", round = view.round),
    };
    let title = msg!(
        "text-board-title",
        course = view.course_name.as_str(),
        turn = turn,
        line = course.finish_row()
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
            if Some(i as Seat) == mine {
                msg!(
                    "text-board-team-yours",
                    number = i + 1,
                    team = t.name.as_str()
                )
            } else {
                msg!("text-board-team", number = i + 1, team = t.name.as_str())
            }
        })
        .collect();
    if !shared.is_empty() {
        // Top lane first, as the board reads; head of the race first.
        lines.push(msg!("text-board-shared", cells = shared.join("; ")));
    }
    lines.push(msg!("text-board-teams", teams = teams.join(", ")));
    // The letters of the riders on this board, by the names they ride under (HB-010).
    let mut kinds: Vec<_> = view.riders.iter().map(|r| r.kind).collect();
    kinds.sort_by_key(|k| *k as u8);
    kinds.dedup();
    let letters: Vec<String> = kinds
        .iter()
        .map(|&k| {
            msg!(
                "text-board-letter",
                letter = view.rider_names.letter(k).to_string(),
                name = view.rider_names.label(k).to_lowercase()
            )
        })
        .collect();
    let mut legend = vec![
        msg!("text-board-legend-riders", letters = letters.join(", ")),
        msg!("text-board-legend-road"),
    ];
    if !pack.is_empty() {
        legend.push(msg!("text-board-legend-pack"));
    }
    if !folds.is_empty() {
        legend.push(msg!("text-board-legend-folds", folds = folds.join(", ")));
    }
    lines.push(legend.join(". "));
    lines.join("\n")
}

/// The weather and wind the stage is ridden in, in words, under the title: house rules B's level
/// and wind, or house rules A's weather; none when the stage rides without weather.
pub fn weather_line(conditions: &ConditionsView) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(level) = conditions.weather {
        parts.push(match level {
            1 => msg!("text-board-weather-cold"),
            5 => msg!("text-board-weather-hot"),
            _ => msg!("text-board-weather-level", level = level),
        });
    }
    if let Some(wind) = conditions.wind {
        parts.push(match wind {
            Wind::Head => msg!("text-board-wind-head"),
            Wind::Tail => msg!("text-board-wind-tail"),
            Wind::CrossFromLeft => msg!("text-board-wind-cross-left"),
            Wind::CrossFromRight => msg!("text-board-wind-cross-right"),
        });
    }
    if let Some(sky) = &conditions.sky {
        parts.push(msg!("text-board-sky", weather = sky.weather.name()));
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// Two characters in a cell several riders share: "×2" to "×9", the count itself from 10.
fn crowd_mark(count: usize) -> String {
    if count < 10 {
        format!("×{count}")
    } else {
        format!("{:>2}", count.min(99))
    }
}

/// The rows from `back` to `last`, runs of rows not worth a column folded into one.
pub(crate) fn columns(back: u16, last: u16, keep: impl Fn(u16) -> bool) -> Vec<Column> {
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
/// The header (a row number every fifth row, the lines between rows) and the terrain line of a
/// text board, each column as `blank` pads it.
pub(crate) fn header_and_terrain(
    course: &Course,
    columns: &[Column],
    blank: &dyn Fn(&str) -> String,
) -> (String, String) {
    let mut header = String::new();
    let mut terrain = String::new();
    for c in columns {
        match *c {
            Column::Row(row) => {
                if let Some(mark) = line_before(course, row) {
                    header.push(mark);
                    terrain.push(mark);
                }
                header.push_str(&blank(&if row % 5 == 0 {
                    row.to_string()
                } else {
                    String::new()
                }));
                terrain.push_str(&blank(terrain_mark(course.terrain(row))));
            }
            Column::Folded(..) => {
                header.push_str(&blank("~"));
                terrain.push_str(&blank("~"));
            }
        }
    }
    (header, terrain)
}

pub(crate) fn line_before(course: &Course, row: u16) -> Option<char> {
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

pub(crate) fn terrain_mark(t: Terrain) -> &'static str {
    match t {
        Terrain::Flat => "..",
        Terrain::Uphill => "^^",
        Terrain::Downhill => "vv",
        Terrain::Supply => "ss",
        Terrain::Cobbles => "##",
    }
}
