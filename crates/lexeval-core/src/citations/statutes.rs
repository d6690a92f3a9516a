//! Statute authorities (Bluebook R12.10): a statute is its code, title and section; subsections are pins.
//! A bare "§ 1104(a)(1)(B)" after a full statute cite is a short form that takes the code and title of the
//! latest statute cite (even across an intervening case) but names its own section; "Id. § 1104" takes
//! them from the statute Id. stands for; "Rule 11" after court rules is a rule of the latest rules cited.
//! "42 U.S.C. § 2000e-2(a)(1)" printed apart from reporters-db's patterns is read as a full cite from the code
//! printed before its "§".

use super::{law_forms, Citation};
use crate::authority_key::AuthorityKey;
use regex::Regex;
use std::sync::OnceLock;

/// A code and title ("U.S.C.", "29"): what a short statute form inherits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Code {
    pub code: String,
    pub title: String,
}

impl Code {
    pub fn of(citation: &Citation) -> Code {
        Code {
            code: citation.reporter.clone().unwrap_or_default(),
            title: citation.title.clone().unwrap_or_default(),
        }
    }

    /// The authority key of `section` of this code.
    pub fn key(&self, section: &str) -> AuthorityKey {
        AuthorityKey::law(&self.code, &self.title, section_base(section))
    }
}

/// The key of a session law (Bluebook R12.4) or register document, or None for other laws: a public law by
/// its number and section, the Statutes at Large, the Federal Register and other volumes by volume and page. `after` is the text that follows the citation.
pub fn session_law_key(citation: &Citation, after: &str) -> Option<AuthorityKey> {
    match citation.reporter.as_deref()? {
        "Stat." => {
            let volume = Code {
                code: "Stat.".to_string(),
                title: citation.volume.clone()?,
            };
            Some(volume.key(citation.page.as_deref()?))
        }
        // "Pub. L. No. 111-2, 123 Stat. 5": reporters-db's pattern reads the Statutes at Large volume that
        // follows a public law cited without a section as its section.
        "Pub. L." if statutes_at_large_start(after) => Some(Code::of(citation).key("")),
        // A register or session-law volume ("76 Fed. Reg. 16,978"): a document by volume and first page.
        reporter if citation.section.is_none() => {
            let volume = citation.volume.as_deref()?;
            // A short form whose document no earlier cite gives ("76 Fed. Reg. at 16,982" alone).
            let Some(page) = citation.page.as_deref() else {
                let pin = citation.pin_cite.as_deref().unwrap_or("?");
                return Some(AuthorityKey::unresolved_law(reporter, volume, pin));
            };
            let document = Code {
                code: reporter.to_string(),
                title: volume.to_string(),
            };
            Some(document.key(&page.replace(',', "")))
        }
        _ => None,
    }
}

/// Whether `code` names court rules ("Fed. R. Civ. P.", "11th Cir. R."), whose short form is "Rule 11".
pub fn is_court_rules(code: &str) -> bool {
    code.split_whitespace().any(|word| word == "R.")
}

fn statutes_at_large_start(text: &str) -> bool {
    text.trim_start()
        .strip_prefix("Stat.")
        .is_some_and(|rest| rest.trim_start().starts_with(|c: char| c.is_ascii_digit()))
}

/// Whether `stat`, a Statutes at Large cite, is the parallel cite of the public law `law` printed right
/// before it, with `gap` between them: "Pub. L. No. 111-2, § 3, 123 Stat. 5".
pub fn is_parallel_session_law(law: &Citation, stat: &Citation, gap: &str) -> bool {
    law.reporter.as_deref() == Some("Pub. L.")
        && stat.reporter.as_deref() == Some("Stat.")
        && gap.chars().all(|c| c == ',' || c.is_whitespace())
}

