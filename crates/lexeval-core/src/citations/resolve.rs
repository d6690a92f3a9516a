//! Resolution: every citation gets the key of the authority it cites and, for short forms, the index of
//! its antecedent. Parallel cites share one key; a later cite of any member of a group reuses it; short
//! cites match volume and reporter; Id. follows the previous citation; supra and references match a party
//! name of an earlier full case citation.

use super::{Citation, CitationKind};
use regex::Regex;
use std::collections::HashMap;
use std::ops::Range;

/// Party names too generic to identify a case by themselves.
const GENERIC_PARTIES: [&str; 10] = [
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

fn cite_key(citation: &Citation) -> String {
    format!(
        "{} {} {}",
        citation.volume.as_deref().unwrap_or("?"),
        citation.reporter.as_deref().unwrap_or("?"),
        citation.page.as_deref().unwrap_or("?")
    )
}

/// The word a case is referred to by: the first party's first word unless generic, else the second's.
fn short_names(citation: &Citation) -> Vec<String> {
    let first_word = |party: &Option<String>| {
        party
            .as_deref()
            .and_then(|p| p.split_whitespace().next())
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string())
    };
    let usable = |w: &String| {
        w.len() >= 3
            && w.chars().next().is_some_and(char::is_uppercase)
            && !GENERIC_PARTIES.contains(&w.as_str())
    };
    match first_word(&citation.plaintiff).filter(usable) {
        Some(name) => vec![name],
        None => first_word(&citation.defendant)
            .filter(usable)
            .into_iter()
            .collect(),
    }
}

/// "In Kayes, …", "under Kayes", "Kayes at 1461": references to an earlier full case citation by name.
fn find_references(text: &str, citations: &[Citation]) -> Vec<Citation> {
    let mut names: Vec<(String, usize)> = Vec::new();
    for citation in citations
        .iter()
        .filter(|c| c.kind == CitationKind::FullCase)
    {
        for name in short_names(citation) {
            if !names.iter().any(|(n, _)| *n == name) {
                names.push((name, citation.end));
            }
        }
    }
    if names.is_empty() {
        return Vec::new();
    }
    // One pass for all names: the alternation is matched once over the text, not once per case.
    let alternation = names
        .iter()
        .map(|(n, _)| regex::escape(n))
        .collect::<Vec<_>>()
        .join("|");
    let pattern = format!(
        r"\b(?:(?:In|in|Under|under|Like|like|Unlike|unlike|Following|following|See|see)\s+({alternation})\b|({alternation}),?\s+at\s+\*?\d+)"
    );
    let Ok(re) = Regex::new(&pattern) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for caps in re.captures_iter(text) {
        let (Some(name), Some(whole)) = (caps.get(1).or(caps.get(2)), caps.get(0)) else {
            continue;
        };
        let (start, end) = (
            name.start(),
            if caps.get(2).is_some() {
                whole.end()
            } else {
                name.end()
            },
        );
        let Some(&(_, after)) = names.iter().find(|(n, _)| n == name.as_str()) else {
            continue;
        };
        // "Kayes v." starts a full cite, "Kayes, supra" is a supra cite, "Kayes, 51 F.3d at" a short one.
        let followed_by_citation = text.get(end..).is_some_and(|rest| {
            let rest = rest.trim_start_matches(',').trim_start();
            rest.starts_with("v.")
                || rest.starts_with("v ")
                || rest
                    .as_bytes()
                    .get(..5)
                    .is_some_and(|word| word.eq_ignore_ascii_case(b"supra"))
                || rest.starts_with(|c: char| c.is_ascii_digit())
        });
        let inside = citations.iter().any(|c| start < c.end && c.start < end);
        if start >= after && !followed_by_citation && !inside {
            found.push(Citation {
                kind: CitationKind::Reference,
                start,
                end,
                matched_text: text[start..end].to_string(),
                volume: None,
                reporter: None,
                page: None,
                pin_cite: text[start..end]
                    .split(" at ")
                    .nth(1)
                    .map(|p| p.trim().to_string()),
                year: None,
                court: None,
                parenthetical: None,
                plaintiff: Some(name.as_str().to_string()),
                defendant: None,
                title: None,
                section: None,
                authority: String::new(),
                antecedent: None,
            });
        }
    }
    found
}

fn supra_antecedent_word(text: &str, start: usize) -> Option<String> {
    let before = text
        .get(..start)?
        .trim_end()
        .trim_end_matches(',')
        .trim_end();
    let word = before.rsplit(|c: char| c.is_whitespace()).next()?;
    let word = word.trim_matches(|c: char| !c.is_alphanumeric());
    Some(word.to_string()).filter(|w| !w.is_empty())
}

