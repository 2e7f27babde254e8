//! The stage as a state machine: energy phase (every team at once), then the movement and end
//! phases, resolved as soon as the last card of the round is chosen.

use super::board::Board;
use super::cards::{Card, FREE_CARDS, HAND_SIZE, deck_for, uncapped_in};
use super::events::{Event, RiderIdx};
use super::house_a::{Profile, StageType, domestique, specialist, time_trial};
use super::house_b::{Conditions, ConditionsView, fictive_start, time_trial as b_time_trial};
use super::movement::{leave, slipstream_except};
use super::setup::{Hands, SetupError, StageEnd, StageSetup};
use crate::course::{Course, Marker, Pos};
use crate::game::{Decision, Ruleset, Seat, Viewer};
use crate::rng::rider_stream;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One choice of a team in the energy phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Choice {
    /// Draw this rider's hand now (the team picks which rider draws first, FR-2).
    Draw { rider: RiderIdx },
    /// Keep this card face down for the round; the rest of the hand is recycled.
    Keep { rider: RiderIdx, card: Card },
    /// Play no card and leave the stage (house rules A's domestique, HA-030).
    Quit { rider: RiderIdx },
    /// House rules B's attack search (HB-018): discard the card turned up and turn the next.
    /// Keeping the turned card is `Keep` with that card.
    Turn { rider: RiderIdx },
    /// House rules B's musette (HB-048): draw 2 more cards into the hand now.
    Musette { rider: RiderIdx },
    /// Keep this card and gamble on the steep downhill row ahead (house rules B, HB-006).
    Gamble { rider: RiderIdx, card: Card },
    /// Ride on the left side of the road (or back on the right) when landing (house rules B's
    /// wind, HB-034).
    Side { rider: RiderIdx, left: bool },
    /// Breakaway auction (house rules A): draw a hand for this bid step; one card of it is bid.
    BidDraw { rider: RiderIdx },
    /// Bid this card of the hand drawn for the bid.
    Bid { rider: RiderIdx, card: Card },
    /// Bid the top card of the draw pile unseen, as a bot does (HA-051, HA-052).
    BidBlind { rider: RiderIdx },
    /// Bid no card at this step (at the first step: the team stays out of the auction).
    BidPass { rider: RiderIdx },
}

impl Choice {
    pub fn rider(self) -> RiderIdx {
        match self {
            Choice::Draw { rider }
            | Choice::Keep { rider, .. }
            | Choice::Quit { rider }
            | Choice::Turn { rider }
            | Choice::Musette { rider }
            | Choice::Gamble { rider, .. }
            | Choice::Side { rider, .. } => rider,
            Choice::BidDraw { rider }
            | Choice::Bid { rider, .. }
            | Choice::BidBlind { rider }
            | Choice::BidPass { rider } => rider,
        }
    }
}

/// Pushes the event `make` builds straight into the list's memory. `push` builds it on the
/// stack first, field by field, then copies it whole, and reading back so many small writes at
/// once stalls the processor: for the events of every card chosen and every move.
#[inline(always)]
fn push_built(events: &mut Vec<Event>, make: impl FnOnce() -> Event) {
    events.extend(std::iter::once_with(make));
}

/// Cards a rider's piles have room for beyond its starting deck (see `Stage::with_dice`).
const PILE_SLACK: usize = 16;

/// Sorts a hand's few card ranks in place: quicker than the general sort.
fn insertion_sort(ranks: &mut [u16]) {
    for i in 1..ranks.len() {
        let mut j = i;
        while j > 0 && ranks[j] < ranks[j - 1] {
            ranks.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// Why a choice was refused. The stage is unchanged when one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the stage is over")]
    StageOver,
    #[error("there is no team {0} in this stage")]
    UnknownSeat(Seat),
    #[error("there is no rider number {0} in this stage")]
    UnknownRider(RiderIdx),
    #[error("{rider} is not a rider of your team")]
    NotYourRider { rider: String },
    #[error("{rider} has crossed the line and plays no more")]
    RiderFinished { rider: String },
    #[error("{rider} has quit the stage and plays no more")]
    RiderQuit { rider: String },
    #[error("{rider} cannot quit the stage: only a domestique may, once its hand is drawn")]
    CannotQuit { rider: String },
    #[error("{rider} has already chosen a card this round")]
    AlreadyChosen { rider: String },
    #[error("{rider} has already drawn this round: keep one of the cards drawn")]
    AlreadyDrawn { rider: String },
    #[error("draw {rider}'s hand first, then keep a card from it")]
    DrawFirst { rider: String },
    #[error("finish with {drawn} first: keep one of the cards it drew")]
    FinishDrawnRider { drawn: String },
    #[error("hands are free in this stage: choose a card, there is nothing to draw")]
    NothingToDraw,
    #[error(
        "{rider} is searching its draw pile for its attack: keep the {card} turned up, or turn the next card"
    )]
    Searching { rider: String, card: Card },
    #[error(
        "{rider} has no card turned up to pass over: only a rider searching for its attack turns cards"
    )]
    NothingTurned { rider: String },
    #[error(
        "{rider} cannot gamble with that card: the gamble is for a card that reaches a steep downhill row, with the option steep_downhill = \"gamble\""
    )]
    NoGamble { rider: String },
    #[error(
        "{rider} has no side of the road to choose now: the side is chosen with the wind in play (wind = \"house-b\"), once the hand is drawn"
    )]
    NoSide { rider: String },
    #[error(
        "{rider} has no musette to open this round: a musette is taken in a feed zone, and one a round may be opened, once the hand is drawn"
    )]
    NoMusette { rider: String },
    #[error("there is no breakaway auction now: draw a hand and keep a card")]
    NoAuction,
    #[error("the breakaway auction comes first: bid for the breakaway, or pass")]
    AuctionFirst,
    #[error("{rider}'s team is out of the breakaway auction")]
    OutOfAuction { rider: String },
    #[error("{rider}'s team has bid at this step: the bids are shown once every team has bid")]
    AlreadyBid { rider: String },
    #[error(
        "{rider} cannot bid: a team bids with the one rider it chose first, and specialists never bid"
    )]
    CannotBid { rider: String },
    #[error("{card} is not in {rider}'s hand (the hand is {hand})")]
    CardNotInHand {
        rider: String,
        card: Card,
        hand: String,
    },
}

#[derive(Debug, Clone)]
pub(crate) struct Rider {
    pub pos: Pos,
    pub on_road: bool,
    pub deck: Vec<Card>,
    pub recycle: Vec<Card>,
    pub hand: Vec<Card>,
    pub drawn: bool,
    pub kept: Option<Card>,
    pub played: Vec<Card>,
    pub exhaustion_taken: u16,
    /// Exhaustion cards played from the supply because the rider had no card at all (FR-2).
    pub supply_exhaustion: u16,
    pub crossed: Option<(u32, Pos)>,
    pub rng: ChaCha8Rng,
    /// Times the recycle pile became the draw pile, and how many of those came before the
    /// first card of the hand drawn last (house rules A's Brain phases, QA-05).
    pub reshuffles: u16,
    pub hand_reshuffles: u16,
    /// House rules A's specialist sprinteur's 9s set aside on climbs (HA-025).
    pub saved_nines: u8,
    /// A domestique that gave up the stage (HA-030).
    pub quit: bool,
    /// House rules B's musette tokens held (HB-047), and whether one was opened this round.
    pub musettes: u8,
    pub musette_opened: bool,
}

impl Rider {
    pub fn racing(&self) -> bool {
        self.crossed.is_none() && !self.quit
    }
}

