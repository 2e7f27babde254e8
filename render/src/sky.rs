//! The weather and wind of a race in the board's header: a chip with the weather level in its
//! colour (blue cold to red hot) and an arrow showing which way the wind blows across the board
//! (riders ride left to right; lane 0, the right-hand lane, is at the bottom).

use crate::draw::{rect, rounded};
use crate::palette::{self, Colour, INK};
use crate::scene::{Sky, WindFrom};
use crate::text::{self, Style};
use commissaire_messages::msg;
use image::{Rgb, RgbImage};

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

fn weather_text(level: u8) -> String {
    msg!("board-weather", level = level)
}

fn wind_text() -> String {
    msg!("board-wind")
}

/// How wide the header's weather and wind are, 0 when neither is in play.
pub(crate) fn width(sky: &Sky) -> i32 {
    let mut w = 0;
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
    let mut x = right - width(sky) + GAP;
    if let Some(level) = sky.weather {
        let words = weather_text(level);
        let w = WORDS.width(&words) + 16;
        let c = weather_colour(level);
        rounded(img, x, cy - CHIP_H / 2, w, CHIP_H, 6, INK);
        rounded(img, x + 2, cy - CHIP_H / 2 + 2, w - 4, CHIP_H - 4, 5, c);
        text::draw_centred(img, WORDS, palette::ink_on(c), x + w / 2, cy, &words);
        x += w + GAP;
    }
    if let Some(from) = sky.wind {
        let words = wind_text();
        text::draw(img, WORDS, INK, x, cy - WORDS.cap_height() / 2, &words);
        x += WORDS.width(&words) + 6;
        arrow(img, x + ARROW / 2, cy, from);
    }
}

/// An arrow pointing the way the wind blows, centred on (cx, cy).
fn arrow(img: &mut RgbImage, cx: i32, cy: i32, from: WindFrom) {
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
