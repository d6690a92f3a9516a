//! The page's side of the score worker (`crates/lexeval-score-worker`): brief and summary checks run there,
//! so scoring a megabyte of text never blocks typing. One lane per check view: a newer request replaces the
//! one still running.

use crate::worker::{self, WorkerClient, WorkerSpec};
use lexeval_core::checks::{CheckJob, CheckResult};
use serde::Deserialize;

thread_local! {
    static CLIENT: WorkerClient = const {
        WorkerClient::new(WorkerSpec {
            script: "./score_worker_loader.js",
            name: "score worker",
            on_reply: |_| {},
            on_failure: |_| {},
        })
    };
}

/// Starts the score worker while the page settles, so the first check does not wait for its wasm.
pub fn prestart() {
    worker::prestart(&CLIENT);
}

/// Runs `job` in the score worker; a newer job in the same `lane` cancels this one (`worker::SUPERSEDED`).
pub async fn check(job: CheckJob, lane: &'static str) -> Result<CheckResult, String> {
    let request = serde_json::json!({ "job": job });
    let json = worker::request(&CLIENT, request, Some(lane)).await?;
    #[derive(Deserialize)]
    struct Done {
        result: CheckResult,
    }
    serde_json::from_str::<Done>(&json)
        .map(|done| done.result)
        .map_err(|e| format!("unreadable check result: {e}"))
}
