//! Reading user input: a file path or `-` for standard input, with clear errors.

use anyhow::{Context, Result};
use std::io::Read;
use std::path::Path;

/// Read the whole text of `path`, or of standard input when `path` is `-`, without the byte-order mark some
/// editors write first (it is an encoding mark, not text: left in, it would open the first sentence).
pub fn read_text(path: &Path) -> Result<String> {
    let text = if path == Path::new("-") {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("cannot read standard input as UTF-8 text")?;
        text
    } else {
        std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {} as UTF-8 text", path.display()))?
    };
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}
