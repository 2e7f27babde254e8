//! Fuzz target `custom_id`: see `commissaire::fuzzing::custom_id` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = commissaire::fuzzing::custom_id(data);
});
