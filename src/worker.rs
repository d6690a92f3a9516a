//! A Web Worker behind promises, shared by the embedding and score workers: started on first use, requests
//! held until the worker says it listens, replies matched by id. A request in a lane replaces the one still
//! running in that lane: the worker is restarted (the only way to stop wasm mid-computation) and the other
//! waiting requests are sent again; a worker still loading keeps loading, the lane's unsent request dropped.
//! `cancel` stops a lane's request the same way.
//!
//! Protocol (JSON strings both ways): the worker posts `{"kind": "ready"}` once, then for each request
//! `{"id": n, ...}` any number of `{"kind": "progress", ...}` or `{"kind": "embed", ...}` (the score worker
//! asking the page to relay texts to the embedding worker) and one `{"kind": "done", "id": n, ...}` or
//! `{"kind": "error", "id": n, "message": "..."}`.

use serde::Deserialize;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::thread::LocalKey;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{MessageEvent, Worker};

/// The rejection of a request replaced by a newer one in its lane; callers drop it silently.
pub const SUPERSEDED: &str = "superseded by a newer request";
/// The rejection of a request the user cancelled ([`cancel`]).
pub const CANCELLED: &str = "cancelled";

#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Reply {
    Ready,
    Progress {
        stage: String,
        done: u64,
        total: u64,
    },
    /// The score worker needs the embeddings of `texts` by `model` for request `id`: the page relays
    /// them to the embedding worker and posts the answer back ([`post`]).
    Embed {
        id: u32,
        texts: Vec<String>,
        model: lexeval_core::shipped_model::EmbeddingModel,
    },
    /// The answer's fields stay in the raw message, which the waiting request parses.
    Done {
        id: u32,
    },
    Error {
        id: u32,
        message: String,
    },
}

/// Which worker, and what the page does with its replies besides answering requests.
pub struct WorkerSpec {
    /// Script `scripts/web.py` writes for the worker binary (`<bin>_loader.js`, never hashed).
    pub script: &'static str,
    /// Named in error messages.
    pub name: &'static str,
    /// Sees every reply (progress bars, status).
    pub on_reply: fn(&Reply),
    /// Sees the message when the worker cannot start or dies.
    pub on_failure: fn(&str),
}

struct Pending {
    resolve: js_sys::Function,
    reject: js_sys::Function,
    message: String,
    lane: Option<&'static str>,
}

struct Running {
    worker: Worker,
    /// Which start of the client's worker this is: a replaced worker's late error event names its own.
    generation: u32,
    /// The worker has said it listens; until then requests wait in `pending` unsent.
    ready: bool,
    pending: BTreeMap<u32, Pending>,
}

pub struct WorkerClient {
    spec: WorkerSpec,
    running: RefCell<Option<Running>>,
    next_id: RefCell<u32>,
    starts: Cell<u32>,
}

impl WorkerClient {
    pub const fn new(spec: WorkerSpec) -> WorkerClient {
        WorkerClient {
            spec,
            running: RefCell::new(None),
            next_id: RefCell::new(0),
            starts: Cell::new(0),
        }
    }
}

/// Starts the worker now, so its wasm loads in the background and the first request does not wait for it.
pub fn prestart(client: &'static LocalKey<WorkerClient>) {
    // A worker that cannot start is reported by the first request, which tries again.
    client.with(|c| {
        let _ = started(client, &c.spec, &mut c.running.borrow_mut());
    });
}

/// The running worker, started first if there is none.
fn started<'a>(
    client: &'static LocalKey<WorkerClient>,
    spec: &WorkerSpec,
    running: &'a mut Option<Running>,
) -> Result<&'a mut Running, String> {
    if running.is_none() {
        *running = Some(start(client, spec)?);
    }
    running.as_mut().ok_or_else(|| "no worker".to_string())
}

