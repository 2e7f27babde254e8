//! Every refusal sentence of the services is reached, and says what is wrong.

mod common;

use commissaire_engine::games::card_race::{Card, Choice};
use common::*;

#[tokio::test]
async fn there_is_no_tour_in_this_channel() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    for result in [
        s.hand(&player(1), CHANNEL).await,
        s.join(&player(1), CHANNEL, "Blue", "blue").await,
        s.standings(CHANNEL).await,
        s.stage_info(CHANNEL).await,
        s.choose(
            &player(1),
            CHANNEL,
            &request(),
            pick(Choice::Draw { rider: 0 }),
        )
        .await,
        s.pause(&admin(), CHANNEL).await,
    ] {
        assert_eq!(refusal(result), "there is no tour in this channel");
    }
}

#[tokio::test]
async fn only_an_admin_can_run_the_tour() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    assert_eq!(
        refusal(s.create_tour(&player(1), CHANNEL, settings(4, 1)).await),
        "only an admin can create a tour"
    );
    ok(s.create_tour(&admin(), CHANNEL, settings(4, 1)).await);
    ok(s.join(&player(1), CHANNEL, "Blue", "blue").await);
    assert_eq!(
        refusal(s.start(&player(1), CHANNEL).await),
        "only an admin can start the tour"
    );
    ok(s.start(&admin(), CHANNEL).await);
    let p = player(1);
    assert_eq!(
        refusal(s.pause(&p, CHANNEL).await),
        "only an admin can pause the tour"
    );
    assert_eq!(
        refusal(s.resume(&p, CHANNEL).await),
        "only an admin can resume the tour"
    );
    assert_eq!(
        refusal(s.set_deadline(&p, CHANNEL, 60).await),
        "only an admin can set the turn deadline"
    );
    assert_eq!(
        refusal(s.replace_by_bot(&p, CHANNEL, "Blue").await),
        "only an admin can replace a player by a bot"
    );
    assert_eq!(
        refusal(s.abandon_rider(&p, CHANNEL, "11").await),
        "only an admin can make a rider abandon"
    );
    assert_eq!(
        refusal(s.end_tour(&p, CHANNEL).await),
        "only an admin can end the tour"
    );
}

#[tokio::test]
async fn the_tour_has_not_started() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    ok(s.create_tour(&admin(), CHANNEL, settings(4, 1)).await);
    ok(s.join(&player(1), CHANNEL, "Blue", "blue").await);
    for result in [
        s.hand(&player(1), CHANNEL).await,
        s.choose(
            &player(1),
            CHANNEL,
            &request(),
            pick(Choice::Draw { rider: 0 }),
        )
        .await,
        s.stage_info(CHANNEL).await,
        s.standings(CHANNEL).await,
        s.pause(&admin(), CHANNEL).await,
    ] {
        let sentence = refusal(result);
        assert!(
            sentence.starts_with("the tour has not started"),
            "{sentence}"
        );
    }
}

#[tokio::test]
async fn you_are_not_in_this_tour() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    started_tour(&s, 1, 2, 3).await;
    let stranger = player(99);
    assert_eq!(
        refusal(s.hand(&stranger, CHANNEL).await),
        "you are not in this tour"
    );
    assert_eq!(
        refusal(
            s.choose(
                &stranger,
                CHANNEL,
                &request(),
                pick(Choice::Draw { rider: 0 })
            )
            .await
        ),
        "you are not in this tour"
    );
    assert_eq!(
        refusal(s.leave(&stranger, CHANNEL).await),
        "you are not in this tour"
    );
}

#[tokio::test]
async fn it_is_not_your_team() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    started_tour(&s, 2, 2, 4).await;
    // A rider team 2 may draw for, sent by team 1.
    let hand = ok(s.hand(&player(2), CHANNEL).await);
    let theirs = choice_of(&offered(&hand)[0]).rider();
    let sentence = refusal(
        s.choose(
            &player(1),
            CHANNEL,
            &request(),
            pick(Choice::Draw { rider: theirs }),
        )
        .await,
    );
    // The ruleset's own sentence: the rider is another team's.
    assert!(
        sentence.ends_with("is not a rider of your team"),
        "{sentence}"
    );
}

