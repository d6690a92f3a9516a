//! L-FRESCO and generalized FRESCO (Hou et al., "L-FRESCO: Factual Recall Evaluation Score for Legal
//! Analysis Generation").
//!
//! L-FRESCO = (1/|R|) Σ over reference (claim, authority) pairs r of B-SIM(r, C_r), where C_r are the
//! candidate claims citing the same authority and B-SIM is 1 when the best continuous similarity reaches the
//! threshold (a reference pair counts at most once). FRESCO drops the shared-authority requirement: a
//! maximum-weight bipartite matching on the continuous similarity pairs reference and candidate claims,
//! then B-SIM is applied to the matched pairs and divided by |R| (cited reference claims).

use crate::claims::AttributedClaim;
use crate::judged::{Coverage, Judgements};
use crate::matching::max_weight_assignment;
use crate::report::{Score, ScoreReport};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::{BTreeMap, BTreeSet};

pub const METRIC_VERSION: &str = "1";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FrescoSettings {
    /// Name of the continuous similarity (e.g. "rougeL"), recorded in the report.
    pub similarity: String,
    /// B-SIM = similarity ≥ threshold.
    pub threshold: f64,
    /// FRESCO (bipartite matching) instead of L-FRESCO (shared authority).
    pub generalized: bool,
}

/// A continuous similarity of (reference claim, candidate claim) in [0, 1], or a per-pair error.
pub type Similarity<'a> = dyn FnMut(&str, &str) -> Result<f64, String> + 'a;

/// Similarities computed once per (reference, candidate) claim pair; a failure is kept as the error.
struct Cache<'s, 'a> {
    similarity: &'s mut Similarity<'a>,
    values: BTreeMap<(usize, usize), Result<f64, String>>,
    judgements: Judgements,
}

impl Cache<'_, '_> {
    fn get(
        &mut self,
        reference: &[AttributedClaim],
        candidate: &[AttributedClaim],
        r: usize,
        c: usize,
    ) -> Result<f64, String> {
        if let Some(value) = self.values.get(&(r, c)) {
            return value.clone();
        }
        let value =
            (self.similarity)(&reference[r].text, &candidate[c].text).map(|s| s.clamp(0.0, 1.0));
        match &value {
            Ok(_) => self.judgements.judged(),
            Err(error) => self.judgements.failed(error),
        }
        self.values.insert((r, c), value.clone());
        value
    }
}

fn authorities(claims: &[AttributedClaim]) -> BTreeSet<&str> {
    claims
        .iter()
        .flat_map(|c| c.authorities.iter().map(String::as_str))
        .collect()
}

