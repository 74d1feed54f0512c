//! The Borel Hand Generator's BHG files: an empty first line, then a line a board of 52
//! letters, 13 a hand, the board's dealer first and the others clockwise. A letter is a card's
//! index: `A` the ace of spades ... `Z` the deuce of hearts, `a` the ace of diamonds ... `z`
//! the deuce of clubs. Big Deal writes each hand's cards by ascending index. The lines carry
//! no board number: line `n` is board `n`, and its first hand is the dealer's of board `n` in
//! the standard cycle.

use crate::files::cards::{card_at, index_of, indices, shown, whose, DealMaker, Flaw, HAND, PACK};
use dealvm_vm::card::{Card, Deal};
use dealvm_vm::dealing::board::board_dealer;

/// The letter of a card.
pub fn letter(card: Card) -> u8 {
    let index = index_of(card) as u8;
    if index < 26 {
        b'A' + index
    } else {
        b'a' + index - 26
    }
}

/// The card of a letter, if it is one.
pub fn card_of(letter: u8) -> Option<Card> {
    match letter {
        b'A'..=b'Z' => Some(card_at((letter - b'A') as usize)),
        b'a'..=b'z' => Some(card_at((letter - b'a') as usize + 26)),
        _ => None,
    }
}

/// The 52 letters of board `number`: the dealer's hand first.
pub fn line(number: u64, deal: &Deal) -> [u8; PACK] {
    let dealer = board_dealer(number);
    let mut out = [b' '; PACK];
    let letters = (0..4).flat_map(|k| indices(deal.hand(dealer.rotate(k))).into_iter().take(HAND));
    for (slot, index) in out.iter_mut().zip(letters) {
        *slot = letter(card_at(index));
    }
    out
}

/// The deal of board `number`'s line (52 letters, the dealer's hand first, each hand's cards
/// in any order), or what is wrong with it.
pub fn read_line(number: u64, text: &[u8]) -> Result<Deal, Flaw> {
    if text.len() != PACK {
        return Err(Flaw::new(0, text.len(), format!("{} characters", text.len()), "52 letters, 13 for each hand"));
    }
    let dealer = board_dealer(number);
    let mut maker = DealMaker::new();
    for (i, &byte) in text.iter().enumerate() {
        let seat = dealer.rotate(i / HAND);
        let card = card_of(byte).ok_or_else(|| Flaw::new(i, 1, shown(byte), format!("a letter, a card of {} hand", whose(seat))))?;
        maker.give(seat, card, i)?;
    }
    maker.finish(0, PACK)
}

/// A BHG file: an empty line, then each board's line.
pub fn file(boards: &[(u64, Deal)]) -> Vec<u8> {
    let mut out = vec![b'\n'];
    for (number, deal) in boards {
        out.extend_from_slice(&line(*number, deal));
        out.push(b'\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::bigdeal::number::deal_of;

    #[test]
    fn lines_start_with_the_dealer_and_read_back() {
        let deal = deal_of(0);
        // Board 2: East deals and holds the hearts, N, O, ... Z.
        assert_eq!(&line(2, &deal)[..13], b"NOPQRSTUVWXYZ");
        assert_eq!(&line(1, &deal)[..13], b"ABCDEFGHIJKLM");
        for number in 1..=4 {
            let deal = deal_of(number as u128 * 1_000_000_007);
            assert_eq!(read_line(number, &line(number, &deal)), Ok(deal));
        }
        let mut bad = line(3, &deal);
        bad[13] = b'1';
        assert_eq!(read_line(3, &bad).unwrap_err().message(), "found `1`, expected a letter, a card of West's hand");
        assert_eq!(read_line(3, &bad[..51]).unwrap_err().message(), "found 51 characters, expected 52 letters, 13 for each hand");
    }
}
