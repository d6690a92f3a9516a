//! The messages between the page and its two Web Workers, one definition for both sides: the page
//! (`src/workers/`), the score worker (`crates/lexeval-score-worker`) and the embedding worker with its
//! helpers (`crates/lexeval-embed-worker`). Every message is a JSON string.
//!
//! - A worker posts [`Reply::Ready`] once it listens, then for each request any number of
//!   [`Reply::Progress`] (and, from the score worker, [`Reply::Embed`]: texts for the page to relay to the
//!   embedding worker), and one `done` ([`Answered`]: [`Reply::Done`] with the answer's fields) or
//!   [`Reply::Error`].
//! - Requests: [`score::Message`] to the score worker, [`embed::Request`] to the embedding worker.
//!
//! A `done` reply carries the answer's fields beside `kind` and `id` (`{"kind":"done","id":7,"report":…}`),
//! serialised in that order so a reader can route a megabyte answer by its first bytes ([`done_id`]) and
//! parse it once, into the answer's own type.

pub mod embed;
pub mod score;

use serde::{Deserialize, Serialize};

/// What a worker posts, read for routing: a `done` reply's answer is read separately, by whoever waits
/// for it, into its own type (its other fields are ignored here).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Reply {
    /// The worker listens now; messages posted before this were lost while its wasm was loading.
    Ready,
    /// An embedding helper has built its model from the files it was handed.
    Loaded,
    Progress {
        stage: Stage,
        done: u64,
        total: u64,
    },
    /// The score worker needs the embeddings of `texts` by `model` for request `id`: the page relays
    /// them to the embedding worker and posts its answer back ([`score::Body::Embedded`]).
    Embed {
        id: u32,
        texts: Vec<String>,
        model: lexeval_core::shipped_model::EmbeddingModel,
    },
    Done {
        id: u32,
    },
    /// Request `id` failed; `message` says why in plain words. No id: the request itself was unreadable.
    Error {
        id: Option<u32>,
        message: String,
    },
}

/// What a [`Reply::Progress`] counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    /// Model bytes downloaded (or read from the browser cache) of all.
    Download,
    /// Building the inference plans (done 0 of 1).
    Prepare,
    /// Texts embedded of all.
    Embed,
    /// Brief or summary pairs of a file checked of all.
    Pairs,
    /// Items of a benchmark file scored of all.
    Benchmark,
    /// The LLM judge's prompts answered (or failed) of all asked so far in the request.
    Judge,
}

/// A `done` reply with its answer: `{"kind":"done","id":n, ...answer's fields}`, serialised straight from
/// the answer's types (a megabyte report is never copied into a `serde_json::Value`).
#[derive(Serialize)]
pub struct Answered<'a, A: Serialize> {
    kind: DoneTag,
    id: u32,
    #[serde(flatten)]
    answer: &'a A,
}

impl<'a, A: Serialize> Answered<'a, A> {
    pub fn new(id: u32, answer: &'a A) -> Self {
        Answered {
            kind: DoneTag::Done,
            id,
            answer,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum DoneTag {
    Done,
}

/// The request id of a `done` reply as [`Answered`] serialises it, read from its first bytes without
/// scanning the rest (a benchmark file's answer is megabytes); `None` for any other message.
pub fn done_id(json: &str) -> Option<u32> {
    let rest = json.strip_prefix(r#"{"kind":"done","id":"#)?;
    let end = rest.find(|c: char| !c.is_ascii_digit())?;
    rest[..end].parse().ok()
}

/// A worker's message as a [`Reply`] (a `done` reply skimmed by [`done_id`]), or `None` if it is none.
pub fn read_reply(json: &str) -> Option<Reply> {
    match done_id(json) {
        Some(id) => Some(Reply::Done { id }),
        None => serde_json::from_str(json).ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Counted {
        gold_items: usize,
    }

    #[test]
    fn an_answered_reply_starts_with_its_kind_and_id_and_is_routed_without_parsing() {
        let json = serde_json::to_string(&Answered::new(42, &Counted { gold_items: 3 })).unwrap();
        assert_eq!(json, r#"{"kind":"done","id":42,"gold_items":3}"#);
        assert_eq!(done_id(&json), Some(42));
        assert_eq!(read_reply(&json), Some(Reply::Done { id: 42 }));
        // Laid out otherwise, it is still read, whole.
        assert_eq!(
            read_reply(r#"{"id":42,"kind":"done","gold_items":3}"#),
            Some(Reply::Done { id: 42 })
        );
    }

    #[test]
    fn replies_read_back_as_they_were_posted() {
        let replies = [
            Reply::Ready,
            Reply::Loaded,
            Reply::Progress {
                stage: Stage::Benchmark,
                done: 3,
                total: 10,
            },
            Reply::Progress {
                stage: Stage::Judge,
                done: 12,
                total: 40,
            },
            Reply::Embed {
                id: 7,
                texts: vec!["Claim one.".into()],
                model: lexeval_core::shipped_model::EmbeddingModel::MiniLmInt8,
            },
            Reply::Error {
                id: Some(7),
                message: "the file has no records".into(),
            },
            Reply::Error {
                id: None,
                message: "the score worker cannot read this request".into(),
            },
        ];
        for reply in replies {
            let json = serde_json::to_string(&reply).unwrap();
            assert_eq!(read_reply(&json), Some(reply), "{json}");
        }
        assert_eq!(
            serde_json::to_string(&Reply::Progress {
                stage: Stage::Download,
                done: 1,
                total: 2
            })
            .unwrap(),
            r#"{"kind":"progress","stage":"download","done":1,"total":2}"#
        );
    }

    #[test]
    fn junk_is_no_reply() {
        for junk in [
            "",
            "[]",
            r#"{"kind":"finished"}"#,
            r#"{"kind":"done"}"#,
            "{\"kind\":\"done\",\"id\":",
        ] {
            assert_eq!(read_reply(junk), None, "{junk}");
        }
    }
}
