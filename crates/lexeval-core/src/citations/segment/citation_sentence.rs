//! Citation sentences: a sentence made only of citations (after a signal such as "See", or opening with the
//! citation itself) supports the textual sentence before it.

use super::material::{citation_end, material_start};
use super::slice;
use crate::citations::clauses::own_words;
use crate::citations::{Citation, CitationKind};

/// Signals that open a citation sentence.
pub(super) const SIGNALS: [&str; 12] = [
    "see also",
    "see generally",
    "see, e.g.,",
    "see",
    "but see",
    "but cf.",
    "cf.",
    "accord",
    "e.g.,",
    "compare",
    "contra",
    "see id.",
];

pub(super) fn is_citation_sentence(
    chars: &[char],
    sentence: (usize, usize),
    inside: &[&Citation],
) -> bool {
    let Some(first) = inside.first() else {
        return false;
    };
    let material = material_start(chars, first, sentence.0);
    let raw = slice(chars, sentence.0, material);
    let prefix = strip_leading_signal(raw.trim());
    let words: Vec<&str> = prefix.split_whitespace().collect();
    // Nothing but a signal, a paragraph marker ("P", "¶") or a short case name ("Kayes, supra").
    let only_material = match words.as_slice() {
        [] => true,
        [word] => {
            word.chars().filter(|c| c.is_alphanumeric()).count() < 2
                || (word.ends_with(',') && word.chars().next().is_some_and(char::is_uppercase))
        }
        _ => false,
    };
    // Without a signal, a sentence may open with a case or statute as its subject: "Brown v. Board of
    // Education, 347 U.S. 483 (1954), held that …". An Id. or supra never is; words after one are text a
    // missed sentence end ran into ("Id., at 216.1 Aside from …", with its footnote mark glued on).
    let head = slice(chars, sentence.0, sentence.1);
    let head = head.trim_start();
    let signalled = strip_leading_signal(head).len() < head.len();
    let may_be_subject = !matches!(first.kind, CitationKind::Id | CitationKind::Supra);
    only_material && (signalled || !may_be_subject || !own_words_follow(chars, sentence, inside))
}

/// Whether the sentence's own words follow its citations: the first stretch after one that holds words
/// decides ("…, 347 U.S. 483 (1954), held that …" against "…, 50 T.C. 273 (1968), affd. per curiam …").
/// Citations inside another's parenthetical ("(quoting Regents of Univ. of Cal. v. Bakke, …; citation
/// omitted)") are part of that one's material.
fn own_words_follow(chars: &[char], sentence: (usize, usize), inside: &[&Citation]) -> bool {
    // Depth is carried from one citation to the next (they come in text order): one pass over the sentence.
    let (mut depth, mut at) = (0, sentence.0);
    let outer: Vec<&Citation> = inside
        .iter()
        .copied()
        .filter(|c| {
            let upto = c.start.max(at);
            depth = paren_depth(depth, &chars[at..upto]);
            at = upto;
            depth == 0
        })
        .collect();
    outer
        .iter()
        .enumerate()
        .find_map(|(index, citation)| {
            let next = outer.get(index + 1);
            let covered = citation_end(chars, citation, next.map_or(sentence.1, |n| n.start));
            let gap_end = next.map_or(sentence.1, |n| {
                material_start(chars, n, covered).max(covered)
            });
            own_words(&slice(chars, covered, gap_end))
        })
        .unwrap_or(false)
}

/// Parentheses and brackets left open at the end of `text`, `depth` of them open at its start.
fn paren_depth(depth: usize, text: &[char]) -> usize {
    text.iter().fold(depth, |depth, c| match c {
        '(' | '[' => depth + 1,
        ')' | ']' => depth.saturating_sub(1),
        _ => depth,
    })
}

/// `text` after the signal it opens with, whatever commas stand between the signal's words ("See also",
/// "See, also,", "See e.g.", "See, e.g.,"), the longest signal first.
fn strip_leading_signal(text: &str) -> &str {
    let words: Vec<(usize, &str)> = text
        .split_whitespace()
        .take(3)
        .map(|word| (word.as_ptr() as usize - text.as_ptr() as usize, word))
        .collect();
    let bare = |word: &str| word.trim_end_matches(',').to_lowercase();
    SIGNALS
        .iter()
        .map(|signal| signal.split_whitespace().map(bare).collect::<Vec<_>>())
        .filter(|signal| {
            signal.len() <= words.len()
                && signal.iter().zip(&words).all(|(s, (_, w))| *s == bare(w))
        })
        .max_by_key(Vec::len)
        .map_or(text, |signal| {
            let (at, last) = words[signal.len() - 1];
            text[at + last.len()..].trim_start_matches([',', ' '])
        })
}
