//! Secondary authorities (Bluebook R15 books, R16 periodicals, R12.9.5 restatements): treatise and
//! restatement citations, the author and title before a journal citation, and the authors a supra names.
//! Their authors and titles are part of the citation, so they never become claim text.

use super::at_starts::{word_boundary, AtStarts};
use super::parties::LEAD_WORDS;
use super::{Citation, CitationKind};
use regex::{Captures, Regex};
use std::sync::OnceLock;

/// A person: up to three given names or initials, the surname, an optional suffix ("William R. Perdue, Jr.").
const PERSON: &str =
    r"(?:(?:[A-Z]\.|[A-Z][a-zA-Z'’\-]+)\s+){0,3}[A-Z][a-zA-Z'’\-]+(?:,\s+(?:Jr\.|Sr\.|II|III|IV))?";

/// A title: capitalised words joined by short lower-case ones ("Federal Practice and Procedure").
const TITLE: &str = r"[A-Z][\w'’\-]*(?:\s+(?:(?:of|and|the|in|on|for|to|a|an|&|at|by|with|under)\s+)*[A-Z][\w'’\-]*)*";

/// A restatement's subtitle, abbreviated as Bluebook table T6 has it ("Torts: Prods. Liab.").
const SUBTITLE: &str = r"[A-Z][\w'’\-]*\.?(?:\s+(?:(?:of|and|the|in|on|for|to|a|an|&|at|by|with|under)\s+)*[A-Z][\w'’\-]*\.?)*";

/// A section: "1357", "5.2(c)", "402A"; a period ends it only when a digit follows, so "§ 5.2(c)." is "5.2(c)".
const SECTION: &str = r"\d+(?:\.\d+)*[A-Z]?(?:\([a-zA-Z0-9]+\))*";

/// Comments, illustrations and reporter's notes after a restatement section: " cmt. b", ", illus. 3".
const COMMENT: &str =
    r"(?:,?\s+(?:cmts?\.|illus\.|reporter's\s+note)(?:\s+[a-z0-9]+(?:[-–][a-z0-9]+)?)?)*";

/// An edition or publisher parenthetical ending in the year: "(6th ed. 2020)", "(Am. L. Inst. 1981)".
const EDITION: &str = r"(?:\s+\([^()]*?(?P<year>\d{4})\))?";

fn cached(cell: &'static OnceLock<Regex>, pattern: impl FnOnce() -> String) -> &'static Regex {
    cell.get_or_init(|| Regex::new(&pattern()).expect("static secondary-source regex"))
}

fn authors() -> String {
    format!(r"{PERSON}(?:\s+&\s+{PERSON})?")
}

fn treatise_pattern() -> String {
    format!(
        r"(?-u:\b)(?:(?P<volume>\d+[A-Z]?)\s+)?(?P<author>{}),\s+(?P<title>{TITLE})\s+(?:§\s*(?P<section>{SECTION})|§§\s*(?P<sections>{SECTION}(?:,\s*(?:and\s+|&\s+)?{SECTION})+)){EDITION}",
        authors()
    )
}

fn treatise_regex() -> &'static AtStarts {
    static CELL: OnceLock<AtStarts> = OnceLock::new();
    CELL.get_or_init(|| AtStarts::new(&treatise_pattern()).expect("treatise pattern"))
}

/// Where a treatise cite can start: the word boundaries before each "§" back to the nearest ASCII char no
/// volume, author or title holds (";", "(", a quotation mark, an earlier "§"; a non-ASCII letter may be
/// one of the title's word chars).
fn treatise_starts(text: &str) -> Vec<usize> {
    let barrier = |c: char| {
        c == '§'
            || (c.is_ascii()
                && !(c.is_ascii_alphanumeric()
                    || c.is_whitespace()
                    || matches!(c, '_' | '\'' | '-' | '.' | ',' | '&')))
    };
    let mut starts = Vec::new();
    for (section_sign, _) in text.match_indices('§') {
        let before = &text[..section_sign];
        let from = before.rfind(barrier).map_or(0, |at| at + 1);
        starts.extend((from..section_sign).filter(|&at| word_boundary(text, at)));
    }
    starts.sort_unstable();
    starts.dedup();
    starts
}

fn restatement_regex() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    cached(&CELL, || {
        format!(
            r"(?-u:\b)(?P<title>Restatement(?:\s+\((?:First|Second|Third|Fourth)\))?\s+of\s+(?:the\s+)?{TITLE}(?::\s+{SUBTITLE})?)\s+§\s*(?P<section>{SECTION})(?P<comment>{COMMENT}){EDITION}"
        )
    })
}

fn comment_regex() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    cached(&CELL, || format!("^{COMMENT}"))
}

/// The length of the comment, illustration or reporter's note that `rest` starts with ("Id. § 402A cmt. f"
/// names comment f of that section), 0 if none.
pub fn comment_len(rest: &str) -> usize {
    comment_regex().find(rest).map_or(0, |m| m.end())
}

