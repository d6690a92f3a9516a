//! The page and the score worker: what the page asks (a [`Message`] whose [`Body`] says what), and the
//! answers the worker posts in its `done` replies ([`crate::Answered`]).

use lexeval_core::benchmark::BenchmarkKind;
use lexeval_core::pipeline::{CheckJob, Span, WholeText};
use lexeval_core::report::ScoreReport;
use lexeval_core::shipped_model::EmbeddingModel;
use lexeval_core::similarity::Similarity;
use lexeval_core::uscore::UScoreDetails;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// `{"id": n, "body": {...}}`: the page to the score worker. `id` is the request's (for
/// [`Body::Embedded`], the request that asked for the embeddings).
#[derive(Debug, Serialize, Deserialize)]
pub struct Message {
    pub id: u32,
    pub body: Body,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Body {
    /// Run a brief or summary check to its end: answered by [`Reported`]`<CheckReport>`, with
    /// [`crate::Stage::Judge`] progress while the LLM answers (judging, or extracting a summary's points).
    Check(Box<Check>),
    /// The ROUGE between a check's whole texts, for a check run with [`WholeText::Apart`] in another
    /// worker: answered by [`Reported`]`<ScoreReport<RougeDetails>>`.
    WholeTextRouge(Box<CheckJob>),
    /// U-Score of one answer: answered by [`UScored`].
    Uscore(String),
    /// The threshold that maximises reference point based F1 on labelled pairs: answered by
    /// [`Reported`]`<ScoreReport>`.
    Calibrate(Calibrate),
    /// Every brief or summary pair of a file checked: answered by [`Reported`]`<ScoreReport<PairsDetails>>`,
    /// with [`crate::Stage::Pairs`] progress.
    Pairs(Box<Pairs>),
    /// A benchmark file: see [`Benchmark`].
    Benchmark(Benchmark),
    /// The embedding worker's answer to the worker's [`crate::Reply::Embed`], relayed by the page.
    Embedded(Embedded),
}

/// Where the LLM judge is, with the key for the request header. It travels to the worker in the request
/// only; the worker keeps it for the check's requests and puts it nowhere else (no `Debug`: it would print
/// the key).
#[derive(Clone, Serialize, Deserialize)]
pub struct Endpoint {
    pub endpoint: String,
    pub model: String,
    pub key: String,
    /// Seconds one request may take before its pair counts as a failed judgement ("timed out after N s").
    pub timeout_seconds: u64,
}

impl std::fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Endpoint")
            .field("endpoint", &self.endpoint)
            .field("model", &self.model)
            .field("timeout_seconds", &self.timeout_seconds)
            .finish_non_exhaustive()
    }
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Check {
    pub job: CheckJob,
    pub llm: Option<Endpoint>,
    pub embedding_model: EmbeddingModel,
    /// Whether this worker computes the whole-text ROUGE too, or another one does
    /// ([`Body::WholeTextRouge`]).
    #[serde(default)]
    pub whole_text: WholeText,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Calibrate {
    /// JSON Lines of labelled pairs, as `lexeval calibrate --pairs` reads them.
    pub pairs: String,
    pub similarity: Similarity,
    pub embedding_model: EmbeddingModel,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Pairs {
    /// A JSON array or JSON Lines of brief or summary pairs.
    pub file: String,
    /// The settings every pair is checked with (its texts are replaced by each pair's).
    pub job: CheckJob,
    pub llm: Option<Endpoint>,
    pub embedding_model: EmbeddingModel,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Benchmark {
    /// Score a CaseFacts, LegalSearchQA or ROUGE pairs file (against `gold` if loaded): answered by
    /// `lexeval_core::benchmark::ScoredFile`, with [`crate::Stage::Benchmark`] progress.
    Score {
        kind: BenchmarkKind,
        contents: String,
        gold: Option<String>,
    },
    /// How many gold rows `gold` holds: answered by [`GoldCounted`].
    CountGold { kind: BenchmarkKind, gold: String },
}

/// The embedding worker's `done` reply as it came (the page relays it without reading the numbers), or why
/// there are no embeddings.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Embedded {
    Reply(Box<RawValue>),
    Error(String),
}

/// The answer to a check, a calibration or a pairs file.
#[derive(Debug, Serialize, Deserialize)]
pub struct Reported<R> {
    pub report: R,
}

/// The answer to [`Body::Uscore`]: the report and the cue phrases as spans.
#[derive(Debug, Serialize, Deserialize)]
pub struct UScored {
    pub report: ScoreReport<Option<UScoreDetails>>,
    pub spans: Vec<Span>,
}

/// The answer to [`Benchmark::CountGold`].
#[derive(Debug, Serialize, Deserialize)]
pub struct GoldCounted {
    pub gold_items: usize,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::Embeddings;

    fn round_trip(message: &Message) -> Message {
        serde_json::from_str(&serde_json::to_string(message).unwrap()).unwrap()
    }

    #[test]
    fn an_embedding_answer_is_relayed_as_it_came_and_read_in_the_worker() {
        let from_embedding_worker =
            r#"{"kind":"done","id":3,"embeddings":[[0.6,0.8]],"computed":1}"#;
        let relayed = Message {
            id: 12,
            body: Body::Embedded(Embedded::Reply(
                RawValue::from_string(from_embedding_worker.into()).unwrap(),
            )),
        };
        let json = serde_json::to_string(&relayed).unwrap();
        assert_eq!(
            json,
            format!(r#"{{"id":12,"body":{{"embedded":{{"reply":{from_embedding_worker}}}}}}}"#)
        );
        let Message {
            id: 12,
            body: Body::Embedded(Embedded::Reply(raw)),
        } = serde_json::from_str(&json).unwrap()
        else {
            panic!("not read back: {json}");
        };
        let embeddings: Embeddings = serde_json::from_str(raw.get()).unwrap();
        assert_eq!(embeddings.embeddings, [[0.6, 0.8]]);
    }

    #[test]
    fn requests_read_back_as_the_page_sent_them() {
        let calibrate = round_trip(&Message {
            id: 1,
            body: Body::Calibrate(Calibrate {
                pairs: "{\"reference\":\"a\",\"generated\":\"b\",\"label\":\"full\"}\n".into(),
                similarity: Similarity::RougeL,
                embedding_model: EmbeddingModel::MiniLmInt8,
            }),
        });
        assert!(matches!(
            calibrate.body,
            Body::Calibrate(Calibrate {
                similarity: Similarity::RougeL,
                ..
            })
        ));
        let gold = round_trip(&Message {
            id: 2,
            body: Body::Benchmark(Benchmark::CountGold {
                kind: BenchmarkKind::CaseFacts,
                gold: String::new(),
            }),
        });
        assert!(matches!(
            gold.body,
            Body::Benchmark(Benchmark::CountGold {
                kind: BenchmarkKind::CaseFacts,
                ..
            })
        ));
        let job = CheckJob::Brief {
            reference: "The court held. Terry v. Ohio, 392 U.S. 1 (1968).".into(),
            candidate: "The court ruled.".into(),
            settings: lexeval_core::fresco::FrescoSettings {
                similarity: Similarity::RougeL,
                threshold: 0.5,
                generalized: false,
                generalized_match: Default::default(),
                authorities: Default::default(),
            },
            judge: None,
        };
        let whole_text = round_trip(&Message {
            id: 4,
            body: Body::WholeTextRouge(Box::new(job.clone())),
        });
        assert!(matches!(whole_text.body, Body::WholeTextRouge(read) if *read == job));
        let error = round_trip(&Message {
            id: 3,
            body: Body::Embedded(Embedded::Error("out of memory".into())),
        });
        assert!(matches!(error.body, Body::Embedded(Embedded::Error(e)) if e == "out of memory"));
    }

    #[test]
    fn the_key_is_never_in_debug_output() {
        let endpoint = Endpoint {
            endpoint: "https://llm.example/v1".into(),
            model: "m".into(),
            key: "sk-secret".into(),
            timeout_seconds: 1,
        };
        assert!(!format!("{endpoint:?}").contains("sk-secret"));
    }
}
