//! `--items FILE`: the per-item rows the page's table shows, as CSV (a `.csv` file) or JSON (each item's
//! whole record, anything else).

use anyhow::{Context, Result};
use lexeval_core::items::ItemTable;
use std::path::Path;

pub fn write_items(path: &Path, table: &ItemTable) -> Result<()> {
    let is_csv = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
    let text = if is_csv {
        table.to_csv()
    } else {
        serde_json::to_string_pretty(&table.details())? + "\n"
    };
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}
