//! The transport-independent part of a chat completion: request body, response parsing, cache key,
//! and the `Complete` trait the tasks are written against.

use crate::config::LlmConfig;
use crate::error::LlmError;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// Anything that answers prompts: the native client, or a scripted stand-in.
pub trait Complete {
    /// Answers in the order of `prompts`; each prompt fails or succeeds on its own.
    fn complete_many(&self, prompts: &[String]) -> Vec<Result<String, LlmError>>;

    /// Settings to record in reports (never the key).
    fn settings(&self) -> Value;
}

/// JSON body of `POST {endpoint}/chat/completions` for one user prompt.
pub fn request_body(config: &LlmConfig, prompt: &str) -> Value {
    let mut body = json!({
        "model": config.model,
        "messages": [{"role": "user", "content": prompt}],
        "temperature": config.temperature,
    });
    if let Some(seed) = config.seed {
        body["seed"] = json!(seed);
    }
    body
}

/// The assistant text of a chat completion response.
pub fn parse_response(body: &str) -> Result<String, LlmError> {
    let value: Value = serde_json::from_str(body)
        .map_err(|e| LlmError::MalformedResponse(format!("not JSON ({e}): {:?}", excerpt(body))))?;
    value
        .pointer("/choices/0/message/content")
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| {
            LlmError::MalformedResponse(format!(
                "no choices[0].message.content in {:?}",
                excerpt(body)
            ))
        })
}

/// The start of a response body, for error messages.
fn excerpt(body: &str) -> String {
    const CHARS: usize = 200;
    let mut excerpt: String = body.trim().chars().take(CHARS).collect();
    if body.trim().chars().nth(CHARS).is_some() {
        excerpt.push('…');
    }
    excerpt
}

