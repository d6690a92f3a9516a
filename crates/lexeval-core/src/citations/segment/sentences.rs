//! Sentence boundaries: periods, question and exclamation marks that end a sentence (not inside a citation,
//! parentheses or after an abbreviation), blank lines, footnote rules and list items.

use super::abbreviations;
use crate::citations::{Citation, CitationKind};

/// Whether a period after `word` leaves its sentence open: a word of the abbreviation lexicon, an initial or
/// one letter ("J.", "v."), or letters run together with periods ("U.S.", "S.D.N.Y.", "e.g.").
fn is_abbreviation(word: &str) -> bool {
    let word = word.trim_start_matches(['(', '"', '\'', '“']);
    let letters = word.chars().filter(|c| c.is_alphabetic()).count();
    letters == 1
        || (word.matches('.').count() > 1 && letters <= 6)
        || abbreviations::is_abbreviation(word)
}

/// Nouns that a one-letter label follows ("Exhibit A.", "Plan B.", "Shift C."): there the letter is not an
/// initial, and its period ends the sentence when one follows.
const LABELLED_NOUNS: [&str; 24] = [
    "annex",
    "appendix",
    "attachment",
    "category",
    "class",
    "count",
    "exhibit",
    "form",
    "grade",
    "group",
    "item",
    "level",
    "option",
    "part",
    "phase",
    "plan",
    "schedule",
    "section",
    "shift",
    "stage",
    "step",
    "tab",
    "tier",
    "type",
];

/// Whether `word` is a one-letter label after one of [`LABELLED_NOUNS`] or a subdivision's abbreviation
/// (`before` ends right before it).
fn labels_an_item(before: &[char], word: &str) -> bool {
    let letter = word.trim_end_matches('.');
    if letter.chars().count() != 1 || !letter.chars().all(char::is_uppercase) {
        return false;
    }
    let previous: String = before
        .iter()
        .rev()
        .skip_while(|c| c.is_whitespace())
        .take_while(|c| !c.is_whitespace())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    // A subdivision's abbreviation numbers what follows it: "U.S. Const. amend. I.", "pt. C."
    abbreviations::is_subdivision(&previous)
        || LABELLED_NOUNS
            .binary_search(&previous.to_lowercase().as_str())
            .is_ok()
}

