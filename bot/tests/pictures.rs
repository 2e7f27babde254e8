//! With pictures on, the replies carry the PNGs the render crate draws.

mod common;

use commissaire::services::Services;
use common::*;

fn is_png(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x89PNG\r\n\x1a\n")
}

#[tokio::test]
async fn stage_info_standings_and_rounds_come_with_pictures() {
    let db = Db::new();
    let s = Services::open(&db.path(), &config_dir(), clock())
        .await
        .unwrap();
    ok(s.create_tour(&admin(), CHANNEL, settings(2, 51)).await);
    ok(s.join(&player(1), CHANNEL, "Blue", "blue").await);
    ok(s.start(&admin(), CHANNEL).await);
    let info = ok(s.stage_info(CHANNEL).await);
    assert!(
        info.text.starts_with("**Stage 1/7 of Tour de la Semaine"),
        "{}",
        info.text
    );
    assert_eq!(info.images.len(), 1);
    assert!(info.images[0].0 == "stage-01-profile.png" && is_png(&info.images[0].1));
    let replies = play_round(&s, &player(1)).await;
    let mut news = replies.last().unwrap().followups[0].clone();
    // The services say what to draw; the pictures are drawn after the commit.
    assert!(news.images.is_empty());
    assert_eq!(news.pictures.len(), 1);
    s.draw(&mut news).await;
    assert!(news.pictures.is_empty());
    assert_eq!(news.images.len(), 1, "the board after the round");
    // The week rides house rules B's fictive start before round 1 (HB-038): the stage's first
    // post, edited to tell it.
    assert!(
        news.text
            .starts_with("**Stage 1/7, Avenue Corso Paseo** starts.")
            && news.text.contains("\n**Stage 1, the fictive start**\n- "),
        "{}",
        news.text
    );
    assert_eq!(news.images[0].0, "stage-01-fictive-start.png");
    assert!(is_png(&news.images[0].1));
    ok(s.replace_by_bot(&admin(), CHANNEL, "Blue").await);
    let standings = ok(s.standings(CHANNEL).await);
    assert!(!standings.images.is_empty());
    assert!(
        standings
            .images
            .iter()
            .all(|(name, png)| name.ends_with(".png") && is_png(png))
    );
}

/// Issue 22, item 15: a round's board is named by the round its title names, padded so that a
/// folder lists round 2 before round 10: the board titled "Stage 1, round 10" is
/// `stage-01-round-10.png`, never the services' count of turns.
#[tokio::test]
async fn a_boards_file_names_the_round_its_title_names_padded() {
    let db = Db::new();
    let s = Services::open(&db.path(), &config_dir(), clock())
        .await
        .unwrap();
    ok(s.create_tour(&admin(), CHANNEL, settings(2, 51)).await);
    ok(s.join(&player(1), CHANNEL, "Blue", "blue").await);
    let mut start = ok(s.start(&admin(), CHANNEL).await);
    s.draw(&mut start).await;
    let files: Vec<String> = start
        .all()
        .iter()
        .flat_map(|r| r.images.iter().map(|(f, _)| f.clone()))
        .collect();
    assert!(
        files.contains(&"stage-01-start.png".to_string()),
        "{files:?}"
    );
    let mut names = Vec::new();
    // The week rides house rules B's fictive start (HB-038), then rounds 1, 2…
    let fictive = play_round(&s, &player(1)).await;
    let mut news = fictive.last().unwrap().followups[0].clone();
    s.draw(&mut news).await;
    assert_eq!(news.images[0].0, "stage-01-fictive-start.png");
    for round in 1..=10 {
        let replies = play_round(&s, &player(1)).await;
        let mut news = replies.last().unwrap().followups[0].clone();
        assert!(
            news.text
                .starts_with(&format!("**Stage 1, round {round}**")),
            "{}",
            news.text
        );
        s.draw(&mut news).await;
        names.push(news.images[0].0.clone());
        assert_eq!(news.images[0].0, format!("stage-01-round-{round:02}.png"));
    }
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(sorted, names, "the files sort in the order of the rounds");
}

