//! The authority chosen in the annotated texts: its name, its kind and the pairs of the table it is part of.

use crate::present::report_view::AuthorityInfo;
use leptos::prelude::*;

#[component]
pub fn AuthorityPanel(
    info: AuthorityInfo,
    /// Prefix of its ids (`{prefix}-authority-panel`): each check view has its own panel.
    prefix: &'static str,
    on_close: impl Fn() + 'static,
) -> impl IntoView {
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
        >
            <h3 id=format!("{prefix}-authority-panel-title")>{info.name}</h3>
            <p class="authority-kind">{format!("Kind: {}", info.kind)}</p>
            <p>"Reference claim–authority pairs it takes part in:"</p>
            {pairs}
            <button type="button" class="secondary" on:click=move |_| on_close()>"Close"</button>
        </aside>
    }
}
