//! Fuzz target `tour_preset`: see `commissaire::fuzzing::tour_preset` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = commissaire::fuzzing::tour_preset(data);
});
