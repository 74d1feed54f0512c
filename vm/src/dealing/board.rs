//! Boards: a deal with its number, dealer and vulnerability (and, from a file of solved deals,
//! its double-dummy results), and the standard 16-board cycle that gives a board's dealer and
//! vulnerability from its number.

pub use crate::card::Vulnerability;
use crate::card::{Deal, Seat};
use crate::evaluation::dd::TrickTable;

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

    /// Board `number` with `deal`, and the dealer and vulnerability of its place in the
    /// standard 16-board cycle ([`board_dealer`], [`board_vulnerability`]): a board of a file
    /// that gives neither, whose boards follow the cycle (a dealing machine's).
    pub fn of_cycle(number: u64, deal: Deal) -> Board {
        Board { number, deal, dealer: Some(board_dealer(number)), vulnerable: Some(board_vulnerability(number)), tricks: None }
    }

    /// The board with its deal turned `places` seats clockwise: each hand, each declarer's
    /// tricks, the dealer and the vulnerability move on that many seats.
    pub fn rotated(&self, places: usize) -> Board {
        Board {
            number: self.number,
            deal: self.deal.rotated(places),
            dealer: self.dealer.map(|d| d.rotate(places)),
            vulnerable: self.vulnerable.map(|v| v.rotated(places)),
            tricks: self.tricks.map(|t| t.rotated(places)),
        }
    }
}

/// How many seats clockwise `from` turns to reach `to`: from north to west, 3.
pub fn places_between(from: Seat, to: Seat) -> usize {
    (to.index() + 4 - from.index()) % 4
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

    #[test]
    fn a_board_turns_with_all_it_holds() {
        use crate::card::{Card, Hand};
        use crate::evaluation::score::Strain;
        // North holds the spades, east the hearts, south the diamonds, west the clubs.
        let suit = |s: usize| (0..13).fold(Hand::EMPTY, |h, r| h.with(Card::new(crate::card::Suit::from_index(s), r)));
        let deal = Deal { hands: [suit(3), suit(2), suit(1), suit(0)] };
        let mut tricks = TrickTable::default();
        tricks.set(Seat::North, Strain::Spades, 13);
        let board = Board { number: 2, deal, dealer: Some(Seat::North), vulnerable: Some(Vulnerability::NorthSouth), tricks: Some(tricks) };
        let turned = board.rotated(places_between(Seat::North, board_dealer(2)));
        assert_eq!(turned.deal.hand(Seat::East), deal.hand(Seat::North), "north's spades sit east, the dealer of board 2");
        assert_eq!(turned.deal.hand(Seat::North), deal.hand(Seat::West));
        assert_eq!((turned.dealer, turned.vulnerable), (Some(Seat::East), Some(Vulnerability::EastWest)));
        assert_eq!(turned.tricks.unwrap().get(Seat::East, Strain::Spades), 13);
        assert_eq!(board.rotated(2).vulnerable, Some(Vulnerability::NorthSouth));
        assert_eq!(board.rotated(3).rotated(1), board);
        assert_eq!([Seat::North, Seat::East, Seat::South, Seat::West].map(|s| places_between(Seat::East, s)), [3, 0, 1, 2]);
    }
}
