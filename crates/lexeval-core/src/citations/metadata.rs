//! Metadata around each citation: pin cites, the court-and-date parenthetical, an explanatory parenthetical,
//! parallel-citation groups and the parties named before "v.".
//!
//! Differs from eyecite on purpose: the court-and-date parenthetical may have no space before the year
//! ("(9th Cir.1995)" keeps court and year), and it is read only after the last cite of a parallel group, so
//! a year is never taken from a parenthetical further along the text.

use super::db::EditionRef;
use super::{courts, parties, Citation, CitationKind};
use regex::Regex;
use std::ops::Range;
use std::sync::OnceLock;

const PIN_TOKEN: &str = r"(?:(?:(?:&\s)?note|(?:&\s)?nn?\.?|(?:&\s)?fn?\.?|¶{1,2}|§{1,2}|\*{1,4}|pg\.?|pp?\.?)\s?)?(?:\d+:\d+(?:-\d+(?::\d+)?)?|\*?\d+(?:[-–]\d+)?)";
const MONTHS: &str = r"January|Jan\.|February|Feb\.|March|Mar\.|April|Apr\.|May|June|Jun\.|July|Jul\.|August|Aug\.|September|Sept?\.|October|Oct\.|November|Nov\.|December|Dec\.";

fn cached(cell: &'static OnceLock<Regex>, pattern: impl FnOnce() -> String) -> &'static Regex {
    cell.get_or_init(|| Regex::new(&pattern()).expect("static metadata regex"))
}

fn pin_start() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    cached(&CELL, || format!(r"^,?\s?(?:at\s)?{PIN_TOKEN}"))
}

fn pin_more() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    cached(&CELL, || format!(r"^,\s?{PIN_TOKEN}"))
}

fn court_date() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    cached(&CELL, || {
        format!(
            r"^(?P<court>.*?)\s*(?:(?:{MONTHS})\s*(?:\d{{1,2}},?\s*)?)?(?P<year>\d{{4}})(?:[-–]\d{{2,4}})?$"
        )
    })
}

fn publisher_date() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    cached(&CELL, || {
        format!(
            r"^(?:[A-Z][a-z]+\.?(?: Supp\.)?)? ?(?:(?:{MONTHS}) )?(?:\d{{1,2}})?,? ?(?:(?P<year>\d{{4}})(?:[-–]\d{{2,4}})?)?$"
        )
    })
}

fn law_pin() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    cached(&CELL, || {
        r"^(?:\([0-9a-zA-Z]{1,4}\))*(?:\s+and\s+(?:\([0-9a-zA-Z]{1,4}\))+)?(?:\s+et\s+seq\.)?"
            .to_string()
    })
}

/// eyecite's pin-cite lookahead: the pin must be followed by closing punctuation, a parenthesis or the end.
fn pin_may_end_at(rest: &str) -> bool {
    let mut chars = rest.chars();
    match chars.next() {
        None => true,
        Some(',' | '.' | ';' | ')' | ']' | '\\' | '(' | '[') => true,
        Some(' ') => matches!(chars.next(), Some('(' | '[')),
        _ => false,
    }
}

/// The pin cite at the start of `tail` (e.g. ", 1461" or " at 1461-62, 1470"), as (text, length in bytes).
pub(super) fn pin_cite(tail: &str) -> Option<(String, usize)> {
    let first = pin_start().find(tail)?;
    let mut ends = vec![first.end()];
    while let Some(more) = pin_more().find(&tail[*ends.last()?..]) {
        ends.push(ends.last()? + more.end());
    }
    let end = ends
        .into_iter()
        .rev()
        .find(|&end| pin_may_end_at(&tail[end..]))?;
    let text = tail[..end]
        .trim_start_matches([',', ' '])
        .trim_start_matches("at ")
        .trim()
        .to_string();
    Some((text, end))
}

/// The balanced parenthesis or bracket at the start of `text` (after optional spaces): (content, end byte).
fn parenthesis(text: &str) -> Option<(&str, usize)> {
    let offset = text.len() - text.trim_start_matches(' ').len();
    let body = &text[offset..];
    let open = body.chars().next().filter(|c| matches!(c, '(' | '['))?;
    let close = if open == '(' { ')' } else { ']' };
    let mut depth = 0usize;
    for (index, c) in body.char_indices() {
        if c == '\n' {
            return None;
        }
        if c == open {
            depth += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return Some((&body[1..index], offset + index + 1));
            }
        }
    }
    None
}

