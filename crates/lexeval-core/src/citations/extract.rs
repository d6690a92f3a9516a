//! Tokens: reporter-pattern matches, Id., supra and "§" cites, with eyecite's overlap rule (sort by start,
//! longest first; drop overlapping matches, except that a nominative-reporter match yields to a later one).

use super::db::{self, EditionRef, SourceKind};
use super::patterns::patterns;
use super::{Citation, CitationKind};
use regex::{Captures, Regex};
use std::sync::OnceLock;

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

const GROUPS: [&str; 8] = [
    "volume",
    "reporter",
    "page",
    "year",
    "title",
    "chapter",
    "section",
    "volume_nominative",
];

fn regex(cell: &'static OnceLock<Regex>, pattern: &str) -> &'static Regex {
    cell.get_or_init(|| Regex::new(pattern).expect("static citation regex"))
}

fn id_regex() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(&CELL, r"(?i)(?:^|\s)(id\.,?|ibid\.)(?:\s|$)")
}

fn supra_regex() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(
        &CELL,
        r"(?i)(?:^|\s)([^\sa-zA-Z0-9]*supra[^\sa-zA-Z0-9]*)(?:\s|$)",
    )
}

fn section_regex() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(&CELL, r"\S*§\S*(?:\s*\d[\w.\-:()]*)?")
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
    for index in all.candidates(text) {
        let pattern = &all.patterns[index];
        let Some(re) = pattern.regex() else { continue };
        for caps in re.captures_iter(text) {
            let Some(span) = caps.get(1) else { continue };
            let kind = match (pattern.kind, pattern.short) {
                (SourceKind::Reporter, false) => CitationKind::FullCase,
                (SourceKind::Reporter, true) => CitationKind::ShortCase,
                (SourceKind::Law, _) => CitationKind::FullLaw,
                (SourceKind::Journal, _) => CitationKind::Journal,
            };
            if pattern.short && pattern.kind != SourceKind::Reporter {
                continue;
            }
            let first_edition = pattern.exact.first().or(pattern.variations.first());
            let nominative = first_edition
                .is_some_and(|&e| NOMINATIVE_REPORTERS.contains(&db::source(e).key.as_str()));
            out.push(Token {
                start: span.start(),
                end: span.end(),
                kind,
                exact: pattern.exact.clone(),
                variations: pattern.variations.clone(),
                groups: groups(&caps),
                reporter_start: caps.name("reporter").map_or(span.start(), |m| m.start()),
                nominative,
            });
        }
    }
}

fn groups(caps: &Captures) -> Vec<(&'static str, String)> {
    GROUPS
        .iter()
        .filter_map(|&name| caps.name(name).map(|m| (name, m.as_str().to_string())))
        .collect()
}

fn simple_tokens(text: &str, re: &Regex, kind: CitationKind, out: &mut Vec<Token>) {
    for caps in re.captures_iter(text) {
        let span = caps
            .get(1)
            .unwrap_or_else(|| caps.get(0).expect("group 0 always exists"));
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

/// Matches of every kind, overlaps removed, in text order (byte offsets).
pub fn raw_citations(text: &str) -> Vec<Citation> {
    let mut tokens = Vec::new();
    citation_tokens(text, &mut tokens);
    simple_tokens(text, id_regex(), CitationKind::Id, &mut tokens);
    simple_tokens(text, supra_regex(), CitationKind::Supra, &mut tokens);
    simple_tokens(
        text,
        section_regex(),
        CitationKind::UnknownSection,
        &mut tokens,
    );
    // Sections inside a statute citation are part of it, so statutes sort before the bare "§" tokens.
    // Of two readings of one span ("1 Ill. (1 Breese) 456"), the official reporter printed first wins;
    // eyecite picks one by Python set order, which changes from run to run.
    tokens.sort_by_key(|t| {
        (
            t.start,
            std::cmp::Reverse(t.end),
            t.kind == CitationKind::UnknownSection,
            t.reporter_start,
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
    kept.into_iter()
        .map(|token| into_citation(text, token))
        .collect()
}

fn group(token: &Token, name: &str) -> Option<String> {
    token
        .groups
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.clone())
}

/// eyecite's `guess_edition`: exact editions first, else variations; narrowed by year; chosen when unique.
fn guess_edition(token: &Token, year: Option<u32>) -> Option<EditionRef> {
    let mut editions = if token.exact.is_empty() {
        token.variations.clone()
    } else {
        token.exact.clone()
    };
    editions.sort_unstable();
    editions.dedup();
    if editions.len() > 1 {
        if let Some(year) = year {
            editions.retain(|&e| db::edition(e).includes_year(year));
        }
    }
    match editions.as_slice() {
        [only] => Some(*only),
        _ => None,
    }
}

fn into_citation(text: &str, token: Token) -> Citation {
    let year = group(&token, "year").and_then(|y| y.parse().ok());
    let edition = guess_edition(&token, year);
    let reporter = edition
        .map(|e| db::edition(e).name.clone())
        .or_else(|| group(&token, "reporter").map(normalise_space));
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
        pin_cite: None,
        year,
        court: None,
        parenthetical: None,
        plaintiff: None,
        defendant: None,
        title: group(&token, "title").or_else(|| group(&token, "chapter")),
        section: group(&token, "section"),
        authority: String::new(),
        antecedent: None,
    }
}

pub fn normalise_space(text: String) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Byte offsets → char offsets, once, at the end.
pub fn to_char_offsets(text: &str, mut citations: Vec<Citation>) -> Vec<Citation> {
    let mut chars_before = vec![0usize; text.len() + 1];
    let mut count = 0;
    for (byte, c) in text.char_indices() {
        for slot in chars_before.iter_mut().skip(byte).take(c.len_utf8()) {
            *slot = count;
        }
        count += 1;
    }
    chars_before[text.len()] = count;
    for citation in &mut citations {
        citation.start = chars_before.get(citation.start).copied().unwrap_or(count);
        citation.end = chars_before.get(citation.end).copied().unwrap_or(count);
    }
    citations
}
