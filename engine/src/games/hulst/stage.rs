//! A Hulst stage: the placement round, the dynamic rounds, hands, special squares, sprints,
//! crashes and the finish. [`Hulst::legal`] is the one legal-moves function: the options
//! offered and every check of a choice come from it.

use super::board::{Board, Special};
use super::events::{Choice, Event, RiderIx, Spot};
use super::options::{Options, Passing, Slope, StageType, TttTime};
use super::setup::{self, SetupError};
use super::tables::{
    self, CARDS_PER_RIDER, ChanceCard, Effect, ROOM_FLAT, ROOM_UPHILL, ROUND_SECONDS, SWAP_CARDS,
    TEAM_SIZE,
};
use crate::course::{Course, Pos};
use crate::game::{Seat, Viewer};
use crate::memo::Memo;
use crate::rng;
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::sync::Arc;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rider {
    pub id: String,
    pub team: Seat,
    pub spot: Spot,
    /// Owes a skipped turn (a crash, a puncture; HT-036).
    pub skip: bool,
    /// Over the line this round: where he stands on the run-out until the round ends.
    pub crossed: Option<u32>,
    pub result: Option<Finish>,
    pub bonus_seconds: u32,
    pub bonus_points: u32,
    /// A kept chance card (G-02 `keep`): its squares, for one later flat or downhill move.
    pub kept: Option<ChanceCard>,
    /// The sprints he has crossed (by line row).
    pub sprints: Vec<u16>,
}

/// A rider's stage result (HT-049…HT-055, HT-061).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Finish {
    pub round: u32,
    pub past: u16,
    pub lane: u8,
    pub time: u32,
    pub place: usize,
    pub points: u32,
}

/// One turn of a round: a rider's, or a team's slot in the placement round (the player picks
/// which rider, G-31), or a finished rider's card to give up (HT-056).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Slot {
    Place(Seat),
    Ride(RiderIx),
    Discard(RiderIx),
}

/// What the stage waits for inside a turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Wait {
    /// The slot's move (or its give-up when its rider skips).
    Turn,
    /// Cards to give up: `count` exactly, or up to `count` when `up_to` (a chance exchange).
    Swap {
        rider: RiderIx,
        count: usize,
        up_to: bool,
    },
    /// Where a chance move ends.
    Land { rider: RiderIx, options: Vec<Pos> },
    /// The landing square of the card chosen for the slot's rider (the second decision of a
    /// move).
    Square {
        rider: RiderIx,
        card: u8,
        /// That card's whole moves, as [`Hulst::moves`] gave them when the card was chosen:
        /// nothing but this decision changes before the square is chosen, so they are the
        /// options of the square, kept rather than searched for again.
        ends: Vec<Choice>,
    },
    /// Team time trial (G-35): the order in which the team moves its riders this turn.
    Order { seat: Seat },
}

/// A crash of the round: its number and carriageway, whose squares stay involved (G-18).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Crash {
    pub number: i32,
    pub way: u8,
    pub riders: Vec<RiderIx>,
}

/// Why a choice is refused: what the rules say, with the card that would have been clean when
/// there was one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the stage is over")]
    Over,
    #[error("it is not this team's turn")]
    NotYourTurn,
    #[error("that rider does not ride now")]
    NotThisRider,
    #[error("the hand holds no card of {0}")]
    NoSuchCard(u8),
    #[error(
        "a card of {card} cannot end on {to}: a rider moves exactly his card, straight or diagonally ahead, by free squares"
    )]
    Unreachable { card: u8, to: String },
    #[error("this crash could be avoided: the {clean} rides clean")]
    Avoidable { clean: u8 },
    #[error(
        "this move leaves the next rider no room (passing principle): the {room} would leave it"
    )]
    NoRoom { room: u8 },
    #[error("the crash must happen as far from the numbered side as the card allows")]
    CrashLane,
    #[error("that is not what the turn asks for")]
    Wrong,
    #[error("the {card} is chosen: pick one of its landing squares, or go back to the cards")]
    OtherCard { card: u8 },
}

#[derive(Debug, Clone)]
pub struct Hulst {
    pub board: Arc<Board>,
    pub course: Arc<Course>,
    pub options: Options,
    pub teams: Vec<String>,
    pub riders: Vec<Rider>,
    pub hands: Vec<Vec<u8>>,
    draw: Vec<u8>,
    discard: Vec<u8>,
    chance: Vec<ChanceCard>,
    deck_rng: ChaCha8Rng,
    chance_rng: ChaCha8Rng,
    pub seed: u64,
    /// The seats in playing order of the placement round (HT-015).
    pub seat_order: Vec<Seat>,
    pub round: u32,
    pub order: Vec<Slot>,
    pub cursor: usize,
    pub wait: Wait,
    pub crashes: Vec<Crash>,
    roadside: u32,
    pub first_finish: Option<u32>,
    /// Sprint crossings of the round not yet ranked: (line, past, lane, rider).
    crossings: Vec<(u16, u16, u8, RiderIx)>,
    /// Places given at each sprint line so far.
    sprint_places: Vec<(u16, usize)>,
    pub finished: Vec<RiderIx>,
    pub over: bool,
    /// Choices applied: the stage's step, for the random bot.
    pub played: u64,
    /// What the stage did as it was set up: the draw for the first player, the deal.
    pub opening: Vec<Event>,
    /// Team time trial: the teams already dealt their one new hand (HT-072).
    pub refilled: Vec<bool>,
    /// Team time trial: the teams that chose the order of their riders this round (G-35).
    pub ordered: Vec<Seat>,
    /// The riders were given squares on the road (a ruling set up mid-stage): round 1 is a
    /// dynamic round, not the placement round.
    pub placed: bool,
    /// The last rider's ends worked out (see [`Hulst::all_ends`]).
    ends_memo: Memo<EndsKey, Ends>,
}

/// What a rider's ends are worked out from (see [`Hulst::all_ends`]).
#[derive(PartialEq)]
struct EndsKey {
    rider: RiderIx,
    /// Every rider's spot, and whether he is still on the road before the line (who shelters).
    spots: Vec<(Spot, bool)>,
    hand: Vec<u8>,
    kept: Option<ChanceCard>,
    crashes: Vec<Crash>,
}

/// Which squares are taken now: a rider on the road, or a crash's square of this round (G-18).
/// Built once per question, so that the many paths of a hand are walked without looking at
/// every rider at every step.
#[derive(Debug, Clone)]
pub struct Occ {
    taken: Vec<bool>,
}

impl Occ {
    fn get(&self, board: &Board, p: Pos) -> bool {
        board.index(p).is_some_and(|i| self.taken[i])
    }
    fn set(&mut self, board: &Board, p: Pos, v: bool) {
        if let Some(i) = board.index(p) {
            self.taken[i] = v;
        }
    }
}

/// The squares a card's move may end on, by how it ends.
#[derive(Debug, Clone, Default)]
pub struct Ends {
    /// (card, end, wind squares, boost)
    pub clean: Vec<(u8, Pos, u8, bool)>,
    /// (card, stop square) of unavoidable crashes, lane rule applied.
    pub crash: Vec<(u8, Pos)>,
}

impl Hulst {
    /// A stage whose riders all wait in the start area (G-04): the draw for the first player,
    /// the deal, then the placement round.
    pub fn new(
        board: Board,
        course: Arc<Course>,
        options: Options,
        teams: Vec<String>,
        riders: Vec<(String, Seat)>,
        dice: &[u8],
        seed: u64,
    ) -> Result<(Hulst, Vec<Event>), SetupError> {
        let none = vec![None; riders.len()];
        Hulst::new_at(board, course, options, teams, riders, &none, dice, seed)
    }

