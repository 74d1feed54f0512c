//! Tournament work: boards for play and the files handed out with them.
//!
//! - [`bigdeal`]: Big Deal's stream of deals from two seeds, drawn uniformly from all deals, the
//!   construction `dealvm boards` and SquareDeal deal with; [`owner`]: the owner's
//!   identification hashed into them, kept in dealvm's settings file.
//! - [`boards`]: `dealvm boards`, a session's boards for play, dealt from the operating system's
//!   entropy, or from Big Deal's reproducible inputs.
//! - [`squaredeal`]: SquareDeal's events, whose deals can be proved afterwards.
//! - [`hand_records`]: the sheets handed to the players after a session (each board's diagram,
//!   makeable contracts and par), as HTML, PDF or text.
//! - [`files`]: a set of board files written all or none, none replaced unless asked; [`error`]:
//!   why the work was refused, typed, for the command line to word and give its exit status.
//!
//! Imports: [`crate::formats`] (the board files), [`crate::files`] (writing them), the `vm`
//! crate and the double-dummy solver's par.

pub mod bigdeal;
pub mod boards;
pub mod error;
pub mod files;
pub mod hand_records;
pub mod owner;
pub mod squaredeal;

pub use error::Error;
