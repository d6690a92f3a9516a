//! Law citation forms reporters-db has no pattern for, by class: constitutions of the United States, the
//! states, D.C. and the territories (Bluebook R11); court rules, federal, state and circuit (R12.9.3);
//! popular-name acts cited by their own sections (citeurl's "specific federal laws" templates: INA, IRC,
//! NLRA, ...; the U.C.C.); New York's C.P.L.R. and Illinois's ILCS, cited without a section sign; and "Rule
//! 11", a court rule's short form after a full cite of the rules. Court rules are read abbreviated ("Fed. R.
//! Civ. P. 12(b)(6)", the older "Rule 32(a), F.R.Cr.P.") and written out ("Federal Rule of Appellate
//! Procedure 4(a)(4)", "Texas Rule of Civil Procedure 166a"). Jurisdictions are reporters-db's state
//! abbreviations plus the federal and territorial ones of table T1. An Aho-Corasick pass finds each form's
//! anchors, literals every match holds near its start; the form's regex is tried only at the word
//! boundaries within that reach before them (a long opinion is not read once per form).

use super::at_starts::{units_before, word_boundary, AtStarts};
use super::normalise_space;
use aho_corasick::{AhoCorasick, AhoCorasickBuilder};
use regex::{Captures, Regex};
use std::sync::OnceLock;

/// A law citation found by one of these forms: byte range and the groups a statute citation has.
pub struct FoundLaw {
    pub start: usize,
    pub end: usize,
    pub groups: Vec<(&'static str, String)>,
}

/// Table T1's jurisdictions that reporters-db's state abbreviations lack.
const OTHER_JURISDICTIONS: [&str; 7] = [
    "U.S.",
    "D.C.",
    "Am. Samoa",
    "Guam",
    "P.R.",
    "V.I.",
    "N. Mar. I.",
];

/// reporters-db's states: abbreviation → name ("Tex." → "Texas"), read once.
fn state_abbreviations() -> &'static serde_json::Map<String, serde_json::Value> {
    static CELL: OnceLock<serde_json::Map<String, serde_json::Value>> = OnceLock::new();
    CELL.get_or_init(|| {
        serde_json::from_str(include_str!(
            "../../data/reporters-db/state_abbreviations.json"
        ))
        .unwrap_or_default()
    })
}

/// Every jurisdiction abbreviation, longest first ("W. Va." before "Va.").
fn jurisdictions() -> &'static [String] {
    static CELL: OnceLock<Vec<String>> = OnceLock::new();
    CELL.get_or_init(|| {
        let mut all: Vec<String> = state_abbreviations()
            .keys()
            .cloned()
            .chain(OTHER_JURISDICTIONS.iter().map(|j| j.to_string()))
            .collect();
        all.sort_by_key(|j| std::cmp::Reverse(j.len()));
        all
    })
}

/// The jurisdictions as a regex alternation, each period optionally followed by a space ("W.Va.", "W. Va.").
fn jurisdiction_alternation() -> String {
    jurisdictions()
        .iter()
        .map(|j| regex::escape(&j.replace(". ", ".")).replace(r"\.", r"\.\s?"))
        .collect::<Vec<_>>()
        .join("|")
}

/// The jurisdiction as table T1 prints it, however it was spaced or capitalised ("u.s." → "U.S.").
fn canonical_jurisdiction(printed: &str) -> String {
    let squeezed = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_whitespace())
            .flat_map(char::to_lowercase)
            .collect()
    };
    let key = squeezed(printed);
    jurisdictions()
        .iter()
        .find(|j| squeezed(j) == key)
        .cloned()
        .unwrap_or_else(|| normalise_space(printed.to_string()))
}

