//! Text with the embedded DejaVu fonts (shipped in `render/assets/` with their licence), so a
//! picture never depends on the fonts of the machine that draws it: same scene, same pixels.

use crate::palette::Colour;
use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::RgbImage;
use std::sync::OnceLock;

pub(crate) static BOLD_TTF: &[u8] = include_bytes!("../assets/DejaVuSans-Bold.ttf");
pub(crate) static REGULAR_TTF: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Weight {
    Regular,
    Bold,
}

pub(crate) fn font(weight: Weight) -> &'static FontRef<'static> {
    static BOLD: OnceLock<FontRef<'static>> = OnceLock::new();
    static REGULAR: OnceLock<FontRef<'static>> = OnceLock::new();
    // The bytes are compiled in and known good: a failure here is a broken build, not bad input.
    match weight {
        Weight::Bold => BOLD.get_or_init(|| FontRef::try_from_slice(BOLD_TTF).expect("bold font")),
        Weight::Regular => {
            REGULAR.get_or_init(|| FontRef::try_from_slice(REGULAR_TTF).expect("regular font"))
        }
    }
}

/// A font at a size: what every text call takes.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub weight: Weight,
    pub px: f32,
}

impl Style {
    pub const fn bold(px: f32) -> Self {
        Style {
            weight: Weight::Bold,
            px,
        }
    }
    pub const fn regular(px: f32) -> Self {
        Style {
            weight: Weight::Regular,
            px,
        }
    }

    /// Advance width of `text` in pixels, as [`draw`] draws it (without the glyphs the font
    /// lacks).
    pub fn width(self, text: &str) -> i32 {
        let f = font(self.weight).as_scaled(PxScale::from(self.px));
        let mut w = 0.0;
        let mut prev = None;
        for c in printable(text).chars() {
            let id = f.glyph_id(c);
            if let Some(p) = prev {
                w += f.kern(p, id);
            }
            w += f.h_advance(id);
            prev = Some(id);
        }
        w.ceil() as i32
    }

    /// Height of a capital letter: what the eye centres on for labels made of capitals and digits.
    pub fn cap_height(self) -> i32 {
        // DejaVu Sans capitals are 0.729 em tall (1493 of 2048 units).
        (self.px * 0.729).round() as i32
    }

    /// Distance from the top of the line box to the baseline, as imageproc lays text out.
    fn ascent(self) -> f32 {
        font(self.weight).as_scaled(PxScale::from(self.px)).ascent()
    }
}

/// `text` without the characters the embedded fonts have no glyph for (emoji, most scripts
/// beyond Latin, Greek and Cyrillic), and without the spaces their removal doubles: a picture
/// leaves them out rather than draw an empty box. Both weights cover the same characters.
pub fn printable(text: &str) -> String {
    let f = font(Weight::Regular);
    let kept: String = text
        .chars()
        .filter(|&c| c == ' ' || (drawn(c) && f.glyph_id(c).0 != 0))
        .collect();
    if kept.len() == text.len() {
        return kept;
    }
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `c` is a character that draws something: not a control, not one of the invisible
/// modifiers of emoji (variation selectors, the zero-width joiner, skin tones).
fn drawn(c: char) -> bool {
    !c.is_control()
        && !matches!(c, '\u{fe00}'..='\u{fe0f}' | '\u{200d}' | '\u{1f3fb}'..='\u{1f3ff}')
}

/// A text drawn on a picture and the box its letters take (capital top to baseline plus the
/// descenders), in the picture of `within` (its width and height): what [`measured`] collects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drawn {
    pub text: String,
    pub left: i32,
    pub top: i32,
    pub right: i32,
    pub bottom: i32,
    pub within: (u32, u32),
}

impl Drawn {
    /// Whether the two boxes share any pixel.
    pub fn overlaps(&self, other: &Drawn) -> bool {
        self.left < other.right
            && other.left < self.right
            && self.top < other.bottom
            && other.top < self.bottom
    }

    /// Whether the box lies inside its picture.
    pub fn inside(&self) -> bool {
        self.left >= 0
            && self.top >= 0
            && self.right <= self.within.0 as i32
            && self.bottom <= self.within.1 as i32
    }
}

/// What [`measured`] saw: every text drawn, and every text cut with an ellipsis to fit.
#[derive(Debug, Default, Clone)]
pub struct Measured {
    pub drawn: Vec<Drawn>,
    pub cut: Vec<String>,
}

