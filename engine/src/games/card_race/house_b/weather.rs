//! House rules B's weather (seed 004, EFFETS DE COURSE – MÉTÉO; HB-029…HB-032, table B8, ruling
//! QB-11).
//!
//! A level from 1 to 5. A stage starts at 3 (fine weather), or in a grand tour at the level the
//! previous stage ended on. At the start of every round a d6: 1 lowers the level by one, 6 raises
//! it by one, 2 to 5 leave it; the level never leaves 1…5 (QB-11). It acts on exhaustion only:
//! at 1 (cold, wet) an exhaustion card received goes face down on top of the draw pile, so it is
//! the first card of the next hand; at 5 (hot, dry) every award of exhaustion is doubled; 2, 3
//! and 4 change nothing.

/// The level a stage starts at outside a grand tour (HB-029).
pub const START_LEVEL: u8 = 3;
/// The coldest level: exhaustion received goes on top of the draw pile (HB-031).
pub const COLD: u8 = 1;
/// The hottest level: every exhaustion award is doubled (HB-032).
pub const HOT: u8 = 5;
/// The die rolled each round (HB-030).
pub const DIE: u8 = 6;

/// The level after a round's roll (HB-030, QB-11).
pub fn next_level(level: u8, face: u8) -> u8 {
    match face {
        1 => level.saturating_sub(1).max(COLD),
        6 => (level + 1).min(HOT),
        _ => level,
    }
}

/// How many exhaustion cards an award of `cards` becomes at `level` (HB-032).
pub fn cards(level: u8, cards: u16) -> u16 {
    if level == HOT { cards * 2 } else { cards }
}

/// Whether exhaustion received at `level` goes on top of the draw pile (HB-031, QX-04).
pub fn on_top(level: u8) -> bool {
    level == COLD
}

#[cfg(test)]
mod tests {
    use super::*;

    fn levels(start: u8, faces: &[u8]) -> Vec<u8> {
        faces
            .iter()
            .scan(start, |l, &f| {
                *l = next_level(*l, f);
                Some(*l)
            })
            .collect()
    }

    #[test]
    fn hb_030_tv_12_the_d6_moves_the_level_within_1_to_5() {
        assert_eq!(levels(3, &[1, 1, 1, 6]), [2, 1, 1, 2]);
        assert_eq!(levels(3, &[6, 6, 6, 2, 1]), [4, 5, 5, 5, 4]);
        assert_eq!(levels(5, &[3]), [5]);
        for f in 2..=5 {
            assert_eq!(next_level(4, f), 4);
        }
    }

    #[test]
    fn hb_031_hb_032_cold_puts_on_top_heat_doubles() {
        assert!(on_top(1));
        assert_eq!(cards(1, 1), 1);
        for level in 2..=4 {
            assert!(!on_top(level));
            assert_eq!(cards(level, 2), 2);
        }
        assert_eq!(cards(5, 1), 2);
        assert_eq!(
            cards(5, 2),
            4,
            "a headwind's 2 cards are doubled too (QB-11)"
        );
        assert!(!on_top(5));
    }
}
