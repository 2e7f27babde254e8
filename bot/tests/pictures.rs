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
