//! CaseFacts zero-shot verdict baseline (Listing 14): a verdict and the cited cases, as JSON.

use super::Exchange;
use crate::chat::Complete;
use crate::error::LlmError;
use crate::parse::parse_json;
use crate::prompts::CASEFACTS_VERDICT;
pub use lexeval_core::casefacts::Verdict;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CaseFactsPrediction {
    /// Null when the call failed or the answer had no valid verdict.
    pub verdict: Option<Verdict>,
    pub cases: Vec<String>,
    /// Cited cases that are not in the provided list (the prompt forbids them).
    pub invalid_cases: Vec<String>,
    pub explanation: Option<String>,
    pub exchange: Exchange,
}

/// Predict a verdict for each claim, given the list of valid Supreme Court cases.
pub fn predict_verdicts(
    client: &dyn Complete,
    claims: &[String],
    case_list: &[String],
) -> Vec<CaseFactsPrediction> {
    let cases_text = case_list.join("\n");
    let prompts: Vec<String> = claims
        .iter()
        .map(|claim| CASEFACTS_VERDICT.render(&[("case_list", &cases_text), ("claim", claim)]))
        .collect();
    let answers = client.complete_many(&prompts);
    prompts
        .into_iter()
        .zip(answers)
        .map(|(prompt, answer)| read_prediction(prompt, answer, case_list))
        .collect()
}

fn read_prediction(
    prompt: String,
    answer: Result<String, LlmError>,
    case_list: &[String],
) -> CaseFactsPrediction {
    let mut exchange = Exchange::new(prompt, &answer);
    let json = answer.and_then(|a| parse_json(&a));
    let value = json.as_ref().ok();
    let verdict = value
        .and_then(|v| v["verdict"].as_str())
        .and_then(Verdict::parse);
    let cases: Vec<String> = value
        .and_then(|v| v["cases"].as_array())
        .map(|cases| {
            cases
                .iter()
                .filter_map(|c| c.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    let invalid_cases = cases
        .iter()
        .filter(|c| !case_list.contains(c))
        .cloned()
        .collect();
    if exchange.error.is_none() {
        exchange.error = match (&json, verdict) {
            (Err(err), _) => Some(err.to_string()),
            (Ok(_), None) => Some("no Supported/Refuted/Overruled verdict in the JSON".into()),
            (Ok(_), Some(_)) => None,
        };
    }
    CaseFactsPrediction {
        verdict,
        cases,
        invalid_cases,
        explanation: value.and_then(|v| v["explanation"].as_str().map(str::to_string)),
        exchange,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fenced_json_answer_is_read_and_invented_cases_flagged() {
        let answer = "```json\n{\"explanation\": \"e\", \"cases\": [\"A v. B\", \"X v. Y\"], \"verdict\": \"Overruled\"}\n```";
        let p = read_prediction("p".into(), Ok(answer.into()), &["A v. B".to_string()]);
        assert_eq!(p.verdict, Some(Verdict::Overruled));
        assert_eq!(p.cases, vec!["A v. B", "X v. Y"]);
        assert_eq!(p.invalid_cases, vec!["X v. Y"]);
        assert_eq!(p.exchange.error, None);
        let bad = read_prediction("p".into(), Ok("{\"verdict\": \"maybe\"}".into()), &[]);
        assert_eq!(bad.verdict, None);
        assert!(bad.exchange.error.is_some());
    }
}
