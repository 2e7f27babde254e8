//! Velo Master's board as text, for the terminal: one column per row of the road, one line per
//! lane (lane 0 at the bottom, as on the picture), every rider on the road by the label his
//! token carries on the picture (team initial, then L or his number), the danger cells marked,
//! the cells the rider moving may step onto lettered as the options name them, and under the
//! road the riders off it: fallen at the roadside, across the line, out of the race, at the
//! start.

use super::velo_master::{initials, label};
use crate::text_board::{Column, REACH, columns, header_and_terrain, line_before, terrain_mark};
use commissaire_engine::Seat;
use commissaire_engine::course::Pos;
use commissaire_engine::games::velo_master::{RiderView, Spot, VeloView};
use commissaire_messages::msg;

/// An empty danger cell: a skill roll for whoever passes or stops on it (VM-045).
const DANGER: &str = "!!";

/// The board as text for the seat `mine` (its team marked "you").
pub fn board_text(view: &VeloView, mine: Option<Seat>) -> String {
    board_text_keyed(view, mine, true)
}

/// The board as [`board_text`] draws it, with its key (what the riders' tags and the road's
/// marks mean) only when `key`: a terminal prints it once a stage, not at every step. The rows
/// left out of the drawing are the board's own and are always said.
pub fn board_text_keyed(view: &VeloView, mine: Option<Seat>, key: bool) -> String {
    let course = &view.course;
    let initials = initials(&view.teams);
    let tag = |r: &RiderView| label(&initials[r.team as usize], r);
    let cell_of = |r: &RiderView| match r.spot {
        Spot::Road(_) => r.pos,
        _ => None,
    };
    let on_road: Vec<(&RiderView, Pos)> = view
        .riders
        .iter()
        .filter_map(|r| cell_of(r).map(|p| (r, p)))
        .collect();
    let fallen: Vec<(&RiderView, Pos)> = view
        .riders
        .iter()
        .filter(|r| matches!(r.spot, Spot::Roadside(_)))
        .filter_map(|r| r.pos.map(|p| (r, p)))
        .collect();
    let letters: Vec<(Pos, char)> = view
        .moving
        .as_ref()
        .map(|m| m.candidates.iter().map(|c| (c.pos, c.letter)).collect())
        .unwrap_or_default();
    let rows_held: Vec<u16> = on_road
        .iter()
        .chain(&fallen)
        .map(|(_, p)| p.row)
        .chain(letters.iter().map(|(p, _)| p.row))
        .collect();

    let mut lines = vec![title(view)];
    if let (Some(&back), Some(&front)) = (rows_held.iter().min(), rows_held.iter().max()) {
        let my_front = on_road
            .iter()
            .chain(&fallen)
            .filter(|(r, _)| Some(r.team) == mine)
            .map(|(_, p)| p.row)
            .max();
        let last_row = course.last_row();
        let last = front
            .max(my_front.unwrap_or(front))
            .saturating_add(REACH)
            .min(last_row);
        let keep = |row: u16| {
            rows_held.contains(&row)
                || (front..=front.saturating_add(REACH)).contains(&row)
                || my_front.is_some_and(|m| (m..=m.saturating_add(REACH)).contains(&row))
                || line_before(course, row).is_some()
        };
        let columns = columns(back, last, keep);
        let width = view
            .riders
            .iter()
            .map(|r| tag(r).chars().count())
            .max()
            .unwrap_or(2)
            .max(2);
        let lanes = (back..=last).map(|r| course.width(r)).max().unwrap_or(1);
        lines.extend(road_lines(view, &columns, lanes, width, &on_road, &letters));
        let folds: Vec<String> = columns
            .iter()
            .filter_map(|c| match *c {
                Column::Folded(a, b) => Some(format!("{a}-{b}")),
                Column::Row(_) => None,
            })
            .collect();
        lines.extend(off_the_road(view, &tag));
        lines.push(teams_line(view, &initials, mine));
        let mut legend = Vec::new();
        if key {
            lines.push(msg!("vm-text-board-legend-riders"));
            legend.push(msg!("vm-text-board-legend-road"));
        }
        if !folds.is_empty() {
            legend.push(msg!("text-board-legend-folds", folds = folds.join(", ")));
        }
        if !legend.is_empty() {
            lines.push(legend.join(". "));
        }
    } else {
        // Nobody on the road: every rider is at the start, across the line or out.
        lines.extend(off_the_road(view, &tag));
        lines.push(teams_line(view, &initials, mine));
    }
    lines.join("\n")
}

