//! The lexeval page: a Leptos client-side app compiled to WebAssembly by trunk.

mod app;
mod browser;
mod components;
mod embedding;
mod engine;
mod examples;
mod llm_judge;
mod scoring;
mod state;
mod views;
mod worker;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
