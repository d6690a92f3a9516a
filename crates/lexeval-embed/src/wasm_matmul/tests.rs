use super::*;
use crate::plans::PlanCache;
use tract_onnx::prelude::tract_linalg::generic::mmm::generic_f32_4x4;
use tract_onnx::prelude::tract_linalg::mmm::{AsInputValue, FusedSpec, MatMatMul};
use tract_onnx::prelude::tract_linalg::BinOp;
use tract_onnx::prelude::*;
use tract_onnx::tract_core::ops::matmul::optimized::OptMatMul;
use tract_onnx::tract_hir::internal::DimLike;

const MODEL: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../models/all-MiniLM-L6-v2.onnx"
);

/// `len` varied values, none of them zero or too round to hide a wrong order of operations.
fn values(len: usize, seed: usize) -> Vec<f32> {
    (0..len)
        .map(|i| ((i * 7919 + seed * 104_729) % 2003) as f32 / 401.0 - 2.4)
        .collect()
}

/// `kernel`'s C = A·B (m×k by k×n) through tract's whole frame, border tiles included, then `op` with
/// a per-row, a per-column and a scalar operand, stored with C's rows (or columns) contiguous.
fn product(
    kernel: &dyn MatMatMul,
    (m, k, n): (usize, usize, usize),
    op: BinOp,
    column_major: bool,
) -> Vec<f32> {
    let a = Tensor::from_shape(&[m, k], &values(m * k, 1)).unwrap();
    let b = Tensor::from_shape(&[k, n], &values(k * n, 2)).unwrap();
    let rows = tensor1(&values(m, 3));
    let cols = tensor1(&values(n, 4));
    let scalar = tensor0(0.7f32);
    let (pack_a, pack_b) = &kernel.packings()[0];
    let pa = pack_a.prepare_one(&a, 1, 0).unwrap();
    let pb = pack_b.prepare_one(&b, 0, 1).unwrap();
    let (shape, axes) = if column_major {
        ([n, m], (1, 0))
    } else {
        ([m, n], (0, 1))
    };
    let mut c = Tensor::zero::<f32>(&shape).unwrap();
    // SAFETY: C is m×n along `axes`, and the operands match the packings and the fused tensors' lengths.
    unsafe {
        let store = kernel
            .c_view(Some(axes.0), Some(axes.1))
            .wrap(&c.view_mut());
        let ops = [
            FusedSpec::AddMatMul {
                a: AsInputValue::Borrowed(&*pa),
                b: AsInputValue::Borrowed(&*pb),
                packing: 0,
            },
            FusedSpec::BinPerRow(rows.view(), op),
            FusedSpec::BinPerCol(cols.view(), op),
            FusedSpec::BinScalar(&scalar, op),
            FusedSpec::Store(store),
        ];
        kernel.run(m, n, &ops).unwrap();
    }
    c.try_as_plain_ram()
        .unwrap()
        .as_slice::<f32>()
        .unwrap()
        .to_vec()
}

/// Bit for bit the results of tract's portable kernel, which sums in the same order: for whole
/// tiles, border tiles on both axes, every per-row, per-column and scalar operation, and C stored
/// row-major or column-major.
#[test]
fn the_kernel_computes_what_tracts_own_does() {
    let ours = declare().mmm();
    let reference = generic_f32_4x4.mmm();
    for mkn in [(2, 1, 16), (64, 384, 16), (37, 50, 45), (5, 3, 70)] {
        for op in [
            BinOp::Min,
            BinOp::Max,
            BinOp::Add,
            BinOp::Mul,
            BinOp::Sub,
            BinOp::SubF,
        ] {
            for column_major in [false, true] {
                let bits = |kernel| -> Vec<u32> {
                    let c = product(kernel, mkn, op, column_major);
                    c.iter().map(|x| x.to_bits()).collect()
                };
                assert_eq!(
                    bits(&*ours),
                    bits(&*reference),
                    "{mkn:?} {op:?} column-major {column_major}"
                );
            }
        }
    }
}

/// The tier claims every GEMM of the model's plans. tract orients a matmul by its shape alone
/// (m ≥ n), so the native plans have the page's shapes. Natively they keep tract's own kernels.
#[test]
fn the_tier_claims_every_matmul_of_the_model() {
    let bytes =
        std::fs::read(MODEL).unwrap_or_else(|e| panic!("{MODEL}: {e} (run scripts/models.sh)"));
    let plans = PlanCache::from_onnx_reader(&mut &bytes[..]).unwrap();
    let wasm = IsaSet::of_arch(Arch::Wasm32Simd128);
    for (rows, seq_len) in [(1, 16), (8, 16), (32, 32), (2, 256)] {
        let plan = plans.plan(rows, seq_len).unwrap();
        let matmuls: Vec<(&str, &OptMatMul)> = plan
            .model()
            .nodes()
            .iter()
            .filter_map(|node| Some((node.name.as_str(), node.op_as::<OptMatMul>()?)))
            .collect();
        assert!(!matmuls.is_empty());
        for (name, op) in matmuls {
            let n = op
                .c_n_axis
                .and_then(|axis| op.c_fact.shape[axis].to_usize().ok());
            let query = Query::plain(DatumType::F32, None, None, n);
            assert_eq!(
                preferred(&wasm, DatumType::F32, &query, &[]),
                Some(NAME),
                "{name} at {rows}×{seq_len}, n = {n:?}"
            );
            assert!(
                op.mmm.iter().all(|kernel| kernel.name() != NAME),
                "{name} runs {NAME} natively"
            );
        }
    }
}
