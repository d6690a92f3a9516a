//! The page's score worker: drives the check pipelines (`lexeval_core::pipeline`) and U-Score off the main
//! thread, fetching the LLM's answers itself (the judge's and the summary's point extractions, through the
//! IndexedDB cache) and asking the page to relay texts to the embedding worker.
//!
//! The messages are `lexeval_protocol`'s: it reads [`score::Message`]s and answers each request with
//! [`Answered`] (`done`) or [`Reply::Error`]; while a check or calibration needs embeddings it posts
//! [`Reply::Embed`] and waits for the page's [`score::Body::Embedded`] (`embeddings.rs`).

mod answers;
mod benchmark;
mod calibrate;
mod embeddings;
mod pairs;

use answers::Answers;
use lexeval_core::pipeline::{
    whole_text_rouge_of, CheckJob, CheckReport, Pipeline, Span, SpanKind, Step, WholeText,
};
use lexeval_core::shipped_model::EmbeddingModel;
use lexeval_llm::tasks::judge::PaperJudge;
use lexeval_llm::{ApiKey, LlmConfig};
use lexeval_protocol::score::{self, Body, Endpoint, Message, Reported, UScored};
use lexeval_protocol::{Answered, Reply};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// The judge's settings from the page's endpoint (the key only in the request header).
fn llm_config(endpoint: Endpoint) -> LlmConfig {
    let mut config = LlmConfig::new(
        &endpoint.endpoint,
        &endpoint.model,
        ApiKey::new(endpoint.key),
    );
    config.timeout = std::time::Duration::from_secs(endpoint.timeout_seconds.max(1));
    config
}

/// Posts a reply, serialised straight from its types (a megabyte check's report is never copied into a
/// `serde_json::Value` first).
fn post<M: Serialize>(message: &M) {
    let Ok(json) = serde_json::to_string(message) else {
        return;
    };
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&JsValue::from_str(&json));
}

/// Posts a `done` reply as UTF-8 bytes whose buffer moves to the page: a megabyte check's report is
/// neither copied by the message nor turned into a UTF-16 string on the page's main thread.
fn done<Answer: Serialize>(id: u32, answer: &Answer) {
    let Ok(json) = serde_json::to_vec(&Answered::new(id, answer)) else {
        return;
    };
    let bytes = js_sys::Uint8Array::from(json.as_slice());
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message_with_transfer(&bytes, &js_sys::Array::of1(&bytes.buffer()));
}

fn fail(id: Option<u32>, message: &str) {
    post(&Reply::Error {
        id,
        message: message.to_string(),
    });
}

/// Runs a check's pipeline to its end, the judge's answers from `answers`.
async fn check(
    id: u32,
    (mut job, whole_text): (CheckJob, WholeText),
    answers: &mut Answers,
    embedding_model: EmbeddingModel,
) -> Result<CheckReport, String> {
    if let Some(settings) = answers.judge_settings() {
        job.set_judge(settings);
    }
    let judge = PaperJudge;
    let (mut pipeline, mut step) = Pipeline::start_with(job, &judge, whole_text);
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
            // Point extraction (pointwise Step 1) is one more question for the same endpoint and cache.
            Step::NeedAnswers { prompts } | Step::NeedPoints { prompts } => {
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
    let Message { id, body } = match serde_json::from_str::<Message>(message) {
        Ok(message) => message,
        Err(e) => {
            #[derive(Deserialize)]
            struct Id {
                id: u32,
            }
            let id = serde_json::from_str::<Id>(message).ok().map(|m| m.id);
            return fail(
                id,
                &format!("the score worker cannot read this request: {e}"),
            );
        }
    };
    match body {
        Body::Check(request) => {
            let score::Check {
                job,
                llm,
                embedding_model,
                whole_text,
            } = *request;
            wasm_bindgen_futures::spawn_local(async move {
                let mut answers = Answers::new(llm.map(llm_config));
                match check(id, (job, whole_text), &mut answers, embedding_model).await {
                    Ok(report) => done(id, &Reported { report }),
                    Err(message) => fail(Some(id), &message),
                }
            });
        }
        Body::WholeTextRouge(job) => done(
            id,
            &Reported {
                report: whole_text_rouge_of(&job),
            },
        ),
        Body::Uscore(text) => done(id, &uscore(&text)),
        Body::Calibrate(request) => {
            wasm_bindgen_futures::spawn_local(async move {
                match calibrate::run(id, request).await {
                    Ok(report) => done(id, &Reported { report }),
                    Err(message) => fail(Some(id), &message),
                }
            });
        }
        Body::Pairs(request) => {
            wasm_bindgen_futures::spawn_local(async move {
                match pairs::run(id, *request).await {
                    Ok(report) => done(id, &Reported { report }),
                    Err(message) => fail(Some(id), &message),
                }
            });
        }
        Body::Benchmark(request) => benchmark::answer(id, &request),
        Body::Embedded(embedded) => embeddings::arrived(id, embedded),
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
    post(&Reply::Ready);
}
