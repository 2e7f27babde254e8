//! The board drawn from the course's places: staggered files drawn half a cell apart, lettered
//! candidate cells, and a badge and a key entry for every mark a ruleset may give a token.

use commissaire_engine::course::{Course, CourseSpec, Pos, parse_course_toml};
use commissaire_render::layout::MARGIN_LEFT;
use commissaire_render::{
    BoardScene, Mark, MarkKind, RenderError, RiderToken, TeamStyle, draw_board, samples,
};
use std::sync::Arc;

/// Two files, file 1 half a cell ahead of file 0, ten cells each, the line before cell 7.
fn staggered() -> Arc<Course> {
    let mut toml = String::from("name = \"Two files\"\n");
    for file in 0..2 {
        for i in 0..10 {
            let markers = match i {
                0 => "[\"start\"]",
                7 => "[\"finish\"]",
                _ => "[]",
            };
            toml.push_str(&format!(
                "[[cell]]\nid = \"{file}-{i}\"\nalong = {}\nacross = {file}\nmarkers = {markers}\n",
                i as f64 + 0.5 * file as f64
            ));
        }
    }
    for file in 0..2 {
        for i in 0..9 {
            toml.push_str(&format!(
                "[[link]]\nfrom = \"{file}-{i}\"\nto = \"{file}-{}\"\nkind = \"forward\"\n",
                i + 1
            ));
        }
    }
    Arc::new(parse_course_toml(&toml, "two-files.toml").expect("a valid course"))
}

fn team() -> Vec<TeamStyle> {
    vec![TeamStyle {
        name: "Brasserie".into(),
        colour: commissaire_render::palette::team(0),
        mark: "B".into(),
    }]
}

fn at(course: &Course, id: &str) -> Pos {
    course.find_cell(id).expect("a cell of the course")
}

#[test]
fn staggered_files_are_drawn_half_a_cell_apart() {
    let course = staggered();
    let rider = RiderToken::new("B1", 0, at(&course, "0-3"));
    let scene = BoardScene::new(Arc::clone(&course), "Two files", 1, team(), vec![rider]);
    let pic = draw_board(&scene).unwrap();
    let (cw, ch) = (pic.layout.cell_w, pic.layout.cell_h);
    for i in 0..10 {
        let (x0, y0, w0, h0) = pic.cell_rect(at(&course, &format!("0-{i}"))).unwrap();
        let (x1, y1, _, _) = pic.cell_rect(at(&course, &format!("1-{i}"))).unwrap();
        assert_eq!((w0, h0), (cw, ch));
        // Each file runs a whole cell per cell; the second starts half a cell further on.
        assert_eq!(x0, MARGIN_LEFT + i * cw, "file 0, cell {i}");
        assert_eq!(x1 - x0, (cw as f64 / 2.0).round() as i32, "cell {i}");
        // File 1 lies further from lane 0's edge: drawn above file 0, one cell up.
        assert_eq!(y0 - y1, ch, "cell {i}");
    }
    // Twenty rows (one per cell) fit in the width of ten and a half cells.
    assert_eq!(pic.layout.strips.len(), 1);
    assert_eq!(pic.layout.columns, 11);
    assert!(pic.layout.width() <= MARGIN_LEFT + 11 * cw + 20);
    // Places are counted in cells along the road: rows of staggered files are half a cell apart.
    assert_eq!(pic.strip_titles(), vec!["Cells 0–9".to_string()]);
    // The road is two files high.
    let (top, bottom) = pic.road_spans()[0];
    assert_eq!(bottom - top, 2 * ch);
}

#[test]
fn a_grid_still_draws_a_row_per_cell_width() {
    let course = Arc::new(
        CourseSpec {
            tiles: Some("abcdefghijklmnopqrstu".into()),
            ..Default::default()
        }
        .build()
        .unwrap(),
    );
    let rider = RiderToken::new("B1", 0, Pos::new(10, 1));
    let scene = BoardScene::new(Arc::clone(&course), "Grid", 1, team(), vec![rider]);
    let pic = draw_board(&scene).unwrap();
    let first = pic.layout.strips[0].first;
    let (x, y, _, _) = pic.cell_rect(Pos::new(10, 1)).unwrap();
    let (x0, y0, _, _) = pic.cell_rect(Pos::new(10, 0)).unwrap();
    assert_eq!(x, MARGIN_LEFT + (10 - first as i32) * pic.layout.cell_w);
    assert_eq!((x0, y0 - y), (x, pic.layout.cell_h));
    assert_eq!(pic.layout.columns, pic.layout.rows_per_strip);
}

