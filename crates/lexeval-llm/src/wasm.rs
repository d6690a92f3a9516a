//! Browser transport for the page: `fetch` through gloo-net, a timeout through `AbortController`,
//! retries with backoff on 429/5xx, bounded concurrency with `buffered`, and a response cache.
//! Request building, response parsing and the cache key are shared with the native client.

use crate::cache::ResponseCache;
use crate::chat::{cache_key, read_reply, request_body, Reachability, Retries};
use crate::config::LlmConfig;
use crate::error::LlmError;
use crate::indexed_db::IndexedDbCache;
use futures_util::stream::{self, StreamExt};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

pub struct WasmClient {
    config: LlmConfig,
    cache: Box<dyn ResponseCache>,
    reachability: Reachability,
}

impl std::fmt::Debug for WasmClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WasmClient")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl WasmClient {
    /// A client whose answers persist in IndexedDB, with the stored answers to `prompts` read up front.
    pub async fn with_indexed_db(config: LlmConfig, prompts: &[String]) -> Self {
        let keys: Vec<String> = prompts.iter().map(|p| cache_key(&config, p)).collect();
        let cache = Box::new(IndexedDbCache::load(&keys).await);
        WasmClient {
            config,
            cache,
            reachability: Reachability::default(),
        }
    }

    pub async fn complete(&self, prompt: &str) -> Result<String, LlmError> {
        let key = cache_key(&self.config, prompt);
        if let Some(answer) = self.cache.get(&key) {
            return Ok(answer);
        }
        if let Some(down) = self.reachability.known_down() {
            return Err(down);
        }
        let mut retries = Retries::new(&self.config);
        let answer = loop {
            match self.send_once(prompt).await {
                Err(err) => match retries.after(&err) {
                    Some(wait) => sleep_ms(millis(wait)).await,
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

    /// Answers in prompt order, at most `concurrency` requests in flight; `answered` is called as each
    /// prompt gets its answer or error, in whatever order they arrive (progress for the page).
    pub async fn complete_many(
        &self,
        prompts: &[String],
        mut answered: impl FnMut(),
    ) -> Vec<Result<String, LlmError>> {
        let results: Vec<(usize, Result<String, LlmError>)> =
            stream::iter(prompts.iter().enumerate())
                .map(|(index, prompt)| async move { (index, self.complete(prompt).await) })
                .buffer_unordered(self.config.concurrency.max(1))
                .inspect(|_| answered())
                .collect()
                .await;
        // Back in the prompts' order (each index once), without a sort of its own (the score worker's size).
        let mut ordered: Vec<Option<Result<String, LlmError>>> =
            results.iter().map(|_| None).collect();
        for (index, result) in results {
            ordered[index] = Some(result);
        }
        ordered.into_iter().flatten().collect()
    }

    async fn send_once(&self, prompt: &str) -> Result<String, LlmError> {
        let controller = web_sys::AbortController::new()
            .map_err(|_| LlmError::Transport("AbortController unavailable".into()))?;
        let abort = controller.clone();
        let on_timeout = Closure::once_into_js(move || abort.abort());
        crate::global::set_timeout(on_timeout.unchecked_ref(), millis(self.config.timeout));
        let signal = controller.signal();
        let mut request = gloo_net::http::Request::post(&self.config.completions_url())
            .header("Content-Type", "application/json")
            .abort_signal(Some(&signal));
        if !self.config.api_key.is_empty() {
            request = request.header(
                "Authorization",
                &format!("Bearer {}", self.config.api_key.expose()),
            );
        }
        let request = request
            .body(request_body(&self.config, prompt).to_string())
            .map_err(|e| LlmError::Transport(e.to_string()))?;
        let response = request.send().await.map_err(|e| match e {
            _ if signal.aborted() => self.config.timed_out(),
            // `fetch` rejects with a TypeError when no HTTP answer arrives: refused, unresolved, or
            // blocked by CORS (the browser tells the page nothing more).
            gloo_net::Error::JsError(js) if js.name == "TypeError" => {
                LlmError::Unreachable(js.message)
            }
            other => LlmError::Transport(other.to_string()),
        })?;
        let status = response.status();
        // The timeout also covers a body that stops arriving.
        let text = response.text().await.map_err(|e| match e {
            _ if signal.aborted() => self.config.timed_out(),
            other => LlmError::Transport(other.to_string()),
        })?;
        read_reply(status, &text)
    }
}

fn millis(duration: std::time::Duration) -> i32 {
    i32::try_from(duration.as_millis()).unwrap_or(i32::MAX)
}

async fn sleep_ms(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        crate::global::set_timeout(&resolve, ms);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}
