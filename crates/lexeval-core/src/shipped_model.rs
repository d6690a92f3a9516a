//! The embedding model lexeval ships (see models/README.md): file names and pinned sha256 digests. Here in
//! core because share links and reports record which model produced a similarity.

pub const MODEL_FILE: &str = "all-MiniLM-L6-v2.onnx";
pub const MODEL_SHA256: &str = "4c893ddbd7465571be025e637a935e316bba665fa0d847c76758506b1309d0d4";
pub const TOKENIZER_FILE: &str = "tokenizer.json";
pub const TOKENIZER_SHA256: &str =
    "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037";
