//! Issue 32, item 12: what players meet in the channel is one post a turn, from its first move
//! to its last. The post opens with the turn (a stage's first turn's post is the one that says
//! the stage starts: no second post of the same turn), each move told edits it, its last edit
//! tells how the turn ended and leaves no card nor button; the next turn gets a post of its own,
//! and a stage's result one of its own, apart from the next stage's first turn.
//!
//! Here the channel is what the owed messages make of it, as an adapter delivers them (a new
//! post, or an edit of the post of the row it names); the Discord end-to-end tests check the
//! same through the fake Discord.

mod common;

use commissaire::services::{Reply, Services, TourSettings};
use common::*;

/// One post of the channel, as its last edit left it.
#[derive(Debug, Clone)]
struct Post {
    /// The outbox row that opened it.
    row: i64,
    text: String,
    card: Option<String>,
    buttons: usize,
    /// How many times it was edited.
    edits: usize,
    /// Whether it had lines told when it was opened.
    opened_with_lines: bool,
}

#[derive(Default, Debug)]
struct Channel {
    posts: Vec<Post>,
}

impl Channel {
    /// Delivers what a reply owes the channel, in order.
    fn deliver(&mut self, reply: &Reply) {
        for r in reply.all() {
            let Some(owing) = &r.owed else { continue };
            let card = r.turn.as_ref().map(|c| c.turn.clone());
            match r.edits {
                None => self.posts.push(Post {
                    row: owing.id,
                    text: r.text.clone(),
                    card,
                    buttons: r.buttons.len(),
                    edits: 0,
                    opened_with_lines: told_lines(&r.text) > 0,
                }),
                Some(anchor) => {
                    let post = self
                        .posts
                        .iter_mut()
                        .find(|p| p.row == anchor)
                        .unwrap_or_else(|| panic!("an edit of row {anchor}, never posted"));
                    assert!(
                        r.text.starts_with(post.text.trim_end()),
                        "an edit keeps what the post told:\n{}\n---\n{}",
                        post.text,
                        r.text
                    );
                    post.text = r.text.clone();
                    post.card = card;
                    post.buttons = r.buttons.len();
                    post.edits += 1;
                }
            }
        }
    }

    fn texts(&self) -> Vec<&str> {
        self.posts.iter().map(|p| p.text.as_str()).collect()
    }
}

/// The turn titles of a text ("**Stage 1, round 3**"), continued posts' included.
fn titles(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| {
            l.strip_prefix("**Stage ")
                .and_then(|rest| rest.split_once(", "))
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
                && (l.ends_with("**") || l.ends_with("** (continued)"))
        })
        .map(str::to_string)
        .collect()
}

fn told_lines(text: &str) -> usize {
    text.lines().filter(|l| l.starts_with("- ")).count()
}

/// The checks of item 12 on a channel where stage 1 ended and stage 2 began.
fn check_one_post_a_turn(channel: &Channel) {
    let posts = &channel.posts;
    let result = posts
        .iter()
        .position(|p| p.text.starts_with("**Stage 1/") && p.text.contains(": result**"))
        .unwrap_or_else(|| panic!("no result post: {:#?}", channel.texts()));
    // The tour's first post is stage 1's first turn's: it says the stage starts, under the
    // turn's title.
    assert!(
        posts[0].text.starts_with("**Stage 1/") && posts[0].text.contains("** starts."),
        "{}",
        posts[0].text
    );
    // The result is a post of its own: no turn in it, and stage 2 starts in the next post.
    assert!(
        titles(&posts[result].text).is_empty(),
        "{}",
        posts[result].text
    );
    assert!(posts[result].card.is_none() && posts[result].buttons == 0);
    let next = &posts[result + 1];
    assert!(
        next.text.starts_with("**Stage 2/") && next.text.contains("** starts."),
        "stage 2 opens in its own post: {}",
        next.text
    );
    // Every turn post has one title, and no title is in two posts, except a post that goes on
    // where its turn's grew past one message.
    let mut seen: Vec<String> = Vec::new();
    for (i, post) in posts.iter().enumerate().filter(|(i, _)| *i != result) {
        let found = titles(&post.text);
        assert_eq!(found.len(), 1, "one title a post: {}", post.text);
        let title = &found[0];
        if let Some(base) = title.strip_suffix(" (continued)") {
            assert_eq!(
                titles(&posts[i - 1].text)[0].trim_end_matches(" (continued)"),
                base,
                "a continued post follows its turn's"
            );
        } else {
            assert!(!seen.contains(title), "{title} has two posts");
            seen.push(title.clone());
        }
        let last = i + 1 == posts.len();
        if last {
            // The turn being played: its card and the way into the hand.
            assert!(post.card.is_some() && post.buttons == 1, "{post:?}");
        } else {
            // A turn that is over: its post tells how it ended, with no card nor button.
            assert!(post.card.is_none() && post.buttons == 0, "{post:?}");
            assert!(
                told_lines(&post.text) > 0,
                "a turn's post tells its moves: {}",
                post.text
            );
        }
    }
    assert!(seen.len() > 3, "{:#?}", channel.texts());
}

