//! eyecite's documented behaviours, reporters-db's examples, and where lexeval deliberately differs.

use super::{claims, extract, split_sentences, Citation, CitationKind};
use crate::authority_key::AuthorityKey;
use crate::test_support::case_citation;

/// Every claim of `text` with its authorities, uncited ones included.
pub(super) fn claim_pairs(text: &str) -> Vec<(String, Vec<String>)> {
    claims(text)
        .into_iter()
        .map(|c| {
            (
                c.text,
                c.authorities.iter().map(ToString::to_string).collect(),
            )
        })
        .collect()
}

fn only(text: &str, kind: CitationKind) -> Vec<Citation> {
    extract(text)
        .into_iter()
        .filter(|c| c.kind == kind)
        .collect()
}

#[test]
fn full_case_citation_with_metadata() {
    let text = "See Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir. 1995) (holding officers liable).";
    let [c] = only(text, CitationKind::FullCase).try_into().unwrap();
    assert_eq!(
        c,
        Citation {
            start: 33,
            end: 45,
            pin_cite: Some("1459".into()),
            year: Some(1995),
            court: Some("ca9".into()),
            court_text: Some("9th Cir.".into()),
            parenthetical: Some("holding officers liable".into()),
            plaintiff: Some("Kayes".into()),
            defendant: Some("Pacific Lumber Co.".into()),
            ..case_citation("51", "F.3d", "1449")
        }
    );
    assert_eq!(c.authority, "case:51 F.3d 1449");
}

#[test]
fn court_and_year_survive_a_missing_space_unlike_eyecite() {
    let [c] = only(
        "Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir.1995)",
        CitationKind::FullCase,
    )
    .try_into()
    .unwrap();
    assert_eq!((c.year, c.court.as_deref()), (Some(1995), Some("ca9")));
}

#[test]
fn supreme_court_reporters_name_the_court() {
    let cites =
        extract("Roe v. Wade, 410 U.S. 113, 93 S. Ct. 705 (1973). Later: 410 U.S., at 150.");
    let courts: Vec<Option<&str>> = cites.iter().map(|c| c.court.as_deref()).collect();
    assert_eq!(courts, [Some("scotus"); 3]);
}

#[test]
fn short_cite_pins_keep_their_range() {
    let cites = extract(
        "Kayes v. Pacific Lumber Co., 51 F.3d 1449 (9th Cir. 1995). See 51 F.3d at 1460-62.",
    );
    assert_eq!(cites[1].page.as_deref(), Some("1460"));
    assert_eq!(cites[1].pin_cite.as_deref(), Some("1460-62"));
}

#[test]
fn california_style_names_and_blank_parallel_cites() {
    let cites = extract(
        "See Viking River Cruises v. Moriana (2022) __ U.S. __ [213 L.Ed.2d 179]; \
         Hurst v. Florida, — U.S. —, 136 S.Ct. 616 (2016); In re Marriage of Bonds (2000) 24 Cal.4th 1.",
    );
    let names: Vec<(Option<&str>, Option<&str>, Option<u32>)> = cites
        .iter()
        .map(|c| (c.plaintiff.as_deref(), c.defendant.as_deref(), c.year))
        .collect();
    assert_eq!(
        names,
        [
            (Some("Viking River Cruises"), Some("Moriana"), Some(2022)),
            (Some("Hurst"), Some("Florida"), Some(2016)),
            (None, Some("Marriage of Bonds"), Some(2000)),
        ]
    );
}

#[test]
fn short_cites_follow_the_case_they_name() {
    // Gratz and Grutter were both decided in volume 539 of U.S.; the short cite names Grutter.
    let text =
        "Grutter v. Bollinger, 539 U.S. 306 (2003). Gratz v. Bollinger, 539 U.S. 244 (2003). \
                Grutter, 539 U.S., at 330. Id., at 334. Smith, 539 U.S., at 250.";
    let cites = extract(text);
    assert_eq!(cites[2].authority, "case:539 U.S. 306");
    assert_eq!(cites[3].authority, "case:539 U.S. 306");
    // No earlier case is named Smith: never the latest cite of the volume instead.
    assert_eq!(
        (cites[4].antecedent, cites[4].authority.as_str()),
        (None, "short:539 U.S. Smith")
    );
}

#[test]
fn blank_pages_never_unify_two_cases() {
    let cites =
        extract("Foo v. Bar, 1 U.S. ____ (2024). Baz v. Qux, 1 U.S. ____ (2024). Id. at 100.");
    assert_ne!(cites[0].authority, cites[1].authority);
    assert_eq!(
        (cites[2].antecedent, cites[2].authority.as_str()),
        (None, "unresolved:id")
    );
}

#[test]
fn consecutive_ids_and_implausible_id_pins() {
    let text = "Foo v. Bar, 1 U.S. 100 (1990). Id. Id. at 102. Id. at 500.";
    let kinds: Vec<(CitationKind, Option<usize>)> = extract(text)
        .iter()
        .map(|c| (c.kind, c.antecedent))
        .collect();
    assert_eq!(
        kinds,
        [
            (CitationKind::FullCase, None),
            (CitationKind::Id, Some(0)),
            (CitationKind::Id, Some(0)),
            (CitationKind::Id, None),
        ]
    );
}

