//! L-FRESCO and FRESCO (arXiv 2603.21283): the fraction of the reference brief's (claim, authority) pairs
//! that the generated brief supports.
//!
//! L-FRESCO = (1/|R|) Σ over reference (claim, authority) pairs r of B-SIM(r, C_r), where C_r are the
//! candidate claims citing the same authority and B-SIM is 1 when the best continuous similarity reaches the
//! threshold (a reference pair counts at most once). FRESCO (§4) drops the shared-authority requirement: a
//! maximum bipartite matching on C-SIM, a continuous similarity of the claims' citations
//! ([`citation_similarity`]), pairs reference and candidate claims; B-SIM is then applied to the matched
//! pairs only and divided by |R| (cited reference claims). Matchings of equal total C-SIM (within
//! [`crate::similarity::SIMILARITY_TOLERANCE`]) are told apart by the total stemmed ROUGE-1 F1 of their
//! claims, and only they: the objective is lexicographic, so the tie-break never outweighs a C-SIM
//! difference, however small.
//! [`GeneralizedMatch::Claims`] keeps metric version 1's matching on the claim similarity itself.
//!
//! A failed similarity (an LLM call failed, its answer was unreadable) leaves its pair unjudged, never 0:
//! the headline covers the decided reference pairs only ([`crate::judged`]).
//!
//! Memory and time grow with the distinct claim texts, not with the claims: a similarity is computed once
//! per distinct (reference text, candidate text) pair, and a reference pair keeps its best candidate and how
//! many candidates were compared, not every comparison.

mod citation_similarity;
mod claim_pairs;
mod details;
mod generalized;
pub mod left_out;
mod scoring;
mod settings;
mod shared_authority;
#[cfg(test)]
mod tests;

pub use citation_similarity::{authority_similarity, citation_similarity};
pub use claim_pairs::ClaimSimilarity;
pub use details::{ClaimMatrix, FrescoDetails, FrescoPair};
pub use scoring::{compared_text_pairs, score};
pub use settings::{AuthorityScope, FrescoSettings, GeneralizedMatch};

/// 2: generalized FRESCO matches on citations (C-SIM) by default; failed similarities are unjudged.
/// 3: that matching maximises total C-SIM first and claim ROUGE-1 only among equal totals (version 2 added
/// ε·ROUGE-1 to C-SIM, which could outweigh a small C-SIM difference).
pub const METRIC_VERSION: &str = "3";
/// Above this many cited claims on either side generalized FRESCO is null with a reason: the optimal
/// matching takes cubic time.
pub const MAX_MATCHED_CLAIMS: usize = 600;
/// The generalized FRESCO similarity matrix is kept in the report (the page draws it) up to this many
/// cells.
pub const MAX_MATRIX_CELLS_KEPT: usize = 40_000;
