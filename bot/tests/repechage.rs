//! Repêchage votes through the services (VM-085, ruling A-48, test vector TV-39): who proposes,
//! who votes, when the vote closes, and what a rider voted back gets.

mod common;

use commissaire::scheduler::Scheduler;
use commissaire::services::{ButtonAction, Reply, Services, parse_button};
use commissaire::store::votes::{self, VoteStatus};
use commissaire::store::{results, riders, stages, tours};
use commissaire_engine::games::card_race::tour::grand_tour::{TourOptions, stage_times, standings};
use commissaire_engine::tour::{Outcome, RiderKey};
use common::*;
use std::sync::Arc;

async fn tour_id(s: &Services) -> i64 {
    let mut conn = s.store().read().await.unwrap();
    tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap()
        .id
}

async fn current_stage(s: &Services) -> u32 {
    let mut conn = s.store().read().await.unwrap();
    tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .map_or(0, |t| t.current_stage)
}

/// An admin closes rounds (the bot plays for everyone late) until the stage being raced ends.
async fn finish_stage(s: &Services) {
    let stage = current_stage(s).await;
    while current_stage(s).await == stage {
        ok(s.close_turn(&admin(), CHANNEL).await);
    }
}

/// Four teams directed by players 1 to 4 ("Team 1"…"Team 4"), stage 1 finished, stage 2 begun.
async fn four_directors_in_stage_2(s: &Services, seed: u64) {
    started_tour(s, 4, 4, seed).await;
    finish_stage(s).await;
    assert_eq!(current_stage(s).await, 2);
}

/// The player directing the team whose rider won the last finished stage.
async fn winners_director(s: &Services) -> u32 {
    let mut conn = s.store().read().await.unwrap();
    let done = results::list(&mut conn, tour_id(s).await).await.unwrap();
    let winner = done
        .last()
        .unwrap()
        .riders
        .iter()
        .find(|r| r.place == Some(1))
        .unwrap();
    winner.team.trim_start_matches("Team ").parse().unwrap()
}

/// The vote a proposal's buttons are for, after checking they offer yes and no.
fn vote_id(proposal: &Reply) -> i64 {
    let actions: Vec<_> = proposal
        .buttons
        .iter()
        .map(|b| parse_button(&b.id).map(|p| p.action))
        .collect();
    match actions.as_slice() {
        [
            Some(ButtonAction::Vote {
                vote_id: a,
                yes: true,
            }),
            Some(ButtonAction::Vote {
                vote_id: b,
                yes: false,
            }),
        ] if a == b => *a,
        other => panic!("expected yes and no buttons, got {other:?}"),
    }
}

async fn vote_row(s: &Services, id: i64) -> votes::VoteRow {
    let mut conn = s.store().read().await.unwrap();
    votes::get(&mut conn, id).await.unwrap().unwrap()
}

/// Abandons `rider` and opens a vote on it, returning the vote's id.
async fn abandon_and_propose(s: &Services, rider: &str, window: Option<i64>) -> (i64, Reply) {
    ok(s.abandon_rider(&admin(), CHANNEL, rider).await);
    let proposal = ok(s.propose_repechage(&admin(), CHANNEL, rider, window).await);
    (vote_id(&proposal), proposal)
}

/// Everyone but the winner's directeur and `other_yes`, in order.
fn others(winner: u32, other_yes: u32) -> Vec<u32> {
    (1..=4).filter(|&p| p != winner && p != other_yes).collect()
}

