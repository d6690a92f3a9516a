//! Runs a check pipeline (`lexeval_core::pipeline`) to its end, as the page's score worker does: embeddings
//! from the shipped model, answers from the endpoint, both only when the pipeline asks.

use crate::commands::llm_args::LlmArgs;
use anyhow::Result;
use lexeval_core::pipeline::{CheckJob, CheckReport, Pipeline, Step};
use lexeval_core::shipped_model::EmbeddingModel;
use lexeval_llm::tasks::judge::PaperJudge;
use lexeval_llm::Complete;

/// Runs `job`, embedding with `embedding_model` if the pipeline asks (and recording it in the report then).
pub fn run(job: CheckJob, llm: &LlmArgs, embedding_model: EmbeddingModel) -> Result<CheckReport> {
    let judge = PaperJudge;
    let (mut pipeline, mut step) = Pipeline::start(job, &judge);
    let mut embedder = None;
    let mut client = None;
    loop {
        step = match step {
            Step::NeedEmbeddings { texts } => {
                let embedder = match &mut embedder {
                    Some(embedder) => embedder,
                    None => embedder.insert(crate::embedding::load(embedding_model)?),
                };
                let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
                pipeline.feed_embeddings(embedder.embed(&texts)?, &judge)?
            }
            Step::NeedAnswers { prompts } => {
                let client = match &mut client {
                    Some(client) => client,
                    None => client.insert(llm.client()?),
                };
                let answers = client
                    .complete_many(&prompts)
                    .into_iter()
                    .map(|answer| answer.map_err(|e| e.to_string()))
                    .collect();
                pipeline.feed_answers(answers, &judge)?
            }
            Step::Done { mut report } => {
                if embedder.is_some() {
                    report.record_embedding_model(embedding_model);
                }
                return Ok(*report);
            }
        };
    }
}
