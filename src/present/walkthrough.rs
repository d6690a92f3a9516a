//! A finished check told one step of the paper's procedure at a time, for a class: claims (or points)
//! found, authorities (or point weights), pairs, similarities, score. Read from the report the check
//! produced: nothing is scored again.

use crate::present::card_counts::counted;
use crate::present::report_view::MatchRule;
use lexeval_core::authorities;
use lexeval_core::authority_key::AuthorityKey;
use lexeval_core::claims::AttributedClaim;
use lexeval_core::fresco::FrescoDetails;
use lexeval_core::pipeline::{CheckReport, MetricReport};
use lexeval_core::pointwise::{PointwiseDetails, ScoredPoints};
use lexeval_core::report::Score;
use lexeval_core::similarity::reaches_threshold;
use std::collections::BTreeSet;

/// Items listed per step; a longer list ends with how many more there are.
const LISTED: usize = 12;

/// The procedure's steps, in order. Each names what it adds, which the page highlights.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKind {
    Claims,
    Authorities,
    Pairs,
    Similarities,
    Score,
}

impl StepKind {
    pub const ALL: [StepKind; 5] = [
        StepKind::Claims,
        StepKind::Authorities,
        StepKind::Pairs,
        StepKind::Similarities,
        StepKind::Score,
    ];

    /// CSS class of the check while this step is shown (`www/style.css` highlights what it adds).
    pub fn class(self) -> &'static str {
        match self {
            StepKind::Claims => "walk-claims",
            StepKind::Authorities => "walk-authorities",
            StepKind::Pairs => "walk-pairs",
            StepKind::Similarities => "walk-similarities",
            StepKind::Score => "walk-score",
        }
    }
}

/// One step as the page shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub kind: StepKind,
    pub title: &'static str,
    /// What the step does, in the paper's terms.
    pub explain: &'static str,
    /// The step's counts, one sentence.
    pub counts: String,
    /// What the step adds, one line each (at most `LISTED`).
    pub items: Vec<String>,
    /// Items not listed.
    pub more: usize,
}

impl Step {
    fn new(
        kind: StepKind,
        title: &'static str,
        explain: &'static str,
        counts: String,
        (all, total): (impl Iterator<Item = String>, usize),
    ) -> Step {
        // Only the listed items are written out: a megabyte pair has thousands of claims and pairs.
        Step {
            kind,
            title,
            explain,
            counts,
            items: all.take(LISTED).collect(),
            more: total.saturating_sub(LISTED),
        }
    }
}

/// The steps of a finished check, or none when its metric was not scored (a summary without points).
pub fn steps(report: &CheckReport, rule: &MatchRule) -> Vec<Step> {
    match &report.metric {
        MetricReport::Fresco(fresco) => brief_steps(&fresco.details, &fresco.scores, rule),
        MetricReport::Pointwise(pointwise) => match &pointwise.details {
            PointwiseDetails::Scored(details) => summary_steps(details, &pointwise.scores, rule),
            PointwiseDetails::Skipped { .. } => Vec::new(),
        },
    }
}

fn value(scores: &[Score], name: &str) -> String {
    scores
        .iter()
        .find(|s| s.name == name)
        .and_then(|s| s.value)
        .map_or_else(|| "—".to_string(), |v| format!("{v:.3}"))
}

/// "0.413 ≥ 0.40 (match)", "0.120 < 0.40", "Yes", "not judged".
fn compared(rule: &MatchRule, similarity: Option<f64>, judged: bool, matched: bool) -> String {
    match (judged, rule.threshold, similarity) {
        (false, ..) => "not judged (the similarity failed)".to_string(),
        (true, None, _) => if matched {
            "the judge says Yes"
        } else {
            "the judge says No"
        }
        .to_string(),
        (true, Some(threshold), Some(s)) => {
            let sign = if reaches_threshold(s, threshold) {
                "≥"
            } else {
                "<"
            };
            format!("{} {sign} {threshold:.2}", rule.similarity_text(s))
        }
        (true, Some(_), None) => "nothing to compare".to_string(),
    }
}

