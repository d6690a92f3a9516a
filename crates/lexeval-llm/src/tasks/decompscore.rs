//! DecompScore (Wanner et al. 2024, §3.2): each subclaim is checked for support against the sentence
//! it was decomposed from; the score is the number of supported subclaims in the passage. The
//! supported subclaims are also the coherence-filtered decomposition (§8.2).

use super::decompose::{decompose, Method};
use super::Exchange;
use crate::chat::Complete;
use crate::parse::parse_yes_no;
use crate::prompts::SUPPORT_CHECK;
use lexeval_core::decompscore::{METRIC, METRIC_VERSION};
use lexeval_core::report::{Score, ScoreReport};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The report's details. Fields here and below are declared in alphabetical order, the order the `json!`
/// details had, so saved reports and new ones print alike.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DecompScoreDetails {
    /// The supported subclaims: the coherence-filtered decomposition.
    pub coherent_subclaims: Vec<String>,
    /// Decompositions and support checks whose call failed or whose answer was unreadable.
    pub failed_calls: usize,
    pub sentences: Vec<SentenceChecks>,
}

/// One sentence, its decomposition's exchange and the check of each subclaim.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SentenceChecks {
    pub decomposition: Exchange,
    pub sentence: String,
    pub subclaims: Vec<SubclaimCheck>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubclaimCheck {
    pub exchange: Exchange,
    pub subclaim: String,
    /// Null when the call failed or the answer had no Yes/No.
    pub supported: Option<bool>,
}

/// Decompose `text` with `method`, check every subclaim, and report DecompScore.
pub fn decompscore(
    client: &dyn Complete,
    text: &str,
    method: Method,
) -> ScoreReport<DecompScoreDetails> {
    let decompositions = decompose(client, text, method);
    let pairs: Vec<(&str, &str)> = decompositions
        .iter()
        .flat_map(|d| {
            d.subclaims
                .iter()
                .map(|s| (d.sentence.as_str(), s.as_str()))
        })
        .collect();
    let prompts: Vec<String> = pairs
        .iter()
        .map(|(sentence, subclaim)| {
            SUPPORT_CHECK.render(&[("sentence", sentence), ("subclaim", subclaim)])
        })
        .collect();
    let answers = client.complete_many(&prompts);
    let mut checks = pairs
        .iter()
        .zip(prompts)
        .zip(answers)
        .map(|((pair, prompt), answer)| {
            let verdict = answer.clone().and_then(|a| parse_yes_no(&a));
            let mut exchange = Exchange::new(prompt, &answer);
            if let (Err(err), None) = (&verdict, &exchange.error) {
                exchange.error = Some(err.to_string());
            }
            SubclaimCheck {
                subclaim: pair.1.to_string(),
                supported: verdict.ok(),
                exchange,
            }
        });

    let sentences: Vec<SentenceChecks> = decompositions
        .iter()
        .map(|d| SentenceChecks {
            decomposition: d.exchange.clone(),
            sentence: d.sentence.clone(),
            subclaims: checks.by_ref().take(d.subclaims.len()).collect(),
        })
        .collect();
    let all_checks: Vec<&SubclaimCheck> = sentences.iter().flat_map(|s| &s.subclaims).collect();
    let judged = all_checks.iter().filter(|c| c.supported.is_some()).count();
    let supported: Vec<String> = all_checks
        .iter()
        .filter(|c| c.supported == Some(true))
        .map(|c| c.subclaim.clone())
        .collect();
    let failed = all_checks.len() - judged
        + decompositions
            .iter()
            .filter(|d| d.exchange.error.is_some())
            .count();

    let mut report = ScoreReport::new(
        METRIC,
        METRIC_VERSION,
        json!({"method": method, "llm": client.settings()}),
    );
    report.scores = if decompositions.is_empty() {
        vec![
            Score::null("decompscore", "no sentences in the text"),
            Score::null("coherence", "no sentences in the text"),
        ]
    } else if judged == 0 {
        let reason = "no subclaim could be judged (see details for errors)";
        vec![
            Score::null("decompscore", reason),
            Score::null("coherence", reason),
        ]
    } else {
        vec![
            Score::new("decompscore", supported.len() as f64),
            Score::new("coherence", supported.len() as f64 / judged as f64),
        ]
    };
    report
        .scores
        .push(Score::new("subclaims", all_checks.len() as f64));
    report.details = DecompScoreDetails {
        coherent_subclaims: supported,
        failed_calls: failed,
        sentences,
    };
    report
}
