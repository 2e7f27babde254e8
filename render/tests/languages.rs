//! The words drawn on the pictures fit in every language: boards (of both games, with weather,
//! wind, a gruppetto, jerseys), profiles and standings are drawn in English, French and Dutch
//! with the longest titles the catalogue has, and every text drawn is measured against its
//! picture and against the others: none runs off the picture, none overlaps another, and none
//! of the catalogue's words is cut with an ellipsis to fit.
//!
//! `COMMISSAIRE_SAVE_PNG=<folder>` saves the pictures drawn, to look at them.

use commissaire_engine::course::parse_course_toml;
use commissaire_engine::games::card_race::card_race_attributes;
use commissaire_engine::registry::{self, Entrant, Setup};
use commissaire_engine::tour::{Classification, Score, StandingRow, Unit};
use commissaire_messages::{Language, msg, speaking};
use commissaire_render::text::{Measured, measured};
use commissaire_render::{
    BoardScene, Jersey, ProfileScene, SquareSign, draw_board, profile::draw_profile, ruleset,
    samples, standings::draw_standings, standings_table,
};
use image::RgbImage;
use std::path::Path;
use std::sync::Arc;

fn course(game: &str, file: &str) -> Arc<commissaire_engine::course::Course> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../config/courses")
        .join(game)
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    Arc::new(parse_course_toml(&text, file).unwrap())
}

/// A card-race stage under `options`, played by bots for `moves` decisions.
fn card_race(options: serde_json::Value, file: &str, moves: usize) -> registry::Scene {
    let teams = [
        "Vélo Club Mécanique",
        "Les Automates",
        "Pignon Fixe",
        "Roue Libre",
    ];
    use commissaire_engine::games::card_race::RiderKind;
    let riders = teams
        .iter()
        .enumerate()
        .flat_map(|(t, name)| {
            [
                (RiderKind::Rouleur, "Rouleur"),
                (RiderKind::Sprinteur, "Sprinteur"),
            ]
            .map(|(kind, word)| Entrant {
                id: format!("{name} {word}"),
                team: t as u8,
                start: None,
                attributes: card_race_attributes(kind, 0),
            })
        })
        .collect();
    let setup = Setup {
        course: course("card-race", file),
        teams: teams.iter().map(|t| t.to_string()).collect(),
        riders,
        options,
        dice: Vec::new(),
    };
    played(registry::start("card-race", &setup, 3).unwrap(), moves)
}

/// A Velo Master stage at `level`, played by bots for `moves` decisions.
fn velo_master(level: &str, file: &str, moves: usize) -> registry::Scene {
    let teams = ["Verts", "Roses", "Oranges"];
    let riders = (0..teams.len())
        .flat_map(|t| {
            (0..4).map(move |i| Entrant {
                id: format!("{} {}", teams[t], i + 1),
                team: t as u8,
                start: None,
                attributes: serde_json::json!({"role": if i == 0 { "leader" } else { "team-mate" }}),
            })
        })
        .collect();
    let setup = Setup {
        course: course("velo-master", file),
        teams: teams.iter().map(|t| t.to_string()).collect(),
        riders,
        options: serde_json::json!({ "level": level }),
        dice: Vec::new(),
    };
    played(registry::start("velo-master", &setup, 2).unwrap(), moves)
}

/// A Hulst stage of three teams of three, played by bots for `moves` decisions.
fn hulst(file: &str, moves: usize) -> registry::Scene {
    let teams = ["Rood", "Blauw", "Geel"];
    let riders = (0..9)
        .map(|i| Entrant {
            id: format!("{} {}", teams[i / 3], i % 3 + 1),
            team: (i / 3) as u8,
            start: None,
            attributes: serde_json::Value::Null,
        })
        .collect();
    let setup = Setup {
        course: course("hulst", file),
        teams: teams.iter().map(|t| t.to_string()).collect(),
        riders,
        options: serde_json::Value::Null,
        dice: Vec::new(),
    };
    played(registry::start("hulst", &setup, 11).unwrap(), moves)
}

