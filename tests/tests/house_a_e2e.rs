//! A house-rules-A tour through the fake Discord: its first stage opens with the breakaway
//! auction. One director bids with the buttons of their private hand (two bid steps, a hand
//! drawn for each), the bot of the empty seat bids as house rules A say, the bids are shown
//! together and the breakaway is placed and told in the channel. The channel names the bid steps
//! and the race's rounds as the game does: the first round after the auction is round 1, though
//! the bot has settled two turns before it. The director rides on to the second stage, a time
//! trial, which starts under the weather the first stage forecast.

mod common;

use common::{channel_posts, config_with_presets, start_bot, told, wait_hand_post, wait_told};

use commissaire::clock::ManualClock;
use commissaire_tests::drive::{WAIT, content, play_with_buttons, slash};
use commissaire_tests::fake_discord::{FakeDiscord, MANAGE_CHANNELS, Who};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

const GUILD: u64 = 1_100_000_000_000_000_400;
const CHANNEL: u64 = 1_200_000_000_000_000_041;
const ADMIN: u64 = 1_300_000_000_000_000_041;
const ALICE: u64 = 1_300_000_000_000_000_042;
const T0: i64 = 1_800_000_000;
const PRESET: &str = "house-a-e2e";

/// The shipped courses and a one-stage tour preset riding the named rules `house-a`.
fn config_dir() -> tempfile::TempDir {
    let preset = "name = \"House A, a sprint and a time trial\"\nruleset = \"card-race\"\nrules = \"house-a\"\n\
                  roster = [\"rouleur\", \"sprinteur\"]\n\n\
                  [[stage]]\ncourse = \"avenue-corso-paseo\"\nkind = \"flat\"\n\n\
                  [[stage]]\ncourse = \"avenue-corso-paseo\"\nkind = \"time_trial\"\n";
    config_with_presets(&[(PRESET, preset)])
}

