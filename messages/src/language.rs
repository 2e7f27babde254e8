//! The languages the catalogue speaks, and which one a sentence is worded in.
//!
//! Every message exists in English, French and Dutch (`locales/<code>/*.ftl`, the same files
//! and ids in each). Which language a call to [`text`](crate::text) or [`msg!`](crate::msg)
//! words its message in is the *current* language: the one a caller set around the work with
//! [`speaking`] (or [`in_language`] around a future, which keeps it across every `.await`),
//! else the process's default ([`set_language`], English unless told). The engine never
//! chooses: it names messages by id and arguments, and the adapters (Discord, the terminal, the
//! pictures) decide whom they speak to.
//!
//! A message missing from French or Dutch reads in English, and the gap is logged once (see
//! [`format_in`]): a player never reads a raw id because one translation is late.

use crate::catalogue::{Catalogue, DUTCH, ENGLISH, FRENCH};
use crate::{Arg, Medium};
use std::cell::Cell;
use std::collections::BTreeSet;
use std::future::Future;
use std::pin::Pin;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, Ordering};
use std::task::{Context, Poll};

/// A language every message of the catalogue is written in. Stored and serialised by its code.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    #[default]
    En,
    Fr,
    Nl,
}

impl Language {
    /// Every language, English first.
    pub const ALL: [Language; 3] = [Language::En, Language::Fr, Language::Nl];

    /// Its code, as stored with a tour and given on the command line: `en`, `fr`, `nl`.
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Fr => "fr",
            Language::Nl => "nl",
        }
    }

    /// The language of a code or a locale (`fr`, `nl-BE`, `en-GB`, Discord's `en-US`); `None`
    /// for a language the catalogue is not written in.
    pub fn from_code(code: &str) -> Option<Language> {
        let base = code.split(['-', '_']).next().unwrap_or("");
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(base))
    }

    /// Discord's locale for this language, as its `name_localizations` are keyed; `None` for
    /// English, the commands' own language.
    pub fn discord_locale(self) -> Option<&'static str> {
        match self {
            Language::En => None,
            Language::Fr => Some("fr"),
            Language::Nl => Some("nl"),
        }
    }

    /// Its catalogue.
    pub fn catalogue(self) -> &'static Catalogue {
        match self {
            Language::En => &ENGLISH,
            Language::Fr => &FRENCH,
            Language::Nl => &DUTCH,
        }
    }
}

impl std::fmt::Display for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl std::str::FromStr for Language {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Language::from_code(s).ok_or_else(|| format!("'{s}' is not one of en, fr, nl"))
    }
}

static DEFAULT: AtomicU8 = AtomicU8::new(0);

thread_local! {
    /// The language set by [`speaking`] on this thread, while its work runs.
    static SCOPED: Cell<Option<Language>> = const { Cell::new(None) };
}

fn index(language: Language) -> u8 {
    match language {
        Language::En => 0,
        Language::Fr => 1,
        Language::Nl => 2,
    }
}

/// Sets the process's default language, once at start-up (`commissaire demo --lang fr`):
/// the language of every message worded outside a [`speaking`] scope. English unless set.
pub fn set_language(language: Language) {
    DEFAULT.store(index(language), Ordering::Relaxed);
}

/// The language messages are worded in here and now: the innermost [`speaking`] scope's, else
/// the process's default.
pub fn language() -> Language {
    SCOPED
        .with(Cell::get)
        .unwrap_or_else(|| match DEFAULT.load(Ordering::Relaxed) {
            1 => Language::Fr,
            2 => Language::Nl,
            _ => Language::En,
        })
}

/// Puts the previous scope back when dropped, even on a panic.
struct Restore(Option<Language>);

impl Drop for Restore {
    fn drop(&mut self) {
        SCOPED.with(|s| s.set(self.0));
    }
}

fn enter(language: Language) -> Restore {
    Restore(SCOPED.with(|s| s.replace(Some(language))))
}

/// Runs `work` with `language` as the current language: every message it words reads in it.
/// Scopes nest; the outer language is back once `work` returns.
pub fn speaking<R>(language: Language, work: impl FnOnce() -> R) -> R {
    let _restore = enter(language);
    work()
}

/// `future`, worded in `language`: the language is current while the future runs, on whichever
/// thread polls it, and not while it waits (so other tasks on the thread keep theirs).
pub fn in_language<F: Future>(language: Language, future: F) -> Speaking<F> {
    Speaking {
        language,
        future: Box::pin(future),
    }
}

/// A future worded in one language: see [`in_language`].
pub struct Speaking<F> {
    language: Language,
    future: Pin<Box<F>>,
}

impl<F: Future> Future for Speaking<F> {
    type Output = F::Output;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let _restore = enter(self.language);
        self.future.as_mut().poll(cx)
    }
}

/// The messages already reported missing, by language: each gap is logged once.
static REPORTED: Mutex<BTreeSet<(Language, String)>> = Mutex::new(BTreeSet::new());

