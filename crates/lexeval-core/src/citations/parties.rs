//! The case name before a full case citation: plaintiff and defendant around the last "v." ("In re X" has
//! only a defendant), and a year printed before the citation, California style ("X v. Y (2022) 1 U.S. 1").

use super::{db, Citation};
use regex::Regex;
use std::sync::OnceLock;

/// Words that start a citation clause rather than a case name.
pub(super) const LEAD_WORDS: [&str; 16] = [
    "see",
    "also",
    "cf.",
    "e.g.,",
    "e.g.",
    "accord",
    "citing",
    "quoting",
    "but",
    "compare",
    "with",
    "in",
    "under",
    "and",
    "contra",
    "following",
];

/// Lower-case words allowed inside a case name. Not "in": "The Court in Brown v. Board of Education, 347
/// U.S. 483" names Brown, and a name never needs it ("In re" is read apart).
const NAME_CONNECTORS: [&str; 9] = ["of", "the", "and", "&", "for", "ex", "rel.", "de", "on"];

/// Procedural prefixes of one-party case names: the rest is the defendant, as eyecite reads "In re Foo".
pub(super) const ONE_PARTY_PREFIXES: [&str; 5] =
    ["In re ", "in re ", "Ex parte ", "ex parte ", "Matter of "];

#[derive(Debug, Default, PartialEq)]
pub struct CaseName {
    pub plaintiff: Option<String>,
    pub defendant: Option<String>,
    /// A year printed between the name and the citation.
    pub year: Option<u32>,
}

/// What may stand between a case name and its citation: a year "(2022)", a blank parallel cite printed
/// before the first page is known ("— U.S. —", "___ Nev. ___", "---- U.S. ----"), an opening bracket.
fn name_tail() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    CELL.get_or_init(|| {
        Regex::new(&format!(
            r"(?:[\s,\[(]|\((?P<year>\d{{4}})\)|{BLANK_CITE})+$"
        ))
        .expect("static case-name regex")
    })
}

/// A blank parallel cite ("— U.S. —", "___ Nev. ___", "---- L. Ed. 2d ----"), printed before the page
/// numbers are known.
const BLANK_CITE: &str = r"(?:—|–|-{2,}|_+)\s*[A-Z][A-Za-z.\s\d]{0,20}?\s*(?:—|–|-{2,}|_+)";

/// `rest` without the blank parallel cites (and commas) it starts with.
pub fn skip_blank_cites(rest: &str) -> &str {
    static CELL: OnceLock<Regex> = OnceLock::new();
    let re = CELL.get_or_init(|| {
        Regex::new(&format!(r"^(?:[\s,]*{BLANK_CITE})+[\s,]*")).expect("static blank-cite regex")
    });
    re.find(rest).map_or(rest, |m| &rest[m.end()..])
}

/// The case name of the full case citation at `index` (byte offsets), read from up to 300 bytes before it.
pub fn case_name(text: &str, citations: &[Citation], index: usize) -> CaseName {
    let start = citations[index].start;
    let floor = if index > 0 {
        citations[index - 1].end.min(start)
    } else {
        0
    };
    let mut window_start = start.saturating_sub(300).max(floor);
    while !text.is_char_boundary(window_start) {
        window_start += 1;
    }
    let mut window = text.get(window_start..start).unwrap_or_default();
    let mut year = None;
    let comma_before = window.trim_end().ends_with(',');
    if let Some(tail) = name_tail().captures(window) {
        year = tail.name("year").and_then(|y| y.as_str().parse().ok());
        window = &window[..tail.get(0).map_or(window.len(), |m| m.start())];
    }
    // A name broken across lines ("Rice v.\n    Cayetano") reads as one line.
    let window = clause_before(window)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let (plaintiff, defendant) = parties(&window, comma_before);
    CaseName {
        plaintiff,
        defendant,
        year,
    }
}

/// The end of `window` after its last ";", line end, bracket or unclosed parenthesis; a closed one stays
/// ("Corp. v. Nature's Farm Prods., No. 99 Civ. 9404 (SHS), ").
fn clause_before(window: &str) -> &str {
    let mut depth = 0usize;
    for (at, c) in window.char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' if depth > 0 => depth -= 1,
            '(' | ';' | '[' | ']' => return &window[at + c.len_utf8()..],
            '\n' if ends_line(&window[..at]) => return &window[at + 1..],
            _ => {}
        }
    }
    window
}

/// Whether a line break after `text` ends what came before (a blank line, a heading in capitals, a
/// sentence or a colon), rather than wrapping a line of hard-wrapped text (an opinion, a brief pasted from
/// a PDF) in the middle of a sentence.
fn ends_line(text: &str) -> bool {
    let line = text.rsplit('\n').next().unwrap_or_default().trim();
    let last_word = line.split_whitespace().next_back().unwrap_or_default();
    line.is_empty()
        || !line.chars().any(char::is_lowercase)
        || last_word.ends_with([':', '!', '?'])
        || ends_sentence(last_word)
}

fn nonempty(name: &str) -> Option<String> {
    let name = name.trim().trim_end_matches(',').trim();
    Some(name.to_string()).filter(|s| !s.is_empty() && s.len() < 200)
}

