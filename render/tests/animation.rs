//! A stage's animation, for every game: a whole stage played by the bots, drawn as a GIF that
//! decodes to one frame per settled turn and the finish held two seconds, every frame the board
//! the channel saw after its turn (within the palette's reach), under Discord's limit.
//!
//! `COMMISSAIRE_SAVE_PNG=<folder>` saves a few frames of each as PNG, to look at them.

#[allow(dead_code)]
#[path = "../benches/stages.rs"]
mod stages;

use commissaire_messages::{Language, msg, speaking};
use commissaire_render::animation::{HOLD_CS, decode};
use commissaire_render::draw_board;
use commissaire_render::ruleset::{board_scene, stage_gif, turn_delay};

/// What a 21-round stage's animation may weigh: room to spare under Discord's attachment limit.
const LIMIT: usize = 4 * 1024 * 1024;

#[test]
fn every_game_s_stage_animates_turn_by_turn_then_holds_the_finish() {
    let save = std::env::var("COMMISSAIRE_SAVE_PNG").ok();
    for (game, language) in
        stages::GAMES
            .into_iter()
            .zip([Language::En, Language::Fr, Language::Nl, Language::En])
    {
        speaking(language, || {
            let turns = stages::stage(game, 5);
            assert!(turns.len() > 5, "{game}: {} turns", turns.len());
            let finish = msg!("picture-finish", stage = 1);
            let gif = stage_gif(&turns, &finish, &|_| None, &|_| None, &[]).unwrap();
            assert!(
                gif.len() <= LIMIT,
                "{game}: {} bytes for {} turns",
                gif.len(),
                turns.len()
            );
            let frames = decode(&gif).unwrap();
            assert_eq!(
                frames.len(),
                turns.len() + 1,
                "{game}: a frame a turn and the finish"
            );
            let delay = turn_delay(turns.len());
            for (i, (_, d)) in frames.iter().enumerate() {
                let want = if i == turns.len() { HOLD_CS } else { delay };
                assert_eq!(*d, want, "{game}: frame {i}'s delay");
            }
            // Every frame shows its turn's board, titled with its name: compared with the
            // board drawn alone, nearly every pixel is the same colour (the rest are edges'
            // blends the palette draws in a near colour).
            let n = turns.len();
            for i in [0, 1, n / 2, n - 1, n] {
                let frame = &frames[i].0;
                let (scene, title) = turns.get(i).unwrap_or(turns.last().unwrap());
                let title = if i == turns.len() { &finish } else { title };
                let mut board = board_scene(scene).unwrap();
                board.stage_name = title.clone();
                // A replay letters no cell (the letters are for the director choosing next).
                board.letters.clear();
                let drawn = draw_board(&board).unwrap().image;
                let mut same = 0u64;
                let mut far = 0u64;
                for (x, y, p) in drawn.enumerate_pixels() {
                    let q = frame.get_pixel(x, y);
                    if p == q {
                        same += 1;
                    } else if p.0.iter().zip(q.0).any(|(a, b)| a.abs_diff(b) > 48) {
                        far += 1;
                    }
                }
                let all = (drawn.width() * drawn.height()) as u64;
                assert!(
                    same * 100 >= all * 97,
                    "{game}: frame {i}: {same} of {all} exact"
                );
                assert!(
                    far * 1000 <= all,
                    "{game}: frame {i}: {far} of {all} far off"
                );
                // The rest of the canvas (a taller board before or after) is the page.
                assert!(frame.height() >= drawn.height());
            }
            // The riders move: the first turn's board is not the finish's.
            let (first, last) = (&frames[0].0, &frames[turns.len() - 1].0);
            assert!(first != last, "{game}: nothing moved");
            if let Some(dir) = &save {
                std::fs::create_dir_all(dir).unwrap();
                std::fs::write(format!("{dir}/{game}.gif"), &gif).unwrap();
                for i in [0, 1, turns.len() / 2, turns.len()] {
                    frames[i]
                        .0
                        .save(format!("{dir}/{game}-frame-{i:03}.png"))
                        .unwrap();
                }
            }
            eprintln!("{game}: {} turns, {} bytes", turns.len(), gif.len());
        });
    }
}
