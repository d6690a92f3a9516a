//! Reading models' answers: a final Yes/No in chatty text, bullet lists, JSON inside code fences.

use crate::error::LlmError;
use serde_json::Value;

/// The last standalone "yes"/"no" (or "true"/"false") in the answer, so that an explanation
/// followed by a verdict is read by its verdict.
pub fn parse_yes_no(answer: &str) -> Result<bool, LlmError> {
    answer
        .split(|c: char| !c.is_alphanumeric())
        .rev()
        .find_map(|word| match word.to_ascii_lowercase().as_str() {
            "yes" | "true" => Some(true),
            "no" | "false" => Some(false),
            _ => None,
        })
        .ok_or_else(|| LlmError::UnparseableAnswer(format!("no Yes/No in {:?}", preview(answer))))
}

/// The last whole number in the answer (a chosen option after an explanation).
pub fn parse_last_number(answer: &str) -> Result<usize, LlmError> {
    answer
        .split(|c: char| !c.is_ascii_digit())
        .rev()
        .find_map(|word| word.parse().ok())
        .ok_or_else(|| LlmError::UnparseableAnswer(format!("no number in {:?}", preview(answer))))
}

/// Subclaims from a "- fact" list; falls back to numbered lines ("1. fact").
pub fn parse_bullets(answer: &str) -> Vec<String> {
    answer
        .lines()
        .filter_map(|line| {
            let line = line.trim();
            let rest = line
                .strip_prefix("- ")
                .or_else(|| line.strip_prefix("* "))
                .or_else(|| {
                    let digits = line.find(|c: char| !c.is_ascii_digit())?;
                    (digits > 0)
                        .then(|| line[digits..].strip_prefix(". "))
                        .flatten()
                })?;
            let rest = rest.trim();
            (!rest.is_empty()).then(|| rest.to_string())
        })
        .collect()
}

/// The first JSON object or array in the answer, ignoring code fences and surrounding prose.
pub fn parse_json(answer: &str) -> Result<Value, LlmError> {
    for (start, _) in answer.match_indices(['{', '[']) {
        let mut stream = serde_json::Deserializer::from_str(&answer[start..]).into_iter::<Value>();
        if let Some(Ok(value)) = stream.next() {
            return Ok(value);
        }
    }
    Err(LlmError::UnparseableAnswer(format!(
        "no JSON in {:?}",
        preview(answer)
    )))
}

/// The first 80 characters, for error messages.
fn preview(answer: &str) -> String {
    answer.chars().take(80).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdict_is_the_last_yes_or_no() {
        assert_eq!(parse_yes_no("Yes"), Ok(true));
        assert_eq!(parse_yes_no("no."), Ok(false));
        let chatty = "The claims differ: one says yes to the motion. However the holdings match.\n\nAnswer: **No**";
        assert_eq!(parse_yes_no(chatty), Ok(false));
        assert_eq!(parse_yes_no("True"), Ok(true));
        assert!(parse_yes_no("I cannot tell — nobody knows").is_err());
        assert!(parse_yes_no("").is_err());
    }

    #[test]
    fn last_number_is_the_choice() {
        assert_eq!(
            parse_last_number("Point 1 is close but 3 is closer: 3."),
            Ok(3)
        );
        assert!(parse_last_number("none").is_err());
    }

    #[test]
    fn bullets_and_numbered_lines_are_read() {
        let answer = "Here are the facts:\n- He was born.\n-  \n* He is a judge.\n2. He sat in 1999.\n1999 was a year.";
        assert_eq!(
            parse_bullets(answer),
            vec!["He was born.", "He is a judge.", "He sat in 1999."]
        );
        assert!(parse_bullets("no list here").is_empty());
    }

    #[test]
    fn json_is_found_in_fences_and_prose() {
        let answer =
            "Sure! ```json\n{\"rating\": \"high\", \"reasons\": [\"a\"]}\n``` hope this helps {";
        assert_eq!(parse_json(answer).unwrap()["rating"], "high");
        assert_eq!(
            parse_json("[1, 2] trailing").unwrap(),
            serde_json::json!([1, 2])
        );
        assert!(parse_json("{not json").is_err());
        assert!(parse_json("é{").is_err());
    }
}
