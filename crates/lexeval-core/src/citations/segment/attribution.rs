//! Claim attribution inside a textual sentence: each clause is supported by the citations that follow it;
//! a case name that is the sentence's own words joins the clauses around its cite.

use super::citation_sentence::SIGNALS;
use super::material::{citation_end, material_start};
use super::slice;
use crate::authority_key::AuthorityKey;
use crate::citations::{Citation, CitationKind};
use crate::claims::AttributedClaim;

/// Strips signals, citation leftovers and punctuation from a claim's text.
fn clean_claim(text: &str) -> String {
    // An opening bracket at the end was the start of a parenthesised citation ("… jurisdiction (995 F.2d …").
    let text = text.trim().trim_end_matches(['(', '[']);
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
pub(super) fn sentence_claims(
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
        let mut segment = Segment::new(
            start,
            material,
            citation.support_key().into_iter().collect(),
        );
        // A name that opens the sentence is its subject: "Title VII …, 42 U.S.C. § 2000e-2(a), prohibits …".
        let opens_sentence = material == sentence.0 && material < citation.start;
        segment.runs_on = opens_sentence || runs_into_sentence(chars, start, material);
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

pub(super) fn claim(
    chars: &[char],
    start: usize,
    end: usize,
    authorities: Vec<AuthorityKey>,
) -> AttributedClaim {
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

pub(super) fn add_authorities(claim: &mut AttributedClaim, authorities: Vec<AuthorityKey>) {
    claim.authorities.extend(authorities);
    claim.authorities.sort();
    claim.authorities.dedup();
}
