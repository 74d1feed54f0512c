//! The man page and the shells' completions, made from the switches' definitions
//! ([`crate::cli::args::Cli`]) so that they say what `--help` says (`dealvm --generate man`).

use crate::cli::args::Cli;
use crate::cli::failure::{switch_error, Failure};
use clap::CommandFactory;
use clap_complete::Shell;

/// What `dealvm --generate WHAT` prints: `man` (a roff man page), `bash`, `zsh` or `fish`.
pub fn generated(what: &str) -> Result<Vec<u8>, Failure> {
    let mut command = Cli::command();
    let mut out = Vec::new();
    let shell = match what {
        "man" => {
            clap_mangen::Man::new(command).render(&mut out)?;
            return Ok(out);
        }
        "bash" => Shell::Bash,
        "zsh" => Shell::Zsh,
        "fish" => Shell::Fish,
        _ => return Err(switch_error(format!("--generate takes man, bash, zsh or fish, found `{what}`"))),
    };
    clap_complete::generate(shell, &mut command, "dealvm", &mut out);
    Ok(out)
}