thread_local! {
    static MEASURING: std::cell::RefCell<Option<Measured>> = const { std::cell::RefCell::new(None) };
}

/// Runs `work` (drawing pictures) and returns with it every text it drew and every text it cut:
/// the tests that check that the longest words of each language fit their boxes.
pub fn measured<R>(work: impl FnOnce() -> R) -> (R, Measured) {
    let outer = MEASURING.with(|m| m.replace(Some(Measured::default())));
    let out = work();
    let seen = MEASURING.with(|m| m.replace(outer)).unwrap_or_default();
    (out, seen)
}

fn measuring(record: impl FnOnce(&mut Measured)) {
    MEASURING.with(|m| {
        if let Some(seen) = m.borrow_mut().as_mut() {
            record(seen);
        }
    });
}

/// Draws `text` with its top-left corner of the capitals at (x, top).
pub fn draw(img: &mut RgbImage, style: Style, colour: Colour, x: i32, cap_top: i32, text: &str) {
    let text = &printable(text);
    measuring(|seen| {
        seen.drawn.push(Drawn {
            text: text.clone(),
            left: x,
            top: cap_top,
            right: x + style.width(text),
            // The descenders (g, p, q) reach about a fifth of the size below the baseline.
            bottom: cap_top + style.cap_height() + (style.px * 0.2).round() as i32,
            within: img.dimensions(),
        })
    });
    // imageproc puts the line box's top at y; shift so the capital tops land on `cap_top`.
    let y = cap_top - (style.ascent() - style.cap_height() as f32).round() as i32;
    // imageproc's text drawing, its glyphs kept once rasterized (`glyphs`).
    crate::glyphs::draw(img, style, colour, x, y, text);
}

/// Draws `text` centred on (cx, cy), by its capital height: labels sit in the middle of a token.
pub fn draw_centred(
    img: &mut RgbImage,
    style: Style,
    colour: Colour,
    cx: i32,
    cy: i32,
    text: &str,
) {
    let x = cx - style.width(text) / 2;
    let top = cy - style.cap_height() / 2;
    draw(img, style, colour, x, top, text);
}

/// Draws `text` ending at x = `right`.
pub fn draw_right(
    img: &mut RgbImage,
    style: Style,
    colour: Colour,
    right: i32,
    cap_top: i32,
    text: &str,
) {
    draw(img, style, colour, right - style.width(text), cap_top, text);
}

/// `text` cut with an ellipsis so that it fits in `max` pixels.
pub fn fit(style: Style, text: &str, max: i32) -> String {
    let text = printable(text);
    if style.width(&text) <= max {
        return text;
    }
    measuring(|seen| seen.cut.push(text.clone()));
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let candidate = chars.iter().collect::<String>().trim_end().to_string() + "…";
        if style.width(&candidate) <= max {
            return candidate;
        }
    }
    String::new()
}

/// `text` cut in the middle so that it fits in `max` pixels: its start and its end stay, for
/// names that differ only at the end ("Vélo Club… Rouleur", "Vélo Club… Sprinteur").
pub fn fit_middle(style: Style, text: &str, max: i32) -> String {
    let text = printable(text);
    if style.width(&text) <= max {
        return text;
    }
    measuring(|seen| seen.cut.push(text.clone()));
    let chars: Vec<char> = text.chars().collect();
    // Keep twice as much of the end as of the start: the end tells the names apart.
    for kept in (1..chars.len()).rev() {
        let tail = (kept * 2).div_ceil(3);
        let head = kept - tail;
        let start: String = chars[..head].iter().collect();
        let end: String = chars[chars.len() - tail..].iter().collect();
        let candidate = format!("{}…{}", start.trim_end(), end.trim_start());
        if style.width(&candidate) <= max {
            return candidate;
        }
    }
    fit(style, &text, max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_grow_with_text_and_size() {
        let s = Style::bold(20.0);
        assert!(s.width("BR") > s.width("B"));
        assert!(Style::bold(30.0).width("BR") > s.width("BR"));
        assert_eq!(s.width(""), 0);
    }

    #[test]
    fn fit_cuts_long_names() {
        let s = Style::regular(16.0);
        let cut = fit(s, "Team Flamme Rouge Very Long Name", 80);
        assert!(cut.ends_with('…'));
        assert!(s.width(&cut) <= 80);
        assert_eq!(fit(s, "Short", 200), "Short");
    }
}