/// What one rider did in the last round, for the board picture and the narration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RiderRound {
    pub rider: RiderIdx,
    pub card: Card,
    pub from: Pos,
    pub to: Pos,
    pub slipstream: bool,
    pub exhaustion: bool,
    pub crossed: bool,
    /// It played house rules B's attack card and rode the card its search kept (HB-017).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attack: bool,
    /// It took a musette in a feed zone this round (HB-047).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub musette: bool,
}

/// A line on the road that riders are ranked over: an intermediate sprint, or the top of a climb.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineCrossing {
    /// The line lies just before this row.
    pub row: u16,
    pub marker: Marker,
    /// Riders over the line, first first: by round, then furthest past it, then lane 0.
    pub riders: Vec<RiderIdx>,
    /// A climb with a steep row, steep rows in play: its summit pays 1 more (HB-068).
    #[serde(default)]
    pub steep: bool,
}

#[derive(Debug, Clone)]
pub struct Stage {
    pub(crate) setup: Arc<StageSetup>,
    pub(crate) seed: u64,
    pub(crate) round: u32,
    pub(crate) board: Board,
    pub(crate) riders: Vec<Rider>,
    pub(crate) team_riders: Vec<Vec<RiderIdx>>,
    /// Per team, the rider whose hand is drawn and waits for a card to be kept.
    pub(crate) drawing: Vec<Option<RiderIdx>>,
    pub(crate) last_round: Vec<RiderRound>,
    pub(crate) lines: Vec<LineCrossing>,
    pub(crate) over: bool,
    /// House rules B's weather and wind, and the dice they roll.
    pub(crate) conditions: Conditions,
    /// HA-001, from the course: house rules A's specialist and bots read it.
    pub(crate) stage_type: StageType,
    /// The rider at the head of the race after each round's end phase, round 1 first: house
    /// rules A's combativity tokens (HA-063). None in a time trial, whose riders ride apart.
    pub(crate) leaders: Vec<RiderIdx>,
    /// House rules B's time trial, when the stage is one (HB-049…HB-057).
    pub(crate) b_trial: Option<b_time_trial::Trial>,
    /// House rules B's attacks of the round being resolved (HB-017…HB-019).
    pub(crate) attacks: Option<super::house_b::attack::Attacks>,
    /// House rules A's breakaway auction while it runs (`house_a::auction`).
    pub(crate) auction: Option<super::house_a::auction::Auction>,
    /// Riders who started in the breakaway, and those of them nobody has joined yet (HA-056).
    pub(crate) breakaway: Vec<RiderIdx>,
    pub(crate) breakaway_alone: Vec<RiderIdx>,
    /// The base game's Peloton bot team's state (`house_a::peloton`).
    pub(crate) peloton: super::house_a::peloton::PelotonState,
    /// House rules A's gruppetto while it is on the road.
    pub(crate) gruppetto: Option<super::house_a::gruppetto::Gruppetto>,
    /// The round at whose end the gruppetto swept the stragglers over the line (HA-037).
    pub(crate) gruppetto_swept: Option<u32>,
}

impl Stage {
    pub fn new(setup: StageSetup, seed: u64) -> Result<Self, SetupError> {
        Self::from_shared(Arc::new(setup), seed)
    }

    /// Starts a stage from a shared setup: cheap for simulations that start many stages.
    pub fn from_shared(setup: Arc<StageSetup>, seed: u64) -> Result<Self, SetupError> {
        Self::with_dice(setup, seed, Vec::new())
    }

    /// Starts a stage whose dice show the `given` faces first (a scenario fixing the weather),
    /// then the seed's stream.
    pub fn with_dice(
        setup: Arc<StageSetup>,
        seed: u64,
        given: Vec<u8>,
    ) -> Result<Self, SetupError> {
        setup.validate()?;
        let conditions = Conditions::start(
            &setup.options.house_b,
            &setup.course,
            setup.riders.len(),
            seed,
            given,
        )?;
        // Our mend of the course end: the road past the line is as long as the longest move, so
        // a card that carries a rider over the line counts every row (time credit, finish order).
        let longest = Conditions::longest_move(&setup.options.house_b);
        // House rules B's time trials ride a shortened course (HB-049, HB-054).
        let setup = match setup.options.time_trial_b {
            Some(_) if setup.options.time_trial_cut != b_time_trial::Cut::None => {
                let mut cut = (*setup).clone();
                cut.course = Arc::new(b_time_trial::cut_course(
                    &setup.course,
                    setup.options.time_trial_cut,
                ));
                Arc::new(cut)
            }
            _ => setup,
        };
        let setup = if setup.course.run_out() < longest {
            let mut grown = (*setup).clone();
            grown.course = Arc::new(setup.course.with_run_out(longest));
            Arc::new(grown)
        } else {
            setup
        };
        let stage_type = StageType::of(&setup.course);
        let mut board = Board::new(&setup.course);
        let deal = setup.options.hands == Hands::Deal;
        let tt = setup.options.time_trial;
        // A time trial's riders ride roads of their own (HA-044): they are not on the board.
        let starts: Vec<Pos> = match tt {
            Some(tt) => time_trial::starts(&setup, tt),
            None => setup.riders.iter().map(|r| r.start).collect(),
        };
        let riders = setup
            .riders
            .iter()
            .enumerate()
            .map(|(i, r)| {
                if tt.is_none() && setup.options.time_trial_b.is_none() {
                    board.put(r.start, i as RiderIdx);
                }
                let mut rng = rider_stream(seed, i);
                let deck = if deal {
                    let mut d = match tt {
                        Some(_) => time_trial::starting_deck(
                            deck_for(r.kind, setup.options.profiles, stage_type, 0),
                            r.carried_exhaustion,
                        ),
                        None => deck_for(
                            r.kind,
                            setup.options.profiles,
                            stage_type,
                            r.carried_exhaustion,
                        ),
                    };
                    // HB-016: one attack card in every deck (never in a time trial, QB-08).
                    if setup.options.house_b.attack_card && tt.is_none() {
                        d.push(Card::Attack);
                    }
                    d.shuffle(&mut rng);
                    d
                } else {
                    Vec::new()
                };
                // Room for the whole deck and the exhaustion cards a stage adds, so the piles,
                // which trade places at each reshuffle, rarely grow mid-stage.
                let room = deck.len() + PILE_SLACK;
                Rider {
                    pos: starts[i],
                    on_road: true,
                    deck,
                    recycle: Vec::with_capacity(room),
                    hand: Vec::with_capacity(HAND_SIZE),
                    drawn: false,
                    kept: None,
                    played: Vec::with_capacity(room),
                    exhaustion_taken: 0,
                    supply_exhaustion: 0,
                    crossed: None,
                    rng,
                    reshuffles: 0,
                    hand_reshuffles: 0,
                    saved_nines: 0,
                    quit: false,
                    musettes: 0,
                    musette_opened: false,
                }
            })
            .collect();
        let mut team_riders = vec![Vec::new(); setup.teams.len()];
        for (i, r) in setup.riders.iter().enumerate() {
            team_riders[r.team as usize].push(i as RiderIdx);
        }
        // Sprints are ranked over their line; climbs over their top, the line after the summit row.
        let lines = setup
            .course
            .markers()
            .filter_map(|(row, marker)| match marker {
                Marker::Sprint { .. } => Some((row, marker.clone())),
                Marker::Summit { .. } => Some((row + 1, marker.clone())),
                _ => None,
            })
            .map(|(row, marker)| LineCrossing {
                steep: match marker {
                    Marker::Summit { length, .. } => {
                        conditions.steep_climb(&setup.course, row - 1, length)
                    }
                    _ => false,
                },
                row,
                marker,
                riders: Vec::new(),
            })
            .collect();
        let b_trial = setup.options.time_trial_b.map(|kind| {
            let teams: Vec<Seat> = setup.riders.iter().map(|r| r.team).collect();
            b_time_trial::Trial::new(kind, &teams, setup.course.start_cells())
        });
        let fictive = setup.options.fictive_start;
        let mut stage = Stage {
            drawing: vec![None; setup.teams.len()],
            lines,
            setup,
            seed,
            round: if fictive { fictive_start::ROUND } else { 1 },
            board,
            riders,
            team_riders,
            last_round: Vec::new(),
            over: false,
            conditions,
            stage_type,
            leaders: Vec::new(),
            b_trial,
            attacks: None,
            auction: None,
            breakaway: Vec::new(),
            breakaway_alone: Vec::new(),
            peloton: Default::default(),
            gruppetto: None,
            gruppetto_swept: None,
        };
        stage.deal_bot_teams();
        stage.open_gruppetto();
        stage.open_auction();
        if stage.b_trial.is_some() {
            b_time_trial::open(&mut stage);
        }
        if fictive {
            fictive_start::grid(&mut stage);
        }
        Ok(stage)
    }

