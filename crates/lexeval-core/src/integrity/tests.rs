use super::*;
use crate::citations::{claims_with, extract};

/// The findings on `generated` against `reference`, as the brief pipeline computes them.
fn findings(reference: &str, generated: &str) -> Vec<Finding> {
    let (mut r, mut g) = (extract(reference), extract(generated));
    let table = authorities::unify(&mut r, &mut g);
    let mut found = check(&r, &g, &table);
    found.extend(quotations(
        &claims_with(reference, &r),
        &claims_with(generated, &g),
        &g,
    ));
    found.sort_by_key(|finding| finding.start);
    found
}

const RILEY: &str =
    "Officers must generally secure a warrant before searching a cell phone seized \
incident to an arrest. Riley v. California, 573 U.S. 373, 386 (2014).";

/// The one finding on `generated` against `reference`.
fn only(reference: &str, generated: &str) -> Finding {
    match &findings(reference, generated)[..] {
        [finding] => finding.clone(),
        other => panic!("one finding expected, got {other:#?}"),
    }
}

#[test]
fn a_reporter_cite_under_another_case_name_is_a_name_cite_mismatch() {
    // The issue's example: Riley v. California's cite under "Riley v. Texas" is one authority to L-FRESCO.
    let finding = only(
        RILEY,
        "A warrant is needed to search a phone. Riley v. Texas, 573 U.S. 373, 386 (2014).",
    );
    assert_eq!(finding.citation, "Riley v. Texas, 573 U.S. 373");
    assert_eq!(
        finding.check,
        Check::NameCiteMismatch {
            other: "Riley v. California, 573 U.S. 373".into(),
            other_text: Text::Reference,
        }
    );
    assert_eq!(
        finding.check.to_string(),
        "the same cite is Riley v. California, 573 U.S. 373 in the reference: the names differ"
    );
}

#[test]
fn the_same_cite_under_two_names_in_the_generated_text_is_a_mismatch_there() {
    // Grutter v. Bollinger, 539 U.S. 306 (2003); Gratz v. Bollinger is 539 U.S. 244.
    let generated = "Diversity is a compelling interest. Grutter v. Bollinger, 539 U.S. 306, 328 (2003).                      A points system is not narrowly tailored. Gratz v. Bollinger, 539 U.S. 306 (2003).";
    let finding = only("", generated);
    assert_eq!(finding.citation, "Gratz v. Bollinger, 539 U.S. 306");
    assert_eq!(
        finding.check,
        Check::NameCiteMismatch {
            other: "Grutter v. Bollinger, 539 U.S. 306".into(),
            other_text: Text::Candidate,
        }
    );
}

#[test]
fn names_that_abbreviate_reorder_or_shorten_each_other_agree() {
    for (reference, generated) in [
        // Bluebook T6 abbreviations against the words written out.
        (
            "Mertens v. Hewitt Assocs., 508 U.S. 248, 256 (1993).",
            "Mertens v. Hewitt Associates, 508 U.S. 248, 256 (1993).",
        ),
        (
            "United States v. Sokolow, 490 U.S. 1, 7 (1989).",
            "U.S. v. Sokolow, 490 U.S. 1, 7 (1989).",
        ),
        // A caption by one party (CLERC row of Carnegie-Mellon Univ. v. Cohill).
        (
            "Carnegie-Mellon Univ. v. Cohill, 484 U.S. 343, 350 (1988).",
            "Carnegie-Mellon Univ., 484 U.S. 343, 350 (1988).",
        ),
        // An agency by its acronym (CLERC row 114's generation).
        (
            "Formaldehyde Inst. v. Dep’t of Health & Human Servs., 889 F.2d 1118, 1122 (D.C. Cir. 1989).",
            "Formaldehyde Inst. v. HHS, 889 F.2d 1118, 1122 (D.C. Cir. 1989).",
        ),
        // A one-party name is no caption to compare: often a word of the sentence (CLERC row 1's generation).
        (
            "Coulter v. Weinberger, 527 F.2d 224, 229 (3d Cir. 1975).",
            "Moreover, 527 F.2d 224 emphasizes that claims may be reopened.",
        ),
        // The parties' order reversed on appeal.
        (
            "State v. Jones, 157 Wis. 2d 441 (1990).",
            "Jones v. State, 157 Wis. 2d 441 (1990).",
        ),
    ] {
        assert_eq!(findings(reference, generated), [], "{generated}");
    }
}

