//! A regex tried only at chosen starts of a long text instead of run over all of it: a form whose every
//! match holds a cheap literal (found by Aho-Corasick) within a known reach of its start is tried, anchored,
//! at the few starts that reach allows, and gives the matches the whole-text search gives.

use regex::{Captures, Regex};
use std::ops::Range;

/// A pattern read anchored at a start: `^`, the char before the start (so a `\b` opening the pattern sees
/// it), then the pattern as the group `at`.
pub struct AtStarts(Regex);

/// One match: its captures index a haystack that starts `from` bytes into the text, or, at the text's
/// start, a copy with a space before it (`from` None).
pub struct Hit<'h> {
    pub caps: Captures<'h>,
    from: Option<usize>,
}

impl Hit<'_> {
    /// The text's byte range of a match of the captures.
    pub fn range(&self, m: regex::Match) -> Range<usize> {
        self.offset(m.start())..self.offset(m.end())
    }

    /// The whole match's range in the text.
    pub fn whole(&self) -> Range<usize> {
        self.caps.name("at").map_or(0..0, |m| self.range(m))
    }

    fn offset(&self, at: usize) -> usize {
        self.from.map_or(at - 1, |from| from + at)
    }
}

impl AtStarts {
    pub fn new(pattern: &str) -> Result<AtStarts, regex::Error> {
        Regex::new(&format!(r"^(?s:.)(?P<at>{pattern})")).map(AtStarts)
    }

    /// Calls `each` with every match of the pattern in `text`, in order, as the whole-text search finds
    /// them (leftmost first, each search going on after the last match), provided every match starts at
    /// one of `starts` (ascending, char boundaries) and none is empty.
    pub fn for_each(&self, text: &str, starts: &[usize], mut each: impl FnMut(&Hit)) {
        // No char precedes the text's start: read a copy with a space before it (a space is no word char).
        let mut spaced = None;
        let mut searched_to = 0;
        for &start in starts {
            if start < searched_to {
                continue;
            }
            let (haystack, from) = match text[..start].chars().next_back() {
                Some(before) => {
                    let from = start - before.len_utf8();
                    (&text[from..], Some(from))
                }
                None => (
                    spaced.get_or_insert_with(|| format!(" {text}")).as_str(),
                    None,
                ),
            };
            // Most starts fail: `is_match` allocates no capture slots.
            if !self.0.is_match(haystack) {
                continue;
            }
            let Some(caps) = self.0.captures(haystack) else {
                continue;
            };
            let hit = Hit { caps, from };
            searched_to = hit.whole().end;
            each(&hit);
        }
    }
}

fn is_word_byte(byte: Option<&u8>) -> bool {
    byte.is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
}

/// Whether an ASCII word boundary (`(?-u:\b)`) is at byte `at`: never inside a char.
pub fn word_boundary(text: &str, at: usize) -> bool {
    let bytes = text.as_bytes();
    let before = at.checked_sub(1).and_then(|i| bytes.get(i));
    is_word_byte(before) != is_word_byte(bytes.get(at))
}

/// The byte `units` units before byte `at` (a char boundary), a unit being one char or one run of
/// whitespace; 0 when the text starts sooner.
pub fn units_before(text: &str, at: usize, units: usize) -> usize {
    let mut chars = text[..at].char_indices().rev().peekable();
    let mut start = at;
    for _ in 0..units {
        let Some((i, c)) = chars.next() else {
            return 0;
        };
        start = i;
        if c.is_whitespace() {
            while let Some((i, _)) = chars.next_if(|(_, c)| c.is_whitespace()) {
                start = i;
            }
        }
    }
    start
}

/// Asserts that `at` tried at `starts(text)` finds what `whole_text` finds over the whole text (each
/// match's range and its `title` group), on [`real_texts`] and `odd`, and that at least `at_least` matches
/// were compared.
#[cfg(test)]
pub fn assert_same_as_whole_text(
    whole_text: &Regex,
    at: &AtStarts,
    starts: fn(&str) -> Vec<usize>,
    odd: &str,
    at_least: usize,
) {
    let mut texts = real_texts();
    texts.push(odd.to_string());
    let mut compared = 0;
    for text in &texts {
        let expected: Vec<_> = whole_text
            .captures_iter(text)
            .map(|caps| (caps.get(0).unwrap().range(), caps["title"].to_string()))
            .collect();
        let mut found = Vec::new();
        at.for_each(text, &starts(text), |hit| {
            found.push((hit.whole(), hit.caps["title"].to_string()))
        });
        compared += expected.len();
        assert_eq!(found, expected, "{text}");
    }
    assert!(compared >= at_least, "only {compared} matches compared");
}

/// Real text no one here wrote, to check a search at starts against the whole text's: eyecite's opinion,
/// and every CLERC paragraph (`LEXEVAL_SHARED`) as printed and with its whitespace squeezed.
#[cfg(test)]
pub fn real_texts() -> Vec<String> {
    let clerc = crate::test_support::shared_fixture("clerc/gaze_gaps_generation_pairs.jsonl");
    let paragraphs: Vec<String> = clerc
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .flat_map(|row| {
            ["gold_text", "generation"].map(|k| row[k].as_str().unwrap_or("").to_string())
        })
        .collect();
    let squeezed = paragraphs.iter().map(|t| super::normalise_space(t.clone()));
    let opinion = crate::test_support::repository_file("tests/parity/eyecite_suite/opinion.txt");
    paragraphs
        .iter()
        .cloned()
        .chain(squeezed)
        .chain([opinion])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every match of `pattern` over the whole text, as (range, text).
    fn whole_text(pattern: &str, text: &str) -> Vec<(Range<usize>, String)> {
        Regex::new(pattern)
            .unwrap()
            .find_iter(text)
            .map(|m| (m.range(), m.as_str().to_string()))
            .collect()
    }

    fn at_starts(pattern: &str, text: &str) -> Vec<(Range<usize>, String)> {
        let starts: Vec<usize> = (0..=text.len())
            .filter(|&at| word_boundary(text, at))
            .collect();
        let mut found = Vec::new();
        AtStarts::new(pattern)
            .unwrap()
            .for_each(text, &starts, |hit| {
                found.push((hit.whole(), text[hit.whole()].to_string()))
            });
        found
    }

    #[test]
    fn matches_at_the_word_boundaries_are_the_whole_texts() {
        let pattern = r"(?-u:\b)(?:[A-Z]\w*\s+)?[A-Z]\w*\.\s+\d+";
        for text in [
            "Compl. 44 and Smith Decl. 3; éDecl. 5, xDecl. 6",
            "Decl. 1 at the start, overlapping Ab Cd. 12 Ef. 13",
            "ÀB. 7 after a non-ASCII letter",
        ] {
            assert_eq!(
                at_starts(pattern, text),
                whole_text(pattern, text),
                "{text}"
            );
        }
    }

    #[test]
    fn a_run_of_whitespace_is_one_unit() {
        let text = "ab  \n\t cd e";
        assert_eq!(units_before(text, 8, 1), 7);
        assert_eq!(units_before(text, 8, 2), 2);
        assert_eq!(units_before(text, 8, 3), 1);
        assert_eq!(units_before(text, 8, 9), 0);
        assert_eq!(units_before(text, 10, 1), 9);
    }
}
