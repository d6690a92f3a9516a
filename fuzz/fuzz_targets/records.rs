//! Any file through the record loaders (JSON Lines or a JSON array) of the benchmark formats: rows or a line error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use lexeval_core::{casefacts, legalsearchqa, records};

fuzz_target!(|text: &str| {
    if let Ok(rows) = records::parse::<casefacts::Prediction>(text) {
        let _ = casefacts::score(&[], &rows);
    }
    if let Ok(rows) = records::parse::<legalsearchqa::Prediction>(text) {
        let _ = legalsearchqa::score(&[], &rows);
    }
    let _ = records::parse::<lexeval_core::stats::Judgement>(text);
});
