//! Embeddings by way of the page: the worker posts the texts, the page relays them to the embedding
//! worker and posts its answer back; each check waits on a promise resolved by that answer.

use lexeval_core::shipped_model::EmbeddingModel;
use serde::Deserialize;
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// The page's answer to an `embed` message.
#[derive(Deserialize)]
pub struct Embedded {
    embedded: u32,
    #[serde(default)]
    reply: Option<Reply>,
    #[serde(default)]
    error: Option<String>,
}

#[derive(Deserialize)]
struct Reply {
    embeddings: Vec<Vec<f32>>,
}

type Settle = Box<dyn FnOnce(Result<Vec<Vec<f32>>, String>)>;

thread_local! {
    /// Checks waiting for embeddings, by request id.
    static WAITING: RefCell<HashMap<u32, Settle>> = RefCell::new(HashMap::new());
}

/// Unit-length embeddings of `texts` by `model`, asked of the page for request `id`.
pub async fn from_page(
    id: u32,
    texts: Vec<String>,
    model: EmbeddingModel,
) -> Result<Vec<Vec<f32>>, String> {
    let result = std::rc::Rc::new(RefCell::new(None));
    let slot = result.clone();
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let slot = slot.clone();
        WAITING.with(|waiting| {
            waiting.borrow_mut().insert(
                id,
                Box::new(move |embeddings| {
                    *slot.borrow_mut() = Some(embeddings);
                    let _ = resolve.call0(&JsValue::NULL);
                }),
            )
        });
    });
    super::post(&serde_json::json!({ "kind": "embed", "id": id, "texts": texts, "model": model }));
    let _ = JsFuture::from(promise).await;
    let embeddings = result.borrow_mut().take();
    embeddings.unwrap_or_else(|| Err("the page did not answer".into()))
}

/// Settles the check waiting for this answer, if any (a check superseded meanwhile has none).
pub fn arrived(answer: Embedded) {
    let Some(settle) = WAITING.with(|waiting| waiting.borrow_mut().remove(&answer.embedded)) else {
        return;
    };
    settle(match (answer.reply, answer.error) {
        (Some(reply), _) => Ok(reply.embeddings),
        (None, Some(error)) => Err(error),
        (None, None) => Err("the embedding worker gave no embeddings".into()),
    });
}
