//! The lexeval page: a Leptos client-side app compiled to WebAssembly (built by `scripts/web.py`).

mod app;
mod benchmarks;
mod browser;
mod card_counts;
mod checks;
mod components;
mod debounce;
mod examples;
mod gold_store;
mod pairs_batch;
mod report_view;
mod route;
mod state;
mod views;
mod workers;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
