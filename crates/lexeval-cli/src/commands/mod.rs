//! One module per subcommand.

pub mod rouge;
pub mod show;
pub mod tokenize;
