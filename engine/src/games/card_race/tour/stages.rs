//! A card-race stage inside a tour: how it is set up from the riders still in the race, what it
//! reports to the classifications when it is over, and what a rider keeps for the next stage
//! (house rules B, "GRAND TOUR": exhaustion carried over).

use crate::course::{Course, Marker, Terrain};
use crate::game::Seat;
use crate::games::card_race::house_a::TimeTrial;
use crate::games::card_race::{
    Card, Options, Profiles, RiderIdx, RiderSetup, Stage, StageSetup, card_race_attributes,
    card_race_attributes_of,
};
use crate::registry;
use crate::tour::{
    LineResult, Outcome, RiderKey, RiderStage, StageKind, StageResult, SummitResult, TourRider,
};
use std::sync::Arc;

/// Sets up a stage for the riders still in the race, placed on the grid front first in the order
/// given (the caller passes the general classification's order, or start numbers for the first
/// stage). The start area grows backwards when the field needs it (QX-07).
pub fn stage_setup(course: &Course, team_names: &[String], riders: &[&TourRider]) -> StageSetup {
    let course = course.with_start_for(riders.len());
    let cells = course.start_cells();
    StageSetup {
        riders: riders
            .iter()
            .zip(cells)
            .map(|(r, start)| {
                let (kind, carried_exhaustion) = card_race_attributes_of(&r.attributes);
                RiderSetup {
                    id: r.key.0.clone(),
                    team: r.team,
                    kind,
                    start,
                    carried_exhaustion,
                }
            })
            .collect(),
        course: Arc::new(course),
        teams: team_names.to_vec(),
        // What the named rules `house-b` stand for, as a tour of the registry rides them.
        options: house_b_options(),
    }
}

/// The options the named rules `house-b` stand for, as a tour of the registry rides them.
fn house_b_options() -> Options {
    let json = registry::ruleset(crate::games::card_race::ID)
        .ok()
        .and_then(|r| r.rules.iter().find(|n| n.name == "house-b"))
        .map(|n| (n.options)())
        .expect("the card race names its rules house-b");
    serde_json::from_value(json).expect("the named rules house-b are options of the card race")
}

/// Exhaustion cards a rider holds (draw pile, hand, recycle pile), not counting the ones played.
pub fn exhaustion_held(stage: &Stage, rider: RiderIdx) -> u16 {
    let (deck, hand, recycle, _) = stage.piles(rider);
    [deck, hand, recycle]
        .iter()
        .flat_map(|pile| pile.iter())
        .filter(|c| **c == Card::Exhaustion)
        .count() as u16
}

/// What a finished stage reports to the classifications. `riders` are the tour riders, so
/// team names and start numbers come with each stage rider.
pub fn stage_result(
    stage: &Stage,
    number: u32,
    kind: StageKind,
    riders: &[TourRider],
) -> StageResult {
    let course = stage.course();
    let setup = stage.setup();
    let key = |i: RiderIdx| RiderKey::new(setup.riders[i as usize].id.clone());
    let order = stage.finish_order();
    let line = course.finish_row();
    let stage_riders = (0..setup.riders.len() as RiderIdx)
        .map(|i| {
            let tour = riders
                .iter()
                .find(|r| r.key.0 == setup.riders[i as usize].id)
                .expect("every stage rider is a tour rider");
            let outcome = match stage.crossed(i) {
                Some((_, at)) => Outcome::Crossed {
                    rows_past: at.row - line + 1,
                },
                None => {
                    let row = stage.position(i).row;
                    Outcome::Short {
                        own_row: course.terrain(row),
                        to_ride: (row + 1..line).map(|r| course.terrain(r)).collect(),
                    }
                }
            };
            RiderStage {
                rider: key(i),
                team: setup.teams[tour.team as usize].clone(),
                start_number: tour.start_number,
                cards_played: stage.cards_played(i).len() as u32,
                outcome,
                place: order.iter().position(|&o| o == i).map(|p| p as u32 + 1),
                exhaustion_start: card_race_attributes_of(&tour.attributes).1 as u32,
                exhaustion_end: exhaustion_held(stage, i) as u32,
            }
        })
        .collect();
    let stage_riders = house_a_team_times(stage, stage_riders);
    let stage_riders = quitters_times(stage, stage_riders);
    let mut sprints = Vec::new();
    let mut summits = Vec::new();
    for crossing in stage.line_crossings() {
        let order: Vec<RiderKey> = crossing.riders.iter().map(|&i| key(i)).collect();
        match &crossing.marker {
            Marker::Sprint { name } => sprints.push(LineResult {
                name: name.clone(),
                order,
            }),
            Marker::Summit { name, length } => summits.push(SummitResult {
                name: name.clone(),
                length: *length,
                steep: crossing.steep,
                order,
            }),
            _ => {}
        }
    }
    // A summit finish: the last climb tops out on the last row before the line.
    let summit_finish = line > 0 && course.terrain(line - 1) == Terrain::Uphill;
    StageResult {
        number,
        kind,
        summit_finish,
        riders: stage_riders,
        rejoined: Vec::new(),
        sprints,
        summits,
        // Seed 001 (house rules A) defines no bonus seconds: a house-A stage's riders take their
        // time ridden into the general classification as it is. House rules B's 15 / 10 / 5 s
        // and sprint seconds (HB-063, HB-064) are for the other decks' tours.
        bonus_seconds: setup.options.profiles != Profiles::HouseA,
        carry: serde_json::Value::Null,
    }
}

