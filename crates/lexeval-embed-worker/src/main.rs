//! The page's embedding Web Worker. The worker the page starts is the coordinator: it fetches the requested
//! build of all-MiniLM-L6-v2 once (Cache Storage, sha256-checked), hands the bytes to one helper worker per
//! core (`pool`), and splits each request's texts between them, so model inference uses every core and
//! never blocks the page's main thread. Helpers run this same script under the name `helper::NAME`.
//!
//! The messages are `lexeval_protocol`'s: the worker posts `Reply::Ready`, then answers each
//! `embed::Request` with progress and `embed::Embeddings` (with how many texts it had to embed; the others
//! came from its cache, `cache`) or an error. A request with no texts loads the model and builds the
//! common plans ahead of the first check (the page sends one as soon as embedding similarity is chosen).
//! Requests are served one at a time, in order. Terminating the coordinator (the page's cancel) ends
//! its helpers with it.

mod cache;
mod helper;
mod model_files;
mod pool;
mod protocol;

use cache::EmbeddingCache;
use lexeval_embed::shipped::EmbeddingModel;
use pool::Pool;
use protocol::{listen, post, scope, Answered, Embeddings, Reply, Request, Stage};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

#[derive(Default)]
struct Coordinator {
    queue: VecDeque<String>,
    busy: bool,
    /// The pool of the last build used; one at a time, so switching builds frees the other's memory.
    pool: Option<(EmbeddingModel, Rc<Pool>)>,
    cache: EmbeddingCache,
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
        match serve(&request).await {
            Ok(answer) => post(&Answered::new(request.id, &answer)),
            Err(message) => post(&Reply::Error {
                id: Some(request.id),
                message,
            }),
        }
    }
}

/// The request's embeddings, and how many of its texts had to be embedded (the others were cached).
async fn serve(request: &Request) -> Result<Embeddings, String> {
    let missing = COORDINATOR.with_borrow_mut(|c| c.cache.missing(request.model, &request.texts));
    let computed = missing.len();
    // A request without texts is the page's preload: it loads the model. One fully cached needs none.
    if computed > 0 || request.texts.is_empty() {
        let pool = pool_for(request.model).await?;
        let fresh = Request {
            id: request.id,
            texts: missing,
            model: request.model,
        };
        let embedded = pool.embed(&fresh).await;
        if pool.is_broken() {
            COORDINATOR.with_borrow_mut(|c| c.pool = None);
        }
        let embedded = embedded?;
        COORDINATOR.with_borrow_mut(|c| c.cache.insert(fresh.texts, embedded));
    }
    let embeddings = COORDINATOR.with_borrow(|c| c.cache.lookup(&request.texts));
    Ok(Embeddings {
        embeddings: embeddings.ok_or("the embedding cache lost texts")?,
        computed,
    })
}

/// The pool of `which`, loaded first if it is not the one running (or its helpers died).
async fn pool_for(which: EmbeddingModel) -> Result<Rc<Pool>, String> {
    if let Some((model, pool)) = COORDINATOR.with_borrow(|c| c.pool.clone()) {
        if model == which && !pool.is_broken() {
            return Ok(pool);
        }
    }
    COORDINATOR.with_borrow_mut(|c| c.pool = None);
    let pool = Rc::new(load(which).await?);
    COORDINATOR.with_borrow_mut(|c| c.pool = Some((which, pool.clone())));
    Ok(pool)
}

/// Starts the helpers, fetches and verifies the model files meanwhile, and hands them over.
async fn load(which: EmbeddingModel) -> Result<Pool, String> {
    let pool = Pool::spawn()?;
    let tokenizer =
        model_files::fetch_verified(which.tokenizer_file(), which.tokenizer_sha256(), false)
            .await?;
    let model = model_files::fetch_verified(which.file(), which.sha256(), true).await?;
    post(&Reply::Progress {
        stage: Stage::Prepare,
        done: 0,
        total: 1,
    });
    pool.load(&model, &tokenizer, which.max_tokens()).await?;
    Ok(pool)
}
