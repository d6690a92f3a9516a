//! The comparison's hand-computed cases, and two systems on CaseFacts' released test split.

use super::*;
use crate::casefacts::{self, GoldClaim, Prediction};
use crate::pairs::{PairItem, PairsDetails};

fn bootstrap() -> BootstrapAggregator {
    BootstrapAggregator::new(0.95, 1000, 0).unwrap()
}

/// A pairs table (CLERC's layout) with one L-FRESCO value per (idx, model); `None` is undefined.
fn pairs_table(rows: &[(u64, &str, Option<f64>)]) -> ItemTable {
    let items = rows
        .iter()
        .enumerate()
        .map(|(index, &(idx, model, value))| PairItem {
            item: index + 1,
            id: Some(serde_json::json!(idx)),
            model: Some(model.to_string()),
            scores: vec![match value {
                Some(v) => Score::new("l-fresco", v),
                None => Score::null("l-fresco", "the reference has no cited claims"),
            }],
            to_check: 0,
            integrity: Vec::new(),
        })
        .collect();
    let mut report = ScoreReport::new("l-fresco", "1", serde_json::json!({}));
    report.details = PairsDetails {
        intervals: vec![crate::pairs::PairsInterval {
            name: "l-fresco".into(),
            defined: 0,
            undefined: 0,
            low: None,
            mid: None,
            high: None,
        }],
        items,
    };
    crate::items::pairs(&report)
}

fn side<'a>(label: &'a str, table: &'a ItemTable) -> Side<'a> {
    Side { label, table }
}

#[test]
fn a_constant_improvement_is_beyond_a_degenerate_interval() {
    // Items 1–3 both sides: B − A = 0.25 each, so every resample's mean is 0.25.
    let a = pairs_table(&[
        (1, "a", Some(0.25)),
        (2, "a", Some(0.5)),
        (3, "a", Some(0.0)),
    ]);
    let b = pairs_table(&[
        (1, "b", Some(0.5)),
        (2, "b", Some(0.75)),
        (3, "b", Some(0.25)),
    ]);
    let report = compare(side("A", &a), side("B", &b), "l-fresco", &bootstrap()).unwrap();
    assert_eq!(report.score("mean_a"), Some(0.25));
    assert_eq!(report.score("mean_b"), Some(0.5));
    assert_eq!(report.score("mean_difference"), Some(0.25));
    let interval = report.details.interval.unwrap();
    assert_eq!(
        (interval.low, interval.mid, interval.high),
        (0.25, 0.25, 0.25)
    );
    assert_eq!(report.details.beyond_interval, Some(true));
    assert_eq!(report.details.key, "id");
    assert!(verdict(&report).starts_with("B scores higher than A, beyond the interval"));
}

#[test]
fn opposite_differences_are_within_the_interval() {
    // B − A = +0.5 and −0.5: mean 0, and the resampled means run from −0.5 to 0.5.
    let a = pairs_table(&[(7, "a", Some(0.0)), (8, "a", Some(1.0))]);
    let b = pairs_table(&[(7, "b", Some(0.5)), (8, "b", Some(0.5))]);
    let report = compare(side("A", &a), side("B", &b), "l-fresco", &bootstrap()).unwrap();
    assert_eq!(report.score("mean_difference"), Some(0.0));
    let interval = report.details.interval.unwrap();
    assert_eq!((interval.low, interval.high), (-0.5, 0.5));
    assert_eq!(report.details.beyond_interval, Some(false));
    assert!(verdict(&report).starts_with("The difference is within the interval"));
}

#[test]
fn one_sided_and_undefined_items_are_listed_with_reasons_and_left_out() {
    let a = pairs_table(&[
        (1, "a", Some(0.4)),
        (2, "a", None),
        (3, "a", Some(0.9)),
        (4, "a", Some(0.2)),
    ]);
    let b = pairs_table(&[
        (5, "b", Some(1.0)),
        (1, "b", Some(0.6)),
        (2, "b", Some(0.7)),
        (3, "b", Some(0.5)),
    ]);
    let report = compare(side("A", &a), side("B", &b), "l-fresco", &bootstrap()).unwrap();
    let details = &report.details;
    assert_eq!(
        (
            details.compared,
            details.only_in_a,
            details.only_in_b,
            details.undefined
        ),
        (2, 1, 1, 1)
    );
    // Items 1 and 3: A 0.4, 0.9 (mean 0.65); B 0.6, 0.5 (mean 0.55); differences 0.2, −0.4.
    assert!((report.score("mean_a").unwrap() - 0.65).abs() < 1e-12);
    assert!((report.score("mean_b").unwrap() - 0.55).abs() < 1e-12);
    assert!((report.score("mean_difference").unwrap() + 0.1).abs() < 1e-12);
    assert_eq!(
        report.scores[2].note.as_deref(),
        Some("over the 2 items both sides score; left out: 1 only in A, 1 only in B, 1 undefined on a side")
    );
    let undefined = &details.items[1];
    assert_eq!(
        (undefined.key.as_str(), undefined.status),
        ("2", ItemStatus::Undefined)
    );
    assert_eq!((undefined.a, undefined.difference), (None, None));
    assert_eq!(
        undefined.a_null_reason.as_deref(),
        Some("the reference has no cited claims")
    );
    assert_eq!(undefined.b, Some(0.7));
    let only_b = &details.items[4];
    assert_eq!(
        (only_b.key.as_str(), only_b.status, only_b.b),
        ("5", ItemStatus::OnlyInB, Some(1.0))
    );
    assert_eq!(only_b.a_null_reason.as_deref(), Some("not in A"));
    // The per-item table: one row per item, the undefined side empty, never 0.
    let csv = table(details).to_csv();
    assert!(
        csv.contains(
            "\"2\",\"undefined on a side\",,0.7,,\"A: the reference has no cited claims\""
        ),
        "{csv}"
    );
}

