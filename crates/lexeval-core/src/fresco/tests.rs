use super::*;
use crate::authority_key::AuthorityKey;
use crate::citations::claims;
use crate::claims::AttributedClaim;
use crate::fresco::left_out::Text;
use crate::judge::JudgeError;
use crate::report::Bounds;
use crate::rouge::{f1, RougeType};
use crate::similarity::{Similarity, SimilarityError};
use crate::test_support::{claim, l_fresco};

fn rouge_l(a: &str, b: &str) -> Result<f64, SimilarityError> {
    Ok(f1(RougeType::L, a, b, true))
}

fn settings(generalized: bool) -> FrescoSettings {
    FrescoSettings {
        generalized,
        ..l_fresco(Similarity::RougeL, 0.5)
    }
}

const KAYES_REFERENCE: &str =
    "Divers' status as a corporate officer does not exempt him from liability. \
    See Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir.1995)";
const KAYES_GENERATED: &str = "As previously stated, 29 U.S.C. § 1002(21)(A) defines a fiduciary as a person \
    who exercises any authority or control respecting management or disposition of [a plan's] assets. \
    P51 F.3d 1449, 1459 (9th Cir.1995).";

#[test]
fn kayes_v_pacific_lumber_scores_zero_with_full_citation_recall() {
    let report = score(
        &claims(KAYES_REFERENCE),
        &claims(KAYES_GENERATED),
        &[],
        &settings(false),
        &mut rouge_l,
    );
    assert_eq!(report.score(&report.metric), Some(0.0));
    assert_eq!(report.score("citation_recall"), Some(1.0));
    assert_eq!(report.score("citation_precision"), Some(0.5));
    assert_eq!(
        report.details.hallucinated_authorities,
        ["law:U.S.C.|29|1002"]
    );
    let pair = &report.details.pairs[0];
    assert_eq!(
        pair.authority.as_ref().map(AuthorityKey::as_str),
        Some("case:51 F.3d 1449")
    );
    assert!(!pair.supported);
    assert_eq!(pair.compared, Some(1));
}

#[test]
fn a_similarity_of_exactly_the_threshold_supports() {
    // The page's "Two authorities" example. The officer's liability (Kayes, by its short form) is stated
    // with ROUGE-L precision 5/16 and recall 5/9: F1 exactly 2/5, computed 0.39999999999999997. At the
    // threshold 0.40 the pair is supported.
    let reference = claims(
        "A corporate officer who exercises control over plan assets is a fiduciary. \
         Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir. 1995). Fiduciary status turns on \
         function, not on formal title. Mertens v. Hewitt Associates, 508 U.S. 248, 262, 113 S. Ct. 2063 \
         (1993). An officer who breaches that duty is personally liable. Kayes, 51 F.3d at 1460.",
    );
    let candidate = claims(
        "Whether someone is a fiduciary depends on the functions they perform rather than their title. \
         Mertens v. Hewitt Associates, 508 U.S. 248, 262 (1993). A corporate officer who controls plan \
         assets is a fiduciary and can be held personally liable. Kayes v. Pacific Lumber Co., 51 F.3d \
         1449 (9th Cir. 1995).",
    );
    let at_040 = FrescoSettings {
        threshold: 0.40,
        ..settings(false)
    };
    let report = score(&reference, &candidate, &[], &at_040, &mut rouge_l);
    let liability = &report.details.pairs[2];
    assert_eq!(
        liability.authority.as_ref().map(AuthorityKey::as_str),
        Some("case:51 F.3d 1449")
    );
    assert!((liability.similarity.unwrap() - 0.4).abs() < 1e-15);
    assert!(liability.supported, "{}", liability.reason);
    assert_eq!(report.score("l-fresco"), Some(2.0 / 3.0));
}

#[test]
fn identical_texts_score_one() {
    let reference = claims(KAYES_REFERENCE);
    for generalized in [false, true] {
        let report = score(
            &reference,
            &reference,
            &[],
            &settings(generalized),
            &mut rouge_l,
        );
        assert_eq!(report.score(&report.metric), Some(1.0));
        assert_eq!(report.score("citation_recall"), Some(1.0));
    }
}

