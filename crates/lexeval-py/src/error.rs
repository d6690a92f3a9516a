//! The package's one error type. Python sees each as a `ValueError` with the message the CLI would print.

use lexeval_core::pipeline::FeedError;
use lexeval_embed::EmbedError;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A bad option, an unreadable row or model file: the message names it in the CLI's words.
    #[error("{0}")]
    Input(String),
    #[error(transparent)]
    Embedding(#[from] EmbedError),
    /// A pipeline fed what it did not ask for: a bug here, never the user's input.
    #[error(transparent)]
    Pipeline(#[from] FeedError),
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// One pair of a batch failed; the batch stops there, as the CLI's does.
    #[error("pair {pair}: {source}")]
    Pair { pair: usize, source: Box<Error> },
}

impl From<String> for Error {
    fn from(message: String) -> Self {
        Error::Input(message)
    }
}

impl From<Error> for PyErr {
    fn from(error: Error) -> Self {
        PyValueError::new_err(error.to_string())
    }
}
