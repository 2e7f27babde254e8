//! Courses as graphs: the links and places a grid implies, the cell-by-cell notation, and the
//! errors a broken course file gets (file, line, problem).

use commissaire_engine::course::{
    CourseSpec, LinkKind, Place, Pos, SegmentSpec, Terrain, parse_course_toml,
};
use proptest::prelude::*;

fn err(text: &str) -> String {
    parse_course_toml(text, "bad.toml").unwrap_err().to_string()
}

/// A staggered stretch: file 1 sits half a row ahead of file 0, so a cell of file 0 touches two
/// cells of file 1 (one level-ish beside it, one diagonally ahead).
const STAGGERED: &str = r#"name = "Staggered"

[[cell]]
id = "s0"
along = 0
across = 0
markers = ["start"]

[[cell]]
id = "s1"
along = 0.5
across = 1
markers = ["start"]

[[cell]]
id = "a0"
along = 1
across = 0
terrain = "uphill"

[[cell]]
id = "a1"
along = 1.5
across = 1
terrain = "uphill"

[[cell]]
id = "f0"
along = 2
across = 0
markers = ["finish"]

[[cell]]
id = "f1"
along = 2.5
across = 1
markers = ["finish"]

[[link]]
from = "s0"
to = "a0"
kind = "forward"

[[link]]
from = "s0"
to = "s1"
kind = "side"

[[link]]
from = "s1"
to = "a1"
kind = "forward"

[[link]]
from = "s0"
to = "a1"
kind = "diagonal"

[[link]]
from = "a0"
to = "f0"
kind = "forward"

[[link]]
from = "a1"
to = "f1"
kind = "forward"

[[link]]
from = "a0"
to = "a1"
kind = "side"
"#;

fn cell(course: &commissaire_engine::course::Course, id: &str) -> Pos {
    course
        .find_cell(id)
        .unwrap_or_else(|| panic!("no cell {id}"))
}

#[test]
fn a_course_of_cells_keeps_its_places_and_written_links() {
    let c = parse_course_toml(STAGGERED, "staggered.toml").unwrap();
    assert_eq!(c.cell_count(), 6);
    // Cells level with each other form a row: here every cell is alone at its place along.
    assert_eq!(c.row_count(), 6);
    let s0 = cell(&c, "s0");
    let s1 = cell(&c, "s1");
    let a0 = cell(&c, "a0");
    let a1 = cell(&c, "a1");
    assert_eq!(
        c.place(s1),
        Some(Place {
            along: 0.5,
            across: 1.0
        })
    );
    assert_eq!(c.ahead(s0), Some(a0));
    assert_eq!(c.diagonals_ahead(s0).collect::<Vec<_>>(), vec![a1]);
    // Side links work both ways, and "left" is the side further from lane 0.
    assert_eq!(c.beside(s1).collect::<Vec<_>>(), vec![s0]);
    assert_eq!(c.left_of(s0), Some(s1));
    assert_eq!(c.left_of(s1), None);
    assert_eq!(c.left_of(a0), Some(a1));
    assert_eq!(c.cell_id(a1), "a1");
    assert_eq!(c.start_cells(), vec![s1, s0], "front of the start first");
    assert_eq!(c.finish_row(), cell(&c, "f0").row);
    assert!(c.is_past_line(cell(&c, "f1").row));
    assert_eq!(c.terrain(a0.row), Terrain::Uphill);
    assert!(
        c.links(cell(&c, "f0")).is_empty(),
        "the run-out leads nowhere"
    );
}

#[test]
fn a_course_of_cells_grows_its_start_behind_the_first_row() {
    let c = parse_course_toml(STAGGERED, "staggered.toml").unwrap();
    let grown = c.with_start_for(5);
    assert!(grown.start_cells().len() >= 5);
    let back = Pos::new(0, 0);
    assert!(grown.place(back).unwrap().along < 0.0);
    assert_eq!(grown.ahead(back), Some(Pos::new(1, 0)));
    // The written links moved with their cells.
    let s0 = grown.find_cell("s0").unwrap();
    assert_eq!(grown.ahead(s0), grown.find_cell("a0"));
    assert_eq!(grown.finish_row(), grown.find_cell("f0").unwrap().row);
}

#[test]
fn a_grid_has_places_and_links_from_its_rows_and_lanes() {
    // Two lanes, then the three-lane supply zone, then two lanes again.
    let c = parse_course_toml(
        "[[segment]]\nterrain = \"flat\"\nlength = 2\nstart = true\n\
         [[segment]]\nterrain = \"supply\"\nlength = 2\n\
         [[segment]]\nterrain = \"flat\"\nlength = 3\nfinish = true\n",
        "grid.toml",
    )
    .unwrap();
    assert_eq!(
        c.place(Pos::new(3, 2)),
        Some(Place {
            along: 3.0,
            across: 2.0
        })
    );
    assert_eq!(c.ahead(Pos::new(1, 1)), Some(Pos::new(2, 1)));
    assert_eq!(
        c.diagonals_ahead(Pos::new(1, 1)).collect::<Vec<_>>(),
        vec![Pos::new(2, 0), Pos::new(2, 2)]
    );
    // Where the road narrows, lane 2 has nothing straight ahead.
    assert_eq!(c.ahead(Pos::new(3, 2)), None);
    assert_eq!(
        c.diagonals_ahead(Pos::new(3, 2)).collect::<Vec<_>>(),
        vec![Pos::new(4, 1)]
    );
    assert_eq!(
        c.beside(Pos::new(2, 1)).collect::<Vec<_>>(),
        vec![Pos::new(2, 0), Pos::new(2, 2)]
    );
    assert_eq!(c.left_of(Pos::new(2, 1)), Some(Pos::new(2, 2)));
    assert_eq!(c.cell_id(Pos::new(3, 2)), "3/2");
    assert_eq!(c.find_cell("3/2"), Some(Pos::new(3, 2)));
    assert_eq!(c.find_cell("4/2"), None);
}

