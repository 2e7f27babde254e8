//! Repêchage: the directeurs sportifs vote a rider who abandoned back into the race (seed
//! 000, Velo Master, POINTS DIVERS, "Repêchage"; clause VM-085, ruling A-48, test vector TV-39,
//! restated in `docs/rules-card-race.md`).
//!
//! Two pure halves. [`count_votes`] decides a vote from the ballots: one vote per directeur
//! (the last ballot of each counts), a simple majority of the votes cast brings the rider back,
//! and on a tie the directeur of the last stage winner's team casts one more vote. What a
//! reinstatement means for the classifications is data: the rider is listed in
//! [`StageResult::rejoined`](super::StageResult::rejoined) of the stage it starts again, and the
//! ledger credits it, for each stage it did not finish, with that stage's last classified time
//! plus [`REPECHAGE_DELAY_SECONDS`](super::tables::REPECHAGE_DELAY_SECONDS) and nothing else.
//! [`stage_left`] says which stage a rider left, from the same fold, so the bot and the
//! classifications never disagree on it.
//!
//! Readings of ours, each tested below: a tie the extra vote does not break (the winner's team
//! has no directeur, or its directeur did not vote, or no stage has finished) stands, and the
//! rider stays out, as the status quo; no ballot at all is such a tie (0 to 0); a rider who
//! abandoned a stage takes nothing from it but the credited time, not even points it won on a
//! line before leaving (A-48 keeps the summit points of the stages it finished).

use super::error::TourError;
use super::ledger::Ledger;
use super::pricing::Pricing;
use super::result::{RiderKey, StageResult};
use super::tables::STAGE_WINNER_EXTRA_VOTES;
use serde::{Deserialize, Serialize};

/// How the directeurs sportifs decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoteCount {
    /// Votes to bring the rider back, the stage winner's extra vote included when it was cast.
    pub yes: u32,
    /// Votes to leave the rider out, the extra vote included likewise.
    pub no: u32,
    /// How the stage winner's directeur cast the extra vote: set only when the ballots tied and
    /// that directeur had voted, i.e. when the extra vote decided.
    pub extra_vote: Option<bool>,
    pub reinstated: bool,
}

/// Counts a repêchage vote (VM-085, A-48). `ballots` are `(directeur, yes)` in the order they
/// were cast: a directeur who changed their mind counts once, with their last ballot.
/// `stage_winner` is the directeur of the last stage winner's team, if a person directs it.
pub fn count_votes<D: Eq>(ballots: &[(D, bool)], stage_winner: Option<&D>) -> VoteCount {
    let mut last: Vec<&(D, bool)> = Vec::new();
    for ballot in ballots {
        match last.iter_mut().find(|b| b.0 == ballot.0) {
            Some(b) => *b = ballot,
            None => last.push(ballot),
        }
    }
    let mut yes = last.iter().filter(|b| b.1).count() as u32;
    let mut no = last.len() as u32 - yes;
    let mut extra_vote = None;
    if yes == no
        && let Some(winner) = stage_winner
        && let Some(&&(_, vote)) = last.iter().find(|b| &b.0 == winner)
    {
        if vote {
            yes += STAGE_WINNER_EXTRA_VOTES;
        } else {
            no += STAGE_WINNER_EXTRA_VOTES;
        }
        extra_vote = Some(vote);
    }
    VoteCount {
        yes,
        no,
        extra_vote,
        reinstated: yes > no,
    }
}

