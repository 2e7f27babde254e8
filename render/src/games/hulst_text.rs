//! Hulst's board as text, for the terminal: one column per row of the road around the riders,
//! the printed numbers above it, one line per lane (lane 0, the numbered side, at the bottom as
//! on the picture), riders by their token's label, swap (S) and chance (?) squares, the finish
//! line (|), and under the road the riders beside it, across the line and still at the start.

use crate::text_board::terrain_mark;
use commissaire_engine::Seat;
use commissaire_engine::course::Pos;
use commissaire_engine::games::hulst::board::Special;
use commissaire_engine::games::hulst::{HulstView, Spot};
use commissaire_messages::msg;

/// Columns shown at most: the front of the race and what follows it.
const WIDTH: u16 = 30;

pub fn board_text(view: &HulstView, mine: Option<Seat>) -> String {
    let board = &view.board;
    let initials = super::velo_master::initials(&view.teams);
    let mut count = vec![0usize; view.teams.len()];
    let tags: Vec<String> = view
        .riders
        .iter()
        .map(|r| {
            count[r.team as usize] += 1;
            format!("{}{}", initials[r.team as usize], count[r.team as usize])
        })
        .collect();
    let mut lines = vec![msg!(
        "hulst-text-title",
        course = board.name.as_str(),
        round = view.round,
        line = board.line()
    )];
    let rows: Vec<u16> = view
        .riders
        .iter()
        .filter_map(|r| match r.spot {
            Spot::Road { pos } => Some(pos.row),
            Spot::Roadside { row, .. } => Some(row),
            _ => None,
        })
        .collect();
    let front = rows.iter().copied().max().unwrap_or(0);
    let mine_front = view
        .riders
        .iter()
        .filter(|r| Some(r.team) == mine)
        .filter_map(|r| match r.spot {
            Spot::Road { pos } => Some(pos.row),
            _ => None,
        })
        .max();
    let last = (front.max(mine_front.unwrap_or(0)) + 4).min(board.last_row());
    let first = rows
        .iter()
        .copied()
        .min()
        .unwrap_or(1)
        .max(last.saturating_sub(WIDTH - 1))
        .max(1);
    let mut numbers = format!("{:>8}", "");
    for row in first..=last {
        let mark = if row == board.line() + 1 { "|" } else { " " };
        let label = board.label(Pos::new(row, 0)).to_string();
        numbers.push_str(&format!("{mark}{:>3}", label));
    }
    lines.push(numbers);
    let lanes = (first..=last).map(|r| board.width(r)).max().unwrap_or(1);
    for lane in (0..lanes).rev() {
        let mut line = format!("{:>8}", msg!("hulst-text-lane", lane = lane));
        for row in first..=last {
            let p = Pos::new(row, lane);
            let mark = if row == board.line() + 1 { "|" } else { " " };
            let text = match board.square(p) {
                None => "   ".to_string(),
                Some(sq) => {
                    let who = view
                        .riders
                        .iter()
                        .position(|r| r.spot == Spot::Road { pos: p });
                    match (who, sq.special) {
                        (Some(i), _) => format!("{:>3}", tags[i]),
                        (None, Some(Special::Swap)) => "  S".into(),
                        (None, Some(Special::Chance)) => "  ?".into(),
                        (None, None) => format!(" {}", terrain_mark(sq.terrain)),
                    }
                }
            };
            line.push_str(mark);
            line.push_str(&text);
        }
        lines.push(line);
    }
    let list = |f: &dyn Fn(&Spot) -> Option<String>| -> Vec<String> {
        view.riders
            .iter()
            .enumerate()
            .filter_map(|(i, r)| f(&r.spot).map(|w| format!("{} {w}", tags[i])))
            .collect()
    };
    let fallen = list(&|s| match s {
        Spot::Roadside { row, .. } => Some(format!("({})", board.label(Pos::new(*row, 0)))),
        _ => None,
    });
    if !fallen.is_empty() {
        lines.push(msg!("hulst-text-roadside", riders = fallen.join(", ")));
    }
    let mut across: Vec<(usize, String)> = view
        .riders
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            r.result
                .map(|f| (f.place, format!("{} ({})", tags[i], f.place)))
        })
        .collect();
    across.sort();
    if !across.is_empty() {
        let names: Vec<String> = across.into_iter().map(|x| x.1).collect();
        lines.push(msg!("hulst-text-across", riders = names.join(", ")));
    }
    let start = list(&|s| (*s == Spot::Start).then(String::new));
    if !start.is_empty() {
        let names: Vec<String> = start.iter().map(|s| s.trim().to_string()).collect();
        lines.push(msg!("hulst-text-start", riders = names.join(", ")));
    }
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
    lines.push(msg!("text-board-teams", teams = teams.join(", ")));
    lines.push(msg!("hulst-text-legend"));
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use commissaire_engine::course::parse_course_toml;
    use commissaire_engine::registry::{self, Entrant, Setup};
    use std::sync::Arc;

    #[test]
    fn the_text_board_shows_numbers_lanes_and_riders() {
        let text = include_str!("../../../config/courses/hulst/hulst-vlakke-etappe.toml");
        let riders = (0..6)
            .map(|i| Entrant {
                id: format!("r{i}"),
                team: (i / 3) as u8,
                start: None,
                attributes: serde_json::Value::Null,
            })
            .collect();
        let setup = Setup {
            course: Arc::new(parse_course_toml(text, "f.toml").unwrap()),
            teams: vec!["Rood".into(), "Blauw".into()],
            riders,
            options: serde_json::Value::Null,
            dice: Vec::new(),
        };
        let mut s = registry::start("hulst", &setup, 3).unwrap();
        for _ in 0..20 {
            let Some(&(seat, _)) = s.waiting_on().first() else {
                break;
            };
            s.play_bot(seat).unwrap();
        }
        let board = crate::text_board::scene_text(&s.scene(), Some(0));
        assert!(
            board.contains("R1") || board.contains("R2") || board.contains("R3"),
            "{board}"
        );
        assert!(board.lines().count() >= 6, "{board}");
        if std::env::var("HULST_SHOW").is_ok() {
            println!("{board}");
        }
    }
}
