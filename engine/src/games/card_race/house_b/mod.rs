//! House rules B (seed 004) beyond the decks and the classifications: the race effects a stage
//! applies while it is ridden. Each group is a named option of the card race (conformance
//! table, section 5.1), off by default so a stage without them rides as the base game; the
//! named rules `house-b` switch on every group implemented here.
//!
//! - `weather = "house-b"`: the level 1 to 5 and its d6 each round ([`weather`]).
//! - `wind = "house-b"`: one wind for the stage and the exhaustion it deals ([`wind`]), and the
//!   side of the road a rider lands on ([`lane`]).
//! - `steep_downhill = "gamble"`: skip a steep downhill row at the risk of a fall ([`gamble`]).
//! - `tiles = {steep = true}`: steep rows cost 2 movement points; `steep_downhill = "boost"`
//!   the author's downhill idea ([`tiles`]).
//! - `tiles = {roundabout = true}`: a rider keeps its side through a roundabout ([`roundabout`]).
//! - `punctures = true` and `crashes = "house-b"`: the turned card of the round's fastest riders
//!   when someone ends on cobbles, and falls when blocked ([`incidents`]).
//! - `attack_card = true`: an attack card in every deck, resolved first by a search of the draw
//!   pile ([`attack`]).
//! - `supply_zone = "feed-zone"`: supply rows are feed zones that hand out musettes ([`feed`]).
//! - `bots = "ghosts"`: seats nobody directs ride as house rules B's ghosts ([`ghost`]).
//! - `peloton_bot = "house-b"`: the Peloton seat rides one merged deck, two cards a round
//!   ([`peloton`]).
//!
//! Every draw comes from the stage's [`Dice`]: faces a scenario gives first, then the stage's
//! seeded stream, so a ruling can be checked with known rolls and a stage replays exactly.

pub mod attack;
pub mod feed;
pub mod fictive_start;
pub mod gamble;
pub mod ghost;
pub mod incidents;
pub mod lane;
pub mod peloton;
pub mod roundabout;
#[cfg(test)]
mod testing;
pub mod tiles;
pub mod time_trial;
pub mod weather;
pub mod wind;

use super::events::{Event, RiderIdx};
use super::stage::{Rider, RiderRound};
use crate::course::{Course, Pos, Side};
use crate::dice::Dice;
use crate::games::card_race::board::Board;
use crate::games::card_race::cards::Card;
use crate::games::card_race::house_a::weather::{self as sky, Reveal, Sky, Weather};
use crate::games::card_race::movement::{self, LONGEST_MOVE, destination, effective_points};
pub use feed::SupplyZone;
pub use ghost::{GhostBot, GhostClass};
pub use incidents::CrashRule;
use serde::{Deserialize, Serialize};
pub use tiles::{SteepDownhill, TilesOptions};
pub use wind::{Exposure, Wind};

/// Option `weather` (conformance table C-15): which weather rules a stage rides under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WeatherRule {
    #[default]
    None,
    /// HB-029…HB-032.
    HouseB,
    /// House rules A's six weathers (HA-067…HA-076), in [`super::house_a::weather`].
    HouseA,
}

/// Option `wind` (conformance table C-16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WindRule {
    #[default]
    Off,
    /// HB-033, HB-035…HB-037.
    HouseB,
}

