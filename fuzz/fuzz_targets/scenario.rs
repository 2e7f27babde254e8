//! Fuzz target `scenario`: see `commissaire::fuzzing::scenario` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = commissaire::fuzzing::scenario(data);
});
