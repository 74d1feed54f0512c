//! Running a [`Script`]: where its deals come from ([`Deals`]), how many and on how many
//! threads ([`Run`]), and what comes out ([`Produced`] deals, [`Results`]).

use super::script::{Error, Script};
use super::statistics::{self, Statistic};
use crate::compile::{Compiled, Settings};
pub use crate::run::interrupt::Stop;
use crate::run::{DealAt, Limits, NewUserEval, Outcome, Receiver, RunError, Shard};
use crate::source::exact::{choose, Choice, Inputs};
use crate::source::{self, GivenDeals};
use dealvm_vm::card::Deal;
use dealvm_vm::dealing::board::Board;
use dealvm_vm::evaluation::dd::SolveCounts;
use dealvm_vm::evaluation::stats::Tallies;
use dealvm_vm::machine::batch::{Swap, MAX_DEALS};
use dealvm_vm::machine::interp::Fault;
use std::io::{self, Write};
use std::path::Path;
use std::time::{Duration, Instant};

/// The most bytes [`Deals::file`] reads: 512 MB.
const DEALS_LIMIT: u64 = 512 << 20;

/// The deals a run examines: random (the default, around the script's predeal), the boards
/// of a file, or deals you give.
///
/// ```
/// use dealvm::{deal_from_pbn, Deals, Script};
/// let deal = deal_from_pbn("N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32")?;
/// let deals = vec![deal; 10];
/// let script = Script::new("condition hcp(north) == 37\naction average hcp(south)")?;
/// let results = script.run().deals(Deals::from_deals(deals)).statistics()?;
/// assert_eq!((results.generated, results.produced), (10, 10));
/// # Ok::<(), dealvm::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Deals {
    /// `None`: random deals around the script's predeal.
    given: Option<source::Deals>,
    /// The title of the file the deals come from.
    title: Option<String>,
    /// The warnings of what the file's reader passed over.
    warnings: Vec<String>,
}

impl Deals {
    /// Random deals, around the cards and suit lengths the script predeals.
    pub fn random() -> Deals {
        Deals::default()
    }

    /// The boards of a board file (the command's `--deals`): PBN, DLM, zrd, DL52, DUP, BRI,
    /// DGE, LIN, Big Deal's CSV, BER, BHG, RZD, CDS or GOE, told apart by their content, else
    /// by the file's extension.
    ///
    /// ```
    /// let error = dealvm::Deals::file("no/such/file.pbn").err().unwrap();
    /// assert!(error.message().starts_with("cannot read the deals file `no/such/file.pbn`"));
    /// ```
    pub fn file(path: impl AsRef<Path>) -> Result<Deals, Error> {
        Deals::read_file(path.as_ref(), None)
    }

    /// The boards of a board file as [`Deals::file`] reads them, but for a file without board
    /// numbers (BHG, GOE, BRI, DGE, ...), whose boards are then `first_board`,
    /// `first_board + 1`, ...: a BHG file, whose hands start from each board's dealer, is read
    /// from the dealers of those boards (a Big Deal BHG file of boards 11 to 20 read from board
    /// 1 would have every hand turned). A file with board numbers keeps its own.
    ///
    /// ```
    /// // A BHG file of one board: the dealer holds the spades, the next hand the hearts, ...
    /// let bhg = "\nABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz\n";
    /// let board_one = dealvm::Deals::from_bytes("one.bhg", bhg.into())?;
    /// assert!(board_one.warnings()[0].contains("holds no board numbers"));
    /// let board_two = dealvm::Deals::bytes_from_board("one.bhg", bhg.into(), 2)?;
    /// assert!(board_two.warnings().is_empty());
    /// # Ok::<(), dealvm::Error>(())
    /// ```
    pub fn file_from_board(path: impl AsRef<Path>, first_board: u64) -> Result<Deals, Error> {
        Deals::read_file(path.as_ref(), Some(first_board))
    }

