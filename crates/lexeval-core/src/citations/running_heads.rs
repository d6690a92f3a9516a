//! Running heads of text extracted from a paginated document. pdftotext keeps a form feed at each page
//! break, and the next page opens with its running head: the page number and the case's title ("2
//! FISHER v. UNIVERSITY OF TEXAS AT AUSTIN") or the document's own citation ("Cite as: 570 U. S. ____
//! (2013)   3"), then the part's heading ("Syllabus", "Opinion of the Court", "THOMAS, J., concurring").
//! A sentence runs on across the head, and a citation in it is the document's own, never an authority. A
//! line starting "Cite as:" is a running head wherever it stands (a page pasted from a viewer has no form
//! feed).

use super::{Citation, CitationRole};
use std::ops::Range;

const FORM_FEED: char = '\x0c';
const OWN_CITATION: &str = "Cite as:";
/// A part's heading is short: "SCALIA, J., concurring in part and dissenting in part" is among the longest.
const HEADING_MAX_CHARS: usize = 72;
const HEADING_MAX_WORDS: usize = 6;
/// Centred by the layout: body lines are indented far less.
const CENTRED_INDENT: usize = 8;
/// The layout's gap between a page number and the title beside it.
const LAYOUT_GAP: &str = "   ";

/// Byte ranges of the running heads in `text`, in order, each with the line breaks and blank lines after
/// it, so that blanking one leaves the sentence around it whole.
pub fn running_heads(text: &str) -> Vec<Range<usize>> {
    if !text.contains(OWN_CITATION) && !text.contains(FORM_FEED) {
        return Vec::new();
    }
    let lines = lines(text);
    let content_after = |at: usize| (at..lines.len()).find(|&i| !lines[i].1.trim().is_empty());
    let mut heads = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let (start, line) = lines[at];
        let after_break = line.starts_with(FORM_FEED);
        let content = line.trim_start_matches(FORM_FEED);
        if !(is_own_citation(content) || after_break && is_page_title(content)) {
            at += 1;
            continue;
        }
        at += 1;
        // The part's heading, after blank lines, when a blank line follows it too.
        if let Some(i) = content_after(at)
            .filter(|&i| is_part_heading(lines[i].1, lines.get(i + 1), after_break))
        {
            at = i + 1;
        }
        let end = content_after(at).map_or(text.len(), |i| lines[i].0);
        heads.push(start..end);
    }
    heads
}

/// Gives each citation (byte offsets) that starts in a running head that role.
pub fn mark_running_heads(text: &str, found: &mut [Citation]) {
    let heads = running_heads(text);
    if heads.is_empty() {
        return;
    }
    for citation in found {
        // The heads are in order and apart: only the last one starting at or before the citation can hold it.
        let after = heads.partition_point(|head| head.start <= citation.start);
        if after > 0 && heads[after - 1].contains(&citation.start) {
            citation.role = CitationRole::RunningHead;
        }
    }
}

/// Lines with their byte offsets and without their line breaks; a form feed starts a line of its own even
/// where no line break comes before it.
fn lines(text: &str) -> Vec<(usize, &str)> {
    let mut lines = Vec::new();
    let mut start = 0;
    for (at, byte) in text.bytes().enumerate() {
        let ends_line = byte == b'\n' || byte == b'\x0c' && at > start;
        if ends_line {
            lines.push((start, text[start..at].trim_end_matches('\r')));
            start = if byte == b'\n' { at + 1 } else { at };
        }
    }
    if start < text.len() {
        lines.push((start, &text[start..]));
    }
    lines
}

fn is_own_citation(line: &str) -> bool {
    line.trim_start().starts_with(OWN_CITATION)
}

/// A page's first line: its number alone, or set apart from the title by the layout's run of spaces, either
/// way round ("2           FISHER v. UNIVERSITY OF TEXAS AT AUSTIN").
fn is_page_title(line: &str) -> bool {
    let line = line.trim();
    let is_number = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    is_number(line)
        || line
            .split_once(LAYOUT_GAP)
            .is_some_and(|(number, _)| is_number(number))
        || line
            .rsplit_once(LAYOUT_GAP)
            .is_some_and(|(_, number)| is_number(number.trim_start()))
}

/// A short line standing alone, a blank line after it: after a page break, centred or of a few words;
/// after a "Cite as:" line anywhere else, centred.
fn is_part_heading(line: &str, next: Option<&(usize, &str)>, after_break: bool) -> bool {
    let trimmed = line.trim();
    let centred = line.len() - line.trim_start().len() >= CENTRED_INDENT;
    next.is_none_or(|(_, next)| next.trim().is_empty())
        && trimmed.chars().count() <= HEADING_MAX_CHARS
        && (centred || after_break && trimmed.split_whitespace().count() <= HEADING_MAX_WORDS)
}

#[cfg(test)]
mod tests {
    use super::running_heads;

    #[test]
    fn heads_are_in_order_and_apart() {
        // eyecite's opinion, a slip opinion with its heads, twice, a page's head between.
        let opinion =
            crate::test_support::repository_file("tests/parity/eyecite_suite/opinion.txt");
        let text = format!(
            "{opinion}\u{c}3    FISHER v. TEXAS\n\nCite as: 570 U. S. ____ (2013)\n\n{opinion}"
        );
        let heads = running_heads(&text);
        assert!(heads.len() > 2);
        assert!(
            heads.windows(2).all(|pair| pair[0].end <= pair[1].start),
            "{heads:?}"
        );
    }

    /// Each head's lines, trimmed.
    fn heads(text: &str) -> Vec<Vec<&str>> {
        running_heads(text)
            .into_iter()
            .map(|range| {
                text[range]
                    .split(['\n', '\u{c}'])
                    .map(str::trim)
                    .filter(|line| !line.is_empty())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_slip_opinions_heads_are_its_citation_or_title_and_the_parts_heading() {
        let text = "whether the University's decision\n\u{c}                     Cite as: 570 U. S. \
                    ____ (2013)                    3\n\n                                Syllabus\n\n    \
                    to use race was made in good faith.\n\u{c}6        FISHER v. UNIVERSITY OF TEXAS AT \
                    AUSTIN\n\n                     Opinion of the Court\n\n    the Court of Appeals \
                    held.\n";
        assert_eq!(
            heads(text),
            [
                vec![
                    "Cite as: 570 U. S. ____ (2013)                    3",
                    "Syllabus"
                ],
                vec![
                    "6        FISHER v. UNIVERSITY OF TEXAS AT AUSTIN",
                    "Opinion of the Court"
                ],
            ]
        );
        // Blanked, the heads leave each sentence whole: the text resumes right after them.
        let ranges = running_heads(text);
        assert!(text[ranges[0].end..].starts_with("    to use race"));
    }

    #[test]
    fn body_text_after_a_page_break_is_not_a_head() {
        let text = "the first page ends\n\u{c}and the sentence runs on\nacross the break.\n";
        assert!(heads(text).is_empty());
        let numbered = "ends\n\u{c}12 U.S.C. § 1983 provides a remedy\nfor it.\n";
        assert!(heads(numbered).is_empty());
    }

    #[test]
    fn a_cite_as_line_is_a_head_without_a_form_feed() {
        let text = "Cite as: 2019 WL 1234567\n\nThe claim fails.\n\nSo it was held.";
        assert_eq!(heads(text), [vec!["Cite as: 2019 WL 1234567"]]);
    }
}
