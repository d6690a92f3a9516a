//! The lexeval page: a Leptos client-side app compiled to WebAssembly (built by `scripts/web.py`).

mod app;
mod browser;
mod components;
mod present;
mod state;
mod views;
mod workers;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
