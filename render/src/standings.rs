//! A classification as a table: rank, rider, team, time or points, gap; the jersey of the
//! classification in the header. It takes plain rows so any classification can use it.

use crate::draw::{circle, frame, rect, rounded};
use crate::palette::{self, Colour, INK, PAGE, SOFT_INK, WHITE};
use crate::scene::{Jersey, StandingsRow, StandingsTable};
use crate::text::{self, Style};
use crate::{RenderError, encode};
use commissaire_messages::msg;
use image::{Rgb, RgbImage};
use imageproc::drawing::draw_polygon_mut;
use imageproc::point::Point;

pub const WIDTH: i32 = 900;
const PAD: i32 = 20;
const HEADER_H: i32 = 76;
const ROW_H: i32 = 36;
const TITLE: Style = Style::bold(26.0);
const HEAD: Style = Style::bold(15.0);
const BODY: Style = Style::regular(18.0);
const BODY_BOLD: Style = Style::bold(18.0);
const NOTE: Style = Style::regular(14.0);
const SUBTITLE: Style = Style::bold(18.0);

// Column edges: rank ends at RANK_RIGHT, rider starts at RIDER_X, and so on.
const RANK_RIGHT: i32 = PAD + 44;
const RIDER_X: i32 = PAD + 64;
const TEAM_X: i32 = PAD + 330;
const VALUE_RIGHT: i32 = WIDTH - PAD - 150;
const GAP_RIGHT: i32 = WIDTH - PAD - 12;

pub fn render_standings(table: &StandingsTable) -> Result<Vec<u8>, RenderError> {
    encode::png(&draw_standings(table))
}

/// A table of teams: each row names only its team (the tour's team classification).
fn is_teams_table(table: &StandingsTable) -> bool {
    !table.rows.is_empty() && table.rows.iter().all(|r| r.rider == r.team)
}

/// The header of the name column: "Team" over a table of teams.
pub fn name_header(table: &StandingsTable) -> String {
    if is_teams_table(table) {
        msg!("standings-team")
    } else {
        msg!("standings-rider")
    }
}

/// The rider's name as drawn in `max` pixels. Riders are named after their team ("Vélo Club
/// Mécanique Rouleur"), and the team column already shows the team, so a long name loses the
/// end of its team part, never the part that tells two riders of a team apart.
pub fn rider_text(row: &StandingsRow, max: i32) -> String {
    let name = text::printable(&row.rider);
    if BODY_BOLD.width(&name) <= max {
        return name;
    }
    let team = text::printable(&row.team);
    if let Some(rest) = name.strip_prefix(team.as_str())
        && let Some(rest) = rest.strip_prefix(' ')
        && !team.is_empty()
    {
        let rest_w = BODY_BOLD.width(&format!(" {rest}"));
        // The team part keeps at least a letter and its ellipsis.
        if max - rest_w >= BODY_BOLD.width("Wi…") {
            let short = text::fit(BODY_BOLD, &team, max - rest_w);
            return format!("{short} {rest}");
        }
    }
    text::fit_middle(BODY_BOLD, &name, max)
}

/// The room the name of `row` has: up to the team column, less the note it carries.
fn rider_room(row: &StandingsRow) -> i32 {
    let note_w = row.note.as_deref().map_or(0, |n| NOTE.width(n) + 8);
    TEAM_X - RIDER_X - 12 - note_w
}

/// The text drawn in the name column of each row, top to bottom.
pub fn name_texts(table: &StandingsTable) -> Vec<String> {
    let teams = is_teams_table(table);
    table
        .rows
        .iter()
        .map(|row| {
            if teams {
                let note_w = row.note.as_deref().map_or(0, |n| NOTE.width(n) + 8);
                let room = VALUE_RIGHT - BODY.width(&row.value) - 16 - RIDER_X - 24 - note_w;
                text::fit(BODY_BOLD, &row.team, room)
            } else {
                rider_text(row, rider_room(row))
            }
        })
        .collect()
}

/// The background of the leader's line: the jersey's colour, faded, or for the white jerseys
/// (mountains, youth), a tint that still stands out from the stripes and the page.
pub fn leader_tint(j: Jersey) -> Colour {
    match j {
        Jersey::PolkaDot => palette::fade(palette::SUMMIT, 0.8),
        Jersey::White => Rgb([205, 220, 240]),
        other => palette::fade(jersey_colour(other), 0.6),
    }
}

/// The frame around the leader's line.
fn leader_edge(j: Jersey) -> Colour {
    match j {
        Jersey::PolkaDot => palette::SUMMIT,
        Jersey::White => SOFT_INK,
        other => palette::darken(jersey_colour(other), 0.35),
    }
}

