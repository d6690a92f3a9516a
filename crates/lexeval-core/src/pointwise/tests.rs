use super::assignment::threshold_matches;
use super::*;
use crate::judge::JudgeError;
use crate::report::ScoreReport;
use crate::rouge::f1;
use crate::rouge::RougeType;

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a5_greedy_assigns_singletons_first_then_the_least_contested_candidate() {
    // c0 matches r0 only; c1 matches r0 and r1; c2 matches r1 and r2.
    let matches = vec![vec![0, 1], vec![1, 2], vec![2]];
    let similarity = vec![
        vec![0.9, 0.8, 0.0],
        vec![0.0, 0.7, 0.6],
        vec![0.0, 0.0, 0.95],
    ];
    // c0 → r0 (single); c1 then has only r1 → r1; c2 has only r2 → r2.
    assert_eq!(
        greedy_assignment(&matches, &similarity),
        [(0, 0), (1, 1), (2, 2)]
    );
    // Both candidates contested: c0 (2 matches) takes its most similar reference, r1.
    let matches = vec![vec![0, 1], vec![0, 1]];
    let similarity = vec![vec![0.6, 0.9], vec![0.8, 0.7]];
    assert_eq!(greedy_assignment(&matches, &similarity), [(0, 1), (1, 0)]);
}

#[test]
fn weights_follow_a3_and_sum_to_one() {
    let paragraph = "The court held the officer liable. The court dismissed the claim.";
    let pts = strings(&[
        "The court held the officer liable.",
        "The court dismissed the claim.",
    ]);
    let w = point_weights(paragraph, &pts);
    // "the" ×4 and "court" ×2 appear as often in the paragraph as in the points: every W_l = 1, so each
    // point weighs its lemma count: 6 and 5 of 11.
    assert!(
        (w[0] - 6.0 / 11.0).abs() < 1e-12 && (w[1] - 5.0 / 11.0).abs() < 1e-12,
        "{w:?}"
    );
    // Points repeating paragraph words more often than the paragraph are down-weighted.
    let w = point_weights(
        "officer liable",
        &strings(&["officer liable", "officer liable"]),
    );
    assert_eq!(w, [0.5, 0.5]);
}

#[test]
fn worked_example_recall_precision_and_other_relevant_matches() {
    let reference = strings(&["a b c", "d e f", "g h i"]);
    let candidate = strings(&["x", "y"]);
    // r0 and r1 both match only c0; r2 matches nothing.
    let similarity = vec![vec![0.9, 0.1], vec![0.8, 0.2], vec![0.1, 0.1]];
    let settings = PointwiseSettings::default();
    let report = score(
        "a b c d e f g h i",
        &reference,
        &candidate,
        &similarity,
        &settings,
    );
    // Equal weights 1/3: r0 assigned (1), r1's match went to r0 (0, §5.3), r2 none → 1/3; precision 1/2.
    assert!((report.score("pointwise_recall").unwrap() - 1.0 / 3.0).abs() < 1e-12);
    assert_eq!(report.score("pointwise_precision"), Some(0.5));
    // c1 matches nothing in the reference.
    let PointwiseDetails::Scored(details) = &report.details else {
        panic!("scored");
    };
    assert_eq!(
        details.unsupported_candidate_points,
        [UnsupportedPoint {
            candidate: 1,
            text: "y".into()
        }]
    );
}

#[test]
fn a_point_repeated_for_emphasis_is_covered_once_as_in_the_paper() {
    // A.2: the court restates a point from the background; one candidate point matches both.
    let point = "The appellant failed to claim financial relief under the foreign law.";
    let reference = strings(&[point, point]);
    let candidate = strings(&[point]);
    let similarity = vec![vec![1.0], vec![1.0]];
    let paragraph = format!("{point} {point}");
    let paper = score(
        &paragraph,
        &reference,
        &candidate,
        &similarity,
        &PointwiseSettings::default(),
    );
    assert_eq!(paper.score("pointwise_recall"), Some(0.5));
    let version_1 = PointwiseSettings {
        other_relevant: OtherRelevant::Partial,
        ..PointwiseSettings::default()
    };
    let old = score(&paragraph, &reference, &candidate, &similarity, &version_1);
    assert_eq!(old.score("pointwise_recall"), Some(0.75));
    // Settings saved before the option existed keep version 1's behaviour.
    let mut saved = serde_json::to_value(PointwiseSettings::default()).unwrap();
    saved.as_object_mut().unwrap().remove("other_relevant");
    let saved: PointwiseSettings = serde_json::from_value(saved).unwrap();
    assert_eq!(saved.other_relevant, OtherRelevant::Partial);
}

