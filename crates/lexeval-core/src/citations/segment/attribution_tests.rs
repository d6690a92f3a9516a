//! Claim attribution on the forms real text prints (CLERC paragraphs, eyecite's opinion): each test names
//! the class of form it covers, with an example of the kind the labelled paragraphs hold.

use crate::citations::claims;
use crate::citations::tests::claim_pairs;

fn pairs(text: &str) -> Vec<(String, Vec<String>)> {
    claim_pairs(text)
        .into_iter()
        .filter(|(_, authorities)| !authorities.is_empty())
        .collect()
}

/// The texts of the cited claims of `text`, in order.
fn cited_claim_texts(text: &str) -> Vec<String> {
    pairs(text).into_iter().map(|(claim, _)| claim).collect()
}

fn pair(claim: &str, authorities: &[&str]) -> (String, Vec<String>) {
    (
        claim.to_string(),
        authorities.iter().map(ToString::to_string).collect(),
    )
}

#[test]
fn hard_wrapped_names_and_cites_read_as_one_line() {
    let text = "We rejected a claim that the interests of a child justified it. See, e.g., Palmore v.\n    \
                Sidoti, 466 U. S.\n    429, 433 (1984); Rice v. Cayetano, 528 U. S. 495,\n517 (2000).";
    assert_eq!(
        pairs(text),
        [pair(
            "We rejected a claim that the interests of a child justified it.",
            &["case:466 U.S. 429", "case:528 U.S. 495"]
        )]
    );
}

#[test]
fn a_case_cited_inside_anothers_parenthesis_supports_the_same_claim() {
    let text = "A reasonable official would have known that the conduct violated that right (Collinson v. Gott, \
                895 F.2d 994, 998 (4th Cir.1990), citing Harlow v. Fitzgerald, 457 U.S. 800, 818 (1982)).";
    assert_eq!(
        pairs(text),
        [pair(
            "A reasonable official would have known that the conduct violated that right.",
            &["case:457 U.S. 800", "case:895 F.2d 994"]
        )]
    );
}

#[test]
fn a_statute_run_into_the_sentence_is_cut_from_its_claim() {
    let text = "Plaintiffs cannot establish a prima facie case under 29 U.S.C. § 215(a)(3). Under 42 U.S.C. \
                § 1983, a plaintiff must show a deprivation of a federal right. West v. Atkins, 487 U.S. 42, 48 \
                (1988).";
    assert_eq!(
        pairs(text),
        [
            pair(
                "Plaintiffs cannot establish a prima facie case under.",
                &["law:U.S.C.|29|215"]
            ),
            pair(
                "Under a plaintiff must show a deprivation of a federal right.",
                &["case:487 U.S. 42", "law:U.S.C.|42|1983"]
            ),
        ]
    );
    let claim = &claims(text)[0];
    let chars: Vec<char> = text.chars().collect();
    assert!(chars[claim.start..claim.end]
        .iter()
        .collect::<String>()
        .starts_with("Plaintiffs cannot"));
}

#[test]
fn one_party_and_bankruptcy_captions_open_citation_sentences() {
    let text = "The court bases its approval on its familiarity with the issues. In re Dun, 130 F.R.D. at 369. \
                Interest should be awarded absent a sound reason to deny it. See McHale v. Boulder Capital LLC \
                (In re 1031 Tax Group, LLC), 439 B.R. 84, 87 (Bankr. S.D.N.Y. 2010).";
    let found = pairs(text);
    let texts: Vec<&str> = found.iter().map(|(claim, _)| claim.as_str()).collect();
    assert_eq!(
        texts,
        [
            "The court bases its approval on its familiarity with the issues.",
            "Interest should be awarded absent a sound reason to deny it."
        ]
    );
    assert_eq!(found[1].1, ["case:439 B.R. 84"]);
}

#[test]
fn signals_with_commas_and_full_names_before_short_forms_open_citation_sentences() {
    let text = "Business acumen is relevant to reasonable diligence. Kohler v. Kohler, supra, 319 F.2d at \
                641-642. See, also, Rogen v. Ilikon Corp., 361 F.2d 260 (1st Cir. 1966).";
    let found = pairs(text);
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].0,
        "Business acumen is relevant to reasonable diligence."
    );
    assert_eq!(found[0].1.len(), 2);
}

