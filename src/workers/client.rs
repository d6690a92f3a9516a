//! A Web Worker behind promises, shared by the embedding and score workers: started on first use, requests
//! held until the worker says it listens, replies matched by id. A request in a [`Lane`] replaces the one
//! still running in that lane: the worker is restarted (the only way to stop wasm mid-computation) and the
//! other waiting requests are sent again; a worker still loading keeps loading, the lane's unsent request
//! dropped. `cancel` stops a lane's request the same way. The messages are `lexeval_protocol`'s.

use crate::state::route::View;
use lexeval_protocol::{done_id, read_reply, Reply};
use serde::Serialize;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::fmt;
use std::thread::LocalKey;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{MessageEvent, Worker};

/// Why a request has no answer.
#[derive(Debug, Clone, PartialEq)]
pub enum WorkerError {
    /// A newer request in its lane replaced it; callers drop it silently (the newer one reports).
    Superseded,
    /// The user cancelled it ([`cancel`]).
    Cancelled,
    /// The worker could not answer it (it failed, could not start, or its answer was unreadable); the
    /// message says why in plain words.
    Failed(String),
}

impl WorkerError {
    /// Superseded or cancelled: nothing to show, the view has moved on.
    pub fn is_stale(&self) -> bool {
        matches!(self, WorkerError::Superseded | WorkerError::Cancelled)
    }

    /// A request's rejection: a [`Rejection`] code when it was stopped, the message when it failed.
    fn from_rejection(value: &JsValue) -> WorkerError {
        match value.as_f64() {
            Some(code) if code == Rejection::Superseded.code() => WorkerError::Superseded,
            Some(code) if code == Rejection::Cancelled.code() => WorkerError::Cancelled,
            _ => WorkerError::Failed(
                value
                    .as_string()
                    .unwrap_or_else(|| "the worker failed".to_string()),
            ),
        }
    }
}

impl std::error::Error for WorkerError {}

impl fmt::Display for WorkerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorkerError::Superseded => f.write_str("superseded by a newer request"),
            WorkerError::Cancelled => f.write_str("cancelled"),
            WorkerError::Failed(message) => f.write_str(message),
        }
    }
}

/// How a request's promise is rejected when it is stopped rather than failed (a failure's rejection is its
/// message).
#[derive(Clone, Copy)]
enum Rejection {
    Superseded,
    Cancelled,
}

impl Rejection {
    fn code(self) -> f64 {
        match self {
            Rejection::Superseded => 1.0,
            Rejection::Cancelled => 2.0,
        }
    }

    fn value(self) -> JsValue {
        JsValue::from_f64(self.code())
    }
}

/// A queue of requests of which only the newest matters: a newer request replaces the one still running
/// in its lane.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lane {
    /// The brief or summary check of a view.
    Check(View),
    /// A pair opened from the Benchmarks tab's pairs table.
    PairBreakdown,
    /// The Benchmarks tab's pairs batch (Cancel stops it).
    Pairs,
    /// A benchmark file being scored (Cancel stops it).
    Benchmark,
    /// A gold file being counted.
    BenchmarkGold,
    /// The answer check's U-Score.
    Answer,
    /// The threshold calibration.
    Calibrate,
}

/// Enough of a reply's first characters for [`done_id`]: `{"kind":"done","id":` and the id.
const REPLY_HEAD_CHARS: u32 = 40;

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
    lane: Option<Lane>,
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

/// Sends the request `message` builds for the id given here, and waits for the worker's `done` reply (raw
/// JSON, for the caller to read into the answer's type).
pub async fn request<M: Serialize>(
    client: &'static LocalKey<WorkerClient>,
    message: impl FnOnce(u32) -> M,
    lane: Option<Lane>,
) -> Result<String, WorkerError> {
    let id = client.with(|c| {
        let mut next = c.next_id.borrow_mut();
        *next = next.wrapping_add(1);
        *next
    });
    let mut message = Some(
        serde_json::to_string(&message(id))
            .map_err(|e| WorkerError::Failed(format!("the request cannot be written: {e}")))?,
    );
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        let pending = Pending {
            resolve,
            reject: reject.clone(),
            message: message.take().unwrap_or_default(),
            lane,
        };
        if let Err(message) = send(client, id, pending) {
            client.with(|c| (c.spec.on_failure)(&message));
            let _ = reject.call1(&JsValue::NULL, &JsValue::from_str(&message));
        }
    });
    let answer = JsFuture::from(promise)
        .await
        .map_err(|e| WorkerError::from_rejection(&e))?;
    match answer.dyn_into::<js_sys::Uint8Array>() {
        // The score worker's answers arrive as UTF-8 bytes, read straight into wasm memory.
        Ok(bytes) => String::from_utf8(bytes.to_vec())
            .map_err(|_| WorkerError::Failed("the worker's answer is not UTF-8 text".into())),
        Err(answer) => Ok(answer.as_string().unwrap_or_default()),
    }
}

