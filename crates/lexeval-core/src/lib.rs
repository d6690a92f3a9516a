//! lexeval-core: the pure engine. Text in, a [`report::ScoreReport`] out.
//!
//! No web, no file or network I/O, no model runtime: everything here runs the same natively and in wasm.

pub mod authorities;
pub mod benchmark;
pub mod bm25;
pub mod calibrate;
pub mod casefacts;
pub mod citations;
pub mod claims;
pub mod compare;
pub mod decompscore;
pub mod embedded;
pub mod fresco;
pub mod items;
pub mod judge;
pub mod judged;
pub mod legalsearchqa;
pub mod matching;
pub mod pairs;
pub mod pipeline;
pub mod pointwise;
pub mod records;
pub mod report;
pub mod rouge;
pub mod share;
pub mod shipped_model;
pub mod similarity;
pub mod stats;
pub mod uscore;