#[test]
fn lettered_cells_are_drawn_with_their_letters_and_a_caption() {
    let course = staggered();
    let rider = RiderToken::new("B1", 0, at(&course, "0-1"));
    let mut scene = BoardScene::new(Arc::clone(&course), "Two files", 1, team(), vec![rider]);
    let plain = draw_board(&scene).unwrap();
    let a = at(&course, "1-2");
    let b = at(&course, "0-3");
    // A letter on the rider's own cell is drawn too (at the foot of its token).
    let c = at(&course, "0-1");
    scene.letters = vec![(a, 'A'), (b, 'B'), (c, 'C')];
    let pic = draw_board(&scene).unwrap();
    assert_eq!(pic.letters(), &[(a, 'A'), (b, 'B'), (c, 'C')]);
    // The caption adds a line above the road, and each lettered cell changes inside its box.
    assert!(pic.image.height() > plain.image.height());
    let shift = (pic.image.height() - plain.image.height()) as i32;
    for p in [a, b, c] {
        let (x, y, w, h) = pic.cell_rect(p).unwrap();
        assert_eq!(plain.cell_rect(p).unwrap(), (x, y - shift, w, h));
        let differs = (0..w).any(|dx| {
            (0..h).any(|dy| {
                pic.image.get_pixel((x + dx) as u32, (y + dy) as u32)
                    != plain
                        .image
                        .get_pixel((x + dx) as u32, (y + dy - shift) as u32)
            })
        });
        assert!(differs, "no letter drawn on {p:?}");
    }
}

#[test]
fn a_letter_off_the_course_is_refused() {
    let course = staggered();
    let mut scene = BoardScene::new(course, "Two files", 1, team(), Vec::new());
    scene.letters = vec![(Pos::new(90, 0), 'A')];
    assert!(matches!(
        draw_board(&scene),
        Err(RenderError::LetterOffCourse { letter: 'A', .. })
    ));
}

#[test]
fn a_letter_far_ahead_brings_its_cell_into_the_picture() {
    let course = Arc::new(
        CourseSpec {
            tiles: Some("abcdefghijklmnopqrstu".into()),
            ..Default::default()
        }
        .build()
        .unwrap(),
    );
    let rider = RiderToken::new("B1", 0, Pos::new(3, 0));
    let mut scene = BoardScene::new(course, "Grid", 1, team(), vec![rider]);
    let far = Pos::new(70, 1);
    assert!(draw_board(&scene).unwrap().cell_rect(far).is_none());
    scene.letters = vec![(far, 'A')];
    let pic = draw_board(&scene).unwrap();
    assert!(pic.cell_rect(far).is_some() && pic.cell_rect(Pos::new(3, 0)).is_some());
}

#[test]
fn the_gallery_sample_letters_cells_of_a_staggered_course() {
    let scene = samples::staggered_letters();
    let pic = draw_board(&scene).unwrap();
    assert_eq!(pic.letters().len(), 4);
    let a = pic.cell_rect(scene.letters[0].0).unwrap();
    let b = pic.cell_rect(scene.letters[1].0).unwrap();
    // A (middle file) lies half a cell behind B (outer file, next cell).
    assert_eq!(b.0 - a.0, pic.layout.cell_w / 2);
    // Its climb is four cells long in every file: eight rows half a cell apart.
    assert!(
        pic.line_names()
            .contains(&"▲ Climb 1 (4 cells)".to_string()),
        "{:?}",
        pic.line_names()
    );
}

fn one_mark(mark: Option<Mark>) -> BoardScene {
    let course = staggered();
    let mut rider = RiderToken::new("B1", 0, at(&course, "0-3"));
    rider.marks.extend(mark);
    BoardScene::new(course, "Two files", 1, team(), vec![rider])
}

