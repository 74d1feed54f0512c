//! Double dummy: trick tables, par results, the [`Solver`] trait a solver implements, and the
//! per-deal cache ([`DdCache`]) through which the interpreter asks for tricks and par.
//!
//! The engine solves nothing itself: a program embedding it gives each [`crate::machine::interp::Machine`]
//! a solver (dealvm gives DDS, from its `dd` crate). The cache makes sure that whatever a deal
//! is asked twice is solved once, and chooses per deal between single solves and one whole
//! table, as the compiler decided ([`DdMode`]). A deal read from a file of solved deals comes
//! with its table, and nothing is solved for it.

use crate::card::{Card, Deal, Seat, Suit, Vulnerability};
use crate::evaluation::score::Strain;
use std::fmt;

/// The strains in the order of a table's rows: clubs, diamonds, hearts, spades, notrump.
pub const STRAINS: [Strain; 5] = [Strain::Clubs, Strain::Diamonds, Strain::Hearts, Strain::Spades, Strain::NoTrump];

/// The tricks the defenders take after each opening lead of one deal ([`Solver::leads`]): for
/// each card the leader holds, the most the defenders take when that card is led and all four
/// play their best after it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Leads {
    /// By card position ([`Card::position`]); [`Leads::NOT_HELD`] for the other cards.
    tricks: [u8; 64],
}

impl Default for Leads {
    fn default() -> Self {
        Leads { tricks: [Leads::NOT_HELD; 64] }
    }
}

impl Leads {
    /// The mark of a card the leader does not hold.
    const NOT_HELD: u8 = u8::MAX;

    /// The tricks the defenders take after `card` is led; `None` when the leader does not
    /// hold it.
    #[inline]
    pub fn get(&self, card: Card) -> Option<u8> {
        Some(self.tricks[card.position() as usize]).filter(|&t| t != Leads::NOT_HELD)
    }

    /// Sets the tricks the defenders take after `card` is led.
    #[inline]
    pub fn set(&mut self, card: Card, tricks: u8) {
        debug_assert!(tricks <= 13);
        self.tricks[card.position() as usize] = tricks;
    }

    /// The cards the leader holds, each with the tricks the defenders take after it.
    pub fn cards(&self) -> impl Iterator<Item = (Card, u8)> + '_ {
        Card::all().filter_map(|card| self.get(card).map(|t| (card, t)))
    }
}

/// The tricks each seat takes as declarer in each strain, with best play by all four.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TrickTable {
    /// `tricks[seat][strain]`, seats North, East, South, West, strains as in [`STRAINS`].
    pub tricks: [[u8; 5]; 4],
}

impl TrickTable {
    /// The tricks `declarer` takes in `strain`.
    #[inline]
    pub fn get(&self, declarer: Seat, strain: Strain) -> u8 {
        self.tricks[declarer as usize][strain as usize]
    }

    /// Sets the tricks `declarer` takes in `strain`.
    #[inline]
    pub fn set(&mut self, declarer: Seat, strain: Strain, tricks: u8) {
        self.tricks[declarer as usize][strain as usize] = tricks;
    }

    /// The table of the deal turned `places` seats clockwise: each declarer's tricks go to the
    /// seat `places` on.
    pub fn rotated(&self, places: usize) -> TrickTable {
        TrickTable { tricks: std::array::from_fn(|i| self.tricks[(i + 4 - places % 4) % 4]) }
    }

    /// Whether every count is a trick count (0 to 13).
    pub fn is_valid(&self) -> bool {
        self.tricks.iter().flatten().all(|&t| t <= 13)
    }

    /// Whether every count is zero: no deal has such a table (the ace of trumps takes a trick),
    /// so it is a deal stored unsolved (a zrd record written with `-Z N:`).
    pub fn is_unsolved(&self) -> bool {
        self.tricks.iter().flatten().all(|&t| t == 0)
    }