/// Scores `candidate` claims against `reference` claims; claims without authorities are ignored by
/// L-FRESCO and by FRESCO's |R|.
pub fn score(
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
    settings: &FrescoSettings,
    similarity: &mut Similarity<'_>,
) -> ScoreReport {
    let mut cache = Cache {
        similarity,
        values: BTreeMap::new(),
        judgements: Judgements::new(&settings.similarity),
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
    let (tally, pairs, errors, matrix) = if settings.generalized {
        generalized(reference, candidate, settings.threshold, &mut cache)
    } else {
        shared_authority(reference, candidate, settings.threshold, &mut cache)
    };
    // The headline score is named after the metric ("l-fresco" or "fresco"), over the decided pairs only.
    let judgements = &cache.judgements;
    report.scores.push(judgements.score(
        &report.metric,
        tally.supported as f64 / tally.decided as f64,
        Coverage {
            decided: tally.decided,
            total: pairs.len(),
            items: "reference pairs",
        },
        tally.empty_reason,
    ));
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
    report.details = json!({
        "reference_claims": reference,
        "candidate_claims": candidate,
        "pairs": pairs,
        "unmatched_reference_pairs": pairs.iter().filter(|p| p["supported"] == false).count(),
        "hallucinated_authorities": candidate_authorities.difference(&reference_authorities).collect::<Vec<_>>(),
        "missing_authorities": reference_authorities.difference(&candidate_authorities).collect::<Vec<_>>(),
        "similarity_errors": errors,
        "judged_pairs": judgements.judged,
        "failed_pairs": judgements.failed,
        "unjudged_reference_pairs": pairs.len() - tally.decided,
    });
    if let Some(matrix) = matrix {
        // Generalized FRESCO: the claim similarity matrix (cited claims only) and the chosen matching.
        report.details["matrix"] = matrix;
    }
    report
}

/// The headline's counts: reference pairs supported and decided (not left open by a failed similarity), and
/// why there is no score when there are no reference pairs.
struct Tally {
    supported: usize,
    decided: usize,
    empty_reason: &'static str,
}

/// The tally, one row per reference pair, similarity errors, and (generalized FRESCO) the matrix.
type Outcome = (
    Tally,
    Vec<serde_json::Value>,
    Vec<String>,
    Option<serde_json::Value>,
);

fn shared_authority(
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
    threshold: f64,
    cache: &mut Cache,
) -> Outcome {
    let mut rows = Vec::new();
    let mut errors = Vec::new();
    let (mut supported_count, mut decided_count) = (0usize, 0usize);
    for (r, claim) in reference.iter().enumerate() {
        for authority in &claim.authorities {
            let mut compared = Vec::new();
            let mut failures = 0usize;
            for (c, _) in candidate
                .iter()
                .enumerate()
                .filter(|(_, c)| c.authorities.contains(authority))
            {
                match cache.get(reference, candidate, r, c) {
                    Ok(value) => compared.push(json!({"candidate": c, "similarity": value})),
                    Err(error) => {
                        failures += 1;
                        errors.push(format!(
                            "reference claim {r} vs candidate claim {c}: {error}"
                        ));
                        compared.push(json!({"candidate": c, "similarity": null, "error": error}));
                    }
                }
            }
            let best = compared
                .iter()
                .filter_map(|p| Some((p["candidate"].as_u64()?, p["similarity"].as_f64()?)))
                .max_by(|a, b| a.1.total_cmp(&b.1));
            let supported = best.is_some_and(|(_, s)| s >= threshold);
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
                Some((_, s)) if s < threshold => {
                    format!("best similarity {s:.3} is below the threshold {threshold}")
                }
                Some(_) => "supported".to_string(),
            };
            rows.push(json!({
                "reference": r, "authority": authority, "compared": compared,
                "best_candidate": best.map(|b| b.0), "similarity": best.map(|b| b.1),
                "supported": supported, "judged": decided, "reason": reason,
            }));
        }
    }
    let tally = Tally {
        supported: supported_count,
        decided: decided_count,
        empty_reason: "the reference has no (claim, citation) pair",
    };
    (tally, rows, errors, None)
}

