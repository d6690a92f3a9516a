//! The page's score worker: drives the check pipelines (`lexeval_core::pipeline`) and U-Score off the main
//! thread, fetching the LLM judge's answers itself (through the IndexedDB cache) and asking the page to
//! relay texts to the embedding worker.
//!
//! Protocol (JSON strings, see the page's `src/worker.rs`): posts `{"kind": "ready"}`, then answers
//! - `{"id": n, "check": {"job": {...}, "llm": {"endpoint", "model", "key"} | null, "embedding_model":
//!   "minilm-int8" | "minilm"}}` with `{"kind": "done", "id": n, "report": {...}}`; while the check needs
//!   embeddings it posts `{"kind": "embed", "id": n, "texts": [...], "model": "..."}` and waits for the
//!   page's `{"embedded": n, "reply": {"embeddings": [...]}}` or `{"embedded": n, "error": "..."}`;
//! - `{"id": n, "uscore": "text"}` with `{"kind": "done", "id": n, "report": {...}, "spans": [...]}`;
//! - `{"id": n, "calibrate": {"pairs": "<JSON Lines>", "similarity": "rougeL", "embedding_model": "..."}}`
//!   with `{"kind": "done", "id": n, "report": {...}}` (the embedding similarity asks the page as a check
//!   does);
//! - `{"id": n, "pairs": {"file", "job", "llm", "embedding_model"}}`: a file of brief or summary pairs, each
//!   checked as above, with progress messages and the batch report (`pairs.rs`);
//! - `{"id": n, "benchmark": {"score": {"kind": "casefacts" | "legalsearchqa" | "rouge-pairs", "contents":
//!   "...", "gold": "..." | null}}}` with `{"kind": "progress", "stage": "benchmark", "done": items,
//!   "total": items}` as it goes, then `{"kind": "done", "id": n, "report": {...}, "items": {...} | null}`;
//!   `{"id": n, "benchmark": {"count_gold": {"kind": ..., "gold": "..."}}}` with `{"kind": "done", "id": n,
//!   "gold_items": count}`;
//! - anything else with `{"kind": "error", "id": n, "message": "..."}`.

mod answers;
mod benchmark;
mod calibrate;
mod embeddings;
mod pairs;

use answers::Answers;
use lexeval_core::pairs::PairsDetails;
use lexeval_core::pipeline::{CheckJob, CheckReport, Pipeline, Span, SpanKind, Step};
use lexeval_core::report::ScoreReport;
use lexeval_core::shipped_model::EmbeddingModel;
use lexeval_core::uscore::UScoreDetails;
use lexeval_llm::tasks::judge::PaperJudge;
use lexeval_llm::{ApiKey, LlmConfig};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

#[derive(Deserialize)]
struct Endpoint {
    endpoint: String,
    model: String,
    key: String,
}

impl Endpoint {
    fn config(self) -> LlmConfig {
        LlmConfig::new(&self.endpoint, &self.model, ApiKey::new(self.key))
    }
}

#[derive(Deserialize)]
struct Check {
    job: CheckJob,
    llm: Option<Endpoint>,
    embedding_model: EmbeddingModel,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Message {
    Check {
        id: u32,
        check: Box<Check>,
    },
    Uscore {
        id: u32,
        uscore: String,
    },
    Calibrate {
        id: u32,
        calibrate: calibrate::Request,
    },
    Pairs {
        id: u32,
        pairs: Box<pairs::Request>,
    },
    Benchmark {
        id: u32,
        benchmark: benchmark::Request,
    },
    Embedded(embeddings::Embedded),
}

/// Posts a reply, serialised straight from its types (a megabyte check's report is never copied into a
/// `serde_json::Value` first).
fn post<Reply: Serialize>(reply: &Reply) {
    let Ok(json) = serde_json::to_string(reply) else {
        return;
    };
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&JsValue::from_str(&json));
}

/// `{"kind": "done", "id": n, ...fields}`.
#[derive(Serialize)]
struct Done<Fields: Serialize> {
    kind: &'static str,
    id: u32,
    #[serde(flatten)]
    fields: Fields,
}

fn done<Fields: Serialize>(id: u32, fields: Fields) {
    post(&Done {
        kind: "done",
        id,
        fields,
    });
}

fn fail(id: Option<u64>, message: &str) {
    post(&serde_json::json!({ "kind": "error", "id": id, "message": message }));
}

