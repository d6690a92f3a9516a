//! Claim attribution inside a textual sentence: each clause is supported by the citations that follow it;
//! a case name that is the sentence's own words joins the clauses around its cite.

use super::citation_sentence::SIGNALS;
use super::material::{citation_end, material_start};
use super::{slice, CUT};
use crate::authority_key::AuthorityKey;
use crate::citations::parties::LEAD_WORDS;
use crate::citations::{Citation, CitationKind};
use crate::claims::AttributedClaim;
use std::borrow::Cow;

/// `text` without the statutes cut from it ([`CUT`]): the pieces joined by one space, the spaces and commas
/// around each cut trimmed, no space before closing punctuation ("… case under.", "Under a plaintiff …").
fn without_cuts(text: &str) -> Cow<'_, str> {
    if !text.contains(CUT) {
        return Cow::Borrowed(text);
    }
    // A statute in parentheses leaves them empty ("the Clayton Act (15 U.S.C.A. § 21), the duty …").
    let text = text.replace(&format!("({CUT}"), &CUT.to_string());
    let pieces: Vec<&str> = text
        .split(CUT)
        .map(|piece| {
            piece
                .trim_start_matches(')')
                .trim_matches(|c: char| c.is_whitespace() || c == ',')
        })
        .filter(|piece| !piece.is_empty())
        .collect();
    let mut joined = String::with_capacity(text.len());
    for piece in pieces {
        let closing = piece.starts_with(['.', ',', ';', ':', '?', '!', ')']);
        if !joined.is_empty() && !closing {
            joined.push(' ');
        }
        joined.push_str(piece);
    }
    Cow::Owned(joined)
}

/// Strips signals, citation leftovers and punctuation from a claim's text.
fn clean_claim(text: &str) -> String {
    let text = without_cuts(text);
    // A bracket left open opened the parenthesised citation after the claim ("… jurisdiction (995 F.2d …",
    // "… administration (Reference case 532 F.3d 1134).").
    // One that opens the claim is the parenthesis it stands in ("(another act barred by the automatic stay.").
    let text = text.trim();
    let text = match unclosed_bracket(text) {
        Some(0) => &text[1..],
        Some(at) => &text[..at],
        None => text,
    }
    .trim_end_matches('[');
    let mut claim = text.trim().trim_matches([',', ';', ':']).trim();
    // A trailing signal ("…, see") belongs to the citation that was cut after it.
    loop {
        let stripped = without_trailing_signals(claim)
            .trim_end_matches(',')
            .trim_end();
        if stripped.len() == claim.len() {
            return claim.to_string();
        }
        claim = stripped;
    }
}

/// Byte offset of the first parenthesis `text` leaves open, if any. (Square brackets are left alone: in a
/// quotation they mark the quoter's changes, and scanned opinions garble them: "[Sjtandard".)
fn unclosed_bracket(text: &str) -> Option<usize> {
    let mut open: Vec<usize> = Vec::new();
    for (at, c) in text.char_indices() {
        match c {
            '(' => open.push(at),
            ')' => {
                open.pop();
            }
            _ => {}
        }
    }
    open.first().copied()
}

/// The text without the signals at its end ("…, see", "…, but see also"), each a whole word.
fn without_trailing_signals(text: &str) -> &str {
    let mut text = text.trim_end();
    let ends_with = |text: &str, signal: &str| {
        let Some(head) = text.len().checked_sub(signal.len()) else {
            return false;
        };
        text.get(head..)
            .is_some_and(|tail| tail.eq_ignore_ascii_case(signal))
            && text[..head]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric())
    };
    // The longest signal first: "but see" rather than its "see".
    while let Some(signal) = SIGNALS
        .iter()
        .filter(|signal| ends_with(text, signal))
        .max_by_key(|signal| signal.len())
    {
        text = text[..text.len() - signal.len()].trim_end();
    }
    text
}

