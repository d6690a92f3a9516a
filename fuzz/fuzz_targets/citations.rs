//! Any text through citation extraction, claim segmentation and the text metrics: no panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let citations = lexeval_core::citations::extract(text);
    for c in &citations {
        assert!(c.start <= c.end && c.end <= text.chars().count());
    }
    let _ = lexeval_core::citations::claims(text);
    let _ = lexeval_core::uscore::score(text, &[]);
    let _ = lexeval_core::pointwise::points(text);
});