/// A section number: digits with letters and dotted or dashed parts ("166a", "1.510", "36-2", "9-22-3-2.5").
const SECTION: &str = r"\d+[A-Za-z]{0,2}(?:[.\-]\d+[A-Za-z]{0,2})*";
/// A form's reading of one match: the groups of a statute citation, or None when the match is no citation.
type Reader = fn(&Captures) -> Option<Vec<(&'static str, String)>>;

/// Subdivisions in parentheses: "(a)(7)".
const SUBDIVISIONS: &str = r"(?P<pin>(?:\([a-zA-Z0-9]{1,4}\))*)";

/// A literal every match of a form holds, at most `lead` units after the match's start, a unit being one
/// char or one run of whitespace (so a `\s+` counts once however long the run).
struct Anchor {
    word: &'static str,
    /// Whether the form's regex ignores case here (then every case of the word is an anchor, with the
    /// Unicode case variants of its ASCII letters the regex also folds: "ſ" for "s").
    ignore_case: bool,
    lead: fn() -> usize,
}

struct Form {
    /// Every match holds one of these; the regex runs only at the word boundaries a lead before each.
    anchors: &'static [Anchor],
    pattern: fn() -> String,
    read: Reader,
}

const fn anchor(word: &'static str, lead: fn() -> usize) -> Anchor {
    Anchor {
        word,
        ignore_case: false,
        lead,
    }
}

const FORMS: [Form; 7] = [
    Form {
        anchors: &[Anchor {
            word: "const",
            ignore_case: true,
            lead: jurisdiction_lead,
        }],
        pattern: constitution_pattern,
        read: read_constitution,
    },
    Form {
        anchors: &[anchor("R.", court_rules_lead)],
        pattern: court_rule_pattern,
        read: read_court_rule,
    },
    Form {
        anchors: &[anchor("Rule", || 0)],
        pattern: rule_then_rules_pattern,
        read: read_court_rule,
    },
    Form {
        anchors: &[anchor("Rule", written_out_lead)],
        pattern: rules_written_out_pattern,
        read: read_rules_written_out,
    },
    Form {
        anchors: &[
            anchor("§", popular_name_lead),
            anchor("Sec", popular_name_lead),
            anchor("sec", popular_name_lead),
        ],
        pattern: popular_name_pattern,
        read: read_popular_name,
    },
    Form {
        anchors: &[anchor("U", || 0)],
        pattern: commercial_code_pattern,
        read: read_popular_name,
    },
    Form {
        // "N.Y. C.P.L.R." and "N.Y. CPLR" before their anchors; the ILCS chapter and a space before theirs.
        anchors: &[
            anchor("CPLR", || 6),
            anchor("R.", || 15),
            anchor("ILCS", || 5),
            anchor("Ill.", || 5),
        ],
        pattern: state_code_pattern,
        read: read_state_code,
    },
];

/// The most units a jurisdiction as the alternation reads it spans, with the optional space after it:
/// each period may be followed by a space ("N. Mar. I. Const.").
fn jurisdiction_lead() -> usize {
    static CELL: OnceLock<usize> = OnceLock::new();
    *CELL.get_or_init(|| {
        let longest = jurisdictions()
            .iter()
            .map(|j| j.replace(". ", ".").chars().count() + j.matches('.').count())
            .max()
            .unwrap_or(0);
        longest + 1
    })
}

/// Before the "R." of a set of court rules: a jurisdiction, "Fed." or "F." and a space, or "Sup. Ct. " (9),
/// or a circuit's "12th Cir. " / "D. C. Cir. " (11).
fn court_rules_lead() -> usize {
    jurisdiction_lead().max(11)
}

/// Before the "Rule" of rules written out: a state's name and a space.
fn written_out_lead() -> usize {
    jurisdiction_names()
        .iter()
        .map(|(name, _)| name.chars().count())
        .max()
        .unwrap_or(0)
        + 1
}

/// Before the "§" or "Sec." of a popular-name act: its dotted letters ("D. G. C. L.", 11) and a space.
fn popular_name_lead() -> usize {
    POPULAR_NAMES
        .iter()
        .map(|(letters, _)| 3 * letters.len())
        .max()
        .unwrap_or(0)
}

/// The form's regex, compiled the first time a text holds one of its anchors.
fn compiled(index: usize) -> &'static AtStarts {
    static CELLS: [OnceLock<AtStarts>; FORMS.len()] = [const { OnceLock::new() }; FORMS.len()];
    CELLS[index].get_or_init(|| AtStarts::new(&(FORMS[index].pattern)()).expect("law form pattern"))
}

/// Every case of `word`, with the other chars Unicode's simple case folding gives its ASCII letters.
fn case_variants(word: &str) -> Vec<String> {
    word.chars().fold(vec![String::new()], |prefixes, c| {
        let mut cases = vec![c.to_ascii_lowercase(), c.to_ascii_uppercase()];
        cases.extend(match c.to_ascii_lowercase() {
            's' => Some('ſ'),
            'k' => Some('\u{212A}'),
            _ => None,
        });
        cases.dedup();
        prefixes
            .iter()
            .flat_map(|prefix| cases.iter().map(move |c| format!("{prefix}{c}")))
            .collect()
    })
}

