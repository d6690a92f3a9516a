//! One module per subcommand.

pub mod cite;
pub mod claims;
pub mod rouge;
pub mod show;
pub mod tokenize;
