//! The pack as the board files order it, and deals put together card by card from them.
//!
//! Every board file of Duplimate, Big Deal, KOPS, Bernasconi, Borel, zrd and DLM numbers the 52
//! cards in one order: the spades from the ace down to the deuce, then the hearts, the
//! diamonds and the clubs. The place of a card in that order ([`index_of`], 0 for the ace of
//! spades, 51 for the deuce of clubs) is the card's *index*; BRI's card numbers count the same
//! places from 1 ([`card_number`]). [`DealMaker`] builds a deal from a file's cards and refuses
//! what is not one: a card given twice, a hand that is not 13 cards. What is wrong is a
//! [`Flaw`]: where, what was found and what was expected, which the readers of `source` put in
//! the file's terms (its name, the board, the byte or the line and column).

use dealvm_vm::card::{rank_from_char, Card, Deal, Hand, Seat, Suit, ALL_CARDS};

/// The cards of a pack.
pub const PACK: usize = 52;

/// The cards of a hand.
pub const HAND: usize = 13;

/// The card at index `index` (0..52): spades from the ace down, then hearts, diamonds, clubs.
pub fn card_at(index: usize) -> Card {
    Card::new(Suit::DISPLAY[(index / HAND) & 3], 12 - (index % HAND) as u8)
}

/// The index of a card (0..52): the ace of spades 0, the deuce of clubs 51.
pub fn index_of(card: Card) -> usize {
    let suit = Suit::DISPLAY.iter().position(|&s| s == card.suit()).unwrap_or(0);
    HAND * suit + (12 - card.rank() as usize)
}

/// BRI's card number of a card: its index from 1, the ace of spades 1 ... the deuce of clubs
/// 52.
pub fn card_number(card: Card) -> u8 {
    index_of(card) as u8 + 1
}

/// The seat holding each card, by index. A card no hand holds (only in an incomplete deal,
/// which dealvm never writes) is West's, the hand the formats that leave one out give the
/// rest to.
pub fn owners(deal: &Deal) -> [Seat; PACK] {
    std::array::from_fn(|i| deal.owner(card_at(i)).unwrap_or(Seat::West))
}

/// The cards of a hand by index, ascending: the order in which Big Deal writes a hand.
pub fn indices(hand: Hand) -> Vec<usize> {
    let mut out: Vec<usize> = hand.cards().map(index_of).collect();
    out.sort_unstable();
    out
}

/// The rank of a rank character, `A` `K` `Q` `J` `T` `9` ... `2`, in either case.
pub fn rank_of(c: u8) -> Option<u8> {
    rank_from_char(c.to_ascii_uppercase() as char)
}

/// A seat as messages name it in a possessive: `North's`.
pub fn whose(seat: Seat) -> String {
    format!("{}'s", seat.name())
}

/// What is wrong in the bytes of a board: where (`at`, `len`: offset and length from the start
/// of what was read), what was found and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flaw {
    /// The offset of what is wrong.
    pub at: usize,
    /// Its length in bytes (at least 1 for a place to point at).
    pub len: usize,
    /// What was found: `` `7` ``, `12 cards in East's hand`.
    pub found: String,
    /// What was expected: `a card number 01 to 52`.
    pub expected: String,
}

impl Flaw {
    /// A flaw at `at`, `len` bytes long.
    pub fn new(at: usize, len: usize, found: impl Into<String>, expected: impl Into<String>) -> Flaw {
        Flaw { at, len: len.max(1), found: found.into(), expected: expected.into() }
    }

    /// The same flaw `by` bytes further on: read from inside a larger record or file.
    pub fn shifted(mut self, by: usize) -> Flaw {
        self.at += by;
        self
    }

    /// `found ..., expected ...`.
    pub fn message(&self) -> String {
        format!("found {}, expected {}", self.found, self.expected)
    }
}

/// Shows a byte of a file in a message: `` `7` `` for a printable one, `the byte 0x06` for
/// another.
pub fn shown(byte: u8) -> String {
    if byte.is_ascii_graphic() {
        format!("`{}`", byte as char)
    } else if byte == b' ' {
        "a space".to_string()
    } else {
        format!("the byte 0x{byte:02X}")
    }
}

