//! Citations neither text resolves — an Id. with nothing before it, a short form or supra whose source
//! neither text cites in full — name no authority the two texts could share. They are left out of R and of
//! citation recall and precision, listed in the report with their reason, and the scores say how many.

use super::FrescoDetails;
use crate::authorities::{self, Authority};
use crate::citations::{Citation, CitationKind};
use crate::claims::AttributedClaim;
use crate::report::ScoreReport;
use serde::{Deserialize, Serialize};

/// The text a left-out citation is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Text {
    Reference,
    Candidate,
}

/// Why a citation names no authority.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unresolved {
    /// An Id. with no citation before it that it could repeat (or whose pin no earlier case has).
    IdWithoutAntecedent,
    /// A short form ("Tellabs, 551 U.S. at 322") whose full citation neither text gives.
    ShortFormWithoutFullCitation,
    /// A supra whose source neither text cites in full.
    SupraWithoutAntecedent,
}

/// One citation left out of the score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LeftOutCitation {
    pub text: Text,
    /// The citation as printed ("Id. at 5", "Tellabs, 551 U.S. at 322").
    pub citation: String,
    /// Character offsets in its text, end exclusive.
    pub start: usize,
    pub end: usize,
    pub reason: Unresolved,
}

/// The citations of both texts whose unified authority is unresolved, in text order.
pub fn left_out_citations(
    reference: &[Citation],
    candidate: &[Citation],
    table: &[Authority],
) -> Vec<LeftOutCitation> {
    [(Text::Reference, reference), (Text::Candidate, candidate)]
        .into_iter()
        .flat_map(|(text, citations)| {
            citations
                .iter()
                .filter(|c| authorities::is_unresolved(table, &c.authority))
                .map(move |c| LeftOutCitation {
                    text,
                    citation: c.matched_text.clone(),
                    start: c.start,
                    end: c.end,
                    reason: match c.kind {
                        CitationKind::Id => Unresolved::IdWithoutAntecedent,
                        CitationKind::Supra => Unresolved::SupraWithoutAntecedent,
                        _ => Unresolved::ShortFormWithoutFullCitation,
                    },
                })
        })
        .collect()
}

/// Takes the unresolved keys off every claim, so they make no pair of R and count in neither recall nor
/// precision.
pub fn leave_out_unresolved(claims: &mut [AttributedClaim], table: &[Authority]) {
    for claim in claims {
        claim
            .authorities
            .retain(|key| !authorities::is_unresolved(table, key));
    }
}

/// Records the left-out citations in the report and notes their number on each score.
pub fn record(report: &mut ScoreReport<FrescoDetails>, left_out: Vec<LeftOutCitation>) {
    if left_out.is_empty() {
        return;
    }
    let count = |text: Text| left_out.iter().filter(|c| c.text == text).count();
    let note = format!(
        "{} unresolved citation{} left out ({} in the reference, {} in the candidate): see left_out",
        left_out.len(),
        if left_out.len() == 1 { "" } else { "s" },
        count(Text::Reference),
        count(Text::Candidate)
    );
    for score in report.scores.iter_mut().filter(|s| s.value.is_some()) {
        score.tell(&note);
    }
    report.details.left_out = left_out;
}
