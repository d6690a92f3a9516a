//! `lexeval`: batch evaluation of AI-generated legal text from the command line.

mod batch;
mod check;
mod commands;
mod compare;
mod embedding;
mod input;
mod items;
mod malloc_tuning;
mod records;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "lexeval",
    version,
    about = "Evaluate AI-generated legal text: citations, ROUGE, L-FRESCO, pointwise, CaseFacts, LegalSearchQA"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print a saved score report (JSON) as a readable table.
    Show(commands::show::Args),
    /// ROUGE-N / ROUGE-L / ROUGE-Lsum exactly as rouge-score 0.1.2, for one pair or a JSONL file of pairs.
    Rouge(commands::rouge::Args),
    /// Print the tokens ROUGE compares (rouge-score's tokenizer, optional Porter stemming).
    Tokenize(commands::tokenize::Args),
    /// Legal citations (cases, statutes, journals, short forms, Id., supra) resolved to authorities.
    Cite(commands::cite::Args),
    /// The (claim, authorities) pairs of a text, as L-FRESCO decomposes it.
    Claims(commands::claims::Args),
    /// L-FRESCO (or generalized FRESCO): are the generated claims backed by the reference's authorities?
    Fresco(commands::fresco::Args),
    /// Maximum-weight assignment of a JSON weight matrix (the matcher FRESCO and pointwise use).
    Assign(commands::assign::Args),
    /// Pointwise recall and precision of a candidate summary (Tan et al.), with per-point weights.
    Pointwise(commands::pointwise::Args),
    /// Choose a similarity's match threshold from labelled pairs (max reference point based F1), or score one
    /// (A.7 pairwise and reference point based precision, recall, F1).
    Calibrate(commands::calibrate::Args),
    /// Correlate metric scores with human scores: Pearson, Spearman, Kendall at three levels, and RMSE.
    Correlate(commands::correlate::Args),
    /// CaseFacts: Evidence Score, Verdict Accuracy, Verdict Score, per class and confusion matrix.
    Casefacts(commands::casefacts::Args),
    /// CaseFacts retrieval with BM25: Recall@k of the evidence cases.
    Retrieve(commands::retrieve::Args),
    /// LegalSearchQA: multiple-choice accuracy by category, domain and difficulty.
    Legalsearchqa(commands::legalsearchqa::Args),
    /// U-Score of one legal answer (lower is better), with its cue phrases.
    Uscore(commands::uscore::Args),
    /// Split text into subclaims with an LLM (FActScore, WiCE, Chen et al. or R-ND prompt).
    Decompose(commands::decompose::Args),
    /// DecompScore: decompose, then count the subclaims the LLM finds supported by their sentence.
    Decompscore(commands::decompscore::Args),
    /// Sentence embeddings (all-MiniLM-L6-v2), one per input line.
    Embed(commands::embed::Args),
}

fn main() {
    malloc_tuning::apply();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Show(args) => commands::show::run(args),
        Command::Rouge(args) => commands::rouge::run(args),
        Command::Tokenize(args) => commands::tokenize::run(args),
        Command::Cite(args) => commands::cite::run(args),
        Command::Claims(args) => commands::claims::run(args),
        Command::Fresco(args) => commands::fresco::run(args),
        Command::Assign(args) => commands::assign::run(args),
        Command::Pointwise(args) => commands::pointwise::run(args),
        Command::Calibrate(args) => commands::calibrate::run(args),
        Command::Correlate(args) => commands::correlate::run(args),
        Command::Casefacts(args) => commands::casefacts::run(args),
        Command::Retrieve(args) => commands::retrieve::run(args),
        Command::Legalsearchqa(args) => commands::legalsearchqa::run(args),
        Command::Uscore(args) => commands::uscore::run(args),
        Command::Decompose(args) => commands::decompose::run(args),
        Command::Decompscore(args) => commands::decompscore::run(args),
        Command::Embed(args) => commands::embed::run(args),
    };
    if let Err(err) = result {
        eprintln!("lexeval: error: {err:#}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// clap's own checks (every flag defined once, every `requires` naming a flag) on every subcommand at
    /// once: a debug build of the binary would otherwise panic only when that subcommand is parsed.
    #[test]
    fn the_command_line_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
