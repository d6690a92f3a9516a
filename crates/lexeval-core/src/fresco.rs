//! L-FRESCO and generalized FRESCO (Hou et al., "L-FRESCO: Factual Recall Evaluation Score for Legal
//! Analysis Generation").
//!
//! L-FRESCO = (1/|R|) Σ over reference (claim, authority) pairs r of B-SIM(r, C_r), where C_r are the
//! candidate claims citing the same authority and B-SIM is 1 when the best continuous similarity reaches the
//! threshold (a reference pair counts at most once). FRESCO (§4) drops the shared-authority requirement: a
//! maximum bipartite matching on C-SIM, a continuous similarity of the claims' citations
//! ([`citation_similarity`]), pairs reference and candidate claims; B-SIM is then applied to the matched
//! pairs only and divided by |R| (cited reference claims). Matchings of equal C-SIM are told apart by the
//! claims' stemmed ROUGE-1 F1, weighted by ε = 1/(4(k+1)) for k matched pairs, so the tie-break adds less
//! than ¼ in total and never trades a same-authority pair (C-SIM 1) for a near miss (C-SIM < ½).
//! [`GeneralizedMatch::Claims`] keeps metric version 1's matching on the claim similarity itself.

mod citation_similarity;

pub use citation_similarity::{authority_similarity, citation_similarity};

use crate::claims::AttributedClaim;
use crate::judged::{Coverage, Judgements};
use crate::matching::max_weight_assignment;
use crate::report::{Score, ScoreReport};
use crate::rouge::{PairwiseF1, RougeType};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::{BTreeMap, BTreeSet};

/// 2: generalized FRESCO matches on citations (C-SIM) by default; failed similarities are unjudged.
pub const METRIC_VERSION: &str = "2";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FrescoSettings {
    /// Name of the continuous similarity (e.g. "rougeL"), recorded in the report.
    pub similarity: String,
    /// B-SIM = similarity ≥ threshold.
    pub threshold: f64,
    /// FRESCO (bipartite matching) instead of L-FRESCO (shared authority).
    pub generalized: bool,
    /// What generalized FRESCO's matching maximises.
    #[serde(default = "metric_version_1_match")]
    pub generalized_match: GeneralizedMatch,
}

/// The weights of generalized FRESCO's bipartite matching.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GeneralizedMatch {
    /// C-SIM of the citations (the paper, §4), then B-SIM on the matched pairs.
    #[default]
    Citations,
    /// The claim similarity itself (metric version 1): citations are ignored.
    Claims,
}

