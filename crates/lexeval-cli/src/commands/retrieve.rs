//! `lexeval retrieve`: BM25 retrieval of CaseFacts evidence cases, Recall@k.

use crate::input::read_text;
use crate::jsonl::read_jsonl;
use anyhow::{bail, Context, Result};
use lexeval_core::bm25::{tokenize, Bm25};
use lexeval_core::casefacts::{normalise_case_name, recall_at, GoldClaim};
use lexeval_core::report::{Score, ScoreReport};
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
    /// Cut-offs of Recall@k.
    #[arg(long, value_delimiter = ',', default_value = "1,5,10")]
    pub k: Vec<usize>,
    /// Print the score report as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(serde::Deserialize)]
struct Document {
    case_name: String,
    text: String,
}

fn proxy_corpus(path: &Path) -> Result<Vec<Document>> {
    let claims: Vec<GoldClaim> = serde_json::from_str(&read_text(path)?).with_context(|| {
        format!(
            "{}: expected CaseFacts claims (a JSON array)",
            path.display()
        )
    })?;
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
    let gold: Vec<GoldClaim> =
        serde_json::from_str(&read_text(&args.gold)?).with_context(|| {
            format!(
                "{}: expected CaseFacts gold claims (a JSON array)",
                args.gold.display()
            )
        })?;
    let (documents, corpus_kind) = match (&args.corpus, &args.corpus_from_claims) {
        (Some(path), _) => (
            read_jsonl::<Document>(path, "{\"case_name\", \"text\"}")?,
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
    let tokens: Vec<Vec<String>> = documents.iter().map(|d| tokenize(&d.text)).collect();
    let bm25 = Bm25::new(&tokens);
    let max_k = args.k.iter().copied().max().unwrap_or(10);
    let mut sums = vec![0.0; args.k.len()];
    let mut rows = Vec::with_capacity(gold.len());
    for item in &gold {
        let ranked: Vec<String> = bm25
            .rank(&tokenize(&item.claim))
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
        json!({"method": "bm25", "corpus": corpus_kind, "documents": documents.len()}),
    );
    for (k, sum) in args.k.iter().zip(&sums) {
        let name = format!("recall@{k}");
        report.scores.push(if gold.is_empty() {
            Score::null(name, "no queries")
        } else {
            Score::new(name, sum / gold.len() as f64)
        });
    }
    report.details = json!({"queries": rows});
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        crate::commands::show::print_scores(&report);
    }
    Ok(())
}
