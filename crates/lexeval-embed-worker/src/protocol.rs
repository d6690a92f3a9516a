//! Posting `lexeval_protocol`'s messages (JSON strings; the model files a helper is handed are the one
//! exception) to whoever started this worker, and listening for theirs.

pub use lexeval_protocol::embed::{Embeddings, Request};
pub use lexeval_protocol::{Answered, Reply, Stage};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::DedicatedWorkerGlobalScope;

pub fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

/// Posts `reply` (a [`Reply`], or an [`Answered`] request) to whoever started this worker (the page, or
/// the coordinator for a helper).
pub fn post(reply: &impl Serialize) {
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
