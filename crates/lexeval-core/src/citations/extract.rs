//! Tokens: reporter-pattern matches, Id., supra and "§" cites, with eyecite's overlap rule (sort by start,
//! longest first; drop overlapping matches, except that a nominative-reporter match yields to a later one).

use super::db::{self, EditionRef, SourceKind};
use super::law_forms;
use super::patterns::patterns;
use super::secondary;
use super::{normalise_space, statutes, Citation, CitationKind, CitationRole};
use crate::authority_key::AuthorityKey;
use regex::{Captures, Regex};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

#[derive(Clone)]
struct Token {
    start: usize,
    end: usize,
    kind: CitationKind,
    exact: Vec<EditionRef>,
    variations: Vec<EditionRef>,
    groups: Vec<(&'static str, String)>,
    /// Where the reporter group starts: of two readings of one span, the reporter printed first wins.
    reporter_start: usize,
    nominative: bool,
}

/// eyecite's `NOMINATIVE_REPORTER_NAMES`: reporters named after a person, whose matches ("Thompson, 744")
/// yield to an overlapping case citation ("744 F.2d 1065").
const NOMINATIVE_REPORTERS: [&str; 9] = [
    "Thompson", "Cooke", "Holmes", "Olcott", "Chase", "Gilmer", "Bee", "Deady", "Taney",
];

const GROUPS: [&str; 10] = [
    "volume",
    "reporter",
    "subject",
    "page",
    "year",
    "title",
    "chapter",
    "section",
    "act",
    "volume_nominative",
];

fn regex(cell: &'static OnceLock<Regex>, pattern: &str) -> &'static Regex {
    cell.get_or_init(|| Regex::new(pattern).expect("static citation regex"))
}

/// Id. and supra are whole whitespace-separated words; the boundaries are checked in `simple_tokens`, not
/// matched, so "Id. Id. at 2" yields both.
fn id_regex() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(&CELL, r"(?i)id\.,?|ibid\.")
}

fn supra_regex() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(&CELL, r"(?i)[^\sa-zA-Z0-9]*supra[^\sa-zA-Z0-9]*")
}

/// Whether `range` of `text` is a whole word: whitespace (or the text's edge) on both sides.
fn is_whole_word(text: &str, range: std::ops::Range<usize>) -> bool {
    let before = text[..range.start].chars().next_back();
    let after = text[range.end..].chars().next();
    before.is_none_or(char::is_whitespace) && after.is_none_or(char::is_whitespace)
}

fn section_regex() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    // A period ends the section only when more follows: "§ 1983." is "§ 1983".
    regex(&CELL, r"\S*§\S*(?:\s*\d(?:[\w.\-:()]*[\w\-:()])?)?")
}

/// `text` with paragraph markers glued to a volume ("P51 F.3d 1449", "¶51 F.3d") blanked out, same byte
/// offsets: PDF-extracted opinions print them that way, and eyecite then misses the citation.
fn without_glued_markers(text: &str) -> std::borrow::Cow<'_, str> {
    static CELL: OnceLock<Regex> = OnceLock::new();
    let re = regex(&CELL, r"(?:^|[^a-zA-Z0-9])(P|¶)\d+\s+[A-Z]");
    if !re.is_match(text) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut scan = text.to_string();
    for caps in re.captures_iter(text) {
        if let Some(marker) = caps.get(1) {
            scan.replace_range(marker.range(), &" ".repeat(marker.len()));
        }
    }
    std::borrow::Cow::Owned(scan)
}

