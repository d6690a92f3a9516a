//! The scores of a matching: recall weighted by A.3, precision, F1 and easiness (A.6), with the details
//! the page draws.

use super::assignment::{greedy_assignment, optimal_assignment, threshold_matches, PointMatching};
use super::details::{
    PointwiseDetails, ReferencePoint, ScoredPoints, UnjudgedPair, UnsupportedPoint, Weighting,
};
use super::settings::{Assignment, OtherRelevant, PointwiseSettings};
use super::{MAX_MATRIX_CELLS_KEPT, METRIC_VERSION};
use crate::judged::{Coverage, Judgements, Share};
use crate::report::{Bounds, Score, ScoreReport};
use crate::rouge::{PairwiseF1, RougeType};
use std::collections::BTreeSet;

/// Easiness (A.6) both ways: (mean over reference points of the best ROUGE-1 F1 against a candidate point,
/// the same over candidate points). ROUGE-1 F1 is symmetric, so one matrix serves both directions. Tokens
/// are stemmed as in matching and the A.3 weights: A.6 compares lemmas ("preserve the original lemmas").
pub fn easiness(reference: &[String], candidate: &[String]) -> (Option<f64>, Option<f64>) {
    let matrix = PairwiseF1::new(RougeType::N(1), true).matrix(reference, candidate);
    let mean =
        |best: Vec<f64>| (!best.is_empty()).then(|| best.iter().sum::<f64>() / best.len() as f64);
    let best_per_row = matrix
        .iter()
        .map(|row| row.iter().copied().fold(0.0, f64::max));
    let best_per_column =
        (0..candidate.len()).map(|c| matrix.iter().map(|row| row[c]).fold(0.0, f64::max));
    (
        mean(best_per_row.collect()),
        mean(best_per_column.collect()),
    )
}

/// Every score a pointwise report carries, in its order.
pub const SCORE_NAMES: [&str; 5] = [
    "pointwise_recall",
    "pointwise_precision",
    "pointwise_f1",
    "easiness_recall",
    "easiness_precision",
];

/// Why `similarity` is not a reference × candidate matrix, if it is not.
fn shape_error(similarity: &[Vec<f64>], references: usize, candidates: usize) -> Option<String> {
    let bad_row = similarity.iter().position(|row| row.len() != candidates);
    (similarity.len() != references || bad_row.is_some()).then(|| {
        format!(
            "the similarity matrix must have {references} rows of {candidates} values \
             (reference × candidate points)"
        )
    })
}

/// A pointwise report whose scores are all null because of `reason`.
pub fn skipped(settings: &PointwiseSettings, reason: &str) -> ScoreReport<PointwiseDetails> {
    let mut report = ScoreReport::new(
        "pointwise",
        METRIC_VERSION,
        serde_json::to_value(settings).unwrap_or_default(),
    );
    report.scores = SCORE_NAMES
        .iter()
        .map(|name| Score::null(*name, reason))
        .collect();
    report.details = PointwiseDetails::Skipped {
        error: reason.to_string(),
        llm: None,
        llm_exchanges: None,
    };
    report
}

/// Scores candidate points against reference points given their similarity matrix (`similarity[r][c]`,
/// reference × candidate) and the reference points' A.3 weights ([`super::point_weights`] of the paragraph
/// they came from, or [`super::paragraph_weights`]). A matrix of the wrong shape gives null scores with the
/// reason. When no lemma of any reference point occurs in the paragraph (e.g. a script rouge-score's
/// tokenizer drops), A.3 weights are all zero and the points are weighted uniformly instead, as recorded in
/// `details.weighting`.
pub fn score_weighted(
    weights: &[f64],
    (reference_points, candidate_points): (&[String], &[String]),
    similarity: &[Vec<f64>],
    settings: &PointwiseSettings,
) -> ScoreReport<PointwiseDetails> {
    if let Some(reason) = shape_error(similarity, reference_points.len(), candidate_points.len()) {
        return skipped(settings, &reason);
    }
    let matches = threshold_matches(similarity, settings.threshold);
    let assigned = match settings.assignment {
        Assignment::Greedy => greedy_assignment(&matches, similarity),
        Assignment::Optimal => optimal_assignment(&matches, similarity, candidate_points.len()),
    };
    let matching = PointMatching {
        matches,
        assigned,
        judged_pairs: reference_points.len() * candidate_points.len(),
        unjudged: Vec::new(),
    };
    score_matching_weighted(
        weights,
        (reference_points, candidate_points),
        similarity,
        matching,
        settings,
    )
}

