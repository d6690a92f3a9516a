//! glibc malloc settings for the CLI's workload (tract's tensors of a few MB, allocated and freed per
//! layer and batch).
//!
//! By default glibc serves blocks above its mmap threshold with fresh `mmap`s and returns freed memory
//! to the kernel, so every batch re-faults and zeroes the same pages: `perf` put 13–20 % of `lexeval
//! embed` in page clearing and copying. Keeping those blocks on the heap (what
//! `GLIBC_TUNABLES=glibc.malloc.mmap_threshold=…:glibc.malloc.trim_threshold=…` does) cut its wall
//! time by ~17 %. Other allocators (musl, macOS, Windows) are left as they are.

/// Blocks up to 256 MiB come from the heap rather than their own `mmap`.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MMAP_THRESHOLD: libc::c_int = 256 << 20;
/// Free heap memory is given back to the kernel only beyond 1 GiB.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const TRIM_THRESHOLD: libc::c_int = 1 << 30;

/// Applies the settings; call once at start, before any large allocation.
pub fn apply() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets malloc parameters; it is called before other threads exist.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
        libc::mallopt(libc::M_TRIM_THRESHOLD, TRIM_THRESHOLD);
    }
}
