//! JSON Lines input: every line checked before any work starts, the first bad line named.

use crate::input::read_text;
use anyhow::{bail, Context, Result};
use serde::de::DeserializeOwned;
use std::path::Path;

/// Rows of a JSONL file (blank lines skipped, a leading BOM ignored); `shape` describes one line for errors.
pub fn read_jsonl<T: DeserializeOwned>(path: &Path, shape: &str) -> Result<Vec<T>> {
    let text = read_text(path)?;
    let rows = text
        .trim_start_matches('\u{feff}')
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line.trim())
                .with_context(|| format!("{} line {}: expected {shape}", path.display(), i + 1))
        })
        .collect::<Result<Vec<T>>>()?;
    if rows.is_empty() {
        bail!("{}: no JSON lines", path.display());
    }
    Ok(rows)
}
