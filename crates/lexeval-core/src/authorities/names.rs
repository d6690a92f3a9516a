//! The key and the reader's name of one authority, from the citations that denote it.

use super::{Authority, AuthorityKind, Node};
use crate::authority_key::{AuthorityKey, Law};
use crate::citations::{Citation, CitationKind};

/// "508 U.S. 248": a case cite without pin or parenthetical.
pub fn cite(citation: &Citation) -> String {
    format!(
        "{} {} {}",
        citation.volume.as_deref().unwrap_or("?"),
        citation.reporter.as_deref().unwrap_or("?"),
        citation.page.as_deref().unwrap_or("?")
    )
}

/// Whether a node's source goes by `name`: a case with that party, or a source with that author.
pub fn is_named(node: &Node<'_>, name: &str) -> bool {
    (node.is_case() && node.names(name))
        || node.citations.iter().any(|c| {
            c.kind != CitationKind::Supra
                && c.author
                    .as_deref()
                    .is_some_and(|author| same_author(author, name))
        })
}

/// "Wright & Miller" names "Charles Alan Wright & Arthur R. Miller"'s surnames; "LaFave" names LaFave.
pub fn same_author(author: &str, name: &str) -> bool {
    let surnames = |s: &str| -> Vec<String> {
        s.split('&')
            .filter_map(|person| person.split_whitespace().last())
            .map(|w| {
                w.trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase()
            })
            .collect()
    };
    surnames(author) == surnames(name)
}

/// The treatises' and restatements' full citations of both texts: a supra or Id. that cites another section
/// than any full cite ("Dobbs, supra, § 4.2" after "Dobbs, Law of Remedies § 4.1") takes its work's name.
pub fn works<'a>(nodes: &[Node<'a>]) -> Vec<&'a Citation> {
    nodes
        .iter()
        .flat_map(|n| n.citations.iter().copied())
        .filter(|c| matches!(c.kind, CitationKind::Treatise | CitationKind::Restatement))
        .collect()
}

/// Whether two secondary keys name one work (they may differ in the section, their last part).
fn same_work(a: &AuthorityKey, b: &AuthorityKey) -> bool {
    a.work().is_some() && a.work() == b.work()
}

/// The authority of a group of nodes: the key of its most complete case node (most parallel cites; the
/// reference's first) or of its first resolved node, and a name built from its citations (or, for a section
/// only a supra or Id. cites, from its work's full citation among `works`).
pub fn authority(group: &[&Node<'_>], works: &[&Citation]) -> Authority {
    let resolved = |n: &&&Node<'_>| !n.key.is_unresolved();
    let lead = group
        .iter()
        .filter(|n| n.is_case())
        .max_by_key(|n| (n.cites().len(), std::cmp::Reverse((n.side, n.key))))
        .or_else(|| group.iter().find(resolved))
        .unwrap_or(&group[0]);
    let (kind, name) = describe(lead, group, works);
    Authority {
        key: lead.key.clone(),
        kind,
        name,
    }
}

fn describe(lead: &Node<'_>, group: &[&Node<'_>], works: &[&Citation]) -> (AuthorityKind, String) {
    let key = lead.key;
    if lead.is_case() {
        let parties = group
            .iter()
            .flat_map(|n| n.full_cases())
            .find_map(case_name);
        let cite = lead
            .cites()
            .into_iter()
            .next()
            .unwrap_or_else(|| key.case_cite().unwrap_or_default().to_string());
        let name = match parties {
            Some(parties) => format!("{parties}, {cite}"),
            None => cite,
        };
        return (AuthorityKind::Case, name);
    }
    if let Some(Law {
        code,
        title,
        section,
    }) = key.statute()
    {
        let name = match (code.ends_with("Const."), section) {
            (true, "" | "?") => format!("{code} {title}"),
            (true, _) => format!("{code} {title}, § {section}"),
            // A court rule is numbered, not sectioned: "Fed. R. Civ. P. 56".
            _ if title.is_empty() && code.contains(" R.") => format!("{code} {section}"),
            _ if code == "Stat." => format!("{title} Stat. {section}"),
            _ if code == "Pub. L." && section.is_empty() => format!("Pub. L. No. {title}"),
            _ if code == "Pub. L." => format!("Pub. L. No. {title}, § {section}"),
            _ if title.is_empty() => format!("{code} § {section}"),
            _ => format!("{title} {code} § {section}"),
        };
        return (AuthorityKind::Statute, name);
    }
    if let Some(section) = key.bare_section_text() {
        return (AuthorityKind::Statute, section.to_string());
    }
    let work = || {
        let secondary = key.is_secondary_work();
        works
            .iter()
            .filter(|c| secondary && same_work(&c.authority, key))
            .find_map(|c| secondary_name(c, key))
    };
    if let Some(name) = lead
        .citations
        .iter()
        .find_map(|c| secondary_name(c, key))
        .or_else(work)
    {
        return (AuthorityKind::Secondary, name);
    }
    let first = lead.citations[0];
    let name = match first.kind {
        CitationKind::ShortCase => format!(
            "{}{} {} (short form; no full citation)",
            first
                .antecedent_guess
                .as_deref()
                .map(|n| format!("{n}, "))
                .unwrap_or_default(),
            first.volume.as_deref().unwrap_or("?"),
            first.reporter.as_deref().unwrap_or("?")
        ),
        CitationKind::Supra => format!(
            "{} (supra; no full citation)",
            first.matched_text.trim_end_matches([',', '.'])
        ),
        CitationKind::Id => "Id. (no antecedent)".to_string(),
        _ => first.matched_text.clone(),
    };
    (AuthorityKind::Unresolved, name)
}

/// "Mertens v. Hewitt Assocs." from a full case citation's parties.
fn case_name(citation: &Citation) -> Option<String> {
    match (&citation.plaintiff, &citation.defendant) {
        (Some(p), Some(d)) => Some(format!("{p} v. {d}")),
        (Some(one), None) | (None, Some(one)) => Some(one.clone()),
        (None, None) => None,
    }
}

/// Journals, treatises and restatements: author, then journal cite or title and section (the key's: a supra
/// or Id. may name another section of the book than its full cite).
fn secondary_name(citation: &Citation, key: &AuthorityKey) -> Option<String> {
    let author = citation
        .author
        .as_deref()
        .map(|a| format!("{a}, "))
        .unwrap_or_default();
    let title = citation.title.as_deref().unwrap_or_default();
    let section = key.last_section();
    match citation.kind {
        CitationKind::Journal => Some(format!("{author}{}", cite(citation))),
        CitationKind::Treatise => Some(format!("{author}{title} § {section}")),
        CitationKind::Restatement => Some(format!("{title} § {section}")),
        _ => None,
    }
}
