//! Yellow (neutral) rows of house rules B's fictive start (seed 004, Départ fictif; HB-042,
//! ruling QB-15): written in a course file as `neutral = [row, ...]` whatever the notation (rows
//! counted as the engine counts them, row 0 the back of the start area). The seed never says
//! which cells are yellow, so no row is neutral unless a course marks it; a whole row is, since
//! the card race reads whole rows. What a neutral row does is the card race's business
//! (`card_race::house_b::fictive_start`).

use super::parse::{At, SpecError, err};
use super::{Course, Marker};

pub(super) fn add_neutral(course: &mut Course, rows: &[i64]) -> Result<(), SpecError> {
    for &row in rows {
        let fits = row >= 0 && row < course.finish_row as i64;
        if !fits {
            return Err(err(
                At::Key("neutral"),
                format!(
                    "neutral row {row} is not a row before the finish line (rows 0 to {}): give the rows of the roll-out",
                    course.finish_row.saturating_sub(1)
                ),
            ));
        }
        for cell in &mut course.rows[row as usize].cells {
            if !cell.markers.contains(&Marker::Neutral) {
                cell.markers.push(Marker::Neutral);
            }
        }
    }
    Ok(())
}

impl Course {
    /// Whether a row is neutral (a yellow row of the fictive start, house rules B).
    pub fn is_neutral(&self, row: u16) -> bool {
        self.rows
            .get(row as usize)
            .is_some_and(|r| r.cells.iter().any(|c| c.markers.contains(&Marker::Neutral)))
    }

    /// The neutral rows, back to front.
    pub fn neutral_rows(&self) -> Vec<u16> {
        (0..self.row_count())
            .filter(|&r| self.is_neutral(r))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::course::parse_course_toml;

    #[test]
    fn hb_042_qb_15_neutral_rows_are_marked_in_any_notation_and_bad_rows_refused() {
        let c = parse_course_toml("tiles = \"abu\"\nneutral = [6, 7]\n", "n.toml").unwrap();
        assert_eq!(c.neutral_rows(), [6, 7]);
        assert!(!c.is_neutral(5) && !c.is_neutral(8));
        let seg = parse_course_toml(
            "neutral = [4]\n[[segment]]\nterrain = \"flat\"\nlength = 4\nstart = true\n[[segment]]\nterrain = \"flat\"\nlength = 6\n[[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\n",
            "seg.toml",
        )
        .unwrap();
        assert_eq!(seg.neutral_rows(), [4]);
        let none = parse_course_toml("tiles = \"abu\"\n", "plain.toml").unwrap();
        assert!(
            none.neutral_rows().is_empty(),
            "no row is neutral unless marked"
        );
        let past = parse_course_toml("tiles = \"abu\"\nneutral = [400]\n", "p.toml").unwrap_err();
        assert!(
            past.to_string()
                .contains("neutral row 400 is not a row before the finish line"),
            "{past}"
        );
    }
}
