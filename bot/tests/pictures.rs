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
    assert!(info.images[0].0 == "stage-1-profile.png" && is_png(&info.images[0].1));
    let replies = play_round(&s, &player(1)).await;
    let mut news = replies.last().unwrap().followups[0].clone();
    // The services say what to draw; the pictures are drawn after the commit.
    assert!(news.images.is_empty());
    assert_eq!(news.pictures.len(), 1);
    s.draw(&mut news).await;
    assert!(news.pictures.is_empty());
    assert_eq!(news.images.len(), 1, "the board after the round");
    assert_eq!(news.images[0].0, "stage-1-round-1.png");
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