#[test]
fn an_id_pin_may_name_a_page_of_any_reporter_of_the_parallel_group() {
    let text =
        "Nor is there a presumption of prudence. Fifth Third Bancorp v. Dudenhoeffer, 573 U.S. \
                409, 418-19, 134 S. Ct. 2459, 189 L. Ed. 2d 457 (2014). Id. at 419. Id. at 2467.";
    let ids: Vec<AuthorityKey> = only(text, CitationKind::Id)
        .into_iter()
        .map(|c| c.authority)
        .collect();
    assert_eq!(ids, ["case:573 U.S. 409", "case:573 U.S. 409"]);
}

#[test]
fn references_by_name_and_pin() {
    let text = "we said in Morton v. Mancari, 417 U. S. 535, 552 (1974). In Mancari at 665, and \
                Angelopoulos v. Keystone, 2015 WL 2375225. Angelopoulos p. *4;";
    let references: Vec<(String, Option<String>, String)> = only(text, CitationKind::Reference)
        .into_iter()
        .map(|c| (c.matched_text, c.pin_cite, c.authority.to_string()))
        .collect();
    assert_eq!(
        references,
        [
            (
                "Mancari at 665".into(),
                Some("665".into()),
                "case:417 U.S. 535".into()
            ),
            (
                "Angelopoulos p. *4".into(),
                Some("p. *4".into()),
                "case:2015 WL 2375225".into()
            ),
        ]
    );
}

#[test]
fn glued_paragraph_marker_still_finds_the_citation_unlike_eyecite() {
    let text = "defines a fiduciary as a person who exercises control. P51 F.3d 1449, 1459 (9th Cir.1995).";
    let [c] = only(text, CitationKind::FullCase).try_into().unwrap();
    assert_eq!(
        (c.matched_text.as_str(), c.authority.as_str()),
        ("51 F.3d 1449", "case:51 F.3d 1449")
    );
}

#[test]
fn reporter_variants_are_canonicalised() {
    for (text, canonical) in [
        ("Smith v. Jones, 100 S.Ct. 200 (1980).", "S. Ct."),
        ("Doe v. Roe, 5 N. Y. S. 2d 12 (1950).", "N.Y.S.2d"),
    ] {
        let [c] = only(text, CitationKind::FullCase).try_into().unwrap();
        assert_eq!(c.reporter.as_deref(), Some(canonical));
    }
}

#[test]
fn parallel_citations_share_one_authority_and_the_year() {
    let text =
        "Roe v. Wade, 410 U.S. 113, 93 S. Ct. 705, 35 L. Ed. 2d 147 (1973). Later: 93 S.Ct. 705.";
    let cites = only(text, CitationKind::FullCase);
    assert_eq!(cites.len(), 4);
    assert!(
        cites.iter().all(|c| c.authority == "case:410 U.S. 113"),
        "{cites:?}"
    );
    assert!(cites[..3].iter().all(|c| c.year == Some(1973)));
}

#[test]
fn short_id_supra_and_reference_resolve_to_the_full_citation() {
    let text =
        "Kayes v. Pacific Lumber Co., 51 F.3d 1449 (9th Cir. 1995). In Kayes, the court held so. \
                Id. at 1461. See Kayes, supra, at 1460. Compare 51 F.3d at 1462.";
    let cites = extract(text);
    let kinds: Vec<CitationKind> = cites.iter().map(|c| c.kind).collect();
    use CitationKind::*;
    assert_eq!(kinds, [FullCase, Reference, Id, Supra, ShortCase]);
    assert!(
        cites.iter().all(|c| c.authority == "case:51 F.3d 1449"),
        "{cites:?}"
    );
    assert_eq!(
        cites[1..].iter().map(|c| c.antecedent).collect::<Vec<_>>(),
        [Some(0), Some(0), Some(0), Some(0)]
    );
    assert_eq!(cites[2].pin_cite.as_deref(), Some("1461"));
}

#[test]
fn statutes_are_keyed_by_title_code_and_section() {
    let text = "Under 29 U.S.C. § 1132(g)(2), fees follow; see also 29 U.S.C. §§ 1132(a), and 42 U.S.C. § 1983.";
    let laws = only(text, CitationKind::FullLaw);
    assert_eq!(laws.len(), 3, "{laws:?}");
    assert_eq!(laws[0].authority, "law:U.S.C.|29|1132");
    assert_eq!(laws[0].pin_cite.as_deref(), Some("(g)(2)"));
    assert_eq!(laws[1].authority, laws[0].authority);
    assert_eq!(laws[2].authority, "law:U.S.C.|42|1983");
}

#[test]
fn bare_section_and_journal_citations() {
    let cites = extract("Liability under § 1983 is broad. See 93 Harv. L. Rev. 1, 5 (1979).");
    let kinds: Vec<CitationKind> = cites.iter().map(|c| c.kind).collect();
    assert_eq!(kinds, [CitationKind::UnknownSection, CitationKind::Journal]);
    assert_eq!(cites[0].authority, "section:§ 1983");
    // A section ending a sentence is the same section, and the sentence ends there.
    let text = "Liability arises under § 1983. The officers are liable.";
    assert_eq!(extract(text)[0].authority, "section:§ 1983");
    assert_eq!(
        sentences(text),
        ["Liability arises under § 1983.", "The officers are liable."]
    );
    assert_eq!(
        (cites[1].year, cites[1].pin_cite.as_deref()),
        (Some(1979), Some("5"))
    );
}

