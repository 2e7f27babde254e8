//! Issue 36: a settled round's board shows what each team played. The card race's cards
//! revealed at the round's close are drawn in a panel under the road, by team in team colours,
//! each under its rider's token label with its value; a board before any reveal has none, and
//! a board drawn mid-round is the same whatever the teams chose face down.

use commissaire_engine::course::CourseSpec;
use commissaire_engine::game::{Ruleset, Viewer};
use commissaire_engine::games::card_race::bot::{RandomBot, play_seat};
use commissaire_engine::games::card_race::{
    Card, Choice, Event, Options, RiderKind, RiderSetup, Stage, StageSetup, grid_start,
};
use commissaire_engine::registry::Scene;
use commissaire_render::palette::Colour;
use commissaire_render::ruleset::titled_board;
use commissaire_render::{BoardScene, Mark, draw_board};
use image::Rgb;
use std::sync::Arc;

const TEAMS: [&str; 4] = ["Blue", "Orange", "Green", "Pink"];

fn stage() -> Stage {
    let course = Arc::new(
        CourseSpec {
            tiles: Some("abcdefghijklmnopqrstu".into()),
            ..Default::default()
        }
        .build()
        .unwrap(),
    );
    let n = TEAMS.len();
    let grid = grid_start(&course, n * 2).unwrap();
    let riders = (0..n * 2)
        .map(|i| {
            let kind = if i < n {
                RiderKind::Rouleur
            } else {
                RiderKind::Sprinteur
            };
            RiderSetup {
                id: format!("{} {}", TEAMS[i % n], kind.letter()),
                team: (i % n) as u8,
                kind,
                start: grid[i],
                carried_exhaustion: 0,
            }
        })
        .collect();
    let setup = StageSetup {
        course,
        teams: TEAMS.iter().map(|t| t.to_string()).collect(),
        riders,
        options: Options::default(),
    };
    Stage::new(setup, 21).unwrap()
}

/// Every team plays its round; the events of the round's close.
fn play_round(s: &mut Stage, bot: &mut RandomBot) -> Vec<Event> {
    let mut events = Vec::new();
    for seat in 0..TEAMS.len() as u8 {
        events.extend(play_seat(s, seat, bot).unwrap());
    }
    events
}

/// The board of the stage as the channel sees it, through the registry's picture method, in
/// the colours the tour draws its teams in.
fn board(s: &Stage) -> BoardScene {
    let colours = |name: &str| -> Option<Colour> {
        Some(match name {
            "Blue" => Rgb([20, 80, 200]),
            "Orange" => Rgb([240, 130, 0]),
            "Green" => Rgb([0, 140, 60]),
            _ => Rgb([230, 90, 170]),
        })
    };
    titled_board(
        &Scene::CardRace(s.view(Viewer::Public)),
        "Stage 1 · Test",
        &colours,
        &|_| None,
        &[],
    )
    .unwrap()
}

fn card_text(card: Card) -> String {
    match card {
        Card::Exhaustion => "2E".into(),
        Card::Attack | Card::SplitAttack => "A".into(),
        Card::Energy(v) => v.to_string(),
    }
}

