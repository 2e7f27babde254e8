//! Scenes from Velo Master's public view: riders on their cells (fallen ones at the roadside
//! beside theirs), the dice of the slot on the rider moving, and the cells he may step onto
//! lettered A, B, C… as the options name them.

use crate::scene::{BoardScene, Mark, MarkKind, Played, RiderToken, TeamStyle};
use commissaire_engine::course::{Course, Pos};
use commissaire_engine::games::velo_master::{RiderIx, RiderView, Spot, VeloView};
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
        let (course, across) = past_the_line(view);
        let mut riders = Vec::new();
        for r in &view.riders {
            if let Some(&(_, pos)) = across.iter().find(|(i, _)| *i == r.index) {
                // Across the line: drawn past it, in the order they crossed. The riders who
                // crossed in the slot just played carry the flag, the earlier ones are faded.
                let crossed_now = r.finish.is_some_and(|(_, time)| time == view.clock);
                let team = r.team as usize;
                riders.push(
                    RiderToken::new(label(&initials[team], r), team, pos)
                        .of(r.id.clone())
                        .with(if crossed_now {
                            Mark::Crossed
                        } else {
                            Mark::Finished
                        }),
                );
                continue;
            }
            let Some(pos) = r.pos else {
                // Outside the road: at the start, or out of the race.
                continue;
            };
            let team = r.team as usize;
            let mut token = RiderToken::new(label(&initials[team], r), team, pos).of(r.id.clone());
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
        // The dice of the last roll, which settled the turn shown, by the team whose slot
        // rolled them, under the label of the rider they move when he is that team's.
        let played = match view.rolled_by.map(usize::from) {
            Some(team) if !view.dice.is_empty() && team < view.teams.len() => {
                let mover = view
                    .moving
                    .as_ref()
                    .and_then(|m| view.riders.iter().find(|r| r.index == m.rider))
                    .filter(|r| r.team as usize == team);
                vec![Played {
                    team,
                    rider: mover
                        .map_or_else(|| initials[team].clone(), |r| label(&initials[team], r)),
                    what: Mark::Dice(view.dice.iter().map(|d| d.face).collect()),
                }]
            }
            _ => Vec::new(),
        };
        BoardScene {
            course,
            stage_name: view.course_name.clone(),
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
            cell_labels: Vec::new(),
            shaded: Vec::new(),
            signs: Vec::new(),
            played,
        }
    }
}

/// Where the riders across the line are drawn: a cell each past the line, in the order they
/// crossed, the winner furthest along (the last row, lane 0 first), then back towards the
/// line. The engine takes a rider off the road as he crosses, so the picture places
/// him; when the road past the line has fewer cells than riders across, the picture's road
/// runs on with flat rows until each has his own.
fn past_the_line(view: &VeloView) -> (Arc<Course>, Vec<(RiderIx, Pos)>) {
    let mut across: Vec<(u32, RiderIx)> = view
        .riders
        .iter()
        .filter(|r| r.spot == Spot::Finished)
        .filter_map(|r| r.finish.map(|(place, _)| (place, r.index)))
        .collect();
    across.sort_unstable();
    let cells = |course: &Course| -> Vec<Pos> {
        (course.finish_row()..course.row_count())
            .rev()
            .flat_map(|row| (0..course.width(row)).map(move |lane| Pos::new(row, lane)))
            .collect()
    };
    let mut course = Arc::clone(&view.course);
    let room = cells(&course).len();
    if room < across.len() {
        let width = course.width(course.last_row()).max(1) as usize;
        let rows = course.run_out() as usize + (across.len() - room).div_ceil(width);
        course = Arc::new(course.with_run_out(rows as u16));
    }
    let spots = cells(&course);
    let placed = across
        .iter()
        .zip(spots)
        .map(|(&(_, rider), pos)| (rider, pos))
        .collect();
    (course, placed)
}

/// A rider's token: his team's initial, then L for the leader or his number in the team, the
/// one his name carries ("Team-mate 3": 3), so the board and the text call him alike. A leader
/// named between stages keeps his number after the L ("L3"); the leader he replaced,
/// rider 1, shows his 1.
pub fn label(initial: &str, r: &RiderView) -> String {
    match (r.leader, r.number) {
        (true, 1) => format!("{initial}L"),
        (true, n) => format!("{initial}L{n}"),
        (false, n) => format!("{initial}{n}"),
    }
}

