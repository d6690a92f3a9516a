//! Links the native CLI as a position-dependent executable on Linux: a PIE binary of this size carries
//! ~83,000 relative relocations that the dynamic loader applies at every start (about a fifth of an empty
//! `lexeval cite`'s CPU time), and dirties the pages they touch.

fn main() {
    let target = std::env::var("TARGET").unwrap_or_default();
    if target.ends_with("-linux-gnu") {
        println!("cargo:rustc-link-arg-bin=lexeval=-no-pie");
    }
}