/// "Sprint de Vic, round 3 (the finish line is before row 26)".
fn title(view: &VeloView) -> String {
    let turn = if view.phase == "start" {
        msg!("vm-turn-start")
    } else {
        msg!("turn-round", round = view.round)
    };
    msg!(
        "text-board-title",
        course = view.course_name.as_str(),
        turn = turn,
        line = view.course.finish_row()
    )
}

/// The header, the terrain and a line per lane.
fn road_lines(
    view: &VeloView,
    columns: &[Column],
    lanes: u8,
    width: usize,
    on_road: &[(&RiderView, Pos)],
    letters: &[(Pos, char)],
) -> Vec<String> {
    let course = &view.course;
    let initials = initials(&view.teams);
    let blank = |text: &str| format!("{text:<width$} ");
    let (header, terrain) = header_and_terrain(course, columns, &blank);
    let names: Vec<String> = [msg!("text-board-row"), msg!("text-board-road")]
        .into_iter()
        .chain(
            (0..lanes)
                .rev()
                .map(|lane| msg!("text-board-lane", lane = lane)),
        )
        .collect();
    let pad = names.iter().map(|n| n.chars().count()).max().unwrap_or(0) + 2;
    let name = |n: &str| format!("{n:<pad$}");
    let mut lines = vec![
        format!("{}{}", name(&names[0]), header.trim_end()),
        format!("{}{}", name(&names[1]), terrain.trim_end()),
    ];
    for lane in (0..lanes).rev() {
        let mut text = String::new();
        for c in columns {
            let row = match *c {
                Column::Row(row) => row,
                Column::Folded(..) => {
                    text.push_str(&blank("~"));
                    continue;
                }
            };
            if let Some(mark) = line_before(course, row) {
                text.push(mark);
            }
            let pos = Pos::new(row, lane);
            let Some(cell) = course.cell(pos) else {
                text.push_str(&blank(""));
                continue;
            };
            let rider = on_road.iter().find(|(_, p)| *p == pos).map(|(r, _)| r);
            let letter = letters.iter().find(|(p, _)| *p == pos).map(|(_, l)| *l);
            let ground = if cell.danger {
                DANGER
            } else {
                terrain_mark(cell.terrain)
            };
            match (rider, letter) {
                // A rider on a danger cell: "!" right after his label.
                (Some(r), _) => {
                    let tag = label(&initials[r.team as usize], r);
                    let sep = if cell.danger { '!' } else { ' ' };
                    text.push_str(&format!("{tag:<width$}{sep}"));
                }
                // A cell the rider moving may step onto: its letter, then what the ground is.
                (None, Some(l)) => {
                    let second = ground.chars().next().unwrap_or('.');
                    text.push_str(&blank(&format!("{l}{second}")));
                }
                (None, None) => text.push_str(&blank(ground)),
            }
        }
        let n = &names[2 + (lanes - 1 - lane) as usize];
        lines.push(format!("{}{}", name(n), text.trim_end()));
    }
    lines
}

