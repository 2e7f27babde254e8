//! Issue 32, item 13: once a tour is over, every command asked in its channel gives the one
//! true answer, that this tour is over (as `/tour status` says), never that the channel has no
//! tour; the standings stay up, and a new tour may be created.

mod common;

use commissaire::services::{Pick, Services};
use commissaire_engine::registry::Key;
use common::*;

/// The tour of the shipped `week` preset, with one director on autopilot and a bot, ridden to
/// its last stage's end by the scheduler's way of moving a tour of bots (`advance`, a stage a
/// call). Returns the refusal `advance` gives once it is over.
async fn a_tour_ridden_to_its_end(s: &Services) -> String {
    started_tour(s, 1, 2, 32).await;
    ok(s.autopilot(&player(1), CHANNEL, true).await);
    for _ in 0..20 {
        match s.advance(CHANNEL).await {
            Ok(_) => continue,
            Err(e) => return e.to_string(),
        }
    }
    panic!("a week of seven stages never ended");
}

#[tokio::test]
async fn item_13_every_command_after_the_end_says_the_tour_is_over() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    // Before any tour, the true answer is that there is none.
    assert_eq!(
        refusal(s.hand(&player(1), CHANNEL).await),
        "there is no tour in this channel"
    );

    let stopped = a_tour_ridden_to_its_end(&s).await;
    let name = s.library().preset("week").unwrap().name;
    let over = format!(
        "**{name}** is over: nothing more is played here until an admin creates the next tour, \
         and its final standings stay up until then."
    );
    assert_eq!(stopped, over, "advance, once the last stage is in");
    // /tour status says the same thing in its own words.
    let status = ok(s.status(CHANNEL).await);
    assert!(
        status.text.starts_with(&format!("**{name}** is over.")),
        "{}",
        status.text
    );

    // Every command a director, a member or an admin may ask gives that answer.
    let key = Pick::now(Key::new("k:0:5").unwrap());
    let answers: Vec<(&str, String)> = vec![
        ("hand", refusal(s.hand(&player(1), CHANNEL).await)),
        (
            "play",
            refusal(s.choose(&player(1), CHANNEL, &request(), key).await),
        ),
        (
            "play's options",
            s.open_choices(&player(1), CHANNEL)
                .await
                .unwrap_err()
                .to_string(),
        ),
        ("stage", refusal(s.stage_info(CHANNEL).await)),
        (
            "the board",
            s.public_board(CHANNEL).await.unwrap_err().to_string(),
        ),
        (
            "autopilot",
            refusal(s.autopilot(&player(1), CHANNEL, false).await),
        ),
        (
            "close-round",
            refusal(s.close_turn(&admin(), CHANNEL).await),
        ),
        ("advance", refusal(s.advance(CHANNEL).await)),
        (
            "tour join",
            refusal(s.join(&player(2), CHANNEL, "Latecomers", "blue").await),
        ),
        ("tour leave", refusal(s.leave(&player(1), CHANNEL).await)),
        ("tour start", refusal(s.start(&admin(), CHANNEL).await)),
        ("admin pause", refusal(s.pause(&admin(), CHANNEL).await)),
        ("admin resume", refusal(s.resume(&admin(), CHANNEL).await)),
        (
            "admin deadline",
            refusal(s.set_deadline(&admin(), CHANNEL, 600).await),
        ),
        (
            "admin replace",
            refusal(s.replace_by_bot(&admin(), CHANNEL, "Team 1").await),
        ),
        (
            "admin abandon",
            refusal(s.abandon_rider(&admin(), CHANNEL, "Team 1 Rouleur").await),
        ),
        ("admin end", refusal(s.end_tour(&admin(), CHANNEL).await)),
        (
            "admin repechage",
            refusal(
                s.propose_repechage(&admin(), CHANNEL, "Team 1 Rouleur", None)
                    .await,
            ),
        ),
        (
            "the last card's button",
            s.button_tour(CHANNEL, 1).await.unwrap_err().to_string(),
        ),
        // A hand's or a choice's button checks its tour as it reads it.
        (
            "a hand button",
            refusal(s.hand_of_button(&player(1), CHANNEL, Some(1)).await),
        ),
        (
            "a choice button",
            refusal(
                s.choose(
                    &player(1),
                    CHANNEL,
                    "after-the-end",
                    commissaire::services::Pick {
                        tour: Some(1),
                        ..commissaire::services::Pick::now("x".parse().unwrap())
                    },
                )
                .await,
            ),
        ),
    ];
    for (command, answer) in &answers {
        assert_eq!(answer, &over, "{command}");
    }
    // The standings stay up.
    let standings = ok(s.standings(CHANNEL).await);
    assert!(
        standings.text.contains("Standings after"),
        "{}",
        standings.text
    );

    // The next tour: the old tour's buttons are now an earlier tour's, and the new one plays.
    ok(s.create_tour(&admin(), CHANNEL, settings(2, 33)).await);
    assert!(
        s.button_tour(CHANNEL, 1)
            .await
            .unwrap_err()
            .to_string()
            .contains("earlier tour"),
        "a button of the tour before"
    );
    assert!(s.button_tour(CHANNEL, 2).await.is_ok());
    for answer in [
        refusal(s.hand_of_button(&player(1), CHANNEL, Some(1)).await),
        refusal(
            s.choose(
                &player(1),
                CHANNEL,
                "an-earlier-tour",
                commissaire::services::Pick {
                    tour: Some(1),
                    ..commissaire::services::Pick::now("x".parse().unwrap())
                },
            )
            .await,
        ),
    ] {
        assert!(answer.contains("earlier tour"), "{answer}");
    }
    assert_eq!(
        refusal(s.hand(&player(1), CHANNEL).await),
        "the tour has not started: an admin starts it once the teams have joined"
    );
}
