//! Metric tasks built on the `Complete` trait: each keeps its prompts and raw answers for the report.

pub mod casefacts;
pub mod decompose;
pub mod decompscore;
pub mod judge_claims;
pub mod legalsearchqa;
pub mod pointwise;
pub mod sentences;

use crate::error::LlmError;
use serde::Serialize;

/// One prompt sent, its raw answer (if any) and why it could not be used (if so).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Exchange {
    pub prompt: String,
    pub answer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Exchange {
    fn new(prompt: String, answer: &Result<String, LlmError>) -> Self {
        Exchange {
            prompt,
            answer: answer.as_ref().ok().cloned(),
            error: answer.as_ref().err().map(ToString::to_string),
        }
    }
}
