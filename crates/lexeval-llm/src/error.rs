//! Errors of one LLM call. None of them carries the API key: they are built from status codes,
//! response bodies and transport messages only.

use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq)]
pub enum LlmError {
    /// No answer within the configured timeout (whole seconds, as the user set it).
    #[error("timed out after {seconds} s")]
    Timeout { seconds: u64 },
    #[error("transport error: {0}")]
    Transport(String),
    /// The browser's `fetch` rejected: no HTTP answer reached the page, which the browser does not explain
    /// further (a server down and a missing CORS header look the same from a page).
    #[error(
        "could not reach the endpoint (the server is down, or it does not allow this page's origin — CORS): {0}"
    )]
    Unreachable(String),
    #[error("the endpoint answered HTTP {status}: {body}")]
    Status { status: u16, body: String },
    #[error("unreadable answer from the endpoint (not an OpenAI-compatible chat completion): {0}")]
    MalformedResponse(String),
    #[error("unparseable answer: {0}")]
    UnparseableAnswer(String),
    #[error("no answer was fetched for this prompt")]
    Unanswered,
}

impl LlmError {
    /// Rate limits, server and transport errors are worth retrying; client errors, bad answers and a
    /// timeout are not (a timeout already waited as long as the user chose to wait).
    pub fn is_retryable(&self) -> bool {
        match self {
            LlmError::Transport(_) | LlmError::Unreachable(_) => true,
            LlmError::Timeout { .. } => false,
            LlmError::Status { status, .. } => *status == 429 || *status >= 500,
            LlmError::MalformedResponse(_)
            | LlmError::UnparseableAnswer(_)
            | LlmError::Unanswered => false,
        }
    }
}