/// Scores a given matching (an LLM judge's) with given A.3 weights of the reference points; `similarity`
/// is recorded in the details (heatmap) and must be reference × candidate like the matching, and there
/// must be one weight per reference point, else the scores are null with the reason.
pub fn score_matching_weighted(
    weights: &[f64],
    (reference_points, candidate_points): (&[String], &[String]),
    similarity: &[Vec<f64>],
    matching: PointMatching,
    settings: &PointwiseSettings,
) -> ScoreReport<PointwiseDetails> {
    let (references, candidates) = (reference_points.len(), candidate_points.len());
    if weights.len() != references {
        return skipped(settings, "there must be one weight per reference point");
    }
    let out_of_range = matching.matches.len() != references
        || matching.matches.iter().flatten().any(|&c| c >= candidates)
        || matching
            .assigned
            .iter()
            .chain(matching.unjudged.iter().map(|(pair, _)| pair))
            .any(|&(r, c)| r >= references || c >= candidates);
    if let Some(reason) = shape_error(similarity, references, candidates) {
        return skipped(settings, &reason);
    }
    if out_of_range {
        return skipped(settings, "the matching refers to points that do not exist");
    }
    let PointMatching {
        matches,
        assigned,
        judged_pairs,
        unjudged,
    } = matching;
    let mut report = ScoreReport::new(
        "pointwise",
        METRIC_VERSION,
        serde_json::to_value(settings).unwrap_or_default(),
    );
    let mut weights = weights.to_vec();
    let weighting = if weights.iter().any(|&w| w > 0.0) || weights.is_empty() {
        Weighting::Lemmas
    } else {
        let uniform = 1.0 / weights.len() as f64;
        weights.iter_mut().for_each(|w| *w = uniform);
        Weighting::Uniform
    };
    let assigned_reference = crate::sorted::map(assigned.iter().copied());
    let assigned_candidate = crate::sorted::set(assigned.iter().map(|&(_, c)| c));
    let credit: Vec<f64> = (0..reference_points.len())
        .map(|r| {
            if assigned_reference.contains_key(&r) {
                1.0
            } else if !matches[r].is_empty() && settings.other_relevant == OtherRelevant::Partial {
                settings.partial_credit
            } else {
                0.0
            }
        })
        .collect();
    // A point left unassigned while one of its pairs failed might have matched: it is not decided.
    let mut judgements = Judgements::new(settings.similarity.id());
    (0..judged_pairs).for_each(|_| judgements.judged());
    let mut open_reference = BTreeSet::new();
    let mut open_candidate = BTreeSet::new();
    for ((r, c), error) in &unjudged {
        judgements.failed(error);
        if !assigned_reference.contains_key(r) {
            open_reference.insert(*r);
        }
        if !assigned_candidate.contains(c) {
            open_candidate.insert(*c);
        }
    }
    let decided_reference = |r: &usize| !open_reference.contains(r);
    let decided_weight: f64 = (0..references)
        .filter(decided_reference)
        .map(|r| weights[r])
        .sum();
    let covered: f64 = (0..references)
        .filter(decided_reference)
        .map(|r| weights[r] * credit[r])
        .sum();
    let recall_coverage = Coverage {
        decided: references - open_reference.len(),
        total: references,
        items: "reference points",
    };
    let precision_coverage = Coverage {
        decided: candidates - open_candidate.len(),
        total: candidates,
        items: "candidate points",
    };
    let recall = judgements.share_score(
        "pointwise_recall",
        Share {
            hits: covered,
            decided: decided_weight,
            total: weights.iter().sum(),
        },
        recall_coverage,
        "the reference has no points",
    );
    let precision = judgements.share_score(
        "pointwise_precision",
        Share {
            hits: assigned.len() as f64,
            decided: precision_coverage.decided as f64,
            total: candidates as f64,
        },
        precision_coverage,
        "the candidate has no points",
    );
    let f1_of = |r: f64, p: f64| {
        if r + p > 0.0 {
            2.0 * r * p / (r + p)
        } else {
            0.0
        }
    };
    let f1 = match (recall.value, precision.value) {
        (Some(r), Some(p)) => {
            let f1 = Score::new("pointwise_f1", f1_of(r, p));
            match recall.note.as_ref().or(precision.note.as_ref()) {
                // F1 grows with both, so its bounds are those of recall's and precision's bounds.
                Some(_) => {
                    let bound = |score: &Score, pick: fn(&Bounds) -> f64, value: f64| {
                        score.bounds.as_ref().map_or(value, pick)
                    };
                    let lower = f1_of(
                        bound(&recall, |b| b.lower, r),
                        bound(&precision, |b| b.lower, p),
                    );
                    let upper = f1_of(
                        bound(&recall, |b| b.upper, r),
                        bound(&precision, |b| b.upper, p),
                    );
                    f1.with_note("over the decided points of recall and precision")
                        .with_bounds(lower, upper)
                }
                None => f1,
            }
        }
        _ => Score::null("pointwise_f1", "recall or precision is undefined"),
    };
    report.scores.extend([recall, precision, f1]);
    // Precision side: generated points nothing in the reference matches (those left open by a failed
    // judgement are not known to be unsupported).
    let supported = crate::sorted::set(matches.iter().flatten().copied());
    let unsupported: Vec<UnsupportedPoint> = (0..candidates)
        .filter(|c| !supported.contains(c) && !open_candidate.contains(c))
        .map(|c| UnsupportedPoint {
            candidate: c,
            text: candidate_points[c].clone(),
        })
        .collect();
    let (easiness_recall, easiness_precision) = easiness(reference_points, candidate_points);
    report.scores.push(easiness_recall.map_or_else(
        || Score::null("easiness_recall", "the reference has no points"),
        |v| Score::new("easiness_recall", v),
    ));
    report.scores.push(easiness_precision.map_or_else(
        || Score::null("easiness_precision", "the candidate has no points"),
        |v| Score::new("easiness_precision", v),
    ));
    let closest = |r: usize| {
        let most_similar = || {
            (0..candidates).max_by(|&a, &b| {
                similarity[r][a]
                    .total_cmp(&similarity[r][b])
                    .then(b.cmp(&a))
            })
        };
        assigned_reference.get(&r).copied().or_else(most_similar)
    };
    let kept = references * candidates <= MAX_MATRIX_CELLS_KEPT;
    report.details = PointwiseDetails::Scored(Box::new(ScoredPoints {
        reference_points: reference_points
            .iter()
            .enumerate()
            .map(|(r, text)| ReferencePoint {
                assigned_candidate: assigned_reference.get(&r).copied(),
                closest_candidate: closest(r),
                credit: credit[r],
                judged: decided_reference(&r),
                matches: matches[r].clone(),
                similarity: closest(r).map(|c| similarity[r][c]),
                text: text.clone(),
                weight: weights[r],
            })
            .collect(),
        candidate_points: candidate_points.to_vec(),
        weighting,
        similarity: kept.then(|| similarity.to_vec()),
        assignment: assigned,
        failed_pairs: unjudged.len(),
        judged_pairs,
        llm: None,
        llm_exchanges: None,
        preselection: None,
        unjudged_pairs: unjudged
            .into_iter()
            .map(|((reference, candidate), error)| UnjudgedPair {
                candidate,
                error: error.to_string(),
                reference,
            })
            .collect(),
        unsupported_candidate_points: unsupported,
    }));
    report
}
