//! Players at the fake Discord: slash commands, autocomplete, the buttons of a private hand, and
//! reading what the bot answered. Shared by the end-to-end tests of every game, so that a tour is
//! driven the same way whatever it rides.

use crate::fake_discord::{FakeDiscord, Recorded, SentInteraction, Who};
use serde_json::{Value, json};
use std::time::Duration;

/// How long a test waits for the bot before it fails with what did arrive: a bound on a
/// silence, never a time a test takes when all goes well. A stage's end draws its animation
/// before the channel's next post (a Velo Master stage in the tests' build, six runs side by
/// side on two cores, went past 20 s), so the bound is generous.
pub const WAIT: Duration = Duration::from_secs(60);

/// Sends an interaction and returns the bot's answer to it as the member finally reads it
/// (see [`final_answer`]): a test never depends on whether the bot answered within its budget.
pub async fn ask(fake: &FakeDiscord, payload: Value) -> (SentInteraction, Value) {
    let sent = fake.interaction(payload);
    let answer = fake.wait_callback(&sent, WAIT).await;
    let body = final_answer(fake, &sent, &answer).await;
    (sent, body)
}

/// The answer to an interaction as Discord's clients show it once the bot is done, in the
/// shape of an immediate callback (`{"type": .., "data": {..}}`), from its `callback`:
///
/// - answered at once (4 a new message, 7 the clicked message updated, 8 suggestions): the
///   callback itself;
/// - put off (5 a "thinking…" note, 6 a press acknowledged, as the bot does past its answer
///   budget on a busy machine): the deferral is followed to the edit that gives the answer
///   (`PATCH …/messages/@original`, or after a 6 a follow-up `POST /webhooks/…`), and the
///   message as it then stands is the `data`, under the type an immediate answer would have had
///   (7 when the clicked message was edited in place, else 4). A deferred public answer goes
///   into the channel and the private note links to it: the `data` is then that channel
///   message. `deferred` keeps the callback's own type.
pub async fn final_answer(
    fake: &FakeDiscord,
    sent: &SentInteraction,
    callback: &Recorded,
) -> Value {
    let body = callback.json.clone().expect("a callback has a body");
    let kind = body["type"].as_u64().unwrap_or(0);
    if kind != 5 && kind != 6 {
        return body;
    }
    let webhook = format!("/webhooks/{}/{}", fake.application_id(), sent.token);
    let original = format!("{webhook}/messages/@original");
    let later = fake
        .wait_for(
            |r| {
                (r.method == "PATCH" && r.route() == original)
                    || (kind == 6 && r.method == "POST" && r.route() == webhook)
            },
            WAIT,
        )
        .await;
    let in_place = later.method == "PATCH";
    let mut message = if in_place {
        fake.original_response(sent)
    } else {
        later.response.clone()
    }
    .unwrap_or_else(|| panic!("the deferred answer's message: {later:?}"));
    let mut answered = if kind == 6 && in_place { 7 } else { 4 };
    if let Some(posted) = linked_message(content(&message)).and_then(|id| fake.message(id)) {
        message = posted;
        answered = 4;
    }
    json!({"type": answered, "data": message, "deferred": kind})
}

/// The id of the message a text links to (`https://discord.com/channels/<guild>/<channel>/<id>`).
pub fn linked_message(text: &str) -> Option<u64> {
    let at = text.find("https://discord.com/channels/")?;
    let link = text[at..].split_whitespace().next()?;
    link.rsplit('/').next()?.parse().ok()
}

/// The id of the message an answer from [`ask`] is: the one Discord keeps for it (a deferred
/// public answer's channel message included).
pub fn answer_id(fake: &FakeDiscord, sent: &SentInteraction, answer: &Value) -> u64 {
    answer["data"]["id"]
        .as_str()
        .map(str::to_string)
        .or_else(|| {
            fake.original_response(sent)
                .and_then(|m| m["id"].as_str().map(str::to_string))
        })
        .and_then(|id| id.parse().ok())
        .expect("the answer's message")
}

pub async fn slash(fake: &FakeDiscord, command: &str, options: Value, who: &Who) -> Value {
    ask(fake, fake.slash(command, options, who)).await.1
}

/// The text of a message body, a callback's `data` or a message as Discord keeps it.
pub fn content(body: &Value) -> &str {
    body["data"]["content"]
        .as_str()
        .or_else(|| body["content"].as_str())
        .unwrap_or("")
}

pub fn flags(body: &Value) -> u64 {
    body["data"]["flags"].as_u64().unwrap_or(0)
}

fn buttons(body: &Value) -> Vec<Value> {
    let rows = body["data"]["components"]
        .as_array()
        .or_else(|| body["components"].as_array())
        .cloned()
        .unwrap_or_default();
    rows.iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .collect()
}

/// Every button custom id of a message body (or of a callback's `data`).
pub fn button_ids(body: &Value) -> Vec<String> {
    buttons(body)
        .iter()
        .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
        .collect()
}

/// Every button label of a message body, in order.
pub fn button_labels(body: &Value) -> Vec<String> {
    buttons(body)
        .iter()
        .filter_map(|b| b["label"].as_str().map(str::to_string))
        .collect()
}

/// The id of the message a create request made.
pub fn message_id(recorded: &Recorded) -> u64 {
    recorded.response.as_ref().expect("a created message")["id"]
        .as_str()
        .and_then(|s| s.parse().ok())
        .expect("a message id")
}

/// The round's card (the embed's description) of a message body.
/// The id Discord gave the command `name` when the bot registered it in `guild`: what a
/// sentence's mention of it (`</play:ID>`) carries.
pub fn command_id(fake: &FakeDiscord, name: &str, guild: u64) -> u64 {
    fake.commands(Some(guild))
        .iter()
        .find(|c| c["name"] == name)
        .and_then(|c| c["id"].as_str()?.parse().ok())
        .unwrap_or_else(|| panic!("no command {name} registered in guild {guild}"))
}

