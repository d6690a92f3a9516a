"""The embedding anchor: sentence-transformers' all-MiniLM-L6-v2 encode() rebuilt on onnxruntime.

Same ONNX file as lexeval, HF `tokenizers` (what sentence-transformers' fast tokenizer runs) truncating
to 256 tokens and padding to the batch's longest text, then mean pooling over the attention mask and
L2 normalisation — exactly sentence-transformers' Pooling + Normalize modules.
"""
import numpy as np
import onnxruntime as ort
from tokenizers import Tokenizer

MAX_TOKENS = 256
MODEL_FILE = "all-MiniLM-L6-v2.dynamo.onnx"


class Reference:
    def __init__(self, model_dir, threads=1):
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        self.session = ort.InferenceSession(str(model_dir / MODEL_FILE), options,
                                            providers=["CPUExecutionProvider"])
        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")  # to the batch's longest

    def encode(self, texts, batch_size=32):
        out = np.zeros((len(texts), 384), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        for start in range(0, len(order), batch_size):
            chunk = order[start:start + batch_size]
            encodings = self.tokenizer.encode_batch([texts[i] for i in chunk])
            ids = np.array([e.ids for e in encodings], dtype=np.int64)
            mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
            (hidden,) = self.session.run(None, {
                "input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)})
            weights = mask[:, :, None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
            norms = np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
            out[chunk] = pooled / norms
        return out
