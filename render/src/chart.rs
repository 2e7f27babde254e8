//! A classification's story over the stages as a line chart (issue 36): one line per rider of
//! the top ten after the last stage, in its team's colour, through its gap to the leader (a time
//! classification) or its points (a points one) after each stage, the jersey drawn on the point
//! of whoever held it after each stage.
//!
//! The lines are computed apart from the drawing ([`chart_series`]), from the classification
//! after each stage, so a test can hold them against the standings. The axes, the grid and the
//! lines are drawn by `plotters` onto our own image, its text in our embedded font (registered
//! with plotters' `ab_glyph` feature: no system font is ever looked up); the title, the legend
//! and the jerseys are drawn with the same code as the other pictures.

use crate::draw::rect;
use crate::palette::{self, Colour, INK, PAGE, SOFT_INK};
use crate::scene::Jersey;
use crate::standings::jersey_sized;
use crate::text::{self, Style};
use crate::{RenderError, encode};
use commissaire_engine::tour::{Classification, Score, Unit, format_time};
use commissaire_messages::msg;
use image::{Rgb, RgbImage};
use plotters::prelude::*;
use std::sync::OnceLock;

/// The picture's width: the standings' (900), read at a phone's width as they are.
pub const WIDTH: u32 = 900;
/// The plot's height (axes included), under the title.
const PLOT_H: u32 = 560;
const TITLE_H: u32 = 78;
const LEGEND_ROW: u32 = 38;
const MARGIN: i32 = 24;
/// How many riders a chart follows: the top ten (issue 36).
pub const TOP: usize = 10;

/// What a line follows over the stages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChartKind {
    /// Seconds behind the leader (a time classification): the leader's line lies on 0, at
    /// the top, and the others under it.
    Gap,
    /// Points won so far (a points classification): the lines climb.
    Points,
}

/// One line: who it follows and where it stood after each stage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartLine {
    /// The rider (or, in a team table, the team): its key in the classification.
    pub who: String,
    pub team: String,
    /// The rank after the last stage.
    pub rank: u32,
    /// After stage 1, 2, …: seconds behind the leader ([`ChartKind::Gap`]) or points
    /// ([`ChartKind::Points`]); `None` where the classification did not hold it (not yet
    /// brought back by a vote, say).
    pub values: Vec<Option<i64>>,
}

/// The lines of a chart, computed from the classification after each stage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartSeries {
    pub kind: ChartKind,
    /// The top [`TOP`] after the last stage, in its order.
    pub lines: Vec<ChartLine>,
    /// After each stage, the line whose rider held the jersey then (`None`: nobody, or one not
    /// in the top ten any more).
    pub holders: Vec<Option<usize>>,
}

/// The key of a row: its rider, or its team in a team table.
fn key_of(row: &commissaire_engine::tour::StandingRow) -> String {
    row.rider
        .as_ref()
        .map_or_else(|| row.team.clone(), |k| k.to_string())
}

/// The chart's lines: `after_each[k]` is the classification after stage `k + 1` (one id, the
/// same table each time). The riders are the top `top` of the last; each line holds, stage by
/// stage, the rider's gap (a time table) or points (a points table), as that stage's standings
/// give them.
pub fn chart_series(after_each: &[Classification], top: usize) -> ChartSeries {
    let kind = match after_each.last().map(|c| c.unit) {
        Some(Unit::Points) => ChartKind::Points,
        _ => ChartKind::Gap,
    };
    let Some(last) = after_each.last() else {
        return ChartSeries {
            kind,
            lines: Vec::new(),
            holders: Vec::new(),
        };
    };
    let lines: Vec<ChartLine> = last
        .rows
        .iter()
        .take(top)
        .map(|row| {
            let who = key_of(row);
            let values = after_each
                .iter()
                .map(|c| {
                    c.rows.iter().find(|r| key_of(r) == who).map(|r| {
                        match (kind, r.gap, r.value) {
                            (ChartKind::Gap, Score::Seconds(s), _) => s,
                            (ChartKind::Points, _, Score::Points(p)) => i64::from(p),
                            // A table whose rows do not count what it says: drawn as given.
                            (_, Score::Seconds(s), _) => s,
                            (_, Score::Points(p), _) => i64::from(p),
                        }
                    })
                })
                .collect();
            ChartLine {
                who,
                team: row.team.clone(),
                rank: row.rank,
                values,
            }
        })
        .collect();
    let holders = after_each
        .iter()
        .map(|c| {
            let held = c.holder_row().map(key_of)?;
            lines.iter().position(|l| l.who == held)
        })
        .collect();
    ChartSeries {
        kind,
        lines,
        holders,
    }
}

