//! A long text of a check view shown read-only in chunks instead of in its text box: a text area lays out
//! all of its text whenever it is shown or changed (about 0.3–0.6 s a megabyte, in one task), while chunks
//! with `content-visibility: auto` are laid out only as they scroll into view. "Edit in a text box" gives
//! the text area back; a paste that makes a text long is put into the text by the page rather than by the
//! text area, which would lay out the result in the paste's task.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Texts longer than this (bytes) are shown as a [`LongText`] until the user asks to edit them: laying out
/// a text area of this much text is about the 50 ms a task may take.
pub const LONG_TEXT_BYTES: usize = 50_000;

/// A chunk ends at the first line break after this many bytes (or, in a text without one for a while, at
/// a space, or at a character's end).
const CHUNK_BYTES: usize = 10_000;

/// Whether `text` is shown as a [`LongText`] (unless being edited).
pub fn is_long(text: &str) -> bool {
    text.len() > LONG_TEXT_BYTES
}

/// `text` cut into chunks of about [`CHUNK_BYTES`], each ending after a line break where there is one
/// within twice that, else after a space, else at a character boundary; together they are `text`.
pub fn chunks(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = chunk_end(rest);
        let (chunk, after) = rest.split_at(end);
        rest = after;
        Some(chunk)
    })
}

fn chunk_end(text: &str) -> usize {
    if text.len() <= CHUNK_BYTES {
        return text.len();
    }
    let mut start = CHUNK_BYTES;
    while !text.is_char_boundary(start) {
        start += 1;
    }
    let window = &text[start..text.len().min(start + CHUNK_BYTES)];
    window
        .find('\n')
        .or_else(|| window.find(' '))
        .map_or(start, |at| start + at + 1)
}

/// What pasting `event` into its text area makes of the text, when the page should put it in rather than
/// the text area: when the text becomes long by it, or a long text is pasted. The pasted text goes in
/// place of the selection, its line breaks normalised as a text area does, and the paste's default is
/// prevented. `None` leaves the paste to the text area (a short text, or a few words pasted into a long text
/// being edited).
pub fn paste_long(event: &web_sys::ClipboardEvent) -> Option<String> {
    let area = event
        .target()?
        .dyn_into::<web_sys::HtmlTextAreaElement>()
        .ok()?;
    let pasted = event.clipboard_data()?.get_data("text/plain").ok()?;
    let pasted = pasted.replace("\r\n", "\n").replace('\r', "\n");
    // Selection offsets are UTF-16 code units: the text is cut as a JavaScript string.
    let current = area.value();
    let was_long = is_long(&current);
    let value = js_sys::JsString::from(current);
    let start = area.selection_start().ok().flatten()?;
    let end = area.selection_end().ok().flatten()?;
    let before = String::from(value.slice(0, start));
    let after = String::from(value.slice(end, value.length()));
    let text = format!("{before}{pasted}{after}");
    if !is_long(&text) || (was_long && !is_long(&pasted)) {
        return None;
    }
    event.prevent_default();
    Some(text)
}

/// `text` read-only in chunks (`{id}-long`), labelled by `labelled_by`, with an "Edit in a text box"
/// button (`{id}-edit`) that calls `on_edit`.
#[component]
pub fn LongText(
    text: RwSignal<String>,
    id: String,
    labelled_by: String,
    on_edit: Callback<()>,
) -> impl IntoView {
    let body = move || {
        text.with(|text| {
            chunks(text)
                .map(|chunk| view! { <div class="chunk">{chunk.to_string()}</div> })
                .collect_view()
        })
    };
    view! {
        <div class="long-text" id=format!("{id}-long")>
            <div
                class="long-text-body"
                id=format!("{id}-long-body")
                role="textbox"
                aria-readonly="true"
                aria-multiline="true"
                aria-labelledby=labelled_by
                tabindex="0"
            >
                {body}
            </div>
            <p class="long-text-note">
                "Shown read-only, as a text box would hold the page up while it lays out a text this long. "
                <button
                    type="button"
                    class="secondary"
                    id=format!("{id}-edit")
                    on:click=move |_| on_edit.run(())
                >
                    "Edit in a text box"
                </button>
            </p>
        </div>
    }
}
