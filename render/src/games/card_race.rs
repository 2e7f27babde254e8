//! Scenes from the card race's public view: the adapter between the engine's `StageView` and
//! the plain scenes the renderer draws.

use crate::scene::{
    BoardScene, Mark, MarkKind, Outlook, Played, ProfileDot, ProfileScene, RiderToken, RoadSign,
    Sky, TeamStyle, WindFrom,
};
use commissaire_engine::games::card_race::house_a::weather::{Token, Weather};
use commissaire_engine::games::card_race::house_b::Wind;
use commissaire_engine::games::card_race::{Card, StageView};
use std::sync::Arc;

impl BoardScene {
    /// The board after the round just played, as everyone may see it. The stage name is the
    /// course's; a tour can overwrite `stage_name` ("Stage 3 · ...").
    pub fn from_view(view: &StageView) -> BoardScene {
        let initials = team_initials(view);
        let riders = view
            .riders
            .iter()
            // A domestique that gave up the stage (house rules A) has left the road.
            .filter(|r| !r.quit)
            .map(|r| {
                let played = view.last_round.iter().find(|p| p.rider == r.index);
                let crossed = played.is_some_and(|p| p.crossed);
                let mut marks = Vec::new();
                if let Some(p) = played {
                    marks.push(Mark::Card(card_text(p.card)));
                    if p.slipstream {
                        marks.push(Mark::Slipstream);
                    }
                    if p.exhaustion {
                        marks.push(Mark::Exhaustion);
                    }
                }
                if view.conditions.crashed.contains(&r.index) {
                    marks.push(Mark::Crashed);
                }
                if view.conditions.punctured.contains(&r.index) {
                    marks.push(Mark::Punctured);
                }
                if played.is_some_and(|p| p.attack) {
                    marks.push(Mark::Attack);
                }
                if r.musettes > 0 {
                    marks.push(Mark::Musette);
                }
                if crossed {
                    marks.push(Mark::Crossed);
                } else if !r.racing {
                    marks.push(Mark::Finished);
                }
                RiderToken {
                    label: format!(
                        "{}{}",
                        initials[r.team as usize],
                        view.rider_names.letter(r.kind)
                    ),
                    team: r.team as usize,
                    pos: r.pos,
                    marks,
                    rider: r.id.clone(),
                    jersey: None,
                }
            })
            .collect::<Vec<RiderToken>>();
        let played = revealed(view, &riders);
        BoardScene {
            course: Arc::clone(&view.course),
            stage_name: view.course_name.clone(),
            // `round` is the round being played; the board shows the one just finished, except
            // once the stage is over, when the last round is the one shown.
            turn: if view.over {
                view.round
            } else {
                view.round.saturating_sub(1)
            },
            teams: view
                .teams
                .iter()
                .enumerate()
                .map(|(i, t)| TeamStyle {
                    name: t.name.clone(),
                    colour: crate::palette::team(i),
                    mark: initials[i].clone(),
                })
                .collect(),
            riders,
            mark_kinds: CARD_RACE_MARKS.to_vec(),
            letters: Vec::new(),
            sky: sky_of(view),
            road_signs: view
                .conditions
                .sky
                .iter()
                .flat_map(|s| &s.tokens)
                .filter_map(|&(row, token)| {
                    let sign = match token {
                        Token::Headwind => RoadSign::Headwind,
                        Token::Tailwind => RoadSign::Tailwind,
                        Token::Crosswind => RoadSign::Crosswind,
                        Token::Rain => RoadSign::Rain,
                        Token::Blank => return None,
                    };
                    Some((row, sign))
                })
                .collect(),
            fictive_start: view.fictive_start,
            packs: view.house_a.gruppetto.clone(),
            jersey_names: Vec::new(),
            cell_labels: Vec::new(),
            shaded: Vec::new(),
            signs: Vec::new(),
            played,
        }
    }
}