/// Plaintiff and defendant in the text just before a citation (`comma_before`: a comma stood before it).
fn parties(window: &str, comma_before: bool) -> (Option<String>, Option<String>) {
    let window = without_bankruptcy_caption(window);
    let versus = window.rfind(" v. ").map(|at| (at, 4)).or_else(|| {
        window
            .rfind(" v ")
            .or_else(|| window.rfind(" \u{200b}v "))
            .map(|at| (at, window[at..].find("v ").map_or(3, |v| v + 2)))
    });
    let one_party = ONE_PARTY_PREFIXES
        .iter()
        .filter_map(|prefix| window.rfind(prefix).map(|at| (at, prefix.len())))
        .max();
    match (versus, one_party) {
        (Some((v_at, _)), Some((re_at, length))) if re_at > v_at => {
            (None, nonempty(&window[re_at + length..]))
        }
        (None, Some((re_at, length))) => (None, nonempty(&window[re_at + length..])),
        (Some((v_at, separator)), _) => (
            name_at_end(&window[..v_at]),
            nonempty(&window[v_at + separator..]),
        ),
        // eyecite reads a name before the comma without "v." as the defendant ("In Smith, 12 U.S. 1").
        (None, None)
            if comma_before && !window.split_whitespace().any(|w| w == "v." || w == "v") =>
        {
            (None, name_at_end(window))
        }
        (None, None) => (None, None),
    }
}

/// `window` without the debtor's caption a bankruptcy case prints after its adversary parties ("McHale v.
/// Boulder Capital LLC (In re 1031 Tax Group, LLC)"): the parties are those before it, as eyecite reads them.
fn without_bankruptcy_caption(window: &str) -> &str {
    let trimmed = window.trim_end();
    let Some(inner) = trimmed.strip_suffix(')') else {
        return window;
    };
    match inner.rfind('(') {
        Some(open)
            if ONE_PARTY_PREFIXES
                .iter()
                .any(|p| inner[open + 1..].starts_with(p))
                && inner[..open].contains(" v. ") =>
        {
            &inner[..open]
        }
        _ => window,
    }
}

/// The capitalised words (and connectors) at the end of `text`, without a leading signal ("See", "In").
fn name_at_end(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut first = words.len();
    while first > 0 {
        let word = words[first - 1];
        // Markdown emphasis around a name ("*Gurary v. Winehouse*", as generated text prints it) is no word.
        let capitalised = word
            .trim_start_matches(['*', '_'])
            .chars()
            .next()
            .is_some_and(char::is_uppercase);
        if !(capitalised || NAME_CONNECTORS.contains(&word)) || ends_sentence(word) {
            break;
        }
        first -= 1;
    }
    while first < words.len()
        && (LEAD_WORDS
            .iter()
            .any(|&lead| lower_case_is(words[first], lead))
            || NAME_CONNECTORS.contains(&words[first]))
    {
        first += 1;
    }
    let mut name = &words[first..];
    // "in Grutter and Regents of Univ. of Cal. v. Bakke": one word, "and", then a longer name lists an
    // earlier case before this one ("Smith and Wesson" and "Dept. of Housing and Urban Dev." stay whole).
    if let [_, "and", rest @ ..] = name {
        if rest.len() >= 2 {
            name = rest;
        }
    }
    nonempty(&name.join(" "))
}

/// A word that ends the previous sentence ("held.", "Curiams." but not "Co.", "U.S." or reporters-db's
/// case-name abbreviations such as "Indus.").
fn ends_sentence(word: &str) -> bool {
    word.ends_with('.')
        && word.chars().filter(|c| c.is_alphabetic()).count() > 4
        && !word.contains(['\'', '’'])
        && !db::table().is_abbreviation(word)
}

/// Compiles this module's regexes (natively ahead of their first use: `citations::compile_ahead`).
pub(super) fn compile_regexes() {
    name_tail();
    skip_blank_cites("");
}

/// Whether `word` is `text` in lower case, as `text.to_lowercase() == word` for a word without a Greek
/// sigma (whose final form is the one difference), without the copy.
pub fn lower_case_is(text: &str, word: &str) -> bool {
    text.chars().flat_map(char::to_lowercase).eq(word.chars())
}

#[cfg(test)]
mod tests {
    use super::parties;

    #[test]
    fn in_re_names_only_a_defendant() {
        assert_eq!(
            parties("(See In re K.F.", false),
            (None, Some("K.F.".into()))
        );
        assert_eq!(
            parties("See Kayes v. Pacific Lumber Co.", true),
            (Some("Kayes".into()), Some("Pacific Lumber Co.".into()))
        );
        assert_eq!(parties("In Smith", true), (None, Some("Smith".into())));
        assert_eq!(
            parties(
                "articulated in Grutter and Regents of Univ. of Cal. v. Bakke",
                true
            ),
            (
                Some("Regents of Univ. of Cal.".into()),
                Some("Bakke".into())
            )
        );
        assert_eq!(
            parties("see Smith and Wesson v. Jones", true),
            (Some("Smith and Wesson".into()), Some("Jones".into()))
        );
        assert_eq!(parties("In Smith", false), (None, None));
        assert_eq!(parties("the statute", true), (None, None));
    }
}
