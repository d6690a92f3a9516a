//! One module per subcommand.

pub mod embed;
pub mod show;
