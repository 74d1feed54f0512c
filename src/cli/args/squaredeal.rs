//! The switches of `dealvm squaredeal` and of each of its operations.

use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// `dealvm squaredeal`: events whose deals can be proved afterwards, as SquareDeal makes them.
///
/// Before the event: create the event file, add its phases, publish (the keys are made and
/// their hash written into the event file, which is then made public; the key file stays
/// secret). Once the delayed value is known: set it, and generate the boards. After the event:
/// reveal the key file; anyone can then verify the boards played.
#[derive(Parser, Debug)]
#[command(
    name = "dealvm squaredeal",
    bin_name = "dealvm squaredeal",
    max_term_width = 100,
    after_help = "Example: `dealvm squaredeal club.sqd create --name \"Club 2026\" --delayed-info \"CAC 40 close on the first day\"`, then add-phase, publish, set-dv, generate; verify after the event."
)]
pub struct SquareDealCli {
    /// The event file, EVENT.sqd; its keys are in EVENT.sqk beside it
    #[arg(value_name = "EVENT.sqd")]
    pub event: PathBuf,

    /// What to do with the event
    #[command(subcommand)]
    pub operation: Operation,
}

/// The operations on an event.
#[derive(Subcommand, Debug)]
pub enum Operation {
    /// Creates the event file (refused when it exists)
    Create {
        /// The event's name (TN)
        #[arg(long = "name", value_name = "TEXT")]
        name: String,
        /// What the delayed value will be (DI), such as "closing value of the CAC 40 on the first day"
        #[arg(long = "delayed-info", value_name = "TEXT")]
        delayed_info: String,
    },
    /// Adds a phase (refused once published)
    AddPhase {
        /// The number of sessions (0: a variable number, one key for all)
        #[arg(long = "sessions", value_name = "N")]
        sessions: u32,
        /// The boards of the sessions in turn: 16 (1-16), 1-16,17-32, 3x7 (1-7,8-14,15-21), or ? (given at generation)
        #[arg(long = "boards", value_name = "LIST")]
        boards: String,
        /// The files' names, a run of # standing for the session number: SWISS## writes SWISS01.pbn
        #[arg(long = "prefix", value_name = "PREFIX")]
        prefix: String,
        /// The phase's description
        #[arg(long = "description", value_name = "TEXT", default_value = "")]
        description: String,
    },
    /// Makes the keys: writes EVENT.sqk (secret until the event is over) and its hash (KH) into EVENT.sqd
    Publish,
    /// Sets the delayed value (DV), once known: trimmed, spaces collapsed, `,` and `.` between digits removed
    SetDv {
        /// The delayed value
        #[arg(value_name = "TEXT")]
        value: String,
    },
    /// Writes the boards of every session, of a phase (2), or of one session (2:3)
    Generate {
        /// The phase, or the phase and session, such as 2 or 2:3 (default: every session)
        #[arg(value_name = "PHASE[:SESSION]")]
        selection: Option<String>,
        /// The reserve set rather than the original one
        #[arg(long = "reserve")]
        reserve: bool,
        /// The formats, separated by commas, as `dealvm boards -f` takes them (the registry's list)
        #[arg(
            short = 'f',
            value_name = "FORMATS",
            default_value = crate::formats::Format::Pbn.name(),
            help = format!("The formats, separated by commas, Big Deal's names as `dealvm boards -f` takes them: {} (default pbn)", crate::formats::names().join(", "))
        )]
        formats: String,
        /// Replace board files that exist already
        #[arg(long = "force")]
        force: bool,
        /// The boards of a phase whose boards are asked at generation (?), its sessions' in turn: 1-16, 1-16,17-32 or 3x7
        #[arg(long = "boards", value_name = "LIST")]
        boards: Option<String>,
    },
    /// Deals every board again from the revealed keys and compares every board file of DIR
    Verify {
        /// The folder of the board files
        #[arg(value_name = "DIR")]
        dir: PathBuf,
    },
}