#[test]
fn a_grid_file_can_add_links_where_a_file_bends() {
    let text = "[[segment]]\nterrain = \"flat\"\nlength = 2\nstart = true\n\
         [[segment]]\nterrain = \"supply\"\nlength = 2\n\
         [[segment]]\nterrain = \"flat\"\nlength = 3\nfinish = true\n\
         [[link]]\nfrom = \"3/2\"\nto = \"4/1\"\nkind = \"forward\"\n";
    let c = parse_course_toml(text, "bend.toml").unwrap();
    assert_eq!(c.ahead(Pos::new(3, 2)), Some(Pos::new(4, 1)));
    // The grid's own links are still there, and a grown start keeps the added link.
    assert_eq!(c.ahead(Pos::new(3, 1)), Some(Pos::new(4, 1)));
    let grown = c.with_start_for(10);
    let extra = grown.row_count() - c.row_count();
    assert_eq!(
        grown.ahead(Pos::new(3 + extra, 2)),
        Some(Pos::new(4 + extra, 1))
    );
    let e = err(&text.replace(
        "from = \"3/2\"\nto = \"4/1\"",
        "from = \"3/1\"\nto = \"4/0\"",
    ));
    assert!(e.starts_with("bad.toml, line 15:"), "{e}");
    assert!(e.contains("already has a cell straight ahead"), "{e}");
    let e = err(&text.replace("\"4/1\"", "\"9/9\""));
    assert!(e.starts_with("bad.toml, line 14:"), "{e}");
    assert!(e.contains("no cell '9/9'") && e.contains("row/lane"), "{e}");
}

/// STAGGERED with one edit, for the errors below.
fn staggered_with(from: &str, to: &str) -> String {
    assert!(STAGGERED.contains(from), "{from}");
    STAGGERED.replacen(from, to, 1)
}

#[test]
fn an_unknown_cell_in_a_link_is_named_with_its_line() {
    let e = err(&staggered_with("to = \"a0\"", "to = \"a9\""));
    assert_eq!(e, "bad.toml, line 41: link 1: there is no cell 'a9'");
}

#[test]
fn a_link_to_itself_is_refused() {
    let e = err(&staggered_with("to = \"s1\"", "to = \"s0\""));
    assert!(e.starts_with("bad.toml, line 46:"), "{e}");
    assert!(e.contains("'s0' cannot link to itself"), "{e}");
}

#[test]
fn a_cell_the_start_cannot_reach_is_refused() {
    // Without its links from s0 and from a1 beside it, a0 is cut off from the start.
    let text = staggered_with(
        "[[link]]\nfrom = \"s0\"\nto = \"a0\"\nkind = \"forward\"\n",
        "",
    )
    .replacen(
        "[[link]]\nfrom = \"a0\"\nto = \"a1\"\nkind = \"side\"\n",
        "",
        1,
    );
    let e = err(&text);
    assert!(e.starts_with("bad.toml, line 15:"), "{e}");
    assert!(
        e.contains("cell 'a0' cannot be reached from the start"),
        "{e}"
    );
}

#[test]
fn a_dead_end_before_the_line_is_refused() {
    // a1 keeps its way in but loses its ways on (f1 is reached from a0 instead).
    let text = staggered_with(
        "[[link]]\nfrom = \"a1\"\nto = \"f1\"\nkind = \"forward\"\n",
        "[[link]]\nfrom = \"a0\"\nto = \"f1\"\nkind = \"diagonal\"\n",
    )
    .replacen(
        "[[link]]\nfrom = \"a0\"\nto = \"a1\"\nkind = \"side\"\n",
        "",
        1,
    );
    let e = err(&text);
    assert!(
        e.contains("from cell 'a1' no link leads on to the finish"),
        "{e}"
    );
    assert!(e.starts_with("bad.toml, line 21:"), "{e}");
}

#[test]
fn no_finish_and_no_start_are_refused() {
    let e = err(&staggered_with("markers = [\"finish\"]", "").replacen(
        "markers = [\"finish\"]",
        "",
        1,
    ));
    assert!(e.contains("no finish"), "{e}");
    let e =
        err(&staggered_with("markers = [\"start\"]", "").replacen("markers = [\"start\"]", "", 1));
    assert!(e.contains("no start area"), "{e}");
    // f0 moved back before a1, which leads onto the line at f1 yet would count as across.
    let e = err(&staggered_with("along = 2\n", "along = 1.4\n"));
    assert!(
        e.contains("cell 'a1' leads onto the finish line at 'f1' but lies level with or past the line's first cell 'f0' (along 1.4)"),
        "{e}"
    );
    assert!(e.starts_with("bad.toml, line 23:"), "{e}");
}

