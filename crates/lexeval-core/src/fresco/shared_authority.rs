//! L-FRESCO: each reference (claim, authority) pair against the candidate claims citing the same
//! authority.

use super::claim_pairs::{citing, has_text, Best, Outcome, Similarities, Tally};
use super::details::FrescoPair;
use crate::authority_key::AuthorityKey;
use crate::claims::AttributedClaim;
use crate::similarity::reaches_threshold;
use std::collections::HashMap;

pub(super) fn shared_authority(
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
    threshold: f64,
    reference_text_count: usize,
    similarities: &mut Similarities,
) -> Outcome {
    let candidates = citing(candidate);
    // One search per (authority, distinct reference text): repeated claims share it.
    let mut searched: HashMap<(&AuthorityKey, usize), Best> =
        HashMap::with_capacity(reference_text_count);
    let mut rows = Vec::new();
    let (mut supported_count, mut decided_count) = (0usize, 0usize);
    for (r, claim) in reference.iter().enumerate().filter(|(_, c)| has_text(c)) {
        for authority in &claim.authorities {
            let key = (authority, similarities.reference_text[r]);
            let Best {
                candidate: best,
                compared,
                failures,
            } = *searched.entry(key).or_insert_with(|| {
                let compared = candidates.get(authority).map_or(&[][..], Vec::as_slice);
                let values: Vec<(usize, Option<f64>)> = compared
                    .iter()
                    .map(|&c| (c, similarities.get(r, c)))
                    .collect();
                // The highest similarity, the latest claim among equals.
                let best = values
                    .iter()
                    .filter_map(|&(c, s)| Some((c, s?)))
                    .max_by(|a, b| a.1.total_cmp(&b.1));
                Best {
                    candidate: best,
                    compared: compared.len(),
                    failures: values.iter().filter(|(_, s)| s.is_none()).count(),
                }
            });
            let supported = best.is_some_and(|(_, s)| reaches_threshold(s, threshold));
            // A failed similarity could have been the supporting one: undecided unless another one was.
            let decided = supported || failures == 0;
            supported_count += usize::from(supported);
            decided_count += usize::from(decided);
            let reason = match best {
                _ if !decided => format!(
                    "unjudged: {failures} similarit{} failed and no other reached the threshold",
                    if failures == 1 { "y" } else { "ies" }
                ),
                None => "no candidate claim cites this authority".to_string(),
                Some((_, s)) if !supported => {
                    format!("best similarity {s:.3} is below the threshold {threshold}")
                }
                Some(_) => "supported".to_string(),
            };
            rows.push(FrescoPair {
                authority: Some(authority.clone()),
                best_candidate: best.map(|b| b.0),
                compared: Some(compared),
                judged: decided,
                reason,
                reference: r,
                similarity: best.map(|b| b.1),
                supported,
            });
        }
    }
    let tally = Tally {
        supported: supported_count,
        decided: decided_count,
        empty_reason: "the reference has no (claim, citation) pair".to_string(),
    };
    (tally, rows, None)
}
