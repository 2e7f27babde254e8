//! The Fluent bundle: the `.ftl` files compiled in, parsed once.

use crate::{Arg, Medium};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

/// One language's catalogue, by area: the same files in every language. A new `.ftl` file is
/// added here, and written in `locales/en/`, `locales/fr/` and `locales/nl/`.
macro_rules! files {
    ($lang:literal) => {
        &[
            (
                "errors.ftl",
                include_str!(concat!("../locales/", $lang, "/errors.ftl")),
            ),
            (
                "discord.ftl",
                include_str!(concat!("../locales/", $lang, "/discord.ftl")),
            ),
            (
                "tour.ftl",
                include_str!(concat!("../locales/", $lang, "/tour.ftl")),
            ),
            (
                "lobby.ftl",
                include_str!(concat!("../locales/", $lang, "/lobby.ftl")),
            ),
            (
                "admin.ftl",
                include_str!(concat!("../locales/", $lang, "/admin.ftl")),
            ),
            (
                "repechage.ftl",
                include_str!(concat!("../locales/", $lang, "/repechage.ftl")),
            ),
            (
                "terminal.ftl",
                include_str!(concat!("../locales/", $lang, "/terminal.ftl")),
            ),
            (
                "pictures.ftl",
                include_str!(concat!("../locales/", $lang, "/pictures.ftl")),
            ),
            (
                "card-race.ftl",
                include_str!(concat!("../locales/", $lang, "/card-race.ftl")),
            ),
            (
                "velo-master.ftl",
                include_str!(concat!("../locales/", $lang, "/velo-master.ftl")),
            ),
            (
                "maillot-jaune.ftl",
                include_str!(concat!("../locales/", $lang, "/maillot-jaune.ftl")),
            ),
            (
                "hulst.ftl",
                include_str!(concat!("../locales/", $lang, "/hulst.ftl")),
            ),
            (
                "words.ftl",
                include_str!(concat!("../locales/", $lang, "/words.ftl")),
            ),
            (
                "commands.ftl",
                include_str!(concat!("../locales/", $lang, "/commands.ftl")),
            ),
            (
                "record.ftl",
                include_str!(concat!("../locales/", $lang, "/record.ftl")),
            ),
            (
                "replay.ftl",
                include_str!(concat!("../locales/", $lang, "/replay.ftl")),
            ),
            (
                "book.ftl",
                include_str!(concat!("../locales/", $lang, "/book.ftl")),
            ),
            (
                "odds.ftl",
                include_str!(concat!("../locales/", $lang, "/odds.ftl")),
            ),
        ]
    };
}

/// The English catalogue, by area.
pub const FILES: &[(&str, &str)] = files!("en");
/// The French catalogue, by area.
pub const FILES_FR: &[(&str, &str)] = files!("fr");
/// The Dutch catalogue, by area.
pub const FILES_NL: &[(&str, &str)] = files!("nl");

/// The attribute holding a message's wording for a terminal.
const TERMINAL: &str = "terminal";

/// A language's messages, ready to format.
pub struct Catalogue {
    bundle: FluentBundle<FluentResource>,
    /// Every message's variables, over its value and attributes: an argument passed that is
    /// not among them is a mistake in the call.
    variables: BTreeMap<String, BTreeSet<String>>,
    /// Every message's attributes by name (`.terminal`, `.start`).
    attributes: BTreeMap<String, BTreeSet<String>>,
}

/// English, the language every message exists in, and the one a message missing in another
/// language falls back to.
pub static ENGLISH: LazyLock<Catalogue> = LazyLock::new(|| {
    Catalogue::new(unic_langid::langid!("en-GB"), FILES).unwrap_or_else(|e| panic!("{e}"))
});

/// French.
pub static FRENCH: LazyLock<Catalogue> = LazyLock::new(|| {
    Catalogue::new(unic_langid::langid!("fr"), FILES_FR).unwrap_or_else(|e| panic!("{e}"))
});

/// Dutch.
pub static DUTCH: LazyLock<Catalogue> = LazyLock::new(|| {
    Catalogue::new(unic_langid::langid!("nl"), FILES_NL).unwrap_or_else(|e| panic!("{e}"))
});

impl Catalogue {
    /// Parses `files` (name, Fluent source) into one catalogue; an error names the file and
    /// what is wrong with it (a syntax error, an id given twice).
    pub fn new(
        lang: unic_langid::LanguageIdentifier,
        files: &[(&str, &str)],
    ) -> Result<Catalogue, String> {
        let mut bundle = FluentBundle::new_concurrent(vec![lang]);
        // Discord and terminals show the isolation marks around arguments as boxes or spaces.
        bundle.set_use_isolating(false);
        // NUMBER, for ordinals ("2nd").
        bundle
            .add_builtins()
            .map_err(|e| format!("the catalogue's functions: {e:?}"))?;
        let mut variables = BTreeMap::new();
        let mut attributes = BTreeMap::new();
        for (name, source) in files {
            let resource = FluentResource::try_new(source.to_string())
                .map_err(|(_, errors)| format!("messages/{name}: {errors:?}"))?;
            for entry in resource.entries() {
                if let ast::Entry::Message(m) = entry {
                    let mut vars = BTreeSet::new();
                    if let Some(value) = &m.value {
                        pattern_variables(value, &mut vars);
                    }
                    for a in &m.attributes {
                        pattern_variables(&a.value, &mut vars);
                    }
                    variables.insert(m.id.name.to_string(), vars);
                    attributes.insert(
                        m.id.name.to_string(),
                        m.attributes.iter().map(|a| a.id.name.to_string()).collect(),
                    );
                }
            }
            bundle
                .add_resource(resource)
                .map_err(|errors| format!("messages/{name}: {errors:?}"))?;
        }
        Ok(Catalogue {
            bundle,
            variables,
            attributes,
        })
    }

