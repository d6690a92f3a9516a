//! Citation patterns built from reporters-db the way eyecite 2.7.8 builds its extractors, generated at build
//! time (`build_patterns.rs`): one pattern per distinct regex (exact editions and variant spellings kept
//! apart) and a short-cite twin of each ("51 F.3d at 1461"). An Aho-Corasick prefilter on the reporter
//! strings selects the patterns whose reporter occurs in the text (after a volume, for patterns that start
//! with one); only those are assembled and compiled, once per process.

use super::db::{EditionRef, SourceKind};
use aho_corasick::AhoCorasick;
use regex::Regex;
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// One generated pattern: a shared template and the edition alternation it takes.
pub struct PatternData {
    template: usize,
    alternation: &'static str,
    pub exact: &'static [EditionRef],
    pub variations: &'static [EditionRef],
    /// A short cite ("at" before the page).
    pub short: bool,
    pub kind: SourceKind,
    /// The regex starts with the volume, so its reporter follows one.
    volume_first: bool,
}

include!(concat!(env!("OUT_DIR"), "/patterns.rs"));

/// Where a template takes the edition alternation (as in `build_patterns.rs`).
const EDITION: &str = "$edition";

pub struct Pattern {
    pub data: &'static PatternData,
    compiled: OnceLock<Option<Regex>>,
}

impl Pattern {
    fn source(&self) -> String {
        TEMPLATES[self.data.template].replace(EDITION, self.data.alternation)
    }

    /// The regex wrapped in eyecite's non-alphanumeric boundaries; group 1 is the citation. `None` only if
    /// the data holds a regex this engine cannot compile (a test asserts there is none).
    pub fn regex(&self) -> Option<&Regex> {
        self.compiled
            .get_or_init(|| {
                Regex::new(&format!(
                    "(?:^|[^a-zA-Z0-9])({})(?:[^a-zA-Z0-9]|$)",
                    self.source()
                ))
                .ok()
            })
            .as_ref()
    }
}

pub struct Patterns {
    pub patterns: Vec<Pattern>,
    prefilter: AhoCorasick,
}

pub fn patterns() -> &'static Patterns {
    static PATTERNS_CELL: OnceLock<Patterns> = OnceLock::new();
    PATTERNS_CELL.get_or_init(|| Patterns {
        patterns: PATTERNS
            .iter()
            .map(|data| Pattern {
                data,
                compiled: OnceLock::new(),
            })
            .collect(),
        prefilter: AhoCorasick::new(STRINGS).expect("reporter strings build an automaton"),
    })
}

impl Patterns {
    /// Indices of the patterns that can match somewhere in `text`.
    pub fn candidates(&self, text: &str) -> BTreeSet<usize> {
        let mut squeezed: Vec<u8> = Vec::with_capacity(text.len());
        for piece in text.split(char::is_whitespace) {
            squeezed.extend_from_slice(piece.as_bytes());
        }
        let mut found: BTreeSet<usize> = UNFILTERED.iter().map(|&i| usize::from(i)).collect();
        // Per reporter string: seen at all, seen after a volume (then every pattern of it is a candidate).
        let mut seen = vec![(false, false); STRINGS.len()];
        for hit in self.prefilter.find_overlapping_iter(&squeezed) {
            let id = hit.pattern().as_usize();
            let after_volume = follows_volume(&squeezed, hit.start());
            let (any, volume) = seen[id];
            if volume || (any && !after_volume) {
                continue;
            }
            seen[id] = (true, volume || after_volume);
            found.extend(
                BY_STRING[id]
                    .iter()
                    .map(|&i| usize::from(i))
                    .filter(|&i| after_volume || !PATTERNS[i].volume_first),
            );
        }
        found
    }
}

/// Whether `squeezed[..at]` ends with a volume: a digit, or a digit then a letter suffix or a dash
/// ("71A A.F.T.R.2d", "2005-NMCA-078"); not the inside of a word ("commitment" holds "mt").
fn follows_volume(squeezed: &[u8], at: usize) -> bool {
    let digit = |i: Option<usize>| {
        i.and_then(|i| squeezed.get(i))
            .is_some_and(u8::is_ascii_digit)
    };
    let before = at.checked_sub(1);
    digit(before)
        || (before
            .and_then(|i| squeezed.get(i))
            .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'-')
            && digit(at.checked_sub(2)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::citations::db;

    #[test]
    fn every_pattern_compiles_with_the_regex_crate() {
        let failing: Vec<String> = patterns()
            .patterns
            .iter()
            .filter(|p| p.regex().is_none())
            .map(|p| p.source())
            .take(5)
            .collect();
        assert!(failing.is_empty(), "{failing:?}");
    }

    #[test]
    fn templates_expand_like_python_string_template() {
        let f3d = patterns()
            .patterns
            .iter()
            .find(|p| !p.data.short && p.data.exact.iter().any(|&e| db::edition(e).name == "F.3d"))
            .expect("an F.3d pattern");
        let source = f3d.source();
        assert!(
            source.starts_with(r"(?P<volume>[1-9]\d*) (?P<reporter>F\.\s*3d),? (?P<page>"),
            "{source}"
        );
        assert!(!source.contains('$'), "{source}");
    }

    #[test]
    fn prefilter_selects_only_patterns_of_reporters_after_a_volume() {
        let p = patterns();
        let all = p.candidates("Kayes v. Pacific Lumber Co., 51 F.3d 1449 (9th Cir. 1995)");
        assert!(all.len() < 20, "{} of {}", all.len(), p.patterns.len());
        assert!(all.iter().any(|&i| p.patterns[i]
            .data
            .exact
            .iter()
            .any(|&e| db::edition(e).name == "F.3d")));
        // "A." of a name is no Atlantic Reporter cite.
        let none = p.candidates("J. A. Croson Co.");
        assert!(none.iter().all(|&i| UNFILTERED.contains(&(i as u16))));
    }
}
