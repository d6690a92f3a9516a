//! What the check views draw, read from the typed reports of a finished check: score cards, the pairs
//! table, the similarity matrix, the authority gaps and the LLM's exchanges.

use lexeval_core::authorities::{self, AuthorityKind};
use lexeval_core::authority_key::AuthorityKey;
use lexeval_core::benchmark::BenchmarkReport;
use lexeval_core::fresco::{FrescoDetails, GeneralizedMatch};
use lexeval_core::integrity::{self, QuoteChange};
use lexeval_core::judge::Exchange;
use lexeval_core::pipeline::{CheckReport, MetricReport};
use lexeval_core::pointwise::{PointwiseDetails, ScoredPoints};
use lexeval_core::report::{Score, ScoreReport};
use lexeval_core::similarity::{reaches_threshold, Similarity};
use std::collections::HashMap;

/// One compared pair of the claim table.
#[derive(Debug, Clone, PartialEq)]
pub struct PairRow {
    pub reference_claim: String,
    pub candidate_claim: Option<String>,
    pub authority: String,
    pub similarity: Option<f64>,
    pub verdict: Verdict,
    /// A matched pair whose generated claim quotes its authority otherwise than the reference: how
    /// (`integrity::differing_quotation`).
    pub quotation: Option<QuoteChange>,
    /// Where the pair sits in the texts, to highlight it there.
    pub link: PairLink,
}

/// A pair's claims (indices of the texts' claim spans) and the authority they share: what selecting the
/// pair highlights in the annotated texts. Summary points are not claim spans: their rows link nothing.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PairLink {
    pub reference_claim: Option<usize>,
    pub candidate_claim: Option<usize>,
    pub authority: Option<AuthorityKey>,
}

/// The outcome of one row, one word for each case, so a row never reads two ways at once.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Verdict {
    Match,
    /// A summary point whose matches all went to other points, with the partial credit it earns.
    Partial(f64),
    NoMatch,
    /// A failed similarity left the pair undecided; not counted in the score.
    NotJudged,
}

impl Verdict {
    pub fn label(self) -> String {
        match self {
            Verdict::Match => "✓ match".into(),
            Verdict::Partial(credit) => {
                format!("◐ partial credit {credit}: its matches went to other points")
            }
            Verdict::NoMatch => "✗ no match".into(),
            Verdict::NotJudged => "? not judged (similarity failed)".into(),
        }
    }
}

/// A similarity matrix (reference claims × candidate claims) with the chosen assignment.
#[derive(Debug, Clone, PartialEq)]
pub struct Matrix {
    pub row_labels: Vec<String>,
    pub col_labels: Vec<String>,
    pub values: Vec<Vec<f64>>,
    /// (row, column) pairs chosen by the matching.
    pub assignment: Vec<(usize, usize)>,
    /// What rows and columns are.
    pub units: Units,
}

/// What a check compares: the claims of a brief or the points of a summary.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Units {
    Claims,
    Points,
}

impl Units {
    /// The singular noun, for captions ("claim", "point").
    pub fn noun(self) -> &'static str {
        match self {
            Units::Claims => "claim",
            Units::Points => "point",
        }
    }
}

/// Every score card: the metric's, whole-text ROUGE, and the whole-text cosine (or why it is missing).
pub fn scores(report: &CheckReport) -> Vec<Score> {
    let cosine = report.cosine.as_ref().map_or_else(
        || {
            vec![Score::null(
                "embedding_cosine",
                "choose embedding cosine as the similarity to compute it (loads the model once)",
            )]
        },
        |cosine| cosine.scores.clone(),
    );
    let mut scores = report.metric.scores().to_vec();
    scores.extend(report.rouge.scores.iter().cloned());
    scores.extend(cosine);
    scores
}

/// The pointwise details, when the points were scored.
fn scored_points(report: &ScoreReport<PointwiseDetails>) -> Option<&ScoredPoints> {
    match &report.details {
        PointwiseDetails::Scored(details) => Some(details),
        PointwiseDetails::Skipped { .. } => None,
    }
}