#[test]
fn the_interval_is_the_scalar_bootstrap_of_the_paired_differences() {
    let values_a: Vec<f64> = (0..30).map(|i| f64::from(i % 7) / 6.0).collect();
    let values_b: Vec<f64> = (0..30).map(|i| f64::from((i * 3) % 11) / 10.0).collect();
    let rows = |model, values: &[f64]| -> Vec<(u64, &str, Option<f64>)> {
        values
            .iter()
            .enumerate()
            .map(|(i, v)| (i as u64, model, Some(*v)))
            .collect()
    };
    let (a, b) = (
        pairs_table(&rows("a", &values_a)),
        pairs_table(&rows("b", &values_b)),
    );
    let report = compare(side("A", &a), side("B", &b), "l-fresco", &bootstrap()).unwrap();
    let differences: Vec<f64> = values_a.iter().zip(&values_b).map(|(a, b)| b - a).collect();
    let [low, mid, high] = bootstrap().scalar_interval(&differences).unwrap();
    assert_eq!(
        report.details.interval,
        Some(DifferenceInterval { high, low, mid })
    );
    assert_eq!(report.settings["bootstrap"]["samples"], 1000);
}

#[test]
fn two_models_of_one_file_are_two_sides_and_an_unknown_model_is_named() {
    let file = pairs_table(&[
        (1, "gpt4o", Some(0.5)),
        (1, "llama3", Some(0.25)),
        (2, "gpt4o", Some(1.0)),
        (2, "llama3", Some(0.5)),
    ]);
    assert_eq!(models(&file), ["gpt4o", "llama3"]);
    let (a, b) = (
        model_rows(&file, "gpt4o").unwrap(),
        model_rows(&file, "llama3").unwrap(),
    );
    let report = compare(
        side("gpt4o", &a),
        side("llama3", &b),
        "l-fresco",
        &bootstrap(),
    )
    .unwrap();
    assert_eq!(report.score("mean_difference"), Some(-0.375));
    let err = model_rows(&file, "claude").unwrap_err();
    assert_eq!(
        err.to_string(),
        "no row has model \"claude\"; the file's models are: gpt4o, llama3"
    );
    // Without ids, both sides of one file would share row numbers that are not the same item.
    let duplicated = pairs_table(&[(1, "gpt4o", Some(0.5)), (1, "gpt4o", Some(0.25))]);
    assert!(matches!(
        compare(
            side("A", &duplicated),
            side("B", &a),
            "l-fresco",
            &bootstrap()
        ),
        Err(CompareError::DuplicateItem { side: "A", .. })
    ));
}

#[test]
fn disjoint_files_and_unknown_scores_are_plain_errors() {
    let a = pairs_table(&[(1, "a", Some(0.5))]);
    let b = pairs_table(&[(2, "b", Some(0.5))]);
    let err = compare(side("A", &a), side("B", &b), "l-fresco", &bootstrap()).unwrap_err();
    assert!(err
        .to_string()
        .starts_with("the two files have no item in common (1 items in A, 1 in B)"));
    let err = compare(side("A", &a), side("B", &a), "item", &bootstrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "there is no score \"item\" to compare; choose one of: l-fresco"
    );
}

#[test]
fn pair_files_with_different_references_for_an_item_are_refused() {
    let record = |id: Option<u64>, reference: &str| PairRecord {
        reference: reference.into(),
        generated: "The court held the plan fiduciary liable.".into(),
        id: id.map(|id| serde_json::json!(id)),
        model: None,
    };
    let a = [
        record(
            Some(4),
            "ERISA § 404(a)(1)(B) sets the prudent-man standard.",
        ),
        record(Some(9), "Tibble v. Edison, 575 U.S. 523 (2015)."),
    ];
    let reordered = [a[1].clone(), a[0].clone()];
    assert_eq!(check_same_references(&a, &reordered), Ok(()));
    let changed = [
        record(Some(9), "Tibble v. Edison, 575 U.S. 523 (2015)."),
        record(Some(4), "A different brief."),
    ];
    assert_eq!(
        check_same_references(&a, &changed).unwrap_err().to_string(),
        "the two sides were scored against different gold: item \"4\" has a different reference text"
    );
    // Without ids on every row, rows are matched by position.
    let unnumbered = [
        record(None, "A different brief."),
        record(None, "Tibble v. Edison, 575 U.S. 523 (2015)."),
    ];
    assert!(check_same_references(&a, &unnumbered).is_err());
}