/// A stretch of a sentence between citations, and the authorities cited right after it.
struct Segment {
    start: usize,
    end: usize,
    authorities: Vec<AuthorityKey>,
    /// The case name after it is the sentence's own words ("The Court in Brown v. Board of Education,
    /// 347 U.S. 483 (1954), held …"): the clause runs on past the citation.
    runs_on: bool,
    /// Its text when it joins stretches around a citation (the case name kept, the cite left out).
    text: Option<String>,
    /// Where the cite after it starts (its case name lies between `end` and here).
    cite: usize,
}

impl Segment {
    fn new(start: usize, end: usize, authorities: Vec<AuthorityKey>) -> Self {
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

/// The stretch of a sentence before a citation's material, without the signal that introduces the
/// citation (", see 631 F.3d, at 225" is set off by its comma, not run into the word "see").
fn before_material(chars: &[char], start: usize, material: usize) -> String {
    without_trailing_signals(&slice(chars, start, material)).to_string()
}

/// Whether the citation's material (its case name, or the cite itself) follows a word with no punctuation
/// between ("in Brown v. Board", "The Court in Brown", "In 21 F.2d 182, it is emphasized"): it is part of
/// the sentence, not a citation clause after it. A cite inside an open parenthetical ("(quoting
/// Greenawalt, …") belongs to the one before.
fn runs_into_sentence(chars: &[char], start: usize, material: usize) -> bool {
    let before = before_material(chars, start, material);
    let open_parenthetical = before.matches('(').count() > before.matches(')').count();
    !open_parenthetical
        && before
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
}

/// Where the citations from `inside[index]` (whose material ends at `end`) end when the next ones follow
/// with no word between (a parallel group: "420 U.S. 332, 95 S. Ct. 1013 (1975)").
fn group_end(chars: &[char], inside: &[&Citation], index: usize, mut end: usize) -> usize {
    for (at, next) in inside.iter().enumerate().skip(index + 1) {
        if next.start < end
            || slice(chars, end, next.start)
                .chars()
                .any(char::is_alphabetic)
        {
            break;
        }
        let limit = inside.get(at + 1).map_or(chars.len(), |c| c.start);
        end = citation_end(chars, next, limit);
    }
    end
}

/// Words that open a noun phrase or an introductory phrase ("The statute", "In another case", "As seen in
/// Zurawski's case"), not a clause with its own subject and verb.
const PHRASE_OPENERS: [&str; 14] = [
    "a", "an", "another", "as", "in", "its", "one", "such", "that", "the", "their", "these",
    "this", "those",
];

/// Auxiliary, modal and copular verbs: a stretch with one is a clause ("Officers may be liable"), not a
/// phrase.
const AUXILIARIES: [&str; 22] = [
    "am", "are", "be", "been", "being", "can", "could", "did", "do", "does", "had", "has", "have",
    "is", "may", "might", "must", "shall", "should", "was", "were", "would",
];

/// Whether a citation set off by commas after `head` (the sentence's first words) stands in apposition to
/// it, before the sentence's main verb ("The statute, 28 U.S.C. § 1331, confers …", "The pivotal case,
/// United States v. Wilson, 420 U.S. 332 (1975), makes clear …", "In another case, 777 F.2d 992, the Fifth
/// Circuit …"): the sentence runs on across it and is its claim. `tail` is the text after the citation; an
/// embedded citation after a clause is followed by a conjunction or a clause of its own ("…, but directors
/// are not").
fn in_apposition(head: &str, tail: &str) -> bool {
    let words: Vec<String> = head
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    let opens_phrase = words
        .first()
        .is_some_and(|first| PHRASE_OPENERS.contains(&first.as_str()));
    let next = tail
        .trim_start_matches(|c: char| c.is_whitespace() || c == ',')
        .split_whitespace()
        .next()
        .unwrap_or_default();
    let continues = next.chars().next().is_some_and(char::is_lowercase)
        && !["and", "but", "or", "nor", "yet", "so"].contains(&next);
    head.trim_end().ends_with(',')
        && (1..=5).contains(&words.len())
        && opens_phrase
        && !words.iter().any(|w| AUXILIARIES.contains(&w.as_str()))
        && continues
}

/// Whether a citation belongs to the citation before it (R1.4, R1.5): it is named inside a parenthesis
/// opened before that one ("(Collinson v. Gott, 895 F.2d 994 (4th Cir. 1990), citing Harlow v. Fitzgerald,
/// …)"), or only signals and connecting words stand between them (", citing", "(quoting", ", and").
fn attached_to_previous(
    chars: &[char],
    sentence_start: usize,
    start: usize,
    material: usize,
    previous: &Segment,
) -> bool {
    let gap = slice(chars, start, material);
    let only_connecting = gap
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')'))
        .filter(|word| !word.is_empty())
        .all(|word| LEAD_WORDS.contains(&word.to_lowercase().as_str()));
    // Cases the sentence's own words list ("including Hensley v. Eckerhart, …, and McGrath v. County of
    // Nevada, …") keep their names in the claim: each runs on.
    (only_connecting && !previous.runs_on) || opened_before(chars, sentence_start, start, material)
}

