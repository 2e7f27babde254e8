//! Scenes from Velo Master's public view: riders on their cells (fallen ones at the roadside
//! beside theirs), the dice of the slot on the rider moving, and the cells he may step onto
//! lettered A, B, C… as the options name them.

use crate::scene::{BoardScene, Mark, MarkKind, RiderToken, TeamStyle};
use commissaire_engine::games::velo_master::{Spot, VeloView};
use std::sync::Arc;

/// What a Velo Master token can show: the key explains them all on every board.
pub const VELO_MASTER_MARKS: [MarkKind; 4] = [
    MarkKind::Dice,
    MarkKind::Crashed,
    MarkKind::Punctured,
    MarkKind::Roadside,
];

impl BoardScene {
    /// The board as everyone sees it now, with the moving rider's candidate cells lettered.
    pub fn from_velo_master(view: &VeloView) -> BoardScene {
        let initials = initials(&view.teams);
        let mut riders = Vec::new();
        for r in &view.riders {
            let Some(pos) = r.pos else {
                // Outside the road: at the start, across the line, or out of the race.
                continue;
            };
            let team = r.team as usize;
            let mates_before = view
                .riders
                .iter()
                .filter(|o| o.team == r.team && !o.leader && o.index < r.index)
                .count();
            let role = if r.leader {
                "L".to_string()
            } else {
                (mates_before + 1).to_string()
            };
            let mut token =
                RiderToken::new(format!("{}{role}", initials[team]), team, pos).of(r.id.clone());
            if matches!(r.spot, Spot::Roadside(_)) {
                token = token.with(Mark::Roadside);
                if r.misses > 0 {
                    token = token.with(Mark::Crashed);
                }
            }
            if r.champion.is_some() {
                token = token.with(Mark::Champion);
            }
            if view.moving.as_ref().is_some_and(|m| m.rider == r.index) && !view.dice.is_empty() {
                token = token.with(Mark::Dice(view.dice.iter().map(|d| d.face).collect()));
            }
            riders.push(token);
        }
        BoardScene {
            course: Arc::clone(&view.course),
            stage_name: view.course_name.clone(),
            turn: view.round,
            teams: view
                .teams
                .iter()
                .enumerate()
                .map(|(i, name)| TeamStyle {
                    name: name.clone(),
                    colour: i,
                    mark: initials[i].clone(),
                })
                .collect(),
            riders,
            mark_kinds: VELO_MASTER_MARKS.to_vec(),
            letters: view
                .moving
                .as_ref()
                .map(|m| m.candidates.iter().map(|c| (c.pos, c.letter)).collect())
                .unwrap_or_default(),
            sky: Default::default(),
            road_signs: Vec::new(),
            fictive_start: false,
            packs: Vec::new(),
            jersey_names: Vec::new(),
        }
    }
}

