//! Who leads a team into the next stage (VM-083, VM-087, ruling A-47).
//!
//! Seed 000, POINTS DIVERS (p.12): a team-mate who wears a jersey stays a team-mate unless his
//! director makes him leader; a team whose leader abandoned must name one of its remaining
//! riders leader before the next stage, and the bibs swap. Roles travel in the tour riders'
//! attributes (`"role"`), so nothing here changes a rider's role but that naming.

use super::stage::{Spot, VeloMaster};
use crate::tour::TourRider;
use serde_json::{Value, json};

impl VeloMaster {
    /// for every team whose leader abandoned in this race, the remaining rider the
    /// director names leads the next stage. When nobody has named one (a bot's team, an
    /// absent director), the rider best placed in this race's classification does: the one
    /// best placed to defend the team's time. The old leader becomes a team-mate, so a
    /// repêchage brings him back under the new leader (the bibs swap).
    pub fn name_new_leaders(&self, riders: &mut [TourRider]) {
        let lines = self.classification();
        let place = |r: usize| {
            lines
                .iter()
                .position(|l| l.rider as usize == r)
                .unwrap_or(usize::MAX)
        };
        for team in &self.fixed.riders_of {
            let Some(&leader) = team.first() else {
                continue;
            };
            if self.fixed.roles[leader as usize] != super::options::Role::Leader
                || self.riders[leader as usize].spot != Spot::Out
            {
                continue;
            }
            let Some(&heir) = team[1..]
                .iter()
                .filter(|&&r| self.riders[r as usize].spot != Spot::Out)
                .min_by_key(|&&r| place(r as usize))
            else {
                continue;
            };
            let id_of = |r: u8| self.fixed.ids[r as usize].as_str();
            for t in riders.iter_mut() {
                let role = if t.key.as_str() == id_of(heir) {
                    "leader"
                } else if t.key.as_str() == id_of(leader) {
                    "team-mate"
                } else {
                    continue;
                };
                if let Value::Object(map) = &mut t.attributes {
                    map.insert("role".into(), json!(role));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::course::parse_course_toml;
    use crate::games::velo_master::stage::{Spot, VeloMaster};
    use crate::registry::{Entrant, Game, Setup};
    use crate::tour::{RiderKey, TourRider};
    use serde_json::json;
    use std::sync::Arc;

    fn stage() -> (VeloMaster, Vec<TourRider>) {
        let text = include_str!("../../../../config/courses/velo-master/vm-sprint-de-vic.toml");
        let course = Arc::new(parse_course_toml(text, "vm-sprint-de-vic.toml").unwrap());
        let riders: Vec<Entrant> = (0..12)
            .map(|i| Entrant {
                id: format!("R{i}"),
                team: (i / 4) as u8,
                start: None,
                attributes: json!({"role": if i % 4 == 0 { "leader" } else { "team-mate" }}),
            })
            .collect();
        let tour = riders
            .iter()
            .enumerate()
            .map(|(i, e)| TourRider {
                key: RiderKey::new(e.id.clone()),
                team: e.team,
                start_number: i as u32 + 1,
                abandoned: false,
                attributes: e.attributes.clone(),
            })
            .collect();
        let setup = Setup {
            course,
            teams: vec!["Verts".into(), "Roses".into(), "Oranges".into()],
            riders,
            options: json!({"level": "expert"}),
            dice: Vec::new(),
        };
        (VeloMaster::new(&setup, 3).unwrap(), tour)
    }

    #[test]
    fn a_47_vm_087_a_team_whose_leader_abandoned_leads_with_its_best_placed_rider() {
        let (mut s, mut tour) = stage();
        // R0, the Verts' leader, abandons; R2 is the best placed of the others.
        s.riders[0].spot = Spot::Out;
        s.riders[1].spot = Spot::Road(0);
        s.riders[2].finish = Some((1, 50));
        s.riders[2].spot = Spot::Finished;
        s.riders[3].finish = Some((3, 55));
        s.riders[3].spot = Spot::Finished;
        s.carry_over(&mut tour);
        let role = |k: usize| tour[k].attributes["role"].as_str().unwrap().to_string();
        assert_eq!(role(2), "leader");
        assert_eq!(role(0), "team-mate", "the bibs swap");
        assert_eq!(role(1), "team-mate");
        // The Roses kept their leader: nothing changes there.
        assert_eq!(role(4), "leader");
        assert!((5..8).all(|k| role(k) == "team-mate"));
        assert_eq!(role(8), "leader");
    }

    #[test]
    fn vm_083_a_team_mate_in_a_jersey_stays_a_team_mate() {
        // R1 wins the stage (he will wear the Or) while his leader R0 finishes: no change.
        let (mut s, mut tour) = stage();
        s.riders[1].finish = Some((1, 40));
        s.riders[1].spot = Spot::Finished;
        s.riders[1].points = 30;
        s.riders[0].finish = Some((2, 41));
        s.riders[0].spot = Spot::Finished;
        let roles = |tour: &[TourRider]| -> Vec<String> {
            tour.iter()
                .map(|t| t.attributes["role"].as_str().unwrap().to_string())
                .collect()
        };
        let before = roles(&tour);
        s.carry_over(&mut tour);
        assert_eq!(roles(&tour), before);
    }
}
