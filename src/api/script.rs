//! A Dealer script compiled once ([`Script`]), how to compile it ([`ScriptBuilder`]), and what
//! goes wrong ([`Error`]).

use crate::compile::{compile, CommandLinePredeal, Compiled, DdSwitches, Request};
use crate::diag::{Diagnostic, Source};
use crate::front::ast::Statement;
use crate::front::lex::ScriptVars;
use crate::front::parse::{depth_through_variables, parse_file, parse_file_classic};
use dealvm_vm::card::Seat;
use std::fmt;
use std::io::Read;
use std::path::Path;

/// The stack of the thread that parses and compiles: the compiler recurses once per level of
/// nesting, and expressions may nest `front::parse::MAX_NESTING` levels deep. The stack is
/// reserved address space; only the pages used take memory.
const COMPILER_STACK: usize = 1 << 30;

/// The deepest a script's expressions may nest, followed through its variables, to be compiled
/// on the main thread (`front::parse::depth_through_variables`; the scripts of `examples/`,
/// `tests/data/users/` and `tests/data/scripts/` nest 4 to 51 levels).
const SHALLOW: usize = 300;

/// The least stack the main thread must be allowed to grow to for that: the usual 8 MB. (A
/// level took at most about 1.3 KB in release and test builds: 200 levels fit in 256 KB.)
const MAIN_STACK: usize = 8 << 20;

/// The most bytes [`ScriptBuilder::open`] reads: 16 MB.
const SCRIPT_LIMIT: u64 = 16 << 20;

/// A Dealer script, compiled once: run it with [`Script::run`] as many times as you like.
///
/// ```
/// let script = dealvm::Script::new("condition hcp(north) >= 20\naction average hcp(south)")?;
/// assert_eq!(script.name(), "script");
/// # Ok::<(), dealvm::Error>(())
/// ```
pub struct Script {
    pub(crate) compiled: Compiled,
    pub(crate) source: Source,
    /// The variables whose values each produced deal carries, in order.
    pub(crate) exposed: Vec<String>,
}

impl Script {
    /// Compiles the text of a Dealer input file, named `script` in messages.
    ///
    /// ```
    /// let error = dealvm::Script::new("condition hcp(north) >>= 20").err().unwrap();
    /// assert_eq!((error.line(), error.column()), (Some(1), Some(23)));
    /// ```
    pub fn new(text: &str) -> Result<Script, Error> {
        ScriptBuilder::new().compile(text)
    }

    /// A builder, to name the script, predeal cards, give `$0`..`$9` or ask for the values of
    /// variables on each produced deal.
    ///
    /// ```
    /// use dealvm::{Script, Seat};
    /// let script = Script::builder().predeal(Seat::North, "SAKQJ,HAKQ").compile("condition spades(north) >= 6")?;
    /// # Ok::<(), dealvm::Error>(())
    /// ```
    pub fn builder() -> ScriptBuilder {
        ScriptBuilder::new()
    }

    /// The name messages give the script (the file's, or `script`).
    ///
    /// ```
    /// let script = dealvm::Script::builder().name("study.dli").compile("produce 3")?;
    /// assert_eq!(script.name(), "study.dli");
    /// # Ok::<(), dealvm::Error>(())
    /// ```
    pub fn name(&self) -> &str {
        &self.source.name
    }

    /// The warnings about the script, each as the command prints it on standard error.
    ///
    /// ```
    /// let script = dealvm::Script::new("condition 1 > 2")?;
    /// assert!(script.warnings()[0].contains("no deal can meet the condition"));
    /// # Ok::<(), dealvm::Error>(())
    /// ```
    pub fn warnings(&self) -> Vec<String> {
        self.compiled.warnings.iter().map(|w| w.render_warning(Some(&self.source))).collect()
    }

    /// The variables whose values each produced deal carries ([`ScriptBuilder::value`]).
    ///
    /// ```
    /// let script = dealvm::Script::builder().value("nt").compile("nt = hcp(north) >= 15\ncondition nt")?;
    /// assert_eq!(script.values(), ["nt"]);
    /// # Ok::<(), dealvm::Error>(())
    /// ```
    pub fn values(&self) -> &[String] {
        &self.exposed
    }

