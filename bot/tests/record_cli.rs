//! Issue 35 through the real binary: `commissaire export` writes a tour's file, `verify` says
//! stage by stage that it checks out (exit 0) or names the tampering (exit 1), in the language
//! asked for, and `import` puts a tour under way into another database, where it goes on.

mod common;

use commissaire::services::Services;
use commissaire::store::tours;
use common::*;
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn commissaire(database: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_commissaire"))
        .arg("--config")
        .arg(config_dir())
        .args(args)
        .env("COMMISSAIRE_DATABASE", database)
        .env_remove("DATABASE_URL")
        .output()
        .expect("run commissaire")
}

fn said(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

async fn services(database: &Path) -> Services {
    Services::open(database, &config_dir(), clock())
        .await
        .unwrap()
        .with_pictures(false)
}

/// Changes the face of the first die in `v`.
fn change_a_die(v: &mut Value) -> bool {
    match v {
        Value::Object(map) if map.contains_key("sides") && map.contains_key("face") => {
            let sides = map["sides"].as_u64().unwrap();
            let face = map["face"].as_u64().unwrap();
            map["face"] = Value::from(face % sides + 1);
            true
        }
        Value::Object(map) => map.values_mut().any(change_a_die),
        Value::Array(items) => items.iter_mut().any(change_a_die),
        _ => false,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_verify_and_import_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = (dir.path().join("first.db"), dir.path().join("second.db"));
    {
        let s = services(&first).await;
        let mut settings = settings(2, 3);
        settings.preset = "velo-master-debutant".into();
        ok(s.create_tour(&admin(), CHANNEL, settings).await);
        ok(s.start(&admin(), CHANNEL).await);
        ok(s.advance(CHANNEL).await);
        s.store().close().await;
    }

    // The file anyone may check: a tour of bots rides a stage a call, so stages 1 and 2 are
    // over and stage 3 is sealed.
    let public = dir.path().join("tour.json");
    let out = commissaire(
        &first,
        &[
            "export",
            "--channel",
            CHANNEL,
            "--out",
            public.to_str().unwrap(),
        ],
    );
    assert!(out.status.success(), "{}", said(&out));
    assert!(said(&out).contains("(3 stages)"), "{}", said(&out));
    let out = commissaire(&first, &["verify", public.to_str().unwrap()]);
    assert!(out.status.success(), "{}", said(&out));
    let report = said(&out);
    assert!(report.contains("Stage 1 ("), "{report}");
    assert!(report.contains("gives the commitment"), "{report}");
    assert!(
        report.contains("under way: its seed stays sealed"),
        "{report}"
    );
    assert!(report.contains("The file checks out"), "{report}");
    let out = commissaire(
        &first,
        &["verify", "--lang", "fr", public.to_str().unwrap()],
    );
    assert!(said(&out).contains("Étape 1 ("), "{}", said(&out));

    // A die of stage 1 changed: named, and the exit status says so.
    let mut file: Value = serde_json::from_slice(&std::fs::read(&public).unwrap()).unwrap();
    let events = file["stages"][0]["events"].as_array_mut().unwrap();
    assert!(events.iter_mut().any(|e| change_a_die(&mut e["event"])));
    let tampered = dir.path().join("tampered.json");
    std::fs::write(&tampered, serde_json::to_string(&file).unwrap()).unwrap();
    let out = commissaire(&first, &["verify", tampered.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", said(&out));
    assert!(said(&out).contains("TAMPERED: event"), "{}", said(&out));
    assert!(said(&out).contains("does not check out"), "{}", said(&out));

    // The public file cannot move a tour under way; the operator's file with its secrets can.
    let out = commissaire(&second, &["import", public.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", said(&out));
    assert!(said(&out).contains("--secrets"), "{}", said(&out));
    let secrets = dir.path().join("secrets.json");
    let out = commissaire(
        &first,
        &[
            "export",
            "--channel",
            CHANNEL,
            "--secrets",
            "--out",
            secrets.to_str().unwrap(),
        ],
    );
    assert!(out.status.success(), "{}", said(&out));
    let out = commissaire(&second, &["import", secrets.to_str().unwrap()]);
    assert!(out.status.success(), "{}", said(&out));
    assert!(
        said(&out).contains("goes on where it stood"),
        "{}",
        said(&out)
    );

    // It goes on in the second database, to its end.
    let s = services(&second).await;
    let mut calls = 0;
    loop {
        let mut conn = s.store().read().await.unwrap();
        let tour = tours::latest_in_channel(&mut conn, CHANNEL)
            .await
            .unwrap()
            .unwrap();
        drop(conn);
        if tour.status == tours::TourStatus::Finished {
            break;
        }
        ok(s.advance(CHANNEL).await);
        calls += 1;
        assert!(calls < 10, "the tour ends");
    }
    s.store().close().await;
    let done = dir.path().join("done.json");
    let out = commissaire(
        &second,
        &[
            "export",
            "--channel",
            CHANNEL,
            "--out",
            done.to_str().unwrap(),
        ],
    );
    assert!(out.status.success(), "{}", said(&out));
    let out = commissaire(&second, &["verify", done.to_str().unwrap()]);
    assert!(out.status.success(), "{}", said(&out));
    assert!(
        said(&out).contains("every one of the 3 stages replayed"),
        "{}",
        said(&out)
    );
}

/// Issue 36: `commissaire render --animate` draws a stored tour's finished stage as the GIF its
/// channel was posted (`stage-NN-replay.gif`), by the tour's id or its channel; a stage not
/// finished is refused with what to ask instead.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn render_animates_a_finished_stage_of_a_stored_tour() {
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("tour.db");
    let id = {
        let s = services(&database).await;
        let mut settings = settings(2, 3);
        settings.preset = "velo-master-debutant".into();
        ok(s.create_tour(&admin(), CHANNEL, settings).await);
        ok(s.start(&admin(), CHANNEL).await);
        let mut conn = s.store().read().await.unwrap();
        let id = tours::latest_in_channel(&mut conn, CHANNEL)
            .await
            .unwrap()
            .unwrap()
            .id;
        drop(conn);
        s.store().close().await;
        id
    };
    let out_dir = dir.path().join("gif-out");
    let out = commissaire(
        &database,
        &[
            "render",
            "--animate",
            "--tour",
            &id.to_string(),
            "--stage",
            "1",
            "--out",
            out_dir.to_str().unwrap(),
        ],
    );
    assert!(out.status.success(), "{}", said(&out));
    let gif = std::fs::read(out_dir.join("stage-01-replay.gif")).unwrap();
    assert!(gif.starts_with(b"GIF89a"), "a GIF");
    // The same stage by its channel gives the same bytes; a stage still to ride is refused.
    let again = dir.path().join("again-out");
    let out = commissaire(
        &database,
        &[
            "render",
            "--animate",
            "--channel",
            CHANNEL,
            "--stage",
            "1",
            "--out",
            again.to_str().unwrap(),
        ],
    );
    assert!(out.status.success(), "{}", said(&out));
    assert_eq!(
        std::fs::read(again.join("stage-01-replay.gif")).unwrap(),
        gif
    );
    let out = commissaire(
        &database,
        &[
            "render",
            "--animate",
            "--channel",
            CHANNEL,
            "--stage",
            "3",
            "--out",
            again.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", said(&out));
    assert!(
        said(&out).contains("stage 3 has not finished"),
        "{}",
        said(&out)
    );
}
