//! The Benchmarks tab's files (CaseFacts, LegalSearchQA, ROUGE pairs), read and scored here rather than on
//! the page's main thread by `lexeval_core::benchmark`, the glue whose numbers the CLI's are checked
//! against; progress goes to the page as items scored of all.

use lexeval_core::benchmark::{count_gold, score_file, BenchmarkKind};
use serde::{Deserialize, Serialize};

/// `{"score": {"kind": "casefacts" | "legalsearchqa" | "rouge-pairs", "contents": "<the file>", "gold":
/// "<the gold file>" | null}}` or `{"count_gold": {"kind": ..., "gold": "<the gold file>"}}`.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Request {
    Score {
        kind: BenchmarkKind,
        contents: String,
        gold: Option<String>,
    },
    CountGold {
        kind: BenchmarkKind,
        gold: String,
    },
}

#[derive(Serialize)]
struct Counted {
    gold_items: usize,
}

/// Answers `request` as `{"kind": "done", "id": n, "report": {...}, "items": {...} | null}` or `{"kind":
/// "done", "id": n, "gold_items": count}`, or with why the file cannot be used (the first bad line named).
pub fn answer(id: u32, request: &Request) {
    let answered = match request {
        Request::Score {
            kind,
            contents,
            gold,
        } => score_file(*kind, contents, gold.as_deref(), &mut |done, total| {
            crate::post(&serde_json::json!({
                "kind": "progress", "stage": "benchmark", "done": done, "total": total
            }))
        })
        .map(|scored| crate::done(id, scored)),
        Request::CountGold { kind, gold } => {
            count_gold(*kind, gold).map(|gold_items| crate::done(id, Counted { gold_items }))
        }
    };
    if let Err(error) = answered {
        crate::fail(Some(id.into()), &error.0);
    }
}
