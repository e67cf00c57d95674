#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| urlkit_fuzz::scan(data));
