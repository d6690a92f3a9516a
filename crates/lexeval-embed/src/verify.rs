//! sha256 checks for model files: nothing is used before its digest matches the pinned one.

use anyhow::{bail, Result};
use sha2::{Digest, Sha256};

/// Lower-case hex sha256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Fail unless `bytes` hash to `expected` (hex, any case); `what` names the file in the error.
pub fn verify_sha256(what: &str, bytes: &[u8], expected: &str) -> Result<()> {
    let actual = sha256_hex(bytes);
    if !actual.eq_ignore_ascii_case(expected) {
        bail!("{what} failed its sha256 check: expected {expected}, got {actual}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_of_abc() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn mismatch_is_an_error_naming_the_file() {
        let err = verify_sha256("tokenizer.json", b"abc", "00").unwrap_err();
        assert!(err.to_string().contains("tokenizer.json"));
        assert!(verify_sha256(
            "x",
            b"abc",
            "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD"
        )
        .is_ok());
    }
}
