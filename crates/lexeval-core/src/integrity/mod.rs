//! Citation integrity: what a generated text gets wrong in a citation that looks right, found offline
//! from the two texts' citations and reporters-db, per citation of the generated text. Findings never
//! change a score; they are listed beside it (`FrescoDetails::integrity`).
//!
//! - `names`: whether two full case names agree; a cite under a name that does not agree with another
//!   citation of the same authority, in the reference or earlier in the generated text, is a name–cite
//!   mismatch;
//! - `near_miss`: a generated cite the reference does not give, under a reference case's name, one slip
//!   (a digit, a transposition, a small offset, another series) away from the reference's cite;
//! - `pins`: a pin before the first page, past any opinion's length, inside a later case of the volume or
//!   far beyond the reference's pins of the case;
//! - `years`: a year reporters-db says the reporter did not print (each cite of a parallel group against
//!   the group's year);
//! - `courts`: a court that does not publish in the reporter (reporters-db's `cite_type`, courts-db's
//!   system and type);
//! - `quotations`: a quotation attributed to an authority that differs from, or is not among, what the
//!   reference quotes from it (after claims are segmented: `quotations`).
//!
//! A wholly invented case with a plausible cite is none of these: it is only cited by the generated text
//! (`FrescoDetails::hallucinated_authorities`); there is no case database offline.

mod courts;
mod names;
mod near_miss;
mod pins;
mod quotations;
mod years;

use crate::authorities::{self, Authority};
use crate::authority_key::AuthorityKey;
use crate::citations::{Citation, CitationKind};
use crate::claims::AttributedClaim;
use crate::fresco::left_out::Text;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::fmt;

/// One thing to check about one citation of the generated text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    /// The citation as the generated text gives it: "Riley v. Texas, 573 U.S. 373".
    pub citation: String,
    /// Its character offsets in the generated text, end exclusive.
    pub start: usize,
    pub end: usize,
    pub check: Check,
}

/// What is wrong, with its evidence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Check {
    /// The same case cite under a name that does not agree with `other`, as `other_text` gives it.
    NameCiteMismatch { other: String, other_text: Text },
    /// Probably the reference's `reference` with one part of its cite slipped.
    NearMiss {
        reference: String,
        differs: CitePart,
        slip: Slip,
    },
    /// A pin the case cannot have.
    Pin {
        pin: u64,
        first_page: u64,
        problem: PinProblem,
    },
    /// Words in quotation marks attributed to the authority, against the reference's closest quotation of
    /// it (None when it quotes nothing close).
    Quotation {
        quoted: String,
        reference_quoted: Option<String>,
        change: QuoteChange,
    },
    /// A year outside the years reporters-db gives the reporter (None: open).
    ReporterYear {
        reporter: String,
        year: u32,
        start: Option<u32>,
        end: Option<u32>,
    },
    /// A court, as the parenthetical writes it, that does not publish in the reporter.
    ReporterCourt {
        reporter: String,
        court: String,
        problem: CourtProblem,
    },
}

/// Why a court does not publish in a reporter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CourtProblem {
    /// A state's court in a reporter of federal courts (U.S., F.3d, F. Supp.).
    StateCourtInFederalReporter,
    /// A federal court in a reporter of state courts (Cal. Rptr., N.E.2d).
    FederalCourtInStateReporter,
    /// A federal district court in F.3d or F.4th, which print the courts of appeals.
    DistrictCourtInAppellateReporter,
    /// A lower federal court in the Supreme Court's reporters (U.S., S. Ct., L. Ed.).
    LowerCourtInSupremeCourtReporter,
}

/// Which part of a case cite differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CitePart {
    Volume,
    FirstPage,
    Reporter,
}

/// How a number or reporter differs from the reference's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slip {
    DigitChanged,
    DigitsTransposed,
    /// Generated minus reference.
    Offset {
        by: i64,
    },
    /// Another series of the same reporter (F.2d for F.3d).
    OtherSeries,
}

/// How a quotation differs from the reference's of the same authority.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuoteChange {
    /// The reference quotes the authority, but nothing close to this.
    NotInReference,
    WordsChanged,
    /// More negations ("not", "no", "never", "-n't") than the reference's words it lines up with.
    NegationAdded,
    NegationDropped,
}

