//! Riders who share a cell (a time trial's start, riders piled up past the finish line): a cell
//! too small for their tokens side by side is drawn as one crowded cell (stripes of the teams
//! there, a number and a count), and a panel under the strips lists who is in each numbered
//! cell, every rider as a full-size token with its marks, so that every rider on the board stays
//! readable, on a phone too.

use crate::draw::{circle, rect, rounded};
use crate::palette::{self, INK, WHITE};
use crate::scene::{BoardScene, RiderToken};
use crate::text::{self, Style};
use commissaire_engine::course::Pos;
use commissaire_messages::msg;
use image::RgbImage;

/// A cell two riders or more stand on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crowd {
    /// Counted from 1 in reading order (head of the race first, then along the road): the
    /// number drawn on the cell and in the panel.
    pub number: usize,
    pub pos: Pos,
    /// Indices into [`BoardScene::riders`]: riders still racing first, then by team.
    pub riders: Vec<usize>,
}

/// The cells of `scene` that two riders or more share, numbered in reading order: by the index
/// of the strip showing them (`strip_of`, head of the race first), then along the road, the
/// top lane first.
pub fn crowds(scene: &BoardScene, strip_of: &dyn Fn(u16) -> Option<usize>) -> Vec<Crowd> {
    let mut cells: Vec<(Pos, Vec<usize>)> = Vec::new();
    for (i, r) in scene.riders.iter().enumerate() {
        match cells.iter_mut().find(|(p, _)| *p == r.pos) {
            Some((_, here)) => here.push(i),
            None => cells.push((r.pos, vec![i])),
        }
    }
    cells.retain(|(p, here)| here.len() > 1 && strip_of(p.row).is_some());
    cells.sort_by_key(|(p, _)| (strip_of(p.row), p.row, std::cmp::Reverse(p.lane)));
    cells
        .into_iter()
        .enumerate()
        .map(|(n, (pos, mut riders))| {
            riders.sort_by_key(|&i| {
                let r = &scene.riders[i];
                (r.finished(), r.team, i)
            });
            Crowd {
                number: n + 1,
                pos,
                riders,
            }
        })
        .collect()
}

/// A rider's token in the panel: as wide as the widest cell, so its label and badges read as
/// on an uncrowded board.
const CHIP_W: i32 = 96;
const CHIP_H: i32 = 60;
const CHIP_GAP: i32 = 6;
const TITLE_H: i32 = 30;
const LINE_GAP: i32 = 8;
/// The number disc before a crowd's tokens, and the room it takes.
const DISC_R: i32 = 15;
const LEAD: i32 = 2 * DISC_R + 44;
const TITLE: Style = Style::bold(18.0);
const COUNT: Style = Style::bold(15.0);

