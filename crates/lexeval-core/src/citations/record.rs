//! Record citations (Bluepages B17): the documents of the case being argued — "(Compl. ¶ 44.)", "ECF No.
//! 45 at 3", "Tr. 112:4–9", "J.A. 56", "Pet. App. 12a", "Pl.'s Br. 7", "Smith Decl. ¶ 3". They are
//! citation material (no claim text) but never authorities, and an Id. after one repeats the record.
//!
//! A document is named by words of Bluepages table BT1 (court documents), typed from the table, and the
//! docket forms courts use ("ECF No.", "Dkt.", "Doc."), followed by its pin: a page, paragraph, transcript
//! page and line, or appendix page.

use super::at_starts::{word_boundary, AtStarts};
use super::{Citation, CitationKind, CitationRole};
use crate::authority_key::AuthorityKey;
use aho_corasick::AhoCorasick;
use std::sync::OnceLock;

/// Bluepages table BT1 ("Court Documents"): each word's abbreviation in the titles of court documents, as
/// the table lists it (a word the table leaves unabbreviated — "Answer", "Order", "Reply" — is listed too).
pub const BT1: [(&str, &str); 75] = [
    ("Admission", "Admis."),
    ("Affidavit", "Aff."),
    ("Amended", "Am."),
    ("Answer", "Answer"),
    ("Appellant", "Appellant"),
    ("Appellee", "Appellee"),
    ("Appendix", "App."),
    ("Argument", "Arg."),
    ("Attachment", "Attach."),
    ("Brief", "Br."),
    ("Certiorari", "Cert."),
    ("Complaint", "Compl."),
    ("Counterclaim", "Countercl."),
    ("Cross-claim", "Cross-cl."),
    ("Declaration", "Decl."),
    ("Defendant", "Def."),
    ("Defendants", "Defs."),
    ("Demurrer", "Dem."),
    ("Deposition", "Dep."),
    ("Discovery", "Disc."),
    ("Dismiss", "Dismiss"),
    ("Document", "Doc."),
    ("Documents", "Docs."),
    ("Exhibit", "Ex."),
    ("Exhibits", "Exs."),
    ("Hearing", "Hr'g"),
    ("Injunction", "Inj."),
    ("Interrogatory", "Interrog."),
    ("Interrogatories", "Interrogs."),
    ("Joint Appendix", "J.A."),
    ("Judgment", "J."),
    ("Memorandum", "Mem."),
    ("Minutes", "Mins."),
    ("Motion", "Mot."),
    ("Opinion", "Op."),
    ("Opposition", "Opp'n"),
    ("Order", "Order"),
    ("Petition", "Pet."),
    ("Petitioner", "Pet'r"),
    ("Plaintiff", "Pl."),
    ("Plaintiffs", "Pls."),
    ("Points and Authorities", "P. & A."),
    ("Preliminary", "Prelim."),
    ("Production", "Produc."),
    ("Reconsideration", "Recons."),
    ("Record", "R."),
    ("Rehearing", "Reh'g"),
    ("Reply", "Reply"),
    ("Reporter", "Rep."),
    ("Request", "Req."),
    ("Respondent", "Resp't"),
    ("Response", "Resp."),
    ("Statement", "Statement"),
    ("Summary", "Summ."),
    ("Supplemental", "Supp."),
    ("Support", "Supp."),
    ("Temporary Restraining Order", "T.R.O."),
    ("Testimony", "Test."),
    ("Transcript", "Tr."),
    ("Verified", "Verified"),
    // Docket entries, as federal courts number them (Bluepages B17.1.4: "ECF No.").
    ("Electronic Case Filing", "ECF"),
    ("Docket", "Dkt."),
    ("Number", "No."),
    // The words joining a document's title ("Mem. in Supp. of Mot. to Dismiss").
    ("in", "in"),
    ("of", "of"),
    ("to", "to"),
    ("for", "for"),
    ("and", "&"),
    ("Compel", "Compel"),
    ("Quash", "Quash"),
    ("Stay", "Stay"),
    ("Suppress", "Suppress"),
    ("Subpoena", "Subpoena"),
    ("Grant", "Grant"),
    ("Admit", "Admit"),
];

/// Documents that are cited alone, by a bare number after them: a record or appendix page, a docket entry.
/// Any other title needs a paragraph, "at" or page-and-line pin to be read as a record cite.
const CITED_BY_NUMBER: [&str; 10] = [
    "R.", "App.", "J.A.", "Tr.", "ECF", "Dkt.", "Doc.", "Br.", "Ex.", "Exs.",
];

/// The capitalised abbreviations a document's title opens with.
fn first_words() -> impl Iterator<Item = &'static str> {
    BT1.iter()
        .map(|(_, abbreviation)| *abbreviation)
        .filter(|a| a.starts_with(char::is_uppercase))
}

