//! The page's side of the score worker (`crates/lexeval-score-worker`): the brief and summary check
//! pipelines, U-Score, threshold calibration and the Benchmarks tab's files and pairs batches run there,
//! LLM answers are fetched there, and embeddings it asks for are relayed to the embedding worker, so no
//! check ever runs on the page's main thread. One [`Lane`] per view (the Benchmarks tab's file and pairs
//! batch can be cancelled): a newer request replaces the one still running.

use super::client::{self, Lane, WorkerClient, WorkerError, WorkerSpec};
use leptos::prelude::*;
use lexeval_core::benchmark::{BenchmarkKind, ScoredFile};
use lexeval_core::pairs::PairsDetails;
use lexeval_core::pipeline::{CheckJob, CheckReport, Span, WholeText};
use lexeval_core::report::ScoreReport;
use lexeval_core::rouge::RougeDetails;
use lexeval_core::shipped_model::EmbeddingModel;
use lexeval_core::similarity::Similarity;
use lexeval_core::uscore::UScoreDetails;
pub use lexeval_protocol::score::Endpoint;
use lexeval_protocol::score::{
    Benchmark, Body, Calibrate, Check, Embedded, GoldCounted, Message, Pairs, Reported, UScored,
};
use lexeval_protocol::{Reply, Stage};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::value::RawValue;
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
    /// A second score worker, for the whole-text ROUGE of long checks ([`WHOLE_TEXT_APART_ABOVE`]), started
    /// by the first such check.
    static WHOLE_TEXT_CLIENT: WorkerClient = const {
        WorkerClient::new(WorkerSpec {
            script: "./score_worker_loader.js",
            name: "second score worker",
            on_reply: |_| {},
            on_failure: |_| {},
        })
    };
    // Reference-counted rather than arena-owned, so no view's disposal can drop it.
    static BENCHMARK_PROGRESS: ArcRwSignal<Option<(u64, u64)>> = ArcRwSignal::new(None);
    /// (prompts answered or failed, prompts asked) by the LLM judge of the running check.
    static JUDGE_PROGRESS: ArcRwSignal<Option<(u64, u64)>> = ArcRwSignal::new(None);
    /// Told (pairs scored, pairs in all) by the running pairs batch.
    static PAIRS_PROGRESS: RefCell<Option<PairsProgress>> = RefCell::new(None);
}

type PairsProgress = Box<dyn Fn(u64, u64)>;

fn on_reply(reply: &Reply) {
    match reply {
        Reply::Progress {
            stage: Stage::Benchmark,
            done,
            total,
        } => {
            BENCHMARK_PROGRESS.with(|p| p.set(Some((*done, *total))));
        }
        Reply::Progress {
            stage: Stage::Judge,
            done,
            total,
        } => {
            JUDGE_PROGRESS.with(|p| p.set(Some((*done, *total))));
        }
        Reply::Progress {
            stage: Stage::Pairs,
            done,
            total,
        } => {
            PAIRS_PROGRESS.with(|progress| {
                if let Some(progress) = progress.borrow().as_ref() {
                    progress(*done, *total);
                }
            });
        }
        Reply::Embed { id, texts, model } => relay_embeddings(*id, texts.clone(), *model),
        _ => {}
    }
}

/// Starts the score worker while the page settles, so the first check does not wait for its wasm.
pub fn prestart() {
    client::prestart(&CLIENT);
}

/// Texts longer than this together (bytes) have their whole-text ROUGE computed in the second score
/// worker while the first checks them: its LCS grows with the product of the texts' lengths (about 2 s of a
/// megabyte pair's 4–5 s), the rest of the check about linearly. Below it the LCS takes milliseconds, less
/// than a second round trip.
const WHOLE_TEXT_APART_ABOVE: usize = 200_000;

/// Sends `body` in `lane` and reads the answer into its type; `what` names the result in the error.
async fn ask<Answer: DeserializeOwned>(
    body: Body,
    lane: Lane,
    what: &str,
) -> Result<Answer, WorkerError> {
    ask_worker(&CLIENT, body, lane, what).await
}

/// Sends `body` to the score worker `client` in `lane`; its answer unread.
async fn send(
    client: &'static std::thread::LocalKey<WorkerClient>,
    body: Body,
    lane: Lane,
) -> Result<String, WorkerError> {
    client::request(client, |id| Message { id, body }, Some(lane)).await
}

