//! `lexeval rouge`: ROUGE as rouge-score 0.1.2 computes it, for one pair or a file of pairs (JSON Lines or a
//! JSON array).

use crate::input::read_text;
use crate::records::read_numbered;
use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressStyle};
use lexeval_core::rouge::{
    aggregate_report, BootstrapAggregator, PairLine, RougeOptions, RougePair, RougeScorer,
    RougeType, Tokenizer,
};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// Reference text (`-` for standard input). Repeat it for several references: each type then keeps
    /// the reference with the best F-measure, as rouge-score's score_multi.
    #[arg(
        long,
        short,
        required_unless_present = "pairs",
        conflicts_with = "pairs"
    )]
    pub reference: Vec<PathBuf>,
    /// Candidate (generated) text (`-` for standard input).
    #[arg(
        long,
        short,
        required_unless_present = "pairs",
        conflicts_with = "pairs"
    )]
    pub candidate: Option<PathBuf>,
    /// JSON Lines or a JSON array of {"reference": text or [texts], "candidate": text}: prints one JSON
    /// line per pair, {"line": N, "scores": {...}} (N: the pair's line, or its position in an array).
    /// Every row is checked before scoring starts; a malformed one stops the run with its line and field
    /// and nothing is printed.
    #[arg(long)]
    pub pairs: Option<PathBuf>,
    /// With --pairs: print only the bootstrap aggregate (low/mid/high) of all pairs.
    #[arg(long, requires = "pairs")]
    pub aggregate: bool,
    /// With --pairs: also write one row per pair (each type's F1; precision and recall in the JSON
    /// records) as CSV (`.csv`) or JSON, as the page's per-item table downloads them.
    #[arg(long, requires = "pairs", value_name = "FILE")]
    pub items: Option<PathBuf>,
    #[command(flatten)]
    pub tokens: TokenArgs,
    /// Comma-separated ROUGE types: rouge1..rouge9, rougeL, rougeLsum.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "rouge1,rouge2,rougeL,rougeLsum"
    )]
    pub types: Vec<RougeType>,
    /// Confidence level of the --aggregate interval.
    #[arg(long, default_value_t = 0.95)]
    pub confidence: f64,
    /// Bootstrap resamples for --aggregate.
    #[arg(long, default_value_t = 1000)]
    pub samples: usize,
    /// Seed of the --aggregate resampling (same seed, same interval); `--seed` too, as rouge has no LLM.
    #[arg(
        long = "bootstrap-seed",
        visible_alias = "seed",
        value_name = "SEED",
        default_value_t = 0
    )]
    pub seed: u64,
    /// Print a score report as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let scorer = RougeScorer::new(&args.types, args.tokens.options());
    match &args.pairs {
        Some(path) => run_pairs(&args, &scorer, path),
        None => run_single(&args, &scorer),
    }
}

fn run_single(args: &Args, scorer: &RougeScorer) -> Result<()> {
    let Some(candidate_path) = &args.candidate else {
        bail!("--candidate is required without --pairs");
    };
    let references = args
        .reference
        .iter()
        .map(|path| read_text(path))
        .collect::<Result<Vec<_>>>()?;
    let candidate = read_text(candidate_path)?;
    let references: Vec<&str> = references.iter().map(String::as_str).collect();
    let report = scorer.score_report(&references, &candidate);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    if let Some(reason) = report.scores.iter().find_map(|s| s.null_reason.as_ref()) {
        println!("note: {reason}; every score is 0");
    }
    let scores = scorer.score_multi(&references, &candidate);
    println!(
        "{:<10} {:>9} {:>9} {:>9}",
        "type", "precision", "recall", "fmeasure"
    );
    for (name, score) in &scores {
        println!(
            "{name:<10} {:>9.5} {:>9.5} {:>9.5}",
            score.precision, score.recall, score.fmeasure
        );
    }
    Ok(())
}

fn run_pairs(args: &Args, scorer: &RougeScorer, path: &Path) -> Result<()> {
    let pairs = read_pairs(path)?;
    let progress = progress_bar(pairs.len() as u64);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut aggregator = if args.aggregate {
        Some(BootstrapAggregator::new(
            args.confidence,
            args.samples,
            args.seed,
        )?)
    } else {
        None
    };
    let mut scored = Vec::new();
    for (item, (line, pair)) in pairs.iter().enumerate() {
        let scores = scorer.score_multi(&pair.references(), &pair.candidate);
        if args.items.is_some() {
            scored.push((item + 1, scores.clone()));
        }
        match &mut aggregator {
            Some(aggregator) => aggregator.add_scores(&scores),
            None => {
                let row = PairLine {
                    line: *line,
                    scores: &scores,
                };
                writeln!(out, "{}", serde_json::to_string(&row)?)?;
            }
        }
        progress.inc(1);
    }
    progress.finish_and_clear();
    if let Some(path) = &args.items {
        crate::items::write_items(path, &lexeval_core::items::rouge(&scored))?;
    }
    if let Some(aggregator) = aggregator {
        let report = aggregate_report(&aggregator, scorer.options());
        if args.json {
            writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        } else {
            writeln!(
                out,
                "{} pairs, {:.0}% bootstrap interval of the mean ({} resamples, seed {})",
                aggregator.len(),
                aggregator.confidence() * 100.0,
                aggregator.samples(),
                aggregator.seed()
            )?;
            writeln!(
                out,
                "{:<10} {:<9} {:>9} {:>9} {:>9}",
                "type", "measure", "low", "mid", "high"
            )?;
            for (name, interval) in aggregator.aggregate() {
                for (measure, low, mid, high) in [
                    (
                        "precision",
                        interval.low.precision,
                        interval.mid.precision,
                        interval.high.precision,
                    ),
                    (
                        "recall",
                        interval.low.recall,
                        interval.mid.recall,
                        interval.high.recall,
                    ),
                    (
                        "fmeasure",
                        interval.low.fmeasure,
                        interval.mid.fmeasure,
                        interval.high.fmeasure,
                    ),
                ] {
                    writeln!(
                        out,
                        "{name:<10} {measure:<9} {low:>9.5} {mid:>9.5} {high:>9.5}"
                    )?;
                }
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// All pairs with their line (JSON Lines) or position (JSON array); the first malformed one is an error.
fn read_pairs(path: &Path) -> Result<Vec<(usize, RougePair)>> {
    read_numbered(path, RougePair::SHAPE)
}

/// A bar on stderr, drawn only when stderr is a terminal so logs and pipes stay clean.
fn progress_bar(len: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) =
        ProgressStyle::with_template("rouge {bar:40} {pos}/{len} pairs ({per_sec}, eta {eta})")
    {
        bar.set_style(style);
    }
    bar
}

/// How texts become tokens, shared with `lexeval tokenize`.
#[derive(clap::Args)]
pub struct TokenArgs {
    /// Porter-stem tokens longer than 3 characters (rouge-score's use_stemmer=True).
    #[arg(long)]
    pub stem: bool,
    /// Keep non-ASCII letters (rouge-score drops them); scores then differ from rouge-score's.
    #[arg(long)]
    pub unicode: bool,
}

impl TokenArgs {
    pub fn options(&self) -> RougeOptions {
        RougeOptions {
            stem: self.stem,
            tokenizer: if self.unicode {
                Tokenizer::Unicode
            } else {
                Tokenizer::RougeScore
            },
        }
    }
}