#[test]
fn offsets_count_characters_not_bytes() {
    let text = "Ça s’applique — voir Smith v. Jones, 12 F.3d 34 (2d Cir. 1994).";
    let [c] = only(text, CitationKind::FullCase).try_into().unwrap();
    let chars: Vec<char> = text.chars().collect();
    assert_eq!(
        chars[c.start..c.end].iter().collect::<String>(),
        "12 F.3d 34"
    );
}

#[test]
fn every_reporters_db_example_is_found() {
    let files = [
        include_str!("../../data/reporters-db/reporters.json"),
        include_str!("../../data/reporters-db/laws.json"),
        include_str!("../../data/reporters-db/journals.json"),
    ];
    let mut missing = Vec::new();
    let mut total = 0;
    let parsed: Vec<serde_json::Value> = files
        .iter()
        .map(|f| serde_json::from_str(f).unwrap())
        .collect();
    for entries in parsed
        .iter()
        .flat_map(|raw| raw.as_object().unwrap().values())
    {
        for entry in entries.as_array().unwrap() {
            for example in entry["examples"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|e| e.as_str())
            {
                total += 1;
                if extract(&format!("See {example}.")).is_empty() {
                    missing.push(example.to_string());
                }
            }
        }
    }
    assert!(total > 800, "{total}");
    assert!(
        missing.is_empty(),
        "{} of {total} examples not found: {:?}",
        missing.len(),
        &missing[..missing.len().min(20)]
    );
}

/// The sentences of `text` as strings.
pub(super) fn sentences(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    split_sentences(text)
        .iter()
        .map(|&(s, e)| chars[s..e].iter().collect())
        .collect()
}

#[test]
fn sentences_do_not_split_inside_citations_or_after_abbreviations() {
    let text = "Divers is liable. See Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir.1995). \
                Id. at 1461. The U.S. Supreme Court agreed. Roe v. Wade, 410 U.S. 113, 93 S. Ct. 705 (1973).";
    assert_eq!(
        sentences(text),
        [
            "Divers is liable.",
            "See Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir.1995).",
            "Id. at 1461.",
            "The U.S. Supreme Court agreed.",
            "Roe v. Wade, 410 U.S. 113, 93 S. Ct. 705 (1973).",
        ]
    );
}

#[test]
fn a_footnote_rule_and_a_single_quote_open_a_new_sentence() {
    let text = "Many may resort to camouflage. Gratz, 539 U. S., at 304 (GINSBURG, J., dissenting).\n\
                ——————\n    2 The notion that the law is race neutral calls to mind a famous statement. \
                State of New York v. United States, 342 U.S. 882, 884 (1951) (dissenting opinion). \
                ‘Congress did not transfer its legislative power.’ Id.";
    assert_eq!(
        sentences(text),
        [
            "Many may resort to camouflage.",
            "Gratz, 539 U. S., at 304 (GINSBURG, J., dissenting).",
            "2 The notion that the law is race neutral calls to mind a famous statement.",
            "State of New York v. United States, 342 U.S. 882, 884 (1951) (dissenting opinion).",
            "‘Congress did not transfer its legislative power.’",
            "Id.",
        ]
    );
}

#[test]
fn sentences_end_after_short_words_that_are_not_abbreviations() {
    let text = "The claim arises under the Clean Water Act. The EU. Brown v. Bd. of Educ. Topeka held it. \
                Suit was filed in Pa. Court. It is the Law. Mfg. Co. appealed.";
    assert_eq!(
        sentences(text),
        [
            "The claim arises under the Clean Water Act.",
            "The EU.",
            "Brown v. Bd. of Educ. Topeka held it.",
            "Suit was filed in Pa. Court.",
            "It is the Law.",
            "Mfg. Co. appealed.",
        ]
    );
}

#[test]
fn list_items_are_sentences_without_their_markers() {
    let text = "- The court held the officer liable\n  * It reversed the judgment\n1. Remanded for damages\n\
                2) Costs to the appellant.\n(a) Fees denied\nb) Interest awarded\nThe rule in\n2d Cir. stands\n\
                - \n-not a marker";
    assert_eq!(
        sentences(text),
        [
            "The court held the officer liable",
            "It reversed the judgment",
            "Remanded for damages",
            "Costs to the appellant.",
            "Fees denied",
            "Interest awarded\nThe rule in\n2d Cir. stands",
            "-not a marker",
        ]
    );
}

#[test]
fn citation_sentences_support_the_previous_claim_and_string_cites_share_it() {
    let text = "Divers' status as a corporate officer does not exempt him from liability. See Kayes v. Pacific \
                Lumber Co., 51 F.3d 1449, 1459 (9th Cir.1995); Smith v. Jones, 12 F.3d 34 (2d Cir. 1994).";
    let pairs = claims(text);
    assert_eq!(pairs.len(), 1);
    assert_eq!(
        pairs[0].text,
        "Divers' status as a corporate officer does not exempt him from liability."
    );
    assert_eq!(
        pairs[0].authorities,
        ["case:12 F.3d 34", "case:51 F.3d 1449"]
    );
    let chars: Vec<char> = text.chars().collect();
    assert_eq!(
        chars[pairs[0].start..pairs[0].end]
            .iter()
            .collect::<String>(),
        pairs[0].text
    );
}

