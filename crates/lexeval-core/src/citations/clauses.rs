//! What around a citation is citation material and what is the sentence's own text: the name a statute is
//! cited by ("Title VII of the Civil Rights Act of 1964, 42 U.S.C. § 2000e-2"), and the words that follow
//! a citation opening a sentence ("Brown v. Board of Education, 347 U.S. 483 (1954), held that …").

/// Lower-case words of a name ("Americans with Disabilities Act", "Section 1 of the Sherman Act").
const NAME_CONNECTORS: [&str; 9] = ["of", "the", "and", "for", "with", "to", "on", "in", "&"];

/// Capitalised signals, which open a citation sentence before a statute's name ("See Americans with …").
const SIGNAL_WORDS: [&str; 7] = ["see", "cf", "accord", "but", "compare", "contra", "e.g"];

/// Byte offset in `before` of the name a statute is cited by, when `before` ends with it and a comma (Bluebook
/// R12.2.1: "Administrative Procedure Act, 5 U.S.C. § 706", "Lilly Ledbetter Fair Pay Act of 2009, Pub. L.
/// No. 111-2"). The name is capitalised words, the words joining them and numbers ("Title VII", "Act of
/// 1964", "Section 1"); it starts at a capitalised word.
pub fn statute_name_start(before: &str) -> Option<usize> {
    let mut start = None;
    for (word_start, word) in words_before_comma(before)? {
        let capitalised = word.chars().next().is_some_and(char::is_uppercase)
            && !SIGNAL_WORDS.contains(&word.trim_end_matches(['.', ',']).to_lowercase().as_str());
        let joins =
            NAME_CONNECTORS.contains(&word) || word.starts_with(|c: char| c.is_ascii_digit());
        // Punctuation at a word's end closes whatever came before the name ("See, e.g., Title VII").
        if !(capitalised || joins) || word.ends_with([',', ';', ':']) {
            break;
        }
        if capitalised {
            start = Some(word_start);
        }
    }
    start
}

/// The words before the comma that ends `before` (a name set off before its citation: "Kayes, ",
/// "Title VII of the Civil Rights Act of 1964, "), last first, each with its byte offset; None when
/// `before` does not end with a comma.
pub fn words_before_comma(before: &str) -> Option<impl Iterator<Item = (usize, &str)>> {
    let trimmed = before.trim_end().strip_suffix(',')?;
    let mut end = trimmed.trim_end().len();
    Some(std::iter::from_fn(move || {
        if end == 0 {
            return None;
        }
        // After the whitespace character, which may be wider than a byte (a no-break space).
        let word_start = trimmed[..end]
            .char_indices()
            .rfind(|(_, c)| c.is_whitespace())
            .map_or(0, |(i, c)| i + c.len_utf8());
        let word = &trimmed[word_start..end];
        end = trimmed[..word_start].trim_end().len();
        Some((word_start, word))
    }))
}

/// Lower-case words a citation sentence may hold between and after its citations: signals, subsequent
/// history (R10.7, also spelled out or in older forms: "affirmed per curiam", "affd.", "cert. den."), pins,
/// the connecting words of parallel and string cites and the small words of case names. Compared without a final period.
const CITATION_WORDS: [&str; 118] = [
    "see",
    "also",
    "generally",
    "e.g",
    "cf",
    "accord",
    "but",
    "compare",
    "with",
    "and",
    "contra",
    "aff'd",
    "aff’d",
    "aff'g",
    "aff’g",
    "affd",
    "affg",
    "affirmed",
    "affirming",
    "rev'd",
    "rev’d",
    "rev'g",
    "rev’g",
    "revd",
    "reversed",
    "reversing",
    "cert",
    "den",
    "denied",
    "granted",
    "dismissed",
    "dism",
    "vacated",
    "modified",
    "mod",
    "remanded",
    "withdrawn",
    "reh'g",
    "reh’g",
    "reh",
    "en",
    "banc",
    "appeal",
    "app",
    "sub",
    "nom",
    "on",
    "other",
    "grounds",
    "in",
    "part",
    "overruled",
    "abrogated",
    "superseded",
    "by",
    "statute",
    "as",
    "moot",
    "recognized",
    "stated",
    "amended",
    "codified",
    "at",
    "reprinted",
    "et",
    "al",
    "seq",
    "n",
    "nn",
    "note",
    "supra",
    "infra",
    "hereinafter",
    "per",
    "curiam",
    "mem",
    "table",
    "passim",
    "id",
    "v",
    "vs",
    "cl",
    "cmt",
    "cmts",
    "illus",
    "quoting",
    "citing",
    "available",
    "for",
    "same",
    "case",
    "slip",
    "op",
    "pet",
    "petition",
    "filed",
    "pending",
    "re",
    "of",
    "the",
    "ex",
    "rel",
    "certiorari",
    "opinion",
    "rehearing",
    "p",
    "pp",
    "vol",
    "ch",
    "sec",
    "no",
    "nos",
    "art",
    "dissenting",
    "concurring",
    "rev",
    "dismissing",
    "vacating",
];