    /// Every message id, sorted.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.variables.keys().map(String::as_str)
    }

    /// The variables message `id` reads, if it exists.
    pub fn variables(&self, id: &str) -> Option<&BTreeSet<String>> {
        self.variables.get(id)
    }

    /// The names of message `id`'s attributes, if it exists.
    pub fn attributes(&self, id: &str) -> Option<&BTreeSet<String>> {
        self.attributes.get(id)
    }

    /// Whether message `id` exists.
    pub fn has(&self, id: &str) -> bool {
        self.variables.contains_key(id)
    }

    /// Message `id` with `args`, for `medium`. A mistake panics in debug builds (tests) and
    /// gives the id in release.
    pub fn format(&self, medium: Medium, id: &str, args: &[(&str, Arg)]) -> String {
        match self.try_format(medium, id, args) {
            Ok(s) => s,
            Err(e) => {
                debug_assert!(false, "{e}");
                id.to_string()
            }
        }
    }

    /// As [`format`](Self::format), with a mistake as an error.
    pub fn try_format(
        &self,
        medium: Medium,
        id: &str,
        args: &[(&str, Arg)],
    ) -> Result<String, String> {
        self.try_format_as(medium, id, None, args)
    }

    /// Message `id` in the wording of its attribute `attribute` when it has one, as
    /// [`format`](Self::format) otherwise. A name put inside other sentences ("Stage 1,
    /// round 3") carries `.start`, its wording when it opens one ("Round 3: ...").
    pub fn format_attribute(
        &self,
        medium: Medium,
        id: &str,
        attribute: &str,
        args: &[(&str, Arg)],
    ) -> String {
        match self.try_format_as(medium, id, Some(attribute), args) {
            Ok(s) => s,
            Err(e) => {
                debug_assert!(false, "{e}");
                id.to_string()
            }
        }
    }

    pub(crate) fn try_format_as(
        &self,
        medium: Medium,
        id: &str,
        attribute: Option<&str>,
        args: &[(&str, Arg)],
    ) -> Result<String, String> {
        let message = self
            .bundle
            .get_message(id)
            .ok_or_else(|| format!("no message '{id}' in the catalogue"))?;
        let known = &self.variables[id];
        let mut fluent = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            if !known.contains(*name) {
                return Err(format!(
                    "message '{id}' does not use the argument '{name}' (it reads {known:?})"
                ));
            }
            let value = match value {
                Arg::Text(s) => FluentValue::from(s.as_ref()),
                Arg::Number(n) => FluentValue::from(*n),
            };
            fluent.set(*name, value);
        }
        let terminal = match medium {
            Medium::Terminal => message.get_attribute(TERMINAL).map(|a| a.value()),
            Medium::Discord => None,
        };
        let pattern = attribute
            .and_then(|name| message.get_attribute(name))
            .map(|a| a.value())
            .or(terminal)
            .or_else(|| message.value())
            .ok_or_else(|| format!("message '{id}' has no value"))?;
        let mut errors = Vec::new();
        let out = self
            .bundle
            .format_pattern(pattern, Some(&fluent), &mut errors);
        if errors.is_empty() && medium == Medium::Terminal {
            // A terminal prints Discord's Markdown as it is: its bold and underline go.
            Ok(out.replace("**", "").replace("__", ""))
        } else if errors.is_empty() {
            Ok(out.into_owned())
        } else {
            Err(format!("message '{id}': {errors:?}"))
        }
    }
}

fn pattern_variables(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for v in variants {
                pattern_variables(&v.value, out);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, out),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_variables(a, out);
            }
            for a in &arguments.named {
                inline_variables(&a.value, out);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, out),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_parses_and_no_id_is_given_twice() {
        assert!(ENGLISH.ids().count() > 0);
    }

    #[test]
    fn an_id_given_twice_is_refused_naming_the_file() {
        let e = Catalogue::new(
            unic_langid::langid!("en-GB"),
            &[("a.ftl", "x = one\n"), ("b.ftl", "x = two\n")],
        )
        .err()
        .expect("refused");
        assert!(e.starts_with("messages/b.ftl"), "{e}");
    }

    #[test]
    fn a_syntax_error_is_refused_naming_the_file() {
        let e = Catalogue::new(unic_langid::langid!("en-GB"), &[("a.ftl", "x = { \n")])
            .err()
            .expect("refused");
        assert!(e.starts_with("messages/a.ftl"), "{e}");
    }
}