fn citation_tokens(text: &str, out: &mut Vec<Token>) {
    let text = &*without_glued_markers(text);
    let all = patterns();
    let candidates = all.candidates(text);
    all.compile(&candidates);
    for index in candidates {
        let Some(re) = all.patterns[index].regex() else {
            continue;
        };
        let pattern = all.patterns[index].data;
        for caps in re.captures_iter(text) {
            let Some(span) = caps.get(1) else { continue };
            let kind = match (pattern.kind, pattern.short) {
                (SourceKind::Reporter, false) => CitationKind::FullCase,
                (SourceKind::Reporter, true) => CitationKind::ShortCase,
                (SourceKind::Law, _) => CitationKind::FullLaw,
                (SourceKind::Journal, _) => CitationKind::Journal,
            };
            // A law's short form is read only for volumes cited by page ("76 Fed. Reg. at 16,982").
            if pattern.short
                && pattern.kind != SourceKind::Reporter
                && caps.name("volume").is_none()
            {
                continue;
            }
            let first_edition = pattern.exact().first().or(pattern.variations().first());
            let nominative = first_edition
                .is_some_and(|&e| NOMINATIVE_REPORTERS.contains(&db::source(e).key.as_str()));
            let token = Token {
                start: span.start(),
                end: span.end(),
                kind,
                exact: pattern.exact().to_vec(),
                variations: pattern.variations().to_vec(),
                groups: if kind == CitationKind::FullLaw && pattern.short {
                    pinned_groups(groups(&caps))
                } else {
                    groups(&caps)
                },
                reporter_start: caps.name("reporter").map_or(span.start(), |m| m.start()),
                nominative,
            };
            // "42 U.S.C. §§ 1983, 1988(b)": reporters-db's pattern stops at the first section; each
            // further one is a citation of the same code.
            if kind == CitationKind::FullLaw && span.as_str().contains("§§") {
                for (start, end, section) in statutes::listed_sections(text, span.end()) {
                    let mut groups = token.groups.clone();
                    groups.retain(|(name, _)| *name != "section");
                    groups.push(("section", section));
                    out.push(Token {
                        start,
                        end,
                        groups,
                        reporter_start: start,
                        ..token.clone()
                    });
                }
            }
            out.push(token);
        }
    }
}

