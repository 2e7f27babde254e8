//! The domestique (HA-029…HA-031): a team-mate who may give up the stage, and who starts every
//! stage fresh.
//!
//! Source: seed 001, "Domestique". Ruling QA-16: quitting is offered in the energy phase once
//! the hand is seen (the hand is recycled); the rider leaves the road before the movement phase
//! and takes no exhaustion. Its time for the stage (the gruppetto's, or the last rider's without
//! the gruppetto) is the tour's to give. The breakaway bid (HA-031) waits for the auction.

use crate::games::card_race::cards::RiderKind;

/// HA-030: a domestique may decline to play a card and quit the stage (not in a time trial,
/// which has no gruppetto and no last rider to take the time of).
pub fn may_quit(kind: RiderKind, time_trial: bool) -> bool {
    kind == RiderKind::Domestique && !time_trial
}

/// HA-029: a domestique sheds all its exhaustion cards between stages.
pub fn sheds_exhaustion(kind: RiderKind) -> bool {
    kind == RiderKind::Domestique
}
