//! `/odds` in the card race: a playout's copy deals again what the viewer cannot see (the other
//! teams' hands, recycle piles, kept cards and the order of every draw pile), keeping every size.

use super::*;
use crate::game::Viewer;
use crate::games::card_race::stage::Rider;
use crate::odds::{Question, fixtures::games, win_chances};
use crate::registry::{DynStage, Hosted};
use crate::rng::stream;
use crate::tour::{StageKind, TourRider};

/// A stage some rounds in, at a moment when a rider of team 1 holds a drawn hand: the stage, the
/// tour riders, and that rider.
fn with_a_hand_of_team_1() -> (CardRace, Vec<TourRider>, usize) {
    let (setup, riders) = games()[0].setup(Vec::new());
    let mut h = Hosted::<CardRace>::start(&setup, 7).unwrap();
    for _ in 0..2_000 {
        let s = &h.game().stage;
        if s.round >= 4
            && let Some(i) = (0..s.riders.len()).find(|&i| {
                let r = &s.riders[i];
                s.setup.riders[i].team == 1
                    && r.hand.len() >= 2
                    && r.deck.iter().any(|c| *c != r.hand[0])
            })
        {
            return (h.game().clone(), riders, i);
        }
        let (seat, _) = h.waiting_on()[0];
        h.play_bot(seat).unwrap();
    }
    panic!("no hand of team 1 drawn");
}

fn multiset(r: &Rider) -> Vec<Card> {
    let mut all: Vec<Card> = r
        .deck
        .iter()
        .chain(&r.recycle)
        .chain(&r.hand)
        .copied()
        .collect();
    all.extend(r.kept);
    all.sort_unstable();
    all
}

fn sizes(r: &Rider) -> (usize, usize, usize, bool) {
    (
        r.deck.len(),
        r.recycle.len(),
        r.hand.len(),
        r.kept.is_some(),
    )
}

#[test]
fn a_copy_deals_the_unseen_cards_again_and_keeps_what_the_viewer_knows() {
    let (race, _, _) = with_a_hand_of_team_1();
    let mut dealt_anew = false;
    for k in 0..8 {
        let copy = race.determinize(Viewer::Seat(0), &mut stream(k, 0));
        for (i, (was, now)) in race.stage.riders.iter().zip(&copy.stage.riders).enumerate() {
            assert_eq!(sizes(was), sizes(now), "rider {i}: every size kept");
            assert_eq!(multiset(was), multiset(now), "rider {i}: the same cards");
            if race.stage.setup.riders[i].team == 0 {
                // The viewer's own rider: its hand, kept card and recycle pile as they are.
                assert_eq!(
                    (&was.hand, was.kept, &was.recycle),
                    (&now.hand, now.kept, &now.recycle)
                );
            } else if was.hand != now.hand || was.recycle != now.recycle {
                dealt_anew = true;
            }
        }
    }
    assert!(dealt_anew, "another team's cards are dealt again");
}

/// Two stages that differ only in a hand team 0 cannot see give team 0 (and the public) the
/// same odds; team 1, who sees it, gets odds of its own from each.
#[test]
fn a_hand_the_viewer_cannot_see_does_not_change_its_odds() {
    let (race, riders, i) = with_a_hand_of_team_1();
    let mut other = race.clone();
    let r = &mut other.stage.riders[i];
    let d = r.deck.iter().position(|c| *c != r.hand[0]).unwrap();
    std::mem::swap(&mut r.hand[0], &mut r.deck[d]);
    assert_ne!(race.stage.riders[i].hand, other.stage.riders[i].hand);
    let (a, b) = (Hosted::new(race), Hosted::new(other));
    let q = Question {
        number: 1,
        kind: StageKind::Flat,
        riders: &riders,
        tour: None,
    };
    let odds = |s: &dyn DynStage, v: Viewer| win_chances(s, v, 21, 150, &q).unwrap();
    assert_eq!(odds(&a, Viewer::Seat(0)), odds(&b, Viewer::Seat(0)));
    assert_eq!(odds(&a, Viewer::Public), odds(&b, Viewer::Public));
    assert_ne!(odds(&a, Viewer::Seat(1)), odds(&b, Viewer::Seat(1)));
}
