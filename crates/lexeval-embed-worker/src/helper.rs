//! A helper: one of the workers the coordinator starts, one per core. It is handed the verified model
//! files once, builds its own tract model from them, and embeds the share of each request it is sent.

use crate::protocol::{listen, post, Reply, Request};
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
        }
        Err(message) => post(&Reply::Error { id: 0, message }),
    }
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
                    stage: "embed",
                    done: done as u64,
                    total: total as u64,
                })
            })
            .map_err(|e| format!("embedding failed: {e:#}"))
    });
    post(&match embedded {
        Ok(embeddings) => Reply::Done {
            id: request.id,
            embeddings,
        },
        Err(message) => Reply::Error {
            id: request.id,
            message,
        },
    });
}