/// "[hereinafter Products Restatement]" right after a full citation (Bluebook R4.2(b)): the name the text
/// cites the work by from then on.
fn hereinafter_regex() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    cached(&CELL, || {
        r"^,?\s*\[hereinafter\s+(?P<name>[^\[\]]{1,80}?)\s*\]".to_string()
    })
}

fn section_regex() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    cached(&CELL, || SECTION.to_string())
}

/// "Author[ & Author], Title, " right before a journal citation (the title has no comma).
fn article_regex() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    cached(&CELL, || {
        format!(
            r"(?:^|[\s(\[;])(?P<author>{}),\s+(?P<title>[A-Z“‘'][^,;()\[\]]*?),\s*$",
            authors()
        )
    })
}

/// The surnames before a supra: "Wright & Miller, " in "Wright & Miller, supra".
fn supra_author_regex() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    cached(&CELL, || {
        r"(?:^|[^\w])(?P<author>[A-Z][a-zA-Z'’\-]+(?:\s+&\s+[A-Z][a-zA-Z'’\-]+)?),?\s*$".to_string()
    })
}

/// Statutes read like titles ("Smith, Clean Water Act § 404"): a title ending so is no book.
const NOT_BOOK_TITLES: [&str; 5] = ["Act", "Code", "Rule", "Rules", "Amendment"];

