//! House rules B on the board: the weather level and the wind arrow in the header, steep rows
//! black with their key entry.

use commissaire_engine::course::parse_course_toml;
use commissaire_engine::game::{Ruleset, Viewer};
use commissaire_engine::games::card_race::bot::{SensibleBot, play_seat};
use commissaire_engine::games::card_race::house_b::{
    HouseBOptions, TilesOptions, WeatherRule, WindRule,
};
use commissaire_engine::games::card_race::{
    Hands, Options, Profiles, RiderKind, RiderSetup, Stage, StageSetup,
};
use commissaire_render::{BoardScene, draw_board, palette};
use std::sync::Arc;

fn stage(house_b: HouseBOptions) -> Stage {
    let course = parse_course_toml(
        "name = \"Col noir\"\nsteep = [7, 9]\n[[segment]]\nterrain = \"flat\"\nlength = 4\nstart = true\n[[segment]]\nterrain = \"uphill\"\nlength = 6\n[[segment]]\nterrain = \"flat\"\nlength = 20\n[[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\n",
        "col.toml",
    )
    .unwrap();
    let kinds = [RiderKind::Rouleur, RiderKind::Sprinteur];
    let riders = (0..4)
        .map(|i| RiderSetup {
            id: format!("R{i}"),
            team: (i % 2) as u8,
            kind: kinds[i / 2],
            start: course.start_cells()[i],
            carried_exhaustion: 0,
        })
        .collect();
    let setup = StageSetup {
        course: Arc::new(course),
        teams: vec!["Blue".into(), "Red".into()],
        riders,
        options: Options {
            hands: Hands::Deal,
            profiles: Profiles::HouseB,
            house_b,
            ..Options::default()
        },
    };
    Stage::with_dice(Arc::new(setup), 5, vec![2, 6, 6]).unwrap()
}

#[test]
fn the_header_shows_weather_and_wind_and_steep_rows_are_black_in_the_key() {
    let mut s = stage(HouseBOptions {
        weather: WeatherRule::HouseB,
        wind: WindRule::HouseB,
        tiles: TilesOptions {
            steep: true,
            ..TilesOptions::default()
        },
        ..HouseBOptions::default()
    });
    let mut bot = SensibleBot;
    for _ in 0..2 {
        for seat in 0..2 {
            play_seat(&mut s, seat, &mut bot).unwrap();
        }
    }
    let scene = BoardScene::from_view(&s.view(Viewer::Public));
    assert_eq!(scene.sky.weather, Some(5), "3, then two 6s");
    let pic = draw_board(&scene).unwrap();
    if let Ok(dir) = std::env::var("COMMISSAIRE_SAVE_PNG") {
        std::fs::write(format!("{dir}/house-b-board.png"), pic.to_png().unwrap()).unwrap();
    }
    assert!(
        pic.key().iter().any(|k| k.contains("steep row")),
        "{:?}",
        pic.key()
    );
    // An empty steep cell is black inside; the uphill row before it is not.
    let (x, y, w, h) = pic
        .cell_rect(commissaire_engine::course::Pos::new(7, 0))
        .unwrap();
    let mid = *pic.image.get_pixel((x + w / 2) as u32, (y + h - 5) as u32);
    assert_eq!(mid, palette::STEEP);
    let (x, y, w, h) = pic
        .cell_rect(commissaire_engine::course::Pos::new(6, 0))
        .unwrap();
    assert_ne!(
        *pic.image.get_pixel((x + w / 2) as u32, (y + h - 5) as u32),
        palette::STEEP
    );

    // The profile draws the steep rows black too, and explains them.
    let profile = commissaire_render::ProfileScene::from_view(&s.view(Viewer::Public));
    let img = commissaire_render::profile::draw_profile(&profile).unwrap();
    let black = img.pixels().filter(|p| **p == palette::STEEP).count();
    assert!(black > 100, "steep slices drawn: {black} pixels");
    if let Ok(dir) = std::env::var("COMMISSAIRE_SAVE_PNG") {
        img.save(format!("{dir}/house-b-profile.png")).unwrap();
    }

    // Without house rules B the header is as it was: the same picture as a scene with no sky.
    let plain = stage(HouseBOptions::default());
    let scene = BoardScene::from_view(&plain.view(Viewer::Public));
    assert_eq!(scene.sky, Default::default());
}

