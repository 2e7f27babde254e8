//! A game told phase by phase (Velo Master: a slot a director, one after another) gets one
//! channel post a phase, which every later choice of the phase edits in place; the card race
//! gets one post a round, opened with the round and edited when it ends (issue 32, item 12).
//! What is edited is decided where the news is owed, so a restart in the middle of a phase goes
//! on editing the same post.

mod common;

use commissaire::services::{Reply, Services, TourSettings};
use common::*;

/// An owed public message: (outbox id, the row whose post it edits, text, whether it still
/// carries the turn's card or buttons).
type OwedPost = (i64, Option<i64>, String, bool);

/// The owed public messages of a reply.
fn owed(reply: &Reply) -> Vec<OwedPost> {
    reply
        .all()
        .into_iter()
        .filter_map(|r| {
            let live = r.turn.is_some() || !r.buttons.is_empty();
            r.owed
                .as_ref()
                .map(|o| (o.id, r.edits, r.text.clone(), live))
        })
        .collect()
}

async fn velo_master_tour(s: &Services) {
    let settings = TourSettings {
        preset: "velo-master-week".into(),
        ..settings(4, 12)
    };
    ok(s.create_tour(&admin(), CHANNEL, settings).await);
    ok(s.join(&player(1), CHANNEL, "Reds", "red").await);
    ok(s.start(&admin(), CHANNEL).await);
}

/// The director's next decision, first option first; the owed messages it produced.
async fn choose_first(s: &Services) -> Vec<OwedPost> {
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    let first = *offered(&hand)
        .first()
        .expect("the director owes a decision");
    owed(&ok(s.choose(&player(1), CHANNEL, &request(), first).await))
}

#[tokio::test]
async fn a_phase_is_one_post_edited_by_each_choice_and_a_restart_keeps_editing_it() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    velo_master_tour(&s).await;

    // Every owed message either opens a post or edits one opened before, and an edit's text
    // is the post's text so far with the new news after it. The start opened the first
    // phase's post, which the first choices edit (issue 32, item 12).
    let start = s.undelivered().await.unwrap();
    assert_eq!(start.len(), 1);
    let mut posts: Vec<(i64, String)> = vec![(start[0].id, start[0].reply.text.clone())];
    let mut edits = 0;
    let mut owed_count = 0;
    for _ in 0..40 {
        for (id, anchor, text, live) in choose_first(&s).await {
            owed_count += 1;
            match anchor {
                None => posts.push((id, text)),
                Some(anchor) => {
                    edits += 1;
                    let (open, before) = posts.last_mut().expect("an edit follows its post");
                    assert_eq!(anchor, *open, "an edit continues the latest post");
                    if text == *before {
                        // A post about to outgrow one message is closed as it stands: the
                        // edit takes its card and buttons away, and the news goes on in a
                        // new post.
                        assert!(!live, "a closing edit leaves no card nor button");
                    } else {
                        assert!(
                            text.starts_with(before.trim_end()) && text.len() > before.len(),
                            "an edit keeps the phase's news and adds to it:\n{before}\n---\n{text}"
                        );
                    }
                    *before = text;
                }
            }
        }
    }
    assert!(edits > 10, "{edits} edits of {owed_count} messages");
    assert!(
        posts.len() * 3 < owed_count,
        "{} posts for {owed_count} messages",
        posts.len()
    );
    // A phase's post begins with the phase's title, so a post is a phase.
    assert!(
        posts
            .iter()
            .skip(1)
            .all(|(_, t)| t.starts_with("**Stage 1, ")),
        "{:#?}",
        posts
    );

    // Stop in the middle of a phase: the next choice, made after a restart, edits the same
    // post, found from the store.
    let open_post = loop {
        let got = choose_first(&s).await;
        if let Some((_, Some(anchor), _, _)) = got.last() {
            break *anchor;
        }
    };
    drop(s);
    let s = open(&db, &clock).await;
    let after = loop {
        let got = choose_first(&s).await;
        if let Some(first) = got.into_iter().next() {
            break first;
        }
    };
    assert!(
        after.1 == Some(open_post) || after.2.starts_with("**Stage 1, "),
        "after the restart the phase's post is edited: {after:?}"
    );
}

#[tokio::test]
async fn the_card_race_has_a_post_a_round_edited_when_it_ends() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    started_tour(&s, 2, 2, 3).await;
    let opening = s.undelivered().await.unwrap();
    assert_eq!(opening.len(), 1);
    let mut open_post = opening[0].id;
    for _ in 0..3 {
        let mut owed_now = Vec::new();
        for who in [player(1), player(2)] {
            for reply in play_round(&s, &who).await {
                owed_now.extend(owed(&reply));
            }
        }
        // The round's end: its post edited (the round told, no card left), then the next
        // round's post, opened with nothing told yet.
        assert_eq!(owed_now.len(), 2, "{owed_now:#?}");
        let (edit, next) = (&owed_now[0], &owed_now[1]);
        assert_eq!(edit.1, Some(open_post), "the round's own post is edited");
        assert!(edit.2.lines().any(|l| l.starts_with("- ")), "{}", edit.2);
        assert_eq!(next.1, None, "the next round opens a post");
        assert!(
            next.2.starts_with("**Stage 1, ") && !next.2.contains("\n- "),
            "{}",
            next.2
        );
        open_post = next.0;
    }
}