    /// The compiled input, for the command.
    #[doc(hidden)]
    pub fn compiled(&self) -> &Compiled {
        &self.compiled
    }

    /// The compiled input, taken out of the script (for benchmarks of the engine alone).
    #[doc(hidden)]
    pub fn into_compiled(self) -> Compiled {
        self.compiled
    }

    /// The input's text and name, for the command's messages.
    #[doc(hidden)]
    pub fn source(&self) -> &Source {
        &self.source
    }
}

/// How to compile a [`Script`]: its name, predealt cards, script variables, the variables
/// reported on each deal.
///
/// ```
/// use dealvm::{Script, Seat};
/// let script = Script::builder()
///     .name("1nt.dli")
///     .script_var(0, "15")
///     .predeal(Seat::South, "SAQ2,HK32")
///     .value("points")
///     .compile("points = hcp(north)\ncondition points >= $0")?;
/// assert_eq!(script.values(), ["points"]);
/// # Ok::<(), dealvm::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct ScriptBuilder {
    dialect: Dialect,
    name: String,
    vars: ScriptVars,
    predeal: Vec<(Seat, String, String)>,
    dd: DdSwitches,
    plain: bool,
    /// The run's `generate` as the command knows it before compiling (`Some(None)`: the
    /// script's own), for [`ScriptBuilder::run_generate`].
    run_generate: Option<Option<u64>>,
    exposed: Vec<String>,
}

impl Default for ScriptBuilder {
    fn default() -> ScriptBuilder {
        ScriptBuilder::new()
    }
}

impl ScriptBuilder {
    /// A builder with nothing set: the script is named `script`.
    pub fn new() -> ScriptBuilder {
        ScriptBuilder {
            dialect: Dialect::DealVm,
            name: "script".into(),
            vars: ScriptVars::default(),
            predeal: Vec::new(),
            dd: DdSwitches::default(),
            plain: false,
            run_generate: None,
            exposed: Vec::new(),
        }
    }

    /// The name messages give the script.
    pub fn name(mut self, name: impl Into<String>) -> ScriptBuilder {
        self.name = name.into();
        self
    }

    /// The value of script variable `$index` (0 to 9), as the command's `-0` .. `-9` give it.
    /// An index above 9 is ignored.
    pub fn script_var(mut self, index: usize, value: impl Into<String>) -> ScriptBuilder {
        if let Some(slot) = self.vars.get_mut(index) {
            *slot = Some(value.into());
        }
        self
    }

    /// Cards predealt to `seat`, written as the command's `-N`: `SAQ542,HKJ87,D32,CAK`.
    pub fn predeal(self, seat: Seat, holdings: &str) -> ScriptBuilder {
        let switch = format!("-{}", seat.letter());
        self.predeal_as(seat, holdings, &switch)
    }

    /// [`ScriptBuilder::predeal`], naming the switch messages show.
    #[doc(hidden)]
    pub fn predeal_as(mut self, seat: Seat, holdings: &str, switch: &str) -> ScriptBuilder {
        self.predeal.push((seat, holdings.to_string(), switch.to_string()));
        self
    }

    /// Asks for the value of the input's variable `name` on each produced deal
    /// ([`crate::Produced::value`]); compiling fails when the input does not define it.
    pub fn value(mut self, name: impl Into<String>) -> ScriptBuilder {
        self.exposed.push(name.into());
        self
    }

    /// Compiles without superinstructions (the command's `--plain`): the same results, the
    /// reference interpreter.
    pub fn plain(mut self, plain: bool) -> ScriptBuilder {
        self.plain = plain;
        self
    }

