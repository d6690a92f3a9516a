//! Pointwise evaluation of long legal summaries (Tan et al.): the reference and candidate summaries are split
//! into points, every (reference, candidate) pair at or above a similarity threshold matches (§5.2.1; the
//! top-5 pre-selection of §5.2.3 is the LLM judge's, see [`preselect`]), a 1-1 assignment resolves candidates
//! matching several references (the greedy algorithm of appendix A.5, or an optimal assignment), and recall
//! weights reference points by their lemmas (A.3), per paragraph when the points come with their paragraphs.
//!
//! Lemmas: lexeval approximates a lemma by the NLTK Porter stem of each rouge-score token (lower-case ASCII
//! words and numbers), the same normalisation as ROUGE with stemming. A stem is used on purpose: a
//! lemmatiser needs a dictionary and a part-of-speech tagger (megabytes in the page's wasm) and would make
//! the weights disagree with the ROUGE similarity that matches the points; the weights only count how often
//! a word recurs, for which a stem groups the same inflections a lemma does ("held"/"holds" aside).
//! Credit (§5.3, A.3): a reference point with an assigned match counts 1. A reference point whose matches all
//! went to other reference points (the paper's "other relevant match") counts 0 as in the paper (only
//! assigned matches cover a point), or `partial_credit` (0.5) with [`OtherRelevant::Partial`], lexeval's
//! metric version 1.

use crate::citations::split_sentences;
use crate::judge::{Exchange, JudgeSettings};
use crate::judged::{Coverage, Judgements};
use crate::matching::max_weight_assignment;
use crate::report::{Score, ScoreReport};
use crate::rouge::{tokenize::tokenize, PairwiseF1, RougeType, Tokenizer};
use crate::similarity::Similarity;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// 2: all threshold pairs match (no top-k outside the LLM judge), "other relevant" matches earn nothing by
/// default, easiness on stemmed tokens.
pub const METRIC_VERSION: &str = "2";

/// The similarity matrix is kept in the report (the page draws it) up to this many cells.
pub const MAX_MATRIX_CELLS_KEPT: usize = 40_000;

/// The breakdown of a pointwise report: scored, or why it was not. Field names (alphabetical) are those
/// reports have always used, so saved reports still open.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PointwiseDetails {
    Scored(Box<ScoredPoints>),
    Skipped { error: String },
}

impl Default for PointwiseDetails {
    fn default() -> Self {
        PointwiseDetails::Scored(Box::default())
    }
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ScoredPoints {
    /// The 1-1 (reference, candidate) assignment.
    pub assignment: Vec<(usize, usize)>,
    pub candidate_points: Vec<String>,
    /// The LLM judge's endpoint and model, when it matched the points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm: Option<JudgeSettings>,
    /// Every prompt and raw answer of the LLM judge (A.4 matches, then A.5 tie-breaks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm_exchanges: Option<Vec<Exchange>>,
    /// Similarities that failed (LLM answers missing or unreadable), as [`ScoredPoints::unjudged_pairs`]
    /// lists them (metric version 2; 0 in older reports).
    #[serde(default)]
    pub failed_pairs: usize,
    /// Similarities (LLM verdicts) obtained (metric version 2; 0 in older reports).
    #[serde(default)]
    pub judged_pairs: usize,
    /// How the LLM judge's candidates were chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preselection: Option<String>,
    pub reference_points: Vec<ReferencePoint>,
    /// `similarity[r][c]`, reference × candidate points, up to [`MAX_MATRIX_CELLS_KEPT`] cells.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub similarity: Option<Vec<Vec<f64>>>,
    /// The pairs whose judgement failed: unknown, not "no match" (metric version 2).
    #[serde(default)]
    pub unjudged_pairs: Vec<UnjudgedPair>,
    /// Candidate points nothing in the reference matches, except those a failed judgement left open
    /// (metric version 2).
    #[serde(default)]
    pub unsupported_candidate_points: Vec<UnsupportedPoint>,
    pub weighting: Weighting,
}

/// How reference points are weighted in pointwise recall.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Weighting {
    /// No points were weighted: the report's scores are null (its details are the empty default).
    #[default]
    #[serde(rename = "")]
    NotScored,
    /// By the reference paragraph's lemmas (the paper's appendix A.3).
    #[serde(rename = "A.3 lemma weights")]
    Lemmas,
    /// Every point alike: no lemma of any reference point occurs in the reference paragraph, so the
    /// lemma weights are all zero.
    #[serde(rename = "uniform: no lemma of any reference point occurs in the reference paragraph")]
    Uniform,
}

