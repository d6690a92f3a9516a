//! Criterion micro-benchmarks of the engine on the shared CLERC paragraphs (`make bench` runs them).

use criterion::{criterion_group, criterion_main, Criterion};
use lexeval_core::rouge::{RougeOptions, RougeScorer, RougeType};
use std::hint::black_box;

const CLERC: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/fixtures/clerc/gaze_gaps_generation_pairs.jsonl"
);

/// (reference, candidate) paragraph pairs; empty when the shared fixtures are absent.
fn clerc_pairs() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(CLERC).unwrap_or_default();
    text.lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|row| {
            Some((
                row.get("gold_text")?.as_str()?.to_string(),
                row.get("generation")?.as_str()?.to_string(),
            ))
        })
        .take(200)
        .collect()
}

fn rouge(c: &mut Criterion) {
    let pairs = clerc_pairs();
    for stem in [false, true] {
        let options = RougeOptions {
            stem,
            ..RougeOptions::default()
        };
        let scorer = RougeScorer::new(&RougeType::DEFAULT, options);
        let name = format!("rouge 1/2/L/Lsum, 200 CLERC pairs, stem={stem}");
        c.bench_function(&name, |b| {
            b.iter(|| {
                for (reference, candidate) in &pairs {
                    black_box(scorer.score(reference, candidate));
                }
            })
        });
    }
}

criterion_group!(benches, rouge);
criterion_main!(benches);
