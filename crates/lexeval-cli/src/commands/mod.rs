//! One module per subcommand.

pub mod assign;
pub mod cite;
pub mod claims;
pub mod fresco;
pub mod rouge;
pub mod show;
pub mod tokenize;