#[test]
fn embedded_citations_support_the_clause_before_them() {
    let text = "Officers may be liable, Kayes v. Pacific Lumber Co., 51 F.3d 1449 (9th Cir. 1995), but directors \
                are not, Smith v. Jones, 12 F.3d 34 (2d Cir. 1994).";
    let pairs = claims(text);
    let texts: Vec<&str> = pairs.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(texts, ["Officers may be liable", "but directors are not"]);
    assert_eq!(pairs[0].authorities, ["case:51 F.3d 1449"]);
    assert_eq!(pairs[1].authorities, ["case:12 F.3d 34"]);
}

#[test]
fn hostile_input_does_not_panic() {
    for text in [
        "",
        "§",
        "Id.",
        "supra",
        "v.",
        "(((",
        "P1 ",
        "1 U.S. 1 (",
        "İstanbul K. v. Ş, 1 F.3d 1.",
        "\u{0}\u{FEFF}",
    ] {
        let _ = extract(text);
        let _ = claims(text);
    }
    let long = "See Kayes v. Pacific Lumber Co., 51 F.3d 1449 (9th Cir. 1995). ".repeat(2000);
    assert_eq!(claims(&long).len(), 1);
}

#[test]
fn an_embedded_parallel_cite_leaves_no_reporter_in_the_next_clause() {
    let text = "A court may imply a promise to use reasonable efforts, Wood v. Lucy, Lady Duff-Gordon, 222 N.Y. \
                88, 118 N.E. 214 (1917), and directors are not liable, Smith v. Jones, 12 F.3d 34 (2d Cir. 1994).";
    let texts: Vec<String> = claims(text).into_iter().map(|c| c.text).collect();
    assert_eq!(
        texts,
        [
            "A court may imply a promise to use reasonable efforts",
            "and directors are not liable"
        ]
    );
}

#[test]
fn a_case_name_after_a_one_letter_label_starts_a_citation_sentence() {
    let text =
        "The Plan grants discretion in Appendix C. Firestone Tire & Rubber Co. v. Bruch, 489 U.S. \
                101, 115 (1989).";
    let found = claims(text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].text, "The Plan grants discretion in Appendix C.");
    assert_eq!(found[0].authorities, ["case:489 U.S. 101"]);
}

#[test]
fn a_bare_id_after_an_unresolved_short_form_repeats_it_and_ends_its_sentence() {
    let text = "Contacts must be purposeful. Burger King, 471 U.S. at 475. The defendant must create them. \
                Id. The franchise here is such a connection.";
    let found = claims(text);
    let texts: Vec<&str> = found.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "Contacts must be purposeful.",
            "The defendant must create them.",
            "The franchise here is such a connection."
        ]
    );
    assert_eq!(found[0].authorities, ["short:471 U.S. King"]);
    assert_eq!(found[1].authorities, found[0].authorities);
    assert!(found[2].authorities.is_empty());
}

#[test]
fn statute_short_forms_take_the_latest_code_and_name_their_own_section() {
    let text = "Discrimination is unlawful. 42 U.S.C. § 2000e-2(a)(1). Retaliation is too. § 2000e-3(a). \
                Prudence is required. 29 U.S.C. § 1104(a)(1)(B). So is loyalty. Id. § 1104(a)(1)(A).";
    let keys: Vec<AuthorityKey> = claims(text)
        .into_iter()
        .flat_map(|c| c.authorities)
        .collect();
    assert_eq!(
        keys,
        [
            "law:U.S.C.|42|2000e-2",
            "law:U.S.C.|42|2000e-3",
            "law:U.S.C.|29|1104",
            "law:U.S.C.|29|1104"
        ]
    );
}

#[test]
fn an_embedded_statute_supports_its_clause_one_run_into_the_sentence_supports_all_of_it() {
    let text = "Recovery inures to the plan, Mass. Mut. Life Ins. Co. v. Russell, 473 U.S. 134, 140 (1985), \
                and a participant may sue for it, 29 U.S.C. § 1132(a)(2). Under 29 U.S.C. § 1132(a)(3), a \
                participant may seek equitable relief. Mertens v. Hewitt Assocs., 508 U.S. 248, 256 (1993).";
    let found = claim_pairs(text);
    assert_eq!(
        found,
        [
            (
                "Recovery inures to the plan".to_string(),
                vec!["case:473 U.S. 134".to_string()]
            ),
            (
                "and a participant may sue for it".to_string(),
                vec!["law:U.S.C.|29|1132".to_string()]
            ),
            (
                // The sentence's claim, without the cite (tests/briefs/README.md, real text).
                "Under a participant may seek equitable relief.".to_string(),
                vec![
                    "case:508 U.S. 248".to_string(),
                    "law:U.S.C.|29|1132".to_string()
                ]
            ),
        ]
    );
}

