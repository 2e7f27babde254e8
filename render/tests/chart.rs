//! The tour's charts (issue 36): each line's points are the standings after each stage (the
//! gap to the leader of a time table, the points of a points table), the jersey sits on its
//! holder's point, and the picture decodes at its size in English, French and Dutch.
//!
//! The stage results are made up (`samples::tour_results`, varied with a seeded generator)
//! and classified by the engine through the registry, as the services do after each stage.
//! `COMMISSAIRE_SAVE_PNG=<folder>` saves the charts, to look at them.

use commissaire_engine::registry;
use commissaire_engine::tour::{Classification, Outcome, Score, StageResult};
use commissaire_messages::{Language, speaking};
use commissaire_render::chart::{ChartKind, ChartScene, TOP, chart_height, chart_series};
use commissaire_render::render_chart;
use commissaire_render::samples::{TOUR_TEAMS, tour_results};

/// The table `id` after each stage of `done`, as the services compute the standings after
/// stage k: the results of stages 1..=k, classified by the game through the registry.
fn after_each(ruleset: &str, done: &[StageResult], id: &str) -> Vec<Classification> {
    (1..=done.len())
        .map(|k| {
            registry::classify(ruleset, &done[..k], &serde_json::Value::Null)
                .unwrap()
                .get(id)
                .unwrap_or_else(|| panic!("{ruleset} has no {id} table"))
                .clone()
        })
        .collect()
}

fn key_of(row: &commissaire_engine::tour::StandingRow) -> String {
    row.rider
        .as_ref()
        .map_or_else(|| row.team.clone(), |k| k.to_string())
}

#[test]
fn each_line_is_its_riders_gap_or_points_after_each_stage() {
    let done = tour_results(6, 0x5eed_cafe);
    let tables = registry::classify("card-race", &done, &serde_json::Value::Null).unwrap();
    let mut charted = 0;
    for table in tables.tables.iter().filter(|t| !t.rows.is_empty()) {
        let tables = after_each("card-race", &done, table.id);
        let series = chart_series(&tables, TOP);
        let last = tables.last().unwrap();
        // The top ten after the last stage, in its order.
        let top: Vec<String> = last.rows.iter().take(TOP).map(key_of).collect();
        let lines: Vec<String> = series.lines.iter().map(|l| l.who.clone()).collect();
        assert_eq!(lines, top, "{}", table.id);
        for line in &series.lines {
            assert_eq!(line.values.len(), done.len());
            for (k, value) in line.values.iter().enumerate() {
                let row = tables[k].rows.iter().find(|r| key_of(r) == line.who);
                let expected = row.map(|r| match (series.kind, r.gap, r.value) {
                    (ChartKind::Gap, Score::Seconds(s), _) => s,
                    (ChartKind::Points, _, Score::Points(p)) => i64::from(p),
                    other => panic!("{}: a {other:?} row", table.id),
                });
                assert_eq!(
                    *value,
                    expected,
                    "{} of {} after stage {}",
                    table.id,
                    line.who,
                    k + 1
                );
            }
        }
        // The jersey after each stage is on its holder's line.
        for (k, holder) in series.holders.iter().enumerate() {
            let held = tables[k].holder_row().map(key_of);
            assert_eq!(
                holder.map(|h| series.lines[h].who.clone()),
                held.filter(|h| lines.contains(h)),
                "{}'s jersey after stage {}",
                table.id,
                k + 1
            );
        }
        charted += 1;
    }
    assert!(charted >= 3, "general, points and mountains at least");
    // The general classification's leader lies on 0 every stage it leads, and the gaps moved.
    let general = chart_series(&after_each("card-race", &done, "general"), TOP);
    assert_eq!(general.kind, ChartKind::Gap);
    assert_eq!(general.lines[0].values.last(), Some(&Some(0)));
    assert!(
        general
            .lines
            .iter()
            .any(|l| l.values.windows(2).any(|w| w[0] != w[1]))
    );
    let points = chart_series(&after_each("card-race", &done, "points"), TOP);
    assert_eq!(points.kind, ChartKind::Points);
    // Points only ever add up.
    for line in &points.lines {
        let got: Vec<i64> = line.values.iter().flatten().copied().collect();
        assert!(got.windows(2).all(|w| w[0] <= w[1]), "{got:?}");
    }
}

