//! Seeded random streams.
//!
//! Every random draw of a stage comes from a ChaCha8 generator keyed by the stage seed. Each
//! consumer (a rider's deck, the stage's own dice) gets its own stream number, so the draws of one
//! rider never depend on when or how often another consumer drew: a team's hands are the same
//! whatever order the other teams play in.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Stream 0 is the stage's own (dice, weather); riders use 1 + their index.
pub const STAGE_STREAM: u64 = 0;

pub fn stream(seed: u64, stream: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng
}

pub fn rider_stream(seed: u64, rider_index: usize) -> ChaCha8Rng {
    stream(seed, 1 + rider_index as u64)
}
