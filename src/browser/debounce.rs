//! Rescoring after typing stops, but at once after an edit made in one act.
//!
//! Typing changes a text key by key, so a check waits for a quiet moment before it runs. A paste, a
//! drop, an example loaded or a setting chosen is the whole edit already: waiting would only add the
//! quiet time to every click-to-scores.

use leptos::prelude::*;
use std::time::Duration;
use wasm_bindgen::JsCast;

/// Quiet time after the last keystroke before rescoring.
pub const QUIET: Duration = Duration::from_millis(300);

/// Set by the handlers of edits made in one act; the next change of the debounced signal then passes
/// at once. Taken (reset) by that change.
#[derive(Clone, Copy)]
pub struct WholeEdit(StoredValue<bool>);

impl WholeEdit {
    pub fn new() -> Self {
        WholeEdit(StoredValue::new(false))
    }

    /// The edit about to be made is complete (an example loaded, the texts cleared).
    pub fn mark(self) {
        self.0.try_set_value(true);
    }

    /// Marks the edit of an `input` event made in one act ([`is_whole`]); says whether it was.
    pub fn mark_if_whole(self, ev: &web_sys::Event) -> bool {
        let whole = is_whole(ev);
        if whole {
            self.mark();
        }
        whole
    }

    fn take(self) -> bool {
        self.0.try_update_value(std::mem::take).unwrap_or_default()
    }
}

/// Whether an `input` event's edit was made in one act: a paste, a drop or a cut, not a keystroke.
pub fn is_whole(ev: &web_sys::Event) -> bool {
    ev.dyn_ref::<web_sys::InputEvent>().is_some_and(|input| {
        matches!(
            input.input_type().as_str(),
            "insertFromPaste" | "insertFromDrop" | "deleteByCut" | "deleteByDrag"
        )
    })
}

/// A signal that follows `source` once it has been still for [`QUIET`], or at once when the change was
/// marked whole or `at_once(previous, new)` says it is a choice made in one act.
pub fn debounced<T: Clone + PartialEq + Send + Sync + 'static>(
    source: Memo<T>,
    whole: WholeEdit,
    at_once: impl Fn(&T, &T) -> bool + Send + Sync + 'static,
) -> ReadSignal<T> {
    let (out, set_out) = signal(source.get_untracked());
    let generation = StoredValue::new(0u64);
    Effect::new(move |_| {
        let value = source.get();
        // A newer change cancels the timer of an older one.
        generation.update_value(|g| *g += 1);
        let mine = generation.get_value();
        if whole.take() || out.with_untracked(|previous| at_once(previous, &value)) {
            set_out.set(value);
            return;
        }
        set_timeout(
            // The view may be gone by the time the timer fires (tab switched): then do nothing.
            move || {
                if generation.try_get_value() == Some(mine) {
                    set_out.try_set(value);
                }
            },
            QUIET,
        );
    });
    out
}
