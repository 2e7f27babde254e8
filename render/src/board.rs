//! The board after a turn: the stretch of road where the riders are, in one to three strips, with
//! every rider as a labelled token and the marks of what happened in the turn.

use crate::draw::{chequer, circle, frame, rect, rounded};
use crate::layout::{self, BoardLayout, MARGIN_LEFT, Strip};
use crate::palette::{self, Colour, INK, PAGE, SOFT_INK, WHITE};
use crate::scene::{
    BoardScene, Jersey, Mark, MarkKind, RiderToken, RoadSign, SquareSign, WindFrom,
};
use crate::text::{self, Style};
use crate::{RenderError, encode};
use commissaire_engine::course::{Course, Layout, Marker, Place, Pos, Terrain};
use commissaire_engine::games::card_race::house_a::weather::TILE_ROWS;
use commissaire_messages::msg;
use image::RgbImage;
use std::sync::Arc;

const PAD: i32 = 16;
const TITLE: Style = Style::bold(28.0);
const LEGEND: Style = Style::bold(18.0);
const STRIP_LABEL: Style = Style::bold(17.0);
const MARKER: Style = Style::bold(15.0);
const TICK: Style = Style::bold(14.0);
/// The key along the bottom: 19 px, so that it still reads once a 1,600-px board is shrunk to a
/// phone held sideways (15 px did not, issue 33 item 10).
const KEY: Style = Style::regular(19.0);
const BADGE: Style = Style::bold(15.0);

const LEGEND_LINE: i32 = 34;
const STRIP_LABEL_H: i32 = 28;
const MARKER_LINE: i32 = 21;
const TICK_H: i32 = 24;
const STRIP_GAP: i32 = 14;
const KEY_LINE: i32 = 30;

/// Draws the board and encodes it as PNG.
pub fn render_board(scene: &BoardScene) -> Result<Vec<u8>, RenderError> {
    draw_board(scene)?.to_png()
}

/// The drawn board, with the geometry needed to find a cell in it (tests and callers that want
/// to annotate the picture).
#[derive(Debug, Clone)]
pub struct BoardPicture {
    pub image: RgbImage,
    pub layout: BoardLayout,
    strips: Vec<StripGeom>,
    course: Arc<Course>,
    heading: String,
    key: Vec<KeyItem>,
    letters: Vec<(Pos, char)>,
    crowds: Vec<(usize, Pos, Vec<String>)>,
    played: Vec<crate::played::DrawnCard>,
}

impl BoardPicture {
    pub fn to_png(&self) -> Result<Vec<u8>, RenderError> {
        encode::png(&self.image)
    }

    /// The cards of the panel of what was played, where each was drawn ([`BoardScene::played`]).
    pub fn played(&self) -> &[crate::played::DrawnCard] {
        &self.played
    }

    /// The box of a cell, (x, y, width, height), when its row is drawn.
    pub fn cell_rect(&self, pos: Pos) -> Option<(i32, i32, i32, i32)> {
        let g = self.strips.iter().find(|g| g.strip.contains(pos.row))?;
        Some(g.cell(&self.layout, self.course.place(pos)?))
    }

    /// The lettered cells drawn, with their letters, as the scene gave them (those on a row
    /// the board shows).
    pub fn letters(&self) -> &[(Pos, char)] {
        &self.letters
    }

    pub fn cell_centre(&self, pos: Pos) -> Option<(u32, u32)> {
        let (x, y, w, h) = self.cell_rect(pos)?;
        Some(((x + w / 2) as u32, (y + h / 2) as u32))
    }

    /// Which strip (0 = head of the race) shows `row`.
    pub fn strip_of(&self, row: u16) -> Option<usize> {
        self.strips.iter().position(|g| g.strip.contains(row))
    }

    /// The heading at the top right ("Round 14").
    pub fn heading(&self) -> &str {
        &self.heading
    }

    /// The title of each strip, head of the race first ("Head of the race · Rows 45–64 ...").
    pub fn strip_titles(&self) -> Vec<String> {
        let count = self.strips.len();
        self.strips
            .iter()
            .enumerate()
            .map(|(i, g)| g.title(i, count))
            .collect()
    }

    /// The names of the lines across the road shown above the strips ("FINISH", "▲ Col (4 rows)").
    pub fn line_names(&self) -> Vec<String> {
        self.strips
            .iter()
            .flat_map(|g| g.labels.iter().map(|l| l.text.clone()))
            .collect()
    }

    /// The key along the bottom: what each mark, colour and badge means, e.g.
    /// "2E exhaustion card played (moves 2)" or "climb".
    pub fn key(&self) -> Vec<String> {
        self.key.iter().map(KeyItem::describe).collect()
    }

    /// The cells two riders or more share, each drawn as one numbered cell and listed under
    /// the strips: (its number, the cell, the labels of every rider there, in the order listed).
    pub fn shared_cells(&self) -> &[(usize, Pos, Vec<String>)] {
        &self.crowds
    }

    /// The top and bottom y of each strip's road.
    pub fn road_spans(&self) -> Vec<(i32, i32)> {
        self.strips
            .iter()
            .map(|g| (g.road_top, g.road_top + g.road_h))
            .collect()
    }
}

/// Where one strip sits in the picture.
#[derive(Debug, Clone)]
struct StripGeom {
    strip: Strip,
    /// Where the strip's first row lies along the road: the left edge of the road drawn.
    base: f64,
    /// The places furthest across the road (the top of the road drawn) and nearest lane 0's
    /// edge (its bottom) among the strip's cells.
    top_across: f64,
    /// Each row's place along the road, `first..=last + 1` (the one past it is where a line
    /// after the strip's last row is drawn).
    alongs: Vec<f64>,
    road_h: i32,
    /// The course is written cell by cell: the title counts places, not rows.
    by_place: bool,
    finish_along: f64,
    top: i32,
    labels: Vec<LineLabel>,
    marker_top: i32,
    road_top: i32,
    tick_top: i32,
    bottom: i32,
    finish: u16,
    /// Where the strip's leading rider still racing lies along the road (none: no rider
    /// racing in the strip).
    lead_along: Option<f64>,
}

impl StripGeom {
    fn title(&self, i: usize, count: usize) -> String {
        // A course of cells numbers its places along the road, not its rows: rows of staggered
        // files lie half a cell apart.
        let mut parts = Vec::new();
        let name = layout::strip_name(i, count);
        if !name.is_empty() {
            parts.push(name);
        }
        parts.push(if self.by_place {
            let last = self.alongs[self.alongs.len() - 2];
            msg!(
                "board-strip-cells",
                first = self.base.floor() as u16,
                last = last.floor() as u16
            )
        } else {
            msg!(
                "board-strip-rows",
                first = self.strip.first,
                last = self.strip.last
            )
        });
        // How far the strip's leading rider still racing has to go, as the ticks under the
        // road count it (issue 22, item 10: not from the strip's edge, which can lie right
        // before the line with every rider far from it).
        if let (true, Some(lead)) = (self.strip.last < self.finish, self.lead_along) {
            let to_go = (self.finish_along - lead).max(0.0).ceil() as u32;
            parts.push(if self.by_place {
                msg!("board-cells-to-line", count = to_go)
            } else {
                msg!("board-rows-to-line", count = to_go)
            });
        }
        parts.join(" · ")
    }
    fn x_along(&self, layout: &BoardLayout, along: f64) -> i32 {
        MARGIN_LEFT + ((along - self.base) * layout.cell_w as f64).round() as i32
    }
    /// The left edge of a row of the strip (or the row just past it).
    fn x_of(&self, layout: &BoardLayout, row: u16) -> i32 {
        self.x_along(layout, self.alongs[(row - self.strip.first) as usize])
    }
    /// Lane 0's edge, the right-hand side, is at the bottom: the road runs left to right.
    fn y_across(&self, layout: &BoardLayout, across: f64) -> i32 {
        self.road_top + ((self.top_across - across) * layout.cell_h as f64).round() as i32
    }
    fn cell(&self, layout: &BoardLayout, place: Place) -> (i32, i32, i32, i32) {
        (
            self.x_along(layout, place.along),
            self.y_across(layout, place.across),
            layout.cell_w,
            layout.cell_h,
        )
    }
}

