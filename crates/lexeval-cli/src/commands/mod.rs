//! One module per subcommand.

pub mod assign;
pub mod bootstrap_args;
pub mod calibrate;
pub mod casefacts;
pub mod cite;
pub mod claims;
pub mod correlate;
pub mod decompose;
pub mod decompscore;
pub mod embed;
pub mod fresco;
pub mod legalsearchqa;
pub mod llm_args;
pub mod pair_args;
pub mod pair_check;
pub mod points_args;
pub mod pointwise;
pub mod retrieve;
pub mod rouge;
pub mod show;
pub mod tokenize;
pub mod uscore;
pub mod versus_args;