#[test]
fn two_cites_in_one_reporter_are_two_cases_not_a_parallel_group() {
    let text = "The information was found misleading (919 F.2d 747, 750-51, 108 F.3d 810).";
    assert_eq!(
        pairs(text),
        [pair(
            "The information was found misleading.",
            &["case:108 F.3d 810", "case:919 F.2d 747"]
        )]
    );
}

#[test]
fn a_parenthesis_at_the_sentence_end_is_the_citation_clause() {
    let text = "Finality involves the resolution of discrete controversies (Reference case 532 F.3d 1134).";
    assert_eq!(
        pairs(text),
        [pair(
            "Finality involves the resolution of discrete controversies.",
            &["case:532 F.3d 1134"]
        )]
    );
}

#[test]
fn older_history_abbreviations_are_history_not_support() {
    let text = "An objector bears a heavy burden. Vukovich, 720 F.2d at 921 (citing Stotts v. Memphis Fire \
                Dep't, 679 F.2d 541, 551 (6th Cir.1982), rev. on other grounds, 467 U.S. 561 (1984)).";
    let found = pairs(text);
    assert_eq!(found.len(), 1);
    assert!(!found[0].1.iter().any(|key| key.contains("467 U.S.")));
}

#[test]
fn a_footnote_mark_after_a_citation_sentence_ends_it() {
    let text = "A plaintiff must exhaust remedies. See McCarthy v. Madigan, 503 U.S. 140, 144 (1992).4 Courts \
                then hold the rule firm. Smith v. Jones, 12 F.3d 34 (2d Cir. 1994).";
    assert_eq!(
        cited_claim_texts(text),
        [
            "A plaintiff must exhaust remedies.",
            "Courts then hold the rule firm."
        ]
    );
}

#[test]
fn a_cite_in_apposition_before_the_main_verb_leaves_the_whole_sentence_its_claim() {
    let text = "The statute, 28 U.S.C. § 1331, confers jurisdiction over federal questions. The pivotal case, \
                United States v. Wilson, 420 U.S. 332 (1975), makes clear that the government may appeal. \
                Officers may be liable, Kayes v. Pacific Lumber Co., 51 F.3d 1449 (9th Cir. 1995), but \
                directors are not.";
    assert_eq!(
        cited_claim_texts(text),
        [
            "The statute confers jurisdiction over federal questions.",
            "The pivotal case, United States v. Wilson makes clear that the government may appeal.",
            "Officers may be liable",
        ]
    );
}

#[test]
fn a_parenthesised_cite_between_the_sentences_own_words_runs_on() {
    let text = "The district court in *Cello* (347 F.3d 370) noted that sanctions require an utter lack of \
                support. Given that courts have broad discretion (196 F.3d 617), it is prudent to decline.";
    assert_eq!(
        cited_claim_texts(text),
        [
            "The district court in *Cello* noted that sanctions require an utter lack of support.",
            "Given that courts have broad discretion"
        ]
    );
}

#[test]
fn a_parallel_group_in_apposition_runs_on_to_the_main_verb() {
    let text = "The pivotal case, United States v. Wilson, 420 U.S. 332, 95 S.Ct. 1013 (1975), makes clear that \
                the Government may appeal.";
    let found = pairs(text);
    assert_eq!(
        found[0].0,
        "The pivotal case, United States v. Wilson makes clear that the Government may appeal."
    );
}

#[test]
fn a_heading_over_a_list_of_cites_is_no_claim() {
    let text = "The Federal Circuit should overturn the rule.\n\nReferences:\n1. 911 F.2d 654\n2. 962 F.2d 1013";
    assert!(pairs(text).iter().all(|(claim, _)| claim.is_empty()));
}

#[test]
fn a_short_form_printed_as_history_is_no_support() {
    let text = "California applies the same rule. People v. Diaz, 51 Cal. 4th 84, 90 (2011), abrogated by \
                Riley, 573 U.S. at 386.";
    assert_eq!(
        pairs(text),
        [pair(
            "California applies the same rule.",
            &["case:51 Cal. 4th 84"]
        )]
    );
}

#[test]
fn an_annotated_code_is_one_authority_with_or_without_ann() {
    let text =
        "The limitations period is two years. Tex. Civ. Prac. & Rem. Code Ann. § 16.003(a) (West \
                2019). It runs from accrual. Tex. Civ. Prac. & Rem. Code § 16.003(b).";
    let found = pairs(text);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].1, found[1].1);
    assert_eq!(found[0].1.len(), 1);
}
