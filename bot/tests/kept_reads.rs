//! Issue 34: what a request reads of a tour (the tour, its teams, its stage's row and counts) is
//! kept under the channel's count of changes, so that the next request reads one statement
//! instead of six; a change of the tour by anyone, this process or another, makes the next
//! request read it again. Counted, not timed.

mod common;

use commissaire::store::Store;
use common::*;

#[tokio::test]
async fn a_question_asked_again_with_nothing_changed_is_answered_from_what_was_read() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    started_tour(&s, 2, 4, 11).await;
    let first = ok(s.hand(&player(1), CHANNEL).await);
    let hits = s.kept_read_hits();
    let again = ok(s.hand(&player(1), CHANNEL).await);
    assert_eq!(
        s.kept_read_hits(),
        hits + 2,
        "the tour and its stage's rows, both kept"
    );
    assert_eq!(again.text, first.text);
    assert_eq!(again.buttons, first.buttons);
    assert_eq!(s.kept_reads(), 1);
}

#[tokio::test]
async fn a_choice_keeps_what_it_wrote_and_the_next_request_reads_it_as_stored() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    started_tour(&s, 2, 4, 12).await;
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    ok(s.choose(&player(1), CHANNEL, &request(), offered(&hand)[0])
        .await);
    // The choice left the race as it stored it: the next question needs no read of it.
    let hits = s.kept_read_hits();
    let after = ok(s.hand(&player(1), CHANNEL).await);
    assert_eq!(s.kept_read_hits(), hits + 2);
    // And it is what a process that never saw the tour reads from the store.
    let fresh = open(&db, &clock).await;
    let stored = ok(fresh.hand(&player(1), CHANNEL).await);
    assert_eq!(after.text, stored.text);
    assert_eq!(after.buttons, stored.buttons);
}

#[tokio::test]
async fn a_change_made_by_another_process_is_read_again() {
    let db = Db::new();
    let clock = clock();
    let a = open(&db, &clock).await;
    let b = open(&db, &clock).await;
    started_tour(&a, 2, 4, 13).await;
    let before = ok(a.hand(&player(1), CHANNEL).await);
    ok(a.hand(&player(1), CHANNEL).await); // kept now
    // Player 1 chooses through the other process.
    ok(
        b.choose(&player(1), CHANNEL, &request(), offered(&before)[0])
            .await,
    );
    let hits = a.kept_read_hits();
    let after = ok(a.hand(&player(1), CHANNEL).await);
    assert_eq!(a.kept_read_hits(), hits, "the count changed: read again");
    let seen_by_b = ok(b.hand(&player(1), CHANNEL).await);
    assert_eq!(after.text, seen_by_b.text);
    assert_eq!(after.buttons, seen_by_b.buttons);
    assert_ne!(after.buttons, before.buttons, "the choice shows");
}

#[tokio::test]
async fn what_is_kept_is_let_go_at_rest_with_the_stages() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    started_tour(&s, 2, 4, 14).await;
    ok(s.hand(&player(1), CHANNEL).await);
    assert_eq!(s.kept_reads(), 1);
    s.rest(T0).await;
    s.rest(T0 + commissaire::services::REST_SECS).await;
    assert_eq!(s.kept_reads(), 0);
}

/// The debug builds' guard: a change of a tour's rows that does not count its channel's change
/// (here an `UPDATE` made behind the services' back) is caught by the next request that
/// finds the rows kept, rather than answered from rows that are no longer stored.
#[tokio::test]
#[cfg_attr(not(debug_assertions), ignore = "the check is made in debug builds")]
#[should_panic(expected = "without counting its channel's change")]
async fn a_change_that_does_not_count_is_caught_in_debug_builds() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    started_tour(&s, 2, 4, 15).await;
    ok(s.hand(&player(1), CHANNEL).await);
    uncounted_change(s.store()).await;
    let _ = s.hand(&player(1), CHANNEL).await;
}

async fn uncounted_change(store: &Store) {
    let mut tx = store.begin().await.unwrap();
    sqlx::query("UPDATE stages SET round = round + 1")
        .execute(&mut *tx)
        .await
        .unwrap();
    store.commit(tx).await.unwrap();
}

