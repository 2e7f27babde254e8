//! The user's documentation checked against the program: the scenario examples are run and their
//! output compared byte for byte, every command shown is parsed by the real binary, and the paths
//! and links of README.md, render/README.md and docs/ point at files of this repository.
//!
//! An example is tested when an HTML comment `<!-- readme-test: NAME -->` stands just before its
//! fenced block (the comment does not show on GitHub). The marker may stand in README.md or in
//! any page of docs/, once in all of them together, so an example keeps running wherever the
//! documentation moves it. `scenario-input` is fed to `commissaire scenario -`;
//! `scenario-output` is what it must print.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(root().join(relative))
        .unwrap_or_else(|e| panic!("cannot read {relative}: {e}"))
}

fn readme() -> String {
    read("README.md")
}

/// The most lines README.md may have: it is what a newcomer reads first; reference goes in docs/.
const README_MAX_LINES: usize = 250;

/// README.md and every page of docs/, as (path from the root, text): where tested examples stand.
fn example_pages() -> Vec<(String, String)> {
    user_docs()
        .into_iter()
        .filter(|(page, _)| page == "README.md" || page.starts_with("docs/"))
        .collect()
}

/// README.md, render/README.md and every page of docs/ (with the players' pages in French and
/// Dutch, `docs/fr/` and `docs/nl/`), as (path from the root, text).
fn user_docs() -> Vec<(String, String)> {
    let mut pages = vec!["README.md".to_string(), "render/README.md".to_string()];
    let mut in_docs: Vec<String> = ["docs", "docs/fr", "docs/nl"]
        .iter()
        .flat_map(|folder| {
            std::fs::read_dir(root().join(folder))
                .unwrap_or_else(|e| panic!("a {folder}/ folder: {e}"))
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().to_string())
                .filter(|name| name.ends_with(".md"))
                .map(move |name| format!("{folder}/{name}"))
        })
        .collect();
    in_docs.sort();
    pages.extend(in_docs);
    pages.into_iter().map(|p| (p.clone(), read(&p))).collect()
}

