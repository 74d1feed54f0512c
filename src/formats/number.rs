//! Big Deal's numbering of the deals: every deal has one number below [`DEALS`], and every
//! number below it is one deal.
//!
//! Big Deal orders the pack spades first, then hearts, diamonds and clubs, each suit from the
//! ace down to the deuce: the ace of spades is card 0, the deuce of clubs card 51. North's hand
//! is one of the C(52,13) sets of 13 cards of that list, east's one of the C(39,13) sets of the
//! 39 left, south's one of the C(26,13) sets of the 26 left, and west holds the last 13. Each
//! hand is numbered by the place of its cards among the sets of 13 of its list in lexicographic
//! order (Big Deal's `godel.tex` writes the same number as a sum of differences of binomial
//! coefficients), and the deal's number is `(G_N · C(39,13) + G_E) · C(26,13) + G_S`.
//!
//! Inside this module a set of cards is *packed*: bit `13 · suit + rank` for [`Suit::index`]
//! and a rank from the deuce (0) to the ace (12). Big Deal's card number is then `51` minus
//! the bit, so that its order is the packed bits from the highest down.

use dealvm_vm::card::{Deal, Hand, Suit};

/// The number of different deals, C(52,13) · C(39,13) · C(26,13): Big Deal's numbers are
/// `0..DEALS`.
pub const DEALS: u128 = 53_644_737_765_488_792_839_237_440_000;

/// The binomial coefficients C(n, k) for n up to 52 and k up to 13.
const BINOMIAL: [[u64; 14]; 53] = binomials();

/// Pascal's triangle, cut at k = 13.
const fn binomials() -> [[u64; 14]; 53] {
    let mut table = [[0u64; 14]; 53];
    let mut n = 0;
    while n <= 52 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= 13 {
            if n > 0 {
                table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            }
            k += 1;
        }
        n += 1;
    }
    table
}

/// The deals of the last two hands dealt for each hand south may hold: C(26,13).
const SOUTH_HANDS: u64 = BINOMIAL[26][13];

/// The deals of east and south for each hand north may hold: C(39,13) · C(26,13).
const EAST_SOUTH_DEALS: u64 = BINOMIAL[39][13] * SOUTH_HANDS;

/// The packed set of all 52 cards.
const PACK: u64 = (1 << 52) - 1;

/// A hand's cards packed: 13 bits a suit, clubs lowest.
fn pack(hand: Hand) -> u64 {
    Suit::ALL.iter().fold(0, |packed, &suit| packed | (hand.suit_mask(suit) as u64) << (13 * suit.index()))
}

/// The hand of a packed set of cards.
fn unpack(packed: u64) -> Hand {
    Hand::from_suit_masks(std::array::from_fn(|suit| (packed >> (13 * suit) & 0x1FFF) as u16))
}

/// The number of `hand` among the sets of 13 of the cards `left`, in Big Deal's order: for
/// each card of `left` the hand does not hold, the sets that hold the same cards up to it
/// and then hold it.
///
/// The number is below C(n, 13) for n cards left, whatever `hand` holds.
fn hand_number(hand: u64, left: u64) -> u64 {
    let n = left.count_ones() as usize;
    let (mut number, mut wanted, mut rest, mut place) = (0u64, 13usize, left, 0usize);
    while wanted > 0 && rest != 0 {
        let bit = 63 - rest.leading_zeros();
        rest &= !(1 << bit);
        place += 1;
        if hand >> bit & 1 != 0 {
            wanted -= 1;
        } else {
            number = number.wrapping_add(BINOMIAL[n - place][wanted - 1]);
        }
    }
    number
}

/// The hand with number `number` among the sets of 13 of the cards `left`: the inverse of
/// [`hand_number`] for numbers below C(n, 13).
fn hand_of(mut number: u64, left: u64) -> u64 {
    let n = left.count_ones() as usize;
    let (mut hand, mut wanted, mut rest, mut place) = (0u64, 13usize, left, 0usize);
    while wanted > 0 && rest != 0 {
        let bit = 63 - rest.leading_zeros();
        rest &= !(1 << bit);
        place += 1;
        let with_it = BINOMIAL[n - place][wanted - 1];
        if number < with_it {
            hand |= 1 << bit;
            wanted -= 1;
        } else {
            number -= with_it;
        }
    }
    hand
}

/// Big Deal's number of a deal, below [`DEALS`].
///
/// A deal that is not complete ([`Deal::is_complete`]) gets a number with no meaning, still
/// below [`DEALS`]: west's hand is not read, and a card given twice counts for the first hand,
/// north first, that holds it.
pub fn number_of(deal: &Deal) -> u128 {
    let north = pack(deal.hands[0]);
    let east = pack(deal.hands[1]) & !north;
    let south = pack(deal.hands[2]) & !(north | east);
    let g_north = hand_number(north, PACK);
    let g_east = hand_number(east, PACK & !north);
    let g_south = hand_number(south, PACK & !(north | east));
    let number = g_north as u128 * EAST_SOUTH_DEALS as u128 + (g_east as u128 * SOUTH_HANDS as u128 + g_south as u128);
    // Only a hand short of cards reaches C(n, 13).
    number % DEALS
}

/// The deal with Big Deal's number `number`; a number from [`DEALS`] on is taken modulo
/// [`DEALS`]. The deal is always complete.
pub fn deal_of(number: u128) -> Deal {
    let number = number % DEALS;
    // Below C(52,13), and below C(39,13) · C(26,13): both fit 64 bits.
    let g_north = (number / EAST_SOUTH_DEALS as u128) as u64;
    let east_south = (number % EAST_SOUTH_DEALS as u128) as u64;
    let north = hand_of(g_north, PACK);
    let east = hand_of(east_south / SOUTH_HANDS, PACK & !north);
    let south = hand_of(east_south % SOUTH_HANDS, PACK & !(north | east));
    let west = PACK & !(north | east | south);
    Deal { hands: [north, east, south, west].map(unpack) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_number_of_deals_is_the_product_of_the_three_binomials() {
        assert_eq!(BINOMIAL[52][13], 635_013_559_600);
        assert_eq!(DEALS, BINOMIAL[52][13] as u128 * EAST_SOUTH_DEALS as u128);
    }

    #[test]
    fn the_first_and_last_numbers_are_valid_deals_at_either_end_of_the_order() {
        let first = deal_of(0);
        assert!(first.is_complete());
        // North holds the first 13 cards: the spades; west the clubs.
        assert_eq!(first.pbn(), "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432");
        assert_eq!(number_of(&first), 0);
        let last = deal_of(DEALS - 1);
        assert!(last.is_complete());
        assert_eq!(last.pbn(), "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432...");
        assert_eq!(number_of(&last), DEALS - 1);
        assert_eq!(deal_of(DEALS), first);
        assert!(deal_of(u128::MAX).is_complete());
    }

    #[test]
    fn numbers_and_deals_round_trip() {
        // A simple mixing of the counter, enough to spread the numbers over 0..DEALS.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            dealvm_vm::dealing::rng::mix64(x)
        };
        for _ in 0..10_000 {
            let number = ((next() as u128) << 64 | next() as u128) % DEALS;
            let deal = deal_of(number);
            assert!(deal.is_complete(), "{number}");
            assert_eq!(number_of(&deal), number);
        }
    }

    #[test]
    fn an_incomplete_deal_gets_a_number_without_a_panic() {
        assert!(number_of(&Deal::default()) < DEALS);
        let full = Deal { hands: [Hand(dealvm_vm::card::ALL_CARDS); 4] };
        assert!(number_of(&full) < DEALS);
    }
}