/// A chart ready to draw: its lines and its words, already in the reader's language.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartScene {
    pub title: String,
    /// "after stage 4", at the right of the title.
    pub subtitle: String,
    pub jersey: Option<Jersey>,
    pub series: ChartSeries,
    /// Each line's team colour (the tour's, made distinct for colour-blind readers), in the
    /// lines' order.
    pub colours: Vec<Option<Colour>>,
    /// Each line's legend: its name, and its standing after the last stage (a time or a gap,
    /// points).
    pub legend: Vec<(String, String)>,
    pub x_label: String,
    pub y_label: String,
}

impl ChartScene {
    /// The chart of one classification from the table after each stage (`after_each[k]`:
    /// after stage `k + 1`); `team_colour` gives a team's colour by its name.
    pub fn new(
        after_each: &[Classification],
        team_colour: &dyn Fn(&str) -> Option<Colour>,
    ) -> Self {
        let series = chart_series(after_each, TOP);
        let last = after_each.last();
        let legend = series
            .lines
            .iter()
            .map(|l| {
                let row = last.and_then(|c| c.rows.iter().find(|r| key_of(r) == l.who));
                // What the line shows: the gap (the leader's own time), or the points.
                let standing = row.map_or_else(String::new, |r| match crate::gap_text(r) {
                    gap if gap.is_empty() || series.kind == ChartKind::Points => {
                        crate::score_text(r.value)
                    }
                    gap => gap,
                });
                (l.who.clone(), standing)
            })
            .collect();
        let y_label = match series.kind {
            ChartKind::Gap => msg!("chart-axis-gap"),
            ChartKind::Points => msg!("chart-axis-points"),
        };
        ChartScene {
            title: last.map_or_else(String::new, |c| {
                msg!(
                    "chart-title",
                    classification = crate::classification_title(c)
                )
            }),
            subtitle: msg!("standings-picture-after", stage = after_each.len()),
            jersey: last.and_then(|c| c.jersey).map(Jersey::from),
            colours: series.lines.iter().map(|l| team_colour(&l.team)).collect(),
            series,
            legend,
            x_label: msg!("chart-axis-stage"),
            y_label,
        }
    }
}

/// The embedded fonts, registered with plotters once: its axis labels use them by this name.
const FAMILY: &str = "commissaire-sans";

fn register_fonts() {
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        // The bytes are compiled in and known good: a failure is a broken build.
        let _ = plotters::style::register_font(FAMILY, FontStyle::Normal, text::REGULAR_TTF);
        let _ = plotters::style::register_font(FAMILY, FontStyle::Bold, text::BOLD_TTF);
    });
}

fn colour(c: Colour) -> RGBColor {
    RGBColor(c.0[0], c.0[1], c.0[2])
}

/// A line's colour: its team's, a grey for a team the palette does not know; a white team's
/// line is drawn in a light grey (white on the page would not show).
fn line_colour(team: Option<Colour>) -> Colour {
    match team {
        Some(Rgb([r, g, b])) if u32::from(r) + u32::from(g) + u32::from(b) > 700 => {
            Rgb([180, 180, 180])
        }
        Some(c) => c,
        None => SOFT_INK,
    }
}

/// The chart as a PNG, `WIDTH` wide.
pub fn render_chart(scene: &ChartScene) -> Result<Vec<u8>, RenderError> {
    encode::png(&draw_chart(scene)?)
}

/// The height of a chart's picture: title, plot and one legend row per line.
pub fn chart_height(scene: &ChartScene) -> u32 {
    TITLE_H + PLOT_H + 16 + LEGEND_ROW * scene.series.lines.len().max(1) as u32 + 16
}

/// The markers that tell apart the lines of one team (same colour): the first rider of a team
/// in the chart gets a disc, the second a square, the third a triangle, the next a diamond.
fn marker_of(lines: &[ChartLine], i: usize) -> usize {
    lines[..i]
        .iter()
        .filter(|l| l.team == lines[i].team)
        .count()
        % 4
}

fn chart_error(e: impl std::fmt::Display) -> RenderError {
    RenderError::Chart(e.to_string())
}