/// Message `id` in `language` (its attribute `attribute` when it has one), for `medium`. A
/// message missing in that language, or one its translation cannot word, reads in English,
/// logged once; a mistake in English itself panics in debug builds and gives the id in release.
pub fn format_in(
    language: Language,
    medium: Medium,
    id: &str,
    attribute: Option<&str>,
    args: &[(&str, Arg)],
) -> String {
    format_with(language, language.catalogue(), medium, id, attribute, args)
}

/// As [`format_in`], with the catalogue of `language` given: the tests give a catalogue with a
/// gap.
pub fn format_with(
    language: Language,
    catalogue: &Catalogue,
    medium: Medium,
    id: &str,
    attribute: Option<&str>,
    args: &[(&str, Arg)],
) -> String {
    if language != Language::En {
        match catalogue.try_format_as(medium, id, attribute, args) {
            Ok(text) => return text,
            Err(e) if ENGLISH.has(id) => report(language, id, &e),
            // An id English lacks too is the caller's mistake: said below, as in English.
            Err(_) => {}
        }
    }
    match ENGLISH.try_format_as(medium, id, attribute, args) {
        Ok(text) => text,
        Err(e) => {
            debug_assert!(false, "{e}");
            id.to_string()
        }
    }
}

fn report(language: Language, id: &str, error: &str) {
    let mut reported = REPORTED.lock().unwrap_or_else(|e| e.into_inner());
    if reported.insert((language, id.to_string())) {
        tracing::warn!(
            language = language.code(),
            id,
            error,
            "a message is missing in this language: it reads in English"
        );
    }
}

/// Whether the gap of message `id` in `language` was logged: for the tests.
pub fn reported_missing(language: Language, id: &str) -> bool {
    REPORTED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .contains(&(language, id.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::msg;

    #[test]
    fn codes_and_locales_name_the_three_languages() {
        for l in Language::ALL {
            assert_eq!(Language::from_code(l.code()), Some(l));
            assert_eq!(l.code().parse::<Language>(), Ok(l));
        }
        assert_eq!(Language::from_code("en-US"), Some(Language::En));
        assert_eq!(Language::from_code("en-GB"), Some(Language::En));
        assert_eq!(Language::from_code("FR"), Some(Language::Fr));
        assert_eq!(Language::from_code("nl_BE"), Some(Language::Nl));
        assert_eq!(Language::from_code("de"), None);
        assert_eq!(Language::from_code(""), None);
        assert!("es-ES".parse::<Language>().is_err());
    }

    #[test]
    fn a_scope_words_its_messages_and_gives_the_outer_language_back() {
        assert_eq!(language(), Language::En);
        speaking(Language::Fr, || {
            assert_eq!(msg!("board-round", round = 3), "Manche 3");
            speaking(Language::Nl, || {
                assert_eq!(msg!("board-round", round = 3), "Ronde 3");
            });
            assert_eq!(msg!("board-round", round = 3), "Manche 3");
        });
        assert_eq!(msg!("board-round", round = 3), "Round 3");
    }

    #[test]
    fn a_future_keeps_its_language_across_awaits_and_leaves_the_thread_as_it_was() {
        struct Yield(bool);
        impl Future for Yield {
            type Output = ();
            fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
                if self.0 {
                    Poll::Ready(())
                } else {
                    self.0 = true;
                    cx.waker().wake_by_ref();
                    Poll::Pending
                }
            }
        }
        let mut said = in_language(Language::Nl, async {
            let before = msg!("tour-over");
            Yield(false).await;
            (before, msg!("tour-over"))
        });
        let waker = std::task::Waker::noop();
        let mut cx = Context::from_waker(waker);
        let mut out = None;
        for _ in 0..4 {
            if let Poll::Ready(v) = Pin::new(&mut said).poll(&mut cx) {
                out = Some(v);
                break;
            }
            // Between two polls the thread is back to its own language.
            assert_eq!(language(), Language::En);
        }
        let (before, after) = out.expect("ready");
        assert_eq!(before, "de tour is voorbij");
        assert_eq!(after, "de tour is voorbij");
    }

    #[test]
    fn a_message_missing_in_a_language_reads_in_english_logged_once() {
        let partial = Catalogue::new(
            unic_langid::langid!("fr"),
            &[("a.ftl", "board-round = Manche { $round }\n")],
        )
        .unwrap();
        let said = |id: &str, args: &[(&str, Arg)]| {
            format_with(Language::Fr, &partial, Medium::Discord, id, None, args)
        };
        assert_eq!(said("board-round", &[("round", Arg::from(2))]), "Manche 2");
        assert!(!reported_missing(Language::Fr, "board-round"));
        assert_eq!(said("tour-over", &[]), "the tour is over");
        assert_eq!(said("tour-over", &[]), "the tour is over");
        assert!(reported_missing(Language::Fr, "tour-over"));
        assert_eq!(
            REPORTED
                .lock()
                .unwrap()
                .iter()
                .filter(|(_, id)| id == "tour-over")
                .count(),
            1
        );
    }
}
