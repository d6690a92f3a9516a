//! Graph rewrite: texts packed end to end in one row, with no padding to compute (the CLI on x86-64
//! with FMA, and the page).
//!
//! Padded batches spend a quarter of the work on padding (256 CLERC sentences: 8,832 tokens computed
//! for 6,706). Every op of a BERT encoder works token by token except attention and the position
//! embeddings, so the rewrite changes only those two: positions come from a `position_ids` input that
//! restarts at 0 with each text, and each layer's attention becomes one [`TextAttention`], which
//! attends within a text. The attention mask is then all ones, and its additive form all zeros, so
//! leaving it out changes nothing. Models of another shape (all-mpnet-base-v2's relative attention
//! bias and its own position ids: `lexeval embed --timings` says "padded") are left as they are.

mod attention;

use crate::attention_mask::is_bin;
use crate::batch::POSITION_IDS;
use attention::TextAttention;
use tract_onnx::prelude::*;
use tract_onnx::tract_core::ops::array::{Gather, Slice};
use tract_onnx::tract_core::ops::einsum::EinSum;
use tract_onnx::tract_core::ops::math::{Add, Mul};
use tract_onnx::tract_core::ops::nn::{Softmax, SoftmaxKind};

pub use attention::supported;

/// `model` rewritten to run packed texts, or `None` when it is not a BERT encoder this recognises.
pub fn pack(mut model: TypedModel) -> TractResult<Option<TypedModel>> {
    let softmaxes = model
        .nodes()
        .iter()
        .filter(|n| n.op_is::<Softmax>())
        .count();
    let found = attentions(&model)?;
    let Some(ids) = input(&model, "input_ids")? else {
        return Ok(None);
    };
    let Some(slice) = position_slice(&model, ids)? else {
        return Ok(None);
    };
    if found.is_empty() || found.len() != softmaxes {
        return Ok(None);
    }
    let ids_fact = model.outlet_fact(ids)?.clone();
    let positions = model.add_source(POSITION_IDS, ids_fact)?;
    let table = model.add_const(format!("{}.table", slice.name), slice.table)?;
    let gathered = model.wire_node(
        format!("{}.gathered", slice.name),
        Gather::new(0),
        &[table, positions],
    )?[0];
    redirect(&mut model, OutletId::new(slice.node, 0), gathered)?;
    for one in found {
        let name = format!("{}.per_text", model.node(one.context).name);
        let op = TextAttention::new(one.scale);
        let attention = model.wire_node(name, op, &[one.q, one.k, one.v, positions])?[0];
        redirect(&mut model, OutletId::new(one.context, 0), attention)?;
    }
    Ok(Some(model.into_decluttered()?))
}

/// Every reader of `from` reads `to` instead.
fn redirect(model: &mut TypedModel, from: OutletId, to: OutletId) -> TractResult<()> {
    for inlet in model.outlet_successors(from).to_vec() {
        model.add_edge(to, inlet)?;
    }
    Ok(())
}

fn input(model: &TypedModel, name: &str) -> TractResult<Option<OutletId>> {
    Ok(model
        .input_outlets()?
        .iter()
        .copied()
        .find(|outlet| model.node(outlet.node).name == name))
}

/// The position embeddings' `table[0..seq]` slice: its node, and the table as `[positions, width]`.
struct PositionSlice {
    node: usize,
    name: String,
    table: Tensor,
}

fn position_slice(model: &TypedModel, ids: OutletId) -> TractResult<Option<PositionSlice>> {
    let seq = model.outlet_fact(ids)?.shape.dims().get(1).cloned();
    let mut found = None;
    for node in model.nodes() {
        let Some(slice) = node.op_as::<Slice>() else {
            continue;
        };
        let input = model.outlet_fact(node.inputs[0])?;
        let Some(table) = &input.konst else {
            continue;
        };
        let &[1, positions, width] = table.shape() else {
            continue;
        };
        if slice.axis != 1 || slice.start != TDim::Val(0) || Some(&slice.end) != seq.as_ref() {
            continue;
        }
        if found.is_some() {
            return Ok(None);
        }
        found = Some(PositionSlice {
            node: node.id,
            name: node.name.clone(),
            table: table
                .clone()
                .into_tensor()
                .into_shape(&[positions, width])?,
        });
    }
    Ok(found)
}

/// The outlets of one attention, as the ONNX BERT export wires it.
struct Found {
    q: OutletId,
    k: OutletId,
    v: OutletId,
    scale: f32,
    /// The node computing the probabilities times V, whose output the fused op replaces.
    context: usize,
}

fn attentions(model: &TypedModel) -> TractResult<Vec<Found>> {
    let mut found = Vec::new();
    for softmax in model.nodes() {
        let Some(op) = softmax.op_as::<Softmax>() else {
            continue;
        };
        if op.kind != SoftmaxKind::Softmax || op.axes[..] != [3] {
            continue;
        }
        if let Some(one) = attention_around(model, softmax)? {
            found.push(one);
        }
    }
    Ok(found)
}

/// `Some` when `softmax` reads `einsum(Q, K) · scale + mask` and feeds only `einsum(P, V)`, with the
/// axes and shapes of the export's attention.
fn attention_around(model: &TypedModel, softmax: &TypedNode) -> TractResult<Option<Found>> {
    let input = |node: &TypedNode, slot: usize| model.node(node.inputs[slot].node);
    let masked = input(softmax, 0);
    if !is_bin::<Add>(masked) {
        return Ok(None);
    }
    let scores = input(masked, 0);
    let mask = masked.inputs[1];
    if !is_bin::<Mul>(scores) {
        return Ok(None);
    }
    let qk = input(scores, 0);
    let Some(scale) = model
        .outlet_fact(scores.inputs[1])?
        .konst
        .as_ref()
        .filter(|k| k.len() == 1 && k.datum_type() == f32::datum_type())
        .map(|k| k.cast_to_scalar::<f32>())
        .transpose()?
    else {
        return Ok(None);
    };
    let [successor] = &*softmax.outputs[0].successors else {
        return Ok(None);
    };
    let context = model.node(successor.node);
    let is_einsum = |node: &TypedNode, expr: &str| {
        node.op_as::<EinSum>()
            .is_some_and(|op| op.axes.to_string() == expr && op.operating_dt == f32::datum_type())
    };
    if !is_einsum(qk, "ambk,anbk->abmn")
        || !is_einsum(context, "abmk,akbn->ambn")
        || successor.slot != 0
    {
        return Ok(None);
    }
    for node in [masked, scores, qk] {
        if node.outputs[0].successors.len() != 1 {
            return Ok(None);
        }
    }
    let (q, k, v) = (qk.inputs[0], qk.inputs[1], context.inputs[1]);
    let shape = |outlet: OutletId| model.outlet_fact(outlet).map(|f| f.shape.clone());
    let (qs, ms) = (shape(q)?, shape(mask)?);
    let same_qkv = shape(k)? == qs && shape(v)? == qs && qs.rank() == 4;
    let mask_fits =
        ms.rank() == 4 && ms[0] == qs[0] && ms[1].is_one() && ms[2].is_one() && ms[3] == qs[1];
    if !same_qkv || !mask_fits || model.outlet_fact(mask)?.datum_type != f32::datum_type() {
        return Ok(None);
    }
    Ok(Some(Found {
        q,
        k,
        v,
        scale,
        context: context.id,
    }))
}
