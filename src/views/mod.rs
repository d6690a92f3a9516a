//! The page's views, one module each, plus the settings panel they share.

pub mod about;
pub mod answer;
pub mod benchmarks;
pub mod calibrate;
pub mod check;
pub mod check_result;
pub mod pairs_batch;
pub mod settings_panel;
pub mod share_bar;