/// A line across the road (finish, sprint, summit, start) and its name above the strip.
#[derive(Debug, Clone)]
struct LineLabel {
    kind: LineKind,
    /// The line lies just before this row.
    before_row: u16,
    text: String,
    /// Placement, worked out with the strip: x of the text and which label line.
    x: i32,
    line: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LineKind {
    Start,
    Sprint,
    Summit,
    Finish,
    /// A Meteo token face up on the tile that starts at the line's row.
    Meteo,
}

impl LineKind {
    fn colour(self) -> Colour {
        match self {
            LineKind::Start => SOFT_INK,
            LineKind::Sprint => palette::SPRINT,
            LineKind::Summit => palette::SUMMIT,
            LineKind::Finish => INK,
            LineKind::Meteo => METEO,
        }
    }
}

/// The Meteo tokens' colour: labels and the band over their tile.
const METEO: Colour = image::Rgb([30, 100, 190]);

/// The course's lines, and the Meteo tokens face up, in course order.
fn scene_lines(scene: &BoardScene) -> Vec<LineLabel> {
    let mut lines = course_lines(&scene.course);
    for &(row, sign) in &scene.road_signs {
        let name = match sign {
            RoadSign::Headwind => "headwind",
            RoadSign::Tailwind => "tailwind",
            RoadSign::Crosswind => "crosswind",
            RoadSign::Rain => "rain",
        };
        lines.push(LineLabel {
            kind: LineKind::Meteo,
            before_row: row,
            text: msg!("board-meteo", token = name),
            x: 0,
            line: 0,
        });
    }
    lines.sort_by_key(|l| l.before_row);
    lines
}

/// Every line across the road of the course, in course order.
fn course_lines(course: &Course) -> Vec<LineLabel> {
    let mut lines = Vec::new();
    let line = |kind, before_row, text: String| LineLabel {
        kind,
        before_row,
        text,
        x: 0,
        line: 0,
    };
    if let Some(last_start) = course.start_cells().iter().map(|p| p.row).max() {
        lines.push(line(LineKind::Start, last_start + 1, msg!("board-start")));
    }
    for (row, marker) in course.markers() {
        match marker {
            Marker::Sprint { name } => {
                let text = if name.is_empty() {
                    msg!("board-sprint")
                } else {
                    msg!("board-sprint-named", name = name)
                };
                lines.push(line(LineKind::Sprint, row, text));
            }
            Marker::Summit { name, length } => {
                // The summit row is the climb's last row: its line is after it.
                // A course of cells counts the climb in cells along the road: rows of staggered
                // files lie half a cell apart.
                let length = match course.layout() {
                    Layout::Grid => msg!("count-rows", count = *length),
                    Layout::Cells => {
                        let from = (row + 1).saturating_sub(*length);
                        let cells =
                            layout::row_along(course, row + 1) - layout::row_along(course, from);
                        msg!("count-cells", count = cells.ceil() as u32)
                    }
                };
                lines.push(line(
                    LineKind::Summit,
                    row + 1,
                    msg!("board-summit", name = summit_name(name), length = length),
                ));
            }
            Marker::Start
            | Marker::Finish
            | Marker::Steep
            | Marker::Neutral
            | Marker::Roundabout { .. } => {}
        }
    }
    lines.push(line(
        LineKind::Finish,
        course.finish_row(),
        msg!("board-finish"),
    ));
    lines.sort_by_key(|l| l.before_row);
    lines
}

pub fn draw_board(scene: &BoardScene) -> Result<BoardPicture, RenderError> {
    let course = &*scene.course;
    for r in &scene.riders {
        if !course.contains(r.pos) {
            return Err(RenderError::OffCourse {
                label: r.label.clone(),
                pos: r.pos,
            });
        }
        if r.team >= scene.teams.len() {
            return Err(RenderError::NoSuchTeam {
                label: r.label.clone(),
                team: r.team,
                teams: scene.teams.len(),
            });
        }
    }

    if let Some(&(pos, letter)) = scene.letters.iter().find(|(p, _)| !course.contains(*p)) {
        return Err(RenderError::LetterOffCourse { letter, pos });
    }
    if let Some(&pos) = scene.packs.iter().find(|p| !course.contains(**p)) {
        return Err(RenderError::OffCourse {
            label: "gruppetto".into(),
            pos,
        });
    }

    // The lettered cells are shown too: a player must see every cell it may choose.
    let rows: Vec<u16> = scene
        .riders
        .iter()
        .map(|r| r.pos.row)
        .chain(scene.letters.iter().map(|(p, _)| p.row))
        .chain(scene.packs.iter().map(|p| p.row))
        .collect();
    let mut layout = layout::plan(course, &rows);
    if labelled(scene) {
        // Room along the top of each cell for its printed label, tokens keeping their size.
        layout.cell_h += label_room_px(layout.cell_w);
    }
    let width = layout.width();
    let legend = legend_rows(scene, width);
    let letters_line = letters_caption(scene);

    // First pass: the height of everything, so the picture is allocated once.
    let header_h =
        PAD + 32 + (legend.len() + usize::from(letters_line.is_some())) as i32 * LEGEND_LINE + 6;
    let all_lines = scene_lines(scene);
    let mut y = header_h;
    let mut strips = Vec::new();
    for &strip in &layout.strips {
        let places = (strip.first..=strip.last)
            .flat_map(|r| course.row(r).cells.iter().map(|c| c.place))
            .collect::<Vec<_>>();
        let top_across = places.iter().map(|p| p.across).fold(0.0, f64::max);
        let bottom_across = places.iter().map(|p| p.across).fold(top_across, f64::min);
        let road_h = ((top_across - bottom_across + 1.0) * layout.cell_h as f64).round() as i32;
        let mut g = StripGeom {
            strip,
            base: layout::row_along(course, strip.first),
            top_across,
            alongs: (strip.first..=strip.last + 1)
                .map(|r| layout::row_along(course, r))
                .collect(),
            road_h,
            by_place: course.layout() == Layout::Cells,
            finish_along: layout::row_along(course, course.finish_row()),
            top: y,
            labels: Vec::new(),
            marker_top: 0,
            road_top: 0,
            tick_top: 0,
            bottom: 0,
            finish: course.finish_row(),
            lead_along: scene
                .riders
                .iter()
                .filter(|r| strip.contains(r.pos.row) && !r.across())
                .filter_map(|r| course.place(r.pos))
                .map(|p| p.along)
                .reduce(f64::max),
        };
        g.labels = place_labels(&layout, &g, &all_lines, width);
        let label_lines = g.labels.iter().map(|l| l.line + 1).max().unwrap_or(0) as i32;
        g.marker_top = y + STRIP_LABEL_H;
        g.road_top = g.marker_top + label_lines * MARKER_LINE + 4;
        g.tick_top = g.road_top + road_h + 4;
        g.bottom = g.tick_top + TICK_H;
        y = g.bottom + STRIP_GAP;
        strips.push(g);
    }
    let strip_of = |row: u16| {
        strips
            .iter()
            .position(|g: &StripGeom| g.strip.contains(row))
    };
    let crowds = crate::crowds::crowds(scene, &strip_of);
    let crowds_top = y;
    y += crate::crowds::panel_height(&crowds, width, PAD);
    let played_top = y;
    y += crate::played::panel_height(scene, width, PAD);
    let key = key_items(scene, course, &layout.strips);
    let key_lines = key_lines(&key, width);
    let height = y + key_lines.len() as i32 * KEY_LINE + 8;

    let mut img = crate::draw::canvas(width as u32, height as u32, PAGE);
    let heading = heading(scene.turn, scene.fictive_start);
    draw_header(&mut img, scene, &heading, &legend, width);
    if let Some(caption) = &letters_line {
        let ly = PAD + 34 + legend.len() as i32 * LEGEND_LINE;
        letter_disc(&mut img, PAD + 12, ly + 12, 11, 'A');
        text::draw(
            &mut img,
            LEGEND,
            INK,
            PAD + 32,
            ly + 12 - LEGEND.cap_height() / 2,
            caption,
        );
    }
    let count = strips.len();
    for (i, g) in strips.iter().enumerate() {
        draw_strip(&mut img, course, &layout, g, &g.title(i, count), width);
        draw_cell_marks(&mut img, scene, &layout, g);
        draw_packs(&mut img, scene, &layout, g);
        draw_tokens(&mut img, scene, &layout, g, &crowds);
        draw_letters(&mut img, scene, &layout, g);
    }
    crate::crowds::draw_panel(
        &mut img,
        scene,
        &crowds,
        crowds_top,
        width,
        PAD,
        &|img, r, x, y, w, h| token(img, scene, r, x, y, w, h),
    );
    let played = crate::played::draw_panel(&mut img, scene, played_top, width, PAD);
    draw_key(&mut img, &key, &key_lines, y);
    // A thin frame keeps the picture's edge visible on a light theme.
    frame(&mut img, 0, 0, width, height, 1, palette::CELL_EDGE);

    let letters = scene
        .letters
        .iter()
        .copied()
        .filter(|(p, _)| strips.iter().any(|g| g.strip.contains(p.row)))
        .collect();
    let crowds = crowds
        .iter()
        .map(|c| {
            let labels = c.riders.iter().map(|&i| scene.riders[i].label.clone());
            (c.number, c.pos, labels.collect())
        })
        .collect();
    Ok(BoardPicture {
        image: img,
        layout,
        strips,
        course: Arc::clone(&scene.course),
        heading,
        key,
        letters,
        crowds,
        played,
    })
}

/// The legend's teams laid out in lines: (team index, x) per line.
fn legend_rows(scene: &BoardScene, width: i32) -> Vec<Vec<(usize, i32)>> {
    let mut lines: Vec<Vec<(usize, i32)>> = vec![Vec::new()];
    let mut x = PAD;
    for (i, team) in scene.teams.iter().enumerate() {
        let w = legend_chip_w(&team.mark) + 8 + LEGEND.width(&text::printable(&team.name)) + 26;
        if x + w > width - PAD && x > PAD {
            lines.push(Vec::new());
            x = PAD;
        }
        lines.last_mut().expect("a line").push((i, x));
        x += w;
    }
    lines
}

/// The legend's team chip: as wide as its mark needs (Maillot Jaune lists its riders' card
/// codes there), at least a token's initial's.
fn legend_chip_w(mark: &str) -> i32 {
    (LEGEND_MARK.width(mark) + 12).max(30)
}

/// The mark in a team's legend chip.
const LEGEND_MARK: Style = Style::bold(15.0);

/// What the board shows, in the words of the rest of the game: a stage is played in rounds.
fn heading(round: u32, fictive_start: bool) -> String {
    if round == 0 && fictive_start {
        msg!("board-fictive-start")
    } else if round == 0 {
        msg!("board-before-start")
    } else {
        msg!("board-round", round = round)
    }
}

fn draw_header(
    img: &mut RgbImage,
    scene: &BoardScene,
    turn: &str,
    legend: &[Vec<(usize, i32)>],
    width: i32,
) {
    let turn_w = TITLE.width(turn);
    let sky_w = crate::sky::width(&scene.sky);
    let title = text::fit(TITLE, &scene.stage_name, width - 3 * PAD - turn_w - sky_w);
    text::draw(img, TITLE, INK, PAD, PAD + 2, &title);
    text::draw_right(img, TITLE, INK, width - PAD, PAD + 2, turn);
    crate::sky::draw(
        img,
        &scene.sky,
        width - PAD - turn_w - PAD,
        PAD + 2 + TITLE.cap_height() / 2,
    );

    for (line, entries) in legend.iter().enumerate() {
        let y = PAD + 34 + line as i32 * LEGEND_LINE;
        for &(team, x) in entries {
            let style = &scene.teams[team];
            let c = style.colour;
            let cw = legend_chip_w(&style.mark);
            rounded(img, x, y, cw, 24, 6, INK);
            rounded(img, x + 2, y + 2, cw - 4, 20, 5, c);
            text::draw_centred(
                img,
                LEGEND_MARK,
                palette::ink_on(c),
                x + cw / 2,
                y + 12,
                &style.mark,
            );
            text::draw(
                img,
                LEGEND,
                INK,
                x + cw + 8,
                y + 12 - LEGEND.cap_height() / 2,
                &style.name,
            );
        }
    }
}

/// Puts each visible line's name above the strip: right of the line when it fits, else left,
/// on a second label line when two names would overlap.
fn place_labels(
    layout: &BoardLayout,
    g: &StripGeom,
    lines: &[LineLabel],
    width: i32,
) -> Vec<LineLabel> {
    let strip = g.strip;
    let mut placed: Vec<LineLabel> = Vec::new();
    let mut ends: Vec<i32> = Vec::new();
    let road_right = width - layout::MARGIN_RIGHT;
    for l in lines {
        if l.before_row < strip.first || l.before_row > strip.last + 1 {
            continue;
        }
        let x_line = g.x_of(layout, l.before_row);
        let w = MARKER.width(&l.text);
        let x = if x_line + 4 + w <= road_right {
            x_line + 4
        } else {
            x_line - 4 - w
        };
        let line = match ends.iter().position(|&end| end + 10 <= x) {
            Some(i) => i,
            None => {
                ends.push(i32::MIN);
                ends.len() - 1
            }
        };
        ends[line] = x + w;
        placed.push(LineLabel {
            x,
            line,
            ..l.clone()
        });
    }
    placed
}

fn draw_strip(
    img: &mut RgbImage,
    course: &Course,
    layout: &BoardLayout,
    g: &StripGeom,
    label: &str,
    width: i32,
) {
    let (cw, ch) = (layout.cell_w, layout.cell_h);
    rounded(
        img,
        6,
        g.top,
        width - 12,
        g.bottom - g.top + 6,
        10,
        palette::STRIP_BAND,
    );

    let finish = course.finish_row();
    text::draw(img, STRIP_LABEL, INK, PAD, g.top + 8, label);

    // Cells, then the lines between them, then the lines across the road on top. The verge
    // shows wherever no cell lies.
    let road_h = g.road_h;
    let road_bottom = g.road_top + road_h;
    let strip_cells: Vec<Place> = (g.strip.first..=g.strip.last)
        .flat_map(|r| course.row(r).cells.iter().map(|c| c.place))
        .collect();
    // Another cell of the strip touches this place's top (or bottom) edge.
    let next_to = |p: Place, dir: f64| {
        strip_cells.iter().any(|o| {
            (o.along - p.along).abs() < 1.0 - 1e-9 && (o.across - (p.across + dir)).abs() < 0.5
        })
    };
    let x0 = g.x_of(layout, g.strip.first);
    let right = strip_cells
        .iter()
        .map(|p| g.x_along(layout, p.along) + cw)
        .max()
        .unwrap_or(x0 + cw);
    rect(img, x0, g.road_top, right - x0, road_h, palette::VERGE);
    for row in g.strip.first..=g.strip.last {
        let x = g.x_of(layout, row);
        let r = course.row(row);
        for cell in &r.cells {
            let (cx, cy, _, _) = g.cell(layout, cell.place);
            rect(img, cx, cy, cw, ch, palette::terrain(cell.terrain));
            if cell.terrain == Terrain::Cobbles {
                cobbles(img, cx, cy, cw, ch);
            }
            if cell.markers.contains(&Marker::Steep) {
                steep(img, cx, cy, cw, ch);
            }
            if cell.markers.contains(&Marker::Neutral) {
                neutral(img, cx, cy, cw, ch);
            }
            if cell.danger {
                danger(img, cx, cy, cw, ch);
            }
            if cell.markers.contains(&Marker::Start) {
                // A grid box, like the start slots painted on the road.
                frame(img, cx + 6, cy + 6, cw - 12, ch - 12, 2, WHITE);
            }
            if next_to(cell.place, -1.0) {
                rect(img, cx + 4, cy + ch - 1, cw - 8, 1, palette::CELL_EDGE);
            }
        }
        for cell in &r.cells {
            let (cx, cy, _, _) = g.cell(layout, cell.place);
            rect(img, cx, cy, 1, ch, palette::CELL_EDGE);
        }
        let ys = r.cells.iter().map(|c| g.y_across(layout, c.place.across));
        let top = ys.clone().min().unwrap_or(g.road_top);
        let bottom = ys.max().unwrap_or(g.road_top) + ch;
        // Tile edges are thicker, as on the table.
        if row > 0 && r.tile.is_some() && course.row(row - 1).tile != r.tile {
            rect(
                img,
                x - 1,
                top,
                3,
                bottom - top,
                palette::darken(palette::CELL_EDGE, 0.5),
            );
        }
        // Road edges; curves get red-and-white kerbs on both edges.
        if r.curve {
            kerb(img, x, top, cw);
            kerb(img, x, bottom - 5, cw);
        }
        for cell in &r.cells {
            let (cx, cy, _, _) = g.cell(layout, cell.place);
            if !next_to(cell.place, 1.0) {
                rect(img, cx, cy - 2, cw, 2, INK);
            }
            if !next_to(cell.place, -1.0) {
                rect(img, cx, cy + ch, cw, 2, INK);
            }
        }
    }
    rect(img, right, g.road_top, 1, road_h, palette::CELL_EDGE);

    let finish_cells: Vec<(u16, Place)> = course
        .cells()
        .filter(|(_, c)| c.markers.contains(&Marker::Finish))
        .map(|(p, c)| (p.row, c.place))
        .collect();
    let staggered_finish = finish_cells
        .iter()
        .any(|(_, p)| p.along != finish_cells[0].1.along)
        .then_some(finish_cells);
    for l in &g.labels {
        let x = g.x_of(layout, l.before_row);
        let top = [l.before_row.checked_sub(1), Some(l.before_row)]
            .into_iter()
            .flatten()
            .filter(|&r| r <= course.last_row())
            .flat_map(|r| course.row(r).cells.iter())
            .map(|c| g.y_across(layout, c.place.across))
            .min()
            .unwrap_or(g.road_top);
        let h = road_bottom - top;
        match l.kind {
            // Where files are staggered, the line runs before each file's first cell past it.
            LineKind::Finish if staggered_finish.is_some() => {
                for &(row, place) in staggered_finish.iter().flatten() {
                    if g.strip.contains(row) {
                        let (cx, cy, _, _) = g.cell(layout, place);
                        rect(img, cx - 8, cy - 2, 16, ch + 4, INK);
                        chequer(img, cx - 7, cy, 14, ch, 7);
                    }
                }
            }
            LineKind::Finish => {
                rect(img, x - 8, top - 2, 16, h + 4, INK);
                chequer(img, x - 7, top, 14, h, 7);
            }
            LineKind::Sprint => rect(img, x - 3, top, 6, h, palette::SPRINT),
            LineKind::Start => rect(img, x - 2, top, 4, h, WHITE),
            // On a course of cells each file's climb ends where its own cells stop climbing.
            LineKind::Summit if course.layout() == Layout::Cells => {
                for (pos, cell) in course.cells() {
                    let tops_out = cell.terrain == Terrain::Uphill
                        && course
                            .ahead(pos)
                            .and_then(|a| course.cell(a))
                            .is_some_and(|a| a.terrain != Terrain::Uphill);
                    if tops_out && g.strip.contains(pos.row) {
                        let (cx, cy, _, _) = g.cell(layout, cell.place);
                        summit_line(img, cx + cw, cy, ch);
                    }
                }
            }
            LineKind::Summit => summit_line(img, x, top, h),
            // A band over the token's tile, along the road's edge.
            LineKind::Meteo => {
                let tile = l.before_row..l.before_row + TILE_ROWS;
                for r in tile.filter(|&r| g.strip.contains(r)) {
                    rect(img, g.x_of(layout, r), top - 7, cw, 5, METEO);
                }
            }
        }
        // A stalk from the name down to the road, so each name points at its line.
        let ly = g.marker_top + l.line as i32 * MARKER_LINE;
        rect(img, x - 1, ly, 2, top - ly, l.kind.colour());
        text::draw(img, MARKER, l.kind.colour(), l.x, ly + 3, &l.text);
    }

    // Distance to the line every five cells along the road, under it.
    text::draw(
        img,
        Style::regular(13.0),
        SOFT_INK,
        12,
        g.tick_top + 5,
        &msg!("board-to-go"),
    );
    let line = layout::row_along(course, finish);
    for row in g.strip.first..=g.strip.last.min(finish.saturating_sub(1)) {
        let to_go = line - layout::row_along(course, row);
        // Rows between whole cells (a staggered file) get no tick.
        if to_go.fract().abs() > 1e-9 {
            continue;
        }
        let to_go = to_go as u32;
        if to_go.is_multiple_of(5) {
            let cx = g.x_of(layout, row) + cw / 2;
            rect(img, cx, g.tick_top - 4, 1, 4, INK);
            text::draw_centred(img, TICK, INK, cx, g.tick_top + 11, &to_go.to_string());
        }
    }
}

/// The white line with red dots at the top of a climb.
fn summit_line(img: &mut RgbImage, x: i32, top: i32, h: i32) {
    rect(img, x - 4, top, 8, h, WHITE);
    let mut y = top + 5;
    while y < top + h - 2 {
        circle(img, x, y, 2, palette::SUMMIT);
        y += 9;
    }
}

/// Stones on a cobbled cell, so cobbles read even in grey scale.
fn cobbles(img: &mut RgbImage, x: i32, y: i32, w: i32, h: i32) {
    let stone = palette::darken(palette::terrain(Terrain::Cobbles), 0.3);
    let mut row = 0;
    let mut sy = y + 5;
    while sy < y + h - 4 {
        let mut sx = x + 5 + if row % 2 == 0 { 0 } else { 7 };
        while sx < x + w - 6 {
            circle(img, sx, sy, 3, stone);
            sx += 14;
        }
        sy += 10;
        row += 1;
    }
}

fn kerb(img: &mut RgbImage, x: i32, y: i32, w: i32) {
    let mut sx = x;
    let mut red = (x / 10) % 2 == 0;
    while sx < x + w {
        let c = if red { palette::SUMMIT } else { WHITE };
        rect(img, sx, y, 10.min(x + w - sx), 5, c);
        red = !red;
        sx += 10;
    }
}

fn draw_tokens(
    img: &mut RgbImage,
    scene: &BoardScene,
    layout: &BoardLayout,
    g: &StripGeom,
    crowds: &[crate::crowds::Crowd],
) {
    // A cell two riders or more share is one crowded cell, its riders listed under the strips:
    // side by side, their tokens would be slivers too narrow for a label.
    for crowd in crowds.iter().filter(|c| g.strip.contains(c.pos.row)) {
        let place = scene
            .course
            .place(crowd.pos)
            .expect("riders were checked on the course");
        let (x, y, w, h) = g.cell(layout, place);
        let top = label_room(scene, layout, crowd.pos);
        crate::crowds::draw_cell(img, scene, crowd, (x, y + top, w, h - top));
    }
    for r in &scene.riders {
        if !g.strip.contains(r.pos.row) || crowds.iter().any(|c| c.pos == r.pos) {
            continue;
        }
        let place = scene
            .course
            .place(r.pos)
            .expect("riders were checked on the course");
        let (x, y, w, h) = g.cell(layout, place);
        let top = label_room(scene, layout, r.pos);
        token(img, scene, r, x, y + top, w, h - top);
    }
}

/// How far down a token moves on a board whose squares carry printed labels (a Hulst square's
/// number) or signs (`S`, `?`) along their top, so that the labels stay readable: nothing on a
/// board without (every board but Hulst's). Such a board's cells are that much taller (see
/// [`draw_board`]), so every token keeps the size it has on any other board.
fn label_room(scene: &BoardScene, layout: &BoardLayout, _pos: Pos) -> i32 {
    if labelled(scene) {
        label_room_px(layout.cell_w)
    } else {
        0
    }
}

/// The scene prints labels or signs on its squares.
fn labelled(scene: &BoardScene) -> bool {
    !scene.cell_labels.is_empty() || !scene.signs.is_empty()
}

/// The room a token leaves along the top of its cell for the square's printed label.
pub(crate) fn label_room_px(cell_w: i32) -> i32 {
    label_chip_h(cell_w) - 2
}

/// The printed labels of the squares (Hulst's numbers, `S`, `?`): near a token's own letters'
/// size, so that they read on a phone (issue 33: 11 px was too small once the picture is
/// shrunk to a phone's width); 19 px at the widest cells.
pub(crate) fn cell_label_style(cell_w: i32) -> Style {
    Style::bold((cell_w as f32 * 0.25).round().max(11.0))
}

/// The height of a square's label chip.
fn label_chip_h(cell_w: i32) -> i32 {
    cell_label_style(cell_w).cap_height() + 7
}

/// A square's printed number on a white chip (readable over the shaded side's lines), at the
/// cell's top left.
fn number_chip(img: &mut RgbImage, x: i32, y: i32, style: Style, label: &str) {
    let h = style.cap_height() + 7;
    let w = style.width(label) + 8;
    rounded(img, x, y, w, h, 4, palette::CELL_EDGE);
    rounded(img, x + 1, y + 1, w - 2, h - 2, 3, WHITE);
    text::draw(img, style, INK, x + 4, y + 4, label);
}

/// A square's sign (`S`, `?`) on a dark chip: told by its letter, never by colour.
fn sign_chip(img: &mut RgbImage, x: i32, y: i32, style: Style, sign: SquareSign) -> i32 {
    let h = style.cap_height() + 7;
    let w = (style.width(sign.text()) + 10).max(h);
    rounded(img, x, y, w, h, 4, INK);
    text::draw_centred(img, style, WHITE, x + w / 2, y + h / 2, sign.text());
    w
}

/// The neutral pack's cells (house rules A's gruppetto): one grey block per cell, hatched so
/// it never reads as a team's token, with "GR" on it.
fn draw_packs(img: &mut RgbImage, scene: &BoardScene, layout: &BoardLayout, g: &StripGeom) {
    for &pos in scene.packs.iter().filter(|p| g.strip.contains(p.row)) {
        let place = scene
            .course
            .place(pos)
            .expect("packs were checked on the course");
        let (x, y, w, h) = g.cell(layout, place);
        let inset = 4;
        pack_block(img, x + inset, y + inset, w - 2 * inset, h - 2 * inset);
        let px = (h as f32 * 0.32).min(w as f32 * 0.32).round();
        text::draw_centred(img, Style::bold(px), INK, x + w / 2, y + h / 2, PACK_LABEL);
    }
}

/// What the pack's cells say on the board and in the key.
const PACK_LABEL: &str = "GR";

fn pack_block(img: &mut RgbImage, x: i32, y: i32, w: i32, h: i32) {
    rounded(img, x, y, w, h, 6, INK);
    rounded(img, x + 2, y + 2, w - 4, h - 4, 4, palette::PACK);
    // Diagonal hatching, one line every 6 pixels.
    for k in (0..w + h).step_by(6) {
        for t in 0..h - 4 {
            let (px, py) = (x + 2 + k - t, y + 2 + t);
            if px > x + 2 && px < x + w - 2 {
                img.put_pixel(px as u32, py as u32, palette::PACK_HATCH);
            }
        }
    }
}

fn token(img: &mut RgbImage, scene: &BoardScene, r: &RiderToken, x: i32, y: i32, w: i32, h: i32) {
    let team = scene.teams[r.team].colour;
    let mut fill = team;
    let finished = r.finished();
    if finished {
        fill = palette::fade(fill, 0.55);
    }
    let inset = 4;
    let (tx, ty, tw, th) = (x + inset, y + inset, w - 2 * inset, h - 2 * inset);
    rounded(img, tx, ty, tw, th, 10, INK);
    if finished {
        // A rider who finished earlier is faded inside a rim of his team's full colour, so the
        // team reads as on any token (with its letters), never from a pale tint alone.
        rounded(img, tx + 2, ty + 2, tw - 4, th - 4, 8, team);
        rounded(img, tx + 6, ty + 6, tw - 12, th - 12, 5, fill);
    } else {
        rounded(img, tx + 2, ty + 2, tw - 4, th - 4, 8, fill);
    }

    let px = (h as f32 * 0.36).min(tw as f32 * 0.36).round();
    let label = Style::bold(px);
    let ink = if finished { INK } else { palette::ink_on(fill) };
    // The jersey the rider wears sits on the token's left edge, between the corner badges,
    // and the label moves over to make room for it.
    let jersey = r.jersey.map(|j| (j, (th / 3).clamp(14, 22)));
    let left = jersey.map_or(0, |(_, size)| size + 3);
    // A rider who crashed or punctured this turn lies on its side (HB-021, HB-026): its
    // letters are turned a quarter, so the fall reads at a glance beside its badge.
    let fallen = r
        .marks
        .iter()
        .any(|m| matches!(m, Mark::Crashed | Mark::Punctured));
    if fallen {
        let text = text::fit(label, &r.label, th - 12);
        let (lw, lh) = (label.width(&text) + 6, label.cap_height() * 2);
        let mut tile = RgbImage::from_pixel(lw.max(1) as u32, lh.max(1) as u32, fill);
        text::draw_centred(&mut tile, label, ink, lw / 2, lh / 2, &text);
        let turned = image::imageops::rotate90(&tile);
        let (cx, cy) = (tx + (tw + left) / 2, ty + th / 2);
        let (ox, oy) = (
            cx - turned.width() as i32 / 2,
            cy - turned.height() as i32 / 2,
        );
        for (px, py, colour) in turned.enumerate_pixels() {
            let (x, y) = (ox + px as i32, oy + py as i32);
            if x > tx + 2 && y > ty + 2 && x < tx + tw - 2 && y < ty + th - 2 {
                img.put_pixel(x as u32, y as u32, *colour);
            }
        }
    } else {
        let text = text::fit(label, &r.label, tw - 6 - left);
        text::draw_centred(img, label, ink, tx + (tw + left) / 2, ty + th / 2, &text);
    }
    if let Some((j, size)) = jersey {
        // On a light chip, so a gold jersey still reads on an orange team's token.
        let (jx, jy) = (tx + 4, ty + th / 2 - size / 2);
        rounded(img, jx - 2, jy - 2, size + 4, size + 4, 4, INK);
        rounded(img, jx - 1, jy - 1, size + 2, size + 2, 3, WHITE);
        crate::standings::small_jersey(img, jx, jy, size, j);
    }

    // Badges in the token's corners, inside it so that neighbouring tokens never collide:
    // what the rider did this turn. The card or dice top right, the flag top left, slipstream
    // bottom left, and the rest from the bottom right leftwards.
    let bh = 18;
    let mut bottom_right = tx + tw - 24;
    // Drawn in the order the card race always drew them, where small cells let badges touch.
    let order = [
        MarkKind::Card,
        MarkKind::Dice,
        MarkKind::Reserves,
        MarkKind::Crossed,
        MarkKind::Slipstream,
        MarkKind::Exhaustion,
        MarkKind::Crashed,
        MarkKind::Punctured,
        MarkKind::Roadside,
        MarkKind::Champion,
        MarkKind::Attack,
        MarkKind::Musette,
    ];
    for kind in order {
        let Some(mark) = r.marks.iter().find(|m| m.kind() == kind) else {
            continue;
        };
        match mark {
            Mark::Card(_) | Mark::Dice(_) | Mark::Reserves { .. } => {
                let text = mark_text(mark);
                let bw = (BADGE.width(&text) + 8).max(bh);
                badge(img, tx + tw - bw - 2, ty + 2, bw, bh, (WHITE, INK), &text);
            }
            Mark::Crossed | Mark::Finished => {
                rect(img, tx + 2, ty + 2, 18, 18, INK);
                chequer(img, tx + 3, ty + 3, 16, 16, 4);
            }
            Mark::Slipstream => {
                badge(img, tx + 2, ty + th - bh - 2, 22, bh, (WHITE, INK), "»");
            }
            Mark::Exhaustion
            | Mark::Crashed
            | Mark::Punctured
            | Mark::Roadside
            | Mark::Champion
            | Mark::Attack
            | Mark::Musette => {
                let (colours, text) = small_badge(kind);
                let bw = small_badge_w(kind);
                badge(
                    img,
                    bottom_right + 22 - bw,
                    ty + th - bh - 2,
                    bw,
                    bh,
                    colours,
                    text,
                );
                bottom_right -= bw + 2;
            }
        }
    }
}

/// The text of a mark's badge: the card as printed, the dice face by face.
fn mark_text(mark: &Mark) -> String {
    match mark {
        Mark::Card(c) => c.clone(),
        Mark::Dice(faces) => faces
            .iter()
            .map(|f| f.to_string())
            .collect::<Vec<_>>()
            .join("·"),
        Mark::Reserves { energy, form } => format!("{energy}·{form}"),
        _ => String::new(),
    }
}

/// The colours (background, text) and text of the small badges of the bottom row.
fn small_badge(kind: MarkKind) -> ((Colour, Colour), &'static str) {
    match kind {
        MarkKind::Exhaustion => ((palette::EXHAUSTION, WHITE), "E"),
        MarkKind::Crashed => ((palette::SUMMIT, WHITE), "X"),
        MarkKind::Punctured => ((SOFT_INK, WHITE), "P"),
        MarkKind::Champion => ((WHITE, INK), "CH"),
        MarkKind::Attack => ((palette::ATTACK, WHITE), "A"),
        MarkKind::Musette => ((palette::MUSETTE, INK), "M"),
        _ => ((palette::SPRINT, WHITE), "RS"),
    }
}

fn small_badge_w(kind: MarkKind) -> i32 {
    let (_, text) = small_badge(kind);
    (BADGE.width(text) + 8).max(22)
}

/// A lettered disc: a cell a player may choose.
fn letter_disc(img: &mut RgbImage, cx: i32, cy: i32, r: i32, letter: char) {
    circle(img, cx, cy, r, INK);
    circle(img, cx, cy, r - 2, WHITE);
    let style = Style::bold((r as f32 * 1.25).round());
    text::draw_centred(img, style, INK, cx, cy, &letter.to_string());
}

/// The caption of the lettered cells: which letters there are and what they are for.
fn letters_caption(scene: &BoardScene) -> Option<String> {
    if scene.letters.is_empty() {
        return None;
    }
    let letters: Vec<String> = scene.letters.iter().map(|(_, c)| c.to_string()).collect();
    Some(msg!("board-letters", letters = letters.join(", ")))
}

/// The scene's shaded cells (a band darker than the road), its printed cell labels in the
/// cell's top left corner and its signs in the top right, above the tokens.
fn draw_cell_marks(img: &mut RgbImage, scene: &BoardScene, layout: &BoardLayout, g: &StripGeom) {
    for &pos in &scene.shaded {
        if !g.strip.contains(pos.row) {
            continue;
        }
        let Some(place) = scene.course.place(pos) else {
            continue;
        };
        let (x, y, w, h) = g.cell(layout, place);
        for yy in (y + 3..y + h - 2).step_by(6) {
            rect(
                img,
                x + 2,
                yy,
                w - 3,
                1,
                palette::darken(palette::VERGE, 0.15),
            );
        }
    }
    for (pos, label) in &scene.cell_labels {
        if !g.strip.contains(pos.row) {
            continue;
        }
        let Some(place) = scene.course.place(*pos) else {
            continue;
        };
        let (x, y, _, _) = g.cell(layout, place);
        number_chip(img, x + 3, y + 2, cell_label_style(layout.cell_w), label);
    }
    for &(pos, sign) in &scene.signs {
        if !g.strip.contains(pos.row) {
            continue;
        }
        let Some(place) = scene.course.place(pos) else {
            continue;
        };
        let (x, y, w, _) = g.cell(layout, place);
        let style = cell_label_style(layout.cell_w);
        let cw = (style.width(sign.text()) + 10).max(style.cap_height() + 7);
        sign_chip(img, x + w - cw - 3, y + 2, style, sign);
    }
}

/// The candidate cells' letters: a disc in the middle of an empty cell, a small one at the
/// bottom of a cell a token stands on.
fn draw_letters(img: &mut RgbImage, scene: &BoardScene, layout: &BoardLayout, g: &StripGeom) {
    for &(pos, letter) in &scene.letters {
        if !g.strip.contains(pos.row) {
            continue;
        }
        let place = scene
            .course
            .place(pos)
            .expect("letters were checked on the course");
        let (x, y, w, h) = g.cell(layout, place);
        if scene.riders.iter().any(|r| r.pos == pos) {
            letter_disc(img, x + w / 2, y + h - 12, 10, letter);
        } else {
            letter_disc(
                img,
                x + w / 2,
                y + h / 2,
                (w.min(h) * 3 / 10).max(10),
                letter,
            );
        }
    }
}

/// A small rounded box with a mark in it; `colours` is (background, text).
fn badge(
    img: &mut RgbImage,
    x: i32,
    y: i32,
    w: i32,
    h: i32,
    colours: (Colour, Colour),
    text: &str,
) {
    rounded(img, x, y, w, h, 5, INK);
    let (bg, fg) = colours;
    rounded(img, x + 1, y + 1, w - 2, h - 2, 4, bg);
    text::draw_centred(img, BADGE, fg, x + w / 2, y + h / 2, text);
}

/// The dice badge the key shows.
const DICE_SAMPLE: &str = "3·5";
/// The square number the key shows.
const SQUARE_SAMPLE: &str = "12";
/// What the key shows for a rider's energy and form.
const RESERVES_SAMPLE: &str = "6·20";

/// A terrain as the keys of the board and the profile name it.
pub(crate) fn terrain_word(t: Terrain) -> String {
    match t {
        Terrain::Flat => msg!("terrain-flat"),
        Terrain::Uphill => msg!("terrain-climb"),
        Terrain::Downhill => msg!("terrain-descent"),
        Terrain::Supply => msg!("terrain-supply"),
        Terrain::Cobbles => msg!("terrain-cobbles"),
    }
}

/// One entry of the key along the bottom.
#[derive(Debug, Clone, PartialEq)]
enum KeyItem {
    Mark(MarkKind),
    ExhaustionCard,
    Terrain(Terrain),
    Steep,
    Neutral,
    Verge,
    Curve,
    /// A neutral pack on the road (the card race's gruppetto).
    Pack,
    /// A jersey worn on a token, with the classification it leads when the scene names it.
    Jersey(Jersey, Option<String>),
    /// The weather level in the header.
    Weather(u8),
    /// The wind's arrow in the header.
    Wind(WindFrom),
    /// A danger cell of the dice race (a skill roll to pass or stop on it).
    Danger,
    /// A start box: a white box on a start cell, where a rider lines up.
    StartBox,
    /// A square's printed number (Hulst's, along the numbered side).
    SquareNumber,
    /// A square's printed sign (Hulst's swap and chance squares).
    Sign(SquareSign),
}

impl KeyItem {
    fn text(&self) -> String {
        match self {
            KeyItem::Mark(kind) => match kind {
                MarkKind::Card => msg!("key-card-played"),
                MarkKind::Dice => msg!("key-dice-rolled"),
                MarkKind::Slipstream => msg!("key-slipstream"),
                MarkKind::Exhaustion => msg!("key-exhaustion-taken"),
                MarkKind::Crashed => msg!("key-crashed"),
                MarkKind::Punctured => msg!("key-punctured"),
                MarkKind::Roadside => msg!("key-roadside"),
                MarkKind::Crossed => msg!("key-crossed"),
                MarkKind::Champion => msg!("key-champion"),
                MarkKind::Attack => msg!("key-attack"),
                MarkKind::Musette => msg!("key-musette"),
                MarkKind::Reserves => msg!("key-reserves"),
            },
            KeyItem::ExhaustionCard => msg!("key-exhaustion-card"),
            KeyItem::Terrain(t) => terrain_word(*t),
            KeyItem::Steep => msg!("key-steep"),
            KeyItem::Neutral => msg!("key-neutral"),
            KeyItem::Verge => msg!("key-verge"),
            KeyItem::Curve => msg!("key-curve"),
            KeyItem::Pack => msg!("key-gruppetto"),
            KeyItem::Jersey(_, Some(name)) => msg!("key-jersey", classification = name.as_str()),
            KeyItem::Jersey(_, None) => msg!("key-jersey-unnamed"),
            KeyItem::Weather(level) => msg!("key-weather", level = *level),
            KeyItem::Wind(from) => msg!("key-wind", wind = wind_word(*from)),
            KeyItem::Danger => msg!("key-danger"),
            KeyItem::StartBox => msg!("key-start-box"),
            KeyItem::SquareNumber => msg!("key-square-number"),
            KeyItem::Sign(SquareSign::Swap) => msg!("key-swap-square"),
            KeyItem::Sign(SquareSign::Chance) => msg!("key-chance-square"),
        }
    }

