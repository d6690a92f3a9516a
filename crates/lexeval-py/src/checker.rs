//! Runs check pipelines (`lexeval_core::pipeline`) to their end with core's blocking driver, as the CLI
//! does: embeddings from the shipped model, answers from the endpoint, both only when a pipeline asks. One
//! [`Checker`] serves a whole batch, so the answer cache is shared.

use crate::error::Error;
use crate::options::CheckOptions;
use lexeval_core::judge::{Answer, JudgeError};
use lexeval_core::pairs::{PairRecord, PairScores, PairsDetails};
use lexeval_core::pipeline::drive::{self, Provider};
use lexeval_core::pipeline::CheckReport;
use lexeval_core::report::ScoreReport;
use lexeval_core::shipped_model::EmbeddingModel;
use lexeval_embed::Embedder;
use lexeval_llm::cache::{FileCache, MemoryCache, ResponseCache};
use lexeval_llm::native::NativeClient;
use lexeval_llm::tasks::judge::PaperJudge;
use lexeval_llm::Complete;
use std::sync::Arc;

pub struct Checker<'a> {
    options: &'a CheckOptions,
    embedder: Option<Arc<Embedder>>,
    client: Option<NativeClient>,
}

impl<'a> Checker<'a> {
    pub fn new(options: &'a CheckOptions) -> Self {
        Checker {
            options,
            embedder: None,
            client: None,
        }
    }

    /// The check of one pair with the checker's options.
    pub fn check(&mut self, reference: String, candidate: String) -> Result<CheckReport, Error> {
        let job = self.options.job(reference, candidate)?;
        drive::run(job, &PaperJudge, self)
    }

    fn client(&self) -> Result<NativeClient, Error> {
        let config = self.options.llm.config()?;
        let cache: Box<dyn ResponseCache> = match &self.options.llm.cache_dir {
            Some(dir) => Box::new(FileCache::open(dir).map_err(|e| {
                Error::Input(format!(
                    "cannot open cache directory {}: {e}",
                    dir.display()
                ))
            })?),
            None => Box::new(MemoryCache::default()),
        };
        Ok(NativeClient::with_cache(config, cache))
    }

    /// Every pair's check, then the aggregate of `lexeval fresco|pointwise --pairs`; rows keep their
    /// position.
    pub fn score_pairs(
        &mut self,
        records: Vec<PairRecord>,
    ) -> Result<ScoreReport<PairsDetails>, Error> {
        let bootstrap = self.options.bootstrap.aggregator()?;
        let mut scores = PairScores::default();
        for (index, record) in records.into_iter().enumerate() {
            let report = self
                .check(record.reference, record.generated)
                .map_err(|e| Error::Pair {
                    pair: index + 1,
                    source: Box::new(e),
                })?;
            scores.add(index, (record.id, record.model), &report.metric);
        }
        let mut report = scores
            .aggregate(&bootstrap)
            .ok_or_else(|| Error::Input("no pairs".to_string()))?;
        // Each pair's details (dropped here) held the judge's endpoint settings; the batch keeps them once.
        if let Some(judge) = self.options.judge_settings()? {
            report.record_judge(&judge);
        }
        Ok(report)
    }
}

impl Provider for Checker<'_> {
    type Error = Error;

    fn embed(&mut self, texts: &[String]) -> Result<Vec<Vec<f32>>, Error> {
        let embedder = match &self.embedder {
            Some(embedder) => embedder,
            None => self.embedder.insert(crate::embedding::load(
                self.options.embedding_model,
                self.options.models_dir.as_deref(),
            )?),
        };
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        Ok(embedder.embed(&texts)?)
    }

    fn embedding_model(&self) -> EmbeddingModel {
        self.options.embedding_model
    }

    fn answer(&mut self, prompts: &[String]) -> Result<Vec<Answer>, Error> {
        let client = match &mut self.client {
            Some(client) => client,
            None => self.client.insert(self.client()?),
        };
        Ok(client
            .complete_many(prompts)
            .into_iter()
            .map(|answer| answer.map_err(|e| JudgeError::Unanswered(e.to_string())))
            .collect())
    }
}
