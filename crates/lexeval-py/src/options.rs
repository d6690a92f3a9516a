//! The options of the Python functions, as `lexeval/__init__.py` passes them (a JSON object of the keyword
//! arguments): core's own types, so an unknown similarity or assignment is refused with the value's name,
//! and the CLI's defaults where an argument is omitted.

use lexeval_core::fresco::{AuthorityScope, FrescoSettings, GeneralizedMatch};
use lexeval_core::judge::JudgeSettings;
use lexeval_core::pipeline::CheckJob;
use lexeval_core::pointwise::{
    Assignment, OtherRelevant, Paragraph, PointSource, PointwiseSettings,
};
use lexeval_core::rouge::BootstrapAggregator;
use lexeval_core::shipped_model::EmbeddingModel;
use lexeval_core::similarity::Similarity;
use lexeval_llm::{ApiKey, LlmConfig};
use serde::Deserialize;
use std::path::PathBuf;
use std::time::Duration;

/// The options `fresco` and `pointwise` share (the CLI's `PairArgs`), and their `--pairs` interval.
#[derive(Deserialize)]
pub struct CheckOptions {
    #[serde(default)]
    pub similarity: Similarity,
    pub threshold: Option<f64>,
    #[serde(default = "default_embedding_model")]
    pub embedding_model: EmbeddingModel,
    /// The model's folder instead of `LEXEVAL_MODELS` or the built `models/`.
    pub models_dir: Option<PathBuf>,
    #[serde(flatten)]
    pub llm: LlmOptions,
    #[serde(flatten)]
    pub bootstrap: BootstrapOptions,
    #[serde(flatten)]
    pub metric: MetricOptions,
}

/// What the metric's own flags choose.
#[derive(Deserialize)]
#[serde(tag = "metric", rename_all = "lowercase")]
pub enum MetricOptions {
    Fresco {
        #[serde(default)]
        generalized: bool,
        #[serde(default)]
        generalized_match: GeneralizedMatch,
        #[serde(default)]
        authorities: AuthorityScope,
    },
    Pointwise {
        #[serde(default = "default_assignment")]
        assign: Assignment,
        #[serde(default = "default_other_relevant")]
        other_relevant: OtherRelevant,
        #[serde(default)]
        points: PointSource,
        reference_points: Option<Vec<Paragraph>>,
        candidate_points: Option<Vec<Paragraph>>,
    },
}

/// The endpoint for the LLM judge (the CLI's `LlmArgs`); the key only from `LEXEVAL_API_KEY`.
#[derive(Deserialize)]
pub struct LlmOptions {
    pub endpoint: Option<String>,
    pub model: Option<String>,
    #[serde(default)]
    pub temperature: f64,
    pub llm_seed: Option<u64>,
    #[serde(default = "default_timeout")]
    pub timeout: u64,
    #[serde(default = "default_concurrency")]
    pub concurrency: usize,
    pub cache_dir: Option<PathBuf>,
}

/// The bootstrap interval of a batch's means (the CLI's `BootstrapArgs`).
#[derive(Deserialize)]
pub struct BootstrapOptions {
    #[serde(default = "default_confidence")]
    pub confidence: f64,
    #[serde(default = "default_samples")]
    pub samples: usize,
    #[serde(default)]
    pub bootstrap_seed: u64,
}

fn default_embedding_model() -> EmbeddingModel {
    EmbeddingModel::MiniLm
}
fn default_assignment() -> Assignment {
    Assignment::Greedy
}
fn default_other_relevant() -> OtherRelevant {
    OtherRelevant::Unmatched
}
fn default_timeout() -> u64 {
    lexeval_core::judge::DEFAULT_TIMEOUT_SECONDS
}
fn default_concurrency() -> usize {
    4
}
fn default_confidence() -> f64 {
    0.95
}
fn default_samples() -> usize {
    1000
}

impl CheckOptions {
    pub fn parse(json: &str) -> Result<Self, String> {
        let options: CheckOptions = serde_json::from_str(json).map_err(|e| e.to_string())?;
        if let Some(threshold) = options.threshold.filter(|t| !(0.0..=1.0).contains(t)) {
            return Err(format!(
                "threshold must be between 0 and 1, got {threshold}"
            ));
        }
        Ok(options)
    }

    /// The threshold given, or the similarity's calibrated default (the CLI's and the page's).
    fn threshold(&self) -> f64 {
        self.threshold
            .unwrap_or_else(|| self.similarity.default_threshold())
    }

    /// The endpoint settings the report records when the LLM judges (a batch records them once).
    pub fn judge_settings(&self) -> Result<Option<JudgeSettings>, String> {
        match self.similarity {
            Similarity::Llm => Ok(Some(self.llm.config()?.judge_settings())),
            _ => Ok(None),
        }
    }

    /// One pair's check with these options, as `lexeval fresco` / `lexeval pointwise` builds it.
    pub fn job(&self, reference: String, candidate: String) -> Result<CheckJob, String> {
        // The LLM that extracts the points is recorded like the judge's, whichever similarity matches them.
        let judge = match self.metric {
            MetricOptions::Pointwise {
                points: PointSource::Llm,
                ..
            } => Some(self.llm.config()?.judge_settings()),
            _ => self.judge_settings()?,
        };
        Ok(match &self.metric {
            MetricOptions::Fresco {
                generalized,
                generalized_match,
                authorities,
            } => CheckJob::Brief {
                reference,
                candidate,
                settings: FrescoSettings {
                    similarity: self.similarity,
                    threshold: self.threshold(),
                    generalized: *generalized,
                    generalized_match: *generalized_match,
                    authorities: *authorities,
                },
                judge,
            },
            MetricOptions::Pointwise {
                assign,
                other_relevant,
                points,
                reference_points,
                candidate_points,
            } => CheckJob::Summary {
                reference,
                candidate,
                settings: PointwiseSettings {
                    similarity: self.similarity,
                    threshold: self.threshold(),
                    assignment: *assign,
                    other_relevant: *other_relevant,
                    points: *points,
                    ..PointwiseSettings::default()
                },
                judge,
                reference_points: reference_points.clone(),
                candidate_points: candidate_points.clone(),
            },
        })
    }
}

impl LlmOptions {
    /// The endpoint's settings, the key from `LEXEVAL_API_KEY` (never an argument, so never in a notebook).
    pub fn config(&self) -> Result<LlmConfig, String> {
        let (Some(endpoint), Some(model)) = (&self.endpoint, &self.model) else {
            return Err(
                "an LLM needs endpoint=URL and model=NAME (key from LEXEVAL_API_KEY)".to_string(),
            );
        };
        let key = ApiKey::new(std::env::var("LEXEVAL_API_KEY").unwrap_or_default());
        let mut config = LlmConfig::new(endpoint, model, key);
        config.temperature = self.temperature;
        config.seed = self.llm_seed;
        config.timeout = Duration::from_secs(self.timeout.max(1));
        config.concurrency = self.concurrency.max(1);
        Ok(config)
    }
}

impl BootstrapOptions {
    pub fn aggregator(&self) -> Result<BootstrapAggregator, String> {
        BootstrapAggregator::new(self.confidence, self.samples, self.bootstrap_seed)
            .map_err(|e| format!("confidence or samples: {e}"))
    }
}
