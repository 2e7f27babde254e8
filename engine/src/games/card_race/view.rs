//! What a seat may see of a stage. Hands and the card laid face down are private to their team;
//! everything on the road, the recycle piles (face up in the box game) and the last round are
//! public.

use super::cards::{Card, RiderKind};
use super::events::RiderIdx;
use super::house_a::StageType;
use super::house_b::ConditionsView;
use super::stage::{RiderRound, Stage};
use crate::course::{Course, Pos};
use crate::game::{Seat, Viewer};
use serde::Serialize;
use std::sync::Arc;

#[derive(Debug, Clone, Serialize)]
pub struct StageView {
    #[serde(skip)]
    pub course: Arc<Course>,
    pub course_name: String,
    pub round: u32,
    pub over: bool,
    pub viewer: Viewer,
    pub teams: Vec<TeamView>,
    pub riders: Vec<RiderView>,
    /// Riders front to back.
    pub race_order: Vec<RiderIdx>,
    /// What each rider did in the round just played (empty before the first).
    pub last_round: Vec<RiderRound>,
    /// House rules B's weather level and wind, when in play.
    #[serde(default)]
    pub conditions: ConditionsView,
    /// Flat, hilly or mountain by the climbs (HA-001), with the option `stage_types`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stage_type: Option<StageType>,
    /// The stage opens with house rules B's fictive start (HB-038…HB-043): round 0 is that
    /// roll-out behind the flag.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub fictive_start: bool,
    /// How riders are named and lettered on the board (HB-010).
    #[serde(default, skip_serializing_if = "is_default_names")]
    pub rider_names: super::cards::RiderNames,
    /// House rules A's breakaway and gruppetto, when in play.
    #[serde(default, flatten)]
    pub house_a: HouseAView,
}

/// What house rules A put on the road beside the riders.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct HouseAView {
    /// The breakaway auction's bid step while it runs (1 or 2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bid_step: Option<u8>,
    /// The riders who started in the breakaway, front first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub breakaway: Vec<RiderIdx>,
    /// The gruppetto's cells while it is on the road (a neutral pack, HA-032…HA-039).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub gruppetto: Vec<Pos>,
}

#[derive(Debug, Clone, Serialize)]
pub struct TeamView {
    pub name: String,
    /// True while the team still owes a choice this round.
    pub to_play: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct RiderView {
    pub index: RiderIdx,
    pub id: String,
    pub team: Seat,
    pub kind: RiderKind,
    pub pos: Pos,
    /// Still racing (not across the line).
    pub racing: bool,
    pub crossed_round: Option<u32>,
    pub exhaustion_taken: u16,
    pub cards_played: u32,
    pub draw_pile: u32,
    pub recycle: Vec<Card>,
    /// Whether the rider's card for this round is chosen (never which card, to others).
    pub chosen: bool,
    /// A domestique that gave up the stage (HA-030).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub quit: bool,
    /// House rules B's musette tokens held (HB-047): public, like a token on the table.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub musettes: u8,
    /// The hand drawn this round: only for the rider's own team.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<Card>>,
    /// The card laid face down this round: only for the rider's own team.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kept: Option<Card>,
}

fn is_default_names(n: &super::cards::RiderNames) -> bool {
    *n == super::cards::RiderNames::default()
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl StageView {
    pub(crate) fn of(stage: &Stage, viewer: Viewer) -> Self {
        let own = |team: Seat| viewer == Viewer::Seat(team);
        // House rules B's time trials draw their hands face up (HB-050, HB-055).
        let face_up = stage.setup.options.time_trial_b.is_some();
        let riders = stage
            .riders
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let setup = &stage.setup.riders[i];
                RiderView {
                    index: i as RiderIdx,
                    id: setup.id.clone(),
                    team: setup.team,
                    kind: setup.kind,
                    pos: r.pos,
                    racing: r.racing(),
                    crossed_round: r.crossed.map(|(round, _)| round),
                    exhaustion_taken: r.exhaustion_taken,
                    cards_played: r.played.len() as u32,
                    draw_pile: r.deck.len() as u32,
                    recycle: r.recycle.clone(),
                    chosen: r.kept.is_some(),
                    quit: r.quit,
                    musettes: r.musettes,
                    hand: ((own(setup.team) || face_up) && r.drawn && r.kept.is_none())
                        .then(|| r.hand.clone()),
                    kept: if own(setup.team) { r.kept } else { None },
                }
            })
            .collect();
        let teams = stage
            .setup
            .teams
            .iter()
            .enumerate()
            .map(|(t, name)| TeamView {
                name: name.clone(),
                to_play: !stage.legal_choices(t as Seat).is_empty(),
            })
            .collect();
        StageView {
            course: Arc::clone(&stage.setup.course),
            course_name: stage.setup.course.name.clone(),
            round: stage.round,
            over: stage.over,
            viewer,
            teams,
            riders,
            race_order: stage.race_order(),
            last_round: stage.last_round.clone(),
            conditions: stage.conditions(),
            stage_type: stage.setup.options.stage_types.then_some(stage.stage_type),
            fictive_start: stage.setup.options.fictive_start,
            rider_names: stage.setup.options.rider_names,
            house_a: HouseAView {
                bid_step: stage.bid_step(),
                breakaway: stage.breakaway().to_vec(),
                gruppetto: stage.gruppetto_cells(),
            },
        }
    }
}
