//! Whole tours in French and in Dutch through the fake Discord: the card race with house rules
//! B (a road stage and a time trial on a narrow cobbled course) and Velo Master at Expert (two
//! stages of the short course), each in both languages. One director plays from the hand's
//! buttons, one with `/play`, one is on autopilot; the directors read their own language (a
//! Dutch member in a French tour reads Dutch in private), the channel the tour's.
//!
//! Every body the bot sends is checked against Discord's API description by the fake (the
//! command registration, with its localizations, among them); what the bot posts, answers and
//! edits never shows a message id of the catalogue nor a sentence of the English catalogue that
//! the others word differently.

mod common;

use common::{channel_posts, config_with_presets, hand_post, start_bot, told};

use commissaire::clock::ManualClock;
use commissaire_messages::{ENGLISH, Language, Medium};
use commissaire_tests::drive::{
    WAIT, command_id, content, flags, play_with_buttons, play_with_slash, slash,
};
use commissaire_tests::fake_discord::{FakeDiscord, MANAGE_CHANNELS, Who};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

const T0: i64 = 1_800_000_000;

/// What a language's tour is checked for.
struct Speaks {
    language: Language,
    /// The choice of `/tour create`'s language (English, French, Dutch).
    choice: u64,
    /// Discord's locale for its members.
    locale: &'static str,
    opened: &'static str,
    over: &'static str,
    autopilot_on: &'static str,
    result: &'static str,
}

const FRENCH: Speaks = Speaks {
    language: Language::Fr,
    choice: 1,
    locale: "fr",
    opened: "est ouvert",
    over: "Le tour est terminé",
    autopilot_on: "Pilote automatique activé",
    result: " : résultat**",
};

const DUTCH: Speaks = Speaks {
    language: Language::Nl,
    choice: 2,
    locale: "nl",
    opened: "is open:",
    over: "De tour is voorbij",
    autopilot_on: "Automatische piloot aan",
    result: ": uitslag**",
};

#[derive(Clone, Copy, PartialEq)]
enum Game {
    CardRace,
    VeloMaster,
}

fn config(game: Game) -> (tempfile::TempDir, &'static str) {
    match game {
        Game::CardRace => {
            let dir = config_with_presets(&[(
                "paves",
                "name = \"Paris-Pavés\"\nruleset = \"card-race\"\nrules = \"house-b\"\n\
                 [[stage]]\ncourse = \"paves-etroits\"\nkind = \"flat\"\n\
                 [[stage]]\ncourse = \"paves-etroits\"\nkind = \"time_trial\"\n",
            )]);
            std::fs::write(
                dir.path().join("courses/paves-etroits.toml"),
                "name = \"Pavés étroits\"\nlanes = 1\n\
                 [[segment]]\nterrain = \"flat\"\nlength = 8\nstart = true\n\
                 [[segment]]\nterrain = \"cobbles\"\nlength = 40\n\
                 [[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\n",
            )
            .unwrap();
            (dir, "paves")
        }
        Game::VeloMaster => {
            let stage = "[[stage]]\ncourse = \"vm-sprint-de-vic\"\nkind = \"flat\"\n";
            let preset = format!(
                "name = \"Velo Master, deux sprints\"\nruleset = \"velo-master\"\n\
                 rules = \"expert\"\nroster = [\"leader\", \"team-mate\", \"team-mate\", \
                 \"team-mate\"]\ndecision_deadline = 15\n{stage}{stage}"
            );
            (
                config_with_presets(&[("deux-sprints", &preset)]),
                "deux-sprints",
            )
        }
    }
}

