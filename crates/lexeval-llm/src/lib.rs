//! lexeval-llm: an optional OpenAI-compatible chat client and the papers' prompts.
//!
//! Request building, response parsing, caching and answer parsing are shared; the blocking transport
//! (`native`) is only built off wasm, the browser one (`wasm`) only on wasm.

pub mod cache;
pub mod chat;
pub mod config;
pub mod error;
#[cfg(target_arch = "wasm32")]
mod global;
#[cfg(target_arch = "wasm32")]
pub mod indexed_db;
#[cfg(not(target_arch = "wasm32"))]
pub mod native;
pub mod parse;
pub mod prompts;
pub mod tasks;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use chat::Complete;
pub use config::{ApiKey, LlmConfig};
pub use error::LlmError;
