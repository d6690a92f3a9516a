//! The default match threshold of each similarity, in one place. Chosen with `lexeval calibrate` on
//! `tests/calibration/legal_claim_pairs.jsonl` (64 labelled legal claim pairs); data, method and results
//! in `docs/thresholds.md`. An explicit threshold always wins.

/// The default threshold for the similarity named `similarity` (the settings' names: "rougeL", "rouge1",
/// "rouge2", "embedding", "llm").
pub fn default_threshold(similarity: &str) -> f64 {
    match similarity {
        "rougeL" => 0.40,
        "rouge1" => 0.42,
        "rouge2" => 0.26,
        "embedding" => 0.77,
        // The LLM judge answers 1 or 0, so any threshold in (0, 1] reads its verdict.
        _ => 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calibrate::{calibrate, LabelledPair};
    use crate::rouge::{PairwiseF1, RougeType};

    /// The committed data set still calibrates to the committed ROUGE defaults (to two decimals).
    #[test]
    fn rouge_defaults_match_the_committed_calibration() {
        let data = include_str!("../../../tests/calibration/legal_claim_pairs.jsonl");
        let pairs: Vec<LabelledPair> = crate::jsonl::parse(data).unwrap();
        assert!(pairs.len() >= 60);
        for (name, kind) in [
            ("rougeL", RougeType::L),
            ("rouge1", RougeType::N(1)),
            ("rouge2", RougeType::N(2)),
        ] {
            let mut rouge = PairwiseF1::new(kind, true);
            let similarities: Vec<f64> = pairs
                .iter()
                .map(|p| rouge.f1(&p.reference, &p.generated))
                .collect();
            let chosen = calibrate(&pairs, &similarities, name)
                .score("threshold")
                .unwrap();
            assert!(
                (chosen - default_threshold(name)).abs() < 0.005,
                "{name}: {chosen}"
            );
        }
    }
}
