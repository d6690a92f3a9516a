//! How points are matched and credited.

use crate::similarity::Similarity;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Assignment {
    /// Appendix A.5's greedy algorithm, as written.
    Greedy,
    /// Maximum total similarity (Hungarian).
    Optimal,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PointwiseSettings {
    /// The similarity behind the matrix, recorded in the report.
    pub similarity: Similarity,
    pub threshold: f64,
    /// Candidate points the LLM judge is asked about per reference point (5 in the paper, §5.2.3).
    pub top_k: usize,
    pub assignment: Assignment,
    /// A.3's factor for a reference point with partial matches only (0.5).
    pub partial_credit: f64,
    /// What a reference point whose matches were all assigned to other reference points earns.
    #[serde(default = "metric_version_1_other_relevant")]
    pub other_relevant: OtherRelevant,
}

/// Credit of a reference point whose threshold matches were all assigned to other reference points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OtherRelevant {
    /// Nothing: the paper's recall counts reference points with an (assigned) match (§5.3).
    Unmatched,
    /// `partial_credit`, as if it were a partial match (lexeval's metric version 1).
    Partial,
}

/// Settings saved before `other_relevant` existed were scored as partial matches, so they keep it.
fn metric_version_1_other_relevant() -> OtherRelevant {
    OtherRelevant::Partial
}

impl Default for PointwiseSettings {
    fn default() -> Self {
        PointwiseSettings {
            similarity: Similarity::Rouge1,
            threshold: 0.5,
            top_k: 5,
            assignment: Assignment::Greedy,
            partial_credit: 0.5,
            other_relevant: OtherRelevant::Unmatched,
        }
    }
}