fn law_key(citation: &Citation) -> String {
    let section = citation.section.as_deref().unwrap_or("?");
    let base = section.split('(').next().unwrap_or(section);
    format!(
        "law:{}|{}|{}",
        citation.reporter.as_deref().unwrap_or("?"),
        citation.title.as_deref().unwrap_or(""),
        base
    )
}

fn page_number(page: Option<&str>) -> Option<u64> {
    page.and_then(|p| {
        p.split(|c: char| !c.is_ascii_digit())
            .find(|s| !s.is_empty())
    })
    .and_then(|p| p.parse().ok())
}

/// Adds reference citations, then assigns authorities and antecedents in text order.
pub fn resolve(text: &str, citations: Vec<Citation>, groups: &[Range<usize>]) -> Vec<Citation> {
    let mut group_of: HashMap<usize, usize> = HashMap::new();
    for group in groups {
        for member in group.clone() {
            group_of.insert(member, group.start);
        }
    }
    let references = find_references(text, &citations);
    let mut tagged: Vec<(Citation, Option<usize>)> = citations
        .into_iter()
        .enumerate()
        .map(|(i, c)| (c, group_of.get(&i).copied()))
        .collect();
    tagged.extend(references.into_iter().map(|c| (c, None)));
    tagged.sort_by_key(|(c, _)| c.start);

    let mut by_cite: HashMap<String, String> = HashMap::new();
    let mut group_authority: HashMap<usize, (String, usize)> = HashMap::new();
    let mut out: Vec<Citation> = Vec::with_capacity(tagged.len());
    for (mut citation, group) in tagged {
        let index = out.len();
        match citation.kind {
            CitationKind::FullCase => {
                let key = cite_key(&citation);
                let (authority, leader) = match group.and_then(|g| group_authority.get(&g)) {
                    Some((authority, leader)) => (authority.clone(), Some(*leader)),
                    None => (
                        by_cite
                            .get(&key)
                            .cloned()
                            .unwrap_or_else(|| format!("case:{key}")),
                        None,
                    ),
                };
                if let Some(g) = group {
                    group_authority
                        .entry(g)
                        .or_insert((authority.clone(), index));
                }
                by_cite.insert(key, authority.clone());
                citation.authority = authority;
                citation.antecedent = leader;
            }
            CitationKind::ShortCase => {
                let pin = page_number(citation.page.as_deref());
                let target = out.iter().enumerate().rev().find(|(_, c)| {
                    c.kind == CitationKind::FullCase
                        && c.volume == citation.volume
                        && c.reporter == citation.reporter
                        && page_number(c.page.as_deref())
                            .zip(pin)
                            .is_none_or(|(page, pin)| page <= pin)
                });
                match target {
                    Some((i, c)) => {
                        citation.authority = c.authority.clone();
                        citation.antecedent = Some(i);
                    }
                    None => {
                        citation.authority = format!(
                            "short:{} {}",
                            citation.volume.as_deref().unwrap_or("?"),
                            citation.reporter.as_deref().unwrap_or("?")
                        )
                    }
                }
            }
            CitationKind::Id => match out
                .iter()
                .enumerate()
                .rev()
                .find(|(_, c)| c.kind != CitationKind::Reference)
            {
                Some((i, c)) => {
                    citation.authority = c.authority.clone();
                    citation.antecedent = Some(i);
                }
                None => citation.authority = "unresolved:id".to_string(),
            },
            CitationKind::Supra | CitationKind::Reference => {
                let word = match citation.kind {
                    CitationKind::Supra => supra_antecedent_word(text, citation.start),
                    _ => citation.plaintiff.clone(),
                };
                let target = word.as_ref().and_then(|word| {
                    out.iter().enumerate().rev().find(|(_, c)| {
                        matches!(c.kind, CitationKind::FullCase | CitationKind::Journal)
                            && [&c.plaintiff, &c.defendant].iter().any(|party| {
                                party.as_deref().is_some_and(|p| {
                                    p.split_whitespace().any(|w| {
                                        w.trim_matches(|ch: char| !ch.is_alphanumeric()) == word
                                    })
                                })
                            })
                    })
                });
                match target {
                    Some((i, c)) => {
                        citation.authority = c.authority.clone();
                        citation.antecedent = Some(i);
                    }
                    None => {
                        citation.authority =
                            format!("unresolved:supra:{}", word.unwrap_or_default())
                    }
                }
                if citation.kind == CitationKind::Reference {
                    citation.plaintiff = None;
                }
            }
            CitationKind::FullLaw => citation.authority = law_key(&citation),
            CitationKind::Journal => {
                citation.authority = format!("journal:{}", cite_key(&citation))
            }
            CitationKind::UnknownSection => {
                citation.authority = format!(
                    "section:{}",
                    citation
                        .matched_text
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ")
                )
            }
        }
        out.push(citation);
    }
    out
}
