//! The kernel body: `MR` rows × `4·NV` columns of C held in `MR·NV` vector accumulators.
//!
//! The tile's size is a compile-time constant, so at opt-level 3 (Cargo.toml's `wasm` profile)
//! the loops over it unroll and every accumulator is a local; at opt-level "s" they do not, and the
//! page ran 20× slower. Every k step adds `a · b` as a separate multiply and add, in k order, as tract's
//! own kernels do without relaxed-simd: the results are bit for bit theirs, whatever the machine.
// The wasm intrinsics are `#[target_feature]` functions, which are not `Fn`: they are passed in closures,
// which only the native stand-ins make redundant.
#![cfg_attr(not(target_arch = "wasm32"), allow(clippy::redundant_closure))]

#[cfg(not(target_arch = "wasm32"))]
use super::lanes::*;
#[cfg(target_arch = "wasm32")]
use std::arch::wasm32::*;
use tract_onnx::prelude::tract_linalg::mmm::{FusedKerSpec, OutputStoreKer};
use tract_onnx::prelude::tract_linalg::Scaler;

type Tile<const MR: usize, const NV: usize> = [[v128; NV]; MR];

/// Runs tract's fused micro-ops on one `MR × 4·NV` tile of C. Returns 0, as every tract kernel.
///
/// # Safety
/// Every pointer in `specs` must be valid for the tile, as tract's frame guarantees to its kernels.
pub unsafe fn run<const MR: usize, const NV: usize>(specs: &[FusedKerSpec<f32>]) -> isize {
    let mut acc: Tile<MR, NV> = [[f32x4_splat(0.0); NV]; MR];
    for spec in specs {
        // SAFETY: the frame hands over pointers valid for an MR × 4·NV tile (and k steps of packed A and B).
        unsafe {
            match *spec {
                FusedKerSpec::Done => break,
                FusedKerSpec::Clear => acc = [[f32x4_splat(0.0); NV]; MR],
                FusedKerSpec::LoadTile(_, rows) => {
                    let rows = rows as *const v128;
                    each(&mut acc, |r, j, _| v128_load(rows.add(r * NV + j)));
                }
                FusedKerSpec::ScalarMin(s) => scalar(&mut acc, s, |s, v| f32x4_min(s, v)),
                FusedKerSpec::ScalarMax(s) => scalar(&mut acc, s, |s, v| f32x4_max(s, v)),
                FusedKerSpec::ScalarAdd(s) => scalar(&mut acc, s, |s, v| f32x4_add(s, v)),
                FusedKerSpec::ScalarMul(s) => scalar(&mut acc, s, |s, v| f32x4_mul(s, v)),
                FusedKerSpec::ScalarSub(s) => scalar(&mut acc, s, |s, v| f32x4_sub(s, v)),
                FusedKerSpec::ScalarSubF(s) => scalar(&mut acc, s, |s, v| f32x4_sub(v, s)),
                FusedKerSpec::LeakyRelu(alpha) => scalar(&mut acc, alpha, |alpha, v| {
                    v128_bitselect(v, f32x4_mul(alpha, v), f32x4_gt(v, f32x4_splat(0.0)))
                }),
                FusedKerSpec::PerRowMin(rows) => per_row(&mut acc, rows, |s, v| f32x4_min(s, v)),
                FusedKerSpec::PerRowMax(rows) => per_row(&mut acc, rows, |s, v| f32x4_max(s, v)),
                FusedKerSpec::PerRowAdd(rows) => per_row(&mut acc, rows, |s, v| f32x4_add(s, v)),
                FusedKerSpec::PerRowMul(rows) => per_row(&mut acc, rows, |s, v| f32x4_mul(s, v)),
                FusedKerSpec::PerRowSub(rows) => per_row(&mut acc, rows, |s, v| f32x4_sub(s, v)),
                FusedKerSpec::PerRowSubF(rows) => per_row(&mut acc, rows, |s, v| f32x4_sub(v, s)),
                FusedKerSpec::PerColMin(cols) => per_col(&mut acc, cols, |s, v| f32x4_min(s, v)),
                FusedKerSpec::PerColMax(cols) => per_col(&mut acc, cols, |s, v| f32x4_max(s, v)),
                FusedKerSpec::PerColAdd(cols) => per_col(&mut acc, cols, |s, v| f32x4_add(s, v)),
                FusedKerSpec::PerColMul(cols) => per_col(&mut acc, cols, |s, v| f32x4_mul(s, v)),
                FusedKerSpec::PerColSub(cols) => per_col(&mut acc, cols, |s, v| f32x4_sub(s, v)),
                FusedKerSpec::PerColSubF(cols) => per_col(&mut acc, cols, |s, v| f32x4_sub(v, s)),
                FusedKerSpec::QScale(shift, policy, mult) => {
                    let scale = Scaler::from_fuse_params(shift, policy, mult).scale;
                    scalar(&mut acc, scale, |s, v| f32x4_mul(s, v));
                }
                FusedKerSpec::RoundingShiftRight(shift, _) => {
                    scalar(&mut acc, 2f32.powi(-(shift as i32)), |s, v| f32x4_mul(s, v))
                }
                FusedKerSpec::ShiftLeft(shift) => {
                    scalar(&mut acc, 2f32.powi(shift as i32), |s, v| f32x4_mul(s, v))
                }
                FusedKerSpec::AddRowColProducts(rows, cols) => {
                    let cols = cols as *const v128;
                    each(&mut acc, |r, j, v| {
                        f32x4_add(
                            v,
                            f32x4_mul(f32x4_splat(*rows.add(r)), v128_load(cols.add(j))),
                        )
                    });
                }
                FusedKerSpec::AddUnicast(tile) => {
                    each(&mut acc, |r, j, v| f32x4_add(v, load_lanes(&tile, r, j)))
                }
                FusedKerSpec::Store(tile) => store(&acc, &tile),
                FusedKerSpec::AddMatMul { k, pa, pb, .. } => add_mat_mul(&mut acc, k, pa, pb),
            }
        }
    }
    0
}

