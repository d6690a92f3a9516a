//! rouge-score's own test expectations (rouge_scorer_test.py): its golden files, checked against the
//! ROUGE-1.5.5 values (5 decimals) and against rouge-score 0.1.2's exact output.

use super::*;

fn shared_fixture(name: &str) -> String {
    crate::test_support::shared_fixture(&format!("rouge/{name}"))
}

/// Lines with their trailing newline, like Python's `readlines()`.
fn lines(name: &str) -> Vec<String> {
    shared_fixture(name)
        .split_inclusive('\n')
        .map(str::to_string)
        .collect()
}

fn scorer(types: &[RougeType], stem: bool) -> RougeScorer {
    RougeScorer::new(
        types,
        RougeOptions {
            stem,
            ..RougeOptions::default()
        },
    )
}

/// (recall, precision, fmeasure) to 5 decimals, as rouge_scorer_test.py checks them.
fn assert_rpf(score: RougeScore, expected: (f64, f64, f64)) {
    let got = (score.recall, score.precision, score.fmeasure);
    assert!(
        (got.0 - expected.0).abs() < 5e-6
            && (got.1 - expected.1).abs() < 5e-6
            && (got.2 - expected.2).abs() < 5e-6,
        "got {got:?}, expected {expected:?}"
    );
}

#[test]
fn rouge1_against_rouge155() {
    let (t, p) = (lines("target.txt"), lines("prediction.txt"));
    let plain = scorer(&[RougeType::N(1)], false);
    assert_rpf(
        plain.score(&t[0], &p[0])[&RougeType::N(1)],
        (0.40741, 0.68750, 0.51163),
    );
    assert_rpf(
        plain.score(&t[1], &p[1])[&RougeType::N(1)],
        (0.40476, 0.65385, 0.50000),
    );
    let stemmed = scorer(&[RougeType::N(1)], true);
    assert_rpf(
        stemmed.score(&t[0], &p[0])[&RougeType::N(1)],
        (0.40741, 0.68750, 0.51163),
    );
    assert_rpf(
        stemmed.score(&t[1], &p[1])[&RougeType::N(1)],
        (0.42857, 0.69231, 0.52941),
    );
}

#[test]
fn rouge2_against_rouge155_with_and_without_stemming() {
    let (t, p) = (lines("target.txt"), lines("prediction.txt"));
    for stem in [false, true] {
        let s = scorer(&[RougeType::N(2)], stem);
        assert_rpf(
            s.score(&t[0], &p[0])[&RougeType::N(2)],
            (0.30769, 0.53333, 0.39024),
        );
        assert_rpf(
            s.score(&t[1], &p[1])[&RougeType::N(2)],
            (0.29268, 0.48000, 0.36364),
        );
    }
}

#[test]
fn rouge_l_against_rouge155() {
    let (t, p) = (lines("target.txt"), lines("prediction.txt"));
    let s = scorer(&[RougeType::L], false);
    assert_rpf(
        s.score(&t[0], &p[0])[&RougeType::L],
        (0.40741, 0.68750, 0.51163),
    );
    assert_rpf(
        s.score(&t[1], &p[1])[&RougeType::L],
        (0.40476, 0.65385, 0.50000),
    );
}

#[test]
fn rouge_lsum_against_rouge155_with_stemming() {
    let s = scorer(&[RougeType::LSum], true);
    let score = s.score(
        &shared_fixture("target_multi.0.txt"),
        &shared_fixture("prediction_multi.0.txt"),
    )[&RougeType::LSum];
    assert_rpf(score, (0.36538, 0.66667, 0.47205));
    // rouge-score 0.1.2's exact values.
    assert_eq!(score.precision, 0.6666666666666666);
    assert_eq!(score.recall, 0.36538461538461536);
    assert_eq!(score.fmeasure, 0.4720496894409938);
}