/// The house-B options of the card race, read from the same table of options as the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct HouseBOptions {
    #[serde(default, skip_serializing_if = "is_default")]
    pub weather: WeatherRule,
    /// The level the stage starts at: 3 unless a grand tour carries the level the previous
    /// stage ended on (HB-029).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weather_level: Option<u8>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub wind: WindRule,
    #[serde(default, skip_serializing_if = "is_default")]
    pub tiles: TilesOptions,
    #[serde(default, skip_serializing_if = "is_default")]
    pub steep_downhill: SteepDownhill,
    #[serde(default, skip_serializing_if = "is_default")]
    pub punctures: bool,
    #[serde(default, skip_serializing_if = "is_default")]
    pub crashes: CrashRule,
    /// With `weather = "house-a"`: the stage's weather when the tour's chain gave it (HA-075);
    /// without it the stage draws on the start table (HA-074).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weather_today: Option<Weather>,
    /// With `weather = "house-a"`: when the Meteo tokens are turned (HA-076).
    #[serde(default, skip_serializing_if = "is_default")]
    pub weather_reveal: Reveal,
    /// HB-016…HB-019.
    #[serde(default, skip_serializing_if = "is_default")]
    pub attack_card: bool,
    /// HB-046…HB-048.
    #[serde(default, skip_serializing_if = "is_default")]
    pub supply_zone: SupplyZone,
}

fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

/// The option names this module reads, for the registry's check of unknown options.
pub const OPTION_NAMES: [&str; 9] = [
    "weather",
    "weather_level",
    "wind",
    "tiles",
    "steep_downhill",
    "punctures",
    "crashes",
    "attack_card",
    "supply_zone",
];

/// Why house-B options or dice cannot start a stage.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConditionsError {
    #[error("weather_level is {0}, but the weather scale runs from 1 to 5: give 1 to 5")]
    WeatherLevel(u8),
    #[error("{0}")]
    Dice(String),
    #[error(
        "weather = \"house-a\" lays its own wind tokens: drop wind = \"house-b\" or choose another weather"
    )]
    TwoWinds,
    #[error("weather_today is house rules A's: give it with weather = \"house-a\"")]
    WeatherTodayAlone,
}

/// The weather and wind of a stage as it is ridden.
#[derive(Debug, Clone)]
pub(crate) struct Conditions {
    dice: Dice,
    /// The level of the round being played, when the weather rule is on.
    weather: Option<u8>,
    wind: Option<Wind>,
    tiles: TilesOptions,
    steep_downhill: SteepDownhill,
    /// The roundabout rule is on and the course has one.
    roundabouts: bool,
    punctures: bool,
    crashes: CrashRule,
    /// Supply rows are feed zones, without the minimum of 4 (HB-046, C-19).
    feed_zone: bool,
    /// Per rider: a puncture waiting to shorten its next move.
    punctured: Vec<bool>,
    /// Per rider: a fall waiting to shorten its next hand.
    fallen: Vec<bool>,
    /// Per rider: it declared the steep downhill gamble with this round's card (HB-006).
    pub(crate) gambling: Vec<bool>,
    /// Per rider: it rides on the left side of the road (HB-034), and it changed side this
    /// round (once a round, so that a hand always ends with a card kept).
    left_side: Vec<bool>,
    sided: Vec<bool>,
    /// Per rider: the side of the road it stood on when the round's moves began, which is the
    /// side it rides a roundabout on (HB-002); `None` before the first moves are revealed.
    sides: Vec<Option<Side>>,
    /// Falls and punctures by round, for the board of the round just played.
    incidents: Vec<(u32, RiderIdx, Incident)>,
    /// What was drawn before the first round (the wind, round 1's weather): the registry
    /// narrates them with the situation, since no choice produced them.
    opening: Vec<Event>,
    /// House rules A's weather, when it is the one in play.
    sky: Option<Sky>,
    /// The course's yellow rows, with the fictive start in play (HB-042, QB-15): riders on them
    /// neither give nor take slipstream and take no positional exhaustion.
    pub(crate) neutral: Vec<u16>,
}

impl Conditions {
    /// The dice given a new stream from `rng`, and house rules A's face-down weather tokens
    /// shuffled among their tiles: nobody knows them until a rider reaches them (HA-076).
    pub(crate) fn reseed(&mut self, rng: &mut rand_chacha::ChaCha8Rng) {
        use rand::seq::SliceRandom;
        self.dice.reseed(rng);
        if let Some(sky) = &mut self.sky {
            let hidden: Vec<usize> = (0..sky.tokens.len())
                .filter(|&k| !sky.tokens[k].revealed)
                .collect();
            let mut tokens: Vec<_> = hidden.iter().map(|&k| sky.tokens[k].token).collect();
            tokens.sort_by_key(|t| format!("{t:?}"));
            tokens.shuffle(rng);
            for (&k, t) in hidden.iter().zip(tokens) {
                sky.tokens[k].token = t;
            }
        }
    }
}

