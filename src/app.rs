//! The app shell: header, navigation between the four views, and the view itself.

use leptos::prelude::*;

/// The views reachable from the navigation bar.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum View {
    Brief,
    Summary,
    Benchmarks,
    About,
}

impl View {
    const ALL: [View; 4] = [View::Brief, View::Summary, View::Benchmarks, View::About];

    fn label(self) -> &'static str {
        match self {
            View::Brief => "Brief check",
            View::Summary => "Summary check",
            View::Benchmarks => "Benchmarks",
            View::About => "About",
        }
    }

    fn id(self) -> &'static str {
        match self {
            View::Brief => "brief",
            View::Summary => "summary",
            View::Benchmarks => "benchmarks",
            View::About => "about",
        }
    }
}

#[component]
pub fn App() -> impl IntoView {
    let (view, set_view) = signal(View::Brief);
    view! {
        <header class="app-header">
            <h1>"lexeval"</h1>
            <p class="tagline">"Evaluate AI-generated legal text against a reference, offline in your browser."</p>
            <nav aria-label="Views" role="tablist">
                {View::ALL
                    .into_iter()
                    .map(|v| {
                        view! {
                            <button
                                role="tab"
                                id=format!("tab-{}", v.id())
                                aria-selected=move || (view.get() == v).to_string()
                                class:active=move || view.get() == v
                                on:click=move |_| set_view.set(v)
                            >
                                {v.label()}
                            </button>
                        }
                    })
                    .collect_view()}
            </nav>
        </header>
        <main id="view" role="tabpanel" data-view=move || view.get().id()>
            {move || match view.get() {
                View::Brief => view! { <Placeholder title="Brief check" /> }.into_any(),
                View::Summary => view! { <Placeholder title="Summary check" /> }.into_any(),
                View::Benchmarks => view! { <Placeholder title="Benchmarks" /> }.into_any(),
                View::About => view! { <About /> }.into_any(),
            }}
        </main>
    }
}

#[component]
fn Placeholder(title: &'static str) -> impl IntoView {
    view! {
        <section>
            <h2>{title}</h2>
        </section>
    }
}

#[component]
fn About() -> impl IntoView {
    view! {
        <section>
            <h2>"About lexeval"</h2>
            <p>
                "lexeval scores generated briefs and summaries against a reference: legal citations, "
                "ROUGE, L-FRESCO, pointwise recall and precision. Everything runs in this page; "
                "nothing you paste leaves your machine unless you configure your own LLM endpoint."
            </p>
            <p class="version">"Engine version " {env!("CARGO_PKG_VERSION")}</p>
        </section>
    }
}
