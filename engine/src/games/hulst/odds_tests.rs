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

/// The ends kept between calls (`Hulst::all_ends`) are never stale: at every step of whole
/// stages, ridden by the random bot (crashes, chance cards, swaps) and by the sensible one, the
/// options and moves of the stage, asked right after its last choice, are those of a copy that
/// keeps nothing.
#[test]
fn kept_ends_are_the_ends_worked_out_afresh() {
    let (setup, _) = games()[3].setup(Vec::new());
    for (seed, random) in [(3, true), (4, true), (5, false)] {
        let mut stage = Hosted::<Hulst>::start(&setup, seed).unwrap().game().clone();
        let seats = setup.teams.len() as Seat;
        let mut n = 0;
        while !stage.over && n < 20_000 {
            for seat in 0..seats {
                let options = stage.legal(seat);
                if options.is_empty() {
                    continue;
                }
                let fresh = stage.clone();
                assert_eq!(options, fresh.legal(seat), "step {n}, seat {seat}");
                assert_eq!(stage.moves(seat), fresh.moves(seat), "step {n}");
                n += 1;
                let choice = if random {
                    stage.random_pick(&options)
                } else {
                    super::super::bot::choose(&stage, seat, &options)
                };
                stage.apply(seat, &choice).unwrap();
            }
        }
        assert!(stage.over, "seed {seed}: over after {n} choices");
    }
}

/// Each part of the stage a rider's ends depend on, changed alone, gives the ends a copy that
/// keeps nothing works out: his team's hand, his kept chance card, a crash on the squares
/// ahead, and whether a rider who shelters him is still before the line.
#[test]
fn ends_are_worked_out_again_when_what_they_depend_on_changes() {
    let ends = |h: &Hulst, r: RiderIx| {
        let e = h.all_ends(r);
        (e.clean, e.crash)
    };
    let (h, _) = some_rounds_in();
    let r = (0..h.riders.len())
        .find(|&r| matches!(h.riders[r].spot, Spot::Road { .. }) && !ends(&h, r).0.is_empty())
        .expect("a rider on the road with somewhere to go");
    let team = h.riders[r].team as usize;
    let changed = |change: &dyn Fn(&mut Hulst)| {
        let mut s = h.clone();
        let before = ends(&s, r);
        change(&mut s);
        let after = ends(&s, r);
        assert_eq!(after, ends(&s.clone(), r), "kept ends after a change");
        after != before
    };
    assert!(changed(&|s| s.hands[team] = vec![1]), "the hand");
    assert!(
        changed(&|s| {
            s.riders[r].kept = Some(ChanceCard {
                effect: Effect::Keep,
                amount: 3,
            })
        }),
        "a kept card"
    );
    let Spot::Road { pos } = h.riders[r].spot else {
        unreachable!()
    };
    let ahead: Vec<Pos> = h.board.steps(pos).to_vec();
    assert!(
        changed(&|s| {
            for &p in &ahead {
                let sq = s.board.square(p).unwrap();
                s.crashes.push(Crash {
                    number: sq.label.number,
                    way: sq.way,
                    riders: Vec::new(),
                });
            }
        }),
        "a crash ahead"
    );
    // A rider who shelters some end of his: once over the line he shelters no more (G-09).
    let sheltering = (0..h.riders.len()).find(|&x| {
        x != r && {
            let mut s = h.clone();
            s.riders[x].crossed = Some(s.round);
            ends(&s.clone(), r) != ends(&h, r)
        }
    });
    let x = sheltering.expect("some rider shelters an end");
    assert!(changed(&|s| s.riders[x].crossed = Some(s.round)), "crossed");
}
