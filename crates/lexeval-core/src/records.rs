//! Record files as data sets are released and as people write them: a JSON array of objects (CaseFacts'
//! `test.json`, LegalSearchQA's `legalsearchqa.json`) or JSON Lines, either with a UTF-8 byte-order mark
//! and CRLF line ends. Every row is checked before any work starts; the first bad one is named by its line
//! in the file and, where serde knows it, the field. Shared by the CLI, the page, the score worker and the
//! fuzz targets.

use serde::de::DeserializeOwned;
use serde_json::error::Category;
use serde_path_to_error::Segment;

/// A row that is not the expected record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based line of the file where reading stopped.
    pub line: usize,
    /// The field that is missing or has the wrong type, when known.
    pub field: Option<String>,
    pub message: String,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.field {
            Some(field) => write!(f, "line {}, field `{field}`: {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for RecordError {}

/// Rows of `text` (a JSON array or JSON Lines), or the first row that does not parse as `T`.
pub fn parse<T: DeserializeOwned>(text: &str) -> Result<Vec<T>, RecordError> {
    Ok(parse_numbered(text)?
        .into_iter()
        .map(|(_, row)| row)
        .collect())
}

/// Rows of `text` with their numbers, for output that points back at its input: a JSON Lines row's
/// line (blank lines counted), a JSON array row's 1-based position.
pub fn parse_numbered<T: DeserializeOwned>(text: &str) -> Result<Vec<(usize, T)>, RecordError> {
    let text = text.trim_start_matches('\u{feff}');
    if text.trim_start().starts_with('[') {
        let rows: Vec<T> = parse_array(text)?;
        Ok((1..).zip(rows).collect())
    } else {
        parse_lines(text)
    }
}

fn parse_array<T: DeserializeOwned>(text: &str) -> Result<Vec<T>, RecordError> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let rows = serde_path_to_error::deserialize(&mut deserializer)
        .map_err(|e| record_error(e.inner(), Some(e.path()), 0))?;
    deserializer.end().map_err(|e| record_error(&e, None, 0))?;
    Ok(rows)
}

fn parse_lines<T: DeserializeOwned>(text: &str) -> Result<Vec<(usize, T)>, RecordError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            let mut deserializer = serde_json::Deserializer::from_str(line.trim());
            serde_path_to_error::deserialize(&mut deserializer)
                .map_err(|e| record_error(e.inner(), Some(e.path()), index + 1))
                .and_then(|row| {
                    deserializer
                        .end()
                        .map_err(|e| record_error(&e, None, index + 1))?;
                    Ok((index + 1, row))
                })
        })
        .collect()
}

