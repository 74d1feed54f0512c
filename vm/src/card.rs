//! Cards, suits, seats, sides, vulnerability, hands and deals.
//!
//! A [`Hand`] is a 64-bit mask with one 16-bit lane per suit (clubs in the lowest lane) and
//! one bit per rank inside the lane (the deuce in bit 0, the ace in bit 12). A suit's holding is
//! therefore a 13-bit *suit mask*, the key of every per-suit table in [`crate::evaluation::tables`].

use std::fmt;

/// One of the four suits, numbered as Dealer numbers them (clubs lowest).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Suit {
    /// Clubs, suit 0.
    Clubs = 0,
    /// Diamonds, suit 1.
    Diamonds = 1,
    /// Hearts, suit 2.
    Hearts = 2,
    /// Spades, suit 3.
    Spades = 3,
}

impl Suit {
    /// All suits from clubs up.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    /// The order suits are written in a hand: spades, hearts, diamonds, clubs.
    pub const DISPLAY: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit with Dealer's number `i` (0 = clubs).
    pub fn from_index(i: usize) -> Suit {
        Suit::ALL[i & 3]
    }

    /// Dealer's number of the suit (0 = clubs).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The capital letter of the suit: `S`, `H`, `D` or `C`.
    pub fn letter(self) -> char {
        b"CDHS"[self as usize] as char
    }

    /// The suit written as a capital letter, if `c` is one.
    pub fn from_letter(c: char) -> Option<Suit> {
        match c {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The plural name used in the Dealer language (`clubs`, ...).
    pub fn name(self) -> &'static str {
        ["clubs", "diamonds", "hearts", "spades"][self as usize]
    }
}

/// One of the four players.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Seat {
    /// North, seat 0.
    North = 0,
    /// East, seat 1.
    East = 1,
    /// South, seat 2.
    South = 2,
    /// West, seat 3.
    West = 3,
}

impl Seat {
    /// North, East, South, West: the order hands are printed in.
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    /// The seat with Dealer's number `i` (0 = north).
    pub fn from_index(i: usize) -> Seat {
        Seat::ALL[i & 3]
    }

    /// Dealer's number of the seat (0 = north).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The seat's name with a capital: `North`, ...
    pub fn name(self) -> &'static str {
        ["North", "East", "South", "West"][self as usize]
    }

    /// The seat's name in the Dealer language: `north`, ...
    pub fn keyword(self) -> &'static str {
        ["north", "east", "south", "west"][self as usize]
    }

    /// The seat's capital letter: `N`, `E`, `S`, `W`.
    pub fn letter(self) -> char {
        b"NESW"[self as usize] as char
    }

    /// The seat `n` places clockwise from this one.
    pub fn rotate(self, n: usize) -> Seat {
        Seat::from_index(self as usize + n)
    }

    /// The partner of this seat.
    pub fn partner(self) -> Seat {
        self.rotate(2)
    }
}

/// A set of seats, as a 4-bit mask (bit `i` for [`Seat::index`] `i`): the hands a program
/// reads, or the hands a dealer deals.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Seats(u8);

impl Seats {
    /// No seat.
    pub const NONE: Seats = Seats(0);
    /// All four seats.
    pub const ALL: Seats = Seats(15);

    /// The set holding only `seat`.
    pub fn of(seat: Seat) -> Seats {
        Seats(1 << seat as u8)
    }

    /// This set with `seat` added.
    pub fn with(self, seat: Seat) -> Seats {
        Seats(self.0 | 1 << seat as u8)
    }

    /// The seats of either set.
    pub fn union(self, other: Seats) -> Seats {
        Seats(self.0 | other.0)
    }

    /// The seats not in this set.
    pub fn complement(self) -> Seats {
        Seats(!self.0 & 15)
    }

    /// Whether `seat` is in the set.
    pub fn contains(self, seat: Seat) -> bool {
        self.0 >> seat as u8 & 1 != 0
    }