/// The anchors' automaton, and for each of its words the (form, lead) pairs it anchors.
type Anchors = (AhoCorasick, Vec<Vec<(usize, usize)>>);

fn anchors() -> &'static Anchors {
    static CELL: OnceLock<Anchors> = OnceLock::new();
    CELL.get_or_init(|| {
        let mut words: Vec<String> = Vec::new();
        let mut anchored: Vec<Vec<(usize, usize)>> = Vec::new();
        for (form, anchor) in FORMS
            .iter()
            .enumerate()
            .flat_map(|(i, form)| form.anchors.iter().map(move |a| (i, a)))
        {
            let variants = if anchor.ignore_case {
                case_variants(anchor.word)
            } else {
                vec![anchor.word.to_string()]
            };
            for word in variants {
                let at = words.iter().position(|w| *w == word).unwrap_or_else(|| {
                    words.push(word);
                    anchored.push(Vec::new());
                    words.len() - 1
                });
                anchored[at].push((form, (anchor.lead)()));
            }
        }
        let automaton = AhoCorasickBuilder::new()
            .build(&words)
            .expect("law form anchors build an automaton");
        (automaton, anchored)
    })
}

/// Every citation of these forms in `text`. A form's regex is tried, anchored, only at the word boundaries
/// up to its lead before each of its anchors: every match starts at such a boundary, so the matches are
/// those of the regex run over the whole text (leftmost first, each search going on after the last match).
pub fn law_forms(text: &str) -> Vec<FoundLaw> {
    let (automaton, anchored) = anchors();
    let mut starts: [Vec<usize>; FORMS.len()] = Default::default();
    for hit in automaton.find_overlapping_iter(text) {
        for &(form, lead) in &anchored[hit.pattern().as_usize()] {
            let from = units_before(text, hit.start(), lead);
            starts[form].extend((from..=hit.start()).filter(|&at| word_boundary(text, at)));
        }
    }
    let mut found = Vec::new();
    for (index, form) in FORMS.iter().enumerate() {
        let starts = &mut starts[index];
        starts.sort_unstable();
        starts.dedup();
        compiled(index).for_each(text, starts, |hit| {
            if let Some(groups) = (form.read)(&hit.caps) {
                let whole = hit.whole();
                found.push(FoundLaw {
                    start: whole.start,
                    end: whole.end,
                    groups,
                });
            }
        });
    }
    found
}

fn constitution_pattern() -> String {
    format!(
        r"(?i)(?-u:\b)(?P<reporter>(?P<jurisdiction>{})\s?const(?:itution|\.)?)(?:\s\(\d{{4}}\))?,?\s+(?:(?P<part>art(?:icle|\.)?|amend(?:ment|\.)?)\s*(?P<number>(?-i:[IVXLC]+)|\d+)(?-u:\b)|(?P<preamble>pmbl\.|preamble))(?:,?\s*(?:§|sec(?:tion|s?\.)?)\s*(?P<section>\d+[a-z]?))?(?P<pin>(?:,?\s*(?:cl(?:ause|\.)?|para(?:graph|\.)?|¶)\s*\d+)?)",
        jurisdiction_alternation()
    )
}

/// Constitutions: reporter = "Ga. Const.", title = "art. II" or "amend. XIV" (numbers as Roman numerals,
/// however printed), section = its section ("" when none is cited), pin = clause or paragraph.
fn read_constitution(caps: &Captures) -> Option<Vec<(&'static str, String)>> {
    let jurisdiction = canonical_jurisdiction(caps.name("jurisdiction")?.as_str());
    let title = match (caps.name("part"), caps.name("number")) {
        (Some(part), Some(number)) => {
            let part = if part.as_str().to_lowercase().starts_with("art") {
                "art."
            } else {
                "amend."
            };
            format!("{part} {}", roman(number.as_str())?)
        }
        _ => "pmbl.".to_string(),
    };
    let mut groups = vec![
        ("reporter", format!("{jurisdiction} Const.")),
        ("title", title),
        (
            "section",
            caps.name("section").map_or("", |m| m.as_str()).to_string(),
        ),
    ];
    if let Some(pin) = caps.name("pin").filter(|p| !p.as_str().is_empty()) {
        let pin = normalise_space(pin.as_str().trim_start_matches(',').to_string());
        groups.push(("pin", pin));
    }
    Some(groups)
}

