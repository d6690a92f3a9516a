//! The Benchmarks tab's files (CaseFacts, LegalSearchQA, ROUGE pairs), read and scored here rather than on
//! the page's main thread by `lexeval_core::benchmark`, the glue whose numbers the CLI's are checked
//! against; progress goes to the page as items scored of all.

use lexeval_core::benchmark::{count_gold, score_file};
use lexeval_protocol::score::{Benchmark, GoldCounted};
use lexeval_protocol::{Reply, Stage};

/// Answers `request` with the scored file or the gold rows counted, or with why the file cannot be used
/// (the first bad line named).
pub fn answer(id: u32, request: &Benchmark) {
    let answered = match request {
        Benchmark::Score {
            kind,
            contents,
            gold,
        } => score_file(*kind, contents, gold.as_deref(), &mut |done, total| {
            crate::post(&Reply::Progress {
                stage: Stage::Benchmark,
                done: done as u64,
                total: total as u64,
            })
        })
        .map(|scored| crate::done(id, &scored)),
        Benchmark::CountGold { kind, gold } => {
            count_gold(*kind, gold).map(|gold_items| crate::done(id, &GoldCounted { gold_items }))
        }
    };
    if let Err(error) = answered {
        crate::fail(Some(id), &error.0);
    }
}
