//! A file of ROUGE pairs (`lexeval rouge --pairs`, the Python package's `rouge_pairs`): its rows and the
//! line printed per row, defined once so the CLI and the package read and write the same shapes.

use super::{RougeScore, RougeType};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One row: a candidate and its reference or references.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RougePair {
    reference: References,
    pub candidate: String,
}

/// A row's `reference`: one text, or several (each type then keeps the best, as rouge-score's
/// `score_multi`).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum References {
    One(String),
    Many(Vec<String>),
}

impl RougePair {
    /// The row's shape, for messages about a malformed file.
    pub const SHAPE: &'static str = "{\"reference\": text or [texts], \"candidate\": text}";

    pub fn references(&self) -> Vec<&str> {
        match &self.reference {
            References::One(text) => vec![text.as_str()],
            References::Many(texts) => texts.iter().map(String::as_str).collect(),
        }
    }
}

/// What `--pairs` prints per row without `--aggregate`: the row's line (or position in an array) and its
/// scores by type.
#[derive(Debug, Serialize)]
pub struct PairLine<'a> {
    pub line: usize,
    pub scores: &'a BTreeMap<RougeType, RougeScore>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_takes_one_reference_or_several() {
        let one: RougePair =
            serde_json::from_str(r#"{"reference": "a b", "candidate": "a"}"#).unwrap();
        assert_eq!(one.references(), ["a b"]);
        let many: RougePair =
            serde_json::from_str(r#"{"reference": ["a", "b"], "candidate": "a"}"#).unwrap();
        assert_eq!(many.references(), ["a", "b"]);
        assert!(serde_json::from_str::<RougePair>(
            r#"{"reference": "a", "candidate": "a", "extra": 1}"#
        )
        .is_err());
    }

    #[test]
    fn a_line_prints_as_the_cli_always_has() {
        let scores = BTreeMap::new();
        let line = PairLine {
            line: 3,
            scores: &scores,
        };
        assert_eq!(
            serde_json::to_string(&line).unwrap(),
            r#"{"line":3,"scores":{}}"#
        );
    }
}
