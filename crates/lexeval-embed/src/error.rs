//! The one error type of this crate.

use tract_onnx::prelude::{TractError, TractResult};

/// Why a model could not be loaded, or could not embed.
#[derive(Debug, thiserror::Error)]
pub enum EmbedError {
    /// A model file is not the pinned one.
    #[error("{what} failed its sha256 check: expected {expected}, got {actual}")]
    Checksum {
        what: String,
        expected: String,
        actual: String,
    },
    /// A model file could not be read to its end.
    #[error("cannot read {what}: {source}")]
    Read {
        what: String,
        source: std::io::Error,
    },
    /// The tokenizer could not be read, configured or run; `message` is the tokenizers crate's.
    #[error("{context}: {message}")]
    Tokenizer {
        context: &'static str,
        message: String,
    },
    /// tract could not load, plan or run the model; `error` is tract's (its causes included).
    #[error("{context}: {error:#}")]
    Model { context: String, error: TractError },
    /// The model is not one this crate runs: its inputs or outputs are not a sentence encoder's.
    #[error("{0}")]
    UnexpectedModel(String),
}

pub type Result<T, E = EmbedError> = std::result::Result<T, E>;

/// Names what tract was doing when it failed, as `anyhow::Context` would.
pub(crate) trait ModelContext<T> {
    fn model_context(self, context: impl Into<String>) -> Result<T>;
}

impl<T> ModelContext<T> for TractResult<T> {
    fn model_context(self, context: impl Into<String>) -> Result<T> {
        self.map_err(|error| EmbedError::Model {
            context: context.into(),
            error,
        })
    }
}
