//! A director hands the team to the bot and takes it back; a tour's deadline for a decision
//! that only one director owes.

mod common;

use commissaire::services::TourSettings;
use commissaire::store::{choices, stages, tours};
use common::*;

async fn current_stage(s: &commissaire::services::Services) -> stages::StageRow {
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    stages::get(&mut conn, tour.id, tour.current_stage)
        .await
        .unwrap()
        .unwrap()
}

#[tokio::test]
async fn on_autopilot_the_bot_chooses_for_the_team_until_its_director_takes_it_back() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    started_tour(&s, 2, 2, 9).await;
    let stranger = commissaire::services::Actor::player("nobody");
    let no = refusal(s.autopilot(&stranger, CHANNEL, true).await);
    assert!(no.contains("you direct no team"), "{no}");

    // On: team 1's decisions of the round are made at once, by the bot.
    let on = ok(s.autopilot(&player(1), CHANNEL, true).await);
    assert!(on.text.starts_with("Autopilot on"), "{}", on.text);
    let again = ok(s.autopilot(&player(1), CHANNEL, true).await);
    assert!(again.text.contains("already on"), "{}", again.text);
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    assert!(offered(&hand).is_empty(), "{}", hand.text);
    let stage = current_stage(&s).await;
    let mut conn = s.store().read().await.unwrap();
    let by_bot = choices::count_by_source(&mut conn, stage.id, choices::Source::Bot)
        .await
        .unwrap();
    drop(conn);
    assert_eq!(by_bot, 6, "team 1's three draws and three keeps");

    // Team 2 alone closes rounds now: team 1 is never waited for.
    let replies = play_round(&s, &player(2)).await;
    assert!(
        replies
            .last()
            .unwrap()
            .text
            .contains("completed stage 1, the fictive start"),
        "{}",
        replies.last().unwrap().text
    );
    let replies = play_round(&s, &player(2)).await;
    assert!(replies.last().unwrap().text.contains("round 1"));

    // Off: what the bot already chose for round 2 stands; round 3 waits for team 1's
    // director again.
    let off = ok(s.autopilot(&player(1), CHANNEL, false).await);
    assert!(off.text.starts_with("Autopilot off"), "{}", off.text);
    let replies = play_round(&s, &player(2)).await;
    assert!(
        replies
            .last()
            .unwrap()
            .text
            .contains("completed stage 1, round 2")
    );
    let replies = play_round(&s, &player(2)).await;
    assert!(
        !replies.iter().any(|r| r.text.contains("completed stage")),
        "the round waited for team 1"
    );
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    assert!(!offered(&hand).is_empty(), "{}", hand.text);
}

#[tokio::test]
async fn a_decision_only_one_director_owes_takes_the_decision_deadline() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    let settings = |seats| TourSettings {
        decision_deadline_secs: Some(60),
        ..settings(seats, 3)
    };
    // One team: each turn waits on one director alone, who has the decision's minute.
    ok(s.create_tour(&admin(), CHANNEL, settings(1)).await);
    ok(s.join(&player(1), CHANNEL, "Solo", "red").await);
    ok(s.start(&admin(), CHANNEL).await);
    assert_eq!(current_stage(&s).await.deadline, Some(T0 + 60));
    ok(s.end_tour(&admin(), CHANNEL).await);
    // Two teams choosing at once: the round's ten minutes.
    ok(s.create_tour(&admin(), CHANNEL, settings(2)).await);
    ok(s.join(&player(1), CHANNEL, "Reds", "red").await);
    ok(s.join(&player(2), CHANNEL, "Blues", "blue").await);
    ok(s.start(&admin(), CHANNEL).await);
    assert_eq!(current_stage(&s).await.deadline, Some(T0 + 600));
    ok(s.end_tour(&admin(), CHANNEL).await);
    let bad = TourSettings {
        decision_deadline_secs: Some(0),
        ..settings(2)
    };
    let no = refusal(s.create_tour(&admin(), CHANNEL, bad).await);
    assert!(no.contains("decision deadline"), "{no}");
}