/// The cards revealed at the close of the round just played, by team (seat order), each team's
/// riders in the stage's order, each under the label his token carries. Only the
/// public view's last round is read: a card laid face down this round is in no view until the
/// round's reveal. A rider who played but has since left the road (house rules A's domestique
/// who quit) is named by his label all the same.
fn revealed(view: &StageView, tokens: &[RiderToken]) -> Vec<Played> {
    let initials = team_initials(view);
    let mut played: Vec<(usize, Played)> = view
        .last_round
        .iter()
        .filter_map(|p| {
            let r = view.riders.iter().find(|r| r.index == p.rider)?;
            let rider = tokens
                .iter()
                .find(|t| t.rider == r.id)
                .map(|t| t.label.clone())
                .unwrap_or_else(|| {
                    format!(
                        "{}{}",
                        initials[r.team as usize],
                        view.rider_names.letter(r.kind)
                    )
                });
            let played = Played {
                team: r.team as usize,
                rider,
                what: Mark::Card(card_text(p.card)),
            };
            Some((r.index as usize, played))
        })
        .collect();
    // By team, a team's riders in the stage's order.
    played.sort_by_key(|(index, p)| (p.team, *index));
    played.into_iter().map(|(_, p)| p).collect()
}

/// House rules B's weather and wind, or A's weather, as the header draws them.
fn sky_of(view: &StageView) -> Sky {
    Sky {
        outlook: view.conditions.sky.as_ref().map(|s| match s.weather {
            Weather::Fog => Outlook::Fog,
            Weather::Storm => Outlook::Storm,
            Weather::Windy => Outlook::Windy,
            Weather::Overcast => Outlook::Overcast,
            Weather::Sunny => Outlook::Sunny,
            Weather::Heatwave => Outlook::Heatwave,
        }),
        weather: view.conditions.weather,
        wind: view.conditions.wind.map(|w| match w {
            Wind::Head => WindFrom::Ahead,
            Wind::Tail => WindFrom::Behind,
            Wind::CrossFromLeft => WindFrom::Left,
            Wind::CrossFromRight => WindFrom::Right,
        }),
    }
}

/// What a card-race token can show: the key explains them all on every board.
pub const CARD_RACE_MARKS: [MarkKind; 4] = [
    MarkKind::Card,
    MarkKind::Slipstream,
    MarkKind::Exhaustion,
    MarkKind::Crossed,
];

impl ProfileScene {
    pub fn from_view(view: &StageView) -> ProfileScene {
        ProfileScene {
            course: Arc::clone(&view.course),
            stage_name: view.course_name.clone(),
            teams: BoardScene::from_view(view).teams,
            riders: view
                .riders
                .iter()
                .map(|r| ProfileDot {
                    team: r.team as usize,
                    pos: r.pos,
                })
                .collect(),
            sky: sky_of(view),
        }
    }
}

/// An exhaustion card moves 2: "2E" says both what it moved and what it was.
fn card_text(card: Card) -> String {
    match card {
        Card::Exhaustion => "2E".into(),
        // House rules B's attack card is never shown (an attacker's badge carries the card its
        // search kept); the Peloton's split 9/2 card is its "A".
        Card::Attack | Card::SplitAttack => "A".into(),
        Card::Energy(v) => v.to_string(),
    }
}