#[tokio::test]
async fn vm_085_tv_39_tie_goes_to_the_stage_winners_directeur_voting_yes() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    four_directors_in_stage_2(&s, 51).await;
    let w = winners_director(&s).await;
    let (id, proposal) = abandon_and_propose(&s, "Team 1 Grimpeur", None).await;
    assert!(!proposal.private);
    assert!(
        proposal.text.contains(&format!(
            "on a tie, the directeur of the last stage winner's team has one more vote (now Team {w})."
        )),
        "{}",
        proposal.text
    );
    assert_eq!(proposal.buttons[0].label, "Yes, bring back Team 1 Grimpeur");
    assert_eq!(proposal.buttons[1].label, "No");

    let yes2 = (1..=4).find(|&p| p != w).unwrap();
    let no = others(w, yes2);
    ok(s.vote(&player(w), CHANNEL, id, true).await);
    ok(s.vote(&player(yes2), CHANNEL, id, true).await);
    let reply = ok(s.vote(&player(no[0]), CHANNEL, id, false).await);
    assert!(
        reply.followups.is_empty(),
        "one directeur has still to vote"
    );
    let last = ok(s.vote(&player(no[1]), CHANNEL, id, false).await);
    assert!(last.private);
    assert_eq!(
        last.text,
        "You voted no. Yours was the last vote: the vote is closed."
    );
    let result = &last.followups[0];
    assert!(!result.private);
    assert!(
        result.text.starts_with(&format!(
            "**Repêchage of Team 1 Grimpeur**: 3 yes, 2 no, with the extra vote of the \
             directeur of Team {w}, whose rider won stage 1. Team 1 Grimpeur is brought back: it starts \
             stage 3"
        )),
        "{}",
        result.text
    );
    let row = vote_row(&s, id).await;
    assert_eq!(row.status, VoteStatus::Passed);
    assert_eq!(
        (row.yes_votes, row.no_votes, row.extra_vote),
        (Some(3), Some(2), Some(true))
    );
    assert_eq!(row.rejoins_stage, Some(3));
}

#[tokio::test]
async fn tv_39_the_stage_winners_directeur_among_the_no_keeps_the_rider_out() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    four_directors_in_stage_2(&s, 52).await;
    let w = winners_director(&s).await;
    let (id, _) = abandon_and_propose(&s, "Team 2 Rouleur", None).await;
    let no2 = (1..=4).find(|&p| p != w).unwrap();
    let yes = others(w, no2);
    ok(s.vote(&player(yes[0]), CHANNEL, id, true).await);
    ok(s.vote(&player(yes[1]), CHANNEL, id, true).await);
    ok(s.vote(&player(no2), CHANNEL, id, false).await);
    let last = ok(s.vote(&player(w), CHANNEL, id, false).await);
    let text = &last.followups[0].text;
    assert!(
        text.starts_with(&format!(
            "**Repêchage of Team 2 Rouleur**: 2 yes, 3 no, with the extra vote of the \
             directeur of Team {w}"
        )),
        "{text}"
    );
    assert!(
        text.ends_with("Team 2 Rouleur stays out of the race."),
        "{text}"
    );
    assert_eq!(vote_row(&s, id).await.status, VoteStatus::Failed);
    // The directeurs' answer stands: no second vote on the same rider for the same stage.
    assert_eq!(
        refusal(
            s.propose_repechage(&admin(), CHANNEL, "Team 2 Rouleur", None)
                .await
        ),
        "the directeurs sportifs already voted Team 2 Rouleur out for stage 2: their answer stands"
    );
    // Voting after the close says what was decided.
    assert_eq!(
        refusal(s.vote(&player(1), CHANNEL, id, true).await),
        format!(
            "this vote is closed: 2 yes, 3 no, with the extra vote of the directeur of Team {w}, \
             whose rider won stage 1. Team 2 Rouleur stays out of the race."
        )
    );
}

