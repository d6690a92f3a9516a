//! The user's LLM as judge in the page: L-FRESCO's B-SIM and pointwise point matching (A.4, A.5). The
//! metric tasks are synchronous and the browser client is async, so a task runs in rounds: it runs with the
//! answers fetched so far, the prompts it asked without an answer are fetched (concurrently, through the
//! IndexedDB cache), and it runs again until it asks nothing new. Every prompt and raw answer goes into the
//! report so the page can show them. The key is used for the request header only.

use crate::engine::EngineError;
use crate::state::settings::LlmSettings;
use lexeval_core::claims::AttributedClaim;
use lexeval_core::fresco::{self, FrescoSettings};
use lexeval_core::pointwise::PointwiseSettings;
use lexeval_core::report::ScoreReport;
use lexeval_llm::chat::{Answered, Complete};
use lexeval_llm::tasks::judge_claims::{judge_claims, llm_similarity};
use lexeval_llm::tasks::pointwise::score_with_judge;
use lexeval_llm::wasm::WasmClient;
use lexeval_llm::{ApiKey, LlmConfig};

/// More rounds than any task needs (pointwise: one per A.5 tie-break, at most one per candidate point).
const MAX_ROUNDS: usize = 5_000;

fn config(llm: &LlmSettings, key: &str) -> Result<LlmConfig, EngineError> {
    let (endpoint, model) = (llm.endpoint.trim(), llm.model.trim());
    if endpoint.is_empty() || model.is_empty() {
        return Err(EngineError::Input(
            "the LLM judge needs an endpoint URL and a model name (see the LLM settings)".into(),
        ));
    }
    Ok(LlmConfig::new(endpoint, model, ApiKey::new(key)))
}

/// Runs `task` in rounds until every prompt it asks has an answer (or an error); returns its last result
/// and the answers.
async fn in_rounds<T>(
    config: LlmConfig,
    task: impl Fn(&Answered) -> T,
) -> Result<(T, Answered), EngineError> {
    let mut answered = Answered::new([], config.report_settings());
    for _ in 0..MAX_ROUNDS {
        let result = task(&answered);
        let missing = answered.take_missing();
        if missing.is_empty() {
            return Ok((result, answered));
        }
        let client = WasmClient::with_indexed_db(config.clone(), &missing).await;
        let answers = client.complete_many(&missing).await;
        answered.add(missing.into_iter().zip(answers));
    }
    Err(EngineError::Input(
        "the LLM judge kept asking new questions; stopped".into(),
    ))
}

pub async fn fresco_with_llm(
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
    settings: &FrescoSettings,
    llm: &LlmSettings,
    key: &str,
) -> Result<ScoreReport, EngineError> {
    // Each round also records the (candidate, reference) claim pairs the metric compared, so the last one
    // names the prompts and answers to show.
    let score = |answered: &Answered| {
        let mut pairs: Vec<(String, String)> = Vec::new();
        let mut judge = llm_similarity(answered);
        let mut similarity = |r: &str, c: &str| {
            pairs.push((c.to_string(), r.to_string()));
            judge(r, c)
        };
        let report = fresco::score(reference, candidate, settings, &mut similarity);
        (report, pairs)
    };
    let ((mut report, mut pairs), answered) = in_rounds(config(llm, key)?, score).await?;
    pairs.sort_unstable();
    pairs.dedup();
    let exchanges: Vec<_> = judge_claims(&answered, &pairs)
        .into_iter()
        .map(|judgment| judgment.exchange)
        .collect();
    report.details["llm"] = answered.settings();
    report.details["llm_exchanges"] = serde_json::to_value(exchanges).unwrap_or_default();
    Ok(report)
}

/// Pointwise with the LLM matching the top candidates (by `cosine`) of each reference point.
pub async fn pointwise_with_llm(
    reference_text: &str,
    points: (&[String], &[String]),
    cosine: &[Vec<f64>],
    settings: &PointwiseSettings,
    (llm, key): (&LlmSettings, &str),
) -> Result<ScoreReport, EngineError> {
    let config = config(llm, key)?;
    let score =
        |answered: &Answered| score_with_judge(answered, reference_text, points, cosine, settings);
    Ok(in_rounds(config, score).await?.0)
}