/// Settings saved before `generalized_match` existed matched on claims, so they keep it.
fn metric_version_1_match() -> GeneralizedMatch {
    GeneralizedMatch::Claims
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
        generalized(reference, candidate, settings, &mut cache)
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
    settings: &FrescoSettings,
    cache: &mut Cache,
) -> Outcome {
    let threshold = settings.threshold;
    let cited_reference: Vec<usize> = (0..reference.len())
        .filter(|&r| !reference[r].authorities.is_empty())
        .collect();
    let cited_candidate: Vec<usize> = (0..candidate.len())
        .filter(|&c| !candidate[c].authorities.is_empty())
        .collect();
    let mut errors = Vec::new();
    let mut similarity_of = |cache: &mut Cache, r: usize, c: usize| {
        let value = cache.get(reference, candidate, r, c);
        if let Err(error) = &value {
            errors.push(format!(
                "reference claim {r} vs candidate claim {c}: {error}"
            ));
        }
        value.ok()
    };
    let (assignment, c_sim, similarities) = match settings.generalized_match {
        GeneralizedMatch::Citations => {
            let (weights, c_sim) =
                citation_weights(reference, candidate, &cited_reference, &cited_candidate);
            let assignment = max_weight_assignment(&weights);
            // B-SIM is needed for the matched pairs only (one LLM call each with the LLM judge).
            let mut similarities = vec![vec![None; cited_candidate.len()]; cited_reference.len()];
            for &(i, j) in &assignment {
                similarities[i][j] = similarity_of(cache, cited_reference[i], cited_candidate[j]);
            }
            (assignment, Some(c_sim), similarities)
        }
        GeneralizedMatch::Claims => {
            let similarities: Vec<Vec<Option<f64>>> = cited_reference
                .iter()
                .map(|&r| {
                    cited_candidate
                        .iter()
                        .map(|&c| similarity_of(cache, r, c))
                        .collect()
                })
                .collect();
            // A failed similarity weighs nothing in the matching; if matched anyway, it is unjudged.
            let weights: Vec<Vec<f64>> = similarities
                .iter()
                .map(|row| row.iter().map(|s| s.unwrap_or(0.0)).collect())
                .collect();
            (max_weight_assignment(&weights), None, similarities)
        }
    };
    let mut matrix = json!({
        "reference_claims": cited_reference,
        "candidate_claims": cited_candidate,
        "similarity": similarities,
        "assignment": assignment,
        "match_on": settings.generalized_match,
    });
    if let Some(c_sim) = c_sim {
        matrix["c_sim"] = json!(c_sim);
    }
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

/// The matching weights C-SIM + ε·ROUGE-1 (see the module comment) and the C-SIM matrix, cited claims only.
fn citation_weights(
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
    cited_reference: &[usize],
    cited_candidate: &[usize],
) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
    let matched_pairs = cited_reference.len().min(cited_candidate.len());
    let epsilon = 1.0 / (4.0 * (matched_pairs as f64 + 1.0));
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
    let weights = cited_reference
        .iter()
        .zip(&c_sim)
        .map(|(&r, row)| {
            cited_candidate
                .iter()
                .zip(row)
                .map(|(&c, s)| s + epsilon * rouge.f1(&reference[r].text, &candidate[c].text))
                .collect()
        })
        .collect();
    (weights, c_sim)
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
            generalized_match: GeneralizedMatch::Citations,
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
    fn generalized_fresco_matches_on_citations_so_swapped_citations_fail() {
        // The candidate states both holdings but attaches each to the other's case.
        let reference = claims(
            "An officer who exercises control over plan assets is a fiduciary. \
             Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir. 1995). \
             A denial of benefits is reviewed de novo unless the plan grants discretion. \
             Firestone Tire & Rubber Co. v. Bruch, 489 U.S. 101, 115 (1989).",
        );
        let swapped = claims(
            "An officer who exercises control over plan assets is a fiduciary. \
             Firestone Tire & Rubber Co. v. Bruch, 489 U.S. 101, 115 (1989). \
             A denial of benefits is reviewed de novo unless the plan grants discretion. \
             Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir. 1995).",
        );
        assert_eq!(reference.len(), 2, "{reference:?}");
        let paper = score(&reference, &swapped, &settings(true), &mut rouge_l);
        assert_eq!(paper.score("fresco"), Some(0.0));
        assert_eq!(
            paper.details["matrix"]["assignment"],
            json!([[0, 1], [1, 0]])
        );
        assert_eq!(paper.details["matrix"]["c_sim"][0][1], 1.0);
        assert_eq!(paper.details["matrix"]["match_on"], "citations");
        let claims_match = FrescoSettings {
            generalized_match: GeneralizedMatch::Claims,
            ..settings(true)
        };
        let version_1 = score(&reference, &swapped, &claims_match, &mut rouge_l);
        assert_eq!(version_1.score("fresco"), Some(1.0));
        // Correct citations score 1 either way; only matched pairs are compared.
        let same = score(&reference, &reference, &settings(true), &mut rouge_l);
        assert_eq!(same.score("fresco"), Some(1.0));
        assert_eq!(same.details["judged_pairs"], 2);
    }

    #[test]
    fn generalized_fresco_breaks_citation_ties_by_the_claims() {
        // Two claims cite the same case on both sides; the matching pairs each with its own restatement.
        let text = "An officer who exercises control over plan assets is a fiduciary. \
             Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir. 1995). \
             Corporate office does not exempt a fiduciary from liability. \
             Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1460 (9th Cir. 1995).";
        let reference = claims(text);
        let mut reversed = reference.clone();
        reversed.reverse();
        let report = score(&reference, &reversed, &settings(true), &mut rouge_l);
        assert_eq!(report.score("fresco"), Some(1.0));
    }

    #[test]
    fn saved_settings_without_the_match_option_keep_version_1() {
        let mut saved = serde_json::to_value(settings(true)).unwrap();
        saved.as_object_mut().unwrap().remove("generalized_match");
        let saved: FrescoSettings = serde_json::from_value(saved).unwrap();
        assert_eq!(saved.generalized_match, GeneralizedMatch::Claims);
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
        let claims_match = FrescoSettings {
            generalized_match: GeneralizedMatch::Claims,
            ..settings(true)
        };
        let report = score(&reference, &candidate, &claims_match, &mut rouge_l);
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