#[test]
fn worked_example_each_reference_pair_counts_once() {
    // R: (r0, A), (r0, B), (r1, C). C: c0 cites A and is identical to r0; c1 cites C but differs.
    let reference = [
        claim("officers are liable for plan losses", &["A", "B"]),
        claim("directors are not liable", &["C"]),
    ];
    let candidate = [
        claim("officers are liable for plan losses", &["A"]),
        claim("the weather was sunny today", &["C", "D"]),
    ];
    let report = score(&reference, &candidate, &[], &settings(false), &mut rouge_l);
    // (r0, A) supported; (r0, B) no candidate; (r1, C) below threshold → 1/3.
    assert_eq!(report.score(&report.metric), Some(1.0 / 3.0));
    assert_eq!(report.score("citation_recall"), Some(2.0 / 3.0));
    assert_eq!(report.score("citation_precision"), Some(2.0 / 3.0));
    assert_eq!(
        report.details.pairs[1].reason,
        "no candidate claim cites this authority"
    );
    assert_eq!(report.details.pairs[1].compared, Some(0));
    assert_eq!(report.details.missing_authorities, ["B"]);
    assert_eq!(report.details.unmatched_reference_pairs, 2);
}

#[test]
fn generalized_fresco_matches_claims_without_shared_citations() {
    let reference = [
        claim("officers are liable for plan losses", &["A"]),
        claim("directors are not liable", &["B"]),
    ];
    let candidate = [
        claim("directors are not liable", &["X"]),
        claim("officers are liable for plan losses", &["Y"]),
    ];
    let claims_match = FrescoSettings {
        generalized_match: GeneralizedMatch::Claims,
        ..settings(true)
    };
    let report = score(&reference, &candidate, &[], &claims_match, &mut rouge_l);
    assert_eq!(report.score(&report.metric), Some(1.0));
    assert_eq!(report.details.pairs[0].best_candidate, Some(1));
    let matrix = report.details.matrix.as_ref().unwrap();
    assert_eq!(matrix.assignment, [(0, 1), (1, 0)]);
    assert_eq!(matrix.candidate_claims, [0, 1]);
    let l_fresco = score(&reference, &candidate, &[], &settings(false), &mut rouge_l);
    assert_eq!(l_fresco.score(&l_fresco.metric), Some(0.0));
}

#[test]
fn degenerate_inputs_give_null_with_reasons_and_errors_are_kept() {
    let report = score(&[], &[], &[], &settings(false), &mut rouge_l);
    assert_eq!(report.score("l-fresco"), None);
    assert!(report.scores.iter().all(|s| s.null_reason.is_some()));
}

#[test]
fn generalized_fresco_matches_on_citations_so_swapped_citations_fail() {
    // The candidate states both holdings but attaches each to the other's case.
    let reference = claims(
        "An officer who exercises control over plan assets is a fiduciary. \
         Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir. 1995). \
         A denial of benefits is reviewed de novo unless the plan grants discretion. \
         Firestone Tire & Rubber Co. v. Bruch, 489 U.S. 101, 115 (1989).",
    );
    let swapped = claims(
        "An officer who exercises control over plan assets is a fiduciary. \
         Firestone Tire & Rubber Co. v. Bruch, 489 U.S. 101, 115 (1989). \
         A denial of benefits is reviewed de novo unless the plan grants discretion. \
         Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir. 1995).",
    );
    assert_eq!(reference.len(), 2, "{reference:?}");
    let paper = score(&reference, &swapped, &[], &settings(true), &mut rouge_l);
    assert_eq!(paper.score("fresco"), Some(0.0));
    let matrix = paper.details.matrix.as_ref().unwrap();
    assert_eq!(matrix.assignment, [(0, 1), (1, 0)]);
    assert_eq!(matrix.c_sim.as_ref().unwrap()[0][1], 1.0);
    assert_eq!(matrix.match_on, GeneralizedMatch::Citations);
    let claims_match = FrescoSettings {
        generalized_match: GeneralizedMatch::Claims,
        ..settings(true)
    };
    let version_1 = score(&reference, &swapped, &[], &claims_match, &mut rouge_l);
    assert_eq!(version_1.score("fresco"), Some(1.0));
    // Correct citations score 1 either way; only matched pairs are compared.
    let same = score(&reference, &reference, &[], &settings(true), &mut rouge_l);
    assert_eq!(same.score("fresco"), Some(1.0));
    assert_eq!(same.details.judged_pairs, 2);
}