/// An article or amendment number as a Roman numeral ("2" → "II", "xiv" → "XIV"); None past 399.
fn roman(number: &str) -> Option<String> {
    let Ok(mut value) = number.parse::<u32>() else {
        return Some(number.to_uppercase());
    };
    if value == 0 || value >= 400 {
        return None;
    }
    let mut out = String::new();
    for (size, letters) in [
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ] {
        while value >= size {
            out.push_str(letters);
            value -= size;
        }
    }
    Some(out)
}

/// A set of court rules as abbreviated: federal or a state's ("Fed. R. Civ. P.", "Tex. R. Civ. P.", the older
/// "F.R.Cr.P."), the Supreme Court's or a circuit's ("Sup. Ct. R.", "11th Cir. R.").
fn rules_abbreviated() -> String {
    format!(
        r"(?:Fed\.|F\.|{})\s?R\.\s?(?:(?:Civ|Crim|Cr|App|Bankr|Juv|Prob|Fam)\.\s?(?:Proc\.|P\.)|Evid\.)|Sup\.\s?Ct\.\s?R\.|(?:\d{{1,2}}(?:st|nd|rd|th)|D\.\s?C\.|Fed\.)\s?Cir\.\s?R\.",
        jurisdiction_alternation()
    )
}

fn court_rule_pattern() -> String {
    format!(
        r"(?-u:\b)(?P<reporter>{})\s?(?P<section>{SECTION}){SUBDIVISIONS}",
        rules_abbreviated()
    )
}

/// The rule before its rules' name, as older opinions print it: "Rule 32(a), F.R.Cr.P.".
fn rule_then_rules_pattern() -> String {
    format!(
        r"(?-u:\b)Rule\s(?P<section>{SECTION}){SUBDIVISIONS},\s?(?P<reporter>{})",
        rules_abbreviated()
    )
}

/// The kinds of procedure rules are written for, spelled out and as abbreviated.
const PROCEDURES: [(&str, &str); 7] = [
    ("Civil", "Civ."),
    ("Criminal", "Crim."),
    ("Appellate", "App."),
    ("Bankruptcy", "Bankr."),
    ("Juvenile", "Juv."),
    ("Probate", "Prob."),
    ("Family", "Fam."),
];

/// The abbreviation in a rules' name of the kind a word names ("Civil" → "Civ.", "Evidence" → "Evid.").
pub fn procedure_abbreviation(word: &str) -> Option<&'static str> {
    match word {
        "Evidence" => Some("Evid."),
        _ => PROCEDURES
            .iter()
            .find(|(written, _)| *written == word)
            .map(|(_, abbreviated)| *abbreviated),
    }
}

/// Each state's name with its abbreviation (reporters-db), and "Federal" with "Fed.".
fn jurisdiction_names() -> &'static [(String, String)] {
    static CELL: OnceLock<Vec<(String, String)>> = OnceLock::new();
    CELL.get_or_init(|| {
        let mut all: Vec<(String, String)> = state_abbreviations()
            .iter()
            .filter_map(|(abbreviation, name)| {
                Some((name.as_str()?.to_string(), abbreviation.clone()))
            })
            .chain([("Federal".to_string(), "Fed.".to_string())])
            .collect();
        all.sort_by_key(|(name, _)| std::cmp::Reverse(name.len()));
        all
    })
}

/// Rules written out: "Federal Rule of Appellate Procedure 4(a)(4)", "Texas Rules of Civil Procedure 166a",
/// "Federal Rule of Evidence 702".
fn rules_written_out_pattern() -> String {
    let names: Vec<String> = jurisdiction_names()
        .iter()
        .map(|(name, _)| regex::escape(name))
        .collect();
    let procedures: Vec<&str> = PROCEDURES.iter().map(|(written, _)| *written).collect();
    format!(
        r"(?-u:\b)(?P<jurisdiction>{})\s+Rules?\s+of\s+(?:(?P<procedure>{})\s+Procedure|Evidence)\s+(?P<section>{SECTION}){SUBDIVISIONS}",
        names.join("|"),
        procedures.join("|")
    )
}