    /// The first count `deal` cannot have, if any: the declarer and the suit. In a suit
    /// contract the ace of trumps always wins a trick (it is played on some trick, and no card
    /// beats it there), so its holder's side takes at least one trick and the other side at
    /// most twelve, whoever declares.
    pub fn impossible_count(&self, deal: &Deal) -> Option<(Seat, Strain)> {
        for (suit, strain) in Suit::ALL.into_iter().zip(STRAINS) {
            let holder = deal.owner(Card::new(suit, 12))?;
            for declarer in Seat::ALL {
                let t = self.get(declarer, strain);
                let holders_side = declarer.index() % 2 == holder.index() % 2;
                if (holders_side && t == 0) || (!holders_side && t == 13) {
                    return Some((declarer, strain));
                }
            }
        }
        None
    }

    /// The 20 counts in Dealer's order: seats N, E, S, W, each with strains C, D, H, S, NT.
    pub fn counts(&self) -> [u8; 20] {
        let mut out = [0; 20];
        for (i, t) in self.tricks.iter().flatten().enumerate() {
            out[i] = *t;
        }
        out
    }

    /// The table of 20 counts in Dealer's order (see [`TrickTable::counts`]).
    pub fn from_counts(counts: [u8; 20]) -> TrickTable {
        let mut t = TrickTable::default();
        for (i, &c) in counts.iter().enumerate() {
            t.tricks[i / 5][i % 5] = c;
        }
        t
    }
}

/// Who declares a par contract: one seat, or either seat of a side (when both take the same
/// tricks in the strain).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParDeclarer {
    /// One seat.
    Seat(Seat),
    /// Either seat of North-South.
    NorthSouth,
    /// Either seat of East-West.
    EastWest,
}

impl ParDeclarer {
    /// The name DealerV2 prints: `N`, `E`, `S`, `W`, `NS` or `EW`.
    pub fn name(self) -> &'static str {
        match self {
            ParDeclarer::Seat(s) => ["N", "E", "S", "W"][s as usize],
            ParDeclarer::NorthSouth => "NS",
            ParDeclarer::EastWest => "EW",
        }
    }

    fn code(self) -> i32 {
        match self {
            ParDeclarer::Seat(s) => s as i32,
            ParDeclarer::NorthSouth => 4,
            ParDeclarer::EastWest => 5,
        }
    }

    fn from_code(c: i32) -> ParDeclarer {
        match c {
            4 => ParDeclarer::NorthSouth,
            5 => ParDeclarer::EastWest,
            s => ParDeclarer::Seat(Seat::from_index(s as usize)),
        }
    }
}

/// The contract of a par result: level, strain, whether it is a doubled sacrifice, and who
/// declares it. Level 0 is a deal passed out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParContract {
    /// The level, 1..=7, or 0 when the deal is passed out.
    pub level: u8,
    /// The strain.
    pub strain: Strain,
    /// Whether the contract goes down doubled (a sacrifice).
    pub doubled: bool,
    /// Who declares it.
    pub declarer: ParDeclarer,
}

impl ParContract {
    /// The deal passed out.
    pub const PASSED_OUT: ParContract = ParContract { level: 0, strain: Strain::NoTrump, doubled: false, declarer: ParDeclarer::NorthSouth };

    /// The contract packed in one value (for a value slot of a produced deal).
    pub fn encode(self) -> i32 {
        self.level as i32 | (self.strain as i32) << 4 | i32::from(self.doubled) << 7 | self.declarer.code() << 8
    }

    /// The contract and the vulnerability it is par at, packed in one value: [`encode`]'s
    /// bits, the vulnerability's index in [`PAR_VULNERABILITIES`] above them.
    ///
    /// [`encode`]: ParContract::encode
    pub fn encode_at(self, vul: Vulnerability) -> i32 {
        self.encode() | (vul_index(vul) as i32) << 12
    }

    /// The vulnerability of a value of [`ParContract::encode_at`].
    pub fn vulnerability_of(v: i32) -> Vulnerability {
        PAR_VULNERABILITIES[((v >> 12) & 3) as usize]
    }