/// A (reference, candidate) point pair whose judgement failed, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnjudgedPair {
    pub candidate: usize,
    pub error: String,
    pub reference: usize,
}

/// A candidate point no reference point matches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnsupportedPoint {
    pub candidate: usize,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReferencePoint {
    pub assigned_candidate: Option<usize>,
    /// The assigned candidate point, else the most similar one (schema 2; absent in older reports).
    #[serde(default)]
    pub closest_candidate: Option<usize>,
    pub credit: f64,
    /// False when a failed judgement left the point undecided (not counted in recall). Reports made
    /// before metric version 2 counted every point.
    #[serde(default = "crate::judged::judged_before_version_2")]
    pub judged: bool,
    /// Candidate points this point matches (at or above the threshold, or the judge's Yes).
    pub matches: Vec<usize>,
    /// The similarity of `closest_candidate` (schema 2; absent in older reports).
    #[serde(default)]
    pub similarity: Option<f64>,
    pub text: String,
    pub weight: f64,
}

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

/// The points of a summary: its citation-aware sentences.
pub fn points(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    split_sentences(text)
        .into_iter()
        .map(|(s, e)| chars[s..e].iter().collect())
        .collect()
}

fn lemmas(text: &str) -> Vec<String> {
    tokenize(text, true, Tokenizer::RougeScore)
}

/// A reference paragraph and the points extracted from it, when Step 1's points are supplied.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Paragraph {
    pub paragraph: String,
    pub points: Vec<String>,
}

/// A.3: W_p = Σ_{l∈p} W_l / Σ_p Σ_{l∈p} W_l with W_l = min(N_l,para / N_l,points, 1) when l is in the paragraph;
/// the whole summary as one paragraph.
pub fn point_weights(paragraph: &str, points: &[String]) -> Vec<f64> {
    normalised(lemma_sums(paragraph, points))
}

/// A.3 with each lemma counted against the paragraph its point came from, normalised over all points.
pub fn paragraph_weights(paragraphs: &[Paragraph]) -> Vec<f64> {
    normalised(
        paragraphs
            .iter()
            .flat_map(|p| lemma_sums(&p.paragraph, &p.points))
            .collect(),
    )
}

/// Σ_{l∈p} W_l for each point of one paragraph.
fn lemma_sums(paragraph: &str, points: &[String]) -> Vec<f64> {
    let mut in_paragraph: BTreeMap<String, f64> = BTreeMap::new();
    for lemma in lemmas(paragraph) {
        *in_paragraph.entry(lemma).or_default() += 1.0;
    }
    let point_lemmas: Vec<Vec<String>> = points.iter().map(|p| lemmas(p)).collect();
    let mut in_points: BTreeMap<&str, f64> = BTreeMap::new();
    for lemma in point_lemmas.iter().flatten() {
        *in_points.entry(lemma).or_default() += 1.0;
    }
    let lemma_weight = |lemma: &str| match (in_paragraph.get(lemma), in_points.get(lemma)) {
        (Some(para), Some(pts)) => (para / pts).min(1.0),
        _ => 0.0,
    };
    point_lemmas
        .iter()
        .map(|ls| ls.iter().map(|l| lemma_weight(l)).sum())
        .collect()
}

fn normalised(raw: Vec<f64>) -> Vec<f64> {
    let total: f64 = raw.iter().sum();
    if total > 0.0 {
        raw.iter().map(|w| w / total).collect()
    } else {
        vec![0.0; raw.len()]
    }
}

/// Every candidate at or above the threshold, per reference point: matches[r] = candidate indices.
fn threshold_matches(similarity: &[Vec<f64>], threshold: f64) -> Vec<Vec<usize>> {
    similarity
        .iter()
        .map(|row| (0..row.len()).filter(|&c| row[c] >= threshold).collect())
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

fn optimal_assignment(
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
    };
    report
}

