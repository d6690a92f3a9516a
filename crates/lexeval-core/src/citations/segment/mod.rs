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
#[cfg(test)]
mod attribution_tests;
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
    let sentences = sentence_ranges(text, citations);
    let chars = without_run_in_laws(text.chars().collect(), &sentences, citations);
    let mut out: Vec<AttributedClaim> = Vec::new();
    for sentence in sentences {
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
            match out
                .last_mut()
                .filter(|previous| can_be_supported(&previous.text))
            {
                Some(previous) => add_authorities(previous, authorities),
                None => out.push(claim(&chars, sentence.0, sentence.0, authorities)),
            }
            continue;
        }
        out.extend(sentence_claims(&chars, sentence, &inside));
    }
    out
}

/// Whether a citation sentence may support `claim`, the text before it: not punctuation alone (". See also
/// …" opening a paragraph) nor a heading or label ("References:", "Authorities") over a list of cites.
fn can_be_supported(claim: &str) -> bool {
    let words: Vec<&str> = claim.split_whitespace().collect();
    let label = words.len() <= 4 && claim.ends_with(':');
    let heading = words.len() <= 3
        && !claim.ends_with(['.', '?', '!'])
        && words.iter().all(|word| {
            word.starts_with(char::is_uppercase) || matches!(*word, "of" | "and" | "the")
        });
    // An empty claim holds the citation sentences that open a paragraph: the next ones join it.
    claim.is_empty() || (claim.chars().any(char::is_alphabetic) && !label && !heading)
}

/// `chars` with each statute or rule the sentence's own words run into ("… a prima facie case under 29
/// U.S.C. § 215(a)(3).", "Under 42 U.S.C. § 1983, a plaintiff …") blanked with [`CUT`], pins and
/// parentheticals included: its claim reads without it, as a cite set off by commas is left out. The
/// offsets stay those of the text.
fn without_run_in_laws(
    mut chars: Vec<char>,
    sentences: &[(usize, usize)],
    citations: &[Citation],
) -> Vec<char> {
    let mut laws = citations
        .iter()
        .filter(|c| c.kind == CitationKind::FullLaw && c.role.is_authority())
        .peekable();
    for &(start, end) in sentences {
        while let Some(law) = laws.next_if(|law| law.start < end) {
            if law.start < start || law.end > end || attribution::set_off(&chars, law, end) {
                continue;
            }
            // Citations come in text order: the next one after the law, if in this sentence.
            let next = citations.partition_point(|c| c.start < law.end);
            let limit = citations.get(next).map_or(end, |c| c.start.min(end));
            let cut_end = material::citation_end(&chars, law, limit);
            chars[law.start..cut_end].fill(CUT);
        }
    }
    chars
}

/// Stands in for a statute cut from a claim's text (see [`without_run_in_laws`]); never in a text.
const CUT: char = '\u{1}';

pub(super) fn slice(chars: &[char], start: usize, end: usize) -> String {
    let end = end.min(chars.len());
    chars[start.min(end)..end].iter().collect()
}
