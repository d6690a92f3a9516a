//! lexeval-core: the pure engine. Text in, a [`report::ScoreReport`] out.
//!
//! No web, no file or network I/O, no model runtime: everything here runs the same natively and in wasm.

pub mod claims;
pub mod report;
pub mod share;