/// Whether the innermost parenthesis open at `material` was opened before `start`.
fn opened_before(chars: &[char], sentence_start: usize, start: usize, material: usize) -> bool {
    let mut open: Vec<usize> = Vec::new();
    for (at, c) in chars[sentence_start..material.min(chars.len())]
        .iter()
        .enumerate()
    {
        match c {
            '(' | '[' => open.push(sentence_start + at),
            ')' | ']' => {
                open.pop();
            }
            _ => {}
        }
    }
    open.last().is_some_and(|&at| at < start)
}

/// Whether a cite in parentheses stands between the sentence's own words with no comma ("The district
/// court in *Cello* (347 F.3d 370) noted that …"): the sentence runs on across it. Followed by a comma it
/// ends an embedded clause ("Given that courts have broad discretion (196 F.3d 617), it is prudent …").
fn parenthesised_in_sentence(
    chars: &[char],
    start: usize,
    material: usize,
    end: usize,
    sentence_end: usize,
) -> bool {
    let before = slice(chars, start, material);
    let after_word = before
        .trim_end()
        .strip_suffix('(')
        .and_then(|head| head.trim_end().chars().next_back())
        .is_some_and(|c| c.is_alphanumeric() || matches!(c, '*' | '_'));
    let after = slice(chars, end, sentence_end);
    let continues = after
        .trim_start()
        .strip_prefix(')')
        .and_then(|rest| rest.trim_start().chars().next())
        .is_some_and(char::is_lowercase);
    after_word && continues
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
                // A parenthesised cite ("in *Cello* (347 F.3d 370) noted") leaves its brackets behind.
                let name = name.trim_end().trim_end_matches([',', '(']).trim_end();
                head.text = Some(format!(
                    "{name} {}",
                    segment.text(chars).trim_start_matches([',', ' ', ')'])
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
/// it. References by name stay part of the text, as do statutes the sentence runs into (they are often its
/// subject; their cites are blanked from the claim's text beforehand).
pub(super) fn sentence_claims(
    chars: &[char],
    sentence: (usize, usize),
    inside: &[&Citation],
) -> Vec<AttributedClaim> {
    let mut segments: Vec<Segment> = Vec::new();
    let mut start = sentence.0;
    for (index, citation) in inside.iter().enumerate() {
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
                    segment.authorities.extend(citation.support_key())
                }
                _ => segments.push(Segment::new(
                    start,
                    start,
                    citation.support_key().into_iter().collect(),
                )),
            }
            continue;
        }
        let material = material_start(chars, citation, start);
        // A pin never runs into the next citation: "118" of "222 N.Y. 88, 118 N.E. 214" starts a parallel cite.
        let limit = inside
            .iter()
            .map(|c| c.start)
            .filter(|&next| next >= citation.end)
            .min()
            .unwrap_or(sentence.1);
        if let Some(previous) = segments
            .last_mut()
            .filter(|previous| attached_to_previous(chars, sentence.0, start, material, previous))
        {
            previous.authorities.extend(citation.support_key());
            start = citation_end(chars, citation, limit);
            continue;
        }
        let mut segment = Segment::new(
            start,
            material,
            citation.support_key().into_iter().collect(),
        );
        // A name that opens the sentence is its subject: "Title VII …, 42 U.S.C. § 2000e-2(a), prohibits …".
        let opens_sentence = material == sentence.0 && material < citation.start;
        let end = citation_end(chars, citation, limit);
        segment.runs_on = opens_sentence
            || runs_into_sentence(chars, start, material)
            || parenthesised_in_sentence(chars, start, material, end, sentence.1)
            || (start == sentence.0
                && in_apposition(
                    &before_material(chars, start, material),
                    &slice(chars, group_end(chars, inside, index, end), sentence.1),
                ));
        segment.cite = citation.start;
        segments.push(segment);
        start = end;
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
            segment.authorities.extend(citation.support_key());
        }
    }
    let segments = join_run_ons(segments, chars, sentence.1);
    let words = |s: &Segment| clean_claim(&s.text(chars)).split_whitespace().count();
    let substantive: Vec<usize> = (0..segments.len())
        .filter(|&i| words(&segments[i]) >= 3)
        .collect();
    if substantive.len() <= 1 {
        let authorities: Vec<AuthorityKey> = segments
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
        if let Some(&last) = substantive.first() {
            keep_final_punctuation(&mut single, chars, &segments[last], sentence.1);
        }
        return vec![single];
    }
    let mut claims: Vec<AttributedClaim> = Vec::new();
    let mut carried: Vec<AuthorityKey> = Vec::new();
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
    if let (Some(claim), Some(&last)) = (claims.last_mut(), substantive.last()) {
        keep_final_punctuation(claim, chars, &segments[last], sentence.1);
    }
    claims
}

