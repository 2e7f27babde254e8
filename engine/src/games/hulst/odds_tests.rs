//! `/odds` in Hulst's game: a playout's copy deals the seconde cards the viewer cannot see (the
//! other teams' hands and the draw pile) again, each hand keeping its size.

use super::*;
use crate::odds::{Question, fixtures::games, win_chances};
use crate::registry::{DynStage, Game, Hosted};
use crate::rng::stream;
use crate::tour::{StageKind, TourRider};

fn some_rounds_in() -> (Hulst, Vec<TourRider>) {
    let (setup, riders) = games()[3].setup(Vec::new());
    let mut h = Hosted::<Hulst>::start(&setup, 5).unwrap();
    for _ in 0..30 {
        let (seat, _) = h.waiting_on()[0];
        h.play_bot(seat).unwrap();
    }
    (h.game().clone(), riders)
}

fn unseen_by_0(h: &Hulst) -> Vec<u8> {
    let mut all: Vec<u8> = h
        .draw
        .iter()
        .chain(h.hands[1..].iter().flatten())
        .copied()
        .collect();
    all.sort_unstable();
    all
}

#[test]
fn a_copy_deals_the_unseen_cards_again_keeping_the_viewer_s_hand_and_every_size() {
    let (h, _) = some_rounds_in();
    let mut dealt_anew = false;
    for k in 0..8 {
        let copy = h.determinize(Viewer::Seat(0), &mut stream(k, 0));
        assert_eq!(copy.hands[0], h.hands[0], "the viewer's own hand");
        let sizes = |x: &Hulst| {
            (
                x.draw.len(),
                x.hands.iter().map(Vec::len).collect::<Vec<_>>(),
            )
        };
        assert_eq!(sizes(&copy), sizes(&h));
        assert_eq!(
            unseen_by_0(&copy),
            unseen_by_0(&h),
            "the same cards, dealt again"
        );
        assert_eq!(copy.discard, h.discard, "the played cards are public");
        dealt_anew |= copy.hands[1..] != h.hands[1..];
        assert!(copy.hands.iter().all(|hand| hand.is_sorted()));
    }
    assert!(dealt_anew);
}

/// Two stages that differ only in the hands of teams 1 and 2 (a card swapped between them)
/// give team 0 and the public the same odds; team 1, who sees its hand, gets other odds.
#[test]
fn hands_the_viewer_cannot_see_do_not_change_its_odds() {
    let (h, riders) = some_rounds_in();
    let mut other = h.clone();
    let (i, j) = (0..other.hands[1].len())
        .flat_map(|i| (0..other.hands[2].len()).map(move |j| (i, j)))
        .find(|&(i, j)| other.hands[1][i] != other.hands[2][j])
        .expect("two different cards");
    let (a, b) = (other.hands[1][i], other.hands[2][j]);
    other.hands[1][i] = b;
    other.hands[2][j] = a;
    other.hands[1].sort_unstable();
    other.hands[2].sort_unstable();
    let q = Question {
        number: 1,
        kind: StageKind::Flat,
        riders: &riders,
        tour: None,
    };
    let (x, y) = (Hosted::new(h), Hosted::new(other));
    let odds = |s: &dyn DynStage, v: Viewer| win_chances(s, v, 8, 150, &q).unwrap();
    assert_eq!(odds(&x, Viewer::Seat(0)), odds(&y, Viewer::Seat(0)));
    assert_eq!(odds(&x, Viewer::Public), odds(&y, Viewer::Public));
    assert_ne!(odds(&x, Viewer::Seat(1)), odds(&y, Viewer::Seat(1)));
}
