//! Whether two full case citations' names agree. Resolution lets a name answer to a party when it is the
//! party or one of its words (`citations::names_party`); two full names agree when each party of each name
//! meets the other name that way, in either order ("State v. Smith" is "Smith v. State" on appeal), with
//! abbreviations ("Assocs." for "Associates") and generic words ("United States", "Inc.", "Board")
//! matching anything.

use crate::citations::Citation;

/// Words that name no one in particular: a party made only of them meets any party.
const GENERIC: &[&str] = &[
    "a",
    "al",
    "also",
    "an",
    "and",
    "appellant",
    "appellee",
    "ass'n",
    "assn",
    "association",
    "bd",
    "board",
    "by",
    "cf",
    "city",
    "co",
    "comm'r",
    "commissioner",
    "commonwealth",
    "company",
    "corp",
    "corporation",
    "county",
    "court",
    "defendant",
    "defendants",
    "dep't",
    "dept",
    "department",
    "dist",
    "district",
    "e.g",
    "estate",
    "et",
    "ex",
    "for",
    "gov't",
    "government",
    "in",
    "inc",
    "llc",
    "llp",
    "lp",
    "ltd",
    "matter",
    "n.a",
    "of",
    "on",
    "parte",
    "people",
    "petitioner",
    "plaintiff",
    "plaintiffs",
    "plc",
    "re",
    "rel",
    "respondent",
    "school",
    "sec'y",
    "secretary",
    "see",
    "state",
    "states",
    "the",
    "to",
    "town",
    "u.s",
    "u.s.a",
    "united",
    "us",
    "usa",
    "v",
    "village",
    "vs",
];

/// A word of a name: its letters lowercased, and whether it was written abbreviated ("Assocs.", "Ass'n").
struct Word {
    core: String,
    abbreviated: bool,
}

fn words(party: &str) -> Vec<Word> {
    party
        .split(|c: char| c.is_whitespace() || c == ',' || c == '&')
        .filter_map(|raw| {
            let core = raw
                .trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase();
            let abbreviated = raw.ends_with('.') || core.contains('\'');
            (core.chars().count() > 1 && !GENERIC.contains(&core.as_str()))
                .then_some(Word { core, abbreviated })
        })
        .collect()
}

/// `short`'s letters in order within `long`, from the same first letter: "assocs" in "associates".
fn abbreviates(short: &str, long: &str) -> bool {
    let short: Vec<char> = short.chars().filter(|c| c.is_alphanumeric()).collect();
    let mut long = long.chars().filter(|c| c.is_alphanumeric()).peekable();
    if short.len() < 2 || short.first() != long.peek() {
        return false;
    }
    short.iter().all(|s| long.any(|l| l == *s))
}

fn same_word(a: &Word, b: &Word) -> bool {
    a.core == b.core
        || (a.abbreviated && abbreviates(&a.core, &b.core))
        || (b.abbreviated && abbreviates(&b.core, &a.core))
}

/// Whether `party` is an acronym ("HHS", "NLRB") of words of `other` ("Dep't of Health & Human Servs.").
fn acronym_of(party: &str, other: &str) -> bool {
    let party = party.trim();
    let letters: String = party.chars().filter(|c| *c != '.').collect();
    if !(2..=6).contains(&letters.len()) || !letters.chars().all(|c| c.is_ascii_uppercase()) {
        return false;
    }
    let initials: String = other
        .split(|c: char| c.is_whitespace() || c == '&' || c == ',')
        .filter_map(|w| w.chars().next())
        .filter(char::is_ascii_uppercase)
        .collect();
    initials.contains(&letters)
}

/// The parties a full case citation names, as words (parties of generic words only are left out).
fn parties(citation: &Citation) -> Vec<Vec<Word>> {
    [&citation.plaintiff, &citation.defendant]
        .into_iter()
        .flatten()
        .map(|party| words(party))
        .filter(|words| !words.is_empty())
        .collect()
}

/// Whether a full case citation names both parties ("Riley v. California").
pub fn captioned(citation: &Citation) -> bool {
    citation.plaintiff.is_some() && citation.defendant.is_some()
}

fn has_name(citation: &Citation) -> bool {
    citation.plaintiff.is_some() || citation.defendant.is_some()
}

/// Whether some word of `party` is a word of some party of `other`.
fn meets(party: &[Word], other: &[Vec<Word>]) -> bool {
    party
        .iter()
        .any(|word| other.iter().flatten().any(|o| same_word(word, o)))
}

/// Whether the names of two full case citations agree; None when either names no party.
pub fn agree(a: &Citation, b: &Citation) -> Option<bool> {
    if !has_name(a) || !has_name(b) {
        return None;
    }
    // A party written as the other's acronym ("HHS") stands for it.
    let acronyms = |x: &Citation, y: &Citation| {
        [&x.plaintiff, &x.defendant].into_iter().flatten().any(|p| {
            [&y.plaintiff, &y.defendant]
                .into_iter()
                .flatten()
                .any(|o| acronym_of(p, o))
        })
    };
    if acronyms(a, b) || acronyms(b, a) {
        return Some(true);
    }
    let (a, b) = (parties(a), parties(b));
    if a.len() < 2 || b.len() < 2 {
        // A name by one party ("Carnegie-Mellon Univ.", "In re Smith") is a short caption of the other.
        let (one, other) = if a.len() < 2 { (&a, &b) } else { (&b, &a) };
        return Some(one.iter().all(|p| meets(p, other)));
    }
    Some(a.iter().all(|p| meets(p, &b)) && b.iter().all(|p| meets(p, &a)))
}

/// Whether two names agree and share a particular word: the same case by its name, not only by "State".
pub fn same_case(a: &Citation, b: &Citation) -> bool {
    agree(a, b) == Some(true) && parties(a).iter().any(|p| meets(p, &parties(b)))
}

/// Whether a short form's name ("Hoffman Estates", "In re S.F. Drake Hotel Associates") is a name of a full
/// case citation: each of its words a word of the citation's parties.
pub fn carries(citation: &Citation, name: &str) -> bool {
    let parties = parties(citation);
    words(name)
        .iter()
        .all(|word| meets(std::slice::from_ref(word), &parties))
}

/// "Riley v. California" from a full case citation's parties.
pub fn written(citation: &Citation) -> Option<String> {
    match (&citation.plaintiff, &citation.defendant) {
        (Some(p), Some(d)) => Some(format!("{p} v. {d}")),
        (Some(one), None) | (None, Some(one)) => Some(one.clone()),
        (None, None) => None,
    }
}
