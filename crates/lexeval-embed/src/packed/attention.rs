//! One layer's attention over texts packed end to end: per text, `softmax(Q·Kᵀ · scale) · V`.
//!
//! tract runs an attention as two batched matmuls (QKᵀ, then the probabilities times V), a pair of tiny
//! GEMMs per text and head (k = 32, m and n the padded length), each operand packed first: 13 % of a
//! native run for 1.5 % of the FLOPs. This op computes it directly from Q, K and V in their
//! `[batch, seq, heads, dim]` layout, text by text (a text starts where its position is 0), so no
//! token attends across texts and none is padding. Dot products run in k order, as the matmul kernels
//! do (fused multiply-adds on x86-64, a multiply then an add in wasm), and the softmax is tract's own.

use std::ops::Range;
use tract_onnx::prelude::*;
use tract_onnx::tract_core::internal::*;
use tract_onnx::tract_core::ops::nn::{Softmax, SoftmaxKind};

/// `softmax(Q·Kᵀ · scale) · V` per text and head over `[batch, seq, heads, dim]` Q, K and V; the
/// fourth input, `[batch, seq]` positions, marks where each text starts.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TextAttention {
    scale_bits: u32,
}

impl TextAttention {
    pub fn new(scale: f32) -> TextAttention {
        TextAttention {
            scale_bits: scale.to_bits(),
        }
    }
}

impl Op for TextAttention {
    fn name(&self) -> StaticName {
        "TextAttention".into()
    }

    op_as_typed_op!();
}

impl TypedOp for TextAttention {
    fn output_facts(&self, inputs: &[&TypedFact]) -> TractResult<TVec<TypedFact>> {
        Ok(tvec!(f32::fact(inputs[0].shape.clone())))
    }

    as_op!();
}

impl EvalOp for TextAttention {
    op_out_of_plan!();

    fn eval(&self, _ctx: &EvalContext, inputs: TVec<TValue>) -> TractResult<TVec<TValue>> {
        let [q, k, v, positions] = &*inputs else {
            bail!("TextAttention takes q, k, v and positions");
        };
        let &[batch, seq, heads, dim] = q.shape() else {
            bail!("TextAttention expects [batch, seq, heads, dim] inputs");
        };
        ensure!(k.shape() == q.shape() && v.shape() == q.shape());
        ensure!(positions.shape() == [batch, seq]);
        let (q, k, v) = (floats(q)?, floats(k)?, floats(v)?);
        let positions = positions.try_as_plain_ram()?.as_slice::<i64>()?;
        let mut out = Tensor::zero::<f32>(&[batch, seq, heads, dim])?;
        let mut plain = out.try_as_plain_ram_mut()?;
        let out_floats = plain.as_slice_mut::<f32>()?;
        let shape = Shape { heads, dim };
        let token = heads * dim;
        // `chunks` needs a non-zero length; an empty row has no texts.
        for (row, positions) in positions.chunks(seq.max(1)).enumerate() {
            for text in texts(positions) {
                let at = (row * seq + text.start) * token;
                let size = text.len() * token;
                let one = Text {
                    q: &q[at..][..size],
                    k: &k[at..][..size],
                    v: &v[at..][..size],
                    len: text.len(),
                };
                let probabilities = probabilities(&one, shape, f32::from_bits(self.scale_bits))?;
                let probabilities = probabilities.try_as_plain_ram()?;
                // SAFETY: `supported()` held when the rewrite put this op in the plan.
                unsafe {
                    context(
                        &one,
                        shape,
                        probabilities.as_slice::<f32>()?,
                        &mut out_floats[at..][..size],
                    )
                };
            }
        }
        Ok(tvec!(out.into_tvalue()))
    }
}

/// Whether this machine runs the op. On x86-64 its dot products need hardware fused multiply-add, as
/// tract's kernels there use it; in wasm they multiply then add, as the page's matmul kernel does.
pub fn supported() -> bool {
    #[cfg(target_arch = "x86_64")]
    return is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma");
    #[cfg(target_arch = "wasm32")]
    return true;
}

/// `a · b + c` as the matmul kernels of the target compute it: fused on x86-64, two roundings in wasm.
#[inline(always)]
fn multiply_add(a: f32, b: f32, c: f32) -> f32 {
    #[cfg(target_arch = "x86_64")]
    return a.mul_add(b, c);
    #[cfg(target_arch = "wasm32")]
    return a * b + c;
}

fn floats(t: &TValue) -> TractResult<&[f32]> {
    t.try_as_plain_ram()?.as_slice::<f32>()
}

/// The token ranges of the texts of one row: each starts at a position 0.
fn texts(positions: &[i64]) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut starts: Vec<usize> = (0..positions.len())
        .filter(|&t| t == 0 || positions[t] == 0)
        .collect();
    starts.push(positions.len());
    (0..starts.len() - 1).map(move |i| starts[i]..starts[i + 1])
}

