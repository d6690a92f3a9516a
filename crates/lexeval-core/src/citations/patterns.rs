//! Citation patterns built from reporters-db the way eyecite 2.7.8 builds its extractors, generated at build
//! time (`build_patterns.rs`): one pattern per distinct regex (exact editions and variant spellings kept
//! apart) and a short-cite twin of each ("51 F.3d at 1461"). A prefilter on the reporter strings selects
//! the patterns whose reporter occurs in the text (after a volume, for patterns that start with one); only
//! those are assembled and compiled, once per process.

use super::db::{EditionRef, SourceKind};
use regex::Regex;
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// How many patterns to compile at least before a second thread is worth starting (one pattern takes
/// about 0.2 ms, starting a thread a few dozen microseconds).
#[cfg(not(target_arch = "wasm32"))]
const PARALLEL_COMPILE: usize = 4;

/// One generated pattern: a shared template and the edition alternation it takes, as indices into the
/// generated tables (no pointers: the native binary relocates none at start-up, and the page's worker
/// ships small numbers that compress).
pub struct PatternData {
    template: u16,
    alternation: u16,
    /// Where its exact editions start in `EDITION_REFS`; its variations' editions follow them.
    editions: u16,
    exact: u16,
    variations: u16,
    /// A short cite ("at" before the page).
    pub short: bool,
    pub kind: SourceKind,
    /// The regex starts with the volume, so its reporter follows one.
    volume_first: bool,
    /// The regex reads ",? at" right after the reporter (a short cite of the standard form: "410 U.S., at
    /// 153"), so the reporter is followed by "at" once whitespace is removed.
    at_follows: bool,
}

impl PatternData {
    /// The editions its reporter names exactly.
    pub fn exact(&self) -> &'static [EditionRef] {
        let start = usize::from(self.editions);
        &EDITION_REFS[start..start + usize::from(self.exact)]
    }

    /// The editions its reporter is a variant spelling of.
    pub fn variations(&self) -> &'static [EditionRef] {
        let start = usize::from(self.editions) + usize::from(self.exact);
        &EDITION_REFS[start..start + usize::from(self.variations)]
    }
}

/// Generated strings as one text and the end of each (see `build_patterns::packed`).
struct Packed {
    text: &'static str,
    ends: &'static [u32],
}

impl Packed {
    fn get(&self, index: usize) -> &'static str {
        let end = self.ends[index] as usize;
        let start = index.checked_sub(1).map_or(0, |i| self.ends[i] as usize);
        &self.text[start..end]
    }

    fn len(&self) -> usize {
        self.ends.len()
    }
}

/// The patterns of reporter string `id`.
fn by_string(id: usize) -> &'static [u16] {
    let start = id.checked_sub(1).map_or(0, |i| BY_STRING_ENDS[i] as usize);
    &BY_STRING[start..BY_STRING_ENDS[id] as usize]
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
        TEMPLATES.get(usize::from(self.data.template)).replace(
            EDITION,
            ALTERNATIONS.get(usize::from(self.data.alternation)),
        )
    }

    /// The regex wrapped in eyecite's non-alphanumeric boundaries; group 1 is the citation. `None` only if
    /// the data holds a regex this engine cannot compile (a test asserts there is none).
    pub fn regex(&self) -> Option<&Regex> {
        self.compiled
            .get_or_init(|| {
                Regex::new(&format!(
                    "(?:^|[^a-zA-Z0-9])({})(?:[^a-zA-Z0-9]|$)",
                    ascii_digits(&self.source())
                ))
                .ok()
            })
            .as_ref()
    }
}

/// `pattern` with each `\d` read as an ASCII digit, `[0-9]` (a class nests inside a class). Python's and
/// Unicode's `\d` also take other scripts' digits ("١١٣"), which no reporter prints; their UTF-8 sequences
/// were about a quarter of compiling a pattern.
fn ascii_digits(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('d') => out.push_str("[0-9]"),
            Some(escaped) => {
                out.push(c);
                out.push(escaped);
            }
            None => out.push(c),
        }
    }
    out
}

pub struct Patterns {
    pub patterns: Vec<Pattern>,
    /// The strings of patterns that may match without a volume before their reporter.
    anywhere: SortedStrings,
    /// All strings, searched after a volume.
    after_volume: SortedStrings,
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
        anywhere: SortedStrings::new(ANYWHERE_STRINGS),
        after_volume: SortedStrings::new(SORTED_STRINGS),
    })
}

