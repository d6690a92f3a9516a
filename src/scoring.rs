//! The page's side of the score worker (`crates/lexeval-score-worker`): the brief and summary check
//! pipelines, U-Score, threshold calibration and the Benchmarks tab's files and pairs batches run there,
//! LLM answers are fetched there, and embeddings it asks for are relayed to the embedding worker, so no
//! check ever runs on the page's main thread. One lane per view (the Benchmarks tab's file and pairs batch
//! can be cancelled): a newer request replaces the one still running.

use crate::worker::{self, Reply, WorkerClient, WorkerSpec};
use leptos::prelude::*;
use lexeval_core::benchmark::{BenchmarkKind, ScoredFile};
use lexeval_core::pairs::PairsDetails;
use lexeval_core::pipeline::{CheckJob, CheckReport, Span};
use lexeval_core::report::ScoreReport;
use lexeval_core::shipped_model::EmbeddingModel;
use lexeval_core::similarity::Similarity;
use lexeval_core::uscore::UScoreDetails;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;

thread_local! {
    static CLIENT: WorkerClient = const {
        WorkerClient::new(WorkerSpec {
            script: "./score_worker_loader.js",
            name: "score worker",
            on_reply,
            on_failure: |_| {},
        })
    };
    // Reference-counted rather than arena-owned, so no view's disposal can drop it.
    static BENCHMARK_PROGRESS: ArcRwSignal<Option<(u64, u64)>> = ArcRwSignal::new(None);
    /// Told (pairs scored, pairs in all) by the running pairs batch.
    static PAIRS_PROGRESS: RefCell<Option<PairsProgress>> = RefCell::new(None);
}

type PairsProgress = Box<dyn Fn(u64, u64)>;

/// The lane of the Benchmarks tab's pairs batch.
const PAIRS_LANE: &str = "pairs";

/// The lane of a benchmark file being scored: a newer file replaces it, Cancel stops it.
const BENCHMARK_LANE: &str = "benchmark";

fn on_reply(reply: &Reply) {
    match reply {
        Reply::Progress { stage, done, total } if stage == "benchmark" => {
            BENCHMARK_PROGRESS.with(|p| p.set(Some((*done, *total))));
        }
        Reply::Progress { stage, done, total } if stage == "pairs" => {
            PAIRS_PROGRESS.with(|progress| {
                if let Some(progress) = progress.borrow().as_ref() {
                    progress(*done, *total);
                }
            });
        }
        _ => relay_embeddings(reply),
    }
}

/// Where the LLM judge is, with the key for the request header. It travels to the worker in the request
/// only; the worker keeps it for the check's requests and puts it nowhere else.
#[derive(Clone, Serialize)]
pub struct Endpoint {
    pub endpoint: String,
    pub model: String,
    pub key: String,
}

/// Starts the score worker while the page settles, so the first check does not wait for its wasm.
pub fn prestart() {
    worker::prestart(&CLIENT);
}

/// Runs `job` to its end in the score worker, embedding with `embedding_model` if it needs embeddings; a
/// newer request in the same `lane` cancels this one (`worker::SUPERSEDED`).
pub async fn check(
    job: CheckJob,
    llm: Option<Endpoint>,
    embedding_model: EmbeddingModel,
    lane: &'static str,
) -> Result<CheckReport, String> {
    let request = serde_json::json!({
        "check": { "job": job, "llm": llm, "embedding_model": embedding_model }
    });
    let done: Done<CheckReport> = ask(request, lane, "check").await?;
    Ok(done.report)
}

/// The worker's answer to a check or a calibration.
#[derive(Deserialize)]
struct Done<R> {
    report: R,
}

/// Sends `request` in `lane` and reads the answer; `what` names the result in the error.
async fn ask<D: serde::de::DeserializeOwned>(
    request: serde_json::Value,
    lane: &'static str,
    what: &str,
) -> Result<D, String> {
    let json = worker::request(&CLIENT, request, Some(lane)).await?;
    serde_json::from_str(&json).map_err(|e| format!("unreadable {what} result: {e}"))
}

/// U-Score of one answer and its cue phrases as spans.
pub async fn uscore(
    answer: &str,
) -> Result<(ScoreReport<Option<UScoreDetails>>, Vec<Span>), String> {
    let request = serde_json::json!({ "uscore": answer });
    #[derive(Deserialize)]
    struct Scored {
        report: ScoreReport<Option<UScoreDetails>>,
        spans: Vec<Span>,
    }
    let done: Scored = ask(request, "answer", "U-Score").await?;
    Ok((done.report, done.spans))
}

