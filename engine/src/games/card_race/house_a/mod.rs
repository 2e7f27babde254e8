//! House rules A for the card race (seed 001, "Règles de différents cyclistes"): stage types,
//! the ten rider profiles and their climb rules, the time trials, the breakaway auction, the
//! gruppetto, and the base game's Peloton and Muscle bot teams they play with. Each rules table
//! lives once, in the module named for it, with the seed section it comes from.
//!
//! Options (conformance table 5.1): `profiles = "house-a"` (Table A1's decks and climb rules),
//! `stage_types` (the type in the public view), `bots = "brain"` (who rides a seat nobody
//! directs), `time_trial = "individual" | "team"` (this stage is a house-A time trial),
//! `weather = "house-a"` with `weather_today` and `weather_reveal` (the six weathers), the
//! tour's `points`, `mountains`, `combativity = "house-a"` (the jerseys, `tour::house_a`),
//! `start = "breakaway_house_a"` (the auction, [`auction`]), `gruppetto` ([`gruppetto`]),
//! `peloton_team` / `muscle_team` (the seat a base-game bot team rides, [`peloton`]). The named
//! rules `house-a` of the registry set all but the time trial and the bot teams, and
//! `stage_end = all_across`.
//!
//! Conformance (tests in this module's files and in `tests/house_a.rs`):
//!
//! | clause | what | status | tests |
//! | --- | --- | --- | --- |
//! | HA-001 | stage type by uphill rows before the line (QA-01) | implemented | `ha_001_tv_03_*` |
//! | HA-002 | Table A1's ten decks | implemented | `ha_002_table_a1_decks`, `ha_002_ha_003_tv_01_deck_totals`, `ha_002_ha_023_tv_01_riders_are_dealt_table_a1_decks`, `ha_002_house_a_roster_from_a_tour_preset_starts_through_the_registry` |
//! | HA-003 | the Peloton's split 9/2 cards: the rider behind moves 9, the one in front 2 (QA-02) | implemented (`peloton_team`) | `ha_002_ha_003_tv_01_deck_totals`, `pel_4_tv_01_bot_team_decks`, `pel_4_qa_02_*`, `pel_4_peloton_and_muscle_seats_ride_a_whole_stage_through_the_registry` |
//! | HA-004, HA-005 | grimpeur uncapped, polyvalent's 7s (QA-03) | implemented | `ha_004_*`, `ha_005_*`, `ha_004_ha_005_ha_028_who_climbs_without_the_cap` |
//! | HA-006, HA-007 | Brain draws 4, keeps its table's card, tires as a person | implemented (`bots = brain`) | `ha_006_house_a_seats_nobody_directs_ride_as_brain_riders` |
//! | HA-008 | Brain exhaustion between stages (QA-04) | the count only: the tour does not yet say which riders a bot rode | `ha_008_tv_06_brain_exhaustion_between_stages` |
//! | HA-009…HA-022 | Table A2 (QA-05…QA-12) | implemented | `ha_009_to_ha_015_tv_04_*`, `ha_014_to_ha_019_tv_04_climbs`, `ha_020_to_ha_022_tv_04_*`, `ha_011_tv_05_brain_phases_in_a_stage`; in a stage: `ha_012_qa_06_flat_phase_2_second_card_ahead_of_the_teammate_highest_behind`, `ha_017_qa_09_sprinteur_on_a_climb_plays_6_4_3_fast_9_2_then_9`, `ha_018_grimpeur_on_a_climb_plays_its_highest_card` |
//! | HA-023, HA-024 | specialist's role by stage type; one card a round, never tired (QA-13) | implemented | `ha_023_*`, `ha_024_*` |
//! | HA-025 | specialist sprinteur's saved 9s (QA-14) | implemented | `ha_025_tv_07_*`, `ha_025_*_in_a_stage` |
//! | HA-026, HA-027 | specialist baroudeur in the breakaway, right lane, no bid; at the Peloton's pace, attack = 2 (QA-15) | implemented; without a Peloton it turns its own cards | `ha_026_*`, `ha_027_qa_15_*` |
//! | HA-028 | specialist grimpeur uncapped | implemented | `ha_028_*` |
//! | HA-029 | domestique sheds its exhaustion between stages | implemented | `ha_029_*` |
//! | HA-030 | a domestique may quit once its hand is seen (QA-16): key `q:<rider>` | implemented; the tour credits it the gruppetto's time (QA-18), or the last classified rider's (`tour::plan::quitters_times`) | `ha_030_*` |
//! | HA-031 | domestique bids +2 | implemented | `ha_031_tv_09_11_*` |
//! | HA-032, HA-033 | gruppetto on the last start row, two lanes (one on cobbles) | implemented; drawn on the board | `ha_032_ha_033_*`, `ha_033_two_lanes_one_on_cobbles` |
//! | HA-034, HA-035 | moves 5 / 3 / 6 by terrain; d6 + 1 when the Peloton attacks (QA-17) | implemented | `ha_034_ha_035_tv_08_gruppetto_moves`, `ha_035_*`, `ha_034_ha_036_ha_039_tv_08_*` |
//! | HA-036 | slipstream and blocking | implemented | `ha_034_ha_036_ha_039_tv_08_*` |
//! | HA-037 | sweep two rounds after the 4th rider (QA-18) | implemented; the gruppetto's time is the tour's | `ha_037_qa_18_tv_08_*` |
//! | HA-038 | swap with a rider it blocks short of the line (QA-19) | implemented | `ha_038_qa_19_*` |
//! | HA-039 | no exhaustion behind it (QA-20) | implemented | `ha_034_ha_036_ha_039_tv_08_*` |
//! | HA-040 | TT decks lose one card of each value (QA-21) | implemented | `ha_040_tv_02_time_trial_decks`, `ha_040_ha_041_time_trial_decks_as_dealt` |
//! | HA-041, HA-042 | a third of the exhaustion in and out | implemented | `ha_041_ha_042_tv_09_thirds`, `ha_042_*` |
//! | HA-043 | TT time: a minute a card, −10 s a row past | implemented (the tour does not read it yet) | `ha_043_tv_09_*`, `ha_047_individual_*` |
//! | HA-044 | start together, riders of other teams off your road (QA-22) | implemented; the reverse-GC order is the order the tour lists riders in | `ha_044_qa_22_*` |
//! | HA-045 | TT bots play their biggest card, of those riding furthest (QA-24) | implemented | `ha_045_*`, `ha_042_*` |
//! | HA-046, HA-047 | ITT: the round's highest card tires one rider, the crossing round too (QA-23: ties to the rider furthest up the road); ends when all are across | implemented | `ha_046_*`, `qa_23_*`, `ha_047_*` |
//! | HA-048, HA-049 | TTT: slipstream and wind within the team; ends with one rider per team (QA-25) | implemented | `ha_048_*`, `ha_049_qa_25_*` |
//! | HA-050 | every bot bids; the Peloton leaves its attack cards out (QA-26) | implemented | `ha_050_bots_bid_unseen_*`, `ha_050_ha_055_qa_27_*` |
//! | HA-051 | two secret bid steps, shown together (PEL-3 as ruled in [`auction`]) | implemented | `ha_051_bids_are_secret_labelled_options_shown_together`, `ha_051_an_illegal_bid_*` |
//! | HA-052 | a bot's second card redrawn over 12 | implemented | `ha_052_ha_053_tv_09_10_*` |
//! | HA-053 | a winning bot adds 2 exhaustion, unbid cards shuffled back | implemented | `ha_052_ha_053_tv_09_10_*`, `ha_031_tv_09_11_*` |
//! | HA-054 | one rider per team; two places, ties up the grid (PEL-3 as ruled) | implemented | `ha_054_pel_3_*`, `ha_051_an_illegal_bid_*` |
//! | HA-055 | the Peloton in the breakaway: exhaustion draws move by its bid cards (QA-27) | implemented | `ha_050_ha_055_qa_27_*` |
//! | HA-056 | a Brain rider alone in the breakaway plays highest on flat (QA-28) | implemented | `ha_056_qa_28_*` |
//! | HA-057, HA-058 | points by stage type, uphill finish 1 (QA-29, TV-13) | implemented (`tour::house_a`, option `points = house-a`) | `ha_057_tv_13_*`, `ha_057_qa_29_*`, `ha_058_*`, `ha_057_ha_063_a_house_a_tour_*` |
//! | HA-059 | points ties: stage wins, then seconds… | implemented | `ha_059_*` |
//! | HA-060, HA-061 | mountains by climb length, summit-finish scale (QA-30, TV-14) | implemented (`mountains = house-a`) | `ha_060_ha_061_tv_14_*` |
//! | HA-062 | mountains ties: summits by category | implemented | `ha_062_qa_30_*` |
//! | HA-063 | a token to the head of the race each round (QA-31) | implemented; none in a time trial | `ha_063_qa_31_*` |
//! | HA-064, HA-065 | the stage's point, tie to the breakaway then the place (TV-17) | implemented; the breakaway list stays empty until the auction rides | `ha_063_ha_064_ha_065_tv_17_*` |
//! | HA-066 | tour: points, then tokens | implemented | `ha_066_*` |
//! | HA-067 | fog: no wind tokens, exhaustion on top (QX-04, TV-27) | implemented (`weather = house-a`, [`weather`]) | `ha_067_*` |
//! | HA-068 | storm: rain always, falls on the sharp curves (QA-34) | implemented; Meteo's rain rule is ours (see [`weather`]) | `ha_068_*`, `met_1_qx_01_*` |
//! | HA-069…HA-071 | windy, overcast, sunny token pools (QA-33, MET-1) | implemented | `ha_067_to_ha_071_qa_33_pools`, `ha_070_qa_33_overcast_lays_the_ordinary_meteo_box_one_of_each_effect`, `ha_069_*`, `met_1_*` |
//! | HA-072 | heatwave: an extra card every 4 rounds (QA-35, TV-27) | implemented | `ha_072_*` |
//! | HA-073 | one weather for the stage | implemented | `ha_073_*` |
//! | HA-074 | start table, 2d6 (QA-32, TV-10) | implemented | `ha_074_*` |
//! | HA-075 | chain table, rest days (QA-36, TV-11) | implemented through the tour's `prepare`; `/stage` tells the forecast | `ha_075_*`, `ha_074_ha_075_qa_36_*` |
//! | HA-076 | progressive reveal (QA-37) | implemented (`weather_reveal = progressive`) | `ha_076_*`, `ha_076_qa_37_the_row_just_before_the_tile_turns_its_token` |

pub mod auction;
pub mod brain;
pub mod domestique;
pub mod gruppetto;
pub mod peloton;
pub mod profiles;
pub mod specialist;
pub mod stage_type;
pub mod time_trial;
pub mod weather;

pub use brain::BrainBot;
pub use profiles::{ClimbLimit, Profile};
pub use stage_type::StageType;
pub use time_trial::{TimeTrial, TimeTrialBot};
