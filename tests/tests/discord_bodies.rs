//! Every kind of body the Discord adapter builds, checked against Discord's OpenAPI description:
//! the interaction callbacks, the private follow-ups, the channel messages, the edit that ticks a
//! team off, and the command registration. The replies come from the services driving a real
//! tour (with pictures), and the bodies from the adapter's own builders, serialised as serenity
//! sends them; each test also asserts what a player relies on, and shows on a spoiled copy of
//! its body that the description does refuse what Discord would.

use commissaire::clock::ManualClock;
use commissaire::discord::messages::{self, CONTENT_LIMIT, Part};
use commissaire::discord::{commands, deliver};
use commissaire::scheduler::{Outgoing, Scheduler};
use commissaire::services::{
    Actor, ButtonAction, ButtonSpec, MAX_SEATS, Pick, Reply, ServiceError, Services, TourSettings,
    TurnCard, choice_button_id, hand_button, option_text, parse_button,
};
use commissaire_engine::registry::{Key, LabelledOption};
use commissaire_engine::tour::StageKind;
use commissaire_tests::spec::DiscordSpec;
use serde_json::{Value, json};
use serenity::all::{
    AutocompleteChoice, CreateAutocompleteResponse, CreateInteractionResponse, UserId,
};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

const T0: i64 = 1_800_000_000;
// Discord ids, as the adapter hands them to the services: reminders ping directors by them.
const CHANNEL: u64 = 1_200_000_000_000_000_002;
const STANDINGS_CHANNEL: u64 = 1_200_000_000_000_000_003;
const ALICE: u64 = 1_300_000_000_000_000_002;
const BOB: u64 = 1_300_000_000_000_000_003;
const APPLICATION: u64 = 1_100_000_000_000_000_001;
const GUILD: u64 = 1_100_000_000_000_000_100;
const MESSAGE: u64 = 1_200_000_000_000_000_099;
const TOKEN: &str = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTpmYWtl";
/// How long before the deadline the scheduler reminds late directors.
const REMINDER_LEAD: i64 = 300;

fn callback_path() -> String {
    format!("/api/v10/interactions/1234567890123456789/{TOKEN}/callback")
}

fn followup_path() -> String {
    format!("/api/v10/webhooks/{APPLICATION}/{TOKEN}")
}

fn channel_path() -> String {
    format!("/api/v10/channels/{CHANNEL}/messages")
}

fn edit_path() -> String {
    format!("/api/v10/channels/{CHANNEL}/messages/{MESSAGE}")
}

/// What the services answered along one tour, kept as plain data: the replies outlive the
/// runtime and the database that produced them, so every test reads the same ones.
struct Told {
    tour_id: i64,
    /// `start`: its public message opening round 1.
    start: Reply,
    /// Alice's hand before her first choice.
    hand: Reply,
    /// The hand again, after Alice drew a rider's cards: redrawn in place.
    drawn: Reply,
    /// Alice's last choice of the round: her team is ticked off the card.
    ticked: TurnCard,
    refusal: Reply,
    reminders: Vec<Outgoing>,
    proposal: Reply,
    /// All six classifications after a stage, with their pictures.
    standings: Reply,
    /// What `/tour create` and `/play` offer as they are typed.
    presets: Vec<(String, String, usize)>,
    open_choices: Vec<LabelledOption>,
}

fn config_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../config")
}

fn admin() -> Actor {
    Actor::admin("1300000000000000001")
}

fn alice() -> Actor {
    Actor::player(ALICE.to_string())
}

fn bob() -> Actor {
    Actor::player(BOB.to_string())
}

fn settings(seats: u8) -> TourSettings {
    TourSettings {
        preset: "week".into(),
        seats,
        turn_deadline_secs: 600,
        seed: Some(7),
        decision_deadline_secs: None,
        language: None,
    }
}

fn ok(result: Result<Reply, ServiceError>) -> Reply {
    result.unwrap_or_else(|e| panic!("the services refused: {e}"))
}

/// The first choice a hand's buttons offer, as a person would press it.
fn first_offer(hand: &Reply) -> Pick {
    hand.buttons
        .iter()
        .find_map(|b| match parse_button(&b.id)?.action {
            ButtonAction::Decide { stage, step, key } => Some(Pick {
                key,
                at: Some((stage, step)),
                tour: None,
            }),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no choice offered in {:?}", hand.text))
}

fn told() -> &'static Told {
    static TOLD: OnceLock<Told> = OnceLock::new();
    TOLD.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime")
            .block_on(drive())
    })
}

async fn drive() -> Told {
    let channel = CHANNEL.to_string();
    let ch = channel.as_str();
    let db = tempfile::tempdir().expect("a temporary folder");
    let clock = Arc::new(ManualClock::new(T0));
    let s = Arc::new(
        Services::open(&db.path().join("race.sqlite"), &config_dir(), clock.clone())
            .await
            .expect("open the services")
            .with_pictures(true),
    );
    let presets = s.library().presets();
    ok(s.create_tour(&admin(), ch, settings(3)).await);
    ok(s.join(&alice(), ch, "Reds", "red").await);
    ok(s.join(&bob(), ch, "Blues", "blue").await);
    let mut start = ok(s.start(&admin(), ch).await);
    // The services say what to draw; an adapter draws it after the commit.
    s.draw(&mut start).await;
    let tour_id = start
        .all()
        .into_iter()
        .find_map(|r| r.turn.as_ref().map(|c| c.tour_id))
        .expect("the start opens round 1");
    let refusal = match s.start(&admin(), ch).await {
        Err(e @ ServiceError::Refused(_)) => e.to_reply(),
        other => panic!("a second start should be refused, got {other:?}"),
    };
    let hand = ok(s.hand(&alice(), ch).await);
    let open_choices = s.open_choices(&alice(), ch).await.expect("open choices");

    // Both directors are late once the reminder lead is reached.
    let now = T0 + 600 - REMINDER_LEAD + 1;
    clock.set(now);
    let reminders: Vec<Outgoing> = Scheduler::new(Arc::clone(&s), REMINDER_LEAD)
        .tick(now)
        .await
        .expect("the scheduler ticks")
        .into_iter()
        .filter(|o| o.user_id.is_some())
        .collect();

    let drawn = ok(s.choose(&alice(), ch, "req-0", first_offer(&hand)).await);
    let mut last = drawn.clone();
    let mut n = 0;
    let ticked = loop {
        if let Some(card) = &last.turn_update {
            break card.clone();
        }
        n += 1;
        let request = format!("req-{n}");
        last = ok(s.choose(&alice(), ch, &request, first_offer(&last)).await);
    };

    ok(s.abandon_rider(&admin(), ch, "Blues Rouleur").await);
    let proposal = ok(s
        .propose_repechage(&admin(), ch, "Blues Rouleur", None)
        .await);
    s.store().close().await;

    Told {
        tour_id,
        start,
        hand,
        drawn,
        ticked,
        refusal,
        reminders,
        proposal,
        standings: standings_after_a_stage().await,
        presets,
        open_choices,
    }
}

