//! FRESCO (§4): a maximum bipartite matching of the claims on C-SIM (ROUGE-1 breaking ties only), then
//! B-SIM on the matched pairs.

use super::citation_similarity::citation_similarity;
use super::claim_pairs::{cited, too_many_to_match, Outcome, Similarities, Tally};
use super::details::{ClaimMatrix, FrescoPair};
use super::settings::{FrescoSettings, GeneralizedMatch};
use super::MAX_MATRIX_CELLS_KEPT;
use crate::claims::AttributedClaim;
use crate::matching::{lexicographic_max_assignment, max_weight_assignment};
use crate::rouge::{PairwiseF1, RougeType};
use crate::similarity::{reaches_threshold, SIMILARITY_TOLERANCE};

pub(super) fn generalized(
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
    settings: &FrescoSettings,
    similarities: &mut Similarities,
) -> Outcome {
    let threshold = settings.threshold;
    let (cited_reference, cited_candidate) = (cited(reference), cited(candidate));
    let nothing = |empty_reason: String| {
        let tally = Tally {
            supported: 0,
            decided: 0,
            empty_reason,
        };
        (tally, Vec::new(), None)
    };
    if cited_reference.is_empty() {
        return nothing("the reference has no cited claim".to_string());
    }
    if let Some(reason) = too_many_to_match(cited_reference.len(), cited_candidate.len()) {
        return nothing(reason);
    }
    let (assignment, c_sim, similarity) = match settings.generalized_match {
        GeneralizedMatch::Citations => {
            let (assignment, c_sim) =
                citation_matching(reference, candidate, &cited_reference, &cited_candidate);
            // B-SIM is needed for the matched pairs only (one LLM call each with the LLM judge).
            let mut similarity = vec![vec![None; cited_candidate.len()]; cited_reference.len()];
            for &(i, j) in &assignment {
                similarity[i][j] = similarities.get(cited_reference[i], cited_candidate[j]);
            }
            (assignment, Some(c_sim), similarity)
        }
        GeneralizedMatch::Claims => {
            let similarity: Vec<Vec<Option<f64>>> = cited_reference
                .iter()
                .map(|&r| {
                    cited_candidate
                        .iter()
                        .map(|&c| similarities.get(r, c))
                        .collect()
                })
                .collect();
            // A failed similarity weighs nothing in the matching; if matched anyway, it is unjudged.
            let weights: Vec<Vec<f64>> = similarity
                .iter()
                .map(|row| row.iter().map(|s| s.unwrap_or(0.0)).collect())
                .collect();
            (max_weight_assignment(&weights), None, similarity)
        }
    };
    let matched = crate::sorted::map(assignment.iter().copied());
    let (mut supported_count, mut decided_count) = (0usize, 0usize);
    let rows: Vec<FrescoPair> = cited_reference
        .iter()
        .enumerate()
        .map(|(i, &r)| {
            let row = |best_candidate, similarity, supported, judged, reason: &str| FrescoPair {
                authority: None,
                best_candidate,
                compared: None,
                judged,
                reason: reason.to_string(),
                reference: r,
                similarity,
                supported,
            };
            let Some(&j) = matched.get(&i) else {
                decided_count += 1;
                return row(None, None, false, true, "no candidate claim left to match");
            };
            let c = cited_candidate[j];
            let Some(value) = similarity[i][j] else {
                return row(
                    Some(c),
                    None,
                    false,
                    false,
                    "unjudged: the matched pair's similarity failed",
                );
            };
            let supported = reaches_threshold(value, threshold);
            supported_count += usize::from(supported);
            decided_count += 1;
            let reason = if supported {
                "supported".to_string()
            } else {
                format!("matched similarity {value:.3} is below the threshold {threshold}")
            };
            row(Some(c), Some(value), supported, true, &reason)
        })
        .collect();
    let tally = Tally {
        supported: supported_count,
        decided: decided_count,
        empty_reason: "the reference has no cited claim".to_string(),
    };
    let cells = cited_reference.len() * cited_candidate.len();
    let matrix = (cells <= MAX_MATRIX_CELLS_KEPT).then_some(ClaimMatrix {
        assignment,
        c_sim,
        candidate_claims: cited_candidate,
        match_on: settings.generalized_match,
        reference_claims: cited_reference,
        similarity,
    });
    (tally, rows, matrix)
}

/// The matching of greatest total C-SIM, ties (totals equal within [`SIMILARITY_TOLERANCE`]) broken by the
/// greatest total ROUGE-1 F1 of the claims, and the C-SIM matrix; cited claims only.
pub(super) fn citation_matching(
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
    cited_reference: &[usize],
    cited_candidate: &[usize],
) -> (Vec<(usize, usize)>, Vec<Vec<f64>>) {
    let mut rouge = PairwiseF1::new(RougeType::N(1), true);
    let c_sim: Vec<Vec<f64>> = cited_reference
        .iter()
        .map(|&r| {
            cited_candidate
                .iter()
                .map(|&c| citation_similarity(&reference[r].authorities, &candidate[c].authorities))
                .collect()
        })
        .collect();
    let claim_overlap: Vec<Vec<f64>> = cited_reference
        .iter()
        .map(|&r| {
            cited_candidate
                .iter()
                .map(|&c| rouge.f1(&reference[r].text, &candidate[c].text))
                .collect()
        })
        .collect();
    let assignment = lexicographic_max_assignment(&c_sim, &claim_overlap, SIMILARITY_TOLERANCE);
    (assignment, c_sim)
}
