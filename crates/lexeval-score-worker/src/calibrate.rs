//! The page's threshold calibration: the similarity of each labelled pair (ROUGE here, embeddings by way
//! of the page) and `lexeval_core::calibrate`, computed as `lexeval calibrate` computes them, so the page's
//! threshold is the CLI's on the same file.

use lexeval_core::calibrate::{calibrate, pair_similarities, texts_to_embed, LabelledPair};
use lexeval_core::embedded::EmbeddedTexts;
use lexeval_core::report::ScoreReport;
use lexeval_core::similarity::Measure;
use lexeval_protocol::score::Calibrate;

/// The calibration report, or why the pairs cannot be calibrated (the first bad line and field named).
pub async fn run(id: u32, request: Calibrate) -> Result<ScoreReport, String> {
    let pairs: Vec<LabelledPair> = lexeval_core::records::parse(&request.pairs).map_err(|e| {
        format!(
            "{e} (expected rows of {{\"reference\", \"generated\", \"label\": \"full\" | \"partial\" | \"none\"}})"
        )
    })?;
    if pairs.is_empty() {
        return Err("no labelled pairs: paste or upload JSON Lines, one pair a line".into());
    }
    let measure = request.similarity.measure();
    let embedded = match measure {
        Measure::Embedding => {
            let texts = texts_to_embed(&pairs);
            let embeddings =
                crate::embeddings::from_page(id, texts.clone(), request.embedding_model)
                    .await
                    .map_err(|e| format!("embedding similarity unavailable: {e}"))?;
            Some(EmbeddedTexts::new(texts, embeddings))
        }
        _ => None,
    };
    let similarities =
        pair_similarities(&pairs, measure, embedded.as_ref()).map_err(|e| e.to_string())?;
    let mut report = calibrate(&pairs, &similarities, request.similarity.id());
    if embedded.is_some() {
        report.record_embedding_model(request.embedding_model);
    }
    Ok(report)
}
