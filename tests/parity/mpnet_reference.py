"""HF MPNetModel's forward for all-mpnet-base-v2 in numpy, straight from its model.safetensors, as
sentence-transformers runs it (max_seq_length 384, mean pooling, L2 normalisation).

Written from transformers' modeling_mpnet (eager attention), not from scripts/build_mpnet.py's graph, so it
checks the converter rather than repeating it; float32 throughout.
"""
import numpy as np
from safetensors.numpy import load as load_safetensors
from scipy.special import erf
from tokenizers import Tokenizer

from numpy_reference import SafetensorsLayers

HEADS, LAYERS, LN_EPS, PADDING_IDX = 12, 12, 1e-5, 1
MAX_TOKENS = 384
NUM_BUCKETS, MAX_DISTANCE = 32, 128


def relative_position_bucket(relative_position):
    """MPNetEncoder.relative_position_bucket: bidirectional, 32 buckets, max distance 128 (float32 logs)."""
    n = -relative_position
    half = NUM_BUCKETS // 2
    ret = (n < 0).astype(np.int64) * half
    n = np.abs(n)
    max_exact = half // 2
    with np.errstate(divide="ignore", invalid="ignore"):
        large = max_exact + (np.log(n.astype(np.float32) / np.float32(max_exact))
                             / np.float32(np.log(MAX_DISTANCE / max_exact)) * (half - max_exact)).astype(np.int64)
    large = np.minimum(large, half - 1)
    return ret + np.where(n < max_exact, n, large)


class MpnetReference(SafetensorsLayers):
    ln_eps = np.float32(LN_EPS)

    def __init__(self, weights, tokenizer):
        super().__init__(Tokenizer.from_buffer(tokenizer), max_tokens=MAX_TOKENS, pad_id=PADDING_IDX,
                         pad_token="<pad>", dimensions=768)
        self.w = load_safetensors(weights)

    def hidden(self, ids, mask, token_type_ids):
        w = self.w
        batch, seq = ids.shape
        # create_position_ids_from_input_ids: padding_idx + 1 onwards for real tokens, padding_idx for pads.
        real = (ids != PADDING_IDX).astype(np.int64)
        positions = np.cumsum(real, axis=1) * real + PADDING_IDX
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][positions]
        x = self.norm("embeddings.LayerNorm", x)
        additive = (1.0 - mask[:, None, None, :].astype(np.float32)) * np.finfo(np.float32).min
        relative = np.arange(seq)[None, :] - np.arange(seq)[:, None]
        bias = w["encoder.relative_attention_bias.weight"][relative_position_bucket(relative)]  # [q, k, heads]
        bias = bias.transpose(2, 0, 1)[None]
        head = x.shape[-1] // HEADS
        for i in range(LAYERS):
            p = f"encoder.layer.{i}"

            def heads(name):
                y = self.linear(f"{p}.attention.attn.{name}", x)
                return y.reshape(batch, seq, HEADS, head).transpose(0, 2, 1, 3)

            q, k, v = heads("q"), heads("k"), heads("v")
            scores = q @ k.transpose(0, 1, 3, 2) / np.float32(np.sqrt(head)) + bias + additive
            scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
            probs = scores / scores.sum(axis=-1, keepdims=True)
            context = (probs @ v).transpose(0, 2, 1, 3).reshape(batch, seq, HEADS * head)
            x = self.norm(f"{p}.attention.LayerNorm", self.linear(f"{p}.attention.attn.o", context) + x)
            h = self.linear(f"{p}.intermediate.dense", x)
            h = h * np.float32(0.5) * (np.float32(1) + erf(h / np.float32(np.sqrt(2))))
            x = self.norm(f"{p}.output.LayerNorm", self.linear(f"{p}.output.dense", h) + x)
        return x