/// The stage in which `rider` left the race (the stage it abandoned during, or the first it did
/// not start), if it is out of the race after `stages`, priced by the tour's game; `None` while
/// it races or if it never started.
pub fn stage_left(
    stages: &[StageResult],
    rider: &RiderKey,
    pricing: &dyn Pricing,
) -> Result<Option<u32>, TourError> {
    let ledger = Ledger::build(stages, pricing)?;
    Ok(ledger
        .riders
        .iter()
        .find(|r| &r.key == rider)
        .and_then(|r| r.left_at))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::card_race::tour::grand_tour::{
        GrandTour, TourOptions, general, points, standings, team,
    };
    use crate::tour::fixtures::*;
    use crate::tour::result::{Outcome, SummitResult};

    fn vote(ballots: &[(&str, bool)], winner: Option<&str>) -> VoteCount {
        let ballots: Vec<(String, bool)> = ballots.iter().map(|&(d, v)| (d.into(), v)).collect();
        count_votes(&ballots, winner.map(String::from).as_ref())
    }

    #[test]
    fn tv_39_tie_broken_by_the_stage_winners_directeur_voting_yes_reinstates_3_2() {
        let c = vote(
            &[("a", true), ("b", true), ("c", false), ("d", false)],
            Some("a"),
        );
        assert_eq!(
            c,
            VoteCount {
                yes: 3,
                no: 2,
                extra_vote: Some(true),
                reinstated: true
            }
        );
    }

    #[test]
    fn tv_39_tie_with_the_stage_winners_directeur_among_the_no_stays_out_2_3() {
        let c = vote(
            &[("a", true), ("b", true), ("c", false), ("d", false)],
            Some("d"),
        );
        assert_eq!((c.yes, c.no, c.extra_vote), (2, 3, Some(false)));
        assert!(!c.reinstated);
    }

    #[test]
    fn vm_085_a_simple_majority_of_the_votes_cast_decides_without_the_extra_vote() {
        let c = vote(&[("a", true), ("b", true), ("c", false)], Some("c"));
        assert_eq!(
            (c.yes, c.no, c.extra_vote, c.reinstated),
            (2, 1, None, true)
        );
        let c = vote(&[("a", false), ("b", true), ("c", false)], Some("b"));
        assert_eq!(
            (c.yes, c.no, c.extra_vote, c.reinstated),
            (1, 2, None, false)
        );
    }

    #[test]
    fn a_48_a_directeur_who_changes_their_vote_counts_once_with_the_last() {
        let c = vote(&[("a", false), ("b", false), ("a", true)], None);
        assert_eq!((c.yes, c.no), (1, 1));
        let c = vote(
            &[("a", false), ("b", true), ("a", true), ("c", false)],
            Some("x"),
        );
        assert_eq!((c.yes, c.no, c.reinstated), (2, 1, true));
    }

    #[test]
    fn vm_085_tie_goes_to_the_stage_winners_directeur_only_if_it_voted() {
        // The winner's team is a bot's, or its directeur did not vote, or no stage finished:
        // the tie stands and the rider stays out.
        for winner in [Some("bot"), Some("d"), None] {
            let c = vote(&[("a", true), ("b", false)], winner);
            assert_eq!(
                c,
                VoteCount {
                    yes: 1,
                    no: 1,
                    extra_vote: None,
                    reinstated: false
                },
                "{winner:?}"
            );
        }
    }

    #[test]
    fn a_48_no_ballot_cast_leaves_the_rider_out() {
        let c = vote(&[], Some("a"));
        assert_eq!((c.yes, c.no, c.reinstated), (0, 0, false));
    }

    /// Three stages: R3 (Blue) abandons stage 2 after winning its summit, is brought back and
    /// starts stage 3.
    fn tour_with_repechage() -> Vec<StageResult> {
        let mut s2 = tv16_stage2();
        s2.riders[4].outcome = Outcome::Abandoned; // R3, last of the stage
        s2.riders[4].place = None;
        s2.summits.push(SummitResult {
            name: "Col".into(),
            length: 6,
            steep: false,
            order: keys(&["R3", "R2"]),
        });
        let mut s3 = flat_stage(
            3,
            vec![
                rider("R1", "Red", 1, 18, crossed(2), Some(1)),
                rider("R2", "Blue", 2, 18, crossed(1), Some(2)),
                rider(
                    "R4",
                    "Red",
                    4,
                    18,
                    short(crate::course::Terrain::Flat, &[]),
                    Some(3),
                ),
                rider(
                    "R5",
                    "Red",
                    5,
                    18,
                    short(crate::course::Terrain::Flat, &[]),
                    Some(4),
                ),
                rider(
                    "R3",
                    "Blue",
                    3,
                    18,
                    short(crate::course::Terrain::Flat, &[]),
                    Some(5),
                ),
            ],
        );
        s3.rejoined = keys(&["R3"]);
        vec![tv15_stage(), s2, s3]
    }

    #[test]
    fn a_48_brought_back_with_the_last_classified_time_plus_a_minute() {
        let stages = tour_with_repechage();
        let o = TourOptions::default();
        // Stage 2 without R3: its last classified rider is R1, 4th, 18:30 (19 cards, 3 rows
        // past). R3: stage 1 17:55, stage 2 credited 18:30 + 1:00, stage 3 18:00.
        let rows = general(&stages, &o).unwrap();
        let r3 = rows.iter().find(|r| r.rider == Some("R3".into())).unwrap();
        assert_eq!(
            r3.value.to_string(),
            crate::tour::format_time(1075 + 1110 + 60 + 1080)
        );
        assert!(r3.reinstated);
        assert!(
            rows.iter()
                .filter(|r| r.rider != Some("R3".into()))
                .all(|r| !r.reinstated)
        );
        // Before stage 3 the rider is out of the race, as any rider who abandoned.
        let after_2 = general(&stages[..2], &o).unwrap();
        assert!(after_2.iter().all(|r| r.rider != Some("R3".into())));
    }

    #[test]
    fn a_48_the_stage_left_pays_no_points_and_no_place() {
        let mut stages = tour_with_repechage();
        // Third of stage 1 and over the line: 1 finish point (HB-065 pays riders across only).
        stages[0].riders[2].outcome = crossed(1);
        let s = standings(&stages, &TourOptions::default()).unwrap();
        // R3 crossed the summit of stage 2 first, then abandoned: the 6 points are not his.
        let mountains: Vec<_> = riders_of(&s.mountains);
        assert_eq!(mountains, ["R2"]);
        // Stage 1 paid R3 1 finish point (third); stage 2 nothing; stage 3 nothing (fifth).
        let row = s
            .points
            .iter()
            .find(|r| r.rider == Some("R3".into()))
            .unwrap();
        assert_eq!(row.value.to_string(), "1 pt");
        assert!(row.reinstated, "every classification marks the rider");
        assert_eq!(points(&stages, &TourOptions::default()).unwrap(), s.points);
    }

    #[test]
    fn a_48_the_credited_time_counts_for_the_team() {
        // Blue has R2 and R3: in stage 2 only R2 finished, so Blue's stage-2 time is R2's 17:45
        // plus R3's credited 19:30. Without it Blue would have no stage-2 time at all.
        let rows = team(&tour_with_repechage(), &TourOptions::default()).unwrap();
        let blue = rows.iter().find(|r| r.team == "Blue").unwrap();
        let stage1 = 1060 + 1075;
        let stage2 = 1065 + 1110 + 60;
        let stage3 = 1060 + 1080; // R2 1 row past and second: 17:50 - 10 s.
        assert_eq!(
            blue.value.to_string(),
            crate::tour::format_time(stage1 + stage2 + stage3)
        );
        assert!(!blue.reinstated);
    }

    #[test]
    fn a_48_every_stage_missed_while_out_is_credited() {
        // R3 abandons stage 1 (tv15 without R3), misses stage 2 and starts stage 3.
        let mut s1 = tv15_stage();
        s1.riders[2].outcome = Outcome::Abandoned;
        s1.riders[2].place = None;
        for r in &mut s1.riders[3..] {
            r.place = r.place.map(|p| p - 1);
        }
        let mut s2 = tv16_stage2();
        s2.riders.remove(4);
        let mut s3 = flat_stage(
            3,
            vec![
                rider("R1", "Red", 1, 10, crossed(1), Some(1)),
                rider("R2", "Blue", 2, 10, crossed(1), Some(2)),
                rider("R3", "Blue", 3, 10, crossed(1), Some(3)),
                rider("R4", "Red", 4, 10, crossed(1), Some(4)),
                rider("R5", "Red", 5, 10, crossed(1), Some(5)),
            ],
        );
        s3.rejoined = keys(&["R3"]);
        let stages = [s1, s2, s3];
        assert_eq!(
            stage_left(&stages[..2], &"R3".into(), &GrandTour::default()),
            Ok(Some(1))
        );
        assert_eq!(
            stage_left(&stages, &"R3".into(), &GrandTour::default()),
            Ok(None)
        );
        let rows = general(&stages, &TourOptions::default()).unwrap();
        let r3 = rows.iter().find(|r| r.rider == Some("R3".into())).unwrap();
        // Stage 1's last classified is R5 (20:10), stage 2's is R1 (18:30); stage 3: 9:50 - 5 s.
        let credited = (1210 + 60) + (1110 + 60);
        assert_eq!(r3.value, crate::tour::Score::Seconds(credited + 590 - 5));
    }

    #[test]
    fn vm_087_stage_left_names_the_stage_abandoned_or_not_started() {
        let stages = tour_with_repechage();
        assert_eq!(
            stage_left(&stages[..1], &"R3".into(), &GrandTour::default()),
            Ok(None)
        );
        assert_eq!(
            stage_left(&stages[..2], &"R3".into(), &GrandTour::default()),
            Ok(Some(2))
        );
        let mut s2 = tv16_stage2();
        s2.riders.remove(4); // R3 does not start stage 2
        assert_eq!(
            stage_left(&[tv15_stage(), s2], &"R3".into(), &GrandTour::default()),
            Ok(Some(2))
        );
        assert_eq!(
            stage_left(&stages, &"nobody".into(), &GrandTour::default()),
            Ok(None)
        );
    }

    #[test]
    fn a_48_only_a_rider_out_of_the_race_can_be_brought_back() {
        let mut stages = tour_with_repechage();
        stages[2].rejoined = keys(&["R1"]);
        assert!(matches!(
            general(&stages, &TourOptions::default()),
            Err(TourError::NotOut { stage: 3, .. })
        ));
    }

    #[test]
    fn a_48_a_stage_nobody_finished_has_no_time_to_credit() {
        let s1 = flat_stage(
            1,
            vec![
                rider("a", "Red", 1, 10, Outcome::Abandoned, None),
                rider("b", "Red", 2, 10, Outcome::Abandoned, None),
            ],
        );
        let mut s2 = flat_stage(2, vec![rider("a", "Red", 1, 10, crossed(1), Some(1))]);
        s2.rejoined = keys(&["a"]);
        assert!(matches!(
            general(&[s1, s2], &TourOptions::default()),
            Err(TourError::NobodyClassified {
                stage: 2,
                missed: 1,
                ..
            })
        ));
    }
}
