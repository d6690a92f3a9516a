//! lexeval-core: the pure engine. Text in, a [`ScoreReport`] out.
//!
//! No web, no file or network I/O, no model runtime: everything here runs the same natively (the CLI) and
//! in wasm (the page's score worker). Embeddings and LLM answers come from outside: a check [`Pipeline`]
//! says what it needs next ([`Step`]) and is fed the answers, so the CLI and the page drive the same code.
//!
//! Data flows one way, and the modules follow it:
//! - **text → citations**: [`citations`] (eyecite's classes over reporters-db and courts-db; claims as the
//!   sentences a citation supports);
//! - **authorities and claims**: [`authorities`] (one identity per authority across both texts),
//!   [`claims`];
//! - **similarities**: [`similarity`] (the one choice), [`rouge`], [`embedded`], the LLM [`judge`] and
//!   [`judged`] (a failed comparison is never a number);
//! - **matching**: [`matching`] (optimal assignment);
//! - **metrics**: [`fresco`] (L-FRESCO, FRESCO, citation recall and precision), [`pointwise`],
//!   [`decompscore`], [`casefacts`], [`legalsearchqa`], [`uscore`], [`bm25`];
//! - **the report**: [`report`] ([`ScoreReport`]: scores null with a reason, never a silent 0), per-item
//!   tables ([`items`]), [`share`] links, batches ([`pairs`], [`benchmark`] over [`records`]), two systems
//!   [`compare`]d, [`calibrate`]d thresholds, correlations ([`stats`]);
//! - **the checks**: [`pipeline`], text to report for the brief and summary checks; [`shipped_model`]
//!   names the embedding models they may use.
//!
//! A brief check with ROUGE-L, which needs neither embeddings nor an LLM, so it is done at once:
//!
//! ```
//! use lexeval_core::fresco::{AuthorityScope, FrescoSettings, GeneralizedMatch};
//! use lexeval_core::pipeline::{CheckJob, MetricReport, Pipeline, Step};
//! use lexeval_core::similarity::Similarity;
//! # // Any `JudgeLanguage` will do: ROUGE asks the judge nothing (the CLI and the page pass lexeval-llm's).
//! # use lexeval_core::test_support::PlainJudge;
//!
//! let job = CheckJob::Brief {
//!     reference: "The contract was void. Kayes v. Pacific Lumber Co., 51 F.3d 1449 (9th Cir. 1995)."
//!         .into(),
//!     candidate: "The court held the contract void. Kayes v. Pacific Lumber Co., 51 F.3d 1449 \
//!                 (9th Cir. 1995)."
//!         .into(),
//!     settings: FrescoSettings {
//!         similarity: Similarity::RougeL,
//!         threshold: 0.5,
//!         generalized: false,
//!         generalized_match: GeneralizedMatch::Citations,
//!         authorities: AuthorityScope::All,
//!     },
//!     judge: None,
//! };
//! let (_, step) = Pipeline::start(job, &PlainJudge);
//! let Step::Done { report } = step else {
//!     unreachable!("ROUGE needs no embeddings and no answers")
//! };
//! let MetricReport::Fresco(fresco) = &report.metric else {
//!     unreachable!("a brief check is scored by FRESCO")
//! };
//! // One (claim, authority) pair on each side, sharing Kayes, with ROUGE-L F1 ≥ 0.5: L-FRESCO is 1.
//! assert_eq!(fresco.score("l-fresco"), Some(1.0));
//! assert_eq!(fresco.score("citation_recall"), Some(1.0));
//! ```

pub mod authorities;
pub mod authority_key;
pub mod benchmark;
pub mod bm25;
pub mod calibrate;
pub mod casefacts;
mod citation_builder;
pub mod citations;
pub mod claims;
pub mod compare;
pub mod decompscore;
pub mod embedded;
pub mod fresco;
pub mod integrity;
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
pub mod sorted;
pub mod stats;
#[cfg(any(test, feature = "test-support"))]
pub mod test_support;
pub mod uscore;

pub use pipeline::{CheckJob, CheckReport, Pipeline, Step};
pub use report::{Score, ScoreReport};
