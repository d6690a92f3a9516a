//! Endpoint settings. The key is wrapped so that it never reaches Debug output, reports or caches.

use std::fmt;
use std::time::Duration;

/// An API key; `Debug` and `Display` print a placeholder, never the secret.
#[derive(Clone, Default, PartialEq)]
pub struct ApiKey(String);

impl ApiKey {
    pub fn new(key: impl Into<String>) -> Self {
        ApiKey(key.into())
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The secret itself, for the Authorization header only.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiKey(<redacted>)")
    }
}

impl fmt::Display for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

#[derive(Debug, Clone)]
pub struct LlmConfig {
    /// Base URL, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:8080/v1`.
    pub endpoint: String,
    pub model: String,
    pub api_key: ApiKey,
    pub temperature: f64,
    pub seed: Option<u64>,
    /// How long one attempt may take; a timed-out request is not retried (the user chose how long to wait).
    pub timeout: Duration,
    /// Maximum number of requests in flight.
    pub concurrency: usize,
    /// Retries after the first attempt on 429/5xx/transport errors.
    pub max_retries: u32,
    /// First backoff delay; doubles on each retry.
    pub backoff: Duration,
}

impl LlmConfig {
    pub fn new(endpoint: impl Into<String>, model: impl Into<String>, api_key: ApiKey) -> Self {
        LlmConfig {
            endpoint: endpoint.into(),
            model: model.into(),
            api_key,
            temperature: 0.0,
            seed: None,
            timeout: Duration::from_secs(lexeval_core::judge::DEFAULT_TIMEOUT_SECONDS),
            concurrency: 4,
            max_retries: 3,
            backoff: Duration::from_millis(500),
        }
    }

    /// The chat completions URL under the base URL.
    pub fn completions_url(&self) -> String {
        format!("{}/chat/completions", self.endpoint.trim_end_matches('/'))
    }

    /// The error of a request that got no answer within the timeout.
    pub fn timed_out(&self) -> crate::error::LlmError {
        crate::error::LlmError::Timeout {
            seconds: self.timeout.as_secs(),
        }
    }

    /// Settings for a report: everything that shapes the answers, never the key.
    pub fn report_settings(&self) -> serde_json::Value {
        serde_json::to_value(self.judge_settings()).unwrap_or_default()
    }

    /// The settings the check pipelines record for the LLM judge (never the key).
    pub fn judge_settings(&self) -> lexeval_core::judge::JudgeSettings {
        lexeval_core::judge::JudgeSettings {
            endpoint: self.endpoint.clone(),
            model: self.model.clone(),
            seed: self.seed,
            temperature: self.temperature,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_never_shows_the_key() {
        let config = LlmConfig::new("http://x/v1/", "m", ApiKey::new("sk-secret-123"));
        let shown = format!("{config:?} {}", config.api_key);
        assert!(!shown.contains("sk-secret-123"));
        assert!(shown.contains("<redacted>"));
        assert_eq!(config.completions_url(), "http://x/v1/chat/completions");
        assert!(!config.report_settings().to_string().contains("sk-secret"));
    }
}
