//! Quotations: words in quotation marks in a generated claim, attributed to each authority the claim cites,
//! compared with what the reference quotes in its claims citing the same authority. A quotation the
//! reference gives whole or in part is fine; one close to a reference quotation but not equal differs
//! (words changed, a "not" added or dropped); one far from every reference quotation of that authority is
//! one the reference does not contain. An authority the reference quotes nothing from is not compared.

use super::{Check, QuoteChange};
use crate::authority_key::AuthorityKey;
use crate::claims::AttributedClaim;
use std::collections::HashMap;

/// Shorter quotations are terms ("appropriate equitable relief"), not passages to compare.
const MIN_WORDS: usize = 4;

/// The share of the shorter quotation's words, in order, in the other, from which two quotations are one
/// passage quoted differently rather than two passages.
const SAME_PASSAGE: f64 = 0.6;

/// The passages in double quotation marks (curly or straight) of a claim's text. A straight mark opens
/// only at a word's start and closes only after a word, so a claim that begins or ends inside a quotation
/// does not pair the wrong marks.
pub fn passages(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut open: Option<usize> = None;
    let mut before: Option<char> = None;
    for (at, c) in text.char_indices() {
        let after_word = before.is_some_and(|b| !b.is_whitespace() && !"([—–".contains(b));
        match (c, open) {
            ('“', _) => open = Some(at + c.len_utf8()),
            ('”', Some(start)) => {
                found.push(&text[start..at]);
                open = None;
            }
            ('"', Some(start)) if after_word => {
                found.push(&text[start..at]);
                open = None;
            }
            ('"', _) if !after_word => open = Some(at + 1),
            _ => {}
        }
        before = Some(c);
    }
    found
}

fn words(passage: &str) -> Vec<String> {
    passage
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
        .filter(|w| !w.is_empty())
        .map(|w| w.replace('’', "'").to_lowercase())
        .collect()
}

fn is_negation(word: &str) -> bool {
    matches!(word, "not" | "no" | "never" | "cannot" | "nor" | "neither") || word.ends_with("n't")
}

/// The longest common subsequence of two word lists, as the matched index pairs.
fn common(a: &[String], b: &[String]) -> Vec<(usize, usize)> {
    let mut table = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            table[i][j] = if a[i] == b[j] {
                table[i + 1][j + 1] + 1
            } else {
                table[i + 1][j].max(table[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut pairs) = (0, 0, Vec::new());
    while i < a.len() && j < b.len() {
        if a[i] == b[j] {
            pairs.push((i, j));
            (i, j) = (i + 1, j + 1);
        } else if table[i + 1][j] >= table[i][j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    pairs
}

fn contains(long: &[String], short: &[String]) -> bool {
    long.windows(short.len()).any(|window| window == short)
}

/// How `quoted` (words) stands to a reference quotation: None when one contains the other, else the share
/// of the shorter's words in common and the change.
fn compare(quoted: &[String], reference: &[String]) -> Option<(f64, QuoteChange)> {
    if contains(reference, quoted) || contains(quoted, reference) {
        return None;
    }
    let pairs = common(quoted, reference);
    let share = pairs.len() as f64 / quoted.len().min(reference.len()) as f64;
    // The reference's words the quotation lines up with, so negations elsewhere in a longer reference
    // quotation are not counted.
    let span = match (pairs.first(), pairs.last()) {
        (Some(&(_, first)), Some(&(_, last))) => &reference[first..=last],
        _ => reference,
    };
    let negations = |words: &[String]| words.iter().filter(|w| is_negation(w)).count();
    let change = match negations(quoted).cmp(&negations(span)) {
        std::cmp::Ordering::Greater => QuoteChange::NegationAdded,
        std::cmp::Ordering::Less => QuoteChange::NegationDropped,
        std::cmp::Ordering::Equal => QuoteChange::WordsChanged,
    };
    Some((share, change))
}

/// The findings on each quotation of the candidate's claims, with the authority it is attributed to and
/// the claim's start (to find the citation it belongs to).
pub fn check(
    reference: &[AttributedClaim],
    candidate: &[AttributedClaim],
) -> Vec<(usize, AuthorityKey, Check)> {
    let mut quoted: HashMap<&AuthorityKey, Vec<(&str, Vec<String>)>> = HashMap::new();
    for claim in reference {
        for passage in passages(&claim.text) {
            let words = words(passage);
            if words.len() < MIN_WORDS {
                continue;
            }
            for key in &claim.authorities {
                quoted
                    .entry(key)
                    .or_default()
                    .push((passage, words.clone()));
            }
        }
    }
    let mut found = Vec::new();
    for claim in candidate {
        for passage in passages(&claim.text) {
            let own = words(passage);
            if own.len() < MIN_WORDS {
                continue;
            }
            for key in &claim.authorities {
                let Some(reference) = quoted.get(key) else {
                    continue;
                };
                let compared: Option<Vec<_>> = reference
                    .iter()
                    .map(|(text, words)| compare(&own, words).map(|c| (c, *text)))
                    .collect();
                // None: a reference quotation contains it, or it the reference's.
                let Some(compared) = compared else { continue };
                let closest = compared
                    .into_iter()
                    .max_by(|((a, _), _), ((b, _), _)| a.total_cmp(b));
                let check = match closest {
                    Some(((share, change), text)) if share >= SAME_PASSAGE => Check::Quotation {
                        quoted: passage.to_string(),
                        reference_quoted: Some(text.to_string()),
                        change,
                    },
                    _ => Check::Quotation {
                        quoted: passage.to_string(),
                        reference_quoted: None,
                        change: QuoteChange::NotInReference,
                    },
                };
                found.push((claim.start, key.clone(), check));
            }
        }
    }
    found
}
