//! The page's side of the embedding worker (`crates/lexeval-embed-worker`): texts in, unit-length
//! all-MiniLM-L6-v2 embeddings (by the build the settings chose) out, and the model's progress as a signal
//! for the UI.

use super::client::{self, WorkerClient, WorkerError, WorkerSpec};
use crate::state::settings::Settings;
use leptos::prelude::*;
use lexeval_core::shipped_model::EmbeddingModel;
use lexeval_core::similarity::Similarity;
use lexeval_protocol::{embed, Reply, Stage};

/// What the model is doing, for the progress bar.
#[derive(Debug, Clone, PartialEq)]
pub enum ModelStatus {
    /// Downloading the model (or reading it from the browser cache): bytes so far and in all.
    Download { done: u64, total: u64 },
    /// Building the inference plan.
    Prepare,
    /// Embedding texts: how many done of how many.
    Embed { done: u64, total: u64 },
    /// The last request finished.
    Ready,
    /// The model could not load or run; the message says why.
    Failed(String),
}

thread_local! {
    static CLIENT: WorkerClient = const {
        WorkerClient::new(WorkerSpec {
            script: "./embed_worker_loader.js",
            name: "embedding worker",
            on_reply: show_progress,
            on_failure: show_failure,
        })
    };
    // Reference-counted rather than arena-owned, so no view's disposal can drop it.
    static STATUS: ArcRwSignal<Option<ModelStatus>> = ArcRwSignal::new(None);
}

/// The model's status; `None` until the first embedding request.
pub fn status() -> ArcRwSignal<Option<ModelStatus>> {
    STATUS.with(Clone::clone)
}

fn set_status(status: ModelStatus) {
    STATUS.with(|s| s.set(Some(status)));
}

fn show_failure(message: &str) {
    set_status(ModelStatus::Failed(message.to_string()));
}

fn show_progress(reply: &Reply) {
    match reply {
        Reply::Ready | Reply::Loaded | Reply::Embed { .. } => {}
        Reply::Progress { stage, done, total } => set_status(match stage {
            Stage::Download => ModelStatus::Download {
                done: *done,
                total: *total,
            },
            Stage::Prepare => ModelStatus::Prepare,
            Stage::Embed | Stage::Pairs | Stage::Benchmark | Stage::Judge => ModelStatus::Embed {
                done: *done,
                total: *total,
            },
        }),
        Reply::Done { .. } => set_status(ModelStatus::Ready),
        Reply::Error { message, .. } => set_status(ModelStatus::Failed(message.clone())),
    }
}

/// Loads the chosen build in the embedding worker whenever embedding similarity is the chosen similarity
/// (at page load with saved settings, or when the user picks it), so the first check finds the model
/// loaded and its common plans built instead of starting all that at the paste.
pub fn load_while_chosen(settings: RwSignal<Settings>) {
    let chosen = Memo::new(move |_| {
        settings.with(|s| (s.similarity == Similarity::Embedding).then_some(s.embedding_model))
    });
    Effect::new(move |_| {
        if let Some(model) = chosen.get() {
            // A failure shows in the status and is met again, with its message, by the check.
            leptos::task::spawn_local(async move {
                let _ = embed_raw(Vec::new(), model).await;
            });
        }
    });
}

/// The embedding worker's answer for `texts` by `model` as it sent it (a `done` reply carrying
/// `lexeval_protocol::embed::Embeddings`): the page relays it to the score worker without reading the
/// numbers.
pub async fn embed_raw(texts: Vec<String>, model: EmbeddingModel) -> Result<String, WorkerError> {
    client::request(&CLIENT, |id| embed::Request { id, texts, model }, None).await
}
