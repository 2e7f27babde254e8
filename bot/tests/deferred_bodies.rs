//! The bodies of a deferred answer, checked against Discord's OpenAPI description: the two
//! callbacks that put an answer off (a private "thinking…" note; a button press acknowledged
//! to edit its message in place) and the edit of the original response that gives the answer.

mod common;

use commissaire::discord::deliver::Deferred;
use commissaire::discord::messages;
use commissaire_tests::spec::DiscordSpec;
use common::*;
use serde_json::Value;

const TOKEN: &str = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTpmYWtl";
const APPLICATION: u64 = 1_100_000_000_000_000_001;

fn callback_path() -> String {
    format!("/api/v10/interactions/1234567890123456789/{TOKEN}/callback")
}

fn original_path() -> String {
    format!("/api/v10/webhooks/{APPLICATION}/{TOKEN}/messages/@original")
}

#[track_caller]
fn assert_accepted(method: &str, path: &str, body: &Value) {
    let Some(spec) = DiscordSpec::for_tests() else {
        return;
    };
    if let Err(errors) = spec.validate_request(method, path, body) {
        panic!(
            "Discord would refuse this {method} {path}:\n  {}\nbody: {body:#}",
            errors.join("\n  ")
        );
    }
}

#[test]
fn a_private_deferral_is_a_type_5_callback_flagged_ephemeral() {
    let body = serde_json::to_value(Deferred::Private.response()).unwrap();
    assert_eq!(body["type"], 5, "{body}");
    assert_eq!(body["data"]["flags"], 64, "{body}");
    assert_accepted("POST", &callback_path(), &body);
}

#[test]
fn a_pressed_button_is_acknowledged_with_a_deferred_update() {
    let body = serde_json::to_value(Deferred::Update.response()).unwrap();
    assert_eq!(body["type"], 6, "{body}");
    assert_accepted("POST", &callback_path(), &body);
}

#[tokio::test]
async fn the_answer_replaces_the_deferred_note_or_the_hand_whole() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    started_tour(&s, 1, 2, 41).await;
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    let part = &messages::parts(&hand)[0];
    let body = serde_json::to_value(messages::response_edit(part)).unwrap();
    assert_eq!(body["content"], Value::String(part.text.clone()), "{body}");
    let buttons = body["components"].as_array().expect("button rows");
    assert!(
        !buttons.is_empty(),
        "the hand's buttons come with it: {body}"
    );
    // Nothing of what the deferral showed stays: no embed, no attachment.
    assert_eq!(body["embeds"], Value::Array(Vec::new()), "{body}");
    assert_eq!(body["attachments"], Value::Array(Vec::new()), "{body}");
    assert_accepted("PATCH", &original_path(), &body);
    // A spoiled copy is refused: the check bites.
    if let Some(spec) = DiscordSpec::for_tests() {
        let mut spoiled = body.clone();
        spoiled["content"] = Value::String("x".repeat(2001));
        assert!(
            spec.validate_request("PATCH", &original_path(), &spoiled)
                .is_err()
        );
    }
}