/// The threshold that maximises reference point based F1 on labelled pairs (`pairs`: JSON Lines, as
/// `lexeval calibrate --pairs` reads them) under `similarity`; the report `lexeval calibrate --json` prints.
pub async fn calibrate(
    pairs: &str,
    similarity: Similarity,
    embedding_model: EmbeddingModel,
) -> Result<ScoreReport, String> {
    let request = serde_json::json!({
        "calibrate": { "pairs": pairs, "similarity": similarity, "embedding_model": embedding_model }
    });
    let done: Done<ScoreReport> = ask(request, "calibrate", "calibration").await?;
    Ok(done.report)
}

/// Scores every pair of `file` (a JSON array or JSON Lines of brief or summary pairs) with `job`'s settings,
/// as `lexeval fresco|pointwise --pairs` does; `progress` hears (pairs scored, pairs in all). A newer batch
/// or [`cancel_pairs`] stops it.
pub async fn pairs(
    file: &str,
    job: CheckJob,
    llm: Option<Endpoint>,
    embedding_model: EmbeddingModel,
    progress: impl Fn(u64, u64) + 'static,
) -> Result<ScoreReport<PairsDetails>, String> {
    PAIRS_PROGRESS.with(|slot| *slot.borrow_mut() = Some(Box::new(progress)));
    let request = serde_json::json!({
        "pairs": { "file": file, "job": job, "llm": llm, "embedding_model": embedding_model }
    });
    let done: Done<ScoreReport<PairsDetails>> = ask(request, PAIRS_LANE, "pairs").await?;
    Ok(done.report)
}

/// Stops the running pairs batch (it fails with `worker::CANCELLED`); other requests carry on.
pub fn cancel_pairs() {
    worker::cancel(&CLIENT, PAIRS_LANE);
}

/// Scores a benchmark file (`contents`, against the loaded `gold` if any) in the score worker, as
/// `lexeval_core::benchmark::score_file`; a newer file replaces it (`worker::SUPERSEDED`), and
/// [`cancel_benchmark`] stops it (`worker::CANCELLED`).
pub async fn benchmark(
    kind: BenchmarkKind,
    contents: &str,
    gold: Option<&str>,
) -> Result<ScoredFile, String> {
    BENCHMARK_PROGRESS.with(|p| p.set(None));
    let request = serde_json::json!({
        "benchmark": { "score": { "kind": kind, "contents": contents, "gold": gold } }
    });
    let json = worker::request(&CLIENT, request, Some(BENCHMARK_LANE)).await?;
    // The answer arrived in the worker's message event; reading it is a task of its own.
    crate::browser::yield_now().await;
    ScoredFile::read(kind, &json).map_err(|e| format!("unreadable benchmark result: {e}"))
}

/// Items scored of all while a benchmark file is scored; `None` until the worker has read the file.
pub fn benchmark_progress() -> ArcRwSignal<Option<(u64, u64)>> {
    BENCHMARK_PROGRESS.with(Clone::clone)
}

/// Stops the benchmark file being scored; the worker restarts for the next request.
pub fn cancel_benchmark() {
    worker::cancel(&CLIENT, BENCHMARK_LANE);
}

/// How many gold rows `text` holds, checked in the score worker, or why it is not `kind`'s gold file.
pub async fn count_gold(kind: BenchmarkKind, text: &str) -> Result<usize, String> {
    let request =
        serde_json::json!({ "benchmark": { "count_gold": { "kind": kind, "gold": text } } });
    #[derive(Deserialize)]
    struct Counted {
        gold_items: usize,
    }
    let done: Counted = ask(request, "benchmark-gold", "gold file").await?;
    Ok(done.gold_items)
}

/// The score worker asked for embeddings: fetch them from the embedding worker and post its answer back
/// as it came (`{"embedded": id, "reply": {...}}`, or `{"embedded": id, "error": "..."}`).
fn relay_embeddings(reply: &Reply) {
    let Reply::Embed { id, texts, model } = reply else {
        return;
    };
    let (id, texts, model) = (*id, texts.clone(), *model);
    leptos::task::spawn_local(async move {
        let message = match crate::embedding::embed_raw(texts, model).await {
            Ok(raw) => format!(r#"{{"embedded":{id},"reply":{raw}}}"#),
            Err(error) => serde_json::json!({ "embedded": id, "error": error }).to_string(),
        };
        worker::post_message(&CLIENT, &message);
    });
}
