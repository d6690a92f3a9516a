//! Pointwise evaluation of long legal summaries (Tan et al.): the reference and candidate summaries are split
//! into points, every (reference, candidate) pair at or above a similarity threshold matches (§5.2.1; the
//! top-5 pre-selection of §5.2.3 is the LLM judge's, see [`preselect`]), a 1-1 assignment resolves candidates
//! matching several references (the greedy algorithm of appendix A.5, or an optimal assignment), and recall
//! weights reference points by their lemmas (A.3), per paragraph when the points come with their paragraphs.
//!
//! Lemmas: lexeval approximates a lemma by the NLTK Porter stem of each rouge-score token (lower-case ASCII
//! words and numbers), the same normalisation as ROUGE with stemming. A stem is used on purpose: a
//! lemmatiser needs a dictionary and a part-of-speech tagger (megabytes in the page's wasm) and would make
//! the weights disagree with the ROUGE similarity that matches the points; the weights only count how often
//! a word recurs, for which a stem groups the same inflections a lemma does ("held"/"holds" aside).
//! Credit (§5.3, A.3): a reference point with an assigned match counts 1. A reference point whose matches all
//! went to other reference points (the paper's "other relevant match") counts 0 as in the paper (only
//! assigned matches cover a point), or `partial_credit` (0.5) with [`OtherRelevant::Partial`], lexeval's
//! metric version 1.

mod assignment;
mod details;
mod scoring;
mod settings;
#[cfg(test)]
mod tests;
mod weights;

pub use assignment::{greedy_assignment, preselect, PointMatching};
pub use details::{
    PointwiseDetails, ReferencePoint, ScoredPoints, UnjudgedPair, UnsupportedPoint, Weighting,
};
pub use scoring::{easiness, score_matching_weighted, score_weighted, skipped, SCORE_NAMES};
pub use settings::{Assignment, OtherRelevant, PointSource, PointwiseSettings};
pub use weights::{paragraph_weights, point_weights, points, Paragraph};

/// 2: all threshold pairs match (no top-k outside the LLM judge), "other relevant" matches earn nothing by
/// default, easiness on stemmed tokens.
pub const METRIC_VERSION: &str = "2";

/// The similarity matrix is kept in the report (the page draws it) up to this many cells.
pub const MAX_MATRIX_CELLS_KEPT: usize = 40_000;
