//! Steep rows (house rules B, TUILES – FORT POURCENTAGE): the black rows of a climb, written in a
//! course file as `steep = [row, ...]` whatever the notation (rows counted as the engine counts
//! them, row 0 the back of the start area). A steep row is a whole row (QB-02), uphill or, for
//! the downhill variants, downhill; it keeps its terrain and carries the `steep` marker. What it
//! does is the card race's business (`card_race::house_b::tiles`), under its options.

use super::parse::{At, SpecError, err};
use super::{Course, Marker, Terrain};

pub(super) fn add_steep(course: &mut Course, rows: &[i64]) -> Result<(), SpecError> {
    for &row in rows {
        let fits = row >= 0 && row < course.finish_row as i64;
        if !fits {
            return Err(err(
                At::Key("steep"),
                format!(
                    "steep row {row} is not a row before the finish line (rows 0 to {}): give the rows of a climb",
                    course.finish_row.saturating_sub(1)
                ),
            ));
        }
        let r = &mut course.rows[row as usize];
        if !matches!(r.terrain(), Terrain::Uphill | Terrain::Downhill) {
            return Err(err(
                At::Key("steep"),
                format!(
                    "steep row {row} is {}, but a steep row lies in a climb or a descent: give an uphill or downhill row",
                    r.terrain().name()
                ),
            ));
        }
        for cell in &mut r.cells {
            if !cell.markers.contains(&Marker::Steep) {
                cell.markers.push(Marker::Steep);
            }
        }
    }
    Ok(())
}

impl Course {
    /// Whether a row is steep (a black row: 2 movement points in a climb under house rules B).
    pub fn is_steep(&self, row: u16) -> bool {
        self.rows
            .get(row as usize)
            .is_some_and(|r| r.cells.iter().any(|c| c.markers.contains(&Marker::Steep)))
    }

    /// Whether the climb whose summit row is `summit`, `length` rows long, has a steep row.
    pub fn climb_is_steep(&self, summit: u16, length: u16) -> bool {
        let from = (summit + 1).saturating_sub(length);
        (from..=summit).any(|r| self.is_steep(r))
    }
}

#[cfg(test)]
mod tests {
    use crate::course::parse_course_toml;

    #[test]
    fn hb_003_steep_rows_are_marked_in_any_notation_and_bad_rows_refused() {
        let c = parse_course_toml("tiles = \"aCu\"\nsteep = [10]\n", "steep.toml").unwrap();
        // 'a' is 6 rows, 'C' 3 flat then 3 uphill (rows 9 to 11).
        assert!(c.is_steep(10));
        assert!(!c.is_steep(9) && !c.is_steep(11));
        assert!(c.climb_is_steep(11, 3));
        let seg = parse_course_toml(
            "[[segment]]\nterrain = \"flat\"\nlength = 4\nstart = true\n[[segment]]\nterrain = \"uphill\"\nlength = 3\n[[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\nsteep = [5]\n",
            "seg.toml",
        );
        // `steep` after a section belongs to it in TOML: it must come before the sections.
        assert!(seg.is_err());
        let seg = parse_course_toml(
            "steep = [5]\n[[segment]]\nterrain = \"flat\"\nlength = 4\nstart = true\n[[segment]]\nterrain = \"uphill\"\nlength = 3\n[[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\n",
            "seg.toml",
        )
        .unwrap();
        assert!(seg.is_steep(5));
        let flat = parse_course_toml("tiles = \"abu\"\nsteep = [8]\n", "f.toml").unwrap_err();
        assert!(flat.to_string().contains("steep row 8 is flat"), "{flat}");
        let past = parse_course_toml("tiles = \"aCu\"\nsteep = [40]\n", "p.toml").unwrap_err();
        assert!(
            past.to_string().contains("not a row before the finish"),
            "{past}"
        );
    }
}