#[tokio::test]
async fn a_48_a_directeur_may_change_their_vote_until_it_closes() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    four_directors_in_stage_2(&s, 53).await;
    let (id, _) = abandon_and_propose(&s, "Team 3 Sprinteur", None).await;
    let reply = ok(s.vote(&player(1), CHANNEL, id, false).await);
    assert!(reply.private);
    assert_eq!(
        reply.text,
        "You voted no. You can change your vote until it closes."
    );
    let reply = ok(s.vote(&player(1), CHANNEL, id, true).await);
    assert_eq!(
        reply.text,
        "You voted yes. You can change your vote until it closes."
    );
    ok(s.vote(&player(2), CHANNEL, id, true).await);
    ok(s.vote(&player(3), CHANNEL, id, true).await);
    // Player 1 changed their mind: three ballots of four, and the vote still open.
    assert_eq!(vote_row(&s, id).await.status, VoteStatus::Open);
    let last = ok(s.vote(&player(4), CHANNEL, id, false).await);
    assert!(
        last.followups[0].text.contains(": 3 yes, 1 no. "),
        "{}",
        last.followups[0].text
    );
    assert!(
        refusal(s.vote(&player(4), CHANNEL, id, true).await).starts_with("this vote is closed: ")
    );
}

#[tokio::test]
async fn vm_085_only_the_directeurs_sportifs_vote_and_only_an_admin_proposes() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    four_directors_in_stage_2(&s, 54).await;
    ok(s.abandon_rider(&admin(), CHANNEL, "Team 4 Rouleur").await);
    assert_eq!(
        refusal(
            s.propose_repechage(&player(4), CHANNEL, "Team 4 Rouleur", None)
                .await
        ),
        "only an admin can propose a repêchage"
    );
    let proposal = ok(s
        .propose_repechage(&admin(), CHANNEL, "Team 4 Rouleur", None)
        .await);
    let id = vote_id(&proposal);
    // The admin directs no team, and a stranger even less: neither votes.
    for who in [admin(), player(9)] {
        assert_eq!(
            refusal(s.vote(&who, CHANNEL, id, true).await),
            "only the directeurs sportifs of this tour vote on a repêchage, and you direct no team in it"
        );
    }
    assert_eq!(
        refusal(s.vote(&player(1), "elsewhere", id, true).await),
        format!(
            "there is no repêchage vote {id} in this channel: vote with the buttons of the vote's \
             message"
        )
    );
    let mut conn = s.store().read().await.unwrap();
    assert!(votes::ballots(&mut conn, id).await.unwrap().is_empty());
}

#[tokio::test]
async fn vm_087_a_rider_still_racing_cannot_be_brought_back() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    four_directors_in_stage_2(&s, 55).await;
    assert_eq!(
        refusal(
            s.propose_repechage(&admin(), CHANNEL, "Team 1 Rouleur", None)
                .await
        ),
        "Team 1 Rouleur has not abandoned: only a rider out of the race can be brought back"
    );
    assert_eq!(
        refusal(s.propose_repechage(&admin(), CHANNEL, "99", None).await),
        "there is no rider 99 in this tour: give a rider's name or start number"
    );
}

#[tokio::test]
async fn a_48_one_vote_at_a_time_and_one_repechage_a_stage() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    four_directors_in_stage_2(&s, 56).await;
    let (id, _) = abandon_and_propose(&s, "Team 1 Sprinteur", None).await;
    ok(s.abandon_rider(&admin(), CHANNEL, "Team 2 Sprinteur").await);
    assert_eq!(
        refusal(
            s.propose_repechage(&admin(), CHANNEL, "Team 2 Sprinteur", None)
                .await
        ),
        "a repêchage vote is already open, for Team 1 Sprinteur: wait for its result (10 minutes at most)"
    );
    for p in 1..=4 {
        ok(s.vote(&player(p), CHANNEL, id, true).await);
    }
    assert_eq!(vote_row(&s, id).await.status, VoteStatus::Passed);
    assert_eq!(
        refusal(
            s.propose_repechage(&admin(), CHANNEL, "Team 2 Sprinteur", None)
                .await
        ),
        "stage 2 already had its repêchage (Team 1 Sprinteur was brought back): one rider a stage \
         comes back (A-48)"
    );
    assert_eq!(
        refusal(
            s.propose_repechage(&admin(), CHANNEL, "Team 1 Sprinteur", None)
                .await
        ),
        "Team 1 Sprinteur is already brought back: it starts stage 3"
    );
}

