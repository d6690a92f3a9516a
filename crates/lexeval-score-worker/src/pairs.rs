//! The Benchmarks tab's brief and summary pairs: every pair of a file through the same check pipeline as
//! the single check (one `Answers` for the whole batch; embeddings through the page's one embedding
//! worker, whose model loads once), then core's `pairs::aggregate`, exactly as `lexeval fresco|pointwise
//! --pairs` computes it, so the page's numbers, per-item CSV and JSON are the CLI's.
//!
//! Before each pair it posts progress (pairs scored of all, `Stage::Pairs`).

use crate::answers::Answers;
use lexeval_core::pairs::{PairRecord, PairScores, PairsDetails};
use lexeval_core::pipeline::WholeText;
use lexeval_core::report::ScoreReport;
use lexeval_core::rouge::BootstrapAggregator;
use lexeval_protocol::score::Pairs;
use lexeval_protocol::{Reply, Stage};

/// What one row of the file looks like, for errors.
const ROW_SHAPE: &str =
    r#"{"reference": text, "generated": text} or CLERC's {"gold_text": text, "generation": text}"#;

/// The interval `lexeval fresco|pointwise --pairs` computes by default: 95%, 1,000 resamples, seed 0.
const CONFIDENCE: f64 = 0.95;
const SAMPLES: usize = 1000;
const SEED: u64 = 0;

fn progress(done: usize, total: usize) {
    crate::post(&Reply::Progress {
        stage: Stage::Pairs,
        done: done as u64,
        total: total as u64,
    });
}

/// The batch report, or why the file cannot be scored (its first bad row named by line and field, or the
/// pair whose check failed).
pub async fn run(id: u32, request: Pairs) -> Result<ScoreReport<PairsDetails>, String> {
    let records: Vec<PairRecord> = lexeval_core::records::parse(&request.file)
        .map_err(|e| format!("{e}; expected rows like {ROW_SHAPE}"))?;
    if records.is_empty() {
        return Err("the file has no records".into());
    }
    let bootstrap =
        BootstrapAggregator::new(CONFIDENCE, SAMPLES, SEED).map_err(|e| e.to_string())?;
    let mut answers = Answers::new(request.llm.map(crate::llm_config));
    let total = records.len();
    let mut scores = PairScores::default();
    for (index, record) in records.into_iter().enumerate() {
        progress(index, total);
        let mut job = request.job.clone();
        let (reference, candidate) = job.texts_mut();
        (*reference, *candidate) = (record.reference, record.generated);
        let report = crate::check(
            id,
            (job, WholeText::Included),
            &mut answers,
            request.embedding_model,
        )
        .await
        .map_err(|e| format!("pair {}: {e}", index + 1))?;
        scores.add(index, (record.id, record.model), &report.metric);
    }
    progress(total, total);
    let mut report = scores
        .aggregate(&bootstrap)
        .ok_or("the file has no records")?;
    // As the CLI: each pair's details (dropped) held the judge's endpoint settings; the batch keeps them once.
    if let Some(judge) = answers.judge_settings() {
        report.record_judge(&judge);
    }
    Ok(report)
}