    /// A stage whose riders start where `starts` says (see [`setup::starts`]): all in the
    /// start area, or a ruling set up mid-stage. With a rider on the road there is no
    /// placement round and so no draw for the first player: round 1 is a dynamic round, in
    /// race order from the front (HT-016; our ruling, as the other games' scenarios start).
    #[allow(clippy::too_many_arguments)]
    pub fn new_at(
        board: Board,
        course: Arc<Course>,
        options: Options,
        teams: Vec<String>,
        riders: Vec<(String, Seat)>,
        starts: &[Option<Pos>],
        dice: &[u8],
        seed: u64,
    ) -> Result<(Hulst, Vec<Event>), SetupError> {
        let n = teams.len();
        if !(tables::MIN_TEAMS..=tables::MAX_TEAMS).contains(&n) {
            return Err(SetupError::Teams(n));
        }
        for (t, name) in teams.iter().enumerate() {
            let count = riders.iter().filter(|r| r.1 as usize == t).count();
            if count != TEAM_SIZE {
                return Err(SetupError::TeamSize {
                    team: name.clone(),
                    count,
                });
            }
        }
        let mut deck = options.deck_cards().map_err(SetupError::Deck)?;
        if deck.len() < n * TEAM_SIZE * CARDS_PER_RIDER {
            return Err(SetupError::DeckTooSmall {
                cards: deck.len(),
                per_team: TEAM_SIZE * CARDS_PER_RIDER,
                teams: n,
            });
        }
        setup::check_draw(&deck, dice)?;
        setup::check_hands(&deck, &options.hands, &teams)?;
        let names: Vec<String> = riders.iter().map(|r| r.0.clone()).collect();
        let spots = setup::starts(
            &board,
            &names,
            starts,
            options.stage == StageType::TeamTimeTrial,
        )?;
        let placed = spots.iter().any(|s| matches!(s, Spot::Road { .. }));
        if placed && !dice.is_empty() {
            return Err(SetupError::DrawUnused);
        }
        let mut deck_rng = rng::stream(seed, 1);
        let mut chance_rng = rng::stream(seed, 2);
        let mut draw_rng = rng::stream(seed, rng::STAGE_STREAM);
        let mut events = Vec::new();
        // HT-007, G-32: every team draws a card, the highest starts, ties draw again. Riders
        // already on the road have no placement round to open: no draw, seats in their order.
        let first = if placed {
            0
        } else {
            let first = Self::draw_first(n, &deck, dice, &mut draw_rng, &mut events);
            events.push(Event::FirstPlayer { seat: first });
            first
        };
        let seat_order: Vec<Seat> = (0..n).map(|k| ((first as usize + k) % n) as Seat).collect();
        deck.shuffle(&mut deck_rng);
        // The hands given come out of the deck before any team is dealt from it, so that a
        // deal never takes a card a later team's given hand holds (`check_hands`: the deck
        // holds them all, and enough is left to deal the others).
        for &c in options.hands.iter().flatten() {
            if let Some(i) = deck.iter().position(|&d| d == c) {
                deck.remove(i);
            }
        }
        let mut hands = vec![Vec::new(); n];
        for (t, hand) in hands.iter_mut().enumerate() {
            if let Some(cards) = options.hands.get(t).filter(|h| !h.is_empty()) {
                *hand = cards.clone();
            } else {
                let k = deck.len() - TEAM_SIZE * CARDS_PER_RIDER;
                *hand = deck.split_off(k);
            }
            hand.sort_unstable();
            events.push(Event::Dealt {
                seat: t as Seat,
                cards: hand.clone(),
            });
        }
        let mut chance = options.chance_cards();
        chance.shuffle(&mut chance_rng);
        let riders = riders
            .into_iter()
            .zip(spots)
            .map(|((id, team), spot)| Rider {
                id,
                team,
                spot,
                skip: false,
                crossed: None,
                result: None,
                bonus_seconds: 0,
                bonus_points: 0,
                kept: None,
                sprints: Vec::new(),
            })
            .collect();
        let sprint_places = board.sprints.iter().map(|s| (s.after, 0)).collect();
        let mut stage = Hulst {
            board: Arc::new(board),
            course,
            options,
            teams,
            riders,
            hands,
            draw: deck,
            discard: Vec::new(),
            chance,
            deck_rng,
            chance_rng,
            seed,
            seat_order,
            round: 0,
            order: Vec::new(),
            cursor: 0,
            wait: Wait::Turn,
            crashes: Vec::new(),
            roadside: 0,
            first_finish: None,
            crossings: Vec::new(),
            sprint_places,
            finished: Vec::new(),
            over: false,
            played: 0,
            opening: Vec::new(),
            refilled: vec![false; n],
            ordered: Vec::new(),
            placed,
            ends_memo: Memo::default(),
        };
        stage.start_round(&mut events);
        stage.settle(&mut events);
        Ok((stage, events))
    }

    /// HT-007, G-32: every team draws a card (the `given` ones first, then from the seed),
    /// the highest starts, ties draw again; the first player's seat.
    fn draw_first(
        n: usize,
        deck: &[u8],
        dice: &[u8],
        draw_rng: &mut ChaCha8Rng,
        events: &mut Vec<Event>,
    ) -> Seat {
        let mut given = dice.iter().copied();
        let mut left: Vec<Seat> = (0..n as Seat).collect();
        let mut draw = 0;
        loop {
            draw += 1;
            let cards: Vec<(Seat, u8)> = left
                .iter()
                .map(|&s| {
                    let c = given
                        .next()
                        .unwrap_or_else(|| deck[draw_rng.random_range(0..deck.len())]);
                    (s, c)
                })
                .collect();
            for &(seat, card) in &cards {
                events.push(Event::Drew { seat, card, draw });
            }
            let top = cards.iter().map(|c| c.1).max().unwrap_or(0);
            left = cards.iter().filter(|c| c.1 == top).map(|c| c.0).collect();
            if left.len() == 1 || draw >= 20 {
                return left[0];
            }
        }
    }

    // ----- who plays -----

    /// The seat that owes the decision now.
    pub fn to_play(&self) -> Option<Seat> {
        if self.over {
            return None;
        }
        match &self.wait {
            Wait::Swap { rider, .. } | Wait::Land { rider, .. } | Wait::Square { rider, .. } => {
                Some(self.riders[*rider].team)
            }
            Wait::Order { seat } => Some(*seat),
            Wait::Turn => Some(match self.order[self.cursor] {
                Slot::Place(seat) => seat,
                Slot::Ride(r) | Slot::Discard(r) => self.riders[r].team,
            }),
        }
    }

    /// Team time trial: the riders of the team whose turn it is, in their slots from the
    /// current one on (front first until the director orders them, G-35).
    pub fn team_block(&self) -> Vec<RiderIx> {
        let Some(&Slot::Ride(first)) = self.order.get(self.cursor) else {
            return Vec::new();
        };
        let team = self.riders[first].team;
        self.order[self.cursor..]
            .iter()
            .map_while(|slot| match *slot {
                Slot::Ride(r) if self.riders[r].team == team => Some(r),
                _ => None,
            })
            .collect()
    }

    /// The riders the current slot may move.
    fn movers(&self) -> Vec<RiderIx> {
        match self.order.get(self.cursor) {
            Some(Slot::Place(seat)) => (0..self.riders.len())
                .filter(|&r| self.riders[r].team == *seat && self.riders[r].spot == Spot::Start)
                .collect(),
            Some(Slot::Ride(r)) if !self.riders[*r].skip => vec![*r],
            _ => Vec::new(),
        }
    }

    fn gives_up(&self) -> bool {
        match self.order.get(self.cursor) {
            Some(Slot::Discard(_)) => true,
            Some(Slot::Ride(r)) => self.riders[*r].skip,
            _ => false,
        }
    }

    /// Whether the current slot has anything to play: a card to give up, or a move or crash
    /// for one of its riders (the passing principle never leaves a slot without options).
    fn can_play(&self) -> bool {
        if self.gives_up() || !matches!(self.wait, Wait::Turn) {
            return true;
        }
        self.movers().into_iter().any(|r| {
            let e = self.all_ends(r);
            !e.clean.is_empty() || !e.crash.is_empty()
        })
    }

    /// The one legal-moves function: every whole move (a card and where it ends, or an
    /// unavoidable crash) the slot's riders may make now. [`Hulst::legal`] offers them in two
    /// decisions, the card then the square, and every check of a choice comes from it.
    pub fn moves(&self, seat: Seat) -> Vec<Choice> {
        if self.to_play() != Some(seat)
            || self.gives_up()
            || !matches!(self.wait, Wait::Turn | Wait::Square { .. })
        {
            return Vec::new();
        }
        let mut out = Vec::new();
        for r in self.movers() {
            let ends = self.allowed_ends(r);
            out.extend(ends.clean.iter().map(|&(card, to, _, boost)| Choice::Move {
                rider: r,
                card,
                to,
                boost,
            }));
            out.extend(ends.crash.iter().map(|&(card, stop)| Choice::Crash {
                rider: r,
                card,
                stop,
            }));
        }
        out
    }

