//! The embedding models lexeval builds (see models/README.md): file names, pinned sha256 digests, input and
//! output sizes. Here in core because share links and reports record which model produced a similarity.

use serde::{Deserialize, Serialize};

const MINILM_TOKENIZER_SHA256: &str =
    "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037";

/// A sentence-transformers model as an ONNX graph (`scripts/build_model.py`, `scripts/build_mpnet.py`);
/// all compute in f32.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EmbeddingModel {
    /// fp32 weights: sentence-transformers' numbers to min cosine 0.9999999 (90 MB).
    #[serde(rename = "minilm")]
    MiniLm,
    /// int8 per-channel MatMul weights and word-embedding table, expanded to f32 at load: min cosine
    /// 0.9978 against sentence-transformers on CLERC texts, for a quarter of the download (24 MB).
    #[serde(rename = "minilm-int8")]
    MiniLmInt8,
    /// all-mpnet-base-v2, Tan et al.'s model: 437 MB, CLI only, built on request (`make mpnet`).
    #[serde(rename = "mpnet")]
    Mpnet,
}

impl EmbeddingModel {
    pub const ALL: [EmbeddingModel; 3] = [
        EmbeddingModel::MiniLm,
        EmbeddingModel::MiniLmInt8,
        EmbeddingModel::Mpnet,
    ];
    /// The page's choices, smallest download first. all-mpnet-base-v2 is not one: even int8-stored it
    /// would be a 110 MB download (models/README.md).
    pub const PAGE: [EmbeddingModel; 2] = [EmbeddingModel::MiniLmInt8, EmbeddingModel::MiniLm];
    /// What a share link or saved setting without a model means: the only model there was then.
    pub const BEFORE_VARIANTS: EmbeddingModel = EmbeddingModel::MiniLm;
    /// The page's default: the small download (see models/README.md for its accuracy).
    pub const PAGE_DEFAULT: EmbeddingModel = EmbeddingModel::MiniLmInt8;

    pub fn id(self) -> &'static str {
        match self {
            EmbeddingModel::MiniLm => "minilm",
            EmbeddingModel::MiniLmInt8 => "minilm-int8",
            EmbeddingModel::Mpnet => "mpnet",
        }
    }

    pub fn from_id(id: &str) -> Option<EmbeddingModel> {
        Self::ALL.into_iter().find(|m| m.id() == id)
    }

    pub fn file(self) -> &'static str {
        match self {
            EmbeddingModel::MiniLm => "all-MiniLM-L6-v2.onnx",
            EmbeddingModel::MiniLmInt8 => "all-MiniLM-L6-v2.int8.onnx",
            EmbeddingModel::Mpnet => "all-mpnet-base-v2.onnx",
        }
    }

    /// The folder the CLI reads it from: `models/` (which the page also serves) or `models-cli/`.
    pub fn folder(self) -> &'static str {
        match self {
            EmbeddingModel::MiniLm | EmbeddingModel::MiniLmInt8 => "models",
            EmbeddingModel::Mpnet => "models-cli",
        }
    }

    /// How to build its files when they are missing.
    pub fn build_hint(self) -> &'static str {
        match self {
            EmbeddingModel::MiniLm | EmbeddingModel::MiniLmInt8 => "run scripts/models.sh",
            EmbeddingModel::Mpnet => "run `make mpnet`",
        }
    }

    pub fn tokenizer_file(self) -> &'static str {
        match self {
            EmbeddingModel::MiniLm | EmbeddingModel::MiniLmInt8 => "tokenizer.json",
            EmbeddingModel::Mpnet => "all-mpnet-base-v2.tokenizer.json",
        }
    }

    pub fn tokenizer_sha256(self) -> &'static str {
        match self {
            EmbeddingModel::MiniLm | EmbeddingModel::MiniLmInt8 => MINILM_TOKENIZER_SHA256,
            EmbeddingModel::Mpnet => {
                "b8be2c30ba5dd723a6d5ee26d013da103d5408d92ddcb23747622f9e48f1d842"
            }
        }
    }

    /// sentence-transformers' `max_seq_length`: longer texts are truncated to it (special tokens included).
    pub fn max_tokens(self) -> usize {
        match self {
            EmbeddingModel::MiniLm | EmbeddingModel::MiniLmInt8 => 256,
            EmbeddingModel::Mpnet => 384,
        }
    }

    /// Width of its embeddings.
    pub fn dimensions(self) -> usize {
        match self {
            EmbeddingModel::MiniLm | EmbeddingModel::MiniLmInt8 => 384,
            EmbeddingModel::Mpnet => 768,
        }
    }

    pub fn sha256(self) -> &'static str {
        match self {
            EmbeddingModel::MiniLm => {
                "4c893ddbd7465571be025e637a935e316bba665fa0d847c76758506b1309d0d4"
            }
            EmbeddingModel::MiniLmInt8 => {
                "7b52c22c820df7d4eda5068691610e1a4b57b594eca4fb970e1fbfe615ecc32d"
            }
            EmbeddingModel::Mpnet => {
                "d1dac77444d98f61e602b96640ea5d5f32fee1e48c919e8822c456bbd3165c22"
            }
        }
    }

    /// The model with this sha256, if lexeval ships it.
    pub fn from_sha256(sha256: &str) -> Option<EmbeddingModel> {
        Self::ALL
            .into_iter()
            .find(|m| m.sha256().eq_ignore_ascii_case(sha256))
    }

    /// Bytes of its model and tokenizer files (what the page downloads), for menus.
    pub fn download_bytes(self) -> u64 {
        match self {
            EmbeddingModel::MiniLm => 90_304_349 + 466_247,
            EmbeddingModel::MiniLmInt8 => 23_533_283 + 466_247,
            EmbeddingModel::Mpnet => 436_844_850 + 466_021,
        }
    }

    /// Menu label naming the download size.
    pub fn label(self) -> String {
        let megabytes = (self.download_bytes() + 500_000) / 1_000_000;
        match self {
            EmbeddingModel::MiniLm => format!("MiniLM fp32, exact ({megabytes} MB)"),
            EmbeddingModel::MiniLmInt8 => format!("MiniLM int8, compact ({megabytes} MB)"),
            EmbeddingModel::Mpnet => format!("MPNet, the paper's model ({megabytes} MB)"),
        }
    }

    /// How a report records it: its id and the sha256 of the file that ran.
    pub fn record(self) -> serde_json::Value {
        serde_json::json!({ "id": self.id(), "file": self.file(), "sha256": self.sha256() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_digests_name_one_model_each() {
        for model in EmbeddingModel::ALL {
            assert_eq!(EmbeddingModel::from_id(model.id()), Some(model));
            assert_eq!(EmbeddingModel::from_sha256(model.sha256()), Some(model));
            let json = serde_json::to_string(&model).unwrap();
            assert_eq!(json, format!("\"{}\"", model.id()));
        }
        assert_eq!(EmbeddingModel::from_id("mpnet-large"), None);
    }

    #[test]
    fn labels_name_the_download_size() {
        assert_eq!(
            EmbeddingModel::MiniLmInt8.label(),
            "MiniLM int8, compact (24 MB)"
        );
        assert_eq!(EmbeddingModel::MiniLm.label(), "MiniLM fp32, exact (91 MB)");
    }
}
