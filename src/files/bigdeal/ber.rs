//! Bernasconi's BER files: 52 ASCII digits a board, no separator, no line end, no header, no
//! board number. Digit `c` is the owner of the card of index `c` (the ace of spades first, the
//! deuce of clubs last): `1` North, `2` East, `3` South, `4` West.

use crate::files::cards::{card_at, owners, shown, DealMaker, Flaw, PACK};
use dealvm_vm::card::{Deal, Seat};

/// The bytes of a board.
pub const RECORD: usize = PACK;

/// The digit of a seat: `1` North ... `4` West.
pub fn digit(seat: Seat) -> u8 {
    b'1' + seat.index() as u8
}

/// The 52 digits of a deal.
pub fn record(deal: &Deal) -> [u8; RECORD] {
    owners(deal).map(digit)
}

/// The deal of 52 digits, or what is wrong: a byte that is not `1` to `4`, a hand that is not
/// 13 cards.
pub fn read_record(bytes: &[u8]) -> Result<Deal, Flaw> {
    let mut maker = DealMaker::new();
    for (i, &byte) in bytes.iter().take(RECORD).enumerate() {
        if !(b'1'..=b'4').contains(&byte) {
            return Err(Flaw::new(i, 1, shown(byte), format!("the owner of the {}: 1 North, 2 East, 3 South or 4 West", card_at(i))));
        }
        maker.give(Seat::from_index((byte - b'1') as usize), card_at(i), i)?;
    }
    maker.finish(0, RECORD)
}

/// A BER file: each board's 52 digits.
pub fn file(boards: &[(u64, Deal)]) -> Vec<u8> {
    boards.iter().flat_map(|(_, deal)| record(deal)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::bigdeal::number::deal_of;

    #[test]
    fn records_read_back_and_damage_is_placed() {
        let deal = deal_of(271_828_182_845_904_523_536);
        assert_eq!(read_record(&record(&deal)), Ok(deal));
        assert_eq!(&record(&deal_of(0))[..14], b"11111111111112");
        let mut bad = record(&deal);
        bad[20] = b'5';
        assert_eq!(read_record(&bad).unwrap_err().message(), "found `5`, expected the owner of the 7H: 1 North, 2 East, 3 South or 4 West");
        let mut bad = record(&deal);
        bad[0] = if bad[0] == b'1' { b'2' } else { b'1' };
        assert!(read_record(&bad).unwrap_err().message().ends_with("expected 13 cards in each hand"));
    }
}