fn run(args: &[&str], stdin: &str, dir: &Path) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_commissaire"))
        .args(args)
        .current_dir(dir)
        .env_remove("COMMISSAIRE_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// The content of the fenced block right after the marker `<!-- readme-test: NAME -->`, each line
/// ending with a newline. Panics unless the marker appears exactly once in README.md and the pages
/// of docs/ together, and a block follows it.
fn marked_block(name: &str) -> String {
    let marker = format!("<!-- readme-test: {name} -->");
    let found: Vec<(String, String, usize)> = example_pages()
        .into_iter()
        .flat_map(|(page, text)| {
            let at: Vec<usize> = text.match_indices(&marker).map(|(at, _)| at).collect();
            at.into_iter()
                .map(move |at| (page.clone(), text.clone(), at))
        })
        .collect();
    assert_eq!(
        found.len(),
        1,
        "README.md and docs/ together should have the marker {marker} exactly once, found in: {:?}",
        found.iter().map(|(page, _, _)| page).collect::<Vec<_>>()
    );
    let (page, text, at) = &found[0];
    let mut lines = text[at + marker.len()..]
        .lines()
        .skip_while(|l| l.trim().is_empty());
    let fence = lines.next().unwrap_or_default();
    assert!(
        fence.starts_with("```"),
        "{page}: the marker {marker} should stand just before a fenced block, not before: {fence}"
    );
    let mut block = String::new();
    for line in lines.by_ref() {
        if line.starts_with("```") {
            return block;
        }
        block.push_str(line);
        block.push('\n');
    }
    panic!("{page}: the block after {marker} is never closed");
}

#[test]
fn the_scenario_example_prints_what_the_readme_shows() {
    let input = marked_block("scenario-input");
    let shown = marked_block("scenario-output");
    let out = run(&["scenario", "-"], &input, &root());
    assert!(
        out.status.success(),
        "the documented scenario is refused: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        printed, shown,
        "the docs show one output for their scenario example, the program prints another"
    );
}

#[test]
fn the_course_file_error_shown_is_the_one_printed() {
    // The documented example: a file config/courses/x.toml whose line 3 has a 'z' as 4th tile.
    let dir = tempfile::tempdir().unwrap();
    let courses = dir.path().join("config/courses");
    std::fs::create_dir_all(&courses).unwrap();
    std::fs::write(
        courses.join("x.toml"),
        "name = \"X\"\nlanes = 2\ntiles = \"abczfim\"\n",
    )
    .unwrap();
    let out = run(
        &["scenario", "-"],
        r#"{"ruleset": "flamme-rouge", "course": "x", "riders": []}"#,
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let message = stderr
        .trim()
        .strip_prefix("commissaire: -: ")
        .unwrap_or_else(|| panic!("unexpected error shape: {stderr}"));
    assert!(
        example_pages()
            .iter()
            .any(|(_, text)| text.contains(&format!("`{message}`"))),
        "README.md or a page of docs/ should show the course-file error as printed: `{message}`"
    );
}

/// Spans of inline code and lines of code blocks, fenced or indented: where commands are shown.
fn code_snippets(text: &str) -> Vec<String> {
    let mut snippets = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || line.starts_with("    ") {
            snippets.push(line.trim().to_string());
        } else {
            snippets.extend(line.split('`').skip(1).step_by(2).map(str::to_string));
        }
    }
    snippets
}

/// A shown command as words, without leading `NAME=value` settings and `[ ]` around options.
fn command_words(snippet: &str) -> Option<Vec<String>> {
    let words: Vec<String> = snippet
        .split_whitespace()
        .skip_while(|w| {
            w.split_once('=').is_some_and(|(name, _)| {
                !name.is_empty() && name.chars().all(|c| c.is_ascii_uppercase() || c == '_')
            })
        })
        .map(|w| w.trim_matches(|c| c == '[' || c == ']').to_string())
        .filter(|w| !w.is_empty())
        .collect();
    match words.first().map(String::as_str) {
        Some("commissaire") | Some("cargo") => Some(words),
        _ => None,
    }
}

/// NAME, DIR, N, GUILD_ID...: a word the reader replaces. "1" is a valid value for all of them.
fn is_placeholder(word: &str) -> bool {
    word.chars().any(|c| c.is_ascii_uppercase())
        && word
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

/// The package name of each workspace member, with its folder.
fn packages() -> Vec<(String, String)> {
    ["engine", "messages", "render", "bot", "tests"]
        .iter()
        .map(|dir| {
            let manifest = read(&format!("{dir}/Cargo.toml"));
            let name = manifest
                .lines()
                .find_map(|l| l.strip_prefix("name = "))
                .expect("a package name")
                .trim_matches('"')
                .to_string();
            (name, dir.to_string())
        })
        .collect()
}

/// Checks a `cargo ...` command's package and target names; returns the arguments it passes to
/// the commissaire binary, if it runs it.
fn check_cargo(words: &[String], page: &str) -> Option<Vec<String>> {
    let packages = packages();
    let split = words.iter().position(|w| w == "--");
    let (cargo, passed) = match split {
        Some(at) => (&words[..at], Some(words[at + 1..].to_vec())),
        None => (words, None),
    };
    let mut dir = "bot".to_string();
    let mut runs_example = false;
    for pair in cargo.windows(2) {
        let value = &pair[1];
        match pair[0].as_str() {
            "-p" | "--package" => {
                dir = packages
                    .iter()
                    .find(|(name, _)| name == value)
                    .unwrap_or_else(|| panic!("{page}: `{}` names no package", words.join(" ")))
                    .1
                    .clone();
            }
            kind @ ("--example" | "--bench" | "--test") => {
                runs_example |= kind == "--example";
                let folder = match kind {
                    "--example" => "examples",
                    "--bench" => "benches",
                    _ => "tests",
                };
                // A target is a file, or a folder with its `main.rs`.
                let file = root().join(format!("{dir}/{folder}/{value}.rs"));
                let folder_main = root().join(format!("{dir}/{folder}/{value}/main.rs"));
                assert!(
                    file.exists() || folder_main.exists(),
                    "{page}: `{}` names a {folder} that does not exist",
                    words.join(" ")
                );
            }
            _ => {}
        }
    }
    let runs_binary = cargo.get(1).is_some_and(|w| w == "run") && dir == "bot" && !runs_example;
    if runs_binary { passed } else { None }
}

#[test]
fn every_command_shown_is_one_the_binary_accepts() {
    let mut seen_subcommands = Vec::new();
    let mut checked = 0;
    for (page, text) in user_docs() {
        for snippet in code_snippets(&text) {
            let Some(words) = command_words(&snippet) else {
                continue;
            };
            let args = if words[0] == "cargo" {
                match check_cargo(&words, &page) {
                    Some(args) => args,
                    None => continue,
                }
            } else {
                words[1..].to_vec()
            };
            let mut args: Vec<String> = args
                .into_iter()
                .map(|w| if is_placeholder(&w) { "1".into() } else { w })
                .collect();
            if let Some(sub) = args.first() {
                seen_subcommands.push(sub.clone());
            }
            args.push("--help".into());
            let refs: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = run(&refs, "", &root());
            assert!(
                out.status.success(),
                "{page}: `{snippet}` is not accepted by the binary: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            checked += 1;
        }
    }
    assert!(
        checked >= 5,
        "only {checked} commands found: the extraction broke"
    );
    // Every subcommand the binary offers is shown at least once.
    let help = String::from_utf8(run(&["--help"], "", &root()).stdout).unwrap();
    let offered: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .expect("a list of commands")
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    for name in offered {
        assert!(
            seen_subcommands.iter().any(|s| s == name),
            "neither README.md nor docs/ shows a `commissaire {name}` command"
        );
    }
}

/// Folders at the root of the repository: a code span starting with one of them is a path.
const TOP_FOLDERS: [&str; 8] = [
    "engine/",
    "messages/",
    "render/",
    "bot/",
    "tests/",
    "migrations/",
    "config/",
    "docs/",
];

#[test]
fn every_path_in_backquotes_exists() {
    for (page, text) in user_docs() {
        for snippet in code_snippets(&text) {
            for word in snippet.split_whitespace() {
                let word = word.trim_matches(|c: char| ",.;:()\"'".contains(c));
                if !TOP_FOLDERS.iter().any(|top| word.starts_with(top))
                    || word.contains(['*', '<'])
                    // Made-up files: the subjects of the course-file error examples.
                    || ["config/courses/x.toml", "config/courses/y.toml"].contains(&word)
                {
                    continue;
                }
                assert!(
                    root().join(word).exists(),
                    "{page} names `{word}`, which does not exist"
                );
            }
        }
    }
}

/// The targets of `[text](target)` links.
fn link_targets(text: &str) -> Vec<String> {
    text.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &text[at + 2..];
            rest.find(')').map(|end| rest[..end].trim().to_string())
        })
        .collect()
}

#[test]
fn docs_link_only_to_files_of_the_repository() {
    for (page, text) in user_docs() {
        assert!(
            !text.contains("../shared"),
            "{page} points outside the repository (../shared): restate what is needed in docs/"
        );
        let dir = root().join(Path::new(&page).parent().unwrap());
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with('#') || target.starts_with("mailto:") {
                continue;
            }
            let file = target.split('#').next().unwrap();
            assert!(
                dir.join(file).exists(),
                "{page} links to {target}, which does not exist"
            );
            let inside = dir.join(file).canonicalize().unwrap();
            assert!(
                inside.starts_with(root().canonicalize().unwrap()),
                "{page} links to {target}, outside the repository"
            );
        }
    }
    let readme_links = link_targets(&readme());
    for (page, _) in user_docs() {
        if let Some(name) = page.strip_prefix("docs/") {
            assert!(
                readme_links.iter().any(|t| t == &format!("docs/{name}")),
                "README.md does not link to docs/{name}"
            );
        }
    }
}

#[test]
fn the_readme_stays_short() {
    let lines = readme().lines().count();
    assert!(
        lines < README_MAX_LINES,
        "README.md has {lines} lines: keep it under {README_MAX_LINES} and move reference into docs/"
    );
}

#[test]
fn no_comment_sends_contributors_outside_the_repository() {
    fn walk(dir: &Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap().filter_map(|e| e.ok()) {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|x| x == "rs" || x == "md") {
                let text = std::fs::read_to_string(&path).unwrap();
                for (n, line) in text.lines().enumerate() {
                    if ["shared/rules", "shared/seeds", "design.md"]
                        .iter()
                        .any(|s| line.contains(s))
                    {
                        found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
                    }
                }
            }
        }
    }
    let mut found = Vec::new();
    for folder in ["engine", "render", "bot/src"] {
        walk(&root().join(folder), &mut found);
    }
    assert!(
        found.is_empty(),
        "cite docs/ (or a seed by its number and section) instead of files outside the repository:\n{}",
        found.join("\n")
    );
}