/// The chart drawn: plotters' axes and lines on the page, then the title, the jerseys and the
/// legend.
pub fn draw_chart(scene: &ChartScene) -> Result<RgbImage, RenderError> {
    register_fonts();
    let height = chart_height(scene);
    let series = &scene.series;
    let stages = series
        .lines
        .iter()
        .map(|l| l.values.len())
        .max()
        .unwrap_or(0)
        .max(series.holders.len())
        .max(1) as i32;
    // Where each stage's point of each line lands on the picture, and each line's end.
    let mut points: Vec<Vec<Option<(i32, i32)>>> = Vec::new();
    let mut buffer = vec![0u8; (WIDTH * height * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut buffer, (WIDTH, height)).into_drawing_area();
        root.fill(&colour(PAGE)).map_err(chart_error)?;
        let plot = root.margin(TITLE_H, 0, 0, 0);
        let (plot, _) = plot.split_vertically(PLOT_H);
        // A gap is drawn below 0 (the leader on top), in minutes so that the axis ticks fall
        // on whole minutes (or halves, tenths) as a time reads; a points total above 0.
        let scale: f64 = match series.kind {
            ChartKind::Gap => -1.0 / 60.0,
            ChartKind::Points => 1.0,
        };
        let at = |v: i64| v as f64 * scale;
        let values = series
            .lines
            .iter()
            .flat_map(|l| l.values.iter().flatten())
            .map(|&v| at(v));
        let (lo, hi) = values.fold((0f64, 0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
        let pad = ((hi - lo) / 12.0).max(match series.kind {
            ChartKind::Gap => 0.1,
            ChartKind::Points => 1.0,
        });
        let (lo, hi) = match series.kind {
            ChartKind::Gap => (lo - pad, pad / 2.0),
            ChartKind::Points => (-pad / 2.0, hi + pad),
        };
        let label = (FAMILY, 21).into_font().color(&colour(SOFT_INK));
        let desc = (FAMILY, 22).into_font().color(&colour(INK));
        let mut chart = ChartBuilder::on(&plot)
            .margin_left(MARGIN as u32 / 2)
            .margin_right(64)
            .margin_top(14)
            .margin_bottom(6)
            .x_label_area_size(64)
            .y_label_area_size(104)
            .build_cartesian_2d(0i32..stages + 1, lo..hi)
            .map_err(chart_error)?;
        let x_fmt = |x: &i32| {
            if (1..=stages).contains(x) {
                x.to_string()
            } else {
                String::new()
            }
        };
        let y_fmt = |y: &f64| {
            let v = (y / scale).round() as i64;
            match series.kind {
                ChartKind::Gap if v < 0 => String::new(),
                ChartKind::Gap if v == 0 => "0".to_string(),
                ChartKind::Gap => format!("+{}", format_time(v)),
                // Points are whole: a tick between two reads as nothing.
                ChartKind::Points if v < 0 || (y.fract()).abs() > 1e-9 => String::new(),
                ChartKind::Points => v.to_string(),
            }
        };
        chart
            .configure_mesh()
            .x_labels((stages + 2) as usize)
            .x_label_formatter(&x_fmt)
            .y_labels(8)
            .y_label_formatter(&y_fmt)
            .x_desc(scene.x_label.as_str())
            .y_desc(scene.y_label.as_str())
            .label_style(label)
            .axis_desc_style(desc)
            .axis_style(colour(SOFT_INK).stroke_width(2))
            .bold_line_style(colour(palette::fade(SOFT_INK, 0.7)).stroke_width(1))
            .light_line_style(colour(palette::fade(SOFT_INK, 0.88)).stroke_width(1))
            .disable_x_mesh()
            .draw()
            .map_err(chart_error)?;
        // The last in the standings first, so that the leader's line is drawn over the others.
        for (i, line) in series.lines.iter().enumerate().rev() {
            let c = colour(line_colour(scene.colours[i]));
            let style = ShapeStyle {
                color: c.to_rgba(),
                filled: true,
                stroke_width: 4,
            };
            // One run of stages a line is in the table: a line is never drawn across a stage
            // it was not in.
            let mut run: Vec<(i32, f64)> = Vec::new();
            let mut runs = Vec::new();
            for (k, v) in line.values.iter().enumerate() {
                match v {
                    Some(v) => run.push((k as i32 + 1, at(*v))),
                    None => runs.push(std::mem::take(&mut run)),
                }
            }
            runs.push(run);
            for run in runs.into_iter().filter(|r| !r.is_empty()) {
                chart
                    .draw_series(LineSeries::new(run, style))
                    .map_err(chart_error)?;
            }
        }
        for line in &series.lines {
            points.push(
                line.values
                    .iter()
                    .enumerate()
                    .map(|(k, v)| v.map(|v| chart.backend_coord(&(k as i32 + 1, at(v)))))
                    .collect(),
            );
        }
        root.present().map_err(chart_error)?;
    }
    let mut img = RgbImage::from_raw(WIDTH, height, buffer)
        .ok_or_else(|| RenderError::Chart("the chart's buffer has the wrong size".into()))?;
    // Each point's marker, the leader's over the others.
    for (i, line_points) in points.iter().enumerate().rev() {
        let c = line_colour(scene.colours[i]);
        for &(x, y) in line_points.iter().flatten() {
            marker(&mut img, x, y, marker_of(&series.lines, i), c, 7);
        }
    }
    // The jersey on the point of whoever held it after each stage.
    if let Some(jersey) = scene.jersey {
        for (k, holder) in series.holders.iter().enumerate() {
            if let Some((x, y)) = holder.and_then(|h| points[h].get(k).copied().flatten()) {
                jersey_sized(&mut img, x - 12, y - 12, jersey, 24);
            }
        }
    }
    // Each line's rank at its right end, pushed apart where lines end close together.
    let rank_style = Style::bold(18.0);
    let mut ends: Vec<(i32, i32, usize)> = points
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.iter().rev().flatten().next().map(|&(x, y)| (y, x, i)))
        .collect();
    ends.sort();
    let mut floor = i32::MIN;
    for (y, x, i) in ends {
        let y = y.max(floor);
        floor = y + 20;
        let label = series.lines[i].rank.to_string();
        text::draw(
            &mut img,
            rank_style,
            line_colour(scene.colours[i]),
            x + 16,
            y - rank_style.cap_height() / 2,
            &label,
        );
    }
    // The title, and after which stage it stands.
    let title_style = Style::bold(30.0);
    let sub_style = Style::regular(22.0);
    let sub_w = sub_style.width(&scene.subtitle);
    let mut x = MARGIN;
    if let Some(jersey) = scene.jersey {
        jersey_sized(&mut img, x, 18, jersey, 40);
        x += 52;
    }
    let room = WIDTH as i32 - MARGIN - sub_w - 16 - x;
    text::draw(
        &mut img,
        title_style,
        INK,
        x,
        26,
        &text::fit(title_style, &scene.title, room),
    );
    text::draw_right(
        &mut img,
        sub_style,
        SOFT_INK,
        WIDTH as i32 - MARGIN,
        30,
        &scene.subtitle,
    );
    rect(
        &mut img,
        MARGIN,
        TITLE_H as i32 - 8,
        WIDTH as i32 - 2 * MARGIN,
        2,
        SOFT_INK,
    );
    // The legend: the rider's marker and colour, its rank, name and standing.
    let top = (TITLE_H + PLOT_H + 16) as i32;
    let name_style = Style::regular(22.0);
    let holder_now = series.holders.last().copied().flatten();
    for (i, line) in series.lines.iter().enumerate() {
        let y = top + i as i32 * LEGEND_ROW as i32;
        let mid = y + LEGEND_ROW as i32 / 2;
        let c = line_colour(scene.colours[i]);
        rect(&mut img, MARGIN, mid - 2, 44, 4, c);
        marker(
            &mut img,
            MARGIN + 22,
            mid,
            marker_of(&series.lines, i),
            c,
            8,
        );
        let (name, standing) = &scene.legend[i];
        let rank = format!("{}.", line.rank);
        text::draw_right(
            &mut img,
            Style::bold(22.0),
            INK,
            MARGIN + 96,
            mid - 8,
            &rank,
        );
        let mut name_x = MARGIN + 108;
        if holder_now == Some(i)
            && let Some(jersey) = scene.jersey
        {
            jersey_sized(&mut img, name_x, mid - 13, jersey, 26);
            name_x += 34;
        }
        let standing_w = name_style.width(standing);
        let room = WIDTH as i32 - MARGIN - standing_w - 20 - name_x;
        text::draw(
            &mut img,
            name_style,
            INK,
            name_x,
            mid - 8,
            &text::fit_middle(name_style, name, room),
        );
        text::draw_right(
            &mut img,
            name_style,
            SOFT_INK,
            WIDTH as i32 - MARGIN,
            mid - 8,
            standing,
        );
    }
    Ok(img)
}

/// A point's marker, centred on (x, y): a disc, a square, a triangle or a diamond (see
/// [`marker_of`]), outlined in ink so a light team colour shows.
fn marker(img: &mut RgbImage, x: i32, y: i32, shape: usize, c: Colour, r: i32) {
    use imageproc::drawing::{draw_filled_circle_mut, draw_polygon_mut};
    use imageproc::point::Point;
    let poly = |grow: i32| -> Vec<Point<i32>> {
        let r = r + grow;
        match shape {
            1 => vec![
                Point::new(x - r, y - r),
                Point::new(x + r, y - r),
                Point::new(x + r, y + r),
                Point::new(x - r, y + r),
            ],
            2 => vec![
                Point::new(x, y - r - 1),
                Point::new(x + r + 1, y + r),
                Point::new(x - r - 1, y + r),
            ],
            _ => vec![
                Point::new(x, y - r - 1),
                Point::new(x + r + 1, y),
                Point::new(x, y + r + 1),
                Point::new(x - r - 1, y),
            ],
        }
    };
    if shape == 0 {
        draw_filled_circle_mut(img, (x, y), r + 2, INK);
        draw_filled_circle_mut(img, (x, y), r, c);
    } else {
        draw_polygon_mut(img, &poly(2), INK);
        draw_polygon_mut(img, &poly(0), c);
    }
}