/// How two claims or points matched when a check was scored (the settings may have changed since): by the
/// LLM judge's Yes, or by a similarity at or above a threshold.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MatchRule {
    pub similarity: Similarity,
    /// `None` under the LLM judge, which answers Yes or No.
    pub threshold: Option<f64>,
}

impl MatchRule {
    /// "similarity ≥ 0.40", for the table's caption.
    pub fn text(&self) -> String {
        match self.threshold {
            None => "the LLM judge answers Yes".to_string(),
            Some(threshold) => format!("similarity ≥ {threshold:.2}"),
        }
    }

    /// What the numbers were scored with, for a printout (which has no settings panel).
    pub fn scored_with(&self) -> String {
        format!(
            "Scored with {}; a pair matches when {}.",
            self.similarity.label(),
            self.text()
        )
    }

    /// A pair's similarity as shown beside its verdict: three decimals, or as many more as it takes for
    /// the number shown to fall on the verdict's side of the threshold (0.39990 below 0.40 shows 0.3999,
    /// never 0.400 beside "no match").
    pub fn similarity_text(&self, similarity: f64) -> String {
        let Some(threshold) = self.threshold else {
            return format!("{similarity:.3}");
        };
        let matches = reaches_threshold(similarity, threshold);
        (3..=9)
            .map(|decimals| format!("{similarity:.decimals$}"))
            .find(|shown| {
                shown
                    .parse::<f64>()
                    .is_ok_and(|shown| reaches_threshold(shown, threshold) == matches)
            })
            .unwrap_or_else(|| similarity.to_string())
    }
}

/// The comparison table: for a brief check one row per reference (claim, authority) pair, for a summary
/// check one row per reference point (its A.3 weight in the authority column).
pub fn pairs(metric: &MetricReport) -> Vec<PairRow> {
    match metric {
        MetricReport::Fresco(report) => claim_rows(&report.details),
        MetricReport::Pointwise(report) => scored_points(report).map_or_else(Vec::new, point_rows),
    }
}

fn claim_rows(details: &FrescoDetails) -> Vec<PairRow> {
    let text = |claims: &[lexeval_core::claims::AttributedClaim], index: Option<usize>| {
        claims.get(index?).map(|claim| claim.text.clone())
    };
    // Generalized FRESCO pairs claims by a matching, not by one shared authority.
    let paired_by = match details.matrix.as_ref().map(|m| m.match_on) {
        Some(GeneralizedMatch::Claims) => "(paired by claim similarity)",
        _ => "(paired by citation similarity)",
    };
    details
        .pairs
        .iter()
        .map(|pair| PairRow {
            reference_claim: text(&details.reference_claims, Some(pair.reference))
                .unwrap_or_default(),
            // Without a candidate, the metric's reason (no claim cites the authority, none left to match).
            candidate_claim: text(&details.candidate_claims, pair.best_candidate)
                .or_else(|| Some(format!("({})", pair.reason))),
            authority: pair.authority.as_ref().map_or_else(
                || paired_by.into(),
                |key| authorities::name_of(&details.authorities, key).to_string(),
            ),
            similarity: pair.similarity,
            verdict: match (pair.judged, pair.supported) {
                (false, _) => Verdict::NotJudged,
                (true, true) => Verdict::Match,
                (true, false) => Verdict::NoMatch,
            },
            quotation: pair
                .best_candidate
                .filter(|_| pair.judged && pair.supported)
                .and_then(|c| details.candidate_claims.get(c))
                .and_then(|claim| integrity::differing_quotation(&details.integrity, claim)),
            link: claim_link(pair),
        })
        .collect()
}

/// The claims and authority a brief's pair row selects in the texts.
fn claim_link(pair: &lexeval_core::fresco::FrescoPair) -> PairLink {
    PairLink {
        reference_claim: Some(pair.reference),
        candidate_claim: pair.best_candidate,
        authority: pair.authority.clone(),
    }
}

