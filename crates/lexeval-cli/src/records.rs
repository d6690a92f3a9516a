//! Record input files (a JSON array or JSON Lines, read by core's `records`): every row checked before any
//! work starts, the first bad one named by its line and field.

use crate::input::read_text;
use anyhow::{bail, Result};
use serde::de::DeserializeOwned;
use std::path::Path;

/// Rows of a record file; `shape` describes one row for errors.
pub fn read_records<T: DeserializeOwned>(path: &Path, shape: &str) -> Result<Vec<T>> {
    let rows = lexeval_core::records::parse(&read_text(path)?)
        .map_err(|e| anyhow::anyhow!("{} {e} (expected rows of {shape})", path.display()))?;
    if rows.is_empty() {
        bail!("{}: no records", path.display());
    }
    Ok(rows)
}
