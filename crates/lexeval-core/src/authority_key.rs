//! The key of a cited source: equal for every citation of the same source, within a text after its
//! resolution (`citations::resolve`) and across both texts of a comparison after `authorities::unify`.
//!
//! A key is its kind's prefix and a body, one string, as reports, exports and share links have always
//! carried it (so it serialises as that string, and orders as it):
//! - `case:551 U.S. 308` (volume, reporter, first page; `#7` after a blank page, a case of its own);
//! - `short:551 U.S. Tellabs`: a short form its text does not resolve (volume, reporter and its name);
//! - `law:U.S.C.|29|1002` (code, title, section), `section:§ 1104`: a bare section no code explains;
//! - `journal:…`, `secondary:surnames|title|section`, `restatement:title|section`;
//! - `unresolved:id`, `unresolved:supra:Name`, `unresolved:law:…`: forms with nothing to stand for;
//! - `record:…`, `xref:…`, `running-head:…`: citation material that names no authority.
//!
//! After unification an authority neither text explains is its text's own: `…@reference`, `…@candidate`.
//! All reading and writing of prefixes happens here.

use serde::{Deserialize, Serialize};
use std::fmt;

const CASE: &str = "case:";
const SHORT: &str = "short:";
const LAW: &str = "law:";
const SECTION: &str = "section:";
const SECONDARY: &str = "secondary:";
const RESTATEMENT: &str = "restatement:";
const UNRESOLVED: &str = "unresolved:";
const UNRESOLVED_SUPRA: &str = "unresolved:supra:";

/// The key of one cited source. Empty for a citation not yet resolved.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AuthorityKey(String);

/// A statute's parts in a `law:` key: "U.S.C.", "29", "1002".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Law<'a> {
    pub code: &'a str,
    pub title: &'a str,
    pub section: &'a str,
}

impl AuthorityKey {
    /// A case by its first cite ("551 U.S. 308").
    pub fn case(cite: &str) -> Self {
        Self(format!("{CASE}{cite}"))
    }

    /// A case whose first page is printed blank ("1 U.S. ____"), made its own by the citation's index.
    pub fn blank_page_case(cite: &str, index: usize) -> Self {
        Self(format!("{CASE}{cite}#{index}"))
    }

    /// A short form with no antecedent in its text: its volume, reporter and the name it carries.
    pub fn short(volume: &str, reporter: &str, name: Option<&str>) -> Self {
        let mut key = format!("{SHORT}{volume} {reporter}");
        if let Some(name) = name {
            key.push(' ');
            key.push_str(name);
        }
        Self(key)
    }

    /// A statute section (subsections already dropped).
    pub fn law(code: &str, title: &str, section: &str) -> Self {
        Self(format!("{LAW}{code}|{title}|{section}"))
    }

    /// A bare "§" token no code explains, by its text.
    pub fn bare_section(text: &str) -> Self {
        Self(format!("{SECTION}{text}"))
    }

    /// A law review article by its cite.
    pub fn journal(cite: &str) -> Self {
        Self(format!("journal:{cite}"))
    }

    /// A treatise section by its authors' surnames and its title.
    pub fn treatise(surnames: &str, title: &str, section: &str) -> Self {
        Self(format!("{SECONDARY}{surnames}|{title}|{section}"))
    }

    /// A restatement section.
    pub fn restatement(title: &str, section: &str) -> Self {
        Self(format!("{RESTATEMENT}{title}|{section}"))
    }

    /// An Id. with nothing before it to repeat.
    pub fn unresolved_id() -> Self {
        Self(format!("{UNRESOLVED}id"))
    }

    /// A supra whose name no earlier citation carries.
    pub fn unresolved_supra(name: &str) -> Self {
        Self(format!("{UNRESOLVED_SUPRA}{name}"))
    }

    /// A register or session-law short form whose document no earlier cite gives ("76 Fed. Reg. at 16,982").
    pub fn unresolved_law(reporter: &str, volume: &str, pin: &str) -> Self {
        Self(format!("{UNRESOLVED}law:{reporter} {volume} at {pin}"))
    }

    /// A document of the record, by its title.
    pub fn record(title: &str) -> Self {
        Self(format!("record:{title}"))
    }

    /// A cross-reference within the document, by its text.
    pub fn cross_reference(text: &str) -> Self {
        Self(format!("xref:{text}"))
    }

    /// The document's own citation atop a page, by its text.
    pub fn running_head(text: &str) -> Self {
        Self(format!("running-head:{text}"))
    }

    /// This key as the authority of one text only (`side`: "reference" or "candidate"): an authority
    /// neither text explains, which the other text's equal key does not denote.
    pub fn own_to_text(&self, side: &str) -> Self {
        Self(format!("{}@{side}", self.0))
    }

