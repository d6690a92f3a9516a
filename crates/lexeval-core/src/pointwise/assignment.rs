//! Which candidate points match which reference points: every pair at or above the threshold, then a 1-1
//! assignment (A.5 greedy or optimal); the LLM judge's pre-selection.

use crate::judge::JudgeError;
use crate::matching::max_weight_assignment;
use crate::similarity::reaches_threshold;
use std::collections::{BTreeMap, BTreeSet};

/// Every candidate at or above the threshold, per reference point: matches[r] = candidate indices.
pub(super) fn threshold_matches(similarity: &[Vec<f64>], threshold: f64) -> Vec<Vec<usize>> {
    similarity
        .iter()
        .map(|row| {
            (0..row.len())
                .filter(|&c| reaches_threshold(row[c], threshold))
                .collect()
        })
        .collect()
}

/// Assigns reference `r` to candidate `c` and removes both from the pools.
fn take(
    pools: &mut BTreeMap<usize, BTreeSet<usize>>,
    c: usize,
    r: usize,
    out: &mut Vec<(usize, usize)>,
) {
    out.push((r, c));
    pools.remove(&c);
    for refs in pools.values_mut() {
        refs.remove(&r);
    }
    pools.retain(|_, refs| !refs.is_empty());
}

/// Appendix A.5: assign candidates with a single reference match, repeatedly; then the candidate with the
/// fewest matches takes its most similar reference; repeat until no candidate has matches left.
pub fn greedy_assignment(matches: &[Vec<usize>], similarity: &[Vec<f64>]) -> Vec<(usize, usize)> {
    let mut candidate_matches: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
    for (r, cs) in matches.iter().enumerate() {
        for &c in cs {
            candidate_matches.entry(c).or_default().insert(r);
        }
    }
    let mut assigned = Vec::new();
    loop {
        while let Some((&c, refs)) = candidate_matches.iter().find(|(_, refs)| refs.len() == 1) {
            let r = *refs.iter().next().expect("one reference");
            take(&mut candidate_matches, c, r, &mut assigned);
        }
        let Some((&c, refs)) = candidate_matches
            .iter()
            .min_by_key(|(c, refs)| (refs.len(), **c))
        else {
            break;
        };
        let r = *refs
            .iter()
            .max_by(|&&a, &&b| {
                similarity[a][c]
                    .total_cmp(&similarity[b][c])
                    .then(b.cmp(&a))
            })
            .expect("non-empty");
        take(&mut candidate_matches, c, r, &mut assigned);
    }
    assigned.sort_unstable();
    assigned
}

pub(super) fn optimal_assignment(
    matches: &[Vec<usize>],
    similarity: &[Vec<f64>],
    candidates: usize,
) -> Vec<(usize, usize)> {
    let weights: Vec<Vec<f64>> = (0..matches.len())
        .map(|r| {
            (0..candidates)
                .map(|c| {
                    if matches[r].contains(&c) {
                        similarity[r][c]
                    } else {
                        0.0
                    }
                })
                .collect()
        })
        .collect();
    max_weight_assignment(&weights)
        .into_iter()
        .filter(|&(r, c)| matches[r].contains(&c))
        .collect()
}

/// Which candidate points each reference point matches (`matches[r]`), and the 1-1 assignment among those
/// matches. [`super::score_weighted`] derives it from the similarity matrix; an LLM judge (A.4, A.5) supplies its own.
#[derive(Debug, Clone, PartialEq)]
pub struct PointMatching {
    pub matches: Vec<Vec<usize>>,
    pub assigned: Vec<(usize, usize)>,
    /// How many (reference, candidate) pairs were judged.
    pub judged_pairs: usize,
    /// `((reference, candidate), error)` for each pair whose judgement failed: unknown, not "no match".
    pub unjudged: Vec<((usize, usize), JudgeError)>,
}

/// The top-k candidates of every reference point by similarity, as (reference, candidate) pairs: the
/// pairs an LLM judge is asked about (§5.2.2 pre-selection).
pub fn preselect(similarity: &[Vec<f64>], top_k: usize) -> Vec<(usize, usize)> {
    similarity
        .iter()
        .enumerate()
        .flat_map(|(r, row)| {
            // Most similar first, ties by position.
            let negated: Vec<f64> = row.iter().map(|s| -s).collect();
            crate::sorted::order_by_f64(&negated)
                .into_iter()
                .take(top_k)
                .map(move |c| (r, c))
        })
        .collect()
}
