//! Mean pooling over the attention mask, L2 normalisation and cosine similarity.

use crate::error::{EmbedError, ModelContext, Result};
use tract_onnx::prelude::*;

/// Mean of `hidden[row, t, :]` over the text's tokens `start..start + len` (sentence-transformers'
/// pooling: every token of a text has mask 1; padding lies outside the range).
pub fn mean_pool(hidden: &Tensor, row: usize, start: usize, len: usize) -> Result<Vec<f32>> {
    let view = hidden
        .to_plain_array_view::<f32>()
        .model_context("the model's output is not f32")?;
    let shape = view.shape();
    if !(shape.len() == 3 && row < shape[0] && start + len <= shape[1]) {
        return Err(EmbedError::UnexpectedModel(format!(
            "unexpected model output shape {shape:?}"
        )));
    }
    let mut sum = vec![0f32; shape[2]];
    for t in start..start + len {
        for (d, acc) in sum.iter_mut().enumerate() {
            *acc += view[[row, t, d]];
        }
    }
    // sentence-transformers clamps the token count to 1e-9 so an all-masked row stays finite.
    let weight = (len as f32).max(1e-9);
    Ok(sum.into_iter().map(|x| x / weight).collect())
}

/// `v / max(‖v‖, 1e-12)`, as torch.nn.functional.normalize.
pub fn l2_normalised(v: Vec<f32>) -> Vec<f32> {
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt().max(1e-12);
    v.into_iter().map(|x| x / norm).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_pool_averages_the_texts_tokens_only() {
        // One row, four tokens of width 2: padding, then a text of two tokens, then another text.
        let hidden =
            Tensor::from_shape(&[1, 4, 2], &[100f32, 100., 1., 2., 3., 4., -7., 9.]).unwrap();
        assert_eq!(mean_pool(&hidden, 0, 1, 2).unwrap(), vec![2.0, 3.0]);
    }

    #[test]
    fn mean_pool_rejects_out_of_range_row() {
        let hidden = Tensor::from_shape(&[1, 1, 2], &[1f32, 2.]).unwrap();
        assert!(mean_pool(&hidden, 1, 0, 1).is_err());
        assert!(mean_pool(&hidden, 0, 1, 1).is_err());
    }

    #[test]
    fn normalise_3_4_gives_0_6_0_8() {
        assert_eq!(l2_normalised(vec![3.0, 4.0]), vec![0.6, 0.8]);
        assert_eq!(l2_normalised(vec![0.0, 0.0]), vec![0.0, 0.0]);
    }
}
