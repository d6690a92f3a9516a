//! Running the brief and summary checks: the page's settings become a `CheckJob` for the score worker,
//! which drives the check pipeline to its end (embeddings, LLM answers and all).

use crate::state::route::View;
use crate::state::settings::{LlmSettings, Settings};
use crate::workers::score::{self as scoring, Endpoint};
use crate::workers::{Lane, WorkerError};
use lexeval_core::fresco::{FrescoSettings, GeneralizedMatch};
use lexeval_core::pipeline::{CheckJob, CheckReport};
use lexeval_core::pointwise::{PointSource, PointwiseSettings};
use lexeval_core::similarity::Similarity;
use std::fmt;

/// Longest text scored; longer texts are kept but not scored. Checks run in the score worker, so even
/// texts this long never block typing.
pub const MAX_TEXT_CHARS: usize = 2_000_000;

#[derive(Debug, Clone, PartialEq)]
pub enum CheckError {
    /// A text is too long to score.
    TooLong { chars: usize, limit: usize },
    /// Bad input, with a message for the user.
    Input(String),
    /// The score worker could not run the check (or a newer one replaced it).
    Worker(WorkerError),
}

impl std::error::Error for CheckError {}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::TooLong { chars, limit } => write!(
                f,
                "this text has {chars} characters; lexeval scores texts up to {limit}. \
                 Your text is kept — shorten it to see scores."
            ),
            CheckError::Input(msg) => f.write_str(msg),
            CheckError::Worker(msg) => write!(f, "scoring failed: {msg}"),
        }
    }
}

/// The text, unless it is too long to score.
pub fn check_size(text: &str) -> Result<(), CheckError> {
    let chars = text.chars().count();
    if chars > MAX_TEXT_CHARS {
        return Err(CheckError::TooLong {
            chars,
            limit: MAX_TEXT_CHARS,
        });
    }
    Ok(())
}

/// What a check asks the LLM, when it asks it anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LlmUse {
    /// The similarity is the LLM judge's.
    Judge,
    /// Only the summary check's points are the LLM's (pointwise Step 1).
    Points,
}

impl LlmUse {
    /// Whether the `view`'s check under `settings` needs the LLM (the points choice is the summary's).
    pub fn of(view: View, settings: &Settings) -> Option<LlmUse> {
        if settings.similarity == Similarity::Llm {
            Some(LlmUse::Judge)
        } else if view == View::Summary && settings.points == PointSource::Llm {
            Some(LlmUse::Points)
        } else {
            None
        }
    }

    /// Who needs the endpoint, for the message when it is missing.
    fn asker(self) -> &'static str {
        match self {
            LlmUse::Judge => "the LLM judge",
            LlmUse::Points => "point extraction by the LLM",
        }
    }
}

/// The LLM's endpoint for the worker's requests when the `view`'s check uses it (the worker records its
/// settings in the report).
pub fn llm_endpoint(
    view: View,
    settings: &Settings,
    (llm, key): (&LlmSettings, &str),
) -> Result<Option<Endpoint>, CheckError> {
    let Some(used) = LlmUse::of(view, settings) else {
        return Ok(None);
    };
    let (endpoint, model) = (llm.endpoint.trim(), llm.model.trim());
    if endpoint.is_empty() || model.is_empty() {
        return Err(CheckError::Input(format!(
            "{} needs an endpoint URL and a model name (see the LLM settings)",
            used.asker()
        )));
    }
    Ok(Some(Endpoint {
        endpoint: endpoint.to_string(),
        model: model.to_string(),
        key: key.to_string(),
        timeout_seconds: llm.timeout_seconds.max(1),
    }))
}

/// The summary check (`View::Summary`) or the brief check (any other view) of two texts under `settings`.
pub fn job(view: View, reference: String, candidate: String, settings: &Settings) -> CheckJob {
    match view {
        View::Summary => CheckJob::Summary {
            reference,
            candidate,
            settings: PointwiseSettings {
                similarity: settings.similarity,
                threshold: settings.threshold,
                points: settings.points,
                ..PointwiseSettings::default()
            },
            judge: None,
            reference_points: None,
            candidate_points: None,
        },
        _ => CheckJob::Brief {
            reference,
            candidate,
            settings: FrescoSettings {
                authorities: settings.authorities,
                similarity: settings.similarity,
                threshold: settings.threshold,
                generalized: settings.generalized,
                generalized_match: GeneralizedMatch::Citations,
            },
            judge: None,
        },
    }
}

/// Runs the brief check (`View::Brief`) or the summary check (`View::Summary`) of two texts in `lane` (the
/// view's id for the check views).
pub async fn run(
    view: View,
    (reference, candidate): (&str, &str),
    settings: &Settings,
    llm: (&LlmSettings, &str),
    lane: Lane,
) -> Result<CheckReport, CheckError> {
    check_size(reference)?;
    check_size(candidate)?;
    let endpoint = llm_endpoint(view, settings, llm)?;
    let job = job(view, reference.to_string(), candidate.to_string(), settings);
    scoring::check(job, endpoint, settings.embedding_model, lane)
        .await
        .map_err(CheckError::Worker)
}

/// sha256 of the embedding model when the similarity uses it (share links record it).
pub fn model_sha256(settings: &Settings) -> Option<String> {
    (settings.similarity == Similarity::Embedding)
        .then(|| settings.embedding_model.sha256().to_string())
}
