//! Fuzz target `play_text`: see `commissaire::fuzzing::play_text` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = commissaire::fuzzing::play_text(data);
});