#[test]
fn a_roundabout_is_drawn_with_its_long_lane_on_the_outside() {
    let course = Arc::new(
        parse_course_toml("name = \"Rond-point\"\ntiles = \"abvbVu\"\n", "r.toml").unwrap(),
    );
    // 'v' (rows 12 to 14) has its short lane on the right: its outer cells lie on the left
    // (across 1); 'V' (rows 21 to 23) the other way round.
    let across = |row: u16| {
        course
            .place(commissaire_engine::course::Pos::new(row, 0))
            .unwrap()
            .across
    };
    assert_eq!([across(12), across(14)], [1.0, 1.0]);
    assert_eq!([across(21), across(23)], [0.0, 0.0]);
    let riders = vec![
        commissaire_render::RiderToken::new("BR", 0, commissaire_engine::course::Pos::new(13, 0)),
        commissaire_render::RiderToken::new("RR", 1, commissaire_engine::course::Pos::new(12, 0)),
    ];
    let teams = vec![
        commissaire_render::TeamStyle {
            name: "Blue".into(),
            colour: commissaire_render::palette::team(0),
            mark: "B".into(),
        },
        commissaire_render::TeamStyle {
            name: "Red".into(),
            colour: commissaire_render::palette::team(1),
            mark: "R".into(),
        },
    ];
    let scene = BoardScene::new(course, "Rond-point", 3, teams, riders);
    let pic = draw_board(&scene).unwrap();
    let (_, y_outer, _, _) = pic
        .cell_rect(commissaire_engine::course::Pos::new(12, 0))
        .unwrap();
    let (_, y_short, _, _) = pic
        .cell_rect(commissaire_engine::course::Pos::new(13, 0))
        .unwrap();
    assert!(
        y_outer < y_short,
        "the long lane's outer cell is drawn on the left (above)"
    );
    if let Ok(dir) = std::env::var("COMMISSAIRE_SAVE_PNG") {
        std::fs::write(format!("{dir}/roundabout-board.png"), pic.to_png().unwrap()).unwrap();
    }
}

/// Bots ride a house-B stage with attack cards and a feed zone until a round shows an attacker
/// and someone holds a musette: both carry their badge, and the key explains them.
#[test]
fn an_attacker_and_a_musette_holder_wear_their_badges() {
    use commissaire_engine::games::card_race::house_b::SupplyZone;
    let course = parse_course_toml(
        "name = \"Ravito\"\n[[segment]]\nterrain = \"flat\"\nlength = 4\nstart = true\n[[segment]]\nterrain = \"flat\"\nlength = 3\n[[segment]]\nterrain = \"supply\"\nlength = 6\n[[segment]]\nterrain = \"flat\"\nlength = 40\n[[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\n",
        "ravito.toml",
    )
    .unwrap();
    let kinds = [
        RiderKind::Rouleur,
        RiderKind::Sprinteur,
        RiderKind::Grimpeur,
    ];
    let riders = (0..6)
        .map(|i| RiderSetup {
            id: format!("R{i}"),
            team: (i % 2) as u8,
            kind: kinds[i / 2],
            start: course.start_cells()[i],
            carried_exhaustion: 0,
        })
        .collect();
    let setup = Arc::new(StageSetup {
        course: Arc::new(course),
        teams: vec!["Blue".into(), "Red".into()],
        riders,
        options: Options {
            hands: Hands::Deal,
            profiles: Profiles::HouseB,
            house_b: HouseBOptions {
                attack_card: true,
                supply_zone: SupplyZone::FeedZone,
                ..HouseBOptions::default()
            },
            ..Options::default()
        },
    });
    let mut bot = SensibleBot;
    let mut shown = None;
    'seeds: for seed in 1..40 {
        let mut s = Stage::from_shared(Arc::clone(&setup), seed).unwrap();
        while !s.is_over() {
            for seat in 0..2 {
                play_seat(&mut s, seat, &mut bot).unwrap();
            }
            let view = s.view(Viewer::Public);
            let attacked = view.last_round.iter().any(|r| r.attack);
            let holds = view.riders.iter().any(|r| r.musettes > 0);
            if attacked && holds {
                shown = Some(s);
                break 'seeds;
            }
        }
    }
    let s = shown.expect("some stage shows an attack while a musette is held");
    let scene = BoardScene::from_view(&s.view(Viewer::Public));
    let badges = |m: commissaire_render::Mark| scene.riders.iter().filter(|r| r.has(&m)).count();
    assert!(badges(commissaire_render::Mark::Attack) > 0);
    assert!(badges(commissaire_render::Mark::Musette) > 0);
    let pic = draw_board(&scene).unwrap();
    let key = pic.key();
    assert!(key.iter().any(|k| k.contains("attacked")), "{key:?}");
    assert!(key.iter().any(|k| k.contains("holds a musette")), "{key:?}");
    if let Ok(dir) = std::env::var("COMMISSAIRE_SAVE_PNG") {
        std::fs::write(format!("{dir}/house-b-attack.png"), pic.to_png().unwrap()).unwrap();
    }
}