fn near_miss(finding: &Finding) -> (&str, CitePart, Slip) {
    match &finding.check {
        Check::NearMiss {
            reference,
            differs,
            slip,
        } => (reference.as_str(), *differs, *slip),
        other => panic!("a near miss expected, got {other:?}"),
    }
}

#[test]
fn a_reference_case_under_its_name_with_a_slipped_volume_or_page_is_a_near_miss() {
    // The issue's example: 537 for 573.
    let finding = only(
        RILEY,
        "A warrant is needed. Riley v. California, 537 U.S. 373 (2014).",
    );
    assert_eq!(
        near_miss(&finding),
        (
            "Riley v. California, 573 U.S. 373",
            CitePart::Volume,
            Slip::DigitsTransposed
        )
    );
    assert_eq!(
        finding.check.to_string(),
        "probably the reference's Riley v. California, 573 U.S. 373 — volume differs (two digits transposed)"
    );
    // Celotex Corp. v. Catrett, 477 U.S. 317 (1986).
    let celotex = "Summary judgment is proper against a party who fails to make a showing sufficient to                    establish an element essential to its case. Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986).";
    let finding = only(
        celotex,
        "Summary judgment is proper. Celotex Corp. v. Catrett, 477 U.S. 327 (1986).",
    );
    assert_eq!(
        near_miss(&finding),
        (
            "Celotex Corp. v. Catrett, 477 U.S. 317",
            CitePart::FirstPage,
            Slip::DigitChanged
        )
    );
    // The reference's pin given as the first page.
    let finding = only(
        celotex,
        "Summary judgment is proper. Celotex Corp. v. Catrett, 477 U.S. 322 (1986).",
    );
    assert_eq!(
        near_miss(&finding),
        (
            "Celotex Corp. v. Catrett, 477 U.S. 317",
            CitePart::FirstPage,
            Slip::Offset { by: 5 }
        )
    );
}

#[test]
fn the_same_volume_and_page_in_another_series_of_the_reporter_is_a_near_miss() {
    // CLERC row 1's gold paragraph: Lauritzen v. Weinberger, 514 F.2d 561, 563 (8th Cir. 1975).
    let reference = "The question is whether the error appears on the face of the evidence.                      Lauritzen v. Weinberger, 514 F.2d 561, 563 (8th Cir. 1975).";
    let finding = only(
        reference,
        "The error must appear on the face of the evidence. Lauritzen v. Weinberger, 514 F.3d 561.",
    );
    let (_, part, slip) = near_miss(&finding);
    assert_eq!((part, slip), (CitePart::Reporter, Slip::OtherSeries));
    // With the reference's year, F.3d (from 1993) is a finding of its own.
    let generated = "Lauritzen v. Weinberger, 514 F.3d 561 (8th Cir. 1975).";
    let checks: Vec<_> = findings(reference, generated)
        .into_iter()
        .map(|f| f.check)
        .collect();
    assert!(matches!(
        checks[..],
        [
            Check::NearMiss { .. },
            Check::ReporterYear { year: 1975, .. }
        ]
    ));
    let reference = reference
        .replace("1975", "2008")
        .replace("514 F.2d", "514 F.3d");
    assert_eq!(
        findings(
            &reference,
            "Lauritzen v. Weinberger, 515 F.3d 561 (8th Cir. 2008)."
        ),
        [Finding {
            citation: "Lauritzen v. Weinberger, 515 F.3d 561".into(),
            start: 25,
            end: 37,
            check: Check::NearMiss {
                reference: "Lauritzen v. Weinberger, 514 F.3d 561".into(),
                differs: CitePart::Volume,
                slip: Slip::DigitChanged,
            },
        }]
    );
}