/// `acc += A·B` over `k` steps of packed panels: A is `[k][MR]`, B `[k][4·NV]`. Each step broadcasts
/// the MR values of A in turn and multiplies them by the NV vectors of B.
#[inline(always)]
unsafe fn add_mat_mul<const MR: usize, const NV: usize>(
    acc: &mut Tile<MR, NV>,
    k: usize,
    pa: *const u8,
    pb: *const u8,
) {
    let a = pa as *const f32;
    let b = pb as *const v128;
    for step in 0..k {
        // SAFETY: the packed panels hold k steps of MR and NV values.
        unsafe {
            let b: [v128; NV] = std::array::from_fn(|j| v128_load(b.add(step * NV + j)));
            for (r, row) in acc.iter_mut().enumerate() {
                let a = f32x4_splat(*a.add(step * MR + r));
                for (v, b) in row.iter_mut().zip(b) {
                    *v = f32x4_add(*v, f32x4_mul(a, b));
                }
            }
        }
    }
}

#[inline(always)]
fn each<const MR: usize, const NV: usize>(
    acc: &mut Tile<MR, NV>,
    mut f: impl FnMut(usize, usize, v128) -> v128,
) {
    for (r, row) in acc.iter_mut().enumerate() {
        for (j, v) in row.iter_mut().enumerate() {
            *v = f(r, j, *v);
        }
    }
}

#[inline(always)]
fn scalar<const MR: usize, const NV: usize>(
    acc: &mut Tile<MR, NV>,
    s: f32,
    op: impl Fn(v128, v128) -> v128,
) {
    let s = f32x4_splat(s);
    each(acc, |_, _, v| op(s, v));
}

#[inline(always)]
unsafe fn per_row<const MR: usize, const NV: usize>(
    acc: &mut Tile<MR, NV>,
    rows: *const f32,
    op: impl Fn(v128, v128) -> v128,
) {
    // SAFETY: `rows` holds MR values.
    each(acc, |r, _, v| op(f32x4_splat(unsafe { *rows.add(r) }), v));
}

#[inline(always)]
unsafe fn per_col<const MR: usize, const NV: usize>(
    acc: &mut Tile<MR, NV>,
    cols: *const f32,
    op: impl Fn(v128, v128) -> v128,
) {
    let cols = cols as *const v128;
    // SAFETY: `cols` holds 4·NV values.
    each(acc, |_, j, v| op(unsafe { v128_load(cols.add(j)) }, v));
}

/// The address of C's element (row, col) in `tile`.
#[inline(always)]
fn at(tile: &OutputStoreKer, row: usize, col: usize) -> *mut u8 {
    tile.ptr
        .wrapping_offset(tile.row_byte_stride * row as isize + tile.col_byte_stride * col as isize)
}

/// Lanes `4·j .. 4·j + 4` of row `r` of a strided tile.
#[inline(always)]
unsafe fn load_lanes(tile: &OutputStoreKer, r: usize, j: usize) -> v128 {
    // SAFETY: the tile covers MR × 4·NV elements.
    unsafe {
        let lane = |c: usize| *(at(tile, r, 4 * j + c) as *const f32);
        f32x4(lane(0), lane(1), lane(2), lane(3))
    }
}

#[inline(always)]
unsafe fn store<const MR: usize, const NV: usize>(acc: &Tile<MR, NV>, tile: &OutputStoreKer) {
    for (r, row) in acc.iter().enumerate() {
        for (j, v) in row.iter().enumerate() {
            // SAFETY: the tile covers MR × 4·NV elements.
            unsafe {
                if tile.col_byte_stride == 4 {
                    v128_store(at(tile, r, 4 * j) as *mut v128, *v);
                } else {
                    *(at(tile, r, 4 * j) as *mut f32) = f32x4_extract_lane::<0>(*v);
                    *(at(tile, r, 4 * j + 1) as *mut f32) = f32x4_extract_lane::<1>(*v);
                    *(at(tile, r, 4 * j + 2) as *mut f32) = f32x4_extract_lane::<2>(*v);
                    *(at(tile, r, 4 * j + 3) as *mut f32) = f32x4_extract_lane::<3>(*v);
                }
            }
        }
    }
}