/// A full field of bots rides its first stages without pictures (drawing every round costs more
/// than the rules); the standings are then asked of services that draw, as players see them.
async fn standings_after_a_stage() -> Reply {
    let channel = STANDINGS_CHANNEL.to_string();
    let db = tempfile::tempdir().expect("a temporary folder");
    let path = db.path().join("bots.sqlite");
    let clock = Arc::new(ManualClock::new(T0));
    let riding = Services::open(&path, &config_dir(), clock.clone())
        .await
        .expect("open the services")
        .with_pictures(false);
    ok(riding
        .create_tour(&admin(), &channel, settings(MAX_SEATS))
        .await);
    ok(riding.start(&admin(), &channel).await);
    // Two stages: enough riders score in every classification for the cut to bite.
    ok(riding.advance(&channel).await);
    ok(riding.advance(&channel).await);
    riding.store().close().await;
    let drawing = Services::open(&path, &config_dir(), clock)
        .await
        .expect("reopen the services")
        .with_pictures(true);
    let standings = ok(drawing.standings(&channel).await);
    drawing.store().close().await;
    standings
}

fn spec() -> Option<&'static DiscordSpec> {
    DiscordSpec::for_tests()
}

/// A builder's JSON (a macro, as the tests crate does not name serde for the bound).
macro_rules! json_of {
    ($builder:expr) => {
        serde_json::to_value(&$builder).expect("serenity's builders serialise")
    };
}

/// The `attachments` list of a message body, wherever the body keeps it.
fn attachments_mut(body: &mut Value) -> Option<&mut Vec<Value>> {
    let data = if body.get("data").is_some_and(Value::is_object) {
        &mut body["data"]
    } else {
        body
    };
    data.get_mut("attachments").and_then(Value::as_array_mut)
}

/// The body as serenity puts it on the wire. Its builders number every new file `0` until they
/// are sent; `EditAttachments::take_files` then numbers them in order (0, 1, …), the same
/// numbers as the `files[n]` parts (serenity 0.12.5, builder/create_attachment.rs). Kept files,
/// which have no `filename`, keep their ids. Nothing else changes: where a body has no
/// `allowed_mentions` (the card's edit) serenity puts the client's default, and `serve` sets none.
fn as_sent(mut body: Value) -> Value {
    if let Some(items) = attachments_mut(&mut body) {
        let new = items.iter_mut().filter(|a| a.get("filename").is_some());
        for (n, item) in new.enumerate() {
            item["id"] = json!(n);
        }
    }
    body
}

