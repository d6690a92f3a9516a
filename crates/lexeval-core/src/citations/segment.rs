//! Citation-aware sentence splitting and (claim, authorities) pairs.
//!
//! Sentences end at ". ", "? " or "! " before an upper-case letter, digit, quote or parenthesis, except
//! inside a citation, inside parentheses, or after an abbreviation ("v.", "Co.", "Cir.", "U.S.", "S. Ct.",
//! "Id.", signals such as "Cf.", single initials, reporters-db's case-name and state abbreviations). A blank
//! line ends a sentence, and so does a line that opens a list item ("- ", "1. ", "(a) "). A citation
//! sentence (starting with a signal such as "See" or with the citation itself) supports the preceding
//! textual sentence; a citation embedded in a sentence supports the clause before it; string cites share
//! one claim.

use super::clauses::{own_words, statute_name_start, words_before_comma};
use super::parties::ONE_PARTY_PREFIXES;
use super::{db, extract, Citation, CitationKind};
use crate::claims::AttributedClaim;

/// Abbreviations after which a period does not end a sentence (compared lower-case, period included), besides
/// reporters-db's case-name and state abbreviations.
const ABBREVIATIONS: [&str; 75] = [
    "v.", "vs.", "rel.", "co.", "corp.", "inc.", "ltd.", "llc.", "cir.", "ct.", "s.", "id.",
    "ibid.", "cf.", "e.g.", "i.e.", "no.", "nos.", "mr.", "mrs.", "ms.", "dr.", "jr.", "sr.",
    "st.", "al.", "fed.", "app.", "supp.", "dist.", "rev.", "stat.", "ann.", "sec.", "reg.",
    "art.", "ch.", "para.", "pp.", "p.", "n.", "nn.", "u.s.", "u.s.c.", "f.", "l.", "ed.", "jan.",
    "feb.", "mar.", "apr.", "jun.", "jul.", "aug.", "sept.", "sep.", "oct.", "nov.", "dec.",
    "bros.", "ass'n.", "dep't.", "gov't.", "cal.", "sup.", "civ.", "crim.", "const.", "amend.",
    "pet.", "br.", "cl.", "tit.", "pt.", "subch.",
];

