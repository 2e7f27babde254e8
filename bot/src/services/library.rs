//! The configuration the services read: tour presets (`config/tours/*.toml`) and courses
//! (`config/courses/*.toml`), both read and checked once at start-up (a stage's finish and start
//! asked for the preset again, which read every preset file under the tour's lock).
//!
//! A file that does not load spoils nothing else: it is left out, kept with the sentence saying
//! why (its file, its line, what to change), which [`Library::problems`] lists for `check` and
//! for every command's start, and which a request for that very file gets. A preset whose stages
//! name a course that does not load is left out with it, so that no tour is set up from it only
//! to fail when that stage starts.

use crate::courses::{CourseLibrary, read_toml_files, slug};
use commissaire_engine::course::Course;
use commissaire_engine::tour::TourPreset;
use commissaire_engine::tour::at_line;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

pub struct Library {
    tours_dir: PathBuf,
    /// Every preset file, by file name, in file-name order: the preset or why it does not load.
    presets: Vec<(String, Result<TourPreset, String>)>,
    courses: CourseLibrary,
    cache: Mutex<HashMap<String, Arc<Course>>>,
}

impl Library {
    pub fn new(config_dir: &Path) -> Self {
        let tours_dir = config_dir.join("tours");
        let courses = CourseLibrary::new(config_dir);
        let presets = read_toml_files(&tours_dir, |text, file| {
            let preset = TourPreset::from_toml(text, file).map_err(|e| e.to_string())?;
            // Every stage's course is there and loads: a tour never meets a missing course
            // half-way.
            for (i, stage) in preset.stages.iter().enumerate() {
                courses.find(&stage.course).map_err(|e| {
                    format!("{file}: {}stage {}: {e}", at_line(text, "course", i), i + 1)
                })?;
            }
            Ok(preset)
        });
        Library {
            tours_dir,
            presets,
            courses,
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// Every file of the configuration that does not load, and why (the file, the line, what
    /// to change), courses first: what `commissaire check` reports and what `serve`, `demo`
    /// and `play` warn of as they start. The files listed are left out; the others work.
    pub fn problems(&self) -> Vec<String> {
        let courses = self
            .courses
            .problems()
            .into_iter()
            .map(|p| commissaire_messages::msg!("library-course-skipped", problem = p));
        let presets = self.presets.iter().filter_map(|(_, p)| {
            p.as_ref()
                .err()
                .map(|p| commissaire_messages::msg!("library-preset-skipped", problem = p.as_str()))
        });
        courses.chain(presets).collect()
    }

    /// How many presets and courses load: what `check` counts when all is well.
    pub fn loaded(&self) -> (usize, usize) {
        (self.presets().len(), self.courses.loaded())
    }

    /// A tour preset by file name (`week`) or by its name (`Tour de la Semaine`).
    /// A preset that does not load is asked for by its file name only: then its error answers.
    pub fn preset(&self, name: &str) -> Result<TourPreset, String> {
        let wanted = slug(name);
        let mut known = Vec::new();
        for (stem, preset) in &self.presets {
            match preset {
                Ok(preset) if slug(stem) == wanted || slug(&preset.name) == wanted => {
                    return Ok(preset.clone());
                }
                Err(e) if slug(stem) == wanted => return Err(e.clone()),
                Ok(_) => known.push(stem.as_str()),
                Err(_) => {}
            }
        }
        if known.is_empty() {
            return Err(commissaire_messages::msg!(
                "library-no-presets",
                folder = self.tours_dir.display().to_string()
            ));
        }
        let names = self
            .presets
            .iter()
            .filter_map(|(stem, p)| Some((stem.as_str(), p.as_ref().ok()?.name.as_str())));
        let near =
            commissaire_engine::suggest::nearest(name, names.flat_map(|(stem, name)| [stem, name]));
        match near {
            Some(near) => Err(commissaire_messages::msg!(
                "library-no-such-preset-near",
                name = name,
                near = near,
                known = known.join(", ")
            )),
            None => Err(commissaire_messages::msg!(
                "library-no-such-preset",
                name = name,
                known = known.join(", ")
            )),
        }
    }

    /// The presets that load, as (file name, tour name, number of stages): what `/tour create`
    /// offers. A preset that does not load is left out here and explained by [`Self::preset`].
    pub fn presets(&self) -> Vec<(String, String, usize)> {
        self.presets
            .iter()
            .filter_map(|(stem, preset)| {
                let preset = preset.as_ref().ok()?;
                Some((stem.clone(), preset.name.clone(), preset.stages.len()))
            })
            .collect()
    }

    /// The text of the course file `name` names, as `course` reads it.
    pub fn course_source(&self, name: &str) -> Option<String> {
        self.courses.source(name)
    }

    pub fn course(&self, name: &str) -> Result<Arc<Course>, String> {
        if let Some(c) = self.cache.lock().expect("course cache").get(name) {
            return Ok(Arc::clone(c));
        }
        let course = Arc::new(self.courses.find(name)?);
        self.cache
            .lock()
            .expect("course cache")
            .insert(name.to_string(), Arc::clone(&course));
        Ok(course)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_read_once_at_start_up() {
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/tours/week.toml");
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("tours")).unwrap();
        let file = dir.path().join("tours/week.toml");
        std::fs::copy(&shipped, &file).unwrap();
        copy_tree(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/courses"),
            &dir.path().join("courses"),
        );
        let library = Library::new(dir.path());
        let week = library.preset("week").unwrap();
        // Gone from the disk, still known: nothing is read after start-up.
        std::fs::remove_file(&file).unwrap();
        assert_eq!(library.preset("week").unwrap().name, week.name);
        assert_eq!(library.preset(&week.name).unwrap().name, week.name);
        assert_eq!(library.presets().len(), 1);
        let e = library.preset("month").unwrap_err();
        assert!(e.contains("the presets are: week"), "{e}");
        assert!(!e.contains("did you mean"), "{e}");
        let e = library.preset("weak").unwrap_err();
        assert!(
            e.starts_with("there is no tour preset named 'weak': did you mean 'week'?"),
            "{e}"
        );
    }

    /// A config folder of the shipped courses and presets, with `broken` written beside them.
    fn shipped_with(broken: &[(&str, &str)]) -> tempfile::TempDir {
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../config");
        let dir = tempfile::tempdir().unwrap();
        for sub in ["tours", "courses"] {
            copy_tree(&shipped.join(sub), &dir.path().join(sub));
        }
        for (file, text) in broken {
            std::fs::write(dir.path().join(file), text).unwrap();
        }
        dir
    }

    fn copy_tree(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let path = entry.unwrap().path();
            let target = to.join(path.file_name().unwrap());
            if path.is_dir() {
                copy_tree(&path, &target);
            } else {
                std::fs::copy(&path, &target).unwrap();
            }
        }
    }

    #[test]
    fn a_broken_preset_is_left_out_and_the_others_load() {
        let dir = shipped_with(&[(
            "tours/aaa-broken.toml",
            "name = \"Broken\"\nruleset = \"card-race\"\nrules = \"house-z\"\n\
             [[stage]]\ncourse = \"la-haute-montagne\"\nkind = \"mountain\"\n",
        )]);
        let library = Library::new(dir.path());
        // Sorted first, it spoils none of the presets after it.
        assert_eq!(library.preset("hulst").unwrap().ruleset, "hulst");
        assert!(library.preset("week").is_ok());
        assert!(
            library
                .presets()
                .iter()
                .all(|(stem, _, _)| stem != "aaa-broken")
        );
        let problems = library.problems();
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].contains("aaa-broken.toml: line 3: rules 'house-z'")
                && problems[0].contains("did you mean 'house-b'?")
                && problems[0].contains("left out until the file is fixed"),
            "{}",
            problems[0]
        );
        // Asked for by its file name, it says why it does not load.
        let e = library.preset("aaa-broken").unwrap_err();
        assert!(e.contains("line 3: rules 'house-z'"), "{e}");
    }

    #[test]
    fn a_preset_whose_course_does_not_load_is_left_out_with_it() {
        let dir = shipped_with(&[
            (
                "courses/zz-broken.toml",
                "name = \"Broken Hill\"\ntiles = \"abz\"\n",
            ),
            (
                "tours/uses-it.toml",
                "name = \"Uses It\"\nruleset = \"card-race\"\n[[stage]]\n\
                 course = \"la-haute-montagne\"\nkind = \"mountain\"\n\
                 [[stage]]\ncourse = \"zz-broken\"\nkind = \"flat\"\n",
            ),
            (
                "tours/misspelt.toml",
                "name = \"Misspelt\"\nruleset = \"card-race\"\n[[stage]]\n\
                 course = \"la-haute-montagn\"\nkind = \"mountain\"\n",
            ),
        ]);
        let library = Library::new(dir.path());
        let problems = library.problems();
        assert_eq!(problems.len(), 3, "{problems:#?}");
        assert!(
            problems[0].contains("zz-broken.toml"),
            "courses first: {problems:#?}"
        );
        let uses = library.preset("uses-it").unwrap_err();
        assert!(uses.contains("uses-it.toml: line 7: stage 2: "), "{uses}");
        assert!(uses.contains("zz-broken.toml"), "{uses}");
        let misspelt = library.preset("misspelt").unwrap_err();
        assert!(
            misspelt.contains(
                "line 4: stage 1: there is no course named 'la-haute-montagn': \
                               did you mean 'la-haute-montagne'?"
            ),
            "{misspelt}"
        );
        assert!(library.preset("week").is_ok());
        let (presets, courses) = library.loaded();
        assert_eq!(presets, library.presets().len());
        assert!(courses > 10);
    }
}
