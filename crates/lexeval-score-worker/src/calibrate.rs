//! The page's threshold calibration: the similarity of each labelled pair (ROUGE here, embeddings by way
//! of the page) and `lexeval_core::calibrate`, computed as `lexeval calibrate` computes them, so the page's
//! threshold is the CLI's on the same file.

use lexeval_core::calibrate::{calibrate, LabelledPair};
use lexeval_core::embedded::EmbeddedTexts;
use lexeval_core::report::ScoreReport;
use lexeval_core::rouge::PairwiseF1;
use lexeval_core::similarity::{Measure, Similarity};
use serde::Deserialize;

/// `{"pairs": "<JSON Lines>", "similarity": "rougeL" | "rouge1" | "rouge2" | "embedding"}`.
#[derive(Deserialize)]
pub struct Request {
    pairs: String,
    similarity: Similarity,
}

/// The calibration report, or why the pairs cannot be calibrated (the first bad line named).
pub async fn run(id: u32, request: Request) -> Result<ScoreReport, String> {
    let pairs: Vec<LabelledPair> = lexeval_core::jsonl::parse(&request.pairs).map_err(|e| {
        format!(
            "line {}: expected {{\"reference\", \"generated\", \"label\": \"full\" | \"partial\" | \"none\"}}: {}",
            e.line, e.message
        )
    })?;
    if pairs.is_empty() {
        return Err("no labelled pairs: paste or upload JSON Lines, one pair a line".into());
    }
    let similarities =
        match request.similarity.measure() {
            Measure::Rouge(kind) => {
                let mut rouge = PairwiseF1::new(kind, true);
                pairs
                    .iter()
                    .map(|p| rouge.f1(&p.reference, &p.generated))
                    .collect()
            }
            Measure::Embedding => {
                let texts = EmbeddedTexts::distinct(
                    pairs
                        .iter()
                        .flat_map(|p| [p.reference.as_str(), p.generated.as_str()]),
                );
                let embeddings = crate::embeddings::from_page(id, texts.clone())
                    .await
                    .map_err(|e| format!("embedding similarity unavailable: {e}"))?;
                let embedded = EmbeddedTexts::new(texts, embeddings);
                pairs
                    .iter()
                    .map(|p| embedded.similarity(&p.reference, &p.generated))
                    .collect::<Result<Vec<f64>, String>>()?
            }
            Measure::Llm => return Err(
                "calibration takes a continuous similarity: ROUGE-L, ROUGE-1, ROUGE-2 or embedding"
                    .into(),
            ),
        };
    Ok(calibrate(&pairs, &similarities, request.similarity.id()))
}
