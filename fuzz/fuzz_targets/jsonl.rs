//! Any file through the JSONL loaders of the benchmark formats: rows or a line error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use lexeval_core::{casefacts, jsonl, legalsearchqa};

fuzz_target!(|text: &str| {
    if let Ok(rows) = jsonl::parse::<casefacts::Prediction>(text) {
        let _ = casefacts::score(&[], &rows);
    }
    if let Ok(rows) = jsonl::parse::<legalsearchqa::Prediction>(text) {
        let _ = legalsearchqa::score(&[], &rows);
    }
    let _ = jsonl::parse::<lexeval_core::stats::Judgement>(text);
});
