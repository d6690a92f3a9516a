//! `lexeval assign`: the maximum-weight assignment of a JSON weight matrix (as scipy's
//! `linear_sum_assignment(maximize=True)`), for checking the matcher FRESCO and pointwise use.

use crate::records::read_rows;
use anyhow::{bail, Result};
use lexeval_core::matching::max_weight_assignment;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// JSON file with an array of equal-length rows of numbers (`-` or nothing for standard input).
    #[arg(default_value = "-")]
    pub file: PathBuf,
}

pub fn run(args: Args) -> Result<()> {
    let weights: Vec<Vec<f64>> = read_rows(&args.file, "numbers")?;
    if weights.iter().any(|row| row.len() != weights[0].len()) {
        bail!("every row of the matrix must have the same length");
    }
    let pairs = max_weight_assignment(&weights);
    let total: f64 = pairs.iter().map(|&(r, c)| weights[r][c]).sum();
    println!("{}", serde_json::json!({"pairs": pairs, "total": total}));
    Ok(())
}
