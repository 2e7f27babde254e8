//! The weather and wind of a race in the board's header: a chip with the weather level in its
//! colour (blue cold to red hot) and an arrow showing which way the wind blows across the board
//! (riders ride left to right; lane 0, the right-hand lane, is at the bottom). House rules A's
//! weather, one for the whole stage, is an icon and its word, on the board and the profile.

use crate::draw::{circle, rect, rounded};
use crate::palette::{self, Colour, INK};
use crate::scene::{Outlook, Sky, WindFrom};
use crate::text::{self, Style};
use commissaire_messages::msg;
use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_line_segment_mut, draw_polygon_mut};
use imageproc::point::Point;

const WORDS: Style = Style::bold(16.0);
const CHIP_H: i32 = 26;
const ARROW: i32 = 30;
const GAP: i32 = 12;

/// The weather scale's colours, 1 (cold, wet) to 5 (hot, dry).
fn weather_colour(level: u8) -> Colour {
    match level {
        1 => Rgb([60, 110, 200]),
        2 => Rgb([140, 180, 225]),
        3 => Rgb([235, 225, 160]),
        4 => Rgb([240, 170, 90]),
        _ => Rgb([215, 60, 40]),
    }
}

pub(crate) fn weather_text(level: u8) -> String {
    msg!("board-weather", level = level)
}

fn wind_text() -> String {
    msg!("board-wind")
}

fn outlook_text(o: Outlook) -> String {
    let name = match o {
        Outlook::Fog => "fog",
        Outlook::Storm => "storm",
        Outlook::Windy => "windy",
        Outlook::Overcast => "overcast",
        Outlook::Sunny => "sunny",
        Outlook::Heatwave => "heatwave",
    };
    msg!("board-sky", weather = name)
}

/// The icon's box.
const ICON: i32 = 30;

/// How wide the header's weather and wind are, 0 when neither is in play.
pub(crate) fn width(sky: &Sky) -> i32 {
    let mut w = 0;
    if let Some(o) = sky.outlook {
        w += ICON + 6 + WORDS.width(&outlook_text(o)) + GAP;
    }
    if let Some(level) = sky.weather {
        w += WORDS.width(&weather_text(level)) + 16 + GAP;
    }
    if sky.wind.is_some() {
        w += WORDS.width(&wind_text()) + 6 + ARROW + GAP;
    }
    w
}

/// Draws the weather and wind with their right edge at `right`, centred on `cy`.
pub(crate) fn draw(img: &mut RgbImage, sky: &Sky, right: i32, cy: i32) {
    draw_from(img, sky, right - width(sky) + GAP, cy);
}

/// Draws the weather and wind from `x` rightwards, centred on `cy`.
pub(crate) fn draw_from(img: &mut RgbImage, sky: &Sky, mut x: i32, cy: i32) {
    if let Some(o) = sky.outlook {
        icon(img, o, x + ICON / 2, cy);
        x += ICON + 6;
        let words = outlook_text(o);
        text::draw(img, WORDS, INK, x, cy - WORDS.cap_height() / 2, &words);
        x += WORDS.width(&words) + GAP;
    }
    if let Some(level) = sky.weather {
        x += weather_chip(img, x, cy, level, WORDS, CHIP_H) + GAP;
    }
    if let Some(from) = sky.wind {
        let words = wind_text();
        text::draw(img, WORDS, INK, x, cy - WORDS.cap_height() / 2, &words);
        x += WORDS.width(&words) + 6;
        arrow(img, x + ARROW / 2, cy, from);
    }
}

/// The weather level's chip, "Weather 3/5" on the level's colour, from `x` and centred on
/// `cy`, in `style` and `h` high: returns its width.
pub(crate) fn weather_chip(
    img: &mut RgbImage,
    x: i32,
    cy: i32,
    level: u8,
    style: Style,
    h: i32,
) -> i32 {
    let words = weather_text(level);
    let w = style.width(&words) + 16;
    let c = weather_colour(level);
    rounded(img, x, cy - h / 2, w, h, 6, INK);
    rounded(img, x + 2, cy - h / 2 + 2, w - 4, h - 4, 5, c);
    text::draw_centred(img, style, palette::ink_on(c), x + w / 2, cy, &words);
    w
}

/// The width of [`weather_chip`] in `style`.
pub(crate) fn weather_chip_w(level: u8, style: Style) -> i32 {
    style.width(&weather_text(level)) + 16
}

/// An arrow pointing the way the wind blows, centred on (cx, cy).
pub(crate) fn arrow(img: &mut RgbImage, cx: i32, cy: i32, from: WindFrom) {
    let half = ARROW / 2 - 1;
    let head = 8;
    // (dx, dy): the direction the wind blows on the picture.
    let (dx, dy) = match from {
        WindFrom::Ahead => (-1, 0),
        WindFrom::Behind => (1, 0),
        WindFrom::Left => (0, 1),
        WindFrom::Right => (0, -1),
    };
    // The shaft, 4 pixels thick, from the tail to the start of the head.
    for t in -half..=(half - head) {
        let (x, y) = (cx + dx * t, cy + dy * t);
        if dx != 0 {
            rect(img, x, y - 2, 1, 4, INK);
        } else {
            rect(img, x - 2, y, 4, 1, INK);
        }
    }
    // The head: a triangle narrowing to the tip.
    for k in 0..=head {
        let t = half - head + k;
        let spread = head - k;
        let (x, y) = (cx + dx * t, cy + dy * t);
        if dx != 0 {
            rect(img, x, y - spread, 1, 2 * spread + 1, INK);
        } else {
            rect(img, x - spread, y, 2 * spread + 1, 1, INK);
        }
    }
}

