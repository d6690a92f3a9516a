//! The page's f32 matmul kernel: lexeval's own 2×16 tile for tract, registered for wasm only.
//!
//! tract's wasm tier runs `wasm_f32_8x8` for every f32 GEMM: 16 accumulators, 8 broadcasts and 2 B
//! vectors live per k step, more than the 16 vector registers V8 has on x86-64, so it spills. This
//! kernel (MLAS's wasm SIMD tile) keeps 8 accumulators, 4 B vectors and 2 broadcasts: everything fits.
//! In Chromium (2 workers, 256 CLERC sentences, side by side, BENCHMARKS.md 2026-11-24) the page
//! embeds 1.42× faster (10.38 s → 7.31 s), with bit-identical embeddings; the same body as 4×8 was as
//! fast, as 3×16 or 6×8 no faster, and tract's `wasm_f32_4x16` (16 accumulators) 0.68×.
//!
//! tract asks its dispatch tiers highest precedence first; the tier here outranks tract's own
//! ("wasm-simd128", precedence 1) for f32 GEMMs whose n fills the 16-wide tile. Every GEMM of the
//! embedding models does: tract orients each matmul so that m ≥ n, and n is then the tokens or the
//! features of a linear layer, or the padded length or head size of an attention matmul — never below
//! the shortest sequence bucket, 16. Anything narrower keeps tract's choice. Natively nothing is
//! registered: x86-64 and arm64 dispatch is tract's own.

mod kernel;
#[cfg(not(target_arch = "wasm32"))]
mod lanes;
#[cfg(test)]
mod tests;

use tract_onnx::prelude::tract_linalg::isa::{Arch, IsaSet};
use tract_onnx::prelude::tract_linalg::mmm::{DynKernel, Query, Suitable};
use tract_onnx::prelude::tract_linalg::pack::Packing;
use tract_onnx::prelude::DatumType;

/// The kernel's name in tract's registry.
const NAME: &str = "lexeval_wasm_f32_2x16";
const MR: usize = 2;
const NR: usize = 16;

fn declare() -> DynKernel<MR, NR, f32> {
    let mut kernel = DynKernel::new(
        NAME,
        kernel::run::<MR, { NR / 4 }>,
        f32::packing(MR),
        f32::packing(NR),
    );
    kernel.arch = Some(Arch::Wasm32Simd128);
    kernel
}

/// The tier's answer: this kernel for f32 GEMMs at least one tile wide, no opinion otherwise.
fn preferred(
    _isa: &IsaSet,
    accumulator: DatumType,
    query: &Query,
    _suitable: &[Suitable],
) -> Option<&'static str> {
    match (accumulator, query.n) {
        (DatumType::F32, Some(n)) if n >= NR => Some(NAME),
        _ => None,
    }
}

#[cfg(target_arch = "wasm32")]
mod registration {
    use super::{declare, preferred, MR, NR};
    use std::sync::LazyLock;
    use tract_onnx::prelude::tract_linalg::isa::Arch;
    use tract_onnx::prelude::tract_linalg::mmm::DynKernel;
    use tract_onnx::prelude::tract_linalg::mmm_routines::MmmRoutine;
    use tract_onnx::prelude::tract_linalg::mmm_tiers::MmmTier;

    static KERNEL: LazyLock<DynKernel<MR, NR, f32>> = LazyLock::new(declare);

    inventory::submit! { MmmRoutine { make: || KERNEL.mmm() } }

    inventory::submit! {
        MmmTier {
            arch: Some(Arch::Wasm32Simd128),
            precedence: 2,
            name: "lexeval-wasm-2x16",
            applies: |_| true,
            preferred,
        }
    }

    /// Keeps this module linked: wasm-ld drops an object nothing references, its registrations
    /// included.
    pub fn keep_linked() {
        std::hint::black_box(preferred as *const ());
    }
}

#[cfg(target_arch = "wasm32")]
pub use registration::keep_linked;