/// A deal put together card by card, each card given once, checked whole at the end.
#[derive(Clone, Debug, Default)]
pub struct DealMaker {
    hands: [Hand; 4],
}

impl DealMaker {
    /// No card given yet.
    pub fn new() -> DealMaker {
        DealMaker::default()
    }

    /// Gives `card` to `seat`, read at offset `at`; refused when a hand holds it already.
    pub fn give(&mut self, seat: Seat, card: Card, at: usize) -> Result<(), Flaw> {
        if let Some(first) = Seat::ALL.into_iter().find(|&s| self.hands[s.index()].contains(card)) {
            let holder = if first == seat { "the same hand".to_string() } else { first.name().to_string() };
            return Err(Flaw::new(at, 1, format!("the {card} a second time (given to {holder} before)"), "each card once"));
        }
        self.hands[seat.index()] = self.hands[seat.index()].with(card);
        Ok(())
    }

    /// Gives `seat` every card no hand holds: the hand a format leaves out.
    pub fn rest_to(&mut self, seat: Seat) {
        let held = self.hands.iter().fold(0, |all, h| all | h.0);
        self.hands[seat.index()] = Hand(self.hands[seat.index()].0 | (ALL_CARDS & !held));
    }

    /// The cards `seat` holds so far.
    pub fn count(&self, seat: Seat) -> u32 {
        self.hands[seat.index()].count()
    }

    /// The deal, when every hand holds 13 cards; else the first hand that does not, as a
    /// flaw at `at` (`len` bytes: the board's record or text).
    pub fn finish(self, at: usize, len: usize) -> Result<Deal, Flaw> {
        if let Some(seat) = Seat::ALL.into_iter().find(|&s| self.count(s) as usize != HAND) {
            let n = self.count(seat);
            return Err(Flaw::new(at, len, format!("{n} cards in {} hand", whose(seat)), "13 cards in each hand"));
        }
        Ok(Deal { hands: self.hands })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pack_order_runs_from_the_ace_of_spades_to_the_deuce_of_clubs() {
        assert_eq!(card_at(0).to_string(), "AS");
        assert_eq!(card_at(12).to_string(), "2S");
        assert_eq!(card_at(13).to_string(), "AH");
        assert_eq!(card_at(51).to_string(), "2C");
        for i in 0..PACK {
            assert_eq!(index_of(card_at(i)), i);
        }
        assert_eq!(card_number(card_at(0)), 1);
        assert_eq!(card_number(card_at(51)), 52);
    }

    #[test]
    fn a_deal_is_made_only_of_four_hands_of_thirteen_different_cards() {
        let mut maker = DealMaker::new();
        for i in 0..PACK {
            maker.give(Seat::from_index(i % 4), card_at(i), i).unwrap();
        }
        let deal = maker.clone().finish(0, 52).unwrap();
        assert!(deal.is_complete());
        assert_eq!(owners(&deal)[5], Seat::East);
        let flaw = maker.give(Seat::South, card_at(5), 60).unwrap_err();
        assert_eq!(flaw.message(), "found the 9S a second time (given to East before), expected each card once");
        assert_eq!(flaw.at, 60);

        let mut short = DealMaker::new();
        for i in 0..39 {
            short.give(Seat::from_index(i / 13), card_at(i), i).unwrap();
        }
        let flaw = short.clone().finish(0, 39).unwrap_err();
        assert_eq!(flaw.message(), "found 0 cards in West's hand, expected 13 cards in each hand");
        short.rest_to(Seat::West);
        assert!(short.finish(0, 39).unwrap().is_complete());
    }

    #[test]
    fn bytes_are_shown_as_a_reader_sees_them() {
        assert_eq!(shown(b'7'), "`7`");
        assert_eq!(shown(b' '), "a space");
        assert_eq!(shown(6), "the byte 0x06");
    }
}