    /// The options of `seat` now. A move is two decisions of the same seat: first the card
    /// (a [`Choice::Card`] for each rider and card of [`Hulst::moves`]; the move itself when
    /// that card leaves one landing square only), then the landing square among that card's
    /// moves, with [`Choice::Back`] to the cards.
    pub fn legal(&self, seat: Seat) -> Vec<Choice> {
        if self.to_play() != Some(seat) {
            return Vec::new();
        }
        let hand = &self.hands[seat as usize];
        match &self.wait {
            Wait::Order { .. } => permutations(&self.team_block())
                .into_iter()
                .map(|riders| Choice::Order { riders })
                .collect(),
            Wait::Land { options, .. } => options.iter().map(|&to| Choice::Land { to }).collect(),
            Wait::Swap { count, up_to, .. } => {
                let sizes: Vec<usize> = if *up_to {
                    (0..=*count).collect()
                } else {
                    vec![*count]
                };
                let mut out = Vec::new();
                for k in sizes {
                    multisets(hand, k, &mut out);
                }
                out.into_iter().map(|give| Choice::Swap { give }).collect()
            }
            Wait::Turn if self.gives_up() => distinct(hand)
                .into_iter()
                .map(|card| Choice::GiveUp { card })
                .collect(),
            Wait::Turn => {
                let moves = self.moves(seat);
                let mut seen: Vec<(RiderIx, u8)> = Vec::new();
                let mut out = Vec::new();
                for m in &moves {
                    let rc = played(m);
                    if seen.contains(&rc) {
                        continue;
                    }
                    seen.push(rc);
                    let same = moves.iter().filter(|x| played(x) == rc).count();
                    out.push(if same == 1 {
                        m.clone()
                    } else {
                        Choice::Card {
                            rider: rc.0,
                            card: rc.1,
                        }
                    });
                }
                out
            }
            Wait::Square { ends, .. } => {
                let mut out = ends.clone();
                out.push(Choice::Back);
                out
            }
        }
    }

    /// The landing squares of the card chosen, lettered A, B, C… in the order the options
    /// offer them: what the director's own picture marks.
    pub fn landing_letters(&self) -> Vec<(Pos, char)> {
        let Some(seat) = self.to_play() else {
            return Vec::new();
        };
        if !matches!(self.wait, Wait::Square { .. }) {
            return Vec::new();
        }
        self.legal(seat)
            .iter()
            .filter_map(|c| match c {
                Choice::Move { to, .. } => Some(*to),
                Choice::Crash { stop, .. } => Some(*stop),
                _ => None,
            })
            .zip(LETTERS.chars())
            .collect()
    }

    /// Why a choice not among the options is refused.
    pub fn why(&self, seat: Seat, choice: &Choice) -> Refusal {
        if self.over {
            return Refusal::Over;
        }
        if self.to_play() != Some(seat) {
            return Refusal::NotYourTurn;
        }
        let (rider, card) = match choice {
            Choice::Move { .. } | Choice::Crash { .. } | Choice::Card { .. } => played(choice),
            _ => return Refusal::Wrong,
        };
        match self.wait {
            Wait::Turn if !self.gives_up() => {}
            Wait::Square {
                rider: r, card: c, ..
            } if !matches!(choice, Choice::Card { .. }) => {
                if (r, c) != (rider, card) {
                    return Refusal::OtherCard { card: c };
                }
            }
            _ => return Refusal::Wrong,
        }
        if !self.movers().contains(&rider) {
            return Refusal::NotThisRider;
        }
        if !self.hands[seat as usize].contains(&card) {
            return Refusal::NoSuchCard(card);
        }
        let all = self.all_ends(rider);
        match choice {
            Choice::Card { .. } => {
                // A card with no move the rules allow: a crash another card avoids, or moves
                // that all leave the next rider no room.
                let allowed = self.allowed_ends(rider);
                match allowed.clean.first() {
                    Some(&(room, ..)) if all.clean.iter().any(|e| e.0 == card) => {
                        Refusal::NoRoom { room }
                    }
                    Some(&(clean, ..)) => Refusal::Avoidable { clean },
                    None => Refusal::Wrong,
                }
            }
            Choice::Crash { .. } => {
                if let Some(&(clean, ..)) = all.clean.first() {
                    return Refusal::Avoidable { clean };
                }
                Refusal::CrashLane
            }
            Choice::Move { to, boost, .. } => {
                let known = all
                    .clean
                    .iter()
                    .any(|&(c, t, _, b)| c == card && t == *to && b == *boost);
                if !known {
                    return Refusal::Unreachable {
                        card,
                        to: Board::name_of(*to),
                    };
                }
                let allowed = self.allowed_ends(rider);
                match allowed.clean.first() {
                    Some(&(room, ..)) => Refusal::NoRoom { room },
                    None => Refusal::Wrong,
                }
            }
            _ => Refusal::Wrong,
        }
    }

    // ----- movement -----

    /// Whether a square holds a rider on the road (finished riders on the run-out too).
    fn occupied(&self, p: Pos) -> bool {
        self.riders
            .iter()
            .any(|r| matches!(r.spot, Spot::Road { pos } if pos == p))
    }

    /// Whether a square belongs to a crash of this round (G-18).
    fn involved(&self, p: Pos) -> bool {
        let Some(sq) = self.board.square(p) else {
            return false;
        };
        !self.board.past_line(p.row)
            && self
                .crashes
                .iter()
                .any(|c| c.number == sq.label.number && c.way == sq.way)
    }

    fn blocked(&self, p: Pos) -> bool {
        self.occupied(p) || self.involved(p)
    }

    /// The squares taken now.
    pub fn occupancy(&self) -> Occ {
        let mut occ = Occ {
            taken: vec![false; self.board.square_count()],
        };
        for r in &self.riders {
            if let Spot::Road { pos } = r.spot {
                occ.set(&self.board, pos, true);
            }
        }
        if !self.crashes.is_empty() {
            for p in self.board.squares() {
                if self.involved(p) {
                    occ.set(&self.board, p, true);
                }
            }
        }
        occ
    }

    /// The squares of a rider's first step: from the start area or the roadside, any square
    /// of the next row (G-04, G-17); on the road, the steps ahead.
    fn first_steps(&self, spot: Spot) -> Vec<Pos> {
        let next_row = |row: u16| {
            (0..self.board.width(row + 1))
                .map(|l| Pos::new(row + 1, l))
                .collect::<Vec<_>>()
        };
        match spot {
            Spot::Start => next_row(0),
            Spot::Roadside { row, .. } => next_row(row),
            Spot::Road { pos } => self.board.steps(pos).to_vec(),
            Spot::Off => Vec::new(),
        }
    }

    fn row_of(spot: Spot) -> u16 {
        match spot {
            Spot::Start | Spot::Off => 0,
            Spot::Road { pos } => pos.row,
            Spot::Roadside { row, .. } => row,
        }
    }

    /// The square that decides the slope of a rider's move (G-08: the start square).
    fn starts_uphill(&self, spot: Spot) -> bool {
        match spot {
            Spot::Road { pos } => self.board.is_uphill(pos),
            Spot::Roadside { row, .. } => self.board.is_uphill(Pos::new(row, 0)),
            _ => false,
        }
    }
    fn starts_downhill(&self, spot: Spot) -> bool {
        match spot {
            Spot::Road { pos } => self.board.is_downhill(pos),
            Spot::Roadside { row, .. } => self.board.is_downhill(Pos::new(row, 0)),
            _ => false,
        }
    }

    /// The squares a move of exactly `n` squares can end on by free squares, with `other`
    /// standing elsewhere (a mover's new square, for the passing principle). Past the line a
    /// move goes as far as there is room and lines up, the rest of the card lost (HT-052,
    /// G-27): ends past the line are the furthest reachable.
    fn reach(&self, spot: Spot, n: u8, occ: &Occ) -> Vec<Pos> {
        // The passing principle asks this for every end a mover may take: only the last
        // layer is wanted, so the shorter moves' ends are not gathered.
        self.walk(spot, n, occ, false).pop().unwrap_or_default()
    }

    /// [`Hulst::reach`] for every move of 0 to `max` squares at once: one walk of the paths.
    fn reach_all(&self, spot: Spot, max: u8, occ: &Occ) -> Vec<Vec<Pos>> {
        self.walk(spot, max, occ, true)
    }

    /// The walk behind [`Hulst::reach_all`] (`every` layer) and [`Hulst::reach`] (the last
    /// one only; the others are left empty).
    fn walk(&self, spot: Spot, max: u8, occ: &Occ, every: bool) -> Vec<Vec<Pos>> {
        let mut out = vec![Vec::new(); max as usize + 1];
        if max == 0 {
            return out;
        }
        let mut layer: Vec<Pos> = Vec::new();
        for p in self.first_steps(spot) {
            if !occ.get(&self.board, p) && !layer.contains(&p) {
                layer.push(p);
            }
        }
        // Riders past the line with no free square ahead: they stop there (HT-052).
        let mut stuck: Vec<Pos> = Vec::new();
        for n in 1..=max {
            // Only a saving: gathering this layer's ends too would leave the last one as it is
            // (so a mutant that turns the test off changes nothing but the time).
            if !every && n < max {
                layer = self.next_layer(&layer, occ, &mut stuck);
                continue;
            }
            // The ends of a move of n squares: the squares n steps away, or past the line
            // where a shorter path had to stop, the furthest of them only.
            let mut ends = layer.clone();
            ends.extend(stuck.iter().copied());
            self.line_up(&mut ends);
            out[n as usize] = ends;
            if n == max {
                break;
            }
            layer = self.next_layer(&layer, occ, &mut stuck);
        }
        out
    }

