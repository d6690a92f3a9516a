//! The one entry point, [`score`]: the (claim, authority) pairs of both briefs, the similarities compared
//! once per distinct text pair, and the headline over the decided reference pairs.

use super::claim_pairs::{
    authorities, cited, citing, has_text, number_texts, too_many_to_match, ClaimSimilarity,
    Similarities,
};
use super::details::{FrescoDetails, WithoutClaim};
use super::generalized::{citation_matching, generalized};
use super::left_out::Text;
use super::settings::{FrescoSettings, GeneralizedMatch};
use super::shared_authority::shared_authority;
use super::METRIC_VERSION;
use crate::authorities::{name_of, Authority};
use crate::authority_key::AuthorityKey;
use crate::claims::AttributedClaim;
use crate::judged::{Coverage, Judgements, Share};
use crate::report::{Score, ScoreReport};
use std::collections::{btree_set, BTreeSet, HashMap};

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
            let reference_texts =
                crate::sorted::set(references.iter().map(|&r| reference[r].text.as_str()));
            let candidate_texts = crate::sorted::set(
                candidates
                    .get(authority)
                    .into_iter()
                    .flatten()
                    .map(|&c| candidate[c].text.as_str()),
            );
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
    report.scores.push(judgements.share_score(
        &report.metric,
        Share {
            hits: tally.supported as f64,
            decided: tally.decided as f64,
            total: pairs.len() as f64,
        },
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
    // The authorities both texts cite, of those one side cites; null when that side cites none.
    let share_of = |name: &str, cited: &BTreeSet<&AuthorityKey>, none: &str| {
        if cited.is_empty() {
            Score::null(name, none)
        } else {
            Score::new(name, shared as f64 / cited.len() as f64)
        }
    };
    report.scores.push(share_of(
        "citation_recall",
        &reference_authorities,
        "the reference cites no authority",
    ));
    report.scores.push(share_of(
        "citation_precision",
        &candidate_authorities,
        "the candidate cites no authority",
    ));
    // A difference of two sets is sorted and distinct already.
    let names = |keys: btree_set::Difference<&AuthorityKey>| {
        keys.map(|key| name_of(authority_names, key).to_string())
            .collect()
    };
    report.details = FrescoDetails {
        authorities: authority_names.to_vec(),
        candidate_claims: candidate.to_vec(),
        failed_pairs: judgements.failed,
        hallucinated_authorities: names(candidate_authorities.difference(&reference_authorities)),
        integrity: Vec::new(),
        judged_pairs: judgements.judged,
        left_out: Vec::new(),
        llm: None,
        llm_exchanges: None,
        matrix,
        missing_authorities: names(reference_authorities.difference(&candidate_authorities)),
        unjudged_reference_pairs: pairs.len() - tally.decided,
        unmatched_reference_pairs: pairs.iter().filter(|p| !p.supported).count(),
        pairs,
        reference_claims: reference.to_vec(),
        similarity_errors: similarities.errors,
        without_claim: without_claim(reference, candidate),
    };
    note_without_claim(&mut report);
    report
}

/// The authorities of the claims without text, reference first.
fn without_claim(
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
) -> Vec<WithoutClaim> {
    [(Text::Reference, reference), (Text::Candidate, candidate)]
        .into_iter()
        .flat_map(|(text, claims)| {
            claims
                .iter()
                .enumerate()
                .filter(|(_, claim)| !has_text(claim))
                .flat_map(move |(index, claim)| {
                    claim.authorities.iter().map(move |authority| WithoutClaim {
                        text,
                        claim: index,
                        authority: authority.clone(),
                    })
                })
        })
        .collect()
}

/// Says on the headline how many cited authorities made no pair for want of a claim.
fn note_without_claim(report: &mut ScoreReport<FrescoDetails>) {
    let left = &report.details.without_claim;
    if left.is_empty() {
        return;
    }
    let count = |text: Text| left.iter().filter(|w| w.text == text).count();
    let note = format!(
        "{} citation{} with no claim in the text left out of the pairs ({} in the reference, {} in the \
         candidate; a citation sentence opens the text): see without_claim",
        left.len(),
        if left.len() == 1 { "" } else { "s" },
        count(Text::Reference),
        count(Text::Candidate)
    );
    // On the headline whether or not it has a value: either way the reader sees the count.
    if let Some(headline) = report.scores.first_mut() {
        headline.tell(&note);
    }
}