impl Patterns {
    /// Compiles those of `indices` not compiled yet: natively on two threads when there are several (the
    /// patterns are independent, and compiling them is most of a short text's run), else on this one.
    pub fn compile(&self, indices: &BTreeSet<usize>) {
        let pending: Vec<&Pattern> = indices
            .iter()
            .map(|&i| &self.patterns[i])
            .filter(|p| p.compiled.get().is_none())
            .collect();
        let next = AtomicUsize::new(0);
        let work = || {
            while let Some(pattern) = pending.get(next.fetch_add(1, Ordering::Relaxed)) {
                pattern.regex();
            }
        };
        #[cfg(not(target_arch = "wasm32"))]
        if pending.len() >= PARALLEL_COMPILE {
            std::thread::scope(|scope| {
                // Without a second thread this one compiles them all.
                let _ = std::thread::Builder::new().spawn_scoped(scope, work);
                work();
            });
            return;
        }
        work();
    }

    /// Indices of the patterns that can match somewhere in `text`.
    pub fn candidates(&self, text: &str) -> BTreeSet<usize> {
        let squeezed = without_whitespace(text);
        let mut found: BTreeSet<usize> = UNFILTERED.iter().map(|&i| usize::from(i)).collect();
        // Per reporter string, the kinds of place it was seen at (a bit per `Place`): a string seen again at
        // a place of a kind already seen adds nothing.
        let mut seen = vec![0u8; STRINGS.len()];
        for at in 0..squeezed.len() {
            let after_volume = follows_volume(&squeezed, at);
            // A string none of whose patterns can start here without a volume adds nothing.
            let strings = if after_volume {
                &self.after_volume
            } else {
                &self.anywhere
            };
            strings.starting_at(&squeezed[at..], |id| {
                let rest = &squeezed[at + STRINGS.get(id).len()..];
                let place = Place {
                    after_volume,
                    before_at: rest.starts_with(b"at") || rest.starts_with(b",at"),
                };
                if seen[id] & place.bit() != 0 {
                    return;
                }
                seen[id] |= place.bit();
                found.extend(
                    by_string(id)
                        .iter()
                        .map(|&i| usize::from(i))
                        .filter(|&i| place.admits(&PATTERNS[i])),
                );
            });
        }
        found
    }
}

/// Where in the text a reporter string was found.
#[derive(Clone, Copy)]
struct Place {
    /// After a volume (see `follows_volume`).
    after_volume: bool,
    /// Before "at" or ",at" (whitespace removed), as a short cite's reporter always is.
    before_at: bool,
}

impl Place {
    fn bit(self) -> u8 {
        1 << (u8::from(self.after_volume) * 2 + u8::from(self.before_at))
    }

    /// Whether a pattern whose reporter is found here may match here.
    fn admits(self, pattern: &PatternData) -> bool {
        (self.after_volume || !pattern.volume_first) && (self.before_at || !pattern.at_follows)
    }
}

/// The bytes of `text` without its whitespace (`char::is_whitespace`), ASCII read byte by byte.
fn without_whitespace(text: &str) -> Vec<u8> {
    let mut squeezed = Vec::with_capacity(text.len());
    let mut at = 0;
    while let Some(&byte) = text.as_bytes().get(at) {
        if byte.is_ascii() {
            if !char::from(byte).is_whitespace() {
                squeezed.push(byte);
            }
            at += 1;
            continue;
        }
        let Some(c) = text.get(at..).and_then(|rest| rest.chars().next()) else {
            break;
        };
        if !c.is_whitespace() {
            squeezed.extend_from_slice(&text.as_bytes()[at..at + c.len_utf8()]);
        }
        at += c.len_utf8();
    }
    squeezed
}

/// Reporter strings (indices into `STRINGS`) in byte order: the strings a text holds at a position are
/// found by narrowing the order one byte at a time, as a walk down a trie of them would, with no automaton
/// to build at start-up.
struct SortedStrings {
    ids: &'static [u16],
    /// Per first byte, the range of `ids` starting with it: most positions of a text are rejected by one
    /// look-up, and the rest start from a short range.
    by_first_byte: Vec<std::ops::Range<usize>>,
    /// Which pairs of bytes begin a string longer than one byte, a bit per pair: most positions a first
    /// byte lets through stop here.
    first_pairs: Vec<u64>,
}

