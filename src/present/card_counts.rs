//! The count behind each score card of a check ("9 of 15 reference claim–authority pairs supported"),
//! read from the typed report, so a reader can redo the division.

use lexeval_core::authority_key::AuthorityKey;
use lexeval_core::fresco::FrescoDetails;
use lexeval_core::pipeline::{CheckReport, MetricReport};
use lexeval_core::pointwise::{PointwiseDetails, ScoredPoints};
use lexeval_core::rouge::RougeDetails;
use std::collections::{BTreeSet, HashMap};

/// Score name → the count behind it, for every card of a check that has one.
pub fn counts(report: &CheckReport) -> HashMap<String, String> {
    let mut counts = match &report.metric {
        MetricReport::Fresco(report) => fresco_counts(&report.details),
        MetricReport::Pointwise(report) => match &report.details {
            PointwiseDetails::Scored(details) => pointwise_counts(details),
            PointwiseDetails::Skipped { .. } => HashMap::new(),
        },
    };
    counts.extend(rouge_counts(&report.rouge.details));
    counts
}

/// "1 pair", "2 pairs": the noun agrees with the count before it.
pub fn counted(n: usize, singular: &str, plural: &str) -> String {
    format!("{n} {}", if n == 1 { singular } else { plural })
}

/// ", N more not judged (their similarity failed)" when some items were left undecided.
fn undecided(open: usize) -> String {
    match open {
        0 => String::new(),
        n => format!("; {n} more not judged (their similarity failed)"),
    }
}

fn fresco_counts(details: &FrescoDetails) -> HashMap<String, String> {
    let decided = details.pairs.iter().filter(|p| p.judged).count();
    let supported = details
        .pairs
        .iter()
        .filter(|p| p.judged && p.supported)
        .count();
    let open = undecided(details.pairs.len() - decided);
    let headline = if details.matrix.is_some() {
        (
            "fresco",
            format!(
                "{supported} of {} matched to a similar generated claim{open}",
                counted(decided, "cited reference claim", "cited reference claims")
            ),
        )
    } else {
        (
            "l-fresco",
            format!(
                "{supported} of {} supported{open}",
                counted(
                    decided,
                    "reference claim–authority pair",
                    "reference claim–authority pairs"
                )
            ),
        )
    };
    fn cited(claims: &[lexeval_core::claims::AttributedClaim]) -> BTreeSet<&AuthorityKey> {
        claims.iter().flat_map(|c| &c.authorities).collect()
    }
    let reference = cited(&details.reference_claims);
    let candidate = cited(&details.candidate_claims);
    let shared = reference.intersection(&candidate).count();
    HashMap::from([
        (headline.0.to_string(), headline.1),
        (
            "citation_recall".to_string(),
            format!(
                "{shared} of {} the reference cites {} cited by the generated text too",
                counted(reference.len(), "authority", "authorities"),
                if reference.len() == 1 { "is" } else { "are" }
            ),
        ),
        (
            "citation_precision".to_string(),
            format!(
                "{shared} of {} the generated text cites {} cited by the reference too",
                counted(candidate.len(), "authority", "authorities"),
                if candidate.len() == 1 { "is" } else { "are" }
            ),
        ),
    ])
}

fn pointwise_counts(details: &ScoredPoints) -> HashMap<String, String> {
    let points = &details.reference_points;
    let decided: Vec<_> = points.iter().filter(|p| p.judged).collect();
    let covered = decided.iter().filter(|p| p.credit >= 1.0).count();
    let partly = decided
        .iter()
        .filter(|p| p.credit > 0.0 && p.credit < 1.0)
        .count();
    let weight: f64 = decided.iter().map(|p| p.weight).sum();
    let earned: f64 = decided.iter().map(|p| p.weight * p.credit).sum();
    let partly = match partly {
        0 => String::new(),
        n => format!(", {n} partly"),
    };
    let assigned: BTreeSet<usize> = details.assignment.iter().map(|&(_, c)| c).collect();
    let open_candidates: BTreeSet<usize> = details
        .unjudged_pairs
        .iter()
        .map(|p| p.candidate)
        .filter(|c| !assigned.contains(c))
        .collect();
    let candidates = details.candidate_points.len() - open_candidates.len();
    HashMap::from([
        (
            "pointwise_recall".to_string(),
            format!(
                "{covered} of {} covered{partly}: they carry {earned:.2} of the {weight:.2} total weight{}",
                counted(decided.len(), "reference point", "reference points"),
                undecided(points.len() - decided.len()),
            ),
        ),
        (
            "pointwise_precision".to_string(),
            format!(
                "{} of {} matched to a reference point{}",
                assigned.len(),
                counted(candidates, "generated point", "generated points"),
                undecided(open_candidates.len()),
            ),
        ),
        (
            "easiness_recall".to_string(),
            format!(
                "averaged over the {}",
                counted(points.len(), "reference point", "reference points")
            ),
        ),
        (
            "easiness_precision".to_string(),
            format!(
                "averaged over the {}",
                counted(
                    details.candidate_points.len(),
                    "generated point",
                    "generated points"
                )
            ),
        ),
    ])
}

/// ROUGE's F1 is built from a recall and a precision: show both.
fn rouge_counts(details: &RougeDetails) -> HashMap<String, String> {
    details
        .scores
        .iter()
        .map(|(kind, score)| {
            (
                kind.name(),
                format!(
                    "from recall {:.3} (of the reference's text) and precision {:.3} (of the generated text)",
                    score.recall, score.precision
                ),
            )
        })
        .collect()
}
