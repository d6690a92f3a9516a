//! Reading user input: a file path or `-` for standard input, with clear errors.

use anyhow::{Context, Result};
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
