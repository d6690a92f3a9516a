//! Reusable pieces of the page. All of them render user text as text nodes, never as HTML.

pub mod annotated;
pub mod authority_panel;
pub mod bar_chart;
pub mod benchmark_progress;
pub mod comparison;
pub mod deferred;
pub mod error_alert;
pub mod heatmap;
pub mod integrity;
pub mod interaction;
pub mod item_table;
pub mod judge_progress;
pub mod llm_exchanges;
pub mod long_text;
pub mod model_progress;
pub mod pairs_table;
pub mod score_card;
pub mod walkthrough;