#[test]
fn every_mark_has_a_badge_and_a_key_entry() {
    let plain = draw_board(&one_mark(None)).unwrap();
    assert!(
        !plain.key().iter().any(|k| k.contains("played")),
        "a board without marks explains none: {:?}",
        plain.key()
    );
    let marks = [
        (Mark::Card("5".into()), "card played"),
        (Mark::Dice(vec![3, 5]), "dice rolled"),
        (Mark::Slipstream, "slipstream"),
        (Mark::Exhaustion, "exhaustion taken"),
        (Mark::Crashed, "crashed"),
        (Mark::Punctured, "punctured"),
        (Mark::Roadside, "at the roadside"),
        (Mark::Crossed, "across the line"),
        (Mark::Finished, "finished earlier"),
        (Mark::Champion, "the champion, on his white bike"),
        (Mark::Attack, "attacked"),
        (Mark::Musette, "holds a musette"),
        (
            Mark::Reserves {
                energy: 4,
                form: 17,
            },
            "energy · form left",
        ),
    ];
    let mut kinds = Vec::new();
    for (mark, words) in marks {
        kinds.push(mark.kind());
        let pic = draw_board(&one_mark(Some(mark.clone()))).unwrap();
        assert!(
            pic.key().iter().any(|k| k.contains(words)),
            "{mark:?}: {:?}",
            pic.key()
        );
        let (x, y, w, h) = pic.cell_rect(at(&staggered(), "0-3")).unwrap();
        let shift = pic.image.height() as i32 - plain.image.height() as i32;
        let changed = (0..w).any(|dx| {
            (0..h).any(|dy| {
                pic.image.get_pixel((x + dx) as u32, (y + dy) as u32)
                    != plain
                        .image
                        .get_pixel((x + dx) as u32, (y + dy - shift) as u32)
            })
        });
        assert!(changed, "{mark:?} draws nothing on the token");
    }
    for kind in MarkKind::ALL {
        assert!(kinds.contains(&kind), "{kind:?} untested");
    }
}

#[test]
fn a_ruleset_key_lists_its_marks_even_when_no_token_carries_them() {
    let mut scene = one_mark(None);
    scene.mark_kinds = vec![MarkKind::Dice, MarkKind::Crashed];
    let key = draw_board(&scene).unwrap().key();
    assert!(key.iter().any(|k| k.ends_with("dice rolled")), "{key:?}");
    assert!(key.iter().any(|k| k == "X: crashed"), "{key:?}");
    assert!(!key.iter().any(|k| k.contains("card played")), "{key:?}");
}

#[test]
fn a_token_with_many_marks_keys_them_all() {
    let course = staggered();
    let mut rider = RiderToken::new("B1", 0, at(&course, "0-3"));
    rider.marks = vec![
        Mark::Dice(vec![6]),
        Mark::Slipstream,
        Mark::Exhaustion,
        Mark::Crashed,
    ];
    let scene = BoardScene::new(course, "Two files", 1, team(), vec![rider]);
    let key = draw_board(&scene).unwrap().key();
    for words in ["dice rolled", "slipstream", "exhaustion taken", "crashed"] {
        assert!(key.iter().any(|k| k.contains(words)), "{words}: {key:?}");
    }
}

#[test]
fn the_profile_climbs_a_step_per_cell_of_climb_not_per_row() {
    // Four cells of climb in each of three files: eight rows half a cell apart.
    let alt = commissaire_render::profile::relief(&samples::staggered_course());
    let top = alt.iter().copied().fold(0.0, f64::max);
    assert_eq!(top, 4.0);
    // A grid climbs a step per row, as before.
    let grid = commissaire_engine::course::parse_course_toml(
        "name = \"g\"\nlanes = 2\nsegment = [{ terrain = \"flat\", length = 3, start = true }, \
         { terrain = \"uphill\", length = 5 }, { terrain = \"flat\", length = 3, finish = true }]\n",
        "g.toml",
    )
    .unwrap();
    let alt = commissaire_render::profile::relief(&grid);
    assert_eq!(alt.iter().copied().fold(0.0, f64::max), 5.0);
}

#[test]
fn each_staggered_file_tops_out_where_its_own_climb_ends() {
    let scene = samples::staggered_letters();
    let pic = draw_board(&scene).unwrap();
    // The last cell of climb in each file (the middle one half a cell further on): the summit's
    // white line runs along its right edge.
    for id in ["0-12", "1-12", "2-12"] {
        let (x, y, w, _) = pic.cell_rect(at(&scene.course, id)).unwrap();
        let px = pic.image.get_pixel((x + w + 3) as u32, (y + 1) as u32);
        assert_eq!(*px, commissaire_render::palette::WHITE, "{id}");
    }
}
