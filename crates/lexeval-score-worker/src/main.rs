//! The page's score worker: runs `lexeval_core::checks` jobs off the main thread.
//!
//! Protocol (JSON strings, see the page's `src/worker.rs`): posts `{"kind": "ready"}`, then answers each
//! `{"id": n, "job": {...}}` with `{"kind": "done", "id": n, "result": {...}}` or
//! `{"kind": "error", "id": n, "message": "..."}`. Jobs run one at a time, in order.

use lexeval_core::checks::{self, CheckJob};
use serde::Deserialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

#[derive(Deserialize)]
struct Request {
    id: u32,
    job: CheckJob,
}

fn post(reply: serde_json::Value) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&JsValue::from_str(&reply.to_string()));
}

fn answer(message: &str) {
    match serde_json::from_str::<Request>(message) {
        Ok(request) => post(serde_json::json!({
            "kind": "done",
            "id": request.id,
            "result": checks::run(&request.job),
        })),
        Err(e) => {
            let id = serde_json::from_str::<serde_json::Value>(message)
                .ok()
                .and_then(|v| v["id"].as_u64());
            post(serde_json::json!({
                "kind": "error",
                "id": id,
                "message": format!("the score worker cannot read this request: {e}"),
            }));
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
    post(serde_json::json!({ "kind": "ready" }));
}