    /// The contract of [`ParContract::encode`].
    pub fn decode(v: i32) -> ParContract {
        ParContract {
            level: (v & 15) as u8,
            strain: STRAINS[(((v >> 4) & 7) as usize).min(4)],
            doubled: v & 0x80 != 0,
            declarer: ParDeclarer::from_code((v >> 8) & 7),
        }
    }
}

impl fmt::Display for ParContract {
    /// As DealerV2 writes it: ` 3S* by EW`, ` 4H  by N` (level in two places, `*` for a
    /// doubled sacrifice); a deal passed out is ` Pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.level == 0 {
            return write!(f, " Pass");
        }
        let x = if self.doubled { '*' } else { ' ' };
        write!(f, "{:2}{}{} by {}", self.level, self.strain.letter(), x, self.declarer.name())
    }
}

/// The vulnerability of a `par` or `parcontract`: one the program gives (written beside it,
/// `-P`, or the `vulnerable` statement), or the board's own when the deal comes from a board
/// file that gives it (none otherwise).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParVul {
    /// This vulnerability, whatever the board.
    Given(Vulnerability),
    /// The vulnerability of the deal's board, when its file gives one; else none.
    Board,
}

impl ParVul {
    /// As `--dump-bytecode` shows it: `None`, `NS`, `EW`, `All`, or `board`.
    pub fn name(self) -> &'static str {
        match self {
            ParVul::Given(v) => v.pbn(),
            ParVul::Board => "board",
        }
    }
}

/// The par result of a deal at one vulnerability: the score for North-South and the contract.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParResult {
    /// The par score from North-South's side (negative when East-West score).
    pub score: i32,
    /// The par contract.
    pub contract: ParContract,
}

/// The vulnerabilities in DealerV2's order for par: none, NS, EW, both.
pub const PAR_VULNERABILITIES: [Vulnerability; 4] = [Vulnerability::None, Vulnerability::NorthSouth, Vulnerability::EastWest, Vulnerability::All];

/// The index of a vulnerability in [`PAR_VULNERABILITIES`].
pub fn vul_index(v: Vulnerability) -> usize {
    match v {
        Vulnerability::None => 0,
        Vulnerability::NorthSouth => 1,
        Vulnerability::EastWest => 2,
        Vulnerability::All => 3,
    }
}

/// A double-dummy solver, one per thread: it may keep memory (a transposition table) from one
/// solve to the next.
pub trait Solver: Send {
    /// The tricks `declarer` takes in `strain`, the opening lead from declarer's left.
    fn tricks(&mut self, deal: &Deal, declarer: Seat, strain: Strain) -> u8;

    /// Whether `declarer` takes at least `k` tricks (1 to 13) in `strain`: a target search,
    /// often much quicker than counting the tricks.
    fn at_least(&mut self, deal: &Deal, declarer: Seat, strain: Strain, k: u8) -> bool {
        self.tricks(deal, declarer, strain) >= k
    }

    /// The whole table of the deal: 20 results.
    fn table(&mut self, deal: &Deal) -> TrickTable;

    /// The tricks the defenders take after each card `declarer`'s left-hand opponent may lead
    /// in `strain`, with best play by all four after it.
    fn leads(&mut self, deal: &Deal, declarer: Seat, strain: Strain) -> Leads;

    /// The par result of a deal with this table at vulnerability `vul`.
    fn par(&mut self, table: &TrickTable, vul: Vulnerability) -> ParResult;
}

/// How the cache fills a missing count.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum DdMode {
    /// Solve just the declarer and strain asked for (few pairs per deal).
    #[default]
    Single,
    /// Solve the whole table at the first question (par contracts, tables written out, or
    /// many pairs per deal).
    Table,
    /// The program asks for par scores, no par contract, and few counts or none: bounds on
    /// each side's best in each strain are narrowed by target searches until the par score is
    /// settled ([`crate::evaluation::par_search`]), less work than the whole table; counts and
    /// targets are solved as in [`DdMode::Single`], and bound the par search.
    ParScores,
}

/// Counts of the work a cache asked of its solver.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveCounts {
    /// Single solves (one declarer, one strain).
    pub single: u64,
    /// Target searches (does declarer take at least so many tricks?).
    pub targets: u64,
    /// Whole tables.
    pub tables: u64,
    /// Questions answered without solving (cached, or from the deal's file).
    pub cached: u64,
}

