//! Graph rewrite: broadcast the additive attention mask to the scores' shape once per run.
//!
//! The ONNX graph adds a `[batch, 1, 1, seq]` mask to each layer's `[batch, heads, seq, seq]` attention
//! scores just before their softmax. tract has no fast path for that broadcast (it is neither per-row nor
//! per-element) and runs it through its generic one, about 8 % of a run natively. Broadcast once, every
//! layer's Add has two inputs of one shape, which tract fuses into the epilogue of the QKᵀ matmul that
//! produces the scores: same values, no separate pass.

use std::collections::HashMap;
use tract_onnx::prelude::*;
use tract_onnx::tract_core::ops::array::MultiBroadcastTo;
use tract_onnx::tract_core::ops::binary::{BinMiniOp, TypedBinOp};
use tract_onnx::tract_core::ops::math::Add;
use tract_onnx::tract_core::ops::nn::Softmax;

/// Rewire every `scores + mask` feeding a softmax to read the mask at the scores' full shape, one
/// broadcast per distinct mask (all layers share one).
pub fn broadcast_to_scores(mut model: TypedModel) -> TractResult<TypedModel> {
    let mut broadcasts: HashMap<OutletId, OutletId> = HashMap::new();
    for (add, slot, mask, shape) in masked_score_adds(&model)? {
        let wide = match broadcasts.get(&mask) {
            Some(&wide) => wide,
            None => {
                let name = format!("{}.mask_broadcast", model.node(mask.node).name);
                let wide = model.wire_node(name, MultiBroadcastTo { shape }, &[mask])?[0];
                *broadcasts.entry(mask).or_insert(wide)
            }
        };
        model.add_edge(wide, InletId::new(add, slot))?;
    }
    Ok(model)
}

/// `(add node, mask slot, mask outlet, scores shape)` of each Add whose only successor is a softmax and
/// whose other input already has the output's shape.
fn masked_score_adds(model: &TypedModel) -> TractResult<Vec<(usize, usize, OutletId, ShapeFact)>> {
    let mut found = Vec::new();
    for node in model.nodes() {
        let is_add = is_bin::<Add>(node);
        let feeds_softmax = matches!(&*node.outputs[0].successors, [succ] if model.node(succ.node).op_is::<Softmax>());
        if !is_add || !feeds_softmax {
            continue;
        }
        let shape = &node.outputs[0].fact.shape;
        let inputs = model.node_input_facts(node.id)?;
        let narrow: Vec<usize> = (0..2).filter(|&i| &inputs[i].shape != shape).collect();
        if let [slot] = narrow[..] {
            found.push((node.id, slot, node.inputs[slot], shape.clone()));
        }
    }
    Ok(found)
}

/// Whether `node` is the binary operator `Operator` (`Add`, `Mul`…).
pub fn is_bin<Operator: BinMiniOp>(node: &TypedNode) -> bool {
    node.op_as::<TypedBinOp>()
        .is_some_and(|op| op.0.is::<Operator>())
}
