//! Who deals each board, at what vulnerability, and where its hands sit: as the input
//! (`dealer`, `vulnerable`) or the deals file gives them, or as the standard 16-board cycle
//! of the physical boards has them, for the board files a dealing machine follows (a DLM
//! file, or any board file with `--rotate`).
//!
//! With the cycle, the boards whose given dealer or vulnerability is not the cycle's are
//! counted, so that the end of the run names them in one warning.

use dealvm_vm::card::Seat;
use dealvm_vm::dealing::board::{board_dealer, board_vulnerability, places_between, Board, Vulnerability};
use std::collections::BTreeMap;

/// How the boards of a run are placed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Placement {
    /// Each board's dealer and vulnerability are those given (else the cycle's): no DLM file.
    Given,
    /// The deals as dealt, the board files giving the cycle's dealer and vulnerability (a DLM
    /// file is written): the boards where those given differ are named in a warning.
    Cycle,
    /// `--rotate`: each deal turned so that the given dealer's hand sits at the seat that
    /// deals the board in the cycle; the cycle's vulnerability.
    Rotated,
}

/// The most board numbers a warning lists for one seat or vulnerability.
const LISTED: usize = 8;

/// The boards whose given dealer or vulnerability the board files do not keep.
#[derive(Debug, Default)]
pub struct Strays {
    /// By the seat that deals them in the cycle: the first board numbers, and how many.
    dealers: BTreeMap<Seat, (Vec<u64>, u64)>,
    /// By the vulnerability the cycle gives them.
    vulnerable: BTreeMap<Vulnerability, (Vec<u64>, u64)>,
}

/// Counts board `number` under `key`, keeping its number among the first few.
fn count<K: Ord>(map: &mut BTreeMap<K, (Vec<u64>, u64)>, key: K, number: u64) {
    let (listed, n) = map.entry(key).or_default();
    if listed.len() < LISTED {
        listed.push(number);
    }
    *n += 1;
}

/// Board numbers as a message lists them: `2, 6 and 10`, or `2, 6, ... (40 boards)`.
fn numbers(listed: &[u64], n: u64) -> String {
    let shown: Vec<String> = listed.iter().map(u64::to_string).collect();
    match shown.split_last() {
        _ if n > listed.len() as u64 => format!("{}, ... ({n} boards)", shown.join(", ")),
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => shown.join(""),
    }
}

/// A produced board as the run places it, and how many seats its deal was turned: turned
/// with `--rotate`, with the dealer and vulnerability that `printpbn` prints (`None`: the
/// cycle's). `given` are those of the input, else of the deals file; the boards that stray
/// from the cycle are counted in `strays`.
pub fn place(placement: Placement, produced: &Board, given: (Option<Seat>, Option<Vulnerability>), strays: &mut Strays) -> (Board, usize) {
    let number = produced.number;
    let (cycle_dealer, cycle_vul) = (board_dealer(number), board_vulnerability(number));
    let (dealer, vulnerable) = given;
    match placement {
        Placement::Given => (Board { dealer, vulnerable, ..produced.clone() }, 0),
        Placement::Cycle => {
            if dealer.is_some_and(|d| d != cycle_dealer) {
                count(&mut strays.dealers, cycle_dealer, number);
            }
            if vulnerable.is_some_and(|v| v != cycle_vul) {
                count(&mut strays.vulnerable, cycle_vul, number);
            }
            (Board { dealer, vulnerable, ..produced.clone() }, 0)
        }
        Placement::Rotated => {
            let places = dealer.map_or(0, |d| places_between(d, cycle_dealer));
            if vulnerable.is_some_and(|v| v.rotated(places) != cycle_vul) {
                count(&mut strays.vulnerable, cycle_vul, number);
            }
            (Board { dealer: Some(cycle_dealer), vulnerable: Some(cycle_vul), ..produced.rotated(places) }, places)
        }
    }
}

impl Strays {
    /// The warnings (each a message and a note) about the boards counted, for the board
    /// `files` ("the DLM file `s.dlm`", ...). `dealer` is the input's `dealer` (else the deals
    /// file gave the dealers), `vulnerable` the input's `vulnerable` (else the file's).
    pub fn warnings(&self, placement: Placement, files: &[String], dealer: Option<Seat>, vulnerable: Option<Vulnerability>) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let (files, s) = (files.join(" and "), if files.len() == 1 { "s" } else { "" });
        if !self.dealers.is_empty() {
            let given = dealer.map_or("the dealers of the deals file".to_string(), |d| format!("the input's `dealer {}`", d.keyword()));
            let by_seat: Vec<String> =
                self.dealers.iter().map(|(seat, (listed, n))| format!("{} deals {}", seat.name(), boards(listed, *n))).collect();
            let hand = dealer.map_or("the hand of each board's given dealer".to_string(), |d| format!("{}'s hand", d.keyword()));
            out.push((
                format!(
                    "{files} follow{s} the standard 16-board cycle of a dealing machine's boards, not {given}: {} (the deals are kept as dealt)",
                    by_seat.join("; ")
                ),
                format!("--rotate turns each deal so that {hand} sits at the seat that deals its board"),
            ));
        }
        if !self.vulnerable.is_empty() {
            let given = vulnerable.map_or("the vulnerability of the deals file".to_string(), |v| format!("the input's `vulnerable {}`", v.pbn()));
            let turned = if placement == Placement::Rotated { " (turned with the deal)" } else { "" };
            let by_vul: Vec<String> = self.vulnerable.iter().map(|(v, (listed, n))| format!("{} on {}", v.pbn(), boards(listed, *n))).collect();
            out.push((
                format!("{files} give{s} each board the vulnerability of the standard 16-board cycle, not {given}{turned}: {}", by_vul.join("; ")),
                "a dealing machine's boards carry the cycle's vulnerability, whatever the input gives".to_string(),
            ));
        }
        out
    }
}

/// Board numbers as a message lists them: `board 2`, `boards 2, 6 and 10`, or
/// `boards 2, 6, ... (40 boards)`.
fn boards(listed: &[u64], n: u64) -> String {
    format!("board{} {}", if n == 1 { "" } else { "s" }, numbers(listed, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_lists_read_as_english() {
        assert_eq!(numbers(&[2], 1), "2");
        assert_eq!(numbers(&[2, 6], 2), "2 and 6");
        assert_eq!(numbers(&[2, 6, 10], 3), "2, 6 and 10");
        assert_eq!(numbers(&[2, 6], 9), "2, 6, ... (9 boards)");
        assert_eq!(boards(&[5], 1), "board 5");
    }
}
