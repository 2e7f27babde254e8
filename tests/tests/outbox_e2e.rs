//! What the channel is owed survives a crash: the bot is stopped dead between a round's commit
//! and its post, and between the post and remembering where it went, then restarted on the
//! same database. The round is announced exactly once, and the directors' choices tick their
//! teams off on that one message.
//!
//! The crash is a failpoint in the delivery path (`deliver::failpoint`): the delivery stops
//! there, leaving the outbox as a killed process would, and the test then stops the bot and
//! starts a new one. The failpoints are process-wide, so these tests have their own binary
//! and each its own channel.

mod common;

use commissaire::store::Database;

use commissaire::clock::{Clock, ManualClock};
use commissaire::discord::deliver::failpoint::{self, Crash};
use commissaire::discord::serve::{Options, ServeError, run};
use commissaire_tests::fake_discord::{
    FAKE_TOKEN, FakeDiscord, MANAGE_CHANNELS, Recorded, SentInteraction, Who,
};
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

const WAIT: Duration = Duration::from_secs(20);
const GUILD: u64 = 1_100_000_000_000_000_200;
const ADMIN: u64 = 1_300_000_000_000_000_011;
const ALICE: u64 = 1_300_000_000_000_000_012;
const BOB: u64 = 1_300_000_000_000_000_013;
const T0: i64 = 1_800_000_000;

struct Table {
    fake: FakeDiscord,
    channel: u64,
    admin: Who,
    alice: Who,
    bob: Who,
}

impl Table {
    fn new(fake: FakeDiscord, channel: u64) -> Table {
        Table {
            fake,
            channel,
            admin: Who::member(ADMIN, "jury", GUILD, channel).with_permissions(MANAGE_CHANNELS),
            alice: Who::member(ALICE, "alice", GUILD, channel),
            bob: Who::member(BOB, "bob", GUILD, channel),
        }
    }

    /// Sends an interaction; the answer as the member reads it, a deferral followed to its edit.
    async fn ask(&self, payload: Value) -> (SentInteraction, Value) {
        commissaire_tests::drive::ask(&self.fake, payload).await
    }

    async fn slash(&self, command: &str, options: Value, who: &Who) -> Value {
        self.ask(self.fake.slash(command, options, who)).await.1
    }

    /// The bot's create-message requests in the channel, in order (a repost included).
    fn post_requests(&self) -> Vec<Recorded> {
        let route = format!("/channels/{}/messages", self.channel);
        self.fake
            .requests()
            .into_iter()
            .filter(|r| r.is("POST", &route))
            .collect()
    }

    /// The channel's messages (as Discord keeps them) whose card is for the bot's turn `round`.
    /// House rules B's stage opens with its fictive start: the turn after it is its round 1.
    fn cards_of_round(&self, round: u32) -> Vec<Value> {
        let name = match round {
            1 => "the fictive start".to_string(),
            n => format!("round {}", n - 1),
        };
        self.fake
            .channel_messages(self.channel)
            .into_iter()
            .filter(|m| card_title(m).ends_with(&format!(": {name}")))
            .collect()
    }

    /// The channel's messages that tell `text`.
    fn told(&self, text: &str) -> Vec<Value> {
        self.fake
            .channel_messages(self.channel)
            .into_iter()
            .filter(|m| m["content"].as_str().is_some_and(|c| c.contains(text)))
            .collect()
    }

