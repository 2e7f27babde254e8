//! House rules A's weather (seed 001, "Règles météo"; HA-067…HA-076, rulings QA-32…QA-37,
//! QX-01…QX-04; test vectors TV-10, TV-11, TV-27).
//!
//! One of six weathers holds for a whole stage (HA-073). The first stage of a tour, and the first
//! stage after a rest day, draws it with 2d6 on the start table (Table A5, HA-074); before each
//! stage starts, 2d6 on the chain table (Table A6, HA-075) fixes the next stage's weather, so the
//! forecast is known while the stage is ridden, and a rest day throws it away (QA-36).
//!
//! Five weathers lay the Meteo expansion's tokens, one face down on each straight tile before the
//! line (MET-1, QA-33): fog without the three wind tokens, storm with the rain token always laid,
//! windy with all three wind tokens always laid, overcast the ordinary pool, sunny without rain.
//! What a turned token does, as the conformance table reads the expansion: a crosswind tile gives
//! and takes no slipstream; a rider starting its energy phase on a headwind tile draws 3 cards,
//! on a tailwind tile 5 (QX-03); a rain tile is slippery (below).
//!
//! Our rulings where the seed and the table leave it open:
//! - Meteo's own rain crash procedure is not in the seeds (QX-02). A rider sent back by full
//!   rows onto a rain row, or in a storm onto a row of a sharp curve tile (e, g, i, j, o, p,
//!   QA-34), falls by house rules B's thresholds lowered by rain (QX-01), and draws 2 cards fewer
//!   next round (HB-028). With `crashes = "house-b"` the rest of the road keeps B's dry thresholds.
//! - Fog puts every exhaustion card a rider receives on top of its draw pile (HA-067, QX-04), the
//!   heatwave's included.
//! - The heatwave's extra card goes into the recycle pile of every rider still racing after the
//!   end phase of rounds 4, 8, 12… (QA-35); house rules A's specialists never tire (HA-024).
//! - Straight tiles are the 6-row tiles of a course laid from tiles. A course written as segments
//!   has no tiles: its road before the line is cut into 6-row stretches from the start area, each
//!   whole stretch a token slot, and it has no sharp curves.
//! - A token is laid by the stage's dice: the tokens that must be in play first, each on a slot
//!   drawn at random, then the rest of the pool shuffled onto the free slots; slots beyond the
//!   pool stay bare. A scenario may lay them itself (option `meteo_tokens`).
//! - With `weather_reveal = "progressive"` (HA-076, QA-37) a token is turned at the end of the
//!   movement phase in which a rider stands on or has passed the row just before its tile; until
//!   then it does nothing.

use crate::course::{Course, Marker};
use crate::dice::{Dice, DiceError};
use serde::{Deserialize, Serialize};

/// The options this module reads besides `weather = "house-a"`, for the registry's check.
pub const OPTION_NAMES: [&str; 2] = ["weather_today", "weather_reveal"];

/// The six weathers of house rules A.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Weather {
    Fog,
    Storm,
    Windy,
    Overcast,
    Sunny,
    Heatwave,
}

use Weather::{Fog, Heatwave, Overcast, Storm, Sunny, Windy};

impl Weather {
    pub const ALL: [Weather; 6] = [Fog, Storm, Windy, Overcast, Sunny, Heatwave];

