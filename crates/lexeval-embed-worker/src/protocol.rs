//! Messages between the page, the coordinator and its helpers (JSON strings, except the model files a
//! helper is handed), and posting them to whoever started this worker.

use lexeval_embed::shipped::EmbeddingModel;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::DedicatedWorkerGlobalScope;

/// `{"id": n, "texts": [...], "model": ...}`: embed these texts with that build (the page to the
/// coordinator, the coordinator to a helper, which has been handed that build's files).
#[derive(Serialize, Deserialize)]
pub struct Request {
    pub id: u32,
    pub texts: Vec<String>,
    /// A request without one (as `bench/embed_browser.mjs` sends) means the fp32 model, the only one there
    /// was before the choice.
    #[serde(default = "model_before_variants")]
    pub model: EmbeddingModel,
}

fn model_before_variants() -> EmbeddingModel {
    EmbeddingModel::BEFORE_VARIANTS
}

#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Reply<'a> {
    /// The worker listens now; messages posted before this were lost while its wasm was loading.
    Ready,
    /// A helper has built its model from the files it was handed.
    Loaded,
    Progress {
        stage: &'a str,
        done: u64,
        total: u64,
    },
    Done {
        id: u32,
        embeddings: Vec<Vec<f32>>,
        /// How many texts were embedded for this answer (the coordinator's cache served the rest).
        computed: usize,
    },
    Error {
        id: u32,
        message: String,
    },
}

/// The embeddings of a `done` reply.
#[derive(Deserialize)]
pub struct Done {
    pub embeddings: Vec<Vec<f32>>,
}

pub fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

/// Posts `reply` to whoever started this worker (the page, or the coordinator for a helper).
pub fn post(reply: &Reply) {
    if let Ok(json) = serde_json::to_string(reply) {
        let _ = scope().post_message(&JsValue::from_str(&json));
    }
}

/// Calls `handle` with each message's data, then says the worker listens.
pub fn listen(mut handle: impl FnMut(JsValue) + 'static) {
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            handle(event.data())
        });
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&Reply::Ready);
}