fn record_pattern() -> String {
    // Longest first, so "J.A." is not read as "J." and "A"; a title opens with a capitalised word.
    let alternation = |capitalised_only: bool| {
        let mut words: Vec<String> = BT1
            .iter()
            .map(|(_, abbreviation)| *abbreviation)
            .filter(|a| !capitalised_only || a.starts_with(char::is_uppercase))
            .map(|a| regex::escape(a).replace('\'', "['’]"))
            .collect();
        words.sort_by_key(|w| std::cmp::Reverse(w.len()));
        format!(r"(?:{})(?:['’]s|s?['’])?", words.join("|"))
    };
    let (first, word) = (alternation(true), alternation(false));
    let number = r"\d+[a-z]?(?::\d+)?(?:\s*[-–—]\s*\d+[a-z]?(?::\d+)?)?";
    // An optional name before a declaration, affidavit, deposition or testimony ("Smith Decl.").
    format!(
        r"(?P<name>(?-u:\b)[A-Z][A-Za-z'’-]+\s+)?(?-u:\b)(?P<title>{first}(?:\s+{word})*)\s*,?\s+(?P<pin>(?:at\s+)?(?:¶¶?|§§?|[Pp]p?\.)?\s*{number}(?:\s*,\s*{number})*(?:\s+at\s+{number})?)"
    )
}

fn record_regex() -> &'static AtStarts {
    static CELL: OnceLock<AtStarts> = OnceLock::new();
    CELL.get_or_init(|| AtStarts::new(&record_pattern()).expect("record pattern"))
}

/// The first words' literal openings (up to an apostrophe, which may be printed curly: "Hr'g").
fn first_words_automaton() -> &'static AhoCorasick {
    static CELL: OnceLock<AhoCorasick> = OnceLock::new();
    CELL.get_or_init(|| {
        let mut openings: Vec<&str> = first_words()
            .map(|a| a.split('\'').next().unwrap_or(a))
            .collect();
        openings.sort_unstable();
        openings.dedup();
        AhoCorasick::new(openings).expect("record title openings build an automaton")
    })
}

/// Where a record cite can start: each title's first word at a word boundary, and the starts of the name
/// that may stand right before it ("Smith Decl."), a word of name chars then whitespace.
fn record_starts(text: &str) -> Vec<usize> {
    let is_name_char = |c: char| c.is_ascii_alphabetic() || matches!(c, '\'' | '’' | '-');
    let mut starts = Vec::new();
    for hit in first_words_automaton().find_overlapping_iter(text) {
        let title = hit.start();
        if !word_boundary(text, title) {
            continue;
        }
        starts.push(title);
        let before = &text[..title];
        let name_end = before.trim_end_matches(char::is_whitespace).len();
        if name_end == title {
            continue;
        }
        let name_chars =
            before[..name_end].len() - before[..name_end].trim_end_matches(is_name_char).len();
        starts.extend(
            (name_end - name_chars..name_end)
                .filter(|&at| word_boundary(text, at) && text.as_bytes()[at].is_ascii_uppercase()),
        );
    }
    starts.sort_unstable();
    starts.dedup();
    starts
}

/// Whether a matched title can be a record document with this pin: a title cited by a bare number must be
/// one of the documents that are.
fn plausible(title: &str, pin: &str) -> bool {
    let words: Vec<&str> = title.split_whitespace().collect();
    let last = words.last().copied().unwrap_or_default();
    // A bare "No. 5" or "Order 3" is not a record cite; "Br. 7", "R. 15", "Dkt. 12" are.
    let bare = pin.starts_with(|c: char| c.is_ascii_digit()) && !pin.contains(':');
    !bare
        || CITED_BY_NUMBER.contains(&last)
        || (last == "No." && words.len() > 1)
        || words
            .iter()
            .any(|w| CITED_BY_NUMBER.contains(w) && *w != "No.")
}