#[test]
fn golden_lines_equal_rouge_score_exactly() {
    let (t, p) = (lines("target.txt"), lines("prediction.txt"));
    // rouge-score 0.1.2 output (precision, recall, fmeasure); rougeL and rougeLsum equal rouge1 here.
    let expected = [
        (false, 0, (0.6875, 0.4074074074074074, 0.5116279069767441)),
        (false, 1, (0.6538461538461539, 0.40476190476190477, 0.5)),
        (true, 0, (0.6875, 0.4074074074074074, 0.5116279069767441)),
        (
            true,
            1,
            (0.6923076923076923, 0.42857142857142855, 0.5294117647058824),
        ),
    ];
    let rouge2 = [
        (0.5333333333333333, 0.3076923076923077, 0.3902439024390244),
        (0.48, 0.2926829268292683, 0.3636363636363636),
    ];
    for (stem, line, (precision, recall, fmeasure)) in expected {
        let scores = scorer(&RougeType::DEFAULT, stem).score(&t[line], &p[line]);
        let unigram = RougeScore {
            precision,
            recall,
            fmeasure,
        };
        assert_eq!(scores[&RougeType::N(1)], unigram);
        assert_eq!(scores[&RougeType::L], unigram);
        assert_eq!(scores[&RougeType::LSum], unigram);
        let (precision, recall, fmeasure) = rouge2[line];
        let bigram = RougeScore {
            precision,
            recall,
            fmeasure,
        };
        assert_eq!(scores[&RougeType::N(2)], bigram);
    }
}

#[test]
fn unit_cases_of_rouge_scorer_test() {
    let all = scorer(&RougeType::DEFAULT, false);
    let r = all.score("testing one two", "testing");
    assert_eq!(
        (
            r[&RougeType::N(1)].precision,
            r[&RougeType::N(1)].recall,
            r[&RougeType::N(1)].fmeasure
        ),
        (1.0, 1.0 / 3.0, 0.5)
    );
    let r = all.score("testing one two", "testing one");
    assert_eq!(
        (r[&RougeType::N(2)].precision, r[&RougeType::N(2)].recall),
        (1.0, 0.5)
    );
    assert!((r[&RougeType::L].fmeasure - 0.8).abs() < 1e-12);
    let r = all.score("testing one two", "testing two");
    assert_eq!(
        (r[&RougeType::L].precision, r[&RougeType::L].recall),
        (1.0, 2.0 / 3.0)
    );

    let multi = scorer(&[RougeType::N(1), RougeType::N(2), RougeType::L], false)
        .score_multi(&["first text", "first something"], "text first");
    assert_eq!(multi[&RougeType::N(1)].fmeasure, 1.0);
    assert_eq!(multi[&RougeType::N(2)].fmeasure, 0.0);
    assert_eq!(multi[&RougeType::L].fmeasure, 0.5);

    let lsum = scorer(&[RougeType::LSum], false);
    let r = lsum.score("w1 w2 w3 w4 w5", "w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5")[&RougeType::LSum];
    assert_eq!((r.recall, r.precision), (0.8, 0.4));
    assert!((r.fmeasure - 0.5333).abs() < 1e-4);
    for (reference, candidate) in [("w1 w2 w3 w4 w5", ""), ("", "w1"), ("w1 w2 w3 w4 w5", "/")] {
        assert_eq!(
            lsum.score(reference, candidate)[&RougeType::LSum],
            RougeScore::default()
        );
    }

    let stemmed = scorer(&[RougeType::LSum], true);
    let split = stemmed.score(
        "First sentence.\nSecond Sentence.",
        "Second sentence.\nFirst Sentence.",
    );
    assert_eq!(split[&RougeType::LSum].fmeasure, 1.0);
    let joined = stemmed.score(
        "First sentence. Second Sentence.",
        "Second sentence. First Sentence.",
    );
    assert_eq!(joined[&RougeType::LSum].fmeasure, 0.5);
}
