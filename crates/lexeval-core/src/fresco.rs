//! L-FRESCO and FRESCO (arXiv 2603.21283): the fraction of the reference brief's (claim, authority) pairs
//! that the generated brief supports.
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
//!
//! A failed similarity (an LLM call failed, its answer was unreadable) leaves its pair unjudged, never 0:
//! the headline covers the decided reference pairs only ([`crate::judged`]).
//!
//! Memory and time grow with the distinct claim texts, not with the claims: a similarity is computed once
//! per distinct (reference text, candidate text) pair, and a reference pair keeps its best candidate and how
//! many candidates were compared, not every comparison.

mod citation_similarity;
pub mod left_out;

pub use citation_similarity::{authority_similarity, citation_similarity};

use crate::authorities::{name_of, Authority};
use crate::claims::AttributedClaim;
use crate::judge::{Exchange, JudgeSettings};
use crate::judged::{Coverage, Judgements};
use crate::matching::max_weight_assignment;
use crate::report::{Score, ScoreReport};
use crate::rouge::{PairwiseF1, RougeType};
use crate::similarity::Similarity;
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// 2: generalized FRESCO matches on citations (C-SIM) by default; failed similarities are unjudged.
pub const METRIC_VERSION: &str = "2";
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
    /// What generalized FRESCO's matching maximises.
    #[serde(default = "metric_version_1_match")]
    pub generalized_match: GeneralizedMatch,
    /// Which authorities make the (claim, authority) pairs of R and count in citation recall and precision.
    #[serde(default, skip_serializing_if = "AuthorityScope::is_all")]
    pub authorities: AuthorityScope,
}

/// The authorities L-FRESCO counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AuthorityScope {
    /// Cases, statutes, court rules and secondary sources (lexeval's default: a brief's claims rest on all
    /// of them).
    #[default]
    All,
    /// Case citations only, as the paper's definition of R literally reads.
    Cases,
}

impl AuthorityScope {
    pub fn is_all(&self) -> bool {
        *self == AuthorityScope::All
    }
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

/// Settings and matrices saved before `generalized_match` existed matched on claims, so they keep it.
fn metric_version_1_match() -> GeneralizedMatch {
    GeneralizedMatch::Claims
}

/// A continuous similarity of (reference claim, candidate claim) in [0, 1], or a per-pair error.
pub type ClaimSimilarity<'a> = dyn FnMut(&str, &str) -> Result<f64, String> + 'a;

/// The breakdown of an L-FRESCO / FRESCO report. Field names (alphabetical) are those reports have always
/// used, so saved reports still open; counts added by metric version 2 read as 0 from older reports.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct FrescoDetails {
    /// Every authority either text cites, with the name readers see (the claims carry keys).
    #[serde(default)]
    pub authorities: Vec<Authority>,
    pub candidate_claims: Vec<AttributedClaim>,
    /// Similarities that failed (unjudged pairs of texts).
    #[serde(default)]
    pub failed_pairs: usize,
    /// Authorities only the candidate cites (possibly hallucinated), by name.
    pub hallucinated_authorities: Vec<String>,
    /// Similarities computed (distinct pairs of texts).
    #[serde(default)]
    pub judged_pairs: usize,
    /// Citations neither text resolves, left out of the pairs and of citation recall and precision.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_out: Vec<left_out::LeftOutCitation>,
    /// The LLM judge's endpoint and model, when it was the similarity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm: Option<JudgeSettings>,
    /// Every prompt and raw answer of the LLM judge, when it was the similarity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm_exchanges: Option<Vec<Exchange>>,
    /// Generalized FRESCO: the similarity matrix of the cited claims and the chosen matching.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matrix: Option<ClaimMatrix>,
    /// Authorities only the reference cites, by name.
    pub missing_authorities: Vec<String>,
    pub pairs: Vec<FrescoPair>,
    pub reference_claims: Vec<AttributedClaim>,
    pub similarity_errors: Vec<String>,
    #[serde(default)]
    pub unjudged_reference_pairs: usize,
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
    /// False when a failed similarity left the pair undecided (not counted in the headline). Reports made
    /// before metric version 2 counted every pair.
    #[serde(default = "crate::judged::judged_before_version_2")]
    pub judged: bool,
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
    /// C-SIM of the citations, when the matching was on citations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub c_sim: Option<Vec<Vec<f64>>>,
    pub candidate_claims: Vec<usize>,
    /// What the matching maximised.
    #[serde(default = "metric_version_1_match")]
    pub match_on: GeneralizedMatch,
    pub reference_claims: Vec<usize>,
    /// The claim similarity; null where it was not computed (matching on citations computes it for the
    /// matched pairs only) or failed.
    pub similarity: Vec<Vec<Option<f64>>>,
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
/// is recorded once, naming the first claims it concerned, and counted as a failed judgement.
struct Similarities<'s, 'a, 'c> {
    similarity: &'s mut ClaimSimilarity<'a>,
    reference: &'c [AttributedClaim],
    candidate: &'c [AttributedClaim],
    reference_text: Vec<usize>,
    candidate_text: Vec<usize>,
    values: HashMap<(usize, usize), Option<f64>>,
    errors: Vec<String>,
    judgements: Judgements,
}

