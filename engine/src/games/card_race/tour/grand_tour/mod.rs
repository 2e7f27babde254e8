//! The card race's grand tour under house rules B: its six classifications, priced as seed 004
//! prices them ([`GrandTour`], the card race's [`Pricing`](crate::tour::Pricing), which the
//! shared ledger folds), and the switchable readings of its rulings ([`TourOptions`]). The
//! shared machinery (stage results, the ledger, standing rows, tie-breaks, repêchage) is in
//! `crate::tour`.
//!
//! The six classifications are priced as seed 004 prices a grand tour (MODES DE COURSE – GRAND
//! TOUR: CLASSEMENTS and RESULTATS; clauses HB-058…HB-073 and rulings QB-20…QB-27, QX-09,
//! restated in `docs/rules-card-race.md`); a game that scores otherwise reports
//! [`Outcome::Timed`](crate::tour::Outcome::Timed) or ranks its own tables.
//!
//! The stage engine reports each finished stage as a [`StageResult`](crate::tour::StageResult) (plain data: each rider's
//! cards played, where it ended, its stage place, exhaustion counts, and the order over each
//! sprint line and summit). Every classification is one function of the list of results so far,
//! so the standings after any stage are recomputed from the log, never stored:
//!
//! - [`general`]: total time (HB-061…HB-064), [`points`] (HB-064…HB-066), [`mountains`]
//!   (HB-067, HB-068), [`team`] (HB-069), [`youth`] (HB-070), [`combativity`] (HB-071);
//! - [`standings`] gives all six from one pass, [`final_winners`] the six winners (HB-072);
//!   each game's `classify` gives them in the form every ruleset shares ([`Classifications`](crate::tour::Classifications)),
//!   which the bot reads through the registry;
//! - [`stage_times`], [`stage_points`], [`stage_mountain_points`] and [`stage_combativity`] give
//!   what one stage paid, for the bot's narration.
//!
//! Rules tables live in [`tables`] (the repêchage's, shared by every tour, in `crate::tour::tables`); the switchable readings of the rulings in [`TourOptions`].
//! Ties never stay: each classification applies its clause's tie-break, then QX-09 (countback of
//! stage places, the general classification, the lower start number). Riders who abandon leave
//! every individual classification; a team needs two riders still racing (QB-23).
//!
//! Readings of ours where the seed and the rulings are silent (each said where it is applied):
//! a team time trial gives every rider its team's time (HB-057, in
//! [`StageKind`](crate::tour::StageKind)); summits pay in time trials too ([`mountains`]); the
//! finish points go to the stage ranking that QB-20 uses for the bonus seconds ([`points`]);
//! QX-09 is read for teams in [`team`].
//!
//! # Conformance (house rules B, HB-058…HB-073)
//!
//! | clause | status | tests |
//! | --- | --- | --- |
//! | HB-058 three riders a team | not here: the roster belongs to the tour preset and the stage engine; the classifications take any team size (youth reads "slowest of the riders still racing", QB-24) | — |
//! | HB-059 six classifications | implemented: the six functions, [`standings`] | `winners::hb_059_six_classifications` |
//! | HB-060 stage ends after the round a rider crosses | not here: the stage engine's end rule; [`Outcome::Short`](crate::tour::Outcome::Short) carries the riders it leaves short of the line | — |
//! | HB-061 one minute a card, −10 s a row past | implemented: [`ridden_time`] | `time::hb_061_stage_time_crossed_worked_case_of_the_issue`, `time::hb_061_first_row_past_counts_one`, `time::tv_15_stage_times_house_b`, `general::hb_061_general_sums_stage_times_tv_16` |
//! | HB-062 rows short: 10 / 20 / 30 s | implemented, with `gc_short` (QB-20) | `time::hb_062_stage_time_short_prices_each_row_still_to_ride`, `time::qb_20_own_row_is_charged_only_with_the_option`, `time::tv_15_stage_times_with_include_own_row`, `tables::hb_062_short_row_prices` |
//! | HB-063 15 / 10 / 5 s to the first three | implemented; none in time trials (QB-20), none at all in a stage of house rules A, whose seed has no bonus seconds (QX-05, `StageResult::bonus_seconds`) | `time::tv_15_stage_times_house_b`, `time::qb_20_a_time_trial_has_no_bonus_seconds`, `time::qx_05_c_14_a_stage_without_bonus_seconds_keeps_the_gap_ridden` |
//! | HB-064 sprints 9 / 6 / 3 points, 3 / 2 / 1 s | implemented | `points::hb_064_tv_13_sprint_pays_9_6_3`, `points::hb_064_a_sprint_pays_its_first_three_and_no_fourth`, `time::tv_15_hb_064_sprint_bonus_seconds`, `general::hb_064_sprint_seconds_count_in_the_general` |
//! | HB-065 finish 6 / 3 / 1 points | implemented | `points::hb_065_tv_13_finish_pays_6_3_1` |
//! | HB-066 no finish points on a summit finish, none in time trials | implemented | `points::hb_066_tv_13_summit_finish_pays_no_finish_points_but_sprints_pay`, `points::hb_066_tv_13_time_trials_pay_no_points` |
//! | HB-067 mountain points by climb length | implemented, table B3 and its QB-22 extension | `tables::hb_067_mountain_points_by_length_match_the_printed_table`, `mountains::hb_067_tv_14_mountain_points_by_length` |
//! | HB-068 steep climb +1 | implemented, with `steep_bonus` (QB-22) | `mountains::hb_068_tv_14_steep_climb_pays_one_more_to_the_first`, `mountains::qb_22_steep_bonus_every_place_option` |
//! | HB-069 team time = two best | implemented, with `team_time` (QB-23) | `team::hb_069_tv_16_team_time_per_stage`, `team::qb_23_tv_16_team_time_best_two_gc_option`, `team::qb_23_a_team_with_fewer_than_two_riders_leaves` |
//! | HB-070 youth = slowest of the team | implemented (QB-24) | `youth::hb_070_tv_16_slowest_rider_of_each_team_is_its_young_rider`, `youth::qb_24_a_team_that_lost_a_rider_goes_on_with_its_slowest_remaining` |
//! | HB-071 combativity point to the biggest exhaustion gain | implemented (QB-25) | `combativity::hb_071_tv_17_biggest_gain_scores`, `combativity::qb_25_tv_17_no_positive_gain_no_point`, `combativity::qb_25_equal_gains_go_to_the_better_stage_place` |
//! | HB-072 the tour's winners | implemented: six winners (QB-26) | `winners::hb_072_qb_26_six_winners`, `winners::qb_26_no_winner_where_nobody_scored` |
//! | HB-073 world cup: two riders of three entered | not here: a world-cup clause (mode `world_cup`), no grand-tour classification | — |
//!
//! Test vectors: TV-13 (`points::*tv_13*`), TV-14 (`mountains::*tv_14*`), TV-15
//! (`time::tv_15_*`), TV-16 (`team::*tv_16*`, `youth::*tv_16*`, `general::*tv_16`), TV-17
//! (`combativity::*tv_17*`). Tie-breaks: `tiebreak::qx_09_*`, `general::qx_09_*`,
//! `points::qb_21_*`, `mountains::qx_09_*`, `team::qx_09_*`, `combativity::hb_071_points_add_up_and_ties_follow_qx_09`.
//!

pub(crate) mod combativity;
pub(crate) mod general;
pub(crate) mod mountains;
pub(crate) mod options;
pub(crate) mod points;
mod pricing;
pub mod tables;
pub(crate) mod team;
pub(crate) mod time;
pub(crate) mod winners;
pub(crate) mod youth;

pub use combativity::{combativity, stage_combativity};
pub use general::general;
pub use mountains::{mountains, stage_mountain_points};
pub use options::{GcShort, SteepBonus, TeamTime, TourOptions};
pub use points::{FINISH, points, stage_points};
pub use pricing::GrandTour;
pub(crate) use pricing::ledger;
pub use team::team;
pub use time::{ridden_time, stage_times};
pub use winners::{FinalWinners, Standings, final_winners, standings};
pub use youth::youth;