pub(super) fn sentence_ranges(text: &str, citations: &[Citation]) -> Vec<(usize, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let marks = CitationMarks::new(chars.len(), citations);
    let protected = |i: usize| marks.protected[i];
    let closes_citation = |i: usize| marks.closes[i];
    let ends_book = |i: usize| marks.ends_book[i];
    let mut ranges = Vec::new();
    let mut start = list_item_start(&chars, 0).unwrap_or(0);
    let mut depth = 0i32;
    let mut i = start;
    while i < chars.len() {
        // A footnote rule ("——————", where a page's footnotes begin) ends a sentence; a list item starts
        // one even without a period before it, its marker left out.
        let next_line = || rule_line_end(&chars, i + 1).or_else(|| list_item_start(&chars, i + 1));
        if let Some(next) = (chars[i] == '\n').then(next_line).flatten() {
            push_trimmed(&chars, start, i, &mut ranges);
            start = next;
            depth = 0;
            i = next;
            continue;
        }
        match chars[i] {
            '(' | '[' => depth += 1,
            // A sentence in parentheses ("(Compl. ¶ 44.)", Bluepages B17) ends at its closing parenthesis.
            ')' if depth == 1
                && i > 0
                && chars[i - 1] == '.'
                && opens_parenthesis(&chars, start, i) =>
            {
                depth = 0;
                push_trimmed(&chars, start, i + 1, &mut ranges);
                start = i + 1;
            }
            ')' | ']' => depth = (depth - 1).max(0),
            '\n' if chars.get(i + 1) == Some(&'\n') => {
                push_trimmed(&chars, start, i, &mut ranges);
                start = i + 1;
                depth = 0;
            }
            '.' if depth == 0 && closes_citation(i) => {
                let next = chars[i + 1..]
                    .iter()
                    .position(|c| !c.is_whitespace())
                    .map(|p| i + 1 + p);
                let starts_word = next.is_none_or(|n| {
                    n > i + 1 && (chars[n].is_uppercase() || matches!(chars[n], '"' | '“' | '‘'))
                });
                if starts_word {
                    push_trimmed(&chars, start, i + 1, &mut ranges);
                    start = i + 1;
                }
            }
            // The full stops of scripts that mark sentences with their own (CJK 。, Devanagari ।, Urdu ۔,
            // Arabic ؟, full-width ！？): a sentence ends there, spaced or not, with no abbreviation to mistake.
            c if depth == 0 && is_script_full_stop(c) => {
                push_trimmed(&chars, start, i + 1, &mut ranges);
                start = i + 1;
            }
            '.' | '?' | '!' if depth == 0 && !protected(i) => {
                let mut end = i + 1;
                while end < chars.len() && matches!(chars[end], '"' | '\'' | '”' | '’' | ')') {
                    end += 1;
                }
                // A footnote mark glued to the end of a sentence ("is liable.3 The court") is left out of both.
                let marker = footnote_mark(&chars, i, end);
                let next = chars[end + marker..]
                    .iter()
                    .position(|c| !c.is_whitespace())
                    .map(|p| end + marker + p);
                let gap = next.is_none_or(|n| n > end + marker);
                let opens_sentence = next.is_none_or(|n| {
                    let c = chars[n];
                    c.is_uppercase()
                        || is_uncased_letter(c)
                        || c.is_ascii_digit()
                        || matches!(c, '"' | '“' | '‘' | '(' | '[' | '§')
                });
                let word_start = chars[..i]
                    .iter()
                    .rposition(|c| c.is_whitespace())
                    .map_or(0, |p| p + 1);
                let word: String = chars[word_start..=i].iter().collect();
                let after_letter = i > 0 && chars[i - 1].is_alphabetic();
                let abbreviation = chars[i] == '.'
                    && after_letter
                    && !ends_book(i)
                    && is_abbreviation(&word)
                    && !labels_an_item(&chars[..word_start], &word);
                if gap && opens_sentence && !abbreviation {
                    push_trimmed(&chars, start, end, &mut ranges);
                    start = end + marker;
                    i = start;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    push_trimmed(&chars, start, chars.len(), &mut ranges);
    ranges
}

/// What the citations say about each character position, looked up in constant time: a megabyte brief has
/// thousands of citations, and scanning them all at every period was quadratic (a second of a 1 MB check).
struct CitationMarks {
    /// Inside a citation (not a bare reference to one): its periods end no sentence.
    protected: Vec<bool>,
    /// The period that closes a citation ("Id.", "§ 1104(a)(1)."): it ends the sentence when a word
    /// follows. A record cite's period is not its own ("Pl.'s Br. 7. Defendant …"): the position right
    /// after a record cite counts.
    closes: Vec<bool>,
    /// Right after a treatise or restatement, or an Id. or supra naming a section of one: a period there
    /// ends the sentence even after "cmt. b".
    ends_book: Vec<bool>,
}

impl CitationMarks {
    fn new(len: usize, citations: &[Citation]) -> CitationMarks {
        let mut marks = CitationMarks {
            protected: vec![false; len + 1],
            closes: vec![false; len + 1],
            ends_book: vec![false; len + 1],
        };
        for c in citations {
            let (start, end) = (c.start.min(len), c.end.min(len));
            if c.kind != CitationKind::Reference {
                marks.protected[start..end].fill(true);
                if let Some(last) = c.end.checked_sub(1).filter(|&last| last <= len) {
                    marks.closes[last] = true;
                }
            }
            if c.end <= len {
                marks.closes[c.end] |= c.kind == CitationKind::Record;
                marks.ends_book[c.end] |= match c.kind {
                    CitationKind::Treatise | CitationKind::Restatement => true,
                    CitationKind::Id | CitationKind::Supra => c.section.is_some(),
                    _ => false,
                };
            }
        }
        marks
    }
}

/// A sentence-ending mark of a script other than Latin's.
fn is_script_full_stop(c: char) -> bool {
    matches!(
        c,
        '。' | '．' | '！' | '？' | '।' | '॥' | '۔' | '؟' | '።' | '။'
    )
}

/// A letter of a script without capitals (Arabic, Hebrew, Devanagari, CJK …), where any letter after a full
/// stop may open a sentence.
fn is_uncased_letter(c: char) -> bool {
    c.is_alphabetic() && !c.is_uppercase() && !c.is_lowercase()
}

/// Length of a footnote mark (one to three digits, then a space) right after the sentence end at `end` of a
/// word ending at `stop`: after a letter or a closing parenthesis or quote, never after a number ("1.5 The").
fn footnote_mark(chars: &[char], stop: usize, end: usize) -> usize {
    let after_word = stop > 0
        && (chars[stop - 1].is_alphabetic()
            || matches!(chars[stop - 1], ')' | ']' | '"' | '”' | '’')
            || end > stop + 1);
    let digits = chars[end..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    let spaced = chars.get(end + digits).is_some_and(|c| c.is_whitespace());
    if after_word && (1..=3).contains(&digits) && spaced {
        digits
    } else {
        0
    }
}

/// Whether the parenthesis closed at `close` opens the sentence that starts at `start`.
fn opens_parenthesis(chars: &[char], start: usize, close: usize) -> bool {
    chars[start..close]
        .iter()
        .find(|c| !c.is_whitespace())
        .is_some_and(|&c| c == '(')
        && !chars[start..close]
            .iter()
            .skip_while(|c| **c != '(')
            .skip(1)
            .any(|&c| c == '(' || c == ')')
}

/// Where the line after a line starting at `line` begins, when that line is a rule of three or more dashes
/// or underscores and nothing else.
fn rule_line_end(chars: &[char], line: usize) -> Option<usize> {
    let end = chars[line.min(chars.len())..]
        .iter()
        .position(|&c| c == '\n')
        .map_or(chars.len(), |p| line + p);
    let marks = chars[line..end].iter().filter(|c| !c.is_whitespace());
    let rule = marks.clone().count() >= 3
        && marks
            .clone()
            .all(|c| matches!(c, '—' | '─' | '–' | '-' | '_'));
    rule.then_some(end)
}

/// Where the text of a list item begins when a line starting at `line` opens with a list marker ("- ",
/// "* ", "• ", "1. ", "2) ", "(a) ", "b) "): the first character after the marker and its spaces.
fn list_item_start(chars: &[char], line: usize) -> Option<usize> {
    let is_blank = |c: &char| *c == ' ' || *c == '\t';
    let at = line
        + chars
            .get(line..)?
            .iter()
            .take_while(|c| is_blank(c))
            .count();
    let rest = chars.get(at..)?;
    let marker = match rest {
        ['-' | '*' | '•' | '–' | '·' | '◦' | '‣', ..] => 1,
        ['(', ..] => {
            let inner = rest[1..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric())
                .count();
            if (1..=3).contains(&inner) && rest.get(inner + 1) == Some(&')') {
                inner + 2
            } else {
                return None;
            }
        }
        [c, ..] if c.is_ascii_digit() => {
            let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
            if digits <= 3 && matches!(rest.get(digits), Some('.' | ')')) {
                digits + 1
            } else {
                return None;
            }
        }
        [c, ')', ..] if c.is_ascii_alphabetic() => 2,
        _ => return None,
    };
    let spaces = rest[marker..].iter().take_while(|c| is_blank(c)).count();
    (spaces > 0).then_some(at + marker + spaces)
}

fn push_trimmed(chars: &[char], start: usize, end: usize, out: &mut Vec<(usize, usize)>) {
    let mut s = start;
    let mut e = end.min(chars.len());
    while s < e && chars[s].is_whitespace() {
        s += 1;
    }
    while e > s && chars[e - 1].is_whitespace() {
        e -= 1;
    }
    if e > s {
        out.push((s, e));
    }
}