/// A citation run into the sentence's last words ("… fell under § 844(i).") or in parentheses at its end
/// ("… jurisdiction (995 F.2d 1357)."): the claim is the whole sentence without it, so it keeps the
/// sentence's closing punctuation. A citation set off by a comma ends an embedded clause, which does not.
fn keep_final_punctuation(
    claim: &mut AttributedClaim,
    chars: &[char],
    last: &Segment,
    sentence_end: usize,
) {
    let before_cut = before_material(chars, last.start, last.end.min(chars.len()));
    let run_in = before_cut
        .chars()
        .next_back()
        .is_some_and(|c| c.is_alphanumeric() || c == '(' || c == '[');
    let closing = chars[..sentence_end.min(chars.len())]
        .iter()
        .rev()
        .find(|c| !c.is_whitespace())
        .filter(|c| matches!(c, '.' | '?' | '!'));
    if let (true, Some(&closing)) = (run_in, closing) {
        if !claim.text.ends_with(['.', '?', '!']) {
            claim.text.push(closing);
        }
    }
}

/// The claim of one stretch; a joined one reads without its cite and spans both stretches.
fn segment_claim(
    chars: &[char],
    segment: &Segment,
    authorities: Vec<AuthorityKey>,
) -> AttributedClaim {
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
pub(super) fn set_off(chars: &[char], citation: &Citation, limit: usize) -> bool {
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

pub(super) fn claim(
    chars: &[char],
    start: usize,
    end: usize,
    authorities: Vec<AuthorityKey>,
) -> AttributedClaim {
    let raw = slice(chars, start, end);
    let text = clean_claim(&raw);
    // A claim with a statute cut from it spans the text around the cut.
    let (start, end) = match raw.find(text.as_str()) {
        Some(byte) => {
            let offset = start + raw[..byte].chars().count();
            (offset, offset + text.chars().count())
        }
        None => (
            start + raw.chars().take_while(|c| c.is_whitespace()).count(),
            end.min(start + raw.trim_end().chars().count()),
        ),
    };
    let mut claim = AttributedClaim {
        start,
        end,
        text,
        authorities: Vec::new(),
    };
    add_authorities(&mut claim, authorities);
    claim
}

pub(super) fn add_authorities(claim: &mut AttributedClaim, authorities: Vec<AuthorityKey>) {
    claim.authorities.extend(authorities);
    claim.authorities.sort();
    claim.authorities.dedup();
}
