//! L-FRESCO's B-SIM with a zero-shot LLM (Wei et al. 2024, §3.3): is the generated claim close enough
//! to the reference claim that shares its citation? The model explains, then ends with Yes or No.

use super::Exchange;
use crate::chat::Complete;
use crate::parse::parse_yes_no;
use crate::prompts::LFRESCO_SIMILARITY;
use serde::Serialize;

/// B-SIM as a continuous similarity for the FRESCO engine: `(reference, candidate)` → 1.0 or 0.0,
/// or the per-pair error (failed call, no Yes/No).
pub fn llm_similarity(client: &dyn Complete) -> impl FnMut(&str, &str) -> Result<f64, String> + '_ {
    move |reference, candidate| {
        let pair = [(candidate.to_string(), reference.to_string())];
        let judgment = judge_claims(client, &pair).pop();
        match judgment {
            Some(ClaimJudgment {
                similar: Some(similar),
                ..
            }) => Ok(if similar { 1.0 } else { 0.0 }),
            Some(ClaimJudgment { exchange, .. }) => {
                Err(exchange.error.unwrap_or_else(|| "no verdict".into()))
            }
            None => Err("no answer".into()),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClaimJudgment {
    /// 1/0 similarity; null when the call failed or the answer had no Yes/No.
    pub similar: Option<bool>,
    pub exchange: Exchange,
}

/// The B-SIM prompt for one pair.
fn prompt(generated: &str, reference: &str) -> String {
    LFRESCO_SIMILARITY.render(&[("generated", generated), ("reference", reference)])
}

/// Judge each `(generated, reference)` claim pair.
pub fn judge_claims(client: &dyn Complete, pairs: &[(String, String)]) -> Vec<ClaimJudgment> {
    let prompts: Vec<String> = pairs
        .iter()
        .map(|(generated, reference)| prompt(generated, reference))
        .collect();
    let answers = client.complete_many(&prompts);
    prompts
        .into_iter()
        .zip(answers)
        .map(|(prompt, answer)| {
            let verdict = answer.clone().and_then(|a| parse_yes_no(&a));
            let mut exchange = Exchange::new(prompt, &answer);
            if let (Err(err), None) = (&verdict, &exchange.error) {
                exchange.error = Some(err.to_string());
            }
            ClaimJudgment {
                similar: verdict.ok(),
                exchange,
            }
        })
        .collect()
}
