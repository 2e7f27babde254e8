//! The rules tables of Maillot Jaune, each in one place with the rulebook section it restates
//! (seed 002, the French rulebook of 1979), and the default roster of nine riders (G-01).

use serde::{Deserialize, Serialize};

/// Two six-sided dice thrown together, kept as the pair (MJ-001): a double reads its own row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pair {
    pub a: u8,
    pub b: u8,
}

impl Pair {
    pub fn total(self) -> u8 {
        self.a + self.b
    }
    pub fn is_double(self) -> bool {
        self.a == self.b
    }
}

/// What one line of the risky-escape table says for an escape of some cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "units")]
pub enum Price {
    /// So many units, energy first, then form (MJ-028).
    Cost(u8),
    /// A puncture: no cost is read, the rider loses a turn (MJ-037, MJ-059).
    Puncture,
}

/// A line of the table: the cost for 1, 2, 3 or 4 cells, or a puncture whatever the cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Line {
    Costs([u8; 4]),
    Puncture,
}

// Seed 002, "Tableau d'échappée 'Avec Risques'" (MJ-058): a double reads its own line ("1/1"
// … "6/6"); any other roll reads the line of its total (ruling G-03). The columns are the
// cells of the escape, 1 to 4.
const DOUBLES: [Line; 6] = [
    Line::Costs([0, 1, 2, 3]), // 1/1 (total 2)
    Line::Costs([0, 0, 0, 1]), // 2/2 (total 4)
    Line::Puncture,            // 3/3 (total 6)
    Line::Puncture,            // 4/4 (total 8)
    Line::Puncture,            // 5/5 (total 10)
    Line::Costs([0, 1, 2, 3]), // 6/6 (total 12)
];
/// Totals 3 to 11 of two different faces (2 and 12 are doubles only).
const TOTALS: [Line; 9] = [
    Line::Costs([3, 4, 5, 6]), // 3
    Line::Costs([2, 3, 4, 5]), // 4
    Line::Costs([3, 4, 5, 6]), // 5
    Line::Costs([2, 3, 4, 5]), // 6
    Line::Costs([0, 0, 0, 0]), // 7
    Line::Costs([2, 3, 4, 5]), // 8
    Line::Costs([3, 4, 5, 6]), // 9
    Line::Costs([0, 0, 1, 2]), // 10
    Line::Costs([4, 5, 6, 7]), // 11
];

/// The most cells a risky escape may have (MJ-026).
pub const MAX_RISKY: u8 = 4;

/// The price of a risky escape of `cells` (1 to 4) on `roll` (MJ-027, MJ-058). A double of a
/// face in `puncture_pairs` punctures (G-04: the table marks 3, 4 and 5; an admin may drop one,
/// the line then reads as the total's).
pub fn risky_price(roll: Pair, cells: u8, puncture_pairs: &[u8]) -> Price {
    let column = cells.clamp(1, MAX_RISKY) as usize - 1;
    let line = if roll.is_double() {
        if puncture_pairs.contains(&roll.a) {
            Line::Puncture
        } else {
            match DOUBLES[roll.a as usize - 1] {
                // A puncture double an admin turned off reads its total's line.
                Line::Puncture => TOTALS[roll.total() as usize - 3],
                line => line,
            }
        }
    } else {
        TOTALS[roll.total() as usize - 3]
    };
    match line {
        Line::Costs(c) => Price::Cost(c[column]),
        Line::Puncture => Price::Puncture,
    }
}

/// The table as a director reads it before choosing a risky escape: each line (a double as
/// "1+1", a total as "3"), with the price for 1, 2, 3 and 4 cells, in the book's order.
pub fn price_lines(puncture_pairs: &[u8]) -> Vec<(String, [Price; 4])> {
    let mut rolls: Vec<(String, Pair)> = Vec::new();
    for total in 2..=12u8 {
        if total % 2 == 0 {
            let face = total / 2;
            rolls.push((format!("{face}+{face}"), Pair { a: face, b: face }));
        }
        if (3..=11).contains(&total) {
            let a = total.saturating_sub(6).max(1);
            rolls.push((total.to_string(), Pair { a, b: total - a }));
        }
    }
    rolls
        .into_iter()
        .map(|(name, roll)| {
            let prices = [1, 2, 3, 4].map(|n| risky_price(roll, n, puncture_pairs));
            (name, prices)
        })
        .collect()
}

