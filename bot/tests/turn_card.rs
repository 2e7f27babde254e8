//! The public message that opens a round: its card of who still has to choose, how a choice
//! ticks a team off, and how a closed round opens the next. The Discord adapter draws these;
//! here they are checked as the services give them.

mod common;

use commissaire::services::{Reply, TurnCard};
use common::*;

fn card_of(reply: &Reply) -> TurnCard {
    reply
        .all()
        .into_iter()
        .find_map(|r| r.turn.clone())
        .unwrap_or_else(|| panic!("no round card in {:?}", common::all_text(reply)))
}

#[tokio::test]
async fn the_start_opens_round_one_with_a_card_the_board_and_the_hand_button() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await.with_pictures(true);
    ok(s.create_tour(&admin(), CHANNEL, settings(3, 7)).await);
    ok(s.join(&player(1), CHANNEL, "Reds", "red").await);
    ok(s.join(&player(2), CHANNEL, "Blues", "blue").await);
    let mut start = ok(s.start(&admin(), CHANNEL).await);
    s.draw(&mut start).await;
    let opening = start
        .all()
        .into_iter()
        .find(|r| r.turn.is_some())
        .expect("a message opens round 1");
    assert!(!opening.private);
    let card = opening.turn.clone().unwrap();
    assert_eq!((card.stage, card.round), (1, 1));
    assert_eq!(card.deadline, Some(T0 + 600));
    let names: Vec<(&str, bool)> = card
        .teams
        .iter()
        .map(|t| (t.name.as_str(), t.done))
        .collect();
    // Humans owe their choices; the bot team has played already.
    assert_eq!(names[0], ("Reds", false));
    assert_eq!(names[1], ("Blues", false));
    assert!(names[2].1, "the bot team is done: {names:?}");
    assert_eq!(card.teams[0].director.as_deref(), Some("player-1"));
    assert_eq!(card.teams[2].director, None);
    assert!(
        opening
            .images
            .iter()
            .any(|(name, png)| name == "stage-01-start.png" && png.starts_with(b"\x89PNG")),
        "{:?}",
        opening.images.iter().map(|i| &i.0).collect::<Vec<_>>()
    );
    assert_eq!(opening.buttons.len(), 1);
    assert!(opening.buttons[0].id.ends_with(":hand"));
}

#[tokio::test]
async fn a_team_is_ticked_off_when_its_last_choice_is_made_and_only_then() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    started_tour(&s, 2, 2, 11).await;
    let replies = play_round(&s, &player(1)).await;
    let (last, earlier) = replies.split_last().unwrap();
    assert!(
        earlier.iter().all(|r| r.turn_update.is_none()),
        "no edit before the team is through"
    );
    let update = last.turn_update.clone().expect("the card is updated");
    assert_eq!((update.stage, update.round), (1, 1));
    assert!(update.teams[0].done && !update.teams[1].done);
    assert!(last.private, "the acknowledgement of a choice is private");
    assert!(
        last.followups
            .iter()
            .all(|f| f.private || !f.text.contains("keeps")),
        "no card is told in public"
    );
    // The second team's last choice closes the round: no edit, a new round's card instead.
    let replies = play_round(&s, &player(2)).await;
    let last = replies.last().unwrap();
    assert!(last.turn_update.is_none());
    let next = card_of(last);
    assert_eq!((next.stage, next.round), (1, 2));
    assert!(next.teams.iter().all(|t| !t.done));
    assert_eq!(next.tour_id, update.tour_id);
}

#[tokio::test]
async fn a_tour_of_bots_has_no_card() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    started_tour(&s, 0, 3, 5).await;
    let reply = ok(s.advance(CHANNEL).await);
    assert!(reply.all().iter().all(|r| r.turn.is_none()));
}

#[tokio::test]
async fn pause_resume_and_a_new_deadline_update_the_rounds_card() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    started_tour(&s, 2, 2, 3).await;
    let paused = ok(s.pause(&admin(), CHANNEL).await);
    let card = paused.turn_update.expect("the card shows the pause");
    assert_eq!(card.deadline, None);
    clock.advance(100);
    let resumed = ok(s.resume(&admin(), CHANNEL).await);
    let card = resumed
        .turn_update
        .expect("the card shows the new deadline");
    assert_eq!(card.deadline, Some(T0 + 100 + 600));
    let longer = ok(s.set_deadline(&admin(), CHANNEL, 7200).await);
    assert_eq!(
        longer.turn_update.map(|c| c.deadline),
        Some(Some(T0 + 100 + 7200))
    );
}