/// The first letter of each team's name, or the team's number for every team when two names
/// start alike.
fn initials(teams: &[String]) -> Vec<String> {
    let letters: Vec<String> = teams
        .iter()
        .map(|t| {
            t.chars()
                .find(|c| c.is_alphanumeric())
                .map(|c| c.to_uppercase().collect())
                .unwrap_or_default()
        })
        .collect();
    let unique = letters
        .iter()
        .enumerate()
        .all(|(i, l)| !l.is_empty() && !letters[..i].contains(l));
    if unique {
        letters
    } else {
        (1..=teams.len()).map(|n| n.to_string()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Jersey;
    use crate::board::render_board;
    use crate::ruleset::{board_png, profile_png, worn_board_png};
    use crate::scene::Mark;
    use commissaire_engine::course::{Pos, parse_course_toml};
    use commissaire_engine::registry::{self, DynStage, Entrant, Scene, Setup};
    use serde_json::{Value, json};

    const TEAMS: [&str; 3] = ["Verts", "Roses", "Oranges"];
    const SPRINT: (&str, &str) = (
        "vm-sprint-de-vic.toml",
        include_str!("../../../config/courses/velo-master/vm-sprint-de-vic.toml"),
    );
    const MOUNTAIN: (&str, &str) = (
        "vm-col-des-trois-cols.toml",
        include_str!("../../../config/courses/velo-master/vm-col-des-trois-cols.toml"),
    );

    /// The role of a team's k-th rider: its first is the leader.
    fn role(k: u16) -> Value {
        json!({"role": if k == 0 { "leader" } else { "team-mate" }})
    }

    /// A race of `teams` teams of `per` riders ("T0R0"…) on a course file; `rider` gives each
    /// one's start (all or none) and attributes.
    fn race(
        (file, text): (&str, &str),
        teams: u8,
        per: u16,
        options: Value,
        rider: impl Fn(u8, u16) -> (Option<Pos>, Value),
    ) -> Box<dyn DynStage> {
        let riders = (0..teams)
            .flat_map(|t| (0..per).map(move |k| (t, k)))
            .map(|(t, k)| {
                let (start, attributes) = rider(t, k);
                Entrant {
                    id: format!("T{t}R{k}"),
                    team: t,
                    start,
                    attributes,
                }
            })
            .collect();
        let setup = Setup {
            course: Arc::new(parse_course_toml(text, file).unwrap()),
            teams: TEAMS[..teams as usize]
                .iter()
                .map(|t| t.to_string())
                .collect(),
            riders,
            options,
            dice: Vec::new(),
        };
        registry::start("velo-master", &setup, 5).unwrap()
    }

    /// Three teams of two from the start line, as a Débutant race begins.
    fn debutant(course: (&str, &str)) -> Box<dyn DynStage> {
        race(course, 3, 2, json!(null), |_, k| (None, role(k)))
    }

    /// Bots play `choices` choices, or until nobody owes one.
    fn ride(stage: &mut Box<dyn DynStage>, choices: usize) {
        for _ in 0..choices {
            let Some(&(seat, _)) = stage.waiting_on().first() else {
                break;
            };
            stage.play_bot(seat).unwrap();
        }
    }

    fn board(stage: &dyn DynStage) -> BoardScene {
        let Scene::VeloMaster(view) = stage.scene() else {
            panic!("a Velo Master scene")
        };
        BoardScene::from_velo_master(&view)
    }

    fn keep(png: &[u8], env: &str, name: &str) {
        if let Ok(dir) = std::env::var(env) {
            std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
        }
    }

    #[test]
    fn the_mountain_board_letters_the_cells_the_rider_may_take() {
        let mut stage = debutant(MOUNTAIN);
        // Bots play on until a rider is moving in the race proper.
        for _ in 0..200 {
            let view = stage.view_json(commissaire_engine::game::Viewer::Public);
            if view["phase"] == "race" && !view["moving"].is_null() {
                break;
            }
            ride(&mut stage, 1);
        }
        let scene = board(stage.as_ref());
        assert!(!scene.letters.is_empty());
        assert_eq!(scene.letters[0].1, 'A');
        assert!(scene.riders.iter().any(|t| t.label == "VL"));
        let png = render_board(&scene).unwrap();
        assert!(png.len() > 1000);
        keep(&png, "VM_BOARD_OUT", "vm-board.png");
    }

    /// VM-008: a team is a colour, and a rider's bib tells him apart: the leader's "L", the
    /// team-mates' 1, 2, 3 (the book's grey, violet and green bibs).
    #[test]
    fn vm_008_each_team_has_its_colour_and_each_rider_his_bib() {
        let stage = race(SPRINT, 3, 4, json!({"level": "expert"}), |t, k| {
            (Some(Pos::new(t as u16 * 4 + k, (k % 3) as u8)), role(k))
        });
        let scene = board(stage.as_ref());
        let mut labels: Vec<(usize, String)> = scene
            .riders
            .iter()
            .map(|t| (t.team, t.label.clone()))
            .collect();
        labels.sort();
        let expected: Vec<(usize, String)> = ["V", "R", "O"]
            .iter()
            .enumerate()
            .flat_map(|(t, i)| ["1", "2", "3", "L"].map(|b| (t, format!("{i}{b}"))))
            .collect();
        assert_eq!(labels, expected);
        let colours: Vec<usize> = scene.teams.iter().map(|t| t.colour).collect();
        assert_eq!(colours, [0, 1, 2], "a colour a team");
    }

    /// The jersey wearers of a tour show on the board: the tokens of the two riders named wear
    /// their classifications' colours, and nothing else changes.
    #[test]
    fn the_board_draws_the_jersey_each_rider_wears() {
        let mut stage = debutant(SPRINT);
        ride(&mut stage, 60);
        let scene = stage.scene();
        let plain = board_png(&scene, "Sprint de Vic", &|_| None).unwrap();
        let worn = worn_board_png(&scene, "Sprint de Vic", &|_| None, &|id| match id {
            "T0R0" => Some(Jersey::Yellow),
            "T1R1" => Some(Jersey::PolkaDot),
            _ => None,
        })
        .unwrap();
        assert_ne!(plain, worn);
        let yellow = image::load_from_memory(&worn).unwrap().to_rgb8();
        let count = |img: &image::RgbImage, c: [u8; 3]| img.pixels().filter(|p| p.0 == c).count();
        let before = image::load_from_memory(&plain).unwrap().to_rgb8();
        assert!(
            count(&yellow, [250, 214, 30]) > count(&before, [250, 214, 30]) + 50,
            "the yellow jersey is drawn"
        );
        keep(&worn, "VM_BOARD_OUT", "vm-jerseys.png");
    }

    /// VM-006: the rider who carries a champion's title into the race rides the white bike:
    /// his token carries the mark, and the key says what it is.
    #[test]
    fn vm_006_the_champion_rides_the_white_bike_on_the_board() {
        let stage = race(SPRINT, 2, 2, json!(null), |t, k| {
            let mut attributes = role(k);
            if (t, k) == (1, 0) {
                attributes["champion"] = json!("france");
            }
            (Some(Pos::new(2 + t as u16 * 2 + k, 1)), attributes)
        });
        let scene = board(stage.as_ref());
        let champions: Vec<&str> = scene
            .riders
            .iter()
            .filter(|t| t.has(&Mark::Champion))
            .map(|t| t.rider.as_str())
            .collect();
        assert_eq!(champions, ["T1R0"]);
        keep(
            &render_board(&scene).unwrap(),
            "VM_BOARD_OUT",
            "vm-champion.png",
        );
    }

    /// Every shipped Velo Master course has a profile picture, riders on it, in mid-race.
    #[test]
    fn every_velo_master_course_draws_its_profile() {
        let aurillac = (
            "vm-circuit-d-aurillac.toml",
            include_str!("../../../config/courses/velo-master/vm-circuit-d-aurillac.toml"),
        );
        for course in [MOUNTAIN, aurillac, SPRINT] {
            let file = course.0;
            let mut stage = debutant(course);
            ride(&mut stage, 120);
            let png = profile_png(&stage.scene(), file, &|_| None)
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            assert!(png.len() > 1000, "{file}");
            keep(&png, "VM_PROFILE_OUT", &format!("{file}.png"));
        }
    }
}