/// What each row of [`pairs`] selects in the texts, without writing the rows out (a megabyte pair has
/// thousands): a summary's points select nothing.
pub fn pair_links(metric: &MetricReport) -> Vec<PairLink> {
    match metric {
        MetricReport::Fresco(report) => report.details.pairs.iter().map(claim_link).collect(),
        MetricReport::Pointwise(report) => scored_points(report).map_or_else(Vec::new, |details| {
            vec![PairLink::default(); details.reference_points.len()]
        }),
    }
}

fn point_rows(details: &ScoredPoints) -> Vec<PairRow> {
    let points = &details.reference_points;
    // Which reference point each generated point is assigned to (one to one), so an unassigned row that
    // shows its closest generated point can say where that point went instead of seeming to claim it.
    let assigned_to: HashMap<usize, usize> = points
        .iter()
        .enumerate()
        .filter_map(|(r, point)| point.assigned_candidate.map(|c| (c, r)))
        .collect();
    points
        .iter()
        .map(|point| PairRow {
            reference_claim: point.text.clone(),
            candidate_claim: Some(match point.closest_candidate {
                None => "(the generated summary has no points)".into(),
                Some(c) => {
                    let text = details.candidate_points.get(c).cloned().unwrap_or_default();
                    match (point.assigned_candidate, assigned_to.get(&c)) {
                        (Some(_), _) => text,
                        (None, Some(other)) => format!(
                            "{text} (the closest generated point, assigned to reference point {})",
                            other + 1
                        ),
                        (None, None) => format!("{text} (the closest generated point)"),
                    }
                }
            }),
            authority: format!("{:.3}", point.weight),
            similarity: point.similarity,
            verdict: if !point.judged {
                Verdict::NotJudged
            } else if point.credit >= 1.0 {
                Verdict::Match
            } else if point.credit > 0.0 {
                Verdict::Partial(point.credit)
            } else {
                Verdict::NoMatch
            },
            quotation: None,
            link: PairLink::default(),
        })
        .collect()
}

/// Authorities the two texts do not share, from a brief check: (cited only by the generated text —
/// possibly hallucinated —, cited by the reference but missing from the generated text).
pub fn authority_gaps(metric: &MetricReport) -> Option<(Vec<String>, Vec<String>)> {
    match metric {
        MetricReport::Fresco(report) => Some((
            report.details.hallucinated_authorities.clone(),
            report.details.missing_authorities.clone(),
        )),
        MetricReport::Pointwise(_) => None,
    }
}

/// A CaseFacts file that leaves gold claims without a prediction: how many of how many gold claims, and the
/// scores over the predicted claims alone (the headline scores count the missing ones as 0).
pub struct MissingPredictions {
    pub missing: usize,
    pub gold: usize,
    pub predicted_scores: Vec<Score>,
}

pub fn missing_predictions(report: &BenchmarkReport) -> Option<MissingPredictions> {
    let BenchmarkReport::CaseFacts(report) = report else {
        return None;
    };
    let predicted = report.details.predicted_only.as_ref()?;
    let score = |name: &str, value: Option<f64>| {
        value.map_or_else(
            || Score::null(name, "no predicted claims"),
            |v| Score::new(name, v),
        )
    };
    Some(MissingPredictions {
        missing: report.details.claims.len() - predicted.claims,
        gold: report.details.claims.len(),
        predicted_scores: vec![
            score("evidence_score", predicted.evidence_score),
            score("evidence_score_recall", predicted.evidence_score_recall),
            score("verdict_accuracy", predicted.verdict_accuracy),
            score("verdict_score", predicted.verdict_score),
            score("verdict_score_recall", predicted.verdict_score_recall),
        ],
    })
}

