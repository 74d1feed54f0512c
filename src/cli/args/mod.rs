//! Every switch of the command, declared once: `dealvm`'s own ([`dealvm`]), those of the
//! files for the table that `dealvm` and `dealvm merge` share, made from the registry of formats
//! ([`table_files`]), and each subcommand's ([`merge`], [`boards`], [`squaredeal`], [`check`],
//! [`serve`]). The help, the man page, the completions and the guide's list of switches are all
//! made from these definitions (`cli::generate`).

pub mod boards;
pub mod check;
pub mod dealvm;
pub mod merge;
pub mod serve;
pub mod squaredeal;
pub mod table_files;

pub use boards::BoardsCli;
pub use check::CheckCli;
pub use dealvm::{suggest_switch, Cli};
pub use merge::MergeCli;
pub use serve::ServeCli;
pub use squaredeal::{Operation, SquareDealCli};
