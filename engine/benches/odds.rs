//! `/odds` (issue 35): 2,000 playouts from mid-stage, split over two threads as the services
//! play them, for each game's shipped course with bot teams. The goal: at most 0.5 s on two
//! cores. `cargo bench -p commissaire-engine --bench odds`.

use commissaire_engine::course::parse_course_toml;
use commissaire_engine::game::Viewer;
use commissaire_engine::odds::{Sample, Tally, leaders, tally};
use commissaire_engine::tour::StageKind;
use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::json;
use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

const PLAYOUTS: u32 = 2_000;

fn two_threads(s: &Sample) -> Tally {
    let q = s.question();
    let l = leaders(&q).unwrap();
    let half = PLAYOUTS / 2;
    std::thread::scope(|scope| {
        let a = scope.spawn(|| tally(&*s.stage, Viewer::Public, 9, 0..half, &q, &l));
        let b = tally(&*s.stage, Viewer::Public, 9, half..PLAYOUTS, &q, &l);
        a.join().unwrap().merge(&b)
    })
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("odds_2000_playouts");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    for (id, file, text, teams, roster) in [
        (
            "card-race",
            "avenue-corso-paseo.toml",
            include_str!("../../config/courses/card-race/avenue-corso-paseo.toml"),
            4,
            vec![],
        ),
        (
            "velo-master",
            "vm-circuit-d-aurillac.toml",
            include_str!("../../config/courses/velo-master/vm-circuit-d-aurillac.toml"),
            4,
            vec![],
        ),
        (
            "maillot-jaune",
            "mj-etape-1.toml",
            include_str!("../../config/courses/maillot-jaune/mj-etape-1.toml"),
            4,
            vec![json!("rider"), json!("rider")],
        ),
        (
            "hulst",
            "hulst-vlakke-etappe.toml",
            include_str!("../../config/courses/hulst/hulst-vlakke-etappe.toml"),
            4,
            vec![],
        ),
    ] {
        let course = Arc::new(parse_course_toml(text, file).unwrap());
        let mut s = Sample::new(id, course, StageKind::Flat, teams, &roster, 3).unwrap();
        s.halfway().unwrap();
        group.bench_function(id, |b| b.iter(|| black_box(two_threads(&s))));
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
