//! JSON Lines: every line checked, blank lines and a leading byte-order mark skipped, the first bad line
//! named. Shared by the CLI and the fuzz targets.

use serde::de::DeserializeOwned;

/// A line that is not the expected JSON object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// 1-based line number.
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for LineError {}

/// Rows of `text`, or the first line that does not parse as `T`.
pub fn parse<T: DeserializeOwned>(text: &str) -> Result<Vec<T>, LineError> {
    text.trim_start_matches('\u{feff}')
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            serde_json::from_str(line.trim()).map_err(|e| LineError {
                line: index + 1,
                message: e.to_string(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_first_bad_line_and_skips_blank_ones() {
        let rows: Vec<serde_json::Value> =
            parse("\u{feff}{\"a\": 1}\r\n\n  {\"a\": 2}  \n").unwrap();
        assert_eq!(rows.len(), 2);
        let error = parse::<serde_json::Value>("{\"a\": 1}\n\n{oops\n").unwrap_err();
        assert_eq!(error.line, 3);
        assert!(parse::<serde_json::Value>("").unwrap().is_empty());
    }
}