    /// A move's ends as the rules keep them: past the line only the furthest row reached
    /// stands, the rest of the card lost (HT-052, G-27); each square once, in order.
    fn line_up(&self, ends: &mut Vec<Pos>) {
        if let Some(far) = ends
            .iter()
            .filter(|p| self.board.past_line(p.row))
            .map(|p| p.row)
            .max()
        {
            ends.retain(|p| p.row == far);
        }
        ends.sort();
        ends.dedup();
    }

    /// The free squares one step on from `layer`; a square past the line with no free square
    /// ahead joins `stuck` (HT-052).
    fn next_layer(&self, layer: &[Pos], occ: &Occ, stuck: &mut Vec<Pos>) -> Vec<Pos> {
        let mut next = Vec::with_capacity(layer.len() * 3);
        for &p in layer {
            let mut went = false;
            for &q in self.board.steps(p) {
                if !occ.get(&self.board, q) {
                    went = true;
                    if !next.contains(&q) {
                        next.push(q);
                    }
                }
            }
            if !went && self.board.past_line(p.row) {
                stuck.push(p);
            }
        }
        next
    }

    /// What entering a square costs of a card under G-08 `per_square` (the conformance table
    /// hulst-tour-de-france.md, section 3: "each uphill square costs 2 seconds of the card";
    /// the rulebook's BERGOPWAARTS / MONTEES only halves the card): two seconds uphill, one
    /// elsewhere.
    fn cost(&self, p: Pos) -> u8 {
        if self.board.is_uphill(p) { 2 } else { 1 }
    }

    /// [`Hulst::reach_all`] under G-08 `per_square`: for every card value up to `max`, the
    /// squares a move paid with exactly that many seconds ends on by free squares, each
    /// uphill square costing two. A second left over that cannot pay the uphill square ahead
    /// is lost there, as the halved card loses its odd second. Past the line, as far as there
    /// is room (HT-052).
    fn reach_paid(&self, spot: Spot, max: u8, occ: &Occ) -> Vec<Vec<Pos>> {
        let top = max as usize;
        // paid[c]: the free squares a path costing exactly c seconds reaches.
        let mut paid: Vec<Vec<Pos>> = vec![Vec::new(); top + 1];
        let mut stuck: Vec<(usize, Pos)> = Vec::new();
        for p in self.first_steps(spot) {
            let c = self.cost(p) as usize;
            if c <= top && !occ.get(&self.board, p) && !paid[c].contains(&p) {
                paid[c].push(p);
            }
        }
        for spent in 1..=top {
            for p in paid[spent].clone() {
                let mut went = false;
                for &q in self.board.steps(p) {
                    if occ.get(&self.board, q) {
                        continue;
                    }
                    went = true;
                    let c = spent + self.cost(q) as usize;
                    if c <= top && !paid[c].contains(&q) {
                        paid[c].push(q);
                    }
                }
                if !went && self.board.past_line(p.row) {
                    stuck.push((spent, p));
                }
            }
        }
        let mut out = vec![Vec::new(); top + 1];
        for card in 1..=top {
            let mut ends = paid[card].clone();
            // One second left and only uphill squares ahead: it is lost.
            ends.extend(paid[card - 1].iter().copied().filter(|&p| {
                let ahead = self.board.steps(p);
                !ahead.is_empty() && ahead.iter().all(|&q| self.board.is_uphill(q))
            }));
            ends.extend(stuck.iter().filter(|s| s.0 < card).map(|s| s.1));
            self.line_up(&mut ends);
            out[card] = ends;
        }
        out
    }

    /// [`Hulst::crash_stops`] under G-08 `per_square`: the last free squares before a contact
    /// the card's seconds would pay for.
    fn crash_stops_paid(&self, spot: Spot, n: u8, occ: &Occ) -> Vec<Pos> {
        let mut stops = Vec::new();
        let budget = n as usize;
        let contact = |q: Pos| occ.get(&self.board, q) && !self.board.past_line(q.row);
        let mut paid: Vec<Vec<Pos>> = vec![Vec::new(); budget + 1];
        for q in self.first_steps(spot) {
            let c = self.cost(q) as usize;
            if c > budget {
                continue;
            }
            if contact(q) {
                if let Spot::Road { pos } = spot
                    && !stops.contains(&pos)
                {
                    stops.push(pos);
                }
            } else if !occ.get(&self.board, q) && !paid[c].contains(&q) {
                paid[c].push(q);
            }
        }
        for spent in 1..budget {
            for p in paid[spent].clone() {
                for &q in self.board.steps(p) {
                    let c = spent + self.cost(q) as usize;
                    if c > budget {
                        continue;
                    }
                    if contact(q) {
                        if !stops.contains(&p) {
                            stops.push(p);
                        }
                    } else if !occ.get(&self.board, q) && !paid[c].contains(&q) {
                        paid[c].push(q);
                    }
                }
            }
        }
        stops.sort();
        stops
    }

    /// Every clean end of every card of a rider's team, and the unavoidable crashes when
    /// there is none, before the passing principle.
    ///
    /// Kept while nothing it depends on changes (the rider, every rider's spot and whether he
    /// crossed, his team's hand, his kept chance card, the crashes): a move asks for them again
    /// and again (the options, the bot's pick, the check of the card and of the square, the
    /// move), and they were most of a playout's time (docs/speed.md, odds).
    pub fn all_ends(&self, r: RiderIx) -> Ends {
        let rider = &self.riders[r];
        let key = EndsKey {
            rider: r,
            spots: self
                .riders
                .iter()
                .map(|x| (x.spot, x.crossed.is_none()))
                .collect(),
            hand: self.hands[rider.team as usize].clone(),
            kept: rider.kept,
            crashes: self.crashes.clone(),
        };
        Ends::clone(&self.ends_memo.get_or(key, || self.work_out_ends(r)))
    }

    fn work_out_ends(&self, r: RiderIx) -> Ends {
        let rider = &self.riders[r];
        let spot = rider.spot;
        let hand = distinct(&self.hands[rider.team as usize]);
        let uphill = self.starts_uphill(spot);
        let downhill = self.starts_downhill(spot);
        let per_square = self.options.slope == Slope::PerSquare;
        // HT-030, G-08 `start_square`: from an uphill square the card is halved, rounded
        // down; `per_square`: the card is whole, each uphill square entered costs it two.
        let halved = uphill && !per_square;
        let from_row = Self::row_of(spot);
        let occ = self.occupancy();
        let mut ends = Ends::default();
        let longest = hand
            .iter()
            .map(|&c| if halved { c / 2 } else { c })
            .max()
            .unwrap_or(0)
            + rider.kept.map_or(0, |k| k.amount)
            + 2;
        let reached = if per_square {
            self.reach_paid(spot, longest, &occ)
        } else {
            self.reach_all(spot, longest, &occ)
        };
        let at = |n: u8| reached.get(n as usize).map_or(&[][..], |v| &v[..]);
        for &card in &hand {
            let base = if halved { card / 2 } else { card };
            let boosts: Vec<u8> = match rider.kept {
                Some(k) if !uphill => vec![0, k.amount],
                _ => vec![0],
            };
            for &extra in &boosts {
                let n = base + extra;
                for &to in at(n) {
                    ends.clean.push((card, to, 0, extra > 0));
                }
                // HT-020…HT-022, HT-031…HT-034, G-09…G-11: the wind's extra squares.
                if uphill || n == 0 {
                    continue;
                }
                let winds: &[u8] = if downhill { &[1, 2] } else { &[1] };
                for &w in winds {
                    for &to in at(n + w) {
                        if self.board.past_line(to.row) || self.board.is_uphill(to) {
                            continue;
                        }
                        if self.sheltered(r, to) || (w == 2 && self.ahead_of_leader(from_row, to)) {
                            ends.clean.push((card, to, w, extra > 0));
                        }
                    }
                }
            }
        }
        ends.clean.sort();
        ends.clean
            .dedup_by(|a, b| a.0 == b.0 && a.1 == b.1 && a.3 == b.3);
        if ends.clean.is_empty() {
            for &card in &hand {
                let n = if halved { card / 2 } else { card };
                let stops = if per_square {
                    self.crash_stops_paid(spot, n, &occ)
                } else {
                    self.crash_stops(spot, n, &occ)
                };
                // G-20: the stop furthest from the numbered side.
                if let Some(far) = stops.iter().map(|p| p.lane).max() {
                    for p in stops.into_iter().filter(|p| p.lane == far) {
                        ends.crash.push((card, p));
                    }
                }
            }
        }
        ends
    }

    /// G-09: behind (the square straight ahead holds a rider) or beside (a neighbouring square
    /// of the same row holds one); only riders on the road before the line shelter.
    fn sheltered(&self, r: RiderIx, to: Pos) -> bool {
        let holds = |p: Pos| {
            self.riders.iter().enumerate().any(|(i, x)| {
                i != r && x.crossed.is_none() && matches!(x.spot, Spot::Road { pos } if pos == p)
            })
        };
        self.board.straight_ahead(to).is_some_and(holds) || self.board.beside(to).any(holds)
    }