#[test]
fn a_different_case_of_the_same_name_far_from_the_reference_cite_is_no_near_miss() {
    // Two real cases named Gratz/Grutter v. Bollinger, and an unrelated volume: nothing to guess.
    let reference = "Race may be one factor. Grutter v. Bollinger, 539 U.S. 306, 334 (2003).";
    assert_eq!(
        findings(
            reference,
            "Race may be one factor. Grutter v. Bollinger, 288 F.3d 732 (6th Cir. 2002)."
        ),
        []
    );
    assert_eq!(
        findings(
            reference,
            "Points are not narrowly tailored. Gratz v. Bollinger, 539 U.S. 244, 270 (2003)."
        ),
        []
    );
}

fn pin_problem(finding: &Finding) -> (u64, u64, PinProblem) {
    match &finding.check {
        Check::Pin {
            pin,
            first_page,
            problem,
        } => (*pin, *first_page, problem.clone()),
        other => panic!("a pin finding expected, got {other:?}"),
    }
}

#[test]
fn a_pin_before_the_first_page_or_past_any_opinion_is_implausible() {
    let before = only(
        RILEY,
        "A warrant is needed. Riley v. California, 573 U.S. 373, 273 (2014).",
    );
    assert_eq!(
        pin_problem(&before),
        (273, 373, PinProblem::BeforeFirstPage)
    );
    // The issue's example: 999 on a case the reference pins at 386.
    let beyond = only(
        RILEY,
        "A warrant is needed. Riley v. California, 573 U.S. 373, 999 (2014).",
    );
    assert_eq!(
        pin_problem(&beyond),
        (999, 373, PinProblem::BeyondAnyOpinion)
    );
    // A short form and an Id. pin the case their resolution found (an Id. only within 150 pages: eyecite's
    // limit, past which it resolves to nothing).
    let short = findings(
        RILEY,
        "A warrant is needed. Riley v. California, 573 U.S. 373, 386 (2014). Phones hold the \
         privacies of life. Riley, 573 U.S. at 203. They are not containers. Id. at 440.",
    );
    let problems: Vec<_> = short.iter().map(pin_problem).collect();
    assert_eq!(
        problems,
        [
            (203, 373, PinProblem::BeforeFirstPage),
            (440, 373, PinProblem::BeyondReference { furthest: 386 })
        ]
    );
}

#[test]
fn an_id_pin_that_fits_another_cite_of_the_parallel_group_is_plausible() {
    // Carnegie-Mellon Univ. v. Cohill, 484 U.S. 343, 108 S. Ct. 614, 98 L. Ed. 2d 720 (1988): "Id. at 350"
    // pins the U.S. Reports although the Id. follows the L. Ed. 2d cite.
    let text = "Pendent jurisdiction is a doctrine of discretion. Carnegie-Mellon Univ. v. Cohill, 484 U.S.                 343, 350, 108 S. Ct. 614, 98 L. Ed. 2d 720 (1988). It balances economy and comity. Id. at 350.";
    assert_eq!(findings(text, text), []);
}

#[test]
fn a_pin_far_beyond_the_references_pins_or_inside_a_later_case_of_the_volume_is_implausible() {
    let beyond = only(
        RILEY,
        "A warrant is needed. Riley v. California, 573 U.S. 373, 440 (2014).",
    );
    assert_eq!(
        pin_problem(&beyond),
        (440, 373, PinProblem::BeyondReference { furthest: 386 })
    );
    // Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986) and Celotex, 477 U.S. 317, in one volume.
    let reference = "A dispute is genuine if a reasonable jury could return a verdict for the nonmoving party.                      Anderson v. Liberty Lobby, Inc., 477 U.S. 242, 248 (1986). The movant need not negate the                      opponent's claim. Celotex Corp. v. Catrett, 477 U.S. 317, 323 (1986).";
    let generated = "A dispute is genuine if a jury could find for the nonmovant. Anderson v. Liberty Lobby,                      Inc., 477 U.S. 242, 320 (1986).";
    let finding = only(reference, generated);
    assert_eq!(
        pin_problem(&finding),
        (
            320,
            242,
            PinProblem::InLaterCase {
                case: "Celotex Corp. v. Catrett, 477 U.S. 317".into(),
                starts: 317
            }
        )
    );
}

