//! The authority chosen in the annotated texts: its name, its kind and the pairs of the table it is part of.
//! It opens beside the citation number that opened it, takes the focus, and closes on Escape or Close,
//! giving the focus back to that number.

use crate::browser;
use crate::components::interaction::Interaction;
use crate::present::report_view::AuthorityInfo;
use leptos::html::Aside;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Places `panel` (absolutely positioned in the texts' box) under `opener`, inside that box's width. From the
/// two boxes on screen, not from offsets: the number's offset parent may be a chunk of its text (a block with
/// layout containment), and its text scrolls in a box of its own.
fn place_beside(panel: &web_sys::HtmlElement, opener: &web_sys::HtmlElement) {
    let Some(parent) = panel
        .offset_parent()
        .and_then(|p| p.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    let (number, within) = (
        opener.get_bounding_client_rect(),
        parent.get_bounding_client_rect(),
    );
    // An absolutely positioned box is placed from its parent's padding edge, inside the border.
    let top = number.bottom() - within.top() - f64::from(parent.client_top()) + 4.0;
    let room = f64::from(parent.client_width() - panel.offset_width());
    let left = (number.left() - within.left() - f64::from(parent.client_left()))
        .min(room)
        .max(0.0);
    let _ = panel.style().set_property("top", &format!("{top:.0}px"));
    let _ = panel.style().set_property("left", &format!("{left:.0}px"));
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
