//! Scenes from Maillot Jaune's public view: every rider on his cell with his energy and form on
//! his token ("4·17"), the yellow jersey on the overall leader, riders who lose their next turn
//! marked punctured, and the cells the rider to play may end on lettered A, B, C… as the
//! options name them.
//!
//! Maillot Jaune's priority lane is the left-hand one as a rider rides forward (MJ-018), lane 0
//! of its courses: the road runs left to right on the picture, so lane 0 is drawn at the top,
//! as in the rulebook's diagrams. The renderer draws a course's lane 0 at the bottom, so this
//! adapter mirrors the lanes (its courses are plain grids, the same on both sides).

use crate::Jersey;
use crate::scene::{BoardScene, Mark, MarkKind, Played, RiderToken, TeamStyle};
use commissaire_engine::course::Pos;
use commissaire_engine::games::maillot_jaune::{MjRiderView, MjView, Spot};

/// What a Maillot Jaune token can show: the key explains them all on every board.
pub const MAILLOT_JAUNE_MARKS: [MarkKind; 3] =
    [MarkKind::Reserves, MarkKind::Punctured, MarkKind::Crossed];

/// A rider's label: the first two letters of his card's name, or its initials when it has
/// several words ("RE" Renault, "LB" La Bonnal, "R9" Rider 9).
pub fn card_code(card: &str) -> String {
    let words: Vec<&str> = card.split_whitespace().collect();
    let code: String = if words.len() > 1 {
        words
            .iter()
            .filter_map(|w| w.chars().find(|c| c.is_alphanumeric()))
            .take(2)
            .collect()
    } else {
        card.chars()
            .filter(|c| c.is_alphanumeric())
            .take(2)
            .collect()
    };
    code.to_uppercase()
}

/// A team's mark in the legend: the card codes its riders' tokens carry ("RE·VA·AG"), so that
/// a token is told to be a team's by its letters as well as its colour (a token carries its
/// card's code, never a team initial).
fn team_codes(view: &MjView, team: usize) -> String {
    let codes: Vec<String> = view
        .riders
        .iter()
        .filter(|r| r.team as usize == team)
        .map(|r| card_code(&r.card))
        .collect();
    codes.join("·")
}

/// The cell as drawn: lanes mirrored, lane 0 at the top.
fn drawn(view: &MjView, p: Pos) -> Pos {
    let width = view.course.width(p.row);
    Pos::new(p.row, width - 1 - p.lane.min(width - 1))
}

impl BoardScene {
    /// The board as everyone sees it now, with the cells of the rider to play lettered.
    pub fn from_maillot_jaune(view: &MjView) -> BoardScene {
        let mut riders = Vec::new();
        // Riders still behind the banner wait on the start row, as many as it holds.
        let start_row = 0;
        let mut waiting = 0u8;
        for r in &view.riders {
            let pos = match r.spot {
                Spot::Road(p) | Spot::Across(p) => p,
                Spot::Start if waiting < view.course.width(start_row) => {
                    waiting += 1;
                    Pos::new(start_row, waiting - 1)
                }
                _ => continue,
            };
            riders.push(token(view, r, pos));
        }
        // Riders across the line in an earlier round have left the road (G-10): the picture
        // draws them faded past the line, a free cell each in the order they crossed, the
        // winner furthest along, so a finish board shows every finisher.
        let course = &view.course;
        let mut free = (course.finish_row()..course.row_count())
            .rev()
            .flat_map(|row| (0..course.width(row)).map(move |lane| Pos::new(row, lane)))
            .filter(|p| !view.riders.iter().any(|r| r.pos == Some(*p)));
        for &(index, _, _) in &view.finish {
            let Some(r) = view.riders.iter().find(|r| r.index == index) else {
                continue;
            };
            if r.spot != Spot::Finished {
                continue;
            }
            let Some(pos) = free.next() else { break };
            riders.push(token(view, r, pos).with(Mark::Finished));
        }
        // The dice the turn rolled (a risky escape, MJ-046), beside the board by team.
        let mut played: Vec<Played> = view
            .dice
            .iter()
            .filter_map(|&(index, faces)| {
                let r = view.riders.iter().find(|r| r.index == index)?;
                Some(Played {
                    team: r.team as usize,
                    rider: card_code(&r.card),
                    what: Mark::Dice(faces.to_vec()),
                })
            })
            .collect();
        played.sort_by_key(|p| p.team);
        BoardScene {
            cell_labels: Vec::new(),
            shaded: Vec::new(),
            signs: Vec::new(),
            played,
            course: view.course.clone(),
            stage_name: view.course_name.clone(),
            turn: view.round,
            teams: view
                .teams
                .iter()
                .enumerate()
                .map(|(i, name)| TeamStyle {
                    name: name.clone(),
                    colour: crate::palette::team(i),
                    mark: team_codes(view, i),
                })
                .collect(),
            riders,
            mark_kinds: MAILLOT_JAUNE_MARKS.to_vec(),
            letters: view
                .letters
                .iter()
                .map(|&(p, l)| (drawn(view, p), l))
                .collect(),
            sky: Default::default(),
            road_signs: Vec::new(),
            fictive_start: false,
            packs: Vec::new(),
            jersey_names: Vec::new(),
        }
    }
}