#[tokio::test]
async fn a_48_at_the_deadline_the_scheduler_closes_the_vote_once() {
    let db = Db::new();
    let clock = clock();
    let s = Arc::new(open(&db, &clock).await);
    four_directors_in_stage_2(&s, 57).await;
    let scheduler = Scheduler::new(Arc::clone(&s), 0);
    clock.set(T0 + 1000);
    let (id, proposal) = abandon_and_propose(&s, "Team 3 Rouleur", Some(300)).await;
    assert!(
        proposal.text.contains("or in 5 minutes"),
        "{}",
        proposal.text
    );
    // Nobody votes. The scheduler leaves the vote alone until its deadline (it closes the
    // rounds meanwhile)...
    let out = scheduler.tick(T0 + 1299).await.unwrap();
    assert!(
        out.iter().all(|o| !o.reply.text.contains("Repêchage")),
        "{out:?}"
    );
    assert_eq!(vote_row(&s, id).await.status, VoteStatus::Open);
    // ... then announces the result in the channel.
    let out = scheduler.tick(T0 + 1300).await.unwrap();
    let announced: Vec<_> = out
        .iter()
        .filter(|o| o.reply.text.starts_with("**Repêchage"))
        .collect();
    assert_eq!(announced.len(), 1, "{out:?}");
    assert_eq!(announced[0].channel_id, CHANNEL);
    assert_eq!(announced[0].user_id, None);
    assert!(!announced[0].reply.private);
    assert_eq!(
        announced[0].reply.text,
        "**Repêchage of Team 3 Rouleur**: nobody voted. Team 3 Rouleur stays out of the race."
    );
    let row = vote_row(&s, id).await;
    assert_eq!(
        (row.status, row.closed_at),
        (VoteStatus::Failed, Some(T0 + 1300))
    );
    // Closed once: later ticks say nothing more about it.
    let out = scheduler.tick(T0 + 1400).await.unwrap();
    assert!(
        out.iter().all(|o| !o.reply.text.contains("Repêchage")),
        "{out:?}"
    );
}

#[tokio::test]
async fn a_48_an_open_vote_survives_a_restart_and_closes_at_its_deadline() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    four_directors_in_stage_2(&s, 58).await;
    let (id, _) = abandon_and_propose(&s, "Team 4 Grimpeur", Some(600)).await;
    ok(s.vote(&player(2), CHANNEL, id, true).await);
    ok(s.vote(&player(3), CHANNEL, id, false).await);
    s.store().close().await;
    drop(s);

    let s = Arc::new(open(&db, &clock).await);
    assert_eq!(vote_row(&s, id).await.status, VoteStatus::Open);
    // Player 3 changes their mind after the restart; 1 and 4 never vote.
    ok(s.vote(&player(3), CHANNEL, id, true).await);
    let scheduler = Scheduler::new(Arc::clone(&s), 0);
    let out = scheduler.tick(T0 + 600).await.unwrap();
    let result = out
        .iter()
        .find(|o| o.reply.text.starts_with("**Repêchage"))
        .expect("the result is announced");
    assert!(
        result.reply.text.starts_with(
            "**Repêchage of Team 4 Grimpeur**: 2 yes, 0 no. Team 4 Grimpeur is brought back"
        ),
        "{}",
        result.reply.text
    );
    // A director who comes too late is told, privately.
    assert!(
        refusal(s.vote(&player(1), CHANNEL, id, false).await)
            .starts_with("this vote is closed: 2 yes, 0 no.")
    );
}

#[tokio::test]
async fn a_48_a_late_ballot_past_the_deadline_closes_the_vote_and_is_not_counted() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    four_directors_in_stage_2(&s, 59).await;
    let (id, _) = abandon_and_propose(&s, "Team 1 Rouleur", Some(60)).await;
    ok(s.vote(&player(1), CHANNEL, id, true).await);
    clock.advance(60);
    let reply = ok(s.vote(&player(2), CHANNEL, id, false).await);
    assert!(reply.private);
    assert_eq!(
        reply.text,
        "Too late: this vote reached its deadline before your vote, which was not counted."
    );
    assert_eq!(
        reply.followups[0].text,
        "**Repêchage of Team 1 Rouleur**: 1 yes, 0 no. Team 1 Rouleur is brought back: it starts \
         stage 3, with for stage 2 the time of the last classified rider plus one minute (A-48)."
    );
}

