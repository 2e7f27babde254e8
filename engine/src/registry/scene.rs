//! What the pictures are drawn from: each ruleset's public view, as the render crate takes it.
//! A new ruleset adds its variant here, and its adapter in `render`.

use crate::games::card_race::StageView;
use crate::games::hulst::HulstView;
use crate::games::maillot_jaune::MjView;
use crate::games::velo_master::VeloView;

#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum Scene {
    CardRace(StageView),
    VeloMaster(VeloView),
    MaillotJaune(MjView),
    Hulst(HulstView),
}