    /// The mark as text, for tests and readers of [`BoardPicture::key`].
    fn mark(&self) -> String {
        match self {
            KeyItem::Mark(kind) => match kind {
                MarkKind::Card => "5".into(),
                MarkKind::Dice => DICE_SAMPLE.into(),
                MarkKind::Reserves => RESERVES_SAMPLE.into(),
                MarkKind::Slipstream => "»".into(),
                MarkKind::Crossed => msg!("key-mark-flag"),
                small => small_badge(*small).1.into(),
            },
            KeyItem::ExhaustionCard => "2E".into(),
            KeyItem::Terrain(_) | KeyItem::Steep | KeyItem::Verge => msg!("key-mark-colour"),
            KeyItem::Neutral => msg!("key-mark-hatched-rim"),
            KeyItem::Curve => msg!("key-mark-kerb"),
            KeyItem::Pack => PACK_LABEL.into(),
            KeyItem::Jersey(j, _) => msg!("key-mark-jersey", jersey = jersey_word(*j)),
            KeyItem::Weather(level) => crate::sky::weather_text(*level),
            KeyItem::Wind(_) => msg!("key-mark-arrow"),
            KeyItem::Danger => msg!("key-mark-danger-rim"),
            KeyItem::StartBox => msg!("key-mark-white-box"),
            KeyItem::SquareNumber => SQUARE_SAMPLE.into(),
            KeyItem::Sign(sign) => sign.text().into(),
        }
    }

