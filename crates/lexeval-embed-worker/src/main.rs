//! The page's embedding Web Worker: loads the requested build of all-MiniLM-L6-v2 (Cache Storage,
//! sha256-checked), keeps it until another build is asked for, and embeds texts with tract, so model
//! inference never blocks the page's main thread.
//!
//! Protocol (JSON strings both ways): the worker first posts `{"kind": "ready"}`; then the page posts
//! `{"id": n, "texts": [...], "model": "minilm-int8" | "minilm"}` (no model: "minilm"); the worker answers
//! with any number of `{"kind": "progress", ...}` messages, then `{"kind": "done", "id": n, "embeddings":
//! [...]}` or `{"kind": "error", "id": n, "message": "..."}`. Requests are served one at a time, in order.

use js_sys::{Reflect, Uint8Array};
use lexeval_embed::shipped::EmbeddingModel;
use lexeval_embed::{verify_sha256, Embedder};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Cache, DedicatedWorkerGlobalScope, MessageEvent, Response};

/// Cache Storage bucket; bump when the shipped model changes.
const CACHE_NAME: &str = "lexeval-models-v1";

#[derive(Deserialize)]
struct Request {
    id: u32,
    texts: Vec<String>,
    /// A request without one (as `bench/embed_browser.mjs` sends) means the fp32 model, the only one there
    /// was before the choice.
    #[serde(default = "model_before_variants")]
    model: EmbeddingModel,
}

fn model_before_variants() -> EmbeddingModel {
    EmbeddingModel::BEFORE_VARIANTS
}

#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Reply<'a> {
    /// The worker listens now; messages posted before this were lost while its wasm was loading.
    Ready,
    Progress {
        stage: &'a str,
        done: u64,
        total: u64,
    },
    Done {
        id: u32,
        embeddings: Vec<Vec<f32>>,
    },
    Error {
        id: u32,
        message: String,
    },
}

#[derive(Default)]
struct Worker {
    queue: VecDeque<String>,
    busy: bool,
    /// The last model used; one at a time, so switching builds frees the other's memory.
    embedder: Option<(EmbeddingModel, Rc<Embedder>)>,
}

thread_local! {
    static WORKER: RefCell<Worker> = RefCell::default();
}

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn post(reply: &Reply) {
    if let Ok(json) = serde_json::to_string(reply) {
        let _ = scope().post_message(&JsValue::from_str(&json));
    }
}

fn main() {
    console_error_panic_hook::set_once();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        let Some(message) = event.data().as_string() else {
            return;
        };
        let start = WORKER.with_borrow_mut(|w| {
            w.queue.push_back(message);
            !std::mem::replace(&mut w.busy, true)
        });
        if start {
            wasm_bindgen_futures::spawn_local(drain());
        }
    });
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&Reply::Ready);
}

/// Serves queued requests until the queue is empty.
async fn drain() {
    while let Some(message) = WORKER.with_borrow_mut(|w| {
        let next = w.queue.pop_front();
        w.busy = next.is_some();
        next
    }) {
        let Ok(request) = serde_json::from_str::<Request>(&message) else {
            continue;
        };
        let reply = match serve(&request).await {
            Ok(embeddings) => Reply::Done {
                id: request.id,
                embeddings,
            },
            Err(message) => Reply::Error {
                id: request.id,
                message,
            },
        };
        post(&reply);
    }
}

async fn serve(request: &Request) -> Result<Vec<Vec<f32>>, String> {
    let loaded = WORKER.with_borrow(|w| w.embedder.clone());
    let embedder = match loaded {
        Some((model, embedder)) if model == request.model => embedder,
        _ => {
            WORKER.with_borrow_mut(|w| w.embedder = None);
            let embedder = Rc::new(load(request.model).await?);
            WORKER.with_borrow_mut(|w| w.embedder = Some((request.model, embedder.clone())));
            embedder
        }
    };
    let texts: Vec<&str> = request.texts.iter().map(String::as_str).collect();
    embedder
        .embed_with_progress(&texts, |done, total| {
            post(&Reply::Progress {
                stage: "embed",
                done: done as u64,
                total: total as u64,
            })
        })
        .map_err(|e| format!("embedding failed: {e:#}"))
}

