//! Runs check pipelines (`lexeval_core::pipeline`) to their end with core's blocking driver: embeddings
//! from the shipped model, answers from the endpoint, both only when a pipeline asks. One [`Checker`]
//! serves a whole `--pairs` batch, so the model loads once and the answer cache is shared.

use crate::commands::llm_args::LlmArgs;
use anyhow::Result;
use lexeval_core::judge::{Answer, JudgeError};
use lexeval_core::pipeline::drive::{self, Provider};
use lexeval_core::pipeline::{CheckJob, CheckReport};
use lexeval_core::shipped_model::EmbeddingModel;
use lexeval_embed::Embedder;
use lexeval_llm::native::NativeClient;
use lexeval_llm::tasks::judge::PaperJudge;
use lexeval_llm::Complete;

pub struct Checker<'a> {
    llm: &'a LlmArgs,
    embedding_model: EmbeddingModel,
    /// Loaded at the first pipeline that asks for embeddings, then kept.
    embedder: Option<Embedder>,
    /// Opened at the first pipeline that asks for answers, then kept with its cache.
    client: Option<NativeClient>,
}

impl<'a> Checker<'a> {
    pub fn new(llm: &'a LlmArgs, embedding_model: EmbeddingModel) -> Self {
        Checker {
            llm,
            embedding_model,
            embedder: None,
            client: None,
        }
    }

    /// Runs `job`, embedding with the checker's model if the pipeline asks (and recording it in the
    /// report then).
    pub fn run(&mut self, job: CheckJob) -> Result<CheckReport> {
        drive::run(job, &PaperJudge, self)
    }
}

impl Provider for Checker<'_> {
    type Error = anyhow::Error;

    fn embed(&mut self, texts: &[String]) -> Result<Vec<Vec<f32>>> {
        let embedder = match &mut self.embedder {
            Some(embedder) => embedder,
            None => self
                .embedder
                .insert(crate::embedding::load(self.embedding_model)?),
        };
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        Ok(embedder.embed(&texts)?)
    }

    fn embedding_model(&self) -> EmbeddingModel {
        self.embedding_model
    }

    fn answer(&mut self, prompts: &[String]) -> Result<Vec<Answer>> {
        let client = match &mut self.client {
            Some(client) => client,
            None => self.client.insert(self.llm.client()?),
        };
        Ok(client
            .complete_many(prompts)
            .into_iter()
            .map(|answer| answer.map_err(|e| JudgeError::Unanswered(e.to_string())))
            .collect())
    }
}