/// The pin cite after a citation and how many bytes of `after` it takes. eyecite reads a short cite's pin
/// from its page on ("1 U.S., at 20-25, 30" pins "20-25, 30"), other pins from the text after the citation.
fn pin_after(citation: &Citation, after: &str) -> (Option<String>, usize) {
    if citation.kind != CitationKind::ShortCase {
        return pin_cite(after).map_or((None, 0), |(pin, end)| (Some(pin), end));
    }
    let page = citation.page.as_deref().unwrap_or_default();
    match pin_cite(&format!("{page}{after}")) {
        Some((pin, end)) => (Some(pin), end.saturating_sub(page.len())),
        None => (None, 0),
    }
}

/// A comma, or a bracket opening a parallel cite ("1 U.S. 1, 4 [92 Cal.Rptr.3d 784]"), between two cites.
fn is_parallel_separator(between: &str) -> bool {
    let rest = pin_cite(between).map_or(between, |(_, end)| &between[end..]);
    // Its first three chars but whitespace: `between` runs to the next citation, maybe a page away.
    let mut marks = rest.chars().filter(|c| !c.is_whitespace());
    matches!(
        [marks.next(), marks.next(), marks.next()],
        [Some(',' | '['), None, None] | [Some(','), Some('['), None]
    )
}

fn tail<'a>(text: &'a str, citations: &[Citation], index: usize) -> &'a str {
    let end = citations[index].end;
    let next = citations
        .get(index + 1)
        .map_or(text.len(), |c| c.start.max(end));
    text.get(end..next).unwrap_or_default()
}

/// Fills pin cites, court, year, parentheticals and parties; returns the parallel-citation groups.
/// `editions` are each citation's candidate editions (as `raw_citations` gives them).
pub fn add_metadata(
    text: &str,
    citations: &mut [Citation],
    editions: &[Vec<EditionRef>],
) -> Vec<Range<usize>> {
    let mut groups = Vec::new();
    for index in 0..citations.len() {
        let after = tail(text, citations, index);
        match citations[index].kind {
            CitationKind::FullLaw => law_metadata(after, &mut citations[index]),
            // A restatement's pin ("cmt. b") is part of its match.
            CitationKind::UnknownSection
            | CitationKind::Reference
            | CitationKind::Treatise
            | CitationKind::Restatement => {}
            _ => citations[index].pin_cite = pin_after(&citations[index], after).0,
        }
    }
    let mut index = 0;
    while index < citations.len() {
        if citations[index].kind != CitationKind::FullCase {
            if matches!(
                citations[index].kind,
                CitationKind::ShortCase
                    | CitationKind::Id
                    | CitationKind::Supra
                    | CitationKind::Journal
            ) {
                let after = tail(text, citations, index);
                let rest = after
                    .get(pin_after(&citations[index], after).1..)
                    .unwrap_or(after);
                let (year, _, parenthetical) = parentheticals(rest, true);
                let before = text.get(..citations[index].start).unwrap_or_default();
                let citation = &mut citations[index];
                citation.parenthetical = parenthetical;
                citation.antecedent_guess = match citation.kind {
                    CitationKind::ShortCase => antecedent_word(before, false),
                    CitationKind::Supra => antecedent_word(before, true),
                    _ => None,
                };
                if citation.kind == CitationKind::Journal {
                    citation.year = citation.year.or(year);
                }
            }
            index += 1;
            continue;
        }
        let mut last = index;
        while last + 1 < citations.len()
            && citations[last + 1].kind == CitationKind::FullCase
            && is_parallel_separator(tail(text, citations, last))
            && !same_reporter(editions, index..last + 1, last + 1)
        {
            last += 1;
        }
        let after = tail(text, citations, last);
        let rest = pin_cite(after).map_or(after, |(_, end)| &after[end..]);
        let rest = parties::skip_blank_cites(rest.trim_start_matches([']', ' ']));
        let (year, court, parenthetical) = parentheticals(rest, false);
        let name = parties::case_name(text, citations, index);
        let court_id = court.as_deref().and_then(courts::court_id);
        for citation in &mut citations[index..=last] {
            citation.year = citation.year.or(year).or(name.year);
            if let Some(id) = court_id {
                citation.court = Some(id.to_string());
            }
            citation.court_text.clone_from(&court);
            citation.parenthetical.clone_from(&parenthetical);
            citation.plaintiff.clone_from(&name.plaintiff);
            citation.defendant.clone_from(&name.defendant);
        }
        groups.push(index..last + 1);
        index = last + 1;
    }
    groups
}

/// Whether the cite at `next` can only be in a reporter (any of its editions: F., F.2d, F.3d) that a cite of
/// `group` is in already: a decision is printed once in each reporter, so it starts another case ("(919
/// F.2d 747, 750-51, 108 F.3d 810)" lists two), not a parallel cite.
fn same_reporter(editions: &[Vec<EditionRef>], group: Range<usize>, next: usize) -> bool {
    let Some(candidates) = editions.get(next).filter(|c| !c.is_empty()) else {
        return false;
    };
    let in_group = |source: usize| {
        editions[group.clone()]
            .iter()
            .any(|cite| cite.iter().any(|edition| edition.0 == source))
    };
    candidates.iter().all(|edition| in_group(edition.0))
}