/// `line` is the line of a JSON Lines row; 0 for a JSON array, whose error carries its own line.
fn record_error(
    error: &serde_json::Error,
    path: Option<&serde_path_to_error::Path>,
    line: usize,
) -> RecordError {
    let full = error.to_string();
    // serde_json appends " at line L column C" (within what it parsed); the line is reported separately.
    let parsed = match full.rfind(" at line ") {
        Some(at) if error.line() > 0 => full[..at].to_string(),
        _ => full,
    };
    // serde_json's words for a broken file ("EOF while parsing a list", "expected value") name its parser's
    // state, not what is wrong with the file.
    let message = match error.classify() {
        Category::Eof => {
            "the file ends inside a record: a bracket, brace or quote is left open".to_string()
        }
        Category::Syntax => format!("not valid JSON (from column {})", error.column()),
        Category::Data | Category::Io => parsed,
    };
    let field = path
        .into_iter()
        .flat_map(|path| path.iter())
        .filter_map(|segment| match segment {
            Segment::Map { key } => Some(key.clone()),
            _ => None,
        })
        .next_back()
        .or_else(|| {
            let rest = message.strip_prefix("missing field `")?;
            Some(rest[..rest.find('`')?].to_string())
        });
    RecordError {
        line: if line > 0 { line } else { error.line().max(1) },
        field,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::casefacts::{GoldClaim, Prediction};

    #[test]
    fn json_lines_skip_blank_lines_a_byte_order_mark_and_crlf() {
        let rows: Vec<serde_json::Value> =
            parse("\u{feff}{\"a\": 1}\r\n\r\n  {\"a\": 2}  \r\n").unwrap();
        assert_eq!(rows.len(), 2);
        let error = parse::<serde_json::Value>("{\"a\": 1}\n\n{oops\n").unwrap_err();
        assert_eq!(error.line, 3);
        assert!(parse::<serde_json::Value>("").unwrap().is_empty());
    }

    #[test]
    fn numbered_rows_carry_their_line_or_array_position() {
        let lines: Vec<(usize, serde_json::Value)> =
            parse_numbered("\u{feff}{\"a\": 1}\r\n\r\n{\"a\": 2}\n").unwrap();
        assert_eq!(
            lines,
            [
                (1, serde_json::json!({"a": 1})),
                (3, serde_json::json!({"a": 2}))
            ]
        );
        let array: Vec<(usize, serde_json::Value)> =
            parse_numbered("\u{feff}[\n {\"a\": 1},\n\n {\"a\": 2}\n]").unwrap();
        assert_eq!(
            array,
            [
                (1, serde_json::json!({"a": 1})),
                (2, serde_json::json!({"a": 2}))
            ]
        );
    }

    #[test]
    fn a_released_json_array_reads_like_json_lines() {
        // CaseFacts' test.json layout: a pretty-printed array, here with a BOM and CRLF line ends.
        let array = "\u{feff}[\r\n  {\"claim\": \"A state may not ban abortion before viability.\",\r\n   \
                     \"case_name\": [\"Roe v. Wade\"], \"overruling_case\": \"Dobbs v. Jackson Women's Health \
                     Organization\", \"label\": \"Overruled\"}\r\n]\r\n";
        let gold: Vec<GoldClaim> = parse(array).unwrap();
        assert_eq!(gold[0].case_name, ["Roe v. Wade"]);
        // The same file read as predictions: only the claim is required.
        let predictions: Vec<Prediction> = parse(array).unwrap();
        assert!(predictions[0].predicted_cases.is_empty());
    }

    #[test]
    fn errors_name_the_line_and_the_field() {
        let lines =
            "{\"claim\": \"A\", \"case_name\": [\"Roe v. Wade\"], \"label\": \"Overruled\"}\n\
                     {\"claim\": \"B\", \"label\": \"Supported\"}\n";
        let error = parse::<GoldClaim>(lines).unwrap_err();
        assert_eq!((error.line, error.field.as_deref()), (2, Some("case_name")));
        assert_eq!(
            error.to_string(),
            "line 2, field `case_name`: missing field `case_name`"
        );

        let array = "[\n {\"claim\": \"A\", \"predicted_cases\": [\"Roe v. Wade\"]},\n \
                     {\"claim\": \"B\",\n  \"predicted_cases\": \"Hill v. Colorado\"}\n]";
        let error = parse::<Prediction>(array).unwrap_err();
        assert_eq!(
            (error.line, error.field.as_deref()),
            (4, Some("predicted_cases"))
        );
        assert!(error.message.starts_with("invalid type: string"));

        // A truncated array names the line where the file ends.
        let error = parse::<Prediction>("[\n {\"claim\": \"A\"}\n").unwrap_err();
        assert_eq!(error.line, 3);
        assert_eq!(
            error.message,
            "the file ends inside a record: a bracket, brace or quote is left open"
        );
        // Text that is not JSON says so, and where it stops being JSON.
        let error = parse::<Prediction>("{\"claim\": \"A\"}\nnot json at all\n").unwrap_err();
        assert_eq!(
            (error.line, error.message.as_str()),
            (2, "not valid JSON (from column 2)")
        );
        // Trailing text after a JSON Lines row or an array is an error, not ignored.
        assert_eq!(
            parse::<Prediction>("{\"claim\": \"A\"} x\n")
                .unwrap_err()
                .line,
            1
        );
        assert!(parse::<Prediction>("[{\"claim\": \"A\"}] [").is_err());
    }
}