impl Similarities<'_, '_, '_> {
    fn get(&mut self, r: usize, c: usize) -> Option<f64> {
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

/// The distinct (reference text, candidate text) pairs [`score`] compares with these settings, in a stable
/// order: what to ask an LLM judge before scoring. Matching on citations compares the matched pairs only.
pub fn compared_text_pairs<'c>(
    reference: &'c [AttributedClaim],
    candidate: &'c [AttributedClaim],
    settings: &FrescoSettings,
) -> Vec<(&'c str, &'c str)> {
    let mut pairs: BTreeSet<(&str, &str)> = BTreeSet::new();
    if settings.generalized {
        let (cited_reference, cited_candidate) = (cited(reference), cited(candidate));
        if too_many_to_match(cited_reference.len(), cited_candidate.len()).is_none() {
            match settings.generalized_match {
                GeneralizedMatch::Citations => {
                    let (assignment, _) =
                        citation_matching(reference, candidate, &cited_reference, &cited_candidate);
                    for (i, j) in assignment {
                        let (r, c) = (cited_reference[i], cited_candidate[j]);
                        pairs.insert((&reference[r].text, &candidate[c].text));
                    }
                }
                GeneralizedMatch::Claims => {
                    for &r in &cited_reference {
                        for &c in &cited_candidate {
                            pairs.insert((&reference[r].text, &candidate[c].text));
                        }
                    }
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
/// L-FRESCO and by FRESCO's |R|. `authority_names` names the claims' authority keys for readers (the report
/// lists it; a key it does not name is shown as itself).
pub fn score(
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
    authority_names: &[Authority],
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
        judgements: Judgements::new(settings.similarity.id()),
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
    let (tally, pairs, matrix) = if settings.generalized {
        generalized(reference, candidate, settings, &mut similarities)
    } else {
        shared_authority(
            reference,
            candidate,
            settings.threshold,
            distinct_reference_texts,
            &mut similarities,
        )
    };
    // The headline score is named after the metric ("l-fresco" or "fresco"), over the decided pairs only.
    let judgements = &similarities.judgements;
    report.scores.push(judgements.score(
        &report.metric,
        tally.supported as f64 / tally.decided as f64,
        Coverage {
            decided: tally.decided,
            total: pairs.len(),
            items: "reference pairs",
        },
        &tally.empty_reason,
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
    let names = |set: BTreeSet<&&str>| {
        set.into_iter()
            .map(|key| name_of(authority_names, key).to_string())
            .collect()
    };
    report.details = FrescoDetails {
        authorities: authority_names.to_vec(),
        candidate_claims: candidate.to_vec(),
        failed_pairs: judgements.failed,
        hallucinated_authorities: names(
            candidate_authorities
                .difference(&reference_authorities)
                .collect(),
        ),
        judged_pairs: judgements.judged,
        left_out: Vec::new(),
        llm: None,
        llm_exchanges: None,
        matrix,
        missing_authorities: names(
            reference_authorities
                .difference(&candidate_authorities)
                .collect(),
        ),
        unjudged_reference_pairs: pairs.len() - tally.decided,
        unmatched_reference_pairs: pairs.iter().filter(|p| !p.supported).count(),
        pairs,
        reference_claims: reference.to_vec(),
        similarity_errors: similarities.errors,
    };
    report
}

/// The headline's counts: reference pairs supported and decided (not left open by a failed similarity), and
/// why there is no score when there are no reference pairs.
struct Tally {
    supported: usize,
    decided: usize,
    empty_reason: String,
}

/// The tally, one row per reference pair, and (generalized FRESCO) the matrix.
type Outcome = (Tally, Vec<FrescoPair>, Option<ClaimMatrix>);

/// The best candidate of one reference text for one authority: (claim index, similarity), how many
/// candidates were compared and how many of their similarities failed.
struct Best {
    candidate: Option<(usize, f64)>,
    compared: usize,
    failures: usize,
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
    let (mut supported_count, mut decided_count) = (0usize, 0usize);
    for (r, claim) in reference.iter().enumerate() {
        for authority in &claim.authorities {
            let key = (authority.as_str(), similarities.reference_text[r]);
            let Best {
                candidate: best,
                compared,
                failures,
            } = *searched.entry(key).or_insert_with(|| {
                let compared = candidates
                    .get(authority.as_str())
                    .map_or(&[][..], Vec::as_slice);
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

fn generalized(
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
    let matched: BTreeMap<usize, usize> = assignment.iter().copied().collect();
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
            let supported = value >= threshold;
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

/// The matching on C-SIM + ε·ROUGE-1 (see the module comment) and the C-SIM matrix, cited claims only.
fn citation_matching(
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
    cited_reference: &[usize],
    cited_candidate: &[usize],
) -> (Vec<(usize, usize)>, Vec<Vec<f64>>) {
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
    let weights: Vec<Vec<f64>> = cited_reference
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
    (max_weight_assignment(&weights), c_sim)
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
            authorities: AuthorityScope::All,
            similarity: Similarity::RougeL,
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
            &[],
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
            let report = score(
                &reference,
                &reference,
                &[],
                &settings(generalized),
                &mut rouge_l,
            );
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
        let report = score(&reference, &candidate, &[], &settings(false), &mut rouge_l);
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
        let claims_match = FrescoSettings {
            generalized_match: GeneralizedMatch::Claims,
            ..settings(true)
        };
        let report = score(&reference, &candidate, &[], &claims_match, &mut rouge_l);
        assert_eq!(report.score(&report.metric), Some(1.0));
        assert_eq!(report.details.pairs[0].best_candidate, Some(1));
        let matrix = report.details.matrix.as_ref().unwrap();
        assert_eq!(matrix.assignment, [(0, 1), (1, 0)]);
        assert_eq!(matrix.candidate_claims, [0, 1]);
        let l_fresco = score(&reference, &candidate, &[], &settings(false), &mut rouge_l);
        assert_eq!(l_fresco.score(&l_fresco.metric), Some(0.0));
    }

    #[test]
    fn degenerate_inputs_give_null_with_reasons_and_errors_are_kept() {
        let report = score(&[], &[], &[], &settings(false), &mut rouge_l);
        assert_eq!(report.score("l-fresco"), None);
        assert!(report.scores.iter().all(|s| s.null_reason.is_some()));
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
        let paper = score(&reference, &swapped, &[], &settings(true), &mut rouge_l);
        assert_eq!(paper.score("fresco"), Some(0.0));
        let matrix = paper.details.matrix.as_ref().unwrap();
        assert_eq!(matrix.assignment, [(0, 1), (1, 0)]);
        assert_eq!(matrix.c_sim.as_ref().unwrap()[0][1], 1.0);
        assert_eq!(matrix.match_on, GeneralizedMatch::Citations);
        let claims_match = FrescoSettings {
            generalized_match: GeneralizedMatch::Claims,
            ..settings(true)
        };
        let version_1 = score(&reference, &swapped, &[], &claims_match, &mut rouge_l);
        assert_eq!(version_1.score("fresco"), Some(1.0));
        // Correct citations score 1 either way; only matched pairs are compared.
        let same = score(&reference, &reference, &[], &settings(true), &mut rouge_l);
        assert_eq!(same.score("fresco"), Some(1.0));
        assert_eq!(same.details.judged_pairs, 2);
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
        let report = score(&reference, &reversed, &[], &settings(true), &mut rouge_l);
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
    fn a_failed_similarity_is_unjudged_never_zero() {
        let reference = claims(KAYES_REFERENCE);
        let mut failing = |_: &str, _: &str| Err::<f64, String>("endpoint timed out".into());
        for generalized in [false, true] {
            let report = score(
                &reference,
                &reference,
                &[],
                &settings(generalized),
                &mut failing,
            );
            let headline = &report.scores[0];
            assert_eq!(headline.value, None);
            assert_eq!(
                headline.null_reason.as_deref(),
                Some("every rougeL judgement failed: endpoint timed out")
            );
            assert_eq!(report.details.failed_pairs, 1);
            assert_eq!(report.details.judged_pairs, 0);
            assert_eq!(
                report.details.similarity_errors,
                ["reference claim 0 vs candidate claim 0: endpoint timed out"]
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
        let report = score(&both, &both, &[], &settings(false), &mut judge);
        let headline = &report.scores[0];
        assert_eq!(headline.value, Some(1.0));
        assert_eq!(
            headline.note.as_deref(),
            Some("over 1 of 2 reference pairs: 1 rougeL judgement failed (first: the answer has no final Yes or No)")
        );
        assert_eq!(report.details.unjudged_reference_pairs, 1);
        assert!(!report.details.pairs[1].judged);
    }

    #[test]
    fn candidate_order_does_not_change_the_score() {
        let reference = claims(KAYES_REFERENCE);
        let mut candidate = claims(&format!(
            "{KAYES_REFERENCE} Officers are liable. See 12 F.3d 34 (1994)."
        ));
        let forward =
            score(&reference, &candidate, &[], &settings(false), &mut rouge_l).score("l-fresco");
        candidate.reverse();
        assert_eq!(
            score(&reference, &candidate, &[], &settings(false), &mut rouge_l).score("l-fresco"),
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
        let report = score(&many, &many, &[], &settings(false), &mut counting);
        assert_eq!(calls, 4);
        assert_eq!(report.score("l-fresco"), Some(1.0));
        assert_eq!(report.details.pairs.len(), 600);
        assert!(report.details.pairs.iter().all(|p| p.compared == Some(600)));
        let pairs = compared_text_pairs(&many, &many, &settings(false));
        assert_eq!(pairs.len(), 4);
    }

    #[test]
    fn generalized_fresco_refuses_more_claims_than_it_can_match() {
        let many: Vec<AttributedClaim> = (0..=MAX_MATCHED_CLAIMS)
            .map(|i| claim(&format!("claim {i}"), &["A"]))
            .collect();
        let report = score(&many, &many[..1], &[], &settings(true), &mut rouge_l);
        assert_eq!(report.score("fresco"), None);
        assert!(report.scores[0]
            .null_reason
            .as_deref()
            .unwrap()
            .contains("generalized FRESCO matches at most"));
        assert!(compared_text_pairs(&many, &many, &settings(true)).is_empty());
    }
}
