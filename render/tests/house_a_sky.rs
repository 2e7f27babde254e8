//! House rules A's weather on the pictures: an icon and its word in the board's header and
//! beside the profile's title, one for each of the six weathers (HA-067…HA-072).

use commissaire_engine::course::CourseSpec;
use commissaire_engine::game::{Ruleset, Viewer};
use commissaire_engine::games::card_race::house_a::weather::{Reveal, Weather};
use commissaire_engine::games::card_race::house_b::{HouseBOptions, WeatherRule};
use commissaire_engine::games::card_race::{
    Hands, Options, RiderKind, RiderSetup, Stage, StageSetup,
};
use commissaire_render::scene::{Outlook, RoadSign};
use commissaire_render::{BoardScene, ProfileScene, draw_board, render_profile};
use image::GenericImageView;
use std::sync::Arc;

fn stage(weather: Weather) -> Stage {
    let course = CourseSpec {
        name: Some("Col du Ciel".into()),
        tiles: Some("abcEGdefU".into()),
        ..Default::default()
    }
    .build()
    .unwrap();
    let riders = (0..4)
        .map(|i| RiderSetup {
            id: format!("R{i}"),
            team: (i % 2) as u8,
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
            house_b: HouseBOptions {
                weather: WeatherRule::HouseA,
                weather_today: Some(weather),
                weather_reveal: Reveal::Upfront,
                ..HouseBOptions::default()
            },
            ..Options::default()
        },
    };
    Stage::new(setup, 5).unwrap()
}

#[test]
fn ha_067_to_ha_072_each_weather_has_its_icon_and_word_on_the_board_and_the_profile() {
    let all = [
        (Weather::Fog, Outlook::Fog),
        (Weather::Storm, Outlook::Storm),
        (Weather::Windy, Outlook::Windy),
        (Weather::Overcast, Outlook::Overcast),
        (Weather::Sunny, Outlook::Sunny),
        (Weather::Heatwave, Outlook::Heatwave),
    ];
    let save = std::env::var("COMMISSAIRE_SAVE_PNG").ok();
    let mut headers = Vec::new();
    for (weather, outlook) in all {
        let s = stage(weather);
        let view = s.view(Viewer::Public);
        let board = BoardScene::from_view(&view);
        assert_eq!(board.sky.outlook, Some(outlook));
        assert_eq!(
            board.sky.weather, None,
            "house rules B's level is not in play"
        );
        let profile = ProfileScene::from_view(&view);
        assert_eq!(profile.sky.outlook, Some(outlook));
        let pic = draw_board(&board).unwrap();
        // The header differs from one weather to the next: the icon and word are drawn.
        let header: Vec<u8> = pic
            .image
            .view(0, 0, pic.image.width(), 44)
            .to_image()
            .into_raw();
        assert!(
            !headers.contains(&header),
            "{weather:?} draws like another weather"
        );
        headers.push(header);
        let png = render_profile(&profile).unwrap();
        if let Some(dir) = &save {
            let name = weather.name();
            std::fs::write(format!("{dir}/sky-{name}-board.png"), pic.to_png().unwrap()).unwrap();
            std::fs::write(format!("{dir}/sky-{name}-profile.png"), png).unwrap();
        }
    }
    // Without A's weather the header is as before: no icon.
    let mut plain = BoardScene::from_view(&stage(Weather::Sunny).view(Viewer::Public));
    plain.sky.outlook = None;
    let pic = draw_board(&plain).unwrap();
    let header = pic
        .image
        .view(0, 0, pic.image.width(), 44)
        .to_image()
        .into_raw();
    assert!(!headers.contains(&header));
}

#[test]
fn met_1_turned_meteo_tokens_are_named_over_their_tile() {
    // Windy lays all three wind tokens: each turned one is named above the strip.
    let s = stage(Weather::Windy);
    let view = s.view(Viewer::Public);
    let board = BoardScene::from_view(&view);
    let laid = view.conditions.sky.as_ref().unwrap().tokens.clone();
    assert_eq!(
        board.road_signs.len(),
        laid.iter()
            .filter(|t| t.1 != commissaire_engine::games::card_race::house_a::weather::Token::Blank)
            .count()
    );
    let pic = draw_board(&board).unwrap();
    let names = pic.line_names();
    // The board shows the stretch of road around the riders: every sign there is named.
    let mut shown = 0;
    for &(row, sign) in &board.road_signs {
        if pic.strip_of(row).is_none() {
            continue;
        }
        let text = match sign {
            RoadSign::Headwind => "Headwind: draw 3",
            RoadSign::Tailwind => "Tailwind: draw 5",
            RoadSign::Crosswind => "Crosswind: no slipstream",
            RoadSign::Rain => "Rain: falls",
        };
        assert!(names.iter().any(|n| n == text), "{text} in {names:?}");
        shown += 1;
    }
    assert!(shown > 0, "the windy stage's first tiles carry wind tokens");
    if let Ok(dir) = std::env::var("COMMISSAIRE_SAVE_PNG") {
        std::fs::write(format!("{dir}/sky-windy-tokens.png"), pic.to_png().unwrap()).unwrap();
    }
}
