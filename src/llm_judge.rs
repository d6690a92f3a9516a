//! L-FRESCO with the user's LLM as B-SIM: the claim pairs the metric compares are collected first, judged
//! by the endpoint concurrently (the browser client is async), then scored; every prompt and raw answer
//! goes into the report so the page can show them. The key is used for the request header only.

use crate::engine::EngineError;
use crate::state::settings::LlmSettings;
use lexeval_core::claims::AttributedClaim;
use lexeval_core::fresco::{self, FrescoSettings};
use lexeval_core::report::ScoreReport;
use lexeval_llm::chat::Answered;
use lexeval_llm::tasks::judge_claims::{judge_claims, llm_similarity, prompt};
use lexeval_llm::wasm::WasmClient;
use lexeval_llm::{ApiKey, LlmConfig};

pub async fn fresco_with_llm(
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
    settings: &FrescoSettings,
    llm: &LlmSettings,
    key: &str,
) -> Result<ScoreReport, EngineError> {
    let (endpoint, model) = (llm.endpoint.trim(), llm.model.trim());
    if endpoint.is_empty() || model.is_empty() {
        return Err(EngineError::Input(
            "the LLM judge needs an endpoint URL and a model name (see the LLM settings)".into(),
        ));
    }
    // Pass 1: which (reference, candidate) claim pairs does the metric compare?
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut record = |r: &str, c: &str| {
        pairs.push((c.to_string(), r.to_string()));
        Ok(0.0)
    };
    fresco::score(reference, candidate, settings, &mut record);
    pairs.sort_unstable();
    pairs.dedup();

    let config = LlmConfig::new(endpoint, model, ApiKey::new(key));
    let report_settings = config.report_settings();
    let prompts: Vec<String> = pairs.iter().map(|(c, r)| prompt(c, r)).collect();
    let client = WasmClient::with_indexed_db(config, &prompts).await;
    let answers = client.complete_many(&prompts).await;
    let answered = Answered::new(prompts.into_iter().zip(answers), report_settings.clone());

    // Pass 2: the same metric over the fetched verdicts.
    let mut report = fresco::score(
        reference,
        candidate,
        settings,
        &mut llm_similarity(&answered),
    );
    let exchanges: Vec<_> = judge_claims(&answered, &pairs)
        .into_iter()
        .map(|judgment| judgment.exchange)
        .collect();
    report.details["llm"] = report_settings;
    report.details["llm_exchanges"] = serde_json::to_value(exchanges).unwrap_or_default();
    Ok(report)
}
