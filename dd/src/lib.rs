//! dealvm's double-dummy solvers, behind the engine's [`Solver`] trait: its own search
//! ([`search::Search`], the one runs use), and DDS, the solver of Bo Haglund and Soren Hein
//! (version 3, through the `dds-bridge-sys` bindings), the reference the search is checked
//! against; and the par calculation (DDS's).
//!
//! One [`Dds`] per thread: it owns a DDS solver context (search state and transposition
//! table), made at the first solve and kept for the thread's whole run, so that work on one
//! deal can speed up the next. Nothing here is shared between threads except the par
//! calculation, which DDS makes reentrant.
//!
//! The numbering conventions differ: DDS numbers suits spades first (0 = spades .. 3 = clubs,
//! 4 = notrump) and holds a suit as bits 2 (deuce) to 14 (ace); dealvm numbers suits clubs
//! first and holds a suit as bits 0 to 12. Seats agree (0 = north .. 3 = west).

use dds_bridge_sys as sys;
use dealvm_vm::card::{Card, Deal, Seat, Suit};
use dealvm_vm::dealing::board::Vulnerability;
use dealvm_vm::evaluation::dd::{Leads, ParContract, ParDeclarer, ParResult, Solver, TrickTable, STRAINS};
use dealvm_vm::evaluation::score::Strain;
use std::ptr::NonNull;

pub mod search;
#[cfg(test)]
mod testing;

/// A DDS solver for one thread.
pub struct Dds {
    context: Option<NonNull<sys::DdsSolverContext>>,
    /// The cards of the deal of the last single solve: the next single solve of the same deal
    /// keeps what DDS learnt of it (its transposition table, while the strain stays the same).
    last_deal: Option<[[u32; 4]; 4]>,
}

// SAFETY: a context is used by one thread at a time (the solver is `Send`, not `Sync`), as DDS
// requires.
unsafe impl Send for Dds {}

impl Default for Dds {
    fn default() -> Self {
        Dds::new()
    }
}

impl Dds {
    /// A solver; its DDS context is made at the first solve.
    pub fn new() -> Dds {
        Dds { context: None, last_deal: None }
    }

    /// A solver in a box, as the engine's machines take it.
    pub fn boxed() -> Box<dyn Solver> {
        Box::new(Dds::new())
    }

    /// The DDS context, made if needed, for a solve of the deal with `cards`. Reset for it,
    /// unless `keep` and the last solve was a single solve of the same deal: DDS then keeps
    /// its transposition table (it starts a new one itself for a new strain).
    fn context(&mut self, cards: &[[u32; 4]; 4], keep: bool) -> *mut sys::DdsSolverContext {
        let ctx = *self.context.get_or_insert_with(|| {
            let config = sys::DdsSolverConfig { tt_kind: sys::DDS_TT_KIND_PATTERN as i32, tt_mem_default_mb: 0, tt_mem_maximum_mb: 0 };
            // SAFETY: the configuration is a valid struct for the duration of the call.
            let raw = unsafe { sys::dds_solver_context_new(&config) };
            NonNull::new(raw).expect("DDS could not allocate a solver context (out of memory)")
        });
        if !keep || self.last_deal.as_ref() != Some(cards) {
            // SAFETY: the context is live and used by this thread only.
            unsafe { sys::dds_solver_context_reset_for_solve(ctx.as_ptr()) };
        }
        self.last_deal = keep.then_some(*cards);
        ctx.as_ptr()
    }
}

impl Dds {
    /// DDS's search on `deal` with `declarer`'s left-hand opponent on lead in `strain`: the
    /// most tricks the defenders take (`target` -1), or whether they reach `target`; with
    /// `solutions` 3, the tricks after every card the leader may play (DDS's `SolveBoard`).
    fn solve(&mut self, deal: &Deal, declarer: Seat, strain: Strain, target: i32, solutions: i32) -> sys::FutureTricks {
        let dl = sys::Deal {
            trump: dds_strain(strain) as i32,
            // Declarer's left-hand opponent leads.
            first: declarer.rotate(1) as i32,
            currentTrickSuit: [0; 3],
            currentTrickRank: [0; 3],
            remainCards: dds_cards(deal),
        };
        let mut future = sys::FutureTricks::default();
        let ctx = self.context(&dl.remainCards, solutions == 1);
        // Mode 1: search even when the leader's cards are all equivalent (mode 0 then gives
        // no score, the -2 DealerV2 turns into 15 tricks).
        // SAFETY: the context is live; the deal and the result are valid for the call.
        let status = unsafe { sys::dds_solve_board(ctx, &dl, target, solutions, 1, &mut future) };
        check(status, "solve a deal");
        future
    }
}