/// [`ask`] of the score worker `client`.
async fn ask_worker<Answer: DeserializeOwned>(
    client: &'static std::thread::LocalKey<WorkerClient>,
    body: Body,
    lane: Lane,
    what: &str,
) -> Result<Answer, WorkerError> {
    let json = send(client, body, lane).await?;
    serde_json::from_str(&json)
        .map_err(|e| WorkerError::Failed(format!("unreadable {what} result: {e}")))
}

/// Runs `job` to its end in the score worker, embedding with `embedding_model` if it needs embeddings; a
/// newer request in the same `lane` supersedes this one, and [`cancel_check`] stops it.
pub async fn check(
    job: CheckJob,
    llm: Option<Endpoint>,
    embedding_model: EmbeddingModel,
    lane: Lane,
) -> Result<CheckReport, WorkerError> {
    JUDGE_PROGRESS.with(|p| p.set(None));
    let (reference, candidate) = job.texts();
    if reference.len() + candidate.len() <= WHOLE_TEXT_APART_ABOVE {
        // A long check's whole-text ROUGE still running in this lane is of texts no longer there.
        client::cancel(&WHOLE_TEXT_CLIENT, lane);
        let body = check_body(job, llm, embedding_model, WholeText::Included);
        return checked(body, lane).await;
    }
    // A paste's task has copied the texts in already; the check's megabytes of JSON are written and posted
    // in a task after it, and the second request in one after that.
    crate::browser::yield_now().await;
    let whole_text = Body::WholeTextRouge(Box::new(job.clone()));
    let body = check_body(job, llm, embedding_model, WholeText::Apart);
    // The second request is written and posted in a task after the first: each is megabytes of JSON.
    let rouge = async {
        crate::browser::yield_now().await;
        ask_worker::<Reported<ScoreReport<RougeDetails>>>(
            &WHOLE_TEXT_CLIENT,
            whole_text,
            lane,
            "whole-text ROUGE",
        )
        .await
    };
    let (checked, rouge) = futures_util::future::join(checked(body, lane), rouge).await;
    let mut report = checked?;
    match rouge {
        Ok(rouge) => report.set_whole_text_rouge(rouge.report),
        Err(error) if error.is_stale() => return Err(error),
        // The check's own scores stand; the whole-text ROUGE is null with the reason.
        Err(error) => report.whole_text_rouge_failed(&error.to_string()),
    }
    Ok(report)
}

/// A check's report as it arrives: its scores read at once, its parts of a size that grows with the texts
/// (the metric's claims and pairs, each text's spans: megabytes for a megabyte pair) kept as the JSON they
/// are, each read in a task of its own, so no task reads the whole report.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArrivingReport<'a> {
    #[serde(borrow)]
    reference_spans: &'a RawValue,
    #[serde(borrow)]
    candidate_spans: &'a RawValue,
    #[serde(borrow)]
    metric: &'a RawValue,
    rouge: ScoreReport<RougeDetails>,
    cosine: Option<ScoreReport>,
}

/// Sends a check and reads its report part by part ([`ArrivingReport`]).
async fn checked(body: Body, lane: Lane) -> Result<CheckReport, WorkerError> {
    let json = send(&CLIENT, body, lane).await?;
    let Reported { report: arriving } =
        serde_json::from_str::<Reported<ArrivingReport>>(&json).map_err(unreadable_check)?;
    Ok(CheckReport {
        metric: read_part(arriving.metric).await?,
        reference_spans: read_part(arriving.reference_spans).await?,
        candidate_spans: read_part(arriving.candidate_spans).await?,
        rouge: arriving.rouge,
        cosine: arriving.cosine,
    })
}

/// Reads `part` of an [`ArrivingReport`] in a task of its own.
async fn read_part<Part: DeserializeOwned>(part: &RawValue) -> Result<Part, WorkerError> {
    crate::browser::yield_now().await;
    serde_json::from_str(part.get()).map_err(unreadable_check)
}

fn unreadable_check(error: serde_json::Error) -> WorkerError {
    WorkerError::Failed(format!("unreadable check result: {error}"))
}

fn check_body(
    job: CheckJob,
    llm: Option<Endpoint>,
    embedding_model: EmbeddingModel,
    whole_text: WholeText,
) -> Body {
    Body::Check(Box::new(Check {
        job,
        llm,
        embedding_model,
        whole_text,
    }))
}

/// The LLM judge's prompts answered (or failed) of all asked by the running check; `None` until it asks.
pub fn judge_progress() -> ArcRwSignal<Option<(u64, u64)>> {
    JUDGE_PROGRESS.with(Clone::clone)
}

