//! Scenes from Hulst's public view: the printed numbers along the numbered side (lane 0, shaded
//! as the sheltered side), lettered curve squares, swap (S) and chance (?) squares, riders on
//! their squares, fallen riders at the roadside beside their crash's number, riders across the
//! line on the run-out, and the yellow jersey on the fastest rider (HT-070).

use crate::scene::{BoardScene, Jersey, Mark, MarkKind, RiderToken, SquareSign, TeamStyle};
use commissaire_engine::course::Pos;
use commissaire_engine::games::hulst::board::Special;
use commissaire_engine::games::hulst::{HulstView, Spot};

/// What a Hulst token can show: the key explains them all on every board. A fallen rider is
/// told by his place beside the road and its badge, his letters upright (the card race's
/// fallen token on its side is not Hulst's: riders who fell together share one cell, and
/// their tokens stand side by side in the panel of riders sharing a cell).
pub const HULST_MARKS: [MarkKind; 2] = [MarkKind::Roadside, MarkKind::Crossed];

impl BoardScene {
    pub fn from_hulst(view: &HulstView) -> BoardScene {
        let board = &view.board;
        let initials = super::velo_master::initials(&view.teams);
        let mut per_team = vec![0usize; view.teams.len()];
        let mut riders = Vec::new();
        let start_row = board.offset;
        let mut at_start = 0u16;
        // Riders off the road after their finish are drawn on the run-out in their finishing
        // order, the winner furthest along, around the riders still standing there.
        let taken: Vec<Pos> = view
            .riders
            .iter()
            .filter_map(|r| match r.spot {
                Spot::Road { pos } => Some(pos),
                _ => None,
            })
            .collect();
        let mut free: Vec<Pos> = (board.line() + 1..=board.last_row())
            .rev()
            .flat_map(|row| (0..board.width(row)).map(move |l| Pos::new(row, l)))
            .filter(|p| !taken.contains(p))
            .collect();
        free.reverse();
        let mut finished: Vec<(usize, usize)> = view
            .riders
            .iter()
            .enumerate()
            .filter(|(_, r)| r.spot == Spot::Off)
            .filter_map(|(i, r)| r.result.map(|f| (f.place, i)))
            .collect();
        finished.sort_unstable();
        let mut off_at = vec![None; view.riders.len()];
        for (_, i) in finished {
            off_at[i] = free.pop();
        }
        for (i, r) in view.riders.iter().enumerate() {
            let team = r.team as usize;
            per_team[team] += 1;
            let label = format!("{}{}", initials[team], per_team[team]);
            let (pos, marks): (Pos, Vec<Mark>) = match r.spot {
                Spot::Road { pos } => (
                    board.course_pos(pos),
                    if board.past_line(pos.row) {
                        vec![Mark::Crossed]
                    } else {
                        Vec::new()
                    },
                ),
                Spot::Roadside { row, .. } => {
                    let lane = board.width(row).saturating_sub(1);
                    (board.course_pos(Pos::new(row, lane)), vec![Mark::Roadside])
                }
                Spot::Start => {
                    let width = board.width(1).max(1) as u16;
                    let lane = (at_start % width) as u8;
                    let back = at_start / width;
                    at_start += 1;
                    (Pos::new(start_row.saturating_sub(back), lane), Vec::new())
                }
                Spot::Off => match off_at[i] {
                    Some(p) => (board.course_pos(p), vec![Mark::Finished]),
                    None => continue,
                },
            };
            let mut token = RiderToken::new(label, team, pos).of(r.id.clone());
            for m in marks {
                token = token.with(m);
            }
            if view.yellow == Some(i) {
                token.jersey = Some(Jersey::Yellow);
            }
            riders.push(token);
        }
        let mut cell_labels = Vec::new();
        let mut shaded = Vec::new();
        let mut signs = Vec::new();
        for p in board.squares() {
            let sq = board.square(p).expect("a square of the board");
            if p.lane == 0 || sq.label.letter.is_some() {
                cell_labels.push((board.course_pos(p), sq.label.to_string()));
            }
            match sq.special {
                Some(Special::Swap) => signs.push((board.course_pos(p), SquareSign::Swap)),
                Some(Special::Chance) => signs.push((board.course_pos(p), SquareSign::Chance)),
                None => {}
            }
            if p.lane == 0 {
                shaded.push(board.course_pos(p));
            }
        }
        BoardScene {
            course: view.course.clone(),
            stage_name: board.name.clone(),
            turn: view.round,
            teams: view
                .teams
                .iter()
                .enumerate()
                .map(|(i, name)| TeamStyle {
                    name: name.clone(),
                    colour: crate::palette::team(i),
                    mark: initials[i].clone(),
                })
                .collect(),
            riders,
            mark_kinds: HULST_MARKS.to_vec(),
            letters: view
                .letters
                .iter()
                .map(|&(p, letter)| (board.course_pos(p), letter))
                .collect(),
            sky: Default::default(),
            road_signs: Vec::new(),
            fictive_start: false,
            packs: Vec::new(),
            jersey_names: Vec::new(),
            cell_labels,
            shaded,
            signs,
            played: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ruleset::{board_png, profile_png};
    use commissaire_engine::course::parse_course_toml;
    use commissaire_engine::registry::{self, Entrant, Setup};
    use std::sync::Arc;

    const FLAT: &str = include_str!("../../../config/courses/hulst/hulst-vlakke-etappe.toml");
    const MOUNTAIN: &str = include_str!("../../../config/courses/hulst/hulst-bergetappe.toml");

    fn stage(text: &str, file: &str) -> Box<dyn registry::DynStage> {
        stage_seeded(text, file, 11)
    }

    fn stage_seeded(text: &str, file: &str, seed: u64) -> Box<dyn registry::DynStage> {
        let teams = ["Rood", "Blauw", "Geel"];
        let riders = (0..9)
            .map(|i| Entrant {
                id: format!("{}{}", &teams[i / 3][..1], i % 3 + 1),
                team: (i / 3) as u8,
                start: None,
                attributes: serde_json::Value::Null,
            })
            .collect();
        let setup = Setup {
            course: Arc::new(parse_course_toml(text, file).unwrap()),
            teams: teams.iter().map(|t| t.to_string()).collect(),
            riders,
            options: serde_json::Value::Null,
            dice: Vec::new(),
        };
        registry::start("hulst", &setup, seed).unwrap()
    }

    fn ride(s: &mut Box<dyn registry::DynStage>, choices: usize) {
        for _ in 0..choices {
            let Some(&(seat, _)) = s.waiting_on().first() else {
                break;
            };
            s.play_bot(seat).unwrap();
        }
    }

    #[test]
    fn a_hulst_board_draws_numbers_riders_and_the_profile() {
        let mut s = stage(FLAT, "hulst-vlakke-etappe.toml");
        ride(&mut s, 60);
        let colours = |_: &str| None;
        let png = board_png(&s.scene(), "Vlakke etappe", &colours).unwrap();
        assert!(png.len() > 1000);
        if let Ok(dir) = std::env::var("HULST_PNG_DIR") {
            std::fs::write(format!("{dir}/hulst-flat.png"), &png).unwrap();
            let profile = profile_png(&s.scene(), "Vlakke etappe", &colours).unwrap();
            std::fs::write(format!("{dir}/hulst-flat-profile.png"), profile).unwrap();
        }
        let mut m = stage(MOUNTAIN, "hulst-bergetappe.toml");
        ride(&mut m, 400);
        let png = board_png(&m.scene(), "Bergetappe", &colours).unwrap();
        if let Ok(dir) = std::env::var("HULST_PNG_DIR") {
            std::fs::write(format!("{dir}/hulst-mountain.png"), &png).unwrap();
        }
    }

    #[test]
    fn the_directors_own_board_letters_the_landing_squares_of_its_card() {
        use crate::BoardScene;
        use commissaire_engine::registry::Scene;
        let mut s = stage(FLAT, "hulst-vlakke-etappe.toml");
        ride(&mut s, 30);
        // The next card with a choice of squares: chosen, its squares lettered.
        let (seat, key) = loop {
            let p = s.pending().remove(0);
            if let Some(o) = p.options.iter().find(|o| o.key.as_str().starts_with("p:")) {
                break (p.seat, o.key);
            }
            s.play_bot(p.seat).unwrap();
        };
        assert!(
            s.private_scene(seat).is_none(),
            "no letters before the card"
        );
        s.apply(seat, key.as_str()).unwrap();
        let options = s.pending_for(seat).unwrap().options;
        let Some(Scene::Hulst(own)) = s.private_scene(seat) else {
            panic!("a director's own board once the card is chosen")
        };
        let scene = BoardScene::from_hulst(&own);
        assert_eq!(
            scene.letters.len() + 1,
            options.len(),
            "a letter a square, and Back"
        );
        for (n, (_, letter)) in scene.letters.iter().enumerate() {
            assert!(options[n].label.starts_with(&format!("{letter}: ")));
        }
        let Scene::Hulst(public) = s.scene() else {
            panic!()
        };
        assert!(BoardScene::from_hulst(&public).letters.is_empty());
        for other in 0..3 {
            if other != seat {
                assert!(s.private_scene(other).is_none(), "nobody else sees them");
            }
        }
        let png = board_png(&Scene::Hulst(own), "Vlakke etappe", &|_| None).unwrap();
        if let Ok(dir) = std::env::var("HULST_PNG_DIR") {
            std::fs::write(format!("{dir}/hulst-own-letters.png"), &png).unwrap();
        }
    }

    /// Issue 33, item 10: the printed square numbers are drawn near a token's letters' size
    /// (they were 11 px, unreadable on a phone), every token keeps one size, and the key
    /// explains the numbers, the swap (S) and chance (?) squares shown, and the yellow jersey
    /// in the reader's language only.
    #[test]
    fn the_key_explains_square_numbers_swap_and_chance_squares() {
        use crate::scene::SquareSign;
        use crate::{BoardScene, Jersey, draw_board};
        use commissaire_engine::registry::Scene;
        let s = stage(FLAT, "hulst-vlakke-etappe.toml");
        let Scene::Hulst(view) = s.scene() else {
            panic!()
        };
        let mut scene = BoardScene::from_hulst(&view);
        for sign in [SquareSign::Swap, SquareSign::Chance] {
            assert!(
                scene.signs.iter().any(|&(_, s)| s == sign),
                "the flat stage has {sign:?} squares"
            );
        }
        // A rider on a swap square and one on a chance square, so both show.
        let swap = scene
            .signs
            .iter()
            .find(|s| s.1 == SquareSign::Swap)
            .unwrap()
            .0;
        let chance = scene
            .signs
            .iter()
            .find(|s| s.1 == SquareSign::Chance)
            .unwrap()
            .0;
        scene.riders[0].pos = swap;
        scene.riders[1].pos = chance;
        scene.riders[0].jersey = Some(Jersey::Yellow);
        let scene = scene.with_jersey_names(&[(Jersey::Yellow, "Yellow jersey".into())]);
        let pic = draw_board(&scene).unwrap();
        let key = pic.key();
        for want in [
            "12: square number, printed along the numbered side (shaded, sheltered)",
            "S: swap square: a rider who stops here makes his team give up 3 cards and draw as many",
            "?: chance square: a rider who stops here draws a chance card",
            "yellow jersey: Yellow jersey: the leader",
        ] {
            assert!(key.iter().any(|k| k == want), "{want:?} not in {key:?}");
        }
        assert!(
            !key.iter()
                .any(|k| k.contains("gele") || k.contains("maillot")),
            "{key:?}"
        );
        // The numbers: at least 16 px at a phone-readable board's widest cells, and about three
        // quarters of a token's letters (0.36 of the room left in the cell).
        let style = crate::board::cell_label_style(pic.layout.cell_w);
        assert!(style.px >= 16.0, "{} px", style.px);
        // The cells are taller by the labels' room: a token keeps the size it has on any board.
        let room = crate::board::label_room_px(pic.layout.cell_w);
        let plain_h = (pic.layout.cell_w as f32 * crate::layout::CELL_ASPECT).round() as i32;
        assert_eq!(pic.layout.cell_h - room, plain_h);
        let token_px = plain_h as f32 * 0.36;
        assert!(
            style.px >= 0.75 * token_px,
            "{} px beside {token_px} px",
            style.px
        );
        if let Ok(dir) = std::env::var("HULST_PNG_DIR") {
            std::fs::write(format!("{dir}/hulst-key.png"), pic.to_png().unwrap()).unwrap();
        }
    }

    /// A seed whose flat stage (three teams, the sensible bots) has a fall of two riders or more.
    const FALL_SEED: u64 = 6;

    /// The first fall of a stage: the fallen riders beside the road at their crash's number,
    /// upright, under their badge, and the printed numbers readable above every token.
    #[test]
    fn the_first_fall_shows_the_fallen_beside_the_road_upright() {
        use crate::BoardScene;
        use crate::scene::Mark;
        use commissaire_engine::games::hulst::Spot;
        use commissaire_engine::registry::Scene;
        let mut s = stage_seeded(FLAT, "hulst-vlakke-etappe.toml", FALL_SEED);
        let view = loop {
            let Scene::Hulst(view) = s.scene() else {
                panic!()
            };
            if view
                .riders
                .iter()
                .filter(|r| matches!(r.spot, Spot::Roadside { .. }))
                .count()
                >= 2
            {
                break view;
            }
            let Some(&(seat, _)) = s.waiting_on().first() else {
                panic!("no fall in this stage")
            };
            s.play_bot(seat).unwrap();
        };
        let scene = BoardScene::from_hulst(&view);
        let fallen: Vec<_> = scene
            .riders
            .iter()
            .filter(|t| t.has(&Mark::Roadside))
            .collect();
        assert!(fallen.len() >= 2);
        for t in &fallen {
            assert!(!t.has(&Mark::Crashed), "upright: {t:?}");
            // Beside the road: on the side away from the numbered side.
            assert_eq!(t.pos.lane, view.board.width(t.pos.row) - 1);
        }
        let png = board_png(&Scene::Hulst(view), "Vlakke etappe", &|_| None).unwrap();
        if let Ok(dir) = std::env::var("HULST_PNG_DIR") {
            std::fs::write(format!("{dir}/hulst-fall.png"), &png).unwrap();
        }
    }
}