/// Energy on the dial at the start of every stage (MJ-005, MJ-023).
pub const FULL_ENERGY: u8 = 6;
/// Form at the start of the tour, never refilled (MJ-005, MJ-031).
pub const FULL_FORM: u8 = 20;
/// At most nine riders in a race: nine cards (MJ-002).
pub const MAX_RIDERS: usize = 9;
/// Cells of a stage (MJ-006): two stretches of 14.
pub const STAGE_ROWS: u16 = 28;
pub const STRETCH_ROWS: u16 = 14;

/// A rider card: stars (1 to 3) on each terrain (MJ-008).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub name: String,
    pub flat: u8,
    pub climb: u8,
    pub descent: u8,
}

impl Card {
    fn new(name: &str, flat: u8, climb: u8, descent: u8) -> Card {
        Card {
            name: name.into(),
            flat,
            climb,
            descent,
        }
    }
    pub fn total(&self) -> u8 {
        self.flat + self.climb + self.descent
    }
}

/// The default roster (G-01, `[[riders]]`): the book's ratings where it gives them (Renault
/// whole; La Providence, La Bonnal and Vandamme on the flat), ours elsewhere, so that every
/// rider has one terrain at 3, one at 2, one at 1 and every terrain three riders of each.
pub fn default_roster() -> Vec<Card> {
    vec![
        Card::new("Renault", 2, 3, 1),
        Card::new("La Providence", 3, 1, 2),
        Card::new("La Bonnal", 2, 1, 3),
        Card::new("Vandamme", 1, 2, 3),
        Card::new("PTT", 1, 3, 2),
        Card::new("La Redoute", 3, 2, 1),
        Card::new("Agfa", 3, 2, 1),
        Card::new("Noël", 2, 1, 3),
        Card::new("Rider 9", 1, 3, 2),
    ]
}

/// Why a roster cannot be used (MJ-004, G-01).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RosterError {
    #[error("rider '{name}' has {value} stars on the {terrain}: give 1, 2 or 3")]
    Stars {
        name: String,
        terrain: &'static str,
        value: u8,
    },
    #[error("the roster has {0} riders: give 1 to 9 (nine cards, MJ-002)")]
    Size(usize),
    #[error("two riders are called '{0}': give each card a name of its own")]
    Twice(String),
}