/// A law's short form: its page is the pin, the document's first page comes from its full cite
/// (`first_pages`).
fn pinned_groups(groups: Vec<(&'static str, String)>) -> Vec<(&'static str, String)> {
    groups
        .into_iter()
        .map(|(name, value)| (if name == "page" { "pin" } else { name }, value))
        .collect()
}

/// The number a page or pin prints ("16,982" → 16982).
fn page_number(page: &str) -> Option<u64> {
    page.chars()
        .filter(|c| *c != ',')
        .collect::<String>()
        .parse()
        .ok()
}

/// Gives each law short form ("76 Fed. Reg. at 16,982") the first page of the document it cites: of the
/// earlier full cites of its volume, the one with the greatest first page not after the pin. One with none
/// keeps no page.
fn first_pages(tokens: &mut [Token]) {
    for index in 0..tokens.len() {
        let short = &tokens[index];
        let is_short_law = short.kind == CitationKind::FullLaw
            && group(short, "page").is_none()
            && group(short, "volume").is_some();
        let Some(pin) = is_short_law
            .then(|| group(short, "pin"))
            .flatten()
            .and_then(|p| page_number(&p))
        else {
            continue;
        };
        let (volume, editions) = (group(short, "volume"), candidate_editions(short));
        let document = tokens[..index]
            .iter()
            .filter(|full| {
                full.kind == CitationKind::FullLaw
                    && group(full, "volume") == volume
                    && candidate_editions(full) == editions
            })
            .filter_map(|full| {
                let page = group(full, "page")?;
                Some((page_number(&page)?, page))
            })
            .filter(|(first, _)| *first <= pin)
            .max_by_key(|(first, _)| *first);
        if let Some((_, page)) = document {
            tokens[index].groups.push(("page", page));
        }
    }
}

fn groups(caps: &Captures) -> Vec<(&'static str, String)> {
    GROUPS
        .iter()
        .filter_map(|&name| caps.name(name).map(|m| (name, m.as_str().to_string())))
        .collect()
}

fn word_tokens(text: &str, re: &Regex, kind: CitationKind, out: &mut Vec<Token>) {
    for span in re.find_iter(text) {
        if !is_whole_word(text, span.range()) {
            continue;
        }
        out.push(Token {
            start: span.start(),
            end: span.end(),
            kind,
            exact: Vec::new(),
            variations: Vec::new(),
            groups: Vec::new(),
            reporter_start: span.start(),
            nominative: false,
        });
    }
}

/// From what length a text's extraction runs on two threads (natively): starting one costs tens of
/// microseconds, about what a 2 KB paragraph's extraction takes once its regexes are compiled.
const PARALLEL_TEXT: usize = 16 << 10;

/// Runs `side` and `main` and returns both results: natively `side` on another thread for the process's
/// first text (whose extraction compiles the regexes) and for long texts, so the two halves overlap.
fn beside<S: Send, M>(
    text: &str,
    side: impl FnOnce() -> S + Send,
    main: impl FnOnce() -> M,
) -> (S, M) {
    static FIRST: AtomicBool = AtomicBool::new(true);
    let first = FIRST.swap(false, Ordering::Relaxed);
    if cfg!(not(target_arch = "wasm32")) && (first || text.len() >= PARALLEL_TEXT) {
        // Whichever thread takes `side` runs it: this one too if no thread could be started.
        let slot = std::sync::Mutex::new(Some(side));
        let take = || slot.lock().map_or(None, |mut side| side.take());
        return std::thread::scope(|scope| {
            let other =
                std::thread::Builder::new().spawn_scoped(scope, || take().map(|side| side()));
            let main = main();
            let side = other
                .ok()
                .and_then(|other| {
                    other
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .or_else(|| take().map(|side| side()))
                .expect("one of the two threads ran it");
            (side, main)
        });
    }
    (side(), main())
}

/// Matches of every kind, overlaps removed, in text order (byte offsets), each with the editions its
/// reporter may stand for (empty for Id., supra, "§" cites and secondary sources).
pub fn raw_citations(text: &str) -> (Vec<Citation>, Vec<Vec<EditionRef>>) {
    let ((secondary, laws), mut tokens) = beside(
        text,
        || {
            (
                secondary::secondary_citations(text),
                law_forms::law_forms(text),
            )
        },
        || {
            let mut tokens = Vec::new();
            citation_tokens(text, &mut tokens);
            word_tokens(text, id_regex(), CitationKind::Id, &mut tokens);
            word_tokens(text, supra_regex(), CitationKind::Supra, &mut tokens);
            tokens
        },
    );
    tokens.extend(secondary.into_iter().map(|found| Token {
        start: found.start,
        end: found.end,
        kind: found.kind,
        exact: Vec::new(),
        variations: Vec::new(),
        groups: found.groups,
        reporter_start: found.start,
        nominative: false,
    }));
    // "Rule 11" is a short form only after a full cite of court rules.
    let first_rules = laws
        .iter()
        .filter(|law| {
            law.groups
                .iter()
                .any(|(name, value)| *name == "reporter" && statutes::is_court_rules(value))
        })
        .map(|law| law.end)
        .min();
    tokens.extend(laws.into_iter().map(|law| Token {
        start: law.start,
        end: law.end,
        kind: CitationKind::FullLaw,
        exact: Vec::new(),
        variations: Vec::new(),
        groups: law.groups,
        reporter_start: law.start,
        nominative: false,
    }));
    let rule_short_forms =
        first_rules.map_or_else(Vec::new, |from| law_forms::rule_short_forms(text, from));
    let sections = section_regex()
        .find_iter(text)
        .map(|span| (span.start(), span.end()));
    for (start, end) in sections.chain(rule_short_forms) {
        tokens.push(Token {
            start,
            end,
            kind: CitationKind::UnknownSection,
            exact: Vec::new(),
            variations: Vec::new(),
            groups: Vec::new(),
            reporter_start: start,
            nominative: false,
        });
    }
    // Sections inside a statute citation are part of it, so statutes sort before the bare "§" tokens.
    // Of two readings of one span ("1 Ill. (1 Breese) 456"), the official reporter printed first wins, and
    // a reporter's own name beats a variant spelling ("1 Ill. (Breese) 456" is Ill., not the variant
    // "Ill.(Breese)" of Breese); eyecite picks one by Python set order, which changes from run to run.
    tokens.sort_by_key(|t| {
        (
            t.start,
            std::cmp::Reverse(t.end),
            t.kind == CitationKind::UnknownSection,
            t.reporter_start,
            t.exact.is_empty(),
        )
    });
    let mut kept: Vec<Token> = Vec::new();
    for token in tokens {
        if let Some(last) = kept.last_mut() {
            if last.start == token.start
                && last.end == token.end
                && last.kind == token.kind
                && last.groups == token.groups
            {
                last.exact.extend(token.exact);
                last.variations.extend(token.variations);
                continue;
            }
            if token.start < last.end {
                let prefer_new = last.nominative
                    && !token.nominative
                    && matches!(token.kind, CitationKind::FullCase | CitationKind::ShortCase);
                if !prefer_new {
                    continue;
                }
                kept.pop();
            }
        }
        kept.push(token);
    }
    first_pages(&mut kept);
    // "Kaiser Foundation, supra, 13 Cal.App.5th at 1146" is one short cite (eyecite's Shortform 5).
    let supra_of_short_cite = |i: usize| {
        kept[i].kind == CitationKind::Supra
            && kept.get(i + 1).is_some_and(|next| {
                next.kind == CitationKind::ShortCase
                    && text.get(kept[i].end..next.start).is_some_and(|between| {
                        between.chars().all(|c| c == ',' || c.is_whitespace())
                    })
            })
    };
    let dropped: Vec<bool> = (0..kept.len()).map(supra_of_short_cite).collect();
    kept.into_iter()
        .zip(dropped)
        .filter(|(_, dropped)| !dropped)
        .map(|(token, _)| {
            let editions = candidate_editions(&token);
            (into_citation(text, token), editions)
        })
        .unzip()
}

/// eyecite's edition candidates: the exact editions if any, else the variations. A code with a subject
/// keeps its printed name (see `into_citation`), so it has none to settle on.
fn candidate_editions(token: &Token) -> Vec<EditionRef> {
    if group(token, "subject").is_some() {
        return Vec::new();
    }
    let mut editions = if token.exact.is_empty() {
        token.variations.clone()
    } else {
        token.exact.clone()
    };
    editions.sort_unstable();
    editions.dedup();
    editions
}

/// eyecite's `guess_edition` once the year is known: the one edition left after narrowing by year names
/// the reporter ("1 P.R. 1 (1831)" is Pen. & W.), as do editions that share one name; an ambiguous reporter
/// stays as printed, and the citation stays (eyecite's default, `remove_ambiguous=False`).
pub fn settle_editions(citations: &mut [Citation], candidates: &[Vec<EditionRef>]) {
    for (citation, editions) in citations.iter_mut().zip(candidates) {
        let mut editions = editions.clone();
        if let (true, Some(year)) = (editions.len() > 1, citation.year) {
            editions.retain(|&e| db::edition(e).includes_year(year));
        }
        // Editions of one name in several sources ("Woolw.", circuit court and Nebraska) name it alike.
        let mut names = editions.iter().map(|&e| &db::edition(e).name);
        if let Some(name) = names.next().filter(|first| names.all(|n| n == *first)) {
            citation.reporter = Some(name.clone());
        }
    }
}

fn group(token: &Token, name: &str) -> Option<String> {
    token
        .groups
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.clone())
}

fn into_citation(text: &str, token: Token) -> Citation {
    let year = group(&token, "year").and_then(|y| y.parse().ok());
    // eyecite's `guess_court`: a Supreme Court reporter names the court (a parenthetical may override it).
    let scotus = token
        .exact
        .iter()
        .chain(&token.variations)
        .any(|&e| db::source(e).scotus);
    // The canonical edition name is set by `settle_editions` once the year is known. A state code with a
    // subject ("Cal. Civ. Code", "N.Y. Gen. Bus. Law") is the code as printed: reporters-db's name for the
    // family ("Cal. Code", "N.Y.") would make every code of the state one authority.
    let reporter = match group(&token, "subject") {
        // The code as printed up to its section sign, or without one up to its subject.
        Some(subject) => text.get(token.start..token.end).map(|printed| {
            let code = match printed.split_once('§') {
                Some((code, _)) => code,
                None => printed
                    .find(&subject)
                    .map_or(printed, |at| &printed[..at + subject.len()]),
            };
            // One key with or without "Ann." ("Tex. Civ. Prac. & Rem. Code Ann.").
            let code = normalise_space(code.to_string());
            let annotated = token
                .exact
                .iter()
                .chain(&token.variations)
                .any(|&e| db::source(e).key.ends_with(" Ann."));
            if annotated && !code.contains("Ann.") {
                code + " Ann."
            } else {
                code
            }
        }),
        None => group(&token, "reporter").map(normalise_space),
    };
    Citation {
        kind: token.kind,
        start: token.start,
        end: token.end,
        matched_text: text
            .get(token.start..token.end)
            .unwrap_or_default()
            .to_string(),
        volume: group(&token, "volume").or_else(|| group(&token, "volume_nominative")),
        reporter,
        page: group(&token, "page"),
        pin_cite: group(&token, "pin"),
        year,
        court: scotus.then(|| "scotus".to_string()),
        court_text: None,
        parenthetical: None,
        plaintiff: None,
        defendant: None,
        antecedent_guess: None,
        author: group(&token, "author"),
        title: group(&token, "title").or_else(|| group(&token, "chapter")),
        // An Illinois act's sections are numbered within the act: "735 ILCS 5/2-619" is section 5/2-619.
        section: match (group(&token, "act"), group(&token, "section")) {
            (Some(act), Some(section)) => Some(format!("{act}/{section}")),
            (_, section) => section,
        },
        authority: AuthorityKey::default(),
        antecedent: None,
        role: CitationRole::Authority,
    }
}

/// Byte offsets → char offsets, once, at the end: the text is counted once, from one offset to the next in
/// ascending order (a byte inside a character counts as that character's start).
pub fn to_char_offsets(text: &str, mut citations: Vec<Citation>) -> Vec<Citation> {
    let mut offsets: Vec<usize> = citations.iter().flat_map(|c| [c.start, c.end]).collect();
    offsets.sort_unstable();
    offsets.dedup();
    let (mut byte, mut count) = (0, 0);
    let chars_before: Vec<usize> = offsets
        .iter()
        .map(|&offset| {
            let mut to = offset.min(text.len());
            while !text.is_char_boundary(to) {
                to -= 1;
            }
            count += text[byte..to].chars().count();
            byte = to;
            count
        })
        .collect();
    let char_offset = |offset: usize| {
        offsets
            .binary_search(&offset)
            .map_or(count, |at| chars_before[at])
    };
    for citation in &mut citations {
        citation.start = char_offset(citation.start);
        citation.end = char_offset(citation.end);
    }
    citations
}

#[cfg(test)]
mod tests {
    use super::{beside, PARALLEL_TEXT};

    #[test]
    fn beside_gives_both_results_on_one_thread_or_two() {
        let long = "x".repeat(PARALLEL_TEXT);
        for text in ["short", "short", long.as_str()] {
            assert_eq!(beside(text, || "side", || "main"), ("side", "main"));
        }
    }
}
