//! The bot end to end, as Discord would see it: `commissaire serve` (its library entry) runs
//! against the fake Discord on loopback, which checks every request against Discord's API
//! description and answers 404 (and fails the test) on any route it does not know.
//!
//! One tour, told in order: registration, a refusal, create, two players join, start, a round
//! played with buttons by one director and with `/play` by the other, the public card ticked
//! off, a reminder and a deadline from the scheduler, a rider abandoned, the stage closed by
//! the admin, a repêchage vote tied 1–1 and broken by the stage winner's directeur, and a
//! clean stop.

mod common;

use commissaire::store::Database;

use commissaire::clock::{Clock, ManualClock};
use commissaire::discord::serve::{INTENTS, Options, run};
use commissaire::store::{Store, results};
use commissaire_tests::drive::{
    WAIT, button_ids, card_text, command_id, content, flags, message_id, play_with_buttons,
    play_with_slash,
};
use commissaire_tests::fake_discord::{FAKE_TOKEN, FakeDiscord, MANAGE_CHANNELS, Recorded, Who};
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

const GUILD: u64 = 1_100_000_000_000_000_100;
const CHANNEL: u64 = 1_200_000_000_000_000_001;
const ADMIN: u64 = 1_300_000_000_000_000_001;
const ALICE: u64 = 1_300_000_000_000_000_002;
const BOB: u64 = 1_300_000_000_000_000_003;
const T0: i64 = 1_800_000_000;
/// The round deadline the tour is created with, in minutes.
const DEADLINE_MINUTES: i64 = 10;

struct Table {
    fake: FakeDiscord,
    admin: Who,
    alice: Who,
    bob: Who,
}

impl Table {
    /// The channel's people: an admin (Manage Channels) and two players.
    fn new(fake: FakeDiscord) -> Table {
        Table {
            fake,
            admin: Who::member(ADMIN, "jury", GUILD, CHANNEL).with_permissions(MANAGE_CHANNELS),
            alice: Who::member(ALICE, "alice", GUILD, CHANNEL),
            bob: Who::member(BOB, "bob", GUILD, CHANNEL),
        }
    }

    /// Sends an interaction and returns the bot's answer to it.
    async fn ask(
        &self,
        payload: Value,
    ) -> (commissaire_tests::fake_discord::SentInteraction, Value) {
        commissaire_tests::drive::ask(&self.fake, payload).await
    }

    async fn slash(&self, command: &str, options: Value, who: &Who) -> Value {
        commissaire_tests::drive::slash(&self.fake, command, options, who).await
    }

    /// The channel messages the bot posted after request number `from`.
    /// The channel posts made after request number `from`, but the tour's status message
    /// (posted once as the tour starts, whenever its delivery gets there; `status_e2e.rs`).
    fn posts_since(&self, from: usize) -> Vec<Recorded> {
        self.fake.requests()[from..]
            .iter()
            .filter(|r| r.is("POST", &format!("/channels/{CHANNEL}/messages")))
            .filter(|r| {
                !r.json
                    .as_ref()
                    .is_some_and(|j| content(j).starts_with("📌"))
            })
            .cloned()
            .collect()
    }