/// Why a pin is implausible.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum PinProblem {
    BeforeFirstPage,
    /// More than `pins::LONGEST_OPINION` pages past the first page.
    BeyondAnyOpinion,
    /// At or past the first page of `case`, a later case of the same volume either text cites.
    InLaterCase {
        case: String,
        starts: u64,
    },
    /// More than `pins::BEYOND_REFERENCE` pages past `furthest`, the reference's furthest pin of the case.
    BeyondReference {
        furthest: u64,
    },
}

/// How many distinct citations have findings: "3 citations to check".
pub fn flagged_citations(findings: &[Finding]) -> usize {
    let mut spans: Vec<(usize, usize)> = findings.iter().map(|f| (f.start, f.end)).collect();
    spans.sort_unstable();
    spans.dedup();
    spans.len()
}

/// The count line readers see beside the scores ("3 citations to check"); None when nothing is flagged.
pub fn to_check(findings: &[Finding]) -> Option<String> {
    match flagged_citations(findings) {
        0 => None,
        1 => Some("1 citation to check".to_string()),
        n => Some(format!("{n} citations to check")),
    }
}

/// A case citation as a reader knows it: its name and cite ("Riley v. California, 573 U.S. 373"), or what
/// it prints.
fn cited(citation: &Citation) -> String {
    match (citation.kind, names::written(citation)) {
        (CitationKind::FullCase, Some(name)) => format!(
            "{name}, {} {} {}",
            citation.volume.as_deref().unwrap_or("?"),
            citation.reporter.as_deref().unwrap_or("?"),
            citation.page.as_deref().unwrap_or("?")
        ),
        _ => citation.matched_text.clone(),
    }
}

/// A full case cite with a page (not a blank "___").
fn paged_full_case(citation: &Citation) -> bool {
    citation.kind == CitationKind::FullCase
        && citation.role.names_a_source()
        && citation
            .page
            .as_deref()
            .is_some_and(|p| p.bytes().all(|b| b.is_ascii_digit()) && !p.is_empty())
}

/// The findings on each citation of the generated text (`candidate`), in text order, after both texts'
/// citations were unified (`authorities::unify`, whose `table` names the reference's authorities).
pub fn check(reference: &[Citation], candidate: &[Citation], table: &[Authority]) -> Vec<Finding> {
    let texts = [reference, candidate];
    let mut compared = Compared::of(reference);
    let mut findings = Vec::new();
    for citation in candidate {
        if !citation.role.names_a_source() {
            continue;
        }
        let mut found = |check| {
            findings.push(Finding {
                citation: cited(citation),
                start: citation.start,
                end: citation.end,
                check,
            })
        };
        if paged_full_case(citation) {
            if let Some(check) = name_cite_mismatch(citation, &compared) {
                found(check);
            }
            if let Some(check) = near_miss(citation, &compared, table) {
                found(check);
            }
            compared.earlier(citation);
        }
        // A pin is implausible when it fits none of the cites it may pin (None: one fits).
        let problems: Option<Vec<_>> = pins::pinned(citation, texts)
            .into_iter()
            .map(|at| pins::problem(&at, reference, texts).map(|problem| (problem, at)))
            .collect();
        if let Some((problem, at)) = problems.and_then(|all| all.into_iter().next()) {
            found(Check::Pin {
                pin: at.pin,
                first_page: at.first,
                problem,
            });
        }
        if citation.kind == CitationKind::FullCase {
            if let Some(check) = years::check(citation) {
                found(check);
            }
            if let Some(check) = courts::check(citation) {
                found(check);
            }
        }
    }
    findings
}