/// A Maillot Jaune stage of three teams of three, played by bots for `moves` decisions.
fn maillot_jaune(file: &str, moves: usize) -> registry::Scene {
    let teams = ["Jaunes", "Verts", "Bleus"];
    let riders = (0..9u8)
        .map(|i| Entrant {
            id: format!("{} {}", teams[(i % 3) as usize], i / 3 + 1),
            team: i % 3,
            start: None,
            attributes: serde_json::json!({"overall": i + 1, "form": 20 - i}),
        })
        .collect();
    let setup = Setup {
        course: course("maillot-jaune", file),
        teams: teams.iter().map(|t| t.to_string()).collect(),
        riders,
        options: serde_json::Value::Null,
        dice: Vec::new(),
    };
    played(registry::start("maillot-jaune", &setup, 4).unwrap(), moves)
}

fn played(mut stage: Box<dyn registry::DynStage>, moves: usize) -> registry::Scene {
    for _ in 0..moves {
        if stage.is_over() {
            break;
        }
        let seat = stage.waiting_on()[0].0;
        stage.play_bot(seat).unwrap();
    }
    stage.scene()
}

/// The scenes drawn: the samples (every mark the board draws, some riders in jerseys), and
/// played stages with house rules A's weather and gruppetto, house rules B's weather and wind,
/// and Velo Master.
fn boards() -> Vec<BoardScene> {
    let jerseys = [
        Jersey::Yellow,
        Jersey::Green,
        Jersey::PolkaDot,
        Jersey::White,
    ];
    let mut out = vec![
        samples::start(),
        samples::bunch_sprint(),
        samples::split_field(),
        samples::uphill_finish(),
        samples::chosen_colours(),
        samples::staggered_letters(),
        // Riders sharing cells: numbered on the board, listed in the panel under it.
        samples::time_trial_start(),
        samples::pile_past_line(),
    ];
    for scene in &mut out {
        for (token, jersey) in scene.riders.iter_mut().zip(jerseys) {
            token.jersey = Some(jersey);
        }
        scene.jersey_names = card_race_jerseys();
    }
    let played = [
        card_race(
            serde_json::json!({"profiles": "house-b", "weather": "house-b", "wind": "house-b"}),
            "ronde-van-wevelgem.toml",
            40,
        ),
        card_race(
            serde_json::json!({"profiles": "house-a", "weather": "house-a",
                "weather_today": "heatwave", "gruppetto": true, "peloton_team": 1}),
            "le-col-du-ballon.toml",
            30,
        ),
        card_race(
            serde_json::json!({"profiles": "house-b", "fictive_start": true}),
            "avenue-corso-paseo.toml",
            1,
        ),
        // A time trial's start: every rider waiting on the start line, the cells shared.
        card_race(
            serde_json::json!({"profiles": "house-b", "time_trial_b": "individual"}),
            "avenue-corso-paseo.toml",
            1,
        ),
        velo_master("pro", "vm-col-des-trois-cols.toml", 60),
        velo_master("expert", "vm-circuit-d-aurillac.toml", 25),
        // Hulst's numbers, swap and chance squares (a rider put on one of each below), and
        // Maillot Jaune's legend of card codes and its finish board.
        hulst("hulst-vlakke-etappe.toml", 20),
        maillot_jaune("mj-etape-1.toml", 10_000),
    ];
    for scene in &played {
        let mut board = ruleset::board_scene(scene).unwrap();
        board.stage_name = msg!(
            "picture-round",
            stage = 12,
            turn = msg!("turn-round", round = 38)
        );
        let vm = matches!(scene, registry::Scene::VeloMaster(_));
        let worn = if vm {
            [Jersey::Gold, Jersey::Red, Jersey::Gold, Jersey::Red]
        } else {
            jerseys
        };
        for (token, jersey) in board.riders.iter_mut().zip(worn) {
            token.jersey = Some(jersey);
        }
        let signs = [SquareSign::Swap, SquareSign::Chance]
            .map(|sign| board.signs.iter().find(|s| s.1 == sign).map(|s| s.0));
        for (token, pos) in board.riders.iter_mut().rev().zip(signs) {
            if let Some(pos) = pos {
                token.pos = pos;
            }
        }
        board.jersey_names = if vm {
            vec![
                (Jersey::Gold, msg!("classification-or")),
                (Jersey::Red, msg!("classification-rouge")),
            ]
        } else {
            card_race_jerseys()
        };
        out.push(board);
    }
    out
}