/// What befell a rider in a round, for the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Incident {
    Crash,
    Puncture,
}

/// What the weather and wind look like now, for views and pictures.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ConditionsView {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weather: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wind: Option<Wind>,
    /// Riders who fell in the round shown (HB-023): laid on their side on the board.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub crashed: Vec<RiderIdx>,
    /// Riders who punctured in the round shown (HB-021).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub punctured: Vec<RiderIdx>,
    /// House rules A's weather, forecast and turned tokens (HA-067…HA-076).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sky: Option<SkyView>,
}

/// House rules A's weather as players see it: face-down tokens are not shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkyView {
    pub weather: Weather,
    /// The next stage's weather, rolled before this one started (HA-075).
    pub forecast: Weather,
    /// Turned tokens: the first row of their tile and the token.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tokens: Vec<(u16, sky::Token)>,
    /// Tokens still face down (HA-076).
    #[serde(default, skip_serializing_if = "is_default")]
    pub face_down: u16,
}

impl Conditions {
    /// Draws the stage's wind, then round 1's weather (HB-033, HB-030).
    pub fn start(
        options: &HouseBOptions,
        course: &Course,
        riders: usize,
        seed: u64,
        given: Vec<u8>,
    ) -> Result<Conditions, ConditionsError> {
        // Every given face must suit every die still to be rolled, or a round would have to fail
        // half-way: the smallest die here is the wind's d4, rolled first, the rest are d6.
        // House rules A's weather rolls all its dice now, and a face its die cannot show is
        // refused as it is rolled.
        let rolled_later = options.weather != WeatherRule::HouseA;
        for (i, &face) in given.iter().enumerate().filter(|_| rolled_later) {
            let sides = if i == 0 && options.wind == WindRule::HouseB {
                wind::DIE
            } else {
                weather::DIE
            };
            if face == 0 || face > sides {
                return Err(ConditionsError::Dice(format!(
                    "given roll {} is {face}, but it is rolled on a d{sides} (1 to {sides}): fix roll {} of \"dice\"",
                    i + 1,
                    i + 1
                )));
            }
        }
        if options.weather == WeatherRule::HouseA && options.wind == WindRule::HouseB {
            return Err(ConditionsError::TwoWinds);
        }
        if options.weather != WeatherRule::HouseA && options.weather_today.is_some() {
            return Err(ConditionsError::WeatherTodayAlone);
        }
        let level = options.weather_level.unwrap_or(weather::START_LEVEL);
        if !(weather::COLD..=weather::HOT).contains(&level) {
            return Err(ConditionsError::WeatherLevel(level));
        }
        let mut c = Conditions {
            dice: Dice::logged(seed, given),
            weather: (options.weather == WeatherRule::HouseB).then_some(level),
            wind: None,
            tiles: options.tiles,
            steep_downhill: options.steep_downhill,
            roundabouts: options.tiles.roundabout && roundabout::any(course),
            punctures: options.punctures,
            crashes: options.crashes,
            feed_zone: options.supply_zone == SupplyZone::FeedZone,
            punctured: vec![false; riders],
            fallen: vec![false; riders],
            neutral: Vec::new(),
            gambling: vec![false; riders],
            left_side: vec![false; riders],
            sided: vec![false; riders],
            sides: vec![None; riders],
            incidents: Vec::new(),
            opening: Vec::new(),
            sky: None,
        };
        if options.weather == WeatherRule::HouseA {
            let drawn = Sky::start(
                course,
                options.weather_today,
                None,
                options.weather_reveal,
                &mut c.dice,
            )
            .map_err(|e| ConditionsError::Dice(e.to_string()))?;
            c.opening.push(Event::SkyDrawn {
                weather: drawn.weather,
                roll: drawn.roll,
                forecast: drawn.forecast,
                forecast_roll: drawn.forecast_roll,
            });
            for t in drawn.tokens.iter().filter(|t| t.revealed) {
                if t.token != sky::Token::Blank {
                    c.opening.push(Event::TokenTurned {
                        row: t.row,
                        token: t.token,
                    });
                }
            }
            c.sky = Some(drawn);
        }
        if options.wind == WindRule::HouseB {
            let face = c.roll(wind::DIE);
            let w = Wind::from_face(face);
            c.wind = Some(w);
            c.opening.push(Event::WindDrawn { wind: w, face });
        }
        let mut opening = Vec::new();
        c.start_round(1, &mut opening);
        c.opening.extend(opening);
        // Every roll before the first choice, in the order rolled, after what they drew.
        let rolls: Vec<_> = c
            .opening
            .iter()
            .flat_map(|e| match e {
                Event::DiceRolled { rolls } => rolls.clone(),
                _ => Vec::new(),
            })
            .chain(c.dice.take_rolls())
            .collect();
        c.opening.retain(|e| !matches!(e, Event::DiceRolled { .. }));
        if !rolls.is_empty() {
            c.opening.push(Event::DiceRolled { rolls });
        }
        Ok(c)
    }

