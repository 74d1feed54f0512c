//! How the command ends: an invocation's failure ([`Failure`], with its message and exit
//! status), a tournament's refusal in the command's words, or clap's word on the command line
//! (a switch it does not know, or the help asked for).

pub use crate::invocation::failure::{io_reason, switch_error, Failure, EXIT_INPUT};

/// Why the command stopped without doing its work.
#[derive(Debug)]
pub enum Exit {
    /// The command line does not parse (clap's message), or asks for the help (its text).
    Usage(clap::Error),
    /// The work failed.
    Failed(Failure),
}

impl Exit {
    /// The exit status.
    pub fn status(&self) -> i32 {
        match self {
            Exit::Usage(e) if e.use_stderr() => EXIT_INPUT,
            Exit::Usage(_) => 0,
            Exit::Failed(failure) => failure.status(),
        }
    }

    /// Prints what the user is told: the message on standard error, or the help on standard
    /// output.
    pub fn print(&self) {
        match self {
            Exit::Usage(e) => print_clap_error(e),
            Exit::Failed(failure) => failure.print(),
        }
    }
}

impl From<Failure> for Exit {
    fn from(failure: Failure) -> Exit {
        Exit::Failed(failure)
    }
}

impl From<std::io::Error> for Exit {
    fn from(e: std::io::Error) -> Exit {
        Exit::Failed(Failure::from(e))
    }
}

impl From<crate::tournament::Error> for Exit {
    /// A tournament's refusal in the command's words: its message (exit status 2); the key
    /// file that is not the event's shown whole, its two hashes not shortened.
    fn from(e: crate::tournament::Error) -> Exit {
        use crate::tournament::Error;
        Exit::Failed(match e {
            Error::Io(e) => Failure::from(e),
            Error::KeysNotCommitted { .. } => Failure::Input(format!("error: {e}\n")),
            other => switch_error(other.to_string()),
        })
    }
}

impl From<crate::tournament::Error> for Failure {
    /// A tournament's refusal in the command's words (see [`Exit`]'s).
    fn from(e: crate::tournament::Error) -> Failure {
        match Exit::from(e) {
            Exit::Failed(failure) => failure,
            Exit::Usage(_) => unreachable!("a tournament's refusal is not clap's"),
        }
    }
}

/// Prints clap's message about the command line (an unknown switch, a missing value) with
/// text the user typed cut short when it is very long; help and version text as it is.
pub fn print_clap_error(e: &clap::Error) {
    let text = e.render().to_string();
    if e.use_stderr() && text.len() > 1000 {
        // clap quotes what the user typed between single quotes.
        eprint!("{}", crate::diag::clip_marked(&text, &['\'']));
    } else {
        let _ = e.print();
    }
}
