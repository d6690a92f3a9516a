//! lexeval-embed: sentence embeddings (all-MiniLM-L6-v2 ONNX) run by tract, natively and in wasm.
