//! The native client against a real scripted HTTP server on 127.0.0.1 (nothing leaves the machine).

use lexeval_core::judge::{JudgeError, JudgeLanguage};
use lexeval_llm::cache::FileCache;
use lexeval_llm::native::NativeClient;
use lexeval_llm::tasks::decompose::Method;
use lexeval_llm::tasks::decompscore::decompscore;
use lexeval_llm::tasks::judge::PaperJudge;
use lexeval_llm::{ApiKey, Complete, LlmConfig, LlmError};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const KEY: &str = "sk-test-SECRET-4242";

/// What the script answers: HTTP status, body, and a delay before answering.
struct Reply {
    status: u16,
    body: String,
    delay: Duration,
}

fn chat(content: &str) -> Reply {
    Reply {
        status: 200,
        body: json!({"choices": [{"message": {"role": "assistant", "content": content}}]})
            .to_string(),
        delay: Duration::ZERO,
    }
}

struct Server {
    endpoint: String,
    hits: Arc<AtomicUsize>,
    auth_headers: Arc<Mutex<Vec<String>>>,
}

/// Serve `script(prompt, hit_number)` on a fresh port, one thread per request.
fn serve(script: impl Fn(&str, usize) -> Reply + Send + Sync + 'static) -> Server {
    let server = tiny_http::Server::http("127.0.0.1:0").expect("bind 127.0.0.1");
    let port = server.server_addr().to_ip().expect("ip address").port();
    let hits = Arc::new(AtomicUsize::new(0));
    let auth_headers = Arc::new(Mutex::new(Vec::new()));
    let script = Arc::new(script);
    let (hits_in, auth_in) = (hits.clone(), auth_headers.clone());
    std::thread::spawn(move || {
        for mut request in server.incoming_requests() {
            let hit = hits_in.fetch_add(1, Ordering::SeqCst);
            for header in request.headers() {
                if header.field.equiv("Authorization") {
                    auth_in.lock().unwrap().push(header.value.to_string());
                }
            }
            let mut body = String::new();
            request.as_reader().read_to_string(&mut body).unwrap();
            let prompt = serde_json::from_str::<Value>(&body).unwrap()["messages"][0]["content"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            let script = script.clone();
            std::thread::spawn(move || {
                let reply = script(&prompt, hit);
                std::thread::sleep(reply.delay);
                let response =
                    tiny_http::Response::from_string(reply.body).with_status_code(reply.status);
                let _ = request.respond(response);
            });
        }
    });
    Server {
        endpoint: format!("http://127.0.0.1:{port}/v1"),
        hits,
        auth_headers,
    }
}

fn config(server: &Server) -> LlmConfig {
    let mut config = LlmConfig::new(&server.endpoint, "test-model", ApiKey::new(KEY));
    // Generous: a loaded machine may be slow to answer even on loopback. Only `slow_answers_time_out`
    // shortens it, against a server that does not answer for far longer.
    config.timeout = Duration::from_secs(60);
    config.backoff = Duration::from_millis(5);
    config.max_retries = 2;
    config
}

#[test]
fn retries_429_then_succeeds_and_sends_the_key_only_in_the_header() {
    let server = serve(|_, hit| match hit {
        0 => Reply {
            status: 429,
            body: "slow down".into(),
            delay: Duration::ZERO,
        },
        _ => chat("Yes"),
    });
    let client = NativeClient::new(config(&server));
    assert_eq!(client.complete("q").unwrap(), "Yes");
    assert_eq!(server.hits.load(Ordering::SeqCst), 2);
    assert_eq!(
        server.auth_headers.lock().unwrap().as_slice(),
        [format!("Bearer {KEY}"), format!("Bearer {KEY}")]
    );
}

#[test]
fn server_errors_are_retried_then_reported() {
    let server = serve(|_, _| Reply {
        status: 500,
        body: "boom".into(),
        delay: Duration::ZERO,
    });
    let client = NativeClient::new(config(&server));
    let err = client.complete("q").unwrap_err();
    assert_eq!(
        err,
        LlmError::Status {
            status: 500,
            body: "boom".into()
        }
    );
    assert_eq!(server.hits.load(Ordering::SeqCst), 3);
    assert!(!err.to_string().contains(KEY));
}

#[test]
fn slow_answers_time_out() {
    let server = serve(|_, _| Reply {
        delay: Duration::from_secs(600),
        ..chat("late")
    });
    let mut config = config(&server);
    config.timeout = Duration::from_secs(1);
    let client = NativeClient::new(config);
    let err = client.complete("q").unwrap_err();
    assert_eq!(err, LlmError::Timeout { seconds: 1 });
    assert_eq!(err.to_string(), "timed out after 1 s");
    // Not retried (max_retries is 3): the wait was the one the user chose.
    assert_eq!(server.hits.load(Ordering::SeqCst), 1);
}

#[test]
fn malformed_json_is_a_per_item_error_not_a_retry() {
    let server = serve(|prompt, _| match prompt {
        "bad" => Reply {
            status: 200,
            body: "{\"choices\": [".into(),
            delay: Duration::ZERO,
        },
        _ => chat("fine"),
    });
    let client = NativeClient::new(config(&server));
    let answers = client.complete_many(&["bad".to_string(), "good".to_string()]);
    assert!(matches!(answers[0], Err(LlmError::MalformedResponse(_))));
    assert_eq!(answers[1].as_deref(), Ok("fine"));
    assert_eq!(server.hits.load(Ordering::SeqCst), 2);
}

#[test]
fn cached_answers_skip_the_server_and_the_cache_never_holds_the_key() {
    let server = serve(|_, _| chat("cached answer"));
    let dir = std::env::temp_dir().join(format!("lexeval-llm-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let first = NativeClient::with_cache(config(&server), Box::new(FileCache::open(&dir).unwrap()));
    assert_eq!(first.complete("p").unwrap(), "cached answer");
    let second =
        NativeClient::with_cache(config(&server), Box::new(FileCache::open(&dir).unwrap()));
    assert_eq!(second.complete("p").unwrap(), "cached answer");
    assert_eq!(server.hits.load(Ordering::SeqCst), 1);
    let stored = std::fs::read_to_string(dir.join("responses.jsonl")).unwrap();
    assert!(stored.contains("cached answer") && !stored.contains(KEY));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn decompscore_counts_supported_subclaims_from_chatty_answers() {
    // Decomposition answers a list; support checks answer chatty text ending in the verdict.
    let server = serve(|prompt, _| {
        if prompt.starts_with("Segment") {
            if prompt.contains("The court dismissed") {
                chat("Sure! Here are the facts:\n- The court dismissed the claim.\n- The dismissal happened in 2001.\n- The judge was Smith.")
            } else {
                chat("I cannot help with that.")
            }
        } else if prompt.contains("Input: The judge was Smith") {
            chat("The context never names the judge, so the claim is not supported.\n\nAnswer: No")
        } else if prompt.contains("Input: The dismissal happened in 2001") {
            chat("???")
        } else {
            chat("The context states this directly. Yes.")
        }
    });
    let mut config = config(&server);
    config.concurrency = 3;
    let client = NativeClient::new(config);
    let report = decompscore(
        &client,
        "The court dismissed the claim in 2001. Nothing else.",
        Method::WiCE,
    );
    assert_eq!(report.metric, "decompscore");
    // Supported: 1 ("dismissed"); rejected: 1 ("Smith"); unparseable: 1 ("2001").
    assert_eq!(report.score("decompscore"), Some(1.0));
    assert_eq!(report.score("coherence"), Some(0.5));
    assert_eq!(report.score("subclaims"), Some(3.0));
    let details = &report.details;
    assert_eq!(
        details.coherent_subclaims,
        ["The court dismissed the claim."]
    );
    assert_eq!(details.failed_calls, 2);
    let checks = &details.sentences[0].subclaims;
    assert_eq!(checks[1].supported, None);
    assert!(checks[1]
        .exchange
        .error
        .as_deref()
        .unwrap()
        .contains("no Yes/No"));
    assert!(checks[0]
        .exchange
        .prompt
        .contains("Context: The court dismissed the claim in 2001."));
    assert!(details.sentences[1].decomposition.error.is_some());
    let text = serde_json::to_string(&report).unwrap();
    assert!(!text.contains(KEY) && !format!("{client:?}").contains(KEY));
}

#[test]
fn decompscore_of_empty_text_is_null_with_a_reason() {
    let server = serve(|_, _| chat("Yes"));
    let report = decompscore(&NativeClient::new(config(&server)), "  ", Method::Rnd);
    assert_eq!(report.score("decompscore"), None);
    assert!(report.scores[0].null_reason.is_some());
    assert_eq!(server.hits.load(Ordering::SeqCst), 0);
}

#[test]
fn the_paper_judge_over_http_reads_each_final_verdict() {
    let server = serve(|prompt, _| {
        if prompt.contains("Generated claim: same") {
            chat("Both say the same thing. Yes")
        } else if prompt.contains("Generated claim: other") {
            chat("They differ.\nNo.")
        } else {
            chat("hmm")
        }
    });
    let client = NativeClient::new(config(&server));
    let prompts: Vec<String> = ["same", "other", "vague"]
        .iter()
        .map(|generated| PaperJudge.same_claim(generated, "ref"))
        .collect();
    assert!(prompts[0].contains("Reference claim: ref"));
    let verdicts: Vec<Result<bool, JudgeError>> = client
        .complete_many(&prompts)
        .into_iter()
        .map(|answer| {
            answer
                .map_err(|e| JudgeError::Unanswered(e.to_string()))
                .and_then(|a| PaperJudge.verdict(&a))
        })
        .collect();
    assert_eq!(verdicts[0], Ok(true));
    assert_eq!(verdicts[1], Ok(false));
    assert!(matches!(&verdicts[2], Err(JudgeError::Unreadable(why)) if why.contains("no Yes/No")));
}

#[test]
fn an_endpoint_found_down_fails_the_next_requests_at_once() {
    // Every connection is accepted and closed unanswered: a transport error, retried (max_retries 2).
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
    let port = listener.local_addr().expect("address").port();
    let connections = Arc::new(AtomicUsize::new(0));
    let counted = connections.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            counted.fetch_add(1, Ordering::SeqCst);
            drop(stream);
        }
    });
    let mut config = LlmConfig::new(format!("http://127.0.0.1:{port}/v1"), "m", ApiKey::new(KEY));
    config.backoff = Duration::from_millis(5);
    config.max_retries = 2;
    config.concurrency = 1;
    let client = NativeClient::new(config);
    let prompts: Vec<String> = (0..5).map(|i| format!("pair {i}")).collect();
    let answers = client.complete_many(&prompts);
    // The first pair tried three times; the four after it were not sent, and say why.
    assert_eq!(connections.load(Ordering::SeqCst), 3);
    let first = answers[0].clone().unwrap_err();
    assert!(matches!(first, LlmError::Transport(_)), "{first:?}");
    assert!(answers
        .iter()
        .all(|answer| answer.as_ref().err() == Some(&first)));
}