const STRIPE: Colour = Rgb([246, 244, 240]);

/// The leader's line of a table with no jersey (the teams): his team's colour, faded, or a
/// pale blue when the line has none.
fn plain_leader_tint(row: &StandingsRow) -> Colour {
    row.team_colour
        .map_or(Rgb([210, 222, 238]), |c| palette::fade(c, 0.7))
}

/// The background of line `i` (0 = the leader's).
pub fn row_background(table: &StandingsTable, i: usize) -> Colour {
    match (table.holder, table.jersey) {
        (Some(h), Some(j)) if h == i => leader_tint(j),
        // A table with no jersey still shows who leads it (issue 22, item 11).
        (Some(h), None) if h == i => plain_leader_tint(&table.rows[i]),
        _ if i.is_multiple_of(2) => STRIPE,
        _ => PAGE,
    }
}

pub(crate) fn jersey_colour(j: Jersey) -> Colour {
    match j {
        Jersey::Yellow => Rgb([250, 214, 30]),
        Jersey::Green => Rgb([40, 160, 70]),
        Jersey::Gold => Rgb([212, 168, 40]),
        Jersey::Red => Rgb([200, 30, 40]),
        Jersey::PolkaDot | Jersey::White => WHITE,
        Jersey::Rgb(c) => Rgb(c),
    }
}

pub fn draw_standings(table: &StandingsTable) -> RgbImage {
    let height = HEADER_H + 30 + table.rows.len().max(1) as i32 * ROW_H + PAD;
    let mut img = crate::draw::canvas(WIDTH as u32, height as u32, PAGE);

    // Header band: the jersey, then the title.
    rect(&mut img, 0, 0, WIDTH, HEADER_H, palette::STRIP_BAND);
    let mut title_x = PAD;
    if let Some(j) = table.jersey {
        jersey(&mut img, PAD, 14, j);
        title_x += 64;
    }
    // When the table stands, at the right of the header; the title gives way to it.
    let mut right = WIDTH - PAD;
    if let Some(sub) = &table.subtitle {
        let sub = text::fit(SUBTITLE, sub, WIDTH / 3);
        text::draw_right(
            &mut img,
            SUBTITLE,
            SOFT_INK,
            right,
            HEADER_H / 2 - SUBTITLE.cap_height() / 2,
            &sub,
        );
        right -= SUBTITLE.width(&sub) + 16;
    }
    let title = text::fit(TITLE, &table.title, right - title_x);
    text::draw(
        &mut img,
        TITLE,
        INK,
        title_x,
        HEADER_H / 2 - TITLE.cap_height() / 2,
        &title,
    );

    let head_y = HEADER_H + 10;
    text::draw_right(&mut img, HEAD, SOFT_INK, RANK_RIGHT, head_y, "#");
    let teams = is_teams_table(table);
    text::draw(
        &mut img,
        HEAD,
        SOFT_INK,
        RIDER_X,
        head_y,
        &name_header(table),
    );
    if !teams {
        text::draw(
            &mut img,
            HEAD,
            SOFT_INK,
            TEAM_X,
            head_y,
            &msg!("standings-team"),
        );
    }
    text::draw_right(
        &mut img,
        HEAD,
        SOFT_INK,
        VALUE_RIGHT,
        head_y,
        &table.value_header,
    );
    text::draw_right(
        &mut img,
        HEAD,
        SOFT_INK,
        GAP_RIGHT,
        head_y,
        &msg!("standings-gap"),
    );

    let top = HEADER_H + 30;
    let names = name_texts(table);
    for (i, (row, name)) in table.rows.iter().zip(&names).enumerate() {
        let y = top + i as i32 * ROW_H;
        // Stripes guide the eye along a line; the jersey holder's line (the leader's, as a
        // rule) takes the jersey's tint and a frame, on every classification.
        rect(&mut img, 8, y, WIDTH - 16, ROW_H, row_background(table, i));
        if table.holder == Some(i) {
            let edge = match (table.jersey, row.team_colour) {
                (Some(j), _) => leader_edge(j),
                (None, Some(c)) => palette::darken(c, 0.35),
                (None, None) => SOFT_INK,
            };
            frame(&mut img, 8, y, WIDTH - 16, ROW_H, 2, edge);
        }
        let mid = y + ROW_H / 2 - BODY.cap_height() / 2;
        text::draw_right(
            &mut img,
            BODY_BOLD,
            INK,
            RANK_RIGHT,
            mid,
            &row.rank.to_string(),
        );
        let mut name_x = RIDER_X;
        if teams && let Some(c) = row.team_colour {
            chip(&mut img, name_x, y, c);
            name_x += 24;
        }
        // The note keeps its room: a long name is cut, the note never.
        text::draw(&mut img, BODY_BOLD, INK, name_x, mid, name);
        if let Some(note) = &row.note {
            let x = name_x + BODY_BOLD.width(name) + 8;
            // On the name's baseline.
            let cap_top = mid + BODY_BOLD.cap_height() - NOTE.cap_height();
            text::draw(&mut img, NOTE, SOFT_INK, x, cap_top, note);
        }
        if !teams {
            let mut team_x = TEAM_X;
            if let Some(c) = row.team_colour {
                chip(&mut img, team_x, y, c);
                team_x += 24;
            }
            let value_w = BODY.width(&row.value);
            let team = text::fit(BODY, &row.team, VALUE_RIGHT - value_w - team_x - 16);
            text::draw(&mut img, BODY, INK, team_x, mid, &team);
        }
        text::draw_right(&mut img, BODY, INK, VALUE_RIGHT, mid, &row.value);
        text::draw_right(&mut img, BODY, SOFT_INK, GAP_RIGHT, mid, &row.gap);
    }
    if table.rows.is_empty() {
        text::draw(
            &mut img,
            BODY,
            SOFT_INK,
            RIDER_X,
            top + 10,
            &msg!("standings-empty"),
        );
    }
    frame(&mut img, 0, 0, WIDTH, height, 1, palette::CELL_EDGE);
    img
}

