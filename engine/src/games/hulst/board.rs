//! The Hulst board read from a course file: a grid course (its `[[segment]]`s give the rows, the
//! lanes, uphill (red arrows) and downhill (blue arrows) rows, the start area and the finish
//! line, whose last segment is the run-out) plus a `[game]` table for what only this game
//! reads (the conformance table's section 5): the printed numbers where curves letter them
//! (`[[game.label]] square = "12/2", label = "12A"`), the swap and chance squares
//! (`swap = ["20/1"]`, `chance = ["33/0"]`), the separated carriageways
//! (`[[game.divider]] rows = [60, 64], after_lane = 1`), the intermediate sprints with their
//! bonuses (`[[game.sprint]] after = 40, bonus = [{ seconds = 3, points = 3 }, …]`), the
//! stage length `length` (the squares counted in times, by default the rows before the line)
//! and the numbered side `numbered_edge` (`right` or `left`, for the picture).
//!
//! Squares are named `"row/lane"`: row 1 is the first square after the start area, row L the
//! last before the line, rows L+1, L+2 … the run-out printed -1, -2 …; lane 0 is the numbered
//! (priority, sheltered) side. Steps follow the course's forward and diagonal links, so a bend
//! written with `[[link]]`s moves as its links say (G-13), and never cross a divider (G-21).

use crate::course::{Course, CourseError, LinkKind, Marker, Pos, Terrain, parse_course_toml};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// What a square carries besides its terrain (WISSELVAKJES, KANS VAKJES; HT-023, HT-024).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Special {
    Swap,
    Chance,
}