#[test]
fn links_that_cannot_be_meant_are_refused() {
    let e = err(&staggered_with(
        "from = \"a0\"\nto = \"f0\"",
        "from = \"f0\"\nto = \"a0\"",
    ));
    assert!(
        e.contains("'a0' (along 1) is not ahead of 'f0' (along 2)"),
        "{e}"
    );
    let e = err(&staggered_with(
        "to = \"a1\"\nkind = \"diagonal\"",
        "to = \"a1\"\nkind = \"forward\"",
    ));
    assert!(
        e.contains("'s0' already has a cell straight ahead ('a0')"),
        "{e}"
    );
    let e = err(&format!(
        "{STAGGERED}\n[[link]]\nfrom = \"s1\"\nto = \"s0\"\nkind = \"side\"\n"
    ));
    assert!(e.contains("'s1' already links to 's0' (side)"), "{e}");
    let e = err(&staggered_with("kind = \"side\"", "kind = \"sideways\""));
    assert!(e.contains("sideways") && e.contains("forward"), "{e}");
}

#[test]
fn cells_that_collide_or_repeat_are_refused() {
    let e = err(&staggered_with("id = \"s1\"", "id = \"s0\""));
    assert!(e.starts_with("bad.toml, line 10:"), "{e}");
    assert!(e.contains("'s0' is used twice"), "{e}");
    let e = err(&staggered_with(
        "along = 0.5\nacross = 1",
        "along = 0\nacross = 0",
    ));
    assert!(e.contains("are both at along 0, across 0"), "{e}");
    let e = err(&staggered_with("along = 0.5", "along = -1"));
    assert!(
        e.contains("along must be a number from 0 to 400, not -1"),
        "{e}"
    );
    let e = err(&staggered_with("id = \"s1\"", "id = \"3/1\""));
    assert!(e.contains("without '/'"), "{e}");
    let e = err(&format!("tiles = \"au\"\n{STAGGERED}").replacen("name = \"Staggered\"", "", 1));
    assert!(e.starts_with("bad.toml, line 1:"), "{e}");
    assert!(e.contains("cannot also have `tiles`"), "{e}");
}

fn segments(runs: &[(Terrain, i64, Option<i64>)]) -> CourseSpec {
    let mut segments = vec![SegmentSpec {
        terrain: Terrain::Flat,
        length: 3,
        lanes: None,
        start: true,
        finish: false,
    }];
    segments.extend(runs.iter().map(|&(terrain, length, lanes)| SegmentSpec {
        terrain,
        length,
        lanes,
        start: false,
        finish: false,
    }));
    segments.push(SegmentSpec {
        terrain: Terrain::Flat,
        length: 3,
        lanes: None,
        start: false,
        finish: true,
    });
    CourseSpec {
        segments,
        ..Default::default()
    }
}

proptest! {
    /// On any grid the links say what row and lane arithmetic says: the card race and every
    /// existing course see the same neighbours as before courses became graphs.
    #[test]
    fn grid_links_match_rows_and_lanes(
        runs in prop::collection::vec(
            (
                prop_oneof![Just(Terrain::Flat), Just(Terrain::Uphill), Just(Terrain::Supply), Just(Terrain::Cobbles)],
                1i64..5,
                prop::option::of(1i64..=6),
            ),
            0..8,
        ),
        riders in 1usize..20,
    ) {
        let course = segments(&runs).build().unwrap().with_start_for(riders);
        let exists = |r: i32, l: i32| {
            r >= 0 && l >= 0 && course.contains(Pos::new(r as u16, l as u8))
        };
        for (pos, cell) in course.cells() {
            let (r, l) = (pos.row as i32, pos.lane as i32);
            prop_assert_eq!(cell.place, Place { along: r as f64, across: l as f64 });
            let at = |r: i32, l: i32| exists(r, l).then(|| Pos::new(r as u16, l as u8));
            prop_assert_eq!(course.ahead(pos), at(r + 1, l));
            prop_assert_eq!(course.left_of(pos), at(r, l + 1));
            let diagonals: Vec<Pos> = [at(r + 1, l - 1), at(r + 1, l + 1)].into_iter().flatten().collect();
            prop_assert_eq!(course.diagonals_ahead(pos).collect::<Vec<_>>(), diagonals);
            let sides: Vec<Pos> = [at(r, l - 1), at(r, l + 1)].into_iter().flatten().collect();
            prop_assert_eq!(course.beside(pos).collect::<Vec<_>>(), sides);
            prop_assert!(course.links(pos).iter().all(|k| k.kind != LinkKind::Forward || k.to.row == pos.row + 1));
            prop_assert_eq!(course.find_cell(&course.cell_id(pos)), Some(pos));
        }
    }
}