    fn describe(&self) -> String {
        msg!("key-entry", mark = self.mark(), text = self.text())
    }

    /// Width of the mark drawn before the text.
    fn mark_w(&self) -> i32 {
        match self {
            KeyItem::Mark(kind) => match kind {
                MarkKind::Card => 20,
                MarkKind::Dice => BADGE.width(DICE_SAMPLE) + 8,
                MarkKind::Reserves => BADGE.width(RESERVES_SAMPLE) + 8,
                MarkKind::Slipstream => 22,
                MarkKind::Crossed => 18,
                small => small_badge_w(*small),
            },
            KeyItem::ExhaustionCard => BADGE.width("2E") + 8,
            KeyItem::Terrain(_)
            | KeyItem::Steep
            | KeyItem::Neutral
            | KeyItem::Verge
            | KeyItem::Curve
            | KeyItem::Pack
            | KeyItem::Wind(_)
            | KeyItem::Danger
            | KeyItem::StartBox => 30,
            KeyItem::SquareNumber => BADGE.width(SQUARE_SAMPLE) + 8,
            KeyItem::Sign(sign) => (BADGE.width(sign.text()) + 10).max(BADGE.cap_height() + 7),
            KeyItem::Jersey(..) => 22,
            KeyItem::Weather(level) => crate::sky::weather_chip_w(*level, BADGE),
        }
    }

