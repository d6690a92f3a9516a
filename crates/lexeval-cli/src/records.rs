//! Record input files (a JSON array or JSON Lines, read by core's `records`): every row checked before any
//! work starts, the first bad one named by its line and field. Every file of rows the CLI reads comes
//! through here, so a UTF-8 byte-order mark, CRLF line ends and a JSON array are accepted everywhere.

use crate::input::read_text;
use anyhow::{bail, Result};
use serde::de::DeserializeOwned;
use std::path::Path;

/// Rows of a record file, at least one; `shape` describes one row for errors.
pub fn read_records<T: DeserializeOwned>(path: &Path, shape: &str) -> Result<Vec<T>> {
    let rows = read_rows(path, shape)?;
    if rows.is_empty() {
        bail!("{}: no records", source_name(path));
    }
    Ok(rows)
}

/// Rows of a record file, none if it is empty.
pub fn read_rows<T: DeserializeOwned>(path: &Path, shape: &str) -> Result<Vec<T>> {
    Ok(read_numbered(path, shape)?
        .into_iter()
        .map(|(_, row)| row)
        .collect())
}

/// Rows of a record file with their numbers: the line in JSON Lines, the position in a JSON array.
pub fn read_numbered<T: DeserializeOwned>(path: &Path, shape: &str) -> Result<Vec<(usize, T)>> {
    lexeval_core::records::parse_numbered(&read_text(path)?)
        .map_err(|e| anyhow::anyhow!("{} {e} (expected rows of {shape})", source_name(path)))
}

/// How errors name the file: `-` is standard input.
fn source_name(path: &Path) -> String {
    if path == Path::new("-") {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}