    /// Whether every seat of this set is in `other`.
    pub fn is_subset(self, other: Seats) -> bool {
        self.0 & !other.0 == 0
    }

    /// The number of seats.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats, north first.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |&s| self.contains(s))
    }
}

impl std::fmt::Display for Seats {
    /// `north south`, `all`, or `none`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Seats::ALL => write!(f, "all"),
            Seats::NONE => write!(f, "none"),
            s => {
                let names: Vec<&str> = s.iter().map(Seat::keyword).collect();
                write!(f, "{}", names.join(" "))
            }
        }
    }
}

/// A partnership: north-south or east-west.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// North and South.
    NorthSouth,
    /// East and West.
    EastWest,
}

impl Side {
    /// The two seats of the side, north or east first.
    pub fn seats(self) -> [Seat; 2] {
        match self {
            Side::NorthSouth => [Seat::North, Seat::South],
            Side::EastWest => [Seat::East, Seat::West],
        }
    }

    /// `NS` or `EW`.
    pub fn name(self) -> &'static str {
        match self {
            Side::NorthSouth => "NS",
            Side::EastWest => "EW",
        }
    }
}

/// Who is vulnerable on a board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

    /// The vulnerability of a deal turned `places` seats clockwise: an odd turn makes north
    /// and south's vulnerability east and west's.
    pub fn rotated(self, places: usize) -> Vulnerability {
        match (self, places % 2) {
            (Vulnerability::NorthSouth, 1) => Vulnerability::EastWest,
            (Vulnerability::EastWest, 1) => Vulnerability::NorthSouth,
            (v, _) => v,
        }
    }
}

/// The characters of the ranks from the deuce (index 0) to the ace (index 12).
pub const RANK_CHARS: &[u8; 13] = b"23456789TJQKA";

/// The rank index (0 = deuce .. 12 = ace) of a rank character.
pub fn rank_from_char(c: char) -> Option<u8> {
    RANK_CHARS.iter().position(|&r| r as char == c).map(|p| p as u8)
}

/// The character of a rank index (0 = deuce .. 12 = ace).
pub fn rank_char(rank: u8) -> char {
    RANK_CHARS[rank as usize] as char
}

/// A single card: its bit position in a [`Hand`] mask.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The card of `suit` with rank index `rank` (0 = deuce .. 12 = ace).
    pub fn new(suit: Suit, rank: u8) -> Card {
        debug_assert!(rank < 13);
        Card(suit as u8 * 16 + rank)
    }

    /// The card's suit.
    pub fn suit(self) -> Suit {
        Suit::from_index((self.0 >> 4) as usize)
    }

    /// The card's rank index (0 = deuce .. 12 = ace).
    pub fn rank(self) -> u8 {
        self.0 & 15
    }

    /// The card's bit in a hand mask.
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// The card's bit position (0..64) in a hand mask.
    pub fn position(self) -> u8 {
        self.0
    }

    /// The card at a bit position of a hand mask, if it is one.
    pub fn from_position(p: u8) -> Option<Card> {
        (p < 64 && (p & 15) < 13).then_some(Card(p))
    }

    /// Parses a card written rank first, as Dealer writes it: `AS`, `TC`, `2D`.
    pub fn parse(s: &str) -> Option<Card> {
        let mut it = s.chars();
        let rank = rank_from_char(it.next()?)?;
        let suit = Suit::from_letter(it.next()?)?;
        it.next().is_none().then(|| Card::new(suit, rank))
    }

    /// The card written suit first, as PBN's play records and JSON reports name it: `SA`, `HT`.
    pub fn suit_first(self) -> String {
        format!("{}{}", self.suit().letter(), rank_char(self.rank()))
    }

    /// All 52 cards, clubs first, each suit from the deuce up.
    pub fn all() -> impl Iterator<Item = Card> {
        Suit::ALL.into_iter().flat_map(|s| (0..13).map(move |r| Card::new(s, r)))
    }
}

