//! The shipped courses: TOML files under `config/courses/`, found by file name or course name.

use commissaire_engine::course::{Course, load_course_file};
use std::path::{Path, PathBuf};

pub struct CourseLibrary {
    dir: PathBuf,
}

impl CourseLibrary {
    pub fn new(config_dir: &Path) -> Self {
        CourseLibrary {
            dir: config_dir.join("courses"),
        }
    }

    /// Finds a course by its file name ("la-haute-montagne") or its name ("La Haute Montagne").
    pub fn find(&self, name: &str) -> Result<Course, String> {
        let wanted = slug(name);
        let mut known = Vec::new();
        for file in toml_files(&self.dir) {
            let course = load_course_file(&file).map_err(|e| e.to_string())?;
            let stem = file.file_stem().map(|s| s.to_string_lossy().to_string());
            if stem.as_deref() == Some(wanted.as_str()) || slug(&course.name) == wanted {
                return Ok(course);
            }
            known.push(course.name);
        }
        if known.is_empty() {
            return Err(format!(
                "no course files found in {}: run from the project folder or pass --config",
                self.dir.display()
            ));
        }
        Err(format!(
            "there is no course named '{name}'; the shipped courses are: {}",
            known.join(", ")
        ))
    }
}

/// The TOML files of a folder, sorted by name; none when the folder cannot be read.
pub(crate) fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect()
        })
        .unwrap_or_default();
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