impl SolveCounts {
    /// Solves of any kind.
    pub fn solves(&self) -> u64 {
        self.single + self.targets + self.tables
    }

    /// The counts of `self` since `before`.
    pub fn since(&self, before: &SolveCounts) -> SolveCounts {
        SolveCounts {
            single: self.single - before.single,
            targets: self.targets - before.targets,
            tables: self.tables - before.tables,
            cached: self.cached - before.cached,
        }
    }

    /// Adds `other` to these counts.
    pub fn add(&mut self, other: &SolveCounts) {
        self.single += other.single;
        self.targets += other.targets;
        self.tables += other.tables;
        self.cached += other.cached;
    }
}

/// Why a double-dummy question could not be answered.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NoSolver;

/// What one thread knows of the current deal's double-dummy results, and its solver.
pub struct DdCache {
    mode: DdMode,
    pub(super) solver: Option<Box<dyn Solver>>,
    /// Bit `seat * 5 + strain` is set when that count is known.
    known: u32,
    table: TrickTable,
    /// Bit `seat * 5 + strain` is set when bounds on that count are known (from target
    /// searches): `low` to `high` tricks.
    bounded: u32,
    low: [u8; 20],
    high: [u8; 20],
    /// The declarer and strain of the opening leads known on the current deal, and the leads.
    leads_known: Option<(Seat, Strain)>,
    leads: Leads,
    /// Bit `vul` is set when the par at that vulnerability is known.
    par_known: u8,
    par: [ParResult; 4],
    /// The vulnerability of the current deal's board, when its file gives one.
    board_vul: Option<Vulnerability>,
    counts: SolveCounts,
}

/// All 20 counts known.
const ALL_KNOWN: u32 = (1 << 20) - 1;

impl Default for DdCache {
    fn default() -> Self {
        DdCache::new(DdMode::Single)
    }
}

impl DdCache {
    /// An empty cache with no solver, filling misses as `mode` says.
    pub fn new(mode: DdMode) -> DdCache {
        let none = ParResult { score: 0, contract: ParContract::PASSED_OUT };
        DdCache {
            mode,
            solver: None,
            known: 0,
            table: TrickTable::default(),
            bounded: 0,
            low: [0; 20],
            high: [13; 20],
            leads_known: None,
            leads: Leads::default(),
            par_known: 0,
            par: [none; 4],
            board_vul: None,
            counts: SolveCounts::default(),
        }
    }

    /// Sets the vulnerability of the current deal's board, as its file gives it (`None`: no
    /// board file, or none given), for `par` at [`ParVul::Board`].
    #[inline]
    pub fn set_board_vulnerability(&mut self, vul: Option<Vulnerability>) {
        self.board_vul = vul;
    }

    /// The vulnerability `vul` stands for on the current deal.
    #[inline]
    pub fn vulnerability(&self, vul: ParVul) -> Vulnerability {
        match vul {
            ParVul::Given(v) => v,
            ParVul::Board => self.board_vul.unwrap_or(Vulnerability::None),
        }
    }

    /// Gives the cache its solver.
    pub fn set_solver(&mut self, solver: Box<dyn Solver>) {
        self.solver = Some(solver);
    }

    /// Whether the cache has a solver.
    pub fn has_solver(&self) -> bool {
        self.solver.is_some()
    }

    /// Sets how misses are filled.
    pub fn set_mode(&mut self, mode: DdMode) {
        self.mode = mode;
    }

    /// Forgets the previous deal.
    #[inline]
    pub fn next_deal(&mut self) {
        self.known = 0;
        self.bounded = 0;
        self.leads_known = None;
        self.par_known = 0;
    }

    /// Takes the whole table of the current deal as known (read from a file).
    pub fn preload(&mut self, table: &TrickTable) {
        self.table = *table;
        self.known = ALL_KNOWN;
    }

    /// The work done so far.
    pub fn counts(&self) -> SolveCounts {
        self.counts
    }

