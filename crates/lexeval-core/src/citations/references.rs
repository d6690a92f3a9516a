//! Reference citations: a case named again after its full citation, "Foo at 62", "Angelopoulos p. *4"
//! (eyecite's name-and-pin references), and without a pin after a signal word, "In Kayes, …" (lexeval's
//! addition: a claim that names the case is attributed to it).

use super::metadata::pin_cite;
use super::{Citation, CitationKind, CitationRole};
use crate::authority_key::AuthorityKey;
use regex::Regex;
use std::collections::{HashMap, HashSet};

/// eyecite's `DISALLOWED_NAMES` as it effectively applies: party names that identify no case.
const DISALLOWED_NAMES: [&str; 5] = ["state", "united states", "people", "commonwealth", "mass"];

/// First words too generic to refer to a case by ("United" of "United States v. X").
const GENERIC_FIRST_WORDS: [&str; 10] = [
    "United",
    "State",
    "States",
    "People",
    "Commonwealth",
    "In",
    "Ex",
    "City",
    "County",
    "Matter",
];

/// Words after which a bare case name refers to the case.
const SIGNALS: [&str; 14] = [
    "In",
    "in",
    "Under",
    "under",
    "Like",
    "like",
    "Unlike",
    "unlike",
    "Following",
    "following",
    "See",
    "see",
    "Compare",
    "compare",
];

/// eyecite's `is_valid_name`.
fn is_valid_name(name: &str) -> bool {
    name.len() > 2
        && name.starts_with(char::is_uppercase)
        && !name.ends_with('.')
        && !name.bytes().all(|b| b.is_ascii_digit())
        && !DISALLOWED_NAMES.contains(&name.to_lowercase().as_str())
}

/// A name a case may be referred to by, whether it is the plaintiff's, and where its full cite ends.
struct Name {
    text: String,
    plaintiff: bool,
    after: usize,
}

/// The party names (whole, as eyecite) and each party's first word (lexeval), for every full case cite.
fn names(citations: &[Citation]) -> Vec<Name> {
    let mut names: Vec<Name> = Vec::new();
    // A long brief repeats its parties thousands of times: the names seen, looked up by hash.
    let mut seen: HashSet<String> = HashSet::new();
    let mut add = |text: &str, plaintiff: bool, after: usize| {
        if seen.insert(text.to_string()) {
            names.push(Name {
                text: text.to_string(),
                plaintiff,
                after,
            });
        }
    };
    for citation in citations
        .iter()
        .filter(|c| c.kind == CitationKind::FullCase)
    {
        for (party, plaintiff) in [(&citation.plaintiff, true), (&citation.defendant, false)] {
            let Some(party) = party.as_deref() else {
                continue;
            };
            if is_valid_name(party) {
                add(party, plaintiff, citation.end);
            }
            let first = party
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .trim_matches(|c: char| !c.is_alphanumeric());
            if first.len() >= 3
                && first.starts_with(char::is_uppercase)
                && !GENERIC_FIRST_WORDS.contains(&first)
            {
                add(first, plaintiff, citation.end);
            }
        }
    }
    names
}

/// The text the citations already cover, to test a reference against in logarithmic time (a megabyte brief
/// has thousands of citations and as many hits of their party names).
struct Taken {
    /// Each citation's (start, end), by start.
    spans: Vec<(usize, usize)>,
    /// The furthest end among the spans up to each one.
    furthest_end: Vec<usize>,
}

impl Taken {
    fn spanning(spans: impl Iterator<Item = (usize, usize)>) -> Taken {
        let mut spans: Vec<(usize, usize)> = spans.collect();
        spans.sort_unstable();
        let furthest_end = spans
            .iter()
            .scan(0, |furthest, &(_, end)| {
                *furthest = end.max(*furthest);
                Some(*furthest)
            })
            .collect();
        Taken {
            spans,
            furthest_end,
        }
    }

    /// Whether any citation overlaps `start..end`: one that starts before `end` and ends after `start`.
    fn overlaps(&self, start: usize, end: usize) -> bool {
        let starting_before = self.spans.partition_point(|&(s, _)| s < end);
        starting_before > 0 && self.furthest_end[starting_before - 1] > start
    }
}

