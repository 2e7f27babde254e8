//! A stage as an animated GIF: one picture a frame, each shown for its own time (issue 36).
//!
//! GIF, not APNG: it is the format Discord plays inline everywhere (desktop, phones, the web).
//! It is made the way lichess's GIF service makes its games, to stay cheap enough to make at
//! every stage's end:
//!
//! - **one palette, chosen once**: the colours of the first picture and of everything that
//!   changes after it are counted, and the 255 most used make the GIF's global palette (index
//!   255 is the transparent one). A board is flat colours with anti-aliased edges: its flat
//!   colours are the most used and keep their exact values; an edge's blends are few and take
//!   the nearest colour of the palette;
//! - **a frame carries only what changed**: each picture is compared with the one before, only
//!   the rectangle holding what differs is kept, and inside it every pixel that did not change
//!   is transparent (long runs of one index, which LZW packs to almost nothing). The frames
//!   are disposed "keep", so each is drawn over what the one before left;
//! - **pictures of different sizes** (a field that spreads over another strip) are laid on one
//!   canvas as large as the largest, the room a smaller one leaves filled with the page's colour.
//!
//! Only the changed rectangles are kept between [`Animation::push`] and
//! [`Animation::finish`], so a stage of many turns does not hold every picture at once.

use crate::RenderError;
use crate::palette::PAGE;
use image::RgbImage;
use std::collections::HashMap;

/// The index of the transparent colour: a pixel that did not change.
const TRANSPARENT: u8 = 255;

/// How long the last picture is held before the animation starts again, in hundredths of a
/// second: the finish, two seconds.
pub const HOLD_CS: u16 = 200;

/// The largest side a GIF can have.
const MAX_SIDE: u32 = u16::MAX as u32;

/// An animation being made: the pictures pushed so far, as what changed from one to the next.
#[derive(Debug, Default)]
pub struct Animation {
    /// The first picture, whole.
    first: Option<RgbImage>,
    /// The last picture pushed, whole: what the next one is compared with.
    last: Option<RgbImage>,
    /// Each picture after the first: the rectangle of what changed, its pixels.
    steps: Vec<Step>,
    /// How long each picture is shown, in hundredths of a second.
    delays: Vec<u16>,
    width: u32,
    height: u32,
}

/// What changed from one picture to the next: a rectangle of the canvas and its new pixels
/// (RGB, row by row); empty when nothing changed.
#[derive(Debug)]
struct Step {
    x: u32,
    y: u32,
    w: u32,
    h: u32,
    pixels: Vec<u8>,
}

impl Animation {
    pub fn new() -> Self {
        Self::default()
    }

    /// How many pictures it holds.
    pub fn len(&self) -> usize {
        self.delays.len()
    }

    pub fn is_empty(&self) -> bool {
        self.delays.is_empty()
    }

    /// Adds a picture, shown for `delay` hundredths of a second.
    pub fn push(&mut self, image: RgbImage, delay: u16) {
        self.width = self.width.max(image.width());
        self.height = self.height.max(image.height());
        self.delays.push(delay);
        match self.last.take() {
            None => self.first = Some(image.clone()),
            Some(before) => self.steps.push(changed(&before, &image)),
        }
        self.last = Some(image);
    }

