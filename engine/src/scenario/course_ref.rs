//! Where a scenario's riders race: a course written in the file, or a shipped one by name.

use super::ScenarioError;
use crate::course::{Course, CourseSpec};
use serde::Deserialize;

/// A course given inline, or the name of a shipped course (resolved by the caller, since the
/// engine reads no files).
#[derive(Debug, Clone)]
pub enum CourseRef {
    Named(String),
    /// Boxed: a course spec is large beside a name.
    Inline(Box<CourseSpec>),
}

// By hand rather than `untagged`, so that a mistake inside an inline course reaches the user as
// the course's own error (the field and the values it allows), not "matched no variant".
impl<'de> Deserialize<'de> for CourseRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = CourseRef;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("the name of a shipped course, or a course (an object with `tiles`, `segments` or `cells`)")
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<CourseRef, E> {
                Ok(CourseRef::Named(name.to_string()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<CourseRef, A::Error> {
                CourseSpec::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(|spec| CourseRef::Inline(Box::new(spec)))
            }
        }
        d.deserialize_any(Visit)
    }
}

impl CourseRef {
    /// The course: built here when given inline; a shipped course's name goes to `named`, the
    /// caller's, since the engine reads no files.
    pub fn resolve(
        &self,
        named: impl FnOnce(&str) -> Result<Course, String>,
    ) -> Result<Course, ScenarioError> {
        match self {
            CourseRef::Named(name) => named(name).map_err(ScenarioError),
            CourseRef::Inline(spec) => spec
                .build()
                .map_err(|e| ScenarioError(format!("the course is not valid: {e}"))),
        }
    }
}