/// Stops the check running in `lane` ([`WorkerError::Cancelled`]): the worker is terminated, which ends its
/// outstanding requests to the endpoint; other lanes' requests go to a fresh worker.
pub fn cancel_check(lane: Lane) {
    client::cancel(&CLIENT, lane);
    client::cancel(&WHOLE_TEXT_CLIENT, lane);
}

/// U-Score of one answer and its cue phrases as spans.
pub async fn uscore(
    answer: &str,
) -> Result<(ScoreReport<Option<UScoreDetails>>, Vec<Span>), WorkerError> {
    let done: UScored = ask(Body::Uscore(answer.to_string()), Lane::Answer, "U-Score").await?;
    Ok((done.report, done.spans))
}

/// The threshold that maximises reference point based F1 on labelled pairs (`pairs`: JSON Lines, as
/// `lexeval calibrate --pairs` reads them) under `similarity`; the report `lexeval calibrate --json` prints.
pub async fn calibrate(
    pairs: &str,
    similarity: Similarity,
    embedding_model: EmbeddingModel,
) -> Result<ScoreReport, WorkerError> {
    let body = Body::Calibrate(Calibrate {
        pairs: pairs.to_string(),
        similarity,
        embedding_model,
    });
    let done: Reported<ScoreReport> = ask(body, Lane::Calibrate, "calibration").await?;
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
) -> Result<ScoreReport<PairsDetails>, WorkerError> {
    PAIRS_PROGRESS.with(|slot| *slot.borrow_mut() = Some(Box::new(progress)));
    let body = Body::Pairs(Box::new(Pairs {
        file: file.to_string(),
        job,
        llm,
        embedding_model,
    }));
    let done: Reported<ScoreReport<PairsDetails>> = ask(body, Lane::Pairs, "pairs").await?;
    Ok(done.report)
}

/// Stops the running pairs batch ([`WorkerError::Cancelled`]); other requests carry on.
pub fn cancel_pairs() {
    client::cancel(&CLIENT, Lane::Pairs);
}

/// Scores a benchmark file (`contents`, against the loaded `gold` if any) in the score worker, as
/// `lexeval_core::benchmark::score_file`; a newer file supersedes it, and [`cancel_benchmark`] stops it.
pub async fn benchmark(
    kind: BenchmarkKind,
    contents: &str,
    gold: Option<&str>,
) -> Result<ScoredFile, WorkerError> {
    BENCHMARK_PROGRESS.with(|p| p.set(None));
    let body = Body::Benchmark(Benchmark::Score {
        kind,
        contents: contents.to_string(),
        gold: gold.map(str::to_string),
    });
    let json = send(&CLIENT, body, Lane::Benchmark).await?;
    // The answer arrived in the worker's message event; reading it is a task of its own.
    crate::browser::yield_now().await;
    ScoredFile::read(kind, &json)
        .map_err(|e| WorkerError::Failed(format!("unreadable benchmark result: {e}")))
}

/// Items scored of all while a benchmark file is scored; `None` until the worker has read the file.
pub fn benchmark_progress() -> ArcRwSignal<Option<(u64, u64)>> {
    BENCHMARK_PROGRESS.with(Clone::clone)
}

/// Stops the benchmark file being scored; the worker restarts for the next request.
pub fn cancel_benchmark() {
    client::cancel(&CLIENT, Lane::Benchmark);
}

/// How many gold rows `text` holds, checked in the score worker, or why it is not `kind`'s gold file.
pub async fn count_gold(kind: BenchmarkKind, text: &str) -> Result<usize, WorkerError> {
    let body = Body::Benchmark(Benchmark::CountGold {
        kind,
        gold: text.to_string(),
    });
    let done: GoldCounted = ask(body, Lane::BenchmarkGold, "gold file").await?;
    Ok(done.gold_items)
}

/// The score worker asked for embeddings for its request `id`: fetch them from the embedding worker and
/// post its answer back as it came, unread.
fn relay_embeddings(id: u32, texts: Vec<String>, model: EmbeddingModel) {
    leptos::task::spawn_local(async move {
        let embedded = match super::embed::embed_raw(texts, model).await {
            Ok(raw) => RawValue::from_string(raw)
                .map(Embedded::Reply)
                .unwrap_or_else(|e| {
                    Embedded::Error(format!("the embedding worker's answer is unreadable: {e}"))
                }),
            Err(error) => Embedded::Error(error.to_string()),
        };
        client::post_message(
            &CLIENT,
            &Message {
                id,
                body: Body::Embedded(embedded),
            },
        );
    });
}
