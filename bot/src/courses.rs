//! The shipped courses: TOML files under `config/courses/`, found by file name or course name.
//! The bot reads the files, once, when the library is made; the engine only parses their text.

use commissaire_engine::course::{Course, parse_course_toml};
use std::path::{Path, PathBuf};

pub struct CourseLibrary {
    dir: PathBuf,
    /// Every course file of the folder, by file name: the course, or why it does not load.
    files: Vec<(String, Result<Course, String>)>,
    /// The text of every course file that loads, by file name: what a tour's file carries so
    /// that it can be checked without this folder (issue 35).
    sources: Vec<(String, String)>,
}

impl CourseLibrary {
    /// Reads every course file of `<config_dir>/courses` now; later look-ups touch no file.
    pub fn new(config_dir: &Path) -> Self {
        let dir = config_dir.join("courses");
        let files = read_toml_files(&dir, |text, file| {
            parse_course_toml(text, file).map_err(|e| e.to_string())
        });
        let sources = read_toml_files(&dir, |text, _| Ok(text.to_string()))
            .into_iter()
            .filter_map(|(stem, text)| text.ok().map(|t| (stem, t)))
            .collect();
        CourseLibrary {
            dir,
            files,
            sources,
        }
    }

    /// The text of the course file [`CourseLibrary::find`] finds by `name`, if it loads.
    pub fn source(&self, name: &str) -> Option<String> {
        let wanted = slug(name);
        let stem = self
            .files
            .iter()
            .find(|(stem, _)| slug(stem) == wanted)
            .or_else(|| {
                self.files
                    .iter()
                    .find(|(_, c)| c.as_ref().is_ok_and(|c| slug(&c.name) == wanted))
            })
            .filter(|(_, c)| c.is_ok())
            .map(|(stem, _)| stem)?;
        self.sources
            .iter()
            .find(|(s, _)| s == stem)
            .map(|(_, text)| text.clone())
    }

    /// Finds a course by its file name ("la-haute-montagne") or its name ("La Haute Montagne").
    /// A file that does not load answers with its error when asked for by its file name; any
    /// other name no course has is answered with the nearest name when one is near ("did you
    /// mean"), and the courses that load.
    pub fn find(&self, name: &str) -> Result<Course, String> {
        let wanted = slug(name);
        let by_stem = self.files.iter().find(|(stem, _)| slug(stem) == wanted);
        let by_name = || {
            self.files
                .iter()
                .find(|(_, c)| c.as_ref().is_ok_and(|c| slug(&c.name) == wanted))
        };
        if let Some((_, found)) = by_stem.or_else(by_name) {
            return found.clone();
        }
        let loaded: Vec<(&str, &str)> = self
            .files
            .iter()
            .filter_map(|(stem, c)| c.as_ref().ok().map(|c| (stem.as_str(), c.name.as_str())))
            .collect();
        if loaded.is_empty() {
            if let Some((_, Err(e))) = self.files.iter().find(|(_, c)| c.is_err()) {
                return Err(e.clone());
            }
            return Err(format!(
                "no course files found in {}: run from the project folder or pass --config",
                self.dir.display()
            ));
        }
        let near = commissaire_engine::suggest::nearest(
            name,
            loaded.iter().flat_map(|&(stem, name)| [stem, name]),
        );
        // Names are quoted: a course's own name may hold a comma ("Maillot Jaune, étape 1").
        let known: Vec<String> = loaded.iter().map(|(_, n)| format!("\"{n}\"")).collect();
        let broken = self.problems().len();
        let unread = match broken {
            0 => String::new(),
            1 => " (1 course file does not load: `commissaire check` says why)".to_string(),
            n => format!(" ({n} course files do not load: `commissaire check` says why)"),
        };
        let known = known.join(", ");
        Err(match near {
            Some(near) => format!(
                "there is no course named '{name}': did you mean '{near}'? The courses are: \
                 {known}{unread}"
            ),
            None => format!("there is no course named '{name}'; the courses are: {known}{unread}"),
        })
    }

    /// Why each course file that does not load is left out (its file, its line).
    pub fn problems(&self) -> Vec<String> {
        self.files
            .iter()
            .filter_map(|(_, c)| c.as_ref().err().cloned())
            .collect()
    }

    /// How many course files load.
    pub fn loaded(&self) -> usize {
        self.files.iter().filter(|(_, c)| c.is_ok()).count()
    }
}

