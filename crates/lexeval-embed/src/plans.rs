//! One optimised tract plan per input shape, built on first use and cached.
//!
//! tract optimises much better for concrete shapes than for the symbolic `batch × seq` graph, and
//! building a plan costs ~40 ms, so shapes are drawn from a few buckets (see `batch`) and reused.

use crate::attention_mask;
use anyhow::{anyhow, bail, Context, Result};
use std::collections::HashMap;
use std::io::Read;
use std::sync::{Arc, Mutex};
use tract_onnx::prelude::*;

/// The input the packed rewrite adds (`packed::pack`): each token's position within its text.
pub const POSITION_IDS: &str = "position_ids";

/// The model's inputs, in the order `Batch::input_tensors` produces them; the last is only there
/// when the model runs packed texts.
const INPUT_NAMES: [&str; 4] = [
    "input_ids",
    "attention_mask",
    "token_type_ids",
    POSITION_IDS,
];

/// The packed form of `model` where this machine runs it (see `packed`).
#[cfg(any(target_arch = "x86_64", target_arch = "wasm32"))]
fn packed_model(model: &TypedModel) -> Result<Option<TypedModel>> {
    if !crate::packed::supported() {
        return Ok(None);
    }
    crate::packed::pack(model.clone())
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "wasm32")))]
fn packed_model(_model: &TypedModel) -> Result<Option<TypedModel>> {
    Ok(None)
}

pub type Plan = Arc<TypedRunnableModel>;

pub struct PlanCache {
    /// The decluttered symbolic graph every plan is specialised from.
    model: TypedModel,
    /// Whether the graph runs texts packed end to end (`packed::pack`), or one per row.
    packed: bool,
    /// For each of the model's inputs, its position in `INPUT_NAMES`.
    input_order: Vec<usize>,
    batch: Symbol,
    seq: Symbol,
    plans: Mutex<HashMap<(usize, usize), Plan>>,
}

impl PlanCache {
    /// The ONNX model `reader` holds (tract reads it to its end into its own buffer, so a file is best
    /// handed over as one rather than read into memory first).
    pub fn from_onnx_reader(reader: &mut dyn Read) -> Result<Self> {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        crate::wasm_matmul::keep_linked();
        let model = tract_onnx::onnx()
            .model_for_read(reader)?
            .into_typed()?
            .into_decluttered()?;
        let (model, packed) = match packed_model(&model)? {
            Some(packed) => (packed, true),
            None => (
                attention_mask::broadcast_to_scores(model)?.into_decluttered()?,
                false,
            ),
        };
        let input_order = model
            .input_outlets()?
            .iter()
            .map(|outlet| {
                let name = &model.node(outlet.node).name;
                INPUT_NAMES
                    .iter()
                    .position(|n| n == name)
                    .ok_or_else(|| anyhow!("unexpected model input {name:?}"))
            })
            .collect::<Result<Vec<_>>>()?;
        let expected = if packed { 4 } else { 3 };
        if input_order.len() != expected {
            bail!(
                "the model has {} inputs, expected {:?}",
                input_order.len(),
                &INPUT_NAMES[..expected]
            );
        }
        let batch = model.sym("batch");
        let seq = model.sym("seq");
        Ok(PlanCache {
            model,
            packed,
            input_order,
            batch,
            seq,
            plans: Mutex::new(HashMap::new()),
        })
    }

    /// The plan for `rows × seq_len` inputs, optimised now if this shape is new.
    pub fn plan(&self, rows: usize, seq_len: usize) -> Result<Plan> {
        let mut plans = self
            .plans
            .lock()
            .map_err(|_| anyhow!("plan cache poisoned"))?;
        if let Some(plan) = plans.get(&(rows, seq_len)) {
            return Ok(plan.clone());
        }
        let substitutions = HashMap::from([
            (self.batch.clone(), TDim::from(rows as i64)),
            (self.seq.clone(), TDim::from(seq_len as i64)),
        ]);
        let plan = self
            .model
            .set_symbols(&substitutions)?
            .into_optimized()?
            .into_runnable()
            .with_context(|| format!("cannot build a plan for shape {rows}×{seq_len}"))?;
        plans.insert((rows, seq_len), plan.clone());
        Ok(plan)
    }

    /// Whether batches must be packed (`batch::packed_batches`) rather than padded.
    pub fn packed(&self) -> bool {
        self.packed
    }

    /// Run `plan` on the input tensors (in `INPUT_NAMES` order); returns `last_hidden_state`.
    pub fn run(&self, plan: &Plan, inputs: [Tensor; 4]) -> Result<Tensor> {
        let mut by_name = inputs.map(Some);
        let ordered = self
            .input_order
            .iter()
            .map(|&i| {
                by_name[i]
                    .take()
                    .map(TValue::from)
                    .ok_or_else(|| anyhow!("model input used twice"))
            })
            .collect::<Result<TVec<_>>>()?;
        let outputs = plan.run(ordered)?;
        let hidden = outputs
            .into_iter()
            .next()
            .ok_or_else(|| anyhow!("the model produced no output"))?;
        Ok(hidden.into_tensor())
    }

    pub fn len(&self) -> usize {
        self.plans.lock().map(|p| p.len()).unwrap_or(0)
    }
}
