//! One module per subcommand.

pub mod show;
