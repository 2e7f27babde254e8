//! Dice for the games that roll them: the stage's seeded stream, or faces a scenario gives.
//!
//! A ruling is checked with known rolls: a scenario lists die faces, and they are used in order,
//! whatever die is rolled, before the seeded stream takes over. Each roll says which die it was
//! and whether its face was given, so the output shows which roll used which face.

use crate::rng::{STAGE_STREAM, stream};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// One roll: the die's number of sides, the face, and whether the face came from the script.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub sides: u8,
    pub face: u8,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub given: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    #[error(
        "given roll {index} is {face}, but a d{sides} shows 1 to {sides}: fix roll {index} of \"dice\""
    )]
    OffTheDie { index: usize, face: u8, sides: u8 },
    #[error("a die needs at least one side")]
    NoSides,
}

#[derive(Debug, Clone)]
pub struct Dice {
    given: Vec<u8>,
    used: usize,
    rng: ChaCha8Rng,
    /// The rolls made since the last [`Dice::take_rolls`], for a game that tells its rolls in
    /// one event of their own rather than in the events they decide (see [`Dice::logged`]).
    log: Option<Vec<Roll>>,
}

impl Dice {
    /// The stage's dice: `given` faces first, in order, then the seed's stream.
    pub fn new(seed: u64, given: Vec<u8>) -> Dice {
        Dice {
            given,
            used: 0,
            rng: stream(seed, STAGE_STREAM),
            log: None,
        }
    }

    /// As [`Dice::new`], keeping every roll until [`Dice::take_rolls`] takes them.
    pub fn logged(seed: u64, given: Vec<u8>) -> Dice {
        Dice {
            log: Some(Vec::new()),
            ..Dice::new(seed, given)
        }
    }

    /// The rolls made since the last call, in order (none unless the dice are
    /// [`logged`](Dice::logged)).
    pub fn take_rolls(&mut self) -> Vec<Roll> {
        self.log.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// Rolls a die of `sides` sides. A given face that the die cannot show is refused (and
    /// the roll not taken), so a scenario's mistake is named rather than bent into a number.
    pub fn roll(&mut self, sides: u8) -> Result<Roll, DiceError> {
        if sides == 0 {
            return Err(DiceError::NoSides);
        }
        if let Some(&face) = self.given.get(self.used) {
            if face == 0 || face > sides {
                return Err(DiceError::OffTheDie {
                    index: self.used + 1,
                    face,
                    sides,
                });
            }
            self.used += 1;
            return Ok(self.keep(Roll {
                sides,
                face,
                given: true,
            }));
        }
        let face = self.rng.random_range(1..=sides);
        Ok(self.keep(Roll {
            sides,
            face,
            given: false,
        }))
    }

    fn keep(&mut self, roll: Roll) -> Roll {
        if let Some(log) = &mut self.log {
            log.push(roll);
        }
        roll
    }

    /// Gives the dice a new stream drawn from `rng`, and drops the given faces not used yet: a
    /// playout's copy of a stage (see [`crate::registry::Game::determinize`]) must roll what
    /// nobody can know yet, never the stage's own future rolls.
    pub fn reseed(&mut self, rng: &mut ChaCha8Rng) {
        self.rng = ChaCha8Rng::from_rng(rng);
        self.given.truncate(self.used);
    }

    /// Given faces not used yet.
    pub fn left(&self) -> usize {
        self.given.len() - self.used
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reseeded_dice_roll_the_new_stream_and_drop_the_given_faces() {
        let mut a = Dice::new(1, vec![6, 6]);
        let mut b = Dice::new(2, vec![6, 6]);
        assert_eq!(a.roll(6).unwrap().face, 6);
        a.reseed(&mut stream(9, 0));
        b.reseed(&mut stream(9, 0));
        assert_eq!(a.left(), 0);
        assert_eq!(b.left(), 0);
        let ra: Vec<Roll> = (0..40).map(|_| a.roll(6).unwrap()).collect();
        let rb: Vec<Roll> = (0..40).map(|_| b.roll(6).unwrap()).collect();
        assert_eq!(ra, rb, "the same playout stream, whatever the stage's seed");
        assert!(ra.iter().all(|r| !r.given));
        let mut c = Dice::new(1, Vec::new());
        let rc: Vec<Roll> = (0..40).map(|_| c.roll(6).unwrap()).collect();
        assert_ne!(ra, rc, "not the stage's own stream");
    }

    #[test]
    fn given_faces_come_first_then_the_seed() {
        let mut d = Dice::new(7, vec![6, 1, 20]);
        assert_eq!(
            d.roll(6).unwrap(),
            Roll {
                sides: 6,
                face: 6,
                given: true
            }
        );
        assert_eq!(d.roll(6).unwrap().face, 1);
        assert_eq!(d.roll(20).unwrap().face, 20);
        assert_eq!(d.left(), 0);
        let seeded: Vec<u8> = (0..50).map(|_| d.roll(6).unwrap().face).collect();
        assert!(seeded.iter().all(|f| (1..=6).contains(f)));
        let mut same = Dice::new(7, vec![]);
        let again: Vec<u8> = (0..50).map(|_| same.roll(6).unwrap().face).collect();
        assert_eq!(
            seeded, again,
            "the seeded stream does not depend on the given faces"
        );
        assert!(seeded.iter().any(|&f| f != seeded[0]));
    }

    #[test]
    fn logged_dice_keep_their_rolls_until_taken() {
        let mut d = Dice::logged(7, vec![3]);
        let first = d.roll(4).unwrap();
        let second = d.roll(6).unwrap();
        assert_eq!(d.take_rolls(), [first, second]);
        assert!(d.take_rolls().is_empty(), "taken once");
        let mut plain = Dice::new(7, vec![3]);
        plain.roll(4).unwrap();
        assert!(plain.take_rolls().is_empty(), "unlogged dice keep nothing");
    }

    #[test]
    fn a_face_the_die_cannot_show_is_named() {
        let mut d = Dice::new(1, vec![7]);
        let e = d.roll(6).unwrap_err();
        assert_eq!(
            e,
            DiceError::OffTheDie {
                index: 1,
                face: 7,
                sides: 6
            }
        );
        assert!(e.to_string().contains("roll 1"), "{e}");
        assert_eq!(d.left(), 1, "a refused roll uses nothing");
        assert_eq!(d.roll(20).unwrap().face, 7);
    }
}
