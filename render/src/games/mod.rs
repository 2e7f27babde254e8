//! Each game's pictures adapter: from its engine view (its variant of the registry's `Scene`) to
//! the renderer's plain scenes. A new game adds its module here and its arm in
//! [`crate::ruleset`].

pub mod card_race;
pub mod hulst;
pub mod hulst_text;
pub mod maillot_jaune;
pub mod maillot_jaune_text;
pub mod velo_master;
pub mod velo_master_text;