/// A square's printed label: its number (negative in the run-out) and the letter a curve gives
/// it (VAK-NUMMERS / NUMEROS DE CASES; HT-019).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Label {
    pub number: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub letter: Option<char>,
}

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.letter {
            Some(c) => write!(f, "{}{c}", self.number),
            None => write!(f, "{}", self.number),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Square {
    pub terrain: Terrain,
    pub label: Label,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special: Option<Special>,
    /// The carriageway the square lies in (0 unless a divider splits its row; G-21).
    #[serde(default)]
    pub way: u8,
}

/// An intermediate sprint line (TUSSENSPRINTS; HT-028): between row `after` and the next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sprint {
    pub after: u16,
    pub bonus: Vec<Bonus>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bonus {
    #[serde(default)]
    pub seconds: u32,
    #[serde(default)]
    pub points: u32,
}

/// The board of one stage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Board {
    pub name: String,
    /// L: the squares of the stage, counted in its times (HT-050).
    pub length: u16,
    /// Rows L+1 … of the run-out.
    pub runout: u16,
    /// Row 0 is the start area (G-04), then rows 1 … L + runout; each row its squares by lane.
    pub rows: Vec<Vec<Square>>,
    pub sprints: Vec<Sprint>,
    /// The numbered side lies on the right of the road as it runs (the picture's side).
    pub numbered_right: bool,
    /// The course row of board row 0 (the start area's last row): board row r is course row
    /// `offset + r`.
    pub offset: u16,
    /// Per square (row by row), its steps ahead: forward first, then diagonals.
    #[serde(skip)]
    steps: Vec<Vec<Pos>>,
    #[serde(skip)]
    offsets: Vec<usize>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameSpec {
    length: Option<u16>,
    numbered_edge: Option<String>,
    #[serde(default)]
    swap: Vec<String>,
    #[serde(default)]
    chance: Vec<String>,
    #[serde(default)]
    label: Vec<LabelSpec>,
    #[serde(default)]
    divider: Vec<DividerSpec>,
    #[serde(default)]
    sprint: Vec<SprintSpec>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LabelSpec {
    square: String,
    label: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DividerSpec {
    rows: [u16; 2],
    after_lane: u8,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SprintSpec {
    after: u16,
    bonus: Vec<Bonus>,
}

/// Why a course is no Hulst board: the problem, and a piece of the file that finds its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardError {
    pub near: String,
    pub message: String,
}

fn bad(near: impl Into<String>, message: impl Into<String>) -> BoardError {
    BoardError {
        near: near.into(),
        message: message.into(),
    }
}

impl Board {
    /// The board a course stands for, or what is wrong with it.
    pub fn from_course(course: &Course) -> Result<Board, BoardError> {
        let spec: GameSpec = if course.game.is_null() {
            GameSpec::default()
        } else {
            serde_json::from_value(course.game.clone())
                .map_err(|e| bad("[game]", format!("[game]: {e}")))?
        };
        let start_rows = (0..course.row_count())
            .take_while(|&r| {
                course
                    .row(r)
                    .cells
                    .iter()
                    .any(|c| c.markers.contains(&Marker::Start))
            })
            .count() as u16;
        if start_rows == 0 {
            return Err(bad("start", "the course has no start area"));
        }
        let first = start_rows; // course row of board row 1
        let finish = course.finish_row();
        if finish <= first {
            return Err(bad("finish", "the finish line lies in the start area"));
        }
        let rows_before_line = finish - first;
        let runout = course.row_count() - finish;
        if runout == 0 {
            return Err(bad(
                "finish",
                "the stage has no run-out: give the segment after the line (finish = true) some squares",
            ));
        }
        let length = spec.length.unwrap_or(rows_before_line);
        if length == 0 {
            return Err(bad("length", "length must be at least 1"));
        }
        let numbered_right = match spec.numbered_edge.as_deref() {
            None | Some("right") => true,
            Some("left") => false,
            Some(other) => {
                return Err(bad(
                    "numbered_edge",
                    format!("numbered_edge is 'right' or 'left', not '{other}'"),
                ));
            }
        };
        let total = 1 + rows_before_line + runout;
        let width0 = (0..course.row_count())
            .map(|r| course.width(r))
            .max()
            .unwrap_or(1);
        let mut rows: Vec<Vec<Square>> = Vec::with_capacity(total as usize);
        rows.push(
            (0..width0)
                .map(|_| Square {
                    terrain: Terrain::Flat,
                    label: Label {
                        number: 0,
                        letter: None,
                    },
                    special: None,
                    way: 0,
                })
                .collect(),
        );
        for r in 1..total {
            let c = first + r - 1;
            let number = if r <= rows_before_line {
                r as i32
            } else {
                -((r - rows_before_line) as i32)
            };
            rows.push(
                course
                    .row(c)
                    .cells
                    .iter()
                    .map(|cell| Square {
                        terrain: match cell.terrain {
                            Terrain::Uphill => Terrain::Uphill,
                            Terrain::Downhill => Terrain::Downhill,
                            _ => Terrain::Flat,
                        },
                        label: Label {
                            number,
                            letter: None,
                        },
                        special: None,
                        way: 0,
                    })
                    .collect(),
            );
        }
        let find = |rows: &[Vec<Square>], name: &str| -> Result<Pos, BoardError> {
            let quoted = format!("\"{name}\"");
            let (r, l) = name
                .split_once('/')
                .and_then(|(r, l)| {
                    Some((r.trim().parse::<u16>().ok()?, l.trim().parse::<u8>().ok()?))
                })
                .ok_or_else(|| {
                    bad(
                        &quoted,
                        format!("'{name}' is no square: write \"row/lane\", such as \"12/1\""),
                    )
                })?;
            if r == 0 || r as usize >= rows.len() || l as usize >= rows[r as usize].len() {
                return Err(bad(
                    &quoted,
                    format!(
                        "there is no square '{name}' on this board (rows 1 to {}, lanes from 0)",
                        rows.len() - 1
                    ),
                ));
            }
            Ok(Pos::new(r, l))
        };
        for (list, special) in [(&spec.swap, Special::Swap), (&spec.chance, Special::Chance)] {
            for name in list {
                let p = find(&rows, name)?;
                if p.row > rows_before_line {
                    return Err(bad(
                        format!("\"{name}\""),
                        format!(
                            "square '{name}' lies past the finish line: a special square must lie before it"
                        ),
                    ));
                }
                let sq = &mut rows[p.row as usize][p.lane as usize];
                if sq.special.is_some() {
                    return Err(bad(
                        format!("\"{name}\""),
                        format!("square '{name}' is marked twice"),
                    ));
                }
                sq.special = Some(special);
            }
        }
        for l in &spec.label {
            let p = find(&rows, &l.square)?;
            let t = l.label.trim();
            let digits: String = t
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '-')
                .collect();
            let rest: String = t.chars().skip(digits.len()).collect();
            let number = digits.parse::<i32>().ok();
            let letter = match rest.len() {
                0 => None,
                1 => rest.chars().next().filter(|c| c.is_ascii_uppercase()),
                _ => Some('?'),
            };
            let (Some(number), true) = (
                number,
                letter != Some('?') && (rest.is_empty() || letter.is_some()),
            ) else {
                return Err(bad(
                    format!("\"{}\"", l.label),
                    format!(
                        "'{}' is no printed label: write a number and maybe a capital letter, such as \"12A\"",
                        l.label
                    ),
                ));
            };
            rows[p.row as usize][p.lane as usize].label = Label { number, letter };
        }
        for d in &spec.divider {
            let [from, to] = d.rows;
            if from == 0 || from > to || to as usize >= rows.len() {
                return Err(bad(
                    format!("rows = [{from}, {to}]"),
                    format!(
                        "divider rows [{from}, {to}] are not rows of the board (1 to {}, first ≤ last)",
                        rows.len() - 1
                    ),
                ));
            }
            for r in from..=to {
                let row = &mut rows[r as usize];
                if d.after_lane as usize + 1 >= row.len() {
                    return Err(bad(
                        format!("after_lane = {}", d.after_lane),
                        format!(
                            "row {r} has {} lanes: a divider after lane {} leaves nothing beyond it",
                            row.len(),
                            d.after_lane
                        ),
                    ));
                }
                for sq in row.iter_mut().skip(d.after_lane as usize + 1) {
                    sq.way += 1;
                }
            }
        }
        let mut sprints = Vec::new();
        for s in &spec.sprint {
            if s.after == 0 || s.after >= rows_before_line {
                return Err(bad(
                    format!("after = {}", s.after),
                    format!(
                        "a sprint line after row {} does not lie on the road before the finish (rows 1 to {})",
                        s.after,
                        rows_before_line - 1
                    ),
                ));
            }
            if s.bonus.is_empty() {
                return Err(bad(
                    format!("after = {}", s.after),
                    "a sprint line needs at least one bonus",
                ));
            }
            sprints.push(Sprint {
                after: s.after,
                bonus: s.bonus.clone(),
            });
        }
        sprints.sort_by_key(|s| s.after);
        if sprints.windows(2).any(|w| w[0].after == w[1].after) {
            return Err(bad(
                "[[game.sprint]]",
                "two sprint lines lie after the same row",
            ));
        }
        let mut offsets = Vec::with_capacity(rows.len());
        let mut n = 0;
        for row in &rows {
            offsets.push(n);
            n += row.len();
        }
        let mut steps = vec![Vec::new(); n];
        for r in 0..rows.len() {
            for l in 0..rows[r].len() {
                let i = offsets[r] + l;
                if r == 0 {
                    continue;
                }
                let course_pos = Pos::new(first + r as u16 - 1, l as u8);
                let mut out: Vec<(u8, Pos)> = Vec::new();
                for link in course.links(course_pos) {
                    let rank = match link.kind {
                        LinkKind::Forward => 0,
                        LinkKind::Diagonal => 1,
                        LinkKind::Side => continue,
                    };
                    if link.to.row < first {
                        continue;
                    }
                    let to = Pos::new(link.to.row - first + 1, link.to.lane);
                    if to.row as usize >= rows.len() {
                        continue;
                    }
                    out.push((rank, to));
                }
                out.sort();
                steps[i] = out.into_iter().map(|(_, p)| p).collect();
            }
        }
        let mut board = Board {
            name: course.name.clone(),
            length,
            runout,
            rows,
            sprints,
            numbered_right,
            offset: first - 1,
            steps,
            offsets,
        };
        // No step crosses a divider (G-21).
        for i in 0..board.steps.len() {
            let from = board.pos_of(i);
            let kept: Vec<Pos> = board.steps[i]
                .iter()
                .copied()
                .filter(|&to| board.same_way(from, to))
                .collect();
            board.steps[i] = kept;
        }
        Ok(board)
    }

    fn pos_of(&self, i: usize) -> Pos {
        let r = self.offsets.partition_point(|&o| o <= i) - 1;
        Pos::new(r as u16, (i - self.offsets[r]) as u8)
    }

    /// Whether a step from `from` to `to` stays in its carriageway: on both rows, the two lanes
    /// lie on the same side of every divider.
    fn same_way(&self, from: Pos, to: Pos) -> bool {
        let way = |r: u16, l: u8| self.rows[r as usize].get(l as usize).map(|s| s.way);
        let same = |r: u16| match (way(r, from.lane), way(r, to.lane)) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        };
        same(from.row) && same(to.row)
    }

    /// A square's index in the board's flat numbering (row by row), if it exists.
    pub fn index(&self, p: Pos) -> Option<usize> {
        let row = self.rows.get(p.row as usize)?;
        ((p.lane as usize) < row.len()).then(|| self.offsets[p.row as usize] + p.lane as usize)
    }
    /// How many squares the board has, the start area's included.
    pub fn square_count(&self) -> usize {
        self.steps.len()
    }

    /// The last row of the board.
    pub fn last_row(&self) -> u16 {
        (self.rows.len() - 1) as u16
    }
    /// The last row before the finish line.
    pub fn line(&self) -> u16 {
        self.last_row() - self.runout
    }
    pub fn width(&self, row: u16) -> u8 {
        self.rows.get(row as usize).map_or(0, |r| r.len() as u8)
    }
    pub fn square(&self, p: Pos) -> Option<&Square> {
        self.rows.get(p.row as usize)?.get(p.lane as usize)
    }
    pub fn exists(&self, p: Pos) -> bool {
        p.row > 0 && self.square(p).is_some()
    }
    pub fn is_uphill(&self, p: Pos) -> bool {
        self.square(p).is_some_and(|s| s.terrain == Terrain::Uphill)
    }
    pub fn is_downhill(&self, p: Pos) -> bool {
        self.square(p)
            .is_some_and(|s| s.terrain == Terrain::Downhill)
    }
    pub fn label(&self, p: Pos) -> Label {
        self.square(p).map_or(
            Label {
                number: 0,
                letter: None,
            },
            |s| s.label,
        )
    }
    /// The printed number a crash spans (HT-039: lettered squares count as their number).
    pub fn number(&self, p: Pos) -> i32 {
        self.label(p).number
    }
    pub fn past_line(&self, row: u16) -> bool {
        row > self.line()
    }
    /// Squares past the line (0 before it).
    pub fn past(&self, row: u16) -> u16 {
        row.saturating_sub(self.line())
    }
    /// The squares one step ahead of a square: straight first, then diagonally.
    pub fn steps(&self, p: Pos) -> &[Pos] {
        if p.row == 0 {
            return &[];
        }
        match self.offsets.get(p.row as usize) {
            Some(&o) if (p.lane as usize) < self.rows[p.row as usize].len() => {
                &self.steps[o + p.lane as usize]
            }
            _ => &[],
        }
    }
    /// The square straight behind `p` leads to `p` by a forward step: the squares from which a
    /// straight step reaches it (G-09's "behind").
    pub fn straight_ahead(&self, p: Pos) -> Option<Pos> {
        self.steps(p).first().copied().filter(|q| q.lane == p.lane)
    }
    /// The squares level with `p` in the neighbouring lanes of its carriageway (G-09's
    /// "beside").
    pub fn beside(&self, p: Pos) -> impl Iterator<Item = Pos> + '_ {
        [p.lane.checked_sub(1), p.lane.checked_add(1)]
            .into_iter()
            .flatten()
            .map(move |l| Pos::new(p.row, l))
            .filter(move |&q| self.exists(q) && self.same_way(p, q))
    }
    /// Every square of the board's road (rows 1 …), row by row.
    pub fn squares(&self) -> impl Iterator<Item = Pos> + '_ {
        (1..self.rows.len())
            .flat_map(move |r| (0..self.rows[r].len()).map(move |l| Pos::new(r as u16, l as u8)))
    }
    /// The squares of a printed number in one carriageway (a crash's width; HT-037, HT-042).
    pub fn number_squares(&self, number: i32, way: u8) -> Vec<Pos> {
        self.squares()
            .filter(|&p| self.number(p) == number && self.square(p).is_some_and(|s| s.way == way))
            .collect()
    }
    /// The course's cell of a board square (for the pictures).
    pub fn course_pos(&self, p: Pos) -> Pos {
        Pos::new(p.row + self.offset, p.lane)
    }
    pub fn name_of(p: Pos) -> String {
        format!("{}/{}", p.row, p.lane)
    }
}