#[derive(Clone, Copy)]
struct Shape {
    heads: usize,
    dim: usize,
}

/// One text's queries, keys and values, `[len, heads, dim]`.
struct Text<'a> {
    q: &'a [f32],
    k: &'a [f32],
    v: &'a [f32],
    len: usize,
}

/// The probabilities `[heads, len, len]`, soft-maxed by tract.
fn probabilities(text: &Text, shape: Shape, scale: f32) -> TractResult<Tensor> {
    let n = text.len;
    let mut scores = Tensor::zero::<f32>(&[shape.heads, n, n])?;
    {
        let mut plain = scores.try_as_plain_ram_mut()?;
        // SAFETY: `supported()` held when the rewrite put this op in the plan.
        unsafe { dot_products(text, shape, scale, plain.as_slice_mut::<f32>()?) };
    }
    let softmax = Softmax {
        axes: tvec![2],
        quant_output_dt: None,
        kind: SoftmaxKind::Softmax,
    };
    let mut out = softmax.eval(&EvalContext::out_of_plan(), tvec!(scores.into_tvalue()))?;
    Ok(out.remove(0).into_tensor())
}

/// Lanes of one AVX2 vector (two wasm SIMD ones): the loops below work on `[f32; LANES]` so they
/// compile to vector instructions.
const LANES: usize = 8;
type Lanes = [f32; LANES];
/// Queries computed together: with two vectors of keys each, eight independent accumulators keep both
/// FMA pipes busy.
const QUERY_TILE: usize = 4;
const KEY_TILE: usize = 2;

/// `scores[h][i][j] = (Σ_d q[i,h,d]·k[j,h,d]) · scale`.
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2,fma"))]
unsafe fn dot_products(text: &Text, shape: Shape, scale: f32, scores: &mut [f32]) {
    let (n, dim) = (text.len, shape.dim);
    let token = shape.heads * dim;
    let key_vectors = n.div_ceil(LANES * KEY_TILE) * KEY_TILE;
    let query_rows = n.next_multiple_of(QUERY_TILE);
    // Keys transposed, [dim][key_vectors], and queries [query_rows][dim]; the padding stays 0.
    let mut keys_t = vec![[0f32; LANES]; dim * key_vectors];
    let mut queries = vec![0f32; query_rows * dim];
    for h in 0..shape.heads {
        for t in 0..n {
            let key = &text.k[t * token + h * dim..][..dim];
            for (d, &x) in key.iter().enumerate() {
                keys_t[d * key_vectors + t / LANES][t % LANES] = x;
            }
            queries[t * dim..][..dim].copy_from_slice(&text.q[t * token + h * dim..][..dim]);
        }
        for r0 in (0..query_rows).step_by(QUERY_TILE) {
            for v0 in (0..key_vectors).step_by(KEY_TILE) {
                let mut acc = [[[0f32; LANES]; KEY_TILE]; QUERY_TILE];
                for d in 0..dim {
                    let keys: [Lanes; KEY_TILE] =
                        std::array::from_fn(|v| keys_t[d * key_vectors + v0 + v]);
                    for (r, row) in acc.iter_mut().enumerate() {
                        let qd = queries[(r0 + r) * dim + d];
                        for (lanes, key) in row.iter_mut().zip(&keys) {
                            for (a, &k) in lanes.iter_mut().zip(key) {
                                *a = multiply_add(qd, k, *a);
                            }
                        }
                    }
                }
                for (r, row) in acc.iter().enumerate().take(n.saturating_sub(r0)) {
                    let out = &mut scores[(h * n + r0 + r) * n..][..n];
                    let first = v0 * LANES;
                    for (o, &dot) in out.iter_mut().skip(first).zip(row.iter().flatten()) {
                        *o = dot * scale;
                    }
                }
            }
        }
    }
}

/// `out[i,h,:] = Σ_j p[h][i][j] · v[j,h,:]`, in j order.
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2,fma"))]
unsafe fn context(text: &Text, shape: Shape, p: &[f32], out: &mut [f32]) {
    const DIM: usize = 32;
    if shape.dim != DIM {
        return context_any(text, shape, p, out);
    }
    let n = text.len;
    let token = shape.heads * DIM;
    for h in 0..shape.heads {
        for r0 in (0..n).step_by(2) {
            let rows = (n - r0).min(2);
            let mut acc = [[[0f32; LANES]; DIM / LANES]; 2];
            for j in 0..n {
                let value = &text.v[j * token + h * DIM..][..DIM];
                let value: [Lanes; DIM / LANES] =
                    std::array::from_fn(|v| std::array::from_fn(|x| value[v * LANES + x]));
                for (r, row) in acc.iter_mut().enumerate().take(rows) {
                    let pj = p[(h * n + r0 + r) * n + j];
                    for (lanes, value) in row.iter_mut().zip(&value) {
                        for (a, &x) in lanes.iter_mut().zip(value) {
                            *a = multiply_add(pj, x, *a);
                        }
                    }
                }
            }
            for (r, row) in acc.iter().enumerate().take(rows) {
                let target = &mut out[(r0 + r) * token + h * DIM..][..DIM];
                for (t, &a) in target.iter_mut().zip(row.iter().flatten()) {
                    *t = a;
                }
            }
        }
    }
}

