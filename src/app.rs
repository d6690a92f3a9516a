//! The app shell: header, navigation between the views, share-link loading and notices.

use crate::browser;
use crate::state::route::View;
use crate::state::{AppState, LinkInputs};
use crate::views::about::AboutView;
use crate::views::answer::AnswerView;
use crate::views::benchmarks::BenchmarksView;
use crate::views::calibrate::CalibrateSection;
use crate::views::check::CheckView;
use leptos::prelude::*;
use lexeval_core::share;

/// Notices about a share link opened at start-up.
#[derive(Clone, PartialEq)]
enum LinkNotice {
    /// Why the numbers may differ from the link maker's, if they may.
    Loaded {
        mismatches: Vec<String>,
    },
    Failed(String),
}

/// Read a share link from the address and apply it. The link stays in the address bar (see
/// [`keep_link_until_edited`]); a damaged one changes nothing.
fn open_share_link(state: &AppState) -> Option<LinkNotice> {
    let fragment = browser::fragment();
    if fragment.is_empty() {
        return None;
    }
    Some(match share::decode(&fragment) {
        Ok(payload) => {
            state.apply_share(&payload);
            let opened_with = state.settings.with_untracked(|s| s.embedding_model);
            let mut mismatches = payload.mismatches(opened_with.sha256());
            // An answer link sets no settings (U-Score has none), so its model says nothing.
            let answer = View::from_id(&payload.view) == Some(View::Answer);
            if !answer && opened_with != payload.settings.embedding_model {
                mismatches.push(format!(
                    "It was made with the embedding model {}, which only the command-line tool offers; \
                     it opens here with {}, so embedding similarities may differ.",
                    payload.settings.embedding_model.label(),
                    opened_with.label()
                ));
            }
            LinkNotice::Loaded { mismatches }
        }
        Err(e) => LinkNotice::Failed(e.to_string()),
    })
}

/// Drop the link from the address bar once the texts or settings differ from what it opened with, so a
/// reload keeps the user's edits rather than reopening the link (a damaged link goes the same way).
fn keep_link_until_edited(state: AppState) -> impl Fn() {
    let opened = RwSignal::new(None::<LinkInputs>);
    Effect::new(move |_| {
        let edited = opened.with(|o| o.as_ref().is_some_and(|o| *o != state.link_inputs()));
        if edited {
            browser::clear_fragment();
            opened.set(None);
        }
    });
    move || opened.set(Some(untrack(|| state.link_inputs())))
}