#[test]
fn generalized_fresco_breaks_citation_ties_by_the_claims() {
    // Two claims cite the same case on both sides; the matching pairs each with its own restatement.
    let text = "An officer who exercises control over plan assets is a fiduciary. \
         Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir. 1995). \
         Corporate office does not exempt a fiduciary from liability. \
         Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1460 (9th Cir. 1995).";
    let reference = claims(text);
    let mut reversed = reference.clone();
    reversed.reverse();
    let report = score(&reference, &reversed, &[], &settings(true), &mut rouge_l);
    assert_eq!(report.score("fresco"), Some(1.0));
}

#[test]
fn generalized_fresco_never_trades_citation_similarity_for_wording() {
    // The generated claim cites Doe in the words of the reference's Acme claim. Doe's citation is nearer
    // Smith's (C-SIM 0.14) than Acme's (0.10): the maximum C-SIM matching pairs it with the Smith claim,
    // whose holding it does not state, so FRESCO is 0 (the paper's integer program), not ½.
    let (smith, acme, doe) = ("case:347 F.2d 612", "case:512 U.S. 79", "case:88 F.3d 794");
    let wording = "the plan administrator abused its discretion";
    let reference = [
        claim("a fiduciary must act for the participants alone", &[smith]),
        claim(wording, &[acme]),
    ];
    let candidate = [claim(wording, &[doe])];
    assert!(citation_similarity(&[smith.into()], &[doe.into()]) > 0.14);
    assert!(citation_similarity(&[acme.into()], &[doe.into()]) < 0.11);
    let report = score(&reference, &candidate, &[], &settings(true), &mut rouge_l);
    assert_eq!(report.details.matrix.as_ref().unwrap().assignment, [(0, 0)]);
    assert_eq!(report.score("fresco"), Some(0.0));
}

#[test]
fn saved_settings_without_the_match_option_keep_version_1() {
    let mut saved = serde_json::to_value(settings(true)).unwrap();
    saved.as_object_mut().unwrap().remove("generalized_match");
    let saved: FrescoSettings = serde_json::from_value(saved).unwrap();
    assert_eq!(saved.generalized_match, GeneralizedMatch::Claims);
}

#[test]
fn a_failed_similarity_is_unjudged_never_zero() {
    let reference = claims(KAYES_REFERENCE);
    let mut failing = |_: &str, _: &str| {
        Err(SimilarityError::Judge(JudgeError::Unanswered(
            "endpoint timed out".into(),
        )))
    };
    for generalized in [false, true] {
        let report = score(
            &reference,
            &reference,
            &[],
            &settings(generalized),
            &mut failing,
        );
        let headline = &report.scores[0];
        assert_eq!(headline.value, None);
        assert_eq!(
            headline.null_reason.as_deref(),
            Some("every rougeL judgement failed: endpoint timed out")
        );
        assert_eq!(report.details.failed_pairs, 1);
        assert_eq!(report.details.judged_pairs, 0);
        assert_eq!(
            report.details.similarity_errors,
            ["reference claim 0 vs candidate claim 0: endpoint timed out"]
        );
    }
}

#[test]
fn the_score_covers_the_judged_pairs_only_and_says_how_many_failed() {
    // Two reference pairs (Kayes, Firestone); the judge fails on the Firestone claim.
    let text = format!(
        "{KAYES_REFERENCE}. A denial of benefits is reviewed de novo unless the plan gives the \
         administrator discretion. Firestone Tire & Rubber Co. v. Bruch, 489 U.S. 101, 115 (1989)."
    );
    let both = claims(&text);
    let mut judge = |reference: &str, _: &str| {
        if reference.contains("de novo") {
            Err(SimilarityError::Judge(JudgeError::Unreadable(
                "the answer has no final Yes or No".into(),
            )))
        } else {
            Ok(1.0)
        }
    };
    let report = score(&both, &both, &[], &settings(false), &mut judge);
    let headline = &report.scores[0];
    assert_eq!(headline.value, Some(1.0));
    assert_eq!(
        headline.note.as_deref(),
        Some("over 1 of 2 reference pairs: 1 rougeL judgement failed (first: the answer has no final Yes or No)")
    );
    // 1.0 over the judged pair; over both, 0.5 with Firestone unsupported, 1.0 with it supported.
    assert_eq!(
        headline.bounds,
        Some(Bounds {
            lower: 0.5,
            upper: 1.0
        })
    );
    assert_eq!(report.details.unjudged_reference_pairs, 1);
    assert!(!report.details.pairs[1].judged);
}