    /// G-11: with the downhill +2, one square ahead of a rider who was ahead of the mover.
    fn ahead_of_leader(&self, from_row: u16, to: Pos) -> bool {
        self.riders.iter().any(|x| {
            x.crossed.is_none()
                && matches!(x.spot, Spot::Road { pos } if pos.row > from_row && pos.row + 1 == to.row)
        })
    }

    /// The squares a rider may stop on when every path of `n` squares runs into a rider or a
    /// crash (G-14): the last free square before the contact.
    fn crash_stops(&self, spot: Spot, n: u8, occ: &Occ) -> Vec<Pos> {
        let mut stops = Vec::new();
        let firsts = self.first_steps(spot);
        if let Spot::Road { pos } = spot
            && firsts.iter().any(|&q| occ.get(&self.board, q))
        {
            stops.push(pos);
        }
        let mut layer: Vec<Pos> = firsts
            .into_iter()
            .filter(|&q| !occ.get(&self.board, q))
            .collect();
        for _ in 1..n {
            let mut next = Vec::new();
            for &p in &layer {
                for &q in self.board.steps(p) {
                    if occ.get(&self.board, q) {
                        if !self.board.past_line(q.row) && !stops.contains(&p) {
                            stops.push(p);
                        }
                    } else if !next.contains(&q) {
                        next.push(q);
                    }
                }
            }
            layer = next;
        }
        stops.sort();
        stops
    }

    /// The rider who plays right after the current slot in this round, if he moves (G-22).
    fn next_mover(&self) -> Option<(RiderIx, Spot)> {
        for slot in self.order.iter().skip(self.cursor + 1) {
            match *slot {
                Slot::Place(seat) => {
                    let r = (0..self.riders.len()).find(|&r| {
                        self.riders[r].team == seat && self.riders[r].spot == Spot::Start
                    })?;
                    return Some((r, Spot::Start));
                }
                Slot::Ride(r) if !self.riders[r].skip => return Some((r, self.riders[r].spot)),
                Slot::Ride(_) => return None,
                Slot::Discard(_) => continue,
            }
        }
        None
    }

    /// Whether the next rider keeps a clean move of 4 squares (3 from an uphill square) once
    /// the mover stands on `to` (HT-046, G-22).
    /// For each end square, whether the next rider keeps a clean move of 4 squares (3 from an
    /// uphill square) once the mover stands there (HT-046, G-22). An end beyond the reach of
    /// that move cannot take his room: for those the answer is the same, asked once.
    fn leaves_room(&self, mover: RiderIx, ends: &[Pos]) -> Vec<bool> {
        let Some((_, spot)) = self.next_mover().filter(|(n, _)| *n != mover) else {
            return vec![true; ends.len()];
        };
        let n = if self.starts_uphill(spot) {
            ROOM_UPHILL
        } else {
            ROOM_FLAT
        };
        let mut without = self.occupancy();
        if let Spot::Road { pos } = self.riders[mover].spot {
            without.set(&self.board, pos, false);
        }
        let reach_row = Self::row_of(spot) + u16::from(n);
        let mut far: Option<bool> = None;
        ends.iter()
            .map(|&to| {
                if to.row > reach_row {
                    *far.get_or_insert_with(|| !self.reach(spot, n, &without).is_empty())
                } else {
                    let mut after = without.clone();
                    after.set(&self.board, to, true);
                    !self.reach(spot, n, &after).is_empty()
                }
            })
            .collect()
    }

    /// The ends the rules allow: clean ends, filtered by the passing principle; crashes only
    /// when no card rides clean (HT-047, G-19).
    pub fn allowed_ends(&self, r: RiderIx) -> Ends {
        let mut ends = self.all_ends(r);
        if ends.clean.is_empty() || self.options.passing == Passing::Off {
            return ends;
        }
        let tos: Vec<Pos> = ends.clean.iter().map(|e| e.1).collect();
        let room = self.leaves_room(r, &tos);
        let keep: Vec<bool> = match self.options.passing {
            Passing::AllOptions => {
                let any = room.iter().any(|&x| x);
                room.iter().map(|&x| x || !any).collect()
            }
            _ => ends
                .clean
                .iter()
                .zip(&room)
                .map(|(&(card, ..), &x)| {
                    x || !ends
                        .clean
                        .iter()
                        .zip(&room)
                        .any(|(&(c, ..), &y)| c == card && y)
                })
                .collect(),
        };
        let mut k = keep.into_iter();
        ends.clean.retain(|_| k.next().unwrap_or(false));
        ends
    }

    // ----- applying -----

    pub fn apply(&mut self, seat: Seat, choice: &Choice) -> Result<Vec<Event>, Refusal> {
        // The slot's whole moves, searched once for a move or a card chosen at the card step.
        // A whole move of [`Hulst::moves`] is still one choice there: the options offer it in
        // two decisions, but a stage stored before them (or a key typed in full) replays as it
        // was played.
        let moves = match (&self.wait, choice) {
            (Wait::Turn, Choice::Move { .. } | Choice::Crash { .. } | Choice::Card { .. }) => {
                self.moves(seat)
            }
            _ => Vec::new(),
        };
        let legal = match (&self.wait, choice) {
            (Wait::Turn, Choice::Move { .. } | Choice::Crash { .. }) => moves.contains(choice),
            // A card is offered when it has more than one landing square (see `legal`). This
            // arm only saves asking `legal` for the same moves again.
            (Wait::Turn, &Choice::Card { rider, card }) => {
                moves.iter().filter(|m| played(m) == (rider, card)).count() > 1
            }
            _ => self.legal(seat).contains(choice),
        };
        if !legal {
            return Err(self.why(seat, choice));
        }
        self.played += 1;
        let mut events = Vec::new();
        match (choice, self.wait.clone()) {
            (Choice::GiveUp { card }, Wait::Turn) => {
                self.take_card(seat, *card);
                events.push(Event::GaveUp { seat, card: *card });
                match self.order[self.cursor] {
                    Slot::Discard(r) => events.push(Event::Discarded { rider: r }),
                    Slot::Ride(r) => {
                        self.riders[r].skip = false;
                        events.push(Event::Skipped { rider: r });
                    }
                    Slot::Place(_) => {}
                }
                self.next_slot(&mut events);
            }
            (&Choice::Card { rider, card }, Wait::Turn) => {
                // The first decision of a move: its landing square comes next.
                let ends = moves
                    .into_iter()
                    .filter(|m| played(m) == (rider, card))
                    .collect();
                self.wait = Wait::Square { rider, card, ends };
            }
            (Choice::Back, Wait::Square { .. }) => {
                self.wait = Wait::Turn;
            }
            (Choice::Order { riders }, Wait::Order { seat }) => {
                // G-35 (hulst-tour-de-france.md, section 3): the team's slots of this turn, in
                // the order its director chose; the passing principle then looks at the next
                // rider so moved, team-mate or not.
                let at = self.cursor;
                for (k, &r) in riders.iter().enumerate() {
                    self.order[at + k] = Slot::Ride(r);
                }
                self.ordered.push(seat);
                self.wait = Wait::Turn;
                self.settle(&mut events);
            }
            (
                &Choice::Move {
                    rider,
                    card,
                    to,
                    boost,
                },
                Wait::Turn | Wait::Square { .. },
            ) => {
                self.wait = Wait::Turn;
                // G-08 `per_square`: the wind's squares as the options counted them (the
                // squares moved say nothing of the card's seconds spent uphill).
                let counted_wind = (self.options.slope == Slope::PerSquare).then(|| {
                    self.all_ends(rider)
                        .clean
                        .iter()
                        .find(|e| e.0 == card && e.1 == to && e.3 == boost)
                        .map_or(0, |e| e.2)
                });
                self.take_card(seat, card);
                let from = self.riders[rider].spot;
                let squares = to.row - Self::row_of(from);
                let base = if self.starts_uphill(from) {
                    card / 2
                } else {
                    card
                };
                let extra = if boost {
                    self.riders[rider].kept.take().map_or(0, |k| {
                        self.chance.push(k);
                        k.amount
                    })
                } else {
                    0
                };
                // The wind's squares: what the move went beyond the card and a kept card
                // (past the line a move may end short, HT-052).
                let wind =
                    counted_wind.unwrap_or_else(|| (squares as u8).saturating_sub(base + extra));
                self.riders[rider].spot = Spot::Road { pos: to };
                events.push(Event::Moved {
                    rider,
                    card,
                    to,
                    squares: squares as u8,
                    wind,
                    boost: extra,
                });
                self.crossed(rider, Self::row_of(from), to);
                // HT-023, HT-024, G-24: the square where a card's move ends.
                match self.board.square(to).and_then(|s| s.special) {
                    Some(Special::Swap) if !self.board.past_line(to.row) => {
                        let count = self.hands[seat as usize].len().min(SWAP_CARDS);
                        if count > 0 {
                            self.wait = Wait::Swap {
                                rider,
                                count,
                                up_to: false,
                            };
                            return Ok(events);
                        }
                    }
                    Some(Special::Chance)
                        if !self.board.past_line(to.row)
                            && self.draw_chance(rider, &mut events) =>
                    {
                        return Ok(events);
                    }
                    _ => {}
                }
                self.next_slot(&mut events);
            }
            (&Choice::Crash { rider, card, stop }, Wait::Turn | Wait::Square { .. }) => {
                self.wait = Wait::Turn;
                self.take_card(seat, card);
                let from = self.riders[rider].spot;
                if stop.row > Self::row_of(from)
                    || matches!(from, Spot::Start | Spot::Roadside { .. })
                {
                    self.riders[rider].spot = Spot::Road { pos: stop };
                }
                let shown = self
                    .options
                    .crash
                    .reveal_hand
                    .then(|| self.hands[seat as usize].clone());
                // G-14: the contact square: straight ahead, else a diagonal.
                let contact = self
                    .steps_from(self.riders[rider].spot)
                    .into_iter()
                    .find(|&q| self.blocked(q));
                match contact {
                    Some(q) if self.involved(q) => {
                        let sq = self.board.square(q).cloned();
                        if let Some(sq) = sq
                            && let Some(ci) = self
                                .crashes
                                .iter()
                                .position(|c| c.number == sq.label.number && c.way == sq.way)
                        {
                            self.crashes[ci].riders.push(rider);
                            let row = self.crash_row(sq.label.number, sq.way);
                            self.set_aside(rider, row);
                            events.push(Event::JoinedCrash {
                                rider,
                                card,
                                number: sq.label.number,
                                shown,
                            });
                        }
                    }
                    Some(q) => {
                        let hit = self.rider_at(q);
                        self.crash(rider, Some(card), Some(stop), q, hit, shown, &mut events);
                    }
                    None => {}
                }
                self.next_slot(&mut events);
            }
            (Choice::Swap { give }, Wait::Swap { rider, .. }) => {
                for &c in give {
                    self.take_card(seat, c);
                }
                let got = self.deal(seat, give.len());
                events.push(Event::Swapped {
                    rider,
                    count: give.len(),
                });
                events.push(Event::SwapCards {
                    seat,
                    gave: give.clone(),
                    got,
                });
                self.wait = Wait::Turn;
                self.next_slot(&mut events);
            }
            (&Choice::Land { to }, Wait::Land { rider, .. }) => {
                self.wait = Wait::Turn;
                self.chance_land(rider, to, &mut events);
                self.next_slot(&mut events);
            }
            _ => return Err(Refusal::Wrong),
        }
        Ok(events)
    }

