//! Standard output as the run writes it. When it is closed early (a broken pipe, as with
//! `dealvm f.dli | head -1`), the run stops quietly, unless it still has files to write: then
//! the rest of the printed output is dropped and the run goes on to write them. Any other
//! error says it is about standard output.

use crate::files::{reason, said};
use std::fmt;
use std::io::{self, ErrorKind, Write};

/// The error of a write to a closed standard output.
#[derive(Debug)]
pub struct Closed;

impl fmt::Display for Closed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("standard output was closed")
    }
}

impl std::error::Error for Closed {}

/// Standard output (or any writer standing for it), minding broken pipes.
pub struct Printed<W: Write> {
    inner: W,
    /// Whether the run goes on when standard output is closed (it has files to write).
    pub keep_going: bool,
    /// Whether standard output was closed: what is printed afterwards is dropped.
    closed: bool,
}

impl<W: Write> Printed<W> {
    /// Standard output written through `inner`.
    pub fn new(inner: W) -> Printed<W> {
        Printed { inner, keep_going: false, closed: false }
    }

    /// The writer standing for standard output, given back.
    pub fn into_inner(self) -> W {
        self.inner
    }

    /// Whether standard output was closed.
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// What a failed write means: a closed pipe stops the run or is ignored; any other error
    /// names standard output.
    fn failed(&mut self, e: io::Error) -> io::Result<()> {
        match e.kind() {
            ErrorKind::Interrupted => Err(e),
            ErrorKind::BrokenPipe => {
                self.closed = true;
                if self.keep_going {
                    Ok(())
                } else {
                    Err(io::Error::new(ErrorKind::BrokenPipe, Closed))
                }
            }
            kind => Err(said(kind, format!("cannot write to standard output: {}", reason(&e)))),
        }
    }
}

/// Buffered standard output, minding broken pipes.
pub type Stdout = Printed<io::BufWriter<io::StdoutLock<'static>>>;

/// Runs `f` with standard output, then flushes it: `f`'s failure if it failed, else the
/// flush's.
pub fn with_stdout<E: From<io::Error>>(f: impl FnOnce(&mut Stdout) -> Result<(), E>) -> Result<(), E> {
    let mut out = Printed::new(io::BufWriter::with_capacity(1 << 16, io::stdout().lock()));
    let result = f(&mut out);
    let flushed = out.flush();
    result.and(flushed.map_err(E::from))
}

impl<W: Write> Write for Printed<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.closed {
            return Ok(buf.len());
        }
        match self.inner.write(buf) {
            Ok(n) => Ok(n),
            Err(e) => self.failed(e).map(|()| buf.len()),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        match self.inner.flush() {
            Ok(()) => Ok(()),
            Err(e) => self.failed(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose reader went away.
    struct Gone;

    impl Write for Gone {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(ErrorKind::BrokenPipe))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_pipe_stops_the_run_or_is_ignored() {
        let mut out = Printed::new(Gone);
        let e = out.write_all(b"x").unwrap_err();
        assert!(e.get_ref().is_some_and(|i| i.is::<Closed>()));
        let mut out = Printed::new(Gone);
        out.keep_going = true;
        out.write_all(b"x").unwrap();
        out.write_all(b"y").unwrap();
        assert!(out.closed());
    }
}