/// Signals that open a citation sentence.
const SIGNALS: [&str; 12] = [
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

fn is_abbreviation(word: &str) -> bool {
    let word = word.trim_start_matches(['(', '"', '\'', '“']);
    let lower = word.to_lowercase();
    let letters = lower.chars().filter(|c| c.is_alphabetic()).count();
    // A capitalised one- or two-letter word ("Pa.", "Ct.") is an abbreviation; "EU." and "Act." end sentences.
    let short_capitalised = letters <= 2
        && word.chars().next().is_some_and(char::is_uppercase)
        && word.chars().skip(1).all(|c| !c.is_uppercase());
    ABBREVIATIONS.contains(&lower.as_str())
        || db::table().is_abbreviation(word)
        || letters == 1
        || (lower.matches('.').count() > 1 && letters <= 6)
        || short_capitalised
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

/// Whether `word` is a one-letter label after one of [`LABELLED_NOUNS`] (`before` ends right before it).
fn labels_an_item(before: &[char], word: &str) -> bool {
    let letter = word.trim_end_matches('.');
    if letter.chars().count() != 1 || !letter.chars().all(char::is_uppercase) {
        return false;
    }
    let previous: String = before
        .iter()
        .rev()
        .skip_while(|c| c.is_whitespace())
        .take_while(|c| c.is_alphabetic())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect::<String>()
        .to_lowercase();
    LABELLED_NOUNS.binary_search(&previous.as_str()).is_ok()
}

/// Sentences of `text` as char offset ranges (start, end), end exclusive, whitespace trimmed.
pub fn split_sentences(text: &str) -> Vec<(usize, usize)> {
    let citations = extract(text);
    sentence_ranges(text, &citations)
}

fn sentence_ranges(text: &str, citations: &[Citation]) -> Vec<(usize, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let protected = |i: usize| {
        citations
            .iter()
            .any(|c| c.start <= i && i < c.end && c.kind != CitationKind::Reference)
    };
    // The period that closes a citation ("Id.", "§ 1104(a)(1)."): it ends the sentence when a word follows.
    let closes_citation = |i: usize| {
        citations.iter().any(|c| {
            // A record cite's period is not its own: "Pl.'s Br. 7. Defendant …".
            (c.end == i + 1 && c.kind != CitationKind::Reference)
                || (c.end == i && c.kind == CitationKind::Record)
        })
    };
    // A period right after a treatise or restatement, or an Id. or supra naming a section of one, ends
    // the sentence even after "cmt. b".
    let ends_book = |i: usize| {
        citations.iter().any(|c| {
            c.end == i
                && match c.kind {
                    CitationKind::Treatise | CitationKind::Restatement => true,
                    CitationKind::Id | CitationKind::Supra => c.section.is_some(),
                    _ => false,
                }
        })
    };
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
            '.' | '?' | '!' if depth == 0 && !protected(i) => {
                let mut end = i + 1;
                while end < chars.len() && matches!(chars[end], '"' | '\'' | '”' | '’' | ')') {
                    end += 1;
                }
                let next = chars[end..]
                    .iter()
                    .position(|c| !c.is_whitespace())
                    .map(|p| end + p);
                let gap = next.is_none_or(|n| n > end);
                let opens_sentence = next.is_none_or(|n| {
                    let c = chars[n];
                    c.is_uppercase()
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
                    start = end;
                    i = end;
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

fn slice(chars: &[char], start: usize, end: usize) -> String {
    let end = end.min(chars.len());
    chars[start.min(end)..end].iter().collect()
}

/// Where the citation's material begins: its case name ("Kayes v. Pacific Lumber Co., ") or a supra's
/// authors ("Wright & Miller, supra") if any.
fn material_start(chars: &[char], citation: &Citation, floor: usize) -> usize {
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
        // A tail of one word ("Co.") could be anywhere.
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

/// Strips signals, citation leftovers and punctuation from a claim's text.
fn clean_claim(text: &str) -> String {
    let mut claim = text.trim().trim_matches([',', ';', ':']).trim().to_string();
    // A trailing signal ("…, see") belongs to the citation that was cut after it.
    while let Some(keep) = SIGNALS.iter().find_map(|signal| {
        let keep = claim.len().checked_sub(signal.len())?;
        let tail = claim.get(keep..)?;
        let head = &claim[..keep];
        (tail.eq_ignore_ascii_case(signal) && (head.is_empty() || head.ends_with(' ')))
            .then_some(keep)
    }) {
        claim = claim[..keep]
            .trim()
            .trim_end_matches(',')
            .trim()
            .to_string();
    }
    claim
}

fn is_citation_sentence(chars: &[char], sentence: (usize, usize), inside: &[&Citation]) -> bool {
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

fn strip_leading_signal(text: &str) -> &str {
    let lower = text.to_lowercase();
    SIGNALS
        .iter()
        .filter(|signal| lower.starts_with(*signal))
        .filter_map(|signal| {
            text.get(..signal.len())
                .filter(|head| head.eq_ignore_ascii_case(signal))
                .and(text.get(signal.len()..))
        })
        .find(|rest| rest.is_empty() || rest.starts_with(|c: char| c.is_whitespace() || c == ','))
        .map(|rest| rest.trim_start_matches([',', ' ']))
        .unwrap_or(text)
}

/// (claim, authorities) pairs of `text`. Claims with no citation are kept with no authorities, so callers
/// can show them; L-FRESCO uses only cited claims.
pub fn claims(text: &str) -> Vec<AttributedClaim> {
    claims_with(text, &extract(text))
}

/// [`claims`] given the text's citations (as [`extract`] finds them), for callers that also need those.
pub fn claims_with(text: &str, citations: &[Citation]) -> Vec<AttributedClaim> {
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
            let authorities = inside.iter().map(|c| c.support_key()).collect();
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

/// A stretch of a sentence between citations, and the authorities cited right after it.
struct Segment {
    start: usize,
    end: usize,
    authorities: Vec<String>,
    /// The case name after it is the sentence's own words ("The Court in Brown v. Board of Education,
    /// 347 U.S. 483 (1954), held …"): the clause runs on past the citation.
    runs_on: bool,
    /// Its text when it joins stretches around a citation (the case name kept, the cite left out).
    text: Option<String>,
    /// Where the cite after it starts (its case name lies between `end` and here).
    cite: usize,
}

impl Segment {
    fn new(start: usize, end: usize, authorities: Vec<String>) -> Self {
        Segment {
            start,
            end,
            authorities,
            runs_on: false,
            text: None,
            cite: end,
        }
    }

    fn text(&self, chars: &[char]) -> String {
        self.text
            .clone()
            .unwrap_or_else(|| slice(chars, self.start, self.end))
    }
}

/// Whether the case name starting at `material` follows a word with no punctuation between ("in Brown
/// v. Board", "The Court in Brown"): the name is part of the sentence, not a citation clause after it.
fn name_runs_on(chars: &[char], start: usize, material: usize, citation: &Citation) -> bool {
    material < citation.start
        && chars[start.min(material)..material]
            .iter()
            .rev()
            .find(|c| !c.is_whitespace())
            .is_some_and(|c| c.is_alphanumeric())
}

/// Joins each run-on stretch with the one after its citation: one claim, supported by that citation,
/// reading "The Court in Brown v. Board of Education held …".
fn join_run_ons(segments: Vec<Segment>, chars: &[char], sentence_end: usize) -> Vec<Segment> {
    let mut joined: Vec<Segment> = Vec::new();
    let mut pending: Option<Segment> = None;
    for segment in segments {
        match pending.take() {
            Some(mut head) => {
                // The name, without the cite that follows it.
                let name = head.text(chars) + &slice(chars, head.end, head.cite);
                let name = name.trim_end().trim_end_matches(',');
                head.text = Some(format!(
                    "{name} {}",
                    segment.text(chars).trim_start_matches([',', ' '])
                ));
                head.end = segment.end;
                head.cite = segment.cite;
                // Nothing but punctuation between two cites of one parallel group: still in the citation.
                let wordless = !segment.text(chars).chars().any(char::is_alphabetic);
                head.runs_on = segment.runs_on || (wordless && segment.end < sentence_end);
                head.authorities.extend(segment.authorities);
                if head.runs_on {
                    pending = Some(head);
                } else {
                    joined.push(head);
                }
            }
            None if segment.runs_on => pending = Some(segment),
            None => joined.push(segment),
        }
    }
    joined.extend(pending);
    joined
}

/// Claims of a textual sentence with embedded citations: each clause supports the citations that follow
/// it. Statutes and references by name stay part of the text (they are often the sentence's subject).
fn sentence_claims(
    chars: &[char],
    sentence: (usize, usize),
    inside: &[&Citation],
) -> Vec<AttributedClaim> {
    let mut segments: Vec<Segment> = Vec::new();
    let mut start = sentence.0;
    for citation in inside {
        let removable = match citation.kind {
            CitationKind::Reference => false,
            CitationKind::FullLaw => set_off(chars, citation, sentence.1),
            _ => true,
        };
        if !removable || citation.start < start {
            let target = segments
                .iter_mut()
                .rev()
                .find(|s| s.start <= citation.start);
            match target {
                Some(segment) if citation.start < start || !removable => {
                    segment.authorities.push(citation.support_key())
                }
                _ => segments.push(Segment::new(start, start, vec![citation.support_key()])),
            }
            continue;
        }
        let material = material_start(chars, citation, start);
        let mut segment = Segment::new(start, material, vec![citation.support_key()]);
        // A name that opens the sentence is its subject: "Title VII …, 42 U.S.C. § 2000e-2(a), prohibits …".
        let opens_sentence = material == sentence.0 && material < citation.start;
        segment.runs_on = opens_sentence || name_runs_on(chars, start, material, citation);
        segment.cite = citation.start;
        segments.push(segment);
        // A pin never runs into the next citation: "118" of "222 N.Y. 88, 118 N.E. 214" starts a parallel cite.
        let limit = inside
            .iter()
            .map(|c| c.start)
            .filter(|&next| next >= citation.end)
            .min()
            .unwrap_or(sentence.1);
        start = citation_end(chars, citation, limit);
    }
    segments.push(Segment::new(start, sentence.1, Vec::new()));
    // Statutes and references found before any cut belong to the segment that contains them.
    for citation in inside.iter().filter(|c| match c.kind {
        CitationKind::Reference => true,
        CitationKind::FullLaw => !set_off(chars, c, sentence.1),
        _ => false,
    }) {
        if let Some(segment) = segments
            .iter_mut()
            .find(|s| s.start <= citation.start && citation.start < s.end.max(s.start + 1))
        {
            segment.authorities.push(citation.support_key());
        }
    }
    let segments = join_run_ons(segments, chars, sentence.1);
    let words = |s: &Segment| clean_claim(&s.text(chars)).split_whitespace().count();
    let substantive: Vec<usize> = (0..segments.len())
        .filter(|&i| words(&segments[i]) >= 3)
        .collect();
    if substantive.len() <= 1 {
        let authorities: Vec<String> = segments
            .iter()
            .flat_map(|s| s.authorities.clone())
            .collect();
        let (start, end) = substantive
            .first()
            .map_or(sentence, |&i| (segments[i].start, segments[i].end));
        let pieces = [substantive
            .first()
            .map_or_else(|| slice(chars, start, end), |&i| segments[i].text(chars))];
        let joined = pieces
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let text = clean_claim(
            &joined
                .replace(" ,", ",")
                .replace(" .", ".")
                .replace("..", "."),
        );
        let mut single = claim(chars, start, end, authorities);
        single.text = text;
        return vec![single];
    }
    let mut claims: Vec<AttributedClaim> = Vec::new();
    let mut carried: Vec<String> = Vec::new();
    for (index, segment) in segments.iter().enumerate() {
        if substantive.contains(&index) {
            let mut authorities = std::mem::take(&mut carried);
            authorities.extend(segment.authorities.clone());
            claims.push(segment_claim(chars, segment, authorities));
        } else {
            match claims.last_mut() {
                Some(last) => add_authorities(last, segment.authorities.clone()),
                None => carried.extend(segment.authorities.clone()),
            }
        }
    }
    claims
}

/// The claim of one stretch; a joined one reads without its cite and spans both stretches.
fn segment_claim(chars: &[char], segment: &Segment, authorities: Vec<String>) -> AttributedClaim {
    let mut claim = claim(chars, segment.start, segment.end, authorities);
    if let Some(text) = &segment.text {
        claim.text = clean_claim(&text.split_whitespace().collect::<Vec<_>>().join(" "));
        claim.end = (segment.start..segment.end.min(chars.len()))
            .rev()
            .find(|&i| !chars[i].is_whitespace())
            .map_or(claim.end, |last| last + 1);
    }
    claim
}

/// Whether a statute is cited, set off by commas after its clause ("…, 29 U.S.C. § 1132(a)(2)." or "…,
/// 29 U.S.C. § 1109(a), and …"), rather than named in the text ("Under 29 U.S.C. § 1132(a)(3), a
/// participant …", "As stated, 29 U.S.C. § 1002(21)(A) defines …").
fn set_off(chars: &[char], citation: &Citation, limit: usize) -> bool {
    let before = chars[..citation.start.min(chars.len())]
        .iter()
        .rev()
        .find(|c| !c.is_whitespace());
    let end = citation_end(chars, citation, limit);
    let after = chars[end.min(chars.len())..limit.min(chars.len())]
        .iter()
        .find(|c| !c.is_whitespace());
    matches!(before, Some(',' | ';')) && matches!(after, None | Some('.' | ',' | ';'))
}

/// End of a citation's material: pin cite and parentheticals that follow it.
fn citation_end(chars: &[char], citation: &Citation, limit: usize) -> usize {
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

fn claim(chars: &[char], start: usize, end: usize, authorities: Vec<String>) -> AttributedClaim {
    let raw = slice(chars, start, end);
    let text = clean_claim(&raw);
    let offset = raw
        .find(text.as_str())
        .map_or(0, |byte| raw[..byte].chars().count());
    let mut claim = AttributedClaim {
        start: start + offset,
        end: start + offset + text.chars().count(),
        text,
        authorities: Vec::new(),
    };
    add_authorities(&mut claim, authorities);
    claim
}

fn add_authorities(claim: &mut AttributedClaim, authorities: Vec<String>) {
    // A citation that supports nothing (history, the record) has no key here.
    claim
        .authorities
        .extend(authorities.into_iter().filter(|key| !key.is_empty()));
    claim.authorities.sort();
    claim.authorities.dedup();
}
