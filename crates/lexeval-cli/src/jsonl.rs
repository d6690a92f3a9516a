//! JSON Lines input files: every line checked before any work starts, the first bad line named.

use crate::input::read_text;
use anyhow::{bail, Result};
use serde::de::DeserializeOwned;
use std::path::Path;

/// Rows of a JSONL file; `shape` describes one line for errors.
pub fn read_jsonl<T: DeserializeOwned>(path: &Path, shape: &str) -> Result<Vec<T>> {
    let rows = lexeval_core::jsonl::parse(&read_text(path)?).map_err(|e| {
        anyhow::anyhow!(
            "{} line {}: expected {shape}: {}",
            path.display(),
            e.line,
            e.message
        )
    })?;
    if rows.is_empty() {
        bail!("{}: no JSON lines", path.display());
    }
    Ok(rows)
}