    fn roll(&mut self, sides: u8) -> u8 {
        self.dice
            .roll(sides)
            .expect("given faces are checked against every die when the stage starts")
            .face
    }

    /// The d6 at the start of a round (HB-030): the new level holds for the whole round.
    pub fn start_round(&mut self, round: u32, events: &mut Vec<Event>) {
        self.sided.iter_mut().for_each(|s| *s = false);
        let Some(level) = self.weather else { return };
        let face = self.roll(weather::DIE);
        let next = weather::next_level(level, face);
        self.weather = Some(next);
        events.push(Event::DiceRolled {
            rolls: self.dice.take_rolls(),
        });
        events.push(Event::WeatherRolled {
            round,
            face,
            level: next,
        });
    }

    /// The rows a card carries a rider from `row` before blocking: the terrain rules on the
    /// card's value (with the steep downhill boost, HB-005), then steep rows at 2 points each
    /// (HB-003, HB-004).
    pub fn distance(&self, course: &Course, from: Pos, uncapped: bool, card: Card) -> u16 {
        self.distance_on(
            course,
            from,
            roundabout::side_at(course, from),
            uncapped,
            card,
        )
    }

    /// [`Conditions::distance`] for a rider riding a roundabout on `side`.
    fn distance_on(
        &self,
        course: &Course,
        from: Pos,
        side: Side,
        uncapped: bool,
        card: Card,
    ) -> u16 {
        let row = from.row;
        let value = card.value() as u16;
        let bonus = tiles::boosted(course, row, value, self.steep_downhill) - value;
        let mut points = effective_points(course, row, uncapped, card, bonus);
        // HB-046 (C-19): a feed zone keeps no minimum. Below 4 no climb cut can bite (the cut
        // never goes under 5), so the card's own value is the whole answer.
        if self.feed_zone
            && course.terrain(row) == crate::course::Terrain::Supply
            && value + bonus < movement::SUPPLY_MIN
        {
            points = value + bonus;
        }
        match (self.tiles.steep, self.roundabouts) {
            (false, false) => points,
            (steep, false) => tiles::rows_for(course, row, points, steep, |_| true),
            (steep, true) => tiles::rows_for(course, row, points, steep, |r| {
                roundabout::on_path(course, r, side)
            }),
        }
    }

    /// Where a move of `distance` rows from `from` ends (FR-3), a roundabout kept in the lane of
    /// the rider's side (HB-002).
    pub fn destination(
        &self,
        index: RiderIdx,
        course: &Course,
        board: &Board,
        from: Pos,
        distance: u16,
    ) -> Option<Pos> {
        if self.roundabouts {
            let side = self.side(index, course, from);
            roundabout::destination(course, board, from, distance, side)
        } else {
            destination(course, board, from, distance)
        }
    }

