//! Maillot Jaune's board as text, for the terminal: one column per row of the road, one line per
//! lane, lane 0 (the priority lane, on the left riding forward) at the top as on the picture;
//! every rider by his card's code, the cells the rider to play may end on lettered as the
//! options name them; under the road a line per rider with his energy and form, the yellow
//! jersey and a lost turn.

use super::maillot_jaune::card_code;
use crate::text_board::{Column, REACH, columns, header_and_terrain, line_before, terrain_mark};
use commissaire_engine::Seat;
use commissaire_engine::course::Pos;
use commissaire_engine::games::maillot_jaune::{MjRiderView, MjView, Spot};
use commissaire_messages::msg;

/// The board as text for the seat `mine` (its riders' lines marked "you").
pub fn board_text(view: &MjView, mine: Option<Seat>) -> String {
    let course = &view.course;
    let on_road: Vec<(&MjRiderView, Pos)> = view
        .riders
        .iter()
        .filter_map(|r| match r.spot {
            Spot::Road(p) | Spot::Across(p) => Some((r, p)),
            _ => None,
        })
        .collect();
    let held: Vec<u16> = on_road
        .iter()
        .map(|(_, p)| p.row)
        .chain(view.letters.iter().map(|(p, _)| p.row))
        .collect();
    let mut lines = vec![msg!(
        "text-board-title",
        course = view.course_name.as_str(),
        turn = msg!("turn-round", round = view.round),
        line = course.finish_row()
    )];
    if let (Some(&back), Some(&front)) = (held.iter().min(), held.iter().max()) {
        let last = front.saturating_add(REACH).min(course.last_row());
        let keep = |row: u16| held.contains(&row) || line_before(course, row).is_some();
        let columns = columns(back, last, keep);
        let lanes = (back..=last).map(|r| course.width(r)).max().unwrap_or(1);
        let blank = |text: &str| format!("{text:<2} ");
        let (header, terrain) = header_and_terrain(course, &columns, &blank);
        let names: Vec<String> = [msg!("text-board-row"), msg!("text-board-road")]
            .into_iter()
            .chain((0..lanes).map(|lane| msg!("text-board-lane", lane = lane)))
            .collect();
        let pad = names.iter().map(|n| n.chars().count()).max().unwrap_or(0) + 2;
        let name = |n: &str| format!("{n:<pad$}");
        lines.push(format!("{}{}", name(&names[0]), header.trim_end()));
        lines.push(format!("{}{}", name(&names[1]), terrain.trim_end()));
        for lane in 0..lanes {
            let mut text = String::new();
            for c in &columns {
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
                let letter = view
                    .letters
                    .iter()
                    .find(|(p, _)| *p == pos)
                    .map(|(_, l)| *l);
                let ground = terrain_mark(cell.terrain);
                match (rider, letter) {
                    (Some(r), _) => text.push_str(&blank(&card_code(&r.card))),
                    (None, Some(l)) => {
                        let second = ground.chars().next().unwrap_or('.');
                        text.push_str(&blank(&format!("{l}{second}")));
                    }
                    (None, None) => text.push_str(&blank(ground)),
                }
            }
            lines.push(format!(
                "{}{}",
                name(&names[2 + lane as usize]),
                text.trim_end()
            ));
        }
    }
    for r in &view.riders {
        lines.push(rider_line(view, r, mine));
    }
    lines.push(msg!("mj-text-board-legend"));
    lines.join("\n")
}

/// "RE Renault (Jaunes, you): 12/1, energy 4/6, form 17/20, yellow jersey".
fn rider_line(view: &MjView, r: &MjRiderView, mine: Option<Seat>) -> String {
    let place = match r.spot {
        Spot::Road(p) => view.course.cell_id(p),
        Spot::Start => msg!("mj-text-board-behind-banner"),
        Spot::Across(_) | Spot::Finished => msg!("mj-text-board-across"),
        Spot::Out => msg!("mj-text-board-out"),
    };
    let mut notes = Vec::new();
    if r.yellow {
        notes.push(msg!("mj-text-board-yellow"));
    }
    if r.skip {
        notes.push(msg!("mj-text-board-loses-turn"));
    }
    if view.rider == Some(r.index) {
        notes.push(msg!("mj-text-board-to-play"));
    }
    let team = view.teams.get(r.team as usize).map_or("", String::as_str);
    let line = msg!(
        "mj-text-board-rider",
        code = card_code(&r.card),
        rider = r.id.as_str(),
        team = team,
        yours = if Some(r.team) == mine { "yes" } else { "no" },
        place = place,
        energy = r.energy,
        form = r.form
    );
    if notes.is_empty() {
        line
    } else {
        format!("{line}, {}", notes.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use commissaire_engine::course::parse_course_toml;
    use commissaire_engine::registry::{self, Entrant, Scene, Setup};
    use serde_json::json;
    use std::sync::Arc;

    #[test]
    fn the_text_board_shows_the_priority_lane_first_and_every_riders_reserves() {
        let text = include_str!("../../../config/courses/maillot-jaune/mj-etape-1.toml");
        let setup = Setup {
            course: Arc::new(parse_course_toml(text, "mj-etape-1.toml").unwrap()),
            teams: vec!["Jaunes".into(), "Verts".into()],
            riders: vec![
                Entrant {
                    id: "Renault".into(),
                    team: 0,
                    start: Some(Pos::new(12, 0)),
                    attributes: json!({"card": "Renault", "overall": 1, "energy": 4, "form": 17}),
                },
                Entrant {
                    id: "PTT".into(),
                    team: 1,
                    start: Some(Pos::new(11, 2)),
                    attributes: json!({"card": "PTT"}),
                },
            ],
            options: serde_json::Value::Null,
            dice: Vec::new(),
        };
        let stage = registry::start("maillot-jaune", &setup, 1).unwrap();
        let Scene::MaillotJaune(view) = stage.scene() else {
            panic!()
        };
        let board = board_text(&view, Some(0));
        let lanes: Vec<&str> = board.lines().filter(|l| l.starts_with("lane")).collect();
        assert!(
            lanes[0].starts_with("lane 0") && lanes[0].contains("RE"),
            "{board}"
        );
        assert!(lanes[2].contains("PT"), "{board}");
        assert!(
            board.contains(
                "RE Renault (Jaunes, you): 12/0, energy 4/6, form 17/20, yellow jersey, to play"
            ),
            "{board}"
        );
        assert!(board.contains("A"), "lettered cells: {board}");
    }
}