    /// The GIF: every picture in turn, for ever.
    pub fn finish(self) -> Result<Vec<u8>, RenderError> {
        let Some(first) = self.first else {
            return Err(RenderError::Animation(
                "an animation needs a picture".into(),
            ));
        };
        if self.width > MAX_SIDE || self.height > MAX_SIDE {
            return Err(RenderError::Animation(format!(
                "a picture of {}×{} is too large for a GIF",
                self.width, self.height
            )));
        }
        let (width, height) = (self.width as usize, self.height as usize);
        let mut colours = Colours::default();
        colours.count_image(&first);
        for step in &self.steps {
            colours.count(&step.pixels);
        }
        colours.count_page(width * height - (first.width() * first.height()) as usize);
        let mut palette = Palette::new(colours.most_used(TRANSPARENT as usize));

        // What the canvas shows, as palette indices: each frame is drawn over it.
        let mut canvas = vec![palette.index(PAGE.0); width * height];
        for (y, row) in first
            .as_raw()
            .chunks_exact(first.width() as usize * 3)
            .enumerate()
        {
            let line = &mut canvas[y * width..y * width + first.width() as usize];
            palette.indices(row, line);
        }

        let mut out = Vec::with_capacity(256 * 1024);
        {
            let mut encoder =
                gif::Encoder::new(&mut out, width as u16, height as u16, &palette.rgb_table())
                    .map_err(gif_error)?;
            encoder
                .set_repeat(gif::Repeat::Infinite)
                .map_err(gif_error)?;
            let mut frame = gif::Frame::from_indexed_pixels(
                width as u16,
                height as u16,
                canvas.as_slice(),
                None,
            );
            frame.delay = self.delays[0];
            frame.dispose = gif::DisposalMethod::Keep;
            encoder.write_frame(&frame).map_err(gif_error)?;

            let mut row_indices = Vec::new();
            for (step, &delay) in self.steps.iter().zip(&self.delays[1..]) {
                let mut frame = if step.w == 0 {
                    // Nothing changed: one transparent pixel, shown for the picture's time.
                    gif::Frame::from_indexed_pixels(1, 1, vec![TRANSPARENT], Some(TRANSPARENT))
                } else {
                    let mut pixels = Vec::with_capacity((step.w * step.h) as usize);
                    row_indices.resize(step.w as usize, 0);
                    for (dy, row) in step.pixels.chunks_exact(step.w as usize * 3).enumerate() {
                        palette.indices(row, &mut row_indices);
                        let at = (step.y as usize + dy) * width + step.x as usize;
                        let shown = &mut canvas[at..at + step.w as usize];
                        for (now, was) in row_indices.iter().zip(shown.iter_mut()) {
                            if *now == *was {
                                pixels.push(TRANSPARENT);
                            } else {
                                *was = *now;
                                pixels.push(*now);
                            }
                        }
                    }
                    let mut frame = gif::Frame::from_indexed_pixels(
                        step.w as u16,
                        step.h as u16,
                        pixels,
                        Some(TRANSPARENT),
                    );
                    frame.left = step.x as u16;
                    frame.top = step.y as u16;
                    frame
                };
                frame.delay = delay;
                frame.dispose = gif::DisposalMethod::Keep;
                encoder.write_frame(&frame).map_err(gif_error)?;
            }
        }
        Ok(out)
    }
}

fn gif_error(e: gif::EncodingError) -> RenderError {
    RenderError::Animation(e.to_string())
}

/// The colour of pixel (x, y) of a picture laid on the page: the page's beyond its edges.
fn at(image: &RgbImage, x: u32, y: u32) -> [u8; 3] {
    if x < image.width() && y < image.height() {
        image.get_pixel(x, y).0
    } else {
        PAGE.0
    }
}

/// The row `y` of a picture laid on the page, `width` pixels wide (RGB).
fn row_of<'a>(image: &'a RgbImage, y: u32, width: u32, spare: &'a mut Vec<u8>) -> &'a [u8] {
    let w = image.width();
    if y < image.height() && w == width {
        let start = (y * w * 3) as usize;
        return &image.as_raw()[start..start + (w * 3) as usize];
    }
    spare.clear();
    for x in 0..width {
        spare.extend_from_slice(&at(image, x, y));
    }
    spare
}

