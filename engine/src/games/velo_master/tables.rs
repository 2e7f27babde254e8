//! The rules tables of Velo Master, each in one place with the rulebook section it restates
//! (seed 000, the French rulebook).

use crate::course::ClimbCategory;

/// Climber points by place at a summit (seed 000, "2. Classement Grimpeur > Maillot Rouge",
/// p.10; VM-071). The extraction lost the column headings; they read HC, 1st, 2nd, 3rd, 4th
/// category from left to right (ruling A-23: points and paid places fall with the category).
pub fn climber_points(category: ClimbCategory, place: u32) -> u32 {
    let scale: &[u32] = match category {
        ClimbCategory::Hc => &[40, 35, 30, 26, 22, 18],
        ClimbCategory::First => &[30, 26, 22, 18, 14, 12],
        ClimbCategory::Second => &[20, 15, 12, 10, 8, 6],
        ClimbCategory::Third => &[10, 7, 5, 3, 1],
        ClimbCategory::Fourth => &[5, 3, 1],
    };
    place
        .checked_sub(1)
        .and_then(|i| scale.get(i as usize))
        .copied()
        .unwrap_or(0)
}

/// Skill roll (seed 000, "Jet d'habileté", p.5; VM-046): a d20 showing 1 or 2 is a crash.
pub fn skill_fails(face: u8) -> bool {
    face <= 2
}

/// Power roll (seed 000, "Jet de puissance", p.7; VM-064): the d20 must be strictly higher than
/// the climb's slope in percent.
pub fn power_succeeds(face: u8, slope: u8) -> bool {
    face > slope
}

/// Rider turns a Débutant crash costs (seed 000, "Jet d'habileté", p.5; VM-047).
pub const DEBUTANT_CRASH_MISSES: u8 = 1;

/// What an Expert crash costs, by the severity d20 (seed 000, "GRAVITE des CHUTES", p.18;
/// VM-110), replacing the Débutant crash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// 1: the rider abandons.
    Abandon,
    /// 2-3: serious injury, misses 2 rider turns.
    Serious,
    /// 4-9: injury, misses 1 rider turn.
    Injury,
    /// 10-17: scratch, plays his next rider turn with the worst die.
    Scratch,
    /// 18-20: unhurt, plays normally.
    Unhurt,
}

pub fn severity(face: u8) -> Severity {
    match face {
        0..=1 => Severity::Abandon,
        2..=3 => Severity::Serious,
        4..=9 => Severity::Injury,
        10..=17 => Severity::Scratch,
        _ => Severity::Unhurt,
    }
}

impl Severity {
    pub fn misses(self) -> u8 {
        match self {
            Severity::Serious => 2,
            Severity::Injury => 1,
            _ => 0,
        }
    }
}

/// Race time of a rider still on the road when the race ends (ruling A-25): the clock, plus
/// one round of slots for every three levels (or part) still to ride.
pub fn time_short(end_clock: u32, slots_per_round: u32, levels_to_line: u32) -> u32 {
    end_clock + slots_per_round * levels_to_line.div_ceil(3)
}

/// The start phase launches one rider per player per round: Débutant teams have 2 riders,
/// Expert 4 (seed 000, "Le DEPART" p.8, "DONNER le DÉPART" p.13; VM-023).
pub fn team_size(expert: bool) -> usize {
    if expert { 4 } else { 2 }
}