impl Drop for Dds {
    fn drop(&mut self) {
        if let Some(ctx) = self.context.take() {
            // SAFETY: made by `dds_solver_context_new`, freed once.
            unsafe { sys::dds_solver_context_free(ctx.as_ptr()) };
        }
    }
}

/// DDS's number of a suit (0 = spades .. 3 = clubs).
fn dds_suit(suit: Suit) -> usize {
    3 - suit as usize
}

/// DDS's number of a strain (0 = spades .. 3 = clubs, 4 = notrump).
fn dds_strain(strain: Strain) -> usize {
    match strain {
        Strain::NoTrump => 4,
        s => 3 - s as usize,
    }
}

/// The cards of a deal as DDS holds them: `[seat][DDS suit]`, ranks on bits 2 to 14.
fn dds_cards(deal: &Deal) -> [[u32; 4]; 4] {
    let mut cards = [[0u32; 4]; 4];
    for seat in Seat::ALL {
        for suit in Suit::ALL {
            cards[seat as usize][dds_suit(suit)] = u32::from(deal.hand(seat).suit_mask(suit)) << 2;
        }
    }
    cards
}

/// DDS's code of a vulnerability for par (0 none, 1 both, 2 NS, 3 EW).
fn dds_vulnerability(vul: Vulnerability) -> i32 {
    match vul {
        Vulnerability::None => 0,
        Vulnerability::All => 1,
        Vulnerability::NorthSouth => 2,
        Vulnerability::EastWest => 3,
    }
}

/// Panics on a DDS error: every deal given to DDS is a complete deal, so an error is a bug.
fn check(status: i32, what: &str) {
    assert!(status == sys::RETURN_NO_FAULT, "internal error: DDS failed to {what} (DDS error {status})");
}

impl Solver for Dds {
    fn tricks(&mut self, deal: &Deal, declarer: Seat, strain: Strain) -> u8 {
        // DDS gives the tricks of the side on lead: the defenders.
        13 - self.solve(deal, declarer, strain, -1, 1).score[0] as u8
    }

    fn at_least(&mut self, deal: &Deal, declarer: Seat, strain: Strain, k: u8) -> bool {
        debug_assert!((1..=13).contains(&k));
        // Declarer takes k tricks when the defenders, on lead, cannot take 14 - k: DDS then
        // finds no card reaching that target.
        let future = self.solve(deal, declarer, strain, 14 - i32::from(k), 1);
        future.cards == 0 || future.score[0] < 14 - i32::from(k)
    }

    fn table(&mut self, deal: &Deal) -> TrickTable {
        let table_deal = sys::DdTableDeal { cards: dds_cards(deal) };
        let mut results = sys::DdTableResults::default();
        let ctx = self.context(&table_deal.cards, false);
        // SAFETY: the context is live; the deal and the results are valid for the call.
        let status = unsafe { sys::dds_calc_dd_table(ctx, &table_deal, &mut results) };
        check(status, "solve a deal's table");
        let mut table = TrickTable::default();
        for seat in Seat::ALL {
            for strain in STRAINS {
                table.set(seat, strain, results.res_table[dds_strain(strain)][seat as usize] as u8);
            }
        }
        table
    }

    fn par(&mut self, table: &TrickTable, vul: Vulnerability) -> ParResult {
        par(table, vul)
    }

    fn leads(&mut self, deal: &Deal, declarer: Seat, strain: Strain) -> Leads {
        // Every card, each group of equivalent cards once: its highest card, and in `equals`
        // the lower ones (DDS's rank bits), all worth the same tricks to the side on lead.
        let future = self.solve(deal, declarer, strain, -1, 3);
        let mut leads = Leads::default();
        for i in 0..future.cards as usize {
            let suit = Suit::from_index(3 - future.suit[i] as usize);
            let tricks = future.score[i] as u8;
            let ranks = (1u32 << future.rank[i]) | future.equals[i] as u32;
            for rank in (2..=14).filter(|r| ranks & (1 << r) != 0) {
                leads.set(Card::new(suit, rank as u8 - 2), tricks);
            }
        }
        leads
    }
}

