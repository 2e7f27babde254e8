//! The outbox: what the channel is owed is written in the transaction of the change that owes
//! it, so a crash before the commit owes nothing and a crash after it still owes the post; it
//! stays owed, across a restart, until it is marked delivered with where it went.

mod common;

use commissaire::services::{ServiceError, Services};
use commissaire::store::StoreError;
use commissaire::store::posts::TurnPost;
use commissaire_engine::games::card_race::Choice;
use common::*;

/// Player 2 plays all but the closing keep of round 1; returns that keep.
async fn all_but_the_last_choice(s: &Services) -> commissaire::services::Pick {
    let p2 = player(2);
    loop {
        let hand = ok(s.hand(&p2, CHANNEL).await);
        ok(s.choose(&p2, CHANNEL, &request(), offered(&hand)[0]).await);
        let hand = ok(s.hand(&p2, CHANNEL).await);
        let next = offered(&hand);
        if hand.text.matches("cards to draw from").count() == 0
            && matches!(choice_of(&next[0]), Choice::Keep { .. })
        {
            return next[0];
        }
    }
}

#[tokio::test]
async fn a_round_close_owes_its_news_from_its_own_commit_until_it_is_delivered() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    started_tour(&s, 2, 2, 21).await;
    // The start owes round 1's card; delivered (as an adapter would), nothing is owed.
    let owed = s.undelivered().await.unwrap();
    assert_eq!(owed.len(), 1);
    assert_eq!(owed[0].reply.turn.as_ref().map(|c| c.round), Some(1));
    let start_row = owed[0].id;
    s.delivered(owed[0].id, &["100".into()], None)
        .await
        .unwrap();
    assert!(s.undelivered().await.unwrap().is_empty());

    play_round(&s, &player(1)).await;
    let last = all_but_the_last_choice(&s).await;
    assert!(
        s.undelivered().await.unwrap().is_empty(),
        "an open round owes the channel nothing"
    );

    // A crash before the commit: the round did not close, and nothing is owed for it.
    s.store().crash_before_next_commit();
    let request_id = request();
    assert!(matches!(
        s.choose(&player(2), CHANNEL, &request_id, last).await,
        Err(ServiceError::Store(StoreError::SimulatedCrash))
    ));
    assert!(s.undelivered().await.unwrap().is_empty());

    // Committed, then the process dies before posting: the reopened store still owes it, the
    // round's post edited to tell how it ended, then round 2's post with its card.
    let reply = ok(s.choose(&player(2), CHANNEL, &request_id, last).await);
    let news: Vec<&commissaire::services::Reply> = reply
        .followups
        .iter()
        .filter(|r| r.owed.is_some())
        .collect();
    assert_eq!(news.len(), 2);
    assert!(
        news[0].text.contains("Stage 1, the fictive start"),
        "{}",
        news[0].text
    );
    assert_eq!(news[0].edits, Some(start_row), "the start's post is edited");
    assert_eq!(news[0].turn, None, "a turn over keeps no card");
    drop(s);
    let s = open(&db, &clock).await.with_pictures(true);
    let owed = s.undelivered().await.unwrap();
    assert_eq!(owed.len(), 2);
    for (o, news) in owed.iter().zip(&news) {
        assert_eq!(o.channel_id, CHANNEL);
        assert_eq!(o.reply.text, news.text);
        assert_eq!(o.reply.turn, news.turn);
        assert_eq!(o.reply.owed, news.owed);
        assert_eq!(o.reply.edits, news.edits);
    }
    let o = &owed[1];
    let card = o.reply.turn.clone().expect("round 2's card");
    assert_eq!((card.stage, card.round), (1, 2));
    s.delivered(owed[0].id, &["100".into()], None)
        .await
        .unwrap();

    // Delivered with where it went: the round's post is remembered in the same step, and a
    // second delivery of the same row (a race, a restart) changes nothing.
    let post = TurnPost {
        channel_id: CHANNEL.into(),
        message_id: "200".into(),
    };
    let moved_on = s
        .delivered(o.id, &["200".into()], Some((&card, &post)))
        .await
        .unwrap();
    assert_eq!(moved_on, None, "nobody chose while it was on its way");
    assert_eq!(s.turn_post(&card).await.unwrap(), Some(post.clone()));
    assert!(s.undelivered().await.unwrap().is_empty());
    let other = TurnPost {
        channel_id: CHANNEL.into(),
        message_id: "999".into(),
    };
    s.delivered(o.id, &["999".into()], Some((&card, &other)))
        .await
        .unwrap();
    assert_eq!(s.turn_post(&card).await.unwrap(), Some(post));
}