    fn steps_from(&self, spot: Spot) -> Vec<Pos> {
        self.first_steps(spot)
    }

    fn rider_at(&self, p: Pos) -> Option<RiderIx> {
        self.riders
            .iter()
            .position(|x| matches!(x.spot, Spot::Road { pos } if pos == p))
    }

    fn crash_row(&self, number: i32, way: u8) -> u16 {
        self.board
            .number_squares(number, way)
            .iter()
            .map(|p| p.row)
            .min()
            .unwrap_or(0)
    }

    fn set_aside(&mut self, r: RiderIx, row: u16) {
        self.roadside += 1;
        self.riders[r].spot = Spot::Roadside {
            row,
            seq: self.roadside,
        };
        self.riders[r].skip = true;
    }

    /// A crash on the number of `contact` (HT-037…HT-043, G-16): the causer, the rider hit,
    /// every rider on that number across the road (in its carriageway, HT-042) from the
    /// numbered side outward; all beside the road in that order, each skipping a turn.
    #[allow(clippy::too_many_arguments)]
    fn crash(
        &mut self,
        causer: RiderIx,
        card: Option<u8>,
        stop: Option<Pos>,
        contact: Pos,
        hit: Option<RiderIx>,
        shown: Option<Vec<u8>>,
        events: &mut Vec<Event>,
    ) {
        let sq = self.board.square(contact).cloned().expect("a square");
        let number = sq.label.number;
        let mut riders = vec![causer];
        riders.extend(hit.filter(|&h| h != causer));
        let mut on: Vec<(u16, u8, RiderIx)> = self
            .board
            .number_squares(number, sq.way)
            .into_iter()
            .filter_map(|p| self.rider_at(p).map(|r| (p.row, p.lane, r)))
            .collect();
        on.sort_by_key(|&(row, lane, _)| (lane, row));
        for (_, _, r) in on {
            if !riders.contains(&r) {
                riders.push(r);
            }
        }
        let row = self.crash_row(number, sq.way);
        for &r in &riders {
            self.set_aside(r, row);
        }
        self.crashes.push(Crash {
            number,
            way: sq.way,
            riders: riders.clone(),
        });
        events.push(Event::Crashed {
            number,
            causer,
            card,
            stop,
            hit,
            riders,
            shown,
        });
    }

    /// A sprint line crossed by a move from `from_row` to `to` (HT-028, G-25).
    fn crossed(&mut self, r: RiderIx, from_row: u16, to: Pos) {
        // HT-076, G-37 (6): a sprint line does nothing in a team time trial.
        let ttt = self.ttt();
        let lines: Vec<u16> = self
            .board
            .sprints
            .iter()
            .map(|s| s.after)
            .filter(|&a| !ttt && from_row <= a && to.row > a)
            .collect();
        for after in lines {
            if !self.riders[r].sprints.contains(&after) {
                self.riders[r].sprints.push(after);
                self.crossings.push((after, to.row - after, to.lane, r));
            }
        }
        if self.board.past_line(to.row) && self.riders[r].crossed.is_none() {
            self.riders[r].crossed = Some(self.round);
        }
    }

    /// Draws a chance card and carries it out (HT-024…HT-027, G-02, G-23); true when the
    /// stage now waits for the player.
    fn draw_chance(&mut self, r: RiderIx, events: &mut Vec<Event>) -> bool {
        if self.chance.is_empty() {
            return false;
        }
        let card = self.chance.remove(0);
        events.push(Event::ChanceDrawn { rider: r, card });
        let seat = self.riders[r].team;
        let mut waits = false;
        match card.effect {
            Effect::Advance | Effect::FallBack => {
                let (options, into) =
                    self.chance_ends(r, card.effect == Effect::Advance, card.amount);
                if let Some(q) = into {
                    let sq = self.board.square(q).cloned().expect("a square");
                    if let Some(ci) = self
                        .crashes
                        .iter()
                        .position(|c| c.number == sq.label.number && c.way == sq.way)
                    {
                        self.crashes[ci].riders.push(r);
                        let row = self.crash_row(sq.label.number, sq.way);
                        self.set_aside(r, row);
                        events.push(Event::JoinedCrash {
                            rider: r,
                            card: 0,
                            number: sq.label.number,
                            shown: None,
                        });
                        self.chance.push(card);
                        return false;
                    }
                }
                match options.len() {
                    0 => {}
                    1 => self.chance_land(r, options[0], events),
                    _ => {
                        self.wait = Wait::Land { rider: r, options };
                        waits = true;
                    }
                }
            }
            Effect::Puncture => self.riders[r].skip = true,
            Effect::CrashHere => {
                if let Spot::Road { pos } = self.riders[r].spot {
                    self.crash(r, None, None, pos, None, None, events);
                }
                // HT-041: under the pile, then the pile shuffled.
                self.chance.push(card);
                self.chance.shuffle(&mut self.chance_rng);
                events.push(Event::ChanceShuffled);
                return false;
            }
            Effect::Exchange => {
                let count = self.hands[seat as usize].len().min(card.amount as usize);
                if count > 0 {
                    self.wait = Wait::Swap {
                        rider: r,
                        count,
                        up_to: true,
                    };
                    waits = true;
                }
            }
            Effect::Keep => {
                if self.riders[r].kept.is_none() {
                    self.riders[r].kept = Some(card);
                    return false;
                }
            }
            Effect::BonusSeconds => {
                self.riders[r].bonus_seconds += card.amount as u32;
                events.push(Event::BonusSeconds {
                    rider: r,
                    seconds: card.amount as u32,
                });
            }
            Effect::Nothing => {}
        }
        self.chance.push(card);
        waits
    }