/// The slot under way and the riders off the road, a line each kind (none when empty).
fn off_the_road(view: &VeloView, tag: &dyn Fn(&RiderView) -> String) -> Vec<String> {
    let course = &view.course;
    let mut lines = Vec::new();
    if let Some(m) = &view.moving
        && let Some(r) = view.riders.iter().find(|r| r.index == m.rider)
    {
        let dice: Vec<String> = view.dice.iter().map(|d| d.face.to_string()).collect();
        let team = view.teams.get(r.team as usize).map_or("", String::as_str);
        lines.push(msg!(
            "vm-text-board-moving",
            team = team,
            rider = tag(r),
            name = r.id.as_str(),
            dice = dice.join(", "),
            left = m.steps_left
        ));
    }
    let list = |filter: &dyn Fn(&RiderView) -> bool, item: &dyn Fn(&RiderView) -> String| {
        view.riders
            .iter()
            .filter(|r| filter(r))
            .map(item)
            .collect::<Vec<_>>()
    };
    let fallen = list(&|r| matches!(r.spot, Spot::Roadside(_)), &|r| {
        let cell = r.pos.map(|p| course.cell_id(p)).unwrap_or_default();
        msg!(
            "vm-text-board-fallen-rider",
            rider = tag(r),
            cell = cell,
            misses = r.misses
        )
    });
    let mut across: Vec<&RiderView> = view
        .riders
        .iter()
        .filter(|r| r.spot == Spot::Finished)
        .collect();
    across.sort_by_key(|r| r.finish);
    let across: Vec<String> = across
        .iter()
        .map(|r| {
            msg!(
                "vm-text-board-across-rider",
                rider = tag(r),
                place = r.finish.map_or(0, |f| f.0)
            )
        })
        .collect();
    let out = list(&|r| r.spot == Spot::Out, &|r| tag(r));
    let start = list(&|r| r.spot == Spot::Start, &|r| tag(r));
    if !fallen.is_empty() {
        lines.push(msg!("vm-text-board-fallen", riders = fallen.join(", ")));
    }
    if !across.is_empty() {
        lines.push(msg!("vm-text-board-across", riders = across.join(", ")));
    }
    if !out.is_empty() {
        lines.push(msg!("vm-text-board-out", riders = out.join(", ")));
    }
    if !start.is_empty() {
        lines.push(msg!("vm-text-board-at-start", riders = start.join(", ")));
    }
    lines
}

/// "teams: V Verts, R Roses (you)".
fn teams_line(view: &VeloView, initials: &[String], mine: Option<Seat>) -> String {
    let teams: Vec<String> = view
        .teams
        .iter()
        .enumerate()
        .map(|(i, t)| {
            if Some(i as Seat) == mine {
                msg!(
                    "text-board-team-yours",
                    number = initials[i].as_str(),
                    team = t.as_str()
                )
            } else {
                msg!(
                    "text-board-team",
                    number = initials[i].as_str(),
                    team = t.as_str()
                )
            }
        })
        .collect();
    msg!("text-board-teams", teams = teams.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use commissaire_engine::course::parse_course_toml;
    use commissaire_engine::registry::{self, Entrant, Scene, Setup};
    use serde_json::json;
    use std::sync::Arc;

    /// A race ridden to its end by bots: the riders across the line are listed under the road
    /// in the order they crossed, by their labels, with their places.
    #[test]
    fn the_riders_across_the_line_are_listed_in_their_order() {
        let text = include_str!("../../../config/courses/velo-master/vm-sprint-de-vic.toml");
        let course = Arc::new(parse_course_toml(text, "vm-sprint-de-vic.toml").unwrap());
        let riders = (0..3u8)
            .flat_map(|t| (0..2).map(move |k| (t, k)))
            .map(|(t, k)| Entrant {
                id: format!("T{t}R{k}"),
                team: t,
                start: None,
                attributes: json!({"role": if k == 0 { "leader" } else { "team-mate" }}),
            })
            .collect();
        let setup = Setup {
            course,
            teams: ["Verts", "Roses", "Oranges"].map(String::from).to_vec(),
            riders,
            options: json!({"finish_all": true}),
            dice: Vec::new(),
        };
        let mut stage = registry::start("velo-master", &setup, 3).unwrap();
        while let Some(&(seat, _)) = stage.waiting_on().first() {
            stage.play_bot(seat).unwrap();
        }
        let Scene::VeloMaster(view) = stage.scene() else {
            unreachable!()
        };
        let board = board_text(&view, Some(1));
        let mut across: Vec<&RiderView> = view.riders.iter().collect();
        across.sort_by_key(|r| r.finish);
        let initials = initials(&view.teams);
        let expected: Vec<String> = across
            .iter()
            .map(|r| {
                let (place, _) = r.finish.expect("every rider ridden to the line");
                format!("{} ({place})", label(&initials[r.team as usize], r))
            })
            .collect();
        let line = format!("across the line: {}", expected.join(", "));
        assert!(board.contains(&line), "{line}\n{board}");
        assert!(board.contains("R Roses (you)"), "{board}");
        assert!(!board.contains("lane 0"), "nobody on the road: {board}");
    }
}