/// The generated points nothing in the reference supports (a summary check's; those a failed judgement left
/// open are not known to be unsupported and are not listed).
pub fn unsupported_points(metric: &MetricReport) -> Vec<String> {
    match metric {
        MetricReport::Pointwise(report) => scored_points(report).map_or_else(Vec::new, |details| {
            details
                .unsupported_candidate_points
                .iter()
                .map(|point| point.text.clone())
                .collect()
        }),
        MetricReport::Fresco(_) => Vec::new(),
    }
}

/// The similarity matrix and assignment behind a report: pointwise (reference × candidate points) or
/// generalized FRESCO (cited reference × cited candidate claims: C-SIM of their citations when the matching
/// was on citations), when the report kept it. Labels are the texts (cell tooltips).
pub fn matrix(metric: &MetricReport) -> Option<Matrix> {
    match metric {
        MetricReport::Fresco(report) => {
            let details = &report.details;
            let matrix = details.matrix.as_ref()?;
            let labels = |claims: &[lexeval_core::claims::AttributedClaim], indices: &[usize]| {
                indices
                    .iter()
                    .map(|&i| claims.get(i).map(|c| c.text.clone()).unwrap_or_default())
                    .collect()
            };
            Some(Matrix {
                row_labels: labels(&details.reference_claims, &matrix.reference_claims),
                col_labels: labels(&details.candidate_claims, &matrix.candidate_claims),
                // What the matching maximised: C-SIM of the citations (metric version 2's default), else
                // the claim similarity (a failed one drawn as 0).
                values: matrix.c_sim.clone().unwrap_or_else(|| {
                    matrix
                        .similarity
                        .iter()
                        .map(|row| row.iter().map(|v| v.unwrap_or(f64::NAN)).collect())
                        .collect()
                }),
                assignment: matrix.assignment.clone(),
                units: Units::Claims,
            })
        }
        MetricReport::Pointwise(report) => {
            let details = scored_points(report)?;
            Some(Matrix {
                row_labels: details
                    .reference_points
                    .iter()
                    .map(|p| p.text.clone())
                    .collect(),
                col_labels: details.candidate_points.clone(),
                values: details.similarity.clone()?,
                assignment: details.assignment.clone(),
                units: Units::Points,
            })
        }
    }
}

/// Every prompt sent to the LLM and its raw answer: the judge's, and the point extractions' (kept when a
/// failed extraction is why the summary was not scored).
pub fn exchanges(metric: &MetricReport) -> Vec<Exchange> {
    let exchanges = match metric {
        MetricReport::Fresco(report) => report.details.llm_exchanges.as_ref(),
        MetricReport::Pointwise(report) => match &report.details {
            PointwiseDetails::Scored(details) => details.llm_exchanges.as_ref(),
            PointwiseDetails::Skipped { llm_exchanges, .. } => llm_exchanges.as_ref(),
        },
    };
    exchanges.cloned().unwrap_or_default()
}

/// An authority chosen in the texts: its name, its kind in words and the table's pairs that share it.
#[derive(Debug, Clone, PartialEq)]
pub struct AuthorityInfo {
    pub name: String,
    pub kind: &'static str,
    pub pairs: Vec<PairRow>,
}

/// What the brief check knows of the authority `key` (a summary check has no authority table).
pub fn authority_info(metric: &MetricReport, key: &AuthorityKey) -> Option<AuthorityInfo> {
    let MetricReport::Fresco(report) = metric else {
        return None;
    };
    let details = &report.details;
    let found = authorities::find(&details.authorities, key);
    Some(AuthorityInfo {
        name: found.map_or_else(|| key.to_string(), |a| a.name.clone()),
        kind: match found.map(|a| a.kind) {
            Some(AuthorityKind::Case) => "case",
            Some(AuthorityKind::Statute) => "statute or court rule",
            Some(AuthorityKind::Secondary) => "secondary source (treatise, restatement or article)",
            Some(AuthorityKind::Unresolved) | None => {
                "short form that no full citation in either text explains"
            }
        },
        pairs: claim_rows(details)
            .into_iter()
            .filter(|row| row.link.authority.as_ref() == Some(key))
            .collect(),
    })
}
