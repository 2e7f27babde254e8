//! The configuration the services read: tour presets (`config/tours/*.toml`) and courses
//! (`config/courses/*.toml`), both read once at start-up (a stage's finish and start asked for
//! the preset again, which read every preset file under the tour's lock). A file that does not
//! load is kept with its error, which is given when it is asked for.

use crate::courses::{CourseLibrary, read_toml_files, slug};
use commissaire_engine::course::Course;
use commissaire_engine::tour::TourPreset;
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
        let presets = read_toml_files(&tours_dir, |text, file| {
            TourPreset::from_toml(text, file).map_err(|e| e.to_string())
        });
        Library {
            tours_dir,
            presets,
            courses: CourseLibrary::new(config_dir),
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// A tour preset by file name (`week`) or by its name (`Tour de la Semaine`).
    pub fn preset(&self, name: &str) -> Result<TourPreset, String> {
        let wanted = slug(name);
        let mut known = Vec::new();
        for (stem, preset) in &self.presets {
            let preset = preset.as_ref().map_err(Clone::clone)?;
            if slug(stem) == wanted || slug(&preset.name) == wanted {
                return Ok(preset.clone());
            }
            known.push(stem.clone());
        }
        if known.is_empty() {
            return Err(commissaire_messages::msg!(
                "library-no-presets",
                folder = self.tours_dir.display().to_string()
            ));
        }
        Err(commissaire_messages::msg!(
            "library-no-such-preset",
            name = name,
            known = known.join(", ")
        ))
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
        let library = Library::new(dir.path());
        let week = library.preset("week").unwrap();
        // Gone from the disk, still known: nothing is read after start-up.
        std::fs::remove_file(&file).unwrap();
        assert_eq!(library.preset("week").unwrap().name, week.name);
        assert_eq!(library.preset(&week.name).unwrap().name, week.name);
        assert_eq!(library.presets().len(), 1);
        let e = library.preset("month").unwrap_err();
        assert!(e.contains("the presets are: week"), "{e}");
    }
}
