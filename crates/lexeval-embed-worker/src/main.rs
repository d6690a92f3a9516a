//! The page's embedding Web Worker. The worker the page starts is the coordinator: it fetches the requested
//! build of all-MiniLM-L6-v2 once (Cache Storage, sha256-checked), hands the bytes to one helper worker per
//! core (`pool`), and splits each request's texts between them, so model inference uses every core and
//! never blocks the page's main thread. Helpers run this same script under the name `helper::NAME`.
//!
//! Protocol with the page (JSON strings both ways): the worker first posts `{"kind": "ready"}`; then the
//! page posts `{"id": n, "texts": [...], "model": "minilm-int8" | "minilm"}` (no model: "minilm"); the worker answers with any number of `{"kind": "progress", ...}`
//! messages, then `{"kind": "done", "id": n, "embeddings": [...]}` or `{"kind": "error", "id": n,
//! "message": "..."}`. Requests are served one at a time, in order. Terminating the coordinator (the page's
//! cancel) ends its helpers with it.

mod helper;
mod model_files;
mod pool;
mod protocol;

use lexeval_embed::shipped::EmbeddingModel;
use pool::Pool;
use protocol::{listen, post, scope, Reply, Request};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

#[derive(Default)]
struct Coordinator {
    queue: VecDeque<String>,
    busy: bool,
    /// The pool of the last build used; one at a time, so switching builds frees the other's memory.
    pool: Option<(EmbeddingModel, Rc<Pool>)>,
}

thread_local! {
    static COORDINATOR: RefCell<Coordinator> = RefCell::default();
}

fn main() {
    console_error_panic_hook::set_once();
    if scope().name() == helper::NAME {
        helper::run();
        return;
    }
    listen(|data| {
        let Some(message) = data.as_string() else {
            return;
        };
        let start = COORDINATOR.with_borrow_mut(|c| {
            c.queue.push_back(message);
            !std::mem::replace(&mut c.busy, true)
        });
        if start {
            wasm_bindgen_futures::spawn_local(drain());
        }
    });
}

/// Serves queued requests until the queue is empty.
async fn drain() {
    while let Some(message) = COORDINATOR.with_borrow_mut(|c| {
        let next = c.queue.pop_front();
        c.busy = next.is_some();
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
    let pool = match COORDINATOR.with_borrow(|c| c.pool.clone()) {
        Some((model, pool)) if model == request.model && !pool.is_broken() => pool,
        _ => {
            COORDINATOR.with_borrow_mut(|c| c.pool = None);
            let pool = Rc::new(load(request.model).await?);
            COORDINATOR.with_borrow_mut(|c| c.pool = Some((request.model, pool.clone())));
            pool
        }
    };
    let embedded = pool.embed(request).await;
    if pool.is_broken() {
        COORDINATOR.with_borrow_mut(|c| c.pool = None);
    }
    embedded
}

/// Starts the helpers, fetches and verifies the model files meanwhile, and hands them over.
async fn load(which: EmbeddingModel) -> Result<Pool, String> {
    let pool = Pool::spawn()?;
    let tokenizer =
        model_files::fetch_verified(which.tokenizer_file(), which.tokenizer_sha256(), false)
            .await?;
    let model = model_files::fetch_verified(which.file(), which.sha256(), true).await?;
    post(&Reply::Progress {
        stage: "prepare",
        done: 0,
        total: 1,
    });
    pool.load(&model, &tokenizer, which.max_tokens()).await?;
    Ok(pool)
}
