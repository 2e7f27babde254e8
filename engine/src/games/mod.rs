//! The games the bot referees, one folder each: its typed rules, house rules, bots, its
//! [`crate::registry::Game`] adapter (`game.rs`) and its tour (classifications, carry-over,
//! what it sets up between stages). Nothing of a game lives outside its folder but its line in
//! [`crate::registry::RULESETS`] and its variant of [`crate::registry::Scene`].

pub mod card_race;
pub mod hulst;
pub mod maillot_jaune;
pub mod velo_master;