/// Issue 34: a board asked again with nothing on it changed is not drawn again. A turn's post
/// is edited with every choice told in it, and the board it carries stays the same until the
/// turn settles: the same bytes come back without a second drawing, and a board that did
/// change is drawn.
#[tokio::test]
async fn a_board_asked_again_unchanged_is_not_drawn_again() {
    let db = Db::new();
    let s = Services::open(&db.path(), &config_dir(), clock())
        .await
        .unwrap();
    ok(s.create_tour(&admin(), CHANNEL, settings(2, 51)).await);
    ok(s.join(&player(1), CHANNEL, "Blue", "blue").await);
    ok(s.start(&admin(), CHANNEL).await);
    play_round(&s, &player(1)).await; // the fictive start (HB-038)
    let replies = play_round(&s, &player(1)).await;
    let news = replies.last().unwrap().followups[0].clone();
    let Some(commissaire::services::Picture::Board {
        tour_id,
        stage,
        choices,
        title,
        file,
    }) = news.pictures.first().cloned()
    else {
        panic!("no board: {:?}", news.pictures)
    };

    let before = s.pictures_drawn();
    let mut first = news.clone();
    s.draw(&mut first).await;
    assert_eq!(s.pictures_drawn(), before + 1);
    let mut again = news.clone();
    s.draw(&mut again).await;
    assert_eq!(s.pictures_drawn(), before + 1, "drawn once");
    assert_eq!(again.images, first.images, "the same file, the same bytes");

    // One choice more, a hand drawn: nothing moved on the board.
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    ok(s.choose(&player(1), CHANNEL, &request(), offered(&hand)[0])
        .await);
    let mut edit = news.clone();
    edit.pictures = vec![commissaire::services::Picture::Board {
        tour_id,
        stage,
        choices: choices + 1,
        title: title.clone(),
        file: file.clone(),
    }];
    s.draw(&mut edit).await;
    assert_eq!(s.pictures_drawn(), before + 1, "the board had not changed");
    assert_eq!(edit.images, first.images);

    // The next round moved the riders: that board is drawn.
    let replies = play_round(&s, &player(1)).await;
    let mut next = replies.last().unwrap().followups[0].clone();
    s.draw(&mut next).await;
    assert_eq!(s.pictures_drawn(), before + 2);
    assert_ne!(next.images, first.images);

    // `/stage` asked twice: its profile drawn once, the same bytes both times.
    let asked = ok(s.stage_info(CHANNEL).await);
    assert_eq!(s.pictures_drawn(), before + 3);
    let again = ok(s.stage_info(CHANNEL).await);
    assert_eq!(s.pictures_drawn(), before + 3, "the profile is kept");
    assert_eq!(asked.images, again.images);
    assert!(is_png(&asked.images[0].1));
}

/// Issue 35: a tour whose preset says `odds_in_posts = true` has each round's post carry the
/// stage's win chances as the public sees them, beside the board; the shipped week does not.
#[tokio::test]
async fn a_round_post_carries_the_win_chances_when_the_preset_asks() {
    let config = tempfile::tempdir().unwrap();
    copy(&config_dir(), config.path());
    let week = std::fs::read_to_string(config.path().join("tours/week.toml")).unwrap();
    std::fs::write(
        config.path().join("tours/week.toml"),
        format!("odds_in_posts = true\n{week}"),
    )
    .unwrap();
    for (dir, odds) in [(config_dir(), false), (config.path().to_path_buf(), true)] {
        let db = Db::new();
        let s = Services::open(&db.path(), &dir, clock()).await.unwrap();
        ok(s.create_tour(&admin(), CHANNEL, settings(2, 51)).await);
        ok(s.join(&player(1), CHANNEL, "Blue", "blue").await);
        ok(s.start(&admin(), CHANNEL).await);
        // The fictive start, then round 1: the post of round 1.
        play_round(&s, &player(1)).await;
        let replies = play_round(&s, &player(1)).await;
        let mut news = replies.last().unwrap().followups[0].clone();
        s.draw(&mut news).await;
        let files: Vec<&str> = news.images.iter().map(|(f, _)| f.as_str()).collect();
        if odds {
            assert_eq!(
                files,
                ["stage-01-round-01.png", "stage-01-round-01-odds.png"],
                "{}",
                news.text
            );
            let png = &news.images[1].1;
            assert!(is_png(png));
            // The IHDR's width: a picture of bars, not an empty one.
            let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
            assert!(width >= 600, "{width}");
        } else {
            assert_eq!(files, ["stage-01-round-01.png"], "{}", news.text);
        }
    }
}

fn copy(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        if path.is_dir() {
            copy(&path, &to.join(entry.file_name()));
        } else {
            std::fs::copy(&path, to.join(entry.file_name())).unwrap();
        }
    }
}