    fn width(&self) -> i32 {
        self.mark_w() + 6 + KEY.width(&self.text()) + 22
    }
}

/// The way the wind blows, as the catalogue's key names it.
fn wind_word(from: WindFrom) -> &'static str {
    match from {
        WindFrom::Ahead => "ahead",
        WindFrom::Behind => "behind",
        WindFrom::Left => "left",
        WindFrom::Right => "right",
    }
}

/// A jersey's colour, as the catalogue's key names it.
fn jersey_word(j: Jersey) -> &'static str {
    match j {
        Jersey::Yellow => "yellow",
        Jersey::Green => "green",
        Jersey::PolkaDot => "polka-dot",
        Jersey::White => "white",
        Jersey::Gold => "gold",
        Jersey::Red => "red",
        Jersey::Rgb(_) => "other",
    }
}

/// The key of this board: the marks, then the terrain and the kerbs of the road drawn, so that
/// every colour and badge in the picture is explained and nothing absent is.
fn key_items(scene: &BoardScene, course: &Course, strips: &[Strip]) -> Vec<KeyItem> {
    let mut items = Vec::new();
    for kind in MarkKind::ALL {
        let carried = scene
            .riders
            .iter()
            .any(|r| r.marks.iter().any(|m| m.kind() == kind));
        if carried || scene.mark_kinds.contains(&kind) {
            items.push(KeyItem::Mark(kind));
        }
        if kind == MarkKind::Card
            && scene
                .riders
                .iter()
                .any(|r| r.card().is_some_and(|c| c.ends_with('E')))
        {
            items.push(KeyItem::ExhaustionCard);
        }
    }
    if !scene.packs.is_empty() {
        items.push(KeyItem::Pack);
    }
    // The jerseys worn, in the order the classifications give them, then the weather and wind
    // the header shows: everything drawn is explained.
    let mut worn: Vec<Jersey> = Vec::new();
    for (j, _) in &scene.jersey_names {
        if scene.riders.iter().any(|r| r.jersey == Some(*j)) && !worn.contains(j) {
            worn.push(*j);
        }
    }
    for r in &scene.riders {
        if let Some(j) = r.jersey
            && !worn.contains(&j)
        {
            worn.push(j);
        }
    }
    for j in worn {
        let name = scene
            .jersey_names
            .iter()
            .find(|(n, _)| *n == j)
            .map(|(_, name)| name.clone());
        items.push(KeyItem::Jersey(j, name));
    }
    if let Some(level) = scene.sky.weather {
        items.push(KeyItem::Weather(level));
    }
    if let Some(from) = scene.sky.wind {
        items.push(KeyItem::Wind(from));
    }
    let rows: Vec<u16> = strips.iter().flat_map(|s| s.first..=s.last).collect();
    for t in [
        Terrain::Flat,
        Terrain::Uphill,
        Terrain::Downhill,
        Terrain::Supply,
        Terrain::Cobbles,
    ] {
        let shown = rows
            .iter()
            .any(|&r| course.row(r).cells.iter().any(|c| c.terrain == t));
        if shown {
            items.push(KeyItem::Terrain(t));
        }
    }
    if rows.iter().any(|&r| course.is_steep(r)) {
        items.push(KeyItem::Steep);
    }
    if rows.iter().any(|&r| course.is_neutral(r)) {
        items.push(KeyItem::Neutral);
    }
    if rows
        .iter()
        .any(|&r| course.row(r).cells.iter().any(|c| c.danger))
    {
        items.push(KeyItem::Danger);
    }
    let start_box = rows.iter().any(|&r| {
        course
            .row(r)
            .cells
            .iter()
            .any(|c| c.markers.contains(&Marker::Start))
    });
    if start_box {
        items.push(KeyItem::StartBox);
    }
    if scene.cell_labels.iter().any(|(p, _)| rows.contains(&p.row)) {
        items.push(KeyItem::SquareNumber);
    }
    for sign in [SquareSign::Swap, SquareSign::Chance] {
        if scene
            .signs
            .iter()
            .any(|&(p, s)| s == sign && rows.contains(&p.row))
        {
            items.push(KeyItem::Sign(sign));
        }
    }
    // A strip's road is as wide as its widest row: narrower rows leave a verge beside them.
    let verge = strips.iter().any(|s| {
        let widths = (s.first..=s.last).map(|r| course.width(r));
        widths.clone().min() != widths.max()
    });
    if verge {
        items.push(KeyItem::Verge);
    }
    if rows.iter().any(|&r| course.row(r).curve) {
        items.push(KeyItem::Curve);
    }
    items
}