#[test]
fn a_year_the_reporter_did_not_print_is_a_finding() {
    // Jenkins v. Prudential-Bache Secs., Inc., 847 F.2d 631 (10th Cir. 1988) (CLERC row 362), put in F.4th.
    let finding = only(
        "",
        "A note paired with a bonus is compensation. Jenkins v. Prudential-Bache Secs., Inc., 847 F.4th          631, 632 (10th Cir. 1988).",
    );
    assert_eq!(
        finding.check,
        Check::ReporterYear {
            reporter: "F.4th".into(),
            year: 1988,
            start: Some(2021),
            end: None
        }
    );
    // F.2d ended in 1993.
    let finding = only(
        "",
        "A note paired with a bonus is compensation. Jenkins v. Prudential-Bache Secs., Inc., 847 F.2d          631, 632 (10th Cir. 2008).",
    );
    assert_eq!(
        finding.check.to_string(),
        "F.2d was printed from 1924 to 1993 (reporters-db); the cite says 2008"
    );
    // F.3d ended with volume 999 in 2021, when F.4th began (reporters-db gives F.3d no end).
    let finding = only(
        "",
        "The claim was time-barred. Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1455 (9th Cir. 2023).",
    );
    assert_eq!(
        finding.check,
        Check::ReporterYear {
            reporter: "F.3d".into(),
            year: 2023,
            start: Some(1993),
            end: Some(2021)
        }
    );
    // reporters-db's known-wrong dates are corrected: F. Supp. ran to 1998, F.R.D. from 1938.
    for correct in [
        "Kayes v. Pacific Lumber Co., 51 F.3d 1449 (9th Cir. 1995).",
        "Morin v. Trupin, 835 F. Supp. 126 (S.D.N.Y. 1993).",
        "Gilbert v. Eli Lilly & Co., 56 F.R.D. 116 (D.P.R. 1972).",
        "Marbury v. Madison, 5 U.S. 137 (1803).",
    ] {
        assert_eq!(findings(correct, correct), [], "{correct}");
    }
}

#[test]
fn each_cite_of_a_parallel_group_must_have_been_printed_in_the_groups_year() {
    // Roe v. Wade, 410 U.S. 113, 93 S. Ct. 705, 35 L. Ed. 2d 147 (1973), its L. Ed. cite in the first series
    // (1790–1956): the U.S. and S. Ct. cites fit 1973, that one does not.
    let finding = only(
        "",
        "The right of privacy covers the decision. Roe v. Wade, 410 U.S. 113, 93 S. Ct. 705, 35 L. Ed. 147 (1973).",
    );
    assert_eq!(finding.citation, "Roe v. Wade, 35 L. Ed. 147");
    assert!(
        matches!(&finding.check, Check::ReporterYear { reporter, year: 1973, end: Some(1956), .. } if reporter == "L. Ed."),
        "{finding:?}"
    );
    let correct = "The right of privacy covers the decision. Roe v. Wade, 410 U.S. 113, 93 S. Ct. 705, 35 L. Ed. 2d 147 (1973).";
    assert_eq!(findings(correct, correct), []);
}

/// The court problem of the one finding on `generated`.
fn court_problem(generated: &str) -> (String, String, CourtProblem) {
    match only("", generated).check {
        Check::ReporterCourt {
            reporter,
            court,
            problem,
        } => (reporter, court, problem),
        other => panic!("a court finding expected, got {other:?}"),
    }
}