/// The further sections of a "§§" cite, after its first one ends at byte `from`: ", 1988(b)" and ", and
/// 2000e-5" in "42 U.S.C. §§ 1983, 1988(b), and 2000e-5". Byte ranges and sections without subsections; a
/// range ("§§ 1001–1003") cites them together and yields nothing.
pub fn listed_sections(text: &str, from: usize) -> Vec<(usize, usize, String)> {
    static CELL: OnceLock<Regex> = OnceLock::new();
    let next = CELL.get_or_init(|| {
        Regex::new(r"^,\s*(?:and\s+|&\s+)?(?P<section>\d+[A-Za-z]?(?:[.\-–]\d+[A-Za-z]?)*)(?:\([a-zA-Z0-9]{1,4}\))*")
            .expect("listed section pattern")
    });
    let mut found = Vec::new();
    let mut at = from;
    while let Some(caps) = text.get(at..).and_then(|rest| next.captures(rest)) {
        let (Some(whole), Some(section)) = (caps.get(0), caps.name("section")) else {
            break;
        };
        found.push((
            at + section.start(),
            at + whole.end(),
            section.as_str().to_string(),
        ));
        at += whole.end();
    }
    found
}

/// The section without subsections or trailing punctuation: "1104(a)(1)(B)." → "1104".
pub fn section_base(section: &str) -> &str {
    let section = section.split('(').next().unwrap_or(section);
    section.trim_end_matches(|c: char| !c.is_alphanumeric())
}

/// The section a bare "§" or "Rule" token names ("§ 2000e-3(a)." → "2000e-3(a)", "Rule 11" → "11"), if
/// it names one.
fn section_of(matched_text: &str) -> Option<&str> {
    let section = matched_text
        .trim_start_matches(['R', 'u', 'l', 'e', 's'])
        .trim_start_matches(|c: char| c == '§' || c.is_whitespace())
        .trim_end_matches(['.', ',', ';', ':']);
    section
        .starts_with(|c: char| c.is_ascii_digit())
        .then_some(section)
}

/// The title and code printed right before a "§" ("42 U.S.C. " before "§ 2000e-2"), and where they start.
fn code_before(text_before: &str) -> Option<(Code, usize)> {
    static CELL: OnceLock<Regex> = OnceLock::new();
    let pattern = CELL.get_or_init(|| {
        Regex::new(r"(?:^|\s)(\d+)\s+((?:[A-Z][A-Za-z]{0,5}\.\s?){2,6})$").expect("code pattern")
    });
    let captures = pattern.captures(text_before)?;
    let code = Code {
        title: captures[1].to_string(),
        code: captures[2].split_whitespace().collect(),
    };
    Some((code, captures.get(1)?.start()))
}

/// A bare "§" token read as a statute section.
pub struct SectionCite {
    pub key: AuthorityKey,
    pub code: Code,
    /// Where its own code starts when one is printed before the "§" (the citation's real start).
    pub code_start: Option<usize>,
}

/// A bare "§" token at `citation` (byte offsets into `text`) as a statute section: of its own code when one
/// is printed before it, else of `inherited` (Id.'s statute or the latest statute cite).
pub fn bare_section(
    text: &str,
    citation: &Citation,
    inherited: Option<&Code>,
) -> Option<SectionCite> {
    let section = section_of(&citation.matched_text)?;
    let (code, code_start) = match code_before(&text[..citation.start]) {
        Some((code, start)) => (code, Some(start)),
        None => (inherited?.clone(), None),
    };
    // "Rule 11" takes the latest court rules, "§ 3" the latest statute: never each other's.
    let rule = citation.matched_text.starts_with("Rule");
    if rule != is_court_rules(&code.code) {
        return None;
    }
    // "Civil Rule 50(b)" names the civil rules: not the appellate rules cited last.
    let kind = text[..citation.start]
        .split_whitespace()
        .next_back()
        .and_then(law_forms::procedure_abbreviation);
    if rule && kind.is_some_and(|kind| !code.code.split_whitespace().any(|word| word == kind)) {
        return None;
    }
    Some(SectionCite {
        key: code.key(section),
        code,
        code_start,
    })
}

/// The key of a bare "§" token nothing resolves: its text without trailing punctuation.
pub fn unresolved_section_key(citation: &Citation) -> AuthorityKey {
    let text = citation
        .matched_text
        .trim_end_matches(['.', ',', ';', ':'])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    AuthorityKey::bare_section(&text)
}