/// A summit's name as the reader says it: a climb the course leaves unnamed is called "Climb 2"
/// by the engine (its default, in English, as course files are written), which is worded here
/// in the reader's language ("Côte 2"); a named climb keeps its name.
pub fn summit_name(name: &str) -> String {
    match name
        .strip_prefix("Climb ")
        .and_then(|n| n.parse::<u32>().ok())
    {
        Some(number) => msg!("board-climb", number = number),
        None => name.to_string(),
    }
}

/// The key's items in lines that fit the picture: (item, x) per line.
fn key_lines(items: &[KeyItem], width: i32) -> Vec<Vec<(usize, i32)>> {
    let mut lines: Vec<Vec<(usize, i32)>> = vec![Vec::new()];
    let mut x = PAD;
    for (i, item) in items.iter().enumerate() {
        let w = item.width();
        // The terrain starts a line of its own: marks on tokens, then the road.
        let new_group = matches!(item, KeyItem::Terrain(_))
            && i > 0
            && !matches!(
                items[i - 1],
                KeyItem::Terrain(_) | KeyItem::Steep | KeyItem::Neutral
            );
        if (x + w > width - PAD || new_group) && x > PAD {
            lines.push(Vec::new());
            x = PAD;
        }
        lines.last_mut().expect("a line").push((i, x));
        x += w;
    }
    lines
}

