//! The coordinator's helpers: one worker per core (up to `MAX_HELPERS`), each holding its own copy of the
//! model. A request's texts are split between them and their answers put back in input order.

use crate::helper;
use crate::protocol::{post, scope, Embeddings, Reply, Request, Stage};
use js_sys::{Function, Object, Promise, Reflect, Uint8Array};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{MessageEvent, Worker, WorkerOptions};

/// Each helper holds ~0.3 GB (model bytes, weights, plans); beyond four, memory grows faster than speed.
const MAX_HELPERS: usize = 4;

pub struct Pool {
    helpers: Vec<Helper>,
    /// Texts embedded so far by each helper in the current request, summed into the progress posted.
    progress: Rc<Progress>,
    /// Set when a helper died: the pool is dropped and the next request starts a new one.
    broken: Rc<Cell<bool>>,
}

struct Helper {
    worker: Worker,
    /// Settles the one thing the coordinator waits for from this helper (ready, loaded or an answer).
    waiting: Rc<RefCell<Option<(Function, Function)>>>,
    ready: Promise,
}

struct Progress {
    done: RefCell<Vec<u64>>,
    total: Cell<u64>,
}

impl Drop for Pool {
    fn drop(&mut self) {
        for helper in &self.helpers {
            helper.worker.terminate();
        }
    }
}

impl Pool {
    /// Starts the helpers now, so their wasm compiles while the model downloads.
    pub fn spawn() -> Result<Pool, String> {
        let cores = scope().navigator().hardware_concurrency() as usize;
        let count = cores.clamp(1, MAX_HELPERS);
        let progress = Rc::new(Progress {
            done: RefCell::new(vec![0; count]),
            total: Cell::new(0),
        });
        let broken = Rc::new(Cell::new(false));
        let helpers = (0..count)
            .map(|index| Helper::spawn(index, progress.clone(), broken.clone()))
            .collect::<Result<_, _>>()?;
        Ok(Pool {
            helpers,
            progress,
            broken,
        })
    }

    pub fn is_broken(&self) -> bool {
        self.broken.get()
    }

    /// Hands every helper the verified model files and waits until each has built its model.
    pub async fn load(
        &self,
        model: &Uint8Array,
        tokenizer: &Uint8Array,
        max_tokens: usize,
    ) -> Result<(), String> {
        let files = Object::new();
        let _ = Reflect::set(&files, &"model".into(), model);
        let _ = Reflect::set(&files, &"tokenizer".into(), tokenizer);
        let _ = Reflect::set(&files, &"maxTokens".into(), &(max_tokens as f64).into());
        let mut loading = Vec::new();
        for helper in &self.helpers {
            settled(&helper.ready).await?;
            let loaded = helper.expect();
            helper
                .worker
                .post_message(&files)
                .map_err(|_| "cannot hand the model to an embedding helper".to_string())?;
            loading.push(loaded);
        }
        for loaded in &loading {
            settled(loaded).await?;
        }
        Ok(())
    }

    /// Unit-length embeddings of the request's texts in input order, each helper embedding its share.
    pub async fn embed(&self, request: &Request) -> Result<Vec<Vec<f32>>, String> {
        let texts = &request.texts;
        let shares = lexeval_embed::split_for_workers(texts, self.helpers.len());
        self.progress.total.set(texts.len() as u64);
        self.progress.done.borrow_mut().fill(0);
        let mut answers = Vec::new();
        for (helper, share) in self.helpers.iter().zip(&shares) {
            if share.is_empty() {
                continue;
            }
            let share_request = Request {
                id: request.id,
                texts: share.iter().map(|&i| texts[i].clone()).collect(),
                model: request.model,
            };
            let json = serde_json::to_string(&share_request).map_err(|e| e.to_string())?;
            let answer = helper.expect();
            helper
                .worker
                .post_message(&JsValue::from_str(&json))
                .map_err(|_| "cannot reach an embedding helper".to_string())?;
            answers.push((share, answer));
        }
        let mut embeddings = vec![Vec::new(); texts.len()];
        for (share, answer) in answers {
            let json = settled(&answer).await?.as_string().unwrap_or_default();
            let done: Embeddings = serde_json::from_str(&json)
                .map_err(|e| format!("an embedding helper answered garbage: {e}"))?;
            if done.embeddings.len() != share.len() {
                return Err("an embedding helper lost texts".into());
            }
            for (&index, embedding) in share.iter().zip(done.embeddings) {
                embeddings[index] = embedding;
            }
        }
        Ok(embeddings)
    }
}

impl Helper {
    fn spawn(
        index: usize,
        progress: Rc<Progress>,
        broken: Rc<Cell<bool>>,
    ) -> Result<Helper, String> {
        let options = WorkerOptions::new();
        options.set_name(helper::NAME);
        // The coordinator's own script: it runs as a helper when started under that name.
        let script = scope().location().href();
        let worker = Worker::new_with_options(&script, &options)
            .map_err(|_| "this browser cannot start an embedding helper".to_string())?;
        let waiting: Rc<RefCell<Option<(Function, Function)>>> = Rc::default();
        let ready = expect(&waiting);
        let slot = waiting.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let Some(json) = event.data().as_string() else {
                return;
            };
            // A `done` answer is only routed here; the request waiting for it parses it once.
            match lexeval_protocol::read_reply(&json) {
                Some(Reply::Progress { done, .. }) => progress.report(index, done),
                Some(Reply::Ready | Reply::Loaded | Reply::Done { .. }) => {
                    settle(&slot, Ok(JsValue::from_str(&json)))
                }
                Some(Reply::Error { message, .. }) => settle(&slot, Err(message)),
                Some(Reply::Embed { .. }) | None => {}
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        let slot = waiting.clone();
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            // Handled here (the pool is dropped, the request fails with this message): not passed on to
            // the page as the coordinator's own error, which would end the coordinator too.
            event.prevent_default();
            broken.set(true);
            settle(
                &slot,
                Err(
                    "an embedding helper stopped (out of memory, or its script did not load)"
                        .into(),
                ),
            );
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        on_error.forget();
        Ok(Helper {
            worker,
            waiting,
            ready,
        })
    }

    fn expect(&self) -> Promise {
        expect(&self.waiting)
    }
}

impl Progress {
    fn report(&self, helper: usize, done: u64) {
        let sum = {
            let mut all = self.done.borrow_mut();
            if let Some(slot) = all.get_mut(helper) {
                *slot = done;
            }
            all.iter().sum()
        };
        post(&Reply::Progress {
            stage: Stage::Embed,
            done: sum,
            total: self.total.get(),
        });
    }
}

/// A promise settled by the helper's next `ready`, `loaded`, `done` or `error` message.
fn expect(waiting: &Rc<RefCell<Option<(Function, Function)>>>) -> Promise {
    Promise::new(&mut |resolve, reject| {
        *waiting.borrow_mut() = Some((resolve, reject));
    })
}

fn settle(waiting: &RefCell<Option<(Function, Function)>>, result: Result<JsValue, String>) {
    let Some((resolve, reject)) = waiting.borrow_mut().take() else {
        return;
    };
    let _ = match result {
        Ok(value) => resolve.call1(&JsValue::NULL, &value),
        Err(message) => reject.call1(&JsValue::NULL, &JsValue::from_str(&message)),
    };
}

async fn settled(promise: &Promise) -> Result<JsValue, String> {
    JsFuture::from(promise.clone()).await.map_err(|e| {
        e.as_string()
            .unwrap_or_else(|| "an embedding helper failed".to_string())
    })
}
