//! Citation-aware sentence splitting and (claim, authorities) pairs.
//!
//! Sentences end at ". ", "? " or "! " before an upper-case letter, digit, quote or parenthesis, except
//! inside a citation, inside parentheses, or after an abbreviation ("v.", "Co.", "Cir.", "U.S.", "S. Ct.",
//! "Id.", signals such as "Cf.", single initials, reporters-db's case-name and state abbreviations). A blank
//! line ends a sentence, and so does a line that opens a list item ("- ", "1. ", "(a) "). A citation
//! sentence (starting with a signal such as "See" or with the citation itself) supports the preceding
//! textual sentence; a citation embedded in a sentence supports the clause before it; string cites share
//! one claim.

mod abbreviations;
mod attribution;
mod citation_sentence;
mod material;
#[cfg(test)]
mod sentence_tests;
mod sentences;

use super::running_heads::running_heads;
use super::{extract, Citation, CitationKind, CitationRole};
use crate::claims::AttributedClaim;
use attribution::{add_authorities, claim, sentence_claims};
use citation_sentence::is_citation_sentence;
use sentences::sentence_ranges;
use std::borrow::Cow;

/// Sentences of `text` as char offset ranges (start, end), end exclusive, whitespace trimmed.
pub fn split_sentences(text: &str) -> Vec<(usize, usize)> {
    let citations = extract(text);
    let (text, citations) = without_running_heads(text, &citations);
    sentence_ranges(&text, &citations)
}

/// `text` with its running heads blanked char for char (offsets stay those of `text`), so that a sentence
/// runs on across a page break, and the citations without the heads' own.
fn without_running_heads<'a>(
    text: &'a str,
    citations: &'a [Citation],
) -> (Cow<'a, str>, Cow<'a, [Citation]>) {
    let heads = running_heads(text);
    if heads.is_empty() {
        return (Cow::Borrowed(text), Cow::Borrowed(citations));
    }
    let mut blanked = String::with_capacity(text.len());
    let mut at = 0;
    for head in heads {
        blanked.push_str(&text[at..head.start]);
        blanked.extend(text[head.clone()].chars().map(|_| ' '));
        at = head.end;
    }
    blanked.push_str(&text[at..]);
    let kept = citations
        .iter()
        .filter(|c| c.role != CitationRole::RunningHead)
        .cloned()
        .collect();
    (Cow::Owned(blanked), Cow::Owned(kept))
}

/// (claim, authorities) pairs of `text`. Claims with no citation are kept with no authorities, so callers
/// can show them; L-FRESCO uses only cited claims.
pub fn claims(text: &str) -> Vec<AttributedClaim> {
    claims_with(text, &extract(text))
}

/// [`claims`] given the text's citations (as [`extract`] finds them), for callers that also need those.
pub fn claims_with(text: &str, citations: &[Citation]) -> Vec<AttributedClaim> {
    let (text, citations) = without_running_heads(text, citations);
    let (text, citations) = (text.as_ref(), citations.as_ref());
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<AttributedClaim> = Vec::new();
    for sentence in sentence_ranges(text, citations) {
        let inside: Vec<&Citation> = citations
            .iter()
            .filter(|c| c.start >= sentence.0 && c.end <= sentence.1)
            .collect();
        // A sentence that only names cases ("The program tracks Grutter rather than Gratz.") talks about
        // them; no citation supports it.
        let cited: Vec<&Citation> = inside
            .iter()
            .copied()
            .filter(|c| c.kind != CitationKind::Reference)
            .collect();
        if cited.is_empty() {
            out.push(claim(&chars, sentence.0, sentence.1, Vec::new()));
            continue;
        }
        if is_citation_sentence(&chars, sentence, &cited) {
            let authorities = inside.iter().filter_map(|c| c.support_key()).collect();
            match out.last_mut() {
                Some(previous) => add_authorities(previous, authorities),
                None => out.push(claim(&chars, sentence.0, sentence.0, authorities)),
            }
            continue;
        }
        out.extend(sentence_claims(&chars, sentence, &inside));
    }
    out
}

pub(super) fn slice(chars: &[char], start: usize, end: usize) -> String {
    let end = end.min(chars.len());
    chars[start.min(end)..end].iter().collect()
}
