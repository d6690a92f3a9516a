//! Everything the user typed or chose, as signals, persisted to localStorage so a reload loses nothing.
//!
//! Each text is saved under its own key and the settings under another, each a moment after its own last
//! change (a megabyte text is written only when it changed, in a task of its own); the LLM API key is
//! kept apart in sessionStorage, or localStorage only when the user opts in, and is never part of the
//! saved settings, a share link or a report.

pub mod gold_store;
pub mod route;
pub mod settings;
pub mod storage;

use crate::state::route::View;
use leptos::prelude::*;
use lexeval_core::share::SharePayload;
use serde::{Deserialize, Serialize};
use settings::{LlmSettings, Settings};
use std::time::Duration;

const STATE_KEY: &str = "lexeval.state.v1";
const API_KEY_KEY: &str = "lexeval.llm.key";
const SAVE_DELAY: Duration = Duration::from_millis(400);

/// The persisted settings (no texts, no API key), under [`STATE_KEY`].
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
struct Saved {
    view: String,
    settings: Settings,
    llm: LlmSettings,
}

/// Texts as they were saved inside the settings' blob before each had a key of its own: read when a text's
/// own key holds nothing, never written.
#[derive(Default, Deserialize)]
#[serde(default)]
struct EarlierTexts {
    brief_reference: String,
    brief_candidate: String,
    summary_reference: String,
    summary_candidate: String,
    answer: String,
}

/// The texts, each saved under its own key when it changes: a megabyte text is one storage write in a task
/// of its own, not part of every save of the settings or of the other texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TextField {
    BriefReference,
    BriefCandidate,
    SummaryReference,
    SummaryCandidate,
    Answer,
}

impl TextField {
    const ALL: [TextField; 5] = [
        TextField::BriefReference,
        TextField::BriefCandidate,
        TextField::SummaryReference,
        TextField::SummaryCandidate,
        TextField::Answer,
    ];

    fn key(self) -> &'static str {
        match self {
            TextField::BriefReference => "lexeval.text.brief_reference",
            TextField::BriefCandidate => "lexeval.text.brief_candidate",
            TextField::SummaryReference => "lexeval.text.summary_reference",
            TextField::SummaryCandidate => "lexeval.text.summary_candidate",
            TextField::Answer => "lexeval.text.answer",
        }
    }

    fn signal(self, state: &AppState) -> RwSignal<String> {
        match self {
            TextField::BriefReference => state.brief_reference,
            TextField::BriefCandidate => state.brief_candidate,
            TextField::SummaryReference => state.summary_reference,
            TextField::SummaryCandidate => state.summary_candidate,
            TextField::Answer => state.answer,
        }
    }

    /// The saved text: under its own key, or in the settings' blob of an earlier version, then moved to its
    /// own key (the next save of the settings writes a blob without it).
    fn load(self, earlier: &mut EarlierTexts) -> String {
        if let Some(text) = storage::load_local(self.key()) {
            return text;
        }
        let text = std::mem::take(match self {
            TextField::BriefReference => &mut earlier.brief_reference,
            TextField::BriefCandidate => &mut earlier.brief_candidate,
            TextField::SummaryReference => &mut earlier.summary_reference,
            TextField::SummaryCandidate => &mut earlier.summary_candidate,
            TextField::Answer => &mut earlier.answer,
        });
        if !text.is_empty() {
            let _ = storage::save_local(self.key(), &text);
        }
        text
    }
}

/// The texts and settings a share link sets, as [`AppState::link_inputs`] reads them.
#[derive(Clone, PartialEq)]
pub struct LinkInputs {
    texts: [String; 5],
    settings: Settings,
    llm: LlmSettings,
}

/// Signals shared by all views (provided as context; `Copy`).
#[derive(Clone, Copy)]
pub struct AppState {
    pub view: RwSignal<View>,
    pub brief_reference: RwSignal<String>,
    pub brief_candidate: RwSignal<String>,
    pub summary_reference: RwSignal<String>,
    pub summary_candidate: RwSignal<String>,
    /// A legal answer scored by U-Score.
    pub answer: RwSignal<String>,
    pub settings: RwSignal<Settings>,
    pub llm: RwSignal<LlmSettings>,
    pub llm_key: RwSignal<String>,
    /// A problem saving to storage, shown to the user.
    pub storage_error: RwSignal<Option<String>>,
    /// Texts replaced by opening a share link, so the user can get them back.
    pub replaced_by_link: RwSignal<Option<(String, String)>>,
    /// How many share links (or imported exports) have been applied: a check scores a link's texts at once,
    /// not after the quiet time it leaves typing.
    pub links_applied: RwSignal<u64>,
    /// Labelled pairs pasted or uploaded for calibration (JSON Lines). Kept while the page is open, not
    /// saved: an uploaded file may exceed the storage quota the texts share.
    pub calibration_pairs: RwSignal<String>,
}