/// A steep row's cell: black, as the seed's tiles print it, inside a rim of the climb's colour.
fn steep(img: &mut RgbImage, x: i32, y: i32, w: i32, h: i32) {
    rect(img, x + 3, y + 3, w - 6, h - 6, palette::STEEP);
}

/// A yellow (neutral) row of house rules B's fictive start: a rim striped yellow and black, as
/// a neutral zone is painted, around the terrain's colour, so it cannot be taken for the solid
/// yellow of a supply zone and the terrain still shows.
fn neutral(img: &mut RgbImage, x: i32, y: i32, w: i32, h: i32) {
    const RIM: i32 = 5;
    let (iw, ih) = (img.width() as i32, img.height() as i32);
    for py in y..y + h {
        for px in x..x + w {
            let inside = px >= x + RIM && px < x + w - RIM && py >= y + RIM && py < y + h - RIM;
            if inside || px < 0 || py < 0 || px >= iw || py >= ih {
                continue;
            }
            let c = if (px + py).rem_euclid(10) < 6 {
                palette::NEUTRAL
            } else {
                INK
            };
            img.put_pixel(px as u32, py as u32, c);
        }
    }
}

/// A danger cell of the dice race (a skill roll to pass or stop on it, VM-045): a rim striped
/// red and white around the terrain's colour, wide enough to show around a rider's token.
fn danger(img: &mut RgbImage, x: i32, y: i32, w: i32, h: i32) {
    const RIM: i32 = 4;
    let (iw, ih) = (img.width() as i32, img.height() as i32);
    for py in y..y + h {
        for px in x..x + w {
            let inside = px >= x + RIM && px < x + w - RIM && py >= y + RIM && py < y + h - RIM;
            if inside || px < 0 || py < 0 || px >= iw || py >= ih {
                continue;
            }
            let c = if (px - py).rem_euclid(10) < 5 {
                palette::SUMMIT
            } else {
                WHITE
            };
            img.put_pixel(px as u32, py as u32, c);
        }
    }
}

