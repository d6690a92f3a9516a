//! The LLM's answers for one request (the judge's, and the summary's point extractions): fetched through
//! the IndexedDB cache and remembered for the request's lifetime, so a `pairs` batch asks a prompt repeated
//! across its pairs once (IndexedDB writes land in the background and may not be readable by the next pair
//! yet). As answers arrive it posts progress (`Stage::Judge`: prompts answered or failed of all asked in the
//! request).

use lexeval_core::judge::{Answer, JudgeError, JudgeSettings};
use lexeval_llm::wasm::WasmClient;
use lexeval_llm::LlmConfig;
use lexeval_protocol::{Reply, Stage};
use std::collections::HashMap;

pub struct Answers {
    config: Option<LlmConfig>,
    known: HashMap<String, String>,
    /// Prompts asked in this request, and how many of them have an answer or an error.
    asked: u64,
    settled: u64,
}

/// Tells the page how far the judge is.
fn progress(done: u64, total: u64) {
    crate::post(&Reply::Progress {
        stage: Stage::Judge,
        done,
        total,
    });
}

impl Answers {
    /// Answers from `config`'s endpoint; without one, every ask fails with a message saying what is missing.
    pub fn new(config: Option<LlmConfig>) -> Self {
        Answers {
            config,
            known: HashMap::new(),
            asked: 0,
            settled: 0,
        }
    }

    /// What reports record of the endpoint (never the key).
    pub fn judge_settings(&self) -> Option<JudgeSettings> {
        self.config.as_ref().map(LlmConfig::judge_settings)
    }

    /// The answers to `prompts`, in order: remembered ones, then the rest from the cache or the endpoint.
    /// A failed answer is not remembered, so a later pair asks it again.
    pub async fn ask(&mut self, prompts: &[String]) -> Result<Vec<Answer>, String> {
        let config = self
            .config
            .as_ref()
            .ok_or("the LLM needs an endpoint URL and a model name")?;
        let missing: Vec<String> = prompts
            .iter()
            .filter(|prompt| !self.known.contains_key(*prompt))
            .cloned()
            .collect();
        self.asked += prompts.len() as u64;
        self.settled += (prompts.len() - missing.len()) as u64;
        progress(self.settled, self.asked);
        let mut failed = HashMap::new();
        if !missing.is_empty() {
            let client = WasmClient::with_indexed_db(config.clone(), &missing).await;
            let (asked, settled) = (self.asked, &mut self.settled);
            let answered = client
                .complete_many(&missing, || {
                    *settled += 1;
                    progress(*settled, asked);
                })
                .await;
            for (prompt, answer) in missing.iter().zip(answered) {
                match answer {
                    Ok(answer) => {
                        self.known.insert(prompt.clone(), answer);
                    }
                    Err(e) => {
                        failed.insert(prompt.as_str(), e.to_string());
                    }
                }
            }
        }
        Ok(prompts
            .iter()
            .map(|prompt| match self.known.get(prompt) {
                Some(answer) => Ok(answer.clone()),
                None => Err(JudgeError::Unanswered(
                    failed
                        .get(prompt.as_str())
                        .cloned()
                        .unwrap_or_else(|| "no answer".into()),
                )),
            })
            .collect())
    }
}
