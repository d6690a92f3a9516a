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
    /// Step 1: how a summary without supplied points is split into points. Recorded only when not the
    /// default, so reports made before the choice existed (sentences) keep their settings.
    #[serde(default, skip_serializing_if = "PointSource::is_sentences")]
    pub points: PointSource,
}

/// Step 1 of the paper: where a summary's points come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PointSource {
    /// The summary's citation-aware sentences.
    #[default]
    Sentences,
    /// The LLM splits each paragraph into points (§5.2.1, the A.1 heuristics), as the paper does.
    Llm,
}

impl PointSource {
    pub const ALL: [PointSource; 2] = [PointSource::Sentences, PointSource::Llm];

    /// The id used in settings, share links and reports (as serialised) and in the page's choice.
    pub fn id(self) -> &'static str {
        match self {
            PointSource::Sentences => "sentences",
            PointSource::Llm => "llm",
        }
    }

    pub fn from_id(id: &str) -> Option<PointSource> {
        PointSource::ALL.into_iter().find(|p| p.id() == id)
    }

    /// For `skip_serializing_if`: the default is not recorded, so settings and links made before the
    /// choice existed read and write the same.
    pub fn is_sentences(&self) -> bool {
        *self == PointSource::Sentences
    }
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
            points: PointSource::Sentences,
        }
    }
}
