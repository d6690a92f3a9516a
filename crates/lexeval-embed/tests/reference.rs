//! The embedder against the anchor: all-MiniLM-L6-v2 on onnxruntime with sentence-transformers'
//! pooling (fixture made by tests/fixtures/make_reference.py). Needs `scripts/models.sh` to have run.

use lexeval_embed::shipped::EmbeddingModel;
use lexeval_embed::{cosine, Embedder};
use serde::Deserialize;

const MODELS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../models/");

#[derive(Deserialize)]
struct Reference {
    text: String,
    embedding: Vec<f32>,
}

fn embedder(which: EmbeddingModel) -> Embedder {
    let read = |file: &str| {
        std::fs::read(format!("{MODELS}{file}"))
            .unwrap_or_else(|e| panic!("{MODELS}{file}: {e} (run scripts/models.sh)"))
    };
    Embedder::from_verified(
        which,
        &read(which.file())[..],
        &read(which.tokenizer_file()),
    )
    .expect("model loads")
}

fn references() -> Vec<Reference> {
    let json = include_str!("fixtures/reference_embeddings.json");
    serde_json::from_str(json).expect("fixture parses")
}

#[test]
fn matches_the_onnxruntime_anchor() {
    let references = references();
    let texts: Vec<&str> = references.iter().map(|r| r.text.as_str()).collect();
    let embedder = embedder(EmbeddingModel::MiniLm);
    let mut calls = Vec::new();
    let embeddings = embedder
        .embed_with_progress(&texts, |done, total| calls.push((done, total)))
        .unwrap();
    assert_eq!(embeddings.len(), references.len());
    for (reference, embedding) in references.iter().zip(&embeddings) {
        assert_eq!(embedding.len(), EmbeddingModel::MiniLm.dimensions());
        let similarity = cosine(embedding, &reference.embedding);
        assert!(
            similarity >= 0.9999,
            "cosine {similarity} for {:?}",
            reference.text
        );
        let norm: f32 = embedding.iter().map(|x| x * x).sum::<f32>().sqrt();
        assert!((norm - 1.0).abs() < 1e-5, "norm {norm}");
    }
    assert_eq!(calls.last(), Some(&(texts.len(), texts.len())));

    // On x86-64 with FMA the texts run packed end to end (src/packed), elsewhere padded.
    #[cfg(target_arch = "x86_64")]
    assert_eq!(
        embedder.packs_texts(),
        is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma")
    );
    // One text alone embeds as it does inside a batch.
    let alone = embedder.embed(&texts[..1]).unwrap();
    assert!(cosine(&alone[0], &embeddings[0]) >= 0.99999);
    // Related sentences are closer than unrelated ones.
    assert!(cosine(&embeddings[0], &embeddings[1]) > cosine(&embeddings[0], &embeddings[2]));
    assert!(embedder.embed(&[]).unwrap().is_empty());
}

#[test]
fn the_int8_model_stays_within_its_measured_parity() {
    let references = references();
    let texts: Vec<&str> = references.iter().map(|r| r.text.as_str()).collect();
    let embeddings = embedder(EmbeddingModel::MiniLmInt8).embed(&texts).unwrap();
    for (reference, embedding) in references.iter().zip(&embeddings) {
        let similarity = cosine(embedding, &reference.embedding);
        assert!(
            similarity >= 0.995,
            "cosine {similarity} for {:?}",
            reference.text
        );
    }
}

#[test]
fn a_corrupted_model_is_refused() {
    let tokenizer = std::fs::read(format!(
        "{MODELS}{}",
        EmbeddingModel::MiniLm.tokenizer_file()
    ))
    .unwrap();
    let err = Embedder::from_verified(EmbeddingModel::MiniLm, &b"not a model"[..], &tokenizer)
        .err()
        .expect("refused");
    assert!(err.to_string().contains("sha256"), "{err}");
    let err = Embedder::from_bytes(b"not a model", &tokenizer, 256)
        .err()
        .expect("refused");
    assert!(err.to_string().contains("ONNX"), "{err:#}");
}