/// HA-030 (QA-16): a domestique who quit the stage is credited with the gruppetto's time, a
/// rider crossing at the end of the sweep's round with no row past the line (QA-18); without a
/// gruppetto that swept (none in the stage, or the stage ended first) it takes the time of the
/// last rider classified, the slowest of the others. It keeps its place behind every rider.
fn quitters_times(stage: &Stage, mut riders: Vec<RiderStage>) -> Vec<RiderStage> {
    let quitters: Vec<usize> = (0..riders.len())
        .filter(|&i| stage.has_quit(i as RiderIdx))
        .collect();
    if quitters.is_empty() {
        return riders;
    }
    if let Some(minutes) = stage.gruppetto_minutes() {
        for i in quitters {
            riders[i].outcome = Outcome::Timed {
                minutes,
                across: true,
                climber_points: 0,
                points: 0,
                bonus_seconds: 0,
            };
        }
        return riders;
    }
    let time = |r: &RiderStage| {
        super::grand_tour::ridden_time(r.cards_played, &r.outcome, Default::default())
    };
    let last = (0..riders.len())
        .filter(|i| !quitters.contains(i))
        .max_by_key(|&i| (time(&riders[i]), riders[i].place));
    if let Some(last) = last {
        let (cards, outcome) = (riders[last].cards_played, riders[last].outcome.clone());
        for i in quitters {
            riders[i].cards_played = cards;
            riders[i].outcome = outcome.clone();
        }
    }
    riders
}

/// QA-25 (HA-049): in house rules A's team time trial every rider of a team takes the time of
/// its first rider across, the one that ended the trial for the team; places follow the team
/// times. Other stages are left as they are.
fn house_a_team_times(stage: &Stage, mut riders: Vec<RiderStage>) -> Vec<RiderStage> {
    if stage.setup().options.time_trial != Some(TimeTrial::Team) {
        return riders;
    }
    for seat in 0..stage.setup().teams.len() as Seat {
        let first = stage
            .team_riders(seat)
            .iter()
            .filter_map(|&r| stage.crossed(r).map(|(round, at)| (round, at, r)))
            .min_by_key(|&(round, at, _)| (round, std::cmp::Reverse(at.row), at.lane));
        let Some((_, _, first)) = first else { continue };
        let (cards, outcome) = {
            let f = &riders[first as usize];
            (f.cards_played, f.outcome.clone())
        };
        for &r in stage.team_riders(seat) {
            riders[r as usize].cards_played = cards;
            riders[r as usize].outcome = outcome.clone();
        }
    }
    let time = |r: &RiderStage| {
        super::grand_tour::ridden_time(r.cards_played, &r.outcome, Default::default())
            .unwrap_or(i64::MAX)
    };
    let mut order: Vec<usize> = (0..riders.len()).collect();
    order.sort_by_key(|&i| (time(&riders[i]), riders[i].place));
    for (place, &i) in order.iter().enumerate() {
        riders[i].place = Some(place as u32 + 1);
    }
    riders
}