/// Compiles this module's regexes (natively ahead of their first use: `citations::compile_ahead`).
pub(super) fn compile_regexes() {
    listed_sections("", 0);
    code_before("");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_section_base_drops_subsections_and_punctuation() {
        assert_eq!(section_base("1104(a)(1)(B)."), "1104");
        assert_eq!(section_base("2000e-3(a)"), "2000e-3");
        assert_eq!(section_base("1983,"), "1983");
    }

    fn authorities(text: &str) -> Vec<AuthorityKey> {
        crate::citations::extract(text)
            .into_iter()
            .map(|c| c.authority)
            .collect()
    }

    #[test]
    fn sections_are_read_whole_with_letters_and_every_part() {
        assert_eq!(
            authorities(
                "17 C.F.R. § 240.10b-5; 17 C.F.R. § 240.14a-9; Ind. Code § 9-22-3-2.5; \
                 Conn. Gen. Stat. § 46b-137; Treas. Reg. § 1.42-1T."
            ),
            [
                "law:C.F.R.|17|240.10b-5",
                "law:C.F.R.|17|240.14a-9",
                "law:Ind. Code||9-22-3-2.5",
                "law:Conn. Gen. Stat.||46b-137",
                "law:Treas. Reg.||1.42-1T",
            ]
        );
    }

    #[test]
    fn regulations_without_the_section_sign_when_the_section_is_dotted() {
        assert_eq!(
            authorities(
                "29 C.F.R. 1910.1200(b); Treas. Reg. 1.42-1T; 005.19.02 Ark. Code R. § 004."
            ),
            [
                "law:C.F.R.|29|1910.1200",
                "law:Treas. Reg.||1.42-1T",
                "law:Ark. Code R.|005.19.02|004",
            ]
        );
        // Without a dot the number could be a page or a count: no citation.
        assert!(authorities("Treas. Reg. 1983 applies.").is_empty());
    }

    #[test]
    fn an_annotated_code_is_cited_without_ann_too() {
        assert_eq!(
            authorities(
                "Am. Samoa Code § 2.1002; 11 Guam Code § 72107; Ariz. Rev. Stat. § 12-341."
            ),
            [
                "law:Am. Samoa Code Ann.||2.1002",
                "law:Guam Code Ann.|11|72107",
                "law:Ariz. Rev. Stat.||12-341",
            ]
        );
    }

    #[test]
    fn register_documents_are_keyed_by_volume_and_first_page() {
        let text = "76 Fed. Reg. 16,978 (Mar. 28, 2011); 76 Fed. Reg. 17,400; see 76 Fed. Reg. at 16,982; \
                    76 Fed. Reg. at 17,401; 75 Fed. Reg. at 3.";
        assert_eq!(
            authorities(text),
            [
                "law:FR|76|16978",
                "law:FR|76|17400",
                "law:FR|76|16978",
                "law:FR|76|17400",
                "unresolved:law:FR 75 at 3",
            ]
        );
    }

    #[test]
    fn rule_short_forms_take_the_latest_rules() {
        let found = authorities("Fed. R. Civ. P. 12(b)(6). Sanctions follow under Rule 11(c).");
        assert_eq!(
            found,
            ["law:Fed. R. Civ. P.||12", "law:Fed. R. Civ. P.||11"]
        );
        // A kind of rules named before the rule must be the latest rules' kind.
        let found = authorities(
            "Fed. R. App. P. 4(a)(4). Motions under Civil Rule 59(e) and Appellate Rule 4(b) differ.",
        );
        assert_eq!(found, ["law:Fed. R. App. P.||4", "law:Fed. R. App. P.||4"]);
        // Before any rules, "Rule 11" is no citation; a "§" never takes court rules' name.
        assert!(authorities("Rule 11 applies.").is_empty());
    }

    #[test]
    fn a_numbered_court_is_read_whole() {
        let cites =
            crate::citations::extract("Alpha v. Beta, 123 F.3d 456 (Ky. Circ. Ct., 1 2000).");
        assert_eq!(cites[0].court.as_deref(), Some("kycirct1"));
        assert_eq!(cites[0].year, Some(2000));
    }

    #[test]
    fn a_code_printed_before_the_section_sign() {
        assert_eq!(
            code_before("discrimination. 42 U.S.C. "),
            Some((
                Code {
                    code: "U.S.C.".into(),
                    title: "42".into()
                },
                16
            ))
        );
        assert_eq!(code_before("liability under "), None);
        assert_eq!(code_before("in 2001 See "), None);
    }
}
