//! Small drawing primitives on top of imageproc, in whole pixels, clipped to the picture.

use crate::palette::{Colour, INK, WHITE};
use image::RgbImage;
use imageproc::drawing::draw_filled_circle_mut;

/// A picture of `width` by `height` pixels, all of `colour`: the pixel's bytes repeated into a
/// buffer of the picture's size. `RgbImage::from_pixel` makes the same picture in two passes,
/// a zeroed buffer first and then the colour pixel by pixel; the boards' and profiles' zeroed
/// canvases were a fortieth of the bot's CPU under load (docs/speed.md).
pub fn canvas(width: u32, height: u32, colour: Colour) -> RgbImage {
    let bytes = colour.0.repeat(width as usize * height as usize);
    // The buffer holds exactly width × height pixels of three bytes.
    RgbImage::from_raw(width, height, bytes).expect("a canvas of its own size")
}

/// A filled box, clipped to the picture. Filled a row at a time, as slices of the picture's
/// bytes: imageproc's `draw_filled_rect_mut` writes pixel by pixel, each bounds-checked, and was
/// a fifth of a board's drawing (issue 34, docs/speed.md). The same pixels, which a test checks.
pub fn rect(img: &mut RgbImage, x: i32, y: i32, w: i32, h: i32, c: Colour) {
    if w <= 0 || h <= 0 {
        return;
    }
    let (width, height) = (i64::from(img.width()), i64::from(img.height()));
    let (x0, x1) = (
        i64::from(x).max(0),
        (i64::from(x) + i64::from(w)).min(width),
    );
    let (y0, y1) = (
        i64::from(y).max(0),
        (i64::from(y) + i64::from(h)).min(height),
    );
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    // In range of the picture's bytes: 0 <= x0 < x1 <= width, and the same for the rows.
    let stride = width as usize * 3;
    let bytes: &mut [u8] = img;
    for row in y0 as usize..y1 as usize {
        let line = &mut bytes[row * stride + x0 as usize * 3..row * stride + x1 as usize * 3];
        for pixel in line.chunks_exact_mut(3) {
            pixel.copy_from_slice(&c.0);
        }
    }
}

/// An outline `t` pixels thick, inside the box.
pub fn frame(img: &mut RgbImage, x: i32, y: i32, w: i32, h: i32, t: i32, c: Colour) {
    rect(img, x, y, w, t, c);
    rect(img, x, y + h - t, w, t, c);
    rect(img, x, y, t, h, c);
    rect(img, x + w - t, y, t, h, c);
}

/// A filled box with rounded corners of radius `r`.
pub fn rounded(img: &mut RgbImage, x: i32, y: i32, w: i32, h: i32, r: i32, c: Colour) {
    let r = r.min(w / 2).min(h / 2);
    rect(img, x + r, y, w - 2 * r, h, c);
    rect(img, x, y + r, w, h - 2 * r, c);
    for (cx, cy) in [
        (x + r, y + r),
        (x + w - 1 - r, y + r),
        (x + r, y + h - 1 - r),
        (x + w - 1 - r, y + h - 1 - r),
    ] {
        draw_filled_circle_mut(img, (cx, cy), r, c);
    }
}

pub fn circle(img: &mut RgbImage, cx: i32, cy: i32, r: i32, c: Colour) {
    draw_filled_circle_mut(img, (cx, cy), r, c);
}

/// A chequered band: the finish line, and the "across the line" mark on tokens.
pub fn chequer(img: &mut RgbImage, x: i32, y: i32, w: i32, h: i32, square: i32) {
    for row in 0..(h + square - 1) / square {
        for col in 0..(w + square - 1) / square {
            let c = if (row + col) % 2 == 0 { INK } else { WHITE };
            let sx = x + col * square;
            let sy = y + row * square;
            rect(
                img,
                sx,
                sy,
                square.min(x + w - sx),
                square.min(y + h - sy),
                c,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use imageproc::drawing::draw_filled_rect_mut;
    use imageproc::rect::Rect;

    #[test]
    fn a_canvas_is_what_from_pixel_makes() {
        for (w, h) in [(1600, 331), (7, 3), (1, 1), (0, 5), (5, 0)] {
            for colour in [crate::palette::PAGE, INK, image::Rgb([1, 2, 3])] {
                assert!(
                    canvas(w, h, colour) == RgbImage::from_pixel(w, h, colour),
                    "{w}×{h}"
                );
            }
        }
    }

    /// Row by row, the same pixels as imageproc's pixel by pixel, clipped the same way: inside,
    /// across each edge, beyond the picture, empty and one pixel wide.
    #[test]
    fn a_box_fills_the_pixels_imageproc_fills() {
        let base = RgbImage::from_fn(37, 23, |x, y| image::Rgb([x as u8, y as u8, 7]));
        let c = image::Rgb([200, 10, 99]);
        let boxes = [
            (3, 4, 10, 5),
            (-5, -5, 12, 9),
            (30, 20, 20, 20),
            (-10, 2, 100, 3),
            (0, 0, 37, 23),
            (36, 22, 1, 1),
            (37, 0, 4, 4),
            (0, 23, 4, 4),
            (-4, 0, 4, 4),
            (5, 5, 0, 3),
            (5, 5, 3, 0),
            (5, 5, -3, 4),
        ];
        for (x, y, w, h) in boxes {
            let mut ours = base.clone();
            rect(&mut ours, x, y, w, h, c);
            let mut theirs = base.clone();
            if w > 0 && h > 0 {
                draw_filled_rect_mut(&mut theirs, Rect::at(x, y).of_size(w as u32, h as u32), c);
            }
            assert!(ours == theirs, "box {x},{y} {w}x{h}");
        }
        // Where imageproc's sums overflow, ours clips (nothing in the picture to fill).
        let mut ours = base.clone();
        rect(&mut ours, i32::MAX - 2, 1, 5, 5, c);
        rect(&mut ours, 1, i32::MIN, 5, i32::MAX, c);
        assert!(ours == base);
    }
}
