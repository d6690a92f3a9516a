//! Native stand-ins for the wasm SIMD intrinsics the kernel uses, lane by lane with the same IEEE
//! arithmetic, so that `cargo test` runs the kernel's own code (which only ever ships in wasm).
#![allow(non_camel_case_types)]

pub type v128 = [f32; 4];

fn lanes(a: v128, b: v128, op: impl Fn(f32, f32) -> f32) -> v128 {
    std::array::from_fn(|i| op(a[i], b[i]))
}

pub fn f32x4(a: f32, b: f32, c: f32, d: f32) -> v128 {
    [a, b, c, d]
}

pub fn f32x4_splat(x: f32) -> v128 {
    [x; 4]
}

pub fn f32x4_add(a: v128, b: v128) -> v128 {
    lanes(a, b, |a, b| a + b)
}

pub fn f32x4_sub(a: v128, b: v128) -> v128 {
    lanes(a, b, |a, b| a - b)
}

pub fn f32x4_mul(a: v128, b: v128) -> v128 {
    lanes(a, b, |a, b| a * b)
}

/// As wasm's for numbers; NaN and signed zeros, which wasm orders differently, are not tested.
pub fn f32x4_min(a: v128, b: v128) -> v128 {
    lanes(a, b, f32::min)
}

pub fn f32x4_max(a: v128, b: v128) -> v128 {
    lanes(a, b, f32::max)
}

pub fn f32x4_gt(a: v128, b: v128) -> v128 {
    lanes(a, b, |a, b| {
        f32::from_bits(if a > b { u32::MAX } else { 0 })
    })
}

pub fn v128_bitselect(a: v128, b: v128, mask: v128) -> v128 {
    std::array::from_fn(|i| {
        let mask = mask[i].to_bits();
        f32::from_bits(a[i].to_bits() & mask | b[i].to_bits() & !mask)
    })
}

pub fn f32x4_extract_lane<const N: usize>(v: v128) -> f32 {
    v[N]
}

/// # Safety
/// `p` must be valid for reading 16 bytes.
pub unsafe fn v128_load(p: *const v128) -> v128 {
    unsafe { p.read_unaligned() }
}

/// # Safety
/// `p` must be valid for writing 16 bytes.
pub unsafe fn v128_store(p: *mut v128, v: v128) {
    unsafe { p.write_unaligned(v) }
}