    /// The same treatise or restatement at another section; None for keys without sections.
    pub fn at_section(&self, section: &str) -> Option<Self> {
        let work = self.work()?;
        Some(Self(format!("{work}|{section}")))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// A case cited in full.
    pub fn is_case(&self) -> bool {
        self.0.starts_with(CASE)
    }

    /// A short form its text did not resolve.
    pub fn is_short(&self) -> bool {
        self.0.starts_with(SHORT)
    }

    /// A citation its own text's resolution left without a source: a short form ("short:…") or a form
    /// with nothing to stand for ("unresolved:…"). Two texts' equal such keys may be unrelated citations.
    pub fn is_unresolved(&self) -> bool {
        self.is_short() || self.0.starts_with(UNRESOLVED)
    }

    /// A treatise or restatement section.
    pub fn is_secondary_work(&self) -> bool {
        self.0.starts_with(SECONDARY) || self.0.starts_with(RESTATEMENT)
    }

    /// A full case's first cite ("551 U.S. 308", without a blank page's index); None for other keys.
    pub fn case_cite(&self) -> Option<&str> {
        let cite = self.0.strip_prefix(CASE)?;
        cite.split('#').next()
    }

    /// The name an unresolved supra carries ("LaFave" of "LaFave, supra").
    pub fn supra_name(&self) -> Option<&str> {
        self.0.strip_prefix(UNRESOLVED_SUPRA)
    }

    /// The text of a bare section no code explains ("§ 1104(a)(1)").
    pub fn bare_section_text(&self) -> Option<&str> {
        self.0.strip_prefix(SECTION)
    }

    /// A statute's code, title and section.
    pub fn statute(&self) -> Option<Law<'_>> {
        let mut parts = self.0.strip_prefix(LAW)?.splitn(3, '|');
        Some(Law {
            code: parts.next().unwrap_or_default(),
            title: parts.next().unwrap_or_default(),
            section: parts.next().unwrap_or_default(),
        })
    }

    /// A sectioned work's key without its section (the part after its last '|'), if it has one.
    pub fn work(&self) -> Option<&str> {
        self.0.rsplit_once('|').map(|(work, _)| work)
    }

    /// The section of a treatise or restatement key: its last '|'-separated part.
    pub fn last_section(&self) -> &str {
        self.0.rsplit('|').next().unwrap_or_default()
    }

    /// The kind's prefix ("case", "law") and the rest: what C-SIM compares.
    pub fn kind_and_body(&self) -> (&str, &str) {
        self.0.split_once(':').unwrap_or(("", &self.0))
    }
}

/// A key as reports carry it: read back from one, or written out in a test.
impl From<&str> for AuthorityKey {
    fn from(key: &str) -> Self {
        Self(key.to_string())
    }
}

impl fmt::Display for AuthorityKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl PartialEq<str> for AuthorityKey {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for AuthorityKey {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_the_strings_reports_carry() {
        let keys = [
            (AuthorityKey::case("551 U.S. 308"), "case:551 U.S. 308"),
            (
                AuthorityKey::blank_page_case("1 U.S. ____", 7),
                "case:1 U.S. ____#7",
            ),
            (
                AuthorityKey::short("551", "U.S.", Some("Tellabs")),
                "short:551 U.S. Tellabs",
            ),
            (AuthorityKey::short("551", "U.S.", None), "short:551 U.S."),
            (
                AuthorityKey::law("U.S.C.", "29", "1002"),
                "law:U.S.C.|29|1002",
            ),
            (AuthorityKey::unresolved_id(), "unresolved:id"),
            (
                AuthorityKey::unresolved_supra("LaFave"),
                "unresolved:supra:LaFave",
            ),
            (
                AuthorityKey::unresolved_id().own_to_text("candidate"),
                "unresolved:id@candidate",
            ),
        ];
        for (key, expected) in keys {
            assert_eq!(key, expected);
            assert_eq!(
                serde_json::to_string(&key).unwrap(),
                format!("\"{expected}\"")
            );
            let read: AuthorityKey = serde_json::from_str(&format!("\"{expected}\"")).unwrap();
            assert_eq!(read, key);
        }
    }

    #[test]
    fn kinds_and_parts_read_back() {
        let short = AuthorityKey::short("551", "U.S.", Some("Tellabs"));
        assert!(short.is_short() && short.is_unresolved() && !short.is_case());
        assert!(AuthorityKey::unresolved_supra("Dobbs").is_unresolved());
        assert_eq!(
            AuthorityKey::unresolved_supra("Dobbs").supra_name(),
            Some("Dobbs")
        );
        let blank = AuthorityKey::blank_page_case("1 U.S. ____", 7);
        assert_eq!(blank.case_cite(), Some("1 U.S. ____"));
        let law = AuthorityKey::law("U.S.C.", "29", "1002");
        assert_eq!(
            law.statute(),
            Some(Law {
                code: "U.S.C.",
                title: "29",
                section: "1002"
            })
        );
        assert_eq!(law.kind_and_body(), ("law", "U.S.C.|29|1002"));
        let treatise = AuthorityKey::treatise("lafave", "search and seizure", "5.2(c)");
        assert!(treatise.is_secondary_work());
        assert_eq!(treatise.last_section(), "5.2(c)");
        assert_eq!(
            treatise.at_section("4.1"),
            Some(AuthorityKey::treatise(
                "lafave",
                "search and seizure",
                "4.1"
            ))
        );
    }
}