/// Reads a Hulst course file: the shared checks, then the board's, every error naming the
/// file, the line and the problem.
pub fn check_course(text: &str, file: &str) -> Result<(Arc<Course>, Board), CourseError> {
    let course = parse_course_toml(text, file)?;
    let board = Board::from_course(&course).map_err(|e| CourseError {
        file: Some(file.to_string()),
        line: locate(text, &e.near),
        message: e.message,
    })?;
    Ok((Arc::new(course), board))
}

/// The line of the `[game]` part of a file where a piece of it is written (the first line of
/// `[game]` itself when the piece is not found).
fn locate(text: &str, near: &str) -> Option<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let game = lines
        .iter()
        .position(|l| l.trim_start().starts_with("[game"));
    let from = game.unwrap_or(0);
    lines
        .iter()
        .enumerate()
        .skip(from)
        .find(|(_, l)| l.contains(near))
        .or_else(|| lines.iter().enumerate().find(|(_, l)| l.contains(near)))
        .map(|(i, _)| i + 1)
        .or(game.map(|g| g + 1))
}

/// A plain straight board for tests and quick games: `lanes` wide, `length` squares to the
/// line, a run-out of `runout`, with `game` written into its `[game]` table.
pub fn straight_course(lanes: u8, length: u16, runout: u16, game: &str) -> String {
    format!(
        "name = \"Straight\"\nlanes = {lanes}\n[[segment]]\nterrain = \"flat\"\nlength = 1\nstart = true\n\
         [[segment]]\nterrain = \"flat\"\nlength = {length}\n[[segment]]\nterrain = \"flat\"\nlength = {runout}\nfinish = true\n\
         [game]\n{game}\n"
    )
}
