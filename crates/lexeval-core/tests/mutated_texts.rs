//! No panic from what a user may paste, and a sound report: the brief and summary checks run to a report on
//! realistic briefs (the Bluebook pairs corpus and eyecite's resolution tests) cut at random places, joined
//! with quoting parentheticals and string cites, stripped of parentheses, and sprinkled with no-break spaces,
//! combining marks, astral and bidi characters. Each mutation kind here once found a panic (a slice inside a
//! character; a cite inside another's parenthetical).

use lexeval_core::pipeline::{CheckJob, Pipeline, Step};
use lexeval_core::pointwise::PointwiseSettings;
use lexeval_core::similarity::Similarity;
use lexeval_core::test_support::{
    brief_job, l_fresco, repository_file, rng, summary_job, PlainJudge,
};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

fn corpus() -> Vec<String> {
    let read = |path: &str| repository_file(&format!("tests/{path}"));
    let mut texts = Vec::new();
    for line in read("briefs/bluebook_pairs.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
    {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        for field in ["reference", "generated", "candidate"] {
            if let Some(text) = row[field].as_str() {
                texts.push(text.to_string());
            }
        }
    }
    let suite: serde_json::Value =
        serde_json::from_str(&read("parity/eyecite_suite/resolve.json")).unwrap();
    for case in suite["cases"].as_array().unwrap() {
        texts.push(case["text"].as_str().unwrap().to_string());
    }
    texts
}

/// A number below `n` (0 when `n` is 0).
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    rng.random_range(0..n.max(1))
}

const INSERTS: [&str; 22] = [
    "(",
    ")",
    "§",
    "¶",
    ".",
    ",",
    ";",
    " ",
    "\u{a0}",
    "é",
    "—",
    "“",
    "”",
    "’",
    "\u{200b}",
    "\u{301}",
    "𝒜",
    "\u{202e}",
    "\r\n",
    "\u{feff}",
    " Id. at 5. ",
    " (quoting ",
];

fn mutate(text: &str, other: &str, rng: &mut ChaCha8Rng) -> String {
    let chars: Vec<char> = text.chars().collect();
    match below(rng, 5) {
        0 => {
            let start = below(rng, chars.len() + 1);
            let end = start + below(rng, chars.len() + 1 - start);
            chars[start..end].iter().collect()
        }
        1 => {
            let joint = [
                "; see also ",
                " (quoting ",
                " (citing ",
                ". Id. at 12. ",
                "\n",
            ][below(rng, 5)];
            format!("{text}{joint}{other}")
        }
        2 if below(rng, 2) == 0 => text.replace(['(', ')'], ""),
        // A quoting parenthetical after the first closing parenthesis, usually a citation's date.
        2 => text.replacen(
            ')',
            ") (quoting Blessing v. Freestone, 520 U.S. 329, 340 (1997) (citing Wright v. City of Roanoke, \
             479 U.S. 418, 430 (1987)))",
            1,
        ),
        _ => chars
            .iter()
            .map(|&c| {
                if below(rng, 40) == 0 {
                    INSERTS[below(rng, INSERTS.len())].to_string()
                } else {
                    c.to_string()
                }
            })
            .collect(),
    }
}

/// Runs the check to its report and asserts what every report must hold, whatever the text: each span lies
/// within its text, in order of start; each score is a defined ratio in [0, 1] or null with a reason.
fn run_to_report(job: CheckJob, reference: &str, candidate: &str) {
    let report = match Pipeline::start(job, &PlainJudge) {
        (_, Step::Done { report }) => report,
        (_, step) => panic!("ROUGE asked its caller: {step:?}"),
    };
    for (spans, text) in [
        (&report.reference_spans, reference),
        (&report.candidate_spans, candidate),
    ] {
        let length = text.chars().count();
        for span in spans.iter() {
            assert!(
                span.start <= span.end && span.end <= length,
                "span {span:?} outside a text of {length} chars: {text:?}"
            );
        }
        assert!(
            spans.windows(2).all(|pair| pair[0].start <= pair[1].start),
            "spans out of order: {spans:?}"
        );
    }
    for score in report.metric.scores().iter().chain(&report.rouge.scores) {
        match score.value {
            Some(value) => assert!(
                (0.0..=1.0).contains(&value) && score.null_reason.is_none(),
                "{score:?} for {reference:?} / {candidate:?}"
            ),
            None => assert!(
                score.null_reason.as_deref().is_some_and(|r| !r.is_empty()),
                "{} is null without a reason",
                score.name
            ),
        }
    }
}

#[test]
fn mutated_briefs_score_without_panicking() {
    let texts = corpus();
    let mut rng = rng(20261124);
    for _ in 0..600 {
        let pick = |rng: &mut ChaCha8Rng| texts[below(rng, texts.len())].as_str();
        let (a, b, c) = (pick(&mut rng), pick(&mut rng), pick(&mut rng));
        let reference = mutate(a, c, &mut rng);
        let candidate = mutate(b, a, &mut rng);
        let brief = brief_job(&reference, &candidate, l_fresco(Similarity::RougeL, 0.4));
        run_to_report(brief, &reference, &candidate);
        let summary = summary_job(&reference, &candidate, PointwiseSettings::default());
        run_to_report(summary, &reference, &candidate);
    }
}