#[test]
fn lemmas_are_counted_against_their_own_paragraph() {
    // The first paragraph's sentence is split into two points repeating its words ("late" is not in it).
    let first = Paragraph {
        paragraph: "The tenant paid rent.".into(),
        points: strings(&["The tenant paid rent.", "The tenant paid rent late."]),
    };
    let second = Paragraph {
        paragraph: "The tenant left.".into(),
        points: strings(&["The tenant left."]),
    };
    // Per paragraph: the, tenant, paid, rent occur once in the first paragraph and twice in its points
    // (W_l = 1/2 each, late 0): 2 and 2; the second point's three lemmas count fully: 3. Total 7.
    let w = paragraph_weights(&[first.clone(), second.clone()]);
    let expected = [2.0 / 7.0, 2.0 / 7.0, 3.0 / 7.0];
    assert!(
        w.iter().zip(expected).all(|(a, b)| (a - b).abs() < 1e-12),
        "{w:?}"
    );
    // As one paragraph, "the" and "tenant" (2 in the text, 3 in the points) weigh 2/3 everywhere and
    // every point sums to 7/3: uniform weights, the repetition no longer shows.
    let all_points: Vec<String> = first.points.iter().chain(&second.points).cloned().collect();
    let whole = point_weights("The tenant paid rent. The tenant left.", &all_points);
    assert!(
        whole.iter().all(|w| (w - 1.0 / 3.0).abs() < 1e-12),
        "{whole:?}"
    );
}

#[test]
fn easiness_compares_stems_like_matching() {
    let reference = strings(&["The court dismissed the appeals."]);
    let candidate = strings(&["The court dismisses the appeal."]);
    assert_eq!(easiness(&reference, &candidate), (Some(1.0), Some(1.0)));
}

#[test]
fn identical_summaries_score_one_and_empty_ones_null() {
    let text = "The court held the officer liable. The claim was dismissed. Costs were awarded.";
    let pts = points(text);
    let sim: Vec<Vec<f64>> = pts
        .iter()
        .map(|a| {
            pts.iter()
                .map(|b| f1(RougeType::N(1), a, b, false))
                .collect()
        })
        .collect();
    for assignment in [Assignment::Greedy, Assignment::Optimal] {
        let settings = PointwiseSettings {
            assignment,
            ..PointwiseSettings::default()
        };
        let report = score(text, &pts, &pts, &sim, &settings);
        assert!((report.score("pointwise_recall").unwrap() - 1.0).abs() < 1e-12);
        assert_eq!(report.score("pointwise_precision"), Some(1.0));
        assert_eq!(report.score("easiness_recall"), Some(1.0));
    }
    let report = score("", &[], &[], &[], &PointwiseSettings::default());
    assert!(report
        .scores
        .iter()
        .all(|s| s.value.is_none() && s.null_reason.is_some()));
}

#[test]
fn a_matrix_of_the_wrong_shape_gives_nulls_not_a_panic() {
    let reference = strings(&["a b", "c d"]);
    let candidate = strings(&["a b"]);
    for similarity in [vec![vec![1.0]], vec![vec![1.0], vec![0.5, 0.2]]] {
        let report = score(
            "a b c d",
            &reference,
            &candidate,
            &similarity,
            &PointwiseSettings::default(),
        );
        assert_eq!(report.scores.len(), SCORE_NAMES.len());
        assert!(report
            .scores
            .iter()
            .all(|s| s.value.is_none() && s.null_reason.is_some()));
    }
}

#[test]
fn points_without_ascii_lemmas_are_weighted_uniformly() {
    // rouge-score's tokenizer keeps only [a-z0-9]: these points have no lemma, so A.3 weights are all 0.
    let pts = strings(&["法院驳回上诉。", "费用判给被告。"]);
    let identity = vec![vec![1.0, 0.0], vec![0.0, 1.0]];
    let report = score(
        "法院驳回上诉。费用判给被告。",
        &pts,
        &pts,
        &identity,
        &PointwiseSettings::default(),
    );
    assert_eq!(report.score("pointwise_recall"), Some(1.0));
    let PointwiseDetails::Scored(details) = &report.details else {
        panic!("scored");
    };
    assert_eq!(details.weighting, Weighting::Uniform);
    assert_eq!(
        serde_json::to_value(details.weighting).unwrap(),
        "uniform: no lemma of any reference point occurs in the reference paragraph"
    );
    // Only r0 matched: uniform weights give recall 1/2.
    let half = vec![vec![1.0, 0.0], vec![0.0, 0.0]];
    let report = score("", &pts, &pts, &half, &PointwiseSettings::default());
    assert_eq!(report.score("pointwise_recall"), Some(0.5));
}

/// Seeded pseudo-random numbers in [0, 1) for property tests.
fn uniform(rng: &mut rand_chacha::ChaCha8Rng) -> f64 {
    rand::Rng::random(rng)
}

