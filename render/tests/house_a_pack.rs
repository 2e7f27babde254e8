//! House rules A's gruppetto on the board: a grey hatched pack of no team, two cells wide,
//! explained in the key (HA-032, HA-033).

use commissaire_engine::course::parse_course_toml;
use commissaire_engine::game::{Ruleset, Viewer};
use commissaire_engine::games::card_race::{
    Hands, Options, RiderKind, RiderSetup, Stage, StageEnd, StageSetup, grid_start,
};
use commissaire_render::{BoardScene, draw_board, palette};
use std::sync::Arc;

/// Avenue Corso Paseo with four riders and the gruppetto, after a round of 5s and 3s.
fn stage() -> Stage {
    let course = parse_course_toml(
        include_str!("../../config/courses/card-race/avenue-corso-paseo.toml"),
        "avenue-corso-paseo.toml",
    )
    .unwrap();
    let cells = grid_start(&course, 4).unwrap();
    let setup = StageSetup {
        course: Arc::new(course),
        teams: vec!["Blue".into(), "Red".into()],
        riders: (0..4)
            .map(|i| RiderSetup {
                id: format!("{} {}", ["Blue", "Red"][i % 2], ["R", "S"][i / 2]),
                team: (i % 2) as u8,
                kind: [RiderKind::Rouleur, RiderKind::Sprinteur][i / 2],
                start: cells[i],
                carried_exhaustion: 0,
            })
            .collect(),
        options: Options {
            hands: Hands::Free,
            stage_end: StageEnd::AllAcross,
            gruppetto: true,
            ..Options::default()
        },
    };
    let mut s = Stage::new(setup, 1).unwrap();
    for (rider, card) in [(0u8, 5u8), (1, 3), (2, 2), (3, 4)] {
        let seat = rider % 2;
        let card = commissaire_engine::games::card_race::Card::Energy(card);
        s.apply(
            seat,
            &commissaire_engine::games::card_race::Choice::Keep { rider, card },
        )
        .unwrap();
    }
    s
}

#[test]
fn ha_032_ha_033_the_gruppetto_is_a_grey_pack_on_the_board_with_a_key_entry() {
    let s = stage();
    let view = s.view(Viewer::Public);
    let cells = view.house_a.gruppetto.clone();
    assert_eq!(cells.len(), 2, "two lanes wide");
    let scene = BoardScene::from_view(&view);
    let pic = draw_board(&scene).unwrap();
    if let Ok(dir) = std::env::var("COMMISSAIRE_PICTURES") {
        std::fs::write(format!("{dir}/gruppetto.png"), pic.to_png().unwrap()).unwrap();
    }
    for pos in cells {
        let (x, y, _, h) = pic.cell_rect(pos).expect("the pack's cell is drawn");
        // Inside the block, left of its label: grey or its hatching, never a team colour.
        let px = *pic.image.get_pixel((x + 8) as u32, (y + h / 2) as u32);
        assert!(
            px == palette::PACK || px == palette::PACK_HATCH,
            "{pos:?}: {px:?}"
        );
    }
    assert!(
        pic.key()
            .iter()
            .any(|k| k.starts_with("GR") && k.contains("gruppetto")),
        "{:?}",
        pic.key()
    );
}

#[test]
fn ha_032_the_gruppetto_on_the_terminals_text_board() {
    let view = stage().view(Viewer::Public);
    let text = commissaire_render::text_board::board_text(&view, Some(0));
    // Both lanes of its row read "GR", and the legend says what it is.
    let lanes: Vec<&str> = text.lines().filter(|l| l.starts_with("lane ")).collect();
    assert!(lanes.iter().all(|l| l.contains("GR")), "{text}");
    assert!(text.contains("GR the gruppetto"), "{text}");
}