#[test]
fn a_settled_round_shows_exactly_the_cards_its_close_revealed_by_team() {
    let mut s = stage();
    let mut bot = RandomBot::new(5);
    for round in 1..=3 {
        let events = play_round(&mut s, &mut bot);
        let revealed: Vec<(u8, Card)> = events
            .iter()
            .filter_map(|e| match e {
                Event::CardsRevealed { cards } => Some(cards.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        assert_eq!(
            revealed.len(),
            8,
            "round {round}: every rider revealed a card"
        );
        let scene = board(&s);
        assert_eq!(scene.turn, round);
        // What the events revealed, as (team, the rider's token label, the card), by team.
        let view = s.view(Viewer::Public);
        let mut expected: Vec<(usize, String, String)> = revealed
            .iter()
            .map(|&(rider, card)| {
                let r = &view.riders[rider as usize];
                let token = scene.riders.iter().find(|t| t.rider == r.id).unwrap();
                (r.team as usize, token.label.clone(), card_text(card))
            })
            .collect();
        expected.sort_by_key(|(team, label, _)| (*team, label.ends_with('S')));
        let shown: Vec<(usize, String, String)> = scene
            .played
            .iter()
            .map(|p| {
                let Mark::Card(c) = &p.what else {
                    panic!("a card, not {:?}", p.what)
                };
                (p.team, p.rider.clone(), c.clone())
            })
            .collect();
        assert_eq!(shown, expected, "round {round}");
        // Each card names its rider as his token does, and says the card his token's badge says.
        for p in &scene.played {
            let token = scene.riders.iter().find(|t| t.label == p.rider).unwrap();
            assert_eq!(token.team, p.team);
            assert_eq!(Some(token.card().unwrap()), Some(value(&p.what).as_str()));
        }

        // Drawn: one card per rider, in its team's colour, inside the picture, and the panel's
        // pixels are not those of the same board without it.
        let picture = draw_board(&scene).unwrap();
        let cards = picture.played();
        assert_eq!(cards.len(), 8);
        let (w, h) = picture.image.dimensions();
        for (card, p) in cards.iter().zip(&scene.played) {
            assert_eq!((card.team, &card.rider), (p.team, &p.rider));
            assert_eq!(card.value, value(&p.what));
            let (x, y, cw, ch) = card.bounds;
            assert!(x >= 0 && y >= 0 && x + cw <= w as i32 && y + ch <= h as i32);
            let band = picture.image.get_pixel((x + 6) as u32, (y + 8) as u32);
            assert_eq!(*band, scene.teams[p.team].colour, "{}'s card band", p.rider);
        }
        let mut bare = scene.clone();
        bare.played.clear();
        let without = draw_board(&bare).unwrap();
        assert!(without.played().is_empty());
        assert!(
            without.image.height() < h,
            "the panel takes room under the road"
        );
        let (x, y, cw, ch) = cards[0].bounds;
        let differs = (y..y + ch).any(|py| {
            (x..x + cw).any(|px| {
                py >= without.image.height() as i32
                    || picture.image.get_pixel(px as u32, py as u32)
                        != without.image.get_pixel(px as u32, py as u32)
            })
        });
        assert!(differs);
        assert_ne!(
            scene.key(),
            bare.key(),
            "what was played is in the cache's key"
        );
        if round == 3
            && let Ok(dir) = std::env::var("COMMISSAIRE_PICTURES")
        {
            let dir = std::path::Path::new(&dir);
            std::fs::write(dir.join("cards-played.png"), picture.to_png().unwrap()).unwrap();
            // As a phone shows it: 800 and 420 px wide, to look at.
            for width in [800u32, 420] {
                let height = h * width / w;
                image::imageops::resize(
                    &picture.image,
                    width,
                    height,
                    image::imageops::FilterType::Triangle,
                )
                .save(dir.join(format!("cards-played-{width}.png")))
                .unwrap();
            }
        }
    }
}

fn value(what: &Mark) -> String {
    match what {
        Mark::Card(c) => c.clone(),
        other => panic!("a card, not {other:?}"),
    }
}

#[test]
fn a_board_before_any_reveal_shows_no_card() {
    let s = stage();
    let scene = board(&s);
    assert_eq!(scene.turn, 0);
    assert!(scene.played.is_empty());
    assert!(draw_board(&scene).unwrap().played().is_empty());
}

/// The team's choices for its two riders this round: the first rider to draw and the card each
/// keeps, the lowest card of the hand or the highest.
fn choose(s: &mut Stage, seat: u8, highest: bool) -> Vec<Card> {
    let mut kept = Vec::new();
    let round = s.round();
    let mut events = Vec::new();
    while s.round() == round {
        let options = s.legal_choices(seat);
        let Some(&first) = options.first() else {
            break;
        };
        let keeps = options.iter().filter_map(|c| match c {
            Choice::Keep { card, .. } => Some((*card, *c)),
            _ => None,
        });
        let by_value = |(card, _): &(Card, Choice)| card.value();
        let keep = if highest {
            keeps.max_by_key(by_value)
        } else {
            keeps.min_by_key(by_value)
        };
        let choice = match keep {
            Some((card, choice)) => {
                kept.push(card);
                choice
            }
            None => first,
        };
        s.apply_into(seat, &choice, &mut events).unwrap();
    }
    kept
}

/// A leak test: mid-round, before the reveal, one team has laid its cards face down; the board
/// (its scene, its cache key and its picture) is the same whichever cards it kept, and shows
/// only the last round's cards, revealed before.
#[test]
fn a_board_drawn_before_the_reveal_is_the_same_whatever_was_chosen_face_down() {
    let mut s = stage();
    let mut bot = RandomBot::new(9);
    play_round(&mut s, &mut bot);
    let before = board(&s);
    assert_eq!(before.played.len(), 8);
    let mut low = s.clone();
    let mut high = s.clone();
    let low_cards = choose(&mut low, 0, false);
    let high_cards = choose(&mut high, 0, true);
    assert_eq!(low.round(), 2, "the round is not over");
    assert_ne!(low_cards, high_cards, "two different choices face down");
    let (a, b) = (board(&low), board(&high));
    assert_eq!(a.key(), b.key());
    assert_eq!(a.played, before.played, "only round 1's cards, revealed");
    assert_eq!(
        draw_board(&a).unwrap().to_png().unwrap(),
        draw_board(&b).unwrap().to_png().unwrap()
    );
}

/// Maillot Jaune rolls two dice in the open for a risky escape (MJ-046): the board of the turn
/// shows them beside the road, by the rider's card code, exactly the `rolled` events' faces;
/// the board of a turn that rolled none shows none. (Velo Master's board already shows each
/// roll on the moving rider's token; Hulst rolls no dice in a turn.)
#[test]
fn a_maillot_jaune_turn_shows_the_dice_it_rolled_and_no_other() {
    use commissaire_engine::course::parse_course_toml;
    use commissaire_engine::registry::{self, Entrant, Setup};
    use commissaire_render::games::maillot_jaune::card_code;
    const STAGE_1: &str = include_str!("../../config/courses/maillot-jaune/mj-etape-1.toml");
    let teams = ["Jaunes", "Verts", "Bleus"];
    let mut rolled_turns = 0;
    let mut quiet_turns = 0;
    for seed in 1..=6 {
        let riders = (0..9u8)
            .map(|i| Entrant {
                id: format!("{} {}", teams[(i % 3) as usize], i / 3 + 1),
                team: i % 3,
                start: None,
                attributes: serde_json::json!({"overall": i + 1, "form": 20 - i}),
            })
            .collect();
        let setup = Setup {
            course: Arc::new(parse_course_toml(STAGE_1, "mj-etape-1.toml").unwrap()),
            teams: teams.map(String::from).to_vec(),
            riders,
            options: serde_json::Value::Null,
            dice: Vec::new(),
        };
        let mut stage = registry::start("maillot-jaune", &setup, seed).unwrap();
        while let Some(&(seat, _)) = stage.waiting_on().first() {
            let (_, events) = stage.play_bot(seat).unwrap().unwrap();
            let Scene::MaillotJaune(view) = stage.scene() else {
                panic!("a Maillot Jaune scene")
            };
            // The dice of the choice's `rolled` events, as (team, card code, faces).
            let mut expected: Vec<(usize, String, Vec<u8>)> = events
                .to_json()
                .iter()
                .filter(|e| e["event"] == "rolled")
                .map(|e| {
                    let rider = e["rider"].as_u64().unwrap() as usize;
                    let r = view
                        .riders
                        .iter()
                        .find(|r| r.index as usize == rider)
                        .unwrap();
                    let faces = e["dice"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|d| d["face"].as_u64().unwrap() as u8)
                        .collect();
                    (r.team as usize, card_code(&r.card), faces)
                })
                .collect();
            expected.sort_by_key(|(team, _, _)| *team);
            let scene = commissaire_render::ruleset::board_scene(&stage.scene()).unwrap();
            let shown: Vec<(usize, String, Vec<u8>)> = scene
                .played
                .iter()
                .map(|p| {
                    let Mark::Dice(faces) = &p.what else {
                        panic!("dice, not {:?}", p.what)
                    };
                    (p.team, p.rider.clone(), faces.clone())
                })
                .collect();
            assert_eq!(shown, expected, "seed {seed}");
            if expected.is_empty() {
                quiet_turns += 1;
            } else {
                rolled_turns += 1;
                if rolled_turns == 1 {
                    let picture = draw_board(&scene).unwrap();
                    assert_eq!(picture.played().len(), expected.len());
                    assert!(picture.played()[0].value.contains('·'));
                    if let Ok(dir) = std::env::var("COMMISSAIRE_PICTURES") {
                        std::fs::write(
                            std::path::Path::new(&dir).join("dice-rolled.png"),
                            picture.to_png().unwrap(),
                        )
                        .unwrap();
                    }
                }
            }
        }
    }
    assert!(rolled_turns > 0, "some risky escape was rolled");
    assert!(quiet_turns > 0);
}
