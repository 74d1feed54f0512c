//! What a run predeals: cards and suit lengths, and why a predeal can be impossible.
//!
//! The dealer of predealt cards and the pattern dealing of suit lengths check a predeal when
//! they are built and refuse it with a [`PredealError`].

use crate::card::{Card, Hand, Seat, Suit, ALL_CARDS};

/// Suit lengths predealt to seats: `[seat][suit]`, indexed by [`Seat::index`] and
/// [`Suit::index`].
pub type SuitLengths = [[Option<u8>; 4]; 4];

/// Why a set of predealt cards cannot be dealt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PredealError {
    /// The same card was given to two seats.
    CardTwice {
        /// The card given twice.
        card: Card,
        /// The seat it was given to first.
        first: Seat,
        /// The seat it was given to again (the same seat when it was repeated there).
        second: Seat,
    },
    /// A seat was given more than 13 cards.
    TooManyCards {
        /// The seat given too many cards.
        seat: Seat,
        /// The number of cards predealt to it.
        count: u32,
    },
    /// A seat's predealt suit lengths add up to more than 13 (or, all four given, not 13).
    LengthsAddUp {
        /// The seat whose suit lengths are wrong.
        seat: Seat,
        /// The sum of the suit lengths given for it.
        total: u32,
    },
    /// A suit length is shorter than the cards of that suit predealt to the seat.
    LengthBelowCards {
        /// The seat given the length.
        seat: Seat,
        /// The suit of the length.
        suit: Suit,
        /// The predealt length of the suit.
        length: u8,
        /// The number of cards of the suit predealt to the seat.
        predealt: u8,
    },
    /// The lengths predealt in one suit add up to more than 13.
    SuitAddsUp {
        /// The suit whose lengths are too many.
        suit: Suit,
        /// The sum of the lengths given in the suit.
        total: u32,
    },
    /// The suit lengths cannot all be met together.
    LengthsImpossible,
}

impl std::fmt::Display for PredealError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PredealError::CardTwice { card, first, second } if first == second => {
                write!(f, "the card {card} is predealt to {} twice", first.keyword())
            }
            PredealError::CardTwice { card, first, second } => {
                write!(f, "the card {card} is predealt to both {} and {}", first.keyword(), second.keyword())
            }
            PredealError::TooManyCards { seat, count } => {
                write!(f, "{} is predealt {count} cards; a hand has 13", seat.keyword())
            }
            PredealError::LengthsAddUp { seat, total } => {
                write!(f, "the suit lengths predealt to {} add up to {total}; a hand has 13 cards", seat.keyword())
            }
            PredealError::LengthBelowCards { seat, suit, length, predealt } => {
                write!(f, "{}({}) is {length}, but {} is predealt {predealt} {}", suit.name(), seat.keyword(), seat.keyword(), suit.name())
            }
            PredealError::SuitAddsUp { suit, total } => {
                write!(f, "the {} predealt add up to {total}; there are 13", suit.name())
            }
            PredealError::LengthsImpossible => {
                write!(f, "no deal meets all these predeals together")
            }
        }
    }
}

/// The cards predealt to the seats, checked: no card twice, at most 13 cards a seat. Gives
/// the cards nobody holds.
pub fn free_cards(fixed: &[Hand; 4]) -> Result<u64, PredealError> {
    let mut taken = 0u64;
    for seat in Seat::ALL {
        let hand = fixed[seat as usize];
        if hand.count() > 13 {
            return Err(PredealError::TooManyCards { seat, count: hand.count() });
        }
        if let Some(card) = Hand(hand.0 & taken).cards().next() {
            let first = Seat::ALL.into_iter().find(|&s| fixed[s as usize].contains(card)).unwrap_or(seat);
            return Err(PredealError::CardTwice { card, first, second: seat });
        }
        taken |= hand.0;
    }
    Ok(ALL_CARDS & !taken)
}

/// Whether nothing is predealt: no card and no suit length.
pub fn is_empty(fixed: &[Hand; 4], lengths: &SuitLengths) -> bool {
    fixed.iter().all(|h| h.is_empty()) && lengths.iter().flatten().all(Option::is_none)
}