/// Sends `request` (a JSON object; its `id` is set here) and waits for the worker's `done` message (raw JSON).
pub async fn request(
    client: &'static LocalKey<WorkerClient>,
    mut request: serde_json::Value,
    lane: Option<&'static str>,
) -> Result<String, String> {
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        let id = client.with(|c| {
            let mut next = c.next_id.borrow_mut();
            *next = next.wrapping_add(1);
            *next
        });
        request["id"] = id.into();
        let pending = Pending {
            resolve,
            reject: reject.clone(),
            message: request.to_string(),
            lane,
        };
        if let Err(message) = send(client, id, pending) {
            client.with(|c| (c.spec.on_failure)(&message));
            let _ = reject.call1(&JsValue::NULL, &JsValue::from_str(&message));
        }
    });
    let answer = JsFuture::from(promise).await.map_err(|e| {
        e.as_string()
            .unwrap_or_else(|| "the worker failed".to_string())
    })?;
    Ok(answer.as_string().unwrap_or_default())
}

fn send(client: &'static LocalKey<WorkerClient>, id: u32, pending: Pending) -> Result<(), String> {
    client.with(|c| {
        let mut running = c.running.borrow_mut();
        let mut resend = match pending.lane {
            Some(lane) => stop_lane(&mut running, lane, SUPERSEDED),
            None => BTreeMap::new(),
        };
        let running = started(client, &c.spec, &mut running)?;
        running.pending.append(&mut resend);
        if running.ready {
            post(&running.worker, &pending.message, c.spec.name)?;
        }
        running.pending.insert(id, pending);
        Ok(())
    })
}

/// Terminates the worker if it runs a request in `lane`: those requests are rejected with `reason`, the
/// others are returned, to be sent again to a fresh worker.
fn stop_lane(
    running: &mut Option<Running>,
    lane: &'static str,
    reason: &str,
) -> BTreeMap<u32, Pending> {
    // A worker still loading has sent none of its requests: dropping the lane's stops them, and the
    // worker keeps loading for the next one.
    if let Some(loading) = running.as_mut().filter(|r| !r.ready) {
        loading.pending.retain(|_, pending| {
            let stale = pending.lane == Some(lane);
            if stale {
                let _ = pending
                    .reject
                    .call1(&JsValue::NULL, &JsValue::from_str(reason));
            }
            !stale
        });
        return BTreeMap::new();
    }
    let busy = running
        .as_ref()
        .is_some_and(|r| r.pending.values().any(|p| p.lane == Some(lane)));
    let mut resend = BTreeMap::new();
    if let Some(old) = running.take_if(|_| busy) {
        old.worker.terminate();
        for (old_id, old_pending) in old.pending {
            if old_pending.lane == Some(lane) {
                let _ = old_pending
                    .reject
                    .call1(&JsValue::NULL, &JsValue::from_str(reason));
            } else {
                resend.insert(old_id, old_pending);
            }
        }
    }
    resend
}

/// Stops the request running in `lane` (rejected with [`CANCELLED`]) by terminating the worker, the only way
/// to stop wasm mid-computation; requests of other lanes go to a fresh worker.
pub fn cancel(client: &'static LocalKey<WorkerClient>, lane: &'static str) {
    let failed = client.with(|c| {
        let mut running = c.running.borrow_mut();
        let mut resend = stop_lane(&mut running, lane, CANCELLED);
        if resend.is_empty() {
            return None;
        }
        match started(client, &c.spec, &mut running) {
            Ok(fresh) => {
                fresh.pending.append(&mut resend);
                None
            }
            Err(message) => {
                for pending in resend.into_values() {
                    let _ = pending
                        .reject
                        .call1(&JsValue::NULL, &JsValue::from_str(&message));
                }
                Some(message)
            }
        }
    });
    if let Some(message) = failed {
        client.with(|c| (c.spec.on_failure)(&message));
    }
}

/// Posts `message` to the running worker outside any request (an answer to its `embed` message). A worker
/// that is gone or still starting has no request waiting for it, so the message is dropped.
pub fn post_message(client: &'static LocalKey<WorkerClient>, message: &str) {
    client.with(|c| {
        if let Some(running) = c.running.borrow().as_ref().filter(|r| r.ready) {
            let _ = post(&running.worker, message, c.spec.name);
        }
    });
}

fn post(worker: &Worker, message: &str, name: &str) -> Result<(), String> {
    worker
        .post_message(&JsValue::from_str(message))
        .map_err(|_| format!("cannot reach the {name}"))
}