impl AppState {
    /// Restore from storage and start saving every change.
    pub fn load() -> AppState {
        let blob = storage::load_local(STATE_KEY);
        let saved: Saved = blob
            .as_deref()
            .and_then(|s| serde_json::from_str(s).ok())
            .unwrap_or_default();
        let mut earlier: EarlierTexts = blob
            .as_deref()
            .and_then(|s| serde_json::from_str(s).ok())
            .unwrap_or_default();
        let key = storage::load_session(API_KEY_KEY)
            .or_else(|| storage::load_local(API_KEY_KEY))
            .unwrap_or_default();
        let state = AppState {
            view: RwSignal::new(View::from_id(&saved.view).unwrap_or(View::Brief)),
            brief_reference: RwSignal::new(TextField::BriefReference.load(&mut earlier)),
            brief_candidate: RwSignal::new(TextField::BriefCandidate.load(&mut earlier)),
            summary_reference: RwSignal::new(TextField::SummaryReference.load(&mut earlier)),
            summary_candidate: RwSignal::new(TextField::SummaryCandidate.load(&mut earlier)),
            answer: RwSignal::new(TextField::Answer.load(&mut earlier)),
            settings: RwSignal::new(saved.settings),
            llm: RwSignal::new(saved.llm),
            llm_key: RwSignal::new(key),
            storage_error: RwSignal::new(None),
            replaced_by_link: RwSignal::new(None),
            links_applied: RwSignal::new(0),
            calibration_pairs: RwSignal::new(String::new()),
        };
        state.persist();
        state
    }

    /// Stores `value` under `key`, or says on the page why it could not.
    fn store(self, key: &str, value: &str) {
        self.storage_error
            .set(storage::save_local(key, value).err());
    }

    /// Saves what `value` reads (tracked) under `key` a moment after its last change, and at once when the
    /// page is hidden before that moment (a reload or a closed tab would lose the last edit).
    fn save_when_changed(self, key: &'static str, value: impl Fn() -> String + Copy + 'static) {
        let generation = StoredValue::new(0u64);
        let unsaved = StoredValue::new(false);
        Effect::new(move |first: Option<()>| {
            let current = value();
            if first.is_none() {
                return;
            }
            generation.update_value(|g| *g += 1);
            unsaved.set_value(true);
            let mine = generation.get_value();
            set_timeout(
                move || {
                    if generation.get_value() == mine {
                        unsaved.set_value(false);
                        self.store(key, &current);
                    }
                },
                SAVE_DELAY,
            );
        });
        // The listener lives as long as the page.
        let _listener = window_event_listener_untyped("pagehide", move |_| {
            if unsaved.get_value() {
                generation.update_value(|g| *g += 1);
                unsaved.set_value(false);
                self.store(key, &untrack(value));
            }
        });
    }

    /// Save each text and the settings a moment after their last change, and the key wherever it belongs.
    fn persist(self) {
        for field in TextField::ALL {
            let text = field.signal(&self);
            self.save_when_changed(field.key(), move || text.get());
        }
        self.save_when_changed(STATE_KEY, move || {
            let saved = Saved {
                view: self.view.get().id().to_string(),
                settings: self.settings.get(),
                llm: self.llm.get(),
            };
            serde_json::to_string(&saved).unwrap_or_default()
        });
        Effect::new(move |_| {
            let key = self.llm_key.get();
            let remember = self.llm.with(|l| l.remember_key);
            if key.is_empty() {
                storage::remove_session(API_KEY_KEY);
                storage::remove_local(API_KEY_KEY);
            } else if remember {
                storage::remove_session(API_KEY_KEY);
                let _ = storage::save_local(API_KEY_KEY, &key);
            } else {
                storage::remove_local(API_KEY_KEY);
                storage::save_session(API_KEY_KEY, &key);
            }
        });
    }

    /// What a share link sets; the page keeps a link in the address bar until any of it changes.
    pub fn link_inputs(&self) -> LinkInputs {
        LinkInputs {
            texts: [
                self.brief_reference.get(),
                self.brief_candidate.get(),
                self.summary_reference.get(),
                self.summary_candidate.get(),
                self.answer.get(),
            ],
            settings: self.settings.get(),
            llm: self.llm.get(),
        }
    }

    /// Texts of a check view: (reference, candidate).
    pub fn texts(&self, view: View) -> Option<(RwSignal<String>, RwSignal<String>)> {
        match view {
            View::Brief => Some((self.brief_reference, self.brief_candidate)),
            View::Summary => Some((self.summary_reference, self.summary_candidate)),
            _ => None,
        }
    }

    /// Apply a share link, remembering what it replaced. An answer link sets the answer only: U-Score has
    /// no settings.
    pub fn apply_share(&self, payload: &SharePayload) {
        self.links_applied.update(|n| *n += 1);
        let view = match payload.view.as_str() {
            "summary" => View::Summary,
            "answer" => View::Answer,
            _ => View::Brief,
        };
        if view == View::Answer {
            let old = self.answer.get_untracked();
            if !old.is_empty() {
                self.replaced_by_link.set(Some((old, String::new())));
            }
            self.answer.set(payload.reference.clone());
            self.view.set(view);
            return;
        }
        if let Some((reference, candidate)) = self.texts(view) {
            let old = (reference.get_untracked(), candidate.get_untracked());
            if !old.0.is_empty() || !old.1.is_empty() {
                self.replaced_by_link.set(Some(old));
            }
            reference.set(payload.reference.clone());
            candidate.set(payload.candidate.clone());
        }
        self.settings.set(Settings::from_share(&payload.settings));
        self.llm.update(|l| {
            if let Some(e) = &payload.settings.llm_endpoint {
                l.endpoint = e.clone();
            }
            if let Some(m) = &payload.settings.llm_model {
                l.model = m.clone();
            }
        });
        self.view.set(view);
    }
}
