//! The specialist (HA-023…HA-025, HA-028): a bot rider whose role follows the stage type, who
//! turns one card a round and never tires.
//!
//! Source: seed 001, "Spécialiste" and its "Sprinteur" and "Grimpeur" lines. Its deck by role is
//! in Table A1 ([`super::profiles`]); the grimpeur's climbs are [`super::Profile::climb_limit`].
//! The baroudeur's place in the breakaway (HA-026) is the auction's ([`super::auction`]), its
//! Peloton pace (HA-027) the Peloton team's ([`super::peloton`]).

use super::profiles::Profile;
use crate::games::card_race::cards::{Card, HAND_SIZE, RiderKind};

/// HA-024 (QA-13): the specialist turns the top card of its pile and plays it: a hand of one.
pub fn hand_size(kind: RiderKind) -> usize {
    if kind == RiderKind::Specialist {
        1
    } else {
        HAND_SIZE
    }
}

/// HA-024: the specialist never receives exhaustion cards.
pub fn never_tired(kind: RiderKind) -> bool {
    kind == RiderKind::Specialist
}

/// HA-025 (QA-14): the specialist sprinteur's saved 9s. Turning up a 9 when starting on a climb,
/// it sets the 9 aside and rides a 5 (the climb's cap then applies as to any card); while it has
/// a 9 saved, a 6 turned up off the climbs rides as a 9. Returns the card it rides by and its
/// saved 9s after the round.
pub fn sprinteur_card(profile: Profile, on_climb: bool, card: Card, saved: u8) -> (Card, u8) {
    if profile != Profile::SpecialistSprinteur {
        return (card, saved);
    }
    match card {
        Card::Energy(9) if on_climb => (Card::Energy(5), saved + 1),
        Card::Energy(6) if !on_climb && saved > 0 => (Card::Energy(9), saved - 1),
        _ => (card, saved),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{CourseSpec, SegmentSpec, Terrain};
    use crate::games::card_race::house_a::StageType;
    use crate::games::card_race::movement::distance_with;

    /// TV-07, round by round: the card turned, the terrain it starts on, how far it moves and
    /// the 9s saved after. Distances by the terrain rules of a course with such rows.
    #[test]
    fn ha_025_tv_07_the_specialist_sprinteurs_saved_nines() {
        let seg = |terrain, length, start, finish| SegmentSpec {
            terrain,
            length,
            lanes: None,
            start,
            finish,
        };
        // Rows: 0-3 start, 4 uphill, 5-24 flat, 25 downhill, 26… flat.
        let course = CourseSpec {
            segments: vec![
                seg(Terrain::Flat, 4, true, false),
                seg(Terrain::Uphill, 1, false, false),
                seg(Terrain::Flat, 20, false, false),
                seg(Terrain::Downhill, 1, false, false),
                seg(Terrain::Flat, 30, false, true),
            ],
            ..Default::default()
        }
        .build()
        .unwrap();
        let profile = Profile::of(RiderKind::Specialist, StageType::Flat);
        let (uphill, flat, downhill) = (4, 10, 25);
        let mut saved = 0;
        for (round, row, turned, moves, saved_after) in [
            (1, uphill, 9, 5, 1),
            (2, flat, 6, 9, 0),
            (3, flat, 6, 6, 0),
            (4, uphill, 9, 5, 1),
            (5, uphill, 6, 5, 1),
            (6, downhill, 6, 9, 0),
            (7, downhill, 3, 5, 0),
        ] {
            let on_climb = course.terrain(row) == Terrain::Uphill;
            let (card, after) = sprinteur_card(profile, on_climb, Card::Energy(turned), saved);
            saved = after;
            assert_eq!(
                distance_with(&course, row, false, card),
                moves,
                "round {round}"
            );
            assert_eq!(saved, saved_after, "round {round}");
        }
        // Only the specialist sprinteur saves its 9s.
        let grimpeur = Profile::of(RiderKind::Specialist, StageType::Mountain);
        assert_eq!(
            sprinteur_card(grimpeur, true, Card::Energy(9), 0),
            (Card::Energy(9), 0)
        );
    }
}
