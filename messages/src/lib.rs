//! Every sentence a player reads, from one message catalogue.
//!
//! The catalogue is Project Fluent: `locales/<language>/*.ftl`, one file per area, compiled into the
//! binary (no file is read at run time) and parsed once, on first use. Code names a message by
//! its id, always as a literal in one call form, so a test can find every id used:
//!
//! ```
//! use commissaire_messages::msg;
//! assert_eq!(msg!("board-round", round = 3), "Round 3");
//! ```
//!
//! Every message exists in English, French and Dutch ([`Language`]); a call words it in the
//! current language, which the adapters set around their work with [`speaking`] or
//! [`in_language`] (see `language.rs`).
//!
//! Arguments are text or numbers ([`Arg`]); a number selects the plural form (`{ $count ->
//! [one] … *[other] … }`). A message may carry a `.terminal` attribute: its wording when the
//! process speaks to a terminal rather than a Discord channel (see [`set_medium`]).
//!
//! A mistake in a call (an id the catalogue lacks, an argument missing or unknown to the
//! message) panics in debug builds and tests, so it cannot pass unnoticed; a release build
//! shows the id instead and carries on.

mod catalogue;
mod command;
mod language;
mod sentence;

pub use catalogue::{Catalogue, DUTCH, ENGLISH, FILES, FILES_FR, FILES_NL, FRENCH};
pub use command::{command, command_for, command_plain, mention};
pub use language::{
    Language, Speaking, format_in, format_with, in_language, language, reported_missing,
    set_language, speaking,
};
pub use sentence::{arg_of_json, sentence, sentence_at_start};

use std::borrow::Cow;
use std::sync::atomic::{AtomicU8, Ordering};

/// One argument of a message: text, or a number (which plural rules can select on).
#[derive(Debug, Clone, PartialEq)]
pub enum Arg<'a> {
    Text(Cow<'a, str>),
    Number(f64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Self {
        Arg::Text(Cow::Borrowed(s))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Self {
        Arg::Text(Cow::Borrowed(s.as_str()))
    }
}

impl From<String> for Arg<'_> {
    fn from(s: String) -> Self {
        Arg::Text(Cow::Owned(s))
    }
}

impl<'a> From<Cow<'a, str>> for Arg<'a> {
    fn from(s: Cow<'a, str>) -> Self {
        Arg::Text(s)
    }
}

impl From<char> for Arg<'_> {
    fn from(c: char) -> Self {
        Arg::Text(Cow::Owned(c.to_string()))
    }
}

impl From<f64> for Arg<'_> {
    fn from(n: f64) -> Self {
        Arg::Number(n)
    }
}

/// Integers stay numbers while an `f64` holds them exactly; beyond (a 64-bit seed) they are
/// written as text, digit for digit.
macro_rules! integer_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                const EXACT: i128 = 1 << 53;
                if (n as i128).abs() <= EXACT {
                    Arg::Number(n as f64)
                } else {
                    Arg::Text(Cow::Owned(n.to_string()))
                }
            }
        }
        impl From<&$t> for Arg<'_> {
            fn from(n: &$t) -> Self {
                Arg::from(*n)
            }
        }
    )*};
}
integer_args!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// Whom the process speaks to. A Discord channel reads Markdown and is told about slash
/// commands, buttons and deadlines; a terminal (`commissaire play`) has none of these, and
/// messages that say so carry a `.terminal` wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Medium {
    Discord,
    Terminal,
}

static MEDIUM: AtomicU8 = AtomicU8::new(0);

/// Sets whom this process speaks to, once at start-up (`commissaire play` says Terminal; the
/// default is Discord). A process speaks to one medium: the services it runs word their
/// replies for it.
pub fn set_medium(medium: Medium) {
    MEDIUM.store(
        match medium {
            Medium::Discord => 0,
            Medium::Terminal => 1,
        },
        Ordering::Relaxed,
    );
}

/// Whom this process speaks to.
pub fn medium() -> Medium {
    match MEDIUM.load(Ordering::Relaxed) {
        1 => Medium::Terminal,
        _ => Medium::Discord,
    }
}