/// (year, court, explanatory parenthetical) from the text after a citation's pin cite. As in eyecite, a full
/// case citation's explanatory parenthetical only follows its court-and-date parenthetical
/// (`explanatory_first` false); a short form's may come first.
fn parentheticals(
    rest: &str,
    explanatory_first: bool,
) -> (Option<u32>, Option<String>, Option<String>) {
    let Some((content, end)) = parenthesis(rest) else {
        return (None, None, None);
    };
    if let Some(caps) = court_date().captures(content.trim()) {
        let year = caps.name("year").and_then(|y| y.as_str().parse().ok());
        let court = caps
            .name("court")
            .map(|c| c.as_str().trim().trim_end_matches(',').to_string())
            .filter(|c| !c.is_empty());
        let explanatory = parenthesis(&rest[end..]).map(|(inner, _)| inner.trim().to_string());
        return (year, court, explanatory);
    }
    let explanatory = Some(content.trim().to_string()).filter(|_| explanatory_first);
    (None, None, explanatory)
}

fn law_metadata(after: &str, citation: &mut Citation) {
    let pin = law_pin().find(after).map_or("", |m| m.as_str());
    if !pin.is_empty() {
        citation.pin_cite = Some(pin.trim().to_string());
    }
    let rest = &after[pin.len()..];
    let Some((content, end)) = parenthesis(rest) else {
        return;
    };
    // eyecite's publisher-and-date parenthetical, "(West 1999)", "(2005-06)"; anything else explains.
    match publisher_date().captures(content.trim()) {
        Some(caps) if !content.trim().is_empty() => {
            let year = caps.name("year").and_then(|y| y.as_str().parse().ok());
            citation.year = citation.year.or(year);
            citation.parenthetical =
                parenthesis(&rest[end..]).map(|(inner, _)| inner.trim().to_string());
        }
        _ => citation.parenthetical = Some(content.trim().to_string()),
    }
}

/// eyecite's short-cite and supra antecedent: the word before the citation, then an optional comma and a
/// space ("Adarand, 515 U.S., at 241", "Adarand, supra"); a supra may have a volume between ("Foo, 123 supra").
fn antecedent_word(before: &str, skip_volume: bool) -> Option<String> {
    if !before.ends_with(char::is_whitespace) {
        return None;
    }
    let mut rest = before.trim_end();
    if skip_volume {
        if let Some((head, last)) = rest.rsplit_once(char::is_whitespace) {
            if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
                rest = head.trim_end();
            }
        }
    }
    let mut rest = rest.strip_suffix(',').unwrap_or(rest).trim_end();
    if !skip_volume {
        // A short cite after "supra" names the case before it ("Kaiser Foundation, supra, 13 Cal.App.5th at").
        if let Some(head) = rest.strip_suffix("supra") {
            let head = head.trim_end();
            rest = head.strip_suffix(',').unwrap_or(head).trim_end();
        }
    }
    let word = rest.rsplit(char::is_whitespace).next()?;
    let starts_with_letter = word.starts_with(|c: char| c.is_ascii_alphabetic()) || skip_volume;
    let word_chars = word
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'));
    (word.chars().count() > 1 && starts_with_letter && word_chars).then(|| word.to_string())
}

/// Compiles this module's regexes (natively ahead of their first use: `citations::compile_ahead`).
pub(super) fn compile_regexes() {
    for regex in [pin_start, pin_more, court_date, publisher_date, law_pin] {
        regex();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pin_cites_stop_before_a_parallel_volume() {
        assert_eq!(pin_cite(", 1461, 93 S. Ct. 705"), Some(("1461".into(), 6)));
        assert_eq!(
            pin_cite(" at 1461-62 (9th Cir. 1995)").map(|p| p.0),
            Some("1461-62".into())
        );
        assert_eq!(pin_cite(", 93 S. Ct. 705"), None);
    }

    #[test]
    fn court_and_year_without_a_space_before_the_year() {
        let (year, court, _) = parentheticals(" (9th Cir.1995) (holding that ...)", false);
        assert_eq!((year, court.as_deref()), (Some(1995), Some("9th Cir.")));
        let (year, court, explanatory) =
            parentheticals(" (S.D.N.Y. Jan. 5, 2001) (citing X)", false);
        assert_eq!(
            (year, court.as_deref(), explanatory.as_deref()),
            (Some(2001), Some("S.D.N.Y."), Some("citing X"))
        );
    }
}
