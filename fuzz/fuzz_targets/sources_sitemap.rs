#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| urlkit_fuzz::read_source(
    "sitemap:https://fuzz.invalid/sitemap.xml",
    data
));
