//! L-FRESCO and generalized FRESCO (Hou et al., "L-FRESCO: Factual Recall Evaluation Score for Legal
//! Analysis Generation").
//!
//! L-FRESCO = (1/|R|) Σ over reference (claim, authority) pairs r of B-SIM(r, C_r), where C_r are the
//! candidate claims citing the same authority and B-SIM is 1 when the best continuous similarity reaches the
//! threshold (a reference pair counts at most once). FRESCO drops the shared-authority requirement: a
//! maximum-weight bipartite matching on the continuous similarity pairs reference and candidate claims,
//! then B-SIM is applied to the matched pairs and divided by |R| (cited reference claims).
//!
//! Memory and time grow with the distinct claim texts, not with the claims: a similarity is computed once
//! per distinct (reference text, candidate text) pair, and a reference pair keeps its best candidate and how
//! many candidates were compared, not every comparison.

use crate::claims::AttributedClaim;
use crate::judge::{Exchange, JudgeSettings};
use crate::matching::max_weight_assignment;
use crate::report::{Score, ScoreReport};
use crate::similarity::Similarity;
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap};

pub const METRIC_VERSION: &str = "1";
/// Above this many cited claims on either side generalized FRESCO is null with a reason: the optimal
/// matching takes cubic time.
pub const MAX_MATCHED_CLAIMS: usize = 600;
/// The generalized FRESCO similarity matrix is kept in the report (the page draws it) up to this many
/// cells.
pub const MAX_MATRIX_CELLS_KEPT: usize = 40_000;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FrescoSettings {
    /// The continuous similarity, recorded in the report.
    pub similarity: Similarity,
    /// B-SIM = similarity ≥ threshold.
    pub threshold: f64,
    /// FRESCO (bipartite matching) instead of L-FRESCO (shared authority).
    pub generalized: bool,
}

/// A continuous similarity of (reference claim, candidate claim) in [0, 1], or a per-pair error.
pub type ClaimSimilarity<'a> = dyn FnMut(&str, &str) -> Result<f64, String> + 'a;

/// The breakdown of an L-FRESCO / FRESCO report. Field names (alphabetical) are those reports have always
/// used, so saved reports still open.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct FrescoDetails {
    pub candidate_claims: Vec<AttributedClaim>,
    /// Authorities only the candidate cites (possibly hallucinated).
    pub hallucinated_authorities: Vec<String>,
    /// The LLM judge's endpoint and model, when it was the similarity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm: Option<JudgeSettings>,
    /// Every prompt and raw answer of the LLM judge, when it was the similarity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm_exchanges: Option<Vec<Exchange>>,
    /// Generalized FRESCO: the similarity matrix of the cited claims and the chosen matching.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matrix: Option<ClaimMatrix>,
    pub missing_authorities: Vec<String>,
    pub pairs: Vec<FrescoPair>,
    pub reference_claims: Vec<AttributedClaim>,
    pub similarity_errors: Vec<String>,
    pub unmatched_reference_pairs: usize,
}

/// One reference (claim, authority) pair (L-FRESCO) or cited reference claim (FRESCO) and its best match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FrescoPair {
    /// The shared authority (L-FRESCO only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub authority: Option<String>,
    pub best_candidate: Option<usize>,
    /// How many candidate claims were compared (L-FRESCO only). Reports made before schema 2 listed every
    /// comparison here; they read back as the length of that list.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "count_or_list"
    )]
    pub compared: Option<usize>,
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
    pub candidate_claims: Vec<usize>,
    pub reference_claims: Vec<usize>,
    pub similarity: Vec<Vec<f64>>,
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

/// Each claim's text numbered, equal texts alike (so similarities are computed per distinct text pair), and
/// how many distinct texts there are.
fn number_texts(claims: &[AttributedClaim]) -> (Vec<usize>, usize) {
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
/// is recorded once, naming the first claims it concerned.
struct Similarities<'s, 'a, 'c> {
    similarity: &'s mut ClaimSimilarity<'a>,
    reference: &'c [AttributedClaim],
    candidate: &'c [AttributedClaim],
    reference_text: Vec<usize>,
    candidate_text: Vec<usize>,
    values: HashMap<(usize, usize), Option<f64>>,
    errors: Vec<String>,
}

