//! What a FRESCO check is asked to compute.

use crate::similarity::Similarity;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FrescoSettings {
    /// The continuous similarity, recorded in the report.
    pub similarity: Similarity,
    /// B-SIM = similarity ≥ threshold.
    pub threshold: f64,
    /// FRESCO (bipartite matching) instead of L-FRESCO (shared authority).
    pub generalized: bool,
    /// What generalized FRESCO's matching maximises.
    #[serde(default = "metric_version_1_match")]
    pub generalized_match: GeneralizedMatch,
    /// Which authorities make the (claim, authority) pairs of R and count in citation recall and precision.
    #[serde(default, skip_serializing_if = "AuthorityScope::is_all")]
    pub authorities: AuthorityScope,
}

/// The authorities L-FRESCO counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AuthorityScope {
    /// Cases, statutes, court rules and secondary sources (lexeval's default: a brief's claims rest on all
    /// of them).
    #[default]
    All,
    /// Case citations only, as the paper's definition of R literally reads.
    Cases,
}

impl AuthorityScope {
    pub fn is_all(&self) -> bool {
        *self == AuthorityScope::All
    }
}

/// The weights of generalized FRESCO's bipartite matching.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GeneralizedMatch {
    /// C-SIM of the citations (the paper, §4), then B-SIM on the matched pairs.
    #[default]
    Citations,
    /// The claim similarity itself (metric version 1): citations are ignored.
    Claims,
}

/// Settings and matrices saved before `generalized_match` existed matched on claims, so they keep it.
pub(super) fn metric_version_1_match() -> GeneralizedMatch {
    GeneralizedMatch::Claims
}
