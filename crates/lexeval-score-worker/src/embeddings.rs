//! Embeddings by way of the page: the worker posts the texts, the page relays them to the embedding
//! worker and posts its answer back; each check waits on a promise resolved by that answer.

use lexeval_core::shipped_model::EmbeddingModel;
use lexeval_protocol::embed::Embeddings;
use lexeval_protocol::score::Embedded;
use lexeval_protocol::Reply;
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

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
    super::post(&Reply::Embed { id, texts, model });
    let _ = JsFuture::from(promise).await;
    let embeddings = result.borrow_mut().take();
    embeddings.unwrap_or_else(|| Err("the page did not answer".into()))
}

/// Settles request `id`'s check waiting for this answer, if any (a check superseded meanwhile has none).
pub fn arrived(id: u32, answer: Embedded) {
    let Some(settle) = WAITING.with(|waiting| waiting.borrow_mut().remove(&id)) else {
        return;
    };
    settle(match answer {
        Embedded::Reply(reply) => serde_json::from_str::<Embeddings>(reply.get())
            .map(|reply| reply.embeddings)
            .map_err(|e| format!("the embedding worker's answer is unreadable: {e}")),
        Embedded::Error(error) => Err(error),
    });
}
