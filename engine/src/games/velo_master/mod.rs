//! Velo Master, the dice race (seed 000, the French rulebook), refereed exactly: riders move
//! step by step on the course's cell graph with a d6 as a maximum, d20 tests settle climbs,
//! danger cells and the start order, and the time counts the slots played.
//!
//! Implemented: the Débutant level whole, the Expert level with shared colours (VM-018,
//! VM-019, in `shared`), and every Pro group; README.md lists the clauses. Each ruling our conformance
//! table makes (A-xx) is written beside the code that follows it.
//!
//! # Conformance: the stage race (what the tour adds up and carries)
//!
//! | clause | status | tests |
//! | --- | --- | --- |
//! | VM-006 the winner carries the champion's title (a white bike) into his next race | implemented: `finish::title_of`, the `champion` attribute set by `carry_over` (World or France by the course's name) | `finish::vm_006_*` |
//! | VM-078, A-25, A-26 a rider's time in minutes of the race clock | implemented: the result reports `Outcome::Timed` | `velo_master_tour::vm_079_vm_080_*` (bot) |
//! | VM-079 Maillot Or: the lowest summed time | implemented: `classify`, table `general` | `classify::vm_079_vm_080_tv_36_*` |
//! | VM-080 Maillot Rouge: the most summed climber points | implemented: `classify`, table `mountains` | `classify::vm_079_vm_080_tv_36_*` |
//! | VM-081, A-45 one jersey a rider: the Or's holder keeps it, the Rouge goes down | implemented: the table's `holder` | `classify::vm_081_a_45_tv_37_*` |
//! | VM-082, A-46 ties: the other classification, the team's two best climbers, the last stage's place | implemented; the roll-off A-46 ends with is the lower start number (a pure function rolls nothing) | `classify::vm_082_tv_38_*`, `classify::vm_082_a_46_*` |
//! | VM-084 an abandoned rider wears no jersey | implemented: he leaves every table | `classify::vm_084_*` |
//! | VM-085, A-48 repêchage | implemented: credited the last classified time + 1 minute, keeps the points of the stages he finished, condition at least 40 % before the recovery | `classify::vm_085_a_48_*`, `finish::vm_128_the_condition_*` |
//! | VM-128 recovery of 20 % between stages, never above 100 % by it | implemented: `finish::recover`, in `carry_over` | `finish::vm_128_tv_31_*`, `finish::vm_128_the_condition_*` |
//! | VM-083, A-47 a team-mate in a jersey stays one; a team that lost its leader names another before the next stage | implemented: `leaders::name_new_leaders` in `carry_over` (the best placed remaining rider when the director names none) | `leaders::a_47_vm_087_*`, `leaders::vm_083_*` |
//! | VM-142, A-49 team classification at Pro: three best cumulative times, no jersey | implemented: table `team` when the group is on | `classify::vm_142_a_49_tv_40_*` |
//!
//! Modules: `options` (levels, switches, rider attributes), `board` (what the rules read from
//! the course), `tables` (the rulebook's tables), `stage` (state, start phase, rounds and
//! slots), `phases` (the dice of a slot, protection, punctures, crash severity), `movement`
//! (steps and their tests), `entraide`, `acceleration`, `neutral` (the neutral team), `shared` (a colour
//! shared by two players),
//! `condition`, `attack`, `doping` (Pro), `finish` (summits, finish, time, jerseys, team
//! classification, what a rider carries to the next stage), `classify` (the tour's
//! classifications), `view`, `bot`, `game` (the registry's adapter).

pub mod acceleration;
pub mod attack;
pub mod board;
pub mod bot;
pub mod classify;
pub mod condition;
pub mod doping;
pub mod entraide;
mod entries;
pub mod events;
pub mod finish;
pub mod game;
mod leaders;
mod movement;
pub mod neutral;
pub mod options;
mod phases;
mod shared;
pub mod stage;
pub mod tables;
pub mod view;

pub use events::{Choice, Event, RiderIx};
pub use options::{Level, Options, Role};
pub use stage::{Part, Spot, VeloMaster};
pub use view::{RiderView, VeloView};

pub const ID: &str = "velo-master";