#[test]
fn a_rider_who_left_is_not_charted_and_no_point_is_made_up() {
    let mut done = tour_results(3, 7);
    // A rider abandons in stage 2, and is not at the start of stage 3.
    let leaver = done[1].riders[5].rider.clone();
    for (n, stage) in done[1..].iter_mut().enumerate() {
        if n == 0 {
            let r = stage.riders.iter_mut().find(|r| r.rider == leaver).unwrap();
            r.outcome = Outcome::Abandoned;
            r.place = None;
        } else {
            stage.riders.retain(|r| r.rider != leaver);
        }
        let mut place = 0;
        for r in stage.riders.iter_mut().filter(|r| r.place.is_some()) {
            place += 1;
            r.place = Some(place);
        }
        for line in &mut stage.sprints {
            line.order.retain(|k| *k != leaver);
        }
        for summit in &mut stage.summits {
            summit.order.retain(|k| *k != leaver);
        }
    }
    let tables: Vec<Classification> = after_each("card-race", &done, "general");
    // Out of the general after stage 2 (the game's rule), so not one of the chart's lines.
    for table in &tables[1..] {
        assert!(table.rows.iter().all(|r| r.rider.as_ref() != Some(&leaver)));
    }
    assert!(
        tables[0]
            .rows
            .iter()
            .any(|r| r.rider.as_ref() == Some(&leaver))
    );
    let series = chart_series(&tables, 12);
    assert_eq!(series.lines.len(), 11);
    assert!(series.lines.iter().all(|l| l.who != leaver.to_string()));
    // Every value is the engine's gap, and none is made up for a stage a rider was not in.
    for line in &series.lines {
        for (k, v) in line.values.iter().enumerate() {
            let row = tables[k].rows.iter().find(|r| key_of(r) == line.who);
            assert_eq!(v.is_some(), row.is_some());
        }
    }
}

#[test]
fn a_chart_decodes_at_its_size_in_every_language() {
    let done = tour_results(5, 42);
    let save = std::env::var("COMMISSAIRE_SAVE_PNG").ok();
    for language in [Language::En, Language::Fr, Language::Nl] {
        for id in ["general", "points", "mountains"] {
            let tables = after_each("card-race", &done, id);
            let scene = speaking(language, || {
                ChartScene::new(&tables, &|team| {
                    TOUR_TEAMS
                        .iter()
                        .position(|t| *t == team)
                        .map(commissaire_render::palette::team)
                })
            });
            assert_eq!(scene.series.lines.len(), TOP.min(tables[4].rows.len()));
            let png = speaking(language, || render_chart(&scene)).unwrap();
            let img = image::load_from_memory(&png).unwrap().to_rgb8();
            assert_eq!(img.dimensions(), (900, chart_height(&scene)));
            assert!(png.len() < 400_000, "{} bytes", png.len());
            // Drawn in the teams' colours: the first team's blue shows.
            let blue = image::Rgb([0, 114, 178]);
            assert!(
                img.pixels().filter(|p| **p == blue).count() > 200,
                "{id} has no line in the first team's colour"
            );
            // The same scene, the same bytes.
            assert_eq!(speaking(language, || render_chart(&scene)).unwrap(), png);
            if let Some(dir) = &save {
                std::fs::create_dir_all(dir).unwrap();
                std::fs::write(format!("{dir}/chart-{id}-{}.png", language.code()), &png).unwrap();
            }
        }
    }
    // The words are the catalogue's, in the reader's language.
    let tables = after_each("card-race", &done, "general");
    let fr = speaking(Language::Fr, || ChartScene::new(&tables, &|_| None));
    let nl = speaking(Language::Nl, || ChartScene::new(&tables, &|_| None));
    assert_eq!(fr.x_label, "Étape");
    assert_eq!(nl.x_label, "Etappe");
    assert!(fr.title.contains("étape par étape"), "{}", fr.title);
    assert!(nl.subtitle.contains("na etappe 5"), "{}", nl.subtitle);
}
