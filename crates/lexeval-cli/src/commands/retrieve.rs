//! `lexeval retrieve`: BM25 or dense (all-MiniLM-L6-v2) retrieval of CaseFacts evidence cases, Recall@k.

use crate::commands::pair_args::EmbeddingArgs;
use crate::records::read_records;
use anyhow::{bail, Result};
use lexeval_core::bm25::{tokenize, Bm25};
use lexeval_core::casefacts::{normalise_case_name, recall_at, GoldClaim};
use lexeval_core::embedded::rank_by_cosine;
use lexeval_core::report::{Score, ScoreReport};
use lexeval_core::shipped_model::EmbeddingModel;
use serde_json::json;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// CaseFacts gold claims used as queries (test.json).
    #[arg(long)]
    pub gold: PathBuf,
    /// Corpus, JSON Lines of {"case_name", "text"}: one document per case.
    #[arg(long, conflicts_with = "corpus_from_claims")]
    pub corpus: Option<PathBuf>,
    /// Build a PROXY corpus from other CaseFacts claims (e.g. train.json): each case's document is the
    /// claims citing it. The paper's corpus (Oyez case summaries) is not available here.
    #[arg(long)]
    pub corpus_from_claims: Option<PathBuf>,
    /// Ranking: BM25 (exactly rank_bm25's BM25Okapi) or dense (cosine of `--embedding-model` embeddings;
    /// documents are truncated to the model's 256 or 384 tokens).
    #[arg(long, value_enum, default_value = "bm25")]
    pub method: Method,
    /// For `--method dense`.
    #[command(flatten)]
    pub embedding: EmbeddingArgs,
    /// Cut-offs of Recall@k.
    #[arg(long, value_delimiter = ',', default_value = "1,5,10")]
    pub k: Vec<usize>,
    /// Print the score report as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Method {
    Bm25,
    Dense,
}

#[derive(serde::Deserialize)]
struct Document {
    case_name: String,
    text: String,
}

fn proxy_corpus(path: &Path) -> Result<Vec<Document>> {
    let claims: Vec<GoldClaim> = read_records(path, "CaseFacts claims")?;
    let mut by_case: BTreeMap<String, (String, Vec<String>)> = BTreeMap::new();
    for claim in &claims {
        for name in &claim.case_name {
            let entry = by_case
                .entry(normalise_case_name(name))
                .or_insert_with(|| (name.clone(), Vec::new()));
            entry.1.push(claim.claim.clone());
        }
    }
    Ok(by_case
        .into_values()
        .map(|(case_name, texts)| Document {
            case_name,
            text: texts.join(" "),
        })
        .collect())
}

pub fn run(args: Args) -> Result<()> {
    let gold: Vec<GoldClaim> = read_records(&args.gold, "CaseFacts gold claims")?;
    let (documents, corpus_kind) = match (&args.corpus, &args.corpus_from_claims) {
        (Some(path), _) => (
            read_records::<Document>(path, "{\"case_name\", \"text\"}")?,
            "given",
        ),
        (None, Some(path)) => (proxy_corpus(path)?, "proxy: claims citing each case"),
        (None, None) => bail!("give --corpus or --corpus-from-claims"),
    };
    if args.k.is_empty() || args.k.contains(&0) {
        bail!("--k needs positive cut-offs, e.g. 1,5,10");
    }
    let names: Vec<String> = documents
        .iter()
        .map(|d| normalise_case_name(&d.case_name))
        .collect();
    let ranker = Ranker::new(args.method, args.embedding.model, &documents, &gold)?;
    let max_k = args.k.iter().copied().max().unwrap_or(10);
    let mut sums = vec![0.0; args.k.len()];
    let mut rows = Vec::with_capacity(gold.len());
    for (query, item) in gold.iter().enumerate() {
        let ranked: Vec<String> = ranker
            .rank(query, &item.claim)
            .into_iter()
            .take(max_k)
            .map(|i| names[i].clone())
            .collect();
        let gold_names: BTreeSet<String> = item
            .case_name
            .iter()
            .map(|n| normalise_case_name(n))
            .collect();
        let recalls: Vec<f64> = args
            .k
            .iter()
            .map(|&k| recall_at(&ranked, &gold_names, k))
            .collect();
        for (sum, r) in sums.iter_mut().zip(&recalls) {
            *sum += r;
        }
        rows.push(json!({"claim": item.claim, "top": ranked, "recall": recalls}));
    }
    let mut report = ScoreReport::new(
        "casefacts-retrieval",
        "1",
        json!({"method": method_name(args.method), "corpus": corpus_kind, "documents": documents.len()}),
    );
    if matches!(args.method, Method::Dense) {
        report.record_embedding_model(args.embedding.model);
    }
    for (k, sum) in args.k.iter().zip(&sums) {
        let name = format!("recall@{k}");
        report.scores.push(if gold.is_empty() {
            Score::null(name, "no queries")
        } else {
            Score::new(name, sum / gold.len() as f64)
        });
    }
    report.details = json!({"queries": rows});
    crate::commands::show::print_report(&report, args.json)
}

fn method_name(method: Method) -> &'static str {
    match method {
        Method::Bm25 => "bm25",
        Method::Dense => "dense: embedding cosine",
    }
}

/// Ranks the corpus for each query: BM25 scores, or cosine with the query's precomputed embedding.
enum Ranker {
    Bm25(Bm25),
    Dense {
        documents: Vec<Vec<f32>>,
        queries: Vec<Vec<f32>>,
    },
}

impl Ranker {
    fn new(
        method: Method,
        embedding_model: EmbeddingModel,
        documents: &[Document],
        gold: &[GoldClaim],
    ) -> Result<Ranker> {
        Ok(match method {
            Method::Bm25 => {
                let tokens: Vec<Vec<String>> =
                    documents.iter().map(|d| tokenize(&d.text)).collect();
                Ranker::Bm25(Bm25::new(&tokens))
            }
            Method::Dense => {
                let embedder = crate::embedding::load(embedding_model)?;
                let texts: Vec<&str> = documents.iter().map(|d| d.text.as_str()).collect();
                let queries: Vec<&str> = gold.iter().map(|g| g.claim.as_str()).collect();
                Ranker::Dense {
                    documents: embedder.embed(&texts)?,
                    queries: embedder.embed(&queries)?,
                }
            }
        })
    }

    /// Document indices, best first, for query number `index` (whose text is `query`).
    fn rank(&self, index: usize, query: &str) -> Vec<usize> {
        match self {
            Ranker::Bm25(bm25) => bm25.rank(&tokenize(query)),
            Ranker::Dense { documents, queries } => rank_by_cosine(&queries[index], documents),
        }
    }
}
