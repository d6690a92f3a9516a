//! One module per subcommand.

pub mod decompose;
pub mod decompscore;
pub mod llm_args;
pub mod show;
