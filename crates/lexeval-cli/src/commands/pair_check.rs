//! Runs `fresco` or `pointwise`: the one pair of `-r`/`-c`, or with `--pairs` every pair of the file
//! (`crate::batch`).

use crate::check::Checker;
use crate::commands::pair_args::PairArgs;
use anyhow::Result;
use lexeval_core::integrity::{self, Finding};
use lexeval_core::pipeline::{CheckJob, MetricReport};

/// Runs a check command: the one pair of `-r`/`-c`, or with `--pairs` every pair of the file; `job` builds
/// each pair's check with the command's settings.
pub fn run_check(
    pair: &PairArgs,
    json: bool,
    job: impl Fn(String, String) -> Result<CheckJob>,
) -> Result<()> {
    if let Some(path) = &pair.batch.pairs {
        return crate::batch::run(pair, path, job, json);
    }
    let (reference, candidate) = pair.read()?;
    let mut checker = Checker::new(&pair.llm, pair.embedding.model);
    match checker.run(job(reference, candidate)?)?.metric {
        MetricReport::Fresco(report) => {
            crate::commands::show::print_report(&report, json)?;
            if !json {
                print_integrity(&report.details.integrity);
            }
            Ok(())
        }
        MetricReport::Pointwise(report) => crate::commands::show::print_report(&report, json),
    }
}

/// The generated text's citations to check, after the scores: the count line, then each flagged citation
/// once with every finding's evidence.
fn print_integrity(findings: &[Finding]) {
    let Some(count) = integrity::to_check(findings) else {
        return;
    };
    println!("{count}");
    let mut previous = None;
    for finding in findings {
        let at = (finding.start, finding.end);
        if previous != Some(at) {
            println!(
                "  {} (characters {}–{} of the generated text)",
                finding.citation, finding.start, finding.end
            );
            previous = Some(at);
        }
        println!("    {}", finding.check);
    }
}
