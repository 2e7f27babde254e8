//! `/odds` as a picture (issue 35): a bar a rider, in his team's colour, as long as his chance
//! to win the stage, with the chance and its standard error written beside it. As wide as the
//! standings, so it reads on a phone as they do.

use crate::draw::rect;
use crate::palette::{self, Colour, INK, PAGE, SOFT_INK};
use crate::text::{self, Style};
use crate::{RenderError, encode};
use image::RgbImage;

pub const WIDTH: i32 = 900;
const PAD: i32 = 20;
const HEADER_H: i32 = 64;
const ROW_H: i32 = 34;
const TITLE: Style = Style::bold(24.0);
const BODY: Style = Style::regular(18.0);
const NAME_W: i32 = 300;
const VALUE_W: i32 = 150;

/// One rider's bar.
#[derive(Debug, Clone, PartialEq)]
pub struct OddsBar {
    /// The rider as the answer names him.
    pub name: String,
    /// His team's colour.
    pub colour: Colour,
    /// His chance, 0 to 1, and its standard error.
    pub chance: f64,
    pub error: f64,
    /// The chance as written beside the bar ("23.5 % ± 0.9").
    pub label: String,
}

/// The picture: a title, then the bars, most likely first.
pub fn render_odds(title: &str, bars: &[OddsBar]) -> Result<Vec<u8>, RenderError> {
    encode::png(&draw_odds(title, bars))
}

pub fn draw_odds(title: &str, bars: &[OddsBar]) -> RgbImage {
    let height = HEADER_H + bars.len().max(1) as i32 * ROW_H + PAD;
    let mut img = crate::draw::canvas(WIDTH as u32, height as u32, PAGE);
    rect(&mut img, 0, 0, WIDTH, HEADER_H, palette::STRIP_BAND);
    let title = text::fit(TITLE, title, WIDTH - 2 * PAD);
    text::draw(
        &mut img,
        TITLE,
        INK,
        PAD,
        HEADER_H / 2 - TITLE.cap_height() / 2,
        &title,
    );
    let bar_x = PAD + NAME_W;
    let bar_w = WIDTH - bar_x - VALUE_W - PAD;
    for (i, b) in bars.iter().enumerate() {
        let y = HEADER_H + i as i32 * ROW_H;
        let mid = y + ROW_H / 2;
        let name = text::fit(BODY, &b.name, NAME_W - 12);
        text::draw(&mut img, BODY, INK, PAD, mid - BODY.cap_height() / 2, &name);
        let colour: Colour = b.colour;
        let len = (b.chance.clamp(0.0, 1.0) * f64::from(bar_w)).round() as i32;
        rect(
            &mut img,
            bar_x,
            y + 6,
            bar_w,
            ROW_H - 12,
            palette::STRIP_BAND,
        );
        if len > 0 {
            rect(&mut img, bar_x, y + 6, len, ROW_H - 12, colour);
        }
        // The standard error as a whisker either side of the bar's end.
        let err = (b.error.clamp(0.0, 1.0) * f64::from(bar_w)).round() as i32;
        if err > 0 {
            let from = (bar_x + len - err).max(bar_x);
            let to = (bar_x + len + err).min(bar_x + bar_w);
            rect(&mut img, from, mid - 1, to - from, 3, INK);
        }
        text::draw_right(
            &mut img,
            BODY,
            SOFT_INK,
            WIDTH - PAD,
            mid - BODY.cap_height() / 2,
            &b.label,
        );
    }
    img
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bar_a_rider_as_long_as_its_chance_in_its_team_colour() {
        let bars = [
            OddsBar {
                name: "Reds Rouleur".into(),
                colour: palette::team(0),
                chance: 0.5,
                error: 0.0,
                label: "50.0 % ± 0.0".into(),
            },
            OddsBar {
                name: "Blues Rouleur".into(),
                colour: palette::team(1),
                chance: 0.0,
                error: 0.0,
                label: "0.0 % ± 0.0".into(),
            },
        ];
        let img = draw_odds("Win chances", &bars);
        assert_eq!(img.width() as i32, WIDTH);
        assert_eq!(img.height() as i32, HEADER_H + 2 * ROW_H + PAD);
        let bar_x = PAD + NAME_W;
        let bar_w = WIDTH - bar_x - VALUE_W - PAD;
        let y = (HEADER_H + ROW_H / 2 - 6) as u32;
        // Half the track in the team's colour, the rest bare.
        assert_eq!(
            *img.get_pixel((bar_x + bar_w / 4) as u32, y),
            palette::team(0)
        );
        assert_eq!(
            *img.get_pixel((bar_x + 3 * bar_w / 4) as u32, y),
            palette::STRIP_BAND
        );
        // A rider with no chance has a bare track.
        let y = y + ROW_H as u32;
        assert_eq!(*img.get_pixel((bar_x + 2) as u32, y), palette::STRIP_BAND);
        assert!(
            render_odds("Win chances", &bars)
                .unwrap()
                .starts_with(b"\x89PNG")
        );
    }
}
