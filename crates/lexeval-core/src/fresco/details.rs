//! What an L-FRESCO / FRESCO report records beside its scores, and how reports of schema 1 read.

use super::left_out;
use super::settings::{metric_version_1_match, GeneralizedMatch};
use crate::authorities::Authority;
use crate::authority_key::AuthorityKey;
use crate::claims::AttributedClaim;
use crate::integrity::Finding;
use crate::judge::{Exchange, JudgeSettings};
use serde::{Deserialize, Deserializer, Serialize};

/// The breakdown of an L-FRESCO / FRESCO report. Field names (alphabetical) are those reports have always
/// used, so saved reports still open; counts added by metric version 2 read as 0 from older reports.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct FrescoDetails {
    /// Every authority either text cites, with the name readers see (the claims carry keys).
    #[serde(default)]
    pub authorities: Vec<Authority>,
    pub candidate_claims: Vec<AttributedClaim>,
    /// Similarities that failed (unjudged pairs of texts).
    #[serde(default)]
    pub failed_pairs: usize,
    /// Authorities only the candidate cites (possibly hallucinated), by name.
    pub hallucinated_authorities: Vec<String>,
    /// What to check about the generated text's citations (`integrity`): beside the scores, never in them.
    /// Absent when there is nothing, so reports without findings read as they always have.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub integrity: Vec<Finding>,
    /// Similarities computed (distinct pairs of texts).
    #[serde(default)]
    pub judged_pairs: usize,
    /// Citations neither text resolves, left out of the pairs and of citation recall and precision.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_out: Vec<left_out::LeftOutCitation>,
    /// The LLM judge's endpoint and model, when it was the similarity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm: Option<JudgeSettings>,
    /// Every prompt and raw answer of the LLM judge, when it was the similarity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm_exchanges: Option<Vec<Exchange>>,
    /// Generalized FRESCO: the similarity matrix of the cited claims and the chosen matching.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matrix: Option<ClaimMatrix>,
    /// Authorities only the reference cites, by name.
    pub missing_authorities: Vec<String>,
    pub pairs: Vec<FrescoPair>,
    pub reference_claims: Vec<AttributedClaim>,
    pub similarity_errors: Vec<String>,
    #[serde(default)]
    pub unjudged_reference_pairs: usize,
    pub unmatched_reference_pairs: usize,
    /// Authorities cited with no claim in the text (a citation sentence opening it): counted in citation
    /// recall and precision, left out of the pairs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub without_claim: Vec<WithoutClaim>,
}

/// An authority a claim without text cites (see `without_claim`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WithoutClaim {
    pub text: left_out::Text,
    /// The claim's index in its text's claims.
    pub claim: usize,
    pub authority: AuthorityKey,
}

/// One reference (claim, authority) pair (L-FRESCO) or cited reference claim (FRESCO) and its best match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FrescoPair {
    /// The shared authority (L-FRESCO only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub authority: Option<AuthorityKey>,
    pub best_candidate: Option<usize>,
    /// How many candidate claims were compared (L-FRESCO only). Reports made before schema 2 listed every
    /// comparison here; they read back as the length of that list.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "count_or_list"
    )]
    pub compared: Option<usize>,
    /// False when a failed similarity left the pair undecided (not counted in the headline). Reports made
    /// before metric version 2 counted every pair.
    #[serde(default = "crate::judged::judged_before_version_2")]
    pub judged: bool,
    pub reason: String,
    pub reference: usize,
    pub similarity: Option<f64>,
    pub supported: bool,
}

/// Generalized FRESCO's matrix: rows and columns are indices of cited claims.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClaimMatrix {
    /// (row, column) pairs of the matching.
    pub assignment: Vec<(usize, usize)>,
    /// C-SIM of the citations, when the matching was on citations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub c_sim: Option<Vec<Vec<f64>>>,
    pub candidate_claims: Vec<usize>,
    /// What the matching maximised.
    #[serde(default = "metric_version_1_match")]
    pub match_on: GeneralizedMatch,
    pub reference_claims: Vec<usize>,
    /// The claim similarity; null where it was not computed (matching on citations computes it for the
    /// matched pairs only) or failed.
    pub similarity: Vec<Vec<Option<f64>>>,
}

fn count_or_list<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<usize>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum CountOrList {
        Count(usize),
        List(Vec<serde::de::IgnoredAny>),
    }
    Ok(Some(match CountOrList::deserialize(deserializer)? {
        CountOrList::Count(count) => count,
        CountOrList::List(list) => list.len(),
    }))
}