    /// The tricks the defenders take on `deal` after `card` is led by `declarer`'s left-hand
    /// opponent in `strain`: every lead of the deal is solved at the first question (one
    /// single solve), the others then known.
    ///
    /// # Panics
    /// When the leader does not hold `card`: the compiler asks only of the cards of a hand
    /// predealt whole.
    pub fn lead_tricks(&mut self, deal: &Deal, declarer: Seat, strain: Strain, card: Card) -> Result<u8, NoSolver> {
        if self.leads_known == Some((declarer, strain)) {
            self.counts.cached += 1;
        } else {
            let solver = self.solver.as_mut().ok_or(NoSolver)?;
            self.leads = solver.leads(deal, declarer, strain);
            self.leads_known = Some((declarer, strain));
            self.counts.single += 1;
        }
        Ok(self.leads.get(card).expect("internal error: a lead asked of a card the leader does not hold"))
    }

    /// The tricks `declarer` takes in `strain` on `deal`, solved at the first question.
    pub fn tricks(&mut self, deal: &Deal, declarer: Seat, strain: Strain) -> Result<u8, NoSolver> {
        let bit = 1u32 << (declarer as u32 * 5 + strain as u32);
        if self.known & bit != 0 {
            self.counts.cached += 1;
            return Ok(self.table.get(declarer, strain));
        }
        if self.mode == DdMode::Table {
            return Ok(self.table(deal)?.get(declarer, strain));
        }
        let solver = self.solver.as_mut().ok_or(NoSolver)?;
        let t = solver.tricks(deal, declarer, strain);
        self.table.set(declarer, strain, t);
        self.known |= bit;
        self.counts.single += 1;
        Ok(t)
    }

    /// Whether `declarer` takes at least `k` tricks in `strain` on `deal`: from what is known,
    /// else by a target search (or, in table mode, the table).
    pub fn at_least(&mut self, deal: &Deal, declarer: Seat, strain: Strain, k: i32) -> Result<bool, NoSolver> {
        if k <= 0 {
            return Ok(true);
        }
        if k > 13 {
            return Ok(false);
        }
        let (low, high) = self.bounds(declarer, strain);
        if i32::from(low) >= k || i32::from(high) < k {
            self.counts.cached += 1;
            return Ok(i32::from(low) >= k);
        }
        if self.mode == DdMode::Table {
            return Ok(i32::from(self.tricks(deal, declarer, strain)?) >= k);
        }
        let solver = self.solver.as_mut().ok_or(NoSolver)?;
        let made = solver.at_least(deal, declarer, strain, k as u8);
        self.counts.targets += 1;
        let pair = declarer as usize * 5 + strain as usize;
        (self.low[pair], self.high[pair]) = (low, high);
        self.bounded |= 1 << pair;
        if made {
            self.low[pair] = self.low[pair].max(k as u8);
        } else {
            self.high[pair] = self.high[pair].min(k as u8 - 1);
        }
        Ok(made)
    }

    /// What is known of the tricks `declarer` takes in `strain`: the lowest and the highest
    /// count possible.
    pub(super) fn bounds(&self, declarer: Seat, strain: Strain) -> (u8, u8) {
        let pair = declarer as usize * 5 + strain as usize;
        if self.known & (1 << pair) != 0 {
            let t = self.table.get(declarer, strain);
            (t, t)
        } else if self.bounded & (1 << pair) != 0 {
            (self.low[pair], self.high[pair])
        } else {
            (0, 13)
        }
    }

    /// The whole table of `deal`.
    pub fn table(&mut self, deal: &Deal) -> Result<&TrickTable, NoSolver> {
        if self.known == ALL_KNOWN {
            self.counts.cached += 1;
        } else {
            let solver = self.solver.as_mut().ok_or(NoSolver)?;
            self.table = solver.table(deal);
            self.known = ALL_KNOWN;
            self.counts.tables += 1;
        }
        Ok(&self.table)
    }

