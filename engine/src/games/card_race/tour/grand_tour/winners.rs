//! All six classifications at once, and the winners at the end of the tour (seed 004, GRAND
//! TOUR – RESULTATS; HB-059, HB-072, ruling QB-26).
//!
//! The seed announces five winners and then lists six; QB-26 awards all six. A points-type
//! classification nobody scored in (no combativity point all tour, say) has no winner.

use super::combativity;
use super::general;
use super::mountains;
use super::options::TourOptions;
use super::points;
use super::team;
use super::youth;
use crate::tour::error::TourError;
use crate::tour::result::StageResult;
use crate::tour::standing::StandingRow;
use serde::{Deserialize, Serialize};

/// The six classifications of HB-059, each in display order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standings {
    pub general: Vec<StandingRow>,
    pub points: Vec<StandingRow>,
    pub mountains: Vec<StandingRow>,
    pub team: Vec<StandingRow>,
    pub youth: Vec<StandingRow>,
    pub combativity: Vec<StandingRow>,
}

/// The leaders of the six classifications, i.e. the tour's winners once the last stage is in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalWinners {
    pub general: Option<StandingRow>,
    pub points: Option<StandingRow>,
    pub mountains: Option<StandingRow>,
    pub team: Option<StandingRow>,
    pub youth: Option<StandingRow>,
    pub combativity: Option<StandingRow>,
}

/// The six classifications after the given stages, from one pass over the log.
pub fn standings(stages: &[StageResult], options: &TourOptions) -> Result<Standings, TourError> {
    let ledger = super::pricing::ledger(stages, options)?;
    Ok(Standings {
        general: general::rows(&ledger),
        points: points::rows(&ledger),
        mountains: mountains::rows(&ledger),
        team: team::rows(&ledger, options),
        youth: youth::rows(&ledger),
        combativity: combativity::rows(&ledger),
    })
}

/// The winners of the tour (HB-072, QB-26): the first row of each classification after the
/// last stage. The caller decides when the tour is over; given fewer stages, this says who
/// would win if the tour stopped there.
pub fn final_winners(
    stages: &[StageResult],
    options: &TourOptions,
) -> Result<FinalWinners, TourError> {
    let s = standings(stages, options)?;
    let first = |rows: Vec<StandingRow>| rows.into_iter().next();
    Ok(FinalWinners {
        general: first(s.general),
        points: first(s.points),
        mountains: first(s.mountains),
        team: first(s.team),
        youth: first(s.youth),
        combativity: first(s.combativity),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::fixtures::*;
    use crate::tour::result::SummitResult;

    fn name(row: &Option<StandingRow>) -> Option<&str> {
        row.as_ref()
            .map(|r| r.rider.as_ref().map_or(r.team.as_str(), |k| k.as_str()))
    }

    fn tour() -> Vec<StageResult> {
        let mut s1 = tv15_stage();
        s1.sprints.push(sprint("Km 30", &["R4", "R5", "R1"]));
        s1.summits.push(SummitResult {
            name: "Col".into(),
            length: 6,
            steep: false,
            order: keys(&["R5", "R3"]),
        });
        s1.riders[4].exhaustion_end = 3; // R5 rode in the wind
        vec![s1, tv16_stage2()]
    }

    #[test]
    fn hb_059_six_classifications() {
        let o = TourOptions::default();
        let stages = tour();
        let s = standings(&stages, &o).unwrap();
        // One pass gives what the six functions give one by one.
        assert_eq!(s.general, general::general(&stages, &o).unwrap());
        assert_eq!(s.points, points::points(&stages, &o).unwrap());
        assert_eq!(s.mountains, mountains::mountains(&stages, &o).unwrap());
        assert_eq!(s.team, team::team(&stages, &o).unwrap());
        assert_eq!(s.youth, youth::youth(&stages, &o).unwrap());
        assert_eq!(
            s.combativity,
            combativity::combativity(&stages, &o).unwrap()
        );
    }

    #[test]
    fn hb_072_qb_26_six_winners() {
        let w = final_winners(&tour(), &TourOptions::default()).unwrap();
        // General: R2 1060 + 1065 = 35:25 (R1 loses 1 s to the sprint: 35:44).
        assert_eq!(name(&w.general), Some("R2"));
        // Points: R4 9 + 3 = 12.
        assert_eq!(name(&w.points), Some("R4"));
        // Mountains: R5 6, R3 3.
        assert_eq!(name(&w.mountains), Some("R5"));
        // Team: Blue 72:10 against Red 72:20 less the sprint seconds of R4 (3) and R1 (1),
        // its two best riders of stage 1: 72:16.
        assert_eq!(name(&w.team), Some("Blue"));
        assert_eq!(w.team.as_ref().unwrap().value.to_string(), "1:12:10");
        // Youth: the slowest riders are R3 (Blue) and R5 (Red); R3 is faster.
        assert_eq!(name(&w.youth), Some("R3"));
        assert_eq!(name(&w.combativity), Some("R5"));
    }

    #[test]
    fn qb_26_no_winner_where_nobody_scored() {
        let w = final_winners(&[tv15_stage()], &TourOptions::default()).unwrap();
        assert_eq!(name(&w.mountains), None);
        assert_eq!(name(&w.combativity), None);
        assert_eq!(name(&w.general), Some("R1"));
        let w = final_winners(&[], &TourOptions::default()).unwrap();
        assert_eq!(w.general, None);
    }
}