/// "R1: …" for each claim, numbered from 1 after `prefix`.
fn listed<'a>(prefix: &'a str, claims: &'a [AttributedClaim]) -> impl Iterator<Item = String> + 'a {
    claims
        .iter()
        .enumerate()
        .map(move |(i, c)| format!("{prefix}{}: {}", i + 1, c.text))
}

fn brief_steps(details: &FrescoDetails, scores: &[Score], rule: &MatchRule) -> Vec<Step> {
    let name = |key: &AuthorityKey| authorities::name_of(&details.authorities, key).to_string();
    let (reference, candidate) = (&details.reference_claims, &details.candidate_claims);
    let claims = Step::new(
        StepKind::Claims,
        "Claims found",
        "Each text is split into claims: a sentence and the citations that follow it.",
        format!(
            "{} (R) and {} (G).",
            counted(reference.len(), "reference claim", "reference claims"),
            counted(candidate.len(), "generated claim", "generated claims")
        ),
        (
            listed("R", reference).chain(listed("G", candidate)),
            reference.len() + candidate.len(),
        ),
    );

    let cited = |claims: &[AttributedClaim]| -> BTreeSet<AuthorityKey> {
        claims.iter().flat_map(|c| c.authorities.clone()).collect()
    };
    let (in_reference, in_candidate) = (cited(reference), cited(candidate));
    let every: BTreeSet<&AuthorityKey> = in_reference.iter().chain(&in_candidate).collect();
    let shared = in_reference.intersection(&in_candidate).count();
    let authorities = Step::new(
        StepKind::Authorities,
        "Authorities",
        "Each citation is resolved to its authority: parallel cites, short forms and Id. name the same case.",
        format!(
            "The reference cites {}, the generated text {}; {shared} {} cited by both.",
            counted(in_reference.len(), "authority", "authorities"),
            in_candidate.len(),
            if shared == 1 { "is" } else { "are" }
        ),
        (
            every.iter().map(|key| {
                let by = match (in_reference.contains(key), in_candidate.contains(key)) {
                    (true, true) => "cited by both",
                    (true, false) => "cited by the reference only",
                    _ => "cited by the generated text only",
                };
                format!("{}: {by}", name(key))
            }),
            every.len(),
        ),
    );

    let generalized = details.matrix.is_some();
    let with_candidate = details
        .pairs
        .iter()
        .filter(|p| p.best_candidate.is_some())
        .count();
    let pair_label = |p: &lexeval_core::fresco::FrescoPair| {
        let authority = p
            .authority
            .as_ref()
            .map_or_else(String::new, |key| format!(" + {}", name(key)));
        format!("R{}{authority}", p.reference + 1)
    };
    let pairs = Step::new(
        StepKind::Pairs,
        "Pairs",
        if generalized {
            "FRESCO pairs each cited reference claim with one generated claim by the best one-to-one \
             matching of their citations."
        } else {
            "L-FRESCO makes one pair per reference claim and authority it cites (|R|), and takes the \
             generated claims citing the same authority."
        },
        format!(
            "{}; {with_candidate} {} a generated claim to compare with.",
            counted(details.pairs.len(), "pair", "pairs"),
            if with_candidate == 1 { "has" } else { "have" }
        ),
        (
            details.pairs.iter().map(|p| match p.best_candidate {
                Some(c) => format!("{} → G{}", pair_label(p), c + 1),
                None => format!("{} → none ({})", pair_label(p), p.reason),
            }),
            details.pairs.len(),
        ),
    );

    let judged: Vec<_> = details.pairs.iter().filter(|p| p.judged).collect();
    let supported = judged.iter().filter(|p| p.supported).count();
    let similarities = Step::new(
        StepKind::Similarities,
        "Similarities",
        "Each pair's claims are compared (of the generated claims citing the authority, the most similar \
         one); a pair is supported when they are similar enough.",
        format!(
            "{supported} of {} supported (match when {}).",
            counted(judged.len(), "compared pair", "compared pairs"),
            rule.text()
        ),
        (
            details
                .pairs
                .iter()
                .filter(|p| p.best_candidate.is_some())
                .map(|p| {
                    format!(
                        "{} ↔ G{}: {}",
                        pair_label(p),
                        p.best_candidate.map_or(0, |c| c + 1),
                        compared(rule, p.similarity, p.judged, p.supported)
                    )
                }),
            with_candidate,
        ),
    );

    let headline = if generalized { "fresco" } else { "l-fresco" };
    let title = if generalized { "FRESCO" } else { "L-FRESCO" };
    let score = Step::new(
        StepKind::Score,
        "Score",
        "The score is the share of the pairs that are supported.",
        format!(
            "{title} = {supported} / {} = {}.",
            judged.len(),
            value(scores, headline)
        ),
        (std::iter::empty(), 0),
    );
    vec![claims, authorities, pairs, similarities, score]
}

