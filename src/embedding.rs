//! The page's side of the embedding worker (`src/bin/embed_worker.rs`): one worker per tab, started on
//! first use, requests answered through promises, and the model's progress as a signal for the UI.

use leptos::prelude::*;
use serde::Deserialize;
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{MessageEvent, Worker};

/// Script trunk generates for the worker binary (named after it, never hashed).
const WORKER_SCRIPT: &str = "./embed_worker_loader.js";

/// What the model is doing, for the progress bar.
#[derive(Debug, Clone, PartialEq)]
pub enum ModelStatus {
    /// Downloading the model (or reading it from the browser cache): bytes so far and in all.
    Download { done: u64, total: u64 },
    /// Building the inference plan.
    Prepare,
    /// Embedding texts: how many done of how many.
    Embed { done: u64, total: u64 },
    /// The last request finished.
    Ready,
    /// The model could not load or run; the message says why.
    Failed(String),
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Reply {
    Ready,
    Progress {
        stage: String,
        done: u64,
        total: u64,
    },
    /// The embeddings stay in the raw message, which the waiting request parses.
    Done {
        id: u32,
    },
    Error {
        id: u32,
        message: String,
    },
}

struct Pending {
    resolve: js_sys::Function,
    reject: js_sys::Function,
}

struct Client {
    worker: Worker,
    /// The worker has said it listens; until then requests wait in `unsent`.
    ready: bool,
    unsent: Vec<String>,
    next_id: u32,
    pending: HashMap<u32, Pending>,
}

thread_local! {
    static CLIENT: RefCell<Option<Client>> = const { RefCell::new(None) };
    // Reference-counted rather than arena-owned, so no view's disposal can drop it.
    static STATUS: ArcRwSignal<Option<ModelStatus>> = ArcRwSignal::new(None);
}

/// The model's status; `None` until the first embedding request.
pub fn status() -> ArcRwSignal<Option<ModelStatus>> {
    STATUS.with(Clone::clone)
}

fn set_status(status: ModelStatus) {
    STATUS.with(|s| s.set(Some(status)));
}

/// Unit-length all-MiniLM-L6-v2 embeddings of `texts`, computed in the worker.
pub async fn embed(texts: Vec<String>) -> Result<Vec<Vec<f32>>, String> {
    if texts.is_empty() {
        return Ok(Vec::new());
    }
    let request = serde_json::json!({ "texts": texts });
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        if let Err(message) = send(
            request.clone(),
            Pending {
                resolve,
                reject: reject.clone(),
            },
        ) {
            set_status(ModelStatus::Failed(message.clone()));
            let _ = reject.call1(&JsValue::NULL, &JsValue::from_str(&message));
        }
    });
    let answer = JsFuture::from(promise).await.map_err(|e| {
        e.as_string()
            .unwrap_or_else(|| "the embedding worker failed".into())
    })?;
    #[derive(Deserialize)]
    struct Done {
        embeddings: Vec<Vec<f32>>,
    }
    let json = answer.as_string().unwrap_or_default();
    serde_json::from_str::<Done>(&json)
        .map(|done| done.embeddings)
        .map_err(|e| format!("unreadable embeddings: {e}"))
}

fn send(mut request: serde_json::Value, pending: Pending) -> Result<(), String> {
    CLIENT.with_borrow_mut(|client| {
        if client.is_none() {
            *client = Some(start()?);
        }
        let client = client.as_mut().ok_or("no embedding worker")?;
        let id = client.next_id;
        client.next_id = client.next_id.wrapping_add(1);
        request["id"] = id.into();
        if client.ready {
            post(&client.worker, &request.to_string())?;
        } else {
            client.unsent.push(request.to_string());
        }
        client.pending.insert(id, pending);
        Ok(())
    })
}

fn post(worker: &Worker, message: &str) -> Result<(), String> {
    worker
        .post_message(&JsValue::from_str(message))
        .map_err(|_| "cannot reach the embedding worker".to_string())
}

/// Sends the requests made while the worker was starting.
fn on_ready() {
    let unsent = CLIENT.with_borrow_mut(|client| {
        let client = client.as_mut()?;
        client.ready = true;
        Some((client.worker.clone(), std::mem::take(&mut client.unsent)))
    });
    if let Some((worker, unsent)) = unsent {
        if unsent.iter().any(|message| post(&worker, message).is_err()) {
            fail_all("cannot reach the embedding worker");
        }
    }
}

fn start() -> Result<Client, String> {
    let worker = Worker::new(WORKER_SCRIPT)
        .map_err(|_| "this browser cannot start the embedding worker".to_string())?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        let Some(json) = event.data().as_string() else {
            return;
        };
        if let Ok(reply) = serde_json::from_str::<Reply>(&json) {
            on_reply(reply, &json);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(|_| {
        fail_all("the embedding worker stopped (out of memory, or its script did not load)");
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    Ok(Client {
        worker,
        ready: false,
        unsent: Vec::new(),
        next_id: 0,
        pending: HashMap::new(),
    })
}

fn on_reply(reply: Reply, json: &str) {
    match reply {
        Reply::Ready => on_ready(),
        Reply::Progress { stage, done, total } => set_status(match stage.as_str() {
            "download" => ModelStatus::Download { done, total },
            "prepare" => ModelStatus::Prepare,
            _ => ModelStatus::Embed { done, total },
        }),
        Reply::Done { id } => {
            set_status(ModelStatus::Ready);
            if let Some(pending) = take(id) {
                let _ = pending
                    .resolve
                    .call1(&JsValue::NULL, &JsValue::from_str(json));
            }
        }
        Reply::Error { id, message } => {
            set_status(ModelStatus::Failed(message.clone()));
            if let Some(pending) = take(id) {
                let _ = pending
                    .reject
                    .call1(&JsValue::NULL, &JsValue::from_str(&message));
            }
        }
    }
}

fn take(id: u32) -> Option<Pending> {
    CLIENT.with_borrow_mut(|client| client.as_mut()?.pending.remove(&id))
}

/// Rejects every waiting request and drops the worker, so the next request starts a fresh one.
fn fail_all(message: &str) {
    set_status(ModelStatus::Failed(message.to_string()));
    let client = CLIENT.with_borrow_mut(Option::take);
    for (_, pending) in client.into_iter().flat_map(|c| c.pending) {
        let _ = pending
            .reject
            .call1(&JsValue::NULL, &JsValue::from_str(message));
    }
}
