//! The page's brief and summary checks as plain functions over serialisable inputs and outputs, so the page
//! can run them in its score worker (off the main thread) and they are tested natively. With a ROUGE
//! similarity the check is complete here; for embedding or LLM similarity the caller scores the returned
//! claims or points itself.

use crate::citations::{claims_with, extract};
use crate::claims::AttributedClaim;
use crate::fresco::{self, FrescoSettings};
use crate::pointwise::{self, PointwiseSettings};
use crate::report::{Score, ScoreReport};
use crate::rouge::{PairwiseF1, RougeOptions, RougeScorer, RougeType};
use serde::{Deserialize, Serialize};

/// Above this many reference × candidate tokens ROUGE-Lsum (one LCS table per sentence pair, as
/// rouge-score computes it) is skipped with a reason: it would take minutes.
pub const LSUM_MAX_TOKEN_PAIRS: usize = 400_000_000;
/// Above this many points on either side pointwise matching is skipped with a reason (the similarity
/// matrix and the assignment grow with the product of the counts).
pub const MAX_POINTS: usize = 2_000;

/// A highlighted stretch of a text, in character (Unicode scalar) offsets, end exclusive.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
    pub kind: SpanKind,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SpanKind {
    /// A citation; `authority` is the key shared by parallel cites and short forms of one case.
    Citation { authority: String },
    /// A claim (underlined); `index` numbers claims in reading order.
    Claim { index: usize },
    /// A U-Score cue phrase; `dimension` is the U-Score component it counts towards.
    Cue { dimension: String },
}

/// One check to run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "check", rename_all = "lowercase")]
pub enum CheckJob {
    Brief {
        reference: String,
        candidate: String,
        settings: FrescoSettings,
    },
    Summary {
        reference: String,
        candidate: String,
        settings: PointwiseSettings,
    },
}

/// What a check found: both texts annotated, their claims (brief) or points (summary), the metric's report
/// when the similarity is ROUGE (`None` otherwise: the caller scores `reference`/`candidate`), and ROUGE
/// between the whole texts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Checked<Unit> {
    pub reference_spans: Vec<Span>,
    pub candidate_spans: Vec<Span>,
    pub reference: Vec<Unit>,
    pub candidate: Vec<Unit>,
    pub scored: Option<ScoreReport>,
    pub rouge: ScoreReport,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "check", rename_all = "lowercase")]
pub enum CheckResult {
    Brief(Checked<AttributedClaim>),
    Summary(Checked<String>),
}

impl CheckJob {
    /// The reference and generated texts.
    pub fn texts(&self) -> (&str, &str) {
        match self {
            CheckJob::Brief {
                reference,
                candidate,
                ..
            }
            | CheckJob::Summary {
                reference,
                candidate,
                ..
            } => (reference, candidate),
        }
    }
}

impl CheckResult {
    pub fn into_brief(self) -> Option<Checked<AttributedClaim>> {
        match self {
            CheckResult::Brief(checked) => Some(checked),
            CheckResult::Summary(_) => None,
        }
    }

    pub fn into_summary(self) -> Option<Checked<String>> {
        match self {
            CheckResult::Summary(checked) => Some(checked),
            CheckResult::Brief(_) => None,
        }
    }
}

pub fn run(job: &CheckJob) -> CheckResult {
    match job {
        CheckJob::Brief {
            reference,
            candidate,
            settings,
        } => CheckResult::Brief(brief(reference, candidate, settings)),
        CheckJob::Summary {
            reference,
            candidate,
            settings,
        } => CheckResult::Summary(summary(reference, candidate, settings)),
    }
}