#[tokio::test]
async fn vm_085_a_tie_stands_when_a_bot_rides_the_stage_winners_team() {
    let db = Db::new();
    let clock = clock();
    let s = Arc::new(open(&db, &clock).await);
    four_directors_in_stage_2(&s, 60).await;
    let w = winners_director(&s).await;
    ok(s.replace_by_bot(&admin(), CHANNEL, &format!("Team {w}"))
        .await);
    let (id, proposal) = abandon_and_propose(&s, "Team 1 Grimpeur", Some(120)).await;
    assert!(
        proposal.text.contains(&format!(
            "Team {w}, winner of stage 1, is ridden by a bot, so for now a tie keeps Team 1 \
             Grimpeur out."
        )),
        "{}",
        proposal.text
    );
    let voters: Vec<String> = (1..=4)
        .filter(|&p| p != w)
        .map(|p| format!("Team {p}"))
        .collect();
    assert!(
        proposal.text.contains(&format!(
            "The directeurs sportifs of {} vote",
            voters.join(", ")
        )),
        "the bot's team has no vote: {}",
        proposal.text
    );
    let humans: Vec<u32> = (1..=4).filter(|&p| p != w).collect();
    ok(s.vote(&player(humans[0]), CHANNEL, id, true).await);
    ok(s.vote(&player(humans[1]), CHANNEL, id, false).await);
    let out = Scheduler::new(Arc::clone(&s), 0)
        .tick(T0 + 120)
        .await
        .unwrap();
    let result = out
        .iter()
        .find(|o| o.reply.text.starts_with("**Repêchage"))
        .unwrap();
    assert_eq!(
        result.reply.text,
        format!(
            "**Repêchage of Team 1 Grimpeur**: 1 yes, 1 no: a tie, which Team {w}, winner of \
             stage 1, cannot break: a bot rides it. Team 1 Grimpeur stays out of the race."
        )
    );
}

#[tokio::test]
async fn a_48_the_rider_voted_back_starts_the_next_stage_with_the_last_time_plus_a_minute() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    four_directors_in_stage_2(&s, 61).await;
    let rider = RiderKey::new("Team 2 Grimpeur");
    let (id, _) = abandon_and_propose(&s, rider.as_str(), None).await;
    for p in 1..=4 {
        ok(s.vote(&player(p), CHANNEL, id, true).await);
    }
    let tour = tour_id(&s).await;
    {
        // Voted back during stage 2, the rider is out of it until it ends.
        let mut conn = s.store().read().await.unwrap();
        let list = riders::list(&mut conn, tour).await.unwrap();
        assert!(list.iter().find(|r| r.key == rider).unwrap().abandoned);
    }
    finish_stage(&s).await;
    let mut conn = s.store().read().await.unwrap();
    let stage3 = stages::get(&mut conn, tour, 3).await.unwrap().unwrap();
    assert_eq!(stage3.starters.len(), 12, "the whole field starts stage 3");
    assert_eq!(
        stage3.starters.last().map(|r| &r.key),
        Some(&rider),
        "back from the broom wagon, at the back of the grid"
    );
    let list = riders::list(&mut conn, tour).await.unwrap();
    assert!(!list.iter().find(|r| r.key == rider).unwrap().abandoned);
    drop(conn);

    finish_stage(&s).await;
    let mut conn = s.store().read().await.unwrap();
    let done = results::list(&mut conn, tour).await.unwrap();
    assert_eq!(done.len(), 3);
    let left = done[1].riders.iter().find(|r| r.rider == rider).unwrap();
    assert_eq!((&left.outcome, left.place), (&Outcome::Abandoned, None));
    assert_eq!(done[2].rejoined, std::slice::from_ref(&rider));

    let o = TourOptions::default();
    let time_in = |stage: usize| {
        stage_times(&done[stage], &o)
            .unwrap()
            .into_iter()
            .find(|t| t.rider == rider)
            .map(|t| t.time)
    };
    let last_of_stage_2 = stage_times(&done[1], &o).unwrap().last().unwrap().time;
    let expected = time_in(0).unwrap() + (last_of_stage_2 + 60) + time_in(2).unwrap();
    let table = standings(&done, &o).unwrap();
    let row = table
        .general
        .iter()
        .find(|r| r.rider.as_ref() == Some(&rider))
        .expect("back in the general classification");
    assert_eq!(
        row.value,
        commissaire_engine::tour::Score::Seconds(expected)
    );
    assert!(row.reinstated);

    // The standings say so, with the mark's legend; the other riders carry no mark.
    let text = ok(s.standings(CHANNEL).await).text;
    assert!(text.contains("Team 2 Grimpeur*"), "{text}");
    assert!(
        text.contains("\n* repêché: brought back by the directeurs' vote\n"),
        "{text}"
    );
    for line in text.lines() {
        if line.contains("Team 2 Grimpeur") {
            assert!(line.contains("Team 2 Grimpeur*"), "{line}");
        } else if line.contains('*') {
            assert!(
                line.starts_with("* repêché") || line.starts_with("**"),
                "{line}"
            );
        }
    }
}

