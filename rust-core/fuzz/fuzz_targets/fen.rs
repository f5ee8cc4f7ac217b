#![no_main]

use libfuzzer_sys::fuzz_target;
use rokada_core::session::parse_fen;

fuzz_target!(|text: &str| {
    let _ = parse_fen(text);
});