/// Every TOML file of a folder, read once and parsed by `parse(text, file name)`, keyed by its
/// file stem in file-name order: the value, or the sentence saying why the file does not load.
pub(crate) fn read_toml_files<T>(
    dir: &Path,
    parse: impl Fn(&str, &str) -> Result<T, String>,
) -> Vec<(String, Result<T, String>)> {
    toml_files(dir)
        .into_iter()
        .map(|file| {
            let stem = file
                .file_stem()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_default();
            let name = file.display().to_string();
            let value = std::fs::read_to_string(&file)
                .map_err(|e| format!("{name}: cannot read the file: {e}"))
                .and_then(|text| parse(&text, &name));
            (stem, value)
        })
        .collect()
}

/// The TOML files of a folder and of its sub-folders one level down (each game keeps its courses
/// in a folder of its own: `courses/<game>/`), sorted by path; none when the folder cannot be
/// read.
pub(crate) fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let entries = |dir: &Path| -> Vec<PathBuf> {
        std::fs::read_dir(dir)
            .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default()
    };
    let is_toml = |p: &PathBuf| p.extension().is_some_and(|x| x == "toml");
    let mut files = Vec::new();
    for path in entries(dir) {
        if path.is_dir() {
            files.extend(
                entries(&path)
                    .into_iter()
                    .filter(|p| p.is_file() && is_toml(p)),
            );
        } else if is_toml(&path) {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// How names are compared: "La Haute Montagne", "la-haute-montagne" and "la haute montagne" are
/// the same course.
pub(crate) fn slug(name: &str) -> String {
    name.trim()
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("courses")).unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join("courses").join(name), text).unwrap();
        }
        dir
    }

    const SHORT: &str = "name = \"Short Hop\"\ntiles = \"au\"\n";

    #[test]
    fn courses_are_read_once_when_the_library_is_made() {
        let dir = folder(&[("short-hop.toml", SHORT)]);
        let library = CourseLibrary::new(dir.path());
        std::fs::remove_dir_all(dir.path().join("courses")).unwrap();
        assert_eq!(library.find("Short Hop").unwrap().name, "Short Hop");
        assert_eq!(library.find("short-hop").unwrap().name, "Short Hop");
    }

    #[test]
    fn a_broken_file_names_itself_and_its_line_but_spares_the_others() {
        let dir = folder(&[
            ("broken.toml", "name = \"B\"\n\ntiles = \"abz\"\n"),
            ("short-hop.toml", SHORT),
        ]);
        let library = CourseLibrary::new(dir.path());
        assert!(library.find("short hop").is_ok());
        let e = library.find("broken").unwrap_err();
        assert!(e.contains("broken.toml, line 3:"), "{e}");
        assert!(e.contains("'z'"), "{e}");
        // Any other unknown name lists the courses that load and says one file does not.
        let e = library.find("nowhere").unwrap_err();
        assert!(
            e.contains("\"Short Hop\" (1 course file does not load"),
            "{e}"
        );
        assert_eq!(library.problems().len(), 1);
        assert!(library.problems()[0].contains("broken.toml, line 3:"));
        assert_eq!(library.loaded(), 1);
    }

    #[test]
    fn an_unknown_name_lists_the_courses() {
        let dir = folder(&[("short-hop.toml", SHORT)]);
        let e = CourseLibrary::new(dir.path()).find("Nowhere").unwrap_err();
        assert_eq!(
            e,
            "there is no course named 'Nowhere'; the courses are: \"Short Hop\""
        );
        // A near name is suggested; a name with a comma stays one item of the list.
        let dir = folder(&[
            ("short-hop.toml", SHORT),
            (
                "mj.toml",
                "name = \"Maillot Jaune, étape 1\"\ntiles = \"au\"\n",
            ),
        ]);
        let e = CourseLibrary::new(dir.path())
            .find("short hip")
            .unwrap_err();
        assert_eq!(
            e,
            "there is no course named 'short hip': did you mean 'short-hop'? The courses are: \
             \"Maillot Jaune, étape 1\", \"Short Hop\""
        );
        let empty = tempfile::tempdir().unwrap();
        let e = CourseLibrary::new(empty.path()).find("x").unwrap_err();
        assert!(e.starts_with("no course files found in"), "{e}");
    }
}