impl fmt::Display for Card {
    /// Writes the card rank first (`AS`), as Dealer reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", rank_char(self.rank()), self.suit().letter())
    }
}

/// The mask of all 52 card bits.
pub const ALL_CARDS: u64 = 0x1FFF_1FFF_1FFF_1FFF;

/// A set of cards, usually one player's hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Hand(pub u64);

impl Hand {
    /// The hand with no cards.
    pub const EMPTY: Hand = Hand(0);

    /// The 13-bit suit mask of the hand's holding in `suit`.
    #[inline(always)]
    pub fn suit_mask(self, suit: Suit) -> u16 {
        ((self.0 >> (suit as u32 * 16)) & 0x1FFF) as u16
    }

    /// The number of cards held in `suit`.
    #[inline(always)]
    pub fn len(self, suit: Suit) -> u32 {
        self.suit_mask(suit).count_ones()
    }

    /// The number of cards in the hand.
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the hand holds no card.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the hand holds `card`.
    #[inline(always)]
    pub fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }

    /// The hand with `card` added.
    pub fn with(self, card: Card) -> Hand {
        Hand(self.0 | card.bit())
    }

    /// The hand made of the given suit masks (indexed by [`Suit::index`]).
    pub fn from_suit_masks(masks: [u16; 4]) -> Hand {
        Hand(masks.iter().enumerate().fold(0u64, |h, (s, &m)| h | (((m & 0x1FFF) as u64) << (16 * s))))
    }

    /// The cards of the hand, clubs first, each suit from the deuce up.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0 & ALL_CARDS;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let p = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Card(p))
        })
    }

    /// The suit lengths in the order spades, hearts, diamonds, clubs.
    pub fn shape(self) -> [u8; 4] {
        Suit::DISPLAY.map(|s| self.len(s) as u8)
    }

    /// The ranks held in `suit`, from the ace down, as characters (`"AKT9"`).
    pub fn holding(self, suit: Suit) -> String {
        let m = self.suit_mask(suit);
        (0..13u8).rev().filter(|r| m & (1 << r) != 0).map(rank_char).collect()
    }

    /// The hand in PBN form: suits spades first separated by dots (`AKT9.Q3.J976.K82`).
    pub fn pbn(self) -> String {
        let mut out = Vec::with_capacity(16);
        self.write_pbn(&mut out);
        String::from_utf8(out).expect("ranks and dots are ASCII")
    }

    /// Appends the hand in PBN form to `out`.
    pub fn write_pbn(self, out: &mut Vec<u8>) {
        for (i, &suit) in Suit::DISPLAY.iter().enumerate() {
            if i > 0 {
                out.push(b'.');
            }
            let mut m = self.suit_mask(suit);
            while m != 0 {
                let r = 15 - m.leading_zeros() as usize;
                out.push(RANK_CHARS[r]);
                m &= !(1 << r);
            }
        }
    }
}

/// A deal: the four hands, indexed by [`Seat::index`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Deal {
    /// The hands of north, east, south and west, in that order.
    pub hands: [Hand; 4],
}