/// Where each crowd's tokens go in a panel `width` wide: per crowd, its lines of token x's.
fn lines_of(crowds: &[Crowd], width: i32, pad: i32) -> Vec<Vec<Vec<i32>>> {
    let per_line = ((width - 2 * pad - LEAD + CHIP_GAP) / (CHIP_W + CHIP_GAP)).max(1) as usize;
    crowds
        .iter()
        .map(|c| {
            c.riders
                .chunks(per_line)
                .map(|chunk| {
                    (0..chunk.len())
                        .map(|k| pad + LEAD + k as i32 * (CHIP_W + CHIP_GAP))
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// The panel's height, 0 without crowds.
pub fn panel_height(crowds: &[Crowd], width: i32, pad: i32) -> i32 {
    if crowds.is_empty() {
        return 0;
    }
    let lines: usize = lines_of(crowds, width, pad).iter().map(Vec::len).sum();
    TITLE_H + lines as i32 * (CHIP_H + CHIP_GAP) + (crowds.len() as i32 - 1) * LINE_GAP + 10
}

/// Draws a rider's token in a box (x, y, width, height): the board's own token drawing.
pub type DrawToken<'a> = dyn Fn(&mut RgbImage, &RiderToken, i32, i32, i32, i32) + 'a;

/// The panel's title.
pub fn title() -> String {
    msg!("board-crowds-title")
}

/// Draws the panel from `top`: its title, then a line (or more) per crowd: the cell's number,
/// the count, and every rider there as a token.
#[allow(clippy::too_many_arguments)]
pub fn draw_panel<'a>(
    img: &mut RgbImage,
    scene: &BoardScene,
    crowds: &[Crowd],
    top: i32,
    width: i32,
    pad: i32,
    token: &DrawToken<'a>,
) {
    if crowds.is_empty() {
        return;
    }
    text::draw(img, TITLE, INK, pad, top + 6, &title());
    let mut y = top + TITLE_H;
    for (crowd, lines) in crowds.iter().zip(lines_of(crowds, width, pad)) {
        let cy = y + CHIP_H / 2;
        number_disc(img, pad + DISC_R, cy - 8, DISC_R, crowd.number);
        text::draw_centred(
            img,
            COUNT,
            INK,
            pad + DISC_R,
            cy + DISC_R + 2,
            &count_text(crowd.riders.len()),
        );
        let mut riders = crowd.riders.iter();
        for xs in &lines {
            for &x in xs {
                let i = *riders.next().expect("a token per rider");
                token(img, &scene.riders[i], x, y, CHIP_W, CHIP_H);
            }
            y += CHIP_H + CHIP_GAP;
        }
        y += LINE_GAP;
    }
}

/// "×6": how many riders share the cell.
pub fn count_text(n: usize) -> String {
    msg!("board-crowd-count", count = n)
}

/// The crowd's number in a dark disc, as on its cell and in the panel.
fn number_disc(img: &mut RgbImage, cx: i32, cy: i32, r: i32, number: usize) {
    circle(img, cx, cy, r, WHITE);
    circle(img, cx, cy, r - 2, INK);
    let style = Style::bold((r as f32 * 1.2).round());
    text::draw_centred(img, style, WHITE, cx, cy, &number.to_string());
}

/// A crowded cell: a stripe in each rider's team colour (faded for a rider already across the
/// line), the crowd's number in the middle and the count in the corner.
pub fn draw_cell(
    img: &mut RgbImage,
    scene: &BoardScene,
    crowd: &Crowd,
    (x, y, w, h): (i32, i32, i32, i32),
) {
    let inset = 4;
    let (tx, ty, tw, th) = (x + inset, y + inset, w - 2 * inset, h - 2 * inset);
    rounded(img, tx, ty, tw, th, 10, INK);
    let n = crowd.riders.len() as i32;
    let (sx, sw) = (tx + 3, tw - 6);
    for (k, &i) in crowd.riders.iter().enumerate() {
        let r = &scene.riders[i];
        let mut c = scene.teams[r.team].colour;
        if r.finished() {
            c = palette::fade(c, 0.55);
        }
        let (x0, x1) = (sx + k as i32 * sw / n, sx + (k as i32 + 1) * sw / n);
        rect(img, x0, ty + 3, (x1 - x0).max(1), th - 6, c);
    }
    // The number high in the cell, clear of the count in its corner.
    let r = (tw.min(th) / 4).clamp(8, 15);
    number_disc(img, tx + tw / 2, ty + 4 + r, r, crowd.number);
    // The count, bottom right, as the other badges sit.
    let count = count_text(crowd.riders.len());
    let bw = COUNT.width(&count) + 8;
    let bh = 18;
    if tw >= bw + 4 && th >= 2 * r + bh {
        let (bx, by) = (tx + tw - bw - 2, ty + th - bh - 2);
        rounded(img, bx, by, bw, bh, 5, INK);
        rounded(img, bx + 1, by + 1, bw - 2, bh - 2, 4, WHITE);
        text::draw_centred(img, COUNT, INK, bx + bw / 2, by + bh / 2, &count);
    }
}
