//! What the views draw, read from core's typed reports: score cards and their counts, pairs table rows,
//! the similarity matrix, authority gaps, LLM exchanges, what a selection lights, a check's steps for
//! a class, and the About view's CaseFacts demo.

pub mod card_counts;
pub mod casefacts_demo;
pub mod integrity;
pub mod report_view;
pub mod selection;
pub mod walkthrough;
