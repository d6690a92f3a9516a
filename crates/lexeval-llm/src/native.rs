//! Blocking transport for the CLI: `ureq`, bounded concurrency with scoped threads, retries with
//! exponential backoff on 429/5xx/transport errors, and a response cache.

use crate::cache::{MemoryCache, ResponseCache};
use crate::chat::{cache_key, read_reply, request_body, Complete, Reachability, Retries};
use crate::config::LlmConfig;
use crate::error::LlmError;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

pub struct NativeClient {
    config: LlmConfig,
    agent: ureq::Agent,
    cache: Box<dyn ResponseCache>,
    reachability: Reachability,
}

impl std::fmt::Debug for NativeClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NativeClient")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl NativeClient {
    /// A client with an in-memory cache.
    pub fn new(config: LlmConfig) -> Self {
        Self::with_cache(config, Box::new(MemoryCache::default()))
    }

    pub fn with_cache(config: LlmConfig, cache: Box<dyn ResponseCache>) -> Self {
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(config.timeout))
            .http_status_as_error(false)
            .build()
            .into();
        NativeClient {
            config,
            agent,
            cache,
            reachability: Reachability::default(),
        }
    }

    pub fn config(&self) -> &LlmConfig {
        &self.config
    }

    /// One prompt: from the cache, or from the endpoint with retries.
    pub fn complete(&self, prompt: &str) -> Result<String, LlmError> {
        let key = cache_key(&self.config, prompt);
        if let Some(answer) = self.cache.get(&key) {
            return Ok(answer);
        }
        if let Some(down) = self.reachability.known_down() {
            return Err(down);
        }
        let mut retries = Retries::new(&self.config);
        let answer = loop {
            match self.send_once(prompt) {
                Err(err) => match retries.after(&err) {
                    Some(wait) => std::thread::sleep(wait),
                    None => {
                        self.reachability.record(&err);
                        return Err(err);
                    }
                },
                Ok(answer) => break answer,
            }
        };
        self.cache.put(&key, &answer);
        Ok(answer)
    }

    fn send_once(&self, prompt: &str) -> Result<String, LlmError> {
        let body = request_body(&self.config, prompt).to_string();
        let mut request = self
            .agent
            .post(self.config.completions_url())
            .header("Content-Type", "application/json");
        if !self.config.api_key.is_empty() {
            request = request.header(
                "Authorization",
                format!("Bearer {}", self.config.api_key.expose()),
            );
        }
        let timed_out = |err| transport_error(&self.config, err);
        let mut response = request.send(body).map_err(timed_out)?;
        let status = response.status().as_u16();
        let text = response.body_mut().read_to_string().map_err(timed_out)?;
        read_reply(status, &text)
    }
}

fn transport_error(config: &LlmConfig, err: ureq::Error) -> LlmError {
    match err {
        ureq::Error::Timeout(_) => config.timed_out(),
        other => LlmError::Transport(other.to_string()),
    }
}

impl Complete for NativeClient {
    fn complete_many(&self, prompts: &[String]) -> Vec<Result<String, LlmError>> {
        let results: Vec<Mutex<Option<Result<String, LlmError>>>> =
            prompts.iter().map(|_| Mutex::new(None)).collect();
        let next = AtomicUsize::new(0);
        let workers = self.config.concurrency.clamp(1, prompts.len().max(1));
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let (Some(prompt), Some(slot)) = (prompts.get(index), results.get(index))
                    else {
                        break;
                    };
                    let answer = self.complete(prompt);
                    if let Ok(mut slot) = slot.lock() {
                        *slot = Some(answer);
                    }
                });
            }
        });
        results
            .into_iter()
            .map(|slot| {
                slot.into_inner()
                    .ok()
                    .flatten()
                    .unwrap_or_else(|| Err(LlmError::Transport("worker did not answer".into())))
            })
            .collect()
    }

    fn settings(&self) -> serde_json::Value {
        self.config.report_settings()
    }
}
