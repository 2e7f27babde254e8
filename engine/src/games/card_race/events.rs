//! What happens in a stage, as data: the bot narrates it, the renderer draws it, the store keeps it.

use super::cards::Card;
use super::house_a::weather::{Token, Weather};
use super::house_b::{Exposure, Wind};
use crate::course::Pos;
use serde::{Deserialize, Serialize};

/// Riders are named by their index in the setup.
pub type RiderIdx = u8;

/// The cards of a drawn hand as an event keeps them: inline up to eight (four, a few more with
/// the wind, a musette or the heat), so a draw costs no allocation. Serialised as a list.
pub type Hand = smallvec::SmallVec<[Card; 8]>;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    RoundStarted {
        round: u32,
    },
    /// Private: only the rider's team may see the cards.
    HandDrawn {
        rider: RiderIdx,
        cards: Hand,
    },
    /// The draw pile ran out and the recycle pile was shuffled into a new one.
    DeckReshuffled {
        rider: RiderIdx,
    },
    /// A card was chosen and laid face down: public, but not which card.
    CardChosen {
        rider: RiderIdx,
    },
    CardsRevealed {
        cards: Vec<(RiderIdx, Card)>,
    },
    Moved {
        rider: RiderIdx,
        card: Card,
        from: Pos,
        to: Pos,
        /// The distance the card gave after the terrain rules.
        distance: u16,
        /// Rows lost to full rows ahead (0 when the rider went the whole distance).
        blocked: u16,
    },
    Slipstream {
        rider: RiderIdx,
        from: Pos,
        to: Pos,
    },
    ExhaustionTaken {
        rider: RiderIdx,
    },
    Crossed {
        rider: RiderIdx,
        round: u32,
    },
    /// House rules A's domestique gave up the stage (HA-030).
    Quit {
        rider: RiderIdx,
    },
    /// House rules A's breakaway auction: a bid step's cards, shown once every team has bid
    /// (HA-051). `card` is `None` for a team that bid no card at this step; `total` is the bid so
    /// far, the domestique's 2 included (HA-031).
    BidShown {
        rider: RiderIdx,
        step: u8,
        card: Option<Card>,
        total: u8,
    },
    /// House rules A: a rider placed in the breakaway ahead of the field; `bid` is `None` for the
    /// specialist baroudeur, who is there without bidding (HA-026).
    BreakawayPlaced {
        rider: RiderIdx,
        to: Pos,
        bid: Option<u8>,
    },
    /// House rules A's gruppetto moved (HA-034); `die` is the d6 rolled in a round the
    /// Peloton attacked (HA-035).
    GruppettoMoved {
        from: u16,
        to: u16,
        distance: u16,
        die: Option<u8>,
    },
    /// The gruppetto moved up a row by slipstream (HA-036).
    GruppettoSlipstream {
        from: u16,
        to: u16,
    },
    /// A rider the gruppetto blocked short of the line took its place (HA-038).
    GruppettoSwapped {
        rider: RiderIdx,
        row: u16,
    },
    /// The gruppetto finished: these riders, in or behind it, are placed over the line
    /// (HA-037).
    GruppettoSwept {
        riders: Vec<RiderIdx>,
    },
    StageOver {
        /// Every rider, first to last: finishers by round and place, then the rest in race order.
        order: Vec<RiderIdx>,
    },
    /// The dice rolled for the events that follow (house rules B's wind and weather, house
    /// rules A's weather and its tokens), as they fell: what a scenario's `dice` shows and a
    /// scenario can give. Told by the events they decide, not on their own.
    DiceRolled {
        rolls: Vec<crate::dice::Roll>,
    },
    /// House rules B: the stage's wind, drawn before the first round (HB-033).
    WindDrawn {
        wind: Wind,
        face: u8,
    },
    /// House rules B: the d6 at the start of a round and the weather level it leaves (HB-030).
    WeatherRolled {
        round: u32,
        face: u8,
        level: u8,
    },
    /// House rules B: end-phase exhaustion under the wind and weather rules, in place of
    /// `ExhaustionTaken` (HB-031, HB-032, HB-035, HB-036).
    ExhaustionDealt {
        rider: RiderIdx,
        cards: u16,
        exposure: Exposure,
        /// Doubled by the heat (level 5).
        heat: bool,
        /// Put on top of the draw pile by the cold (level 1).
        on_top: bool,
    },
    /// House rules B: a rider sent back by full rows fell (HB-023…HB-027); it draws 2 cards
    /// fewer next round.
    Crashed {
        rider: RiderIdx,
        row: u16,
        set_back: u16,
    },
    /// House rules B: a rider at risk of a puncture turned its top card (HB-020, HB-021).
    PunctureChecked {
        rider: RiderIdx,
        card: Card,
        punctured: bool,
    },
    /// House rules B: a punctured rider's move, shorter by these rows (HB-022).
    PunctureSlowed {
        rider: RiderIdx,
        rows: u16,
    },
    /// House rules A: the stage's weather, drawn on the start table (`roll`) or given by the
    /// tour's chain, and the next stage's, rolled before this one starts (HA-073…HA-075).
    SkyDrawn {
        weather: Weather,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<u8>,
        forecast: Weather,
        forecast_roll: u8,
    },
    /// House rules A: a Meteo token turned face up on the tile starting at `row` (HA-076).
    TokenTurned {
        row: u16,
        token: Token,
    },
    /// House rules A: the heatwave's extra exhaustion card after `round` (HA-072).
    HeatExhaustion {
        round: u32,
        riders: Vec<RiderIdx>,
    },
    /// House rules A: an exhaustion card laid on top of the draw pile in fog (HA-067).
    ExhaustionOnTop {
        rider: RiderIdx,
    },
    /// House rules B's time trial: riders (a team trial: a team) setting off this round
    /// (HB-049, HB-054).
    TimeTrialStart {
        round: u32,
        riders: Vec<RiderIdx>,
    },
    /// House rules B's time trial: the rider kept its hand's highest card and takes exhaustion
    /// for it (HB-051, HB-055); `cards` is 2 in the heat.
    HighestCardTired {
        rider: RiderIdx,
        cards: u16,
    },
    /// House rules B's fictive start: the grid is set, and these riders, with nobody ahead,
    /// start with an exhaustion card (HB-038).
    FictiveStartGrid {
        exposed: Vec<RiderIdx>,
    },
    /// House rules B's fictive start: the rider rode `rows` rows past the start line and takes
    /// `cards` exhaustion cards (HB-040).
    PastStartLine {
        rider: RiderIdx,
        rows: u16,
        cards: u16,
        on_top: bool,
    },
    /// House rules B: an attacker turned the top card of its draw pile (HB-018); `left` cards
    /// lie under it (none: it must ride this one).
    AttackTurned {
        rider: RiderIdx,
        card: Card,
        left: u16,
    },
    /// House rules B: an attacker with an empty draw pile rides an exhaustion card (QB-08).
    AttackEmpty {
        rider: RiderIdx,
    },
    /// House rules B: a rider took a musette in a feed zone (HB-047) and now holds `held`.
    MusetteTaken {
        rider: RiderIdx,
        held: u8,
    },
    /// House rules B: a rider opened a musette and drew these cards (HB-048). Private.
    MusetteOpened {
        rider: RiderIdx,
        cards: Vec<Card>,
        held: u8,
    },
    /// House rules B: a rider gambled on a steep downhill row (HB-006) and turned this card:
    /// an exhaustion card is a fall before the row, anything else skips it.
    SteepGamble {
        rider: RiderIdx,
        card: Card,
        crashed: bool,
    },
}

impl Event {
    /// The rider whose team alone may see this event, if it is private.
    pub fn private_to(&self) -> Option<RiderIdx> {
        match self {
            Event::HandDrawn { rider, .. } | Event::MusetteOpened { rider, .. } => Some(*rider),
            _ => None,
        }
    }
}
