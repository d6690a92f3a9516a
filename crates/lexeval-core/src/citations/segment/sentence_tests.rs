//! Sentence boundaries on the abbreviation classes of the manuals' tables, and on real text nobody here wrote.

use crate::citations::split_sentences;

fn sentences(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    split_sentences(text)
        .iter()
        .map(|&(s, e)| chars[s..e].iter().collect())
        .collect()
}

#[test]
fn codes_case_names_and_constitutions_split_where_their_abbreviations_end() {
    let cases: [(&str, &[&str]); 7] = [
        (
            "Limitations run under Tex. Civ. Prac. & Rem. Code § 16.003. The court agreed.",
            &["Limitations run under Tex. Civ. Prac. & Rem. Code § 16.003.", "The court agreed."],
        ),
        (
            "Venue lies under Cal. Civ. Proc. Code § 395. It is proper.",
            &["Venue lies under Cal. Civ. Proc. Code § 395.", "It is proper."],
        ),
        (
            "Speech is protected. U.S. Const. amend. I. The Court has long held so.",
            &["Speech is protected.", "U.S. Const. amend. I.", "The Court has long held so."],
        ),
        (
            "Speech may not be compelled. 303 Creative LLC v. Elenis, 600 U.S. 570 (2023). That governs.",
            &[
                "Speech may not be compelled.",
                "303 Creative LLC v. Elenis, 600 U.S. 570 (2023).",
                "That governs.",
            ],
        ),
        (
            "The union sued. Int'l Bhd. of Elec. Workers & Local 134 v. NLRB, 123 F.3d 456 (7th Cir. 1997).",
            &["The union sued.", "Int'l Bhd. of Elec. Workers & Local 134 v. NLRB, 123 F.3d 456 (7th Cir. 1997)."],
        ),
        // A footnote mark glued to the sentence's end belongs to neither sentence.
        ("The employer is liable.3 The court so held.", &["The employer is liable.", "The court so held."]),
        (
            "See, e.g., Florida v. J.L., 529 U.S. 266 (2000); cf. Acme Corp. v. Doe Inc., No. 12-345 (Dep't of Labor).",
            &["See, e.g., Florida v. J.L., 529 U.S. 266 (2000); cf. Acme Corp. v. Doe Inc., No. 12-345 (Dep't of Labor)."],
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(sentences(text), expected, "{text}");
    }
}

/// Periods after an abbreviation in CLERC paragraphs (row of `gaze_gaps_generation_pairs.jsonl`, field, char
/// offset right after the period) where the splitter used to end a sentence: "Chap. 22", "Civ. Proc. §§",
/// "Remand Resp. 2-3", "Drs. Peckler", "Arts. 2199", "Dem. Cent.", "Carolina Env. Study", "Supp. Vol. VII".
const CLERC_ABBREVIATIONS: [(usize, &str, usize); 8] = [
    (70, "gold_text", 92),
    (859, "gold_text", 292),
    (681, "gold_text", 1827),
    (319, "generation", 496),
    (773, "gold_text", 125),
    (946, "gold_text", 221),
    (1351, "generation", 987),
    (1561, "generation", 2087),
];

#[test]
fn real_clerc_paragraphs_do_not_split_after_their_abbreviations() {
    let file = crate::test_support::shared_fixture("clerc/gaze_gaps_generation_pairs.jsonl");
    let rows: Vec<&str> = file.lines().collect();
    for (row, field, after_period) in CLERC_ABBREVIATIONS {
        let record: serde_json::Value = serde_json::from_str(rows[row]).expect("a JSON row");
        let text = record[field].as_str().expect("a text field");
        assert_eq!(
            text.chars().nth(after_period - 1),
            Some('.'),
            "row {row} {field}"
        );
        let ends: Vec<usize> = split_sentences(text).iter().map(|&(_, end)| end).collect();
        assert!(
            !ends.contains(&after_period),
            "row {row} {field}: a sentence ends at {after_period}"
        );
    }
}

#[test]
fn sentences_of_other_scripts_end_at_their_own_full_stops_and_at_a_period_before_an_uncased_letter()
{
    let cases: [(&str, &[&str]); 4] = [
        // Arabic: a Latin period, then a letter with no capital form.
        (
            "رفضت المحكمة الدعوى. استأنف المدعي الحكم.",
            &["رفضت المحكمة الدعوى.", "استأنف المدعي الحكم."],
        ),
        // Chinese: 。 with no space after it.
        (
            "法院驳回了起诉。原告提出上诉。",
            &["法院驳回了起诉。", "原告提出上诉。"],
        ),
        // Hindi: the danda.
        (
            "न्यायालय ने याचिका खारिज की। अपील दायर की गई।",
            &["न्यायालय ने याचिका खारिज की।", "अपील दायर की गई।"],
        ),
        // Urdu's full stop and the Arabic question mark.
        (
            "عدالت نے درخواست مسترد کر دی۔ کیا اپیل ممکن ہے؟ جی ہاں۔",
            &[
                "عدالت نے درخواست مسترد کر دی۔",
                "کیا اپیل ممکن ہے؟",
                "جی ہاں۔",
            ],
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(sentences(text), expected, "{text}");
    }
}
