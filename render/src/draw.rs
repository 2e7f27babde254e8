//! Small drawing primitives on top of imageproc, in whole pixels, clipped to the picture.

use crate::palette::{Colour, INK, WHITE};
use image::RgbImage;
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_rect_mut};
use imageproc::rect::Rect;

pub fn rect(img: &mut RgbImage, x: i32, y: i32, w: i32, h: i32, c: Colour) {
    if w > 0 && h > 0 {
        draw_filled_rect_mut(img, Rect::at(x, y).of_size(w as u32, h as u32), c);
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