/// A written-out rule as its abbreviated rules name: "Federal Rule of Civil Procedure" → "Fed. R. Civ. P.".
fn read_rules_written_out(caps: &Captures) -> Option<Vec<(&'static str, String)>> {
    let written = caps.name("jurisdiction")?.as_str();
    let (_, jurisdiction) = jurisdiction_names()
        .iter()
        .find(|(name, _)| name == written)?;
    let rules = match caps.name("procedure") {
        Some(procedure) => {
            let (_, abbreviated) = PROCEDURES
                .iter()
                .find(|(written, _)| *written == procedure.as_str())?;
            format!("{jurisdiction} R. {abbreviated} P.")
        }
        None => format!("{jurisdiction} R. Evid."),
    };
    let mut groups = vec![
        ("reporter", rules),
        ("section", caps.name("section")?.as_str().to_string()),
    ];
    push_pin(caps, &mut groups);
    Some(groups)
}

/// Court rules ("Fed. R. Civ. P. 56(a)", "Tex. R. Civ. P. 166a(c)", "11th Cir. R. 36-2"): reporter = the
/// rules with one space after each abbreviation, section = the rule, pin = its subdivisions.
fn read_court_rule(caps: &Captures) -> Option<Vec<(&'static str, String)>> {
    let mut groups = vec![
        ("reporter", rules_name(caps.name("reporter")?.as_str())),
        ("section", caps.name("section")?.as_str().to_string()),
    ];
    push_pin(caps, &mut groups);
    Some(groups)
}