    /// The option and message spelling.
    pub fn name(self) -> &'static str {
        match self {
            Fog => "fog",
            Storm => "storm",
            Windy => "windy",
            Overcast => "overcast",
            Sunny => "sunny",
            Heatwave => "heatwave",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Table A5 (HA-074), by 2d6 total 2…12; "7-10" read as 7 and 10 (QA-32).
const START: [Weather; 11] = [
    Fog, Fog, Storm, Windy, Windy, Overcast, Sunny, Sunny, Overcast, Heatwave, Heatwave,
];

/// Table A6 (HA-075) decoded: row = this stage's weather (in [`Weather::ALL`] order), column =
/// 2d6 total 2…12, cell = the next stage's weather.
const NEXT: [[Weather; 11]; 6] = [
    [
        Storm, Storm, Storm, Windy, Fog, Overcast, Fog, Windy, Sunny, Fog, Heatwave,
    ],
    [
        Fog, Fog, Fog, Windy, Storm, Overcast, Storm, Windy, Sunny, Storm, Heatwave,
    ],
    [
        Fog, Fog, Windy, Windy, Windy, Storm, Overcast, Sunny, Overcast, Sunny, Heatwave,
    ],
    [
        Windy, Overcast, Fog, Overcast, Storm, Windy, Overcast, Sunny, Heatwave, Sunny, Sunny,
    ],
    [
        Heatwave, Heatwave, Heatwave, Windy, Sunny, Overcast, Sunny, Windy, Storm, Sunny, Fog,
    ],
    [
        Fog, Storm, Storm, Sunny, Windy, Heatwave, Sunny, Overcast, Overcast, Heatwave, Heatwave,
    ],
];

/// The weather a 2d6 total draws on the start table (HA-074).
pub fn start_weather(total: u8) -> Weather {
    START[total.clamp(2, 12) as usize - 2]
}

/// The next stage's weather from this stage's and a 2d6 total (HA-075).
pub fn next_weather(current: Weather, total: u8) -> Weather {
    NEXT[current.index()][total.clamp(2, 12) as usize - 2]
}

/// The chain between stages (HA-074, HA-075, QA-36): this stage's weather from the weather of
/// the stage before (none for the first stage), whether a rest day came between, and the 2d6
/// total that applies (the chain roll made before the stage before, or this stage's start roll).
pub fn chain(previous: Option<Weather>, rest_before: bool, total: u8) -> Weather {
    match previous {
        Some(w) if !rest_before => next_weather(w, total),
        _ => start_weather(total),
    }
}

/// A Meteo token (MET-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Token {
    Blank,
    Headwind,
    Tailwind,
    Crosswind,
    Rain,
}

impl Token {
    pub fn name(self) -> &'static str {
        match self {
            Token::Blank => "blank",
            Token::Headwind => "headwind",
            Token::Tailwind => "tailwind",
            Token::Crosswind => "crosswind",
            Token::Rain => "rain",
        }
    }
}

/// Blank tokens in the Meteo box (MET-1).
pub const BLANKS: usize = 9;
const WINDS: [Token; 3] = [Token::Headwind, Token::Tailwind, Token::Crosswind];

/// The tokens a weather lays (QA-33): those that must be in play, then the rest of its pool
/// (effect tokens first, so a scenario's given faces can pick them).
pub fn pool(weather: Weather) -> (Vec<Token>, Vec<Token>) {
    let (must, mut rest) = match weather {
        Fog => (Vec::new(), vec![Token::Rain]),
        Storm => (vec![Token::Rain], WINDS.to_vec()),
        Windy => (WINDS.to_vec(), vec![Token::Rain]),
        Overcast => (Vec::new(), [&WINDS[..], &[Token::Rain]].concat()),
        Sunny => (Vec::new(), WINDS.to_vec()),
        Heatwave => return (Vec::new(), Vec::new()),
    };
    rest.extend([Token::Blank; BLANKS]);
    (must, rest)
}

/// Rows of a straight tile, where a token lies.
pub const TILE_ROWS: u16 = 6;
/// Tiles whose rows are sharp (right-angle) curves, where a storm brings falls (HA-068).
pub const SHARP_CURVES: &str = "egijop";
/// The heatwave deals its extra card every this many rounds (HA-072).
pub const HEAT_EVERY: u32 = 4;
/// The cards drawn on a headwind tile and on a tailwind tile (MET-1, QX-03).
pub const HEADWIND_HAND: usize = 3;
pub const TAILWIND_HAND: usize = 5;

/// The token slots of a course, first row of each, in road order (see the module's rulings).
pub fn slots(course: &Course) -> Vec<u16> {
    let line = course.finish_row();
    let start = |r: u16| {
        course
            .row(r)
            .cells
            .iter()
            .any(|c| c.markers.contains(&Marker::Start))
    };
    let tiled = course.rows().iter().any(|r| r.tile.is_some());
    let mut out = Vec::new();
    let mut r = 0;
    while r < line {
        let row = course.row(r);
        let run = (r..line.min(r + TILE_ROWS))
            .take_while(|&x| !start(x) && course.row(x).tile == row.tile && !course.row(x).curve)
            .count() as u16;
        let straight = match row.tile {
            Some(_) => run == TILE_ROWS,
            None => !tiled && run == TILE_ROWS,
        };
        if straight && !start(r) {
            out.push(r);
            r += TILE_ROWS;
        } else {
            r += 1;
        }
    }
    out
}

