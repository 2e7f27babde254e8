//! Fuzz target `course`: see `commissaire::fuzzing::course` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = commissaire::fuzzing::course(data);
});