/// [`context`] for any head size.
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2,fma"))]
unsafe fn context_any(text: &Text, shape: Shape, p: &[f32], out: &mut [f32]) {
    let (n, dim) = (text.len, shape.dim);
    let token = shape.heads * dim;
    for h in 0..shape.heads {
        for i in 0..n {
            let acc = &mut out[i * token + h * dim..][..dim];
            for j in 0..n {
                let pj = p[(h * n + i) * n + j];
                let value = &text.v[j * token + h * dim..][..dim];
                for (a, &x) in acc.iter_mut().zip(value) {
                    *a = multiply_add(pj, x, *a);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deterministic values in [-1, 1).
    fn values(n: usize, seed: u64) -> Vec<f32> {
        let mut state = seed;
        (0..n)
            .map(|_| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((state >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
            })
            .collect()
    }

    /// `softmax(Q·Kᵀ · scale) · V` per text and head, in f64.
    fn reference(
        q: &[f32],
        k: &[f32],
        v: &[f32],
        texts: &[Range<usize>],
        shape: Shape,
        scale: f64,
    ) -> Vec<f64> {
        let token = shape.heads * shape.dim;
        let at =
            |x: &[f32], t: usize, h: usize, d: usize| f64::from(x[t * token + h * shape.dim + d]);
        let mut out = vec![0f64; q.len()];
        for text in texts {
            for h in 0..shape.heads {
                for i in text.clone() {
                    let scores: Vec<f64> = text
                        .clone()
                        .map(|j| {
                            (0..shape.dim)
                                .map(|d| at(q, i, h, d) * at(k, j, h, d))
                                .sum::<f64>()
                                * scale
                        })
                        .collect();
                    let max = scores.iter().cloned().fold(f64::MIN, f64::max);
                    let weights: Vec<f64> = scores.iter().map(|s| (s - max).exp()).collect();
                    let total: f64 = weights.iter().sum();
                    for d in 0..shape.dim {
                        out[i * token + h * shape.dim + d] = text
                            .clone()
                            .zip(&weights)
                            .map(|(j, w)| w / total * at(v, j, h, d))
                            .sum();
                    }
                }
            }
        }
        out
    }

    fn check(heads: usize, dim: usize, positions: &[i64]) {
        if !supported() {
            return;
        }
        let seq = positions.len();
        let size = seq * heads * dim;
        let tensor = |seed| Tensor::from_shape(&[1, seq, heads, dim], &values(size, seed)).unwrap();
        let (q, k, v) = (tensor(1), tensor(2), tensor(3));
        let scale = 1.0 / (dim as f32).sqrt();
        let positions_tensor = Tensor::from_shape(&[1, seq], positions).unwrap();
        let out = TextAttention::new(scale)
            .eval(
                &EvalContext::out_of_plan(),
                tvec!(
                    q.clone().into_tvalue(),
                    k.clone().into_tvalue(),
                    v.clone().into_tvalue(),
                    positions_tensor.into_tvalue()
                ),
            )
            .unwrap()
            .remove(0);
        let out = out.try_as_plain_ram().unwrap();
        let out = out.as_slice::<f32>().unwrap();
        let slice = |t: &Tensor| {
            t.try_as_plain_ram()
                .unwrap()
                .as_slice::<f32>()
                .unwrap()
                .to_vec()
        };
        let ranges: Vec<Range<usize>> = texts(positions).collect();
        let expected = reference(
            &slice(&q),
            &slice(&k),
            &slice(&v),
            &ranges,
            Shape { heads, dim },
            f64::from(scale),
        );
        for (got, want) in out.iter().zip(&expected) {
            assert!(
                (f64::from(*got) - want).abs() < 1e-5,
                "{got} against {want}"
            );
        }
    }

    #[test]
    fn texts_start_at_position_zero() {
        let ranges: Vec<_> = texts(&[0, 1, 2, 0, 1, 0]).collect();
        assert_eq!(ranges, [0..3, 3..5, 5..6]);
        // A row that does not start at 0 still starts a text at its first token.
        assert_eq!(texts(&[4, 5, 0]).collect::<Vec<_>>(), [0..2, 2..3]);
        assert_eq!(texts(&[]).count(), 0);
    }

    #[test]
    fn attends_within_each_text_as_softmax_attention_does() {
        // Two texts of 3 and 21 tokens (past one key tile of 16), 12 heads of 32 as MiniLM's.
        let mut positions: Vec<i64> = (0..3).collect();
        positions.extend(0..21);
        check(12, 32, &positions);
    }

    #[test]
    fn any_head_size_is_computed_the_same_way() {
        check(3, 8, &[0, 1, 2, 3, 4, 0, 1]);
    }
}
