//! The browser global the client runs in: the page's window, or the score worker's scope (the page's checks
//! call the LLM from there).

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{IdbFactory, Window, WorkerGlobalScope};

/// Calls `callback` after `ms` milliseconds.
pub(crate) fn set_timeout(callback: &js_sys::Function, ms: i32) {
    let global = js_sys::global();
    if let Some(window) = global.dyn_ref::<Window>() {
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(callback, ms);
    } else if let Some(worker) = global.dyn_ref::<WorkerGlobalScope>() {
        let _ = worker.set_timeout_with_callback_and_timeout_and_arguments_0(callback, ms);
    }
}

/// The global's IndexedDB, if storage is allowed.
pub(crate) fn indexed_db() -> Result<IdbFactory, JsValue> {
    let global = js_sys::global();
    let factory = if let Some(window) = global.dyn_ref::<Window>() {
        window.indexed_db()?
    } else if let Some(worker) = global.dyn_ref::<WorkerGlobalScope>() {
        worker.indexed_db()?
    } else {
        None
    };
    factory.ok_or_else(|| JsValue::from_str("no IndexedDB"))
}