#[test]
fn a_footnote_pin_and_parenthetical_belong_to_the_embedded_citation() {
    let text = "Officers may order the driver out, Pennsylvania v. Mimms, 434 U.S. 106, 111 n.6 (1977) (per \
                curiam), and they may order passengers out as well, Maryland v. Wilson, 519 U.S. 408, 415 (1997).";
    let texts: Vec<String> = claims(text).into_iter().map(|c| c.text).collect();
    assert_eq!(
        texts,
        [
            "Officers may order the driver out",
            "and they may order passengers out as well"
        ]
    );
}

#[test]
fn a_one_letter_label_ends_a_sentence_an_initial_does_not() {
    assert_eq!(
        sentences("Defendant attaches the agreement as Exhibit A. A court may consider it."),
        [
            "Defendant attaches the agreement as Exhibit A.",
            "A court may consider it."
        ]
    );
    assert_eq!(
        sentences(
            "The amendment applies only to Plan B. Participants in Plan A keep their rights."
        ),
        [
            "The amendment applies only to Plan B.",
            "Participants in Plan A keep their rights."
        ]
    );
    // An initial before a surname, or inside a case name, never ends one.
    assert_eq!(
        sentences("As Judge Learned B. Hand wrote, the rule is settled. Florida v. J.L. agrees."),
        [
            "As Judge Learned B. Hand wrote, the rule is settled.",
            "Florida v. J.L. agrees."
        ]
    );
}

#[test]
fn id_repeats_the_main_citation_not_the_one_its_parenthetical_quotes() {
    let text = "A plaintiff must show a federal right. Gonzaga Univ. v. Doe, 536 U.S. 273, 283 (2002) \
                (quoting Blessing v. Freestone, 520 U.S. 329, 340 (1997)). Section 1983 creates none. Id. at \
                285. The remedy is narrow. Alexander v. Sandoval, 532 U.S. 275, 286 (2001) (citing Touche Ross \
                & Co. v. Redington, 442 U.S. 560, 578 (1979) (quoting Cort v. Ash, 422 U.S. 66, 78 (1975))). \
                Courts may not create one. Id. at 287. The parenthetical's case stands alone later (see \
                Cort v. Ash, 422 U.S. 66 (1975)). Id. at 80.";
    let cites = extract(text);
    let authority = |matched: &str| -> Vec<&str> {
        cites
            .iter()
            .filter(|c| c.matched_text.starts_with(matched))
            .map(|c| c.authority.as_str())
            .collect()
    };
    let ids = authority("Id.");
    assert_eq!(
        ids,
        ["case:536 U.S. 273", "case:532 U.S. 275", "case:422 U.S. 66"],
        "{cites:#?}"
    );
    // The quoted cases are still citations of their own.
    assert_eq!(authority("520 U.S. 329"), ["case:520 U.S. 329"]);
}

#[test]
fn a_short_case_name_after_a_no_break_space_is_read_whole() {
    // Text pasted from a word processor keeps its no-break spaces (two bytes in UTF-8).
    let text = "Venue follows the contract. Burger King Corp. v. Rudzewicz, 471 U.S. 462, 472 (1985). \
                Jurisdiction needs purposeful availment. Then\u{a0}Burger\u{a0}King, 471 U.S. at 475.";
    let claims = claims(text);
    assert_eq!(claims.len(), 2, "{claims:#?}");
    assert_eq!(claims[1].authorities, ["case:471 U.S. 462"]);
}