    /// The random deals the run examines at most, as the command knows it before compiling:
    /// `-g`'s count, or `None` for the script's own `generate`. A run of at most
    /// [`crate::compile::SHORT_RUN`] deals is compiled as `--plain` compiles (no tables, no
    /// ordering of the condition measured on a sample, no superinstructions), which would cost
    /// more than they save; the output is the same.
    #[doc(hidden)]
    pub fn run_generate(mut self, generate: Option<u64>) -> ScriptBuilder {
        self.run_generate = Some(generate);
        self
    }

    /// How the script is read and evaluated: dealvm's way, or classic Dealer's (the command's
    /// `--classic`, `--classic=exe`).
    #[doc(hidden)]
    pub fn dialect(mut self, dialect: Dialect) -> ScriptBuilder {
        self.dialect = dialect;
        self
    }

    /// The evaluation switches `-M`, `-P`, `-O` and the output tables, for the command.
    #[doc(hidden)]
    pub fn dd_switches(mut self, dd: DdSwitches) -> ScriptBuilder {
        self.dd = dd;
        self
    }

    /// Compiles `text`.
    pub fn compile(&self, text: &str) -> Result<Script, Error> {
        self.compile_source(Source::new(self.name.clone(), text))
    }

    /// Reads the file at `path` (UTF-8 text, at most 16 MB) and compiles it, named by its path.
    ///
    /// ```
    /// let script = dealvm::Script::builder().open("examples/1nt-opener.dli")?;
    /// assert_eq!(script.name(), "examples/1nt-opener.dli");
    /// # Ok::<(), dealvm::Error>(())
    /// ```
    pub fn open(&self, path: impl AsRef<Path>) -> Result<Script, Error> {
        let path = path.as_ref();
        let name = path.display().to_string();
        let refuse = |why: String| Error::plain(format!("cannot read the input file `{name}`: {why}"));
        let reason = |e: std::io::Error| refuse(crate::files::reason(&e));
        let mut bytes = Vec::new();
        std::fs::File::open(path).and_then(|f| f.take(SCRIPT_LIMIT + 1).read_to_end(&mut bytes)).map_err(reason)?;
        if bytes.len() as u64 > SCRIPT_LIMIT {
            return Err(refuse("it holds more than 16 MB, more than any Dealer input file".into()));
        }
        let text = String::from_utf8(bytes).map_err(|_| refuse("it is not UTF-8 text; save the file as UTF-8".into()))?;
        self.compile_source(Source::new(name, text))
    }

    /// Compiles `source`, its text already read: how the command compiles its input.
    #[doc(hidden)]
    pub fn compile_source(&self, source: Source) -> Result<Script, Error> {
        let in_source = |d: Diagnostic| Error::from_diagnostic(&d, Some(&source));
        let mut command_line = Vec::new();
        for (seat, text, switch) in &self.predeal {
            let predeal = crate::compile::predeal::parse_holdings(switch, *seat, text).map_err(in_source)?;
            command_line.push(predeal);
        }
        let compiled = compile_with_room(&source, &command_line, self).map_err(in_source)?;
        Ok(Script { compiled, source, exposed: self.exposed.clone() })
    }
}

/// Parses and compiles `source`: on this thread when its expressions, followed through the
/// variables, nest at most [`SHALLOW`] levels and this thread's stack may grow to
/// [`MAIN_STACK`] (most scripts: no thread to start and wait for), else on a thread with room
/// for deeply nested expressions.
fn compile_with_room(source: &Source, command_line: &[CommandLinePredeal], b: &ScriptBuilder) -> Result<Compiled, Diagnostic> {
    let classic = b.dialect != Dialect::DealVm;
    let request = Request { command_line, script: &b.vars, dd: &b.dd, plain: b.plain, run_generate: b.run_generate, exposed: &b.exposed, classic };
    if room_here() {
        let arena = bumpalo::Bump::new();
        let statements = parse_as(b.dialect, &arena, &source.text, &b.vars)?;
        if depth_through_variables(&statements).is_some_and(|d| d <= SHALLOW) {
            return compile(source, &statements, &request);
        }
    }
    let work = || {
        let arena = bumpalo::Bump::new();
        let statements = parse_as(b.dialect, &arena, &source.text, &b.vars)?;
        compile(source, &statements, &request)
    };
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new().name("compiler".into()).stack_size(COMPILER_STACK);
        match thread.spawn_scoped(scope, work) {
            Ok(handle) => handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(_) => work(),
        }
    })
}