fn send(client: &'static LocalKey<WorkerClient>, id: u32, pending: Pending) -> Result<(), String> {
    client.with(|c| {
        let mut running = c.running.borrow_mut();
        let mut resend = match pending.lane {
            Some(lane) => stop_lane(&mut running, lane, Rejection::Superseded),
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
    lane: Lane,
    reason: Rejection,
) -> BTreeMap<u32, Pending> {
    // A worker still loading has sent none of its requests: dropping the lane's stops them, and the
    // worker keeps loading for the next one.
    if let Some(loading) = running.as_mut().filter(|r| !r.ready) {
        loading.pending.retain(|_, pending| {
            let stale = pending.lane == Some(lane);
            if stale {
                let _ = pending.reject.call1(&JsValue::NULL, &reason.value());
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
                let _ = old_pending.reject.call1(&JsValue::NULL, &reason.value());
            } else {
                resend.insert(old_id, old_pending);
            }
        }
    }
    resend
}

/// Stops the request running in `lane` ([`WorkerError::Cancelled`]) by terminating the worker, the only way
/// to stop wasm mid-computation; requests of other lanes go to a fresh worker.
pub fn cancel(client: &'static LocalKey<WorkerClient>, lane: Lane) {
    let failed = client.with(|c| {
        let mut running = c.running.borrow_mut();
        let mut resend = stop_lane(&mut running, lane, Rejection::Cancelled);
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

/// Posts `message` to the running worker outside any request (an answer to its `embed` reply). A worker
/// that is gone or still starting has no request waiting for it, so the message is dropped.
pub fn post_message(client: &'static LocalKey<WorkerClient>, message: &impl Serialize) {
    let Ok(message) = serde_json::to_string(message) else {
        return;
    };
    client.with(|c| {
        if let Some(running) = c.running.borrow().as_ref().filter(|r| r.ready) {
            let _ = post(&running.worker, &message, c.spec.name);
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
        // A `done` reply is routed by its first characters, not copied out whole (its caller reads it);
        // the others are small. The score worker's `done` replies are UTF-8 bytes, the rest text.
        let reply = if let Some(bytes) = data.dyn_ref::<js_sys::Uint8Array>() {
            let head = bytes.subarray(0, REPLY_HEAD_CHARS).to_vec();
            done_id(&String::from_utf8_lossy(&head)).map(|id| Reply::Done { id })
        } else if let Some(json) = data.dyn_ref::<js_sys::JsString>() {
            let head = String::from(json.slice(0, REPLY_HEAD_CHARS));
            match done_id(&head) {
                Some(id) => Some(Reply::Done { id }),
                None => json.as_string().as_deref().and_then(read_reply),
            }
        } else {
            None
        };
        if let Some(reply) = reply {
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

/// `data` is the message as the worker posted it: a request is answered with it as it came, not with a copy
/// (a CaseFacts train file's answer is megabytes).
fn on_reply(client: &'static LocalKey<WorkerClient>, reply: Reply, data: &JsValue) {
    client.with(|c| (c.spec.on_reply)(&reply));
    match reply {
        Reply::Ready => on_ready(client),
        Reply::Progress { .. } | Reply::Embed { .. } | Reply::Loaded => {}
        Reply::Done { id } => {
            if let Some(pending) = take(client, id) {
                let _ = pending.resolve.call1(&JsValue::NULL, data);
            }
        }
        Reply::Error { id, message } => {
            if let Some(pending) = id.and_then(|id| take(client, id)) {
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