/// Adds the record citations of `text` that no other citation overlaps (byte offsets, as `found` has).
pub fn add_record_citations(text: &str, found: &mut Vec<Citation>) {
    let mut records = Vec::new();
    record_regex().for_each(text, &record_starts(text), |hit| {
        let m = &hit.caps;
        let (Some(title), Some(pin)) = (m.name("title"), m.name("pin")) else {
            return;
        };
        let (matched, title) = (hit.whole(), hit.range(title));
        let title_text = &text[title.clone()];
        // A witness's name belongs to the witness's declaration, affidavit, deposition or testimony.
        let named = ["Decl.", "Aff.", "Dep.", "Test."]
            .iter()
            .any(|document| title_text.starts_with(document));
        // A name group that is a title word ("Reply Br. 7") is part of the title.
        let name_is_title = m.name("name").is_some_and(|name| {
            let word = name.as_str().trim();
            BT1.iter().any(|(_, abbreviation)| *abbreviation == word)
        });
        let start = if named || name_is_title {
            matched.start
        } else {
            title.start
        };
        let end = matched.end;
        let overlaps = found.iter().any(|c| c.start < end && start < c.end);
        // A word before the title that is itself an abbreviation ("11th Cir. R. 36-2", "Fed. R. Civ. P.")
        // makes it part of another citation form.
        let after_abbreviation = text[..start]
            .trim_end()
            .rsplit(char::is_whitespace)
            .next()
            .map(|word| word.trim_start_matches(['(', '[']))
            .is_some_and(|word| word.ends_with('.') && word.starts_with(char::is_uppercase));
        if overlaps || after_abbreviation || !plausible(&text[start..title.end], pin.as_str()) {
            return;
        }
        let pin_text = pin.as_str().trim();
        records.push(Citation {
            pin_cite: Some(pin_text.to_string()),
            title: Some(text[start..title.end].to_string()),
            ..Citation::new(
                CitationKind::Record,
                (start, end),
                text[start..end].to_string(),
                AuthorityKey::record(&text[start..title.end]),
                CitationRole::Record,
            )
        });
    });
    found.extend(records);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(text: &str) -> Vec<(String, String)> {
        let mut found = Vec::new();
        add_record_citations(text, &mut found);
        found
            .into_iter()
            .map(|c| (c.matched_text, c.pin_cite.unwrap_or_default()))
            .collect()
    }

    #[test]
    fn the_starts_give_the_whole_text_searchs_matches() {
        super::super::at_starts::assert_same_as_whole_text(
            &regex::Regex::new(&record_pattern()).unwrap(),
            record_regex(),
            record_starts,
            "Compl. ¶ 44 at the start; O'Brien Decl. ¶ 3, éSmith Aff. ¶ 2, xJones Dep. 12:4, Reply \
             Br. 7, Hr’g Tr. 112:4–9, Pet. App. 12a, (ECF No. 45 at 3); Mem. in Supp. of Mot. 5",
            101,
        );
    }

    #[test]
    fn the_table_is_bluepages_bt1() {
        // Spot checks against the printed table, and no abbreviation listed twice for different words
        // except "Supp." (Supplemental, Support), as BT1 has it.
        let lookup = |word: &str| BT1.iter().find(|(w, _)| *w == word).map(|(_, a)| *a);
        assert_eq!(lookup("Complaint"), Some("Compl."));
        assert_eq!(lookup("Joint Appendix"), Some("J.A."));
        assert_eq!(lookup("Transcript"), Some("Tr."));
        assert_eq!(lookup("Hearing"), Some("Hr'g"));
        assert_eq!(lookup("Opposition"), Some("Opp'n"));
        assert_eq!(lookup("Record"), Some("R."));
        let mut abbreviations: Vec<&str> = BT1.iter().map(|(_, a)| *a).collect();
        abbreviations.sort_unstable();
        let before = abbreviations.len();
        abbreviations.dedup();
        assert_eq!(before - abbreviations.len(), 1);
    }

    #[test]
    fn bluepages_and_court_forms_are_record_cites() {
        for (text, cite, pin) in [
            (
                "The plan was amended. (Compl. ¶ 44.)",
                "Compl. ¶ 44",
                "¶ 44",
            ),
            (
                "It was denied. ECF No. 45 at 3.",
                "ECF No. 45 at 3",
                "45 at 3",
            ),
            ("He said so. Tr. 112:4–9.", "Tr. 112:4–9", "112:4–9"),
            ("See J.A. 56.", "J.A. 56", "56"),
            ("See Pet. App. 12a.", "Pet. App. 12a", "12a"),
            ("The record shows it. R. 15.", "R. 15", "15"),
            ("Defendant agrees. Pl.'s Br. 7.", "Pl.'s Br. 7", "7"),
            ("He declared it. Smith Decl. ¶ 3.", "Smith Decl. ¶ 3", "¶ 3"),
            ("It was docketed. Dkt. 12.", "Dkt. 12", "12"),
            ("See App. 34.", "App. 34", "34"),
            (
                "(Defs.' Mem. in Supp. of Mot. to Dismiss at 4.)",
                "Defs.' Mem. in Supp. of Mot. to Dismiss at 4",
                "at 4",
            ),
            ("(Hr'g Tr. 23:1-5.)", "Hr'g Tr. 23:1-5", "23:1-5"),
            ("(Am. Compl. ¶¶ 12-14.)", "Am. Compl. ¶¶ 12-14", "¶¶ 12-14"),
        ] {
            assert_eq!(
                records(text),
                [(cite.to_string(), pin.to_string())],
                "{text}"
            );
        }
    }

    #[test]
    fn other_citations_and_prose_are_not_record_cites() {
        for text in [
            "11th Cir. R. 36-2 governs.",
            "See Fed. R. Civ. P. 12(b)(6).",
            "Order 3 was entered.",
            "It is No. 5 on the list.",
            "the answer at 5 pm",
        ] {
            assert_eq!(records(text), [], "{text}");
        }
    }
}