#[test]
fn a_court_that_does_not_publish_in_the_reporter_is_a_finding() {
    // Morin v. Trupin, 835 F. Supp. 126 (S.D.N.Y. 1993): a district court's decision put in F.3d.
    let (reporter, court, problem) = court_problem(
        "Scienter may be pleaded generally. Morin v. Trupin, 835 F.3d 126 (S.D.N.Y. 1993).",
    );
    assert_eq!(
        (reporter.as_str(), court.as_str(), problem),
        (
            "F.3d",
            "S.D.N.Y.",
            CourtProblem::DistrictCourtInAppellateReporter
        )
    );
    assert_eq!(
        only("", "Scienter may be pleaded generally. Morin v. Trupin, 835 F.3d 126 (S.D.N.Y. 1993).")
            .check
            .to_string(),
        "F.3d prints the federal courts of appeals' decisions (reporters-db, courts-db); the cite names S.D.N.Y."
    );
    // Tarasoff v. Regents of Univ. of Cal., 17 Cal. 3d 425 (1976): the California Supreme Court in F. Supp.
    assert_eq!(
        court_problem("A therapist must protect the victim. Tarasoff v. Regents of Univ. of Cal., 17 F. Supp. 425 (Cal. 1976).").2,
        CourtProblem::StateCourtInFederalReporter
    );
    // Kayes v. Pacific Lumber Co., 51 F.3d 1449 (9th Cir. 1995): the Ninth Circuit in Cal. Rptr. 2d, then
    // in the U.S. Reports.
    assert_eq!(
        court_problem("The plan is not a fiduciary. Kayes v. Pacific Lumber Co., 51 Cal. Rptr. 2d 1449 (9th Cir. 1995).").2,
        CourtProblem::FederalCourtInStateReporter
    );
    assert_eq!(
        court_problem("The plan is not a fiduciary. Kayes v. Pacific Lumber Co., 51 U.S. 1449 (9th Cir. 1995).").2,
        CourtProblem::LowerCourtInSupremeCourtReporter
    );
    // Each in its own reporter is fine, and so are the U.S. Reports' first volumes (Dallas), which print
    // Pennsylvania's courts.
    for correct in [
        "Morin v. Trupin, 835 F. Supp. 126 (S.D.N.Y. 1993).",
        "Kayes v. Pacific Lumber Co., 51 F.3d 1449 (9th Cir. 1995).",
        "Jenkins v. Prudential-Bache Secs., Inc., 847 F.2d 631 (10th Cir. 1988).",
        "Sindell v. Abbott Labs., 26 Cal. 3d 588 (Cal. 1980).",
        "Respublica v. De Longchamps, 1 U.S. 111 (Pa. O. & T. 1784).",
        // CLERC's gold: the D.C. Circuit in its own reporter (reporters-db calls it a state one), and "2nd
        // Cir.", which eyecite's prefix rule reads as the Second Circuit's bankruptcy panel.
        "Mason v. United States, 134 U.S. App. D.C. 280 (D.C. Cir. 1969).",
        "Lopresti v. Terwilliger, 126 F.3d 34 (2nd Cir. 1997).",
        // A CLERC generation's California Court of Appeal, which eyecite's prefix rule takes for a federal
        // court.
        "San Francisco Unified School Dist. v. State of California, 131 Cal. App. 3d 54 (Ct.App. 1982).",
    ] {
        assert_eq!(findings(correct, correct), [], "{correct}");
    }
}

#[test]
fn the_bluebook_pairs_and_eyecites_opinion_cite_correctly() {
    // The 47 brief pairs of tests/briefs: real citations (and a few invented cases) in both texts.
    let pairs = crate::test_support::repository_file("tests/briefs/bluebook_pairs.jsonl");
    for line in pairs.lines() {
        let pair: serde_json::Value = serde_json::from_str(line).expect("a pair");
        let (reference, generated) = (
            pair["reference"].as_str().expect("reference"),
            pair["generated"].as_str().expect("generated"),
        );
        assert_eq!(findings(reference, generated), [], "{}", pair["id"]);
    }
    let opinion = crate::test_support::repository_file("tests/parity/eyecite_suite/opinion.txt");
    assert_eq!(findings(&opinion, &opinion), []);
}

