//! PNG encoding tuned for speed. Measured on the sample boards: fast deflate with adaptive
//! filters gives ~70 KB for a 12-rider board in ~3 ms all told; default deflate is a third
//! smaller but triples the time, and the Sub filter alone doubles the size.
//!
//! The Paeth filter alone (issue 34): measured again on the sample boards (1600×387 and
//! 1600×917), encoding took 0.85 and 1.78 ms against 1.21 and 2.42 ms with adaptive filters,
//! for files 5 and 7 % larger (95 against 90 KB, 166 against 155 KB). The bot draws a board
//! each round of every tour, and under load the pictures were a quarter of its CPU
//! (docs/speed.md); Up, Sub and Avg alone made files twice to three times as large.

use crate::RenderError;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, RgbImage};

pub fn png(img: &RgbImage) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(64 * 1024);
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Paeth).write_image(
        img.as_raw(),
        img.width(),
        img.height(),
        image::ExtendedColorType::Rgb8,
    )?;
    // The encoder grows its buffer by doubling: a board's bytes are kept (drawn pictures) and
    // queued for posting, so they are kept at their size, not up to twice it.
    out.shrink_to_fit();
    Ok(out)
}