/// Scores candidate points against reference points given their similarity matrix
/// (`similarity[r][c]`, reference × candidate) and the reference paragraph the points came from.
/// A matrix of the wrong shape gives null scores with the reason. When no lemma of any reference point occurs
/// in the paragraph (e.g. a script rouge-score's tokenizer drops), A.3 weights are all zero and the points
/// are weighted uniformly instead, as recorded in `details.weighting`.
pub fn score(
    reference_paragraph: &str,
    reference_points: &[String],
    candidate_points: &[String],
    similarity: &[Vec<f64>],
    settings: &PointwiseSettings,
) -> ScoreReport<PointwiseDetails> {
    let weights = point_weights(reference_paragraph, reference_points);
    score_weighted(
        &weights,
        (reference_points, candidate_points),
        similarity,
        settings,
    )
}

/// [`score`] with given A.3 weights of the reference points (e.g. [`paragraph_weights`]).
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

/// Which candidate points each reference point matches (`matches[r]`), and the 1-1 assignment among those
/// matches. [`score`] derives it from the similarity matrix; an LLM judge (A.4, A.5) supplies its own.
#[derive(Debug, Clone, PartialEq)]
pub struct PointMatching {
    pub matches: Vec<Vec<usize>>,
    pub assigned: Vec<(usize, usize)>,
    /// How many (reference, candidate) pairs were judged.
    pub judged_pairs: usize,
    /// `((reference, candidate), error)` for each pair whose judgement failed: unknown, not "no match".
    pub unjudged: Vec<((usize, usize), String)>,
}

/// The top-k candidates of every reference point by similarity, as (reference, candidate) pairs: the
/// pairs an LLM judge is asked about (§5.2.2 pre-selection).
pub fn preselect(similarity: &[Vec<f64>], top_k: usize) -> Vec<(usize, usize)> {
    similarity
        .iter()
        .enumerate()
        .flat_map(|(r, row)| {
            let mut order: Vec<usize> = (0..row.len()).collect();
            order.sort_by(|&a, &b| row[b].total_cmp(&row[a]).then(a.cmp(&b)));
            order.into_iter().take(top_k).map(move |c| (r, c))
        })
        .collect()
}

/// Scores a given matching; `similarity` is recorded in the details (heatmap) and must be reference ×
/// candidate like the matching, else the scores are null with the reason.
pub fn score_matching(
    reference_paragraph: &str,
    (reference_points, candidate_points): (&[String], &[String]),
    similarity: &[Vec<f64>],
    matching: PointMatching,
    settings: &PointwiseSettings,
) -> ScoreReport<PointwiseDetails> {
    let weights = point_weights(reference_paragraph, reference_points);
    score_matching_weighted(
        &weights,
        (reference_points, candidate_points),
        similarity,
        matching,
        settings,
    )
}