#[tokio::test]
async fn a_48_no_repechage_in_the_last_stage_long_after_or_while_paused() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    // Bots only: the tour moves a stage per `advance`.
    ok(s.create_tour(&admin(), CHANNEL, settings(4, 62)).await);
    ok(s.start(&admin(), CHANNEL).await); // stage 1 ridden, stage 2 begun
    ok(s.abandon_rider(&admin(), CHANNEL, "11").await);
    ok(s.advance(CHANNEL).await); // stage 3
    // In the stage after the one it left, a rider may still be proposed; here nobody can vote.
    let rider = {
        let mut conn = s.store().read().await.unwrap();
        let list = riders::list(&mut conn, tour_id(&s).await).await.unwrap();
        list.iter()
            .find(|r| r.start_number == 11)
            .unwrap()
            .key
            .clone()
    };
    assert_eq!(
        refusal(s.propose_repechage(&admin(), CHANNEL, "11", None).await),
        "every team is ridden by a bot: there is no directeur sportif to vote"
    );
    ok(s.advance(CHANNEL).await); // stage 4
    assert_eq!(
        refusal(s.propose_repechage(&admin(), CHANNEL, "11", None).await),
        format!(
            "{rider} left the race in stage 2: a repêchage is voted during the stage a rider left \
             or the next one (A-48), and stage 4 is under way"
        )
    );
    ok(s.pause(&admin(), CHANNEL).await);
    assert_eq!(
        refusal(s.propose_repechage(&admin(), CHANNEL, "11", None).await),
        "the tour is paused: an admin resumes it before proposing a repêchage"
    );
    ok(s.resume(&admin(), CHANNEL).await);
    while current_stage(&s).await < 7 {
        ok(s.advance(CHANNEL).await);
    }
    ok(s.abandon_rider(&admin(), CHANNEL, "12").await);
    assert_eq!(
        refusal(s.propose_repechage(&admin(), CHANNEL, "12", None).await),
        "stage 7 is the last: a rider brought back now would have no stage to start"
    );
    assert_eq!(
        refusal(s.propose_repechage(&admin(), CHANNEL, "12", Some(0)).await),
        "a repêchage vote stays open at least one second: give a longer time, or none for the turn deadline"
    );
}

