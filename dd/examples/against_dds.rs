//! dealvm's own search beside DDS, deal by deal and strain by strain: each of a deal's 20
//! counts solved by both from nothing (a new solver for each), the counts checked equal, with
//! each solver's time and the tricks each played out in its searches (DDS's count of nodes).
//!
//! ```text
//! cargo run --release -p dealvm-dd --example against_dds -- tests/data/dd/random_deals.tsv 3
//! ```
//!
//! The file holds one deal a line in PBN (`N:AKT9.Q3.J976.K82 ...`), before the first tab if any;
//! lines starting with `#` are left out. The second argument is how many deals (all of them
//! without it). A third, `tables` or `leads`, times instead what runs ask for, each solver
//! kept from deal to deal: whole tables, or every opening lead of West against South's
//! notrump (a lead study's solve); checked equal too. `own-tables` and `own-leads` run the own
//! search alone, for timing whole processes side by side (`farm-bench`).
//!
//! ```text
//! cargo run --release -p dealvm-dd --example against_dds -- tests/data/dd/random_deals.tsv 40 tables
//! ```

use dds_bridge_sys as sys;
use dealvm_dd::search::Search;
use dealvm_dd::Dds;
use dealvm_vm::card::{Deal, Seat, Suit};
use dealvm_vm::evaluation::dd::{Solver, STRAINS};
use dealvm_vm::evaluation::score::Strain;
use std::process::ExitCode;
use std::time::Instant;

/// DDS's single solve of `declarer` in `strain` from a new context: the tricks declarer takes,
/// and the tricks DDS played out.
fn dds_solve(deal: &Deal, declarer: Seat, strain: Strain) -> (u8, u64) {
    dds_search(deal, declarer, strain, 1)
}

/// DDS's search with `solutions` (1: the count; 3: every card's) from a new context: the first
/// card's count, and the tricks DDS played out.
fn dds_search(deal: &Deal, declarer: Seat, strain: Strain, solutions: i32) -> (u8, u64) {
    dds_solves(deal, &[(declarer.rotate(1) as i32, strain)], solutions)
}

/// The tricks DDS plays out solving `deal`'s 20 counts one after another in one context (its
/// transposition table kept within a strain, as for a table).
fn dds_table_nodes(deal: &Deal) -> u64 {
    let solves: Vec<(i32, Strain)> = STRAINS.into_iter().flat_map(|strain| (0..4).map(move |first| (first, strain))).collect();
    dds_solves(deal, &solves, 1).1
}