#[test]
fn candidate_order_does_not_change_the_score() {
    let reference = claims(KAYES_REFERENCE);
    let mut candidate = claims(&format!(
        "{KAYES_REFERENCE} Officers are liable. See 12 F.3d 34 (1994)."
    ));
    let forward =
        score(&reference, &candidate, &[], &settings(false), &mut rouge_l).score("l-fresco");
    candidate.reverse();
    assert_eq!(
        score(&reference, &candidate, &[], &settings(false), &mut rouge_l).score("l-fresco"),
        forward
    );
}

#[test]
fn repeated_claims_are_compared_once_per_distinct_text_pair() {
    // The same two claims 300 times on each side: 300 × 300 comparisons per authority by claim, one
    // by text.
    let one = [
        claim("officers are liable for plan losses", &["A"]),
        claim("directors are not liable", &["A"]),
    ];
    let many: Vec<AttributedClaim> = one.iter().cycle().take(600).cloned().collect();
    let mut calls = 0;
    let mut counting = |a: &str, b: &str| {
        calls += 1;
        rouge_l(a, b)
    };
    let report = score(&many, &many, &[], &settings(false), &mut counting);
    assert_eq!(calls, 4);
    assert_eq!(report.score("l-fresco"), Some(1.0));
    assert_eq!(report.details.pairs.len(), 600);
    assert!(report.details.pairs.iter().all(|p| p.compared == Some(600)));
    let pairs = compared_text_pairs(&many, &many, &settings(false));
    assert_eq!(pairs.len(), 4);
}

#[test]
fn generalized_fresco_refuses_more_claims_than_it_can_match() {
    let many: Vec<AttributedClaim> = (0..=MAX_MATCHED_CLAIMS)
        .map(|i| claim(&format!("claim {i}"), &["A"]))
        .collect();
    let report = score(&many, &many[..1], &[], &settings(true), &mut rouge_l);
    assert_eq!(report.score("fresco"), None);
    assert!(report.scores[0]
        .null_reason
        .as_deref()
        .unwrap()
        .contains("generalized FRESCO matches at most"));
    assert!(compared_text_pairs(&many, &many, &settings(true)).is_empty());
}

#[test]
fn a_citation_sentence_opening_the_text_makes_no_pair_but_counts_as_cited() {
    // A paragraph cut from a brief: its first citation sentence supports a sentence before the cut.
    let text =
        "See also Rice v. Cayetano, 528 U.S. 495, 512 (2000). The Fifteenth Amendment protects \
        the right to vote. Smith v. Allwright, 321 U.S. 649, 664 (1944).";
    for generalized in [false, true] {
        let report = score(
            &claims(text),
            &claims(text),
            &[],
            &settings(generalized),
            &mut rouge_l,
        );
        assert_eq!(report.score(&report.metric), Some(1.0), "{generalized}");
        assert_eq!(report.details.pairs.len(), 1);
        assert_eq!(report.score("citation_recall"), Some(1.0));
        let left: Vec<(Text, &str)> = report
            .details
            .without_claim
            .iter()
            .map(|w| (w.text, w.authority.as_str()))
            .collect();
        assert_eq!(
            left,
            [
                (Text::Reference, "case:528 U.S. 495"),
                (Text::Candidate, "case:528 U.S. 495")
            ]
        );
        assert!(report.scores[0]
            .note
            .as_deref()
            .unwrap()
            .starts_with("2 citations with no claim in the text left out of the pairs"));
    }
}