/// The message `id` with its arguments, in the current [`language`] and worded for this
/// process's medium. Prefer [`msg!`], whose literal id the catalogue test finds.
pub fn text(id: &str, args: &[(&str, Arg)]) -> String {
    format_in(language(), medium(), id, None, args)
}

/// The message `id` worded for `medium`, whatever this process speaks to, in the current
/// [`language`]. Prefer [`msg_in!`].
pub fn text_in(medium: Medium, id: &str, args: &[(&str, Arg)]) -> String {
    format_in(language(), medium, id, None, args)
}

/// `msg!("id", name = value, ...)`: the message `id` of the catalogue with its arguments, as a
/// `String`. The id must be a literal: `messages/tests/catalogue.rs` finds every id by this
/// form and checks it against the catalogue.
#[macro_export]
macro_rules! msg {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::text($id, &[$((stringify!($name), $crate::Arg::from($value))),*])
    };
}

/// `msg_in!(medium, "id", name = value, ...)`: as [`msg!`], worded for the medium given.
#[macro_export]
macro_rules! msg_in {
    ($medium:expr, $id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::text_in($medium, $id, &[$((stringify!($name), $crate::Arg::from($value))),*])
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_reads_with_its_arguments_and_no_isolation_marks() {
        let s = msg!("board-round", round = 12);
        assert_eq!(s, "Round 12");
        assert!(!s.contains('\u{2068}'), "no Unicode isolation marks");
    }

    #[test]
    fn numbers_choose_the_plural() {
        assert_eq!(msg!("count-rows", count = 1), "1 row");
        assert_eq!(msg!("count-rows", count = 3), "3 rows");
        assert_eq!(msg!("count-rows", count = 0), "0 rows");
    }

    #[test]
    fn one_row_to_the_line_is_singular() {
        assert_eq!(msg!("board-rows-to-line", count = 1), "1 row to the line");
        assert_eq!(
            msg!("board-rows-to-line", count = 20),
            "20 rows to the line"
        );
    }

    #[test]
    fn places_are_english_ordinals() {
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101]
            .map(|n| msg!("ordinal", n = n))
            .into();
        assert_eq!(
            words,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"
            ]
        );
    }

    #[test]
    fn a_seed_too_large_for_a_float_keeps_every_digit() {
        assert_eq!(
            Arg::from(u64::MAX),
            Arg::Text(Cow::Owned("18446744073709551615".into()))
        );
        assert_eq!(Arg::from(7u64), Arg::Number(7.0));
    }

    #[test]
    #[should_panic(expected = "no message 'no-such-message'")]
    fn an_unknown_id_is_loud_in_tests() {
        let _ = text("no-such-message", &[]);
    }

    #[test]
    #[should_panic(expected = "round")]
    fn a_missing_argument_is_loud_in_tests() {
        let _ = text("board-round", &[]);
    }

    #[test]
    #[should_panic(expected = "does not use")]
    fn an_argument_the_message_does_not_use_is_loud_in_tests() {
        let _ = msg!("board-round", round = 1, lap = 2);
    }

    #[test]
    fn a_name_opening_a_sentence_takes_its_start_wording() {
        use commissaire_engine::registry::Sentence;
        let round = Sentence::round(3);
        assert_eq!(sentence(&round), "round 3");
        assert_eq!(sentence_at_start(&round), "Round 3");
        // A message with no `.start` reads the same anywhere.
        let plain = Sentence {
            id: "board-round",
            args: vec![("round", serde_json::json!(2))],
            text: String::new(),
        };
        assert_eq!(sentence_at_start(&plain), "Round 2");
    }

    #[test]
    fn a_terminal_wording_is_chosen_by_the_medium() {
        let discord = msg_in!(Medium::Discord, "hand-paused");
        let terminal = msg_in!(Medium::Terminal, "hand-paused");
        assert_eq!(
            discord,
            "The tour is paused: choices wait for an admin to resume it."
        );
        assert_eq!(terminal, "The tour is paused.");
        // A message without a terminal wording reads the same in both.
        assert_eq!(
            msg_in!(Medium::Terminal, "board-round", round = 2),
            msg_in!(Medium::Discord, "board-round", round = 2)
        );
    }
}
