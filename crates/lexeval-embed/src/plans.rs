//! One optimised tract plan per input shape, built on first use and cached.
//!
//! tract optimises much better for concrete shapes than for the symbolic `batch × seq` graph, and
//! building a plan costs ~40 ms, so shapes are drawn from a few buckets (see `batch`) and reused.

use crate::attention_mask;
use crate::batch::INPUT_NAMES;
use crate::error::{EmbedError, ModelContext, Result};
use std::collections::HashMap;
use std::io::Read;
use std::sync::{Arc, Mutex};
use tract_onnx::prelude::*;

/// The packed form of `model` where this machine runs it (see `packed`).
#[cfg(any(target_arch = "x86_64", target_arch = "wasm32"))]
fn packed_model(model: &TypedModel) -> Result<Option<TypedModel>> {
    if !crate::packed::supported() {
        return Ok(None);
    }
    crate::packed::pack(model.clone()).model_context("cannot pack the model")
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
        const LOAD: &str = "cannot load the ONNX model";
        let model = tract_onnx::onnx()
            .model_for_read(reader)
            .and_then(|model| model.into_typed())
            .and_then(|model| model.into_decluttered())
            .model_context(LOAD)?;
        let (model, packed) = match packed_model(&model)? {
            Some(packed) => (packed, true),
            None => (
                attention_mask::broadcast_to_scores(model)
                    .and_then(|model| model.into_decluttered())
                    .model_context(LOAD)?,
                false,
            ),
        };
        let input_order = model
            .input_outlets()
            .model_context(LOAD)?
            .iter()
            .map(|outlet| {
                let name = &model.node(outlet.node).name;
                INPUT_NAMES.iter().position(|n| n == name).ok_or_else(|| {
                    EmbedError::UnexpectedModel(format!("unexpected model input {name:?}"))
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let expected = if packed { 4 } else { 3 };
        if input_order.len() != expected {
            return Err(EmbedError::UnexpectedModel(format!(
                "the model has {} inputs, expected {:?}",
                input_order.len(),
                &INPUT_NAMES[..expected]
            )));
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
        // A panic while another plan was built leaves the map itself intact.
        let mut plans = self
            .plans
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(plan) = plans.get(&(rows, seq_len)) {
            return Ok(plan.clone());
        }
        let substitutions = HashMap::from([
            (self.batch.clone(), TDim::from(rows as i64)),
            (self.seq.clone(), TDim::from(seq_len as i64)),
        ]);
        let plan = self
            .model
            .set_symbols(&substitutions)
            .and_then(|model| model.into_optimized())
            .and_then(|model| model.into_runnable())
            .model_context(format!("cannot build a plan for shape {rows}×{seq_len}"))?;
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
                    .ok_or_else(|| EmbedError::UnexpectedModel("model input used twice".into()))
            })
            .collect::<Result<TVec<_>>>()?;
        let outputs = plan.run(ordered).model_context("the model failed to run")?;
        let hidden = outputs
            .into_iter()
            .next()
            .ok_or_else(|| EmbedError::UnexpectedModel("the model produced no output".into()))?;
        Ok(hidden.into_tensor())
    }

    pub fn len(&self) -> usize {
        self.plans.lock().map(|p| p.len()).unwrap_or(0)
    }
}
