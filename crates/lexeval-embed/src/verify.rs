//! sha256 checks for model files: nothing is used before its digest matches the pinned one.

use crate::error::{EmbedError, Result};
use sha2::{Digest, Sha256};
use std::io::{self, Read};

/// Lower-case hex sha256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(Sha256::digest(bytes).as_slice())
}

fn hex(digest: &[u8]) -> String {
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Fail unless `bytes` hash to `expected` (hex, any case); `what` names the file in the error.
pub fn verify_sha256(what: &str, bytes: &[u8], expected: &str) -> Result<()> {
    check(what, &sha256_hex(bytes), expected)
}

fn check(what: &str, actual: &str, expected: &str) -> Result<()> {
    if !actual.eq_ignore_ascii_case(expected) {
        return Err(EmbedError::Checksum {
            what: what.to_string(),
            expected: expected.to_string(),
            actual: actual.to_string(),
        });
    }
    Ok(())
}

/// A reader that hashes what passes through it, so a model file is read once, for its parse and its
/// check together, instead of being read whole and then copied into the parser.
pub struct Sha256Reader<R> {
    inner: R,
    hasher: Sha256,
}

impl<R: Read> Sha256Reader<R> {
    pub fn new(inner: R) -> Self {
        Sha256Reader {
            inner,
            hasher: Sha256::new(),
        }
    }

    /// Reads what the consumer left unread, then fails unless everything hashed to `expected`.
    pub fn verify(mut self, what: &str, expected: &str) -> Result<()> {
        io::copy(&mut self, &mut io::sink()).map_err(|source| EmbedError::Read {
            what: what.to_string(),
            source,
        })?;
        check(what, &hex(self.hasher.finalize().as_slice()), expected)
    }
}

impl<R: Read> Read for Sha256Reader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        self.hasher.update(&buf[..read]);
        Ok(read)
    }

    // The inner reader's own, so a file is read into a buffer of its size in one go.
    fn read_to_end(&mut self, buf: &mut Vec<u8>) -> io::Result<usize> {
        let start = buf.len();
        let read = self.inner.read_to_end(buf)?;
        self.hasher.update(&buf[start..]);
        Ok(read)
    }
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

    #[test]
    fn a_reader_is_checked_on_what_it_read_and_what_was_left() {
        let mut reader = Sha256Reader::new(&b"abc"[..]);
        let mut first = [0; 1];
        reader.read_exact(&mut first).unwrap();
        assert_eq!(&first, b"a");
        reader
            .verify(
                "x",
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            )
            .unwrap();
        let err = Sha256Reader::new(&b"abd"[..])
            .verify(
                "model.onnx",
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            )
            .unwrap_err();
        assert!(err
            .to_string()
            .contains("model.onnx failed its sha256 check"));
    }
}
