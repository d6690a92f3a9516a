//! Where a citation's material begins (its case name, a supra's authors) and ends (pin cites and the
//! parentheticals after it).

use super::slice;
use crate::citations::clauses::{statute_name_start, words_before_comma};
use crate::citations::parties::ONE_PARTY_PREFIXES;
use crate::citations::{Citation, CitationKind};

/// Where the citation's material begins: its case name ("Kayes v. Pacific Lumber Co., ") or a supra's
/// authors ("Wright & Miller, supra") if any.
pub(super) fn material_start(chars: &[char], citation: &Citation, floor: usize) -> usize {
    let before = slice(chars, floor, citation.start);
    let name = match (&citation.plaintiff, &citation.defendant, &citation.author) {
        (Some(plaintiff), _, _) => rfind_name(&before, plaintiff),
        (None, Some(defendant), _) => rfind_name(&before, defendant),
        (None, None, Some(author)) if citation.kind == CitationKind::Supra => {
            before.rfind(author.as_str())
        }
        _ => None,
    };
    // "In re Lehman Bros. Holdings Inc.": the prefix is part of the name its one party follows.
    let name = name.map(|byte| {
        ONE_PARTY_PREFIXES
            .iter()
            .find_map(|prefix| before[..byte].strip_suffix(prefix))
            .map_or(byte, str::len)
    });
    let name = name.or_else(|| match citation.kind {
        CitationKind::FullLaw | CitationKind::UnknownSection => statute_name_start(&before),
        _ => short_name_start(&before),
    });
    name.map_or(citation.start, |byte| {
        floor + before[..byte].chars().count()
    })
}

/// Byte offset of `name` in `before`, or of its longest tail of whole words: a party name read across a
/// sentence boundary ("C. Firestone Tire & Rubber Co." after "Appendix C.") starts where the sentence does.
fn rfind_name(before: &str, name: &str) -> Option<usize> {
    std::iter::once(0)
        .chain(name.match_indices(' ').map(|(i, _)| i + 1))
        .find_map(|tail| {
            let at = before.rfind(&name[tail..])?;
            // A tail of one word ("Co.") could be anywhere but at the sentence's start ("Pegram" of "Plan
            // B. Pegram").
            (tail == 0 || name[tail..].contains(' ') || before[..at].trim().is_empty())
                .then_some(at)
        })
}

/// Byte offset of a short case name right before a short form ("Kayes, 51 F.3d at 1459").
/// The name may have several words ("Burger King", "Int'l Shoe", "Jacob & Youngs").
fn short_name_start(before: &str) -> Option<usize> {
    let mut start = None;
    for (word_start, word) in words_before_comma(before)? {
        let part_of_name =
            word.chars().next().is_some_and(char::is_uppercase) || (start.is_some() && word == "&");
        // A comma ends the name: "The court agreed, Burger King, …".
        if !part_of_name || (start.is_some() && word.ends_with(',')) {
            break;
        }
        start = Some(word_start);
    }
    start
}

/// End of a citation's material: pin cite and parentheticals that follow it.
pub(super) fn citation_end(chars: &[char], citation: &Citation, limit: usize) -> usize {
    let mut end = citation.end;
    let mut depth = 0;
    let mut i = end;
    while i < limit {
        let c = chars[i];
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    end = i + 1;
                }
            }
            _ if depth > 0 => {}
            c if c.is_ascii_digit() || matches!(c, ',' | ' ' | '-' | '–' | '*' | '¶') => {}
            'a' | 't'
                if slice(chars, i, i + 3) == "at "
                    || (c == 't' && i > 0 && chars[i - 1] == 'a') => {}
            // A footnote pin: "111 n.6", "111 nn.6-7".
            'n' if i > 0 && chars[i - 1] == ' ' && footnote_mark(chars, i) > 0 => {
                i += footnote_mark(chars, i);
                continue;
            }
            _ => break,
        }
        if depth == 0 && (c.is_ascii_digit() || c == ')') {
            end = i + 1;
        }
        i += 1;
    }
    end
}

/// Length of "n." or "nn." at `i` when a footnote number follows, else 0.
fn footnote_mark(chars: &[char], i: usize) -> usize {
    let mark = if slice(chars, i, i + 3) == "nn." {
        3
    } else {
        2
    };
    let is_mark = slice(chars, i, i + mark).ends_with("n.")
        && chars
            .get(i + mark..)
            .and_then(|rest| rest.iter().find(|c| **c != ' '))
            .is_some_and(char::is_ascii_digit);
    if is_mark {
        mark
    } else {
        0
    }
}