    fn read_file(path: &Path, first_board: Option<u64>) -> Result<Deals, Error> {
        let name = path.display().to_string();
        let refuse = |why: String| Error::plain(format!("cannot read the deals file `{name}`: {why}"));
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| io::Read::read_to_end(&mut io::Read::take(f, DEALS_LIMIT + 1), &mut bytes))
            .map_err(|e| refuse(crate::files::reason(&e)))?;
        if bytes.len() as u64 > DEALS_LIMIT {
            return Err(refuse("it holds more than 512 MB".into()));
        }
        Deals::read_bytes(&name, bytes, first_board)
    }

    /// The boards of a board file already read (any format of [`Deals::file`]), named `name`
    /// in messages (its extension tells the format the content does not).
    pub fn from_bytes(name: &str, bytes: Vec<u8>) -> Result<Deals, Error> {
        Deals::read_bytes(name, bytes, None)
    }

    /// The boards of a board file already read, as [`Deals::from_bytes`] reads them, from
    /// board `first_board` for a file without board numbers ([`Deals::file_from_board`]).
    pub fn bytes_from_board(name: &str, bytes: Vec<u8>, first_board: u64) -> Result<Deals, Error> {
        Deals::read_bytes(name, bytes, Some(first_board))
    }

    fn read_bytes(name: &str, bytes: Vec<u8>, first_board: Option<u64>) -> Result<Deals, Error> {
        let read = source::Deals::from_file(name, bytes, first_board).map_err(|d| Error::from_diagnostic(&d, None))?;
        let mut warnings: Vec<String> = read.warnings.iter().map(|w| w.render_warning(None)).collect();
        if let Some(boards) = read.unnumbered {
            let note =
                "a BHG file of boards from another number (11 to 20, say) has its hands turned so: give its first board (Deals::file_from_board)";
            warnings.insert(0, source::unnumbered(name, boards).with_note(note).render_warning(None));
        }
        Ok(Deals { given: Some(read.deals), title: read.title, warnings })
    }

    /// The deals of `deals`, in order, as boards numbered from 1: a produced deal's
    /// `board.number` is its place in the list, so the deals that met the condition are
    /// known. The deals are gathered first (threads take them by their places).
    pub fn from_deals(deals: impl IntoIterator<Item = Deal>) -> Deals {
        let boards = deals.into_iter().enumerate().map(|(i, deal)| Board::new(i as u64 + 1, deal)).collect();
        Deals { given: Some(source::Deals::Boards(GivenDeals::new(boards))), title: None, warnings: Vec::new() }
    }

    /// The boards of `boards`, in order, with their numbers, dealers and vulnerabilities.
    pub fn from_boards(boards: Vec<Board>) -> Deals {
        Deals { given: Some(source::Deals::Boards(GivenDeals::new(boards))), title: None, warnings: Vec::new() }
    }

    /// The deals the command chose (the file's, the library's, the exact dealer's), for the
    /// command.
    #[doc(hidden)]
    pub fn chosen(deals: source::Deals) -> Deals {
        Deals { given: Some(deals), title: None, warnings: Vec::new() }
    }

    /// The title of the file the deals come from (a PBN file's `Event`, a DLM file's
    /// `Headline`, a zrd file's title), when it has one.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The warnings about the file the deals come from, each as the command prints it on
    /// standard error: what its reader passed over without losing a board (a PBN tag it could
    /// not read, one warning per kind).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// How many deals the file or list holds; `None` for random deals.
    pub fn len(&self) -> Option<u64> {
        self.given.as_ref().and_then(source::Deals::available)
    }

    /// Whether the file or list holds no deal (random deals never run out).
    pub fn is_empty(&self) -> bool {
        self.len() == Some(0)
    }
}

