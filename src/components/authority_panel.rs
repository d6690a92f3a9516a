//! The authority chosen in the annotated texts: its name, its kind and the pairs of the table it is part of.
//! It opens beside the citation number that opened it, takes the focus, and closes on Escape or Close,
//! giving the focus back to that number.

use crate::browser;
use crate::components::interaction::Interaction;
use crate::present::report_view::AuthorityInfo;
use leptos::html::Aside;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Places `panel` (absolutely positioned in the texts' box) under `opener`, inside that box's width.
fn place_beside(panel: &web_sys::HtmlElement, opener: &web_sys::HtmlElement) {
    // The number's offsets are within the texts' box; its own text scrolls in a box of its own.
    let scrolled = opener
        .closest(".annotated-text")
        .ok()
        .flatten()
        .map_or(0, |text| text.scroll_top());
    let top = opener.offset_top() - scrolled + opener.offset_height() + 4;
    let room = panel
        .offset_parent()
        .and_then(|p| p.dyn_into::<web_sys::HtmlElement>().ok())
        .map_or(0, |p| p.offset_width());
    let left = opener.offset_left().min(room - panel.offset_width()).max(0);
    let _ = panel.style().set_property("top", &format!("{top}px"));
    let _ = panel.style().set_property("left", &format!("{left}px"));
}

#[component]
pub fn AuthorityPanel(
    info: AuthorityInfo,
    /// Its ids are `{prefix}-authority-panel…`, the view's prefix.
    interaction: Interaction,
) -> impl IntoView {
    let prefix = interaction.prefix;
    let panel = NodeRef::<Aside>::new();
    Effect::new(move |_| {
        let Some(element) = panel.get() else {
            return;
        };
        let element: web_sys::HtmlElement = element.unchecked_into();
        if let Some(opener) = interaction.opener() {
            place_beside(&element, &opener);
        }
        // Focus scrolls the panel into view when it is not.
        let _ = element.focus();
    });
    let show_rows = move |_| browser::focus_first(&format!("#{prefix}-pairs tr.selected"));
    let has_pairs = !info.pairs.is_empty();
    let pairs = if info.pairs.is_empty() {
        view! { <p class="muted">"No reference claim–authority pair shares it (the reference does not cite it)."</p> }
            .into_any()
    } else {
        view! {
            <ul>
                {info
                    .pairs
                    .into_iter()
                    .map(|row| {
                        view! {
                            <li>
                                <span class="verdict">{row.verdict.label()}</span>
                                " — " {row.reference_claim}
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        }
        .into_any()
    };
    view! {
        <aside
            class="authority-panel"
            aria-labelledby=format!("{prefix}-authority-panel-title")
            id=format!("{prefix}-authority-panel")
            tabindex="-1"
            node_ref=panel
            on:keydown=move |ev| {
                if ev.key() == "Escape" {
                    ev.prevent_default();
                    interaction.close_panel();
                }
            }
        >
            <h3 id=format!("{prefix}-authority-panel-title")>{info.name}</h3>
            <p class="authority-kind">{format!("Kind: {}", info.kind)}</p>
            <p>"Reference claim–authority pairs it takes part in:"</p>
            {pairs}
            <div class="panel-actions">
                {has_pairs.then(|| view! {
                    <button type="button" class="secondary" id=format!("{prefix}-authority-panel-rows") on:click=show_rows>
                        "Show them in the table"
                    </button>
                })}
                <button type="button" class="secondary" id=format!("{prefix}-authority-panel-close") on:click=move |_| interaction.close_panel()>
                    "Close"
                </button>
            </div>
        </aside>
    }
}