    /// HB-002: the cards are revealed and the moves begin; each rider's side of the road for a
    /// roundabout is where it stands now. Riders moving before it may shift it towards lane 0
    /// as they leave its row (FR-3), which does not change the side it rides the roundabout
    /// on: that is the lane it stood in when the round's moves began (our reading of "au début
    /// de son déplacement", issue 21).
    pub(crate) fn moves_begin(&mut self, course: &Course, positions: impl Iterator<Item = Pos>) {
        if !self.roundabouts {
            return;
        }
        for (side, at) in self.sides.iter_mut().zip(positions) {
            *side = Some(roundabout::side_at(course, at));
        }
    }

    /// The side a rider rides a roundabout on: the one it stood on when the round's moves
    /// began (HB-002), or where it stands when no moves have begun.
    fn side(&self, index: RiderIdx, course: &Course, from: Pos) -> Side {
        self.sides
            .get(index as usize)
            .copied()
            .flatten()
            .unwrap_or_else(|| roundabout::side_at(course, from))
    }

    /// Whether riders keep their lanes in `row` when a neighbour leaves: inside a roundabout,
    /// and anywhere with the wind in play (QB-13).
    pub fn keeps_lanes(&self, course: &Course, row: u16) -> bool {
        (self.roundabouts && roundabout::keeps_lanes(course, row)) || self.wind.is_some()
    }

    /// HB-034: the side of the road is a choice with the wind in play.
    pub(crate) fn lane_choice(&self) -> bool {
        self.wind.is_some()
    }

    pub(crate) fn rides_left(&self, rider: RiderIdx) -> bool {
        self.left_side[rider as usize]
    }

    pub(crate) fn set_side(&mut self, rider: RiderIdx, left: bool) {
        self.left_side[rider as usize] = left;
        self.sided[rider as usize] = true;
    }

    /// Whether the rider changed side this round already.
    pub(crate) fn sided(&self, rider: RiderIdx) -> bool {
        self.sided[rider as usize]
    }

    /// The cell a rider lands in: `to`, the base game's lane, unless it rides on the left with
    /// the wind in play (HB-034); a roundabout keeps its lanes.
    pub(crate) fn lane_for(
        &self,
        course: &Course,
        board: &Board,
        rider: RiderIdx,
        from: Pos,
        to: Pos,
    ) -> Pos {
        let roundabout = self.roundabouts && roundabout::keeps_lanes(course, to.row);
        if !self.lane_choice() || !self.rides_left(rider) || roundabout || to.row == from.row {
            return to;
        }
        lane::leftmost_free(course, board, from, to)
    }

    /// The longest move a card can give under these options: the run-out the stage lays.
    pub fn longest_move(options: &HouseBOptions) -> u16 {
        LONGEST_MOVE
            + match options.steep_downhill {
                SteepDownhill::Boost => tiles::DOWNHILL_BOOST,
                // A skipped steep row is one row more than the card's value.
                SteepDownhill::Gamble => 1,
                SteepDownhill::Off => 0,
            }
    }

    /// Whether the climb topping out on `summit` pays the steep bonus (HB-068): only when steep
    /// rows are in play.
    pub fn steep_climb(&self, course: &Course, summit: u16, length: u16) -> bool {
        self.tiles.steep && course.climb_is_steep(summit, length)
    }

    /// The rows a rider's card carries it this round: [`Conditions::distance`], 2 rows shorter
    /// after a puncture (HB-022), which it uses up.
    pub fn move_rows(
        &mut self,
        index: RiderIdx,
        course: &Course,
        from: Pos,
        uncapped: bool,
        card: Card,
        events: &mut Vec<Event>,
    ) -> u16 {
        let side = self.side(index, course, from);
        let rows = self.distance_on(course, from, side, uncapped, card);
        if !std::mem::take(&mut self.punctured[index as usize]) {
            return rows;
        }
        let lost = rows.min(incidents::PUNCTURE_ROWS);
        events.push(Event::PunctureSlowed {
            rider: index,
            rows: lost,
        });
        rows - lost
    }

