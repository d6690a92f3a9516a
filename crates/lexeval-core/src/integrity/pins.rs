//! Pin plausibility: a generated pin before the case's first page, further past it than any opinion runs,
//! inside a later case of the same volume that either text cites, or far beyond every pin the reference
//! gives for the same case.

use super::names;
use super::PinProblem;
use crate::citations::{usable_name, Citation, CitationKind};

/// The longest opinions of the U.S. Reports, separate opinions included, run about 240 pages (Dred Scott,
/// 60 U.S. 393–633); a pin further than this past the first page is in no opinion. eyecite's 150
/// (`MAX_OPINION_PAGE_COUNT`) is its limit for a short form, not for the opinion itself.
pub const LONGEST_OPINION: u64 = 300;

/// How far beyond the reference's furthest pin of a case a generated pin must lie to be implausible.
pub const BEYOND_REFERENCE: u64 = 50;

/// A citation's pin read against the case cite it pins: volume, reporter and first page.
pub struct Pinned<'a> {
    pub case: &'a Citation,
    pub first: u64,
    pub pin: u64,
}

/// A pin's page: "386", "at 386", "386-88", "386 n.3"; None for star pages and paragraphs.
fn page(pin: &str) -> Option<u64> {
    let pin = pin
        .trim_start_matches([',', ' '])
        .trim_start_matches("at ")
        .trim_start();
    let digits: String = pin.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// A numbered first page of a case cited by volume (not a year's document number, "2019 WL 1234567").
fn first_page(case: &Citation) -> Option<u64> {
    let by_year = case
        .volume
        .as_deref()
        .and_then(|v| v.parse::<u32>().ok())
        .is_some_and(|v| (1700..=2200).contains(&v));
    let page = case.page.as_deref()?;
    (!by_year && page.bytes().all(|b| b.is_ascii_digit()))
        .then(|| page.parse().ok())
        .flatten()
}

/// The case cites `citation` may pin, with its pin: a full cite itself; a short cite the full cite of its
/// authority, volume and reporter in either text; an Id. each full cite of its authority in either text (it
/// may pin any cite of a parallel group).
pub fn pinned<'a>(citation: &'a Citation, texts: [&'a [Citation]; 2]) -> Vec<Pinned<'a>> {
    let Some(pin) = citation.pin_cite.as_deref().and_then(page) else {
        return Vec::new();
    };
    let of_authority =
        |c: &&Citation| c.kind == CitationKind::FullCase && c.authority == citation.authority;
    let cases: Vec<&Citation> = match citation.kind {
        CitationKind::FullCase => vec![citation],
        CitationKind::ShortCase => short_form_case(citation, texts).into_iter().collect(),
        CitationKind::Id => texts.into_iter().flatten().filter(of_authority).collect(),
        _ => Vec::new(),
    };
    cases
        .into_iter()
        .filter_map(|case| {
            Some(Pinned {
                case,
                first: first_page(case)?,
                pin,
            })
        })
        .collect()
}

/// The full cite a short form pins, when resolution's choice is sure: the full cite of its authority, volume
/// and reporter whose name carries the short form's, or, for a short form without a name, the only case of
/// that volume and reporter either text cites. (Resolution may take a short form to a case that only shares
/// a word of its name — "In re S.F. Drake Hotel Associates, 131 B.R. at 158" to "In re Majestic Motel
/// Associates, Inc., 131 B.R. 523" — and its pin is then no evidence.)
fn short_form_case<'a>(short: &Citation, texts: [&'a [Citation]; 2]) -> Option<&'a Citation> {
    let same_volume = |c: &&Citation| {
        c.kind == CitationKind::FullCase && c.volume == short.volume && c.reporter == short.reporter
    };
    let case = texts
        .into_iter()
        .flatten()
        .filter(same_volume)
        .find(|c| c.authority == short.authority)?;
    let sure = match usable_name(short.antecedent_guess.as_deref()) {
        Some(name) => names::carries(case, name),
        None => texts
            .into_iter()
            .flatten()
            .filter(same_volume)
            .all(|c| c.authority == case.authority),
    };
    sure.then_some(case)
}

/// What is wrong with a generated pin, if anything. `reference` is the reference text's citations.
pub fn problem(
    at: &Pinned<'_>,
    reference: &[Citation],
    texts: [&[Citation]; 2],
) -> Option<PinProblem> {
    let Pinned { case, first, pin } = *at;
    if pin < first {
        return Some(PinProblem::BeforeFirstPage);
    }
    if pin > first + LONGEST_OPINION {
        // "435 U.S. 78, 1974" with no parenthetical: the year written where the pin goes, not a pin.
        let a_year = case.year.is_none() && (1700..=2100).contains(&pin);
        return (!a_year).then_some(PinProblem::BeyondAnyOpinion);
    }
    let same_volume = |c: &Citation| c.volume == case.volume && c.reporter == case.reporter;
    let later = texts
        .into_iter()
        .flatten()
        .filter(|c| c.kind == CitationKind::FullCase && same_volume(c))
        .filter(|c| c.authority != case.authority)
        .filter_map(|c| first_page(c).map(|p| (p, c)))
        .filter(|&(p, _)| first < p && p <= pin)
        .min_by_key(|&(p, _)| p);
    if let Some((starts, other)) = later {
        return Some(PinProblem::InLaterCase {
            case: super::cited(other),
            starts,
        });
    }
    let furthest = reference
        .iter()
        .filter(|c| c.authority == case.authority)
        .flat_map(|c| pinned(c, texts))
        .filter(|p| same_volume(p.case))
        .map(|p| p.pin)
        .max()?;
    (pin > furthest + BEYOND_REFERENCE).then_some(PinProblem::BeyondReference { furthest })
}