    /// The par result of `deal` at vulnerability `vul`. In [`DdMode::ParScores`] (and no
    /// table known), only its score is the deal's: the contract is one of bounds that give
    /// the same score, not necessarily the deal's par contract.
    pub fn par(&mut self, deal: &Deal, vul: Vulnerability) -> Result<ParResult, NoSolver> {
        let v = vul_index(vul);
        if self.par_known & (1 << v) == 0 {
            if self.known != ALL_KNOWN && self.mode == DdMode::ParScores {
                self.par[v] = self.par_by_search(deal, vul)?;
            } else {
                let table = *self.table(deal)?;
                let solver = self.solver.as_mut().ok_or(NoSolver)?;
                self.par[v] = solver.par(&table, vul);
            }
            self.par_known |= 1 << v;
        }
        Ok(self.par[v])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Hand;

    /// A solver whose answers are a function of the question, counting its calls.
    struct Fake {
        calls: std::sync::Arc<std::sync::atomic::AtomicU32>,
    }

    impl Solver for Fake {
        fn tricks(&mut self, _: &Deal, declarer: Seat, strain: Strain) -> u8 {
            self.calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            (declarer as u8 * 3 + strain as u8) % 14
        }
        fn table(&mut self, deal: &Deal) -> TrickTable {
            let mut t = TrickTable::default();
            for s in Seat::ALL {
                for st in STRAINS {
                    t.set(s, st, self.tricks(deal, s, st));
                }
            }
            t
        }
        fn par(&mut self, table: &TrickTable, _: Vulnerability) -> ParResult {
            ParResult { score: table.get(Seat::North, Strain::NoTrump) as i32, contract: ParContract::PASSED_OUT }
        }
        fn leads(&mut self, deal: &Deal, declarer: Seat, strain: Strain) -> Leads {
            self.calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let mut leads = Leads::default();
            for card in deal.hand(declarer.rotate(1)).cards() {
                leads.set(card, (card.rank() + strain as u8) % 14);
            }
            leads
        }
    }

    fn cache(mode: DdMode) -> (DdCache, std::sync::Arc<std::sync::atomic::AtomicU32>) {
        let calls = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(0));
        let mut c = DdCache::new(mode);
        c.set_solver(Box::new(Fake { calls: calls.clone() }));
        (c, calls)
    }

    #[test]
    fn a_question_asked_five_times_is_solved_once() {
        let (mut c, calls) = cache(DdMode::Single);
        let deal = Deal::default();
        for _ in 0..5 {
            assert_eq!(c.tricks(&deal, Seat::South, Strain::NoTrump), Ok(10));
        }
        assert_eq!(calls.load(std::sync::atomic::Ordering::Relaxed), 1);
        assert_eq!(c.counts(), SolveCounts { single: 1, targets: 0, tables: 0, cached: 4 });
        c.next_deal();
        c.tricks(&deal, Seat::South, Strain::NoTrump).unwrap();
        assert_eq!(calls.load(std::sync::atomic::Ordering::Relaxed), 2);
    }

    #[test]
    fn every_lead_of_a_deal_is_solved_at_once() {
        let (mut c, calls) = cache(DdMode::Single);
        let mut deal = Deal::default();
        let (ace, deuce) = (Card::new(Suit::Spades, 12), Card::new(Suit::Hearts, 0));
        deal.hands[Seat::West as usize] = Hand::EMPTY.with(ace).with(deuce);
        // South declares: West leads.
        assert_eq!(c.lead_tricks(&deal, Seat::South, Strain::Spades, ace), Ok(1));
        assert_eq!(c.lead_tricks(&deal, Seat::South, Strain::Spades, deuce), Ok(3));
        assert_eq!(calls.load(std::sync::atomic::Ordering::Relaxed), 1);
        assert_eq!(c.counts(), SolveCounts { single: 1, targets: 0, tables: 0, cached: 1 });
        // Another strain, or the next deal, is solved again.
        assert_eq!(c.lead_tricks(&deal, Seat::South, Strain::Clubs, ace), Ok(12));
        c.next_deal();
        c.lead_tricks(&deal, Seat::South, Strain::Clubs, ace).unwrap();
        assert_eq!(calls.load(std::sync::atomic::Ordering::Relaxed), 3);
        let leads = Fake { calls: calls.clone() }.leads(&deal, Seat::South, Strain::Spades);
        assert_eq!(leads.cards().collect::<Vec<_>>(), [(deuce, 3), (ace, 1)]);
        assert_eq!(leads.get(Card::new(Suit::Clubs, 5)), None);
    }

