//! What the pictures show, checked on their pixels: the terrain colours, the tokens, the strips,
//! the size limits, and that the same scene gives the same bytes.

use commissaire_engine::course::{CourseSpec, Pos, Terrain};
use commissaire_render::layout::MAX_WIDTH;
use commissaire_render::{
    BoardPicture, BoardScene, ProfileScene, RenderError, RiderToken, TeamStyle, draw_board,
    palette, render_board, render_profile, render_standings, samples,
};
use image::Rgb;
use std::sync::Arc;

const MAX_PNG: usize = 400 * 1024;

fn pixel(p: &BoardPicture, x: u32, y: u32) -> Rgb<u8> {
    *p.image.get_pixel(x, y)
}

/// A point inside a rider's token clear of its label and badges: the middle of its top edge.
fn token_fill(p: &BoardPicture, pos: Pos) -> Rgb<u8> {
    let (x, y, w, _) = p.cell_rect(pos).expect("cell drawn");
    pixel(p, (x + w / 2) as u32, (y + 11) as u32)
}

fn all_samples() -> Vec<BoardScene> {
    vec![
        samples::start(),
        samples::bunch_sprint(),
        samples::split_field(),
        samples::uphill_finish(),
    ]
}

#[test]
fn pictures_fit_discord_and_decode_to_their_size() {
    for scene in all_samples() {
        let pic = draw_board(&scene).unwrap();
        assert!(pic.image.width() as i32 <= MAX_WIDTH);
        let png = pic.to_png().unwrap();
        assert!(
            png.len() < MAX_PNG,
            "{}: {} bytes",
            scene.stage_name,
            png.len()
        );
        let back = image::load_from_memory(&png).unwrap();
        assert_eq!(back.width(), pic.image.width());
        assert_eq!(back.height(), pic.image.height());
    }
}

#[test]
fn a_climb_cell_is_red_and_a_descent_blue() {
    let scene = samples::uphill_finish();
    let f = scene.course.finish_row();
    assert_eq!(scene.course.terrain(f - 1), Terrain::Uphill);
    let pic = draw_board(&scene).unwrap();
    // Row f-1, lane 1 has no rider on it.
    let (x, y) = pic.cell_centre(Pos::new(f - 1, 1)).unwrap();
    assert_eq!(pixel(&pic, x, y), palette::terrain(Terrain::Uphill));
    let Rgb([r, g, b]) = pixel(&pic, x, y);
    assert!(r > g + 80 && r > b + 80, "red-ish, got {r},{g},{b}");

    let scene = samples::split_field();
    let pic = draw_board(&scene).unwrap();
    let descent = (0..scene.course.row_count())
        .find(|&r| scene.course.terrain(r) == Terrain::Downhill)
        .unwrap();
    let (x, y) = pic.cell_centre(Pos::new(descent, 1)).unwrap();
    assert_eq!(pixel(&pic, x, y), palette::terrain(Terrain::Downhill));
}

#[test]
fn every_rider_shows_its_team_colour_in_its_cell() {
    for scene in all_samples() {
        let pic = draw_board(&scene).unwrap();
        for r in &scene.riders {
            let mut want = palette::team(scene.teams[r.team].colour);
            if r.finished {
                want = palette::fade(want, 0.55);
            }
            assert_eq!(token_fill(&pic, r.pos), want, "{} at {:?}", r.label, r.pos);
        }
    }
}

#[test]
fn lane_zero_is_the_bottom_lane() {
    let pic = draw_board(&samples::start()).unwrap();
    let (_, y0, _, _) = pic.cell_rect(Pos::new(2, 0)).unwrap();
    let (_, y1, _, _) = pic.cell_rect(Pos::new(2, 1)).unwrap();
    assert!(y0 > y1);
}

#[test]
fn a_rider_far_behind_is_still_in_the_picture() {
    let scene = samples::split_field();
    let laggard = scene
        .riders
        .iter()
        .min_by_key(|r| r.pos.row)
        .unwrap()
        .clone();
    let leader = scene.riders.iter().map(|r| r.pos.row).max().unwrap();
    assert!(leader - laggard.pos.row > 40);
    let pic = draw_board(&scene).unwrap();
    assert_eq!(pic.layout.strips.len(), 3);
    assert_eq!(pic.strip_of(laggard.pos.row), Some(2));
    assert_eq!(token_fill(&pic, laggard.pos), palette::team(laggard.team));
}

