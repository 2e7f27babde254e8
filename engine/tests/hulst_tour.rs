//! Hulst's classifications (TUSSENKLASSEMENT, EINDKLASSEMENT, BONIFICATIESECONDEN,
//! BONIFICATIEPUNTEN of seed `003_f0f0fe26d238c817.txt`): the test vectors TV-HT-04, 50, 51 and
//! 61 of `hulst-tour-de-france.md`, from stage results as the game hands them to the tour.

use commissaire_engine::games::hulst::classify::{classifications, final_scores};
use commissaire_engine::registry;
use commissaire_engine::tour::{Outcome, RiderKey, RiderStage, Score, StageKind, StageResult};
use serde_json::Value;

/// (rider, team, place, stage time, points with sprint points, bonus seconds)
type Line = (&'static str, &'static str, u32, u32, u32, u32);

fn stage(number: u32, lines: &[Line]) -> StageResult {
    StageResult {
        number,
        kind: StageKind::Flat,
        summit_finish: false,
        riders: lines
            .iter()
            .enumerate()
            .map(
                |(i, &(rider, team, place, time, points, bonus))| RiderStage {
                    rider: RiderKey::new(rider),
                    team: team.into(),
                    start_number: i as u32 + 1,
                    cards_played: 0,
                    outcome: Outcome::Timed {
                        minutes: time,
                        across: true,
                        climber_points: 0,
                        points,
                        bonus_seconds: bonus,
                    },
                    place: Some(place),
                    exhaustion_start: 0,
                    exhaustion_end: 0,
                },
            )
            .collect(),
        rejoined: Vec::new(),
        sprints: Vec::new(),
        summits: Vec::new(),
        bonus_seconds: true,
        carry: Value::Null,
    }
}

/// TV-HT-50's stage: a sprint R2 (3 s, 3 pts), B2 (2 s, 2 pts), B1 (1 s, 1 pt); R1 89 s,
/// B1 91 s (lane 0), R2 91 s, R3 98 s, B2 102 s, B3 114 s.
fn tv50() -> StageResult {
    stage(
        1,
        &[
            ("R1", "Red", 1, 89, 10, 0),
            ("B1", "Blue", 2, 91, 9 + 1, 1),
            ("R2", "Red", 3, 91, 8 + 3, 3),
            ("R3", "Red", 4, 98, 7, 0),
            ("B2", "Blue", 5, 102, 6 + 2, 2),
            ("B3", "Blue", 6, 114, 5, 0),
        ],
    )
}

fn rows(c: &commissaire_engine::tour::Classifications, id: &str) -> Vec<(String, Score)> {
    c.get(id)
        .unwrap()
        .rows
        .iter()
        .map(|r| {
            (
                r.rider.as_ref().map_or(r.team.clone(), |k| k.0.clone()),
                r.value,
            )
        })
        .collect()
}

#[test]
fn ht_004_ht_063_ht_065_ht_070_yellow_on_time_with_bonus_seconds_tv_ht_50() {
    // TUSSENKLASSEMENT: the lowest total time wears yellow; one stage: straight to the fastest.
    let c = classifications(&[tv50()], &Value::Null).unwrap();
    let general = rows(&c, "general");
    assert_eq!(
        general[..3],
        [
            ("R2".to_string(), Score::Seconds(88)),
            ("R1".to_string(), Score::Seconds(89)),
            ("B1".to_string(), Score::Seconds(90)),
        ]
    );
    assert_eq!(
        c.get("general").unwrap().jersey,
        Some(commissaire_engine::tour::Jersey::Yellow)
    );
}

#[test]
fn ht_029_ht_058_ht_059_bonus_seconds_off_the_classification_not_the_stage_tv_ht_04() {
    // BONIFICATIESECONDEN: 4 bonus seconds, -4 in the first finishing round: the stage keeps
    // 91 s, the classification 95 - 4 - 4 = 87 s.
    let s = stage(1, &[("A", "Red", 1, 91, 10, 4), ("B", "Blue", 2, 93, 9, 0)]);
    let Outcome::Timed { minutes, .. } = s.riders[0].outcome else {
        panic!()
    };
    assert_eq!(minutes, 91);
    let c = classifications(&[s], &Value::Null).unwrap();
    assert_eq!(
        rows(&c, "general")[0],
        ("A".to_string(), Score::Seconds(87))
    );
}

#[test]
fn ht_060_ht_061_ht_068_team_points_and_team_time_tv_ht_50() {
    // BONIFICATIEPUNTEN, PUNTENTELLING, the score sheet: team points A+C, team time B+D.
    let c = classifications(&[tv50()], &Value::Null).unwrap();
    assert_eq!(
        rows(&c, "points"),
        vec![
            ("Red".to_string(), Score::Points(28)),
            ("Blue".to_string(), Score::Points(23))
        ]
    );
    assert_eq!(
        rows(&c, "team"),
        vec![
            ("Red".to_string(), Score::Seconds(275)),
            ("Blue".to_string(), Score::Seconds(304))
        ]
    );
}

#[test]
fn ht_064_ht_066_ht_067_ht_069_final_score_tv_ht_50() {
    // EINDKLASSEMENT: points + 40/15/5 for the team times + 15/10/5 for the riders' times.
    assert_eq!(
        final_scores(&[tv50()]),
        vec![("Red".to_string(), 93), ("Blue".to_string(), 43)]
    );
    let c = classifications(&[tv50()], &Value::Null).unwrap();
    assert_eq!(rows(&c, "final")[0], ("Red".to_string(), Score::Points(93)));
}