#[tokio::test]
async fn a_card_delivered_late_is_brought_up_to_date_and_its_pictures_are_drawn_after() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await.with_pictures(true);
    ok(s.create_tour(&admin(), CHANNEL, settings(2, 22)).await);
    ok(s.join(&player(1), CHANNEL, "Reds", "red").await);
    ok(s.join(&player(2), CHANNEL, "Blues", "blue").await);
    ok(s.start(&admin(), CHANNEL).await);
    let owed = s.undelivered().await.unwrap();
    let mut opening = owed[0].reply.clone();
    let card = opening.turn.clone().unwrap();
    assert!(card.teams.iter().all(|t| !t.done));
    // What to draw is stored, not the PNG; it is drawn on demand, the same each time.
    assert!(opening.images.is_empty() && !opening.pictures.is_empty());
    s.draw(&mut opening).await;
    assert_eq!(opening.images.len(), 1);
    assert_eq!(opening.images[0].0, "stage-01-start.png");
    let mut again = owed[0].reply.clone();
    s.draw(&mut again).await;
    assert_eq!(
        again.images, opening.images,
        "drawn the same from the store"
    );

    // Player 1 plays the round before the post is marked delivered: marking it returns the
    // card as it stands now, for the adapter to edit in.
    play_round(&s, &player(1)).await;
    let post = TurnPost {
        channel_id: CHANNEL.into(),
        message_id: "300".into(),
    };
    let now = s
        .delivered(owed[0].id, &["300".into()], Some((&card, &post)))
        .await
        .unwrap()
        .expect("the card moved on");
    assert!(now.same_round(&card));
    assert!(now.teams[0].done && !now.teams[1].done, "{:?}", now.teams);
}

/// Issue 32, item 12: a channel reads its posts in the order they were owed, whichever request
/// delivers them: what a delivery finds still owed from before its own row goes first.
#[tokio::test]
async fn a_delivery_finds_what_the_channel_is_still_owed_from_before_it() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    started_tour(&s, 2, 2, 23).await;
    let start = s.undelivered().await.unwrap();
    assert_eq!(start.len(), 1);
    // Round 1 (the fictive start) closes: its post's edit, then round 2's post, both owed.
    play_round(&s, &player(1)).await;
    play_round(&s, &player(2)).await;
    let owed = s.undelivered().await.unwrap();
    let ids: Vec<i64> = owed.iter().map(|o| o.id).collect();
    assert_eq!(ids.len(), 3, "{ids:?}");
    let before = |id| {
        let s = &s;
        async move {
            s.owed_before(CHANNEL, id)
                .await
                .unwrap()
                .iter()
                .map(|o| o.id)
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(before(ids[2]).await, ids[..2]);
    assert_eq!(before(ids[0]).await, Vec::<i64>::new());
    // Another channel's rows are its own.
    assert!(s.owed_before("elsewhere", ids[2]).await.unwrap().is_empty());
    s.delivered(ids[0], &["100".into()], None).await.unwrap();
    assert_eq!(before(ids[2]).await, ids[1..2]);
}

/// Migration 0012: the lookups made before every post read their index, not the whole table
/// (whose rows' JSON bodies they used to parse one by one). The queries are the store's own, so
/// an expression changed on one side only, which the planner would no longer match, fails here.
#[tokio::test]
async fn the_lookups_before_a_post_read_their_index() {
    use sqlx::{Connection, Row};
    let db = Db::new();
    let store = commissaire::store::Store::open(db.database())
        .await
        .unwrap();
    let mut conn = store.read().await.unwrap();
    let postgres = matches!(db.database(), commissaire::store::Database::Postgres(_));
    let mut tx = (*conn).begin().await.unwrap();
    if postgres {
        // An empty table is read whole more cheaply than through any index: the check is that
        // the index can serve the query, so the planner is asked to avoid a whole read.
        sqlx::query("SET LOCAL enable_seqscan = off")
            .execute(&mut *tx)
            .await
            .unwrap();
    }
    for (index, sql, texts) in commissaire::store::outbox::indexed_lookups(&tx) {
        let explain = if postgres {
            "EXPLAIN"
        } else {
            "EXPLAIN QUERY PLAN"
        };
        let mut query = sqlx::query(sqlx::AssertSqlSafe(format!("{explain} {sql}")));
        for &text in texts {
            query = if text {
                query.bind("1")
            } else {
                query.bind(1_i64)
            };
        }
        let plan: Vec<String> = query
            .fetch_all(&mut *tx)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
            .iter()
            .map(|r| r.get::<String, _>(if postgres { 0 } else { 3 }))
            .collect();
        let plan = plan.join("\n");
        assert!(
            plan.contains(index) && !plan.contains("SCAN outbox") && !plan.contains("Seq Scan"),
            "{sql}\nreads:\n{plan}"
        );
    }
    tx.rollback().await.unwrap();
}
