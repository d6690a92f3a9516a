//! Metric tasks built on the `Complete` trait: each keeps its prompts and raw answers for the report.

pub mod casefacts;
pub mod decompose;
pub mod decompscore;
pub mod judge;
pub mod legalsearchqa;
pub mod sentences;

/// One prompt sent, its raw answer (if any) and why it could not be used (if so): the record every report
/// keeps, shared with the check pipelines in core.
pub use lexeval_core::judge::Exchange;
