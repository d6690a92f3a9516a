//! Any URL fragment through the share-link decoder: an error or a payload that re-encodes, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|fragment: &str| {
    if let Ok(payload) = lexeval_core::share::decode(fragment) {
        let _ = lexeval_core::share::encode(&payload);
    }
});