/// Cache key: sha256 of endpoint, model, prompt and sampling parameters — never the key.
pub fn cache_key(config: &LlmConfig, prompt: &str) -> String {
    let material = json!({
        "endpoint": config.endpoint.trim_end_matches('/'),
        "model": config.model,
        "prompt": prompt,
        "temperature": config.temperature,
        "seed": config.seed,
    });
    let digest = Sha256::digest(material.to_string().as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The retry policy both transports follow: after a retryable error, up to `max_retries` more attempts,
/// waiting `backoff` and then twice as long each time.
pub struct Retries {
    left: u32,
    delay: std::time::Duration,
}

impl Retries {
    pub fn new(config: &LlmConfig) -> Self {
        Retries {
            left: config.max_retries,
            delay: config.backoff,
        }
    }

    /// How long to wait before trying again after `error`; `None` to give up.
    pub fn after(&mut self, error: &LlmError) -> Option<std::time::Duration> {
        if !error.is_retryable() || self.left == 0 {
            return None;
        }
        self.left -= 1;
        let wait = self.delay;
        self.delay = self.delay.saturating_mul(2);
        Some(wait)
    }
}

/// Whether the endpoint has been found unreachable: once one request has spent every retry on a transport
/// error (a refused connection, a failed DNS look-up, a page's rejected `fetch`), the requests after it
/// fail at once with that error instead of each waiting through its own backoff, so a check against an
/// endpoint that is down reports in one request's retries rather than one per pair.
#[derive(Debug, Default)]
pub struct Reachability(std::sync::Mutex<Option<LlmError>>);

impl Reachability {
    /// The error that showed the endpoint down, if one has.
    pub fn known_down(&self) -> Option<LlmError> {
        self.0.lock().ok().and_then(|down| down.clone())
    }

    /// Notes a request's final error: only an endpoint that could not be reached makes the next ones fail.
    pub fn record(&self, error: &LlmError) {
        if matches!(error, LlmError::Transport(_) | LlmError::Unreachable(_)) {
            if let Ok(mut down) = self.0.lock() {
                down.get_or_insert_with(|| error.clone());
            }
        }
    }
}

/// The answer in an HTTP reply, or the status error (with the start of the body) when it is not 2xx.
pub fn read_reply(status: u16, body: &str) -> Result<String, LlmError> {
    if !(200..300).contains(&status) {
        let body = match excerpt(body) {
            empty if empty.is_empty() => "(empty body)".to_string(),
            excerpt => excerpt,
        };
        return Err(LlmError::Status { status, body });
    }
    parse_response(body)
}

/// Answers fetched beforehand (by the page's async client), served to the sync tasks by prompt. A prompt
/// with no answer yet fails with `Unanswered` and is remembered, so a task whose later prompts depend on
/// earlier answers (A.5 tie-breaks) runs in rounds: run, fetch [`Answered::take_missing`], add, run again.
pub struct Answered {
    answers: std::collections::HashMap<String, Result<String, LlmError>>,
    settings: Value,
    missing: std::cell::RefCell<Vec<String>>,
}

impl Answered {
    pub fn new(
        answers: impl IntoIterator<Item = (String, Result<String, LlmError>)>,
        settings: Value,
    ) -> Self {
        Answered {
            answers: answers.into_iter().collect(),
            settings,
            missing: std::cell::RefCell::default(),
        }
    }

    pub fn add(&mut self, answers: impl IntoIterator<Item = (String, Result<String, LlmError>)>) {
        self.answers.extend(answers);
    }

    /// The prompts asked without an answer since the last call, each once, in the order asked.
    pub fn take_missing(&self) -> Vec<String> {
        let mut missing = self.missing.take();
        let mut seen = std::collections::HashSet::new();
        missing.retain(|prompt| seen.insert(prompt.clone()));
        missing
    }
}

impl Complete for Answered {
    fn complete_many(&self, prompts: &[String]) -> Vec<Result<String, LlmError>> {
        prompts
            .iter()
            .map(|prompt| {
                self.answers.get(prompt).cloned().unwrap_or_else(|| {
                    self.missing.borrow_mut().push(prompt.clone());
                    Err(LlmError::Unanswered)
                })
            })
            .collect()
    }

    fn settings(&self) -> Value {
        self.settings.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::ApiKey;

    #[test]
    fn answered_serves_fetched_answers_by_prompt() {
        let answered = Answered::new(
            [("p".to_string(), Ok("Yes".to_string()))],
            json!({"model": "m"}),
        );
        let got = answered.complete_many(&["p".into(), "q".into()]);
        assert_eq!(got, vec![Ok("Yes".to_string()), Err(LlmError::Unanswered)]);
        assert_eq!(answered.settings(), json!({"model": "m"}));
    }

    #[test]
    fn retries_double_the_wait_and_stop_on_final_errors() {
        let mut config = LlmConfig::new("http://h/v1", "m", ApiKey::new(""));
        config.max_retries = 2;
        config.backoff = std::time::Duration::from_millis(10);
        let mut retries = Retries::new(&config);
        let busy = LlmError::Status {
            status: 429,
            body: String::new(),
        };
        assert_eq!(
            retries.after(&busy),
            Some(std::time::Duration::from_millis(10))
        );
        assert_eq!(
            retries.after(&busy),
            Some(std::time::Duration::from_millis(20))
        );
        assert_eq!(retries.after(&busy), None);
        let bad = LlmError::Status {
            status: 400,
            body: String::new(),
        };
        assert_eq!(Retries::new(&config).after(&bad), None);
        assert!(matches!(
            read_reply(500, "oops"),
            Err(LlmError::Status { status: 500, .. })
        ));
    }

    #[test]
    fn unanswered_prompts_are_remembered_once_for_the_next_round() {
        let mut answered = Answered::new([], json!({}));
        answered.complete_many(&["q".into(), "r".into(), "q".into()]);
        assert_eq!(answered.take_missing(), ["q", "r"]);
        assert!(answered.take_missing().is_empty());
        answered.add([("q".to_string(), Ok("No".to_string()))]);
        assert_eq!(
            answered.complete_many(&["q".into()]),
            vec![Ok("No".to_string())]
        );
    }

    #[test]
    fn body_carries_model_prompt_and_seed() {
        let mut config = LlmConfig::new("http://h/v1", "m1", ApiKey::new("k"));
        config.seed = Some(7);
        let body = request_body(&config, "hi");
        assert_eq!(body["model"], "m1");
        assert_eq!(body["messages"][0]["content"], "hi");
        assert_eq!(body["seed"], 7);
        assert_eq!(body["temperature"], 0.0);
    }

    #[test]
    fn response_content_is_extracted_or_reported() {
        let ok = r#"{"choices":[{"message":{"role":"assistant","content":"Yes."}}]}"#;
        assert_eq!(parse_response(ok).unwrap(), "Yes.");
        assert!(matches!(
            parse_response("{oops"),
            Err(LlmError::MalformedResponse(_))
        ));
        assert!(matches!(
            parse_response("{}"),
            Err(LlmError::MalformedResponse(_))
        ));
    }

    #[test]
    fn errors_say_which_failure_with_the_start_of_the_body() {
        assert_eq!(
            read_reply(502, "").unwrap_err().to_string(),
            "the endpoint answered HTTP 502: (empty body)"
        );
        let junk = read_reply(200, "<html>Welcome to nginx!</html>")
            .unwrap_err()
            .to_string();
        assert!(junk.starts_with(
            "unreadable answer from the endpoint (not an OpenAI-compatible chat completion): not JSON"
        ));
        assert!(
            junk.ends_with("\"<html>Welcome to nginx!</html>\""),
            "{junk}"
        );
        let long = read_reply(500, &"x".repeat(500)).unwrap_err().to_string();
        assert!(long.ends_with(&format!("{}…", "x".repeat(200))), "{long}");
    }

    #[test]
    fn cache_key_ignores_the_api_key_but_not_the_prompt() {
        let a = LlmConfig::new("http://h/v1", "m", ApiKey::new("k1"));
        let b = LlmConfig::new("http://h/v1/", "m", ApiKey::new("k2"));
        assert_eq!(cache_key(&a, "p"), cache_key(&b, "p"));
        assert_ne!(cache_key(&a, "p"), cache_key(&a, "q"));
        assert_eq!(cache_key(&a, "p").len(), 64);
    }
}