/// A change of the tour that writes none of the rows kept (the round's post remembered or
/// forgotten, a post marked delivered with it) counts its channel's change, since a choice
/// reads the round's post; what was kept at the count before it stands at its count, so the
/// next request reads one statement. Read again by a process that never saw the tour, it is
/// the same.
#[tokio::test]
async fn a_rounds_post_remembered_or_forgotten_keeps_what_was_read() {
    use commissaire::store::posts::TurnPost;
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    ok(s.create_tour(&admin(), CHANNEL, settings(2, 16)).await);
    ok(s.join(&player(1), CHANNEL, "Reds", "red").await);
    let start = ok(s.start(&admin(), CHANNEL).await);
    let opening = start
        .all()
        .into_iter()
        .find(|r| r.turn.is_some())
        .expect("the start opens the first turn's post");
    let card = opening.turn.clone().unwrap();
    let row = opening.owed.as_ref().unwrap().id;
    let post = TurnPost {
        channel_id: CHANNEL.to_string(),
        message_id: "501".to_string(),
    };
    ok(s.hand(&player(1), CHANNEL).await);
    s.remember_turn_post(&card, &post).await.unwrap();
    let hits = s.kept_read_hits();
    let after = ok(s.hand(&player(1), CHANNEL).await);
    assert_eq!(s.kept_read_hits(), hits + 2, "the tour and its stage, kept");
    s.closed_turn_post(row, &post).await.unwrap();
    let hits = s.kept_read_hits();
    let again = ok(s.hand(&player(1), CHANNEL).await);
    assert_eq!(
        s.kept_read_hits(),
        hits + 2,
        "kept through the post forgotten"
    );
    let fresh = open(&db, &clock).await;
    let stored = ok(fresh.hand(&player(1), CHANNEL).await);
    assert_eq!(after.text, stored.text);
    assert_eq!(again.text, stored.text);
    assert_eq!(again.buttons, stored.buttons);
}

/// Kept through a change only when nothing else changed since what was kept: a choice made
/// through another process in between, the post remembered after it does not carry the
/// older read, and the next request reads the tour again.
#[tokio::test]
async fn a_post_remembered_after_another_processs_choice_reads_again() {
    use commissaire::store::posts::TurnPost;
    let db = Db::new();
    let clock = clock();
    let a = open(&db, &clock).await;
    let b = open(&db, &clock).await;
    ok(a.create_tour(&admin(), CHANNEL, settings(2, 17)).await);
    ok(a.join(&player(1), CHANNEL, "Reds", "red").await);
    let start = ok(a.start(&admin(), CHANNEL).await);
    let card = start
        .all()
        .into_iter()
        .find_map(|r| r.turn.clone())
        .expect("the start opens the first turn's post");
    let before = ok(a.hand(&player(1), CHANNEL).await);
    ok(
        b.choose(&player(1), CHANNEL, &request(), offered(&before)[0])
            .await,
    );
    let post = TurnPost {
        channel_id: CHANNEL.to_string(),
        message_id: "601".to_string(),
    };
    a.remember_turn_post(&card, &post).await.unwrap();
    let hits = a.kept_read_hits();
    let after = ok(a.hand(&player(1), CHANNEL).await);
    assert_eq!(
        a.kept_read_hits(),
        hits,
        "another change came between: read again"
    );
    let seen_by_b = ok(b.hand(&player(1), CHANNEL).await);
    assert_eq!(after.buttons, seen_by_b.buttons);
    assert_ne!(after.buttons, before.buttons, "the choice shows");
}

/// The finished stages' results are kept with the tour: `/standings` asked again with nothing
/// changed reads one statement (the count), and a choice in the next stage keeps them too, as
/// it writes no result. What it shows is what a process that never saw the tour shows.
#[tokio::test]
async fn standings_asked_again_are_answered_from_the_results_kept() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    started_tour(&s, 1, 2, 18).await;
    let first_stage = ok(s.standings(CHANNEL).await);
    let mut rounds = 0;
    while ok(s.standings(CHANNEL).await).text == first_stage.text {
        play_round(&s, &player(1)).await;
        rounds += 1;
        assert!(rounds < 200, "the first stage ends");
    }
    let hits = s.kept_read_hits();
    let again = ok(s.standings(CHANNEL).await);
    assert_eq!(
        s.kept_read_hits(),
        hits + 2,
        "the tour and its results, kept"
    );
    // A choice in the next stage: the results stand at its count.
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    ok(s.choose(&player(1), CHANNEL, &request(), offered(&hand)[0])
        .await);
    let hits = s.kept_read_hits();
    let after_choice = ok(s.standings(CHANNEL).await);
    assert_eq!(s.kept_read_hits(), hits + 2, "kept through the choice");
    let fresh = open(&db, &clock).await;
    let stored = ok(fresh.standings(CHANNEL).await);
    assert_eq!(again.text, stored.text);
    assert_eq!(after_choice.text, stored.text);
}