/// Every string of every body the bot sent, with where it was sent.
fn everything_sent(fake: &FakeDiscord) -> Vec<(String, String)> {
    fn strings(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::String(s) => out.push(s.clone()),
            Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
            Value::Object(o) => {
                for (k, x) in o {
                    // Ids, nonces and file names are the bot's own keys, not words.
                    if !matches!(
                        k.as_str(),
                        "custom_id" | "nonce" | "filename" | "url" | "value" | "id"
                    ) {
                        strings(x, out);
                    }
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for r in fake.requests() {
        if let Some(body) = &r.json {
            let mut found = Vec::new();
            strings(body, &mut found);
            out.extend(
                found
                    .into_iter()
                    .map(|s| (format!("{} {}", r.method, r.path), s)),
            );
        }
    }
    out
}

/// No message id of the catalogue in what the bot sent, nor an unworded placeable.
fn no_raw_ids(sent: &[(String, String)]) {
    let ids: BTreeSet<&str> = ENGLISH.ids().filter(|id| id.contains('-')).collect();
    let token = regex::Regex::new(r"[a-z][a-z0-9_]*(?:-[a-z0-9_]+)+").unwrap();
    for (at, text) in sent {
        for t in token.find_iter(text) {
            assert!(
                !ids.contains(t.as_str()),
                "{at} shows the message id {}: {text}",
                t.as_str()
            );
        }
        assert!(!text.contains("{ $"), "{at}: {text}");
    }
}

/// English sentences of the catalogue that the tour's language words differently, and that must
/// therefore never reach its members (only the ones a tour of either game says).
fn no_english(sent: &[(String, String)], speaks: &Speaks) {
    let english = [
        "The tour is over",
        "Standings after stage",
        "is open:",
        "starts!",
        "Waiting for",
        "Choose my cards",
        "Choose my move",
        "Your choice completed",
        "Your move is played",
        "crosses the line",
        "General classification",
        "Done: ",
        "The bot plays for late teams",
    ];
    for (at, text) in sent {
        for e in english {
            if e == "is open:" && speaks.language == Language::Nl {
                continue;
            }
            assert!(!text.contains(e), "{at} speaks English ({e:?}): {text}");
        }
    }
}

async fn whole_tour(game: Game, speaks: Speaks, ids: (u64, u64, u64)) {
    let (guild, channel, first) = ids;
    let (admin_id, alice_id, bob_id, carol_id) = (first, first + 1, first + 2, first + 3);
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database(&dir, "commissaire.db");
    let (config, preset) = config(game);
    let clock = Arc::new(ManualClock::new(T0 + 3));
    let (stop, bot) = start_bot(&fake, guild, &database, config.path(), &clock);
    fake.wait_ready(WAIT).await;
    let member = |id, name| Who::member(id, name, guild, channel).with_locale(speaks.locale);
    let admin = member(admin_id, "jury").with_permissions(MANAGE_CHANNELS);
    let alice = member(alice_id, "alice");
    // Bob's Discord speaks the other language: his private answers are his.
    let other = if speaks.language == Language::Fr {
        "nl"
    } else {
        "fr"
    };
    let bob = member(bob_id, "bob").with_locale(other);
    // Carol's Discord speaks a language the catalogue lacks: she reads the tour's.
    let carol = member(carol_id, "carol").with_locale("de");

    // A Velo Master tour takes its language from the server's (none given); a card race's is
    // given at creation.
    let created = match game {
        Game::CardRace => {
            slash(
                &fake,
                "tour create",
                json!({"preset": preset, "teams": 3, "language": speaks.choice}),
                &admin,
            )
            .await
        }
        Game::VeloMaster => {
            let admin = admin.clone().with_guild_locale(speaks.locale);
            slash(
                &fake,
                "tour create",
                json!({"preset": preset, "teams": 3}),
                &admin,
            )
            .await
        }
    };
    assert!(content(&created).contains(speaks.opened), "{created}");
    for (who, team, colour) in [
        (&alice, "Rouges", 0),
        (&bob, "Bleus", 1),
        (&carol, "Verts", 2),
    ] {
        let joined = slash(
            &fake,
            "tour join",
            json!({"team": team, "colour": colour}),
            who,
        )
        .await;
        assert!(content(&joined).contains(team), "{joined}");
    }
    slash(&fake, "tour start", json!({}), &admin).await;
    let on = slash(&fake, "autopilot", json!({"switch": 0}), &carol).await;
    assert_eq!(flags(&on), 64);
    assert!(content(&on).contains(speaks.autopilot_on), "{on}");

    let mut pressed = Vec::new();
    let mut typed = Vec::new();
    let give_up = std::time::Instant::now() + WAIT * 20;
    while !told(&fake, channel, speaks.over) {
        assert!(
            std::time::Instant::now() < give_up,
            "the tour never ended; last post: {:?}; failures: {:#?}",
            channel_posts(&fake, channel)
                .last()
                .map(|m| content(m).to_string()),
            fake.failures()
        );
        // The post and its tour read at once: a turn's post loses its button when it ends.
        let Some(post) = hand_post(&fake, channel) else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let (tour_message, tour) = (post.id, post.tour);
        let a = play_with_buttons(&fake, &alice, tour_message, &tour, 500).await;
        let b = play_with_slash(&fake, &bob, 500).await;
        if a.is_empty() && b.is_empty() {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        pressed.extend(a);
        typed.extend(b);
    }
    assert!(
        !pressed.is_empty() && !typed.is_empty(),
        "{pressed:?} {typed:?}"
    );

    // The buttons Alice pressed read in her language, the suggestions Bob played in his.
    let (alice_words, bob_words): (&[&str], &[&str]) = match (game, speaks.language) {
        (Game::CardRace, Language::Fr) => (&["Piocher", "Garder "], &["Trekken", "Houd "]),
        (Game::CardRace, _) => (&["Trekken", "Houd "], &["Piocher", "Garder "]),
        (Game::VeloMaster, Language::Fr) => (&["Aller en ", "Avancer de "], &["Naar ", "Tot "]),
        (Game::VeloMaster, _) => (&["Naar ", "Tot "], &["Aller en ", "Avancer de "]),
    };
    assert!(
        pressed
            .iter()
            .any(|l| alice_words.iter().any(|w| l.contains(w))),
        "{pressed:?}"
    );
    assert!(
        typed
            .iter()
            .any(|l| bob_words.iter().any(|w| l.contains(w))),
        "{typed:?}"
    );
    // The channel's results and winners in the tour's language, Velo Master's jerseys by their
    // own names.
    assert!(told(&fake, channel, speaks.result));
    if game == Game::VeloMaster {
        assert!(told(&fake, channel, "Maillot Or"));
    }

    let sent = everything_sent(&fake);
    no_raw_ids(&sent);
    no_english(&sent, &speaks);
    // The round's card (an embed) reads in the tour's language.
    // It names /play by Discord's mention, with the id the registration gave it, which every
    // member's client shows in their own language (`/jouer`, `/spelen`) and as a link.
    let catalogue = speaks.language.catalogue();
    let play = format!("</play:{}>", command_id(&fake, "play", guild));
    let choose = catalogue
        .try_format(
            Medium::Discord,
            "card-choose",
            &[("deadline", 0.into()), ("play", play.as_str().into())],
        )
        .unwrap();
    let choose = choose.split("<t:").next().unwrap().to_string();
    assert!(choose.contains(&play), "{choose}");
    assert!(
        sent.iter().any(|(_, s)| s.contains(&choose)),
        "no round card in the tour's language naming {play} ({choose})"
    );
    // Nothing the bot sent writes a command out in the tour's language, where a mention can
    // stand: only a select menu's placeholder, which Discord shows as plain text, may.
    fn written_out(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::String(s) => {
                for name in [
                    "/jouer",
                    "/spelen",
                    "/main",
                    "/tour créer",
                    "/tour aanmaken",
                ] {
                    if s.contains(name) {
                        out.push(s.clone());
                    }
                }
            }
            Value::Array(a) => a.iter().for_each(|x| written_out(x, out)),
            Value::Object(o) => o
                .iter()
                .filter(|(k, _)| k.as_str() != "placeholder")
                .for_each(|(_, x)| written_out(x, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for r in fake.requests() {
        if let Some(body) = &r.json {
            written_out(body, &mut out);
        }
    }
    assert!(out.is_empty(), "commands written out: {out:#?}");

    fake.assert_clean();
    let _ = stop.send(());
    let stopped = tokio::time::timeout(WAIT, bot).await;
    assert!(matches!(stopped, Ok(Ok(Ok(())))), "{stopped:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_house_b_tour_in_french() {
    whole_tour(
        Game::CardRace,
        FRENCH,
        (
            1_100_000_000_000_000_510,
            1_200_000_000_000_000_051,
            1_300_000_000_000_000_051,
        ),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_house_b_tour_in_dutch() {
    whole_tour(
        Game::CardRace,
        DUTCH,
        (
            1_100_000_000_000_000_520,
            1_200_000_000_000_000_052,
            1_300_000_000_000_000_061,
        ),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_velo_master_tour_in_french() {
    whole_tour(
        Game::VeloMaster,
        FRENCH,
        (
            1_100_000_000_000_000_530,
            1_200_000_000_000_000_053,
            1_300_000_000_000_000_071,
        ),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_velo_master_tour_in_dutch() {
    whole_tour(
        Game::VeloMaster,
        DUTCH,
        (
            1_100_000_000_000_000_540,
            1_200_000_000_000_000_054,
            1_300_000_000_000_000_081,
        ),
    )
    .await;
}