/// A text's claims (the brief check's units) and its citations (coloured by authority) and claims
/// (underlined), in reading order.
fn claims_and_spans(text: &str) -> (Vec<AttributedClaim>, Vec<Span>) {
    let citations = extract(text);
    let claims = claims_with(text, &citations);
    let mut spans: Vec<Span> = claims
        .iter()
        .enumerate()
        .filter(|(_, claim)| claim.end > claim.start)
        .map(|(index, claim)| Span {
            start: claim.start,
            end: claim.end,
            kind: SpanKind::Claim { index },
        })
        .collect();
    spans.extend(citations.into_iter().map(|citation| Span {
        start: citation.start,
        end: citation.end,
        kind: SpanKind::Citation {
            authority: citation.authority,
        },
    }));
    spans.sort_by_key(|span| (span.start, std::cmp::Reverse(span.end)));
    (claims, spans)
}

/// Brief check: L-FRESCO / FRESCO over the claims, and ROUGE-1/2/L between the whole texts.
pub fn brief(
    reference: &str,
    candidate: &str,
    settings: &FrescoSettings,
) -> Checked<AttributedClaim> {
    let (reference_claims, reference_spans) = claims_and_spans(reference);
    let (candidate_claims, candidate_spans) = claims_and_spans(candidate);
    let scored = RougeType::from_name(&settings.similarity).ok().map(|kind| {
        let mut pairwise = PairwiseF1::new(kind, true);
        let mut similarity = |a: &str, b: &str| Ok(pairwise.f1(a, b));
        fresco::score(
            &reference_claims,
            &candidate_claims,
            settings,
            &mut similarity,
        )
    });
    Checked {
        reference_spans,
        candidate_spans,
        reference: reference_claims,
        candidate: candidate_claims,
        scored,
        rouge: whole_text_rouge(
            reference,
            candidate,
            &[RougeType::N(1), RougeType::N(2), RougeType::L],
        ),
    }
}

/// Summary check: pointwise recall and precision over the points, and ROUGE-1/2/Lsum between the texts.
pub fn summary(reference: &str, candidate: &str, settings: &PointwiseSettings) -> Checked<String> {
    let (reference_points, candidate_points) =
        (pointwise::points(reference), pointwise::points(candidate));
    let scored = RougeType::from_name(&settings.similarity).ok().map(|kind| {
        if let Some(reason) = too_many_points(reference_points.len(), candidate_points.len()) {
            return pointwise::skipped(settings, &reason);
        }
        let matrix = PairwiseF1::new(kind, true).matrix(&reference_points, &candidate_points);
        pointwise::score(
            reference,
            &reference_points,
            &candidate_points,
            &matrix,
            settings,
        )
    });
    Checked {
        reference_spans: claims_and_spans(reference).1,
        candidate_spans: claims_and_spans(candidate).1,
        reference: reference_points,
        candidate: candidate_points,
        scored,
        rouge: whole_text_rouge(
            reference,
            candidate,
            &[RougeType::N(1), RougeType::N(2), RougeType::LSum],
        ),
    }
}

/// Why pointwise matching is not attempted for these point counts, if it is not.
pub fn too_many_points(reference: usize, candidate: usize) -> Option<String> {
    (reference.max(candidate) > MAX_POINTS).then(|| {
        format!(
            "{reference} reference and {candidate} generated points: pointwise matching handles at most \
             {MAX_POINTS} points per side — score the summaries section by section"
        )
    })
}