#[test]
fn hb_042_yellow_rows_get_a_striped_yellow_rim_unlike_the_supply_zone_and_a_key_entry() {
    let course = parse_course_toml(
        "name = \"Neutralisé\"\nneutral = [5, 6]\n[[segment]]\nterrain = \"flat\"\nlength = 4\nstart = true\n[[segment]]\nterrain = \"flat\"\nlength = 6\n[[segment]]\nterrain = \"supply\"\nlength = 3\n[[segment]]\nterrain = \"flat\"\nlength = 20\n[[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\n",
        "neutre.toml",
    )
    .unwrap();
    let riders = (0..2)
        .map(|i| RiderSetup {
            id: format!("R{i}"),
            team: i as u8,
            kind: RiderKind::Rouleur,
            start: course.start_cells()[i],
            carried_exhaustion: 0,
        })
        .collect();
    let setup = StageSetup {
        course: Arc::new(course),
        teams: vec!["Blue".into(), "Red".into()],
        riders,
        options: Options {
            hands: Hands::Deal,
            profiles: Profiles::HouseB,
            fictive_start: true,
            ..Options::default()
        },
    };
    let s = Stage::new(setup, 5).unwrap();
    let pic = draw_board(&BoardScene::from_view(&s.view(Viewer::Public))).unwrap();
    if let Ok(dir) = std::env::var("COMMISSAIRE_SAVE_PNG") {
        std::fs::write(format!("{dir}/house-b-neutral.png"), pic.to_png().unwrap()).unwrap();
    }
    assert!(
        pic.key().iter().any(|k| k.contains("yellow row")),
        "{:?}",
        pic.key()
    );
    let rim = |row: u16| {
        let (x, y, w, h) = pic
            .cell_rect(commissaire_engine::course::Pos::new(row, 0))
            .unwrap();
        (x..x + w)
            .map(|px| *pic.image.get_pixel(px as u32, (y + 2) as u32))
            .filter(|p| *p == palette::NEUTRAL)
            .count()
            + (y..y + h)
                .filter(|&py| {
                    *pic.image.get_pixel((x + w / 2) as u32, py as u32) == palette::NEUTRAL
                })
                .count()
            + usize::from(
                *pic.image.get_pixel((x + w / 2) as u32, (y + h / 2) as u32) == palette::NEUTRAL,
            ) * 1000
    };
    // A yellow row's cell has the striped rim and keeps its terrain in the middle; the flat row
    // before it and the supply zone have neither stripe.
    let yellow = rim(5);
    assert!((5..1000).contains(&yellow), "striped rim only: {yellow}");
    assert_eq!(rim(4), 0);
    assert_eq!(rim(11), 0, "the supply zone is not striped");
}

#[test]
fn the_text_board_tells_the_weather_and_wind_under_its_title() {
    use commissaire_render::text_board::board_text;
    // Dice 2, 6, 6: the wind's d4 shows 2, then round 1's weather rolls 6 (3 to 4).
    let s = stage(HouseBOptions {
        weather: WeatherRule::HouseB,
        wind: WindRule::HouseB,
        ..HouseBOptions::default()
    });
    let view = s.view(Viewer::Public);
    let wind = match view.conditions.wind.expect("a wind") {
        commissaire_engine::games::card_race::house_b::Wind::Head => "headwind",
        commissaire_engine::games::card_race::house_b::Wind::Tail => "tailwind",
        commissaire_engine::games::card_race::house_b::Wind::CrossFromLeft => {
            "crosswind from the left"
        }
        commissaire_engine::games::card_race::house_b::Wind::CrossFromRight => {
            "crosswind from the right"
        }
    };
    let board = board_text(&view, Some(0));
    let second = board.lines().nth(1).unwrap();
    assert_eq!(
        second,
        format!("weather {}/5, {wind}", view.conditions.weather.unwrap()),
        "{board}"
    );

    // The cold is explained.
    let cold = stage(HouseBOptions {
        weather: WeatherRule::HouseB,
        weather_level: Some(1),
        ..HouseBOptions::default()
    });
    let board = board_text(&cold.view(Viewer::Public), None);
    assert!(
        board
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("weather 1/5 (cold"),
        "{board}"
    );

    // House rules A's weather by its word.
    let fog = stage(HouseBOptions {
        weather: WeatherRule::HouseA,
        weather_today: Some(commissaire_engine::games::card_race::house_a::weather::Weather::Fog),
        ..HouseBOptions::default()
    });
    let board = board_text(&fog.view(Viewer::Public), None);
    assert_eq!(board.lines().nth(1).unwrap(), "weather: fog", "{board}");

    // No weather: the row numbers follow the title straight away.
    let plain = stage(HouseBOptions::default());
    let board = board_text(&plain.view(Viewer::Public), None);
    assert!(board.lines().nth(1).unwrap().starts_with("row "), "{board}");
}
