//! Fuzz target `config`: see `commissaire::fuzzing::config` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = commissaire::fuzzing::config(data);
});
