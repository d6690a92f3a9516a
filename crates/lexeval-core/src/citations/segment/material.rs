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
    let name = name.or_else(|| match citation.kind {
        CitationKind::FullLaw | CitationKind::UnknownSection => statute_name_start(&before),
        _ => short_name_start(&before),
    });
    // "In re Lehman Bros. Holdings Inc.", "In re Dun, 130 F.R.D. at 369": the prefix is part of the name
    // its one party follows.
    let name = name.map(|byte| {
        ONE_PARTY_PREFIXES
            .iter()
            .find_map(|prefix| before[..byte].strip_suffix(prefix))
            .map_or(byte, str::len)
    });
    name.map_or(citation.start, |byte| {
        floor + before[..byte].chars().count()
    })
}

/// Byte offset of `name` in `before`, word for word whatever the spaces or line breaks between the words,
/// or of its longest tail of whole words: a party name read across a sentence boundary ("C. Firestone Tire
/// & Rubber Co." after "Appendix C.") starts where the sentence does.
fn rfind_name(before: &str, name: &str) -> Option<usize> {
    let words: Vec<(usize, &str)> = before
        .split_whitespace()
        .map(|word| (word.as_ptr() as usize - before.as_ptr() as usize, word))
        .collect();
    let name: Vec<&str> = name.split_whitespace().collect();
    (0..name.len()).find_map(|tail| {
        let wanted = &name[tail..];
        let last = words.len().checked_sub(wanted.len())?;
        let at = (0..=last)
            .rev()
            .find_map(|i| words_match(&words[i..i + wanted.len()], wanted))?;
        // A tail of one word ("Co.") could be anywhere but at the sentence's start ("Pegram" of "Plan
        // B. Pegram").
        (tail == 0 || wanted.len() > 1 || before[..at].trim().is_empty()).then_some(at)
    })
}

/// Where `wanted` starts in `found` (the text's words at one place, with their byte offsets), when the words
/// agree: the first may follow a bracket or quotation mark ("(Rice"), the last run into a comma ("Cayetano,").
fn words_match(found: &[(usize, &str)], wanted: &[&str]) -> Option<usize> {
    let (&(offset, first), &first_wanted) = (found.first()?, wanted.first()?);
    let start = match wanted.len() {
        1 => first.find(first_wanted)?,
        n => {
            let inner = found[1..n - 1]
                .iter()
                .zip(&wanted[1..n - 1])
                .all(|((_, f), w)| f == w);
            let last = found[n - 1].1.starts_with(wanted[n - 1]);
            (first.ends_with(first_wanted) && inner && last)
                .then(|| first.len() - first_wanted.len())?
        }
    };
    Some(offset + start)
}

/// Byte offset of a short case name right before a short form ("Kayes, 51 F.3d at 1459").
/// The name may have several words ("Burger King", "Int'l Shoe", "Jacob & Youngs").
fn short_name_start(before: &str) -> Option<usize> {
    let mut start = None;
    // "Kohler v. Kohler, supra, 319 F.2d at 641": a supra between the name and the cite.
    let before = before.trim_end().strip_suffix("supra,").unwrap_or(before);
    for (word_start, word) in words_before_comma(before)? {
        // An opening bracket or quotation mark is no part of the name ("… rulings (Collinson, 895 F.2d at
        // 1003 …").
        let name = word.trim_start_matches(['(', '[', '"', '“', '‘', '\'']);
        // A full name may stand before a short form ("Kohler v. Kohler, 319 F.2d at 641").
        let part_of_name = name.chars().next().is_some_and(char::is_uppercase)
            || (start.is_some() && matches!(word, "&" | "v." | "v" | "of" | "the"));
        // A comma ends the name: "The court agreed, Burger King, …".
        if !part_of_name || (start.is_some() && word.ends_with(',')) {
            break;
        }
        // A connector joins the words around it; the name starts at a capitalised word.
        if name.chars().next().is_some_and(char::is_uppercase) {
            start = Some(word_start + word.len() - name.len());
        }
        if name.len() < word.len() {
            break;
        }
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
            c if c.is_ascii_digit()
                || c.is_whitespace()
                || matches!(c, ',' | '-' | '–' | '*' | '¶') => {}
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