/// A run of a script being set up: say how many deals, from where, on how many threads, then
/// [`Run::statistics`], [`Run::collect`] or [`Run::for_each`].
///
/// Unset, each limit is the script's (`generate`, `produce`, `seed`) or else Dealer's
/// default: 10,000,000 deals generated (every deal of a file), all that meet the condition
/// produced, or 40 when an action prints each deal. The same seed gives the same deals and
/// results on any number of threads. The actions that print each deal (`printall`,
/// `printoneline`, ...) print nothing here: the deals come back as data instead.
///
/// ```
/// let script = dealvm::Script::new("condition hcp(north) >= 20\naction average hcp(south)")?;
/// let results = script.run().seed(1).generate(100_000).threads(2).statistics()?;
/// assert_eq!(results.generated, 100_000);
/// assert!(results.produced > 100 && results.produced < 2000);
/// # Ok::<(), dealvm::Error>(())
/// ```
#[derive(Clone)]
pub struct Run<'s> {
    script: &'s Script,
    seed: Option<u64>,
    generate: Option<u64>,
    produce: Option<u64>,
    threads: usize,
    deals: Deals,
    swap: Swap,
    first_board: Option<u64>,
    progress: bool,
    usereval: Option<NewUserEval>,
    shard: Option<Shard>,
    never: bool,
    exact: bool,
    whole: bool,
    /// The run's own stop, and the time it may take from its start.
    stop: Stop,
    time_limit: Option<Duration>,
    /// The deals the command chose, over [`Run::deals`].
    chosen: Option<&'s source::Deals>,
}

impl Script {
    /// A run of the script: random deals, one thread, the script's limits.
    pub fn run(&self) -> Run<'_> {
        Run {
            script: self,
            seed: None,
            generate: None,
            produce: None,
            threads: 1,
            deals: Deals::random(),
            swap: Swap::None,
            first_board: None,
            progress: false,
            usereval: None,
            shard: None,
            never: self.compiled.never,
            exact: true,
            whole: false,
            stop: Stop::new(),
            time_limit: None,
            chosen: None,
        }
    }
}

