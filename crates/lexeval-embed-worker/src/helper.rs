//! A helper: one of the workers the coordinator starts, one per core. It is handed the verified model
//! files once, builds its own tract model from them, and embeds the share of each request it is sent.

use crate::protocol::{listen, post, scope, Answered, Embeddings, Reply, Request, Stage};
use js_sys::{Reflect, Uint8Array};
use lexeval_embed::Embedder;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The worker name the coordinator starts helpers with; the same script runs either role.
pub const NAME: &str = "lexeval-embed-helper";

thread_local! {
    static EMBEDDER: RefCell<Option<Embedder>> = const { RefCell::new(None) };
}

pub fn run() {
    listen(|data| match data.as_string() {
        Some(message) => serve(&message),
        None => load(&data),
    });
}

/// `{model, tokenizer, maxTokens}` (two `Uint8Array`s, already sha256-checked by the coordinator, and the
/// build's token limit).
fn load(files: &JsValue) {
    let bytes = |key: &str| {
        Reflect::get(files, &key.into())
            .ok()?
            .dyn_into::<Uint8Array>()
            .ok()
            .map(|array| array.to_vec())
    };
    let max_tokens = Reflect::get(files, &"maxTokens".into())
        .ok()
        .and_then(|value| value.as_f64());
    let loaded = match (bytes("model"), bytes("tokenizer"), max_tokens) {
        (Some(model), Some(tokenizer), Some(max_tokens)) => {
            Embedder::from_bytes(&model, &tokenizer, max_tokens as usize)
                .map_err(|e| format!("the model cannot be loaded: {e:#}"))
        }
        _ => Err("the model files did not reach the embedding helper".to_string()),
    };
    match loaded {
        Ok(embedder) => {
            EMBEDDER.set(Some(embedder));
            post(&Reply::Loaded);
            wasm_bindgen_futures::spawn_local(build_common_plans());
        }
        Err(message) => post(&Reply::Error { id: None, message }),
    }
}

/// Builds the plans of the common shapes (~50 ms each) one per task, so a request that arrives meanwhile
/// waits for one plan at most, and the first check after the model loaded finds its plans ready.
async fn build_common_plans() {
    let shapes = EMBEDDER.with_borrow(|embedder| embedder.as_ref().map(Embedder::common_shapes));
    for (rows, seq_len) in shapes.unwrap_or_default() {
        next_task().await;
        let built = EMBEDDER.with_borrow(|embedder| {
            embedder
                .as_ref()
                .map(|embedder| embedder.build_plan(rows, seq_len))
        });
        // A shape that fails to build fails again, with its message, when a request needs it.
        if !matches!(built, Some(Ok(()))) {
            return;
        }
    }
}

/// Resolves in a new task of the worker's event loop, after the messages already queued.
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = scope().set_timeout_with_callback(&resolve);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

fn serve(message: &str) {
    let Ok(request) = serde_json::from_str::<Request>(message) else {
        return;
    };
    let texts: Vec<&str> = request.texts.iter().map(String::as_str).collect();
    let embedded = EMBEDDER.with_borrow(|embedder| {
        let embedder = embedder
            .as_ref()
            .ok_or("the model is not loaded in this embedding helper")?;
        embedder
            .embed_with_progress(&texts, |done, total| {
                post(&Reply::Progress {
                    stage: Stage::Embed,
                    done: done as u64,
                    total: total as u64,
                })
            })
            .map_err(|e| format!("embedding failed: {e:#}"))
    });
    match embedded {
        Ok(embeddings) => post(&Answered::new(
            request.id,
            &Embeddings {
                computed: embeddings.len(),
                embeddings,
            },
        )),
        Err(message) => post(&Reply::Error {
            id: Some(request.id),
            message,
        }),
    }
}
