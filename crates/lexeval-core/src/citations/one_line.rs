//! Cites printed across a line break ("Palmore v. Sidoti, 466 U. S.\n429 (1984)", hard-wrapped opinions and
//! briefs pasted from a PDF): the patterns, written for one line as eyecite's are, read a copy of the text
//! with each run of spaces and line breaks inside a paragraph made one space; offsets map back.

use super::db::EditionRef;
use super::{extract, Citation};
use std::borrow::Cow;

/// The text with the whitespace inside each paragraph squeezed, and where it was squeezed.
struct OneLine<'a> {
    text: Cow<'a, str>,
    /// (offset in the copy just after a squeezed run, bytes removed up to there), ascending.
    shifts: Vec<(usize, usize)>,
}

impl<'a> OneLine<'a> {
    fn new(text: &'a str) -> Self {
        let irregular = |run: &str| run != " ";
        if !whitespace_runs(text).any(|(start, end)| irregular(&text[start..end])) {
            return OneLine {
                text: Cow::Borrowed(text),
                shifts: Vec::new(),
            };
        }
        let mut copy = String::with_capacity(text.len());
        let mut shifts = Vec::new();
        let (mut at, mut removed) = (0, 0);
        for (start, end) in whitespace_runs(text) {
            let run = &text[start..end];
            copy.push_str(&text[at..start]);
            at = end;
            // A blank line ends a paragraph: no cite runs across it.
            if run.matches('\n').count() > 1 || !irregular(run) {
                copy.push_str(run);
                continue;
            }
            copy.push(' ');
            if run.len() > 1 {
                removed += run.len() - 1;
                shifts.push((copy.len(), removed));
            }
        }
        copy.push_str(&text[at..]);
        OneLine {
            text: Cow::Owned(copy),
            shifts,
        }
    }

    /// The offset in the original text of byte `at` of the copy.
    fn original(&self, at: usize) -> usize {
        let index = self.shifts.partition_point(|&(after, _)| after <= at);
        at + index.checked_sub(1).map_or(0, |i| self.shifts[i].1)
    }
}

/// Byte ranges of the runs of whitespace in `text`.
fn whitespace_runs(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        let start = loop {
            let (width, space) = char_at(text, at)?;
            if space {
                break at;
            }
            at += width;
        };
        while let Some((width, true)) = char_at(text, at) {
            at += width;
        }
        Some((start, at))
    })
}

/// The width in bytes of the char at byte `at` of `text` and whether it is whitespace; ASCII is read
/// byte by byte (decoding every char was most of squeezing a long opinion).
fn char_at(text: &str, at: usize) -> Option<(usize, bool)> {
    let byte = *text.as_bytes().get(at)?;
    if byte.is_ascii() {
        return Some((1, char::from(byte).is_whitespace()));
    }
    let c = text.get(at..)?.chars().next()?;
    Some((c.len_utf8(), c.is_whitespace()))
}

/// [`extract::raw_citations`] of `text`, reading a cite across a line break; byte offsets of `text`.
pub fn raw_citations(text: &str) -> (Vec<Citation>, Vec<Vec<EditionRef>>) {
    let one_line = OneLine::new(text);
    let (mut citations, editions) = extract::raw_citations(&one_line.text);
    if let Cow::Owned(_) = one_line.text {
        for citation in &mut citations {
            citation.start = one_line.original(citation.start);
            citation.end = one_line.original(citation.end);
        }
    }
    (citations, editions)
}

#[cfg(test)]
mod tests {
    use super::{whitespace_runs, OneLine};

    #[test]
    fn offsets_map_back_across_squeezed_runs() {
        let text = "Sidoti, 466 U. S.\n    429 (1984).\n\nNext  para";
        let one_line = OneLine::new(text);
        assert_eq!(one_line.text, "Sidoti, 466 U. S. 429 (1984).\n\nNext para");
        let page = one_line.text.find("429").unwrap();
        assert_eq!(&text[one_line.original(page)..][..3], "429");
        let space = one_line.text.find(" 429").unwrap();
        assert_eq!(one_line.original(space), text.find("\n").unwrap());
        let last = one_line.text.find("para").unwrap();
        assert_eq!(&text[one_line.original(last)..], "para");
    }

    #[test]
    fn runs_are_read_across_non_ascii_chars() {
        let text = "§\u{a0}1983 —\u{2003} é\n";
        let runs: Vec<_> = whitespace_runs(text).collect();
        let expected: Vec<_> = text
            .char_indices()
            .filter(|&(at, c)| {
                c.is_whitespace()
                    && !text[..at]
                        .chars()
                        .next_back()
                        .is_some_and(char::is_whitespace)
            })
            .map(|(start, _)| {
                let end = text[start..]
                    .char_indices()
                    .find(|(_, c)| !c.is_whitespace())
                    .map_or(text.len(), |(at, _)| start + at);
                (start, end)
            })
            .collect();
        assert_eq!(runs, expected);
        assert_eq!(runs.len(), 4);
    }

    #[test]
    fn single_spaces_borrow_the_text() {
        assert!(OneLine::new("466 U. S. 429").shifts.is_empty());
    }
}