impl Deal {
    /// The hand held by `seat`.
    #[inline(always)]
    pub fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat as usize]
    }

    /// Whether the deal holds each of the 52 cards exactly once, 13 per hand.
    pub fn is_complete(&self) -> bool {
        let mut union = 0u64;
        for h in self.hands {
            if h.count() != 13 || h.0 & union != 0 || h.0 & !ALL_CARDS != 0 {
                return false;
            }
            union |= h.0;
        }
        union == ALL_CARDS
    }

    /// The seat holding `card`, if any.
    pub fn owner(&self, card: Card) -> Option<Seat> {
        Seat::ALL.into_iter().find(|&s| self.hand(s).contains(card))
    }

    /// The deal turned `places` seats clockwise: the hand of each seat goes to the seat
    /// `places` on (turned by 1, north's hand is east's).
    pub fn rotated(&self, places: usize) -> Deal {
        Deal { hands: std::array::from_fn(|i| self.hands[(i + 4 - places % 4) % 4]) }
    }

    /// The deal in PBN form starting with north: `N:AKT9.Q3.J976.K82 ...`.
    pub fn pbn(&self) -> String {
        self.pbn_from(Seat::North)
    }

    /// The deal in PBN form starting with `first`.
    pub fn pbn_from(&self, first: Seat) -> String {
        let hands: Vec<String> = (0..4).map(|i| self.hand(first.rotate(i)).pbn()).collect();
        format!("{}:{}", first.letter(), hands.join(" "))
    }

    /// A deal read from its PBN form (`N:AKT9.Q3.J976.K82 ...`, any first seat, four hands,
    /// each card once); `None` if the text is not one. Files are read by `dealvm`'s PBN
    /// reader, which says what is wrong and where; this is for tests, benchmarks and tools.
    pub fn from_pbn(text: &str) -> Option<Deal> {
        let (first, hands) = text.split_once(':')?;
        let first = Seat::ALL.into_iter().find(|s| first.len() == 1 && first.starts_with(s.letter()))?;
        let hands: Vec<&str> = hands.split_whitespace().collect();
        if hands.len() != 4 {
            return None;
        }
        let mut deal = Deal::default();
        for (i, text) in hands.iter().enumerate() {
            let holdings: Vec<&str> = text.split('.').collect();
            if holdings.len() != 4 {
                return None;
            }
            let mut hand = Hand::EMPTY;
            for (suit, holding) in Suit::DISPLAY.into_iter().zip(holdings) {
                for c in holding.chars() {
                    let card = Card::new(suit, rank_from_char(c)?);
                    if hand.contains(card) {
                        return None;
                    }
                    hand = hand.with(card);
                }
            }
            deal.hands[first.rotate(i) as usize] = hand;
        }
        let all = deal.hands.iter().fold(0, |a, h| a | h.0);
        let count: u32 = deal.hands.iter().map(|h| h.count()).sum();
        (all.count_ones() == count).then_some(deal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_round_trips_through_text() {
        for c in Card::all() {
            assert_eq!(Card::parse(&c.to_string()), Some(c));
        }
        assert_eq!(Card::all().count(), 52);
        assert_eq!(Card::parse("TC"), Some(Card::new(Suit::Clubs, 8)));
        assert_eq!(Card::parse("CT"), None);
    }

    #[test]
    fn deals_round_trip_through_pbn() {
        let text = "N:AKT9.Q3.J976.K82 Q85.AJ97.AK.QJT9 J432.KT854.2.A76 76.62.QT8543.543";
        let deal = Deal::from_pbn(text).unwrap();
        assert_eq!(deal.pbn(), text);
        assert!(deal.is_complete());
        let from_east = deal.pbn_from(Seat::East);
        assert_eq!(Deal::from_pbn(&from_east), Some(deal));
        assert_eq!(Deal::from_pbn("N:A... ... ... ..."), Some(Deal { hands: [Hand(1 << 60), Hand(0), Hand(0), Hand(0)] }));
        for bad in [
            "",
            "N:",
            "X:AKT9.Q3.J976.K82 Q85.AJ97.AK.QJT9 J432.KT854.2.A76 76.62.QT8543.543",
            "N:A.... ... ... ...",
            "N:A... A... ... ...",
            "N:Z... ... ... ...",
            "N:A... ... ...",
        ] {
            assert_eq!(Deal::from_pbn(bad), None, "{bad}");
        }
    }

    #[test]
    fn hand_masks_hold_suits_in_lanes() {
        let h = Hand(0).with(Card::parse("AS").unwrap()).with(Card::parse("2C").unwrap());
        assert_eq!(h.suit_mask(Suit::Spades), 1 << 12);
        assert_eq!(h.suit_mask(Suit::Clubs), 1);
        assert_eq!(h.shape(), [1, 0, 0, 1]);
        assert_eq!(h.pbn(), "A...2");
        assert_eq!(h.cards().count(), 2);
    }
}
