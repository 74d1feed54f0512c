//! BBO's LIN files: `key|value|` pairs, one or more boards a line. There is no published
//! specification; the keys that give a board are:
//!
//! - `md|<d><hand>,<hand>,<hand>[,<hand>]|`: the deal. The digit `d` is the dealer (1 South, 2
//!   West, 3 North, 4 East); the hands come South, West, North, East, each as `S` and the
//!   spades, `H` and the hearts, `D`, `C` likewise (ranks ascending in BBO's own files,
//!   descending in vugraph files and Big Deal's); the last hand is often left out, as it holds
//!   the cards left.
//! - `sv|<v>|`: the vulnerability, `0` or `o` none, `n` North-South, `e` East-West, `b` both.
//! - `ah|Board <n>|`: the board's title; `qx|o<n>|` or `qx|c<n>|`: the board in the open or
//!   closed room.
//!
//! Big Deal writes a line a board: `qx|o<n>|md|<d><S>,<W>,<N>|rh||ah|Board <n>|sv|<v>|pg||`,
//! three hands, ranks descending.

use crate::files::cards::{rank_of, shown, DealMaker, Flaw};
use dealvm_vm::card::{Card, Deal, Seat, Suit};
use dealvm_vm::dealing::board::{board_dealer, board_vulnerability, Vulnerability};

/// The seats in the order of `md`'s hands: South, West, North, East.
pub const HAND_ORDER: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

/// The dealer's digit of `md`: 1 South, 2 West, 3 North, 4 East.
pub fn dealer_digit(seat: Seat) -> u8 {
    b'1' + HAND_ORDER.iter().position(|&s| s == seat).unwrap_or(0) as u8
}

/// The letter of `sv`: `0` none, `n`, `e`, `b`.
pub fn vulnerability_letter(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "0",
        Vulnerability::NorthSouth => "n",
        Vulnerability::EastWest => "e",
        Vulnerability::All => "b",
    }
}

/// The vulnerability of an `sv` value (`0`, `o` or `-` none, `n`, `e`, `b`, in either case).
pub fn read_vulnerability(text: &str) -> Option<Vulnerability> {
    match text.trim().to_ascii_lowercase().as_str() {
        "0" | "o" | "-" => Some(Vulnerability::None),
        "n" => Some(Vulnerability::NorthSouth),
        "e" => Some(Vulnerability::EastWest),
        "b" => Some(Vulnerability::All),
        _ => None,
    }
}

/// A hand as `md` writes it: `S` and the spades, ace first, then `H`, `D`, `C`.
fn hand_text(deal: &Deal, seat: Seat) -> String {
    Suit::DISPLAY.into_iter().map(|suit| format!("{}{}", suit.letter(), deal.hand(seat).holding(suit))).collect()
}

/// Big Deal's line of board `number`, with its line end: the dealer and vulnerability of the
/// number's place in the 16-board cycle.
pub fn line(number: u64, deal: &Deal) -> String {
    line_as(number, deal, board_dealer(number), board_vulnerability(number))
}

/// Big Deal's line of board `number` dealt by `dealer` at `vulnerable`, with its line end.
pub fn line_as(number: u64, deal: &Deal, dealer: Seat, vulnerable: Vulnerability) -> String {
    let hands: Vec<String> = HAND_ORDER[..3].iter().map(|&seat| hand_text(deal, seat)).collect();
    format!(
        "qx|o{number}|md|{}{}|rh||ah|Board {number}|sv|{}|pg||\n",
        dealer_digit(dealer) as char,
        hands.join(","),
        vulnerability_letter(vulnerable)
    )
}

/// A LIN file of Big Deal's lines.
pub fn file(boards: &[(u64, Deal)]) -> Vec<u8> {
    boards.iter().flat_map(|(number, deal)| line(*number, deal).into_bytes()).collect()
}

/// The dealer and deal of an `md` value (offsets from its start): the dealer's digit when
/// there is one, then three or four hands, the one left out or empty holding the rest.
pub fn read_deal(value: &str) -> Result<(Option<Seat>, Deal), Flaw> {
    let bytes = value.as_bytes();
    let (dealer, skip) = match bytes.first() {
        Some(&d @ b'1'..=b'4') => (Some(HAND_ORDER[(d - b'1') as usize]), 1),
        Some(&d) if d.is_ascii_digit() => return Err(Flaw::new(0, 1, shown(d), "the dealer's digit: 1 South, 2 West, 3 North or 4 East")),
        _ => (None, 0),
    };
    let hands: Vec<&str> = value[skip..].split(',').collect();
    if hands.len() > 4 {
        return Err(Flaw::new(0, value.len(), format!("{} hands", hands.len()), "four hands at most: South, West, North, East"));
    }
    let given = hands.iter().filter(|h| !h.trim().is_empty()).count();
    if given < 3 {
        return Err(Flaw::new(
            0,
            value.len(),
            format!("{given} hands"),
            "three hands or four (South, West, North, East): the one left out holds the rest",
        ));
    }
    let mut maker = DealMaker::new();
    let mut at = skip;
    let mut left_out = HAND_ORDER[3];
    for (k, seat) in HAND_ORDER.into_iter().enumerate() {
        let text = hands.get(k).copied().unwrap_or("");
        if text.trim().is_empty() {
            left_out = seat;
        } else {
            read_hand(text, seat, at, &mut maker)?;
        }
        at += text.len() + 1;
    }
    maker.rest_to(left_out);
    Ok((dealer, maker.finish(0, value.len())?))
}

