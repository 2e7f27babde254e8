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
//! | HB-003, HB-004 | steep rows: 2 points, 1 point left stops before (QB-02, TV-25) | implemented | `hb_003_hb_004_*` |
//! | HB-005 | steep downhill boost, option `steep_downhill` (QB-03) | implemented | `hb_005_*` |
//! | HB-068 | summits of steep climbs flagged for the mountains bonus | implemented | `hb_068_a_climb_with_a_steep_row_*` |
//! | HB-029…HB-032 | weather 1–5, d6 each round, cold on top, heat doubles (QB-11, TV-12) | implemented | `hb_029_*`…`hb_032_*` |
//! | HB-033, HB-035…HB-037 | one wind a stage: head, cross, tail (QB-12, TV-26) | implemented | `hb_033_*`…`hb_037_*` |
//! | HB-001, HB-002 | roundabout: the side kept through it (QB-01, TV-25) | implemented | `hb_001_*`, `hb_002_*`, `qb_01_*` |
//! | HB-020…HB-022 | punctures (QB-09, TV-19); our ruling: a rider that moved 0 rows ended no move (no stall on cold cobbles) | implemented | `hb_020_to_hb_022_*`, `hb_022_*` |
//! | HB-023…HB-028 | crashes (QB-10, TV-18) | implemented | `hb_023_*`, `hb_024_to_hb_027_*`, `hb_028_*` |
//! | HB-006 | steep downhill gamble, `steep_downhill = "gamble"` (QB-03, QX-02) | implemented | `hb_006_*` |
//! | HB-011…HB-014 | ghosts, `bots = "ghosts"` on the seats `ghosts` names (QB-05, QB-06, TV-23) | implemented; a ghost draws 1 card, then the 2, 1 or 3 its way reads | `hb_011_*`, `hb_012_*`, `hb_013_*`, `hb_014_*` |
//! | HB-016…HB-019 | attack card, `attack_card` (QB-08, TV-20) | implemented | `hb_016_*`…`hb_019_*` |
//! | HB-046…HB-048 | feed zones and musettes, `supply_zone = "feed-zone"` (QB-17, TV-22) | implemented | `hb_046_*`…`hb_048_*` |
//! | HB-034 | the wind's lane choice, a standing side in the hand (QB-13, C-24) | implemented | `hb_034_*` |
//! | HB-038…HB-041, HB-043 | fictive start, option `fictive_start` (QB-14) | implemented | `tests/house_b_tour.rs`: `hb_038_*`…`hb_043_*` |
//! | HB-049…HB-057 | time trials, option `time_trial_b` and `time_trial_cut` (QB-18, QB-19) | implemented | `tests/house_b_tour.rs`: `hb_049_*`…`hb_057_*` |
//! | HB-073…HB-079 | world cup, named rules `house-b-world-cup` (QB-28, QB-29), in `tour::world_cup` | implemented; the referee enters riders and gives form cards for the directors | `tests/house_b_tour.rs`: `hb_073_*`…`hb_079_*` |
//! | HB-010 | grand-tour names of the profiles (C-23), tour option `rider_names = "house-b"`, read by the registry's roster | implemented | `tests/house_b_tour.rs`: `hb_010_*` |
//! | HB-015 | the B peloton team (QB-07, TV-23), `peloton_bot = "house-b"` ([`house_b::peloton`]) | implemented | `hb_015_*` |
//! | HB-042 | yellow cells: rows a course marks `neutral` give and take no slipstream and no positional exhaustion (QB-15) | implemented | `hb_042_*` (tests/house_b_tour.rs, course, render) |
//! | HB-044 | the attack card at the fictive start: keep it and search, or draw another in its place (QB-16) | implemented | `hb_044_*` |
//! | HB-045 | no breakaway auction beside the fictive start (C-06): a setup with both is refused | implemented | `hb_045_the_fictive_start_rides_without_the_breakaway_auction` |
//!
//! The course end (our mend): the run-out is laid out to the longest move, so no card is cut
//! (`course_end_no_card_is_cut_by_the_end_of_the_board`). House rules B's race effects live in
//! [`house_b`], each a named option, off by default.
//! | PEL-3 | the breakaway auction, as house rules A extend it (our rulings in [`house_a::auction`]) | implemented (`start = breakaway_house_a`) | `ha_05*` |
//! | PEL-4 | Peloton and Muscle bot teams ([`house_a::peloton`]) | implemented (`peloton_team`, `muscle_team`) | `pel_4_*` |
//! | HA-001…HA-056 | house rules A: see [`house_a`] for its own table, clause by clause | in part | `tests/house_a.rs`, `ha_*` |

mod board;
pub mod bot;
pub mod cards;
pub mod events;
pub mod game;
pub mod house_a;
pub mod house_b;
pub mod movement;
pub mod scenario;
pub mod setup;
pub mod stage;
pub mod tour;

#[cfg(test)]
mod registry_tests;
pub mod view;

pub use cards::{Card, Profiles, RiderKind};
pub use events::{Event, RiderIdx};
pub use game::{
    CardRace, ID, attributes as card_race_attributes, attributes_of as card_race_attributes_of,
    pile_brief as card_race_pile_brief, refusal as card_race_refusal,
};
pub use setup::{
    Bots, Hands, Options, RiderSetup, Seats, SetupError, StageEnd, StageSetup, Start, grid_start,
};
pub use stage::{Choice, LineCrossing, RiderRound, RuleError, Stage};
pub use view::{HouseAView, RiderView, StageView, TeamView};