/// After a stage, each rider keeps the exhaustion cards it still holds (house rules B,
/// `exhaustion_carry = all`, conformance table 5.2).
pub fn carry_over(stage: &Stage, riders: &mut [TourRider]) {
    for (i, r) in stage.setup().riders.iter().enumerate() {
        if let Some(tour) = riders.iter_mut().find(|t| t.key.0 == r.id) {
            let (kind, _) = card_race_attributes_of(&tour.attributes);
            tour.attributes = card_race_attributes(kind, exhaustion_held(stage, i as RiderIdx));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::grand_tour::{TourOptions, standings};
    use super::*;
    use crate::course::CourseSpec;
    use crate::games::card_race::bot::{SensibleBot, play_stage};
    use crate::registry::Rostered;
    use crate::tour::enter_teams;

    fn teams() -> Vec<String> {
        ["Blue", "Red", "Green", "Black"].map(String::from).to_vec()
    }

    /// House rules B enter three riders a team (HB-058): the card race's usual team.
    fn house_b_roster() -> Vec<Rostered> {
        (registry::ruleset(crate::games::card_race::ID)
            .unwrap()
            .roster)(&[], &serde_json::Value::Null)
        .unwrap()
    }

    #[test]
    fn qx_07_the_start_area_grows_to_hold_twelve_riders() {
        let course = CourseSpec {
            tiles: Some("abcdefghijklmnopqrstu".into()),
            ..Default::default()
        }
        .build()
        .unwrap();
        let riders = enter_teams(&teams(), &house_b_roster());
        let refs: Vec<&TourRider> = riders.iter().collect();
        let setup = stage_setup(&course, &teams(), &refs);
        assert_eq!(setup.course.start_cells().len(), 12);
        assert_eq!(
            setup.course.rows_to_line(setup.course.start_cells()[0].row),
            course.rows_to_line(course.start_cells()[0].row),
            "the front of the grid is as far from the line as before"
        );
        setup.validate().unwrap();
    }

    #[test]
    fn hb_058_a_stage_of_three_rider_teams_reports_a_consistent_result() {
        let course = CourseSpec {
            tiles: Some("abcfimetKGLHJsdopRQNU".into()),
            sprints: vec![crate::course::parse_sprint(20, "Km 40")],
            ..Default::default()
        }
        .build()
        .unwrap();
        let mut riders = enter_teams(&teams(), &house_b_roster());
        let refs: Vec<&TourRider> = riders.iter().collect();
        let mut stage = Stage::new(stage_setup(&course, &teams(), &refs), 9).unwrap();
        play_stage(&mut stage, &mut SensibleBot).unwrap();
        let result = stage_result(&stage, 1, StageKind::Mountain, &riders);
        assert_eq!(result.riders.len(), 12);
        assert!(result.summit_finish, "La Haute Montagne ends on a climb");
        assert_eq!(result.sprints.len(), 1);
        assert!(
            !result.sprints[0].order.is_empty(),
            "the field passed the sprint"
        );
        let lengths: Vec<u16> = result.summits.iter().map(|s| s.length).collect();
        assert_eq!(
            lengths,
            [7, 12],
            "K-G-L climbs 7 rows; R-Q-N-U climbs 12 to the line"
        );
        assert_eq!(
            result.summits[1].order.first(),
            result
                .riders
                .iter()
                .find(|r| r.place == Some(1))
                .map(|r| &r.rider),
            "on a summit finish the first over the top is the stage winner"
        );
        let mut places: Vec<u32> = result.riders.iter().filter_map(|r| r.place).collect();
        places.sort();
        assert_eq!(places, (1..=12).collect::<Vec<_>>());
        let winner = result.riders.iter().find(|r| r.place == Some(1)).unwrap();
        assert!(matches!(winner.outcome, Outcome::Crossed { .. }));
        let table = standings(&[result], &TourOptions::default()).unwrap();
        assert_eq!(table.general.len(), 12);
        carry_over(&stage, &mut riders);
        let held: u16 = (0..12).map(|i| exhaustion_held(&stage, i)).sum();
        assert_eq!(
            riders
                .iter()
                .map(|r| card_race_attributes_of(&r.attributes).1)
                .sum::<u16>(),
            held
        );
    }
}