/// The par result of a deal with `table` at `vul`: North-South's score, and the first par
/// contract DDS lists (the one DealerV2 prints).
pub fn par(table: &TrickTable, vul: Vulnerability) -> ParResult {
    let mut results = sys::DdTableResults::default();
    for seat in Seat::ALL {
        for strain in STRAINS {
            results.res_table[dds_strain(strain)][seat as usize] = i32::from(table.get(seat, strain));
        }
    }
    let mut sides = [sys::ParResultsMaster::default(); 2];
    // SAFETY: par is reentrant in DDS; the table and the two results are valid for the call.
    let status = unsafe { sys::SidesParBin(&results, sides.as_mut_ptr(), dds_vulnerability(vul)) };
    check(status, "find the par");
    let ns = &sides[0];
    if ns.number == 0 {
        return ParResult { score: ns.score, contract: ParContract::PASSED_OUT };
    }
    let c = &ns.contracts[0];
    let strain = match c.denom {
        0 => Strain::NoTrump,
        d => STRAINS[(4 - d).clamp(0, 3) as usize],
    };
    let declarer = match c.seats {
        4 => ParDeclarer::NorthSouth,
        5 => ParDeclarer::EastWest,
        s => ParDeclarer::Seat(Seat::from_index(s as usize)),
    };
    let contract = ParContract { level: c.level as u8, strain, doubled: c.under_tricks > 0, declarer };
    ParResult { score: ns.score, contract }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{ending, north_south_tricks};
    use dealvm_vm::card::{Card, Hand};
    use dealvm_vm::evaluation::dd::PAR_VULNERABILITIES;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Arc;

    /// A deal from four hands written `AKQ.xx.xx.xx`-style with dots, north first.
    fn deal(hands: [&str; 4]) -> Deal {
        let mut d = Deal::default();
        for (seat, text) in hands.iter().enumerate() {
            let mut h = Hand::EMPTY;
            for (i, holding) in text.split('.').enumerate() {
                let suit = Suit::DISPLAY[i];
                for c in holding.chars() {
                    h = h.with(Card::parse(&format!("{c}{}", suit.letter())).unwrap());
                }
            }
            d.hands[seat] = h;
        }
        assert!(d.is_complete());
        d
    }

    #[test]
    fn each_seat_holding_a_whole_suit_takes_all_tricks_in_it() {
        let d = deal(["AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"]);
        let mut dds = Dds::new();
        assert_eq!(dds.tricks(&d, Seat::North, Strain::Spades), 13);
        assert_eq!(dds.tricks(&d, Seat::South, Strain::Spades), 13);
        // East leads a heart against north's notrump: east takes all thirteen.
        assert_eq!(dds.tricks(&d, Seat::North, Strain::NoTrump), 0);
        let t = dds.table(&d);
        assert_eq!(t.get(Seat::West, Strain::Clubs), 13);
        assert_eq!(t.get(Seat::East, Strain::Hearts), 13);
        // Notrump is all zeros here (whoever leads runs a suit), yet the table is possible.
        assert!(Seat::ALL.iter().all(|&s| t.get(s, Strain::NoTrump) == 0));
        assert_eq!(t.impossible_count(&d), None);
        assert!(!t.is_unsolved());
    }

    #[test]
    fn single_solves_agree_with_the_table() {
        // Golden deal D3 of DealerV2's tests: dds north C D H S N = 7 7 5 4 7.
        let d = deal(["K.Q4.AQJT.KJ9765", "AQ3.KJT.K5.AQT82", "JT92.A832.987.43", "87654.9765.6432."]);
        let mut dds = Dds::new();
        let t = dds.table(&d);
        assert_eq!(t.tricks[0], [7, 7, 5, 4, 7]);
        assert_eq!(t.tricks[1], [6, 6, 8, 9, 6]);
        assert_eq!(t.impossible_count(&d), None);
        // Hearts: South holds the ace, so North-South take a trick whoever declares.
        let mut wrong = t;
        wrong.set(Seat::North, Strain::Hearts, 0);
        assert_eq!(wrong.impossible_count(&d), Some((Seat::North, Strain::Hearts)));
        wrong = t;
        wrong.set(Seat::West, Strain::Hearts, 13);
        assert_eq!(wrong.impossible_count(&d), Some((Seat::West, Strain::Hearts)));
        for seat in Seat::ALL {
            for strain in STRAINS {
                assert_eq!(dds.tricks(&d, seat, strain), t.get(seat, strain), "{seat:?} {strain:?}");
            }
        }
    }

    #[test]
    fn target_searches_agree_with_the_counts() {
        let d = deal(["K.Q4.AQJT.KJ9765", "AQ3.KJT.K5.AQT82", "JT92.A832.987.43", "87654.9765.6432."]);
        let mut dds = Dds::new();
        let t = dds.table(&d);
        for seat in [Seat::North, Seat::West] {
            for strain in STRAINS {
                for k in 1..=13 {
                    assert_eq!(dds.at_least(&d, seat, strain, k), t.get(seat, strain) >= k, "{seat:?} {strain:?} {k}");
                }
            }
        }
    }

    #[test]
    fn par_follows_dealer_v2() {
        // Golden deal D5: par 100 for NS at none (3S doubled by EW), 110 at EW vul (3C by N).
        let d = deal(["AK.AQ.KJ.QJ98765", "QJ.KJ.AQT9.AK432", "T98.T987.87654.T", "765432.65432.32."]);
        let t = Dds::new().table(&d);
        let none = par(&t, Vulnerability::None);
        assert_eq!(none.score, 100);
        assert_eq!(none.contract.to_string(), " 3S* by EW");
        let ew = par(&t, Vulnerability::EastWest);
        assert_eq!(ew.score, 110);
        assert_eq!(ew.contract.to_string(), " 3C  by N");
    }

    /// A random table from `x`: each side's count in each strain about 13 less the other's,
    /// each hand of a side within two tricks of its partner, as deals give.
    fn random_table(x: &mut u64) -> TrickTable {
        let mut t = TrickTable::default();
        let mut next = |n: u64| {
            *x = dealvm_vm::dealing::rng::mix64(*x);
            (*x % n) as i32
        };
        for strain in STRAINS {
            let ns = next(14);
            for seat in Seat::ALL {
                let side = if seat.index() % 2 == 0 { ns } else { 13 - ns + next(3) - 1 };
                t.set(seat, strain, (side - next(3)).clamp(0, 13) as u8);
            }
        }
        t
    }

    #[test]
    fn par_scores_rise_with_north_souths_tricks_and_read_only_each_sides_best() {
        // What dealvm's par without the whole table rests on (dealvm_vm::evaluation::par_search).
        let mut x = 52;
        for i in 0..100_000 {
            let t = random_table(&mut x);
            let vul = PAR_VULNERABILITIES[i % 4];
            let score = par(&t, vul).score;
            let seat = Seat::from_index(i / 4 % 4);
            let strain = STRAINS[i / 16 % 5];
            let count = t.get(seat, strain);
            let partner = t.get(seat.rotate(2), strain);
            if count < 13 {
                let mut more = t;
                more.set(seat, strain, count + 1);
                let after = par(&more, vul).score;
                let rises = if seat.index().is_multiple_of(2) { after >= score } else { after <= score };
                assert!(rises, "{seat:?} {strain:?} one trick more: {score} then {after} at {vul:?}, {t:?}");
            }
            if count < partner {
                let mut fewer = t;
                fewer.set(seat, strain, count / 2);
                assert_eq!(par(&fewer, vul).score, score, "{seat:?} {strain:?} below its partner, {t:?}");
            }
        }
    }

    /// A solver that answers from a table, each question counted.
    struct FromTable {
        table: TrickTable,
        searches: Arc<AtomicU32>,
    }

    impl Solver for FromTable {
        fn tricks(&mut self, _: &Deal, declarer: Seat, strain: Strain) -> u8 {
            self.searches.fetch_add(1, Ordering::Relaxed);
            self.table.get(declarer, strain)
        }
        fn table(&mut self, _: &Deal) -> TrickTable {
            unreachable!("par scores are found without the whole table")
        }
        fn leads(&mut self, _: &Deal, _: Seat, _: Strain) -> Leads {
            unreachable!()
        }
        fn par(&mut self, table: &TrickTable, vul: Vulnerability) -> ParResult {
            par(table, vul)
        }
    }

    #[test]
    fn par_scores_found_by_target_searches_are_the_whole_tables() {
        use dealvm_vm::evaluation::dd::{DdCache, DdMode};
        let mut x = 7;
        let (mut asked, mut cases) = (0, 0);
        for seed in 0..3000u64 {
            let d = ending(13, seed);
            let table = random_table(&mut x);
            let searches = Arc::new(AtomicU32::new(0));
            let mut cache = DdCache::new(DdMode::ParScores);
            cache.set_solver(Box::new(FromTable { table, searches: searches.clone() }));
            // The four vulnerabilities in turn, on one deal, as a script asks them.
            for vul in PAR_VULNERABILITIES {
                assert_eq!(cache.par(&d, vul).unwrap().score, par(&table, vul).score, "{vul:?} {table:?}");
                cases += 1;
            }
            asked += searches.load(Ordering::Relaxed);
        }
        // Fewer target searches than counting the table's twenty counts to the trick would take.
        assert!(asked < 3000 * 40, "{asked} searches for {cases} par scores");
    }

    #[test]
    fn every_lead_of_small_endings_agrees_with_trying_every_play() {
        let mut compared = 0;
        for seed in 0..240u64 {
            let k = 1 + (seed % 4) as usize;
            let d = ending(k, seed);
            let declarer = Seat::from_index((seed / 4 % 4) as usize);
            let strain = STRAINS[(seed / 16 % 5) as usize];
            let trump = (strain != Strain::NoTrump).then(|| Suit::ALL[strain as usize]);
            let leader = declarer.rotate(1) as usize;
            let leads = Dds::new().leads(&d, declarer, strain);
            assert_eq!(leads.cards().count(), k, "{d:?}");
            for card in d.hands[leader].cards() {
                let mut after = d.hands;
                after[leader] = Hand(after[leader].0 & !card.bit());
                let ns = north_south_tricks(after, &[(leader, card)], (leader + 1) % 4, trump);
                let defenders = if leader.is_multiple_of(2) { ns } else { k as u8 - ns };
                assert_eq!(leads.get(card), Some(defenders), "{card} led on {d:?}, {declarer:?} declaring in {strain:?}");
                compared += 1;
            }
        }
        assert!(compared > 500, "{compared}");
    }

    #[test]
    fn every_lead_of_whole_deals_agrees_with_solving_after_it() {
        // Each lead checked by DDS's search of the position after it, the card on the table.
        for seed in 0..6u64 {
            let d = ending(13, 1000 + seed);
            let declarer = Seat::from_index(seed as usize % 4);
            let strain = STRAINS[seed as usize % 5];
            let leader = declarer.rotate(1);
            let mut dds = Dds::new();
            let leads = dds.leads(&d, declarer, strain);
            let best = 13 - dds.tricks(&d, declarer, strain);
            assert_eq!(leads.cards().map(|(_, t)| t).max(), Some(best));
            for card in d.hand(leader).cards() {
                let mut remain = dds_cards(&d);
                remain[leader as usize][dds_suit(card.suit())] &= !(1 << (card.rank() + 2));
                let dl = sys::Deal {
                    trump: dds_strain(strain) as i32,
                    first: leader as i32,
                    currentTrickSuit: [dds_suit(card.suit()) as i32, 0, 0],
                    currentTrickRank: [i32::from(card.rank()) + 2, 0, 0],
                    remainCards: remain,
                };
                let mut future = sys::FutureTricks::default();
                // SAFETY: a live context, valid inputs for the call.
                let status = unsafe { sys::dds_solve_board(dds.context(&remain, false), &dl, -1, 1, 1, &mut future) };
                check(status, "solve after a lead");
                // The side to play next, dummy's, is the declarer's.
                assert_eq!(leads.get(card), Some(13 - future.score[0] as u8), "{card} led on {d:?}");
            }
        }
    }
}
