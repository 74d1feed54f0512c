//! Boards: a deal with its number, dealer and vulnerability, and the standard 16-board cycle
//! that gives a board's dealer and vulnerability from its number.

use crate::card::{Deal, Seat};

/// Who is vulnerable on a board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Vulnerability {
    /// Nobody.
    None,
    /// North and South.
    NorthSouth,
    /// East and West.
    EastWest,
    /// Both sides.
    All,
}

impl Vulnerability {
    /// The PBN spelling: `None`, `NS`, `EW`, `All`.
    pub fn pbn(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NorthSouth => "NS",
            Vulnerability::EastWest => "EW",
            Vulnerability::All => "All",
        }
    }
}

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