pub fn card_text(body: &Value) -> String {
    body["embeds"][0]["description"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// A director plays through the buttons of their private hand, the first option offered each
/// time as a hurried player would, until nothing is offered or `limit` choices are made; opens
/// the hand from the `v1:<tour>:hand` button of `hand_message`. Each press must redraw the hand
/// in place. Returns how many choices were made, with the labels of the buttons pressed.
pub async fn play_with_buttons(
    fake: &FakeDiscord,
    who: &Who,
    hand_message: u64,
    tour: &str,
    limit: usize,
) -> Vec<String> {
    play_with_buttons_choosing(fake, who, hand_message, tour, limit, &|_| 0).await
}

/// As [`play_with_buttons`], the director pressing the option `choose` picks among the labels
/// offered (every button and menu option of the hand that plays a decision, in order).
pub async fn play_with_buttons_choosing(
    fake: &FakeDiscord,
    who: &Who,
    hand_message: u64,
    tour: &str,
    limit: usize,
    choose: &dyn Fn(&[String]) -> usize,
) -> Vec<String> {
    press_hand(fake, who, hand_message, tour, limit, choose)
        .await
        .into_iter()
        .map(|p| p.label)
        .collect()
}

/// One option a director pressed in their private hand, with the answer that redrew it.
pub struct Press {
    pub label: String,
    /// Whether it was an option of a select menu rather than a button.
    pub from_menu: bool,
    /// The interaction's answer (type 7: the hand redrawn in place).
    pub answer: Value,
}

/// The director opens their private hand from the `v1:<tour>:hand` button of `hand_message`
/// and presses the option `choose` picks among the labels offered (every button and menu
/// option that plays a decision, in order), until nothing is offered or `limit` presses are
/// made. Each press must redraw the hand in place.
pub async fn press_hand(
    fake: &FakeDiscord,
    who: &Who,
    hand_message: u64,
    tour: &str,
    limit: usize,
    choose: &dyn Fn(&[String]) -> usize,
) -> Vec<Press> {
    let (sent, hand) = ask(
        fake,
        fake.component(&format!("v1:{tour}:hand"), hand_message, who),
    )
    .await;
    assert_eq!(hand["type"], 4);
    assert_eq!(flags(&hand), 64, "a hand is private: {hand}");
    let mut private = fake.original_response(&sent).expect("the hand message");
    let private_id: u64 = private["id"].as_str().unwrap().parse().unwrap();
    let decision = format!("v2:{tour}:");
    let mut pressed = Vec::new();
    while pressed.len() < limit {
        let shown = json!({ "components": private["components"].clone() });
        // Every option of the decision: a button, or an option of a menu (past 25 options the
        // hand is select menus), with the menu it sits in.
        let mut options: Vec<(String, String, Option<String>)> = Vec::new();
        for component in buttons(&shown) {
            if component["type"] == 3 {
                let menu = component["custom_id"].as_str().expect("a menu's id");
                for option in component["options"].as_array().into_iter().flatten() {
                    options.push((
                        option["value"]
                            .as_str()
                            .expect("an option's id")
                            .to_string(),
                        option["label"]
                            .as_str()
                            .expect("an option's label")
                            .to_string(),
                        Some(menu.to_string()),
                    ));
                }
            } else if let Some(id) = component["custom_id"].as_str() {
                options.push((
                    id.to_string(),
                    component["label"].as_str().unwrap_or("").to_string(),
                    None,
                ));
            }
        }
        let Some(first) = options.first() else {
            break;
        };
        // A decision's option: `v2:<tour>:<stage>:<step>:<key>`.
        assert!(first.0.starts_with(&decision), "{}", first.0);
        options.retain(|(id, _, _)| id.starts_with(&decision));
        let labels: Vec<String> = options.iter().map(|(_, l, _)| l.clone()).collect();
        let (id, label, menu) = options.swap_remove(choose(&labels).min(options.len() - 1));
        let press = match &menu {
            Some(menu) => fake.select(menu, &[id.as_str()], private_id, who),
            None => fake.component(&id, private_id, who),
        };
        let (_, answer) = ask(fake, press).await;
        assert_eq!(
            answer["type"], 7,
            "a choice redraws the hand in place: {answer}"
        );
        pressed.push(Press {
            label,
            from_menu: menu.is_some(),
            answer,
        });
        private = fake.message(private_id).expect("the hand message, updated");
    }
    pressed
}

/// A director plays with `/play`, taking autocomplete's first suggestion each time, until their
/// choices run out, a choice completes the round (the next round's are for later), or `limit`
/// choices are made. Returns the suggestions played, as they read.
pub async fn play_with_slash(fake: &FakeDiscord, who: &Who, limit: usize) -> Vec<String> {
    let mut played = Vec::new();
    while played.len() < limit {
        let (_, options) = ask(
            fake,
            fake.autocomplete("play", json!({"choice": ""}), "choice", who),
        )
        .await;
        assert_eq!(options["type"], 8);
        let Some(choice) = options["data"]["choices"][0]["value"].as_str() else {
            break;
        };
        let name = options["data"]["choices"][0]["name"].as_str().unwrap();
        assert!(name.contains(": "), "an option reads as its button: {name}");
        played.push(name.to_string());
        let answer = slash(fake, "play", json!({"choice": choice}), who).await;
        assert_eq!(flags(&answer), 64, "a /play answer is private: {answer}");
        assert!(
            !content(&answer).contains("is not"),
            "autocomplete offered an illegal choice: {}",
            content(&answer)
        );
        if content(&answer).contains("completed stage") {
            break;
        }
    }
    played
}
