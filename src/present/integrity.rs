//! The generated text's citations to check (`lexeval_core::integrity`), as the brief view shows them: each
//! flagged citation once, with every finding's evidence in the CLI's words, and a quotation's two versions
//! apart so they can be set side by side.

use lexeval_core::integrity::{Check, Finding, QuoteChange};
use lexeval_core::pipeline::{MetricReport, Span, SpanKind};

/// One citation of the generated text with what to check about it.
#[derive(Debug, Clone, PartialEq)]
pub struct Flagged {
    /// Its name and cite as the generated text gives it.
    pub citation: String,
    /// Character offsets in the generated text, end exclusive.
    pub start: usize,
    pub end: usize,
    pub evidence: Vec<Evidence>,
}

/// One finding's evidence.
#[derive(Debug, Clone, PartialEq)]
pub enum Evidence {
    /// In words, as the CLI prints it.
    Said(String),
    /// A quotation that differs from the reference's quotation of the same authority: how, and both.
    Quotes {
        how: &'static str,
        generated: String,
        reference: String,
    },
}

impl Evidence {
    fn of(check: &Check) -> Evidence {
        match check {
            Check::Quotation {
                quoted,
                reference_quoted: Some(reference),
                change,
            } => Evidence::Quotes {
                how: how_quoted(*change),
                generated: quoted.clone(),
                reference: reference.clone(),
            },
            other => Evidence::Said(other.to_string()),
        }
    }

    /// The evidence in one line (a mark's text alternative).
    pub fn line(&self) -> String {
        match self {
            Evidence::Said(said) => said.clone(),
            Evidence::Quotes { how, .. } => {
                format!("the quotation differs from the reference's: {how}")
            }
        }
    }
}

/// How a quotation differs from the reference's, in short ("a negation dropped").
pub fn how_quoted(change: QuoteChange) -> &'static str {
    match change {
        QuoteChange::NegationAdded => "a negation added",
        QuoteChange::NegationDropped => "a negation dropped",
        QuoteChange::WordsChanged | QuoteChange::NotInReference => "words changed",
    }
}

/// The report's findings (a brief check's; none for a summary's).
pub fn findings(metric: &MetricReport) -> &[Finding] {
    match metric {
        MetricReport::Fresco(report) => &report.details.integrity,
        MetricReport::Pointwise(_) => &[],
    }
}

/// Each flagged citation once, in text order (the findings come sorted by start), with all its findings.
pub fn flagged(findings: &[Finding]) -> Vec<Flagged> {
    let mut out: Vec<Flagged> = Vec::new();
    for finding in findings {
        let evidence = Evidence::of(&finding.check);
        match out
            .iter_mut()
            .find(|f| (f.start, f.end) == (finding.start, finding.end))
        {
            Some(same) => same.evidence.push(evidence),
            None => out.push(Flagged {
                citation: finding.citation.clone(),
                start: finding.start,
                end: finding.end,
                evidence: vec![evidence],
            }),
        }
    }
    out
}

impl Flagged {
    /// The flagged citation over its whole extent in `spans` (the citation span holding its cite: case
    /// name, cite, pin and parentheticals), so its underline covers all of it and its mark follows the pin
    /// and parenthetical; as found when no span holds it.
    pub fn over_extent(&self, spans: &[Span]) -> Flagged {
        let extent = spans.iter().find(|span| {
            matches!(span.kind, SpanKind::Citation { .. })
                && span.start <= self.start
                && self.end <= span.end
        });
        match extent {
            Some(span) => Flagged {
                start: span.start,
                end: span.end,
                ..self.clone()
            },
            None => self.clone(),
        }
    }

    /// What its mark in the text says to a screen reader and in its tooltip.
    pub fn mark_label(&self) -> String {
        let lines: Vec<String> = self.evidence.iter().map(Evidence::line).collect();
        format!("citation to check: {}", lines.join("; "))
    }
}