/// The card race's jerseys with the classifications they lead, as a tour names them.
fn card_race_jerseys() -> Vec<(Jersey, String)> {
    vec![
        (Jersey::Yellow, msg!("classification-general")),
        (Jersey::Green, msg!("classification-points")),
        (Jersey::PolkaDot, msg!("classification-mountains")),
        (Jersey::White, msg!("classification-youth")),
    ]
}

fn profiles() -> Vec<ProfileScene> {
    let mut out: Vec<ProfileScene> = [samples::bunch_sprint(), samples::uphill_finish()]
        .iter()
        .map(ProfileScene::from_board)
        .collect();
    let scene = card_race(
        serde_json::json!({"profiles": "house-a", "weather": "house-a", "weather_today": "storm"}),
        "la-haute-montagne.toml",
        20,
    );
    let mut profile = ruleset::profile_scene(&scene).unwrap();
    profile.stage_name = msg!("picture-profile", stage = 12, course = "La Haute Montagne");
    out.push(profile);
    out
}

/// Every classification title of both games, with long names and points gaps.
fn tables() -> Vec<commissaire_render::StandingsTable> {
    use commissaire_engine::tour::Jersey as Worn;
    let titles: [(&'static str, &'static str, Unit, Option<Worn>); 10] = [
        (
            "general",
            "classification-general",
            Unit::Time,
            Some(Worn::Yellow),
        ),
        (
            "points",
            "classification-points",
            Unit::Points,
            Some(Worn::Green),
        ),
        (
            "mountains",
            "classification-mountains",
            Unit::Points,
            Some(Worn::PolkaDot),
        ),
        ("team", "classification-team", Unit::Time, None),
        (
            "youth",
            "classification-youth",
            Unit::Time,
            Some(Worn::White),
        ),
        (
            "combativity",
            "classification-combativity",
            Unit::Points,
            None,
        ),
        ("cup", "classification-cup", Unit::Points, None),
        ("or", "classification-or", Unit::Time, Some(Worn::Gold)),
        (
            "rouge",
            "classification-rouge",
            Unit::Points,
            Some(Worn::Red),
        ),
        ("vm-team", "classification-vm-team", Unit::Time, None),
    ];
    titles
        .into_iter()
        .map(|(id, title, unit, jersey)| {
            let team = id.ends_with("team");
            let rows = (0..12u32)
                .map(|i| StandingRow {
                    rank: i + 1,
                    rider: (!team).then(|| {
                        commissaire_engine::tour::RiderKey::new(format!(
                            "Vélo Club Mécanique {}",
                            ["Rouleur", "Sprinteur", "Grimpeur"][i as usize % 3]
                        ))
                    }),
                    start_number: (!team).then_some(i + 1),
                    team: "Vélo Club Mécanique".into(),
                    value: match unit {
                        Unit::Time => Score::Seconds(36_000 + 97 * i64::from(i)),
                        Unit::Points => Score::Points(120 - 9 * i),
                    },
                    gap: match unit {
                        Unit::Time => Score::Seconds(97 * i64::from(i)),
                        Unit::Points => Score::Points(9 * i),
                    },
                    reinstated: i == 4,
                    // A team short of riders is ranked after the full ones, and says so.
                    riders_left: (team && i == 11).then_some(2),
                })
                .collect();
            let classification = Classification {
                id,
                title: registry::Sentence {
                    id: title,
                    args: Vec::new(),
                    text: String::new(),
                },
                jersey,
                unit,
                rows,
                holder: Some(0),
            };
            standings_table(&classification, 24, &|_| {
                Some(commissaire_render::palette::team(0))
            })
            .after_stage(21)
        })
        .collect()
}

/// The names of the teams and riders drawn, which a picture may cut.
const NAMES: [&str; 7] = [
    "Vélo Club Mécanique",
    "Les Automates",
    "Pignon Fixe",
    "Roue Libre",
    "Verts",
    "Roses",
    "Oranges",
];

/// What went wrong in one picture: texts off it, texts overlapping, words cut.
fn problems(name: &str, img: &RgbImage, seen: &Measured) -> Vec<String> {
    let mut out = Vec::new();
    let mine: Vec<_> = seen
        .drawn
        .iter()
        .filter(|d| d.within == img.dimensions() && !d.text.trim().is_empty())
        .collect();
    for d in &mine {
        if !d.inside() {
            out.push(format!("{name}: '{}' runs off the picture ({d:?})", d.text));
        }
    }
    for (i, a) in mine.iter().enumerate() {
        for b in &mine[i + 1..] {
            if a.overlaps(b) {
                out.push(format!("{name}: '{}' overlaps '{}'", a.text, b.text));
            }
        }
    }
    // Names are the players' (a long team name is cut, in any language); words are ours.
    for cut in seen
        .cut
        .iter()
        .filter(|c| !NAMES.iter().any(|n| c.contains(n)))
    {
        out.push(format!("{name}: '{cut}' is cut to fit"));
    }
    out
}