/// Gives `seat` the cards of one hand of `md` (at offset `at`): suit letters each followed by
/// ranks in any order.
fn read_hand(text: &str, seat: Seat, at: usize, maker: &mut DealMaker) -> Result<(), Flaw> {
    let mut suit = None;
    for (j, byte) in text.bytes().enumerate() {
        if let Some(s) = Suit::from_letter(byte.to_ascii_uppercase() as char) {
            suit = Some(s);
            continue;
        }
        let Some(suit) = suit else {
            return Err(Flaw::new(at + j, 1, shown(byte), format!("a suit letter (S, H, D or C) starting {}'s hand", seat.name())));
        };
        let rank = rank_of(byte)
            .ok_or_else(|| Flaw::new(at + j, 1, shown(byte), format!("a rank of {}'s {} or a suit letter", seat.name(), suit.name())))?;
        maker.give(seat, Card::new(suit, rank), at + j)?;
    }
    Ok(())
}

/// The board number of an `ah` value such as `Board 12`: its last word, when a number from 1.
pub fn board_of_title(value: &str) -> Option<u64> {
    value.split_whitespace().last()?.parse().ok().filter(|&n| n >= 1)
}

/// The room and board number of a `qx` value: `o12` the open room's board 12, `c12` the
/// closed room's (what follows the digits, as in `o12,BOARD 12`, is passed over).
pub fn board_of_qx(value: &str) -> Option<(char, u64)> {
    let mut chars = value.trim().chars();
    let room = chars.next()?.to_ascii_lowercase();
    let rest = chars.as_str();
    let digits = &rest[..rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len())];
    let number = digits.parse().ok().filter(|&n| n >= 1)?;
    ['o', 'c'].contains(&room).then_some((room, number))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::bigdeal::number::deal_of;

    /// Board 11 of Big Deal's w11 run.
    const BOARD_11: &str = "qx|o11|md|1ST6HKQJT42D86CQ84,SJ9754H6D74CKJ762,SK83HA8DKT52CAT53|rh||ah|Board 11|sv|0|pg||\n";

    #[test]
    fn deals_read_back_from_three_hands_or_four_in_either_order_of_ranks() {
        let md = &BOARD_11[10..BOARD_11.find("|rh").unwrap()];
        let (dealer, deal) = read_deal(md).unwrap();
        assert_eq!(dealer, Some(Seat::South));
        assert_eq!(line(11, &deal), BOARD_11);
        let east = hand_text(&deal, Seat::East);
        assert_eq!(read_deal(&format!("{md},{east}")).unwrap().1, deal);
        // BBO's own order, ranks from the deuce up, and a hand left out in the middle.
        let up = "3S6TH24JTKQD68CQ84,,SK38HA8D25KTC35TA,SQ2AH9753D3QJA9C9";
        let (dealer, turned) = read_deal(up).unwrap();
        assert_eq!((dealer, turned), (Some(Seat::North), deal));
        for number in [1, 16, 33] {
            let d = deal_of(number as u128 * 977);
            let text = line(number, &d);
            let md = &text[text.find("|md|").unwrap() + 4..text.find("|rh").unwrap()];
            assert_eq!(read_deal(md).unwrap(), (Some(board_dealer(number)), d));
        }
    }

    #[test]
    fn damaged_deals_are_refused_with_the_place() {
        assert_eq!(read_deal("5SAK").unwrap_err().message(), "found `5`, expected the dealer's digit: 1 South, 2 West, 3 North or 4 East");
        assert_eq!(read_deal("1SA,,").unwrap_err().found, "1 hands");
        let flaw = read_deal("1ST6HKQJT42D86CQ8X,SJ9754H6D74CKJ762,SK83HA8DKT52CAT53").unwrap_err();
        assert_eq!((flaw.at, flaw.message()), (17, "found `X`, expected a rank of South's clubs or a suit letter".to_string()));
        assert_eq!(read_deal("1AK,SQ,SJ").unwrap_err().expected, "a suit letter (S, H, D or C) starting South's hand");
    }

    #[test]
    fn board_numbers_come_from_the_title_or_the_room() {
        assert_eq!(board_of_title("Board 12"), Some(12));
        assert_eq!(board_of_title("Board"), None);
        assert_eq!(board_of_qx("o12"), Some(('o', 12)));
        assert_eq!(board_of_qx("C3"), Some(('c', 3)));
        assert_eq!(board_of_qx("x3"), None);
        assert_eq!(board_of_qx("o7,BOARD 7"), Some(('o', 7)));
        assert_eq!(read_vulnerability("O"), Some(Vulnerability::None));
        assert_eq!(read_vulnerability("b"), Some(Vulnerability::All));
        assert_eq!(dealer_digit(Seat::East), b'4');
    }
}