impl<'s> Run<'s> {
    /// The seed of the random deals (0: one chosen, given back in [`Results::seed`]).
    pub fn seed(mut self, seed: u64) -> Run<'s> {
        self.seed = Some(seed);
        self
    }

    /// Examine at most `n` deals.
    pub fn generate(mut self, n: u64) -> Run<'s> {
        self.generate = Some(n);
        self
    }

    /// Stop after `n` deals meet the condition.
    pub fn produce(mut self, n: u64) -> Run<'s> {
        self.produce = Some(n);
        self
    }

    /// Deal on `n` threads: the results are the same on any number. `0`: one thread per core
    /// this process may use (the system is asked only when the run has work for more than one).
    pub fn threads(mut self, n: usize) -> Run<'s> {
        self.threads = n;
        self
    }

    /// Where the deals come from.
    pub fn deals(mut self, deals: Deals) -> Run<'s> {
        self.deals = deals;
        self
    }

    /// Deal every hand of every deal before the condition is tested (`true`), rather than
    /// the hands the condition reads first, the others only when it reads them or for the
    /// deals produced (the default). The deals are drawn from the same streams, so the
    /// results are the same, more slowly: the reference that dealing less is checked
    /// against. A run that counting proved can produce nothing is dealt all the same. With
    /// [`ScriptBuilder::plain`](super::script::ScriptBuilder::plain), the command's
    /// `--reference`.
    ///
    /// ```
    /// let script = dealvm::Script::new("a = hcp(north) > 9\ncondition spades(south) > 4 and a or hearts(south) > 4 and a\nproduce 20")?;
    /// let fast = script.run().seed(3).collect()?;
    /// let whole = script.run().seed(3).whole_deals(true).collect()?;
    /// assert_eq!(fast.deals, whole.deals);
    /// # Ok::<(), dealvm::Error>(())
    /// ```
    pub fn whole_deals(mut self, whole: bool) -> Run<'s> {
        self.whole = whole;
        self
    }

    /// Deal every deal at random and test the condition, as Dealer does (`true`, the
    /// command's `--rejection`), even when the condition's terms on single seats are rare
    /// enough for exact dealing (the default: only deals that meet them are dealt, each
    /// standing for the random deals up to it, so the counts and statistics have the same law).
    ///
    /// ```
    /// // North's 26 points or more: one deal in about 5,150.
    /// let script = dealvm::Script::new("condition hcp(north) >= 26\nproduce 100\naction average hcp(south)")?;
    /// let exact = script.run().seed(1).statistics()?;
    /// let rejection = script.run().seed(1).rejection(true).statistics()?;
    /// // 100 deals each way, not the same ones: the random deals examined to find them
    /// // (dealt, or stood for by the deals dealt exactly) have the same law.
    /// assert_eq!((exact.produced, rejection.produced), (100, 100));
    /// assert!((300_000..900_000).contains(&exact.generated) && (300_000..900_000).contains(&rejection.generated));
    /// # Ok::<(), dealvm::Error>(())
    /// ```
    pub fn rejection(mut self, rejection: bool) -> Run<'s> {
        self.exact = !rejection;
        self
    }

    /// Stop the run when `stop` is asked for (from another thread) or its deadline passes, as
    /// Ctrl-C stops the command: after the piece of a batch being delivered, the deals and
    /// statistics so far kept, [`Results::interrupted`] set. Only this run stops.
    ///
    /// ```
    /// let script = dealvm::Script::new("condition hcp(north) >= 10\naction average hcp(south)")?;
    /// let stop = dealvm::Stop::new();
    /// stop.request();
    /// let results = script.run().seed(1).generate(1_000_000).stop(&stop).statistics()?;
    /// assert!(results.interrupted && results.generated < 1_000_000);
    /// # Ok::<(), dealvm::Error>(())
    /// ```
    pub fn stop(mut self, stop: &Stop) -> Run<'s> {
        self.stop = stop.clone();
        self
    }

    /// Stop the run once it has dealt for `limit` (counted from its start), as
    /// [`Run::stop`] stops it.
    ///
    /// ```
    /// use std::time::Duration;
    /// let script = dealvm::Script::new("condition hcp(north) >= 10\naction average hcp(south)")?;
    /// let results = script.run().seed(1).generate(1 << 40).time_limit(Duration::from_millis(50)).statistics()?;
    /// assert!(results.interrupted && results.generated > 0);
    /// # Ok::<(), dealvm::Error>(())
    /// ```
    pub fn time_limit(mut self, limit: Duration) -> Run<'s> {
        self.time_limit = Some(limit);
        self
    }

    /// Swapping (`-x 2`, `-x 3`), for the command.
    #[doc(hidden)]
    pub fn swap(mut self, swap: Swap) -> Run<'s> {
        self.swap = swap;
        self
    }

    /// The number of the first board (else from 1, or a file's own numbers), for the command.
    #[doc(hidden)]
    pub fn first_board(mut self, first: Option<u64>) -> Run<'s> {
        self.first_board = first;
        self
    }

    /// `-m`: progress on standard error, for the command.
    #[doc(hidden)]
    pub fn progress(mut self, progress: bool) -> Run<'s> {
        self.progress = progress;
        self
    }

    /// The `usereval` server of each thread, for the command.
    #[doc(hidden)]
    pub fn usereval(mut self, server: Option<NewUserEval>) -> Run<'s> {
        self.usereval = server;
        self
    }

    /// Only one shard's batches (`--shard K/N`), for the command.
    #[doc(hidden)]
    pub fn shard(mut self, shard: Option<Shard>) -> Run<'s> {
        self.shard = shard;
        self
    }

    /// The deals the command chose (of a file, the library, the exact dealer, or the
    /// script's own source): no other choice is made here.
    #[doc(hidden)]
    pub fn chosen(mut self, deals: &'s source::Deals) -> Run<'s> {
        self.chosen = Some(deals);
        self.exact = false;
        self
    }

    /// Deal nothing: counting proved that no deal meets the condition (the command chose).
    #[doc(hidden)]
    pub fn never(mut self, never: bool) -> Run<'s> {
        self.never = never;
        self
    }

    /// Runs, keeping the statistics only.
    pub fn statistics(self) -> Result<Results, Error> {
        let mut collector = Collector::new(self.script, Keep::Nothing);
        self.finish(&mut collector)
    }

    /// Runs, keeping the produced deals with the statistics.
    ///
    /// ```
    /// let script = dealvm::Script::builder().value("nt").compile("nt = hcp(north)\ncondition nt >= 15 && nt <= 17\nproduce 5")?;
    /// let results = script.run().seed(3).collect()?;
    /// assert_eq!(results.deals.len(), 5);
    /// assert!(results.deals.iter().all(|d| (15..=17).contains(&d.value("nt").unwrap())));
    /// # Ok::<(), dealvm::Error>(())
    /// ```
    pub fn collect(self) -> Result<Results, Error> {
        let mut collector = Collector::new(self.script, Keep::Deals(Vec::new()));
        let mut results = self.finish(&mut collector)?;
        if let Keep::Deals(deals) = collector.keep {
            results.deals = deals;
        }
        Ok(results)
    }

    /// Runs, handing each produced deal to `f` in order as it comes.
    ///
    /// ```
    /// let script = dealvm::Script::new("condition shape(north, any 4333)\nproduce 3")?;
    /// let mut boards = Vec::new();
    /// script.run().seed(9).for_each(|deal| boards.push(deal.number))?;
    /// assert_eq!(boards, [1, 2, 3]);
    /// # Ok::<(), dealvm::Error>(())
    /// ```
    pub fn for_each(self, f: impl FnMut(&Produced)) -> Result<Results, Error> {
        let mut collector = Collector::new(self.script, Keep::Each(Box::new(f)));
        self.finish(&mut collector)
    }

    /// Runs, handing the produced deals to `receiver` and its output to `out`: the command's
    /// run, with its actions.
    #[doc(hidden)]
    pub fn deliver(&self, receiver: &mut dyn Receiver, out: &mut dyn Write) -> Result<(Outcome, u64), RunError> {
        let compiled = &self.script.compiled;
        let settings = &compiled.settings;
        let given = self.chosen.or(self.deals.given.as_ref());
        let available = given.and_then(source::Deals::available);
        let copies = self.swap.permutations().len() as u64;
        let (generate, produce) = dealer_limits(settings, self.generate, self.produce, compiled.prints_deals, available, copies);
        let seed = match self.seed.or(settings.seed).unwrap_or(0) {
            0 => crate::run::job::os_seed(),
            seed => seed,
        };
        let (chosen, never) = self.dealing(generate, produce);
        // The reference deals even a run that counting or folding proved can produce nothing:
        // the proof is a shortcut it checks.
        let never = never && !self.whole;
        let deals = chosen.as_ref().or(given).unwrap_or(&compiled.deals);
        // Boards numbered by the run leave their file's dealer and vulnerability behind.
        let renumbered = self.first_board.and_then(|_| deals.without_placing());
        let deals = renumbered.as_ref().unwrap_or(deals);
        let partial = deals.reading(&compiled.program, &compiled.tables, receiver.needs_deals(), self.swap);
        let deals = partial.as_ref().unwrap_or(deals);
        let limits = Limits {
            generate,
            produce,
            seed,
            threads: self.threads,
            swap: self.swap,
            progress: self.progress,
            new_solver: Some(dealvm_dd::search::Search::boxed),
            new_usereval: self.usereval.clone(),
            shard: self.shard,
            never,
            whole: self.whole,
            stop: match self.time_limit {
                Some(limit) => self.stop.clone().with_deadline(Instant::now() + limit),
                None => self.stop.clone(),
            },
        };
        crate::run::run(compiled, deals, self.first_board, &limits, receiver, out).map(|outcome| (outcome, seed))
    }

    /// For random deals chosen here (not by the command): the exact dealer when the
    /// condition's rare terms call for it, and whether no deal can meet the condition.
    fn dealing(&self, generate: u64, produce: u64) -> (Option<source::Deals>, bool) {
        if self.deals.given.is_some() || !self.exact || self.never {
            return (None, self.never);
        }
        let choice = choose_dealing(&self.script.compiled, self.swap, (generate, produce), false, false);
        let never = choice.impossible.is_some();
        (choice.exact.map(|d| source::Deals::Exact(Box::new(d))), never)
    }

    /// The library's run: deals delivered to `collector`, the results or the error.
    fn finish(mut self, collector: &mut Collector<'_>) -> Result<Results, Error> {
        let script = self.script;
        if self.usereval.is_none() {
            if let Some(span) = script.compiled.query_spans.first().filter(|_| script.compiled.program.uses_usereval()) {
                let d = crate::diag::Diagnostic::at(*span, "`usereval` needs a server, which the library does not start yet")
                    .with_note("run the script with the dealvm command and -U PATH");
                return Err(Error::from_diagnostic(&d, Some(&script.source)));
            }
        }
        if script.compiled.studies_leads() && self.deals.given.is_some() {
            return Err(Error::plain(
                "evalleads studies the leads of a hand predealt whole, and the deals of a file or a list are not dealt around the predeal: run it over random deals"
                    .to_string(),
            ));
        }
        self.exact = self.exact && self.shard.is_none();
        for (what, n) in [("generate", self.generate), ("produce", self.produce), ("the first board", self.first_board)] {
            if n.is_some_and(|n| n > MAX_DEALS) {
                return Err(Error::plain(format!("{what} takes at most {MAX_DEALS} (2^62)")));
            }
        }
        let (outcome, seed) = self.deliver(collector, &mut io::sink()).map_err(|e| run_error(script, e))?;
        Ok(Results {
            generated: outcome.generated,
            produced: outcome.produced,
            seed,
            interrupted: outcome.interrupted,
            statistics: statistics::of_actions(&script.compiled.actions, &collector.tallies),
            deals: Vec::new(),
        })
    }
}