fn generalized(
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
    threshold: f64,
    cache: &mut Cache,
) -> Outcome {
    let cited_reference: Vec<usize> = (0..reference.len())
        .filter(|&r| !reference[r].authorities.is_empty())
        .collect();
    let cited_candidate: Vec<usize> = (0..candidate.len())
        .filter(|&c| !candidate[c].authorities.is_empty())
        .collect();
    let mut errors = Vec::new();
    let mut similarities: Vec<Vec<Option<f64>>> = Vec::with_capacity(cited_reference.len());
    for &r in &cited_reference {
        let mut row = Vec::with_capacity(cited_candidate.len());
        for &c in &cited_candidate {
            let value = cache.get(reference, candidate, r, c);
            if let Err(error) = &value {
                errors.push(format!(
                    "reference claim {r} vs candidate claim {c}: {error}"
                ));
            }
            row.push(value.ok());
        }
        similarities.push(row);
    }
    // A failed similarity weighs nothing in the matching; if matched anyway, the pair is unjudged.
    let weights: Vec<Vec<f64>> = similarities
        .iter()
        .map(|row| row.iter().map(|s| s.unwrap_or(0.0)).collect())
        .collect();
    let assignment = max_weight_assignment(&weights);
    let matrix = json!({
        "reference_claims": cited_reference,
        "candidate_claims": cited_candidate,
        "similarity": similarities,
        "assignment": assignment,
    });
    let matched: BTreeMap<usize, usize> = assignment.into_iter().collect();
    let (mut supported_count, mut decided_count) = (0usize, 0usize);
    let rows: Vec<serde_json::Value> = cited_reference
        .iter()
        .enumerate()
        .map(|(i, &r)| {
            let Some(&j) = matched.get(&i) else {
                decided_count += 1;
                return json!({"reference": r, "best_candidate": null, "similarity": null,
                              "supported": false, "judged": true,
                              "reason": "no candidate claim left to match"});
            };
            let c = cited_candidate[j];
            let Some(similarity) = similarities[i][j] else {
                return json!({"reference": r, "best_candidate": c, "similarity": null,
                              "supported": false, "judged": false,
                              "reason": "unjudged: the matched pair's similarity failed"});
            };
            let supported = similarity >= threshold;
            supported_count += usize::from(supported);
            decided_count += 1;
            let reason = if supported {
                "supported".to_string()
            } else {
                format!("matched similarity {similarity:.3} is below the threshold {threshold}")
            };
            json!({"reference": r, "best_candidate": c, "similarity": similarity,
                   "supported": supported, "judged": true, "reason": reason})
        })
        .collect();
    let tally = Tally {
        supported: supported_count,
        decided: decided_count,
        empty_reason: "the reference has no cited claim",
    };
    (tally, rows, errors, Some(matrix))
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
            similarity: "rougeL".into(),
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
            report.details["hallucinated_authorities"],
            json!(["law:U.S.C.|29|1002"])
        );
        assert_eq!(report.details["pairs"][0]["authority"], "case:51 F.3d 1449");
        assert_eq!(report.details["pairs"][0]["supported"], false);
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
            report.details["pairs"][1]["reason"],
            "no candidate claim cites this authority"
        );
        assert_eq!(report.details["missing_authorities"], json!(["B"]));
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
        assert_eq!(report.details["pairs"][0]["best_candidate"], 1);
        assert_eq!(
            report.details["matrix"]["assignment"],
            json!([[0, 1], [1, 0]])
        );
        assert_eq!(report.details["matrix"]["candidate_claims"], json!([0, 1]));
        let l_fresco = score(&reference, &candidate, &settings(false), &mut rouge_l);
        assert_eq!(l_fresco.score(&l_fresco.metric), Some(0.0));
    }

    #[test]
    fn degenerate_inputs_give_null_with_reasons_and_errors_are_kept() {
        let report = score(&[], &[], &settings(false), &mut rouge_l);
        assert_eq!(report.score("l-fresco"), None);
        assert!(report.scores.iter().all(|s| s.null_reason.is_some()));
    }

    #[test]
    fn a_failed_similarity_is_unjudged_never_zero() {
        let reference = claims(KAYES_REFERENCE);
        let mut failing = |_: &str, _: &str| Err::<f64, String>("endpoint timed out".into());
        for generalized in [false, true] {
            let report = score(&reference, &reference, &settings(generalized), &mut failing);
            let headline = &report.scores[0];
            assert_eq!(headline.value, None);
            assert_eq!(
                headline.null_reason.as_deref(),
                Some("every rougeL judgement failed: endpoint timed out")
            );
            assert_eq!(report.details["failed_pairs"], 1);
            assert_eq!(report.details["judged_pairs"], 0);
            assert_eq!(
                report.details["similarity_errors"][0],
                "reference claim 0 vs candidate claim 0: endpoint timed out"
            );
        }
    }

    #[test]
    fn the_score_covers_the_judged_pairs_only_and_says_how_many_failed() {
        // Two reference pairs (Kayes, Firestone); the judge fails on the Firestone claim.
        let text = format!(
            "{KAYES_REFERENCE}. A denial of benefits is reviewed de novo unless the plan gives the \
             administrator discretion. Firestone Tire & Rubber Co. v. Bruch, 489 U.S. 101, 115 (1989)."
        );
        let both = claims(&text);
        let mut judge = |reference: &str, _: &str| {
            if reference.contains("de novo") {
                Err("the answer has no final Yes or No".to_string())
            } else {
                Ok(1.0)
            }
        };
        let report = score(&both, &both, &settings(false), &mut judge);
        let headline = &report.scores[0];
        assert_eq!(headline.value, Some(1.0));
        assert_eq!(
            headline.note.as_deref(),
            Some("over 1 of 2 reference pairs: 1 rougeL judgement failed (first: the answer has no final Yes or No)")
        );
        assert_eq!(report.details["unjudged_reference_pairs"], 1);
        assert_eq!(report.details["pairs"][1]["judged"], false);
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
}