fn token(view: &MjView, r: &MjRiderView, pos: Pos) -> RiderToken {
    let mut token = RiderToken::new(card_code(&r.card), r.team as usize, drawn(view, pos))
        .of(r.id.clone())
        .with(Mark::Reserves {
            energy: r.energy,
            form: r.form,
        });
    if r.skip {
        token = token.with(Mark::Punctured);
    }
    if matches!(r.spot, Spot::Across(_)) {
        token = token.with(Mark::Crossed);
    }
    if r.yellow {
        token.jersey = Some(Jersey::Yellow);
    }
    token
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::board_png;
    use commissaire_engine::course::parse_course_toml;
    use commissaire_engine::registry::{self, DynStage, Entrant, Scene, Setup};
    use serde_json::json;
    use std::sync::Arc;

    const STAGE_1: &str = include_str!("../../../config/courses/maillot-jaune/mj-etape-1.toml");

    /// Three teams of three from behind the banner; the Jaunes' first rider wears yellow.
    fn stage() -> Box<dyn DynStage> {
        let teams = ["Jaunes", "Verts", "Bleus"];
        let riders = (0..9u8)
            .map(|i| Entrant {
                id: format!("{} {}", teams[(i % 3) as usize], i / 3 + 1),
                team: i % 3,
                start: None,
                attributes: json!({"overall": i + 1, "form": 20 - i}),
            })
            .collect();
        let setup = Setup {
            course: Arc::new(parse_course_toml(STAGE_1, "mj-etape-1.toml").unwrap()),
            teams: teams.map(String::from).to_vec(),
            riders,
            options: serde_json::Value::Null,
            dice: Vec::new(),
        };
        registry::start("maillot-jaune", &setup, 4).unwrap()
    }

    fn scene(stage: &dyn DynStage) -> BoardScene {
        let Scene::MaillotJaune(view) = stage.scene() else {
            panic!("a Maillot Jaune scene");
        };
        BoardScene::from_maillot_jaune(&view)
    }

    #[test]
    fn card_codes_tell_the_nine_cards_apart() {
        let codes: Vec<String> = commissaire_engine::games::maillot_jaune::tables::default_roster()
            .iter()
            .map(|c| card_code(&c.name))
            .collect();
        assert_eq!(
            codes,
            ["RE", "LP", "LB", "VA", "PT", "LR", "AG", "NO", "R9"]
        );
    }

    #[test]
    fn tokens_show_energy_and_form_the_yellow_jersey_and_lettered_cells() {
        let mut stage = stage();
        for _ in 0..14 {
            let (seat, _) = stage.waiting_on()[0];
            stage.play_bot(seat).unwrap();
        }
        let board = scene(stage.as_ref());
        assert!(
            board
                .riders
                .iter()
                .all(|t| t.marks.iter().any(|m| matches!(m, Mark::Reserves { .. })))
        );
        let yellow: Vec<&RiderToken> = board
            .riders
            .iter()
            .filter(|t| t.jersey == Some(Jersey::Yellow))
            .collect();
        assert_eq!(yellow.len(), 1);
        assert_eq!(yellow[0].rider, "Jaunes 1");
        assert!(!board.letters.is_empty(), "the rider to play has cells");
        let live = crate::draw_board(&board).unwrap();
        assert!(!live.letters().is_empty(), "the live board letters them");
        let frame =
            crate::ruleset::replay_frame(&stage.scene(), "Étape 1", &|_| None, &|_| None, &[])
                .unwrap();
        assert!(
            frame.letters().is_empty(),
            "a replay's frame letters no cell"
        );
        let png = board_png(&stage.scene(), "Étape 1", &|_| None).unwrap();
        assert!(png.len() > 1000);
        if let Ok(dir) = std::env::var("MJ_PNG_DIR") {
            std::fs::write(format!("{dir}/mj-board.png"), &png).unwrap();
            let profile = crate::ruleset::profile_png(&stage.scene(), "Étape 1", &|_| None);
            std::fs::write(format!("{dir}/mj-profile.png"), profile.unwrap()).unwrap();
        }
    }

    #[test]
    fn a_finish_board_shows_every_finisher_past_the_line() {
        let mut stage = stage();
        while let Some(&(seat, _)) = stage.waiting_on().first() {
            stage.play_bot(seat).unwrap();
        }
        let board = scene(stage.as_ref());
        let line = board.course.finish_row();
        assert_eq!(board.riders.len(), 9);
        assert!(board.riders.iter().all(|t| t.pos.row >= line && t.across()));
        if let Ok(dir) = std::env::var("MJ_PNG_DIR") {
            let png = board_png(&stage.scene(), "Étape 1", &|_| None).unwrap();
            std::fs::write(format!("{dir}/mj-finish.png"), &png).unwrap();
        }
        // Issue 33, item 10: a finisher's token is faded inside a rim of its team's full
        // colour, and keeps its letters, so the team is never told by a pale tint alone.
        let pic = crate::draw_board(&board).unwrap();
        for t in board.riders.iter().filter(|t| t.finished()) {
            let (x, y, w, h) = pic.cell_rect(t.pos).unwrap();
            let team = board.teams[t.team].colour;
            let at = |px: i32, py: i32| *pic.image.get_pixel(px as u32, py as u32);
            // The rim (inset 4, outline 2), mid-way along the token's bottom edge and down its
            // right edge, clear of the badges and the jersey.
            assert_eq!(at(x + w / 2, y + h - 8), team, "{}'s rim", t.label);
            assert_eq!(at(x + w - 8, y + h / 2 + 8), team, "{}'s rim", t.label);
            let ink = (x + w / 4..x + 3 * w / 4)
                .flat_map(|px| (y + h / 3..y + 3 * h / 4).map(move |py| (px, py)))
                .filter(|&(px, py)| at(px, py) == crate::palette::INK)
                .count();
            assert!(ink > 20, "{}'s letters in ink: {ink} pixels", t.label);
        }
    }

    /// Issue 33, item 10: the legend's chip of a team shows the card codes its riders' tokens
    /// carry, never a team initial no token carries.
    #[test]
    fn the_legend_lists_the_codes_the_teams_tokens_carry() {
        let mut stage = stage();
        for _ in 0..14 {
            let (seat, _) = stage.waiting_on()[0];
            stage.play_bot(seat).unwrap();
        }
        let board = scene(stage.as_ref());
        assert_eq!(board.teams[0].mark, "RE·VA·AG");
        for t in &board.riders {
            let codes: Vec<&str> = board.teams[t.team].mark.split('·').collect();
            assert!(
                codes.contains(&t.label.as_str()),
                "{} in {codes:?}",
                t.label
            );
        }
        for (i, team) in board.teams.iter().enumerate() {
            for code in team.mark.split('·') {
                assert!(
                    board.riders.iter().any(|t| t.team == i && t.label == code),
                    "{code} of {} is on a token",
                    team.name
                );
            }
        }
    }

    #[test]
    fn lane_0_the_priority_lane_is_drawn_at_the_top() {
        let stage = stage();
        let Scene::MaillotJaune(view) = stage.scene() else {
            panic!()
        };
        assert_eq!(drawn(&view, Pos::new(5, 0)), Pos::new(5, 3));
        assert_eq!(drawn(&view, Pos::new(5, 3)), Pos::new(5, 0));
    }
}