/// A treatise or restatement citation found in the text (byte offsets) with its fields.
pub struct Found {
    pub start: usize,
    pub end: usize,
    pub kind: CitationKind,
    pub groups: Vec<(&'static str, String)>,
}

fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A restatement cite's comment as its pin ("cmt. b"), if it names one.
fn comment_pin(caps: &Captures) -> Option<String> {
    caps.name("comment")
        .map(|c| squeeze(c.as_str().trim_start_matches(',')))
        .filter(|pin| !pin.is_empty())
}

/// The surnames of "Samuel D. Warren & Louis D. Brandeis" as written: "Warren & Brandeis".
fn surnames(author: &str) -> String {
    author
        .split(" & ")
        .filter_map(|person| {
            let person = person.split(", ").next().unwrap_or(person);
            person.split_whitespace().next_back()
        })
        .collect::<Vec<_>>()
        .join(" & ")
}

/// Bytes of leading signal words ("See ") that a name pattern took for given names.
fn signal_prefix(author: &str) -> usize {
    let mut rest = author;
    while let Some(word) = rest.split_whitespace().next() {
        if !LEAD_WORDS.contains(&word.to_lowercase().as_str()) {
            break;
        }
        rest = rest.trim_start()[word.len()..].trim_start();
    }
    author.len() - rest.len()
}

/// Treatise and restatement citations in `text`. A "§§ 1216, 1357" treatise cite yields one citation per
/// section (each is its own authority): the first spans the author to its section, the others their section.
pub fn secondary_citations(text: &str) -> Vec<Found> {
    let mut found = Vec::new();
    treatise_regex().for_each(text, &treatise_starts(text), |hit| {
        let caps = &hit.caps;
        let (Some(author), Some(title)) = (caps.name("author"), caps.name("title")) else {
            return;
        };
        let last_title_word = title.as_str().split_whitespace().next_back();
        if last_title_word.is_some_and(|w| NOT_BOOK_TITLES.contains(&w)) {
            return;
        }
        let skip = signal_prefix(author.as_str());
        if skip == author.len() {
            return;
        }
        let start = match caps.name("volume") {
            Some(volume) => hit.range(volume).start,
            None => hit.range(author).start + skip,
        };
        let mut common = vec![
            ("author", surnames(&author.as_str()[skip..])),
            ("title", squeeze(title.as_str())),
        ];
        for (name, value) in [("volume", caps.name("volume")), ("year", caps.name("year"))] {
            if let Some(value) = value {
                common.push((name, value.as_str().to_string()));
            }
        }
        let sections: Vec<(usize, usize)> = match (caps.name("section"), caps.name("sections")) {
            (Some(one), _) => {
                let one = hit.range(one);
                vec![(one.start, one.end)]
            }
            (None, Some(list)) => section_regex()
                .find_iter(list.as_str())
                .map(|m| {
                    let list = hit.range(list).start;
                    (list + m.start(), list + m.end())
                })
                .collect(),
            (None, None) => return,
        };
        let count = sections.len();
        for (i, &(section_start, section_end)) in sections.iter().enumerate() {
            let mut groups = common.clone();
            groups.push(("section", text[section_start..section_end].to_string()));
            found.push(Found {
                start: if i == 0 { start } else { section_start },
                end: if i + 1 == count {
                    hit.whole().end
                } else {
                    section_end
                },
                kind: CitationKind::Treatise,
                groups,
            });
        }
    });
    for caps in restatement_regex().captures_iter(text) {
        let (Some(whole), Some(title), Some(section)) =
            (caps.get(0), caps.name("title"), caps.name("section"))
        else {
            continue;
        };
        let mut groups = vec![
            ("title", squeeze(title.as_str())),
            ("section", section.as_str().to_string()),
        ];
        if let Some(pin) = comment_pin(&caps) {
            groups.push(("pin", pin));
        }
        if let Some(year) = caps.name("year") {
            groups.push(("year", year.as_str().to_string()));
        }
        found.push(Found {
            start: whole.start(),
            end: whole.end(),
            kind: CitationKind::Restatement,
            groups,
        });
    }
    add_hereinafter_cites(text, &mut found);
    found
}

/// Extends each citation over a "[hereinafter Name]" that follows it, and adds the later cites of the work
/// by that name ("Products Restatement § 2 cmt. j"), each keyed as that section of the work.
fn add_hereinafter_cites(text: &str, found: &mut Vec<Found>) {
    let mut by_name = Vec::new();
    for citation in found.iter_mut() {
        let Some(caps) = text
            .get(citation.end..)
            .and_then(|rest| hereinafter_regex().captures(rest))
        else {
            continue;
        };
        let (Some(whole), Some(name)) = (caps.get(0), caps.name("name")) else {
            continue;
        };
        citation.end += whole.end();
        by_name.extend(cites_by_name(text, citation.end, name.as_str(), citation));
    }
    found.extend(by_name);
}

/// The cites of `work` by its hereinafter `name` in `text` from byte `from` on: "Name § 2 cmt. j".
fn cites_by_name(text: &str, from: usize, name: &str, work: &Found) -> Vec<Found> {
    let pattern = format!(
        r"{}\s+§\s*(?P<section>{SECTION})(?P<comment>{COMMENT})",
        regex::escape(name)
    );
    let (Ok(pattern), Some(rest)) = (Regex::new(&pattern), text.get(from..)) else {
        return Vec::new();
    };
    pattern
        .captures_iter(rest)
        .filter_map(|caps| {
            let (whole, section) = (caps.get(0)?, caps.name("section")?);
            // The name as a whole word, not the end of a longer one.
            if rest[..whole.start()].ends_with(char::is_alphanumeric) {
                return None;
            }
            let mut groups: Vec<(&'static str, String)> = work
                .groups
                .iter()
                .filter(|(field, _)| matches!(*field, "author" | "title"))
                .cloned()
                .collect();
            groups.push(("section", section.as_str().to_string()));
            if let Some(pin) = comment_pin(&caps) {
                groups.push(("pin", pin));
            }
            Some(Found {
                start: from + whole.start(),
                end: from + whole.end(),
                kind: work.kind,
                groups,
            })
        })
        .collect()
}

/// Extends each journal citation back over the article's "Author[ & Author], Title, " (byte offsets), and
/// records the authors' surnames and the title, so that neither becomes claim text.
pub fn add_article_authors(text: &str, citations: &mut [Citation]) {
    for index in 0..citations.len() {
        if citations[index].kind != CitationKind::Journal {
            continue;
        }
        let start = citations[index].start;
        let mut floor = index
            .checked_sub(1)
            .map_or(0, |previous| citations[previous].end.min(start));
        // An author and title fit in a few hundred bytes; the window keeps the anchored search short.
        floor = floor.max(start.saturating_sub(400));
        while !text.is_char_boundary(floor) {
            floor += 1;
        }
        let Some(caps) = article_regex().captures(&text[floor..start]) else {
            continue;
        };
        let (Some(author), Some(title)) = (caps.name("author"), caps.name("title")) else {
            continue;
        };
        let skip = signal_prefix(author.as_str());
        if skip == author.len() {
            continue;
        }
        let citation = &mut citations[index];
        citation.start = floor + author.start() + skip;
        citation.matched_text = text[citation.start..citation.end].to_string();
        citation.author = Some(surnames(&author.as_str()[skip..]));
        citation.title = Some(squeeze(title.as_str()));
    }
}

/// The surnames written before a supra ("Wright & Miller" in "Wright & Miller, supra"), if any.
pub fn supra_author(before: &str) -> Option<String> {
    let caps = supra_author_regex().captures(before)?;
    let author = caps.name("author")?.as_str();
    (!LEAD_WORDS.contains(&author.to_lowercase().as_str())).then(|| squeeze(author))
}

/// Surnames as a key: lower case, joined by "&" ("Wright & Miller" → "wright&miller").
pub fn surnames_key(author: &str) -> String {
    author
        .split('&')
        .map(|name| name.trim().to_lowercase())
        .collect::<Vec<_>>()
        .join("&")
}

/// The section a "§" cite names, without "§" or trailing punctuation ("§ 1216." → "1216").
pub fn section_number(section: &str) -> String {
    section
        .trim_start_matches(|c: char| c == '§' || c.is_whitespace())
        .trim_end_matches(['.', ',', ';', ':'])
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_treatise_starts_give_the_whole_text_searchs_matches() {
        super::super::at_starts::assert_same_as_whole_text(
            &Regex::new(&treatise_pattern()).unwrap(),
            treatise_regex(),
            treatise_starts,
            "5 Charles Alan Wright & Arthur R. Miller, Federal Practice and Procedure § 1216 (3d ed. \
             2004); éWayne R. LaFave, Search and Seizure §§ 5.2(c), 5.3 (6th ed. 2020); xSmith, Torts \
             § 3; see Dobbs, The Law of Torts § 1 (2000) § 2",
            21,
        );
    }
}