impl Similarities<'_, '_, '_> {
    fn get(&mut self, r: usize, c: usize) -> Option<f64> {
        let key = (self.reference_text[r], self.candidate_text[c]);
        if let Some(value) = self.values.get(&key) {
            return *value;
        }
        let value = match (self.similarity)(&self.reference[r].text, &self.candidate[c].text) {
            Ok(value) => Some(value.clamp(0.0, 1.0)),
            Err(error) => {
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

fn authorities(claims: &[AttributedClaim]) -> BTreeSet<&str> {
    claims
        .iter()
        .flat_map(|c| c.authorities.iter().map(String::as_str))
        .collect()
}

/// Claim indices citing each authority, in reading order.
fn citing(claims: &[AttributedClaim]) -> BTreeMap<&str, Vec<usize>> {
    let mut by_authority: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (index, claim) in claims.iter().enumerate() {
        for authority in &claim.authorities {
            by_authority.entry(authority).or_default().push(index);
        }
    }
    by_authority
}

fn cited(claims: &[AttributedClaim]) -> Vec<usize> {
    (0..claims.len())
        .filter(|&i| !claims[i].authorities.is_empty())
        .collect()
}

/// Why generalized FRESCO is not attempted for these claim counts, if it is not.
fn too_many_to_match(reference: usize, candidate: usize) -> Option<String> {
    (reference.max(candidate) > MAX_MATCHED_CLAIMS).then(|| {
        format!(
            "{reference} reference and {candidate} generated cited claims: generalized FRESCO matches at \
             most {MAX_MATCHED_CLAIMS} per side — use L-FRESCO, or score the brief section by section"
        )
    })
}

/// The distinct (reference text, candidate text) pairs [`score`] compares, in a stable order: what to ask
/// an LLM judge before scoring.
pub fn compared_text_pairs<'c>(
    reference: &'c [AttributedClaim],
    candidate: &'c [AttributedClaim],
    generalized: bool,
) -> Vec<(&'c str, &'c str)> {
    let mut pairs: BTreeSet<(&str, &str)> = BTreeSet::new();
    if generalized {
        let (cited_reference, cited_candidate) = (cited(reference), cited(candidate));
        if too_many_to_match(cited_reference.len(), cited_candidate.len()).is_none() {
            for &r in &cited_reference {
                for &c in &cited_candidate {
                    pairs.insert((&reference[r].text, &candidate[c].text));
                }
            }
        }
    } else {
        let candidates = citing(candidate);
        for (authority, references) in citing(reference) {
            let reference_texts: BTreeSet<&str> = references
                .iter()
                .map(|&r| reference[r].text.as_str())
                .collect();
            let candidate_texts: BTreeSet<&str> = candidates
                .get(authority)
                .into_iter()
                .flatten()
                .map(|&c| candidate[c].text.as_str())
                .collect();
            for r in &reference_texts {
                pairs.extend(candidate_texts.iter().map(|c| (*r, *c)));
            }
        }
    }
    pairs.into_iter().collect()
}

/// Scores `candidate` claims against `reference` claims; claims without authorities are ignored by
/// L-FRESCO and by FRESCO's |R|.
pub fn score(
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
    settings: &FrescoSettings,
    similarity: &mut ClaimSimilarity<'_>,
) -> ScoreReport<FrescoDetails> {
    let (reference_text, distinct_reference_texts) = number_texts(reference);
    let (candidate_text, _) = number_texts(candidate);
    let mut similarities = Similarities {
        similarity,
        reference,
        candidate,
        reference_text,
        candidate_text,
        values: HashMap::new(),
        errors: Vec::new(),
    };
    let reference_authorities = authorities(reference);
    let candidate_authorities = authorities(candidate);
    let mut report = ScoreReport::new(
        if settings.generalized {
            "fresco"
        } else {
            "l-fresco"
        },
        METRIC_VERSION,
        serde_json::to_value(settings).unwrap_or_default(),
    );
    let (headline, pairs, matrix) = if settings.generalized {
        generalized(reference, candidate, settings.threshold, &mut similarities)
    } else {
        shared_authority(
            reference,
            candidate,
            settings.threshold,
            distinct_reference_texts,
            &mut similarities,
        )
    };
    // The headline score is named after the metric ("l-fresco" or "fresco").
    report.scores.push(Score {
        name: report.metric.clone(),
        ..headline
    });
    let shared = reference_authorities
        .intersection(&candidate_authorities)
        .count();
    report.scores.push(if reference_authorities.is_empty() {
        Score::null("citation_recall", "the reference cites no authority")
    } else {
        Score::new(
            "citation_recall",
            shared as f64 / reference_authorities.len() as f64,
        )
    });
    report.scores.push(if candidate_authorities.is_empty() {
        Score::null("citation_precision", "the candidate cites no authority")
    } else {
        Score::new(
            "citation_precision",
            shared as f64 / candidate_authorities.len() as f64,
        )
    });
    let names = |set: BTreeSet<&&str>| set.into_iter().map(|a| a.to_string()).collect();
    report.details = FrescoDetails {
        candidate_claims: candidate.to_vec(),
        hallucinated_authorities: names(
            candidate_authorities
                .difference(&reference_authorities)
                .collect(),
        ),
        llm: None,
        llm_exchanges: None,
        matrix,
        missing_authorities: names(
            reference_authorities
                .difference(&candidate_authorities)
                .collect(),
        ),
        unmatched_reference_pairs: pairs.iter().filter(|p| !p.supported).count(),
        pairs,
        reference_claims: reference.to_vec(),
        similarity_errors: similarities.errors,
    };
    report
}

/// Headline score, one row per reference pair, and (generalized FRESCO) the matrix.
type Outcome = (Score, Vec<FrescoPair>, Option<ClaimMatrix>);

/// The best candidate of one reference text for one authority: (claim index, similarity), how many
/// candidates were compared and whether any similarity was defined.
struct Best {
    candidate: Option<(usize, f64)>,
    compared: usize,
}

fn shared_authority(
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
    threshold: f64,
    reference_text_count: usize,
    similarities: &mut Similarities,
) -> Outcome {
    let candidates = citing(candidate);
    // One search per (authority, distinct reference text): repeated claims share it.
    let mut searched: HashMap<(&str, usize), Best> = HashMap::with_capacity(reference_text_count);
    let mut rows = Vec::new();
    let mut supported_count = 0usize;
    for (r, claim) in reference.iter().enumerate() {
        for authority in &claim.authorities {
            let key = (authority.as_str(), similarities.reference_text[r]);
            let Best {
                candidate: best,
                compared,
            } = *searched.entry(key).or_insert_with(|| {
                let compared = candidates
                    .get(authority.as_str())
                    .map_or(&[][..], Vec::as_slice);
                // The highest similarity, the latest claim among equals.
                let best = compared
                    .iter()
                    .filter_map(|&c| Some((c, similarities.get(r, c)?)))
                    .max_by(|a, b| a.1.total_cmp(&b.1));
                Best {
                    candidate: best,
                    compared: compared.len(),
                }
            });
            let supported = best.is_some_and(|(_, s)| s >= threshold);
            supported_count += usize::from(supported);
            let reason = match best {
                None if compared == 0 => "no candidate claim cites this authority".to_string(),
                None => "every similarity failed".to_string(),
                Some((_, s)) if s < threshold => {
                    format!("best similarity {s:.3} is below the threshold {threshold}")
                }
                Some(_) => "supported".to_string(),
            };
            rows.push(FrescoPair {
                authority: Some(authority.clone()),
                best_candidate: best.map(|b| b.0),
                compared: Some(compared),
                reason,
                reference: r,
                similarity: best.map(|b| b.1),
                supported,
            });
        }
    }
    let headline = if rows.is_empty() {
        Score::null("score", "the reference has no (claim, citation) pair")
    } else {
        Score::new("score", supported_count as f64 / rows.len() as f64)
    };
    (headline, rows, None)
}

fn generalized(
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
    threshold: f64,
    similarities: &mut Similarities,
) -> Outcome {
    let (cited_reference, cited_candidate) = (cited(reference), cited(candidate));
    if cited_reference.is_empty() {
        return (
            Score::null("score", "the reference has no cited claim"),
            Vec::new(),
            None,
        );
    }
    if let Some(reason) = too_many_to_match(cited_reference.len(), cited_candidate.len()) {
        return (Score::null("score", reason), Vec::new(), None);
    }
    let weights: Vec<Vec<f64>> = cited_reference
        .iter()
        .map(|&r| {
            cited_candidate
                .iter()
                .map(|&c| similarities.get(r, c).unwrap_or(0.0))
                .collect()
        })
        .collect();
    let assignment = max_weight_assignment(&weights);
    let matched: BTreeMap<usize, usize> = assignment.iter().copied().collect();
    let mut supported_count = 0;
    let rows: Vec<FrescoPair> = cited_reference
        .iter()
        .enumerate()
        .map(|(i, &r)| match matched.get(&i) {
            Some(&j) => {
                let similarity = weights[i][j];
                let supported = similarity >= threshold;
                supported_count += usize::from(supported);
                FrescoPair {
                    authority: None,
                    best_candidate: Some(cited_candidate[j]),
                    compared: None,
                    reason: if supported {
                        "supported".to_string()
                    } else {
                        format!(
                            "matched similarity {similarity:.3} is below the threshold {threshold}"
                        )
                    },
                    reference: r,
                    similarity: Some(similarity),
                    supported,
                }
            }
            None => FrescoPair {
                authority: None,
                best_candidate: None,
                compared: None,
                reason: "no candidate claim left to match".to_string(),
                reference: r,
                similarity: None,
                supported: false,
            },
        })
        .collect();
    let headline = Score::new(
        "score",
        supported_count as f64 / cited_reference.len() as f64,
    );
    let cells = cited_reference.len() * cited_candidate.len();
    let matrix = (cells <= MAX_MATRIX_CELLS_KEPT).then_some(ClaimMatrix {
        assignment,
        candidate_claims: cited_candidate,
        reference_claims: cited_reference,
        similarity: weights,
    });
    (headline, rows, matrix)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::citations::claims;
    use crate::rouge::{f1, RougeType};

    fn rouge_l(a: &str, b: &str) -> Result<f64, String> {
        Ok(f1(RougeType::L, a, b, true))
    }

    fn settings(generalized: bool) -> FrescoSettings {
        FrescoSettings {
            similarity: Similarity::RougeL,
            threshold: 0.5,
            generalized,
        }
    }

    const KAYES_REFERENCE: &str =
        "Divers' status as a corporate officer does not exempt him from liability. \
        See Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir.1995)";
    const KAYES_GENERATED: &str = "As previously stated, 29 U.S.C. § 1002(21)(A) defines a fiduciary as a person \
        who exercises any authority or control respecting management or disposition of [a plan's] assets. \
        P51 F.3d 1449, 1459 (9th Cir.1995).";

    #[test]
    fn kayes_v_pacific_lumber_scores_zero_with_full_citation_recall() {
        let report = score(
            &claims(KAYES_REFERENCE),
            &claims(KAYES_GENERATED),
            &settings(false),
            &mut rouge_l,
        );
        assert_eq!(report.score(&report.metric), Some(0.0));
        assert_eq!(report.score("citation_recall"), Some(1.0));
        assert_eq!(report.score("citation_precision"), Some(0.5));
        assert_eq!(
            report.details.hallucinated_authorities,
            ["law:U.S.C.|29|1002"]
        );
        let pair = &report.details.pairs[0];
        assert_eq!(pair.authority.as_deref(), Some("case:51 F.3d 1449"));
        assert!(!pair.supported);
        assert_eq!(pair.compared, Some(1));
    }

    #[test]
    fn identical_texts_score_one() {
        let reference = claims(KAYES_REFERENCE);
        for generalized in [false, true] {
            let report = score(&reference, &reference, &settings(generalized), &mut rouge_l);
            assert_eq!(report.score(&report.metric), Some(1.0));
            assert_eq!(report.score("citation_recall"), Some(1.0));
        }
    }

    fn claim(text: &str, authorities: &[&str]) -> AttributedClaim {
        AttributedClaim {
            text: text.into(),
            start: 0,
            end: text.chars().count(),
            authorities: authorities.iter().map(|a| a.to_string()).collect(),
        }
    }

    #[test]
    fn worked_example_each_reference_pair_counts_once() {
        // R: (r0, A), (r0, B), (r1, C). C: c0 cites A and is identical to r0; c1 cites C but differs.
        let reference = [
            claim("officers are liable for plan losses", &["A", "B"]),
            claim("directors are not liable", &["C"]),
        ];
        let candidate = [
            claim("officers are liable for plan losses", &["A"]),
            claim("the weather was sunny today", &["C", "D"]),
        ];
        let report = score(&reference, &candidate, &settings(false), &mut rouge_l);
        // (r0, A) supported; (r0, B) no candidate; (r1, C) below threshold → 1/3.
        assert_eq!(report.score(&report.metric), Some(1.0 / 3.0));
        assert_eq!(report.score("citation_recall"), Some(2.0 / 3.0));
        assert_eq!(report.score("citation_precision"), Some(2.0 / 3.0));
        assert_eq!(
            report.details.pairs[1].reason,
            "no candidate claim cites this authority"
        );
        assert_eq!(report.details.pairs[1].compared, Some(0));
        assert_eq!(report.details.missing_authorities, ["B"]);
        assert_eq!(report.details.unmatched_reference_pairs, 2);
    }

    #[test]
    fn generalized_fresco_matches_claims_without_shared_citations() {
        let reference = [
            claim("officers are liable for plan losses", &["A"]),
            claim("directors are not liable", &["B"]),
        ];
        let candidate = [
            claim("directors are not liable", &["X"]),
            claim("officers are liable for plan losses", &["Y"]),
        ];
        let report = score(&reference, &candidate, &settings(true), &mut rouge_l);
        assert_eq!(report.score(&report.metric), Some(1.0));
        assert_eq!(report.details.pairs[0].best_candidate, Some(1));
        let matrix = report.details.matrix.as_ref().unwrap();
        assert_eq!(matrix.assignment, [(0, 1), (1, 0)]);
        assert_eq!(matrix.candidate_claims, [0, 1]);
        let l_fresco = score(&reference, &candidate, &settings(false), &mut rouge_l);
        assert_eq!(l_fresco.score(&l_fresco.metric), Some(0.0));
    }

    #[test]
    fn degenerate_inputs_give_null_with_reasons_and_errors_are_kept() {
        let report = score(&[], &[], &settings(false), &mut rouge_l);
        assert_eq!(report.score("l-fresco"), None);
        assert!(report.scores.iter().all(|s| s.null_reason.is_some()));
        let reference = [claim("a b c", &["A"])];
        let mut failing = |_: &str, _: &str| Err::<f64, String>("endpoint timed out".into());
        let report = score(&reference, &reference, &settings(false), &mut failing);
        assert_eq!(report.score(&report.metric), Some(0.0));
        assert_eq!(
            report.details.similarity_errors,
            ["reference claim 0 vs candidate claim 0: endpoint timed out"]
        );
        assert_eq!(report.details.pairs[0].reason, "every similarity failed");
    }

    #[test]
    fn candidate_order_does_not_change_the_score() {
        let reference = claims(KAYES_REFERENCE);
        let mut candidate = claims(&format!(
            "{KAYES_REFERENCE} Officers are liable. See 12 F.3d 34 (1994)."
        ));
        let forward =
            score(&reference, &candidate, &settings(false), &mut rouge_l).score("l-fresco");
        candidate.reverse();
        assert_eq!(
            score(&reference, &candidate, &settings(false), &mut rouge_l).score("l-fresco"),
            forward
        );
    }

    #[test]
    fn repeated_claims_are_compared_once_per_distinct_text_pair() {
        // The same two claims 300 times on each side: 300 × 300 comparisons per authority by claim, one
        // by text.
        let one = [
            claim("officers are liable for plan losses", &["A"]),
            claim("directors are not liable", &["A"]),
        ];
        let many: Vec<AttributedClaim> = one.iter().cycle().take(600).cloned().collect();
        let mut calls = 0;
        let mut counting = |a: &str, b: &str| {
            calls += 1;
            rouge_l(a, b)
        };
        let report = score(&many, &many, &settings(false), &mut counting);
        assert_eq!(calls, 4);
        assert_eq!(report.score("l-fresco"), Some(1.0));
        assert_eq!(report.details.pairs.len(), 600);
        assert!(report.details.pairs.iter().all(|p| p.compared == Some(600)));
        let pairs = compared_text_pairs(&many, &many, false);
        assert_eq!(pairs.len(), 4);
    }

    #[test]
    fn generalized_fresco_refuses_more_claims_than_it_can_match() {
        let many: Vec<AttributedClaim> = (0..=MAX_MATCHED_CLAIMS)
            .map(|i| claim(&format!("claim {i}"), &["A"]))
            .collect();
        let report = score(&many, &many[..1], &settings(true), &mut rouge_l);
        assert_eq!(report.score("fresco"), None);
        assert!(report.scores[0]
            .null_reason
            .as_deref()
            .unwrap()
            .contains("generalized FRESCO matches at most"));
        assert!(compared_text_pairs(&many, &many, true).is_empty());
    }
}
