//! The tie-break shared by every classification (ruling QX-09,
//! `docs/rules-card-race.md`): after a clause's own tie-break, the
//! countback of better stage places, then the better general classification, then the lower
//! start number. Never a die roll, so a replayed tour gives the same tables.

use std::cmp::Ordering;

/// Countback of stage places: more stage wins first, then more second places, and so on.
/// `Less` means `a` ranks ahead of `b`.
///
/// Comparing the two lists of places sorted from best to worst does exactly that: at the first
/// place where they differ, the rider with the smaller number has more results of that rank.
/// A rider with fewer places (one brought back by a repêchage, which has no place for the
/// stages it missed) is behind at equal prefix, having fewer results to count.
pub(crate) fn countback(a: &[u32], b: &[u32]) -> Ordering {
    let mut a = a.to_vec();
    let mut b = b.to_vec();
    a.sort_unstable();
    b.sort_unstable();
    for (x, y) in a.iter().zip(&b) {
        match x.cmp(y) {
            Ordering::Equal => {}
            other => return other,
        }
    }
    b.len().cmp(&a.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qx_09_countback_more_wins_first() {
        assert_eq!(countback(&[1, 9], &[2, 2]), Ordering::Less);
        assert_eq!(countback(&[2, 2], &[1, 9]), Ordering::Greater);
    }

    #[test]
    fn qx_09_countback_then_second_places() {
        assert_eq!(countback(&[3, 1], &[1, 2]), Ordering::Greater);
        assert_eq!(countback(&[4, 1, 2], &[2, 5, 1]), Ordering::Less);
    }

    #[test]
    fn qx_09_countback_equal_places_tie() {
        assert_eq!(countback(&[2, 1], &[1, 2]), Ordering::Equal);
        assert_eq!(countback(&[1], &[1, 5]), Ordering::Greater);
    }
}
