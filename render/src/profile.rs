//! The stage profile: the whole course from start to finish as a relief, coloured by terrain,
//! with its sprint and summit lines and a dot for each rider where it stands.

use crate::draw::{canvas, chequer, circle, frame, rect, rounded};
use crate::layout;
use crate::palette::{self, INK, PAGE, SOFT_INK, WHITE};
use crate::scene::ProfileScene;
use crate::text::{self, Style};
use crate::{RenderError, encode};
use commissaire_engine::course::{Marker, Terrain};
use commissaire_messages::msg;
use image::RgbImage;
use imageproc::drawing::draw_polygon_mut;
use imageproc::point::Point;

pub const WIDTH: i32 = 1600;
const PAD: i32 = 16;
const PLOT_LEFT: i32 = 60;
const PLOT_RIGHT: i32 = WIDTH - 30;
/// Height of the highest point above the lowest; a flat stage sits at the bottom.
const RELIEF: i32 = 110;
const TITLE: Style = Style::bold(24.0);
const LABEL: Style = Style::bold(14.0);
const DOT_R: i32 = 6;

pub fn render_profile(scene: &ProfileScene) -> Result<Vec<u8>, RenderError> {
    encode::png(&draw_profile(scene)?)
}

/// The relief of the course: one step up per cell of climb along the road, one down per cell
/// of descent, so the height at a row's start is what the riders have climbed so far. Index `r`
/// is the start of row `r`; the last entry is the end of the road. On a grid a row is a cell
/// long; rows of staggered files lie half a cell apart and climb half a step each.
pub fn relief(course: &commissaire_engine::course::Course) -> Vec<f64> {
    let mut alt = vec![0.0];
    let mut h = 0.0;
    for (r, row) in course.rows().iter().enumerate() {
        let r = r as u16;
        let length = layout::row_along(course, r + 1) - layout::row_along(course, r);
        h += length
            * match row.terrain() {
                // A steep row (house rules B) climbs as two rows would.
                Terrain::Uphill if course.is_steep(r) => 2.0,
                Terrain::Uphill => 1.0,
                Terrain::Downhill => -1.0,
                _ => 0.0,
            };
        alt.push(h);
    }
    let low = alt.iter().copied().fold(f64::INFINITY, f64::min);
    alt.iter().map(|a| a - low).collect()
}

/// The terrains the course's relief shows, in the key's order, then `None` for steep rows when it has
/// any: what the profile's key explains, and nothing the course lacks.
fn key_items(course: &commissaire_engine::course::Course) -> Vec<Option<Terrain>> {
    let mut items: Vec<Option<Terrain>> = [
        Terrain::Flat,
        Terrain::Uphill,
        Terrain::Downhill,
        Terrain::Supply,
        Terrain::Cobbles,
    ]
    .into_iter()
    // As the relief colours its slices: by the row's terrain, a steep row in its own colour.
    .filter(|&t| (0..course.row_count()).any(|r| course.terrain(r) == t && !course.is_steep(r)))
    .map(Some)
    .collect();
    if (0..course.row_count()).any(|r| course.is_steep(r)) {
        items.push(None);
    }
    items
}

/// The words of the profile's key, left to right: a terrain of the course each ("flat",
/// "climb"), and the steep rows when there are any.
pub fn key(scene: &ProfileScene) -> Vec<String> {
    key_items(&scene.course)
        .into_iter()
        .map(|item| match item {
            Some(t) => crate::board::terrain_word(t),
            None => msg!("key-steep"),
        })
        .collect()
}