    /// After a rider's move: a fall when full rows set it back far enough (HB-023…HB-027).
    pub fn after_move(
        &mut self,
        round: u32,
        index: RiderIdx,
        course: &Course,
        to: Pos,
        set_back: u16,
        events: &mut Vec<Event>,
    ) {
        let slippery = self
            .sky
            .as_ref()
            .is_some_and(|s| s.slippery(course, to.row));
        let falls = match self.crashes {
            CrashRule::HouseB => incidents::falls_in(course, to.row, set_back, slippery),
            // House rules A's rain and storm curves bring falls of their own (see the rulings
            // of `house_a::weather`).
            CrashRule::Off => slippery && incidents::falls_in(course, to.row, set_back, true),
        };
        if falls {
            self.fallen[index as usize] = true;
            self.incidents.push((round, index, Incident::Crash));
            events.push(Event::Crashed {
                rider: index,
                row: to.row,
                set_back,
            });
        }
    }

    /// After every move of the round, before the end phase: the puncture check (HB-020, HB-021).
    pub fn after_moves(
        &mut self,
        round: u32,
        course: &Course,
        moves: &[RiderRound],
        riders: &mut [Rider],
        real_cards: bool,
        events: &mut Vec<Event>,
    ) {
        if !self.punctures || !real_cards {
            return;
        }
        for index in incidents::at_risk(course, moves) {
            let Some(card) = incidents::turn_top_card(index, &mut riders[index as usize], events)
            else {
                continue;
            };
            let punctured = card == Card::Exhaustion;
            if punctured {
                self.punctured[index as usize] = true;
                self.incidents.push((round, index, Incident::Puncture));
            }
            events.push(Event::PunctureChecked {
                rider: index,
                card,
                punctured,
            });
        }
    }

    /// A fall that is not a blocked move (the steep gamble, HB-006): it costs what HB-028 says
    /// whichever crash rule is in use (QX-02), and is drawn on the board.
    pub(crate) fn fall(&mut self, round: u32, index: RiderIdx) {
        self.fallen[index as usize] = true;
        self.incidents.push((round, index, Incident::Crash));
    }

    /// Whether the steep downhill gamble may be declared (HB-006).
    pub(crate) fn gamble_on(&self) -> bool {
        self.steep_downhill == SteepDownhill::Gamble
    }

    /// How many cards a rider starting its energy phase on `row` draws now: 4, or 3 on a
    /// headwind token's tile and 5 on a tailwind's (MET-1), then 2 fewer after a fall, which it
    /// uses up, never fewer than 1 (HB-028, QX-03).
    pub fn hand_size(&mut self, index: RiderIdx, row: u16) -> usize {
        let fallen = std::mem::take(&mut self.fallen[index as usize]);
        match self.sky.as_ref().and_then(|s| s.hand_size(row)) {
            Some(base) if fallen => base
                .saturating_sub(incidents::CRASH_CARDS)
                .max(incidents::SMALLEST_HAND),
            Some(base) => base,
            None => incidents::hand_size(fallen),
        }
    }

    /// A row where a crosswind token stills the slipstream (MET-1), or a yellow row of the
    /// fictive start (HB-042).
    pub fn stills_slipstream(&self, row: u16) -> bool {
        self.neutral.contains(&row) || self.sky.as_ref().is_some_and(|s| s.stills_slipstream(row))
    }

    /// After the movement phase: the face-down tokens the front rider has come to are turned
    /// (HA-076, QA-37).
    pub fn reveal(&mut self, front: u16, events: &mut Vec<Event>) {
        let Some(sky) = self.sky.as_mut() else { return };
        for t in sky.reveal_up_to(front) {
            events.push(Event::TokenTurned {
                row: t.row,
                token: t.token,
            });
        }
    }