/// The first letter of each team's name, or the team's number for every team when two names
/// start alike.
pub(crate) fn initials(teams: &[String]) -> Vec<String> {
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
    use commissaire_engine::tour::{enter_teams, entrants_setup};
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
    /// team-mates' 2, 3, 4 (the book's grey, violet and green bibs), numbered as a tour's
    /// roster names them ("Team-mate 2").
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
            .flat_map(|(t, i)| ["2", "3", "4", "L"].map(|b| (t, format!("{i}{b}"))))
            .collect();
        assert_eq!(labels, expected);
        let colours: Vec<_> = scene.teams.iter().map(|t| t.colour).collect();
        assert_eq!(
            colours,
            [0, 1, 2].map(crate::palette::team),
            "a colour a team"
        );
    }

    /// The riders a tour enters from the Pro week's roster, on the Sprint de Vic.
    pub(super) fn toured_pub(seed: u64) -> (Vec<String>, Box<dyn DynStage>) {
        toured(seed)
    }

    fn toured(seed: u64) -> (Vec<String>, Box<dyn DynStage>) {
        let roster = commissaire_engine::games::velo_master::game::roster(
            &[
                json!("leader"),
                json!("team-mate"),
                json!("team-mate"),
                json!("team-mate"),
            ],
            &json!({"level": "pro"}),
        )
        .unwrap();
        let teams: Vec<String> = ["Verts", "Pignons", "Roues"]
            .iter()
            .map(|t| t.to_string())
            .collect();
        let riders = enter_teams(&teams, &roster);
        let course = Arc::new(parse_course_toml(SPRINT.1, SPRINT.0).unwrap());
        let setup = entrants_setup(
            &course,
            &teams,
            &riders.iter().collect::<Vec<_>>(),
            json!({"level": "pro"}),
        );
        (teams, registry::start("velo-master", &setup, seed).unwrap())
    }

    /// What a token must say for a rider of that name: his team's initial, then L for
    /// "Leader" or the number of "Team-mate N".
    fn label_for(teams: &[String], name: &str) -> String {
        let team = teams.iter().find(|t| name.starts_with(t.as_str())).unwrap();
        let role = &name[team.len() + 1..];
        let initial = &team[..1];
        match role.strip_prefix("Team-mate ") {
            Some(n) => format!("{initial}{n}"),
            None => {
                assert_eq!(role, "Leader");
                format!("{initial}L")
            }
        }
    }

    /// Issue 22, item 8: one name everywhere. The text and the standings call a rider by the
    /// name the tour gave him ("Pignons Team-mate 3"), and his token says the same: P3; a
    /// crash told for a rider lies at the roadside on the board under his own number.
    #[test]
    fn a_riders_token_says_the_number_his_name_carries() {
        let (teams, mut stage) = toured(11);
        let mut crashed = None;
        for _ in 0..3000 {
            let Some(&(seat, _)) = stage.waiting_on().first() else {
                break;
            };
            let (_, events) = stage.play_bot(seat).unwrap().unwrap();
            let told = stage.narrate(&events, commissaire_engine::game::Viewer::Public);
            if let Some(line) = told.iter().find(|l| l.id == "vm-crashed") {
                let name = line.args.iter().find(|(k, _)| *k == "rider").unwrap();
                crashed = Some(name.1.as_str().unwrap().to_string());
                break;
            }
        }
        let scene = board(stage.as_ref());
        for token in &scene.riders {
            assert_eq!(
                token.label,
                label_for(&teams, &token.rider),
                "{}",
                token.rider
            );
        }
        let crashed = crashed.expect("a crash in the race");
        let token = scene.riders.iter().find(|t| t.rider == crashed).unwrap();
        assert!(token.has(&Mark::Roadside), "{crashed} lies at the roadside");
        assert_eq!(token.label, label_for(&teams, &crashed));
    }

    /// A rider keeps his number all tour: a team short of Team-mate 2 (he abandoned in an
    /// earlier stage) still shows Team-mate 3 as 3, and a team-mate named leader shows
    /// L and his number, the leader he replaced his 1.
    #[test]
    fn a_rider_keeps_his_number_when_his_team_changes() {
        let roster =
            commissaire_engine::games::velo_master::game::roster(&[], &json!(null)).unwrap();
        assert_eq!(
            roster.iter().map(|r| r.label.as_str()).collect::<Vec<_>>(),
            ["Leader", "Team-mate 2"]
        );
        // Verts start short of their Team-mate 2; Roses' leader (1) is a team-mate now and
        // their Team-mate 3 leads.
        let stage = {
            let course = Arc::new(parse_course_toml(SPRINT.1, SPRINT.0).unwrap());
            let riders = (0..3u8)
                .flat_map(|t| (0..4u16).map(move |k| (t, k)))
                .filter(|&(t, k)| (t, k) != (0, 1))
                .map(|(t, k)| {
                    let mut attributes = role(k);
                    attributes["number"] = json!(k + 1);
                    attributes["later_stage"] = json!(true);
                    if t == 1 {
                        attributes["role"] = json!(if k == 2 { "leader" } else { "team-mate" });
                    }
                    Entrant {
                        id: format!("T{t}R{k}"),
                        team: t,
                        start: Some(Pos::new(t as u16 * 4 + k, (k % 3) as u8)),
                        attributes,
                    }
                })
                .collect();
            let setup = Setup {
                course,
                teams: vec!["Verts".into(), "Roses".into(), "Oranges".into()],
                riders,
                options: json!({"level": "expert"}),
                dice: Vec::new(),
            };
            registry::start("velo-master", &setup, 5).unwrap()
        };
        let scene = board(stage.as_ref());
        let label = |id: &str| {
            scene
                .riders
                .iter()
                .find(|t| t.rider == id)
                .map(|t| t.label.clone())
                .unwrap()
        };
        assert_eq!(
            [label("T0R0"), label("T0R2"), label("T0R3")],
            ["VL", "V3", "V4"]
        );
        assert_eq!(
            [label("T1R0"), label("T1R1"), label("T1R2")],
            ["R1", "R2", "RL3"]
        );
    }

    /// Issue 22, item 9: a finished stage's pictures show every rider across the line, past
    /// it, in the order they crossed (the winner furthest along), beside the riders still on
    /// the road; and with every rider ridden to the line (A-25's `finish_all`, 12 riders for
    /// the 9 cells past the Sprint de Vic's line) the road runs on until each has a cell.
    #[test]
    fn a_finished_stage_draws_every_rider_across_the_line() {
        for (options, file) in [
            (json!({"level": "pro"}), "vm-finish.png"),
            (
                json!({"level": "pro", "finish_all": true}),
                "vm-finish-all.png",
            ),
        ] {
            let mut stage = race(SPRINT, 3, 4, options.clone(), |_, k| (None, role(k)));
            ride(&mut stage, 100_000);
            assert!(stage.is_over(), "{options}");
            let Scene::VeloMaster(view) = stage.scene() else {
                unreachable!()
            };
            let mut across: Vec<_> = view
                .riders
                .iter()
                .filter(|r| r.spot == Spot::Finished)
                .collect();
            across.sort_by_key(|r| r.finish);
            assert!(!across.is_empty(), "{options}");
            let scene = BoardScene::from_velo_master(&view);
            let finish = scene.course.finish_row();
            let token = |id: &str| scene.riders.iter().find(|t| t.rider == id);
            let mut last_row = u16::MAX;
            for r in &across {
                let t = token(&r.id).unwrap_or_else(|| panic!("{} is drawn ({options})", r.id));
                assert!(t.pos.row >= finish, "{} past the line", r.id);
                assert!(t.has(&Mark::Crossed) || t.has(&Mark::Finished));
                assert!(t.pos.row <= last_row, "in the order they crossed");
                last_row = t.pos.row;
            }
            // The winner furthest along, and a cell each.
            let winner = token(&across[0].id).unwrap();
            assert_eq!(winner.pos.row, scene.course.last_row());
            let mut cells: Vec<_> = across.iter().map(|r| token(&r.id).unwrap().pos).collect();
            cells.sort_by_key(|p| (p.row, p.lane));
            cells.dedup();
            assert_eq!(cells.len(), across.len(), "one cell a rider");
            // Every rider still on the road too, and the profile shows them all.
            let on_road = view.riders.iter().filter(|r| r.pos.is_some()).count();
            assert_eq!(scene.riders.len(), across.len() + on_road);
            let profile = crate::ProfileScene::from_board(&scene);
            assert_eq!(profile.riders.len(), scene.riders.len());
            let png = render_board(&scene).unwrap();
            keep(&png, "VM_BOARD_OUT", file);
            let png = profile_png(&stage.scene(), "Sprint de Vic", &|_| None).unwrap();
            keep(&png, "VM_BOARD_OUT", &format!("profile-{file}"));
        }
    }

    /// VM-045: a danger cell costs a skill roll, so the board shows it, a rider on it or
    /// not: a rim striped red and white round the cell, explained in the key.
    #[test]
    fn vm_045_the_danger_cells_are_drawn_and_explained() {
        // The Sprint de Vic's danger cell is 16/1: a rider on it, and one beside.
        let stage = race(SPRINT, 2, 2, json!(null), |t, k| {
            let at = [(16, 1), (15, 0), (12, 0), (12, 2)][(t * 2) as usize + k as usize];
            (Some(Pos::new(at.0, at.1)), role(k))
        });
        let scene = board(stage.as_ref());
        let pic = crate::draw_board(&scene).unwrap();
        assert!(
            pic.key()
                .iter()
                .any(|k| k.contains("danger cell: a skill roll")),
            "{:?}",
            pic.key()
        );
        let red = crate::palette::SUMMIT;
        let rim = |pos: Pos| {
            let (x, y, w, h) = pic.cell_rect(pos).unwrap();
            (x..x + w)
                .flat_map(|px| [(px, y + 1), (px, y + h - 2)])
                .filter(|&(px, py)| *pic.image.get_pixel(px as u32, py as u32) == red)
                .count()
        };
        assert!(
            rim(Pos::new(16, 1)) > 10,
            "the danger cell's rim, under a rider"
        );
        assert_eq!(rim(Pos::new(16, 0)), 0, "a plain cell");
        keep(&pic.to_png().unwrap(), "VM_BOARD_OUT", "vm-danger.png");
    }

    /// Issue 33, item 10: the white boxes of the start row, empty once the riders have left
    /// it, are explained in the key; a board past the start shows none and keys none.
    #[test]
    fn the_start_rows_white_boxes_are_in_the_key() {
        let stage = race(SPRINT, 2, 2, json!(null), |t, k| {
            let at = [(3, 1), (2, 0), (1, 0), (4, 2)][(t * 2) as usize + k as usize];
            (Some(Pos::new(at.0, at.1)), role(k))
        });
        let scene = board(stage.as_ref());
        let pic = crate::draw_board(&scene).unwrap();
        let want = "white box: start box: a rider's place on the start grid";
        assert!(pic.key().iter().any(|k| k == want), "{:?}", pic.key());
        keep(&pic.to_png().unwrap(), "VM_BOARD_OUT", "vm-start-boxes.png");
        let far = race(SPRINT, 2, 2, json!(null), |t, k| {
            let at = [(23, 1), (23, 0), (24, 0), (24, 2)][(t * 2) as usize + k as usize];
            (Some(Pos::new(at.0, at.1)), role(k))
        });
        let pic = crate::draw_board(&board(far.as_ref())).unwrap();
        assert!(
            !pic.key().iter().any(|k| k.starts_with("white box")),
            "{:?}",
            pic.key()
        );
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

#[cfg(test)]
mod dice_shown {
    use super::*;
    use commissaire_engine::registry::Scene;

    /// Issue 36: each roll settles a Velo Master turn, and the board of that turn shows its
    /// dice beside the road for the team whose slot rolled them, exactly the `dice_rolled`
    /// event's faces (a token shows them only while the rider they move is stepping); a board
    /// before any roll shows none.
    #[test]
    fn a_settled_rolls_board_shows_its_dice_by_the_team_that_rolled() {
        let mut rolls = 0;
        for seed in 1..=3 {
            let (_, mut stage) = super::tests::toured_pub(seed);
            let Scene::VeloMaster(first) = stage.scene() else {
                panic!("a Velo Master scene")
            };
            if first.dice.is_empty() {
                assert!(BoardScene::from_velo_master(&first).played.is_empty());
            }
            for _ in 0..3000 {
                let Some(&(seat, _)) = stage.waiting_on().first() else {
                    break;
                };
                let (_, events) = stage.play_bot(seat).unwrap().unwrap();
                let Some((roller, faces)) = events
                    .to_json()
                    .iter()
                    .rev()
                    .find(|e| e["kind"] == "dice_rolled")
                    .map(|e| {
                        let faces = e["rolls"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|r| r["face"].as_u64().unwrap() as u8)
                            .collect::<Vec<u8>>();
                        (e["seat"].as_u64().unwrap() as usize, faces)
                    })
                else {
                    continue;
                };
                let Scene::VeloMaster(view) = stage.scene() else {
                    panic!("a Velo Master scene")
                };
                let scene = BoardScene::from_velo_master(&view);
                assert_eq!(scene.played.len(), 1, "seed {seed}");
                assert_eq!(scene.played[0].team, roller);
                assert_eq!(scene.played[0].what, Mark::Dice(faces));
                rolls += 1;
                if rolls == 1 {
                    let picture = crate::draw_board(&scene).unwrap();
                    assert_eq!(picture.played().len(), 1);
                    if let Ok(dir) = std::env::var("COMMISSAIRE_PICTURES") {
                        std::fs::write(
                            std::path::Path::new(&dir).join("vm-dice-rolled.png"),
                            picture.to_png().unwrap(),
                        )
                        .unwrap();
                    }
                }
            }
        }
        assert!(rolls > 20, "{rolls} rolls");
    }
}