/// The rectangle of the canvas where `after` differs from `before`, with `after`'s pixels there.
fn changed(before: &RgbImage, after: &RgbImage) -> Step {
    let width = before.width().max(after.width());
    let height = before.height().max(after.height());
    let (mut x0, mut x1, mut y0, mut y1) = (u32::MAX, 0, u32::MAX, 0);
    let (mut spare_a, mut spare_b) = (Vec::new(), Vec::new());
    for y in 0..height {
        let a = row_of(before, y, width, &mut spare_a);
        let b = row_of(after, y, width, &mut spare_b);
        if a == b {
            continue;
        }
        let first = a
            .chunks_exact(3)
            .zip(b.chunks_exact(3))
            .position(|(p, q)| p != q)
            .unwrap_or(0) as u32;
        let last = width
            - 1
            - a.chunks_exact(3)
                .rev()
                .zip(b.chunks_exact(3).rev())
                .position(|(p, q)| p != q)
                .unwrap_or(0) as u32;
        x0 = x0.min(first);
        x1 = x1.max(last);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if x0 == u32::MAX {
        return Step {
            x: 0,
            y: 0,
            w: 0,
            h: 0,
            pixels: Vec::new(),
        };
    }
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    let mut pixels = Vec::with_capacity((w * h * 3) as usize);
    let mut spare = Vec::new();
    for y in y0..=y1 {
        let row = row_of(after, y, width, &mut spare);
        pixels.extend_from_slice(&row[(x0 * 3) as usize..((x1 + 1) * 3) as usize]);
    }
    Step {
        x: x0,
        y: y0,
        w,
        h,
        pixels,
    }
}

fn key(p: &[u8]) -> u32 {
    (p[0] as u32) << 16 | (p[1] as u32) << 8 | p[2] as u32
}

/// How many pixels of each colour the animation shows.
#[derive(Default)]
struct Colours(HashMap<u32, u64>);

impl Colours {
    fn count_image(&mut self, image: &RgbImage) {
        self.count(image.as_raw());
    }

    /// Counts the pixels of an RGB buffer, a run of one colour at a time.
    fn count(&mut self, rgb: &[u8]) {
        let mut run: Option<(u32, u64)> = None;
        for p in rgb.chunks_exact(3) {
            let k = key(p);
            match &mut run {
                Some((c, n)) if *c == k => *n += 1,
                _ => {
                    if let Some((c, n)) = run {
                        *self.0.entry(c).or_default() += n;
                    }
                    run = Some((k, 1));
                }
            }
        }
        if let Some((c, n)) = run {
            *self.0.entry(c).or_default() += n;
        }
    }

    /// The page showing round a picture smaller than the canvas.
    fn count_page(&mut self, n: usize) {
        *self.0.entry(key(&PAGE.0)).or_default() += n as u64 + 1;
    }

    /// The `n` most used colours, the most used first (ties by colour, so the palette is the
    /// same every time).
    fn most_used(self, n: usize) -> Vec<[u8; 3]> {
        let mut all: Vec<(u32, u64)> = self.0.into_iter().collect();
        all.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        all.into_iter()
            .take(n)
            .map(|(c, _)| [(c >> 16) as u8, (c >> 8) as u8, c as u8])
            .collect()
    }
}

/// The palette, and each colour met so far with the index it is drawn in.
struct Palette {
    colours: Vec<[u8; 3]>,
    known: HashMap<u32, u8>,
}

impl Palette {
    fn new(colours: Vec<[u8; 3]>) -> Self {
        let known = colours
            .iter()
            .enumerate()
            .map(|(i, c)| (key(c), i as u8))
            .collect();
        Self { colours, known }
    }

    /// The palette as the GIF stores it, 256 colours (the transparent one last, black).
    fn rgb_table(&self) -> Vec<u8> {
        let mut table: Vec<u8> = self.colours.iter().flatten().copied().collect();
        table.resize(256 * 3, 0);
        table
    }

    /// The index a colour is drawn in: its own, or the nearest colour's.
    fn index(&mut self, rgb: [u8; 3]) -> u8 {
        let k = key(&rgb);
        if let Some(&i) = self.known.get(&k) {
            return i;
        }
        let nearest = self
            .colours
            .iter()
            .enumerate()
            .min_by_key(|(_, c)| distance(c, &rgb))
            .map_or(0, |(i, _)| i as u8);
        self.known.insert(k, nearest);
        nearest
    }

    /// The indices of a row of RGB pixels, into `out`.
    fn indices(&mut self, rgb: &[u8], out: &mut [u8]) {
        let mut last: Option<(u32, u8)> = None;
        for (p, o) in rgb.chunks_exact(3).zip(out.iter_mut()) {
            let k = key(p);
            *o = match last {
                Some((c, i)) if c == k => i,
                _ => {
                    let i = self.index([p[0], p[1], p[2]]);
                    last = Some((k, i));
                    i
                }
            };
        }
    }
}

/// How far apart two colours look: squared distance, green weighed most as the eye does.
fn distance(a: &[u8; 3], b: &[u8; 3]) -> u32 {
    let d = |i: usize, w: u32| {
        let x = a[i].abs_diff(b[i]) as u32;
        x * x * w
    };
    d(0, 3) + d(1, 4) + d(2, 2)
}

/// The pictures of an animation as a viewer shows them, each frame drawn over the ones before,
/// with how long each is shown (hundredths of a second): for tests, and to look at its frames.
pub fn decode(gif_bytes: &[u8]) -> Result<Vec<(RgbImage, u16)>, RenderError> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options
        .read_info(gif_bytes)
        .map_err(|e| RenderError::Animation(e.to_string()))?;
    let (width, height) = (decoder.width() as u32, decoder.height() as u32);
    let global = decoder.global_palette().map(<[u8]>::to_vec);
    let mut canvas = RgbImage::from_pixel(width, height, image::Rgb([0, 0, 0]));
    let mut frames = Vec::new();
    while let Some(frame) = decoder
        .read_next_frame()
        .map_err(|e| RenderError::Animation(e.to_string()))?
    {
        let palette = frame
            .palette
            .clone()
            .or_else(|| global.clone())
            .ok_or_else(|| RenderError::Animation("a frame has no palette".into()))?;
        for (i, &index) in frame.buffer.iter().enumerate() {
            if Some(index) == frame.transparent {
                continue;
            }
            let x = frame.left as u32 + (i % frame.width as usize) as u32;
            let y = frame.top as u32 + (i / frame.width as usize) as u32;
            let at = index as usize * 3;
            if x < width && y < height && at + 2 < palette.len() {
                canvas.put_pixel(
                    x,
                    y,
                    image::Rgb([palette[at], palette[at + 1], palette[at + 2]]),
                );
            }
        }
        frames.push((canvas.clone(), frame.delay));
    }
    Ok(frames)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    fn picture(w: u32, h: u32, square_at: u32) -> RgbImage {
        let mut img = RgbImage::from_pixel(w, h, PAGE);
        for y in 10..20 {
            for x in square_at..square_at + 10 {
                img.put_pixel(x, y, Rgb([200, 30, 40]));
            }
        }
        img
    }

    #[test]
    fn a_frame_carries_only_the_rectangle_that_changed() {
        let step = changed(&picture(100, 40, 5), &picture(100, 40, 30));
        assert_eq!((step.x, step.y, step.w, step.h), (5, 10, 35, 10));
        let none = changed(&picture(100, 40, 5), &picture(100, 40, 5));
        assert_eq!(none.w, 0);
    }

    #[test]
    fn pictures_decode_as_pushed_with_their_delays_on_one_canvas() {
        let mut anim = Animation::new();
        anim.push(picture(100, 40, 5), 50);
        anim.push(picture(100, 40, 30), 50);
        // Taller: the canvas grows to it, and the smaller pictures sit on the page.
        anim.push(picture(100, 60, 60), 50);
        anim.push(picture(100, 60, 60), HOLD_CS);
        let frames = decode(&anim.finish().unwrap()).unwrap();
        assert_eq!(frames.len(), 4);
        assert_eq!(
            frames.iter().map(|f| f.1).collect::<Vec<_>>(),
            [50, 50, 50, 200]
        );
        for ((frame, _), square_at) in frames.iter().zip([5, 30, 60, 60]) {
            assert_eq!(frame.dimensions(), (100, 60));
            let mut want = RgbImage::from_pixel(100, 60, PAGE);
            image::imageops::replace(&mut want, &picture(100, 40, square_at), 0, 0);
            assert!(
                frame == &want,
                "the square at {square_at} is not where it was drawn"
            );
        }
    }

    #[test]
    fn a_colour_beyond_the_palette_takes_the_nearest() {
        let mut p = Palette::new(vec![[0, 0, 0], [250, 250, 250]]);
        assert_eq!(p.index([240, 245, 250]), 1);
        assert_eq!(p.index([10, 0, 5]), 0);
    }
}