#[test]
fn flagged_citations_count_each_citation_once() {
    let found = findings(
        RILEY,
        "A warrant is needed. Riley v. Texas, 573 U.S. 373, 999 (2014).",
    );
    assert_eq!((found.len(), flagged_citations(&found)), (2, 1));
    assert_eq!(to_check(&found).as_deref(), Some("1 citation to check"));
    assert_eq!(to_check(&[]), None);
}

/// CLERC's 1,000 gold paragraphs (one row per paragraph id) from the shared fixtures.
fn clerc_gold_paragraphs() -> Vec<String> {
    let text = crate::test_support::shared_fixture("clerc/gaze_gaps_generation_pairs.jsonl");
    let mut seen = std::collections::HashSet::new();
    text.lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|row| seen.insert(row["idx"].as_u64()))
        .filter_map(|row| row["gold_text"].as_str().map(str::to_string))
        .collect()
}

#[test]
fn correct_citations_of_clercs_gold_paragraphs_have_at_most_one_percent_findings() {
    let paragraphs = clerc_gold_paragraphs();
    assert_eq!(paragraphs.len(), 1000);
    let (mut citations, mut flagged, mut paragraphs_flagged) = (0, 0, 0);
    for gold in &paragraphs {
        // Each gold paragraph is both texts: every citation in it is a correct one.
        let found = findings(gold, gold);
        citations += extract(gold)
            .iter()
            .filter(|c| c.role.names_a_source())
            .count();
        flagged += flagged_citations(&found);
        paragraphs_flagged += usize::from(!found.is_empty());
        for finding in &found {
            eprintln!("{}: {}", finding.citation, finding.check);
        }
    }
    let rate = flagged as f64 / citations as f64;
    println!(
        "citation integrity on CLERC gold: {flagged} of {citations} citations flagged ({:.2} %), \
         {paragraphs_flagged} of {} paragraphs",
        rate * 100.0,
        paragraphs.len()
    );
    assert!(rate <= 0.01, "false-positive rate {rate}");
}

/// Riley v. California, 573 U.S. 373 (2014), quoted at 386 and 403.
const RILEY_QUOTED: &str = "Police must generally secure a warrant before searching a cell phone. As the \
Court put it, officers “must generally secure a warrant before conducting such a search.” Riley v. \
California, 573 U.S. 373, 386 (2014). The Court stressed that “[m]odern cell phones are not just another \
technological convenience.” Riley v. California, 573 U.S. 373, 403 (2014).";

fn quotation(finding: &Finding) -> (&str, Option<&str>, QuoteChange) {
    match &finding.check {
        Check::Quotation {
            quoted,
            reference_quoted,
            change,
        } => (quoted.as_str(), reference_quoted.as_deref(), *change),
        other => panic!("a quotation finding expected, got {other:?}"),
    }
}

#[test]
fn a_quotation_that_reverses_or_rewords_the_references_is_a_finding_with_both() {
    // The issue's example: the reference's quotation of Riley reversed (ROUGE-L still calls it a match).
    let dropped = only(
        RILEY_QUOTED,
        "The Court stressed that “modern cell phones are just another technological convenience.” Riley v. \
         California, 573 U.S. 373, 403 (2014).",
    );
    assert_eq!(
        quotation(&dropped),
        (
            "modern cell phones are just another technological convenience.",
            Some("[m]odern cell phones are not just another technological convenience."),
            QuoteChange::NegationDropped
        )
    );
    assert_eq!(dropped.citation, "Riley v. California, 573 U.S. 373");
    let added = only(
        RILEY_QUOTED,
        "Officers “must generally not secure a warrant before conducting such a search.” Riley v. \
         California, 573 U.S. 373, 386 (2014).",
    );
    assert_eq!(quotation(&added).2, QuoteChange::NegationAdded);
    let reworded = only(
        RILEY_QUOTED,
        "Officers “must always secure a warrant before conducting such a search.” Riley v. California, 573 \
         U.S. 373, 386 (2014).",
    );
    assert_eq!(quotation(&reworded).2, QuoteChange::WordsChanged);
    assert_eq!(
        reworded.check.to_string(),
        "quotes “must always secure a warrant before conducting such a search.”; the reference quotes it as \
         “must generally secure a warrant before conducting such a search.”: words changed"
    );
}