/// A choice on a tour this process keeps takes the channel's count from what it keeps, without
/// reading it; the write checks that guess. Here another process chose in between: the guess
/// is wrong, the choice is read again under the tour's lock and counted once, what was kept is
/// let go, and the next question reads the count, so that the choice after it guesses right.
#[tokio::test]
async fn a_choice_guesses_the_count_from_what_is_kept_and_a_wrong_guess_is_read_again() {
    let db = Db::new();
    let clock = clock();
    let a = open(&db, &clock).await;
    let b = open(&db, &clock).await;
    started_tour(&a, 3, 4, 16).await;
    // Kept in a, at the count now.
    let hand1 = ok(a.hand(&player(1), CHANNEL).await);
    let hand2 = ok(b.hand(&player(2), CHANNEL).await);
    // Right: nobody changed the tour since a kept it.
    ok(
        a.choose(&player(1), CHANNEL, &request(), offered(&hand1)[0])
            .await,
    );
    assert_eq!(a.choices_reread(), 0, "the guess was right");
    // Another process chooses: a's kept count is one behind.
    let before = stored_choices(&a).await;
    ok(
        b.choose(&player(2), CHANNEL, &request(), offered(&hand2)[0])
            .await,
    );
    let hand1 = ok(b.hand(&player(1), CHANNEL).await);
    assert_eq!(a.kept_reads(), 1);
    let reply = ok(a
        .choose(&player(1), CHANNEL, &request(), offered(&hand1)[0])
        .await);
    assert!(!reply.text.contains("already counted"), "{}", reply.text);
    assert_eq!(a.choices_reread(), 1, "the wrong guess was read again");
    assert_eq!(a.kept_reads(), 0, "what was kept is let go");
    assert_eq!(
        stored_choices(&a).await,
        before + 2,
        "b's choice and a's, once each"
    );
    // Read again by a question, then guessed right.
    let hand3 = ok(a.hand(&player(3), CHANNEL).await);
    ok(
        a.choose(&player(3), CHANNEL, &request(), offered(&hand3)[0])
            .await,
    );
    assert_eq!(a.choices_reread(), 1);
    assert_eq!(stored_choices(&a).await, before + 3);
    // And what a holds is what a process that never saw the tour reads.
    let fresh = open(&db, &clock).await;
    for n in 1..=3 {
        let kept = ok(a.hand(&player(n), CHANNEL).await);
        let stored = ok(fresh.hand(&player(n), CHANNEL).await);
        assert_eq!(kept.text, stored.text);
        assert_eq!(kept.buttons, stored.buttons);
    }
}

/// A request delivered again to the process that counted it comes with what the first
/// delivery kept, at the count it took: the guess is right, and only the request's id tells the
/// two apart. Here the second delivery names an option of the director's next decision,
/// typed (no button's decision to be stale), so that the choice is legal as read: its write
/// meets the request's row and goes the long way, which answers that it was counted. Counted
/// once, on both databases.
#[tokio::test]
async fn a_request_counted_already_is_caught_by_its_write_when_the_count_is_guessed() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    started_tour(&s, 2, 4, 17).await;
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    let id = request();
    let first = ok(s.choose(&player(1), CHANNEL, &id, offered(&hand)[0]).await);
    let next = offered(&first)[0];
    let typed = commissaire::services::Pick {
        at: None,
        tour: None,
        ..next
    };
    let before = stored_choices(&s).await;
    let reply = ok(s.choose(&player(1), CHANNEL, &id, typed).await);
    assert!(
        reply
            .text
            .starts_with("This request was already counted; nothing more was done.\n"),
        "{}",
        reply.text
    );
    assert_eq!(stored_choices(&s).await, before, "counted once");
    assert_eq!(s.choices_reread(), 1, "read again under the lock");
    // The decision is still open, and taken by the next request.
    ok(s.choose(&player(1), CHANNEL, &request(), next).await);
    assert_eq!(stored_choices(&s).await, before + 1);
}

/// The status message says since when the teams still awaited are awaited: the time of the last
/// choice of an earlier turn. It is kept with the channel's reads once read, whatever the
/// count, since no choice of an earlier turn comes once a turn is played; the next turn reads
/// its own. What a process that never saw the tour reads is the same each time.
#[tokio::test]
async fn the_turns_opening_is_read_once_a_turn_for_the_status_message() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    started_tour(&s, 2, 2, 18).await;
    let first = s.status_card(CHANNEL).await.unwrap().expect("a status");
    let hits = s.kept_read_hits();
    let again = s.status_card(CHANNEL).await.unwrap().expect("a status");
    assert_eq!(again, first);
    assert_eq!(
        s.kept_read_hits(),
        hits + 4,
        "the tour, its stage's rows, its results and the turn's opening, all kept"
    );
    // A choice in the turn: the opening stands, kept through the count that moved.
    clock.advance(30);
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    ok(s.choose(&player(1), CHANNEL, &request(), offered(&hand)[0])
        .await);
    let hits = s.kept_read_hits();
    let mid = s.status_card(CHANNEL).await.unwrap().expect("a status");
    assert_eq!(mid.since, first.since);
    assert_eq!(s.kept_read_hits(), hits + 4);
    // The turn's last choice, a minute later: the next turn opened then.
    clock.advance(60);
    let closing_at = T0 + 90;
    let mut closed = false;
    for n in 1..=2 {
        for reply in play_round(&s, &player(n)).await {
            closed |= reply.text.contains("completed stage");
        }
    }
    assert!(closed, "the round closed");
    let next = s.status_card(CHANNEL).await.unwrap().expect("a status");
    assert_eq!(next.since, Some(closing_at));
    let fresh = open(&db, &clock).await;
    assert_eq!(fresh.status_card(CHANNEL).await.unwrap(), Some(next));
}