/// What the marks on tokens and the colours of the road mean, along the bottom.
fn draw_key(img: &mut RgbImage, items: &[KeyItem], lines: &[Vec<(usize, i32)>], top: i32) {
    for (n, line) in lines.iter().enumerate() {
        let y = top + n as i32 * KEY_LINE;
        let cy = y + 11;
        for &(i, x) in line {
            let item = &items[i];
            match item {
                KeyItem::Mark(MarkKind::Card) => badge(img, x, y + 2, 20, 18, (WHITE, INK), "5"),
                KeyItem::Mark(MarkKind::Dice) => {
                    badge(img, x, y + 2, item.mark_w(), 18, (WHITE, INK), DICE_SAMPLE)
                }
                KeyItem::Mark(MarkKind::Reserves) => badge(
                    img,
                    x,
                    y + 2,
                    item.mark_w(),
                    18,
                    (WHITE, INK),
                    RESERVES_SAMPLE,
                ),
                KeyItem::ExhaustionCard => {
                    badge(img, x, y + 2, item.mark_w(), 18, (WHITE, INK), "2E")
                }
                KeyItem::Mark(MarkKind::Slipstream) => {
                    badge(img, x, y + 2, 22, 18, (WHITE, INK), "»")
                }
                KeyItem::Mark(MarkKind::Crossed) => {
                    rect(img, x, y + 2, 18, 18, INK);
                    chequer(img, x + 1, y + 3, 16, 16, 4);
                }
                KeyItem::Mark(small) => {
                    let (colours, text) = small_badge(*small);
                    badge(img, x, y + 2, item.mark_w(), 18, colours, text);
                }
                KeyItem::Terrain(t) => {
                    rect(img, x, y + 2, 30, 18, INK);
                    rect(img, x + 1, y + 3, 28, 16, palette::terrain(*t));
                    if *t == Terrain::Cobbles {
                        cobbles(img, x + 1, y + 3, 28, 16);
                    }
                }
                KeyItem::Steep => {
                    rect(img, x, y + 2, 30, 18, INK);
                    rect(img, x + 1, y + 3, 28, 16, palette::terrain(Terrain::Uphill));
                    steep(img, x + 1, y + 3, 28, 16);
                }
                KeyItem::Neutral => {
                    rect(img, x, y + 2, 30, 18, INK);
                    rect(img, x + 1, y + 3, 28, 16, palette::terrain(Terrain::Flat));
                    neutral(img, x + 1, y + 3, 28, 16);
                }
                KeyItem::Verge => {
                    rect(img, x, y + 2, 30, 18, INK);
                    rect(img, x + 1, y + 3, 28, 16, palette::VERGE);
                }
                KeyItem::Danger => {
                    rect(img, x, y + 2, 30, 18, INK);
                    rect(img, x + 1, y + 3, 28, 16, palette::terrain(Terrain::Flat));
                    danger(img, x + 1, y + 3, 28, 16);
                }
                KeyItem::StartBox => {
                    // A start cell with its white box, as on the road.
                    rect(img, x, y + 2, 30, 18, INK);
                    rect(img, x + 1, y + 3, 28, 16, palette::terrain(Terrain::Flat));
                    frame(img, x + 4, y + 5, 22, 12, 2, WHITE);
                }
                KeyItem::SquareNumber => number_chip(img, x, y + 2, BADGE, SQUARE_SAMPLE),
                KeyItem::Sign(sign) => {
                    sign_chip(img, x, y + 2, BADGE, *sign);
                }
                KeyItem::Pack => {
                    pack_block(img, x, y + 2, 30, 18);
                    text::draw_centred(img, Style::bold(11.0), INK, x + 15, y + 11, PACK_LABEL);
                }
                KeyItem::Curve => {
                    // A bit of road with its kerbs, as on a curve of the board.
                    rect(img, x, y + 2, 30, 18, palette::terrain(Terrain::Flat));
                    kerb(img, x, y + 2, 30);
                    kerb(img, x, y + 15, 30);
                }
                KeyItem::Jersey(j, _) => {
                    // On its white chip, as on a token.
                    rounded(img, x, y + 1, 22, 22, 4, INK);
                    rounded(img, x + 1, y + 2, 20, 20, 3, WHITE);
                    crate::standings::small_jersey(img, x + 3, y + 4, 16, *j);
                }
                KeyItem::Weather(level) => {
                    crate::sky::weather_chip(img, x, cy, *level, BADGE, 20);
                }
                KeyItem::Wind(from) => crate::sky::arrow(img, x + 15, cy, *from),
            }
            let tx = x + item.mark_w() + 6;
            text::draw(
                img,
                KEY,
                SOFT_INK,
                tx,
                cy - KEY.cap_height() / 2,
                &item.text(),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The extent (width, height) of the label's ink in the middle of a token drawn alone.
    fn label_extent(marks: &[Mark]) -> (i32, i32) {
        let mut scene = crate::samples::start();
        let mut rider = scene.riders[0].clone();
        rider.label = "BR".into();
        rider.marks = marks.to_vec();
        scene.riders = vec![rider.clone()];
        let (w, h) = (120, 100);
        let mut img = RgbImage::from_pixel(w as u32, h as u32, PAGE);
        token(&mut img, &scene, &rider, 0, 0, w, h);
        let fill = scene.teams[0].colour;
        let ink = palette::ink_on(fill);
        let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
        // The middle of the token, clear of the corner badges.
        for y in h / 4..3 * h / 4 {
            for x in w / 4..3 * w / 4 {
                if *img.get_pixel(x as u32, y as u32) == ink {
                    (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
                }
            }
        }
        assert!(x1 >= x0 && y1 >= y0, "the label is drawn");
        (x1 - x0, y1 - y0)
    }

    /// HB-021, HB-026 (issue 12: "a punctured or fallen rider on its side"): the token of a
    /// rider who crashed or punctured this turn has its letters turned a quarter.
    #[test]
    fn a_fallen_or_punctured_rider_lies_on_its_side() {
        let (w, h) = label_extent(&[]);
        assert!(w > h, "upright: {w}×{h}");
        for mark in [Mark::Crashed, Mark::Punctured] {
            let (w, h) = label_extent(std::slice::from_ref(&mark));
            assert!(h > w, "{mark:?} on its side: {w}×{h}");
        }
    }
}
