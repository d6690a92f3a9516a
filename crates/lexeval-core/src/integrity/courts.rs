//! Reporter and court: a court that does not publish in the cite's reporter, by reporters-db's `cite_type`
//! and courts-db's system and type — a state court in a federal reporter, a federal court in a state one, a
//! district court in F.3d or F.4th, a lower court in the Supreme Court's reporters.

use super::{Check, CourtProblem};
use crate::citations::{
    court_id_exactly, court_kind, reporter_editions, Citation, CiteType, CourtKind, ReporterEdition,
};

/// The editions that print only the federal courts of appeals' decisions (district courts' are in F. Supp.
/// since 1932; F. and F.2d before it printed both).
const APPELLATE_ONLY: [&str; 2] = ["F.3d", "F.4th"];

/// Reporters reporters-db calls state reporters that print federal courts too: the D.C. Circuit's
/// (U.S. App. D.C., and App. D.C. of its predecessor) and the territories' (Alaska's territorial district
/// court, the District Courts of the Virgin Islands, Guam and the Northern Mariana Islands). No court is
/// checked against them.
const MIXED: [&str; 6] = [
    "U.S. App. D.C.",
    "App. D.C.",
    "Alaska Fed.",
    "V.I.",
    "Guam",
    "N. Mar. I.",
];

/// Before 1800 the U.S. Reports (Dallas) print Pennsylvania's courts and the federal circuit courts too.
const SUPREME_COURT_ONLY_FROM: u32 = 1800;

/// What is wrong with `court` in `edition` (named `reporter`), if anything.
fn problem(
    reporter: &str,
    edition: &ReporterEdition,
    court: CourtKind,
    year: Option<u32>,
) -> Option<CourtProblem> {
    if MIXED.contains(&edition.series) {
        return None;
    }
    let federal = matches!(edition.cite_type, CiteType::Federal | CiteType::ScotusEarly);
    let state = matches!(edition.cite_type, CiteType::State | CiteType::StateRegional);
    let early = year.is_none_or(|y| y < SUPREME_COURT_ONLY_FROM);
    match court {
        CourtKind::State if federal && !early => Some(CourtProblem::StateCourtInFederalReporter),
        CourtKind::State => None,
        _ if state => Some(CourtProblem::FederalCourtInStateReporter),
        CourtKind::FederalTrial if APPELLATE_ONLY.contains(&reporter) => {
            Some(CourtProblem::DistrictCourtInAppellateReporter)
        }
        CourtKind::FederalAppellate | CourtKind::FederalTrial if edition.scotus && !early => {
            Some(CourtProblem::LowerCourtInSupremeCourtReporter)
        }
        _ => None,
    }
}

/// A full case cite whose court-and-date parenthetical names a court its reporter does not print: the
/// same problem with every reporters-db edition of that name.
pub fn check(citation: &Citation) -> Option<Check> {
    let reporter = citation.reporter.as_deref()?;
    // Only a court the text writes (a Supreme Court reporter's cite gets `scotus` without one), and names
    // exactly: eyecite's prefix rule takes a state's "Ct.App." for a federal court.
    let written = citation.court_text.as_deref()?;
    let court = court_kind(court_id_exactly(written)?)?;
    let mut problems = reporter_editions(reporter)
        .map(|edition| problem(reporter, &edition, court, citation.year));
    let first = problems.next()??;
    problems
        .all(|p| p == Some(first))
        .then(|| Check::ReporterCourt {
            reporter: reporter.to_string(),
            court: written.to_string(),
            problem: first,
        })
}
