//! Boards: a deal with its number, dealer and vulnerability (and, from a file of solved deals,
//! its double-dummy results), and the standard 16-board cycle that gives a board's dealer and
//! vulnerability from its number.

pub use crate::card::Vulnerability;
use crate::card::{Deal, Seat};
use crate::dd::TrickTable;

/// A board: its number, its deal, and the dealer and vulnerability it was given (else those
/// of the standard cycle, [`board_dealer`] and [`board_vulnerability`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The board number, from 1.
    pub number: u64,
    /// The four hands.
    pub deal: Deal,
    /// The dealer, when the board names one.
    pub dealer: Option<Seat>,
    /// The vulnerability, when the board names one.
    pub vulnerable: Option<Vulnerability>,
    /// The double-dummy results, when the board's file holds them.
    pub tricks: Option<TrickTable>,
}

impl Board {
    /// Board `number` with `deal`, and nothing else known.
    pub fn new(number: u64, deal: Deal) -> Board {
        Board { number, deal, dealer: None, vulnerable: None, tricks: None }
    }
}

/// The dealer of a board in the standard 16-board cycle: North deals board 1.
pub fn board_dealer(board: u64) -> Seat {
    Seat::from_index(((board + 3) % 4) as usize)
}

/// The vulnerability of a board in the standard 16-board cycle.
pub fn board_vulnerability(board: u64) -> Vulnerability {
    const CYCLE: [Vulnerability; 16] = {
        use Vulnerability::*;
        [None, NorthSouth, EastWest, All, NorthSouth, EastWest, All, None, EastWest, All, None, NorthSouth, All, None, NorthSouth, EastWest]
    };
    CYCLE[((board + 15) % 16) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_cycle_matches_the_pbn_standard() {
        assert_eq!(board_dealer(1), Seat::North);
        assert_eq!(board_dealer(4), Seat::West);
        assert_eq!(board_dealer(17), Seat::North);
        assert_eq!(board_vulnerability(1), Vulnerability::None);
        assert_eq!(board_vulnerability(4), Vulnerability::All);
        assert_eq!(board_vulnerability(16), Vulnerability::EastWest);
        assert_eq!(board_vulnerability(17), Vulnerability::None);
    }
}
