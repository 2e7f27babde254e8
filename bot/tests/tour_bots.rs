//! A whole seven-stage tour ridden by bots through the services and a real SQLite file.

mod common;

use commissaire::store::{choices, results, stages, tours};
use commissaire_engine::games::card_race::ID as CARD_RACE;
use commissaire_engine::games::card_race::tour::grand_tour::{
    TourOptions, final_winners, stage_times, standings,
};
use commissaire_engine::registry::{self};
use commissaire_engine::tour::{RiderKey, Score, TourRider, entrants_setup};
use common::*;
use std::collections::HashMap;

#[tokio::test]
async fn seven_stage_bot_tour_ends_with_classifications_consistent_with_the_stage_results() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    ok(s.create_tour(&admin(), CHANNEL, settings(4, 2024)).await);
    let start = ok(s.start(&admin(), CHANNEL).await);
    assert!(
        start.text.contains("Bots ride every team"),
        "{}",
        start.text
    );
    // A tour of bots moves one stage per call.
    let mut calls = 1;
    let mut last = start;
    while !all_text(&last).contains("The tour is over") {
        last = ok(s.advance(CHANNEL).await);
        calls += 1;
        assert!(calls <= 7, "seven stages take seven calls");
    }
    assert_eq!(calls, 7);
    let winners_text = all_text(&last);

    let mut conn = s.store().read().await.unwrap();
    let tour = tours::latest_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(tour.status, tours::TourStatus::Finished);
    let done = results::list(&mut conn, tour.id).await.unwrap();
    assert_eq!(done.len(), 7);
    assert_eq!(
        done.iter().map(|r| r.number).collect::<Vec<_>>(),
        (1..=7).collect::<Vec<_>>()
    );

    // Every stored result is what replaying the stored choices gives: the log is the truth.
    let names: Vec<String> = commissaire::store::teams::list(&mut conn, tour.id)
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name)
        .collect();
    for number in 1..=7 {
        let row = stages::get(&mut conn, tour.id, number)
            .await
            .unwrap()
            .unwrap();
        assert!(row.finished);
        let course = s.library().course(&row.course).unwrap();
        let starters: Vec<&TourRider> = row.starters.iter().collect();
        let log = choices::log(&mut conn, row.id).await.unwrap();
        // Each stage is replayed from the options stored with it, which carry the weather the
        // stage before ended in (HB-029).
        let options = row.options.clone().expect("a stage keeps its own options");
        let setup = entrants_setup(&course, &names, &starters, options.clone());
        let (stage, _) = registry::replay(CARD_RACE, &setup, row.seed, &log).unwrap();
        let again = stage.result(number, row.kind, &row.starters).unwrap();
        if number > 1 {
            let ended_in = &done[number as usize - 2].carry["weather_level"];
            assert!(
                ended_in.is_u64(),
                "stage {} hands on its weather",
                number - 1
            );
            assert_eq!(&options["weather_level"], ended_in, "stage {number}");
        }
        assert_eq!(again, done[number as usize - 1], "stage {number}");
    }

    // The general classification is the sum of the stage times, rider by rider, in order.
    let o = TourOptions::default();
    let table = standings(&done, &o).unwrap();
    assert_eq!(table.general.len(), 12);
    let mut total: HashMap<RiderKey, i64> = HashMap::new();
    for stage in &done {
        for t in stage_times(stage, &o).unwrap() {
            *total.entry(t.rider).or_default() += t.time;
        }
    }
    for row in &table.general {
        let rider = row.rider.clone().unwrap();
        assert_eq!(row.value, Score::Seconds(total[&rider]), "{rider}");
    }
    let times: Vec<i64> = table
        .general
        .iter()
        .map(|r| match r.value {
            Score::Seconds(s) => s,
            Score::Points(_) => unreachable!(),
        })
        .collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
    // Every classification ranks 1, 2, 3… and the reply names each winner.
    for rows in [
        &table.general,
        &table.points,
        &table.mountains,
        &table.team,
        &table.youth,
        &table.combativity,
    ] {
        assert!(rows.iter().zip(1..).all(|(r, n)| r.rank == n));
    }
    assert_eq!(table.team.len(), 4);
    let w = final_winners(&done, &o).unwrap();
    let leader = w.general.unwrap().rider.unwrap();
    assert!(
        winners_text.contains(&format!("General classification: {leader}")),
        "{winners_text}"
    );

    // The finished tour's standings stay visible, and a new tour may open in the channel.
    let shown = ok(s.standings(CHANNEL).await);
    assert!(shown.text.contains("Standings after stage 7"));
    assert!(shown.text.contains(leader.as_str()));
    ok(s.create_tour(&admin(), CHANNEL, settings(4, 7)).await);
}