/// Whether a row lies on a sharp curve tile (HA-068).
pub fn sharp_curve(course: &Course, row: u16) -> bool {
    course
        .row(row)
        .tile
        .is_some_and(|t| course.row(row).curve && SHARP_CURVES.contains(t))
}

/// Whether the heatwave's extra card is due after this round's end phase (HA-072, QA-35).
pub fn heat_due(round: u32) -> bool {
    round > 0 && round.is_multiple_of(HEAT_EVERY)
}

/// Option `weather_reveal` (HA-076).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reveal {
    /// Tokens are turned when the stage starts.
    #[default]
    Upfront,
    /// Each token is turned when a rider reaches the row before its tile (QA-37).
    Progressive,
}

/// A token on the road.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Laid {
    /// The first row of its tile; the token covers [`TILE_ROWS`] rows.
    pub row: u16,
    pub token: Token,
    pub revealed: bool,
}

/// House rules A's weather as a stage is ridden: what the stage drew, the forecast, the tokens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sky {
    pub weather: Weather,
    /// The start roll (HA-074) when the stage drew its own weather; none when the tour gave it.
    pub roll: Option<u8>,
    /// The next stage's weather (HA-075) and the 2d6 that fixed it.
    pub forecast: Weather,
    pub forecast_roll: u8,
    pub tokens: Vec<Laid>,
}

fn two_d6(dice: &mut Dice) -> Result<u8, DiceError> {
    Ok(dice.roll(6)?.face + dice.roll(6)?.face)
}

impl Sky {
    /// Draws the stage's weather (unless `given`), the next stage's, and lays the tokens (unless
    /// `laid` lists them, a token per slot in road order).
    pub fn start(
        course: &Course,
        given: Option<Weather>,
        laid: Option<&[Token]>,
        reveal: Reveal,
        dice: &mut Dice,
    ) -> Result<Sky, DiceError> {
        let (weather, roll) = match given {
            Some(w) => (w, None),
            None => {
                let total = two_d6(dice)?;
                (start_weather(total), Some(total))
            }
        };
        let forecast_roll = two_d6(dice)?;
        let slots = slots(course);
        let tokens: Vec<Token> = match laid {
            Some(list) => list.to_vec(),
            None => lay(weather, slots.len(), dice)?,
        };
        let tokens = slots
            .iter()
            .zip(tokens)
            .map(|(&row, token)| Laid {
                row,
                token,
                revealed: reveal == Reveal::Upfront,
            })
            .collect();
        Ok(Sky {
            weather,
            roll,
            forecast: next_weather(weather, forecast_roll),
            forecast_roll,
            tokens,
        })
    }

    /// The turned token lying on `row`, if any.
    pub fn token_at(&self, row: u16) -> Option<Token> {
        self.tokens
            .iter()
            .find(|t| t.revealed && (t.row..t.row + TILE_ROWS).contains(&row))
            .map(|t| t.token)
    }

    /// A crosswind row gives and takes no slipstream (MET-1).
    pub fn stills_slipstream(&self, row: u16) -> bool {
        self.token_at(row) == Some(Token::Crosswind)
    }

    /// The hand drawn by a rider starting its energy phase on `row`, when a wind token says.
    pub fn hand_size(&self, row: u16) -> Option<usize> {
        match self.token_at(row)? {
            Token::Headwind => Some(HEADWIND_HAND),
            Token::Tailwind => Some(TAILWIND_HAND),
            _ => None,
        }
    }

    /// A row where a rider set back may fall (see the rulings): rain, or a storm's sharp curve.
    pub fn slippery(&self, course: &Course, row: u16) -> bool {
        self.token_at(row) == Some(Token::Rain)
            || (self.weather == Storm && sharp_curve(course, row))
    }

    /// Received exhaustion goes on top of the draw pile in fog (HA-067).
    pub fn on_top(&self) -> bool {
        self.weather == Fog
    }

    /// The heatwave's extra card after this round (HA-072).
    pub fn heat(&self, round: u32) -> bool {
        self.weather == Heatwave && heat_due(round)
    }

    /// Turns the face-down tokens a rider on `front` (the furthest row reached) has come to:
    /// returns them (QA-37).
    pub fn reveal_up_to(&mut self, front: u16) -> Vec<Laid> {
        let mut turned = Vec::new();
        for t in self.tokens.iter_mut().filter(|t| !t.revealed) {
            if front + 1 >= t.row {
                t.revealed = true;
                turned.push(*t);
            }
        }
        turned
    }
}