/// Checks a roster as MJ-004 asks: every rating 1 to 3, at most nine cards, names unique. The
/// book says every rider starts with the same chance; unequal totals are allowed with a
/// warning (returned), which the bot tells the admin.
pub fn validate_roster(cards: &[Card]) -> Result<Vec<String>, RosterError> {
    if cards.is_empty() || cards.len() > MAX_RIDERS {
        return Err(RosterError::Size(cards.len()));
    }
    for (i, c) in cards.iter().enumerate() {
        for (terrain, value) in [("flat", c.flat), ("climb", c.climb), ("descent", c.descent)] {
            if !(1..=3).contains(&value) {
                return Err(RosterError::Stars {
                    name: c.name.clone(),
                    terrain,
                    value,
                });
            }
        }
        if cards[..i].iter().any(|o| o.name == c.name) {
            return Err(RosterError::Twice(c.name.clone()));
        }
    }
    let first = cards[0].total();
    Ok(cards
        .iter()
        .filter(|c| c.total() != first)
        .map(|c| {
            format!(
                "rider '{}' has {} stars in all, '{}' {}: the book wants equal chances (MJ-004)",
                c.name,
                c.total(),
                cards[0].name,
                first
            )
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(a: u8, b: u8) -> Pair {
        Pair { a, b }
    }
    fn costs(roll: Pair) -> Vec<Price> {
        (1..=4).map(|n| risky_price(roll, n, &[3, 4, 5])).collect()
    }
    fn c(v: [u8; 4]) -> Vec<Price> {
        v.iter().map(|&u| Price::Cost(u)).collect()
    }

    #[test]
    fn mj_058_tv_mj_11_seven_costs_nothing() {
        assert_eq!(costs(p(3, 4)), c([0, 0, 0, 0]));
    }

    #[test]
    fn mj_058_tv_mj_12_table_lines() {
        assert_eq!(costs(p(4, 6)), c([0, 0, 1, 2]));
        assert_eq!(costs(p(5, 5)), vec![Price::Puncture; 4]);
        assert_eq!(costs(p(2, 2)), c([0, 0, 0, 1]));
        assert_eq!(costs(p(1, 3)), c([2, 3, 4, 5]));
    }

    #[test]
    fn mj_058_tv_mj_13_table_lines() {
        assert_eq!(costs(p(6, 6)), c([0, 1, 2, 3]));
        assert_eq!(costs(p(5, 6)), c([4, 5, 6, 7]));
        assert_eq!(costs(p(1, 2)), c([3, 4, 5, 6]));
        assert_eq!(costs(p(2, 4)), c([2, 3, 4, 5]));
        assert_eq!(costs(p(3, 5)), c([2, 3, 4, 5]));
        assert_eq!(costs(p(1, 1)), c([0, 1, 2, 3]));
        assert_eq!(costs(p(2, 3)), c([3, 4, 5, 6]));
        assert_eq!(costs(p(3, 6)), c([3, 4, 5, 6]));
        assert_eq!(costs(p(1, 5)), c([2, 3, 4, 5]));
        assert_eq!(costs(p(2, 6)), c([2, 3, 4, 5]));
    }

    #[test]
    fn mj_001_g_03_a_double_reads_its_own_line_not_its_total() {
        // 2+2 is a double (0, 0, 0, 1); 1+3 the total 4 (2, 3, 4, 5).
        assert_ne!(costs(p(2, 2)), costs(p(1, 3)));
        assert_eq!(costs(p(3, 1)), costs(p(1, 3)));
    }

    #[test]
    fn mj_037_g_04_three_puncture_doubles_and_an_admin_may_drop_one() {
        let punctures = (1..=6)
            .flat_map(|a| (1..=6).map(move |b| p(a, b)))
            .filter(|&r| risky_price(r, 1, &[3, 4, 5]) == Price::Puncture)
            .count();
        assert_eq!(punctures, 3, "3 ordered rolls in 36");
        assert_eq!(
            risky_price(p(4, 4), 2, &[3, 5]),
            Price::Cost(3),
            "reads total 8"
        );
    }

    #[test]
    fn mj_004_mj_008_g_01_tv_mj_52_the_default_roster_passes() {
        let roster = default_roster();
        assert_eq!(validate_roster(&roster), Ok(vec![]));
        let renault = &roster[0];
        assert_eq!((renault.flat, renault.climb, renault.descent), (2, 3, 1));
        assert_eq!(roster[1].flat, 3, "La Providence flat 3");
        assert_eq!(roster[2].flat, 2, "La Bonnal flat 2");
        assert_eq!(roster[3].flat, 1, "Vandamme flat 1");
        for rating in 1..=3 {
            for t in [|c: &Card| c.flat, |c: &Card| c.climb, |c: &Card| c.descent] {
                assert_eq!(roster.iter().filter(|c| t(c) == rating).count(), 3);
            }
        }
    }

    #[test]
    fn mj_004_tv_mj_52_a_rating_of_four_is_refused_and_unequal_totals_warn() {
        let mut roster = default_roster();
        roster[4].climb = 4;
        assert!(matches!(
            validate_roster(&roster),
            Err(RosterError::Stars { value: 4, .. })
        ));
        let mut roster = default_roster();
        roster.truncate(3);
        roster[2].flat = 3; // totals 6, 6, 7
        let warnings = validate_roster(&roster).unwrap();
        assert_eq!(warnings.len(), 1);
        assert!(warnings[0].contains("La Bonnal"));
    }

    #[test]
    fn mj_058_the_price_lines_are_the_books_fifteen_in_its_order() {
        let lines = price_lines(&[3, 4, 5]);
        let names: Vec<&str> = lines.iter().map(|l| l.0.as_str()).collect();
        assert_eq!(
            names,
            [
                "1+1", "3", "2+2", "4", "5", "3+3", "6", "7", "4+4", "8", "9", "5+5", "10", "11",
                "6+6"
            ]
        );
        assert_eq!(lines[10].1[1], Price::Cost(4), "9 for 2 cells: 4 (MJ-029)");
        assert_eq!(lines[5].1, [Price::Puncture; 4]);
    }

    #[test]
    fn mj_002_at_most_nine_cards() {
        let mut roster = default_roster();
        roster.push(Card::new("Tenth", 2, 2, 2));
        assert_eq!(validate_roster(&roster), Err(RosterError::Size(10)));
    }
}