/// "Kayes v." starts a full cite, "Kayes, supra" is a supra cite and "Kayes, 51 F.3d at" a short one.
fn starts_a_citation(rest: &str) -> bool {
    let rest = rest.trim_start_matches(',').trim_start();
    rest.starts_with("v.")
        || rest.starts_with("v ")
        || rest
            .as_bytes()
            .get(..5)
            .is_some_and(|word| word.eq_ignore_ascii_case(b"supra"))
        || rest.starts_with(|c: char| c.is_ascii_digit())
}

fn after_signal(text: &str, start: usize) -> bool {
    let before = text.get(..start).unwrap_or_default();
    before.ends_with(char::is_whitespace)
        && SIGNALS.contains(
            &before
                .trim_end()
                .rsplit(char::is_whitespace)
                .next()
                .unwrap_or_default(),
        )
}

/// References to earlier full case citations by name, in text order (byte offsets).
pub fn find_references(text: &str, citations: &[Citation]) -> Vec<Citation> {
    let names = names(citations);
    if names.is_empty() {
        return Vec::new();
    }
    // One pass for all names, longest first so "Grutter and Regents" is not read as "Grutter".
    let mut sorted: Vec<&Name> = names.iter().collect();
    sorted.sort_by_key(|n| std::cmp::Reverse(n.text.len()));
    let alternation = sorted
        .iter()
        .map(|n| regex::escape(&n.text))
        .collect::<Vec<_>>()
        .join("|");
    let Ok(re) = Regex::new(&format!(r"(?-u:\b)(?:{alternation})(?-u:\b)")) else {
        return Vec::new();
    };
    let by_text: HashMap<&str, &Name> = names.iter().map(|n| (n.text.as_str(), n)).collect();
    let taken = Taken::spanning(citations.iter().map(|c| (c.start, c.end)));
    let mut found = Vec::new();
    for hit in re.find_iter(text) {
        let Some(&name) = by_text.get(hit.as_str()) else {
            continue;
        };
        let rest = &text[hit.end()..];
        // eyecite: the name, whitespace, a pin cite; lexeval also takes a comma before the pin.
        let spaced = rest.trim_start_matches(',');
        let pin = spaced
            .starts_with(char::is_whitespace)
            .then(|| pin_cite(spaced.trim_start()))
            .flatten()
            .filter(|(pin, _)| !pin.is_empty());
        let end = match &pin {
            Some((_, length)) => text.len() - spaced.trim_start().len() + length,
            None if after_signal(text, hit.start()) && !starts_a_citation(rest) => hit.end(),
            None => continue,
        };
        if hit.start() < name.after || taken.overlaps(hit.start(), end) {
            continue;
        }
        let party = Some(name.text.clone());
        found.push(Citation {
            kind: CitationKind::Reference,
            start: hit.start(),
            end,
            matched_text: text[hit.start()..end].to_string(),
            volume: None,
            reporter: None,
            page: None,
            pin_cite: pin.map(|(pin, _)| pin),
            year: None,
            court: None,
            court_text: None,
            parenthetical: None,
            plaintiff: party.clone().filter(|_| name.plaintiff),
            defendant: party.filter(|_| !name.plaintiff),
            antecedent_guess: None,
            author: None,
            title: None,
            section: None,
            authority: AuthorityKey::default(),
            antecedent: None,
            role: CitationRole::Authority,
        });
    }
    found
}

#[cfg(test)]
mod tests {
    use super::Taken;

    #[test]
    fn taken_text_overlaps_exactly_where_some_span_does() {
        // Nested, overlapping, adjacent and out-of-order spans, as parallel and pinned cites make them.
        let spans = [
            (40, 90),
            (10, 20),
            (45, 60),
            (20, 25),
            (100, 101),
            (95, 130),
        ];
        let taken = Taken::spanning(spans.into_iter());
        for start in 0..140 {
            for end in start..=140 {
                let brute = spans.iter().any(|&(s, e)| start < e && s < end);
                assert_eq!(taken.overlaps(start, end), brute, "{start}..{end}");
            }
        }
        assert!(!Taken::spanning(std::iter::empty()).overlaps(0, 10));
    }
}
