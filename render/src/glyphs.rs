//! Text drawn as imageproc's `draw_text_mut` draws it, pixel for pixel, with each glyph's
//! coverage rasterized once and kept.
//!
//! Under load the bot draws a board and a profile every round of every tour, and the same words
//! come back each time (the teams, the lines, the distances, the key): rasterizing their glyphs
//! again was about a sixth of the pictures' CPU (docs/speed.md). A glyph's coverage depends only
//! on the font, the size and where the caret puts it (the fraction of a pixel it starts at), so
//! it is kept under exactly those, to the bit: what is drawn from the cache is what imageproc
//! would have drawn (`tests::the_kept_glyphs_draw_what_imageproc_draws`).

use crate::palette::Colour;
use crate::text::{Style, Weight};
use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use image::RgbImage;
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

/// How many glyphs at most are kept (each a few hundred bytes: a 14 px letter is about 10 by
/// 15 coverage values). A board in one language uses some hundreds; past the limit the cache
/// starts again empty, so its memory stays bounded whatever the tours write.
pub const KEPT: usize = 4096;

/// A glyph as drawn at one place: its box's offset from the caret's line origin (as imageproc
/// rounds it) and the coverage of every pixel of the box, row by row.
struct Coverage {
    left: i32,
    top: i32,
    width: usize,
    values: Vec<f32>,
}

/// The font, the size, the glyph and where along the line it starts, each to the bit.
type Key = (Weight, u32, u16, u32);

static KEPT_GLYPHS: LazyLock<Mutex<HashMap<Key, Option<Arc<Coverage>>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// The glyph `id` at size `scale` with the caret at `caret` (the line's ascent as its height):
/// kept, or rasterized now and kept. `None` for a glyph with no outline (a space).
fn coverage(
    weight: Weight,
    font: &FontRef<'static>,
    scale: PxScale,
    ascent: f32,
    id: GlyphId,
    caret: f32,
) -> Option<Arc<Coverage>> {
    let key = (weight, scale.x.to_bits(), id.0, caret.to_bits());
    if let Some(kept) = KEPT_GLYPHS.lock().ok().and_then(|k| k.get(&key).cloned()) {
        return kept;
    }
    let drawn = font
        .outline_glyph(id.with_scale_and_position(scale, point(caret, ascent)))
        .map(|g| {
            let bounds = g.px_bounds();
            let width = bounds.width() as usize;
            let mut values = vec![0.0; width * bounds.height() as usize];
            g.draw(|x, y, v| values[y as usize * width + x as usize] = v);
            Arc::new(Coverage {
                left: bounds.min.x.round() as i32,
                top: bounds.min.y.round() as i32,
                width,
                values,
            })
        });
    if let Ok(mut kept) = KEPT_GLYPHS.lock() {
        if kept.len() >= KEPT {
            kept.clear();
        }
        kept.insert(key, drawn.clone());
    }
    drawn
}

/// How many glyphs are kept now (for the test of the bound).
#[cfg(test)]
fn kept() -> usize {
    KEPT_GLYPHS.lock().map_or(0, |k| k.len())
}

/// Draws `text` with the top of its line box at (x, y): `imageproc::drawing::draw_text_mut`'s
/// layout (its caret, its kerning, its rounding) and its blending, the glyphs from the cache.
pub fn draw(img: &mut RgbImage, style: Style, colour: Colour, x: i32, y: i32, text: &str) {
    let (weight, font) = (style.weight, crate::text::font(style.weight));
    let scale = PxScale::from(style.px);
    let scaled = font.as_scaled(scale);
    let ascent = scaled.ascent();
    let (width, height) = (img.width() as i32, img.height() as i32);
    let mut caret = 0.0;
    let mut prev: Option<GlyphId> = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        let at = caret;
        caret += scaled.h_advance(id);
        let Some(glyph) = coverage(weight, font, scale, ascent, id, at) else {
            continue;
        };
        // imageproc kerns after placing the glyph, with the pair's order as it writes it:
        // kept as it is, since the goal is its very pixels.
        if let Some(p) = prev {
            caret += scaled.kern(id, p);
        }
        prev = Some(id);
        let (left, top) = (x + glyph.left, y + glyph.top);
        for (row, line) in glyph.values.chunks(glyph.width.max(1)).enumerate() {
            let py = top + row as i32;
            if !(0..height).contains(&py) {
                continue;
            }
            for (col, &v) in line.iter().enumerate() {
                let px = left + col as i32;
                // No coverage leaves the pixel as it is (imageproc's sum with weights 1 and 0).
                if v <= 0.0 || !(0..width).contains(&px) {
                    continue;
                }
                let v = v.min(1.0);
                let pixel = img.get_pixel_mut(px as u32, py as u32);
                *pixel = imageproc::pixelops::weighted_sum(*pixel, colour, 1.0 - v, v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// A canvas of many colours, so that every blend is checked, not only over white.
    fn canvas() -> RgbImage {
        RgbImage::from_fn(220, 60, |x, y| {
            Rgb([
                (x * 7 % 256) as u8,
                (y * 11 % 256) as u8,
                ((x + y) * 5 % 256) as u8,
            ])
        })
    }

    #[test]
    fn the_kept_glyphs_draw_what_imageproc_draws() {
        let texts = [
            "AV To Wa 10 20",
            "Étape: Col du Tourmalet",
            "Finish — 12 km",
            "ijl ,.;:' Ÿ ß ø",
            "Ronde van Vlaanderen",
            "  spaces  ",
            "",
        ];
        let colours = [Rgb([20, 24, 28]), Rgb([250, 250, 240]), Rgb([200, 30, 40])];
        for weight in [Weight::Regular, Weight::Bold] {
            let font = crate::text::font(weight);
            for px in [13.0, 14.0, 15.0, 17.5, 24.0] {
                for (i, text) in texts.iter().enumerate() {
                    // Inside, and across each edge of the picture.
                    for (x, y) in [(3, 5), (-7, 20), (150, 40), (40, -6)] {
                        let colour = colours[i % colours.len()];
                        let mut theirs = canvas();
                        imageproc::drawing::draw_text_mut(
                            &mut theirs,
                            colour,
                            x,
                            y,
                            PxScale::from(px),
                            font,
                            text,
                        );
                        // Twice: rasterized the first time, from the cache the second.
                        for round in 0..2 {
                            let mut ours = canvas();
                            draw(&mut ours, Style { weight, px }, colour, x, y, text);
                            assert!(
                                ours == theirs,
                                "{weight:?} {px} px {text:?} at ({x}, {y}), pass {round}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_cache_keeps_at_most_its_bound() {
        let mut img = RgbImage::new(40, 40);
        // Every size a new set of keys: far more glyphs than the bound.
        for i in 0..(KEPT / 4 + 50) {
            let px = 10.0 + i as f32 / 64.0;
            draw(&mut img, Style::regular(px), Rgb([0, 0, 0]), 0, 0, "abcdef");
            assert!(kept() <= KEPT, "{} glyphs kept", kept());
        }
    }
}
