"""The embedding anchor: sentence-transformers' all-MiniLM-L6-v2 encode() rebuilt without torch.

`Encoder` is encode() around any BertModel forward: HF `tokenizers` (what sentence-transformers' fast
tokenizer runs) truncating to 256 tokens and padding to the batch's longest text, then mean pooling over the
attention mask and L2 normalisation — exactly sentence-transformers' Pooling + Normalize modules. `Reference`
runs the forward as an ONNX file on onnxruntime; `numpy_reference.NumpyReference` computes it in numpy.
"""
import numpy as np
from tokenizers import Tokenizer

MAX_TOKENS = 256
MODEL_FILE = "all-MiniLM-L6-v2.onnx"


class Encoder:
    def __init__(self, tokenizer, max_tokens=MAX_TOKENS, pad_id=0, pad_token="[PAD]", dimensions=384):
        self.tokenizer = tokenizer
        self.tokenizer.enable_truncation(max_tokens)
        self.tokenizer.enable_padding(pad_id=pad_id, pad_token=pad_token)  # to the batch's longest
        self.dimensions = dimensions

    def hidden(self, ids, mask, token_type_ids):
        """last_hidden_state [batch, seq, 384] of int64 [batch, seq] inputs."""
        raise NotImplementedError

    def encode(self, texts, batch_size=32):
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        for start in range(0, len(order), batch_size):
            chunk = order[start:start + batch_size]
            encodings = self.tokenizer.encode_batch([texts[i] for i in chunk])
            ids = np.array([e.ids for e in encodings], dtype=np.int64)
            mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
            hidden = self.hidden(ids, mask, np.zeros_like(ids))
            weights = mask[:, :, None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
            norms = np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
            out[chunk] = pooled / norms
        return out


class Reference(Encoder):
    """The ONNX file `model_file` in `model_dir` (lexeval's by default) with that folder's tokenizer.json."""

    def __init__(self, model_dir, threads=1, model_file=MODEL_FILE):
        import onnxruntime as ort
        super().__init__(Tokenizer.from_file(str(model_dir / "tokenizer.json")))
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        self.session = ort.InferenceSession(str(model_dir / model_file), options,
                                            providers=["CPUExecutionProvider"])

    def hidden(self, ids, mask, token_type_ids):
        (hidden,) = self.session.run(None, {
            "input_ids": ids, "attention_mask": mask, "token_type_ids": token_type_ids})
        return hidden