#[test]
fn the_longest_words_of_every_language_fit_their_pictures() {
    let save = std::env::var("COMMISSAIRE_SAVE_PNG").ok();
    let mut all = Vec::new();
    let mut drawn = 0;
    for language in Language::ALL {
        speaking(language, || {
            for (n, scene) in boards().iter().enumerate() {
                let (pic, seen) = measured(|| draw_board(scene).unwrap());
                drawn += seen.drawn.len();
                all.extend(problems(
                    &format!("{language} board {n}"),
                    &pic.image,
                    &seen,
                ));
                if let Some(dir) = &save {
                    pic.image
                        .save(format!("{dir}/{language}-board-{n}.png"))
                        .unwrap();
                }
            }
            for (n, profile) in profiles().iter().enumerate() {
                let (img, seen) = measured(|| draw_profile(profile).unwrap());
                drawn += seen.drawn.len();
                all.extend(problems(&format!("{language} profile {n}"), &img, &seen));
                if let Some(dir) = &save {
                    img.save(format!("{dir}/{language}-profile-{n}.png"))
                        .unwrap();
                }
            }
            for (n, table) in tables().iter().enumerate() {
                let (img, seen) = measured(|| draw_standings(table));
                drawn += seen.drawn.len();
                all.extend(problems(&format!("{language} standings {n}"), &img, &seen));
                if let Some(dir) = &save {
                    img.save(format!("{dir}/{language}-standings-{n}.png"))
                        .unwrap();
                }
            }
            // The tour's charts (issue 36): every classification of a made-up week.
            let done = commissaire_render::samples::tour_results(7, 36);
            let ids = registry::classify("card-race", &done, &serde_json::Value::Null)
                .unwrap()
                .ids();
            for id in ids {
                let after_each: Vec<_> = (1..=done.len())
                    .map(|k| {
                        registry::classify("card-race", &done[..k], &serde_json::Value::Null)
                            .unwrap()
                            .get(id)
                            .unwrap()
                            .clone()
                    })
                    .collect();
                let scene = commissaire_render::ChartScene::new(&after_each, &|_| {
                    Some(commissaire_render::palette::team(1))
                });
                let (img, seen) =
                    measured(|| commissaire_render::chart::draw_chart(&scene).unwrap());
                drawn += seen.drawn.len();
                all.extend(problems(&format!("{language} {id} chart"), &img, &seen));
                if let Some(dir) = &save {
                    img.save(format!("{dir}/{language}-{id}-chart.png"))
                        .unwrap();
                }
            }
        });
    }
    assert!(drawn > 1000, "only {drawn} texts drawn: is the measure on?");
    assert!(all.is_empty(), "{all:#?}");
}

/// The measure sees what it must: a text off the picture, two texts on each other, a cut word.
#[test]
fn the_measure_sees_a_text_off_the_picture_an_overlap_and_a_cut() {
    use commissaire_render::text::{self, Style};
    let mut img = RgbImage::new(100, 40);
    let ((), seen) = measured(|| {
        text::draw(
            &mut img,
            Style::regular(14.0),
            [0, 0, 0].into(),
            5,
            5,
            "Manche 3",
        );
        text::draw(
            &mut img,
            Style::regular(14.0),
            [0, 0, 0].into(),
            20,
            8,
            "Ronde 3",
        );
        text::draw(
            &mut img,
            Style::regular(14.0),
            [0, 0, 0].into(),
            60,
            25,
            "Etappe 12",
        );
        let _ = text::fit(Style::regular(14.0), "Grand prix de la montagne", 60);
    });
    let found = problems("test", &img, &seen);
    assert!(
        found.iter().any(|p| p.contains("'Etappe 12' runs off")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|p| p.contains("'Manche 3' overlaps 'Ronde 3'")),
        "{found:?}"
    );
    assert!(
        found.iter().any(|p| p.contains("is cut to fit")),
        "{found:?}"
    );
}