#[tokio::test]
async fn vm_085_before_any_stage_winner_a_tie_stands() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    started_tour(&s, 4, 4, 63).await; // stage 1 under way: no stage winner yet
    let (id, proposal) = abandon_and_propose(&s, "Team 1 Rouleur", None).await;
    assert!(
        proposal
            .text
            .ends_with("no stage has finished yet, so for now a tie keeps Team 1 Rouleur out."),
        "{}",
        proposal.text
    );
    for (p, yes) in [(1, true), (2, true), (3, false), (4, false)] {
        ok(s.vote(&player(p), CHANNEL, id, yes).await);
    }
    let row = vote_row(&s, id).await;
    assert_eq!(
        row.outcome.as_deref(),
        Some(
            "2 yes, 2 no: a tie, and no stage has a winner yet to break it. Team 1 Rouleur stays \
             out of the race."
        )
    );
    assert_eq!(row.extra_vote, None);
}

#[tokio::test]
async fn a_48_a_pause_does_not_stop_the_votes_clock() {
    let db = Db::new();
    let clock = clock();
    let s = Arc::new(open(&db, &clock).await);
    four_directors_in_stage_2(&s, 64).await;
    let (id, _) = abandon_and_propose(&s, "Team 2 Rouleur", Some(60)).await;
    ok(s.pause(&admin(), CHANNEL).await);
    clock.advance(30);
    // Directeurs may vote while the race is paused.
    ok(s.vote(&player(1), CHANNEL, id, true).await);
    let out = Scheduler::new(Arc::clone(&s), 0)
        .tick(T0 + 60)
        .await
        .unwrap();
    assert_eq!(out.len(), 1, "only the vote's result: {out:?}");
    assert!(
        out[0].reply.text.starts_with(
            "**Repêchage of Team 2 Rouleur**: 1 yes, 0 no. Team 2 Rouleur is brought back"
        ),
        "{}",
        out[0].reply.text
    );
}

#[tokio::test]
async fn a_48_voted_back_in_the_next_stage_every_stage_missed_is_credited() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    four_directors_in_stage_2(&s, 65).await;
    let rider = RiderKey::new("Team 3 Sprinteur");
    ok(s.abandon_rider(&admin(), CHANNEL, rider.as_str()).await);
    finish_stage(&s).await; // stage 2 ends without the rider; stage 3 starts without it
    let proposal = ok(s
        .propose_repechage(&admin(), CHANNEL, rider.as_str(), None)
        .await);
    assert!(
        proposal.text.contains("who abandoned in stage 2"),
        "{}",
        proposal.text
    );
    let id = vote_id(&proposal);
    for p in 1..=4 {
        ok(s.vote(&player(p), CHANNEL, id, p != 4).await);
    }
    let row = vote_row(&s, id).await;
    assert_eq!(
        (row.status, row.rejoins_stage),
        (VoteStatus::Passed, Some(4))
    );
    assert!(row.outcome.unwrap().ends_with(
        "Team 3 Sprinteur is brought back: it starts stage 4, with for stages 2 and 3 the time \
             of the last classified rider plus one minute (A-48)."
    ));
    finish_stage(&s).await; // stage 3
    finish_stage(&s).await; // stage 4, with the rider
    let tour = tour_id(&s).await;
    let mut conn = s.store().read().await.unwrap();
    let done = results::list(&mut conn, tour).await.unwrap();
    assert!(done[2].riders.iter().all(|r| r.rider != rider));
    assert_eq!(done[3].rejoined, std::slice::from_ref(&rider));
    let o = TourOptions::default();
    let last = |stage: usize| stage_times(&done[stage], &o).unwrap().last().unwrap().time;
    let own = |stage: usize| {
        stage_times(&done[stage], &o)
            .unwrap()
            .into_iter()
            .find(|t| t.rider == rider)
            .unwrap()
            .time
    };
    let expected = own(0) + (last(1) + 60) + (last(2) + 60) + own(3);
    let table = standings(&done, &o).unwrap();
    let row = table
        .general
        .iter()
        .find(|r| r.rider.as_ref() == Some(&rider))
        .unwrap();
    assert_eq!(
        row.value,
        commissaire_engine::tour::Score::Seconds(expected)
    );
}