/// Dealer's limits of a run, `(generate, produce)`: each the one asked for, else the script's,
/// else Dealer's default: 10,000,000 deals examined (every deal of a file of `available`
/// deals, each with its `copies` swapped copies), and all those that meet the condition
/// produced, or 40 when each deal is printed (`prints`) and the deals are random. A file's
/// deals bound `generate`; `generate` bounds `produce`.
#[doc(hidden)]
pub fn dealer_limits(
    settings: &Settings,
    generate: Option<u64>,
    produce: Option<u64>,
    prints: bool,
    available: Option<u64>,
    copies: u64,
) -> (u64, u64) {
    let asked = generate.or(settings.generate).unwrap_or(if available.is_some() { u64::MAX } else { 10_000_000 });
    let produce = produce.or(settings.produce).unwrap_or(if prints && available.is_none() { 40 } else { asked });
    let generate = available.map_or(asked, |n| asked.min(n.saturating_mul(copies)));
    (generate, produce.min(generate))
}

/// How to deal random deals for `compiled` in a run of `(generate, produce)` deals at most:
/// exactly, when the condition's terms on single seats are rare and counting them costs a
/// small part of what the run would spend dealing every deal (never with `rejection`), else
/// every deal; and whether counting proves that no deal meets the condition. `explain`: the
/// choice's line is shown, with the share it names measured whole (see
/// `source::exact::Inputs`).
#[doc(hidden)]
pub fn choose_dealing(compiled: &Compiled, swap: Swap, (generate, produce): (u64, u64), rejection: bool, explain: bool) -> Choice {
    choose(&Inputs {
        fixed: compiled.predeal,
        lengths: &compiled.lengths,
        rules: &compiled.rules.seats,
        terms: &compiled.rules.terms,
        values: &compiled.rules.values,
        uncounted: &compiled.rules.uncounted,
        moved: swap.moved_seats(),
        rejection,
        generate,
        produce,
        explain,
    })
}

