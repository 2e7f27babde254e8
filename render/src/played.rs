//! What each team played in the turn just settled (the card race's cards revealed at a round's
//! close, or dice rolled), drawn in a panel under the road: a group per team, headed by the
//! team's chip and name, each of its riders' cards face up in the team's colour, the rider's
//! label (the one his token carries) on the card's band and the value large on its face, so
//! that whoever was away reads at a glance who played what, on a phone too.

use crate::draw::rounded;
use crate::palette::{self, INK, WHITE};
use crate::scene::{BoardScene, Mark, Played};
use crate::text::{self, Style};
use commissaire_messages::msg;
use image::RgbImage;

const TITLE: Style = Style::bold(18.0);
const TEAM: Style = Style::bold(18.0);
const CHIP: Style = Style::bold(15.0);
const RIDER: Style = Style::bold(20.0);
const VALUE: Style = Style::bold(38.0);

const TITLE_H: i32 = 30;
const HEAD_H: i32 = 30;
const CARD_W: i32 = 72;
const CARD_H: i32 = 96;
const BAND_H: i32 = 30;
const CARD_GAP: i32 = 8;
const GROUP_GAP: i32 = 30;
const LINE_GAP: i32 = 12;
/// The widest a team's name is drawn in its group's head.
const NAME_MAX: i32 = 300;

/// One card as drawn: (x, y, width, height) in the picture, with the rider and what he played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawnCard {
    pub team: usize,
    pub rider: String,
    /// The text on the card's face: the card as printed, or the dice face by face.
    pub value: String,
    pub bounds: (i32, i32, i32, i32),
}

/// A team's group: its first and last index into [`BoardScene::played`], and its width.
struct Group {
    team: usize,
    first: usize,
    end: usize,
    width: i32,
}

/// The text on a card's face.
fn value_text(what: &Mark) -> String {
    match what {
        Mark::Card(c) => c.clone(),
        Mark::Dice(faces) => faces
            .iter()
            .map(|f| f.to_string())
            .collect::<Vec<_>>()
            .join("·"),
        _ => String::new(),
    }
}

fn card_w(p: &Played) -> i32 {
    (VALUE.width(&value_text(&p.what)) + 16)
        .max(RIDER.width(&p.rider) + 12)
        .max(CARD_W)
}

fn chip_w(mark: &str) -> i32 {
    (CHIP.width(mark) + 12).max(30)
}

fn groups(scene: &BoardScene) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for (i, p) in scene.played.iter().enumerate() {
        match groups.last_mut() {
            Some(g) if g.team == p.team => g.end = i + 1,
            _ => groups.push(Group {
                team: p.team,
                first: i,
                end: i + 1,
                width: 0,
            }),
        }
    }
    for g in &mut groups {
        let cards: i32 = scene.played[g.first..g.end]
            .iter()
            .map(|p| card_w(p) + CARD_GAP)
            .sum::<i32>()
            - CARD_GAP;
        let team = &scene.teams[g.team];
        let name = TEAM.width(&text::fit(TEAM, &text::printable(&team.name), NAME_MAX));
        g.width = cards.max(chip_w(&team.mark) + 8 + name);
    }
    groups
}

/// The groups laid out in lines `width` wide: per line, (group, x).
fn lines(groups: &[Group], width: i32, pad: i32) -> Vec<Vec<(usize, i32)>> {
    let mut lines: Vec<Vec<(usize, i32)>> = Vec::new();
    let mut x = pad;
    for (i, g) in groups.iter().enumerate() {
        if lines.is_empty() || (x + g.width > width - pad && x > pad) {
            lines.push(Vec::new());
            x = pad;
        }
        lines.last_mut().expect("a line").push((i, x));
        x += g.width + GROUP_GAP;
    }
    lines
}

/// The panel's title: what was played, cards or dice.
pub fn title(scene: &BoardScene) -> String {
    if scene.played.iter().all(|p| matches!(p.what, Mark::Dice(_))) {
        msg!("board-played-dice")
    } else {
        msg!("board-played-cards")
    }
}

const GROUP_H: i32 = HEAD_H + CARD_H;

/// The panel's height, 0 when nothing was played (or is not yet public).
pub fn panel_height(scene: &BoardScene, width: i32, pad: i32) -> i32 {
    if scene.played.is_empty() {
        return 0;
    }
    let n = lines(&groups(scene), width, pad).len() as i32;
    TITLE_H + n * GROUP_H + (n - 1) * LINE_GAP + 14
}

/// Draws the panel from `top` and gives back each card where it was drawn.
pub fn draw_panel(
    img: &mut RgbImage,
    scene: &BoardScene,
    top: i32,
    width: i32,
    pad: i32,
) -> Vec<DrawnCard> {
    let mut drawn = Vec::new();
    if scene.played.is_empty() {
        return drawn;
    }
    text::draw(img, TITLE, INK, pad, top + 6, &title(scene));
    let groups = groups(scene);
    let mut y = top + TITLE_H;
    for line in lines(&groups, width, pad) {
        for (gi, x) in line {
            let g = &groups[gi];
            let team = &scene.teams[g.team];
            let colour = team.colour;
            // The head: the team's chip, as in the legend, and its name.
            let cw = chip_w(&team.mark);
            rounded(img, x, y, cw, 24, 6, INK);
            rounded(img, x + 2, y + 2, cw - 4, 20, 5, colour);
            text::draw_centred(
                img,
                CHIP,
                palette::ink_on(colour),
                x + cw / 2,
                y + 12,
                &team.mark,
            );
            let name = text::fit(TEAM, &text::printable(&team.name), NAME_MAX);
            text::draw(
                img,
                TEAM,
                INK,
                x + cw + 8,
                y + 12 - TEAM.cap_height() / 2,
                &name,
            );
            // The cards, face up.
            let mut cx = x;
            let cy = y + HEAD_H;
            for p in &scene.played[g.first..g.end] {
                let w = card_w(p);
                let value = value_text(&p.what);
                rounded(img, cx, cy, w, CARD_H, 9, INK);
                rounded(img, cx + 2, cy + 2, w - 4, CARD_H - 4, 7, WHITE);
                rounded(img, cx + 2, cy + 2, w - 4, BAND_H, 7, colour);
                // Square the band's lower corners where it meets the face.
                crate::draw::rect(img, cx + 2, cy + BAND_H - 6, w - 4, 8, colour);
                text::draw_centred(
                    img,
                    RIDER,
                    palette::ink_on(colour),
                    cx + w / 2,
                    cy + 2 + BAND_H / 2,
                    &p.rider,
                );
                let face_top = cy + 2 + BAND_H;
                let face_h = CARD_H - 4 - BAND_H;
                text::draw_centred(img, VALUE, INK, cx + w / 2, face_top + face_h / 2, &value);
                drawn.push(DrawnCard {
                    team: p.team,
                    rider: p.rider.clone(),
                    value,
                    bounds: (cx, cy, w, CARD_H),
                });
                cx += w + CARD_GAP;
            }
        }
        y += GROUP_H + LINE_GAP;
    }
    drawn
}