#[test]
fn an_embedded_case_that_is_the_sentences_subject_supports_the_whole_sentence() {
    let text = "The Court in Brown v. Board of Education, 347 U.S. 483, 495 (1954), held that separate \
                educational facilities are inherently unequal. Deferential review under Firestone Tire & \
                Rubber Co. v. Bruch, 489 U.S. 101, 115, 109 S. Ct. 948 (1989), applies to benefit decisions. \
                Courts have applied Celotex Corp. v. Catrett, 477 U.S. 317 (1986), and Anderson v. Liberty \
                Lobby, Inc., 477 U.S. 242 (1986), to ERISA claims. Courts apply strict scrutiny, Adarand \
                Constructors, Inc. v. Pena, 515 U.S. 200, 227 (1995), and require narrow tailoring, \
                Grutter v. Bollinger, 539 U.S. 306, 333 (2003).";
    let claims = claims(text);
    let read: Vec<(&str, Vec<&str>)> = claims
        .iter()
        .map(|c| {
            (
                c.text.as_str(),
                c.authorities.iter().map(AuthorityKey::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(
        read,
        [
            (
                "The Court in Brown v. Board of Education held that separate educational facilities are \
                 inherently unequal.",
                vec!["case:347 U.S. 483"]
            ),
            (
                "Deferential review under Firestone Tire & Rubber Co. v. Bruch applies to benefit decisions.",
                vec!["case:489 U.S. 101"]
            ),
            (
                "Courts have applied Celotex Corp. v. Catrett and Anderson v. Liberty Lobby, Inc. to ERISA \
                 claims.",
                vec!["case:477 U.S. 242", "case:477 U.S. 317"]
            ),
            // A case set off by a comma is a citation clause: each clause keeps its own.
            ("Courts apply strict scrutiny", vec!["case:515 U.S. 200"]),
            ("and require narrow tailoring", vec!["case:539 U.S. 306"]),
        ]
    );
    // The name's own text is kept: the claim's span covers the whole sentence.
    assert_eq!(claims[0].start, 0);
}

#[test]
fn constitutions_are_law_citations_whose_abbreviations_split_no_claim() {
    let text = "The Equal Protection Clause forbids intentional discrimination. U.S. Const. amend. XIV, § 1; \
                Washington v. Davis, 426 U.S. 229, 239 (1976). Congress may regulate commerce among the states. \
                U.S. Const. art. I, § 8, cl. 3. California protects privacy, Cal. Const. art. I, § 1, and so \
                does West Virginia. See W. Va. Const. art. III, § 6. Its legislature may enforce it. Id. § 5.";
    let laws: Vec<(String, String)> = only(text, CitationKind::FullLaw)
        .into_iter()
        .map(|c| (c.matched_text, c.authority.to_string()))
        .collect();
    assert_eq!(
        laws,
        [
            (
                "U.S. Const. amend. XIV, § 1".to_string(),
                "law:U.S. Const.|amend. XIV|1".to_string()
            ),
            (
                "U.S. Const. art. I, § 8, cl. 3".to_string(),
                "law:U.S. Const.|art. I|8".to_string()
            ),
            (
                "Cal. Const. art. I, § 1".to_string(),
                "law:Cal. Const.|art. I|1".to_string()
            ),
            (
                "W. Va. Const. art. III, § 6".to_string(),
                "law:W. Va. Const.|art. III|6".to_string()
            ),
        ]
    );
    let pairs = claim_pairs(text);
    assert_eq!(
        pairs,
        [
            (
                "The Equal Protection Clause forbids intentional discrimination.".to_string(),
                vec![
                    "case:426 U.S. 229".to_string(),
                    "law:U.S. Const.|amend. XIV|1".to_string()
                ]
            ),
            (
                "Congress may regulate commerce among the states.".to_string(),
                vec!["law:U.S. Const.|art. I|8".to_string()]
            ),
            (
                "California protects privacy".to_string(),
                vec!["law:Cal. Const.|art. I|1".to_string()]
            ),
            (
                "and so does West Virginia.".to_string(),
                vec!["law:W. Va. Const.|art. III|6".to_string()]
            ),
            // Id. § 5 is another section of the article Id. repeats.
            (
                "Its legislature may enforce it.".to_string(),
                vec!["law:W. Va. Const.|art. III|5".to_string()]
            ),
        ]
    );
}

#[test]
fn a_cases_history_is_an_authority_of_its_own_that_supports_no_claim() {
    // Bluebook R10.7's examples: the claim rests on the cited case; the later decision (affirmance,
    // certiorari, overruling) is another authority, which a later cite may name on its own.
    let text = "A complaint must state a plausible claim. Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009), aff'd in \
                part, rev'd in part on other grounds, 600 F.3d 1 (2d Cir. 2010). The rule is the same in state \
                court. Smith v. Jones, 123 Cal. App. 4th 456, 460 (2004), cert. denied, 546 U.S. 1001 (2005). \
                Separate facilities were once held equal. Plessy v. Ferguson, 163 U.S. 537 (1896), overruled by \
                Brown v. Bd. of Educ., 347 U.S. 483 (1954). Later decisions of the appeal follow it. 600 F.3d at 5. \
                The lower court agreed. Id. at 7.";
    let pairs = claim_pairs(text);
    let pair = |claim: &str, key: &str| (claim.to_string(), vec![key.to_string()]);
    assert_eq!(
        pairs,
        [
            pair(
                "A complaint must state a plausible claim.",
                "case:556 U.S. 662"
            ),
            pair(
                "The rule is the same in state court.",
                "case:123 Cal. App. 4th 456"
            ),
            pair(
                "Separate facilities were once held equal.",
                "case:163 U.S. 537"
            ),
            pair(
                "Later decisions of the appeal follow it.",
                "case:600 F.3d 1"
            ),
            pair("The lower court agreed.", "case:600 F.3d 1"),
        ]
    );
    let cites = extract(text);
    let history: Vec<(&str, super::CitationRole)> = cites
        .iter()
        .filter(|c| c.kind == CitationKind::FullCase)
        .map(|c| (c.matched_text.as_str(), c.role))
        .collect();
    use super::CitationRole::{Authority, History};
    assert_eq!(
        history,
        [
            ("556 U.S. 662", Authority),
            ("600 F.3d 1", History),
            ("123 Cal. App. 4th 456", Authority),
            ("546 U.S. 1001", History),
            ("163 U.S. 537", Authority),
            ("347 U.S. 483", History),
        ]
    );
    // An Id. right after a cite with history repeats the cited case, not its history.
    let cites = extract(
        "Courts agree. Foo v. Bar, 100 F.3d 1, 3 (2d Cir. 1996), rev'g 900 F. Supp. 5 (S.D.N.Y. 1995). So \
         does the panel. Id. at 4.",
    );
    assert_eq!(
        (cites[1].authority.as_str(), cites[2].authority.as_str()),
        ("case:900 F. Supp. 5", "case:100 F.3d 1")
    );
}

#[test]
fn id_after_westlaw_lexis_and_public_domain_cites_takes_their_star_pages_and_paragraphs() {
    for (text, key) in [
        (
            "The duty is continuing. Smith v. Jones, No. 18-cv-1234, 2019 WL 1234567, at *3 (S.D.N.Y. Mar. \
             1, 2019). It also binds successors. Id. at *8.",
            "case:2019 WL 1234567",
        ),
        (
            "The duty is continuing. Smith v. Jones, 2019 U.S. Dist. LEXIS 12345, at *3 (S.D.N.Y. Mar. 1, \
             2019). It also binds successors. Id. at *8.",
            "case:2019 U.S. Dist. LEXIS 12345",
        ),
        (
            "The statute is remedial. People v. Doe, 2019 IL 123456, ¶ 20. It is construed liberally. Id. \
             ¶ 32.",
            "case:2019 IL 123456",
        ),
        (
            "The duty is continuing. Smith v. Jones, 2019 WL 1234567 (S.D.N.Y. Mar. 1, 2019). It also binds \
             successors. Id. at *8.",
            "case:2019 WL 1234567",
        ),
    ] {
        let cites = extract(text);
        assert_eq!(
            (cites[1].antecedent, cites[1].authority.as_str()),
            (Some(0), key),
            "{text}"
        );
    }
    // A star page or paragraph is still no page of a printed reporter.
    let cites = extract("Foo v. Bar, 1 U.S. 100 (1990). Id. at *8. Id. ¶ 3.");
    assert_eq!((cites[1].antecedent, cites[2].antecedent), (None, None));
}

#[test]
fn record_citations_and_their_id_support_no_claim_and_stay_out_of_its_text() {
    let text = "The plan was amended in 2019. (Compl. ¶ 44.) The amendment was never disclosed. Id. ¶ 45. \
                The court denied the motion. ECF No. 45 at 3. Plaintiff testified to the meeting. Tr. \
                112:4–9. The board approved it. See J.A. 56; Pet. App. 12a. Fiduciaries must disclose \
                material changes. Varity Corp. v. Howe, 516 U.S. 489, 506 (1996); R. 15.";
    let pairs = claim_pairs(text);
    let pair = |claim: &str, keys: &[&str]| {
        (
            claim.to_string(),
            keys.iter().map(|k| k.to_string()).collect::<Vec<_>>(),
        )
    };
    assert_eq!(
        pairs,
        [
            pair("The plan was amended in 2019.", &[]),
            pair("The amendment was never disclosed.", &[]),
            pair("The court denied the motion.", &[]),
            pair("Plaintiff testified to the meeting.", &[]),
            pair("The board approved it.", &[]),
            pair(
                "Fiduciaries must disclose material changes.",
                &["case:516 U.S. 489"]
            ),
        ]
    );
    let roles: Vec<super::CitationRole> = extract(text).iter().map(|c| c.role).collect();
    assert_eq!(roles.iter().filter(|r| !r.names_a_source()).count(), 7);
}

#[test]
fn a_citation_sentence_after_a_one_letter_label_is_no_claim_of_its_own() {
    // The regression of issue 32: the case name runs back over "Plan B." but the sentence has no verb
    // after its cite, so it cites for the sentence before.
    let text = "The amendment applies only to employees enrolled in Plan B. Pegram v. Herdrich, 530 U.S. 211, \
                225 (2000).";
    assert_eq!(
        claim_pairs(text),
        [(
            "The amendment applies only to employees enrolled in Plan B.".to_string(),
            vec!["case:530 U.S. 211".to_string()]
        )]
    );
}

#[test]
fn relator_in_re_and_plural_abbreviations_keep_a_citation_sentence_whole() {
    let text = "A relator may sue on the government's behalf. United States ex rel. Polansky v. Exec. Health \
                Res., Inc., 599 U.S. 419, 425 (2023). Bankruptcy courts apply the same test. In re Lehman Bros. \
                Holdings Inc., 855 F.3d 459, 470 (2d Cir. 2017); see also Garcia v. Holder, 659 F.3d 1261, 1266 \
                n.4 (9th Cir. 2011). The Court later narrowed the rule. Loper Bright Enters. v. Raimondo, 144 S. \
                Ct. 2244, 2273 (2024).";
    let pairs = claim_pairs(text);
    assert_eq!(
        pairs,
        [
            (
                "A relator may sue on the government's behalf.".to_string(),
                vec!["case:599 U.S. 419".to_string()]
            ),
            (
                "Bankruptcy courts apply the same test.".to_string(),
                vec![
                    "case:659 F.3d 1261".to_string(),
                    "case:855 F.3d 459".to_string()
                ]
            ),
            (
                "The Court later narrowed the rule.".to_string(),
                vec!["case:144 S. Ct. 2244".to_string()]
            ),
        ]
    );
    // "Enters." is the plural of reporters-db's "Enter.", no sentence end.
    let [loper] = only(text, CitationKind::FullCase)[3..]
        .to_vec()
        .try_into()
        .unwrap();
    assert_eq!(loper.plaintiff.as_deref(), Some("Loper Bright Enters."));
}

#[test]
fn state_codes_keep_their_subject_and_a_section_list_cites_each_section() {
    let text = "Everyone owes a duty of ordinary care. Cal. Civ. Code § 1714(a). Theft is a crime. Cal. Penal Code \
                § 484. Deceptive practices are unlawful. N.Y. Gen. Bus. Law § 349(a) (McKinney 2024). Civil rights \
                plaintiffs may recover fees. 42 U.S.C. §§ 1983, 1988(b), and 2000e-5(k). A range is one cite. 18 \
                U.S.C. §§ 1961-1968.";
    let pairs = claim_pairs(text);
    let law = |key: &str| format!("law:{key}");
    assert_eq!(
        pairs,
        [
            (
                "Everyone owes a duty of ordinary care.".to_string(),
                vec![law("Cal. Civ. Code||1714")]
            ),
            // Another California code is another authority, even at the same section number.
            (
                "Theft is a crime.".to_string(),
                vec![law("Cal. Penal Code||484")]
            ),
            (
                "Deceptive practices are unlawful.".to_string(),
                vec![law("N.Y. Gen. Bus. Law||349")]
            ),
            (
                "Civil rights plaintiffs may recover fees.".to_string(),
                vec![
                    law("U.S.C.|42|1983"),
                    law("U.S.C.|42|1988"),
                    law("U.S.C.|42|2000e-5")
                ]
            ),
            (
                "A range is one cite.".to_string(),
                vec![law("U.S.C.|18|1961-1968")]
            ),
        ]
    );
}

/// The gold paragraph of a CLERC row in the shared fixtures (`LEXEVAL_SHARED`), by row id and model.
fn clerc_gold(idx: u64, model: &str) -> String {
    let text = crate::test_support::shared_fixture("clerc/gaze_gaps_generation_pairs.jsonl");
    text.lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .find(|row| row["idx"] == idx && row["model"] == model)
        .and_then(|row| row["gold_text"].as_str().map(str::to_string))
        .unwrap_or_else(|| panic!("no CLERC row {idx} {model}"))
}

#[test]
fn clerc_an_id_star_page_after_a_westlaw_and_lexis_parallel_cite_repeats_it() {
    // CLERC row 623: "MacFarlane v. McKean, No. 92-2390, 1993 WL 349674, at *5, 1993 U.S.App. LEXIS 23463,
    // at *15-16 (1st Cir. Sept. 14, 1993) (…). MacFarlane distinguishes Rule 15(a), … Id. at *5, …".
    let text = clerc_gold(623, "gpt4o");
    let cites = extract(&text);
    let westlaw = cites
        .iter()
        .position(|c| c.matched_text == "1993 WL 349674")
        .expect("the Westlaw cite");
    let id = cites[westlaw..]
        .iter()
        .find(|c| c.kind == CitationKind::Id && c.pin_cite.as_deref() == Some("*5"))
        .expect("the Id.");
    assert_eq!(id.authority, cites[westlaw].authority);
}

#[test]
fn a_reporter_named_as_printed_beats_a_variant_of_another_and_editions_of_one_name_agree() {
    let reporters = |text: &str| -> Vec<String> {
        extract(text)
            .into_iter()
            .filter_map(|c| c.reporter)
            .collect()
    };
    // reporters-db lists "Ill.(Breese)" as a spelling of Breese, but the volume is Ill.'s.
    assert_eq!(reporters("See 1 Ill. (Breese) 456."), ["Ill."]);
    assert_eq!(reporters("See 19 Tenn. (Meigs) 456."), ["Tenn."]);
    // "Woolw." is two sources (circuit court and Nebraska) with one edition name.
    assert_eq!(reporters("See 9 Woolw. Rep., 6."), ["Woolw."]);
}

#[test]
fn run_in_and_parenthesised_cites_leave_the_whole_sentence_and_its_period() {
    // tests/briefs/README.md, "Real text": a cite run into the sentence's words or in parentheses at its
    // end is removed from the whole sentence, which keeps its period; a cite set off by a comma (a signal
    // after the comma changes nothing) ends an embedded clause without it.
    let text = "In 21 F.2d 182, it is emphasized that a valid amendment requires an original claim. \
                The Court held that rental properties fell under § 844(i). \
                The statute applies to commerce (995 F.2d 1357). \
                Rule 11 has been violated (*Gurary v. Winehouse*, 290 F.3d 118). \
                It considers race, see 631 F.3d 213, at 225; and is subject to review, see id. at 226.";
    let texts: Vec<String> = claim_pairs(text)
        .into_iter()
        .map(|(claim, _)| claim)
        .collect();
    assert_eq!(
        texts,
        [
            "In it is emphasized that a valid amendment requires an original claim.",
            "The Court held that rental properties fell under.",
            "The statute applies to commerce.",
            "Rule 11 has been violated.",
            "It considers race",
            "and is subject to review",
        ]
    );
}

#[test]
fn reporter_cites_read_ascii_digits_only() {
    // A deliberate difference: eyecite's Python `\d` also takes other scripts' digits as a page.
    assert_eq!(only("410 U.S. 113 (1973)", CitationKind::FullCase).len(), 1);
    let arabic = only("410 U.S. ١١٣ (1973)", CitationKind::FullCase);
    assert!(
        arabic.iter().all(|c| c.page.as_deref() != Some("١١٣")),
        "{arabic:?}"
    );
}

#[test]
fn later_stages_build() {
    // A panic on the thread `compile_ahead` starts them on would go unseen.
    super::build_later_stages();
}
