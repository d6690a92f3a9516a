//! The page's ROUGE engine behind one wasm-bindgen export, so node can time the wasm build.

use lexeval_core::rouge::{RougeOptions, RougeScorer, RougeType};
use wasm_bindgen::prelude::wasm_bindgen;

/// Scores every `{"reference","candidate"}` line with rouge1/2/L/Lsum and returns the sum of all F-measures
/// (a checksum the benchmark compares with rouge-score's). Malformed lines are skipped.
#[wasm_bindgen]
pub fn rouge_pairs_checksum(pairs_jsonl: &str, stem: bool) -> f64 {
    let options = RougeOptions {
        stem,
        ..RougeOptions::default()
    };
    let scorer = RougeScorer::new(&RougeType::DEFAULT, options);
    pairs_jsonl
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|pair| {
            let reference = pair.get("reference")?.as_str()?;
            let candidate = pair.get("candidate")?.as_str()?;
            Some(scorer.score(reference, candidate))
        })
        .flat_map(|scores| scores.into_values().map(|score| score.fmeasure))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::rouge_pairs_checksum;

    #[test]
    fn checksum_sums_all_four_fmeasures_and_skips_bad_lines() {
        let jsonl = "{\"reference\": \"the cat sat\", \"candidate\": \"the cat sat\"}\nnot json\n";
        assert_eq!(rouge_pairs_checksum(jsonl, false), 4.0);
    }
}