/// The paged full case cites a generated cite is compared with, gathered once per check, not per cite: a
/// megabyte's thousands of cites would otherwise compare every pair, names and all. Each list keeps, in text
/// order, only the first of the cites that compare alike, which is the one a search in text order finds.
struct Compared<'a> {
    /// Every authority the reference cites.
    in_reference: HashSet<&'a AuthorityKey>,
    /// The reference's cites of each authority, captioned, one per caption (a name–cite mismatch depends
    /// on the names alone).
    reference_names: HashMap<&'a AuthorityKey, Vec<&'a Citation>>,
    /// The same for the generated text's cites before the one being checked.
    earlier_names: HashMap<&'a AuthorityKey, Vec<&'a Citation>>,
    /// The reference's cites, one per caption, cite and authority (what a near miss depends on).
    reference_cites: Vec<&'a Citation>,
}

/// What a name–cite comparison reads of a cite: its two parties.
fn caption(c: &Citation) -> (Option<&str>, Option<&str>) {
    (c.plaintiff.as_deref(), c.defendant.as_deref())
}

/// Adds `citation` to `by_authority` if it is captioned and no earlier cite of its authority has its caption.
fn add_name<'a>(
    by_authority: &mut HashMap<&'a AuthorityKey, Vec<&'a Citation>>,
    citation: &'a Citation,
) {
    if !names::captioned(citation) {
        return;
    }
    let same = by_authority.entry(&citation.authority).or_default();
    if !same.iter().any(|c| caption(c) == caption(citation)) {
        same.push(citation);
    }
}

impl<'a> Compared<'a> {
    fn of(reference: &'a [Citation]) -> Compared<'a> {
        let mut compared = Compared {
            in_reference: reference.iter().map(|c| &c.authority).collect(),
            reference_names: HashMap::new(),
            earlier_names: HashMap::new(),
            reference_cites: Vec::new(),
        };
        let near_miss_key = |c: &'a Citation| {
            (
                caption(c),
                (
                    c.volume.as_deref(),
                    c.reporter.as_deref(),
                    c.page.as_deref(),
                ),
                &c.authority,
            )
        };
        let mut cites = HashSet::new();
        for citation in reference.iter().filter(|c| paged_full_case(c)) {
            add_name(&mut compared.reference_names, citation);
            if cites.insert(near_miss_key(citation)) {
                compared.reference_cites.push(citation);
            }
        }
        compared
    }

    /// A paged full case cite of the generated text, checked: later cites compare with it.
    fn earlier(&mut self, citation: &'a Citation) {
        add_name(&mut self.earlier_names, citation);
    }
}

/// The findings on the quotations of the generated text's claims (`candidate`, segmented from
/// `citations`), each on the claim's first citation of the authority it is attributed to.
pub fn quotations(
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
    citations: &[Citation],
) -> Vec<Finding> {
    quotations::check(reference, candidate)
        .into_iter()
        .filter_map(|(claim_start, key, check)| {
            let of_key = || citations.iter().filter(|c| c.authority == key);
            let citation = of_key()
                .find(|c| c.start >= claim_start)
                .or_else(|| of_key().next())?;
            Some(Finding {
                citation: cited(citation),
                start: citation.start,
                end: citation.end,
                check,
            })
        })
        .collect()
}

/// The change of a quotation that `claim` (a claim of the generated text) carries and the reference
/// quotes differently (a `Quotation` finding with the reference's version), if any: a pair the similarity
/// matches may still misquote its authority.
pub fn differing_quotation(findings: &[Finding], claim: &AttributedClaim) -> Option<QuoteChange> {
    let passages = quotations::passages(&claim.text);
    findings.iter().find_map(|finding| match &finding.check {
        Check::Quotation {
            quoted,
            reference_quoted: Some(_),
            change,
        } if passages.contains(&quoted.as_str()) => Some(*change),
        _ => None,
    })
}

/// The first citation of the same authority, in the reference or before `citation` in its own text, whose
/// case name does not agree with the citation's. Both names must be captions of two parties: a name of one
/// is too often a word the name reading took from the sentence ("Moreover, 527 F.2d 224" in a CLERC
/// generation).
fn name_cite_mismatch(citation: &Citation, compared: &Compared) -> Option<Check> {
    if !names::captioned(citation) {
        return None;
    }
    [
        (Text::Reference, &compared.reference_names),
        (Text::Candidate, &compared.earlier_names),
    ]
    .into_iter()
    .find_map(|(text, by_authority)| {
        by_authority
            .get(&citation.authority)?
            .iter()
            .find(|c| names::agree(citation, c) == Some(false))
            .map(|other| Check::NameCiteMismatch {
                other: cited(other),
                other_text: text,
            })
    })
}