/// The names of the files serenity uploads with the body: with any, it sends
/// `multipart/form-data` and the body as its `payload_json` part.
fn new_files(body: &Value) -> Vec<String> {
    let mut body = body.clone();
    attachments_mut(&mut body)
        .map(|items| {
            items
                .iter()
                .filter_map(|a| a.get("filename")?.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn validate(spec: &DiscordSpec, method: &str, path: &str, body: &Value) -> Result<(), Vec<String>> {
    if new_files(body).is_empty() {
        spec.validate_request(method, path, body)
    } else {
        spec.validate_multipart(method, path, body)
    }
}

#[track_caller]
fn assert_accepted(method: &str, path: &str, body: &Value) {
    let Some(spec) = spec() else { return };
    if let Err(errors) = validate(spec, method, path, body) {
        panic!(
            "Discord would refuse this {method} {path}:\n  {}\nbody: {}",
            errors.join("\n  "),
            serde_json::to_string_pretty(body).unwrap_or_default()
        );
    }
}

/// The description's reasons for refusing a spoiled body, or `None` without a description.
#[track_caller]
fn refused(method: &str, path: &str, body: &Value) -> Option<Vec<String>> {
    let spec = spec()?;
    match validate(spec, method, path, body) {
        Ok(()) => panic!("the spoiled body passed: the check does not bite\nbody: {body:#}"),
        Err(errors) => Some(errors),
    }
}

#[track_caller]
fn assert_refused_at(method: &str, path: &str, body: &Value, at: &str, why: &str) {
    if let Some(errors) = refused(method, path, body) {
        assert!(
            errors.iter().any(|e| e.starts_with(at) && e.contains(why)),
            "expected a refusal at {at} mentioning {why:?}, got {errors:#?}"
        );
    }
}

/// Every button's `custom_id` in a body, in order.
fn custom_ids(body: &Value) -> Vec<String> {
    let mut out = Vec::new();
    fn walk(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(map) => {
                if let Some(Value::String(id)) = map.get("custom_id") {
                    out.push(id.clone());
                }
                map.values().for_each(|v| walk(v, out));
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    walk(body, &mut out);
    out
}

#[track_caller]
fn assert_ids_fit(body: &Value) {
    for id in custom_ids(body) {
        assert!(id.chars().count() <= 100, "custom_id over 100: {id}");
        assert!(
            parse_button(&id).is_some(),
            "a button the bot cannot read: {id}"
        );
    }
}

/// The part of a reply that opens a round.
fn opening(reply: &Reply) -> Part {
    messages::parts(reply)
        .into_iter()
        .find(|p| p.card.is_some())
        .expect("a part carries the round's card")
}

fn only_part(reply: &Reply) -> Part {
    let parts = messages::parts(reply);
    assert_eq!(parts.len(), 1, "{parts:#?}");
    parts.into_iter().next().unwrap()
}

/// The sizes of a body's action rows.
fn row_sizes(components: &Value) -> Vec<usize> {
    components
        .as_array()
        .expect("components")
        .iter()
        .map(|row| {
            assert_eq!(row["type"], 1, "{row}");
            row["components"].as_array().map_or(0, Vec::len)
        })
        .collect()
}

fn is_board(name: &str) -> bool {
    name.strip_prefix("stage-")
        .and_then(|n| n.strip_suffix("-start.png"))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

// Interaction callbacks: POST /interactions/{id}/{token}/callback.

#[test]
fn a_public_answer_with_the_board_its_button_and_the_rounds_card_is_a_valid_callback() {
    let t = told();
    let part = opening(&t.start);
    let body = as_sent(json_of!(CreateInteractionResponse::Message(
        messages::interaction_message(&part),
    )));
    assert_eq!(body["type"], 4);
    let data = &body["data"];
    assert_eq!(
        data["flags"].as_u64().unwrap_or(0) & 64,
        0,
        "public: {data}"
    );
    assert_eq!(new_files(&body), ["stage-01-start.png"]);
    assert_eq!(data["attachments"][0]["id"], 0);
    assert_eq!(data["embeds"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        data["components"][0]["components"][0]["custom_id"],
        format!("v1:{}:hand", t.tour_id)
    );
    assert_ids_fit(&body);
    assert_accepted("POST", &callback_path(), &body);

    let mut spoiled = body.clone();
    spoiled["data"]["components"][0]["components"][0]["custom_id"] = json!("v".repeat(101));
    assert_refused_at(
        "POST",
        &callback_path(),
        &spoiled,
        "/data/components/0/components/0/custom_id",
        "100",
    );
}

#[test]
fn a_hand_is_ephemeral_and_a_dozen_choices_fill_rows_of_five() {
    let t = told();
    let hand = only_part(&t.hand);
    let body = as_sent(json_of!(CreateInteractionResponse::Message(
        messages::interaction_message(&hand),
    )));
    assert_eq!(body["data"]["flags"], 64);
    assert!(!custom_ids(&body).is_empty());
    assert_ids_fit(&body);
    assert_accepted("POST", &callback_path(), &body);

    // A tour's hand offers at most four cards at a time, so a dozen choices are put on the
    // real hand's text: four keeps for each of Alice's riders, with the services' own ids and
    // labels shaped as theirs.
    assert_eq!(t.open_choices.len(), 3, "{:?}", t.open_choices);
    let dozen: Vec<ButtonSpec> = t
        .open_choices
        .iter()
        .enumerate()
        .flat_map(|(rider, o)| {
            [2, 4, 6, 9].map(|v| {
                let key = Key::new(&format!("k:{rider}:{v}")).unwrap();
                ButtonSpec {
                    id: choice_button_id(t.tour_id, 1, 1, &key),
                    label: format!("{}: Keep {v}", o.group),
                }
            })
        })
        .collect();
    let big = Reply::private(t.hand.text.clone()).with_buttons(dozen);
    let body = as_sent(json_of!(CreateInteractionResponse::Message(
        messages::interaction_message(&only_part(&big)),
    )));
    assert_eq!(body["data"]["flags"], 64);
    assert_eq!(row_sizes(&body["data"]["components"]), [5, 5, 2]);
    assert_eq!(custom_ids(&body).len(), 12);
    assert_ids_fit(&body);
    assert_accepted("POST", &callback_path(), &body);

    // A decision with more options than 25 buttons: select menus of 25, each option's value
    // the id its button would have had, as Discord takes them.
    let many: Vec<ButtonSpec> = (0..60)
        .map(|i| ButtonSpec {
            id: choice_button_id(t.tour_id, 3, 41, &Key::new(&format!("m:{i}:c{i}")).unwrap()),
            label: format!("Rider {}: Move to cell {i}", i % 4),
        })
        .collect();
    let menus = Reply::private(t.hand.text.clone()).with_buttons(many);
    let menus = as_sent(json_of!(CreateInteractionResponse::Message(
        messages::interaction_message(&only_part(&menus)),
    )));
    let rows = menus["data"]["components"].as_array().unwrap();
    assert_eq!(rows.len(), 3, "{menus}");
    assert!(rows.iter().all(|r| r["components"][0]["type"] == 3));
    assert_accepted("POST", &callback_path(), &menus);
    let mut spoiled_menu = menus.clone();
    let extra = spoiled_menu["data"]["components"][2]["components"][0]["options"][0].clone();
    for _ in 0..16 {
        spoiled_menu["data"]["components"][2]["components"][0]["options"]
            .as_array_mut()
            .unwrap()
            .push(extra.clone());
    }
    assert_refused_at(
        "POST",
        &callback_path(),
        &spoiled_menu,
        "/data/components/2/components/0/options:",
        "more than 25 items",
    );

    // Six buttons in a row is what the rows of five avoid.
    let mut spoiled = body.clone();
    let moved = spoiled["data"]["components"][1]["components"][0].clone();
    spoiled["data"]["components"][0]["components"]
        .as_array_mut()
        .unwrap()
        .push(moved);
    assert_refused_at(
        "POST",
        &callback_path(),
        &spoiled,
        "/data/components/0/components:",
        "more than 5 items",
    );
}

#[test]
fn a_choice_redraws_the_hand_in_place() {
    let t = told();
    let parts = messages::parts(&t.drawn);
    let first = parts.first().expect("the hand after drawing");
    assert!(
        first.private,
        "only the first part, private, replaces the hand"
    );
    let body = as_sent(json_of!(CreateInteractionResponse::UpdateMessage(
        messages::interaction_message(first),
    )));
    assert_eq!(body["type"], 7);
    assert!(
        custom_ids(&body)
            .iter()
            .any(|id| id.starts_with("v2:") && id.contains(":k:")),
        "the drawn cards are offered: {body}"
    );
    assert_ids_fit(&body);
    assert_accepted("POST", &callback_path(), &body);

    let mut spoiled = body.clone();
    spoiled["data"]["content"] = json!("x".repeat(CONTENT_LIMIT + 1));
    assert_refused_at("POST", &callback_path(), &spoiled, "/data/content:", "2000");
}

#[test]
fn a_refusal_is_an_ephemeral_sentence_without_buttons() {
    let t = told();
    let part = only_part(&t.refusal);
    let body = as_sent(json_of!(CreateInteractionResponse::Message(
        messages::interaction_message(&part),
    )));
    assert_eq!(body["data"]["flags"], 64);
    assert_eq!(body["data"]["content"], t.refusal.text.as_str());
    assert!(
        body["data"]["components"]
            .as_array()
            .is_none_or(Vec::is_empty),
        "{body}"
    );
    assert!(new_files(&body).is_empty());
    assert_accepted("POST", &callback_path(), &body);

    let mut spoiled = body.clone();
    spoiled["data"]["flags"] = json!("ephemeral");
    assert_refused_at(
        "POST",
        &callback_path(),
        &spoiled,
        "/data/flags:",
        "integer",
    );
}

#[test]
fn autocomplete_answers_are_valid_callbacks() {
    let t = told();
    // The shape of `commands.rs`'s `presets`, and `/play`'s own suggestions, over what the
    // services give them: the callbacks themselves need a live poise context.
    let presets: Vec<AutocompleteChoice> = t
        .presets
        .iter()
        .map(|(stem, name, stages)| {
            AutocompleteChoice::new(format!("{name} ({stages} stages)"), stem.clone())
        })
        .collect();
    let riders = commands::suggestions(&t.open_choices, "");
    assert!(!presets.is_empty() && !riders.is_empty());
    for choices in [presets, riders] {
        let body = as_sent(json_of!(CreateInteractionResponse::Autocomplete(
            CreateAutocompleteResponse::new().set_choices(choices),
        )));
        assert_eq!(body["type"], 8);
        assert!(
            body["data"]["choices"]
                .as_array()
                .is_some_and(|c| !c.is_empty() && c.len() <= 25),
            "{body}"
        );
        assert_accepted("POST", &callback_path(), &body);
    }

    // `presets` stops at 25: Discord takes no more.
    let many = (0..26)
        .map(|i| AutocompleteChoice::new(format!("Tour {i}"), format!("tour-{i}")))
        .collect();
    let spoiled = as_sent(json_of!(CreateInteractionResponse::Autocomplete(
        CreateAutocompleteResponse::new().set_choices(many),
    )));
    assert_refused_at(
        "POST",
        &callback_path(),
        &spoiled,
        "/data/choices:",
        "more than 25 items",
    );
}

// Follow-ups: POST /webhooks/{application_id}/{token}.

#[test]
fn a_private_follow_up_is_valid() {
    let t = told();
    let hand = only_part(&t.hand);
    let body = as_sent(json_of!(messages::followup(&hand)));
    assert_eq!(body["flags"], 64);
    assert_ids_fit(&body);
    assert_accepted("POST", &followup_path(), &body);

    let mut spoiled = body.clone();
    spoiled["components"][0]["components"][0]["label"] = json!("L".repeat(81));
    assert_refused_at(
        "POST",
        &followup_path(),
        &spoiled,
        "/components/0/components/0/label",
        "80",
    );
}

// Channel messages: POST /channels/{channel_id}/messages.

#[test]
fn a_rounds_opening_message_has_the_board_the_card_and_the_hand_button() {
    let t = told();
    let part = opening(&t.start);
    assert!(!part.private);
    let body = as_sent(json_of!(messages::channel_message(&part, &[])));
    let files = new_files(&body);
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(is_board(&files[0]), "{files:?}");
    assert_eq!(body["embeds"].as_array().map(Vec::len), Some(1));
    let card = &body["embeds"][0];
    assert!(
        card["title"]
            .as_str()
            .is_some_and(|title| title.ends_with(": the fictive start")),
        "{card}"
    );
    assert_eq!(
        custom_ids(&body),
        [hand_button(t.tour_id, &commissaire_engine::registry::RULESETS[0].words).id]
    );
    assert_eq!(body["components"][0]["components"][0]["style"], 1);
    assert_ids_fit(&body);
    assert_accepted("POST", &channel_path(), &body);

    let mut spoiled = body.clone();
    spoiled["embeds"][0]["title"] = json!("T".repeat(257));
    assert_refused_at("POST", &channel_path(), &spoiled, "/embeds/0/title:", "256");
}

#[test]
fn long_standings_are_cut_into_messages_discord_takes() {
    let t = told();
    let length = t.standings.text.chars().count();
    assert!(
        length > CONTENT_LIMIT,
        "the standings fit one message ({length} characters): the cut is not exercised"
    );
    let parts = messages::parts(&t.standings);
    assert!(parts.len() >= 2, "{}", parts.len());
    let pictures = t.standings.images.len();
    assert!(pictures >= 2, "{pictures} pictures");
    for (i, part) in parts.iter().enumerate() {
        // `/standings` answers with the first piece and posts the others; the scheduler posts
        // every piece of a stage's news. Either way each piece is a message of its own.
        let answer = as_sent(json_of!(CreateInteractionResponse::Message(
            messages::interaction_message(part),
        )));
        let post = as_sent(json_of!(messages::channel_message(part, &[])));
        for content in [&answer["data"]["content"], &post["content"]] {
            let content = content.as_str().unwrap_or_default();
            assert!(
                content.chars().count() <= CONTENT_LIMIT,
                "piece {i}: {}",
                content.chars().count()
            );
            assert_eq!(
                content.matches("```").count() % 2,
                0,
                "piece {i} breaks a table"
            );
        }
        let last = i + 1 == parts.len();
        let ids: Vec<Value> = post["attachments"]
            .as_array()
            .map(|a| a.iter().map(|a| a["id"].clone()).collect())
            .unwrap_or_default();
        let expected: Vec<Value> = if last {
            (0..pictures).map(|n| json!(n)).collect()
        } else {
            Vec::new()
        };
        assert_eq!(
            ids, expected,
            "piece {i}: the pictures go with the last piece, numbered"
        );
        assert_accepted("POST", &callback_path(), &answer);
        assert_accepted("POST", &channel_path(), &post);
    }

    // The whole text in one answer is what the cut avoids. (In a channel message it would
    // pass: the description allows 4000 characters there, where bots are held to 2000 and
    // serenity refuses more before sending.)
    let whole = Part {
        text: t.standings.text.clone(),
        files: Vec::new(),
        buttons: Vec::new(),
        card: None,
        private: false,
    };
    let spoiled = as_sent(json_of!(CreateInteractionResponse::Message(
        messages::interaction_message(&whole),
    )));
    assert_refused_at("POST", &callback_path(), &spoiled, "/data/content:", "2000");
}

#[test]
fn a_reminder_pings_the_late_directors_and_offers_their_hands() {
    let t = told();
    assert_eq!(t.reminders.len(), 2, "{:#?}", t.reminders);
    let (part, ping) = deliver::reminder_part(&t.reminders);
    assert_eq!(ping, [UserId::new(ALICE), UserId::new(BOB)]);
    let body = as_sent(json_of!(messages::channel_message(&part, &ping)));
    let content = body["content"].as_str().unwrap_or_default();
    assert!(
        content.contains(&format!("<@{ALICE}>")) && content.contains(&format!("<@{BOB}>")),
        "{content}"
    );
    assert_eq!(
        body["allowed_mentions"]["users"],
        json!([ALICE.to_string(), BOB.to_string()])
    );
    assert_eq!(
        custom_ids(&body),
        [hand_button(t.tour_id, &commissaire_engine::registry::RULESETS[0].words).id],
        "one hand button for all"
    );
    assert_accepted("POST", &channel_path(), &body);

    let mut spoiled = body.clone();
    spoiled["allowed_mentions"]["users"][0] = json!("alice");
    assert_refused_at(
        "POST",
        &channel_path(),
        &spoiled,
        "/allowed_mentions/users/0:",
        "does not match",
    );
}

#[test]
fn a_repechage_proposal_offers_a_green_and_a_red_ballot() {
    let t = told();
    let part = only_part(&t.proposal);
    let body = as_sent(json_of!(messages::channel_message(&part, &[])));
    assert_eq!(row_sizes(&body["components"]), [2]);
    let buttons = &body["components"][0]["components"];
    // Success is green, Danger red.
    assert_eq!(
        (buttons[0]["style"].as_u64(), buttons[1]["style"].as_u64()),
        (Some(3), Some(4))
    );
    let ids = custom_ids(&body);
    assert!(
        ids[0].ends_with(":yes") && ids[1].ends_with(":no"),
        "{ids:?}"
    );
    assert!(
        ids.iter()
            .all(|id| id.starts_with(&format!("v1:{}:vote:", t.tour_id)))
    );
    assert_ids_fit(&body);
    assert_accepted("POST", &channel_path(), &body);

    let mut spoiled = body.clone();
    spoiled["components"][0]["components"][0]["style"] = json!(9);
    assert_refused_at(
        "POST",
        &channel_path(),
        &spoiled,
        "/components/0/components/0/style:",
        "was expected",
    );
}

// Message edits: PATCH /channels/{channel_id}/messages/{message_id}.

#[test]
fn ticking_a_team_off_edits_only_the_card() {
    let t = told();
    assert!(
        t.ticked.teams[0].done && !t.ticked.teams[1].done,
        "{:?}",
        t.ticked
    );
    let body = as_sent(json_of!(messages::turn_edit(&t.ticked)));
    let keys: Vec<&String> = body.as_object().expect("an object").keys().collect();
    assert_eq!(keys, ["embeds"], "the board and the button stay as posted");
    let description = body["embeds"][0]["description"]
        .as_str()
        .unwrap_or_default();
    assert!(
        description.contains(&format!("✅ Reds · <@{ALICE}>")),
        "{description}"
    );
    assert!(
        description.contains(&format!("⏳ Blues · <@{BOB}>")),
        "{description}"
    );
    assert_accepted("PATCH", &edit_path(), &body);

    let mut spoiled = body.clone();
    spoiled["embeds"][0]["description"] = json!("d".repeat(4097));
    assert_refused_at(
        "PATCH",
        &edit_path(),
        &spoiled,
        "/embeds/0/description",
        "4096",
    );
}

// Command registration: PUT /applications/{application_id}[/guilds/{guild_id}]/commands.

fn option<'a>(command: &'a Value, name: &str) -> &'a Value {
    command["options"]
        .as_array()
        .and_then(|o| o.iter().find(|o| o["name"] == name))
        .unwrap_or_else(|| panic!("no option {name} in {command}"))
}

fn option_names(command: &Value) -> Vec<&str> {
    command["options"]
        .as_array()
        .map(|o| o.iter().filter_map(|o| o["name"].as_str()).collect())
        .unwrap_or_default()
}

/// Every description of a command and its options, with where it is.
fn descriptions(v: &Value, at: String, out: &mut Vec<(String, String)>) {
    if let Some(d) = v["description"].as_str() {
        out.push((at.clone(), d.to_string()));
    }
    for o in v["options"].as_array().into_iter().flatten() {
        let name = o["name"].as_str().unwrap_or("?");
        descriptions(o, format!("{at} {name}"), out);
    }
}

#[test]
fn the_commands_as_poise_registers_them() {
    let commands = commands::all();
    let body = json_of!(poise::builtins::create_application_commands(&commands));
    let list = body.as_array().expect("a list of commands");
    let names: Vec<&str> = list.iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(
        names,
        [
            "tour",
            "standings",
            "stage",
            "hand",
            "odds",
            "play",
            "autopilot",
            "admin"
        ]
    );
    let named = |n: &str| &list[names.iter().position(|x| *x == n).unwrap()];
    assert_eq!(
        option_names(named("tour")),
        ["create", "join", "leave", "start", "status"]
    );
    let admin = option_names(named("admin"));
    assert!(
        admin.contains(&"repechage") && admin.contains(&"close-round"),
        "{admin:?}"
    );
    assert_eq!(option(named("play"), "choice")["autocomplete"], true);
    // The tour's own classifications, not a fixed list a world cup's cup is missing from.
    let classification = option(named("standings"), "classification");
    assert_eq!(classification["autocomplete"], true, "{classification}");
    assert!(
        classification["choices"]
            .as_array()
            .is_none_or(Vec::is_empty),
        "{classification}"
    );
    assert_eq!(option(named("autopilot"), "switch")["required"], true);
    // Discord hides /admin from members without Manage Channels (bit 4) until a server grants
    // it to a role; every other command stays open to all.
    for c in list {
        let expected = if c["name"] == "admin" {
            json!("16")
        } else {
            Value::Null
        };
        assert_eq!(c["default_member_permissions"], expected, "{c}");
    }
    assert_eq!(
        option(option(named("tour"), "create"), "preset")["autocomplete"],
        true
    );
    let mut all = Vec::new();
    for c in list {
        descriptions(c, c["name"].as_str().unwrap_or("?").to_string(), &mut all);
    }
    assert!(all.len() > names.len());
    for (at, d) in &all {
        let n = d.chars().count();
        assert!(
            (1..=100).contains(&n),
            "/{at}: a description of {n} characters"
        );
    }
    for path in [
        format!("/api/v10/applications/{APPLICATION}/commands"),
        format!("/api/v10/applications/{APPLICATION}/guilds/{GUILD}/commands"),
    ] {
        assert_accepted("PUT", &path, &body);
        let mut spoiled = body.clone();
        spoiled[0]["options"][0]["description"] = json!("d".repeat(101));
        assert_refused_at("PUT", &path, &spoiled, "/0/options/0/description:", "100");
        let admin = names.iter().position(|n| *n == "admin").unwrap();
        let mut spoiled = body.clone();
        spoiled[admin]["default_member_permissions"] = json!("manage channels");
        assert_refused_at(
            "PUT",
            &path,
            &spoiled,
            &format!("/{admin}/default_member_permissions"),
            "",
        );
    }
}

/// Every command, option and choice reads in French and Dutch for members whose Discord speaks
/// them: a name (Discord's name rule: lowercase letters, digits, `-` and `_`, 1 to 32
/// characters; a choice's name 1 to 100) and a description (1 to 100) for each locale, the
/// names of one command's options apart in each language. Every word of `commands.ftl` names a
/// command, an option or a choice, and the English ones are the names the code registers.
#[test]
fn every_command_option_and_choice_speaks_french_and_dutch() {
    use commissaire_messages::ENGLISH;
    let commands = commands::all();
    let body = json_of!(poise::builtins::create_application_commands(&commands));
    let name_rule = regex::Regex::new(r"^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$").unwrap();
    let mut problems = Vec::new();
    let mut ids = std::collections::BTreeSet::new();
    // A command or option: its id, its localized name and description, its choices, its options.
    fn walk(
        v: &Value,
        id: String,
        name_rule: &regex::Regex,
        ids: &mut std::collections::BTreeSet<String>,
        problems: &mut Vec<String>,
    ) {
        ids.insert(id.clone());
        let name = v["name"].as_str().unwrap_or("?");
        if ENGLISH
            .try_format(commissaire_messages::Medium::Discord, &id, &[])
            .as_deref()
            != Ok(name)
        {
            problems.push(format!("{id}: English '{name}' is not the catalogue's"));
        }
        for locale in ["fr", "nl"] {
            match v["name_localizations"][locale].as_str() {
                Some(n) if name_rule.is_match(n) && n.to_lowercase() == n => {}
                other => problems.push(format!("{id}: {locale} name {other:?}")),
            }
            match v["description_localizations"][locale].as_str() {
                Some(d) if (1..=100).contains(&d.chars().count()) => {}
                other => problems.push(format!("{id}: {locale} description {other:?}")),
            }
        }
        for c in v["choices"].as_array().into_iter().flatten() {
            let choice = c["name"]
                .as_str()
                .unwrap_or("?")
                .to_lowercase()
                .replace(' ', "-");
            let cid = format!("{id}-{choice}");
            ids.insert(cid.clone());
            for locale in ["fr", "nl"] {
                match c["name_localizations"][locale].as_str() {
                    Some(n) if (1..=100).contains(&n.chars().count()) => {}
                    other => problems.push(format!("{cid}: {locale} choice {other:?}")),
                }
            }
        }
        let options = v["options"].as_array().cloned().unwrap_or_default();
        for locale in ["fr", "nl"] {
            let mut names: Vec<&str> = options
                .iter()
                .filter_map(|o| o["name_localizations"][locale].as_str())
                .collect();
            names.sort();
            let all = names.len();
            names.dedup();
            if names.len() != all {
                problems.push(format!("{id}: two {locale} option names alike"));
            }
        }
        for o in &options {
            let name = o["name"].as_str().unwrap_or("?");
            walk(o, format!("{id}-{name}"), name_rule, ids, problems);
        }
    }
    for c in body.as_array().unwrap() {
        let name = c["name"].as_str().unwrap();
        walk(
            c,
            format!("cmd-{name}"),
            &name_rule,
            &mut ids,
            &mut problems,
        );
    }
    assert!(problems.is_empty(), "{problems:#?}");
    let catalogue: std::collections::BTreeSet<String> = ENGLISH
        .ids()
        .filter(|id| id.starts_with("cmd-"))
        .map(String::from)
        .collect();
    assert_eq!(
        catalogue.difference(&ids).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "words of commands.ftl no command, option or choice names"
    );
    // The bodies with their localizations are ones Discord takes.
    for path in [
        format!("/api/v10/applications/{APPLICATION}/commands"),
        format!("/api/v10/applications/{APPLICATION}/guilds/{GUILD}/commands"),
    ] {
        assert_accepted("PUT", &path, &body);
        let mut spoiled = body.clone();
        spoiled[0]["name_localizations"]["fr"] = json!("n".repeat(33));
        assert_refused_at("PUT", &path, &spoiled, "/0/name_localizations/fr", "32");
    }
    // What a French member sees of /tour create.
    let tour = &body[0];
    assert_eq!(tour["name_localizations"]["fr"], "tour");
    let create = &tour["options"][0];
    assert_eq!(create["name_localizations"]["fr"], "créer");
    assert_eq!(create["name_localizations"]["nl"], "aanmaken");
    let language = create["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "language")
        .unwrap();
    assert_eq!(language["name_localizations"]["fr"], "langue");
    let french = &language["choices"][1];
    assert_eq!(french["name"], "French");
    assert_eq!(french["name_localizations"]["fr"], "Français");
    assert_eq!(french["name_localizations"]["nl"], "Frans");
}

// A phase's post (a game told phase by phase): PATCH /channels/{channel_id}/messages/{message_id}.

#[test]
fn a_phases_post_is_edited_with_its_text_board_buttons_and_card() {
    let t = told();
    let part = opening(&t.start);
    let body = as_sent(json_of!(messages::phase_edit(&part)));
    assert_eq!(body["content"], json!(part.text));
    // The new board replaces the old one: only the new file is listed, so Discord drops the
    // attachments the post had.
    assert_eq!(new_files(&body).len(), 1, "{body}");
    assert_eq!(body["attachments"].as_array().map(Vec::len), Some(1));
    assert_eq!(body["embeds"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        custom_ids(&body),
        [hand_button(t.tour_id, &commissaire_engine::registry::RULESETS[0].words).id]
    );
    assert_eq!(body["allowed_mentions"]["parse"], json!([]), "{body}");
    assert_accepted("PATCH", &edit_path(), &body);

    let mut spoiled = body.clone();
    spoiled["attachments"][0]["filename"] = json!(5);
    assert_refused_at("PATCH", &edit_path(), &spoiled, "/attachments/0", "");
}

// Every option of every game, with the longest names the bot takes.

/// Team names of the longest length `/tour join` takes (24 characters), accents included, as
/// the bot would have them: `check_team_name` lets each through unchanged.
fn longest_team_names(n: usize) -> Vec<String> {
    (0..n)
        .map(|i| {
            let name = format!("Vélo Club Mécanique N°{i:02}");
            assert_eq!(name.chars().count(), 24, "{name}");
            assert_eq!(
                commissaire::services::check_team_name(&name).ok(),
                Some(name.as_str())
            );
            name
        })
        .collect()
}

/// One option as a player meets it, and where.
struct Met {
    game: String,
    team: String,
    option: LabelledOption,
    /// Which decision of the stage offered it (counted from 0).
    decision: usize,
}

/// Rides one stage of `ruleset` under `rules` with eight teams of the longest names, each
/// decision taken at random among the options offered (a bot would leave some kinds of
/// option untried), and keeps every option offered on the way.
fn every_option_of(
    ruleset: &str,
    rules: &str,
    kind: StageKind,
    course: &str,
    seed: u64,
) -> Vec<Met> {
    use commissaire_engine::registry::{self, StageContext};
    use commissaire_engine::tour::{enter_teams, entrants_setup};
    let entry = registry::ruleset(ruleset).unwrap();
    let named = entry.rules.iter().find(|r| r.name == rules).unwrap();
    let options = (named.options)();
    let Ok(stage_options) = (entry.prepare)(&StageContext {
        number: 1,
        kind,
        rest_before: false,
        previous: None,
        options: &options,
        bots: &[],
    }) else {
        return Vec::new();
    };
    let roles = match ruleset {
        "velo-master" => json!(["leader", "team-mate", "team-mate", "team-mate"]),
        _ => json!(["rouleur", "sprinteur", "grimpeur"]),
    };
    let roster = (entry.roster)(roles.as_array().unwrap(), &options)
        .or_else(|_| (entry.roster)(&[], &options))
        .unwrap();
    // Hulst's table seats four teams at most (HT-002).
    let teams = longest_team_names(if ruleset == "hulst" { 4 } else { 8 });
    let riders = enter_teams(&teams, &roster);
    let library = commissaire::services::Library::new(&config_dir());
    let course = library.course(course).unwrap();
    let setup = entrants_setup(
        &course,
        &teams,
        &riders.iter().collect::<Vec<_>>(),
        stage_options,
    );
    let mut stage = registry::start(ruleset, &setup, seed).unwrap();
    let mut met = Vec::new();
    let mut dice = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
    for decision in 0..20_000 {
        let Some(pending) = stage.pending().into_iter().next() else {
            break;
        };
        dice = dice
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let pick = pending.options[(dice >> 33) as usize % pending.options.len()].key;
        met.extend(pending.options.into_iter().map(|option| Met {
            decision,
            game: format!("{ruleset} {rules} {kind:?}"),
            team: teams[pending.seat as usize].clone(),
            option,
        }));
        if stage.apply(pending.seat, pick.as_str()).is_err() {
            // An option the rules refuse once chosen (a bid too high): the bot's instead.
            stage.play_bot(pending.seat).unwrap();
        }
    }
    met
}

/// The kind of an option: its key's first part (`e` an entraide, `k` a kept card).
fn kind_of(option: &LabelledOption) -> &str {
    option.key.as_str().split(':').next().unwrap_or_default()
}

/// A Hulst move is two decisions, the card then the landing square: each fits Discord's 25
/// buttons (5 rows of 5), where one flat list of every card and square did not.
#[test]
fn every_hulst_move_decision_fits_the_buttons() {
    let mut most = 0;
    for (kind, seed) in [
        (StageKind::Flat, 1),
        (StageKind::Mountain, 2),
        (StageKind::TeamTimeTrial, 3),
    ] {
        let met = every_option_of("hulst", "box", kind, "hulst-vlakke-etappe", seed);
        let mut per: std::collections::BTreeMap<usize, usize> = Default::default();
        for m in met
            .iter()
            .filter(|m| ["p", "m", "c", "b"].contains(&kind_of(&m.option)))
        {
            *per.entry(m.decision).or_default() += 1;
        }
        most = most.max(per.values().copied().max().unwrap_or(0));
    }
    eprintln!("at most {most} options in a decision of a move");
    assert!(most <= 25, "{most} options: more than Discord's 25 buttons");
}

#[test]
fn every_option_of_both_games_fits_discord_with_the_longest_names() {
    let mut met = Vec::new();
    for rules in ["house-b", "house-a", "house-b-world-cup"] {
        for kind in [StageKind::Mountain, StageKind::TimeTrial] {
            met.extend(every_option_of(
                "card-race",
                rules,
                kind,
                "le-col-du-ballon",
                3,
            ));
        }
    }
    for rules in ["expert", "pro"] {
        for seed in 1..=3 {
            met.extend(every_option_of(
                "velo-master",
                rules,
                StageKind::Mountain,
                "vm-col-des-trois-cols",
                seed,
            ));
        }
    }
    for (kind, seed) in [
        (StageKind::Mountain, 1),
        (StageKind::Mountain, 2),
        (StageKind::TeamTimeTrial, 3),
    ] {
        met.extend(every_option_of(
            "hulst",
            "box",
            kind,
            "hulst-bergetappe",
            seed,
        ));
    }
    let kinds = |game: &str| -> std::collections::BTreeSet<String> {
        met.iter()
            .filter(|m| m.game.starts_with(game))
            .map(|m| kind_of(&m.option).to_string())
            .collect()
    };
    // Hulst: the cards (a move's first decision, or the move itself), the lettered squares,
    // the way back, and the team time trial's order of riders.
    let hulst = kinds("hulst");
    for kind in ["p", "m", "b", "o"] {
        assert!(
            hulst.contains(kind),
            "no Hulst option of kind {kind}: {hulst:?}"
        );
    }
    let vm = kinds("velo-master");
    // Moves (dice given, steps), entraides, accélérations and their votes.
    for kind in ["g", "m", "e", "a", "v"] {
        assert!(
            vm.contains(kind),
            "no Velo Master option of kind {kind}: {vm:?}"
        );
    }
    for rules in [
        "card-race house-b ",
        "card-race house-a ",
        "card-race house-b-world-cup ",
    ] {
        assert!(kinds(rules).len() >= 2, "{rules}: {:?}", kinds(rules));
    }

    // Each kind's longest option of each game, as a button, a menu's option and a suggestion.
    let mut longest: std::collections::BTreeMap<(String, String), &Met> = Default::default();
    for m in &met {
        let text = option_text(&m.option);
        // What every option reads, once: its rider (or team) and what it does, the rider not
        // named again, and a rider of the team that decides it.
        assert_eq!(
            text.matches(&*m.option.group).count(),
            1,
            "{}: '{text}' names its group twice",
            m.game
        );
        if m.game.starts_with("velo-master") && kind_of(&m.option) != "p" {
            assert!(
                m.option.group.starts_with(&m.team),
                "{}: '{text}' is offered to {} under another team's rider",
                m.game,
                m.team
            );
        }
        let slot = longest
            .entry((m.game.clone(), kind_of(&m.option).to_string()))
            .or_insert(m);
        if text.chars().count() > option_text(&slot.option).chars().count() {
            *slot = m;
        }
    }
    let over = met
        .iter()
        .map(|m| option_text(&m.option))
        .filter(|t| t.chars().count() > messages::CHOICE_LIMIT)
        .count();
    eprintln!(
        "{} options met, {} kinds, {over} over Discord's 100 characters before the cut",
        met.len(),
        longest.len()
    );
    for ((game, kind), m) in &longest {
        let o = &m.option;
        let what = format!("{game}, option {kind}: {}", option_text(o));
        // `/play`'s suggestions: every name and value within 100, the value the key itself.
        let choices = commands::suggestions(std::slice::from_ref(o), "");
        let body = as_sent(json_of!(CreateInteractionResponse::Autocomplete(
            CreateAutocompleteResponse::new().set_choices(choices),
        )));
        let choice = &body["data"]["choices"][0];
        let name = choice["name"].as_str().unwrap();
        assert!(
            name.chars().count() <= messages::CHOICE_LIMIT,
            "{what}: {name}"
        );
        assert!((1..=100).contains(&name.chars().count()), "{what}");
        assert_eq!(choice["value"], o.key.as_str(), "{what}");
        assert!(
            option_text(o).starts_with(name.trim_end_matches('…')),
            "{what}: {name}"
        );
        assert_accepted("POST", &callback_path(), &body);

        // A button of the hand, and the same option in a menu (a decision of 26 options).
        let button = ButtonSpec {
            id: choice_button_id(1 << 40, 21, 100_000, &o.key),
            label: option_text(o),
        };
        for count in [1, 26] {
            let part = Part {
                text: String::new(),
                files: Vec::new(),
                buttons: vec![button.clone(); count],
                card: None,
                private: true,
            };
            let mut with_text = part.clone();
            with_text.text = "x".into();
            let body = as_sent(json_of!(messages::followup(&with_text)));
            let component = &body["components"][0]["components"][0];
            let label = if count == 1 {
                component["label"].as_str().unwrap().to_string()
            } else {
                component["options"][0]["label"]
                    .as_str()
                    .unwrap()
                    .to_string()
            };
            let limit = if count == 1 {
                messages::LABEL_LIMIT
            } else {
                messages::OPTION_LABEL_LIMIT
            };
            assert!(label.chars().count() <= limit, "{what}: {label}");
            if count == 1 {
                assert_ids_fit(&body);
            } else {
                // A menu's option carries the button's id as its value.
                let value = component["options"][0]["value"].as_str().unwrap();
                assert!(value.chars().count() <= 100, "{what}: {value}");
                assert_eq!(value, button.id, "{what}");
            }
            assert_accepted("POST", &followup_path(), &body);
        }
    }
}

/// Issue 36: the tour's last post carries the tour book and the pictures it links, as the
/// adapter sends it to Discord: every file the book links is uploaded in the same message
/// under the name the link gives (so a reader who downloads the post's files together sees
/// them in the book), the message stays within Discord's 10 attachments, and Discord takes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tour_books_pictures_are_files_of_its_own_message() {
    let db = tempfile::tempdir().expect("a temporary folder");
    let clock = Arc::new(ManualClock::new(T0));
    let s = Services::open(&db.path().join("book.sqlite"), &config_dir(), clock)
        .await
        .expect("open the services")
        .with_pictures(true);
    let ch = CHANNEL.to_string();
    ok(s.create_tour(&admin(), &ch, settings(2)).await);
    let mut last = ok(s.start(&admin(), &ch).await);
    while let Ok(next) = s.advance(&ch).await {
        last = next;
    }
    s.draw(&mut last).await;
    let parts = messages::parts(&last);
    let with_book: Vec<&Part> = parts
        .iter()
        .filter(|p| {
            p.files
                .iter()
                .any(|(name, _)| name == commissaire::services::BOOK_FILE)
        })
        .collect();
    assert_eq!(with_book.len(), 1, "one message carries the book");
    let part = with_book[0];
    let post = as_sent(json_of!(messages::channel_message(part, &[])));
    let uploaded = new_files(&post);
    assert!(uploaded.len() <= 10, "{uploaded:?}");
    let (_, book) = part
        .files
        .iter()
        .find(|(name, _)| name == commissaire::services::BOOK_FILE)
        .unwrap();
    let linked = commissaire::services::linked_files(&String::from_utf8_lossy(book));
    assert!(!linked.is_empty());
    for file in &linked {
        assert!(uploaded.contains(file), "{file} is not in {uploaded:?}");
    }
    assert!(
        uploaded
            .iter()
            .any(|f| f == commissaire::services::BOOK_FILE)
    );
    assert_accepted("POST", &channel_path(), &post);
}