#[test]
fn properties_scores_in_range_and_optimal_invariant_to_candidate_order() {
    let words = [
        "court", "appeal", "costs", "held", "duty", "breach", "contract",
    ];
    let mut rng = crate::test_support::rng(11);
    for round in 0..60 {
        let (n, m) = (1 + round % 6, 1 + (round * 7) % 5);
        let text = |count: usize, rng: &mut rand_chacha::ChaCha8Rng| -> Vec<String> {
            (0..count)
                .map(|_| {
                    (0..3)
                        .map(|_| words[(uniform(rng) * 7.0) as usize % 7])
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect()
        };
        let reference = text(n, &mut rng);
        let candidate = text(m, &mut rng);
        let paragraph = reference.join(" ");
        let similarity: Vec<Vec<f64>> = (0..n)
            .map(|_| (0..m).map(|_| uniform(&mut rng)).collect())
            .collect();
        for assignment in [Assignment::Greedy, Assignment::Optimal] {
            let settings = PointwiseSettings {
                assignment,
                ..PointwiseSettings::default()
            };
            let report = score(&paragraph, &reference, &candidate, &similarity, &settings);
            for s in &report.scores {
                let v = s.value.unwrap();
                assert!((0.0..=1.0 + 1e-12).contains(&v), "{s:?}");
            }
        }
        let settings = PointwiseSettings {
            assignment: Assignment::Optimal,
            ..PointwiseSettings::default()
        };
        let report = score(&paragraph, &reference, &candidate, &similarity, &settings);
        let reversed: Vec<String> = candidate.iter().rev().cloned().collect();
        let reversed_similarity: Vec<Vec<f64>> = similarity
            .iter()
            .map(|row| row.iter().rev().copied().collect())
            .collect();
        let other = score(
            &paragraph,
            &reference,
            &reversed,
            &reversed_similarity,
            &settings,
        );
        for name in ["pointwise_recall", "pointwise_precision", "pointwise_f1"] {
            let (a, b) = (report.score(name).unwrap(), other.score(name).unwrap());
            assert!((a - b).abs() < 1e-12, "{name}: {a} vs {b}");
        }
    }
}

#[test]
fn every_pair_at_the_threshold_matches_beyond_the_top_5() {
    let similarity = vec![vec![0.9, 0.8, 0.7, 0.6, 0.55, 0.5, 0.4]];
    assert_eq!(
        threshold_matches(&similarity, 0.5),
        [vec![0, 1, 2, 3, 4, 5]]
    );
    assert_eq!(preselect(&similarity, 2), [(0, 0), (0, 1)]);
}

/// The paper's pointwise scores of points from one reference paragraph: [`score_weighted`] with the
/// paragraph's A.3 weights.
fn score(
    reference_paragraph: &str,
    reference_points: &[String],
    candidate_points: &[String],
    similarity: &[Vec<f64>],
    settings: &PointwiseSettings,
) -> ScoreReport<PointwiseDetails> {
    let weights = point_weights(reference_paragraph, reference_points);
    score_weighted(
        &weights,
        (reference_points, candidate_points),
        similarity,
        settings,
    )
}

#[test]
fn a_partly_judged_summary_gives_the_bounds_of_a_full_judgement() {
    // r0 matched to c0; r1's only pair (with c1) failed, so r1 and c1 are undecided.
    let reference = strings(&["a b", "c d"]);
    let candidate = strings(&["a b", "x y"]);
    let matching = PointMatching {
        matches: vec![vec![0], vec![]],
        assigned: vec![(0, 0)],
        judged_pairs: 3,
        unjudged: vec![((1, 1), JudgeError::Unanswered("endpoint timed out".into()))],
    };
    let similarity = vec![vec![1.0, 0.0], vec![0.0, 0.0]];
    let report = score_matching_weighted(
        &[0.5, 0.5],
        (&reference, &candidate),
        &similarity,
        matching,
        &PointwiseSettings::default(),
    );
    let bounds = |name: &str| {
        let score = report.scores.iter().find(|s| s.name == name).unwrap();
        (score.value, score.bounds.map(|b| (b.lower, b.upper)))
    };
    // Over the decided points both are 1; over all, r1 and c1 missed (0.5) or matched (1).
    assert_eq!(bounds("pointwise_recall"), (Some(1.0), Some((0.5, 1.0))));
    assert_eq!(bounds("pointwise_precision"), (Some(1.0), Some((0.5, 1.0))));
    assert_eq!(bounds("pointwise_f1"), (Some(1.0), Some((0.5, 1.0))));
    // The judge's error is the report's text, as the judge worded it.
    let PointwiseDetails::Scored(details) = &report.details else {
        panic!("scored: {:?}", report.details);
    };
    assert_eq!(details.unjudged_pairs[0].error, "endpoint timed out");
    assert!(report.scores[0]
        .note
        .as_deref()
        .is_some_and(|note| note.ends_with("(first: endpoint timed out)")));
}

#[test]
fn a_point_source_id_is_its_recorded_name() {
    for source in PointSource::ALL {
        assert_eq!(
            serde_json::to_value(source).unwrap(),
            serde_json::json!(source.id())
        );
        assert_eq!(PointSource::from_id(source.id()), Some(source));
    }
    assert_eq!(PointSource::from_id("paragraphs"), None);
}