#[test]
fn ht_067_four_teams_and_three_fastest_riders_tv_ht_51() {
    // Team time ranks A, B, C, D (+40, +15, +5, +0); fastest riders C, C, A (+15 +10, +5).
    let s = stage(
        1,
        &[
            ("C1", "C", 1, 80, 0, 0),
            ("C2", "C", 2, 81, 0, 0),
            ("A1", "A", 3, 82, 0, 0),
            ("A2", "A", 4, 83, 0, 0),
            ("A3", "A", 5, 84, 0, 0),
            ("B1", "B", 6, 90, 0, 0),
            ("B2", "B", 7, 90, 0, 0),
            ("B3", "B", 8, 90, 0, 0),
            ("C3", "C", 9, 120, 0, 0),
            ("D1", "D", 10, 130, 0, 0),
            ("D2", "D", 11, 130, 0, 0),
            ("D3", "D", 12, 130, 0, 0),
        ],
    );
    // Team times: A 249, B 270, C 281, D 390.
    let scores = final_scores(&[s]);
    let get = |t: &str| scores.iter().find(|x| x.0 == t).unwrap().1;
    assert_eq!(get("A"), 40 + 5);
    assert_eq!(get("B"), 15);
    assert_eq!(get("C"), 5 + 15 + 10);
    assert_eq!(get("D"), 0);
}

#[test]
fn ht_006_a_tour_adds_its_stages_up_tv_ht_61() {
    // VOORBEREIDING: the stages of a tour; times and points carry from stage to stage.
    let one = stage(1, &[("A", "Red", 1, 90, 10, 0), ("B", "Blue", 2, 92, 9, 0)]);
    let two = stage(2, &[("B", "Blue", 1, 88, 10, 0), ("A", "Red", 2, 93, 9, 0)]);
    let c = registry::classify("hulst", &[one, two], &Value::Null).unwrap();
    let general = c.get("general").unwrap();
    assert_eq!(general.rows[0].rider.as_ref().unwrap().0, "B");
    assert_eq!(general.rows[0].value, Score::Seconds(180));
    assert_eq!(c.get("points").unwrap().rows[0].value, Score::Points(19));
}

#[test]
fn g29_equal_final_scores_and_team_times_go_to_more_stage_wins() {
    // G-29: the final score, then the lower team time, then more stage wins. Bee and Zed ride
    // 303 s each with a best rider of 100 s; Bee takes the team bonus by name order (40 + 10 +
    // 5 = 55), Zed its 15 + 15 and 25 points (55): Zed's stage win puts it first.
    let s = stage(
        1,
        &[
            ("Z1", "Zed", 1, 100, 25, 0),
            ("B1", "Bee", 2, 100, 0, 0),
            ("B2", "Bee", 3, 101, 0, 0),
            ("Z2", "Zed", 4, 101, 0, 0),
            ("B3", "Bee", 5, 102, 0, 0),
            ("Z3", "Zed", 6, 102, 0, 0),
        ],
    );
    assert_eq!(
        final_scores(&[s]),
        vec![("Zed".to_string(), 55), ("Bee".to_string(), 55)]
    );
}

#[test]
fn ht_060_the_team_tables_rank_and_give_the_gaps_tv_ht_50() {
    let c = classifications(&[tv50()], &Value::Null).unwrap();
    let points = &c.get("points").unwrap().rows;
    assert_eq!((points[0].rank, points[1].rank), (1, 2));
    assert_eq!(
        (points[0].gap, points[1].gap),
        (Score::Points(0), Score::Points(5))
    );
    let last = &c.get("final").unwrap().rows[1];
    assert_eq!((last.rank, last.gap), (2, Score::Points(50)));
}

#[test]
fn ht_059_the_stage_is_priced_with_its_time_ridden_and_the_bonus_apart_tv_ht_50() {
    // BONIFICATIESECONDEN: the stage's result keeps 91 s for R2, his 3 bonus seconds apart.
    use commissaire_engine::tour::Pricing;
    let times = registry::stage_times("hulst", &tv50()).unwrap();
    let r2 = times.iter().find(|t| t.rider.0 == "R2").unwrap();
    assert_eq!(
        (r2.place, r2.ridden, r2.sprint_bonus, r2.time),
        (3, 91, 3, 88)
    );
    assert_eq!(
        times.iter().map(|t| t.place).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5, 6]
    );
    let pricing = &commissaire_engine::games::hulst::classify::PRICING;
    let points: u32 = pricing.points(&tv50()).iter().map(|a| a.points).sum();
    assert_eq!(points, 28 + 23);
    assert_eq!(pricing.team_counted(), 3);
}

#[test]
fn g29_yellow_ties_past_the_places_fall_to_the_lower_start_number() {
    // G-29 breaks a yellow tie by the last stage's place, then the sum of places; two riders
    // level on time with no place at all are still ordered, by the lower start number, and the
    // table shows each rider's own number.
    let mut s = stage(1, &[("A", "Red", 1, 90, 0, 0), ("B", "Blue", 2, 90, 0, 0)]);
    for r in &mut s.riders {
        r.place = None;
    }
    s.riders[0].start_number = 7;
    s.riders[1].start_number = 4;
    let c = classifications(&[s], &Value::Null).unwrap();
    let general: Vec<(String, Option<u32>)> = c
        .get("general")
        .unwrap()
        .rows
        .iter()
        .map(|r| (r.rider.as_ref().unwrap().0.clone(), r.start_number))
        .collect();
    assert_eq!(
        general,
        [("B".to_string(), Some(4)), ("A".to_string(), Some(7))]
    );
}