#[tokio::test]
async fn item_12_the_card_race_has_a_post_a_round_from_its_first_move_to_its_last() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    let mut channel = Channel::default();
    ok(s.create_tour(&admin(), CHANNEL, settings(2, 12)).await);
    ok(s.join(&player(1), CHANNEL, "Reds", "red").await);
    channel.deliver(&ok(s.start(&admin(), CHANNEL).await));
    assert_eq!(
        channel.posts.len(),
        1,
        "the start opens the first turn's post alone"
    );
    let mut rounds = 0;
    while !channel.texts().iter().any(|t| t.starts_with("**Stage 2/")) {
        for reply in play_round(&s, &player(1)).await {
            channel.deliver(&reply);
        }
        rounds += 1;
        assert!(rounds < 60, "stage 1 never ended");
    }
    check_one_post_a_turn(&channel);
    let posts = &channel.posts;
    // A round's post opens with nothing told (its moves are played in secret) and its one edit,
    // at the reveal, tells the whole round: the last move is never in the next round's post.
    for post in posts.iter().filter(|p| titles(&p.text).len() == 1) {
        assert!(!post.opened_with_lines, "{}", post.text);
    }
    let over: Vec<&Post> = posts
        .iter()
        .filter(|p| p.card.is_none() && titles(&p.text).len() == 1)
        .collect();
    assert!(over.iter().all(|p| p.edits == 1), "{over:#?}");
    // House rules B's stage opens with its fictive start: that is the first post's turn, under
    // the stage's start and its seed's commitment.
    assert!(
        posts[0]
            .text
            .lines()
            .nth(3)
            .is_some_and(|l| l == "**Stage 1, the fictive start**"),
        "{}",
        posts[0].text
    );
}

#[tokio::test]
async fn item_12_velo_master_has_a_post_a_phase_whose_last_edit_tells_how_it_ended() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    let mut channel = Channel::default();
    let settings = TourSettings {
        preset: "velo-master-week".into(),
        ..settings(4, 12)
    };
    ok(s.create_tour(&admin(), CHANNEL, settings).await);
    ok(s.join(&player(1), CHANNEL, "Reds", "red").await);
    channel.deliver(&ok(s.start(&admin(), CHANNEL).await));
    for _ in 0..3000 {
        if channel.texts().iter().any(|t| t.starts_with("**Stage 2/")) {
            break;
        }
        choose_first(&s, &mut channel).await;
    }
    check_one_post_a_turn(&channel);
    // Each round's two phases have a post each, named so; a phase told past one message goes
    // on in posts titled "(continued)".
    let texts = channel.texts();
    for title in [
        "**Stage 1, round 1, the leaders' phase**",
        "**Stage 1, round 1, the team-mates' phase**",
        "**Stage 1, round 2, the leaders' phase**",
    ] {
        let opens = |t: &&&str| t.lines().any(|l| l == title);
        assert_eq!(texts.iter().filter(opens).count(), 1, "{title}: {texts:#?}");
    }
}

/// The director's next decision, its first option.
async fn choose_first(s: &Services, channel: &mut Channel) {
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    let Some(first) = offered(&hand).first().copied() else {
        return;
    };
    channel.deliver(&ok(s.choose(&player(1), CHANNEL, &request(), first).await));
}

/// A turn's post that a delivery edits to show no card (the turn is over, or its news goes on
/// in a new post because this one is full) is no longer the round's post: a tick-off late on
/// its way (a director chose meanwhile) finds no post to put the card back on, and the new
/// post, once delivered, is the round's. Before, a tick-off between the edit that closed a full
/// post and the delivery of the one that goes on put the card back on the closed post.
#[tokio::test]
async fn a_post_edited_without_its_card_is_no_longer_its_rounds() {
    use commissaire::store::posts::TurnPost;
    let db = Db::new();
    let s = open(&db, &clock()).await;
    ok(s.create_tour(&admin(), CHANNEL, settings(2, 12)).await);
    ok(s.join(&player(1), CHANNEL, "Reds", "red").await);
    let start = ok(s.start(&admin(), CHANNEL).await);
    let opening = start
        .all()
        .into_iter()
        .find(|r| r.turn.is_some())
        .expect("the start opens the first turn's post");
    let card = opening.turn.clone().unwrap();
    let row = opening.owed.as_ref().unwrap().id;
    let post = |message: &str| TurnPost {
        channel_id: CHANNEL.to_string(),
        message_id: message.to_string(),
    };
    ok_unit(s.remember_turn_post(&card, &post("501")).await);
    // Another message closed: the round's post stays.
    ok_unit(s.closed_turn_post(row, &post("502")).await);
    assert_eq!(s.turn_post(&card).await.unwrap(), Some(post("501")));
    // The round's post closed: forgotten, until its next post is remembered.
    ok_unit(s.closed_turn_post(row, &post("501")).await);
    assert_eq!(s.turn_post(&card).await.unwrap(), None);
    ok_unit(s.remember_turn_post(&card, &post("503")).await);
    assert_eq!(s.turn_post(&card).await.unwrap(), Some(post("503")));
    // A round that is not the one being played keeps its post: nothing edits it any more, and
    // the table still says where it was posted.
    let other = commissaire::services::TurnCard {
        round: card.round + 5,
        ..card.clone()
    };
    ok_unit(s.remember_turn_post(&other, &post("504")).await);
    ok_unit(s.closed_turn_post(row, &post("504")).await);
    assert_eq!(s.turn_post(&other).await.unwrap(), Some(post("504")));
}

fn ok_unit<E: std::fmt::Debug>(result: Result<(), E>) {
    result.expect("the store answers");
}