/// A cite only the generated text gives, one slip away from a reference cite of a case of the same name.
fn near_miss(citation: &Citation, compared: &Compared, table: &[Authority]) -> Option<Check> {
    if compared.in_reference.contains(&citation.authority) {
        return None;
    }
    compared.reference_cites.iter().find_map(|r| {
        near_miss::miss(citation, r).map(|(differs, slip)| Check::NearMiss {
            reference: authorities::name_of(table, &r.authority).to_string(),
            differs,
            slip,
        })
    })
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Check::NameCiteMismatch { other, other_text } => {
                let text = match other_text {
                    Text::Reference => "the reference",
                    Text::Candidate => "this text earlier",
                };
                write!(f, "the same cite is {other} in {text}: the names differ")
            }
            Check::NearMiss {
                reference,
                differs,
                slip,
            } => {
                let part = match differs {
                    CitePart::Volume => "volume",
                    CitePart::FirstPage => "first page",
                    CitePart::Reporter => "reporter series",
                };
                let how = match slip {
                    Slip::DigitChanged => "one digit changed".to_string(),
                    Slip::DigitsTransposed => "two digits transposed".to_string(),
                    Slip::Offset { by } => format!("off by {by:+}"),
                    Slip::OtherSeries => "another series".to_string(),
                };
                write!(
                    f,
                    "probably the reference's {reference} — {part} differs ({how})"
                )
            }
            Check::Pin {
                pin,
                first_page,
                problem,
            } => match problem {
                PinProblem::BeforeFirstPage => {
                    write!(f, "pin {pin} is before the first page, {first_page}")
                }
                PinProblem::BeyondAnyOpinion => write!(
                    f,
                    "pin {pin} is {} pages past the first page, {first_page}: no opinion runs past {}",
                    pin - first_page,
                    pins::LONGEST_OPINION
                ),
                PinProblem::InLaterCase { case, starts } => write!(
                    f,
                    "pin {pin} is in a later case of the volume, {case}, which starts at {starts}"
                ),
                PinProblem::BeyondReference { furthest } => write!(
                    f,
                    "pin {pin} is far beyond every pin the reference gives this case (furthest {furthest})"
                ),
            },
            Check::Quotation {
                quoted,
                reference_quoted,
                change,
            } => match (reference_quoted, change) {
                (Some(theirs), change) => {
                    let how = match change {
                        QuoteChange::NegationAdded => "a negation added",
                        QuoteChange::NegationDropped => "a negation dropped",
                        _ => "words changed",
                    };
                    write!(
                        f,
                        "quotes “{quoted}”; the reference quotes it as “{theirs}”: {how}"
                    )
                }
                (None, _) => write!(
                    f,
                    "quotes “{quoted}”, which the reference's quotations of this authority do not contain"
                ),
            },
            Check::ReporterYear {
                reporter,
                year,
                start,
                end,
            } => {
                let years = match (start, end) {
                    (Some(s), Some(e)) => format!("from {s} to {e}"),
                    (Some(s), None) => format!("from {s}"),
                    (None, Some(e)) => format!("until {e}"),
                    (None, None) => "in every year".to_string(),
                };
                write!(f, "{reporter} was printed {years} (reporters-db); the cite says {year}")
            }
            Check::ReporterCourt {
                reporter,
                court,
                problem,
            } => {
                let prints = match problem {
                    CourtProblem::StateCourtInFederalReporter => "federal courts' decisions",
                    CourtProblem::FederalCourtInStateReporter => "state courts' decisions",
                    CourtProblem::DistrictCourtInAppellateReporter => {
                        "the federal courts of appeals' decisions"
                    }
                    CourtProblem::LowerCourtInSupremeCourtReporter => {
                        "the Supreme Court's decisions"
                    }
                };
                write!(
                    f,
                    "{reporter} prints {prints} (reporters-db, courts-db); the cite names {court}"
                )
            }
        }
    }
}

#[cfg(test)]
mod tests;
