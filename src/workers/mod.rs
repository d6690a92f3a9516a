//! The page's two Web Workers behind async functions, so no check and no model ever runs on the main
//! thread: `score` (the check pipelines, U-Score, calibration, benchmark files and pairs batches) and
//! `embed` (the sentence-embedding model), both on `client`, which starts a worker, matches replies to
//! requests and restarts it to stop a superseded or cancelled request. The messages are
//! `lexeval_protocol`'s.

pub mod checks;
pub mod client;
pub mod embed;
pub mod pairs_batch;
pub mod score;

pub use client::{Lane, WorkerError};