/// Whether `gap`, text between citations or after the last, holds a word: anything with a letter outside
/// parentheses and brackets. `None` when it holds none (a pin, punctuation); otherwise whether one of them
/// is the sentence's own, a lower-case word no citation uses ("held", "applies"; not "aff'd", "cert.").
pub fn own_words(gap: &str) -> Option<bool> {
    let mut depth = 0usize;
    let mut outside = String::with_capacity(gap.len());
    for c in gap.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            _ if depth == 0 => outside.push(c),
            _ => {}
        }
    }
    let words: Vec<&str> = outside
        .split_whitespace()
        .map(|word| {
            word.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’')
                .trim_matches(['\'', '’'])
        })
        .filter(|word| word.chars().any(char::is_alphabetic))
        .collect();
    (!words.is_empty()).then(|| words.iter().any(|word| is_own_word(word)))
}

fn is_own_word(word: &str) -> bool {
    let lower = word.to_lowercase();
    // A footnote pin ("n.4", "nn.4-5") is one word with its number.
    let footnote = matches!(lower.split('.').next(), Some("n" | "nn"));
    // Any capital makes it a name ("ofSuter", glued by a lost space).
    word.chars().all(|c| !c.is_uppercase())
        && word.starts_with(char::is_lowercase)
        && !footnote
        // A word hyphenated across a line ("cer-tiorari") is compared whole.
        && !CITATION_WORDS.contains(&lower.replace('-', "").trim_end_matches('.'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::citations::tests::claim_pairs;

    fn pair(claim: &str, authorities: &[&str]) -> (String, Vec<String>) {
        (
            claim.to_string(),
            authorities.iter().map(|a| a.to_string()).collect(),
        )
    }

    #[test]
    fn a_statute_cited_by_its_name_supports_the_sentence_before() {
        let text = "Employers may not discriminate because of sex. Title VII of the Civil Rights Act of 1964, \
                    42 U.S.C. § 2000e-2(a)(1). Disability is defined broadly. See Americans with Disabilities \
                    Act of 1990, 42 U.S.C. § 12102(1). Agencies must explain a change in position. \
                    Administrative Procedure Act, 5 U.S.C. § 706(2)(A) (2018).";
        assert_eq!(
            claim_pairs(text),
            [
                pair(
                    "Employers may not discriminate because of sex.",
                    &["law:U.S.C.|42|2000e-2"]
                ),
                pair("Disability is defined broadly.", &["law:U.S.C.|42|12102"]),
                pair(
                    "Agencies must explain a change in position.",
                    &["law:U.S.C.|5|706"]
                ),
            ]
        );
    }

    #[test]
    fn a_citation_opening_a_sentence_as_its_subject_keeps_the_sentence() {
        let text = "Schools were segregated by law. Brown v. Board of Education, 347 U.S. 483, 495 (1954), \
                    held that separate schools are inherently unequal. Section 1 of the Sherman Act, 15 U.S.C. \
                    § 1, bars agreements in restraint of trade. A complaint needs plausible facts. Bell Atl. \
                    Corp. v. Twombly, 550 U.S. 544, 556 (2007). Twombly, 550 U.S. at 562-63, in turn retired \
                    the no-set-of-facts test.";
        assert_eq!(
            claim_pairs(text),
            [
                pair("Schools were segregated by law.", &[]),
                pair(
                    "Brown v. Board of Education held that separate schools are inherently unequal.",
                    &["case:347 U.S. 483"]
                ),
                pair(
                    "Section 1 of the Sherman Act bars agreements in restraint of trade.",
                    &["law:U.S.C.|15|1"]
                ),
                pair("A complaint needs plausible facts.", &["case:550 U.S. 544"]),
                pair(
                    "Twombly in turn retired the no-set-of-facts test.",
                    &["case:550 U.S. 544"]
                ),
            ]
        );
    }

    #[test]
    fn citation_sentences_with_history_parentheticals_and_string_cites_stay_citations() {
        let text = "Officers may be liable. Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir. 1995) \
                    (holding officers liable), aff'd in part, rev'd in part on other grounds, 60 F.3d 1 (9th \
                    Cir. 1996); Smith v. Jones, 100 F.3d 1, 5 n.4 (1st Cir. 1996), superseded by statute as \
                    stated in Doe v. Roe, 200 F.3d 2 (2d Cir. 2000).";
        let found = claim_pairs(text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, "Officers may be liable.");
        assert!(found[0].1.contains(&"case:51 F.3d 1449".to_string()));
    }

    #[test]
    fn a_session_law_is_one_authority_with_its_statutes_at_large_cite() {
        let text = "Congress overrode Ledbetter. Lilly Ledbetter Fair Pay Act of 2009, Pub. L. No. 111-2, § 3, \
                    123 Stat. 5, 5-6. The Act reaches each paycheck. Pub. L. No. 111-2, 123 Stat. 5. Later \
                    statutes cite it. See 123 Stat. 5.";
        assert_eq!(
            claim_pairs(text),
            [
                pair("Congress overrode Ledbetter.", &["law:Pub. L.|111-2|3"]),
                pair("The Act reaches each paycheck.", &["law:Pub. L.|111-2|"]),
                pair("Later statutes cite it.", &["law:Stat.|123|5"]),
            ]
        );
    }

    #[test]
    fn statute_names_before_their_citation() {
        for (before, name) in [
            (
                "Title VII of the Civil Rights Act of 1964, ",
                "Title VII of the Civil Rights Act of 1964",
            ),
            (
                "See Americans with Disabilities Act of 1990, ",
                "Americans with Disabilities Act of 1990",
            ),
            ("Courts apply the Sherman Act, ", "Sherman Act"),
            (
                "Section 1 of the Sherman Act, ",
                "Section 1 of the Sherman Act",
            ),
            ("See, e.g., Title VII, ", "Title VII"),
            (
                "Administrative Procedure Act, ",
                "Administrative Procedure Act",
            ),
        ] {
            let start = statute_name_start(before).unwrap_or_else(|| panic!("{before}"));
            assert_eq!(before[start..].trim_end().trim_end_matches(','), name);
        }
        for before in [
            "Congress acted in 1964, ",
            "As stated, ",
            "Under ",
            "a participant may sue for it, ",
        ] {
            assert_eq!(statute_name_start(before), None, "{before}");
        }
    }

    #[test]
    fn own_words_are_lower_case_words_no_citation_uses() {
        for gap in [
            ", held that separate schools are unequal.",
            " held",
            ", in which the Court",
        ] {
            assert_eq!(own_words(gap), Some(true), "{gap}");
        }
        for gap in [
            ", 495 (1954) (holding that schools were unequal); see also ",
            ", aff'd in part, rev'd in part on other grounds, ",
            ", cert. denied, ",
            " (1968), affd. per curiam ",
            ", 2 Cir., 1946, cer-tiorari denied, ",
            "; In re ",
            ", et al.; Matter ofSuter, ",
            " at 235 n.4; cf. ",
        ] {
            assert_eq!(own_words(gap), Some(false), "{gap}");
        }
        for gap in [
            ", 5-6 (codified as amended at ",
            ", 15 (2010) [hereinafter Miller]. ",
            ", ",
        ] {
            assert_eq!(own_words(gap), None, "{gap}");
        }
    }
}