    /// The furthest squares a chance move of `amount` reaches, stopping before an occupied
    /// square or a crash's (never a crash; HT-026, G-23).
    fn chance_ends(&self, r: RiderIx, forward: bool, amount: u8) -> (Vec<Pos>, Option<Pos>) {
        let Spot::Road { pos } = self.riders[r].spot else {
            return (Vec::new(), None);
        };
        let mut layer = vec![pos];
        let mut best = Vec::new();
        let mut short = false;
        for _ in 0..amount {
            let mut next = Vec::new();
            for &p in &layer {
                let steps: Vec<Pos> = if forward {
                    self.board.steps(p).to_vec()
                } else {
                    self.board
                        .squares()
                        .filter(|&q| q.row + 1 == p.row && self.board.steps(q).contains(&p))
                        .collect()
                };
                for q in steps {
                    if !self.blocked(q) && q != pos && !next.contains(&q) {
                        next.push(q);
                    }
                }
            }
            if next.is_empty() {
                short = true;
                break;
            }
            best = next.clone();
            layer = next;
        }
        best.sort();
        // G-23: a chance move that falls short where the way on is a crash's square of this
        // round rides into that crash.
        let into = if short && forward {
            layer
                .iter()
                .flat_map(|&p| self.board.steps(p).iter().copied())
                .find(|&q| self.involved(q))
        } else {
            None
        };
        (best, into)
    }

    fn chance_land(&mut self, r: RiderIx, to: Pos, events: &mut Vec<Event>) {
        let from = Self::row_of(self.riders[r].spot);
        self.riders[r].spot = Spot::Road { pos: to };
        events.push(Event::ChanceMoved { rider: r, to });
        // A chance move that gains no row crosses no line: `crossed` finds none then.
        self.crossed(r, from, to);
    }

    // ----- cards -----

    fn take_card(&mut self, seat: Seat, card: u8) {
        let hand = &mut self.hands[seat as usize];
        if let Some(i) = hand.iter().position(|&c| c == card) {
            hand.remove(i);
            self.discard.push(card);
        }
    }

    /// Deals `n` cards to a team from the draw pile, the discards shuffled into a new pile
    /// when it runs out (G-06).
    fn deal(&mut self, seat: Seat, n: usize) -> Vec<u8> {
        let mut got = Vec::new();
        for _ in 0..n {
            if self.draw.is_empty() {
                self.draw = std::mem::take(&mut self.discard);
                self.draw.shuffle(&mut self.deck_rng);
            }
            match self.draw.pop() {
                Some(c) => got.push(c),
                None => break,
            }
        }
        let hand = &mut self.hands[seat as usize];
        hand.extend(&got);
        hand.sort_unstable();
        got.sort_unstable();
        got
    }

    // ----- rounds -----