/// A run's error as a message: a division by zero shown in the script.
fn run_error(script: &Script, e: RunError) -> Error {
    match e {
        RunError::Io(e) => Error::plain(crate::files::reason(&e)),
        RunError::Fault { fault: Fault::DivisionByZero { site, remainder }, deal, .. } => {
            let d = division_by_zero(&script.compiled, site as usize, remainder, format!("it happened on deal number {deal}"));
            Error::from_diagnostic(&d, Some(&script.source))
        }
        RunError::Fault { fault, deal, .. } => Error::plain(format!("the run failed on deal number {deal}: {fault:?}")),
    }
}

/// The message of a division by zero (or of the remainder of one) at division site `site` of
/// the compiled script, pointing at it, with `note` saying on which deal.
#[doc(hidden)]
pub fn division_by_zero(compiled: &Compiled, site: usize, remainder: bool, note: String) -> crate::diag::Diagnostic {
    let what = if remainder { "remainder of a division by zero" } else { "division by zero" };
    let text = &compiled.program.sites[site];
    crate::diag::Diagnostic::at(compiled.site_spans[site], format!("{what} in {text}")).with_label("the divisor is 0").with_note(note)
}

/// A deal written as PBN's `Deal` tag writes it: the first hand's seat, then the four hands
/// clockwise, each as its spades, hearts, diamonds and clubs separated by dots.
///
/// ```
/// let deal = dealvm::deal_from_pbn("N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32")?;
/// assert_eq!(deal.hand(dealvm::Seat::North).count(), 13);
/// assert!(dealvm::deal_from_pbn("N:AKQ").is_err());
/// # Ok::<(), dealvm::Error>(())
/// ```
pub fn deal_from_pbn(text: &str) -> Result<Deal, Error> {
    crate::formats::pbn::parse_deal(text).map_err(|(_, _, why)| Error::plain(format!("not a deal: {why}")))
}