#[test]
fn the_claim_carrying_a_differing_quotation_is_known() {
    let generated = "The Court stressed that “modern cell phones are just another technological \
convenience.” Riley v. California, 573 U.S. 373, 403 (2014). A warrant is needed. Riley v. California, 573 \
U.S. 373, 386 (2014).";
    let found = findings(RILEY_QUOTED, generated);
    let claims = claims_with(generated, &extract(generated));
    let changes: Vec<_> = claims
        .iter()
        .map(|claim| differing_quotation(&found, claim))
        .collect();
    assert_eq!(changes, [Some(QuoteChange::NegationDropped), None]);
}

#[test]
fn a_quotation_the_references_quotations_of_the_authority_do_not_contain_is_a_finding() {
    // A real sentence of Riley (at 396) the reference does not quote.
    let finding = only(
        RILEY_QUOTED,
        "A phone search “would typically expose to the government far more than the most exhaustive search \
         of a house.” Riley v. California, 573 U.S. 373, 396 (2014).",
    );
    assert_eq!(quotation(&finding).1, None);
    assert_eq!(quotation(&finding).2, QuoteChange::NotInReference);
}

#[test]
fn part_of_a_reference_quotation_short_terms_and_unquoted_authorities_are_no_finding() {
    for generated in [
        // Part of the reference's quotation, and the whole of it.
        "Officers must “secure a warrant before conducting such a search.” Riley v. California, 573 U.S. \
         373, 386 (2014).",
        "Officers “must generally secure a warrant before conducting such a search.” Riley v. California, \
         573 U.S. 373, 386 (2014).",
        // Three words are a term, not a passage.
        "Phones are no “technological convenience” alone. Riley v. California, 573 U.S. 373, 403 (2014).",
        // The reference quotes nothing of Terry.
        "A stop needs “specific and articulable facts” and more. Terry v. Ohio, 392 U.S. 1, 21 (1968).",
    ] {
        assert_eq!(findings(RILEY_QUOTED, generated), [], "{generated}");
    }
}

#[test]
fn straight_quotation_marks_pair_at_word_edges() {
    use super::quotations::passages;
    assert_eq!(
        passages(r#"It held "no warrant is needed" and "get a warrant.""#),
        ["no warrant is needed", "get a warrant."]
    );
    // A claim that begins inside a quotation: its first mark closes, so nothing pairs across the text.
    assert_eq!(
        passages(r#"but not greater than necessary" to meet the goals in "§ 3553(a).""#),
        ["§ 3553(a)."]
    );
}

#[test]
fn repeated_cites_are_each_compared_with_the_first_of_each_caption() {
    // The cites compared with are gathered once per check, one per caption (`Compared`): a long text that
    // repeats a passage gets, for each repeat, the findings a search through every earlier cite gives.
    let passage = "Diversity is a compelling interest. Grutter v. Bollinger, 539 U.S. 306, 328 (2003). \
                   A points system is not narrowly tailored. Gratz v. Bollinger, 539 U.S. 306 (2003).\n\n";
    let found = findings("", &passage.repeat(3));
    let others: Vec<String> = found
        .iter()
        .map(|finding| match &finding.check {
            Check::NameCiteMismatch { other, other_text } => {
                assert_eq!(*other_text, Text::Candidate);
                other.clone()
            }
            check => panic!("a name–cite mismatch expected, got {check:?}"),
        })
        .collect();
    // The first Grutter has nothing before it; every later cite meets the first cite of the other name.
    assert_eq!(
        others,
        [
            "Grutter v. Bollinger, 539 U.S. 306",
            "Gratz v. Bollinger, 539 U.S. 306",
            "Grutter v. Bollinger, 539 U.S. 306",
            "Gratz v. Bollinger, 539 U.S. 306",
            "Grutter v. Bollinger, 539 U.S. 306",
        ]
    );
}
