//! The configuration the services read: tour presets (`config/tours/*.toml`) and courses
//! (`config/courses/*.toml`). Courses are cached, since every turn rebuilds its stage from one.

use crate::courses::{CourseLibrary, slug, toml_files};
use commissaire_engine::course::Course;
use commissaire_engine::tour::TourPreset;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

pub struct Library {
    tours_dir: PathBuf,
    courses: CourseLibrary,
    cache: Mutex<HashMap<String, Arc<Course>>>,
}

impl Library {
    pub fn new(config_dir: &Path) -> Self {
        Library {
            tours_dir: config_dir.join("tours"),
            courses: CourseLibrary::new(config_dir),
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// A tour preset by file name (`week`) or by its name (`Tour de la Semaine`).
    pub fn preset(&self, name: &str) -> Result<TourPreset, String> {
        let mut known = Vec::new();
        let files = toml_files(&self.tours_dir);
        let wanted = slug(name);
        for file in files {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let stem = file
                .file_stem()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_default();
            let preset = TourPreset::from_toml(&text, &file.display().to_string())
                .map_err(|e| e.to_string())?;
            if slug(&stem) == wanted || slug(&preset.name) == wanted {
                return Ok(preset);
            }
            known.push(stem);
        }
        if known.is_empty() {
            return Err(format!(
                "no tour presets found in {}: run from the project folder or pass --config",
                self.tours_dir.display()
            ));
        }
        Err(format!(
            "there is no tour preset named '{name}'; the presets are: {}",
            known.join(", ")
        ))
    }

    /// The presets that load, as (file name, tour name, number of stages): what `/tour create`
    /// offers. A preset that does not load is left out here and explained by [`Self::preset`].
    pub fn presets(&self) -> Vec<(String, String, usize)> {
        toml_files(&self.tours_dir)
            .into_iter()
            .filter_map(|file| {
                let text = std::fs::read_to_string(&file).ok()?;
                let preset = TourPreset::from_toml(&text, &file.display().to_string()).ok()?;
                let stem = file.file_stem()?.to_string_lossy().to_string();
                Some((stem, preset.name, preset.stages.len()))
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