async fn load(which: EmbeddingModel) -> Result<Embedder, String> {
    let tokenizer = fetch_verified(which.tokenizer_file(), which.tokenizer_sha256(), false).await?;
    let model = fetch_verified(which.file(), which.sha256(), true).await?;
    post(&Reply::Progress {
        stage: "prepare",
        done: 0,
        total: 1,
    });
    Embedder::from_bytes(&model, &tokenizer, which.max_tokens())
        .map_err(|e| format!("the model cannot be loaded: {e:#}"))
}

/// The bytes of `models/<file>`, from Cache Storage when a verified copy is there, else from the server
/// (then cached). A copy whose sha256 differs is never used.
async fn fetch_verified(file: &str, sha256: &str, report: bool) -> Result<Vec<u8>, String> {
    let url = format!("models/{file}");
    let cache = open_cache().await;
    if let Some(cache) = &cache {
        if let Some(response) = cached(cache, &url).await {
            if let Ok(bytes) = read_body(&response, report).await {
                if verify_sha256(file, &bytes, sha256).is_ok() {
                    return Ok(bytes);
                }
            }
            let _ = JsFuture::from(cache.delete_with_str(&url)).await;
        }
    }
    let response: Response = JsFuture::from(scope().fetch_with_str(&url))
        .await
        .map_err(|_| format!("cannot download {url}: network error"))?
        .unchecked_into();
    if !response.ok() {
        return Err(format!("cannot download {url}: HTTP {}", response.status()));
    }
    let bytes = read_body(&response, report).await?;
    verify_sha256(file, &bytes, sha256).map_err(|e| format!("{e:#}"))?;
    if let Some(cache) = &cache {
        store(cache, &url, &bytes).await;
    }
    Ok(bytes)
}

async fn open_cache() -> Option<Cache> {
    let caches = scope().caches().ok()?;
    JsFuture::from(caches.open(CACHE_NAME))
        .await
        .ok()
        .map(JsCast::unchecked_into)
}

async fn cached(cache: &Cache, url: &str) -> Option<Response> {
    let hit = JsFuture::from(cache.match_with_str(url)).await.ok()?;
    hit.dyn_into::<Response>().ok()
}

async fn store(cache: &Cache, url: &str, bytes: &[u8]) {
    let mut copy = bytes.to_vec();
    if let Ok(response) = Response::new_with_opt_u8_array(Some(&mut copy)) {
        let _ = JsFuture::from(cache.put_with_str(url, &response)).await;
    }
}

/// Reads a response body chunk by chunk, posting download progress when `report` is set.
async fn read_body(response: &Response, report: bool) -> Result<Vec<u8>, String> {
    let failed = |_| "the model download was interrupted".to_string();
    let total: u64 = response
        .headers()
        .get("content-length")
        .ok()
        .flatten()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let body = response.body().ok_or("the server sent an empty response")?;
    let reader: web_sys::ReadableStreamDefaultReader = body.get_reader().unchecked_into();
    let mut bytes = Vec::with_capacity(total as usize);
    let mut last_percent = u64::MAX;
    loop {
        let chunk = JsFuture::from(reader.read()).await.map_err(failed)?;
        if Reflect::get(&chunk, &"done".into())
            .map_err(failed)?
            .is_truthy()
        {
            break;
        }
        let value: Uint8Array = Reflect::get(&chunk, &"value".into())
            .map_err(failed)?
            .unchecked_into();
        let start = bytes.len();
        bytes.resize(start + value.length() as usize, 0);
        value.copy_to(&mut bytes[start..]);
        let percent = (bytes.len() as u64 * 100).checked_div(total).unwrap_or(0);
        if report && percent != last_percent {
            last_percent = percent;
            post(&Reply::Progress {
                stage: "download",
                done: bytes.len() as u64,
                total,
            });
        }
    }
    Ok(bytes)
}
