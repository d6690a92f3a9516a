//! Metadata around each citation: pin cites, the court-and-date parenthetical, an explanatory parenthetical,
//! parallel-citation groups and the parties named before "v.".
//!
//! Differs from eyecite on purpose: the court-and-date parenthetical may have no space before the year
//! ("(9th Cir.1995)" keeps court and year), and it is read only after the last cite of a parallel group, so
//! a year is never taken from a parenthetical further along the text.

use super::{Citation, CitationKind};
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
            r"^(?P<court>.*?)\s*(?:(?:{MONTHS})\s*)?(?:\d{{1,2}},?\s*)?(?P<year>\d{{4}})(?:[-–]\d{{2,4}})?$"
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
fn pin_cite(tail: &str) -> Option<(String, usize)> {
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

fn is_parallel_separator(between: &str) -> bool {
    let rest = pin_cite(between).map_or(between, |(_, end)| &between[end..]);
    rest.trim() == ","
}

fn tail<'a>(text: &'a str, citations: &[Citation], index: usize) -> &'a str {
    let end = citations[index].end;
    let next = citations
        .get(index + 1)
        .map_or(text.len(), |c| c.start.max(end));
    text.get(end..next).unwrap_or_default()
}

/// Fills pin cites, court, year, parentheticals and parties; returns the parallel-citation groups.
pub fn add_metadata(text: &str, citations: &mut [Citation]) -> Vec<Range<usize>> {
    let mut groups = Vec::new();
    for index in 0..citations.len() {
        let after = tail(text, citations, index);
        match citations[index].kind {
            CitationKind::FullLaw => law_metadata(after, &mut citations[index]),
            CitationKind::UnknownSection | CitationKind::Reference => {}
            _ => {
                if let Some((pin, _)) = pin_cite(after) {
                    citations[index].pin_cite = Some(pin);
                }
            }
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
                let rest = pin_cite(after).map_or(after, |(_, end)| &after[end..]);
                let (year, _, parenthetical) = parentheticals(rest);
                let citation = &mut citations[index];
                citation.parenthetical = parenthetical;
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
        {
            last += 1;
        }
        let after = tail(text, citations, last);
        let rest = pin_cite(after).map_or(after, |(_, end)| &after[end..]);
        let (year, court, parenthetical) = parentheticals(rest);
        let (plaintiff, defendant) = parties(text, citations, index);
        for citation in &mut citations[index..=last] {
            citation.year = citation.year.or(year);
            citation.court.clone_from(&court);
            citation.parenthetical.clone_from(&parenthetical);
            citation.plaintiff.clone_from(&plaintiff);
            citation.defendant.clone_from(&defendant);
        }
        groups.push(index..last + 1);
        index = last + 1;
    }
    groups
}

/// (year, court, explanatory parenthetical) from the text after a citation's pin cite.
fn parentheticals(rest: &str) -> (Option<u32>, Option<String>, Option<String>) {
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
    (None, None, Some(content.trim().to_string()))
}

fn law_metadata(after: &str, citation: &mut Citation) {
    let pin = law_pin().find(after).map_or("", |m| m.as_str());
    if !pin.is_empty() {
        citation.pin_cite = Some(pin.trim().to_string());
    }
    if let Some((content, _)) = parenthesis(&after[pin.len()..]) {
        let year = content
            .split_whitespace()
            .last()
            .and_then(|w| w.parse::<u32>().ok())
            .filter(|y| (1000..2100).contains(y));
        citation.year = citation.year.or(year);
    }
}

/// Words that start a citation clause rather than a case name.
const LEAD_WORDS: [&str; 16] = [
    "see",
    "also",
    "cf.",
    "e.g.,",
    "e.g.",
    "accord",
    "citing",
    "quoting",
    "but",
    "compare",
    "with",
    "in",
    "under",
    "and",
    "contra",
    "following",
];
/// Lower-case words allowed inside a case name.
const NAME_CONNECTORS: [&str; 10] = [
    "of", "the", "and", "&", "for", "ex", "rel.", "de", "on", "in",
];

/// Plaintiff and defendant of the case cited at `index`: the words around the last "v." before it.
fn parties(text: &str, citations: &[Citation], index: usize) -> (Option<String>, Option<String>) {
    let start = citations[index].start;
    let floor = if index > 0 {
        citations[index - 1].end.min(start)
    } else {
        0
    };
    let mut window_start = start.saturating_sub(300).max(floor);
    while !text.is_char_boundary(window_start) {
        window_start += 1;
    }
    let window = text.get(window_start..start).unwrap_or_default();
    let window = window
        .rsplit([';', '\n', '(', ')'])
        .next()
        .unwrap_or(window);
    let Some(v_at) = window.rfind(" v. ").or_else(|| window.rfind(" v ")) else {
        return (None, None);
    };
    let separator = if window[v_at..].starts_with(" v. ") {
        4
    } else {
        3
    };
    let defendant = window[v_at + separator..]
        .trim()
        .trim_end_matches(',')
        .trim();
    let words: Vec<&str> = window[..v_at].split_whitespace().collect();
    let mut first = words.len();
    while first > 0 {
        let word = words[first - 1];
        let capitalised = word.chars().next().is_some_and(char::is_uppercase);
        if !(capitalised || NAME_CONNECTORS.contains(&word)) || ends_sentence(word) {
            break;
        }
        first -= 1;
    }
    while first < words.len()
        && (LEAD_WORDS.contains(&words[first].to_lowercase().as_str())
            || NAME_CONNECTORS.contains(&words[first]))
    {
        first += 1;
    }
    let plaintiff = words[first..].join(" ");
    let nonempty = |s: String| Some(s).filter(|s| !s.is_empty() && s.len() < 200);
    (nonempty(plaintiff), nonempty(defendant.to_string()))
}

/// A word that ends the previous sentence ("held." but not "Co." or "U.S.").
fn ends_sentence(word: &str) -> bool {
    word.ends_with('.')
        && word.chars().filter(|c| c.is_alphabetic()).count() > 4
        && word.chars().next().is_some_and(char::is_lowercase)
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
        let (year, court, _) = parentheticals(" (9th Cir.1995) (holding that ...)");
        assert_eq!((year, court.as_deref()), (Some(1995), Some("9th Cir.")));
        let (year, court, explanatory) = parentheticals(" (S.D.N.Y. Jan. 5, 2001) (citing X)");
        assert_eq!(
            (year, court.as_deref(), explanatory.as_deref()),
            (Some(2001), Some("S.D.N.Y."), Some("citing X"))
        );
    }
}