impl SortedStrings {
    fn new(ids: &'static [u16]) -> Self {
        let first_of = |id: u16| STRINGS.get(usize::from(id)).as_bytes().first().copied();
        let by_first_byte = (0..=u8::MAX)
            .map(|byte| {
                let start = ids.partition_point(|&id| first_of(id) < Some(byte));
                let end = (start..ids.len())
                    .find(|&i| first_of(ids[i]) != Some(byte))
                    .unwrap_or(ids.len());
                start..end
            })
            .collect();
        let mut first_pairs = vec![0u64; 1 << 10];
        for &id in ids {
            if let Some(pair) = first_pair(STRINGS.get(usize::from(id)).as_bytes()) {
                first_pairs[pair / 64] |= 1 << (pair % 64);
            }
        }
        SortedStrings {
            ids,
            by_first_byte,
            first_pairs,
        }
    }

    /// Calls `found` with every string that `text` starts with.
    fn starting_at(&self, text: &[u8], mut found: impl FnMut(usize)) {
        let Some(&first) = text.first() else { return };
        let bytes = |id: u16| STRINGS.get(usize::from(id)).as_bytes();
        let mut range = &self.ids[self.by_first_byte[usize::from(first)].clone()];
        for depth in 0..text.len() {
            if depth == 1
                && first_pair(text)
                    .is_none_or(|pair| self.first_pairs[pair / 64] & (1 << (pair % 64)) == 0)
            {
                return;
            }
            if depth > 0 {
                // Every string left in `range` is longer than `depth` and starts with `text[..depth]`.
                let byte = text[depth];
                let start = range.partition_point(|&id| bytes(id)[depth] < byte);
                let end = range.partition_point(|&id| bytes(id)[depth] <= byte);
                range = &range[start..end];
            }
            // The string that ends here sorts first among those sharing its bytes.
            while let Some((&id, rest)) = range.split_first() {
                if bytes(id).len() != depth + 1 {
                    break;
                }
                found(usize::from(id));
                range = rest;
            }
            if range.is_empty() {
                return;
            }
        }
    }
}

/// The first two bytes of `bytes` as one number, if it has two.
fn first_pair(bytes: &[u8]) -> Option<usize> {
    match bytes {
        [first, second, ..] => Some(usize::from(*first) << 8 | usize::from(*second)),
        _ => None,
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
            .find(|p| {
                !p.data.short
                    && p.data
                        .exact()
                        .iter()
                        .any(|&e| db::edition(e).name == "F.3d")
            })
            .expect("an F.3d pattern");
        let source = f3d.source();
        assert!(
            source.starts_with(r"(?P<volume>[1-9]\d*) (?P<reporter>F\.\s*3d),? (?P<page>"),
            "{source}"
        );
        assert!(!source.contains('$'), "{source}");
    }

    #[test]
    fn sorted_strings_find_every_string_a_text_starts_with() {
        let all = SortedStrings::new(SORTED_STRINGS);
        for text in [
            "F.3d1449",
            "A.2d",
            "U.S.113",
            "So.2d",
            "Cal.App.4th",
            "N.E.2d",
            "xyz",
            "A",
        ] {
            let mut found = Vec::new();
            all.starting_at(text.as_bytes(), |id| found.push(id));
            found.sort_unstable();
            let expected: Vec<usize> = (0..STRINGS.len())
                .filter(|&id| text.starts_with(STRINGS.get(id)))
                .collect();
            assert_eq!(found, expected, "{text}");
        }
    }

    #[test]
    fn prefilter_selects_only_patterns_of_reporters_after_a_volume() {
        let p = patterns();
        let all = p.candidates("Kayes v. Pacific Lumber Co., 51 F.3d 1449 (9th Cir. 1995)");
        assert!(all.len() < 20, "{} of {}", all.len(), p.patterns.len());
        assert!(all.iter().any(|&i| p.patterns[i]
            .data
            .exact()
            .iter()
            .any(|&e| db::edition(e).name == "F.3d")));
        // No "at" after the reporter: no short cite of the standard form to compile.
        let f3d_short = |candidates: &BTreeSet<usize>| {
            candidates.iter().any(|&i| {
                let data = p.patterns[i].data;
                data.at_follows && data.exact().iter().any(|&e| db::edition(e).name == "F.3d")
            })
        };
        assert!(!f3d_short(&all));
        assert!(f3d_short(&p.candidates("Kayes, 51 F. 3d, at 1461")));
        // "A." of a name is no Atlantic Reporter cite.
        let none = p.candidates("J. A. Croson Co.");
        assert!(none.iter().all(|&i| UNFILTERED.contains(&(i as u16))));
    }
}
