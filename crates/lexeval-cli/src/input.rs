//! Reading user input: a file path or `-` for standard input, with clear errors.

use anyhow::{bail, Context, Result};
use std::io::Read;
use std::path::Path;

/// Read the whole text of `path`, or of standard input when `path` is `-`.
pub fn read_text(path: &Path) -> Result<String> {
    if path == Path::new("-") {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("cannot read standard input as UTF-8 text")?;
        Ok(text)
    } else {
        std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {} as UTF-8 text", path.display()))
    }
}

/// A JSON array file (or `-`) of `T`; `what` names the expected content in the error.
pub fn read_json_array<T: serde::de::DeserializeOwned>(path: &Path, what: &str) -> Result<Vec<T>> {
    serde_json::from_str(&read_text(path)?)
        .with_context(|| format!("{}: expected {what} (a JSON array)", path.display()))
}

/// The checks `fresco` and `pointwise` share before reading anything: at most one of the two texts comes
/// from standard input, and the match threshold is a similarity in [0, 1].
pub fn check_pair_args(reference: &Path, candidate: &Path, threshold: f64) -> Result<()> {
    if reference == Path::new("-") && candidate == Path::new("-") {
        bail!("only one of --reference and --candidate can be standard input");
    }
    if !(0.0..=1.0).contains(&threshold) {
        bail!("--threshold must be between 0 and 1, got {threshold}");
    }
    Ok(())
}