#[tokio::test]
async fn this_card_is_not_in_your_hand() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    started_tour(&s, 1, 2, 5).await;
    let me = player(1);
    let hand = ok(s.hand(&me, CHANNEL).await);
    let draw = offered(&hand)[0];
    let reply = ok(s.choose(&me, CHANNEL, &request(), draw).await);
    let keeps = offered(&reply);
    let held: Vec<Card> = keeps
        .iter()
        // After a draw: the cards, and the side of the road under house rules B's wind.
        .filter_map(|c| match choice_of(c) {
            Choice::Keep { card, .. } => Some(card),
            _ => None,
        })
        .collect();
    let missing = (2..=9)
        .map(Card::Energy)
        .find(|c| !held.contains(c))
        .expect("a hand of four misses some card");
    let sentence = refusal(
        s.choose(
            &me,
            CHANNEL,
            &request(),
            pick(Choice::Keep {
                rider: choice_of(&draw).rider(),
                card: missing,
            }),
        )
        .await,
    );
    // The engine's own sentence: "{card} is not in {rider}'s hand (the hand is …)".
    assert!(
        sentence.starts_with(&format!("{missing} is not in ")) && sentence.contains("'s hand"),
        "{sentence}"
    );
}

#[tokio::test]
async fn lobby_and_admin_refusals_say_what_to_do() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    let mut bad = settings(4, 1);
    bad.preset = "tour-de-nowhere".into();
    let sentence = refusal(s.create_tour(&admin(), CHANNEL, bad).await);
    assert!(
        sentence.starts_with("there is no tour preset named 'tour-de-nowhere'")
            && sentence.contains("week"),
        "{sentence}"
    );
    ok(s.create_tour(&admin(), CHANNEL, settings(2, 1)).await);
    assert!(
        refusal(s.create_tour(&admin(), CHANNEL, settings(2, 1)).await)
            .starts_with("there is already a tour in this channel")
    );
    ok(s.join(&player(1), CHANNEL, "Blue", "blue").await);
    assert_eq!(
        refusal(s.join(&player(2), CHANNEL, "blue", "red").await),
        "the name blue is taken: choose another"
    );
    assert_eq!(
        refusal(s.join(&player(1), CHANNEL, "Red", "red").await),
        "you are already in this tour, directing Blue"
    );
    ok(s.join(&player(2), CHANNEL, "Red", "red").await);
    assert_eq!(
        refusal(s.join(&player(3), CHANNEL, "Green", "green").await),
        "the tour is full (2 teams)"
    );
    ok(s.start(&admin(), CHANNEL).await);
    assert!(
        refusal(s.join(&player(3), CHANNEL, "Green", "green").await)
            .starts_with("the tour has already started")
    );
    assert_eq!(
        refusal(s.resume(&admin(), CHANNEL).await),
        "the tour is not paused"
    );
    ok(s.pause(&admin(), CHANNEL).await);
    assert_eq!(
        refusal(s.pause(&admin(), CHANNEL).await),
        "the tour is already paused"
    );
    let sentence = refusal(
        s.choose(
            &player(1),
            CHANNEL,
            &request(),
            pick(Choice::Draw { rider: 0 }),
        )
        .await,
    );
    assert!(sentence.starts_with("the tour is paused"), "{sentence}");
    ok(s.resume(&admin(), CHANNEL).await);
    let sentence = refusal(s.close_turn(&player(1), CHANNEL).await);
    assert!(
        sentence.contains("only an admin can close it early"),
        "{sentence}"
    );
    assert!(
        refusal(s.replace_by_bot(&admin(), CHANNEL, "Nobody").await)
            .starts_with("there is no team named Nobody in this tour")
    );
    assert!(
        refusal(s.abandon_rider(&admin(), CHANNEL, "999").await)
            .starts_with("there is no rider 999 in this tour")
    );
    ok(s.replace_by_bot(&admin(), CHANNEL, "Blue").await);
    assert_eq!(
        refusal(s.replace_by_bot(&admin(), CHANNEL, "Blue").await),
        "Blue is already ridden by a bot"
    );
    ok(s.end_tour(&admin(), CHANNEL).await);
    // Issue 32, item 13: after the end, the true answer: that tour is over.
    assert_eq!(
        refusal(s.hand(&player(2), CHANNEL).await),
        "**Tour de la Semaine** is over: nothing more is played here until an admin creates the \
         next tour, and its final standings stay up until then."
    );
}
