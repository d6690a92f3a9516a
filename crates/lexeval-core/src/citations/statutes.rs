//! Statute authorities (Bluebook R12.10): a statute is its code, title and section; subsections are pins.
//! A bare "§ 1104(a)(1)(B)" after a full statute cite is a short form that takes the code and title of the
//! latest statute cite (even across an intervening case) but names its own section; "Id. § 1104" takes
//! them from the statute Id. stands for. "42 U.S.C. § 2000e-2(a)(1)", whose section reporters-db's
//! patterns do not accept, is read as a full cite from the code printed before its "§".

use super::extract::normalise_space;
use super::Citation;
use regex::{Captures, Regex};
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
    pub fn key(&self, section: &str) -> String {
        format!("law:{}|{}|{}", self.code, self.title, section_base(section))
    }
}

/// The key of a session law (Bluebook R12.4), or None for other laws: a public law by its number and
/// section, the Statutes at Large by volume and page. `after` is the text that follows the citation.
pub fn session_law_key(citation: &Citation, after: &str) -> Option<String> {
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
        _ => None,
    }
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

/// A law citation reporters-db has no pattern for: byte range and the groups a statute citation has.
pub struct FoundLaw {
    pub start: usize,
    pub end: usize,
    pub groups: Vec<(&'static str, String)>,
}

/// Federal court rules ("Fed. R. Civ. P. 56(a)", "Fed. R. Evid. 702", "Sup. Ct. R. 10"): reporter = the
/// rules, section = the rule, pin = its subdivisions.
pub fn court_rules(text: &str) -> Vec<FoundLaw> {
    static CELL: OnceLock<Regex> = OnceLock::new();
    let pattern = CELL.get_or_init(|| {
        Regex::new(
            r"\b(?P<reporter>Fed\.\s?R\.\s?(?:(?:Civ|Crim|App|Bankr)\.\s?P|Evid)\.|Sup\.\s?Ct\.\s?R\.)\s?(?P<section>\d+(?:\.\d+)?)(?P<pin>(?:\([a-zA-Z0-9]{1,4}\))*)",
        )
        .expect("court rule pattern")
    });
    found_laws(pattern, text, |caps| {
        let mut groups = vec![
            ("reporter", rules_name(&caps["reporter"])),
            ("section", caps["section"].to_string()),
        ];
        if !caps["pin"].is_empty() {
            groups.push(("pin", caps["pin"].to_string()));
        }
        groups
    })
}

/// Constitutions (Bluebook R11: "U.S. Const. amend. XIV, § 1", "U.S. Const. art. I, § 8, cl. 3", "Cal.
/// Const. art. I, § 7"), which neither reporters-db nor eyecite reads: reporter = the constitution, title =
/// its article or amendment, section = its section ("" when none is cited), pin = clause or paragraph.
pub fn constitutions(text: &str) -> Vec<FoundLaw> {
    static CELL: OnceLock<Regex> = OnceLock::new();
    let pattern = CELL.get_or_init(|| {
        Regex::new(
            r"\b(?P<reporter>(?:[A-Z][a-z]{0,4}\.\s?){1,3}Const\.)\s+(?P<title>(?:art|amend)\.\s+(?:[IVXLC]+|\d+)\b|pmbl\.)(?:,\s*§\s*(?P<section>\d+[a-z]?))?(?P<pin>(?:,\s*(?:cl|para)\.\s*\d+)?)",
        )
        .expect("constitution pattern")
    });
    found_laws(pattern, text, |caps| {
        let mut groups = vec![
            ("reporter", constitution_name(&caps["reporter"])),
            ("title", normalise_space(caps["title"].to_string())),
            (
                "section",
                caps.name("section").map_or("", |m| m.as_str()).to_string(),
            ),
        ];
        if !caps["pin"].is_empty() {
            groups.push((
                "pin",
                normalise_space(caps["pin"].trim_start_matches(',').to_string()),
            ));
        }
        groups
    })
}

/// Every match of `pattern` in `text` as a law citation with the groups `groups_of` reads from it.
fn found_laws(
    pattern: &Regex,
    text: &str,
    groups_of: impl Fn(&Captures) -> Vec<(&'static str, String)>,
) -> Vec<FoundLaw> {
    pattern
        .captures_iter(text)
        .filter_map(|caps| {
            let whole = caps.get(0)?;
            Some(FoundLaw {
                start: whole.start(),
                end: whole.end(),
                groups: groups_of(&caps),
            })
        })
        .collect()
}

/// The rules' name with one space after each abbreviation: "Fed.R.Civ.P." → "Fed. R. Civ. P.".
fn rules_name(printed: &str) -> String {
    let squeezed: String = printed.split_whitespace().collect();
    squeezed.replace('.', ". ").trim_end().to_string()
}

/// A constitution's name as Bluebook prints it, however it was spaced: single capitals close up, other
/// abbreviations take a space ("U.S.Const." → "U.S. Const.", "W.Va. Const." → "W. Va. Const.").
fn constitution_name(printed: &str) -> String {
    let mut name = String::new();
    let mut after_initial = false;
    for word in printed.split('.').map(str::trim).filter(|w| !w.is_empty()) {
        let initial = word.len() == 1;
        let closes_up = initial && after_initial;
        if !name.is_empty() && !closes_up {
            name.push(' ');
        }
        name.push_str(word);
        name.push('.');
        after_initial = initial;
    }
    name
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

/// The section a bare "§" token names ("§ 2000e-3(a)." → "2000e-3(a)"), if it names one.
fn section_of(matched_text: &str) -> Option<&str> {
    let section = matched_text
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
    pub key: String,
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
    Some(SectionCite {
        key: code.key(section),
        code,
        code_start,
    })
}

/// The key of a bare "§" token nothing resolves: its text without trailing punctuation.
pub fn unresolved_section_key(citation: &Citation) -> String {
    let text = citation
        .matched_text
        .trim_end_matches(['.', ',', ';', ':'])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    format!("section:{text}")
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

    #[test]
    fn federal_court_rules_are_statute_citations() {
        let rules = court_rules("Fed. R. Civ. P. 56(a). See Fed.R.Evid. 702; Sup. Ct. R. 10.");
        let found: Vec<(&str, &str)> = rules
            .iter()
            .map(|r| (r.groups[0].1.as_str(), r.groups[1].1.as_str()))
            .collect();
        assert_eq!(
            found,
            [
                ("Fed. R. Civ. P.", "56"),
                ("Fed. R. Evid.", "702"),
                ("Sup. Ct. R.", "10")
            ]
        );
        assert_eq!(rules[0].groups[2], ("pin", "(a)".to_string()));
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