    async fn wait_card(&self, round: u32) -> Value {
        let give_up = std::time::Instant::now() + WAIT;
        loop {
            if let Some(card) = self.cards_of_round(round).pop() {
                return card;
            }
            assert!(
                std::time::Instant::now() < give_up,
                "round {round} was never posted; failures: {:#?}",
                self.fake.failures()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits until the message's card shows `text`.
    async fn wait_card_shows(&self, message: u64, text: &str) -> String {
        let give_up = std::time::Instant::now() + WAIT;
        loop {
            let card = card_text(&self.fake.message(message).expect("the round's message"));
            if card.contains(text) {
                return card;
            }
            assert!(
                std::time::Instant::now() < give_up,
                "the card never showed {text:?}: {card}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

fn card_title(message: &Value) -> &str {
    message["embeds"][0]["title"].as_str().unwrap_or("")
}

fn card_text(message: &Value) -> String {
    message["embeds"][0]["description"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

fn content(body: &Value) -> &str {
    body["data"]["content"].as_str().unwrap_or("")
}

/// Whether a turn's post tells its moves (a line each): it was edited at the turn's end.
fn tells_moves(message: &Value) -> bool {
    message["content"]
        .as_str()
        .is_some_and(|c| c.lines().any(|l| l.starts_with("- ")))
}

fn id_of(message: &Value) -> u64 {
    message["id"].as_str().unwrap().parse().unwrap()
}

fn button_ids(components: &Value) -> Vec<String> {
    components
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
        .collect()
}

/// A director plays every choice of the round through their private hand, opened from the
/// round's message, the first button each time.
async fn play_with_buttons(t: &Table, who: &Who, turn_message: u64, tour: &str) {
    let (sent, _) = t
        .ask(
            t.fake
                .component(&format!("v1:{tour}:hand"), turn_message, who),
        )
        .await;
    let mut private = t.fake.original_response(&sent).expect("the hand message");
    let private_id = id_of(&private);
    for _ in 0..20 {
        let Some(first) = button_ids(&private["components"]).into_iter().next() else {
            return;
        };
        t.ask(t.fake.component(&first, private_id, who)).await;
        private = t.fake.message(private_id).expect("the hand, updated");
    }
    panic!("a director's round never ended");
}

/// A director plays the round with `/play` and autocomplete's first suggestions; returns once
/// their choice closes it.
async fn play_with_slash(t: &Table, who: &Who) {
    for _ in 0..20 {
        let (_, options) = t
            .ask(
                t.fake
                    .autocomplete("play", json!({"choice": ""}), "choice", who),
            )
            .await;
        let choice = options["data"]["choices"][0]["value"]
            .as_str()
            .expect("a choice to play")
            .to_string();
        let answer = t.slash("play", json!({"choice": choice}), who).await;
        if content(&answer).contains("completed stage") {
            return;
        }
    }
    panic!("a director's round never ended");
}

type Bot = (oneshot::Sender<()>, JoinHandle<Result<(), ServeError>>);

fn start_bot(fake: &FakeDiscord, database: &Database, clock: &Arc<ManualClock>) -> Bot {
    let config = common::serve_config(fake, database);
    let token = config
        .token(&|k| (k == "DISCORD_TOKEN").then(|| FAKE_TOKEN.to_string()))
        .unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let config_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../config");
    let bot = tokio::spawn(run(
        Options {
            config,
            config_dir,
            token,
            guild: Some(GUILD),
            clock: Arc::clone(clock) as Arc<dyn Clock>,
            pictures: true,
        },
        async move {
            let _ = stopped.await;
        },
    ));
    (stop, bot)
}

async fn stop_bot((stop, bot): Bot) {
    let _ = stop.send(());
    assert!(
        matches!(tokio::time::timeout(WAIT, bot).await, Ok(Ok(Ok(())))),
        "the bot stops cleanly"
    );
}

/// A tour of two directors, started, with round 1 posted; returns the tour id and the round's
/// message.
async fn round_one(t: &Table) -> (String, u64) {
    t.slash(
        "tour create",
        json!({"preset": "week", "teams": 2}),
        &t.admin,
    )
    .await;
    t.slash("tour join", json!({"team": "Reds", "colour": 0}), &t.alice)
        .await;
    t.slash("tour join", json!({"team": "Blues", "colour": 1}), &t.bob)
        .await;
    t.slash("tour start", json!({}), &t.admin).await;
    let opening = t.wait_card(1).await;
    let tour = button_ids(&opening["components"])
        .into_iter()
        .find(|id| id.ends_with(":hand"))
        .expect("the way into the hand")
        .split(':')
        .nth(1)
        .unwrap()
        .to_string();
    (tour, id_of(&opening))
}

/// Closes round 1 with the bot set to die at `crash`, waits for it to die there, and stops it.
async fn close_round_one_and_crash(t: &Table, bot: Bot, tour: &str, opening: u64, crash: Crash) {
    play_with_buttons(t, &t.alice, opening, tour).await;
    failpoint::arm(t.channel, crash);
    play_with_slash(t, &t.bob).await;
    let give_up = std::time::Instant::now() + WAIT;
    while failpoint::armed(t.channel, crash) {
        assert!(
            std::time::Instant::now() < give_up,
            "the delivery never reached {crash:?}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    stop_bot(bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_closed_but_never_posted_is_announced_once_after_a_restart() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database(&dir, "commissaire.db");
    let clock = Arc::new(ManualClock::new(T0));
    let bot = start_bot(&fake, &database, &clock);
    fake.wait_ready(WAIT).await;
    let t = Table::new(fake, 1_200_000_000_000_000_011);
    let (tour, opening) = round_one(&t).await;

    close_round_one_and_crash(&t, bot, &tour, opening, Crash::BeforePost).await;
    assert!(
        t.cards_of_round(2).is_empty() && !tells_moves(&t.fake.message(opening).unwrap()),
        "the process died before posting"
    );

    // The new process delivers what is owed: round 1's post told (edited, its board redrawn),
    // then round 2's post, once.
    let bot = start_bot(&t.fake, &database, &clock);
    let card = t.wait_card(2).await;
    let told = t.fake.message(opening).unwrap();
    assert!(tells_moves(&told), "{told}");
    assert_eq!(
        told["attachments"][0]["filename"], "stage-01-fictive-start.png",
        "the board after the turn, drawn after the restart: {told}"
    );
    // Round 2 is played on its own message: each team is ticked off on it, once the new
    // process holds a gateway session.
    let message = id_of(&card);
    t.fake.wait_sessions(|live| !live.is_empty(), WAIT).await;
    play_with_buttons(&t, &t.alice, message, &tour).await;
    let ticked = t.wait_card_shows(message, "✅ Reds").await;
    assert!(ticked.contains("⏳ Blues"), "{ticked}");
    assert_eq!(t.cards_of_round(2).len(), 1, "round 2 was announced once");
    assert_eq!(
        t.told("Stage 1, the fictive start").len(),
        1,
        "round 1 was told once"
    );

    // Another restart owes nothing: nothing more is posted.
    let posts = t.post_requests().len();
    stop_bot(bot).await;
    let bot = start_bot(&t.fake, &database, &clock);
    t.fake
        .wait_gateway(|identifies, _| identifies >= 3, WAIT)
        .await;
    play_with_slash(&t, &t.bob).await;
    t.wait_card(3).await;
    assert_eq!(
        t.post_requests().len(),
        posts + 1,
        "only round 3 was posted after the second restart"
    );
    t.fake.assert_clean();
    stop_bot(bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_posted_but_never_remembered_is_ticked_off_after_a_restart_and_not_posted_twice() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database(&dir, "commissaire.db");
    let clock = Arc::new(ManualClock::new(T0));
    let bot = start_bot(&fake, &database, &clock);
    fake.wait_ready(WAIT).await;
    let t = Table::new(fake, 1_200_000_000_000_000_012);
    let (tour, opening) = round_one(&t).await;

    close_round_one_and_crash(&t, bot, &tour, opening, Crash::BeforeRemember).await;
    let posted = t.cards_of_round(2);
    assert_eq!(posted.len(), 1, "posted before the process died");
    let message = id_of(&posted[0]);
    let nonce = posted[0]["nonce"].clone();
    assert!(nonce.is_string(), "an owed post carries its nonce");

    // The new process posts it again with the same nonce: Discord hands back the first one,
    // which is now remembered.
    let with_nonce = || {
        t.post_requests()
            .into_iter()
            .filter(|r| r.json.as_ref().is_some_and(|j| j["nonce"] == nonce))
            .collect::<Vec<_>>()
    };
    assert_eq!(with_nonce().len(), 1);
    let bot = start_bot(&t.fake, &database, &clock);
    let give_up = std::time::Instant::now() + WAIT;
    while with_nonce().len() < 2 {
        assert!(std::time::Instant::now() < give_up, "no start-up delivery");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let repost = &with_nonce()[1];
    assert_eq!(
        repost.response.as_ref().map(id_of),
        Some(message),
        "the repost is answered with the first message"
    );
    assert_eq!(t.cards_of_round(2).len(), 1, "round 2 was announced once");
    assert_eq!(
        t.told("Stage 1, the fictive start").len(),
        1,
        "round 1 was told once"
    );

    // Round 2 is played on that message: both teams are ticked off on it, in turn, once the
    // new process holds a gateway session (its start-up delivery may come before it does).
    t.fake.wait_sessions(|live| !live.is_empty(), WAIT).await;
    play_with_buttons(&t, &t.alice, message, &tour).await;
    let ticked = t.wait_card_shows(message, "✅ Reds").await;
    assert!(ticked.contains("⏳ Blues"), "{ticked}");
    t.fake.assert_clean();
    stop_bot(bot).await;
}

/// Issue 32, item 12: the end of a round is an edit of its post, then the next round's post.
/// The process dies after the edit, before it is marked: the next start edits it again (the same
/// text, so nothing shows twice) and posts round 2 once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rounds_post_edited_but_never_marked_is_edited_again_and_the_next_round_posted_once() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database(&dir, "commissaire.db");
    let clock = Arc::new(ManualClock::new(T0));
    let bot = start_bot(&fake, &database, &clock);
    fake.wait_ready(WAIT).await;
    let t = Table::new(fake, 1_200_000_000_000_000_013);
    let (tour, opening) = round_one(&t).await;

    close_round_one_and_crash(&t, bot, &tour, opening, Crash::AfterEdit).await;
    let told = t.fake.message(opening).unwrap();
    assert!(tells_moves(&told), "edited before the process died: {told}");
    assert!(t.cards_of_round(2).is_empty(), "round 2 not posted yet");

    let bot = start_bot(&t.fake, &database, &clock);
    let card = t.wait_card(2).await;
    assert_eq!(t.fake.message(opening).unwrap()["content"], told["content"]);
    assert_eq!(t.cards_of_round(2).len(), 1, "round 2 was announced once");
    assert_eq!(t.told("Stage 1, the fictive start").len(), 1);
    let message = id_of(&card);
    t.fake.wait_sessions(|live| !live.is_empty(), WAIT).await;
    play_with_buttons(&t, &t.alice, message, &tour).await;
    t.wait_card_shows(message, "✅ Reds").await;
    t.fake.assert_clean();
    stop_bot(bot).await;
}

/// Issue 34: Discord refuses the next round's post twice (an error of its own, then a rate
/// limit): the bot tries again, with the same nonce, and the round is posted once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_discord_refuses_for_a_moment_is_tried_again_and_made_once() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database(&dir, "commissaire.db");
    let clock = Arc::new(ManualClock::new(T0));
    let bot = start_bot(&fake, &database, &clock);
    fake.wait_ready(WAIT).await;
    let t = Table::new(fake, 1_200_000_000_000_000_014);
    let (tour, opening) = round_one(&t).await;
    play_with_buttons(&t, &t.alice, opening, &tour).await;
    t.fake.fail_next_posts(&[500, 429]);
    play_with_slash(&t, &t.bob).await;
    let card = t.wait_card(2).await;
    let tries: Vec<_> = t
        .post_requests()
        .into_iter()
        .filter(|r| r.json.as_ref().is_some_and(|j| j["nonce"] == card["nonce"]))
        .collect();
    assert_eq!(tries.len(), 3, "two refused, the third made");
    assert_eq!(t.cards_of_round(2).len(), 1, "round 2 was announced once");
    stop_bot(bot).await;
}

/// Issue 34: Discord refuses a post past every try: it stays owed, and once its claim has run
/// out the sweep of a later tick posts it, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_refused_past_every_try_is_swept_up_when_its_claim_runs_out() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database(&dir, "commissaire.db");
    let clock = Arc::new(ManualClock::new(T0));
    let bot = start_bot(&fake, &database, &clock);
    fake.wait_ready(WAIT).await;
    let t = Table::new(fake, 1_200_000_000_000_000_015);
    let (tour, opening) = round_one(&t).await;
    play_with_buttons(&t, &t.alice, opening, &tour).await;
    t.fake.fail_next_posts(&[502, 502, 502, 502]);
    play_with_slash(&t, &t.bob).await;
    // Every try refused: nothing posted, and the next ticks leave it to its claim.
    let give_up = std::time::Instant::now() + WAIT;
    while !t.fake.served_every_fault() {
        assert!(
            std::time::Instant::now() < give_up,
            "the bot stopped trying"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(t.cards_of_round(2).is_empty(), "refused every time");
    clock.set(T0 + commissaire::services::CLAIM_LEASE_SECS + 1);
    t.wait_card(2).await;
    assert_eq!(t.cards_of_round(2).len(), 1, "round 2 was announced once");
    stop_bot(bot).await;
}