    fn start_round(&mut self, events: &mut Vec<Event>) {
        self.round += 1;
        self.cursor = 0;
        self.crashes.clear();
        self.ordered.clear();
        events.push(Event::RoundStarted { round: self.round });
        if self.ttt() {
            // HT-073, HT-075, G-35: team 1 alone in round 1, then one more team a round, each
            // moving all its riders in one turn (front rider first, until its director says
            // the order it wants as its turn comes).
            let teams = (self.round as usize).min(self.seat_order.len());
            let mut order = Vec::new();
            for &seat in &self.seat_order[..teams] {
                let mut own: Vec<(u16, u8, RiderIx)> = self
                    .riders
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| x.team == seat)
                    .filter_map(|(i, x)| match x.spot {
                        Spot::Road { pos } => Some((pos.row, pos.lane, i)),
                        Spot::Roadside { row, .. } => Some((row, u8::MAX, i)),
                        Spot::Start => Some((0, i as u8, i)),
                        Spot::Off => None,
                    })
                    .collect();
                own.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
                order.extend(own.into_iter().map(|x| Slot::Ride(x.2)));
            }
            self.order = order;
            return;
        }
        if self.round == 1 && !self.placed {
            // HT-015: placement, first riders in seat order from the first player, then the
            // second riders, then the third.
            self.order = (0..TEAM_SIZE)
                .flat_map(|_| self.seat_order.iter().map(|&s| Slot::Place(s)))
                .collect();
            return;
        }
        // HT-056: a card for every finished rider, at the round's start.
        let mut order: Vec<Slot> = self.finished.iter().map(|&r| Slot::Discard(r)).collect();
        // HT-016, HT-018, G-12: from the front; on one row the numbered side first; riders
        // beside the road after the riders on their number, in roadside order.
        let mut racing: Vec<(u16, u8, u32, RiderIx)> = self
            .riders
            .iter()
            .enumerate()
            .filter_map(|(i, x)| match x.spot {
                Spot::Road { pos } => Some((pos.row, 0, pos.lane as u32, i)),
                Spot::Roadside { row, seq } => Some((row, 1, seq, i)),
                Spot::Start => Some((0, 2, i as u32, i)),
                Spot::Off => None,
            })
            .collect();
        racing.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
        order.extend(racing.into_iter().map(|x| Slot::Ride(x.3)));
        self.order = order;
    }

    /// After a slot: the next one, or the round's end.
    fn next_slot(&mut self, events: &mut Vec<Event>) {
        self.wait = Wait::Turn;
        self.cursor += 1;
        self.settle(events);
    }

    /// Moves on until someone owes a decision: ends rounds, deals empty hands (G-06).
    fn settle(&mut self, events: &mut Vec<Event>) {
        loop {
            if self.over {
                return;
            }
            if self.cursor >= self.order.len() {
                self.end_round(events);
                if self.over {
                    return;
                }
                self.start_round(events);
                continue;
            }
            let seat = match self.order[self.cursor] {
                Slot::Place(s) => s,
                Slot::Ride(r) | Slot::Discard(r) => self.riders[r].team,
            };
            if self.ttt() {
                // HT-072: new cards once, when the team holds one card a rider; G-34: dealt
                // again, 5 a rider still racing, if the hand runs dry (`ttt.extra_refills`).
                let hand = self.hands[seat as usize].len();
                let racing = self
                    .riders
                    .iter()
                    .filter(|x| x.team == seat && x.spot != Spot::Off)
                    .count();
                let count = if !self.refilled[seat as usize] && hand <= TEAM_SIZE {
                    self.refilled[seat as usize] = true;
                    TEAM_SIZE * CARDS_PER_RIDER
                } else if hand == 0 && self.options.ttt.extra_refills {
                    racing * CARDS_PER_RIDER
                } else {
                    0
                };
                if count > 0 {
                    let got = self.deal(seat, count);
                    events.push(Event::Refilled {
                        seat,
                        count: got.len(),
                    });
                    events.push(Event::Dealt { seat, cards: got });
                }
            } else if self.hands[seat as usize].is_empty() {
                let got = self.deal(seat, TEAM_SIZE * CARDS_PER_RIDER);
                events.push(Event::Refilled {
                    seat,
                    count: got.len(),
                });
                events.push(Event::Dealt { seat, cards: got });
            }
            if self.hands[seat as usize].is_empty() {
                // No card left anywhere: the turn passes.
                self.cursor += 1;
                continue;
            }
            if self.ttt() && !self.ordered.contains(&seat) && self.team_block().len() > 1 {
                // G-35: the team first says in which order its riders go this turn.
                self.wait = Wait::Order { seat };
                return;
            }
            if !self.can_play() {
                // Nowhere to go: the turn passes.
                self.cursor += 1;
                continue;
            }
            return;
        }
    }

    fn end_round(&mut self, events: &mut Vec<Event>) {
        // G-25: this round's sprint crossings, furthest first, then numbered side first.
        let mut crossings = std::mem::take(&mut self.crossings);
        crossings.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
        for (after, _, _, r) in crossings {
            let Some(sprint) = self.board.sprints.iter().find(|s| s.after == after) else {
                continue;
            };
            let Some(given) = self.sprint_places.iter_mut().find(|s| s.0 == after) else {
                continue;
            };
            let place = given.1;
            given.1 += 1;
            if let Some(b) = sprint.bonus.get(place).copied() {
                self.riders[r].bonus_seconds += b.seconds;
                self.riders[r].bonus_points += b.points;
                events.push(Event::SprintPlace {
                    rider: r,
                    after,
                    place: place + 1,
                    seconds: b.seconds,
                    points: b.points,
                });
            }
        }
        // HT-049…HT-057: riders over the line this round, furthest first, then the numbered
        // side; their times; then off the road.
        let mut over: Vec<(u16, u8, RiderIx)> = self
            .riders
            .iter()
            .enumerate()
            .filter(|(_, x)| x.crossed == Some(self.round) && x.result.is_none())
            .filter_map(|(i, x)| match x.spot {
                Spot::Road { pos } => Some((self.board.past(pos.row), pos.lane, i)),
                _ => None,
            })
            .collect();
        over.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        if self.ttt() {
            // HT-078: across the line, off the road once every team has played the round;
            // the times wait for the last team (HT-077).
            for &(past, lane, r) in &over {
                self.riders[r].spot = Spot::Off;
                self.riders[r].result = Some(Finish {
                    round: self.round,
                    past,
                    lane,
                    time: 0,
                    place: 0,
                    points: 0,
                });
            }
            if self.riders.iter().all(|x| x.spot == Spot::Off) {
                self.ttt_results(events);
                self.over = true;
                events.push(Event::StageOver);
            }
            return;
        }
        if !over.is_empty() && self.first_finish.is_none() {
            self.first_finish = Some(self.round);
        }
        let worst_before = self
            .riders
            .iter()
            .filter_map(|x| x.result.map(|f| f.time))
            .max();
        for (past, lane, r) in over {
            let time = finish_time(
                self.board.length,
                self.round - self.first_finish.unwrap_or(self.round),
                past,
                if self.options.finish.clamp_later_rounds {
                    worst_before
                } else {
                    None
                },
            );
            let place = self.finished.len() + 1;
            let points = tables::place_points(place);
            self.riders[r].result = Some(Finish {
                round: self.round,
                past,
                lane,
                time,
                place,
                points,
            });
            self.riders[r].spot = Spot::Off;
            self.finished.push(r);
            events.push(Event::Finished {
                rider: r,
                round: self.round,
                past,
                time,
                place,
                points,
            });
        }
        if self.riders.iter().all(|x| x.spot == Spot::Off) {
            self.over = true;
            events.push(Event::StageOver);
        }
    }

    pub fn ttt(&self) -> bool {
        self.options.stage == StageType::TeamTimeTrial
    }

    /// The team time trial's times, places and points (HT-077, HT-079, G-33, G-36): every rider
    /// of a team gets the time of its last rider across; the teams' 18 / 12 / 6 points are
    /// shared by their three riders.
    fn ttt_results(&mut self, events: &mut Vec<Event>) {
        let start = |seat: Seat| {
            self.seat_order
                .iter()
                .position(|&s| s == seat)
                .map_or(1, |i| i as u32 + 1)
        };
        // Per team: (seat, k of its last rider, team turns it needed, total squares past).
        let mut teams: Vec<(Seat, u16, u32, u32)> = Vec::new();
        for &seat in &self.seat_order {
            let own: Vec<Finish> = self
                .riders
                .iter()
                .filter(|x| x.team == seat)
                .filter_map(|x| x.result)
                .collect();
            let Some(last) = own
                .iter()
                .max_by(|a, b| a.round.cmp(&b.round).then(b.past.cmp(&a.past)))
            else {
                continue;
            };
            let turns = last.round + 1 - start(seat);
            let total = own.iter().map(|f| u32::from(f.past)).sum();
            teams.push((seat, last.past, turns, total));
        }
        let fewest = teams.iter().map(|t| t.2).min().unwrap_or(0);
        let time_of = |t: &(Seat, u16, u32, u32)| {
            let base = 200u32.saturating_sub(u32::from(t.1));
            match self.options.ttt.time {
                TttTime::PlusRounds => base + ROUND_SECONDS * (t.2 - fewest),
                TttTime::Plain => base,
            }
        };
        teams.sort_by(|a, b| time_of(a).cmp(&time_of(b)).then(b.3.cmp(&a.3)));
        let mut place = 0;
        for (rank, t) in teams.iter().enumerate() {
            let time = time_of(t);
            let share = tables::TTT_POINTS.get(rank).copied().unwrap_or(0) / TEAM_SIZE as u32;
            let mut own: Vec<RiderIx> = (0..self.riders.len())
                .filter(|&r| self.riders[r].team == t.0)
                .collect();
            own.sort_by_key(|&r| {
                let f = self.riders[r].result.expect("finished");
                (f.round, std::cmp::Reverse(f.past), f.lane)
            });
            for r in own {
                place += 1;
                let f = self.riders[r].result.as_mut().expect("finished");
                f.time = time;
                f.place = place;
                f.points = share;
                let f = *f;
                self.finished.push(r);
                events.push(Event::Finished {
                    rider: r,
                    round: f.round,
                    past: f.past,
                    time,
                    place,
                    points: share,
                });
            }
        }
    }

    /// The front of the race: riders on the road, furthest first.
    pub fn front(&self) -> Vec<RiderIx> {
        let mut on: Vec<(u16, u8, RiderIx)> = self
            .riders
            .iter()
            .enumerate()
            .filter_map(|(i, x)| match x.spot {
                Spot::Road { pos } => Some((pos.row, pos.lane, i)),
                _ => None,
            })
            .collect();
        on.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        on.into_iter().map(|x| x.2).collect()
    }

    /// This stage as `viewer` may know it (see [`crate::registry::Game::determinize`]): the
    /// seconde cards it cannot see (the other teams' hands and the draw pile) gathered, sorted
    /// and dealt again at random, each hand keeping its size; the chance cards still to draw
    /// shuffled; every stream (deck, chance, the random bot's) reseeded from `rng`. A card
    /// chosen by another team whose landing square is still to be picked goes back to its hand
    /// (as the "back to the cards" option does), so the copy never holds it apart.
    pub(super) fn deal_unseen(&mut self, viewer: Viewer, rng: &mut ChaCha8Rng) {
        use rand::SeedableRng;
        let own = match viewer {
            Viewer::Seat(s) => Some(s as usize),
            Viewer::Public => None,
        };
        if let Wait::Square { rider, .. } = self.wait
            && Some(self.riders[rider].team as usize) != own
        {
            self.wait = Wait::Turn;
        }
        let mut pool = std::mem::take(&mut self.draw);
        for (t, hand) in self.hands.iter().enumerate() {
            if Some(t) != own {
                pool.extend_from_slice(hand);
            }
        }
        pool.sort_unstable();
        pool.shuffle(rng);
        for t in 0..self.hands.len() {
            if Some(t) == own {
                continue;
            }
            let k = pool.len() - self.hands[t].len();
            let mut hand = pool.split_off(k);
            hand.sort_unstable();
            self.hands[t] = hand;
        }
        self.draw = pool;
        // In an order that says nothing of the deck's (its own names), each card named once:
        // a sort by a formatted key formats it at every comparison (a tenth of a playout).
        self.chance.sort_by_cached_key(|c| format!("{c:?}"));
        self.chance.shuffle(rng);
        self.deck_rng = ChaCha8Rng::from_rng(rng);
        self.chance_rng = ChaCha8Rng::from_rng(rng);
        self.seed = rng.random();
    }

    pub fn random_pick(&self, options: &[Choice]) -> Choice {
        let mut rng = rng::stream(self.seed ^ self.played.wrapping_mul(0x9E37_79B9), 3);
        options[rng.random_range(0..options.len())].clone()
    }
}

/// HT-050, HT-054, G-26: squares of the stage, plus 10 s a round after the first finishing
/// round, minus the squares past the line; raised to the worst earlier time when a later
/// round would beat it.
pub fn finish_time(length: u16, later_rounds: u32, past: u16, worst_before: Option<u32>) -> u32 {
    let raw = (length as u32 + ROUND_SECONDS * later_rounds).saturating_sub(past as u32);
    match worst_before {
        Some(w) if later_rounds > 0 && raw < w => w,
        _ => raw,
    }
}

/// Every order of `riders`, the given one first.
fn permutations(riders: &[RiderIx]) -> Vec<Vec<RiderIx>> {
    if riders.len() <= 1 {
        return vec![riders.to_vec()];
    }
    let mut out = Vec::new();
    for (i, &r) in riders.iter().enumerate() {
        let mut rest = riders.to_vec();
        rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, r);
            out.push(tail);
        }
    }
    out
}

/// The letters of the landing squares, in the order of the options.
pub const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The rider and card of a move, a crash or a card chosen (`usize::MAX` for anything else).
pub fn played(c: &Choice) -> (RiderIx, u8) {
    match *c {
        Choice::Move { rider, card, .. }
        | Choice::Crash { rider, card, .. }
        | Choice::Card { rider, card } => (rider, card),
        _ => (usize::MAX, 0),
    }
}

/// The distinct values of a hand, lowest first.
pub fn distinct(hand: &[u8]) -> Vec<u8> {
    let mut v = hand.to_vec();
    v.sort_unstable();
    v.dedup();
    v
}

/// Every sub-multiset of `hand` of size `k`, each sorted, without repeats.
fn multisets(hand: &[u8], k: usize, out: &mut Vec<Vec<u8>>) {
    let mut sorted = hand.to_vec();
    sorted.sort_unstable();
    fn go(h: &[u8], k: usize, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        let mut i = 0;
        while i < h.len() {
            cur.push(h[i]);
            go(&h[i + 1..], k, cur, out);
            cur.pop();
            let v = h[i];
            while i < h.len() && h[i] == v {
                i += 1;
            }
        }
    }
    go(&sorted, k, &mut Vec::new(), out);
}

#[cfg(test)]
#[path = "odds_tests.rs"]
mod odds_tests;