    #[test]
    fn target_searches_remember_their_bounds() {
        let (mut c, calls) = cache(DdMode::Single);
        let deal = Deal::default();
        // The fake solver gives south (seat 2) in notrump 10 tricks.
        assert_eq!(c.at_least(&deal, Seat::South, Strain::NoTrump, 9), Ok(true));
        assert_eq!(c.at_least(&deal, Seat::South, Strain::NoTrump, 8), Ok(true));
        assert_eq!(c.at_least(&deal, Seat::South, Strain::NoTrump, 11), Ok(false));
        assert_eq!(c.at_least(&deal, Seat::South, Strain::NoTrump, 12), Ok(false));
        assert_eq!(c.at_least(&deal, Seat::South, Strain::NoTrump, 0), Ok(true));
        assert_eq!(c.counts().targets, 2);
        assert_eq!(calls.load(std::sync::atomic::Ordering::Relaxed), 2);
        c.next_deal();
        assert_eq!(c.at_least(&deal, Seat::South, Strain::NoTrump, 12), Ok(false));
        assert_eq!(c.counts().targets, 3);
        // A known count answers.
        c.tricks(&deal, Seat::South, Strain::NoTrump).unwrap();
        assert_eq!(c.at_least(&deal, Seat::South, Strain::NoTrump, 10), Ok(true));
        assert_eq!(c.counts().targets, 3);
    }

    #[test]
    fn table_mode_solves_the_table_once_per_deal() {
        let (mut c, calls) = cache(DdMode::Table);
        let deal = Deal::default();
        for s in Seat::ALL {
            for st in STRAINS {
                c.tricks(&deal, s, st).unwrap();
            }
        }
        c.par(&deal, Vulnerability::All).unwrap();
        assert_eq!(calls.load(std::sync::atomic::Ordering::Relaxed), 20);
        assert_eq!(c.counts().tables, 1);
    }

    #[test]
    fn a_preloaded_table_needs_no_solver() {
        let mut c = DdCache::new(DdMode::Single);
        let mut t = TrickTable::default();
        t.set(Seat::West, Strain::Hearts, 9);
        c.preload(&t);
        assert_eq!(c.tricks(&Deal::default(), Seat::West, Strain::Hearts), Ok(9));
        c.next_deal();
        assert_eq!(c.tricks(&Deal::default(), Seat::West, Strain::Hearts), Err(NoSolver));
    }

    #[test]
    fn par_contracts_pack_into_one_value() {
        for level in 0..=7 {
            for strain in STRAINS {
                for doubled in [false, true] {
                    for declarer in [ParDeclarer::Seat(Seat::East), ParDeclarer::Seat(Seat::West), ParDeclarer::NorthSouth, ParDeclarer::EastWest] {
                        let c = ParContract { level, strain, doubled, declarer };
                        assert_eq!(ParContract::decode(c.encode()), c);
                    }
                }
            }
        }
        let c = ParContract { level: 3, strain: Strain::Spades, doubled: true, declarer: ParDeclarer::EastWest };
        assert_eq!(c.to_string(), " 3S* by EW");
        let c = ParContract { level: 3, strain: Strain::Clubs, doubled: false, declarer: ParDeclarer::Seat(Seat::North) };
        assert_eq!(c.to_string(), " 3C  by N");
    }

    #[test]
    fn tables_list_counts_in_dealer_order() {
        let mut t = TrickTable::default();
        t.set(Seat::East, Strain::Clubs, 6);
        t.set(Seat::West, Strain::NoTrump, 13);
        let counts = t.counts();
        assert_eq!(counts[5], 6);
        assert_eq!(counts[19], 13);
        assert_eq!(TrickTable::from_counts(counts), t);
    }
}