    /// After the end phase of `round`: the heatwave's extra exhaustion card (HA-072, QA-35) for
    /// every rider `tires` allows, into its recycle pile, or on top of the draw pile in fog.
    pub fn after_end_phase(
        &self,
        round: u32,
        riders: &mut [Rider],
        tires: &dyn Fn(RiderIdx, &Rider) -> bool,
        real_cards: bool,
        events: &mut Vec<Event>,
    ) {
        let Some(sky) = &self.sky else { return };
        if !sky.heat(round) {
            return;
        }
        let mut hit = Vec::new();
        for (i, r) in riders.iter_mut().enumerate() {
            let i = i as RiderIdx;
            if !tires(i, r) {
                continue;
            }
            r.exhaustion_taken += 1;
            if real_cards {
                r.recycle.push(Card::Exhaustion);
            }
            hit.push(i);
        }
        if !hit.is_empty() {
            events.push(Event::HeatExhaustion { round, riders: hit });
        }
    }

    /// Where a received exhaustion card goes: on top of the draw pile in fog (HA-067).
    pub fn exhaustion_on_top(&self) -> bool {
        self.sky.as_ref().is_some_and(Sky::on_top)
    }

    /// The weather, the wind and the incidents of `round` (the round the board shows).
    pub fn view(&self, round: u32) -> ConditionsView {
        let of = |kind: Incident| {
            self.incidents
                .iter()
                .filter(|&&(r, _, k)| r == round && k == kind)
                .map(|&(_, rider, _)| rider)
                .collect()
        };
        ConditionsView {
            weather: self.weather,
            wind: self.wind,
            crashed: of(Incident::Crash),
            punctured: of(Incident::Puncture),
            sky: self.sky.as_ref().map(|s| SkyView {
                weather: s.weather,
                forecast: s.forecast,
                tokens: s
                    .tokens
                    .iter()
                    .filter(|t| t.revealed)
                    .map(|t| (t.row, t.token))
                    .collect(),
                face_down: s.tokens.iter().filter(|t| !t.revealed).count() as u16,
            }),
        }
    }

    pub fn opening(&self) -> &[Event] {
        &self.opening
    }

    /// Whether any house-B condition is in play: without one, exhaustion is dealt and told
    /// exactly as in the base game.
    fn in_play(&self) -> bool {
        self.weather.is_some() || self.wind.is_some()
    }

    /// The end-phase exhaustion of one rider (FR-7, or the wind), then the weather's hand in it:
    /// doubled in the heat, on top of the draw pile in the cold. Returns whether it took any.
    pub fn deal_exhaustion(
        &self,
        course: &Course,
        board: &Board,
        at: Pos,
        (index, rider): (RiderIdx, &mut Rider),
        real_cards: bool,
        events: &mut Vec<Event>,
    ) -> bool {
        // HB-042: a rider on a yellow row takes no exhaustion.
        if self.neutral.contains(&at.row) {
            return false;
        }
        let Some((base, exposure)) = wind::exhaustion_due(course, board, at, self.wind) else {
            return false;
        };
        let level = self.weather.unwrap_or(weather::START_LEVEL);
        let cards = weather::cards(level, base);
        let on_top = weather::on_top(level) || self.exhaustion_on_top();
        rider.exhaustion_taken += cards;
        if real_cards {
            for _ in 0..cards {
                if on_top {
                    // The draw pile is drawn from its end: the end is its top.
                    rider.deck.push(Card::Exhaustion);
                } else {
                    rider.recycle.push(Card::Exhaustion);
                }
            }
        }
        if self.exhaustion_on_top() {
            events.push(Event::ExhaustionOnTop { rider: index });
        } else if self.in_play() {
            events.push(Event::ExhaustionDealt {
                rider: index,
                cards,
                exposure,
                heat: cards > base,
                on_top,
            });
        } else {
            events.push(Event::ExhaustionTaken { rider: index });
        }
        true
    }
}