    /// Waits for a channel post after request number `from` that satisfies `matches`.
    async fn wait_post(&self, from: usize, matches: impl Fn(&Recorded) -> bool) -> Recorded {
        let give_up = std::time::Instant::now() + WAIT;
        loop {
            if let Some(found) = self.posts_since(from).into_iter().find(|r| matches(r)) {
                return found;
            }
            if std::time::Instant::now() > give_up {
                let seen: Vec<String> = self
                    .posts_since(from)
                    .iter()
                    .map(|r| content(r.json.as_ref().unwrap()).chars().take(80).collect())
                    .collect();
                panic!(
                    "no matching post within {WAIT:?}; posts: {seen:#?}; failures: {:#?}",
                    self.fake.failures()
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits for the bot's edit of a channel message (the round's card).
    async fn wait_edit(&self, message: u64) -> Recorded {
        let route = format!("/channels/{CHANNEL}/messages/{message}");
        self.fake.wait_for(|r| r.is("PATCH", &route), WAIT).await
    }

    fn mark(&self) -> usize {
        self.fake.requests().len()
    }

    /// Waits, after request number `from`, for the edit of the turn's post `message` that
    /// tells the turn (its content carries the turn's lines).
    async fn wait_told_in(&self, message: u64, from: usize) -> Recorded {
        let route = format!("/channels/{CHANNEL}/messages/{message}");
        let give_up = std::time::Instant::now() + WAIT;
        loop {
            let found = self.fake.requests()[from..]
                .iter()
                .find(|r| {
                    r.is("PATCH", &route)
                        && r.json
                            .as_ref()
                            .is_some_and(|j| content(j).lines().any(|l| l.starts_with("- ")))
                })
                .cloned();
            if let Some(edit) = found {
                return edit;
            }
            assert!(
                std::time::Instant::now() < give_up,
                "the turn's post {message} was never told; failures: {:#?}",
                self.fake.failures()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

async fn stage_winner_team(database: &Database) -> String {
    let store = Store::open(database).await.expect("open the database");
    let mut conn = store.read().await.unwrap();
    let done = results::list(&mut conn, 1).await.unwrap();
    let winner = done[0]
        .riders
        .iter()
        .find(|r| r.place == Some(1))
        .expect("stage 1 has a winner");
    winner.team.clone()
}

/// Starts the bot (`serve`'s library entry) against the fake; send on the sender to stop it.
fn start_bot(
    fake: &FakeDiscord,
    database: &Database,
    clock: &Arc<ManualClock>,
) -> (
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<Result<(), commissaire::discord::serve::ServeError>>,
) {
    let config = common::serve_config(fake, database);
    let token = config
        .token(&|k| (k == "DISCORD_TOKEN").then(|| FAKE_TOKEN.to_string()))
        .unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tour_in_a_channel_from_create_to_a_repechage_vote() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database(&dir, "commissaire.db");
    let clock = Arc::new(ManualClock::new(T0));
    let (stop, bot) = start_bot(&fake, &database, &clock);

    // Connected with the GUILDS intent alone, commands registered in the guild.
    let identified = fake.wait_ready(WAIT).await;
    assert_eq!(identified.intents, INTENTS.bits());
    let registered = fake
        .wait_for(
            |r| {
                r.is("PUT", "/applications/")
                    && r.route().ends_with(&format!("/guilds/{GUILD}/commands"))
            },
            WAIT,
        )
        .await;
    let names: Vec<&str> = registered
        .json
        .as_ref()
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    for name in [
        "tour",
        "standings",
        "stage",
        "hand",
        "odds",
        "play",
        "autopilot",
        "admin",
    ] {
        assert!(names.contains(&name), "{name} not registered: {names:?}");
    }

    let t = Table::new(fake);

    // A player may not create a tour: a private refusal that says why.
    let refused = t
        .slash("tour create", json!({"preset": "week"}), &t.bob)
        .await;
    assert_eq!(flags(&refused), 64);
    assert!(content(&refused).contains("only an admin"), "{refused}");

    // Presets autocomplete from the shipped tours.
    let (_, presets) = t
        .ask(
            t.fake
                .autocomplete("tour create", json!({"preset": "we"}), "preset", &t.admin),
        )
        .await;
    let offered: Vec<&str> = presets["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["value"].as_str())
        .collect();
    assert!(offered.contains(&"week"), "{presets}");

    let created = t
        .slash(
            "tour create",
            json!({"preset": "week", "deadline": DEADLINE_MINUTES, "teams": 2}),
            &t.admin,
        )
        .await;
    assert_eq!(flags(&created), 0, "the tour is announced publicly");
    assert!(content(&created).contains("is open"), "{created}");
    // The colour is a choice list: poise sends choices by index.
    let joined = t
        .slash("tour join", json!({"team": "Reds", "colour": 0}), &t.alice)
        .await;
    assert!(content(&joined).contains("Reds"), "{joined}");
    t.slash("tour join", json!({"team": "Blues", "colour": 1}), &t.bob)
        .await;

    // The start: a public answer, then the first turn (house rules B's fictive start) posted in
    // the channel with the board, the card and the way into the hand.
    let from = t.mark();
    let started = t.slash("tour start", json!({}), &t.admin).await;
    assert!(content(&started).contains("starts"), "{started}");
    let opening = t
        .wait_post(from, |r| {
            r.json.as_ref().is_some_and(|j| j["embeds"].is_array())
        })
        .await;
    let board = opening.file("files[0]").expect("the board is attached");
    assert!(board.filename.as_deref().unwrap().ends_with(".png"));
    assert!(board.bytes.starts_with(b"\x89PNG"), "a real PNG");
    let body = opening.json.clone().unwrap();
    let hand_id = button_ids(&body)
        .into_iter()
        .find(|id| id.ends_with(":hand"))
        .expect("a Choose my cards button");
    let tour = hand_id.split(':').nth(1).unwrap().to_string();
    assert_eq!(
        body["allowed_mentions"]["parse"],
        json!([]),
        "the card pings nobody"
    );
    let card = card_text(&body);
    assert!(
        card.contains("⏳ Reds") && card.contains("⏳ Blues"),
        "{card}"
    );
    // The card names /play by Discord's mention, with the id the registration gave it: each
    // member's client shows the command in their own language, as a link.
    let play = command_id(&t.fake, "play", GUILD);
    assert!(card.contains(&format!(" or </play:{play}>.")), "{card}");
    let turn_message = message_id(&opening);

    // Alice plays with the buttons; when she is through, the public card ticks Reds off.
    let from = t.mark();
    let pressed = play_with_buttons(&t.fake, &t.alice, turn_message, &tour, 20).await;
    assert!(pressed.len() < 20, "a director's round never ended");
    let edit = t.wait_edit(turn_message).await;
    let edited = card_text(edit.json.as_ref().unwrap());
    assert!(
        edited.contains("✅ Reds") && edited.contains("⏳ Blues"),
        "{edited}"
    );
    assert!(
        t.posts_since(from).is_empty(),
        "nothing public while the round is open"
    );

    // Bob plays with /play; his last choice closes the round (house rules B's fictive start):
    // its post is edited to tell it, with the board after it and no card left (issue 32, item
    // 12), and round 1 gets a post of its own.
    let from = t.mark();
    let played = play_with_slash(&t.fake, &t.bob, 20).await;
    assert!(played.len() < 20, "a director's round never ended");
    let round_one = t
        .wait_post(from, |r| card_text(r.json.as_ref().unwrap()).contains("⏳"))
        .await;
    let body = round_one.json.clone().unwrap();
    assert!(
        body["embeds"][0]["title"]
            .as_str()
            .unwrap()
            .contains(": round 1"),
        "{body}"
    );
    assert_eq!(content(&body), "**Stage 1, round 1**", "nothing told yet");

    // /odds (issue 35): the riders' chances from playouts of the race as Alice's team sees it,
    // only for her (it reads her hand), each with its standard error.
    let odds = t.slash("odds", json!({}), &t.alice).await;
    assert_eq!(flags(&odds), 64, "odds are private: {odds}");
    let said = content(&odds);
    assert!(said.starts_with("Win chances in stage 1, from "), "{said}");
    assert!(
        said.contains(" playouts by the bots, as Reds sees the race: chance ± standard error."),
        "{said}"
    );
    assert!(
        said.contains("Reds") && said.contains("Blues") && said.contains(" % ± "),
        "{said}"
    );
    let told = t.wait_told_in(turn_message, from).await;
    assert!(told.file("files[0]").is_some(), "the board after the turn");
    let fictive = t.fake.message(turn_message).unwrap();
    assert!(
        content(&fictive).contains("**Stage 1, the fictive start**\n- "),
        "{fictive}"
    );
    assert!(
        fictive["embeds"].as_array().is_some_and(|e| e.is_empty())
            && fictive["components"]
                .as_array()
                .is_some_and(|c| c.is_empty()),
        "a turn over keeps no card nor button: {fictive}"
    );
    let round_one = message_id(&round_one);

    // The scheduler: a reminder mentions both late directors, once, then the deadline plays
    // for them: round 1's post says so and tells the round, round 2 gets its post.
    let deadline = T0 + DEADLINE_MINUTES * 60;
    let from = t.mark();
    clock.set(deadline - 60);
    let reminder = t
        .wait_post(from, |r| {
            content(r.json.as_ref().unwrap()).contains("Reminder")
        })
        .await;
    let body = reminder.json.clone().unwrap();
    let pinged: Vec<String> =
        serde_json::from_value(body["allowed_mentions"]["users"].clone()).unwrap();
    assert_eq!(pinged.len(), 2, "{body}");
    assert!(pinged.contains(&ALICE.to_string()) && pinged.contains(&BOB.to_string()));
    clock.set(deadline + 1);
    let round_two = t
        .wait_post(from, |r| {
            r.json.as_ref().unwrap()["embeds"][0]["title"].is_string()
        })
        .await;
    let title = &round_two.json.as_ref().unwrap()["embeds"][0]["title"];
    assert!(
        title.as_str().unwrap_or("").contains(": round 2"),
        "{title}"
    );
    let timed_out = t.wait_told_in(round_one, from).await;
    assert!(
        content(timed_out.json.as_ref().unwrap()).starts_with("**Stage 1, round 1**\nTime is up"),
        "{timed_out:?}"
    );
    let reminders = t
        .posts_since(from)
        .iter()
        .filter(|r| content(r.json.as_ref().unwrap()).contains("Reminder"))
        .count();
    assert_eq!(reminders, 1, "each late director is reminded once a round");
    let mut current = message_id(&round_two);

    // A rider of Alice's abandons; the admin closes rounds until stage 1 is over.
    let (_, options) = t
        .ask(
            t.fake
                .autocomplete("play", json!({"choice": ""}), "choice", &t.alice),
        )
        .await;
    // An option reads "<rider>: <what>": the card race groups options by rider.
    let rider = options["data"]["choices"][0]["name"]
        .as_str()
        .and_then(|n| n.split(": ").next())
        .expect("Alice has riders to choose for")
        .to_string();
    let abandoned = t
        .slash("admin abandon", json!({"rider": rider}), &t.admin)
        .await;
    assert!(content(&abandoned).contains("abandons"), "{abandoned}");
    let not_admin = t.slash("admin close-round", json!({}), &t.alice).await;
    assert_eq!(flags(&not_admin), 64);
    assert!(content(&not_admin).contains("only an admin"), "{not_admin}");
    let mut finished = false;
    let mut result_gif = None;
    for _ in 0..60 {
        let from = t.mark();
        t.slash("admin close-round", json!({}), &t.admin).await;
        // Every closed round is told in its own post, which says the admin closed it; the
        // next round gets a post of its own with its card.
        let next = t
            .wait_post(from, |r| {
                r.json.as_ref().unwrap()["embeds"][0]["title"].is_string()
            })
            .await;
        let closed = t.wait_told_in(current, from).await;
        let text = content(closed.json.as_ref().unwrap());
        assert!(text.contains("An admin closed the round"), "{text}");
        let next_text = content(next.json.as_ref().unwrap());
        if next_text.contains("Stage 2/7") {
            // The result is a post of its own, between the last round's and stage 2's first:
            // with the finish, the profile and the jerseys' standings; stage 2 opens on its
            // start grid.
            let result = t
                .posts_since(from)
                .into_iter()
                .find(|r| content(r.json.as_ref().unwrap()).contains(": result**"))
                .expect("stage 1's result, posted");
            let result_text = content(result.json.as_ref().unwrap());
            assert!(!result_text.contains("Stage 2/7"), "{result_text}");
            assert!(!next_text.contains(": result**"), "{next_text}");
            let files = |r: &Recorded| -> Vec<String> {
                r.files.iter().filter_map(|f| f.filename.clone()).collect()
            };
            for name in ["stage-01-finish.png", "general.png"] {
                assert!(
                    files(&result).iter().any(|f| f == name),
                    "{name} missing from {:?}",
                    files(&result)
                );
            }
            // No chart with stage 1's result: one stage is no story (issue 36).
            assert!(
                !files(&result).iter().any(|f| f.ends_with("-chart.png")),
                "{:?}",
                files(&result)
            );
            assert!(
                files(&next).iter().any(|f| f == "stage-02-start.png"),
                "{:?}",
                files(&next)
            );
            // The stage as an animation, with its result (issue 36).
            result_gif = result
                .files
                .iter()
                .find(|f| f.filename.as_deref() == Some("stage-01-replay.gif"))
                .map(|f| f.bytes.clone());
            finished = true;
            break;
        }
        current = message_id(&next);
    }
    assert!(finished, "stage 1 never finished");

    // The animation: a frame for each of stage 1's rounds, then the finish held two seconds.
    let gif = result_gif.expect("stage-01-replay.gif is attached to stage 1's result");
    // Each turn of stage 1 opened a post with its card (the fictive start, round 1…), before
    // the stage's result.
    let posts = t.posts_since(0);
    let end = posts
        .iter()
        .position(|r| content(r.json.as_ref().unwrap()).contains(": result**"))
        .expect("stage 1's result");
    let turns: Vec<String> = posts[..end]
        .iter()
        .filter_map(|r| r.json.as_ref().unwrap()["embeds"][0]["title"].as_str())
        .map(str::to_string)
        .collect();
    let frames = commissaire_render::animation::decode(&gif).expect("the GIF decodes");
    assert_eq!(
        frames.len(),
        turns.len() + 1,
        "a frame a turn and the finish: {turns:?}"
    );
    assert_eq!(frames.last().map(|f| f.1), Some(200), "the finish held 2 s");
    assert!(gif.len() <= 4 * 1024 * 1024, "{} bytes", gif.len());
    // `/stage replay:1` posts it again, the same; a stage not over yet is refused privately.
    let from = t.mark();
    let again = t.slash("stage", json!({"replay": 1}), &t.bob).await;
    assert!(content(&again).contains("Stage 1, "), "{again}");
    let sent: Vec<Vec<u8>> = t.fake.requests()[from..]
        .iter()
        .flat_map(|r| r.files.iter())
        .filter(|f| f.filename.as_deref() == Some("stage-01-replay.gif"))
        .map(|f| f.bytes.clone())
        .collect();
    assert_eq!(sent, [gif], "the replay is the stage's animation, once");
    // `/standings chart:True`: the tour's first classification as a chart (issue 36).
    let from = t.mark();
    let chart = t.slash("standings", json!({"chart": true}), &t.bob).await;
    let sent: Vec<String> = t.fake.requests()[from..]
        .iter()
        .flat_map(|r| r.files.iter())
        .filter_map(|f| f.filename.clone())
        .collect();
    assert_eq!(sent, ["general-chart.png"], "{chart}");
    let not_yet = t.slash("stage", json!({"replay": 2}), &t.bob).await;
    assert_eq!(flags(&not_yet), 64);
    assert!(
        content(&not_yet).contains("stage 2 has not finished"),
        "{not_yet}"
    );

    // `/stage log:1`: the stage told turn by turn, a Markdown file for the asker alone, with a
    // section for each turn the channel was posted (issue 36); replay and log at once: refused.
    let from = t.mark();
    let log = t.slash("stage", json!({"log": 1}), &t.bob).await;
    assert_eq!(flags(&log), 64, "the log is for its asker: {log}");
    assert!(content(&log).contains("stage-01-log.md"), "{log}");
    let logs: Vec<Vec<u8>> = t.fake.requests()[from..]
        .iter()
        .flat_map(|r| r.files.iter())
        .filter(|f| f.filename.as_deref() == Some("stage-01-log.md"))
        .map(|f| f.bytes.clone())
        .collect();
    assert_eq!(logs.len(), 1, "the log is attached once");
    let text = String::from_utf8(logs[0].clone()).expect("the log is text");
    assert!(text.starts_with("# Stage 1, "), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.starts_with("## ")).count(),
        turns.len(),
        "a section a turn: {turns:?}\n{text}"
    );
    assert!(text.contains(" plays "), "{text}");
    let both = t
        .slash("stage", json!({"replay": 1, "log": 1}), &t.bob)
        .await;
    assert_eq!(flags(&both), 64);
    assert!(content(&both).contains("one option at a time"), "{both}");

    // The repêchage vote: Alice (yes) and Bob (no) tie; the stage winner's directeur breaks it.
    let (proposal_sent, proposal) = t
        .ask(
            t.fake
                .slash("admin repechage", json!({"rider": rider}), &t.admin),
        )
        .await;
    assert_eq!(flags(&proposal), 0, "the proposal is public: {proposal}");
    let ids = button_ids(&proposal);
    let yes = ids
        .iter()
        .find(|id| id.ends_with(":yes"))
        .expect("a yes button")
        .clone();
    let no = ids
        .iter()
        .find(|id| id.ends_with(":no"))
        .expect("a no button")
        .clone();
    let proposal_id = commissaire_tests::drive::answer_id(&t.fake, &proposal_sent, &proposal);
    let outsider = Who::member(1_300_000_000_000_000_009, "eve", GUILD, CHANNEL);
    let (_, eve) = t.ask(t.fake.component(&yes, proposal_id, &outsider)).await;
    assert_eq!(flags(&eve), 64);
    assert!(content(&eve).contains("directeurs sportifs"), "{eve}");
    // Bob first votes yes, then changes his mind before the vote closes.
    let (_, ballot) = t.ask(t.fake.component(&yes, proposal_id, &t.bob)).await;
    assert_eq!(flags(&ballot), 64, "a ballot is answered privately");
    t.ask(t.fake.component(&no, proposal_id, &t.bob)).await;
    let from = t.mark();
    t.ask(t.fake.component(&yes, proposal_id, &t.alice)).await;
    let result = t
        .wait_post(from, |r| {
            content(r.json.as_ref().unwrap()).contains("Repêchage")
        })
        .await;
    let text = content(result.json.as_ref().unwrap()).to_string();
    let winner = stage_winner_team(&database).await;
    assert!(
        text.contains(&format!("extra vote of the directeur of {winner}")),
        "{text}"
    );
    if winner == "Reds" {
        assert!(
            text.contains("2 yes, 1 no") && text.contains("brought back"),
            "{text}"
        );
    } else {
        assert!(
            text.contains("1 yes, 2 no") && text.contains("stays out"),
            "{text}"
        );
    }

    // Hands and choices never reach the channel: no choice button and no card kept or drawn in
    // a public post or answer.
    for r in t.fake.requests() {
        let Some(body) = &r.json else { continue };
        let public_answer =
            r.route().starts_with("/interactions/") && body["type"] == 4 && flags(body) & 64 == 0;
        let channel_post = r.is("POST", "/channels/");
        if public_answer || channel_post {
            for id in button_ids(body) {
                assert!(
                    !id.contains(":draw:") && !id.contains(":keep:"),
                    "a choice in public: {body}"
                );
            }
            let text = content(body);
            assert!(
                !text.contains(" keeps ") && !text.contains(" draws "),
                "a hand in public: {text}"
            );
        }
    }

    t.fake.assert_clean();
    let _ = stop.send(());
    let stopped = tokio::time::timeout(WAIT, bot).await;
    assert!(
        matches!(stopped, Ok(Ok(Ok(())))),
        "the bot stops cleanly: {stopped:?}"
    );
}

/// A restart in the middle of a round: the buttons posted by the first process work in the
/// second, the card it posted is still the one ticked off, and a second click on a spent choice
/// is refused privately without changing anything.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buttons_and_the_round_card_survive_a_restart() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database(&dir, "commissaire.db");
    let clock = Arc::new(ManualClock::new(T0));
    let (stop, bot) = start_bot(&fake, &database, &clock);
    fake.wait_ready(WAIT).await;
    let t = Table::new(fake);
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
    let from = t.mark();
    t.slash("tour start", json!({}), &t.admin).await;
    let opening = t
        .wait_post(from, |r| {
            r.json.as_ref().is_some_and(|j| j["embeds"].is_array())
        })
        .await;
    let turn_message = message_id(&opening);
    let tour = button_ids(opening.json.as_ref().unwrap())[0]
        .split(':')
        .nth(1)
        .unwrap()
        .to_string();

    // Alice draws her first hand, then the bot goes down and comes back.
    let (sent, _) = t
        .ask(
            t.fake
                .component(&format!("v1:{tour}:hand"), turn_message, &t.alice),
        )
        .await;
    let private_id: u64 = t.fake.original_response(&sent).unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let draw = format!("v1:{tour}:draw:0");
    let (_, drawn) = t.ask(t.fake.component(&draw, private_id, &t.alice)).await;
    assert_eq!(drawn["type"], 7);
    let _ = stop.send(());
    assert!(matches!(
        tokio::time::timeout(WAIT, bot).await,
        Ok(Ok(Ok(())))
    ));
    let (stop, bot) = start_bot(&t.fake, &database, &clock);
    t.fake
        .wait_gateway(|identifies, _| identifies >= 2, WAIT)
        .await;

    // A first-release button (`v1:<tour>:draw:<rider>`) still answers after the upgrade. The
    // same draw pressed again, after the restart: refused, privately, as a new note.
    let (_, again) = t.ask(t.fake.component(&draw, private_id, &t.alice)).await;
    assert_eq!(
        again["type"], 4,
        "a refusal does not replace the hand: {again}"
    );
    assert_eq!(flags(&again), 64);
    assert!(
        content(&again).contains("has already drawn this round"),
        "{again}"
    );
    // The hand message from before the restart still plays; the old card is ticked off.
    let hand = t.fake.message(private_id).unwrap();
    let keep = button_ids(&json!({ "components": hand["components"].clone() }))
        .into_iter()
        .find(|id| id.starts_with("v2:") && id.contains(":k:0:"))
        .expect("the drawn hand offers its cards");
    let (_, kept) = t.ask(t.fake.component(&keep, private_id, &t.alice)).await;
    assert_eq!(kept["type"], 7, "{kept}");
    // The same keep pressed again (a second click, a second device): that decision has
    // passed, so nothing is applied and the hand is redrawn as it stands now.
    let (_, twice) = t.ask(t.fake.component(&keep, private_id, &t.alice)).await;
    assert_eq!(twice["type"], 7, "{twice}");
    assert!(
        content(&twice).starts_with("That button was for a decision that has passed"),
        "{twice}"
    );
    let pressed = play_with_buttons(&t.fake, &t.alice, turn_message, &tour, 20).await;
    assert!(pressed.len() < 20, "a director's round never ended");
    let edit = t.wait_edit(turn_message).await;
    assert!(card_text(edit.json.as_ref().unwrap()).contains("✅ Reds"));
    t.fake.assert_clean();
    let _ = stop.send(());
    assert!(matches!(
        tokio::time::timeout(WAIT, bot).await,
        Ok(Ok(Ok(())))
    ));
}

/// Issue 32, item 9: a registration Discord refuses does not stop the bot. It goes on with the
/// commands Discord holds from an earlier start, and names them in its sentences by the ids
/// Discord lists; with none held, a sentence writes the command out in its language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_registration_goes_on_with_the_commands_discord_holds() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(T0));
    let bob = Who::member(BOB, "bob", GUILD, CHANNEL);
    // Run by run, what /tour status answers in a channel with no tour: its way to create one.
    async fn no_tour_answer(
        fake: &FakeDiscord,
        database: &Database,
        clock: &Arc<ManualClock>,
        bob: &Who,
    ) -> String {
        let before = fake.gateway_counts().0;
        let (stop, bot) = start_bot(fake, database, clock);
        fake.wait_gateway(|identifies, _| identifies > before, WAIT)
            .await;
        let answer = commissaire_tests::drive::slash(fake, "tour status", json!({}), bob).await;
        let _ = stop.send(());
        let stopped = tokio::time::timeout(WAIT, bot).await;
        assert!(matches!(stopped, Ok(Ok(Ok(())))), "{stopped:?}");
        content(&answer).to_string()
    }

    // A first start registers the commands; a second, whose registration Discord refuses, names
    // them by the ids Discord still holds.
    let fake = FakeDiscord::start().await;
    let database = common::database(&dir, "held.db");
    let first = no_tour_answer(&fake, &database, &clock, &bob).await;
    let tour = command_id(&fake, "tour", GUILD);
    assert!(
        first.ends_with(&format!("with </tour create:{tour}>")),
        "{first}"
    );
    fake.refuse_command_registration(true);
    let second = no_tour_answer(&fake, &database, &clock, &bob).await;
    assert_eq!(second, first);
    assert!(
        fake.requests()
            .iter()
            .filter(|r| r.is("PUT", "/applications/"))
            .count()
            == 2,
        "the second start tried to register"
    );
    fake.assert_clean();

    // With none held, the command is written out.
    let fresh = FakeDiscord::start().await;
    fresh.refuse_command_registration(true);
    let database = common::database(&dir, "none.db");
    let answer = no_tour_answer(&fresh, &database, &clock, &bob).await;
    assert!(answer.ends_with("with /tour create"), "{answer}");
    assert!(fresh.commands(Some(GUILD)).is_empty());
    fresh.assert_clean();
}