fn casefacts_gold() -> Vec<GoldClaim> {
    crate::records::parse(&crate::test_support::shared_fixture("casefacts/test.json")).unwrap()
}

/// A system that names the gold cases and answers `verdict(i)` for claim `i`, on the claims `keep` allows.
fn system(
    gold: &[GoldClaim],
    keep: impl Fn(usize) -> bool,
    verdict: impl Fn(usize, &GoldClaim) -> String,
) -> ItemTable {
    let predictions: Vec<Prediction> = gold
        .iter()
        .enumerate()
        .filter(|(i, _)| keep(*i))
        .map(|(i, claim)| Prediction {
            claim: claim.claim.clone(),
            predicted_cases: claim.case_name.clone(),
            predicted_verdict: verdict(i, claim),
        })
        .collect();
    crate::items::casefacts(&casefacts::score(gold, &predictions).details)
}

#[test]
fn casefacts_systems_on_the_released_test_split() {
    let gold = casefacts_gold();
    // A always answers "Supported" (right on 280 of 500); B answers the gold label except on every
    // fifth claim, and skips the last 20 claims, which A alone then has.
    let a = system(&gold, |_| true, |_, _| "Supported".into());
    let b = system(
        &gold,
        |i| i < 480,
        |i, claim| {
            if i % 5 == 0 {
                "Refuted".into()
            } else {
                claim.label.clone()
            }
        },
    );
    assert_eq!(default_score(&a), Some("verdict_score"));
    let report = compare(
        side("always-supported", &a),
        side("mostly-right", &b),
        "verdict_score",
        &bootstrap(),
    )
    .unwrap();
    let details = &report.details;
    assert_eq!(
        (
            details.key.as_str(),
            details.compared,
            details.only_in_a,
            details.only_in_b
        ),
        ("claim", 480, 20, 0)
    );
    // Both name the gold cases, so a claim's Verdict Score is its evidence F1 (1, or 0 for the few
    // claims with over ten gold cases: Recall@5 < 0.5) when the verdict is right, else 0.
    let right = |i: usize, verdict: &str| {
        let names: Vec<String> = gold[i]
            .case_name
            .iter()
            .map(|n| casefacts::normalise_case_name(n))
            .collect();
        let evidence = casefacts::evidence(&names, &names.iter().cloned().collect()).0;
        let correct =
            casefacts::normalise_verdict(verdict) == casefacts::normalise_verdict(&gold[i].label);
        evidence * f64::from(u8::from(correct))
    };
    let expected_a = (0..480).map(|i| right(i, "Supported")).sum::<f64>() / 480.0;
    let expected_b = (0..480)
        .map(|i| {
            right(
                i,
                if i % 5 == 0 {
                    "Refuted"
                } else {
                    &gold[i].label
                },
            )
        })
        .sum::<f64>()
        / 480.0;
    assert!((report.score("mean_a").unwrap() - expected_a).abs() < 1e-12);
    assert!((report.score("mean_b").unwrap() - expected_b).abs() < 1e-12);
    let interval = details.interval.unwrap();
    assert!(
        interval.low > 0.0
            && interval.low < expected_b - expected_a
            && expected_b - expected_a < interval.high
    );
    assert_eq!(details.beyond_interval, Some(true));
    // A claim only A answered is listed, with B's side explained.
    let last = details
        .items
        .iter()
        .find(|i| i.key == gold[499].claim)
        .unwrap();
    assert_eq!(
        (last.status, last.b_null_reason.as_deref()),
        (ItemStatus::OnlyInA, Some("not in B"))
    );
}

#[test]
fn different_gold_labels_are_refused() {
    let gold = casefacts_gold();
    let mut relabelled = gold.clone();
    relabelled[3].label = if gold[3].label == "Supported" {
        "Refuted".into()
    } else {
        "Supported".into()
    };
    let a = system(&gold, |i| i < 10, |_, claim| claim.label.clone());
    let b = system(&relabelled, |i| i < 10, |_, claim| claim.label.clone());
    let err = compare(side("A", &a), side("B", &b), "verdict_score", &bootstrap()).unwrap_err();
    assert_eq!(
        err,
        CompareError::DifferentGold {
            key: gold[3].claim.clone(),
            column: "gold_label".into()
        }
    );
}
