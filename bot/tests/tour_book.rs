//! Issue 36, the tour book: the tour's last post carries `tour-book.md`, the whole tour in the
//! tour's language: each stage's winner (the stored result's), the jerseys after it and its
//! decisive moments, the final podiums (the final standings' first three) and the awards the
//! numbers support.

mod common;

use commissaire::services::{BOOK_FILE, Services, linked_files};
use commissaire::store::{results, tours};
use commissaire_messages::Language;
use common::*;
use std::collections::HashMap;

/// A tour of bots of the shipped week, ridden to its end with pictures on; the book attached to
/// its last post, the stored results, and the services with their database (kept for as long
/// as the test reads from them: dropping it removes the file).
async fn ridden(
    language: Option<Language>,
) -> (
    String,
    Vec<commissaire_engine::tour::StageResult>,
    Services,
    Db,
) {
    let db = Db::new();
    let s = Services::open(db.database(), &config_dir(), clock())
        .await
        .unwrap();
    let mut settings = settings(2, 36);
    settings.language = language;
    ok(s.create_tour(&admin(), CHANNEL, settings).await);
    let mut last = ok(s.start(&admin(), CHANNEL).await);
    let mut books = Vec::new();
    loop {
        s.draw(&mut last).await;
        for part in last.all() {
            books.extend(
                part.images
                    .iter()
                    .filter(|(name, _)| name == BOOK_FILE)
                    .map(|(_, b)| String::from_utf8(b.clone()).unwrap()),
            );
            if let Some((_, book)) = part.images.iter().find(|(name, _)| name == BOOK_FILE) {
                assert!(part.text.contains(BOOK_FILE), "{}", part.text);
                // Every picture the book links is a file of the same post, by its name, and
                // the book links every other file the post carries.
                let book = String::from_utf8(book.clone()).unwrap();
                let linked = linked_files(&book);
                let attached: Vec<&String> = part
                    .images
                    .iter()
                    .map(|(name, _)| name)
                    .filter(|name| *name != BOOK_FILE)
                    .collect();
                assert_eq!(
                    linked.iter().collect::<Vec<_>>(),
                    attached,
                    "the book's links are the post's other files, in order:\n{book}"
                );
                assert!(
                    linked.iter().any(|f| f.ends_with("-finish.png"))
                        && linked.iter().any(|f| f == "general-chart.png"),
                    "the final board and the general chart: {linked:?}"
                );
                assert!(
                    part.images.len() <= 10,
                    "Discord's 10 attachments a message"
                );
            }
        }
        match s.advance(CHANNEL).await {
            Ok(reply) => last = reply,
            Err(_) => break,
        }
    }
    assert_eq!(books.len(), 1, "one book, with the last post");
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::latest_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    let done = results::list(&mut conn, tour.id).await.unwrap();
    drop(conn);
    (books.pop().unwrap(), done, s, db)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_post_carries_the_tour_told_stage_by_stage() {
    let (book, done, s, _db) = ridden(None).await;
    let name = s.library().preset("week").unwrap().name;
    assert!(
        book.starts_with(&format!("# {name}: the tour book\n")),
        "{book}"
    );
    assert_eq!(done.len(), 7);
    let mut wins: HashMap<String, u32> = HashMap::new();
    for result in &done {
        let winner = result.riders.iter().find(|r| r.place == Some(1)).unwrap();
        *wins.entry(winner.rider.as_str().to_string()).or_default() += 1;
        let at = book
            .find(&format!("\n## Stage {}, ", result.number))
            .unwrap_or_else(|| panic!("stage {} in the book:\n{book}", result.number));
        let section = &book[at..];
        let section = &section[..section[3..].find("\n## ").map_or(section.len(), |e| e + 3)];
        assert!(
            section.contains(&format!(
                "- Won by **{}** ({})",
                winner.rider.as_str(),
                winner.team
            )),
            "{section}"
        );
        assert!(section.contains("- General classification: "), "{section}");
        // Its decisive moments: the card race names its riders across the line.
        assert!(section.contains("crosses the line!"), "{section}");
    }
    // The podium of the general classification is the final standings' first three.
    let standings = ok(s.standings_one(CHANNEL, Some("general")).await);
    let podium_at = book.find("### General classification\n\n").unwrap();
    let podium: Vec<&str> = book[podium_at..].lines().skip(2).take(3).collect();
    for (k, line) in podium.iter().enumerate() {
        assert!(line.starts_with(&format!("{}. ", k + 1)), "{line}");
        let rider = line[3..].split(" (").next().unwrap();
        assert!(
            standings.text.contains(rider),
            "{rider} in\n{}",
            standings.text
        );
    }
    // The most stage wins, counted from the results (a tie goes to the better placed).
    let most = *wins.values().max().unwrap();
    let award = book
        .lines()
        .find(|l| l.starts_with("- Most stage wins: **"))
        .unwrap_or_else(|| panic!("{book}"));
    let rider = award["- Most stage wins: **".len()..]
        .split("**")
        .next()
        .unwrap();
    assert_eq!(wins[rider], most, "{award}");
    assert!(book.contains("- The heaviest legs: **"), "{book}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_book_is_in_the_tours_language() {
    let (book, _, _, _db) = ridden(Some(Language::Fr)).await;
    assert!(book.contains(": le livre du tour\n"), "{book}");
    assert!(book.contains("\n## Étape 1, "), "{book}");
    assert!(book.contains("\n## Les podiums\n"), "{book}");
}
