//! "Did you mean …?": the known name nearest to a misspelt one, for the errors of the files an
//! admin edits (a preset's ruleset or rules, a course, a setting).

/// The name of `known` nearest to `wanted`, when it is near enough to be what was meant: an
/// edit distance (Damerau-Levenshtein, case and separators ignored) of at most a third of the
/// longer name (so none for names under three letters, where one edit is a third of the word).
/// A name that is only unknown (nothing is that near) gets no suggestion: a wild guess helps
/// nobody. Ties go to the first in `known`'s order.
pub fn nearest<'a>(wanted: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let wanted = folded(wanted);
    if wanted.is_empty() {
        return None;
    }
    let mut best: Option<(usize, &str)> = None;
    for name in known {
        let candidate = folded(name);
        if candidate == wanted {
            return Some(name);
        }
        let distance = strsim::damerau_levenshtein(&wanted, &candidate);
        let longer = wanted.chars().count().max(candidate.chars().count());
        let allowed = longer / 3;
        if distance <= allowed && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, name));
        }
    }
    best.map(|(_, name)| name)
}

/// A name as compared: lower case, words joined by one hyphen ("House A", "house_a" and
/// "house-a" are one name).
fn folded(name: &str) -> String {
    name.trim()
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// `"; did you mean 'x'?"` when a name of `known` is near `wanted`, else nothing: a suffix for
/// an error sentence of the configuration files (which speak English, as the files do).
pub fn did_you_mean<'a>(wanted: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    nearest(wanted, known).map_or_else(String::new, |name| format!("; did you mean '{name}'?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_near_name_is_suggested() {
        assert_eq!(nearest("weak", ["week", "grand-tour"]), Some("week"));
        assert_eq!(
            nearest("house-z", ["base", "house-a", "house-b"]),
            Some("house-a")
        );
        assert_eq!(
            nearest("tik_secs", ["tick_secs", "database"]),
            Some("tick_secs")
        );
        assert_eq!(
            nearest("Velo Master", ["velo-master", "hulst"]),
            Some("velo-master")
        );
        // A transposition is one edit.
        assert_eq!(nearest("hlust", ["hulst", "week"]), Some("hulst"));
    }

    #[test]
    fn a_far_name_gets_no_suggestion() {
        assert_eq!(nearest("month", ["week", "grand-tour"]), None);
        assert_eq!(nearest("", ["week"]), None);
        assert_eq!(nearest("ab", ["xy"]), None);
        // Under three letters a single edit is too much of the name to guess from.
        assert_eq!(nearest("ab", ["ax"]), None);
        assert_eq!(nearest("abc", ["abd"]), Some("abd"));
        assert_eq!(nearest("zzzz", std::iter::empty()), None);
    }

    #[test]
    fn the_nearest_of_two_wins_and_a_tie_keeps_the_first() {
        assert_eq!(nearest("house-c", ["house-a", "house-b"]), Some("house-a"));
        assert_eq!(
            nearest("grand-tour-c", ["grand-tour", "grand-tour-a"]),
            Some("grand-tour-a")
        );
        assert_eq!(nearest("weeks", ["week", "weeks"]), Some("weeks"));
    }

    #[test]
    fn the_suffix_reads_as_a_question() {
        assert_eq!(did_you_mean("weak", ["week"]), "; did you mean 'week'?");
        assert_eq!(did_you_mean("month", ["week"]), "");
    }
}
