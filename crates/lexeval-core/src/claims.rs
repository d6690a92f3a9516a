//! The hand-off between citation segmentation and the claim metrics.

use crate::authority_key::AuthorityKey;
use serde::{Deserialize, Serialize};

/// A claim and the authorities cited for it: what citation segmentation produces and L-FRESCO consumes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttributedClaim {
    /// The claim text, without its citations.
    pub text: String,
    /// Character (Unicode scalar) offsets of the claim in the input paragraph, end exclusive.
    pub start: usize,
    pub end: usize,
    /// Authority keys of the citations supporting the claim; one key per cited authority, sorted, unique.
    /// The same case cited by any parallel cite, reporter variant or short form has the same key.
    pub authorities: Vec<AuthorityKey>,
}
