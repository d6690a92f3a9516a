//! Small browser helpers: downloads, file reading, the URL fragment, clipboard, yielding to the event loop.

pub mod debounce;

use leptos::prelude::*;
use std::time::Duration;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Offer `contents` as a file download.
pub fn download(filename: &str, mime: &str, contents: &str) -> Result<(), String> {
    let fail = |_| format!("could not create {filename}");
    let parts = js_sys::Array::of1(&JsValue::from_str(contents));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let anchor: web_sys::HtmlAnchorElement = document()
        .create_element("a")
        .map_err(fail)?
        .unchecked_into();
    anchor.set_href(&url);
    anchor.set_download(filename);
    anchor.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// The text of the first file chosen in an `<input type=file>`, if any.
pub async fn read_chosen_file(
    input: &web_sys::HtmlInputElement,
) -> Option<Result<(String, String), String>> {
    let file = input.files()?.get(0)?;
    let name = file.name();
    Some(
        JsFuture::from(file.text())
            .await
            .ok()
            .and_then(|v| v.as_string())
            .map(|text| (name.clone(), text))
            .ok_or_else(|| format!("could not read {name} as text")),
    )
}

/// The URL fragment without `#` (empty when there is none).
pub fn fragment() -> String {
    window()
        .location()
        .hash()
        .map(|h| h.trim_start_matches('#').to_string())
        .unwrap_or_default()
}

/// Remove the fragment from the address bar without reloading or adding a history entry.
pub fn clear_fragment() {
    let location = window().location();
    let path = location.pathname().unwrap_or_default() + &location.search().unwrap_or_default();
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&path));
    }
}

/// This page's address with the given fragment.
pub fn link_with_fragment(fragment: &str) -> String {
    let location = window().location();
    format!(
        "{}{}#{fragment}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default()
    )
}

/// Copy text to the clipboard; resolves to whether it worked (it needs a secure context).
pub async fn copy_to_clipboard(text: &str) -> bool {
    let clipboard = window().navigator().clipboard();
    JsFuture::from(clipboard.write_text(text)).await.is_ok()
}

/// Let the browser paint and handle input before continuing a long job.
pub async fn yield_now() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        set_timeout(
            move || {
                let _ = resolve.call0(&JsValue::NULL);
            },
            Duration::ZERO,
        );
    });
    let _ = JsFuture::from(promise).await;
}

/// Scrolls the first element matching `selector` into view (its scroll box and the page), if any.
pub fn scroll_to(selector: &str) {
    if let Some(element) = document().query_selector(selector).ok().flatten() {
        element.scroll_into_view_with_bool(false);
    }
}

/// Scrolls to the element `id` and gives it the focus (it has `tabindex="-1"` when it is not a control).
pub fn focus_id(id: &str) {
    focus(document().get_element_by_id(id));
}

/// Gives the element `id` the focus where it is on the screen.
pub fn focus_in_place(id: &str) {
    if let Some(element) = document()
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = element.focus();
    }
}

/// Scrolls to the first element matching `selector` and gives it the focus, if there is one.
pub fn focus_first(selector: &str) {
    focus(document().query_selector(selector).ok().flatten());
}

fn focus(element: Option<web_sys::Element>) {
    if let Some(element) = element.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        // At the top of the screen, with what follows it below.
        element.scroll_into_view();
        let _ = element.focus();
    }
}