/// The statements of `text`, read in `dialect`.
fn parse_as<'a>(dialect: Dialect, arena: &'a bumpalo::Bump, text: &'a str, vars: &'a ScriptVars) -> Result<Vec<Statement<'a>>, Diagnostic> {
    match dialect {
        Dialect::DealVm => parse_file(arena, text, vars),
        Dialect::Classic => parse_file_classic(arena, text, vars),
        // dealer.exe groups the operators otherwise.
        Dialect::ClassicExe => {
            let statements = parse_file_classic(arena, text, vars)?;
            Ok(crate::front::exe::exe_precedence(arena, text, &statements))
        }
    }
}

/// How a script is read and evaluated.
#[doc(hidden)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// dealvm's language: Dealer's, with DealerV2's additions.
    DealVm,
    /// Debian's `/usr/games/dealer` (`--classic`): DealerV2's words are names, and the program
    /// evaluates as classic Dealer does.
    Classic,
    /// The Windows `dealer.exe` (`--classic=exe`): as [`Dialect::Classic`], with its grouping
    /// of the operators.
    ClassicExe,
}

/// Whether this is the process's first thread, whose stack the stack limit governs (the
/// command starts without Rust's `main`, which would have named it "main").
#[cfg(unix)]
fn on_main_thread() -> bool {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: neither call has arguments or fails.
        unsafe { libc::gettid() == libc::getpid() }
    }
    #[cfg(not(target_os = "linux"))]
    {
        std::thread::current().name() == Some("main")
    }
}

/// Whether the calling thread may compile a script of [`SHALLOW`] levels: it is the main
/// thread, whose stack grows to its limit, and that limit is [`MAIN_STACK`] or more.
fn room_here() -> bool {
    #[cfg(unix)]
    {
        let main = on_main_thread();
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit writes the structure it is given.
        let read = unsafe { libc::getrlimit(libc::RLIMIT_STACK, &mut limit) } == 0;
        main && read && (limit.rlim_cur == libc::RLIM_INFINITY || limit.rlim_cur >= MAIN_STACK as libc::rlim_t)
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// Why a script could not be compiled or run: the message the command prints, with the
/// place in the script it points at, when it points at one.
///
/// ```
/// let error = dealvm::Script::new("condition hcp(nort) > 10").err().unwrap();
/// assert!(error.message().contains("nort"));
/// assert_eq!(error.line(), Some(1));
/// // Displayed, it is the command's message, with the line and a caret under the place.
/// assert!(error.to_string().contains("--> script:1:"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    message: String,
    place: Option<(usize, usize)>,
    shown: String,
}

impl Error {
    /// The message alone, without the place.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The line (from 1) of the script the error points at.
    pub fn line(&self) -> Option<usize> {
        self.place.map(|(line, _)| line)
    }

    /// The column (from 1, in characters) of the script the error points at.
    pub fn column(&self) -> Option<usize> {
        self.place.map(|(_, column)| column)
    }

    /// An error at no place.
    pub(crate) fn plain(message: String) -> Error {
        let shown = Diagnostic::error(message.clone()).render(None);
        Error { message, place: None, shown }
    }

    /// The error of `d`, placed in `source` (or in the text the diagnostic carries).
    pub(crate) fn from_diagnostic(d: &Diagnostic, source: Option<&Source>) -> Error {
        let file = d.source.as_deref().or(source);
        let place = d.span.zip(file).map(|(span, file)| file.line_col(span.start));
        Error { message: d.message.clone(), place, shown: d.render(source) }
    }
}

impl fmt::Display for Error {
    /// The message as the command prints it on standard error (ending in a newline).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown)
    }
}

impl std::error::Error for Error {}
