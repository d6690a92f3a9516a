//! What both matchings share: the (claim, authority) pairs of a brief, the similarities computed once per
//! distinct text pair, and the tally the headline is made of.

use super::details::{ClaimMatrix, FrescoPair};
use super::MAX_MATCHED_CLAIMS;
use crate::authority_key::AuthorityKey;
use crate::claims::AttributedClaim;
use crate::judged::Judgements;
use crate::similarity::SimilarityError;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// A continuous similarity of (reference claim, candidate claim) in [0, 1], or why the pair has none.
pub type ClaimSimilarity<'a> = dyn FnMut(&str, &str) -> Result<f64, SimilarityError> + 'a;

/// Each claim's text numbered, equal texts alike (so similarities are computed per distinct text pair), and
/// how many distinct texts there are.
pub(super) fn number_texts(claims: &[AttributedClaim]) -> (Vec<usize>, usize) {
    let mut ids: HashMap<&str, usize> = HashMap::new();
    let per_claim = claims
        .iter()
        .map(|claim| {
            let next = ids.len();
            *ids.entry(claim.text.as_str()).or_insert(next)
        })
        .collect();
    (per_claim, ids.len())
}

/// The similarity of each distinct (reference text, candidate text) pair, computed on first use; a failure
/// is recorded once, naming the first claims it concerned, and counted as a failed judgement.
pub(super) struct Similarities<'s, 'a, 'c> {
    pub(super) similarity: &'s mut ClaimSimilarity<'a>,
    pub(super) reference: &'c [AttributedClaim],
    pub(super) candidate: &'c [AttributedClaim],
    pub(super) reference_text: Vec<usize>,
    pub(super) candidate_text: Vec<usize>,
    pub(super) values: HashMap<(usize, usize), Option<f64>>,
    pub(super) errors: Vec<String>,
    pub(super) judgements: Judgements,
}

impl Similarities<'_, '_, '_> {
    pub(super) fn get(&mut self, r: usize, c: usize) -> Option<f64> {
        let key = (self.reference_text[r], self.candidate_text[c]);
        if let Some(value) = self.values.get(&key) {
            return *value;
        }
        let value = match (self.similarity)(&self.reference[r].text, &self.candidate[c].text) {
            Ok(value) => {
                self.judgements.judged();
                Some(value.clamp(0.0, 1.0))
            }
            Err(error) => {
                self.judgements.failed(&error);
                self.errors.push(format!(
                    "reference claim {r} vs candidate claim {c}: {error}"
                ));
                None
            }
        };
        self.values.insert(key, value);
        value
    }
}

pub(super) fn authorities(claims: &[AttributedClaim]) -> BTreeSet<&AuthorityKey> {
    crate::sorted::set(claims.iter().flat_map(|c| &c.authorities))
}

/// Whether a claim has words of its own. A citation sentence that opens the text ("See also Smith, …" at
/// the top of a paragraph cut from a brief) supports a sentence the text does not give: its claim is empty,
/// its authorities count as cited, but it makes no (claim, authority) pair.
pub(super) fn has_text(claim: &AttributedClaim) -> bool {
    claim.text.chars().any(char::is_alphanumeric)
}

/// Claim indices citing each authority, in reading order; claims without text make no pair.
pub(super) fn citing(claims: &[AttributedClaim]) -> BTreeMap<&AuthorityKey, Vec<usize>> {
    let mut by_authority: BTreeMap<&AuthorityKey, Vec<usize>> = BTreeMap::new();
    for (index, claim) in claims.iter().enumerate().filter(|(_, c)| has_text(c)) {
        for authority in &claim.authorities {
            by_authority.entry(authority).or_default().push(index);
        }
    }
    by_authority
}

/// Indices of the claims that cite an authority and have text (see [`has_text`]).
pub(super) fn cited(claims: &[AttributedClaim]) -> Vec<usize> {
    (0..claims.len())
        .filter(|&i| !claims[i].authorities.is_empty() && has_text(&claims[i]))
        .collect()
}

/// Why generalized FRESCO is not attempted for these claim counts, if it is not.
pub(super) fn too_many_to_match(reference: usize, candidate: usize) -> Option<String> {
    (reference.max(candidate) > MAX_MATCHED_CLAIMS).then(|| {
        format!(
            "{reference} reference and {candidate} generated cited claims: generalized FRESCO matches at \
             most {MAX_MATCHED_CLAIMS} per side — use L-FRESCO, or score the brief section by section"
        )
    })
}

/// The headline's counts: reference pairs supported and decided (not left open by a failed similarity), and
/// why there is no score when there are no reference pairs.
pub(super) struct Tally {
    pub(super) supported: usize,
    pub(super) decided: usize,
    pub(super) empty_reason: String,
}

/// The tally, one row per reference pair, and (generalized FRESCO) the matrix.
pub(super) type Outcome = (Tally, Vec<FrescoPair>, Option<ClaimMatrix>);

/// The best candidate of one reference text for one authority: (claim index, similarity), how many
/// candidates were compared and how many of their similarities failed.
pub(super) struct Best {
    pub(super) candidate: Option<(usize, f64)>,
    pub(super) compared: usize,
    pub(super) failures: usize,
}