fn summary_steps(details: &ScoredPoints, scores: &[Score], rule: &MatchRule) -> Vec<Step> {
    let points = &details.reference_points;
    let candidates = &details.candidate_points;
    let found = Step::new(
        StepKind::Claims,
        "Points found",
        "Each summary is split into points (sentences and list items, or the LLM's points).",
        format!(
            "{} (R) and {} (G).",
            counted(points.len(), "reference point", "reference points"),
            counted(candidates.len(), "generated point", "generated points")
        ),
        (
            points
                .iter()
                .enumerate()
                .map(|(i, p)| format!("R{}: {}", i + 1, p.text))
                .chain(
                    candidates
                        .iter()
                        .enumerate()
                        .map(|(i, p)| format!("G{}: {p}", i + 1)),
                ),
            points.len() + candidates.len(),
        ),
    );
    let total: f64 = points.iter().map(|p| p.weight).sum();
    let weights = Step::new(
        StepKind::Authorities,
        "Point weights (no authorities)",
        "A summary check pairs points by meaning, not by authority; each reference point weighs its share \
         of the summary's words (appendix A.3).",
        format!(
            "{}, weights summing to {total:.2}.",
            counted(points.len(), "reference point", "reference points")
        ),
        (
            points
                .iter()
                .enumerate()
                .map(|(i, p)| format!("R{}: weight {:.3}", i + 1, p.weight)),
            points.len(),
        ),
    );
    let pairs = Step::new(
        StepKind::Pairs,
        "Pairs",
        "Each reference point is paired with at most one generated point, and each generated point with at \
         most one reference point (the one-to-one assignment, appendix A.5).",
        format!(
            "{} of {} assigned a generated point.",
            details.assignment.len(),
            counted(points.len(), "reference point", "reference points")
        ),
        (
            points
                .iter()
                .enumerate()
                .map(|(i, p)| match p.assigned_candidate {
                    Some(c) => format!("R{} → G{}", i + 1, c + 1),
                    None => format!("R{} → none", i + 1),
                }),
            points.len(),
        ),
    );
    let covered = points
        .iter()
        .filter(|p| p.judged && p.credit >= 1.0)
        .count();
    let similarities = Step::new(
        StepKind::Similarities,
        "Similarities",
        "Each reference point is compared with its closest generated point; it is covered when they are \
         similar enough.",
        format!(
            "{covered} of {} covered (match when {}).",
            counted(points.len(), "reference point", "reference points"),
            rule.text()
        ),
        (
            points.iter().enumerate().filter_map(|(i, p)| {
                let c = p.closest_candidate?;
                Some(format!(
                    "R{} ↔ G{}: {}",
                    i + 1,
                    c + 1,
                    compared(rule, p.similarity, p.judged, p.credit > 0.0)
                ))
            }),
            points
                .iter()
                .filter(|p| p.closest_candidate.is_some())
                .count(),
        ),
    );
    let earned: f64 = points.iter().map(|p| p.weight * p.credit).sum();
    let score = Step::new(
        StepKind::Score,
        "Score",
        "Recall adds the weights of the covered reference points; precision is the share of generated \
         points assigned to a reference point.",
        format!(
            "Pointwise recall = {earned:.3} of {total:.3} weight = {}; precision = {} / {} = {}.",
            value(scores, "pointwise_recall"),
            details.assignment.len(),
            candidates.len(),
            value(scores, "pointwise_precision")
        ),
        (std::iter::empty(), 0),
    );
    vec![found, weights, pairs, similarities, score]
}
