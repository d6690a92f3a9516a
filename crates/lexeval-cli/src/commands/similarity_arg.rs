//! The `--similarity` choice shared by `fresco` and `pointwise`, with the page's default (ROUGE-L), so the
//! CLI and the page give the same numbers for the same texts unless told otherwise.

use lexeval_core::rouge::RougeType;

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum SimilarityArg {
    #[value(name = "rougeL")]
    RougeL,
    #[value(name = "rouge1")]
    Rouge1,
    #[value(name = "rouge2")]
    Rouge2,
    #[value(name = "embedding")]
    Embedding,
    #[value(name = "llm")]
    Llm,
}

impl SimilarityArg {
    /// The name recorded in score reports (the same ids the page uses).
    pub fn name(self) -> &'static str {
        match self {
            SimilarityArg::RougeL => "rougeL",
            SimilarityArg::Rouge1 => "rouge1",
            SimilarityArg::Rouge2 => "rouge2",
            SimilarityArg::Embedding => "embedding",
            SimilarityArg::Llm => "llm",
        }
    }

    /// The ROUGE variant, when the similarity is a ROUGE F1.
    pub fn rouge(self) -> Option<RougeType> {
        RougeType::from_name(self.name()).ok()
    }
}