fn push_pin(caps: &Captures, groups: &mut Vec<(&'static str, String)>) {
    if let Some(pin) = caps.name("pin").filter(|p| !p.as_str().is_empty()) {
        groups.push(("pin", pin.as_str().to_string()));
    }
}

/// The rules' name with one space after each abbreviation and the current abbreviations: "Fed.R.Civ.Proc."
/// → "Fed. R. Civ. P.", "F.R.Cr.P." → "Fed. R. Crim. P.", "11th Cir.R." → "11th Cir. R.".
fn rules_name(printed: &str) -> String {
    let words: Vec<&str> = printed
        .split_whitespace()
        .flat_map(|word| word.split_inclusive('.'))
        .enumerate()
        .map(|(at, word)| match word {
            "F." if at == 0 => "Fed.",
            "Cr." => "Crim.",
            "Proc." => "P.",
            _ => word,
        })
        .collect();
    words.join(" ").replace("D. C.", "D.C.")
}

/// citeurl's popular-name acts, each with the letters its name is printed with.
const POPULAR_NAMES: [(&str, &str); 9] = [
    ("INA", "INA"),
    ("IRC", "I.R.C."),
    ("NLRA", "NLRA"),
    ("ESA", "ESA"),
    ("CAA", "CAA"),
    ("CWA", "CWA"),
    ("FHA", "FHA"),
    ("ADA", "ADA"),
    ("DGCL", "DGCL"),
];

/// An acronym's letters with optional periods and spaces between them: "I\.?\s?R\.?\s?C\.?".
fn dotted(letters: &str) -> String {
    letters
        .chars()
        .map(|c| format!(r"{c}\.?"))
        .collect::<Vec<_>>()
        .join(r"\s?")
}

fn popular_name_pattern() -> String {
    let names: Vec<String> = POPULAR_NAMES.iter().map(|(l, _)| dotted(l)).collect();
    format!(
        r"(?-u:\b)(?P<reporter>{})\s?(?:§§?|[Ss]ec(?:tion|s)?\.?)\s*(?P<section>{SECTION}){SUBDIVISIONS}",
        names.join("|")
    )
}

fn commercial_code_pattern() -> String {
    format!(
        r"(?-u:\b)(?P<reporter>{})\s?(?:§§?\s*)?(?P<section>\d+[A-Za-z]?-\d+[A-Za-z]?(?:\.\d+)?){SUBDIVISIONS}",
        dotted("UCC")
    )
}

/// Popular-name acts ("INA § 101(a)(15)", "U.C.C. § 2-104"): reporter = the act's name, section = the act's
/// own section (not the code's: "INA § 101" is 8 U.S.C. § 1101).
fn read_popular_name(caps: &Captures) -> Option<Vec<(&'static str, String)>> {
    let letters: String = caps
        .name("reporter")?
        .as_str()
        .chars()
        .filter(char::is_ascii_alphabetic)
        .collect();
    let name = POPULAR_NAMES
        .iter()
        .chain([("UCC", "U.C.C.")].iter())
        .find(|(l, _)| *l == letters)?
        .1;
    let mut groups = vec![
        ("reporter", name.to_string()),
        ("section", caps.name("section")?.as_str().to_string()),
    ];
    push_pin(caps, &mut groups);
    Some(groups)
}

fn state_code_pattern() -> String {
    format!(
        r"(?:(?-u:\b)(?P<cplr>(?:N\.\s?Y\.\s?)?(?:C\.\s?P\.\s?L\.\s?R\.|CPLR))\s?(?:§\s*|R(?:ule)?\.?\s*)?|(?-u:\b)(?P<chapter>\d{{1,4}})\s+(?P<ilcs>ILCS|Ill\.\s?Comp\.\s?Stat\.(?:\s?Ann\.)?)\s+(?P<act>\d+)\s?/\s?)(?P<section>{SECTION}){SUBDIVISIONS}"
    )
}

/// New York's C.P.L.R. ("N.Y. C.P.L.R. 3211(a)(7)", "CPLR 3211") and Illinois's compiled statutes ("735
/// ILCS 5/2-619(a)(9)"): reporter = the code as table T1 names it, title = the ILCS chapter, section = the
/// C.P.L.R. rule or the ILCS act and section ("5/2-619").
fn read_state_code(caps: &Captures) -> Option<Vec<(&'static str, String)>> {
    let section = caps.name("section")?.as_str();
    let mut groups = match (caps.name("ilcs"), caps.name("act"), caps.name("chapter")) {
        (Some(code), Some(act), Some(chapter)) => {
            let printed = normalise_space(code.as_str().to_string());
            let reporter = if printed.ends_with("Ann.") {
                "Ill. Comp. Stat. Ann."
            } else {
                "Ill. Comp. Stat."
            };
            vec![
                ("reporter", reporter.to_string()),
                ("title", chapter.as_str().to_string()),
                ("section", format!("{}/{section}", act.as_str())),
            ]
        }
        _ => vec![
            ("reporter", "N.Y. C.P.L.R.".to_string()),
            ("section", section.to_string()),
        ],
    };
    push_pin(caps, &mut groups);
    Some(groups)
}

/// "Rule 11(b)" tokens: a court rule's short form, read only after a full cite of court rules (`from`).
pub fn rule_short_forms(text: &str, from: usize) -> Vec<(usize, usize)> {
    static CELL: OnceLock<Regex> = OnceLock::new();
    let pattern = CELL.get_or_init(|| {
        Regex::new(&format!(
            r"(?-u:\b)Rules?\s+(?:{SECTION})(?:\([a-zA-Z0-9]{{1,4}}\))*"
        ))
        .expect("rule short form pattern")
    });
    let Some(rest) = text.get(from..) else {
        return Vec::new();
    };
    pattern
        .find_iter(rest)
        .map(|m| (from + m.start(), from + m.end()))
        .filter(|&(start, _)| !after_article(&text[..start]))
        .collect()
}

/// Whether the words before a "Rule 59(e)" end with an article, the rule then naming a kind of motion or
/// standard ("a Rule 59(e) motion", "the Rule 11 standard"), not citing it. A kind of rules may stand
/// between ("a Civil Rule 60 motion").
fn after_article(before: &str) -> bool {
    let mut words = before.split_whitespace().rev();
    let last = words.next();
    let word = match last.and_then(procedure_abbreviation) {
        Some(_) => words.next(),
        None => last,
    };
    word.is_some_and(|word| ["a", "an", "the"].contains(&word.to_lowercase().as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<Vec<(&'static str, String)>> {
        law_forms(text).into_iter().map(|f| f.groups).collect()
    }

    fn group<'a>(groups: &'a [(&'static str, String)], name: &str) -> &'a str {
        groups
            .iter()
            .find(|(n, _)| *n == name)
            .map_or("", |(_, v)| v.as_str())
    }

    /// A law found: byte range and groups.
    type Law = (usize, usize, Vec<(&'static str, String)>);

    /// Each form's regex over the whole text, as the matches were found before the anchors' windows.
    fn whole_text(text: &str) -> Vec<Law> {
        static CELL: OnceLock<Vec<Regex>> = OnceLock::new();
        let regexes = CELL.get_or_init(|| {
            FORMS
                .iter()
                .map(|form| Regex::new(&(form.pattern)()).unwrap())
                .collect()
        });
        let mut found = Vec::new();
        for (form, re) in FORMS.iter().zip(regexes) {
            for caps in re.captures_iter(text) {
                let whole = caps.get(0).unwrap();
                if let Some(groups) = (form.read)(&caps) {
                    found.push((whole.start(), whole.end(), groups));
                }
            }
        }
        found
    }

    fn windowed(text: &str) -> Vec<Law> {
        law_forms(text)
            .into_iter()
            .map(|f| (f.start, f.end, f.groups))
            .collect()
    }

    #[test]
    fn the_anchors_windows_find_what_the_whole_text_search_finds() {
        let mut texts = super::super::at_starts::real_texts();
        // Forms at the text's start and end, after non-ASCII chars and glued to words, in odd cases and
        // spacing, and beside words that only look like them.
        texts.push(
            "U.S. Const. art. I, § 8. éU.S. CONST. amend. XIV; xU.S. Const. art. II; U.S. conſt. \
             amend. I; N. Mar. I.  Const. art. II; Federal Rules\n\nof Civil Procedure 12(b); \
             Fed. R. Civ. P. 56(a); Rule 32(a), F.R.Cr.P.; DGCL § 102(b)(7); D. G. C. L. § 141; UCC \
             2-104; U.C.C. § 2-207(2); N.Y. C.P.L.R. 3211(a)(7); 735 ILCS 5/2-619; 410  Ill. Comp. \
             Stat. 54/1; success, secure, constant, Texas Rule of Civil Procedure 166a(c)"
                .to_string(),
        );
        let mut compared = 0;
        for text in &texts {
            let whole = whole_text(text);
            compared += whole.len();
            assert_eq!(windowed(text), whole, "{text}");
        }
        assert!(compared > 100, "only {compared} law forms compared");
    }

    #[test]
    fn constitutions_of_every_jurisdiction_in_any_capitalisation() {
        for (text, reporter, title, section) in [
            ("Ga. Const. Art. II, § 1", "Ga. Const.", "art. II", "1"),
            ("Cal. Const. Art. XI § 1", "Cal. Const.", "art. XI", "1"),
            (
                "Colo. Const. Art. XIX, Sec. 2",
                "Colo. Const.",
                "art. XIX",
                "2",
            ),
            ("U.S. CONST. art. III, § 2", "U.S. Const.", "art. III", "2"),
            (
                "U.S. Const. amend. XIV, § 1",
                "U.S. Const.",
                "amend. XIV",
                "1",
            ),
            ("Idaho Const. Art. 2, § 3", "Idaho Const.", "art. II", "3"),
            (
                "W.Va. Const. art. III, § 10",
                "W. Va. Const.",
                "art. III",
                "10",
            ),
            (
                "Am. Samoa Const. Art. II § 2",
                "Am. Samoa Const.",
                "art. II",
                "2",
            ),
            ("Del. Const. Art. XVI.", "Del. Const.", "art. XVI", ""),
        ] {
            let all = found(text);
            assert_eq!(all.len(), 1, "{text}");
            let groups = &all[0];
            assert_eq!(
                (
                    group(groups, "reporter"),
                    group(groups, "title"),
                    group(groups, "section")
                ),
                (reporter, title, section),
                "{text}"
            );
        }
        let clause = found("U.S. Const. art. I, § 8, cl. 3");
        assert_eq!(group(&clause[0], "pin"), "cl. 3");
    }

    #[test]
    fn federal_state_and_circuit_court_rules() {
        for (text, reporter, section, pin) in [
            (
                "Fed. R. Civ. P. 12(b)(6)",
                "Fed. R. Civ. P.",
                "12",
                "(b)(6)",
            ),
            ("Fed.R.Evid. 702", "Fed. R. Evid.", "702", ""),
            ("Fed. R. App. Proc. 6", "Fed. R. App. P.", "6", ""),
            ("Tex. R. Civ. P. 166a(c)", "Tex. R. Civ. P.", "166a", "(c)"),
            (
                "Fla. R. Civ. P. 1.510(a)",
                "Fla. R. Civ. P.",
                "1.510",
                "(a)",
            ),
            ("11th Cir. R. 36-2", "11th Cir. R.", "36-2", ""),
            ("D.C. Cir. R. 28", "D.C. Cir. R.", "28", ""),
            ("Sup. Ct. R. 10", "Sup. Ct. R.", "10", ""),
            // Older abbreviations, and the rule before its rules' name.
            ("F.R.Civ.P. 23(b)(3)", "Fed. R. Civ. P.", "23", "(b)(3)"),
            ("Rule 32(a), F.R.Cr.P.", "Fed. R. Crim. P.", "32", "(a)"),
            // Written out, federal and state.
            (
                "Federal Rule of Appellate Procedure 4(a)(4)",
                "Fed. R. App. P.",
                "4",
                "(a)(4)",
            ),
            (
                "Federal Rules of Civil Procedure 12(b)(6)",
                "Fed. R. Civ. P.",
                "12",
                "(b)(6)",
            ),
            ("Federal Rule of Evidence 702", "Fed. R. Evid.", "702", ""),
            (
                "Texas Rule of Civil Procedure 166a(c)",
                "Tex. R. Civ. P.",
                "166a",
                "(c)",
            ),
            (
                "New Jersey Rule of Evidence 803(c)(2)",
                "N.J. R. Evid.",
                "803",
                "(c)(2)",
            ),
        ] {
            let all = found(text);
            assert_eq!(all.len(), 1, "{text}");
            let groups = &all[0];
            assert_eq!(
                (
                    group(groups, "reporter"),
                    group(groups, "section"),
                    group(groups, "pin")
                ),
                (reporter, section, pin),
                "{text}"
            );
        }
    }

    #[test]
    fn popular_name_acts_and_named_state_codes() {
        for (text, reporter, title, section) in [
            ("INA § 101(a)(15)", "INA", "", "101"),
            ("IRC § 671", "I.R.C.", "", "671"),
            ("I.R.C. § 1.42", "I.R.C.", "", "1.42"),
            ("UCC 2-104", "U.C.C.", "", "2-104"),
            ("U.C.C. § 2-207(2)", "U.C.C.", "", "2-207"),
            ("N.Y. C.P.L.R. 3211(a)(7)", "N.Y. C.P.L.R.", "", "3211"),
            ("CPLR 3211(a)(7)", "N.Y. C.P.L.R.", "", "3211"),
            (
                "735 ILCS 5/2-619(a)(9)",
                "Ill. Comp. Stat.",
                "735",
                "5/2-619",
            ),
            ("410 ILCS 54/1", "Ill. Comp. Stat.", "410", "54/1"),
        ] {
            let all = found(text);
            assert_eq!(all.len(), 1, "{text}");
            let groups = &all[0];
            assert_eq!(
                (
                    group(groups, "reporter"),
                    group(groups, "title"),
                    group(groups, "section")
                ),
                (reporter, title, section),
                "{text}"
            );
        }
    }

    #[test]
    fn words_that_only_look_like_forms_are_not_citations() {
        assert!(
            found("The constitution's article on rights; Tex. R. 5 is no rule set.").is_empty()
        );
        assert!(found("The ADA requires access. Section 5 of the contract.").is_empty());
    }

    #[test]
    fn a_rule_after_an_article_names_a_motion_not_the_rule() {
        let text =
            "Fed. R. Civ. P. 12(b)(6). It is not a Rule 59(e) motion, nor a Civil Rule 60 one; \
                    the Rule 11 standard differs. Under Rule 56 it fails.";
        assert_eq!(
            rule_short_forms(text, 0)
                .iter()
                .map(|&(s, e)| &text[s..e])
                .collect::<Vec<_>>(),
            ["Rule 56"]
        );
    }

    #[test]
    fn rule_short_forms_after_a_position() {
        let text = "Rule 1 first. Fed. R. Civ. P. 12(b)(6). Rule 11(c) applies.";
        let after = text.find("Fed.").unwrap();
        assert_eq!(
            rule_short_forms(text, after)
                .iter()
                .map(|&(s, e)| &text[s..e])
                .collect::<Vec<_>>(),
            ["Rule 11(c)"]
        );
    }
}
