//! Flags shared by the LLM-backed subcommands (optional, so metrics with other similarities can
//! flatten them too); the key comes only from LEXEVAL_API_KEY.

use anyhow::{bail, Context, Result};
use lexeval_llm::cache::{FileCache, MemoryCache, ResponseCache};
use lexeval_llm::native::NativeClient;
use lexeval_llm::{ApiKey, LlmConfig};
use std::path::PathBuf;
use std::time::Duration;

/// The id of `--llm-seed`, for the commands that also accept it as `--seed`.
pub const LLM_SEED: &str = "llm_seed";

#[derive(clap::Args)]
pub struct LlmArgs {
    /// OpenAI-compatible base URL, e.g. https://api.openai.com/v1 or http://127.0.0.1:8080/v1.
    #[arg(long)]
    pub endpoint: Option<String>,
    /// Model name sent to the endpoint.
    #[arg(long)]
    pub model: Option<String>,
    #[arg(long, default_value_t = 0.0)]
    pub temperature: f64,
    /// Seed sent with every request (the `seed` of OpenAI's chat API) and recorded in the report. Named
    /// apart from `--bootstrap-seed`, which the commands with a bootstrap interval also take.
    #[arg(id = LLM_SEED, long = "llm-seed", value_name = "SEED")]
    pub seed: Option<u64>,
    /// Seconds before one request is abandoned (a failed judgement, "timed out after N s"; not retried).
    #[arg(long, default_value_t = lexeval_core::judge::DEFAULT_TIMEOUT_SECONDS)]
    pub timeout: u64,
    /// Requests in flight at once.
    #[arg(long, default_value_t = 4)]
    pub concurrency: usize,
    /// Directory for cached answers (JSON lines); without it answers are cached for this run only.
    #[arg(long)]
    pub cache_dir: Option<PathBuf>,
}

impl LlmArgs {
    /// The endpoint's settings, the key from LEXEVAL_API_KEY.
    pub fn config(&self) -> Result<LlmConfig> {
        let (Some(endpoint), Some(model)) = (&self.endpoint, &self.model) else {
            bail!("an LLM needs --endpoint URL and --model NAME (key from LEXEVAL_API_KEY)");
        };
        let key = ApiKey::new(std::env::var("LEXEVAL_API_KEY").unwrap_or_default());
        let mut config = LlmConfig::new(endpoint, model, key);
        config.temperature = self.temperature;
        config.seed = self.seed;
        config.timeout = Duration::from_secs(self.timeout.max(1));
        config.concurrency = self.concurrency.max(1);
        Ok(config)
    }

    pub fn client(&self) -> Result<NativeClient> {
        let config = self.config()?;
        let cache: Box<dyn ResponseCache> = match &self.cache_dir {
            Some(dir) => Box::new(
                FileCache::open(dir)
                    .with_context(|| format!("cannot open cache directory {}", dir.display()))?,
            ),
            None => Box::new(MemoryCache::default()),
        };
        Ok(NativeClient::with_cache(config, cache))
    }
}

/// The input shared by `decompose` and `decompscore`: a text, a decomposition method and the endpoint.
/// With no bootstrap there, `--seed` can only mean the LLM's, so it stays as an alias of `--llm-seed`.
#[derive(clap::Args)]
#[command(mut_arg(LLM_SEED, |arg| arg.visible_alias("seed")))]
pub struct DecomposeArgs {
    /// Text to decompose (`-` for standard input).
    pub input: PathBuf,
    /// factscore, wice, chen or rnd (Wanner et al. 2024, Table 1).
    #[arg(long, default_value = "rnd")]
    pub method: lexeval_llm::tasks::decompose::Method,
    #[command(flatten)]
    pub llm: LlmArgs,
}

impl DecomposeArgs {
    /// The text to decompose and a client for the endpoint.
    pub fn text_and_client(&self) -> Result<(String, NativeClient)> {
        let text = crate::input::read_text(&self.input)?;
        Ok((text, self.llm.client()?))
    }
}