/// Runs a check's pipeline to its end, the judge's answers from `answers`.
async fn check(
    id: u32,
    mut job: CheckJob,
    answers: &mut Answers,
    embedding_model: EmbeddingModel,
) -> Result<CheckReport, String> {
    if let Some(settings) = answers.judge_settings() {
        job.set_judge(settings);
    }
    let judge = PaperJudge;
    let (mut pipeline, mut step) = Pipeline::start(job, &judge);
    let mut embedded = false;
    loop {
        step = match step {
            Step::NeedEmbeddings { texts } => {
                let embeddings = embeddings::from_page(id, texts, embedding_model)
                    .await
                    .map_err(|e| format!("embedding similarity unavailable: {e}"))?;
                embedded = true;
                pipeline.feed_embeddings(embeddings, &judge)
            }
            Step::NeedAnswers { prompts } => {
                let answers = answers.ask(&prompts).await?;
                pipeline.feed_answers(answers, &judge)
            }
            Step::Done { mut report } => {
                if embedded {
                    report.record_embedding_model(embedding_model);
                }
                return Ok(*report);
            }
        }
        .map_err(|e| e.to_string())?;
    }
}

#[derive(Serialize)]
struct Checked {
    report: CheckReport,
}

#[derive(Serialize)]
struct Calibrated {
    report: ScoreReport,
}

#[derive(Serialize)]
struct PairsScored {
    report: ScoreReport<PairsDetails>,
}

#[derive(Serialize)]
struct UScored {
    report: ScoreReport<Option<UScoreDetails>>,
    spans: Vec<Span>,
}

/// U-Score of an answer, with its cue phrases as spans.
fn uscore(answer: &str) -> UScored {
    let report = lexeval_core::uscore::score(answer, &[]);
    let spans: Vec<Span> = report
        .details
        .iter()
        .flat_map(|details| &details.cues)
        .map(|cue| Span {
            start: cue.start,
            end: cue.end,
            kind: SpanKind::Cue {
                dimension: cue.dimension.clone(),
            },
        })
        .collect();
    UScored { report, spans }
}

fn answer(message: &str) {
    match serde_json::from_str::<Message>(message) {
        Ok(Message::Check { id, check: request }) => {
            let Check {
                job,
                llm,
                embedding_model,
            } = *request;
            wasm_bindgen_futures::spawn_local(async move {
                let mut answers = Answers::new(llm.map(Endpoint::config));
                match check(id, job, &mut answers, embedding_model).await {
                    Ok(report) => done(id, Checked { report }),
                    Err(message) => fail(Some(id.into()), &message),
                }
            });
        }
        Ok(Message::Uscore { id, uscore: text }) => done(id, uscore(&text)),
        Ok(Message::Calibrate { id, calibrate }) => {
            wasm_bindgen_futures::spawn_local(async move {
                match calibrate::run(id, calibrate).await {
                    Ok(report) => done(id, Calibrated { report }),
                    Err(message) => fail(Some(id.into()), &message),
                }
            });
        }
        Ok(Message::Pairs { id, pairs: request }) => {
            wasm_bindgen_futures::spawn_local(async move {
                match pairs::run(id, *request).await {
                    Ok(report) => done(id, PairsScored { report }),
                    Err(message) => fail(Some(id.into()), &message),
                }
            });
        }
        Ok(Message::Benchmark { id, benchmark }) => benchmark::answer(id, &benchmark),
        Ok(Message::Embedded(embedded)) => embeddings::arrived(embedded),
        Err(e) => {
            let id = serde_json::from_str::<serde_json::Value>(message)
                .ok()
                .and_then(|v| v["id"].as_u64());
            fail(
                id,
                &format!("the score worker cannot read this request: {e}"),
            );
        }
    }
}

fn main() {
    console_error_panic_hook::set_once();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        if let Some(message) = event.data().as_string() {
            answer(&message);
        }
    });
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Build the reporters-db citation patterns now (about half a second, once), while the page is still
    // idle: the page starts this worker at load, so the first check finds them ready.
    let _ = lexeval_core::citations::extract(
        "See Kayes v. Pacific Lumber Co., 51 F.3d 1449 (9th Cir. 1995).",
    );
    post(&serde_json::json!({ "kind": "ready" }));
}
