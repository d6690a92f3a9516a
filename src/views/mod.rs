//! The page's views, one module each, the settings panel and share bar they share, and the examples
//! they load.

pub mod about;
pub mod answer;
pub mod benchmarks;
pub mod calibrate;
pub mod check;
pub mod check_result;
pub mod examples;
pub mod pairs_batch;
pub mod settings_panel;
pub mod share_bar;
