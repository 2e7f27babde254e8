//! What a race's entries may say, checked before anything is rolled: each refusal is a
//! sentence that says what to change, so a scenario, a tour or a preset never starts a race
//! with a rider the rules cannot ride.

use super::options::{Attributes, Level, Options, Role};
use crate::registry::{Setup, StartError};
use serde_json::Value;

/// The lowest condition a rider may start a race at. Seed 000, CONDITION PHYSIQUE, the table of
/// "Conditions de déplacement": 30 % is abandon, and our ruling A-40 has a rider below 40 %
/// abandon at once; so a rider entered below 40 % would never ride.
pub const LOWEST_START: i32 = 40;
/// The condition a rider starts a first race with (seed 000, CONDITION PHYSIQUE: every rider
/// starts at the top of his form, 100 %). Only what a tour carries may stand above it (VM-128:
/// a rider above 100 % keeps what he has between stages).
pub const FULL: i32 = 100;

/// The attributes only the Pro condition rules read (VM-117…VM-136).
const CONDITION_ATTRIBUTES: [&str; 4] = ["condition", "doped", "motivated", "gains"];

/// Refuses entries the rules cannot ride: condition attributes where no condition is kept, a
/// condition out of range, a neutral rider outside a two-player Expert race (VM-014).
pub fn check(options: &Options, setup: &Setup, attrs: &[Attributes]) -> Result<(), StartError> {
    let condition_kept = options.pro(options.condition);
    for (r, a) in setup.riders.iter().zip(attrs) {
        let refuse = |message: String| {
            Err(StartError::Rider {
                rider: r.id.clone(),
                message,
            })
        };
        if !condition_kept {
            // `false` says nothing; any other value asks for a rule that is not in force.
            if let Some(name) = CONDITION_ATTRIBUTES.iter().find(|k| {
                r.attributes
                    .get(**k)
                    .is_some_and(|v| *v != Value::Bool(false))
            }) {
                let why = if options.level == Level::Pro {
                    "the physical condition rules are switched off (\"condition\": false)"
                } else {
                    "physical condition and doping are Pro rules (VM-117…VM-136)"
                };
                return refuse(format!(
                    "\"{name}\" is given, but {why}: remove \"{name}\", or race at \"level\": \"pro\" with \"condition\" on"
                ));
            }
            continue;
        }
        if let Some(c) = a.condition {
            if c < LOWEST_START {
                return refuse(format!(
                    "condition {c} %: a rider at 30 % or less abandons (seed 000, CONDITION PHYSIQUE; A-40: below {LOWEST_START} %), so he cannot start: give {LOWEST_START} to {FULL}"
                ));
            }
            if c > FULL && !a.later_stage {
                return refuse(format!(
                    "condition {c} %: a rider starts his first race at {FULL} % at most (seed 000, CONDITION PHYSIQUE); only a tour carries more (VM-128): give {LOWEST_START} to {FULL}, or \"doped\": true for the +20 %"
                ));
            }
        }
    }
    neutral(options, setup, attrs)
}

/// VM-014: the neutral team rides only in a two-player Expert (or Pro) race, and it is a team
/// of its own, all its riders neutral.
fn neutral(options: &Options, setup: &Setup, attrs: &[Attributes]) -> Result<(), StartError> {
    let Some(first) = attrs.iter().position(|a| a.role == Role::Neutral) else {
        return Ok(());
    };
    let rider = |i: usize| setup.riders[i].id.clone();
    if !options.expert() {
        return Err(StartError::Rider {
            rider: rider(first),
            message: "a neutral rider races only at Expert or Pro with two players (VM-014): give \"role\": \"leader\" or \"team-mate\", or race at \"level\": \"expert\"".into(),
        });
    }
    let all_neutral = |team: u8| {
        setup
            .riders
            .iter()
            .zip(attrs)
            .filter(|(r, _)| r.team == team)
            .all(|(_, a)| a.role == Role::Neutral)
    };
    if let Some(i) = (0..attrs.len())
        .find(|&i| attrs[i].role == Role::Neutral && !all_neutral(setup.riders[i].team))
    {
        return Err(StartError::Rider {
            rider: rider(i),
            message: format!(
                "a neutral rider rides in the neutral team, all of whose riders are neutral (VM-014), and team '{}' has others: give him \"role\": \"team-mate\", or a team of his own",
                setup
                    .teams
                    .get(setup.riders[i].team as usize)
                    .map_or("?", |t| t.as_str())
            ),
        });
    }
    let players = (0..setup.teams.len() as u8)
        .filter(|&t| setup.riders.iter().any(|r| r.team == t) && !all_neutral(t))
        .count();
    if players != 2 {
        return Err(StartError::Rider {
            rider: rider(first),
            message: format!(
                "the neutral team rides only when two players race (VM-014), and {players} race here: leave the neutral team out, or race with two teams beside it"
            ),
        });
    }
    Ok(())
}