#[component]
pub fn App() -> impl IntoView {
    let state = AppState::load();
    provide_context(state);
    crate::workers::score::prestart();
    crate::workers::embed::load_while_chosen(state.settings);
    let link_opened = keep_link_until_edited(state);
    let notice = RwSignal::new(open_share_link(&state));
    if notice.with_untracked(Option::is_some) {
        link_opened();
    }
    // A link pasted into a tab where the page is already open changes only the fragment: no reload. The
    // shell lives as long as the page, so the listener is never removed.
    window_event_listener(leptos::ev::hashchange, move |_| {
        if let Some(opened) = open_share_link(&state) {
            notice.set(Some(opened));
            link_opened();
        }
    });
    let view = state.view;

    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let step: isize = match ev.key().as_str() {
            "ArrowRight" => 1,
            "ArrowLeft" => -1,
            _ => return,
        };
        let count = View::ALL.len() as isize;
        let current = View::ALL
            .iter()
            .position(|v| *v == view.get_untracked())
            .unwrap_or(0) as isize;
        let next = View::ALL[((current + step).rem_euclid(count)) as usize];
        view.set(next);
        if let Some(tab) = document().get_element_by_id(&format!("tab-{}", next.id())) {
            use wasm_bindgen::JsCast;
            if let Ok(tab) = tab.dyn_into::<web_sys::HtmlElement>() {
                let _ = tab.focus();
            }
        }
    };

    view! {
        <header class="app-header">
            <h1>"lexeval"</h1>
            <p class="tagline">"Evaluate AI-generated legal text against a reference, offline in your browser."</p>
            <nav aria-label="Views" role="tablist" on:keydown=on_key>
                {View::ALL
                    .into_iter()
                    .map(|v| {
                        view! {
                            <button
                                role="tab"
                                id=format!("tab-{}", v.id())
                                aria-controls=format!("view-{}", v.id())
                                aria-selected=move || (view.get() == v).to_string()
                                tabindex=move || if view.get() == v { "0" } else { "-1" }
                                class:active=move || view.get() == v
                                on:click=move |_| view.set(v)
                            >
                                {v.label()}
                            </button>
                        }
                    })
                    .collect_view()}
            </nav>
        </header>
        <div class="notices">
            {move || {
                notice
                    .get()
                    .map(|n| match n {
                        LinkNotice::Loaded { mismatches } => {
                            view! {
                                <div class="notice" role="status" id="link-notice">
                                    "Opened a share link: texts and settings restored."
                                    {mismatches.into_iter().map(|note| format!(" {note}")).collect::<String>()}
                                    {move || {
                                        state
                                            .replaced_by_link
                                            .get()
                                            .map(|(r, c)| {
                                                view! {
                                                    " "
                                                    <button
                                                        type="button"
                                                        id="restore-texts"
                                                        on:click=move |_| {
                                                            let current = state.view.get_untracked();
                                                            if let Some((rs, cs)) = state.texts(current) {
                                                                rs.set(r.clone());
                                                                cs.set(c.clone());
                                                            } else if current == View::Answer {
                                                                state.answer.set(r.clone());
                                                            }
                                                            state.replaced_by_link.set(None);
                                                        }
                                                    >
                                                        "Restore my previous texts"
                                                    </button>
                                                }
                                            })
                                    }}
                                    " "
                                    <DismissButton notice=notice />
                                </div>
                            }
                                .into_any()
                        }
                        LinkNotice::Failed(msg) => {
                            view! {
                                <div class="notice error" role="alert" id="link-notice">
                                    {format!("Could not open the share link. {msg} Your own texts are unchanged.")}
                                    " "
                                    <DismissButton notice=notice />
                                </div>
                            }
                                .into_any()
                        }
                    })
            }}
            {move || {
                state
                    .storage_error
                    .get()
                    .map(|msg| view! { <div class="notice error" role="alert">{msg}</div> })
            }}
        </div>
        <main id="view" data-view=move || view.get().id()>
            {View::ALL.into_iter().map(|v| view! { <ViewPanel shown=view panel=v /> }).collect_view()}
        </main>
    }
}

/// One view's panel. A view is built the first time it is shown and then only hidden, never dropped: coming
/// back finds its result, selection and scroll positions as they were, with nothing scored again.
#[component]
fn ViewPanel(shown: RwSignal<View>, panel: View) -> impl IntoView {
    let visited =
        Memo::new(move |before: Option<&bool>| before == Some(&true) || shown.get() == panel);
    view! {
        <div
            role="tabpanel"
            id=format!("view-{}", panel.id())
            aria-labelledby=format!("tab-{}", panel.id())
            hidden=move || shown.get() != panel
        >
            {move || {
                visited
                    .get()
                    .then(|| match panel {
                        View::Brief => view! { <CheckView view=View::Brief /> }.into_any(),
                        View::Summary => view! { <CheckView view=View::Summary /> }.into_any(),
                        View::Answer => view! { <AnswerView /> }.into_any(),
                        View::Benchmarks => view! { <BenchmarksView /> <CalibrateSection /> }.into_any(),
                        View::About => view! { <AboutView /> }.into_any(),
                    })
            }}
        </div>
    }
}

/// Closes the share-link notice.
#[component]
fn DismissButton(notice: RwSignal<Option<LinkNotice>>) -> impl IntoView {
    view! {
        <button type="button" class="secondary" on:click=move |_| notice.set(None)>
            "Dismiss"
        </button>
    }
}