/// The titles of the turn cards posted in the channel, in order.
/// Waits until the channel's post titled `title` tells `text`; returns that post's text.
async fn post_telling(fake: &FakeDiscord, title: &str, text: &str) -> String {
    let mut patience = common::Patience::new(fake);
    loop {
        let found = channel_posts(fake, CHANNEL)
            .iter()
            .map(|m| content(m).to_string())
            .find(|c| c.contains(title) && c.contains(text));
        if let Some(post) = found {
            return post;
        }
        assert!(
            patience.holds(fake),
            "the post {title} never told {text:?}; failures: {:#?}",
            fake.failures()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn card_titles(fake: &FakeDiscord) -> Vec<String> {
    channel_posts(fake, CHANNEL)
        .iter()
        .filter_map(|m| m["embeds"][0]["title"].as_str().map(String::from))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_house_a_stage_opens_with_the_breakaway_auction() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database(&dir, "commissaire.db");
    let config = config_dir();
    let clock = Arc::new(ManualClock::new(T0));
    let (stop, bot) = start_bot(&fake, GUILD, &database, config.path(), &clock);
    fake.wait_ready(WAIT).await;
    let admin = Who::member(ADMIN, "jury", GUILD, CHANNEL).with_permissions(MANAGE_CHANNELS);
    let alice = Who::member(ALICE, "alice", GUILD, CHANNEL);

    let created = slash(
        &fake,
        "tour create",
        json!({"preset": PRESET, "teams": 2}),
        &admin,
    )
    .await;
    assert!(content(&created).contains("is open"), "{created}");
    let joined = slash(
        &fake,
        "tour join",
        json!({"team": "Reds", "colour": 0}),
        &alice,
    )
    .await;
    assert!(content(&joined).contains("Reds"), "{joined}");
    slash(&fake, "tour start", json!({}), &admin).await;

    // Alice bids with the buttons of her private hand (the helper checks it is ephemeral and
    // redrawn in place): she draws a hand for the bid and bids a card of it. The bot of the
    // empty seat bids at once, which settles the step her bid opened: her answer is the one a
    // choice that settles a step gets, the second step's options under "completed", and she
    // bids again from the same message (the same rider only).
    let post = wait_hand_post(&fake, CHANNEL)
        .await
        .expect("the tour goes on");
    let (hand_message, tour) = (post.id, post.tour);
    let first = play_with_buttons(&fake, &alice, hand_message, &tour, 4).await;
    assert_eq!(first.len(), 4, "{first:?}");
    for step in [&first[..2], &first[2..]] {
        assert_eq!(step[0], "Reds Rouleur: Draw to bid for the breakaway");
        assert!(step[1].starts_with("Reds Rouleur: Bid "), "{first:?}");
    }
    let answers: Vec<String> = fake
        .requests()
        .iter()
        .filter_map(|r| r.json.as_ref().map(|b| content(b).to_string()))
        .collect();
    assert!(
        answers.iter().any(
            |a| a.contains("Your choice completed stage 1, breakaway bid 1 of 2.")
                && a.contains("Choose within")
        ),
        "no answer showed the next step's hand under the completed one: {answers:#?}"
    );
    // The step is told in its own post, under its own name, not as the bot's turn count
    // ("round 1"), with every team's bid under it once it is over.
    let step = post_telling(
        &fake,
        "**Stage 1, breakaway bid 1 of 2**",
        "Reds Rouleur bids ",
    )
    .await;
    assert!(step.contains("Vélo Club Mécanique Rouleur bids "), "{step}");
    let step = post_telling(
        &fake,
        "**Stage 1, breakaway bid 2 of 2**",
        "Reds Rouleur bids ",
    )
    .await;
    wait_told(&fake, CHANNEL, "in the breakaway with").await;
    assert!(step.contains("Reds Rouleur bids "), "{step}");

    // The stage goes on: the first round's draws and keeps, then the moves are told. It is the
    // race's round 1, on its card and on /stage, though the bot has settled two turns before:
    // a post each, in order (issue 32, item 12), only the round's keeping its card.
    let post = wait_hand_post(&fake, CHANNEL)
        .await
        .expect("the tour goes on");
    let (hand_message, tour) = (post.id, post.tour);
    let posts: Vec<String> = channel_posts(&fake, CHANNEL)
        .iter()
        .flat_map(|m| common::turn_titles(content(m)))
        .collect();
    assert_eq!(
        posts,
        [
            "**Stage 1, breakaway bid 1 of 2**",
            "**Stage 1, breakaway bid 2 of 2**",
            "**Stage 1, round 1**"
        ],
        "{posts:?}"
    );
    let titles = card_titles(&fake);
    assert_eq!(titles.len(), 1, "{titles:?}");
    assert!(
        titles[0].starts_with("Stage 1/2, ") && titles[0].ends_with(": round 1"),
        "{titles:?}"
    );
    let round_one = content(&slash(&fake, "stage", json!({}), &alice).await).to_string();
    assert!(
        round_one.lines().any(|l| l.starts_with("Round 1. ")),
        "{round_one}"
    );
    let pressed = play_with_buttons(&fake, &alice, hand_message, &tour, 4).await;
    assert!(
        pressed.iter().any(|l| l.ends_with(": Draw"))
            && pressed.iter().any(|l| l.contains(": Keep ")),
        "{pressed:?}"
    );
    wait_told(&fake, CHANNEL, "Reds Rouleur plays ").await;
    let told_round: Vec<String> = channel_posts(&fake, CHANNEL)
        .iter()
        .map(|m| content(m).to_string())
        .filter(|c| c.contains("Reds Rouleur plays "))
        .collect();
    assert!(
        told_round[0].starts_with("**Stage 1, round 1**\n"),
        "{told_round:?}"
    );

    // Alice rides on from her hand until the tour is over, asking /stage as she goes.
    let first_stage = content(&slash(&fake, "stage", json!({}), &alice).await).to_string();
    let mut trial_stage = None;
    for _ in 0..2_000 {
        if told(&fake, CHANNEL, "The tour is over") {
            break;
        }
        let Some(post) = wait_hand_post(&fake, CHANNEL).await else {
            break;
        };
        let (hand_message, tour) = (post.id, post.tour);
        if trial_stage.is_none() {
            let now = content(&slash(&fake, "stage", json!({}), &alice).await).to_string();
            if now.contains("**Stage 2/2") {
                trial_stage = Some(now);
            }
        }
        // A few choices at a time: her hand runs on from round to round, and across the
        // stages, when each choice that settles a turn leaves her the next.
        play_with_buttons(&fake, &alice, hand_message, &tour, 8).await;
    }
    wait_told(&fake, CHANNEL, "The tour is over").await;
    let trial_stage = trial_stage.expect("/stage during stage 2");
    // HA-040…HA-047 through the tour: the preset's second stage is ridden as a time trial.
    assert!(trial_stage.contains("(time trial, "), "{trial_stage}");
    assert!(first_stage.contains("(flat, "), "{first_stage}");
    // HA-073…HA-075: stage 1 rides the weather it drew and forecasts stage 2's, which stage 2
    // then rides: with this seed the chain brings a change of weather.
    let word = |text: &str, head: &str| {
        let line = text
            .lines()
            .find(|l| l.starts_with(head))
            .unwrap_or_else(|| panic!("no {head:?} in {text}"));
        line[head.len()..]
            .split([' ', '.', ','])
            .next()
            .unwrap()
            .to_string()
    };
    let before = word(&first_stage, "Weather: ");
    let forecast = word(&first_stage, "Forecast for stage 2: ");
    let after = word(&trial_stage, "Weather: ");
    assert_eq!(forecast, after, "{first_stage}\n{trial_stage}");
    assert_ne!(before, after, "{first_stage}\n{trial_stage}");

    // Issue 32, item 12: the card race under house rules A: a post a turn, its auction steps included.
    let turns = common::check_one_post_a_turn(&fake, CHANNEL, 2);
    eprintln!("turn posts per stage: {turns:?}");
    fake.assert_clean();
    let _ = stop.send(());
    let stopped = tokio::time::timeout(WAIT, bot).await;
    assert!(matches!(stopped, Ok(Ok(Ok(())))), "{stopped:?}");
}