#[test]
fn a_split_field_is_drawn_as_two_strips_one_under_the_other() {
    let course = Arc::new(
        CourseSpec {
            tiles: Some("abcdefghijklmnopqrstu".into()),
            ..Default::default()
        }
        .build()
        .unwrap(),
    );
    let teams = vec![
        TeamStyle {
            name: "Blue".into(),
            colour: 0,
            mark: "B".into(),
        },
        TeamStyle {
            name: "Orange".into(),
            colour: 1,
            mark: "O".into(),
        },
    ];
    let ahead = RiderToken::new("BR", 0, Pos::new(50, 0));
    let behind = RiderToken::new("OR", 1, Pos::new(20, 0));
    let scene = BoardScene {
        course,
        stage_name: "Split".into(),
        turn: 8,
        teams,
        riders: vec![ahead, behind],
    };
    let pic = draw_board(&scene).unwrap();
    assert_eq!(pic.layout.strips.len(), 2);
    let roads = pic.road_spans();
    assert_eq!(roads.len(), 2);
    assert!(
        roads[1].0 > roads[0].1,
        "the chase strip is under the head strip"
    );

    // Each rider is in its own strip, in its team colour.
    assert_eq!(pic.strip_of(50), Some(0));
    assert_eq!(pic.strip_of(20), Some(1));
    assert_eq!(token_fill(&pic, Pos::new(50, 0)), palette::team(0));
    assert_eq!(token_fill(&pic, Pos::new(20, 0)), palette::team(1));
    let (_, y_behind) = pic.cell_centre(Pos::new(20, 0)).unwrap();
    assert!(y_behind as i32 > roads[0].1);

    // Between the two roads there is no road: only the strips' background.
    let (x, _) = pic.cell_centre(Pos::new(50, 0)).unwrap();
    let gap_y = (roads[0].1 + roads[1].0) / 2;
    let between = pixel(&pic, x, gap_y as u32);
    assert_ne!(between, palette::terrain(Terrain::Flat));
}

#[test]
fn the_same_scene_gives_the_same_bytes() {
    for scene in all_samples() {
        assert_eq!(render_board(&scene).unwrap(), render_board(&scene).unwrap());
        let profile = ProfileScene::from_board(&scene);
        assert_eq!(
            render_profile(&profile).unwrap(),
            render_profile(&profile).unwrap()
        );
    }
    let table = samples::general_classification();
    assert_eq!(
        render_standings(&table).unwrap(),
        render_standings(&table).unwrap()
    );
}

#[test]
fn twelve_riders_make_a_board_under_400_kb() {
    let scene = samples::bunch_sprint();
    assert_eq!(scene.riders.len(), 12);
    assert!(render_board(&scene).unwrap().len() < MAX_PNG);
}

#[test]
fn a_rider_off_the_course_or_of_no_team_is_an_error() {
    let mut scene = samples::start();
    scene.riders[0].pos = Pos::new(2, 5);
    assert!(matches!(
        draw_board(&scene),
        Err(RenderError::OffCourse { .. })
    ));
    let mut scene = samples::start();
    scene.riders[0].team = 9;
    assert!(matches!(
        draw_board(&scene),
        Err(RenderError::NoSuchTeam { .. })
    ));
}

#[test]
fn profile_and_standings_fit_discord() {
    for scene in all_samples() {
        let png = render_profile(&ProfileScene::from_board(&scene)).unwrap();
        let img = image::load_from_memory(&png).unwrap();
        assert!(img.width() as i32 <= MAX_WIDTH);
        assert!(png.len() < MAX_PNG);
    }
    let png = render_standings(&samples::mountains_classification()).unwrap();
    let img = image::load_from_memory(&png).unwrap();
    assert!(img.width() as i32 <= MAX_WIDTH);
}