    pub fn setup(&self) -> &StageSetup {
        &self.setup
    }
    pub fn course(&self) -> &Course {
        &self.setup.course
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// This stage as `viewer` may know it (see [`crate::registry::Game::determinize`]). Of a
    /// rider of another team the viewer knows how many cards lie in its draw pile, recycle pile
    /// and hand, and whether it kept a card, but not which: all of them are gathered, sorted
    /// and dealt again at random into the same sizes (FR-2: the recycled cards lie face down;
    /// the kept card is secret until the reveal, after which it stays as it is). Of its own
    /// riders the viewer knows the hand, the kept card and the recycle pile: only the order of
    /// the draw pile is shuffled. House rules A's face-down weather tokens are shuffled among
    /// their tiles. Every random stream (each rider's deck, the dice, the gruppetto's) is
    /// reseeded from `rng`.
    pub(crate) fn deal_unseen(&mut self, viewer: Viewer, rng: &mut ChaCha8Rng) {
        let dealt = self.setup.options.hands == Hands::Deal;
        let open = self.setup.options.time_trial_b.is_some();
        let revealed = self.attacks.is_some();
        for (i, rider) in self.riders.iter_mut().enumerate() {
            rider.rng = ChaCha8Rng::from_rng(&mut *rng);
            if !dealt {
                continue;
            }
            let own = viewer == Viewer::Seat(self.setup.riders[i].team);
            if own || open {
                rider.deck.sort_unstable();
                rider.deck.shuffle(rng);
                continue;
            }
            let hide_kept = !revealed && rider.kept.is_some();
            let (deck, recycle, hand) = (rider.deck.len(), rider.recycle.len(), rider.hand.len());
            let mut pool = std::mem::take(&mut rider.deck);
            pool.append(&mut rider.recycle);
            pool.append(&mut rider.hand);
            if hide_kept {
                pool.extend(rider.kept.take());
            }
            pool.sort_unstable();
            pool.shuffle(rng);
            if hide_kept {
                rider.kept = pool.pop();
            }
            rider.hand = pool.split_off(pool.len() - hand);
            rider.recycle = pool.split_off(pool.len() - recycle);
            debug_assert_eq!(pool.len(), deck);
            rider.deck = pool;
        }
        self.deal_unseen_bids(viewer, rng);
        self.conditions.reseed(rng);
        if let Some(g) = &mut self.gruppetto {
            g.reseed(rng);
        }
    }
    /// The round being played (the last one once the stage is over).
    pub fn round(&self) -> u32 {
        self.round
    }
    pub fn position(&self, rider: RiderIdx) -> Pos {
        self.riders[rider as usize].pos
    }
    pub fn hand(&self, rider: RiderIdx) -> &[Card] {
        &self.riders[rider as usize].hand
    }
    pub fn exhaustion_taken(&self, rider: RiderIdx) -> u16 {
        self.riders[rider as usize].exhaustion_taken
    }
    pub fn cards_played(&self, rider: RiderIdx) -> &[Card] {
        &self.riders[rider as usize].played
    }
    /// The round a rider crossed the line in, and where it stood then.
    pub fn crossed(&self, rider: RiderIdx) -> Option<(u32, Pos)> {
        self.riders[rider as usize].crossed
    }
    /// Who crossed each sprint line and climb top so far, in course order.
    pub fn line_crossings(&self) -> &[LineCrossing] {
        &self.lines
    }
    pub fn last_round(&self) -> &[RiderRound] {
        &self.last_round
    }
    pub fn team_riders(&self, seat: Seat) -> &[RiderIdx] {
        &self.team_riders[seat as usize]
    }
    /// Every card of a rider by pile: (draw pile, hand, recycle pile, played).
    pub fn piles(&self, rider: RiderIdx) -> (&[Card], &[Card], &[Card], &[Card]) {
        let r = &self.riders[rider as usize];
        (&r.deck, &r.hand, &r.recycle, &r.played)
    }
    /// The card laid face down this round, if chosen. Private: views show it to its team only.
    pub fn kept(&self, rider: RiderIdx) -> Option<Card> {
        self.riders[rider as usize].kept
    }
    /// False once a rider has crossed and left the road at the end of its round.
    pub fn on_road(&self, rider: RiderIdx) -> bool {
        self.riders[rider as usize].on_road
    }
    /// House rules B's weather level and wind now (none when their options are off).
    pub fn conditions(&self) -> ConditionsView {
        // The board shows the round just played, or the last one once the stage is over.
        let shown = if self.over {
            self.round
        } else {
            self.round.saturating_sub(1)
        };
        self.conditions.view(shown)
    }
    /// What the stage drew before its first round (wind, round 1's weather): public events.
    pub fn opening_events(&self) -> &[Event] {
        self.conditions.opening()
    }
    /// Exhaustion cards played from the supply by a rider that had no card left.
    pub fn supply_exhaustion(&self, rider: RiderIdx) -> u16 {
        self.riders[rider as usize].supply_exhaustion
    }

    /// The rider at the head of the race after each round, round 1 first (HA-063).
    pub fn round_leaders(&self) -> &[RiderIdx] {
        &self.leaders
    }

    /// The stage's type by its climbs (HA-001).
    pub fn stage_type(&self) -> StageType {
        self.stage_type
    }

    /// How far a card takes a rider from `row` by the terrain rules, before blocking: FR-4,
    /// FR-5, PEL-1, with the climb exemptions of the rider's profile (HB-009, HA-004, HA-005).
    pub fn reach_from(&self, rider: RiderIdx, row: u16, card: Card) -> u16 {
        let from = Pos::new(row, self.riders[rider as usize].pos.lane);
        let uncapped = self.uncapped(rider, card);
        self.conditions
            .distance(&self.setup.course, from, uncapped, card)
    }

    /// The card a rider rides by: the card played, but for house rules A's specialist
    /// sprinteur, who saves its 9s on climbs for later 6s (HA-025).
    fn ridden_card(&mut self, rider: RiderIdx, row: u16, card: Card) -> Card {
        let card = self.bot_team_card(rider, card);
        let kind = self.setup.riders[rider as usize].kind;
        if kind != super::cards::RiderKind::Specialist {
            return card;
        }
        let profile = Profile::of(kind, self.stage_type);
        let on_climb = self.setup.course.terrain(row) == crate::course::Terrain::Uphill;
        let r = &mut self.riders[rider as usize];
        let (ridden, saved) = specialist::sprinteur_card(profile, on_climb, card, r.saved_nines);
        r.saved_nines = saved;
        ridden
    }

    /// House rules A's Brain phases (QA-05): reshuffles made before the first card of the hand
    /// the rider drew last.
    pub fn hand_reshuffles(&self, rider: RiderIdx) -> u16 {
        self.riders[rider as usize].hand_reshuffles
    }

    /// Whether this card of the rider ignores the climb rule (HB-009, HA-004, HA-005, HA-028).
    pub fn uncapped(&self, rider: RiderIdx, card: Card) -> bool {
        let kind = self.setup.riders[rider as usize].kind;
        uncapped_in(kind, self.setup.options.profiles, self.stage_type, card)
    }

    /// [`Stage::reach_from`] the rider's row.
    pub fn reach(&self, rider: RiderIdx, card: Card) -> u16 {
        self.reach_from(rider, self.riders[rider as usize].pos.row, card)
    }

    /// Riders front to back: furthest row first, lane 0 first within a row. Finished riders
    /// are placed where they crossed.
    pub fn race_order(&self) -> Vec<RiderIdx> {
        self.race_order_of(|_| true)
    }

    /// [`Stage::race_order`] of the riders `keep` takes.
    fn race_order_of(&self, keep: impl Fn(&Rider) -> bool) -> Vec<RiderIdx> {
        // Sorted as one number per rider (row back to front, then lane, then index, which keeps
        // riders in one cell, a finished rider's and another's, in index order): every round
        // asks three times, and comparing through the riders cost more than the rest of it.
        // A stage has at most 64 riders (`StageSetup::validate`).
        let mut keys = [0u32; 64];
        let mut n = 0;
        for (i, r) in self.riders.iter().enumerate() {
            if keep(r) {
                keys[n] =
                    ((u16::MAX - r.pos.row) as u32) << 16 | (r.pos.lane as u32) << 8 | i as u32;
                n += 1;
            }
        }
        // Each key's place is the number of keys below it (they are all different): a count
        // with no branch to mispredict, quicker than sorting for a field of riders.
        let keys = &keys[..n];
        let mut order = vec![0; n];
        for &k in keys {
            let place = keys.iter().filter(|&&other| other < k).count();
            order[place] = k as RiderIdx;
        }
        order
    }

    /// The finishing order: riders across the line by the round they crossed in, then furthest
    /// past the line, then lane 0 first; then the riders still racing, in race order.
    pub fn finish_order(&self) -> Vec<RiderIdx> {
        if let Some(trial) = &self.b_trial {
            return b_time_trial::finish_order(self, trial.kind);
        }
        let mut order: Vec<RiderIdx> = (0..self.riders.len() as RiderIdx).collect();
        order.sort_by_key(|&i| {
            let r = &self.riders[i as usize];
            match r.crossed {
                Some((round, p)) => (0, round, std::cmp::Reverse(p.row), p.lane),
                None if r.quit => (2, 0, std::cmp::Reverse(r.pos.row), r.pos.lane),
                None => (1, 0, std::cmp::Reverse(r.pos.row), r.pos.lane),
            }
        });
        order
    }

    fn name(&self, rider: RiderIdx) -> String {
        self.setup.riders[rider as usize].id.clone()
    }

    /// A rider of the team still owes a card this round.
    fn owes_card(&self, rider: RiderIdx) -> bool {
        let r = &self.riders[rider as usize];
        r.racing()
            && r.kept.is_none()
            && self
                .b_trial
                .as_ref()
                .is_none_or(|t| t.started(rider, self.round))
    }

    /// Whether a rider still owes a card this round (not across, not waiting its turn to set
    /// off in a house-B time trial).
    pub fn owes(&self, rider: RiderIdx) -> bool {
        self.owes_card(rider)
    }

    /// The round a rider sets off in, in a house-B time trial (HB-049, HB-054).
    pub fn sets_off(&self, rider: RiderIdx) -> Option<u32> {
        self.b_trial.as_ref().map(|t| t.sets_off[rider as usize])
    }

    /// Whether the stage is in its fictive start, before round 1 (HB-038…HB-043).
    pub fn in_fictive_start(&self) -> bool {
        self.setup.options.fictive_start && self.round == fictive_start::ROUND && !self.over
    }

    /// The legal options of one team now (the only place legality is decided).
    pub fn legal_choices(&self, seat: Seat) -> Vec<Choice> {
        let mut options = Vec::new();
        self.legal_choices_into(seat, &mut options);
        options
    }

    /// [`Stage::legal_choices`] into a buffer the caller keeps, cleared first: a bot playing a
    /// whole stage asks hundreds of times, and a list allocated each time cost more than the
    /// choosing.
    pub fn legal_choices_into(&self, seat: Seat, options: &mut Vec<Choice>) {
        options.clear();
        if self.auction.is_some() {
            options.extend(self.auction_choices(seat));
            return;
        }
        self.card_choices(seat, options);
        // HB-015: house rules B's Peloton takes no decision but its draw (our ruling).
        if self.b_peloton()
            && self.bot_team(seat) == Some(super::house_a::peloton::BotTeam::Peloton)
        {
            return;
        }
        // HA-030: a domestique who has seen its hand may quit instead (QA-16), after every
        // other option.
        let time_trial = self.setup.options.time_trial.is_some();
        let may_quit = |s: &Self, rider: RiderIdx| {
            domestique::may_quit(s.setup.riders[rider as usize].kind, time_trial)
        };
        let mut quits = Vec::new();
        match self.setup.options.hands {
            Hands::Deal => {
                if let Some(rider) = self.drawing.get(seat as usize).copied().flatten()
                    && may_quit(self, rider)
                {
                    quits.push(Choice::Quit { rider });
                }
            }
            Hands::Free => {
                // Options come rider by rider: one way out for each rider offered.
                let mut last = None;
                for option in options.iter() {
                    let rider = option.rider();
                    if last != Some(rider) {
                        last = Some(rider);
                        if may_quit(self, rider) {
                            quits.push(Choice::Quit { rider });
                        }
                    }
                }
            }
        }
        // HB-048: a rider holding a musette may open it once its hand is drawn (QB-17).
        options.extend(self.musette_choice(seat));
        // HB-006: the steep downhill gamble, declared with the card (QB-03).
        options.extend(self.gamble_choices(seat));
        // HB-034: the side of the road, with the wind in play (QB-13).
        options.extend(self.side_choice(seat));
        // HB-044: another card in place of the attack card at the fictive start (QB-16).
        options.extend(fictive_start::attack_exception(self, seat));
        options.extend(quits);
    }

    /// The cards (or draws) a team may choose now, pushed onto `out`.
    fn card_choices(&self, seat: Seat, out: &mut Vec<Choice>) {
        if self.over || seat as usize >= self.team_riders.len() {
            return;
        }
        if let Some(search) = self.attack_choices(seat) {
            out.extend(search);
            return;
        }
        let team = &self.team_riders[seat as usize];
        match self.setup.options.hands {
            Hands::Free => out.extend(
                team.iter()
                    .filter(|&&r| self.owes_card(r) && !self.follows_peloton(r))
                    .flat_map(|&rider| {
                        FREE_CARDS
                            .iter()
                            .map(move |&card| Choice::Keep { rider, card })
                    }),
            ),
            Hands::Deal => match self.drawing[seat as usize] {
                Some(rider) => {
                    // HB-015: the draw decides the split; the team's one option is its card.
                    if self.rides_b_peloton(rider) {
                        let card = self.b_peloton_split(rider).holder;
                        out.push(Choice::Keep { rider, card });
                        return;
                    }
                    let hand = &self.riders[rider as usize].hand;
                    if hand.is_empty() {
                        out.push(Choice::Keep {
                            rider,
                            card: Card::Exhaustion,
                        });
                        return;
                    }
                    // Sorted and deduplicated on the stack, by rank: hands are four cards (a
                    // few more under house rules B).
                    let mut ranks = [0u16; 8];
                    if hand.len() > ranks.len() {
                        let mut cards = hand.clone();
                        cards.sort_unstable();
                        cards.dedup();
                        out.extend(cards.into_iter().map(|card| Choice::Keep { rider, card }));
                        return;
                    }
                    let ranks = &mut ranks[..hand.len()];
                    for (r, c) in ranks.iter_mut().zip(hand) {
                        *r = c.rank();
                    }
                    insertion_sort(ranks);
                    for (i, &rank) in ranks.iter().enumerate() {
                        if i == 0 || ranks[i - 1] != rank {
                            out.push(Choice::Keep {
                                rider,
                                card: Card::from_rank(rank),
                            });
                        }
                    }
                }
                None => out.extend(
                    team.iter()
                        .filter(|&&r| self.draws_now(r))
                        .map(|&rider| Choice::Draw { rider }),
                ),
            },
        }
    }

    /// The rider whose drawn hand a team keeps a card from now, when the team's options are a
    /// card of that hand (or the supply's exhaustion card) and the extras a hand may bring
    /// (a musette, a gamble, a side, a quit): no auction, no attack search, dealt hands.
    pub fn drawn_rider(&self, seat: Seat) -> Option<RiderIdx> {
        // House rules B's Peloton keeps no card of its choosing (HB-015): list its one option.
        if self.over
            || self.auction.is_some()
            || self.attacks.is_some()
            || self.setup.options.hands != Hands::Deal
            || self.b_peloton()
        {
            return None;
        }
        self.drawing.get(seat as usize).copied().flatten()
    }

    /// When a team's options now are draws and nothing else (dealt hands, no auction, no
    /// attack search, no hand drawn yet): the first rider offered, or `Some(None)` when no rider
    /// of the team has a hand to draw. `None` in any other state: list the options.
    pub fn first_to_draw(&self, seat: Seat) -> Option<Option<RiderIdx>> {
        if self.over
            || self.auction.is_some()
            || self.attacks.is_some()
            || self.setup.options.hands != Hands::Deal
            || self.drawing.get(seat as usize) != Some(&None)
        {
            return None;
        }
        Some(
            self.team_riders[seat as usize]
                .iter()
                .copied()
                .find(|&r| self.draws_now(r)),
        )
    }

    /// A rider of a team drawing no hand yet may draw now (dealt hands).
    fn draws_now(&self, rider: RiderIdx) -> bool {
        self.owes_card(rider) && !self.follows_peloton(rider)
    }

    /// Whether `legal_choices(seat)` holds `choice`, without listing them for the most common
    /// choice, a card kept from a dealt hand (a whole stage makes hundreds). Not while an attack
    /// search runs (HB-018): then the card kept is the one turned up, not one of the hand.
    fn is_legal(&self, seat: Seat, choice: &Choice) -> bool {
        match *choice {
            Choice::Keep { rider, card }
                if !self.over
                    && self.auction.is_none()
                    && self.attacks.is_none()
                    && self.setup.options.hands == Hands::Deal
                    && !self.b_peloton() =>
            {
                self.drawing.get(seat as usize).copied().flatten() == Some(rider) && {
                    let hand = &self.riders[rider as usize].hand;
                    if hand.is_empty() {
                        card == Card::Exhaustion
                    } else {
                        hand.contains(&card)
                    }
                }
            }
            // The other common choice: only `card_choices` offers draws, and it offers every
            // rider of the team that `draws_now` while the team draws no hand.
            Choice::Draw { rider }
                if !self.over
                    && self.auction.is_none()
                    && self.attacks.is_none()
                    && self.setup.options.hands == Hands::Deal =>
            {
                self.drawing.get(seat as usize) == Some(&None)
                    && self.team_riders[seat as usize].contains(&rider)
                    && self.draws_now(rider)
            }
            _ => self.legal_choices(seat).contains(choice),
        }
    }

    /// Says why an illegal choice is illegal. Only called once `legal_choices` has refused it.
    fn diagnose(&self, seat: Seat, choice: Choice) -> RuleError {
        if self.over {
            return RuleError::StageOver;
        }
        if seat as usize >= self.team_riders.len() {
            return RuleError::UnknownSeat(seat);
        }
        if let Some(e) = self.attack_refusal(seat) {
            return e;
        }
        if self.auction.is_some()
            || matches!(
                choice,
                Choice::BidDraw { .. }
                    | Choice::Bid { .. }
                    | Choice::BidBlind { .. }
                    | Choice::BidPass { .. }
            )
        {
            return self.diagnose_bid(seat, choice);
        }
        let rider = choice.rider();
        let Some(r) = self.riders.get(rider as usize) else {
            return RuleError::UnknownRider(rider);
        };
        let name = self.name(rider);
        match choice {
            Choice::Turn { .. } => return RuleError::NothingTurned { rider: name },
            Choice::Musette { .. } => return RuleError::NoMusette { rider: name },
            Choice::Gamble { .. } if r.drawn && r.kept.is_none() => {
                return RuleError::NoGamble { rider: name };
            }
            Choice::Side { .. } if r.drawn && r.kept.is_none() => {
                return RuleError::NoSide { rider: name };
            }
            _ => {}
        }
        if self.setup.riders[rider as usize].team != seat {
            return RuleError::NotYourRider { rider: name };
        }
        if r.quit {
            return RuleError::RiderQuit { rider: name };
        }
        if !r.racing() {
            return RuleError::RiderFinished { rider: name };
        }
        if let Choice::Quit { .. } = choice
            && r.drawn
        {
            return RuleError::CannotQuit { rider: name };
        }
        if r.kept.is_some() {
            return RuleError::AlreadyChosen { rider: name };
        }
        let drawing = self.drawing[seat as usize];
        match choice {
            Choice::Draw { .. } if self.setup.options.hands == Hands::Free => {
                RuleError::NothingToDraw
            }
            Choice::Draw { .. } if r.drawn => RuleError::AlreadyDrawn { rider: name },
            Choice::Keep { .. } if !r.drawn => RuleError::DrawFirst { rider: name },
            Choice::Draw { .. } | Choice::Keep { .. } if drawing.is_some_and(|d| d != rider) => {
                RuleError::FinishDrawnRider {
                    drawn: self.name(drawing.unwrap_or(rider)),
                }
            }
            Choice::Keep { card, .. } => RuleError::CardNotInHand {
                rider: name,
                card,
                hand: if r.hand.is_empty() {
                    "empty: play an exhaustion card".into()
                } else {
                    r.hand
                        .iter()
                        .map(|c| c.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                },
            },
            Choice::Draw { .. } => RuleError::AlreadyDrawn { rider: name },
            Choice::Quit { .. } => RuleError::CannotQuit { rider: name },
            Choice::Turn { .. } => RuleError::NothingTurned { rider: name },
            Choice::Musette { .. } => RuleError::NoMusette { rider: name },
            Choice::Gamble { .. } => RuleError::NoGamble { rider: name },
            Choice::Side { .. } => RuleError::NoSide { rider: name },
            _ => RuleError::NoAuction,
        }
    }

    /// Draws up to four cards for a rider (FR-2): an empty draw pile takes the shuffled recycle
    /// pile; with fewer cards in all the rider draws what there is.
    pub(crate) fn draw(&mut self, rider: RiderIdx, events: &mut Vec<Event>) {
        let weather = self
            .conditions
            .hand_size(rider, self.riders[rider as usize].pos.row);
        // A specialist turns one card whatever the wind (HA-024); others draw what it says.
        let own = specialist::hand_size(self.setup.riders[rider as usize].kind);
        let mut size = if own < HAND_SIZE {
            own.min(weather)
        } else {
            weather
        };
        // HB-012…HB-014: a ghost draws the cards its way reads (one in its first round).
        if self.rides_as_ghost(rider) {
            size = super::house_b::ghost::hand_size(
                super::house_b::GhostBot::class(self, rider),
                size,
            );
        }
        if self.in_fictive_start() {
            size = size.min(fictive_start::HAND);
        }
        // A bot team's riders turn one card a round (PEL-4); B's Peloton draws two (HB-015).
        if self.rides_for_a_bot_team(rider) {
            size = size.min(1);
        } else if self.rides_b_peloton(rider) {
            size = super::house_b::peloton::DRAW;
        }
        self.draw_cards(rider, size, events);
        self.riders[rider as usize].drawn = true;
        events.push(Event::HandDrawn {
            rider,
            cards: super::events::Hand::from_slice(&self.riders[rider as usize].hand),
        });
    }

    /// Draws `size` more cards into a rider's hand (FR-2: an empty draw pile takes the shuffled
    /// recycle pile; with fewer cards in all the rider draws what there is).
    pub(crate) fn draw_cards(&mut self, rider: RiderIdx, size: usize, events: &mut Vec<Event>) {
        let r = &mut self.riders[rider as usize];
        for _ in 0..size {
            if r.deck.is_empty() {
                if r.recycle.is_empty() {
                    break;
                }
                std::mem::swap(&mut r.deck, &mut r.recycle);
                r.deck.shuffle(&mut r.rng);
                r.reshuffles += 1;
                events.push(Event::DeckReshuffled { rider });
            }
            if r.hand.is_empty() {
                r.hand_reshuffles = r.reshuffles;
            }
            let card = r.deck.pop().expect("the draw pile was just refilled");
            r.hand.push(card);
        }
    }

    fn keep(&mut self, rider: RiderIdx, card: Card) {
        if self.rides_b_peloton(rider) {
            self.b_peloton_deal_mate(rider);
        }
        if let Some(trial) = &mut self.b_trial {
            trial.highest[rider as usize] =
                b_time_trial::is_highest(&self.riders[rider as usize].hand, card);
        }
        let r = &mut self.riders[rider as usize];
        match r.hand.iter().position(|&c| c == card) {
            Some(i) => {
                r.hand.swap_remove(i);
            }
            // Dealt hands only reach here with an empty hand: the supply's exhaustion card.
            None if self.setup.options.hands == Hands::Deal => r.supply_exhaustion += 1,
            None => {}
        }
        r.recycle.append(&mut r.hand);
        r.kept = Some(card);
    }

    /// HA-030 (QA-16): the hand is recycled and the rider leaves the road at once; riders
    /// beside it close up towards lane 0.
    fn quit(&mut self, rider: RiderIdx) {
        let mut positions: Vec<Pos> = self.riders.iter().map(|r| r.pos).collect();
        let at = positions[rider as usize];
        leave(&mut self.board, &mut positions, &self.setup.course, at);
        for (r, p) in self.riders.iter_mut().zip(positions) {
            r.pos = p;
        }
        let r = &mut self.riders[rider as usize];
        r.recycle.append(&mut r.hand);
        r.drawn = false;
        r.quit = true;
        r.on_road = false;
    }

    /// Whether a domestique gave up the stage (HA-030).
    pub fn has_quit(&self, rider: RiderIdx) -> bool {
        self.riders[rider as usize].quit
    }

    fn round_complete(&self) -> bool {
        (0..self.riders.len() as RiderIdx).all(|r| !self.owes_card(r))
    }

    /// The movement and end phases, then the start of the next round.
    fn resolve_round(&mut self, events: &mut Vec<Event>) {
        self.resolve_round_in(None, events);
    }

    /// [`Stage::resolve_round`], given the riders with a card in race order when the caller
    /// has just worked them out.
    fn resolve_round_in(&mut self, known: Option<Vec<RiderIdx>>, events: &mut Vec<Event>) {
        if self.in_fictive_start() {
            fictive_start::resolve(self, events);
            return;
        }
        let course = Arc::clone(&self.setup.course);
        let deal = self.setup.options.hands == Hands::Deal;
        // Riders waiting to set off in a house-B time trial chose no card.
        let order = known.unwrap_or_else(|| self.race_order_of(|r| r.racing() && r.kept.is_some()));
        let kept = |s: &Self, i: RiderIdx| s.riders[i as usize].kept.expect("every card is chosen");
        self.peloton_round();
        self.gruppetto_round_start();
        // HB-017: the attackers have moved already, in their searches. Otherwise the last
        // round's list is emptied and filled again (it is replaced at the end of this round).
        let mut summary: Vec<RiderRound> = match self.attacks.take() {
            Some(a) => a.moved,
            None => {
                let mut reused = std::mem::take(&mut self.last_round);
                reused.clear();
                reused
            }
        };
        let order: Vec<RiderIdx> = order
            .into_iter()
            .filter(|i| !summary.iter().any(|s| s.rider == *i))
            .collect();
        summary.reserve(order.len());
        let mut positions: Vec<Pos> = self.riders.iter().map(|r| r.pos).collect();
        let tt = self.setup.options.time_trial;
        let tt_moves = tt.map(|tt| {
            time_trial::move_riders(self, tt, &order, &|i| kept(self, i), &mut positions)
        });
        for (k, &i) in order.iter().enumerate() {
            let card = kept(self, i);
            let (from, distance, to) = if let Some(moves) = &tt_moves {
                let (_, _, from, to, distance) = moves[k];
                (from, distance, to)
            } else {
                self.ride(i, card, &mut positions, events)
            };
            summary.push(self.moved(i, card, (from, distance, to), events));
        }
        self.gruppetto_turn(None, &mut positions, events);
        self.conditions.after_moves(
            self.round,
            &course,
            &summary,
            &mut self.riders,
            deal,
            events,
        );
        // House rules A's Meteo tokens come face up as the front of the race reaches them.
        let front = order.iter().map(|&i| positions[i as usize].row).max();
        if let Some(front) = front {
            self.conditions.reveal(front, events);
        }
        // Lanes may have shifted after a rider's move was recorded: read the final cells.
        let mut crossing: Vec<RiderIdx> = order
            .iter()
            .copied()
            .filter(|&i| course.is_past_line(positions[i as usize].row))
            .collect();
        crossing.sort_by_key(|&i| {
            let p = positions[i as usize];
            (std::cmp::Reverse(p.row), p.lane)
        });
        for &i in &crossing {
            self.riders[i as usize].crossed = Some((self.round, positions[i as usize]));
            events.push(Event::Crossed {
                rider: i,
                round: self.round,
            });
        }
        let order = self.race_order_of(Rider::racing);
        let rearmost = order
            .iter()
            .map(|&i| positions[i as usize].row)
            .min()
            .unwrap_or(0)
            // House rules A's gruppetto takes slipstream too (HA-036).
            .min(self.gruppetto_row().unwrap_or(u16::MAX));
        // A time trial's end phase is its own (HA-045…HA-047): its riders tire as it says, one
        // card each. On the road, every rider the end phase finds in the wind is dealt its
        // exhaustion, the weather and wind of house rules B deciding how much (FR-7, HB-031,
        // HB-035…HB-037). House rules A's specialists never tire (HA-024).
        // Every rider who played a card this round, those who crossed the line in it included,
        // in race order after the moves: a time trial's highest card tires in the round it
        // crosses too (HA-046, HB-051, HB-055).
        let mut played: Vec<RiderIdx> = summary.iter().map(|s| s.rider).collect();
        played.sort_by_key(|&i| {
            let p = positions[i as usize];
            (std::cmp::Reverse(p.row), p.lane, i)
        });
        let (slipstreamed, tt_tired) = match tt {
            Some(tt) => {
                let (moved, tired) = time_trial::end_phase(
                    self,
                    tt,
                    (&played, &order),
                    &|i| kept(self, i),
                    &mut positions,
                );
                (moved, Some(tired))
            }
            None => (
                {
                    let conditions = &self.conditions;
                    slipstream_except(&course, &mut self.board, &mut positions, rearmost, &|row| {
                        conditions.stills_slipstream(row)
                    })
                },
                None,
            ),
        };
        for (rider, from, to) in slipstreamed {
            if rider == super::house_a::gruppetto::CELL {
                self.gruppetto_slipstream(from, to, events);
                continue;
            }
            push_built(events, || Event::Slipstream { rider, from, to });
            if let Some(s) = summary.iter_mut().find(|s| s.rider == rider) {
                s.slipstream = true;
            }
        }
        let never_tired = |s: &Self, i: RiderIdx| {
            specialist::never_tired(s.setup.riders[i as usize].kind) || s.rides_for_a_bot_team(i)
        };
        match tt_tired {
            Some(tired) => {
                for i in tired {
                    if never_tired(self, i) {
                        continue;
                    }
                    let on_top = self.conditions.exhaustion_on_top();
                    let r = &mut self.riders[i as usize];
                    r.exhaustion_taken += 1;
                    if deal && on_top {
                        r.deck.push(Card::Exhaustion);
                    } else if deal {
                        r.recycle.push(Card::Exhaustion);
                    }
                    events.push(Event::ExhaustionTaken { rider: i });
                    if let Some(s) = summary.iter_mut().find(|s| s.rider == i) {
                        s.exhaustion = true;
                    }
                }
            }
            // HB-051, HB-055: a house-B time trial tires only the hand's highest card.
            None if self.b_trial.is_some() => {
                let highest = self
                    .b_trial
                    .as_ref()
                    .map(|t| t.highest.clone())
                    .unwrap_or_default();
                for &i in &played {
                    if !highest[i as usize] {
                        continue;
                    }
                    b_time_trial::deal_highest(
                        &self.conditions,
                        (i, &mut self.riders[i as usize]),
                        deal,
                        events,
                    );
                    if let Some(s) = summary.iter_mut().find(|s| s.rider == i) {
                        s.exhaustion = true;
                    }
                }
            }
            None => {
                for &i in &order {
                    let at = positions[i as usize];
                    if never_tired(self, i) || self.behind_gruppetto(at) {
                        continue;
                    }
                    let r = &mut self.riders[i as usize];
                    if r.racing()
                        && self.conditions.deal_exhaustion(
                            &course,
                            &self.board,
                            at,
                            (i, r),
                            deal,
                            events,
                        )
                        && let Some(s) = summary.iter_mut().find(|s| s.rider == i)
                    {
                        s.exhaustion = true;
                    }
                }
            }
        }
        // House rules A's heatwave: an extra card every 4 rounds (HA-072).
        let setup = Arc::clone(&self.setup);
        self.conditions.after_end_phase(
            self.round,
            &mut self.riders,
            &|i, r| r.racing() && !specialist::never_tired(setup.riders[i as usize].kind),
            deal,
            events,
        );
        for s in &mut summary {
            s.to = positions[s.rider as usize];
            s.crossed = crossing.contains(&s.rider);
        }
        for line in &mut self.lines {
            let mut over: Vec<&RiderRound> = summary
                .iter()
                .filter(|s| s.from.row < line.row && s.to.row >= line.row)
                .collect();
            over.sort_by_key(|s| (std::cmp::Reverse(s.to.row), s.to.lane));
            line.riders.extend(over.into_iter().map(|s| s.rider));
        }
        for (i, r) in self.riders.iter_mut().enumerate() {
            r.pos = positions[i];
            if let Some(card) = r.kept.take() {
                r.played.push(card);
            }
            r.drawn = false;
            r.musette_opened = false;
        }
        // Riders past the line leave the road, so the run-out never fills up in a stage that
        // plays on until everyone is across; they keep the cell they crossed in for display.
        for i in 0..self.riders.len() {
            let r = &mut self.riders[i];
            if r.on_road && r.crossed.is_some() {
                r.on_road = false;
                if tt.is_none() {
                    self.board.take(r.pos);
                }
            }
        }
        // HA-063 (QA-31): the head of the race after the end phase, among the riders of this
        // round (a rider across in an earlier round has finished its race).
        if tt.is_none()
            && let Some(head) = summary.iter().map(|s| s.rider).min_by_key(|&i| {
                (
                    std::cmp::Reverse(positions[i as usize].row),
                    positions[i as usize].lane,
                )
            })
        {
            self.leaders.push(head);
        }
        self.gruppetto_round_end(events);
        self.pass_peloton_deck();
        self.last_round = summary;
        self.drawing.iter_mut().for_each(|d| *d = None);
        let anyone_across = self.riders.iter().any(|r| r.crossed.is_some());
        // Riders who quit (HA-030) are not waited for.
        let all_across = self.riders.iter().all(|r| !r.racing());
        self.over = match (tt, self.setup.options.stage_end) {
            _ if self.b_trial.is_some() => b_time_trial::over(self),
            (Some(tt), _) => time_trial::over(self, tt),
            (None, StageEnd::FirstAcross) => anyone_across || all_across,
            (None, StageEnd::AllAcross) => all_across,
        };
        if self.over {
            events.push(Event::StageOver {
                order: self.finish_order(),
            });
        } else {
            self.round += 1;
            self.update_breakaway_alone();
            events.push(Event::RoundStarted { round: self.round });
            b_time_trial::set_off(self, events);
            self.conditions.start_round(self.round, events);
        }
    }

    /// Every card of the round is chosen: the reveal, then the attacks (which may wait for a
    /// search, HB-017), then the movement and end phases.
    fn cards_chosen(&mut self, events: &mut Vec<Event>) {
        // Riders waiting to set off in a house-B time trial chose no card.
        let order = self.race_order_of(|r| r.racing() && r.kept.is_some());
        // HB-002: a roundabout is ridden on the side each rider stood on as the moves begin.
        self.conditions
            .moves_begin(&self.setup.course, self.riders.iter().map(|r| r.pos));
        events.push(Event::CardsRevealed {
            cards: order
                .iter()
                .map(|&i| {
                    (
                        i,
                        self.riders[i as usize].kept.expect("every card is chosen"),
                    )
                })
                .collect(),
        });
        if !self.start_attacks(events) {
            // Without house rules B's attack card nobody moves before the round is resolved:
            // the order revealed is the order ridden.
            let no_attack = !self.setup.options.house_b.attack_card && self.attacks.is_none();
            let known = no_attack.then_some(order);
            self.resolve_round_in(known, events);
        }
    }

    /// One rider's move by its card under the terrain rules and the house-B conditions, against
    /// everyone's `positions` now: (from, distance, to). The board and `positions` follow it.
    pub(crate) fn ride(
        &mut self,
        i: RiderIdx,
        card: Card,
        positions: &mut [Pos],
        events: &mut Vec<Event>,
    ) -> (Pos, u16, Pos) {
        // House rules A's gruppetto moves in its turn, when it stands ahead of this rider.
        self.gruppetto_turn(Some(positions[i as usize]), positions, events);
        let from = positions[i as usize];
        let ridden = self.ridden_card(i, from.row, card);
        let uncapped = self.uncapped(i, ridden);
        // The course borrowed beside the board and conditions, not shared anew: every rider's
        // move of every round comes here.
        let distance =
            self.conditions
                .move_rows(i, &self.setup.course, from, uncapped, ridden, events);
        let distance = self.gamble(i, from, distance, events);
        let course = &*self.setup.course;
        let to = match self
            .conditions
            .destination(i, course, &self.board, from, distance)
        {
            Some(to) => {
                if self.conditions.keeps_lanes(course, from.row) {
                    self.board.take(from);
                } else {
                    leave(&mut self.board, positions, course, from);
                }
                let to = self.conditions.lane_for(course, &self.board, i, from, to);
                self.board.put(to, i);
                positions[i as usize] = to;
                self.gruppetto_swap(i, from, distance, to, positions, events)
            }
            None => from,
        };
        (from, distance, to)
    }

    /// Tells a rider's move and checks it for a fall (HB-023); its line of the round.
    pub(crate) fn moved(
        &mut self,
        i: RiderIdx,
        card: Card,
        (from, distance, to): (Pos, u16, Pos),
        events: &mut Vec<Event>,
    ) -> RiderRound {
        let blocked = distance - (to.row - from.row);
        push_built(events, || Event::Moved {
            rider: i,
            card,
            from,
            to,
            distance,
            blocked,
        });
        self.conditions
            .after_move(self.round, i, &self.setup.course, to, blocked, events);
        let musette = self.feed(i, card, to, events);
        RiderRound {
            rider: i,
            card,
            from,
            to,
            slipstream: false,
            exhaustion: false,
            crossed: false,
            attack: false,
            musette,
        }
    }
}

impl Ruleset for Stage {
    type Setup = StageSetup;
    type Choice = Choice;
    type Event = Event;
    type View = super::view::StageView;
    type Error = RuleError;
    type SetupError = SetupError;

    fn start(setup: StageSetup, seed: u64) -> Result<Self, SetupError> {
        Stage::new(setup, seed)
    }

    fn pending(&self) -> Vec<Decision<Choice>> {
        (0..self.team_riders.len() as Seat)
            .filter_map(|seat| {
                let options = self.legal_choices(seat);
                (!options.is_empty()).then_some(Decision { seat, options })
            })
            .collect()
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Choice> {
        self.legal_choices(seat)
    }

    fn apply(&mut self, seat: Seat, choice: &Choice) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(seat, choice, &mut events)?;
        Ok(events)
    }

    fn view(&self, viewer: Viewer) -> super::view::StageView {
        super::view::StageView::of(self, viewer)
    }

    fn is_over(&self) -> bool {
        self.over
    }
}

impl Stage {
    /// [`Ruleset::apply`], its events pushed onto `events`: a bot playing a whole stage keeps one
    /// list rather than one a choice. Nothing is pushed when the choice is refused.
    pub fn apply_into(
        &mut self,
        seat: Seat,
        choice: &Choice,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if !self.is_legal(seat, choice) {
            return Err(self.diagnose(seat, *choice));
        }
        match *choice {
            Choice::Draw { rider } => {
                self.draw(rider, events);
                self.drawing[seat as usize] = Some(rider);
            }
            Choice::Keep { rider, card } if self.attacks.is_some() => {
                if self.keep_turned(rider, card, events) {
                    self.resolve_round(events);
                }
            }
            Choice::Turn { rider } if self.attacks.is_none() => {
                fictive_start::redraw(self, rider, events);
            }
            Choice::Turn { rider } => {
                if self.turn_next(rider, events) {
                    self.resolve_round(events);
                }
            }
            Choice::Musette { rider } => self.open_musette(rider, events),
            Choice::Side { rider, left } => self.conditions.set_side(rider, left),
            Choice::Gamble { rider, card } => {
                self.keep(rider, card);
                self.conditions.gambling[rider as usize] = true;
                self.drawing[seat as usize] = None;
                push_built(events, || Event::CardChosen { rider });
                if self.round_complete() {
                    self.cards_chosen(events);
                }
            }
            Choice::Keep { rider, card } => {
                self.keep(rider, card);
                self.peloton_kept(rider, card);
                self.drawing[seat as usize] = None;
                push_built(events, || Event::CardChosen { rider });
                if self.round_complete() {
                    self.cards_chosen(events);
                }
            }
            Choice::Quit { rider } => {
                self.quit(rider);
                self.drawing[seat as usize] = None;
                events.push(Event::Quit { rider });
                if self.round_complete() {
                    self.cards_chosen(events);
                }
            }
            Choice::BidDraw { .. }
            | Choice::Bid { .. }
            | Choice::BidBlind { .. }
            | Choice::BidPass { .. } => self.apply_bid(seat, *choice, events),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::CourseSpec;
    use crate::games::card_race::{Options, RiderKind, RiderSetup};

    fn one_rider_stage() -> Stage {
        let course = CourseSpec {
            tiles: Some("abcu".into()),
            ..Default::default()
        }
        .build()
        .unwrap();
        let setup = StageSetup {
            course: Arc::new(course),
            teams: vec!["Blue".into()],
            riders: vec![RiderSetup {
                id: "BlueR".into(),
                team: 0,
                kind: RiderKind::Rouleur,
                start: Pos::new(0, 0),
                carried_exhaustion: 0,
            }],
            options: Options::default(),
        };
        Stage::new(setup, 1).unwrap()
    }

    #[test]
    fn fr_2_empty_draw_pile_takes_the_shuffled_recycle_pile() {
        let mut s = one_rider_stage();
        let r = &mut s.riders[0];
        r.recycle = r.deck.split_off(2);
        let events = s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        assert_eq!(s.hand(0).len(), 4);
        assert!(events.contains(&Event::DeckReshuffled { rider: 0 }));
        assert_eq!(s.riders[0].deck.len() + 4, 15);
    }

    #[test]
    fn fr_2_fewer_than_four_cards_draws_what_there_is() {
        let mut s = one_rider_stage();
        s.riders[0].deck.truncate(1);
        s.riders[0].recycle = vec![Card::Exhaustion];
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        assert_eq!(s.hand(0).len(), 2);
        assert!(s.riders[0].deck.is_empty() && s.riders[0].recycle.is_empty());
    }

    #[test]
    fn fr_2_no_card_at_all_plays_an_exhaustion_card() {
        let mut s = one_rider_stage();
        s.riders[0].deck.clear();
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        assert!(s.hand(0).is_empty());
        let only = vec![Choice::Keep {
            rider: 0,
            card: Card::Exhaustion,
        }];
        assert_eq!(s.legal_choices(0), only);
        let err = s
            .apply(
                0,
                &Choice::Keep {
                    rider: 0,
                    card: Card::Energy(3),
                },
            )
            .unwrap_err();
        assert!(err.to_string().contains("play an exhaustion card"), "{err}");
        s.apply(0, &only[0]).unwrap();
        assert_eq!(s.position(0), Pos::new(2, 0));
        assert_eq!(s.supply_exhaustion(0), 1);
        assert_eq!(s.cards_played(0), &[Card::Exhaustion]);
    }

    #[test]
    fn fr_2_keep_one_recycle_three() {
        let mut s = one_rider_stage();
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        let card = s.hand(0)[2];
        s.apply(0, &Choice::Keep { rider: 0, card }).unwrap();
        assert_eq!(
            s.riders[0].recycle.len(),
            3 + 1,
            "three recycled, one exhaustion"
        );
        assert_eq!(s.cards_played(0), &[card]);
        assert_eq!(s.riders[0].deck.len(), 11);
    }
}
