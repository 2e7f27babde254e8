//! The card-and-fatigue race (Flamme Rouge family), base rules.
//!
//! Each team rides a rouleur and a sprinteur (and, with house rules B, a grimpeur; house rules A
//! add their own profiles, [`house_a`]). Every round
//! all teams choose at once: for each rider, draw four cards, keep one face down, recycle the
//! rest. Then the cards are revealed, riders move front to back, slipstream closes one-row gaps
//! and riders with nobody ahead take exhaustion. See `docs/rules-card-race.md` for
//! the base facts (FR-, PEL-) that the house rules build on, and our rulings on them.
//!
//! Conformance (base facts; the test names carry the ids, see `tests/rules.rs` in this crate):
//!
//! | clause | what | status | tests |
//! | --- | --- | --- | --- |
//! | FR-1 | decks | implemented | `fr_1_hb_007_hb_008_deck_totals` |
//! | FR-2 | draw 4, keep 1, recycle 3; reshuffle; short deck; no cards: exhaustion | implemented | `fr_2_*` |
//! | FR-3 | movement front to back, blocking, lanes | implemented | `fr_3_*` |
//! | FR-4 | uphill cap and climb-ahead cut | implemented | `fr_4_*` |
//! | FR-5 | downhill minimum | implemented | `fr_5_*` |
//! | FR-6 | slipstream | implemented | `fr_6_*` |
//! | FR-7 | exhaustion | implemented | `fr_7_*` |
//! | FR-8 | end of stage and finish order | implemented | `fr_8_*` |
//! | PEL-1 | supply zone: 3 lanes, minimum 4 | implemented | `pel_1_*` |
//! | PEL-2 | cobbles: no slipstream | implemented | `pel_2_*` |
//! | HB-007, HB-008 | house-B sprinter and grimpeur decks | implemented | `fr_1_hb_007_hb_008_deck_totals` |
//! | HB-009 | grimpeur's 7s uncapped on climbs (QB-04) | implemented | `hb_009_*` |
//! | HA-001…HA-049 | house rules A: see [`house_a`] for its own table, clause by clause | in part | `tests/house_a.rs`, `ha_*` |

mod board;
pub mod bot;
pub mod cards;
pub mod events;
pub mod house_a;
pub mod movement;
pub mod setup;
pub mod stage;
pub mod view;

pub use cards::{Card, Profiles, RiderKind};
pub use events::{Event, RiderIdx};
pub use setup::{Bots, Hands, Options, RiderSetup, SetupError, StageEnd, StageSetup, grid_start};
pub use stage::{Choice, LineCrossing, RiderRound, RuleError, Stage};
pub use view::{RiderView, StageView, TeamView};