/// Lays a weather's tokens on `slots` slots with the dice (see the rulings).
fn lay(weather: Weather, slots: usize, dice: &mut Dice) -> Result<Vec<Token>, DiceError> {
    let (must, mut rest) = pool(weather);
    let mut out: Vec<Option<Token>> = vec![None; slots];
    let mut free: Vec<usize> = (0..slots).collect();
    for token in must {
        if free.is_empty() {
            break;
        }
        let i = pick(free.len(), dice)?;
        out[free.remove(i)] = Some(token);
    }
    for slot in free {
        if rest.is_empty() {
            break;
        }
        let i = pick(rest.len(), dice)?;
        out[slot] = Some(rest.remove(i));
    }
    Ok(out.into_iter().map(|t| t.unwrap_or(Token::Blank)).collect())
}

fn pick(n: usize, dice: &mut Dice) -> Result<usize, DiceError> {
    if n == 1 {
        return Ok(0);
    }
    Ok(dice.roll(n as u8)?.face as usize - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::CourseSpec;

    fn tiles(t: &str) -> Course {
        CourseSpec {
            name: Some("t".into()),
            tiles: Some(t.into()),
            ..Default::default()
        }
        .build()
        .unwrap()
    }

    #[test]
    fn ha_074_tv_10_start_table() {
        let expected = [
            Fog, Fog, Storm, Windy, Windy, Overcast, Sunny, Sunny, Overcast, Heatwave, Heatwave,
        ];
        for (total, w) in (2..=12).zip(expected) {
            assert_eq!(start_weather(total), w, "2d6 = {total}");
        }
    }

    /// Table A6 as printed (the totals of each cell), checked against the decoded table: every
    /// row covers 2…12 once and all 66 cells agree (TV-11).
    #[test]
    fn ha_075_tv_11_all_66_transitions() {
        let printed: [[&[u8]; 6]; 6] = [
            [&[6, 8, 11], &[2, 3, 4], &[5, 9], &[7], &[10], &[12]],
            [&[2, 3, 4], &[6, 8, 11], &[5, 9], &[7], &[10], &[12]],
            [&[2, 3], &[7], &[4, 5, 6], &[8, 10], &[9, 11], &[12]],
            [&[4], &[6], &[2, 7], &[3, 5, 8], &[9, 11, 12], &[10]],
            [&[12], &[10], &[5, 9], &[7], &[6, 8, 11], &[2, 3, 4]],
            [&[2], &[3, 4], &[6], &[9, 10], &[5, 8], &[7, 11, 12]],
        ];
        for (cur, row) in Weather::ALL.into_iter().zip(printed) {
            let mut seen = 0;
            for (next, totals) in Weather::ALL.into_iter().zip(row) {
                for &t in totals {
                    assert_eq!(next_weather(cur, t), next, "{cur:?} + {t}");
                    seen += 1;
                }
            }
            assert_eq!(seen, 11);
        }
        let spots = [
            (Overcast, 2, Windy),
            (Overcast, 12, Sunny),
            (Heatwave, 7, Heatwave),
            (Fog, 7, Overcast),
            (Sunny, 12, Fog),
            (Windy, 7, Storm),
            (Storm, 4, Fog),
            (Fog, 4, Storm),
            (Windy, 10, Overcast),
        ];
        for (cur, t, next) in spots {
            assert_eq!(next_weather(cur, t), next);
        }
    }

    #[test]
    fn ha_075_qa_36_tv_11_chain_and_rest_day() {
        let one = chain(None, false, 9);
        assert_eq!(one, Sunny);
        let two = chain(Some(one), false, 10);
        assert_eq!(two, Storm);
        let three = chain(Some(two), false, 6);
        assert_eq!(three, Storm);
        // A rest day throws the chain roll away: the start table decides (6 → windy, where the
        // chain from storm would have said storm).
        assert_eq!(chain(Some(three), true, 6), Windy);
    }

    #[test]
    fn ha_067_to_ha_071_qa_33_pools() {
        let count = |v: &[Token], t: Token| v.iter().filter(|&&x| x == t).count();
        let all = |w| {
            let (m, r) = pool(w);
            [m, r].concat()
        };
        let fog = all(Fog);
        assert_eq!(fog.len(), 10);
        assert!(WINDS.iter().all(|&w| count(&fog, w) == 0));
        assert_eq!(pool(Storm).0, vec![Token::Rain]);
        assert_eq!(all(Storm).len(), 13);
        assert_eq!(pool(Windy).0, WINDS.to_vec());
        assert_eq!(all(Overcast).len(), 13);
        assert_eq!(count(&all(Sunny), Token::Rain), 0);
        assert_eq!(all(Sunny).len(), 12);
        assert!(all(Heatwave).is_empty());
    }

    /// HA-067…HA-071, QA-33, MET-1: on a road of 13 straight tiles, as many as the Meteo box
    /// holds tokens, each weather lays its whole pool, one token a tile: overcast (HA-070) the
    /// ordinary box, 9 blanks and one each of headwind, tailwind, crosswind and rain; storm the
    /// same, its rain always laid (HA-068); windy the same, its three winds always laid (HA-069);
    /// fog without the three winds (HA-067) and sunny without the rain (HA-071), their empty
    /// tiles left blank.
    #[test]
    fn ha_070_qa_33_overcast_lays_the_ordinary_meteo_box_one_of_each_effect() {
        use crate::course::SegmentSpec;
        let seg = |length, start, finish| SegmentSpec {
            terrain: crate::course::Terrain::Flat,
            length,
            lanes: None,
            start,
            finish,
        };
        let c = CourseSpec {
            segments: vec![
                seg(4, true, false),
                seg(78, false, false),
                seg(5, false, true),
            ],
            ..Default::default()
        }
        .build()
        .unwrap();
        assert_eq!(slots(&c).len(), 13);
        let laid = |w: Weather, seed: u64| {
            let mut dice = Dice::new(seed, vec![]);
            let sky = Sky::start(&c, Some(w), None, Reveal::Upfront, &mut dice).unwrap();
            let mut counts = [0usize; 5];
            for t in &sky.tokens {
                counts[match t.token {
                    Token::Blank => 0,
                    Token::Headwind => 1,
                    Token::Tailwind => 2,
                    Token::Crosswind => 3,
                    Token::Rain => 4,
                }] += 1;
            }
            counts
        };
        for seed in 0..8 {
            // Blanks, headwind, tailwind, crosswind, rain.
            assert_eq!(laid(Overcast, seed), [9, 1, 1, 1, 1], "HA-070, seed {seed}");
            assert_eq!(laid(Storm, seed), [9, 1, 1, 1, 1], "HA-068, seed {seed}");
            assert_eq!(laid(Windy, seed), [9, 1, 1, 1, 1], "HA-069, seed {seed}");
            assert_eq!(laid(Fog, seed), [12, 0, 0, 0, 1], "HA-067, seed {seed}");
            assert_eq!(laid(Sunny, seed), [10, 1, 1, 1, 0], "HA-071, seed {seed}");
        }
    }

    #[test]
    fn met_1_slots_are_the_straight_tiles_before_the_line() {
        // a: start, b and c: straights, e: curve, N: a 6-row climb, u: finish.
        let c = tiles("abceNu");
        let s = slots(&c);
        assert_eq!(s.len(), 3, "b, c and N: {s:?}");
        assert!(s.iter().all(|&r| !sharp_curve(&c, r)));
        let curve = s[1] + TILE_ROWS;
        assert!(sharp_curve(&c, curve), "e is a sharp curve");
        assert!(!sharp_curve(&tiles("abhu"), 12), "h is an easy bend");
    }

    #[test]
    fn ha_068_ha_069_mandatory_tokens_are_always_laid() {
        let c = tiles("abcdfu");
        for seed in 0..40 {
            let mut dice = Dice::new(seed, vec![]);
            let sky = Sky::start(&c, Some(Windy), None, Reveal::Upfront, &mut dice).unwrap();
            for w in WINDS {
                assert!(sky.tokens.iter().any(|t| t.token == w), "seed {seed}");
            }
            let mut dice = Dice::new(seed, vec![]);
            let sky = Sky::start(&c, Some(Storm), None, Reveal::Upfront, &mut dice).unwrap();
            assert!(sky.tokens.iter().any(|t| t.token == Token::Rain));
        }
    }

    #[test]
    fn ha_072_tv_27_heat_rounds() {
        let due: Vec<u32> = (1..=13).filter(|&r| heat_due(r)).collect();
        assert_eq!(due, [4, 8, 12]);
        assert!((1..=3).all(|r| !heat_due(r)));
    }
}
