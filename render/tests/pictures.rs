//! What the pictures show, checked on their pixels: the terrain colours, the tokens, the strips,
//! the size limits, and that the same scene gives the same bytes.

use commissaire_engine::course::{CourseSpec, Pos, Terrain};
use commissaire_render::card_race::CARD_RACE_MARKS;
use commissaire_render::layout::MAX_WIDTH;
use commissaire_render::{
    BoardPicture, BoardScene, Mark, ProfileScene, RenderError, RiderToken, TeamStyle, draw_board,
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
        samples::chosen_colours(),
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
            let mut want = scene.teams[r.team].colour;
            if r.finished() {
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
            colour: palette::team(0),
            mark: "B".into(),
        },
        TeamStyle {
            name: "Orange".into(),
            colour: palette::team(1),
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
        mark_kinds: CARD_RACE_MARKS.to_vec(),
        letters: Vec::new(),
        sky: Default::default(),
        road_signs: Vec::new(),
        fictive_start: false,
        packs: Vec::new(),
        jersey_names: Vec::new(),
        cell_labels: Vec::new(),
        shaded: Vec::new(),
        signs: Vec::new(),
        played: Vec::new(),
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

// What a newcomer trips over (issue 13): names cut where they differ, the teams table's header,
// the leader's line, the wording of points gaps, the board's heading and key, team colours,
// glyphs the font lacks, and the strips' titles.

use commissaire_engine::course::parse_course_toml;
use commissaire_engine::registry;
use commissaire_engine::tour::{Classification, RiderKey, Score, StandingRow};
use commissaire_render::standings::{draw_standings, name_header, name_texts, row_background};
use commissaire_render::{standings_table, text};

/// Every classification of every registered game, without rows.
fn every_classification() -> Vec<Classification> {
    registry::RULESETS
        .iter()
        .flat_map(|r| {
            (r.classify)(&[], &serde_json::json!({"level": "pro"}))
                .unwrap()
                .tables
        })
        .collect()
}

/// The card race's classification `id` with these rows, led by the first.
fn classification(id: &str, rows: Vec<StandingRow>) -> Classification {
    let mut c = registry::classify("card-race", &[], &serde_json::Value::Null)
        .unwrap()
        .get(id)
        .unwrap()
        .clone();
    c.holder = (!rows.is_empty()).then_some(0);
    c.rows = rows;
    c
}

fn standing(rank: u32, rider: Option<&str>, team: &str, value: Score, gap: Score) -> StandingRow {
    StandingRow {
        rank,
        rider: rider.map(RiderKey::new),
        start_number: rider.map(|_| rank),
        team: team.into(),
        value,
        gap,
        reinstated: false,
        riders_left: None,
    }
}

#[test]
fn a_long_rider_name_keeps_the_end_that_tells_teammates_apart() {
    let team = "Vélo Club Mécanique";
    let rows: Vec<StandingRow> = ["Rouleur", "Sprinteur", "Grimpeur"]
        .iter()
        .enumerate()
        .map(|(i, kind)| {
            let name = format!("{team} {kind}");
            let t = Score::Seconds(6000 + i as i64 * 60);
            standing(
                i as u32 + 1,
                Some(&name),
                team,
                t,
                Score::Seconds(i as i64 * 60),
            )
        })
        .collect();
    let table = standings_table(&classification("general", rows), 10, &|_| {
        Some(palette::team(0))
    });
    let names = name_texts(&table);
    for (name, kind) in names.iter().zip(["Rouleur", "Sprinteur", "Grimpeur"]) {
        assert!(name.ends_with(kind), "{name:?} lost {kind}");
        assert!(name.contains('…'), "{name:?} is cut somewhere");
    }
}

#[test]
fn the_teams_table_names_its_column_team() {
    let rows = vec![
        standing(
            1,
            None,
            "Roue Libre",
            Score::Seconds(9000),
            Score::Seconds(0),
        ),
        standing(
            2,
            None,
            "Pignon Fixe",
            Score::Seconds(9100),
            Score::Seconds(100),
        ),
    ];
    let table = standings_table(&classification("team", rows), 10, &|_| {
        Some(palette::team(1))
    });
    assert_eq!(name_header(&table), "Team");
    assert_eq!(name_texts(&table), vec!["Roue Libre", "Pignon Fixe"]);
    let general = samples::general_classification();
    assert_eq!(name_header(&general), "Rider");
}

#[test]
fn the_leader_is_highlighted_on_every_classification() {
    let stripes = [Rgb([246, 244, 240]), palette::PAGE];
    let jerseys: Vec<_> = every_classification()
        .iter()
        .filter_map(|c| c.jersey)
        .collect();
    assert!(jerseys.len() >= 8, "{jerseys:?}");
    for c in jerseys {
        let mut table = samples::general_classification();
        table.jersey = Some(c.into());
        let img = draw_standings(&table);
        // Inside the leader's line, left of its rank: only its background is there.
        let leader = *img.get_pixel(14, 76 + 30 + 18);
        assert_eq!(leader, row_background(&table, 0));
        for s in stripes {
            let diff: i32 = (0..3)
                .map(|k| (leader.0[k] as i32 - s.0[k] as i32).abs())
                .sum();
            assert!(
                diff >= 40,
                "{c:?}: leader's line {leader:?} is too close to {s:?}"
            );
        }
    }
}

#[test]
fn points_gaps_say_how_far_behind_in_the_right_number() {
    let rows = vec![
        standing(
            1,
            Some("A Rouleur"),
            "A",
            Score::Points(14),
            Score::Points(0),
        ),
        standing(
            2,
            Some("B Rouleur"),
            "B",
            Score::Points(13),
            Score::Points(1),
        ),
        standing(
            3,
            Some("C Rouleur"),
            "C",
            Score::Points(1),
            Score::Points(13),
        ),
    ];
    let table = standings_table(&classification("points", rows), 10, &|_| None);
    let gaps: Vec<&str> = table.rows.iter().map(|r| r.gap.as_str()).collect();
    assert_eq!(gaps, ["", "1 pt behind", "13 pts behind"]);
    assert_eq!(table.rows[2].value, "1 pt");
}

#[test]
fn the_board_counts_rounds_like_the_rest_of_the_game() {
    let pic = draw_board(&samples::bunch_sprint()).unwrap();
    assert_eq!(pic.heading(), "Round 14");
    let pic = draw_board(&samples::start()).unwrap();
    assert_eq!(pic.heading(), "Before the start");
}

#[test]
fn the_key_explains_the_terrain_the_kerbs_and_the_exhaustion_card() {
    let mut scene = samples::bunch_sprint();
    scene.riders[6].marks[0] = Mark::Card("2E".into());
    let key = draw_board(&scene).unwrap().key();
    for want in [
        "2E: exhaustion card played (moves 2)",
        "red and white kerb: curve",
        "colour: flat",
    ] {
        assert!(key.iter().any(|k| k == want), "{want:?} not in {key:?}");
    }
    // Terrain the picture does not show is not explained.
    assert!(!key.iter().any(|k| k == "colour: cobbles"), "{key:?}");

    let key = draw_board(&samples::split_field()).unwrap().key();
    for want in [
        "colour: climb",
        "colour: descent",
        "colour: cobbles",
        "colour: supply zone",
        "colour: verge: no road here",
    ] {
        assert!(key.iter().any(|k| k == want), "{want:?} not in {key:?}");
    }
    assert!(
        !key.iter().any(|k| k.starts_with("2E")),
        "no 2E played: {key:?}"
    );
}

/// Issue 22, item 16: everything the board draws is in its key: the jerseys on the tokens (by
/// the classification each stands for), the weather level and the wind's arrow of the header.
#[test]
fn the_key_explains_the_jerseys_the_weather_and_the_wind() {
    use commissaire_render::Jersey;
    let scene = samples::time_trial_start().with_jersey_names(&[
        (Jersey::Yellow, "General classification".into()),
        (Jersey::Green, "Points".into()),
        (Jersey::PolkaDot, "Mountains".into()),
    ]);
    let key = draw_board(&scene).unwrap().key();
    for want in [
        "yellow jersey: General classification: the leader",
        "polka-dot jersey: Mountains: the leader",
        "Weather 3/5: weather, from 1 (cold) to 5 (hot): no effect at 3",
        "arrow: headwind, blowing against the riders",
    ] {
        assert!(key.iter().any(|k| k == want), "{want:?} not in {key:?}");
    }
    // A jersey nobody wears on this board is not keyed.
    assert!(!key.iter().any(|k| k.contains("green jersey")), "{key:?}");
    // A jersey the scene does not name is still keyed, as a leader's.
    let key = draw_board(&samples::time_trial_start()).unwrap().key();
    assert!(
        key.iter()
            .any(|k| k == "yellow jersey: a classification leader"),
        "{key:?}"
    );
    // No weather, no wind, no jersey: none of them in the key.
    let key = draw_board(&samples::bunch_sprint()).unwrap().key();
    assert!(
        !key.iter()
            .any(|k| k.contains("jersey") || k.contains("Weather") || k.starts_with("arrow")),
        "{key:?}"
    );
    let mut hot = samples::time_trial_start();
    hot.sky.weather = Some(5);
    hot.sky.wind = Some(commissaire_render::scene::WindFrom::Left);
    let key = draw_board(&hot).unwrap().key();
    for want in [
        "Weather 5/5: weather, from 1 (cold) to 5 (hot): at 5, exhaustion comes double",
        "arrow: crosswind, from the riders' left",
    ] {
        assert!(key.iter().any(|k| k == want), "{want:?} not in {key:?}");
    }
}

/// Issue 22, item 16: the profile's key lists the terrain the course has, and no other.
#[test]
fn the_profiles_key_lists_only_the_terrain_of_its_course() {
    let flat = ProfileScene::from_board(&samples::start());
    assert_eq!(commissaire_render::profile::key(&flat), ["flat"]);
    let mut varied = ProfileScene::from_board(&samples::split_field());
    varied.course = samples::classic_course();
    varied.riders.clear();
    assert_eq!(
        commissaire_render::profile::key(&varied),
        ["flat", "climb", "descent", "supply zone", "cobbles"]
    );
}

/// Issue 22, item 16: a standings picture says after which stage it stands.
#[test]
fn a_standings_picture_says_after_which_stage() {
    let table = samples::general_classification().after_stage(13);
    assert_eq!(table.subtitle.as_deref(), Some("after stage 13"));
    let png = render_standings(&table).unwrap();
    assert!(png.starts_with(b"\x89PNG"));
}

#[test]
fn a_team_that_chose_red_is_drawn_red() {
    let red = palette::team(palette::team_index("Red").expect("red is a colour players choose"));
    let scene =
        samples::bunch_sprint().with_team_colours(&|name| (name == "Olympia").then_some(red));
    let pic = draw_board(&scene).unwrap();
    let olympia = scene.riders.iter().find(|r| r.team == 1).unwrap();
    let Rgb([r, g, b]) = token_fill(&pic, olympia.pos);
    assert!(
        r > g + 120 && r > b + 120,
        "red reads as red, got {r},{g},{b}"
    );
    // The others keep their seat's colour.
    let brasserie = scene.riders.iter().find(|r| r.team == 0).unwrap();
    assert_eq!(token_fill(&pic, brasserie.pos), palette::team(0));
}

#[test]
fn every_colour_a_director_can_choose_is_its_own_and_reads_as_its_name() {
    // The choices of /tour join, and the colours the bots' teams come in.
    let names = [
        "red", "blue", "green", "yellow", "black", "white", "orange", "purple", "pink", "brown",
        "grey", "teal", "olive", "navy",
    ];
    let colours: Vec<Rgb<u8>> = names
        .iter()
        .map(|n| palette::team(palette::team_index(n).unwrap_or_else(|| panic!("{n}"))))
        .collect();
    for (i, c) in colours.iter().enumerate() {
        assert!(!colours[..i].contains(c), "{} repeats a colour", names[i]);
    }
    let of = |n: &str| {
        palette::team(palette::team_index(n).unwrap())
            .0
            .map(i32::from)
    };
    let [r, g, b] = of("red");
    assert!(r > g + 120 && r > b + 120);
    let [r, g, b] = of("purple");
    assert!(b > g + 60 && r > g + 30, "purple {r},{g},{b}");
    let [r, g, b] = of("green");
    assert!(g > r + 60 && g > b);
    let [r, g, b] = of("blue");
    assert!(b > r + 100 && b > g);
    assert_eq!(palette::team_index("Gray"), palette::team_index("grey"));
    assert_eq!(palette::team_index("chartreuse"), None);
}

#[test]
fn a_glyph_the_font_lacks_is_left_out_never_drawn_as_a_box() {
    assert_eq!(text::printable("Les 🚴 Rapides"), "Les Rapides");
    // DejaVu has the heart; the emoji-style selector after it is dropped.
    assert_eq!(text::printable("Vélo Club ❤️"), "Vélo Club ❤");
    assert_eq!(text::printable("Équipe Ωmega"), "Équipe Ωmega");
    // The legend of a team named only with emoji draws the same pixels as an empty name.
    let mut emoji = samples::start();
    emoji.teams[0].name = "🚴🚴".into();
    let mut empty = samples::start();
    empty.teams[0].name = String::new();
    assert_eq!(
        draw_board(&emoji).unwrap().image,
        draw_board(&empty).unwrap().image
    );
}

/// A flat course of `rows` rows, its first five the grid.
fn long_course(rows: u16) -> Arc<commissaire_engine::course::Course> {
    let toml = format!(
        "name = \"Long\"\nlanes = 2\nsegment = [\n\
         {{ terrain = \"flat\", length = 5, start = true }},\n\
         {{ terrain = \"flat\", length = {} }},\n\
         {{ terrain = \"flat\", length = 5, finish = true }},\n]\n",
        rows - 10
    );
    Arc::new(parse_course_toml(&toml, "long").unwrap())
}

#[test]
fn only_the_last_strip_of_a_scattered_field_is_titled_laggards() {
    let course = long_course(320);
    let teams = samples::start().teams;
    let riders = (0..6)
        .map(|i| RiderToken::new("BR", 0, Pos::new(i * 55, 0)))
        .collect();
    let scene = BoardScene {
        course,
        stage_name: "Long".into(),
        turn: 30,
        teams,
        riders,
        mark_kinds: CARD_RACE_MARKS.to_vec(),
        letters: Vec::new(),
        sky: Default::default(),
        road_signs: Vec::new(),
        fictive_start: false,
        packs: Vec::new(),
        jersey_names: Vec::new(),
        cell_labels: Vec::new(),
        shaded: Vec::new(),
        signs: Vec::new(),
        played: Vec::new(),
    };
    let pic = draw_board(&scene).unwrap();
    let titles = pic.strip_titles();
    assert!(titles.len() > 3, "{titles:?}");
    let names: Vec<&str> = titles
        .iter()
        .map(|t| t.split(" · ").next().unwrap())
        .collect();
    for (i, n) in names.iter().enumerate() {
        assert!(!names[..i].contains(n), "{n:?} twice in {titles:?}");
    }
    assert_eq!(names.last(), Some(&"Laggards"));
    assert_eq!(names[0], "Head of the race");
}

#[test]
fn on_the_games_courses_any_field_fits_in_three_strips() {
    // The README promises two or three strips: check it on a 21-tile course for scattered fields.
    let scene = samples::start();
    let course = scene.course.clone();
    let mut seed = 7u64;
    for _ in 0..300 {
        let rows: Vec<u16> = (0..24)
            .map(|_| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((seed >> 33) % course.row_count() as u64) as u16
            })
            .collect();
        let layout = commissaire_render::layout::plan(&course, &rows);
        assert!(layout.strips.len() <= 3, "{rows:?}: {:?}", layout.strips);
    }
}