/// ROUGE (stemmed) between the whole texts; ROUGE-Lsum null with a reason when the texts are too long.
fn whole_text_rouge(reference: &str, candidate: &str, types: &[RougeType]) -> ScoreReport {
    let options = RougeOptions {
        stem: true,
        ..RougeOptions::default()
    };
    let token_pairs = options
        .tokenize(reference)
        .len()
        .saturating_mul(options.tokenize(candidate).len());
    let skip_lsum = token_pairs > LSUM_MAX_TOKEN_PAIRS;
    let computed: Vec<RougeType> = types
        .iter()
        .copied()
        .filter(|&kind| !(skip_lsum && kind == RougeType::LSum))
        .collect();
    let mut report = RougeScorer::new(&computed, options).score_report(&[reference], candidate);
    if skip_lsum && types.contains(&RougeType::LSum) {
        report.scores.push(Score::null(
            RougeType::LSum.name(),
            "the texts are too long for ROUGE-Lsum, which compares every pair of sentences",
        ));
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::citations::claims;

    const REFERENCE: &str =
        "The court held the contract void. Kayes v. Pacific Lumber Co., 51 F.3d 1449 \
                             (9th Cir. 1995). The claim was time-barred.";
    const CANDIDATE: &str =
        "The contract was void, as the court held. Kayes v. Pacific Lumber Co., 51 F.3d \
                             1449 (9th Cir. 1995).";

    fn rouge_l() -> FrescoSettings {
        FrescoSettings {
            similarity: "rougeL".into(),
            threshold: 0.5,
            generalized: false,
            generalized_match: Default::default(),
        }
    }

    #[test]
    fn brief_with_rouge_equals_the_metric_called_directly() {
        let checked = brief(REFERENCE, CANDIDATE, &rouge_l());
        let mut similarity = |a: &str, b: &str| Ok(crate::rouge::f1(RougeType::L, a, b, true));
        let direct = fresco::score(
            &claims(REFERENCE),
            &claims(CANDIDATE),
            &rouge_l(),
            &mut similarity,
        );
        assert_eq!(checked.scored, Some(direct));
        assert_eq!(checked.reference, claims(REFERENCE));
        let names: Vec<_> = checked
            .rouge
            .scores
            .iter()
            .map(|s| s.name.as_str())
            .collect();
        assert_eq!(names, ["rouge1", "rouge2", "rougeL"]);
        let authorities: Vec<_> = checked
            .reference_spans
            .iter()
            .filter_map(|s| match &s.kind {
                SpanKind::Citation { authority } => Some(authority.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(authorities.len(), 1);
    }

    #[test]
    fn model_similarities_leave_scoring_to_the_caller() {
        let settings = FrescoSettings {
            similarity: "embedding".into(),
            ..rouge_l()
        };
        let checked = brief(REFERENCE, CANDIDATE, &settings);
        assert_eq!(checked.scored, None);
        assert_eq!(checked.candidate, claims(CANDIDATE));
    }

    #[test]
    fn a_job_survives_json_and_runs_the_same() {
        let job = CheckJob::Summary {
            reference: REFERENCE.into(),
            candidate: CANDIDATE.into(),
            settings: PointwiseSettings::default(),
        };
        let json = serde_json::to_string(&job).unwrap();
        let back: CheckJob = serde_json::from_str(&json).unwrap();
        let result = run(&back);
        let again: CheckResult =
            serde_json::from_str(&serde_json::to_string(&result).unwrap()).unwrap();
        assert_eq!(again, run(&job));
        let CheckResult::Summary(checked) = result else {
            panic!("a summary job gives a summary result");
        };
        assert_eq!(checked.reference.len(), 3);
        let recall = checked.scored.unwrap().score("pointwise_recall");
        assert!(recall.is_some_and(|r| r > 0.0 && r <= 1.0));
    }

    #[test]
    fn oversized_inputs_get_reasons_instead_of_minutes() {
        let sentence = "The court held that the clause was void. ";
        let long = sentence.repeat(MAX_POINTS + 1);
        let checked = summary(&long, sentence, &PointwiseSettings::default());
        let scored = checked.scored.unwrap();
        let recall = scored
            .scores
            .iter()
            .find(|s| s.name == "pointwise_recall")
            .unwrap();
        assert_eq!(recall.value, None);
        assert!(recall
            .null_reason
            .as_ref()
            .unwrap()
            .contains("at most 2000 points"));

        let words = "word ".repeat(25_000);
        let report = whole_text_rouge(&words, &words, &[RougeType::N(1), RougeType::LSum]);
        let lsum = report
            .scores
            .iter()
            .find(|s| s.name == "rougeLsum")
            .unwrap();
        assert_eq!(lsum.value, None);
        assert_eq!(report.score("rouge1"), Some(1.0));
    }
}
