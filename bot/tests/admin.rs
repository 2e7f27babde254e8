//! The admin's actions change the race as they say.

mod common;

use commissaire::store::{results, stages, tours};
use commissaire_engine::games::card_race::tour::grand_tour::{TourOptions, standings};
use commissaire_engine::tour::Outcome;
use common::*;

#[tokio::test]
async fn an_abandoned_rider_leaves_the_classifications_and_starts_no_more_stages() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    ok(s.create_tour(&admin(), CHANNEL, settings(4, 41)).await);
    ok(s.start(&admin(), CHANNEL).await); // bots ride stage 1 to its end; stage 2 waits
    let reply = ok(s.abandon_rider(&admin(), CHANNEL, "11").await);
    assert!(reply.text.contains("abandons"), "{}", reply.text);
    assert!(
        refusal(s.abandon_rider(&admin(), CHANNEL, "11").await).ends_with("has already abandoned")
    );
    ok(s.advance(CHANNEL).await); // stage 2
    ok(s.advance(CHANNEL).await); // stage 3

    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    let done = results::list(&mut conn, tour.id).await.unwrap();
    let gone = &done[1]
        .riders
        .iter()
        .find(|r| r.start_number == 11)
        .unwrap();
    assert_eq!(gone.outcome, Outcome::Abandoned);
    assert_eq!(gone.place, None);
    assert!(done[2].riders.iter().all(|r| r.start_number != 11));
    let stage4 = stages::get(&mut conn, tour.id, 4).await.unwrap().unwrap();
    assert_eq!(stage4.starters.len(), 11);
    let table = standings(&done, &TourOptions::default()).unwrap();
    assert_eq!(table.general.len(), 11);
    assert!(table.general.iter().all(|r| r.start_number != Some(11)));
}

#[tokio::test]
async fn a_bot_takes_over_at_once_for_a_replaced_or_departed_director() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    started_tour(&s, 3, 3, 42).await;
    play_round(&s, &player(1)).await;
    play_round(&s, &player(2)).await;
    // Team 3's director is away: the admin hands the team to a bot, which closes the round.
    let reply = ok(s.replace_by_bot(&admin(), CHANNEL, "team 3").await);
    assert_eq!(reply.text, "A bot rides Team 3 from now on.");
    assert!(
        all_text(&reply).contains("**Stage 1, the fictive start**"),
        "{}",
        all_text(&reply)
    );
    assert_eq!(
        refusal(s.hand(&player(3), CHANNEL).await),
        "you are not in this tour"
    );
    // Team 2's director leaves in round 1: the bot plays for them from then on.
    play_round(&s, &player(1)).await;
    let reply = ok(s.leave(&player(2), CHANNEL).await);
    assert!(
        all_text(&reply).contains("**Stage 1, round 1**"),
        "{}",
        all_text(&reply)
    );
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    assert!(hand.text.contains("round 2"), "{}", hand.text);
}

#[tokio::test]
async fn ending_the_tour_names_the_leaders_and_frees_the_channel() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    ok(s.create_tour(&admin(), CHANNEL, settings(2, 43)).await);
    ok(s.start(&admin(), CHANNEL).await);
    let reply = ok(s.end_tour(&admin(), CHANNEL).await);
    assert!(
        reply
            .text
            .starts_with("An admin ended the tour after stage 1."),
        "{}",
        reply.text
    );
    assert!(
        reply.text.contains("General classification: "),
        "{}",
        reply.text
    );
    assert!(
        ok(s.standings(CHANNEL).await)
            .text
            .contains("Standings after stage 1")
    );
    ok(s.create_tour(&admin(), CHANNEL, settings(2, 44)).await);
}

#[tokio::test]
async fn setting_the_deadline_restarts_the_round_clock() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    started_tour(&s, 1, 2, 45).await;
    clock.advance(30);
    let reply = ok(s.set_deadline(&admin(), CHANNEL, 7200).await);
    assert_eq!(
        reply.text,
        "Each round now stays open 2 hours. The current round closes in that time from now."
    );
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(tour.turn_deadline_secs, 7200);
    let stage = stages::get(&mut conn, tour.id, 1).await.unwrap().unwrap();
    assert_eq!(stage.deadline, Some(T0 + 30 + 7200));
}