/// The team's colour in a small square, on the line at `y`.
fn chip(img: &mut RgbImage, x: i32, y: i32, colour: Colour) {
    rounded(img, x, y + ROW_H / 2 - 8, 16, 16, 4, INK);
    rect(img, x + 2, y + ROW_H / 2 - 6, 12, 12, colour);
}

/// A cycling jersey icon, 48 x 48, with its top-left corner at (x, y).
fn jersey(img: &mut RgbImage, x: i32, y: i32, j: Jersey) {
    jersey_sized(img, x, y, j, 48);
}

/// A cycling jersey icon, `size` x `size`, with its top-left corner at (x, y): the standings'
/// header (48) and the charts' marks (24).
pub(crate) fn jersey_sized(img: &mut RgbImage, x: i32, y: i32, j: Jersey, size: i32) {
    let at = |v: i32| v * size / 48;
    let shape = |grow: i32| {
        [
            (14, 0),
            (34, 0),
            (48, 10),
            (42, 22),
            (38, 19),
            (38, 48),
            (10, 48),
            (10, 19),
            (6, 22),
            (0, 10),
        ]
        .map(|(px, py): (i32, i32)| {
            // Grow the outline away from the jersey's centre for the dark edge.
            let dx = (px - 24).signum() * grow;
            let dy = (py - 24).signum() * grow;
            Point::new(x + at(px) + dx, y + at(py) + dy)
        })
    };
    draw_polygon_mut(img, &shape(2), INK);
    draw_polygon_mut(img, &shape(0), jersey_colour(j));
    if j == Jersey::PolkaDot {
        for (dx, dy) in [
            (18, 8),
            (30, 8),
            (24, 18),
            (16, 28),
            (32, 28),
            (24, 38),
            (17, 44),
            (31, 44),
        ] {
            circle(img, x + at(dx), y + at(dy), at(3).max(1), palette::SUMMIT);
        }
    }
}

/// The jersey icon `size` pixels square, for a rider's token on the board: who wears it.
pub(crate) fn small_jersey(img: &mut RgbImage, x: i32, y: i32, size: i32, j: Jersey) {
    let at = |px: i32, py: i32| Point::new(x + px * size / 48, y + py * size / 48);
    let outline = [
        (14, 0),
        (34, 0),
        (48, 10),
        (42, 22),
        (38, 19),
        (38, 48),
        (10, 48),
        (10, 19),
        (6, 22),
        (0, 10),
    ];
    let edge: Vec<Point<i32>> = outline
        .iter()
        .map(|&(px, py)| {
            let p = at(px, py);
            Point::new(p.x + (px - 24).signum(), p.y + (py - 24).signum())
        })
        .collect();
    draw_polygon_mut(img, &edge, INK);
    let fill: Vec<Point<i32>> = outline.iter().map(|&(px, py)| at(px, py)).collect();
    draw_polygon_mut(img, &fill, jersey_colour(j));
    if j == Jersey::PolkaDot {
        for (dx, dy) in [(18, 10), (30, 10), (24, 24), (16, 36), (32, 36)] {
            let p = at(dx, dy);
            circle(img, p.x, p.y, (size / 16).max(1), palette::SUMMIT);
        }
    }
}
