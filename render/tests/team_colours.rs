//! Team colours stay apart for readers with a colour-vision deficiency (issue 36): whatever
//! colours the teams chose, every two teams' colours are at least `vision::MIN_DISTANCE`
//! (CIEDE2000) apart under normal vision and under simulated protanopia, deuteranopia and
//! tritanopia, and a choice already that far from the others is kept as it is.

use commissaire_render::palette::{self, Colour};
use commissaire_render::vision::{self, MIN_DISTANCE, Vision};

fn named() -> Vec<(&'static str, Colour)> {
    palette::named().collect()
}

/// The least distance between two teams of `colours`, for the reader who sees them nearest,
/// with the pair and the reader, measured afresh here vision by vision.
fn nearest_pair(colours: &[Colour]) -> (f64, usize, usize, Vision) {
    let mut worst = (f64::INFINITY, 0, 0, Vision::Normal);
    for i in 0..colours.len() {
        for j in i + 1..colours.len() {
            for v in Vision::ALL {
                let d = vision::ciede2000(
                    vision::Lab::of(vision::simulate(colours[i], v)),
                    vision::Lab::of(vision::simulate(colours[j], v)),
                );
                if d < worst.0 {
                    worst = (d, i, j, v);
                }
            }
        }
    }
    worst
}

fn assert_apart(chosen: &[Colour], what: &str) {
    let drawn = vision::distinct_team_colours(chosen);
    assert_eq!(drawn.len(), chosen.len());
    let (d, i, j, v) = nearest_pair(&drawn);
    // The simulated colours are rounded to 8 bits here, not in `distance`: a hair of slack.
    assert!(
        d >= MIN_DISTANCE - 0.5,
        "{what}: seats {i} and {j} ({:?}, {:?}) are {d:.2} apart for {v:?}",
        drawn[i],
        drawn[j]
    );
    // Each seat keeps a colour near its choice when it can: a team that moved moved because
    // its choice was too near another's.
    for (k, (c, d)) in chosen.iter().zip(&drawn).enumerate() {
        if c != d {
            let near = (0..chosen.len())
                .filter(|o| *o != k)
                .any(|o| vision::distance(*c, chosen[o]) < MIN_DISTANCE);
            assert!(
                near,
                "{what}: seat {k} moved from {c:?} with no neighbour near it"
            );
        }
    }
}

#[test]
fn every_two_named_colours_are_told_apart() {
    let all = named();
    for (a, ca) in &all {
        for (b, cb) in &all {
            assert_apart(&[*ca, *cb], &format!("{a} and {b}"));
        }
    }
}

#[test]
fn eight_teams_of_the_same_colour_are_told_apart() {
    for (name, c) in named() {
        for teams in 2..=8 {
            assert_apart(&vec![c; teams], &format!("{teams} teams in {name}"));
        }
    }
}

#[test]
fn typical_tours_of_four_to_eight_teams_are_told_apart() {
    let all = named();
    // A fixed linear congruential sequence: the same tours on every run.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as usize) % n
    };
    let mut moved = 0;
    for tour in 0..400 {
        let teams = 4 + next(5);
        // Players favour a few colours: half the picks come from the first six (red, blue,
        // green, yellow...) so that tours with the same colour twice are common.
        let chosen: Vec<Colour> = (0..teams)
            .map(|_| {
                if next(2) == 0 {
                    [8, 0, 2, 4, 1, 7][next(6)]
                } else {
                    next(all.len())
                }
            })
            .map(|k| all[k].1)
            .collect();
        let names: Vec<&str> = chosen
            .iter()
            .map(|c| all.iter().find(|(_, n)| n == c).unwrap().0)
            .collect();
        assert_apart(&chosen, &format!("tour {tour}: {names:?}"));
        moved += chosen
            .iter()
            .zip(vision::distinct_team_colours(&chosen))
            .filter(|(c, d)| **c != *d)
            .count();
    }
    // Not every tour is left as chosen: the test does meet the tours it is about.
    assert!(moved > 100, "{moved}");
}

#[test]
fn a_colour_already_distinct_is_kept_unchanged() {
    let by = |n: &str| palette::team(palette::team_index(n).unwrap());
    // Apart for every reader already (orange and yellow would not be: 11.6 for a deuteranope).
    let chosen = [
        by("blue"),
        by("orange"),
        by("black"),
        by("sky blue"),
        by("white"),
    ];
    assert!(
        nearest_pair(&chosen).0 >= MIN_DISTANCE,
        "{:?}",
        nearest_pair(&chosen)
    );
    assert_eq!(vision::distinct_team_colours(&chosen), chosen);
    // Red beside red: the first red stays red, only the second moves, and it keeps its hue.
    let reds = vision::distinct_team_colours(&[by("red"), by("blue"), by("red")]);
    assert_eq!(reds[1], by("blue"));
    assert_eq!(reds[0], by("red"));
    assert_ne!(reds[2], by("red"));
    let [r, g, b] = reds[2].0;
    assert!(
        r > g && r > b,
        "the second red is still a red: {:?}",
        reds[2]
    );
}

#[test]
fn red_and_green_move_apart_for_a_deuteranope() {
    // A red and a green of the same lightness read as one colour without green cones.
    let red = image::Rgb([200, 80, 60]);
    let green = image::Rgb([110, 140, 60]);
    assert!(vision::distance(red, green) < MIN_DISTANCE);
    let drawn = vision::distinct_team_colours(&[red, green]);
    assert_eq!(drawn[0], red);
    assert!(vision::distance(drawn[0], drawn[1]) >= MIN_DISTANCE);
}