/// DDS's searches of `deal`, one after another in one new context, each with its opening
/// leader and strain: the tricks the last one's first card gives the declaring side, and the
/// tricks DDS played out in all.
fn dds_solves(deal: &Deal, solves: &[(i32, Strain)], solutions: i32) -> (u8, u64) {
    let mut cards = [[0u32; 4]; 4];
    for seat in Seat::ALL {
        for suit in Suit::ALL {
            cards[seat as usize][3 - suit as usize] = u32::from(deal.hand(seat).suit_mask(suit)) << 2;
        }
    }
    let config = sys::DdsSolverConfig { tt_kind: sys::DDS_TT_KIND_PATTERN as i32, tt_mem_default_mb: 0, tt_mem_maximum_mb: 0 };
    let (mut tricks, mut nodes) = (0, 0);
    // SAFETY: a new context, freed once; the deals and the results are valid for the calls.
    unsafe {
        let ctx = sys::dds_solver_context_new(&config);
        for &(first, strain) in solves {
            let trump = if strain == Strain::NoTrump { 4 } else { 3 - strain as i32 };
            let dl = sys::Deal { trump, first, currentTrickSuit: [0; 3], currentTrickRank: [0; 3], remainCards: cards };
            let mut future = sys::FutureTricks::default();
            let status = sys::dds_solve_board(ctx, &dl, -1, solutions, 1, &mut future);
            assert_eq!(status, sys::RETURN_NO_FAULT, "DDS failed on {}", deal.pbn());
            tricks = 13 - future.score[0] as u8;
            nodes += future.nodes as u64;
        }
        sys::dds_solver_context_free(ctx);
    }
    (tricks, nodes)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: against_dds FILE [DEALS]");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(2);
        }
    };
    let limit = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(usize::MAX);
    let deals = text.lines().filter(|l| !l.starts_with('#')).take(limit).map(|l| l.split('\t').next().unwrap_or_default());
    match args.get(3).map(String::as_str) {
        None => {}
        Some(kind @ ("tables" | "leads" | "own-tables" | "own-leads")) => {
            let mut parsed = Vec::new();
            for (number, pbn) in deals.enumerate() {
                let Some(deal) = Deal::from_pbn(pbn) else {
                    eprintln!("{path}: line {}: not a deal: {pbn}", number + 1);
                    return ExitCode::from(2);
                };
                parsed.push(deal);
            }
            return warm(&parsed, kind.ends_with("leads"), !kind.starts_with("own"));
        }
        Some(other) => {
            eprintln!("against_dds: `{other}`: expected `tables`, `leads`, `own-tables` or `own-leads`");
            return ExitCode::from(2);
        }
    }
    let mut totals = [0f64; 4];
    println!("deal\tstrain\tDDS s\town s\tDDS tricks played\town tricks played");
    for (number, pbn) in deals.enumerate() {
        let Some(deal) = Deal::from_pbn(pbn) else {
            eprintln!("{path}: line {}: not a deal: {pbn}", number + 1);
            return ExitCode::from(2);
        };
        for strain in STRAINS {
            let mut row = [0f64; 4];
            for declarer in Seat::ALL {
                let start = Instant::now();
                let (theirs, played) = dds_solve(&deal, declarer, strain);
                row[0] += start.elapsed().as_secs_f64();
                row[2] += played as f64;
                let mut search = Search::new();
                let start = Instant::now();
                let ours = search.tricks(&deal, declarer, strain);
                row[1] += start.elapsed().as_secs_f64();
                row[3] += search.tricks_played() as f64;
                if ours != theirs {
                    eprintln!("{pbn}: {declarer:?} in {strain:?}: DDS {theirs} tricks, dealvm's search {ours}");
                    return ExitCode::FAILURE;
                }
            }
            println!("{}\t{strain:?}\t{:.3}\t{:.3}\t{}\t{}", number + 1, row[0], row[1], row[2], row[3]);
            for (t, r) in totals.iter_mut().zip(row) {
                *t += r;
            }
        }
    }
    println!("all\t\t{:.3}\t{:.3}\t{}\t{}", totals[0], totals[1], totals[2], totals[3]);
    println!("own / DDS: {:.2}x the time, {:.2}x the tricks played", totals[1] / totals[0], totals[3] / totals[2]);
    ExitCode::SUCCESS
}

/// Every deal's table (or West's leads against South's notrump) by both solvers, each keeping
/// its memory from deal to deal as a run's solver does: the seconds of each, the answers
/// checked equal, and the tricks the own search played out (and DDS's for the leads).
fn warm(deals: &[Deal], leads: bool, with_dds: bool) -> ExitCode {
    let (mut dds, mut own) = (Dds::new(), Search::new());
    let mut seconds = [0f64; 2];
    let mut dds_nodes = 0;
    for (number, deal) in deals.iter().enumerate() {
        if !with_dds {
            let _ = if leads { format!("{:?}", own.leads(deal, Seat::South, Strain::NoTrump)) } else { format!("{:?}", own.table(deal)) };
            continue;
        }
        let start = Instant::now();
        let theirs = if leads { format!("{:?}", dds.leads(deal, Seat::South, Strain::NoTrump)) } else { format!("{:?}", dds.table(deal)) };
        seconds[0] += start.elapsed().as_secs_f64();
        let start = Instant::now();
        let ours = if leads { format!("{:?}", own.leads(deal, Seat::South, Strain::NoTrump)) } else { format!("{:?}", own.table(deal)) };
        seconds[1] += start.elapsed().as_secs_f64();
        // The tricks DDS plays out for the same solves (again, untimed: its count).
        dds_nodes += if leads { dds_search(deal, Seat::South, Strain::NoTrump, 3).1 } else { dds_table_nodes(deal) };
        if ours != theirs {
            eprintln!("deal {}: {}: DDS {theirs}, dealvm's search {ours}", number + 1, deal.pbn());
            return ExitCode::FAILURE;
        }
    }
    let what = if leads { "every lead" } else { "tables" };
    if !with_dds {
        println!("{} deals, {what}: own search only ({} tricks played)", deals.len(), own.tricks_played());
        return ExitCode::SUCCESS;
    }
    let played = format!("DDS {dds_nodes}, own {}", own.tricks_played());
    println!(
        "{} deals, {what}: DDS {:.3} s, own search {:.3} s (tricks played: {played}): DDS / own {:.2}x",
        deals.len(),
        seconds[0],
        seconds[1],
        seconds[0] / seconds[1]
    );
    ExitCode::SUCCESS
}