/// The first letter of each team's name, or the team's number for every team when two names
/// start alike: a token's label must name its team without the colour.
fn team_initials(view: &StageView) -> Vec<String> {
    let letters: Vec<String> = view
        .teams
        .iter()
        .map(|t| {
            t.name
                .chars()
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
        (1..=letters.len()).map(|n| n.to_string()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use commissaire_engine::Ruleset;
    use commissaire_engine::course::CourseSpec;
    use commissaire_engine::game::Viewer;
    use commissaire_engine::games::card_race::bot::{RandomBot, play_seat};
    use commissaire_engine::games::card_race::{
        Options, RiderKind, RiderSetup, Stage, StageSetup, grid_start,
    };

    fn stage(teams: &[&str]) -> Stage {
        let course = Arc::new(
            CourseSpec {
                tiles: Some("abcdefghijklmnopqrstu".into()),
                ..Default::default()
            }
            .build()
            .unwrap(),
        );
        let grid = grid_start(&course, teams.len() * 2).unwrap();
        let riders = (0..teams.len() * 2)
            .map(|i| {
                let kind = if i < teams.len() {
                    RiderKind::Rouleur
                } else {
                    RiderKind::Sprinteur
                };
                RiderSetup {
                    id: format!("{}{}", teams[i % teams.len()], kind.letter()),
                    team: (i % teams.len()) as u8,
                    kind,
                    start: grid[i],
                    carried_exhaustion: 0,
                }
            })
            .collect();
        let setup = StageSetup {
            course,
            teams: teams.iter().map(|t| t.to_string()).collect(),
            riders,
            options: Options::default(),
        };
        Stage::new(setup, 7).unwrap()
    }

    #[test]
    fn a_played_round_becomes_a_board_with_what_each_rider_did() {
        let mut s = stage(&["Blue", "Orange", "Green"]);
        let mut bot = RandomBot::new(3);
        for _ in 0..3 {
            for seat in 0..3 {
                play_seat(&mut s, seat, &mut bot).unwrap();
            }
        }
        let view = s.view(Viewer::Public);
        let scene = BoardScene::from_view(&view);
        assert_eq!(scene.turn, view.round - 1);
        assert_eq!(scene.riders.len(), 6);
        assert_eq!(scene.riders[0].label, "BR");
        assert_eq!(scene.riders[4].label, "OS");
        assert!(scene.riders.iter().all(|r| r.card().is_some()));
        for (token, rider) in scene.riders.iter().zip(&view.riders) {
            assert_eq!(token.pos, rider.pos);
        }
        let png = crate::render_board(&scene).unwrap();
        assert!(!png.is_empty());
        crate::render_profile(&ProfileScene::from_view(&view)).unwrap();
    }

    /// HB-010: under house rules B's grand-tour names a token carries the name's letter (the
    /// leader L, the baroudeur B), on the board and in the text board alike.
    #[test]
    fn hb_010_tokens_are_lettered_by_the_riders_grand_tour_names() {
        let s = stage(&["Blue", "Orange"]);
        let mut setup = s.setup().clone();
        setup.options.rider_names = commissaire_engine::games::card_race::cards::RiderNames::HouseB;
        let named = Stage::new(setup, 7).unwrap();
        let labels = |s: &Stage| -> Vec<String> {
            BoardScene::from_view(&s.view(Viewer::Public))
                .riders
                .iter()
                .map(|r| r.label.clone())
                .collect()
        };
        assert_eq!(labels(&s), ["BR", "OR", "BS", "OS"]);
        assert_eq!(labels(&named), ["BL", "OL", "BB", "OB"]);
        let text = crate::text_board::board_text(&named.view(Viewer::Public), None);
        assert!(text.contains("1L") && text.contains("2B"), "{text}");
        assert!(
            text.contains("team number + L leader, B baroudeur."),
            "{text}"
        );
        let plain = crate::text_board::board_text(&s.view(Viewer::Public), None);
        assert!(
            plain.contains("team number + R rouleur, S sprinteur."),
            "{plain}"
        );
    }

    /// The text board names the turn as the game does: house rules A's bid steps come before
    /// round 1 (HA-051), and its title says so.
    #[test]
    fn ha_051_the_text_board_names_the_bid_step_before_round_1() {
        let s = stage(&["Blue", "Orange"]);
        let mut setup = s.setup().clone();
        setup.options.profiles = commissaire_engine::games::card_race::Profiles::HouseA;
        setup.options.start = commissaire_engine::games::card_race::Start::BreakawayHouseA;
        let auction = Stage::new(setup, 7).unwrap();
        let text = crate::text_board::board_text(&auction.view(Viewer::Public), None);
        let title = text.lines().next().unwrap();
        assert!(
            title.contains(", breakaway bid 1 of 2 (the finish"),
            "{title}"
        );
        let plain = crate::text_board::board_text(&s.view(Viewer::Public), None);
        assert!(
            plain
                .lines()
                .next()
                .unwrap()
                .contains(", round 1 (the finish"),
            "{plain}"
        );
    }

    /// HB-039, HB-041: house rules B's fictive start is round 0 on the board, named so, with
    /// each rider's card and the exhaustion it cost drawn as in any round.
    #[test]
    fn hb_039_the_fictive_start_is_shown_as_such_on_the_board() {
        let mut s = stage(&["Blue", "Orange", "Green"]);
        let mut setup = s.setup().clone();
        setup.options.fictive_start = true;
        setup.options.profiles = commissaire_engine::games::card_race::Profiles::HouseB;
        s = Stage::new(setup, 7).unwrap();
        let before = BoardScene::from_view(&s.view(Viewer::Public));
        assert!(before.fictive_start && before.turn == 0);
        let mut bot = RandomBot::new(3);
        for seat in 0..3 {
            play_seat(&mut s, seat, &mut bot).unwrap();
        }
        assert_eq!(s.round(), 1, "the roll-out is over");
        let view = s.view(Viewer::Public);
        let scene = BoardScene::from_view(&view);
        assert_eq!(scene.turn, 0);
        assert!(scene.riders.iter().all(|r| r.card().is_some()));
        let picture = crate::board::draw_board(&scene).unwrap();
        assert_eq!(picture.heading(), "Fictive start");
        if let Ok(dir) = std::env::var("COMMISSAIRE_PICTURES") {
            std::fs::write(
                std::path::Path::new(&dir).join("fictive-start.png"),
                picture.to_png().unwrap(),
            )
            .unwrap();
        }
    }

    /// Issue 22, item 14: a house-A time trial starts every rider on the start line (HA-046,
    /// QA-22: each on a road of its own), so twelve riders share two cells. The picture draws
    /// each shared cell as one numbered cell and lists every rider there under the strips; the
    /// text board shows the count in the cell and lists every rider too.
    #[test]
    fn riders_sharing_a_cell_are_each_listed_in_the_picture_and_the_text() {
        let s = stage(&["Blue", "Orange", "Green", "Pink"]);
        let mut setup = s.setup().clone();
        setup.options.profiles = commissaire_engine::games::card_race::Profiles::HouseA;
        setup.options.time_trial =
            Some(commissaire_engine::games::card_race::house_a::time_trial::TimeTrial::Individual);
        let tt = Stage::new(setup, 7).unwrap();
        let start = tt.view(Viewer::Public).riders[0].pos;
        let view = tt.view(Viewer::Public);
        let scene = BoardScene::from_view(&view);
        let picture = crate::board::draw_board(&scene).unwrap();
        let shared = picture.shared_cells();
        assert_eq!(shared.len(), 2, "{shared:?}");
        let mut listed: Vec<&String> = shared.iter().flat_map(|(_, _, l)| l).collect();
        listed.sort();
        let mut labels: Vec<&String> = scene.riders.iter().map(|r| &r.label).collect();
        labels.sort();
        assert_eq!(
            listed, labels,
            "every rider of a shared cell is listed once"
        );
        for (n, pos, here) in shared {
            let count = scene.riders.iter().filter(|r| r.pos == *pos).count();
            assert_eq!(here.len(), count, "cell {n} at {pos:?}");
        }
        assert_eq!(
            shared.iter().map(|(n, _, _)| *n).collect::<Vec<_>>(),
            [1, 2],
            "numbered in reading order, the top lane first"
        );
        assert_eq!(shared[0].1.lane, 1);
        let text = crate::text_board::board_text(&view, Some(0));
        let lanes: Vec<&str> = text.lines().filter(|l| l.starts_with("lane")).collect();
        assert!(lanes.iter().all(|l| l.contains("×4")), "{text}");
        let list = text
            .lines()
            .find(|l| l.starts_with("sharing a cell: "))
            .unwrap_or_else(|| panic!("{text}"));
        for r in &view.riders {
            let label = format!("{}{}", r.team + 1, view.rider_names.letter(r.kind));
            assert!(list.contains(&label), "{label} in {list}");
        }
        assert!(
            list.contains(&format!("row {} lane 1 (4): 2R 2S 4R 4S;", start.row)),
            "{list}"
        );
        if let Ok(dir) = std::env::var("COMMISSAIRE_PICTURES") {
            std::fs::write(
                std::path::Path::new(&dir).join("time-trial-start.png"),
                picture.to_png().unwrap(),
            )
            .unwrap();
        }
    }

    #[test]
    fn teams_with_the_same_initial_are_labelled_by_number() {
        let s = stage(&["Blue", "Black"]);
        let scene = BoardScene::from_view(&s.view(Viewer::Public));
        assert_eq!(scene.riders[0].label, "1R");
        assert_eq!(scene.riders[1].label, "2R");
        assert_eq!(scene.turn, 0);
        assert!(scene.riders.iter().all(|r| r.marks.is_empty()));
    }
}
