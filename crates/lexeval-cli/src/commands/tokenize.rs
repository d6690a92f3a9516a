//! `lexeval tokenize`: the tokens ROUGE sees (rouge-score's tokenizer), for checking parity by eye.

use crate::input::read_text;
use anyhow::Result;
use std::io::Write;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Text file (`-` or nothing for standard input).
    #[arg(default_value = "-")]
    pub file: PathBuf,
    #[command(flatten)]
    pub tokens: super::rouge::TokenArgs,
    /// Print one JSON array of all tokens instead of one line of tokens per input line.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let text = read_text(&args.file)?;
    let options = args.tokens.options();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&options.tokenize(&text))?)?;
    } else {
        for line in text.lines() {
            writeln!(out, "{}", options.tokenize(line).join(" "))?;
        }
    }
    out.flush()?;
    Ok(())
}