const SUN: Colour = Rgb([245, 190, 30]);
const HOT: Colour = Rgb([225, 80, 30]);
const CLOUD: Colour = Rgb([250, 250, 252]);
const DARK_CLOUD: Colour = Rgb([110, 115, 130]);
const FOG: Colour = Rgb([125, 125, 138]);
const RAIN: Colour = Rgb([40, 110, 210]);
const BOLT: Colour = Rgb([250, 205, 30]);

/// A thick line: one pixel lines side by side.
fn line(img: &mut RgbImage, (x0, y0): (i32, i32), (x1, y1): (i32, i32), t: i32, c: Colour) {
    for d in 0..t {
        let o = (d - t / 2) as f32;
        let (dx, dy) = if (x1 - x0).abs() >= (y1 - y0).abs() {
            (0.0, o)
        } else {
            (o, 0.0)
        };
        draw_line_segment_mut(
            img,
            (x0 as f32 + dx, y0 as f32 + dy),
            (x1 as f32 + dx, y1 as f32 + dy),
            c,
        );
    }
}

/// A sun with eight rays, inked round so it reads on any page.
fn sun(img: &mut RgbImage, cx: i32, cy: i32, r: i32, c: Colour) {
    let rays: [(i32, i32); 8] = [
        (0, -1),
        (1, -1),
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
    ];
    for (dx, dy) in rays {
        let k = if dx != 0 && dy != 0 { 0.72 } else { 1.0 };
        let a = ((r + 3) as f32 * k) as i32;
        let b = ((r + 7) as f32 * k) as i32;
        line(
            img,
            (cx + dx * a, cy + dy * a),
            (cx + dx * b, cy + dy * b),
            3,
            INK,
        );
        line(
            img,
            (cx + dx * a, cy + dy * a),
            (cx + dx * b, cy + dy * b),
            1,
            c,
        );
    }
    circle(img, cx, cy, r + 1, INK);
    circle(img, cx, cy, r - 1, c);
}

/// A cloud of three puffs on a flat base, inked round.
fn cloud(img: &mut RgbImage, cx: i32, cy: i32, c: Colour) {
    let puffs = [(-7, 2, 6), (0, -3, 8), (8, 2, 6)];
    for (dx, dy, r) in puffs {
        circle(img, cx + dx, cy + dy, r + 2, INK);
    }
    rect(img, cx - 9, cy + 1, 19, 10, INK);
    for (dx, dy, r) in puffs {
        circle(img, cx + dx, cy + dy, r, c);
    }
    rect(img, cx - 8, cy + 2, 17, 7, c);
}

/// House rules A's weather as a picture, in a box of [`ICON`] centred on (cx, cy).
fn icon(img: &mut RgbImage, o: Outlook, cx: i32, cy: i32) {
    match o {
        Outlook::Sunny => sun(img, cx, cy, 6, SUN),
        Outlook::Heatwave => {
            sun(img, cx - 3, cy - 2, 6, HOT);
            // Heat shimmer under the sun.
            for dy in [9, 13] {
                for k in 0..4 {
                    let x = cx - 12 + k * 7;
                    line(img, (x, cy + dy), (x + 3, cy + dy - 2), 2, HOT);
                    line(img, (x + 3, cy + dy - 2), (x + 7, cy + dy), 2, HOT);
                }
            }
        }
        Outlook::Overcast => {
            sun(img, cx + 7, cy - 6, 4, SUN);
            cloud(img, cx - 1, cy + 1, CLOUD);
        }
        Outlook::Storm => {
            cloud(img, cx, cy - 4, DARK_CLOUD);
            let bolt = [
                Point::new(cx + 1, cy + 2),
                Point::new(cx - 5, cy + 10),
                Point::new(cx - 1, cy + 10),
                Point::new(cx - 4, cy + 16),
                Point::new(cx + 5, cy + 7),
                Point::new(cx + 1, cy + 7),
                Point::new(cx + 4, cy + 2),
            ];
            draw_polygon_mut(img, &bolt, BOLT);
            for dx in [-11, 9] {
                line(img, (cx + dx, cy + 7), (cx + dx - 2, cy + 13), 2, RAIN);
            }
        }
        Outlook::Fog => {
            for (k, (dx, w)) in [(-4, 22), (2, 24), (-2, 20), (3, 18)].iter().enumerate() {
                let y = cy - 9 + k as i32 * 6;
                rounded(img, cx - 12 + dx, y, *w, 4, 2, FOG);
            }
        }
        Outlook::Windy => {
            // Three gusts blowing left to right, each curling up at its end.
            for (k, w) in [22, 16, 20].iter().enumerate() {
                let y = cy - 8 + k as i32 * 8;
                let x0 = cx - 13;
                let end = x0 + w;
                line(img, (x0, y), (end, y), 3, INK);
                line(img, (end, y), (end + 3, y - 2), 2, INK);
                line(img, (end + 3, y - 2), (end + 3, y - 5), 2, INK);
                line(img, (end + 3, y - 5), (end, y - 6), 2, INK);
            }
        }
    }
}
