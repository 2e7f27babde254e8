//! The tour's charts through the services (issue 36): a stage's result post carries, from
//! stage 2 on, the charts of the classifications whose standings it shows, drawn from the
//! standings after each stage as the store holds them; `/standings chart:True` answers with one.

mod common;

use commissaire::services::{Picture, Reply};
use commissaire::store::{results, teams, tours};
use commissaire_engine::registry;
use commissaire_render::chart::{TOP, chart_height};
use commissaire_render::{ChartScene, palette, render_chart};
use common::*;

/// A PNG's width and height, from its header (IHDR comes first, its width at byte 16).
fn png_size(png: &[u8]) -> (u32, u32) {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n") && &png[12..16] == b"IHDR");
    let at = |i: usize| u32::from_be_bytes([png[i], png[i + 1], png[i + 2], png[i + 3]]);
    (at(16), at(20))
}

/// Every reply of a call, its follow-ups included, in order.
fn replies(reply: &Reply) -> Vec<&Reply> {
    let mut all = vec![reply];
    for f in &reply.followups {
        all.extend(replies(f));
    }
    all
}

fn charts(reply: &Reply) -> Vec<(u32, String)> {
    replies(reply)
        .into_iter()
        .flat_map(|r| &r.pictures)
        .filter_map(|p| match p {
            Picture::Chart {
                after_stage,
                classification,
                ..
            } => Some((*after_stage, classification.clone())),
            _ => None,
        })
        .collect()
}

/// The chart of `id` after `after` stages as the render crate draws it from the standings after
/// each stage (the stored results up to it, classified through the registry), in the teams'
/// colours: what the post must carry.
async fn expected_chart(s: &commissaire::services::Services, id: &str, after: usize) -> Vec<u8> {
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::latest_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    let done = results::list(&mut conn, tour.id).await.unwrap();
    let team_rows = teams::list(&mut conn, tour.id).await.unwrap();
    let after_each: Vec<_> = (1..=after)
        .map(|k| {
            registry::classify(&tour.ruleset, &done[..k], &tour.options)
                .unwrap()
                .get(id)
                .unwrap()
                .clone()
        })
        .collect();
    // The teams' colours as every picture draws them: chosen, then made distinct.
    let chosen: Vec<palette::Colour> = team_rows
        .iter()
        .enumerate()
        .map(|(seat, t)| palette::team(palette::team_index(&t.colour).unwrap_or(seat)))
        .collect();
    let drawn = commissaire_render::vision::distinct_team_colours(&chosen);
    let colour = |name: &str| {
        let seat = team_rows.iter().position(|t| t.name == name)?;
        Some(drawn[seat])
    };
    let scene = ChartScene::new(&after_each, &colour);
    let ranked = after_each.last().unwrap().rows.len();
    assert_eq!(scene.series.lines.len(), TOP.min(ranked));
    render_chart(&scene).unwrap()
}

#[tokio::test]
async fn a_stage_result_carries_its_classifications_charts_from_stage_two_on() {
    let db = Db::new();
    let s = open(&db, &clock()).await.with_pictures(true);
    ok(s.create_tour(&admin(), CHANNEL, settings(4, 36)).await);
    // A tour of bots rides one stage a call.
    let first = ok(s.start(&admin(), CHANNEL).await);
    assert!(
        all_text(&first).contains("Stage 1/7"),
        "{}",
        all_text(&first)
    );
    assert_eq!(
        charts(&first),
        Vec::<(u32, String)>::new(),
        "no chart of one stage"
    );
    let mut second = ok(s.advance(CHANNEL).await);
    let expected: Vec<(u32, String)> = ["general", "points", "mountains"]
        .iter()
        .map(|id| (2, id.to_string()))
        .collect();
    assert_eq!(charts(&second), expected);
    // The post that carries them is the stage's result, with its standings: nine files, within
    // Discord's ten a message.
    s.draw(&mut second).await;
    let post = replies(&second)
        .into_iter()
        .find(|r| r.images.iter().any(|(f, _)| f == "general-chart.png"))
        .expect("a post with the general chart");
    let files: Vec<&str> = post.images.iter().map(|(f, _)| f.as_str()).collect();
    for file in [
        "general.png",
        "general-chart.png",
        "points-chart.png",
        "mountains-chart.png",
        "stage-02-replay.gif",
    ] {
        assert!(files.contains(&file), "{file} in {files:?}");
    }
    assert!(files.len() <= 10, "{files:?}");
    // Drawn from the standings after stages 1 and 2, in the teams' colours.
    for id in ["general", "points", "mountains"] {
        let file = format!("{id}-chart.png");
        let (_, png) = post.images.iter().find(|(f, _)| *f == file).unwrap();
        assert!(
            *png == expected_chart(&s, id, 2).await,
            "{file} is not the chart of the standings after each stage"
        );
        assert_eq!(png_size(png).0, 900);
    }

    // On demand: `/standings chart:True` after stage 3, one classification's chart.
    ok(s.advance(CHANNEL).await);
    let asked = ok(s.standings_one_as(CHANNEL, Some("points"), true).await);
    let files: Vec<&str> = asked.images.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(files, ["points-chart.png"]);
    assert!(asked.images[0].1 == expected_chart(&s, "points", 3).await);
    // Its words are the standings' own; without the option, the table as before.
    let table = ok(s.standings_one(CHANNEL, Some("points")).await);
    assert_eq!(asked.text, table.text);
    let files: Vec<&str> = table.images.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(files, ["points.png"]);
    // The tour's first classification by default.
    let general = ok(s.standings_one_as(CHANNEL, None, true).await);
    assert_eq!(general.images[0].0, "general-chart.png");
    let scene_height = png_size(&general.images[0].1).1;
    // Ten lines in the legend: the top ten.
    let mut empty = ChartScene::new(&[], &|_| None);
    empty.series.lines = vec![
        commissaire_render::chart::ChartLine {
            who: String::new(),
            team: String::new(),
            rank: 1,
            values: Vec::new(),
        };
        TOP
    ];
    assert_eq!(scene_height, chart_height(&empty));
}