/// A deal that met the condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Produced {
    /// Its number among the produced deals, from 1.
    pub number: u64,
    /// The board: the deal, its number, and the dealer, vulnerability and double-dummy
    /// results when its file gives them.
    pub board: Board,
    names: std::sync::Arc<[String]>,
    values: Vec<i32>,
}

impl Produced {
    /// The value on this deal of the variable `name` asked for with
    /// [`crate::ScriptBuilder::value`].
    pub fn value(&self, name: &str) -> Option<i32> {
        self.names.iter().position(|n| n == name).map(|i| self.values[i])
    }

    /// The values of the variables asked for, in the order asked.
    pub fn values(&self) -> &[i32] {
        &self.values
    }
}

/// What a run gives back: its counts, its seed, the figures of its statistics actions, and
/// (from [`Run::collect`]) the produced deals.
#[derive(Clone, Debug, PartialEq)]
pub struct Results {
    /// Deals examined (Dealer's `Generated`).
    pub generated: u64,
    /// Deals that met the condition (Dealer's `Produced`).
    pub produced: u64,
    /// The seed of the run (the one chosen, when none was given).
    pub seed: u64,
    /// Whether the run was stopped ([`Run::stop`], [`Run::time_limit`]) before its limits:
    /// the figures count the deals delivered until then.
    pub interrupted: bool,
    /// The figures of the `average`, `frequency`, `bktfreq` and `evalcontract` actions, in
    /// the order of the actions.
    pub statistics: Vec<Statistic>,
    /// The produced deals, from [`Run::collect`]; empty otherwise.
    pub deals: Vec<Produced>,
}

/// What the library keeps of each produced deal.
enum Keep<'f> {
    Nothing,
    Deals(Vec<Produced>),
    Each(Box<dyn FnMut(&Produced) + 'f>),
}

/// The library's receiver: the statistics, and the produced deals as [`Keep`] says.
struct Collector<'f> {
    tallies: Tallies,
    keep: Keep<'f>,
    /// Where the values asked for start among a deal's values.
    from: usize,
    names: std::sync::Arc<[String]>,
}

impl<'f> Collector<'f> {
    fn new(script: &Script, keep: Keep<'f>) -> Collector<'f> {
        let compiled = &script.compiled;
        let names = script.exposed.clone().into();
        Collector { tallies: Tallies::new(compiled.tallies.clone()), keep, from: compiled.exposed_from, names }
    }
}

impl Receiver for Collector<'_> {
    fn empty_tallies(&self) -> Tallies {
        self.tallies.for_batch()
    }

    fn per_deal(&self) -> bool {
        !matches!(self.keep, Keep::Nothing)
    }

    fn needs_deals(&self) -> bool {
        self.per_deal()
    }

    fn deal(&mut self, _out: &mut dyn Write, _at: DealAt, number: u64, board: &Board, values: &[i32]) -> io::Result<()> {
        if matches!(self.keep, Keep::Nothing) {
            return Ok(());
        }
        let produced =
            Produced { number, board: board.clone(), names: self.names.clone(), values: values[self.from..self.from + self.names.len()].to_vec() };
        match &mut self.keep {
            Keep::Nothing => {}
            Keep::Deals(deals) => deals.push(produced),
            Keep::Each(f) => f(&produced),
        }
        Ok(())
    }

    fn piece(&mut self, _batch: u64, tallies: &Tallies, _solves: &SolveCounts) {
        self.tallies.merge(tallies);
    }
}