/// [`score_matching`] with given A.3 weights of the reference points (e.g. [`paragraph_weights`]); weights
/// of the wrong length give null scores with the reason.
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
    let assigned_reference: BTreeMap<usize, usize> = assigned.iter().copied().collect();
    let assigned_candidate: BTreeSet<usize> = assigned.iter().map(|&(_, c)| c).collect();
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
    let recall = judgements.score(
        "pointwise_recall",
        if decided_weight > 0.0 {
            covered / decided_weight
        } else {
            0.0
        },
        recall_coverage,
        "the reference has no points",
    );
    let precision = judgements.score(
        "pointwise_precision",
        assigned.len() as f64 / precision_coverage.decided as f64,
        precision_coverage,
        "the candidate has no points",
    );
    let f1 = match (recall.value, precision.value) {
        (Some(r), Some(p)) => {
            let f1 = Score::new(
                "pointwise_f1",
                if r + p > 0.0 {
                    2.0 * r * p / (r + p)
                } else {
                    0.0
                },
            );
            match recall.note.as_ref().or(precision.note.as_ref()) {
                Some(_) => f1.with_note("over the decided points of recall and precision"),
                None => f1,
            }
        }
        _ => Score::null("pointwise_f1", "recall or precision is undefined"),
    };
    report.scores.extend([recall, precision, f1]);
    // Precision side: generated points nothing in the reference matches (those left open by a failed
    // judgement are not known to be unsupported).
    let supported: BTreeSet<usize> = matches.iter().flatten().copied().collect();
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
                error,
                reference,
            })
            .collect(),
        unsupported_candidate_points: unsupported,
    }));
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rouge::f1;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a5_greedy_assigns_singletons_first_then_the_least_contested_candidate() {
        // c0 matches r0 only; c1 matches r0 and r1; c2 matches r1 and r2.
        let matches = vec![vec![0, 1], vec![1, 2], vec![2]];
        let similarity = vec![
            vec![0.9, 0.8, 0.0],
            vec![0.0, 0.7, 0.6],
            vec![0.0, 0.0, 0.95],
        ];
        // c0 → r0 (single); c1 then has only r1 → r1; c2 has only r2 → r2.
        assert_eq!(
            greedy_assignment(&matches, &similarity),
            [(0, 0), (1, 1), (2, 2)]
        );
        // Both candidates contested: c0 (2 matches) takes its most similar reference, r1.
        let matches = vec![vec![0, 1], vec![0, 1]];
        let similarity = vec![vec![0.6, 0.9], vec![0.8, 0.7]];
        assert_eq!(greedy_assignment(&matches, &similarity), [(0, 1), (1, 0)]);
    }

    #[test]
    fn weights_follow_a3_and_sum_to_one() {
        let paragraph = "The court held the officer liable. The court dismissed the claim.";
        let pts = strings(&[
            "The court held the officer liable.",
            "The court dismissed the claim.",
        ]);
        let w = point_weights(paragraph, &pts);
        // "the" ×4 and "court" ×2 appear as often in the paragraph as in the points: every W_l = 1, so each
        // point weighs its lemma count: 6 and 5 of 11.
        assert!(
            (w[0] - 6.0 / 11.0).abs() < 1e-12 && (w[1] - 5.0 / 11.0).abs() < 1e-12,
            "{w:?}"
        );
        // Points repeating paragraph words more often than the paragraph are down-weighted.
        let w = point_weights(
            "officer liable",
            &strings(&["officer liable", "officer liable"]),
        );
        assert_eq!(w, [0.5, 0.5]);
    }

    #[test]
    fn worked_example_recall_precision_and_other_relevant_matches() {
        let reference = strings(&["a b c", "d e f", "g h i"]);
        let candidate = strings(&["x", "y"]);
        // r0 and r1 both match only c0; r2 matches nothing.
        let similarity = vec![vec![0.9, 0.1], vec![0.8, 0.2], vec![0.1, 0.1]];
        let settings = PointwiseSettings::default();
        let report = score(
            "a b c d e f g h i",
            &reference,
            &candidate,
            &similarity,
            &settings,
        );
        // Equal weights 1/3: r0 assigned (1), r1's match went to r0 (0, §5.3), r2 none → 1/3; precision 1/2.
        assert!((report.score("pointwise_recall").unwrap() - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(report.score("pointwise_precision"), Some(0.5));
        // c1 matches nothing in the reference.
        let PointwiseDetails::Scored(details) = &report.details else {
            panic!("scored");
        };
        assert_eq!(
            details.unsupported_candidate_points,
            [UnsupportedPoint {
                candidate: 1,
                text: "y".into()
            }]
        );
    }

    #[test]
    fn a_point_repeated_for_emphasis_is_covered_once_as_in_the_paper() {
        // A.2: the court restates a point from the background; one candidate point matches both.
        let point = "The appellant failed to claim financial relief under the foreign law.";
        let reference = strings(&[point, point]);
        let candidate = strings(&[point]);
        let similarity = vec![vec![1.0], vec![1.0]];
        let paragraph = format!("{point} {point}");
        let paper = score(
            &paragraph,
            &reference,
            &candidate,
            &similarity,
            &PointwiseSettings::default(),
        );
        assert_eq!(paper.score("pointwise_recall"), Some(0.5));
        let version_1 = PointwiseSettings {
            other_relevant: OtherRelevant::Partial,
            ..PointwiseSettings::default()
        };
        let old = score(&paragraph, &reference, &candidate, &similarity, &version_1);
        assert_eq!(old.score("pointwise_recall"), Some(0.75));
        // Settings saved before the option existed keep version 1's behaviour.
        let mut saved = serde_json::to_value(PointwiseSettings::default()).unwrap();
        saved.as_object_mut().unwrap().remove("other_relevant");
        let saved: PointwiseSettings = serde_json::from_value(saved).unwrap();
        assert_eq!(saved.other_relevant, OtherRelevant::Partial);
    }

    #[test]
    fn lemmas_are_counted_against_their_own_paragraph() {
        // The first paragraph's sentence is split into two points repeating its words ("late" is not in it).
        let first = Paragraph {
            paragraph: "The tenant paid rent.".into(),
            points: strings(&["The tenant paid rent.", "The tenant paid rent late."]),
        };
        let second = Paragraph {
            paragraph: "The tenant left.".into(),
            points: strings(&["The tenant left."]),
        };
        // Per paragraph: the, tenant, paid, rent occur once in the first paragraph and twice in its points
        // (W_l = 1/2 each, late 0): 2 and 2; the second point's three lemmas count fully: 3. Total 7.
        let w = paragraph_weights(&[first.clone(), second.clone()]);
        let expected = [2.0 / 7.0, 2.0 / 7.0, 3.0 / 7.0];
        assert!(
            w.iter().zip(expected).all(|(a, b)| (a - b).abs() < 1e-12),
            "{w:?}"
        );
        // As one paragraph, "the" and "tenant" (2 in the text, 3 in the points) weigh 2/3 everywhere and
        // every point sums to 7/3: uniform weights, the repetition no longer shows.
        let all_points: Vec<String> = first.points.iter().chain(&second.points).cloned().collect();
        let whole = point_weights("The tenant paid rent. The tenant left.", &all_points);
        assert!(
            whole.iter().all(|w| (w - 1.0 / 3.0).abs() < 1e-12),
            "{whole:?}"
        );
    }

    #[test]
    fn easiness_compares_stems_like_matching() {
        let reference = strings(&["The court dismissed the appeals."]);
        let candidate = strings(&["The court dismisses the appeal."]);
        assert_eq!(easiness(&reference, &candidate), (Some(1.0), Some(1.0)));
    }

    #[test]
    fn identical_summaries_score_one_and_empty_ones_null() {
        let text =
            "The court held the officer liable. The claim was dismissed. Costs were awarded.";
        let pts = points(text);
        let sim: Vec<Vec<f64>> = pts
            .iter()
            .map(|a| {
                pts.iter()
                    .map(|b| f1(RougeType::N(1), a, b, false))
                    .collect()
            })
            .collect();
        for assignment in [Assignment::Greedy, Assignment::Optimal] {
            let settings = PointwiseSettings {
                assignment,
                ..PointwiseSettings::default()
            };
            let report = score(text, &pts, &pts, &sim, &settings);
            assert!((report.score("pointwise_recall").unwrap() - 1.0).abs() < 1e-12);
            assert_eq!(report.score("pointwise_precision"), Some(1.0));
            assert_eq!(report.score("easiness_recall"), Some(1.0));
        }
        let report = score("", &[], &[], &[], &PointwiseSettings::default());
        assert!(report
            .scores
            .iter()
            .all(|s| s.value.is_none() && s.null_reason.is_some()));
    }

    #[test]
    fn a_matrix_of_the_wrong_shape_gives_nulls_not_a_panic() {
        let reference = strings(&["a b", "c d"]);
        let candidate = strings(&["a b"]);
        for similarity in [vec![vec![1.0]], vec![vec![1.0], vec![0.5, 0.2]]] {
            let report = score(
                "a b c d",
                &reference,
                &candidate,
                &similarity,
                &PointwiseSettings::default(),
            );
            assert_eq!(report.scores.len(), SCORE_NAMES.len());
            assert!(report
                .scores
                .iter()
                .all(|s| s.value.is_none() && s.null_reason.is_some()));
        }
    }

    #[test]
    fn points_without_ascii_lemmas_are_weighted_uniformly() {
        // rouge-score's tokenizer keeps only [a-z0-9]: these points have no lemma, so A.3 weights are all 0.
        let pts = strings(&["法院驳回上诉。", "费用判给被告。"]);
        let identity = vec![vec![1.0, 0.0], vec![0.0, 1.0]];
        let report = score(
            "法院驳回上诉。费用判给被告。",
            &pts,
            &pts,
            &identity,
            &PointwiseSettings::default(),
        );
        assert_eq!(report.score("pointwise_recall"), Some(1.0));
        let PointwiseDetails::Scored(details) = &report.details else {
            panic!("scored");
        };
        assert_eq!(details.weighting, Weighting::Uniform);
        assert_eq!(
            serde_json::to_value(details.weighting).unwrap(),
            "uniform: no lemma of any reference point occurs in the reference paragraph"
        );
        // Only r0 matched: uniform weights give recall 1/2.
        let half = vec![vec![1.0, 0.0], vec![0.0, 0.0]];
        let report = score("", &pts, &pts, &half, &PointwiseSettings::default());
        assert_eq!(report.score("pointwise_recall"), Some(0.5));
    }

    /// Seeded pseudo-random numbers in [0, 1) for property tests.
    fn uniform(rng: &mut rand_chacha::ChaCha8Rng) -> f64 {
        rand::Rng::random(rng)
    }

    #[test]
    fn properties_scores_in_range_and_optimal_invariant_to_candidate_order() {
        let words = [
            "court", "appeal", "costs", "held", "duty", "breach", "contract",
        ];
        let mut rng = crate::test_support::rng(11);
        for round in 0..60 {
            let (n, m) = (1 + round % 6, 1 + (round * 7) % 5);
            let text = |count: usize, rng: &mut rand_chacha::ChaCha8Rng| -> Vec<String> {
                (0..count)
                    .map(|_| {
                        (0..3)
                            .map(|_| words[(uniform(rng) * 7.0) as usize % 7])
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect()
            };
            let reference = text(n, &mut rng);
            let candidate = text(m, &mut rng);
            let paragraph = reference.join(" ");
            let similarity: Vec<Vec<f64>> = (0..n)
                .map(|_| (0..m).map(|_| uniform(&mut rng)).collect())
                .collect();
            for assignment in [Assignment::Greedy, Assignment::Optimal] {
                let settings = PointwiseSettings {
                    assignment,
                    ..PointwiseSettings::default()
                };
                let report = score(&paragraph, &reference, &candidate, &similarity, &settings);
                for s in &report.scores {
                    let v = s.value.unwrap();
                    assert!((0.0..=1.0 + 1e-12).contains(&v), "{s:?}");
                }
            }
            let settings = PointwiseSettings {
                assignment: Assignment::Optimal,
                ..PointwiseSettings::default()
            };
            let report = score(&paragraph, &reference, &candidate, &similarity, &settings);
            let reversed: Vec<String> = candidate.iter().rev().cloned().collect();
            let reversed_similarity: Vec<Vec<f64>> = similarity
                .iter()
                .map(|row| row.iter().rev().copied().collect())
                .collect();
            let other = score(
                &paragraph,
                &reference,
                &reversed,
                &reversed_similarity,
                &settings,
            );
            for name in ["pointwise_recall", "pointwise_precision", "pointwise_f1"] {
                let (a, b) = (report.score(name).unwrap(), other.score(name).unwrap());
                assert!((a - b).abs() < 1e-12, "{name}: {a} vs {b}");
            }
        }
    }

    #[test]
    fn every_pair_at_the_threshold_matches_beyond_the_top_5() {
        let similarity = vec![vec![0.9, 0.8, 0.7, 0.6, 0.55, 0.5, 0.4]];
        assert_eq!(
            threshold_matches(&similarity, 0.5),
            [vec![0, 1, 2, 3, 4, 5]]
        );
        assert_eq!(preselect(&similarity, 2), [(0, 0), (0, 1)]);
    }
}
