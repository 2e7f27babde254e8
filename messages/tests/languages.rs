//! The three catalogues say the same things: English, French and Dutch have the same files, the
//! same ids in each, and each message reads the same variables and has the same attributes, so
//! a call that words a message in one language words it in all. A selector that English words
//! case by case (`[fog]`, `[headwind]`) is worded case by case in the others too, and every
//! message renders in every language.

use commissaire_messages::{
    Arg, DUTCH, ENGLISH, FILES, FILES_FR, FILES_NL, FRENCH, Language, Medium,
};
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};

fn others() -> [(Language, &'static [(&'static str, &'static str)]); 2] {
    [(Language::Fr, FILES_FR), (Language::Nl, FILES_NL)]
}

/// Each file's message ids.
fn ids_by_file(files: &[(&str, &str)]) -> BTreeMap<String, BTreeSet<String>> {
    files
        .iter()
        .map(|(name, source)| {
            let resource = fluent_syntax::parser::parse(*source)
                .unwrap_or_else(|(_, e)| panic!("{name}: {e:?}"));
            let ids = resource
                .body
                .iter()
                .filter_map(|entry| match entry {
                    ast::Entry::Message(m) => Some(m.id.name.to_string()),
                    _ => None,
                })
                .collect();
            (name.to_string(), ids)
        })
        .collect()
}

#[test]
fn every_language_has_the_same_files_ids_variables_and_attributes() {
    let english = ids_by_file(FILES);
    let mut problems = Vec::new();
    for (language, files) in others() {
        let catalogue = language.catalogue();
        let theirs = ids_by_file(files);
        assert_eq!(
            english.keys().collect::<Vec<_>>(),
            theirs.keys().collect::<Vec<_>>(),
            "{language}: the same files"
        );
        for (file, ids) in &english {
            for id in ids.difference(&theirs[file]) {
                problems.push(format!("{language}/{file}: missing {id}"));
            }
            for id in theirs[file].difference(ids) {
                problems.push(format!("{language}/{file}: {id} is not in en/{file}"));
            }
        }
        for id in ENGLISH.ids() {
            if !catalogue.has(id) {
                continue;
            }
            if ENGLISH.variables(id) != catalogue.variables(id) {
                problems.push(format!(
                    "{language}: {id} reads {:?}, English {:?}",
                    catalogue.variables(id).unwrap(),
                    ENGLISH.variables(id).unwrap()
                ));
            }
            if ENGLISH.attributes(id) != catalogue.attributes(id) {
                problems.push(format!(
                    "{language}: {id} has attributes {:?}, English {:?}",
                    catalogue.attributes(id).unwrap(),
                    ENGLISH.attributes(id).unwrap()
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// The comparison fails on a missing id, an extra id and a variable that differs.
#[test]
fn the_comparison_sees_a_missing_id_an_extra_id_and_a_different_variable() {
    let english = commissaire_messages::Catalogue::new(
        unic_langid::langid!("en"),
        &[("a.ftl", "a = one { $x }\nb = two\n")],
    )
    .unwrap();
    let other = commissaire_messages::Catalogue::new(
        unic_langid::langid!("fr"),
        &[("a.ftl", "a = un { $y }\nc = trois\n")],
    )
    .unwrap();
    let en: BTreeSet<&str> = english.ids().collect();
    let fr: BTreeSet<&str> = other.ids().collect();
    assert_eq!(en.difference(&fr).collect::<Vec<_>>(), [&"b"]);
    assert_eq!(fr.difference(&en).collect::<Vec<_>>(), [&"c"]);
    assert_ne!(english.variables("a"), other.variables("a"));
}

/// Plural categories, which each language's rules pick from a number: a translation may use
/// other ones than English.
const PLURAL: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// The words each selector of a message chooses on, by variable: `weather: fog`.
fn selector_keys(source: &str) -> BTreeMap<String, BTreeSet<String>> {
    fn pattern(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
        for e in &p.elements {
            if let ast::PatternElement::Placeable { expression } = e {
                expr(expression, out);
            }
        }
    }
    fn expr(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
        match e {
            ast::Expression::Select { selector, variants } => {
                if let ast::InlineExpression::VariableReference { id } = selector {
                    for v in variants {
                        if let ast::VariantKey::Identifier { name } = &v.key
                            && !PLURAL.contains(name)
                        {
                            out.insert(format!("{}: {name}", id.name));
                        }
                    }
                }
                for v in variants {
                    pattern(&v.value, out);
                }
            }
            ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => {
                expr(expression, out)
            }
            ast::Expression::Inline(_) => {}
        }
    }
    let resource = fluent_syntax::parser::parse(source).unwrap();
    let mut out = BTreeMap::new();
    for entry in &resource.body {
        if let ast::Entry::Message(m) = entry {
            let mut keys = BTreeSet::new();
            if let Some(v) = &m.value {
                pattern(v, &mut keys);
            }
            for a in &m.attributes {
                pattern(&a.value, &mut keys);
            }
            out.insert(m.id.name.to_string(), keys);
        }
    }
    out
}

#[test]
fn every_case_english_words_apart_is_worded_apart_in_every_language() {
    let english: BTreeMap<String, BTreeSet<String>> =
        FILES.iter().flat_map(|(_, s)| selector_keys(s)).collect();
    let mut problems = Vec::new();
    for (language, files) in others() {
        let theirs: BTreeMap<String, BTreeSet<String>> =
            files.iter().flat_map(|(_, s)| selector_keys(s)).collect();
        for (id, keys) in &english {
            let Some(their) = theirs.get(id) else {
                continue;
            };
            for key in keys.difference(their) {
                problems.push(format!("{language}: {id} has no case for {key}"));
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// Arguments for every variable of a message: `value` for numbers, its name for text.
fn sample_args(id: &str, n: Option<i64>) -> Vec<(String, Arg<'static>)> {
    ENGLISH
        .variables(id)
        .unwrap()
        .iter()
        .map(|v| {
            let arg = match n {
                Some(n) => Arg::from(n),
                None => Arg::from(format!("<{v}>")),
            };
            (v.clone(), arg)
        })
        .collect()
}

/// Every message renders in every language, for both media, with numbers that pick every plural
/// and with text: no error, no placeable left unworded, never empty unless English is.
#[test]
fn every_message_renders_in_every_language() {
    let mut problems = Vec::new();
    for id in ENGLISH.ids() {
        for n in [None, Some(0), Some(1), Some(2), Some(5), Some(21)] {
            let owned = sample_args(id, n);
            let args: Vec<(&str, Arg)> =
                owned.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
            for medium in [Medium::Discord, Medium::Terminal] {
                let en = ENGLISH.try_format(medium, id, &args);
                for catalogue in [&*ENGLISH, &*FRENCH, &*DUTCH] {
                    match catalogue.try_format(medium, id, &args) {
                        Ok(text) => {
                            if text.contains("{ $")
                                || (text.trim().is_empty()
                                    && !en.as_ref().is_ok_and(|e| e.trim().is_empty()))
                            {
                                problems.push(format!("{id}: '{text}'"));
                            }
                        }
                        Err(e) => problems.push(e),
                    }
                }
            }
        }
    }
    problems.dedup();
    assert!(problems.is_empty(), "{problems:#?}");
}

/// French and Dutch are translations, not copies: most messages read differently from English.
#[test]
fn french_and_dutch_are_translated() {
    for (language, catalogue) in [(Language::Fr, &*FRENCH), (Language::Nl, &*DUTCH)] {
        let mut same = Vec::new();
        let mut total = 0;
        for id in ENGLISH.ids() {
            let owned = sample_args(id, Some(2));
            let args: Vec<(&str, Arg)> =
                owned.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
            let en = ENGLISH.try_format(Medium::Discord, id, &args).unwrap();
            let theirs = catalogue.try_format(Medium::Discord, id, &args).unwrap();
            total += 1;
            if en == theirs {
                same.push(id);
            }
        }
        // Names, marks and numbers read alike ("{ $place }. { $rider } { $time }", "Sprint").
        assert!(
            same.len() * 6 < total,
            "{language}: {} of {total} messages read as in English: {same:?}",
            same.len()
        );
    }
}