pub fn draw_profile(scene: &ProfileScene) -> Result<RgbImage, RenderError> {
    let course = &*scene.course;
    for d in &scene.riders {
        if !course.contains(d.pos) {
            return Err(RenderError::OffCourse {
                label: format!("of team {}", d.team),
                pos: d.pos,
            });
        }
        if d.team >= scene.teams.len() {
            return Err(RenderError::NoSuchTeam {
                label: format!("at row {}", d.pos.row),
                team: d.team,
                teams: scene.teams.len(),
            });
        }
    }
    let rows = course.row_count() as i32;
    // Riders stacked on one row: the tallest stack sets the headroom above the relief.
    let mut stack = vec![0i32; rows as usize];
    for d in &scene.riders {
        stack[d.pos.row as usize] += 1;
    }
    let tallest = stack.iter().copied().max().unwrap_or(0);

    let labels_top = PAD + 40;
    let relief_top = labels_top + 2 * 20 + tallest * (2 * DOT_R + 2) + 8;
    let base = relief_top + RELIEF + 20;
    let height = base + 56;
    let mut img = canvas(WIDTH as u32, height as u32, PAGE);

    let alt = relief(course);
    let top = alt.iter().copied().fold(1.0, f64::max);
    // Rows sit where their places put them along the road: on a grid, row r at r.
    let along0 = layout::row_along(course, 0);
    let at = |r: i32| layout::row_along(course, r as u16) - along0;
    let length = at(rows);
    let x_of = |r: i32| PLOT_LEFT + (at(r) * (PLOT_RIGHT - PLOT_LEFT) as f64 / length) as i32;
    let y_of = |a: f64| base - 20 - (a * RELIEF as f64 / top) as i32;

    // Title, and the team colours of the dots.
    let title = msg!("profile-title", stage = scene.stage_name.as_str());
    text::draw(&mut img, TITLE, INK, PAD, PAD + 2, &title);
    // The stage's weather beside the title (house rules A, B's level and wind).
    crate::sky::draw_from(
        &mut img,
        &scene.sky,
        PAD + TITLE.width(&title) + 24,
        PAD + 2 + TITLE.cap_height() / 2,
    );
    let mut x = WIDTH - PAD;
    for team in scene.teams.iter().rev() {
        let w = Style::bold(15.0).width(&team.name);
        x -= w;
        text::draw(&mut img, Style::bold(15.0), INK, x, PAD + 6, &team.name);
        x -= 22;
        circle(&mut img, x + 8, PAD + 11, DOT_R + 1, INK);
        circle(&mut img, x + 8, PAD + 11, DOT_R - 1, team.colour);
        x -= 20;
    }

    // The relief, one slice per row, coloured by the row's terrain.
    for r in 0..rows {
        let (x0, x1) = (x_of(r), x_of(r + 1));
        let (y0, y1) = (y_of(alt[r as usize]), y_of(alt[r as usize + 1]));
        let c = if course.is_steep(r as u16) {
            palette::STEEP
        } else {
            palette::terrain(course.terrain(r as u16))
        };
        if x1 > x0 {
            let poly = [
                Point::new(x0, base),
                Point::new(x0, y0),
                Point::new(x1, y1),
                Point::new(x1, base),
            ];
            draw_polygon_mut(&mut img, &poly, c);
        }
        imageproc::drawing::draw_line_segment_mut(
            &mut img,
            (x0 as f32, y0 as f32 - 1.0),
            (x1 as f32, y1 as f32 - 1.0),
            INK,
        );
    }
    rect(&mut img, PLOT_LEFT, base, PLOT_RIGHT - PLOT_LEFT, 2, INK);

    // Lines: start, sprints, summits, finish, with their names stacked on two label lines.
    let mut lines: Vec<(i32, String, palette::Colour)> = Vec::new();
    if let Some(s) = course.start_cells().iter().map(|p| p.row).max() {
        lines.push((s as i32 + 1, msg!("board-start"), SOFT_INK));
    }
    for (row, m) in course.markers() {
        match m {
            Marker::Sprint { name } => lines.push((
                row as i32,
                msg!("profile-sprint", name = name),
                palette::SPRINT,
            )),
            Marker::Summit { name, .. } => lines.push((
                row as i32 + 1,
                msg!("profile-summit", name = crate::board::summit_name(name)),
                palette::SUMMIT,
            )),
            _ => {}
        }
    }
    let finish = course.finish_row() as i32;
    lines.push((finish, msg!("board-finish"), INK));
    lines.sort_by_key(|l| l.0);
    let mut ends = [i32::MIN; 2];
    for (row, name, c) in &lines {
        let x = x_of(*row);
        let w = LABEL.width(name);
        let tx = if x + 4 + w <= WIDTH - PAD {
            x + 4
        } else {
            x - 4 - w
        };
        let line = if ends[0] + 8 <= tx { 0 } else { 1 };
        ends[line] = ends[line].max(tx + w);
        let ly = labels_top + line as i32 * 20;
        let y_road = y_of(alt[*row as usize]);
        if *row == finish {
            chequer(&mut img, x - 4, ly, 8, base - ly, 4);
        } else {
            rect(&mut img, x - 1, ly, 2, y_road - ly, *c);
        }
        text::draw(&mut img, LABEL, *c, tx, ly + 2, name);
    }

    // Distance to the line under the axis, every ten cells along the road.
    text::draw(
        &mut img,
        Style::regular(13.0),
        SOFT_INK,
        8,
        base + 12,
        &msg!("board-to-go"),
    );
    for r in 0..finish {
        let to_go = at(finish) - at(r);
        // Rows between whole cells (a staggered file) get no tick.
        if to_go.fract() == 0.0 && (to_go as i32) % 10 == 0 {
            let x = x_of(r) + (x_of(r + 1) - x_of(r)) / 2;
            rect(&mut img, x, base + 2, 1, 5, INK);
            text::draw_centred(
                &mut img,
                Style::bold(13.0),
                INK,
                x,
                base + 18,
                &(to_go as i32).to_string(),
            );
        }
    }

    // Riders: a dot on the road where they stand, stacked when they share a row, the right-hand
    // lane lowest as on the board.
    let mut dots: Vec<_> = scene.riders.iter().collect();
    dots.sort_by_key(|d| (d.pos.row, d.pos.lane));
    let mut placed = vec![0i32; rows as usize];
    for d in dots {
        let r = d.pos.row as i32;
        let cx = x_of(r) + (x_of(r + 1) - x_of(r)) / 2;
        let road = (y_of(alt[r as usize]) + y_of(alt[r as usize + 1])) / 2;
        let k = placed[r as usize];
        placed[r as usize] += 1;
        let cy = road - DOT_R - 4 - k * (2 * DOT_R + 2);
        circle(&mut img, cx, cy, DOT_R + 1, INK);
        circle(&mut img, cx, cy, DOT_R - 1, scene.teams[d.team].colour);
    }

    // Key of the terrain colours the course has, along the bottom.
    let mut x = PAD;
    let y = height - 22;
    for item in key_items(course) {
        let (colour, word) = match item {
            Some(t) => (palette::terrain(t), crate::board::terrain_word(t)),
            None => (palette::STEEP, msg!("key-steep")),
        };
        rounded(&mut img, x, y - 2, 18, 14, 3, INK);
        rect(&mut img, x + 1, y - 1, 16, 12, colour);
        text::draw(&mut img, Style::regular(14.0), SOFT_INK, x + 24, y, &word);
        x += 24 + Style::regular(14.0).width(&word) + 22;
    }
    rect(&mut img, 0, 0, 0, 0, WHITE);
    frame(&mut img, 0, 0, WIDTH, height, 1, palette::CELL_EDGE);
    Ok(img)
}