fn start(client: &'static LocalKey<WorkerClient>, spec: &WorkerSpec) -> Result<Running, String> {
    let worker = Worker::new(spec.script)
        .map_err(|_| format!("this browser cannot start the {}", spec.name))?;
    let generation = client.with(|c| {
        let generation = c.starts.get().wrapping_add(1);
        c.starts.set(generation);
        generation
    });
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let data = event.data();
        let Some(json) = data.as_string() else {
            return;
        };
        if let Some(reply) = read_reply(&json) {
            on_reply(client, reply, &data);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
        // A worker terminated for a newer request (a paste, then a setting chosen at once) may still
        // report the script load it was cut off in: that is no failure of the worker running now.
        let (name, current) = client.with(|c| {
            let running = c.running.borrow();
            let current = running.as_ref().is_some_and(|r| r.generation == generation);
            (c.spec.name, current)
        });
        if !current {
            return;
        }
        fail_all(
            client,
            &format!("the {name} stopped (out of memory, or its script did not load)"),
        );
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    Ok(Running {
        worker,
        generation,
        ready: false,
        pending: BTreeMap::new(),
    })
}

/// A worker's message as a [`Reply`]. A `done` message (a megabyte check's report) is only skimmed for its
/// kind and id here: the waiting request parses it once, into its own types.
fn read_reply(json: &str) -> Option<Reply> {
    if let Some(id) = done_id(json) {
        return Some(Reply::Done { id });
    }
    #[derive(Deserialize)]
    struct Header {
        kind: String,
        id: Option<u32>,
    }
    let header: Header = serde_json::from_str(json).ok()?;
    match (header.kind.as_str(), header.id) {
        ("done", Some(id)) => Some(Reply::Done { id }),
        _ => serde_json::from_str(json).ok(),
    }
}

/// The id of a `done` message as the workers serialise it, kind and id first (`{"kind":"done","id":7,...`),
/// read without scanning the rest: a benchmark file's answer is megabytes. Other layouts are parsed whole.
fn done_id(json: &str) -> Option<u32> {
    let rest = json.strip_prefix(r#"{"kind":"done","id":"#)?;
    let end = rest.find(|c: char| !c.is_ascii_digit())?;
    rest[..end].parse().ok()
}

/// `data` is the message as the worker posted it: a request is answered with it as it came, not with a copy
/// (a CaseFacts train file's answer is megabytes).
fn on_reply(client: &'static LocalKey<WorkerClient>, reply: Reply, data: &JsValue) {
    client.with(|c| (c.spec.on_reply)(&reply));
    match reply {
        Reply::Ready => on_ready(client),
        Reply::Progress { .. } | Reply::Embed { .. } => {}
        Reply::Done { id } => {
            if let Some(pending) = take(client, id) {
                let _ = pending.resolve.call1(&JsValue::NULL, data);
            }
        }
        Reply::Error { id, message } => {
            if let Some(pending) = take(client, id) {
                let _ = pending
                    .reject
                    .call1(&JsValue::NULL, &JsValue::from_str(&message));
            }
        }
    }
}

/// Sends the requests made while the worker was starting.
fn on_ready(client: &'static LocalKey<WorkerClient>) {
    let failed = client.with(|c| {
        let mut running = c.running.borrow_mut();
        let running = running.as_mut()?;
        running.ready = true;
        running
            .pending
            .values()
            .any(|p| post(&running.worker, &p.message, c.spec.name).is_err())
            .then(|| format!("cannot reach the {}", c.spec.name))
    });
    if let Some(message) = failed {
        fail_all(client, &message);
    }
}

fn take(client: &'static LocalKey<WorkerClient>, id: u32) -> Option<Pending> {
    client.with(|c| c.running.borrow_mut().as_mut()?.pending.remove(&id))
}

/// Rejects every waiting request and drops the worker, so the next request starts a fresh one.
fn fail_all(client: &'static LocalKey<WorkerClient>, message: &str) {
    let running = client.with(|c| {
        (c.spec.on_failure)(message);
        c.running.borrow_mut().take()
    });
    if let Some(running) = running {
        running.worker.terminate();
        for pending in running.pending.into_values() {
            let _ = pending
                .reject
                .call1(&JsValue::NULL, &JsValue::from_str(message));
        }
    }
}
