//! Big Deal's CSV files, for databases: a line a board of 18 quoted fields separated by commas.
//! The first 16 are the holdings of North, East, South and West, each spades, hearts, diamonds,
//! clubs, as ranks from the ace down (`"AKT9"`, a void `""`); then the board number, and the
//! dealer and vulnerability as `"W/NS"` (vulnerability `-` for none, `NS`, `EW`, `All`). Big Deal
//! ends lines with LF; other programs with CR LF.
//!
//! Reading Big Deal's CSV files (layout in `crate::formats::csv`): a line a board, with
//! its number, dealer and vulnerability; empty lines are passed over.

use crate::diag::{Diagnostic, Source};
use crate::formats::cards::{rank_of, shown, whose, DealMaker, Flaw};
use crate::formats::facts::{Facts, Read, Reader, Sealed, Switch};
use crate::formats::pbn::{seat_of_letter, vulnerability_of};
use crate::formats::place::whole_lines;
use crate::formats::place::{board_lines, lines};
use dealvm_vm::card::{Card, Deal, Seat, Suit};
use dealvm_vm::dealing::board::{board_dealer, board_vulnerability, Board, Vulnerability};

/// Big Deal's CSV files of boards, for spreadsheets and databases.
pub const FACTS: Facts = Facts {
    name: "csv",
    big_deal_name: None,
    sealed: None,
    extension: "csv",
    what: "Big Deal CSV",
    title: "Big Deal's CSV",
    label: "CSV (Big Deal's, for spreadsheets)",
    switch: Switch::Long {
        switch: "--boards-csv",
        help: "Write the produced deals to a CSV file as Big Deal writes it (one line a board: the 16 holdings, the board, its dealer and vulnerability); -C is Dealer's `csvrpt` file",
        long_help: None,
        in_short_help: false,
    },
    binary: false,
    layout: None,
    records: false,
    last_board: None,
    numbers: true,
    dealers: true,
    content_type: "text/csv; charset=us-ascii",
    looks_like: Some(|head, size| looks_like_csv(&whole_lines(head, size))),
    read: Reader::Text(|src, _| read(src).map(Read::boards)),
    write: Some(write),
};

/// The fields of a line.
pub const FIELDS: usize = 18;

/// The vulnerability as the CSV file writes it.
pub fn vulnerability(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "-",
        other => other.pbn(),
    }
}

/// The line of board `number`, without its line end: the dealer and vulnerability of the
/// number's place in the 16-board cycle.
pub fn line(number: u64, deal: &Deal) -> String {
    line_as(number, deal, board_dealer(number), board_vulnerability(number))
}

/// The line of board `number` dealt by `dealer` at `vulnerable`, without its line end.
pub fn line_as(number: u64, deal: &Deal, dealer: Seat, vulnerable: Vulnerability) -> String {
    let mut fields: Vec<String> = Seat::ALL.into_iter().flat_map(|seat| Suit::DISPLAY.map(|suit| deal.hand(seat).holding(suit))).collect();
    fields.push(number.to_string());
    fields.push(format!("{}/{}", dealer.letter(), vulnerability(vulnerable)));
    let quoted: Vec<String> = fields.iter().map(|f| format!("\"{f}\"")).collect();
    quoted.join(",")
}

/// A CSV file: each board's line, ending with LF.
pub fn file(boards: &[(u64, Deal)]) -> Vec<u8> {
    boards.iter().flat_map(|(number, deal)| format!("{}\n", line(*number, deal)).into_bytes()).collect()
}

/// The fields of a line (without its line end): each field's offset and text, quotes taken
/// off (a field may be quoted, `""` inside quotes standing for one quote, or not).
pub fn fields(text: &str) -> Result<Vec<(usize, String)>, Flaw> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    loop {
        let start = at;
        let mut value = String::new();
        if bytes.get(at) == Some(&b'"') {
            at += 1;
            loop {
                match bytes.get(at) {
                    None => return Err(Flaw::new(start, text.len() - start, "a field without its closing quote", "a quote at the field's end")),
                    Some(b'"') if bytes.get(at + 1) == Some(&b'"') => {
                        value.push('"');
                        at += 2;
                    }
                    Some(b'"') => {
                        at += 1;
                        break;
                    }
                    Some(_) => {
                        let c = text[at..].chars().next().unwrap_or('?');
                        value.push(c);
                        at += c.len_utf8();
                    }
                }
            }
            if let Some(&b) = bytes.get(at).filter(|&&b| b != b',') {
                return Err(Flaw::new(at, 1, shown(b), "a comma after the quoted field"));
            }
        } else {
            let end = text[at..].find(',').map_or(text.len(), |i| at + i);
            value.push_str(&text[at..end]);
            at = end;
        }
        out.push((start, value));
        if at >= text.len() {
            return Ok(out);
        }
        at += 1;
    }
}

/// A board of a CSV line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvBoard {
    pub number: u64,
    pub dealer: Seat,
    pub vulnerable: Vulnerability,
    pub deal: Deal,
}

/// The board of a line (without its line end), or what is wrong with it, with its offset in
/// the line.
pub fn read_line(text: &str) -> Result<CsvBoard, Flaw> {
    let fields = fields(text)?;
    if fields.len() != FIELDS {
        return Err(Flaw::new(
            0,
            text.len(),
            format!("{} fields", fields.len()),
            "18 fields: the 16 holdings of North, East, South and West, the board number, the dealer and vulnerability",
        ));
    }
    let mut maker = DealMaker::new();
    for (k, (start, holding)) in fields.iter().take(16).enumerate() {
        let (seat, suit) = (Seat::from_index(k / 4), Suit::DISPLAY[k % 4]);
        // The quote before a quoted field.
        let skip = usize::from(text.as_bytes().get(*start) == Some(&b'"'));
        for (j, byte) in holding.bytes().enumerate() {
            let at = start + skip + j;
            let rank = rank_of(byte).ok_or_else(|| Flaw::new(at, 1, shown(byte), format!("a rank of {} {}", whose(seat), suit.name())))?;
            maker.give(seat, Card::new(suit, rank), at)?;
        }
    }
    let deal = maker.finish(0, text.len())?;
    let (at, number) = &fields[16];
    let number = number
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| Flaw::new(*at, number.len() + 2, format!("`{number}`"), "the board number (from 1) in the 17th field"))?;
    let (at, placing) = &fields[17];
    let (dealer, vulnerable) = placing.split_once('/').and_then(|(d, v)| Some((seat_of_letter(d)?, vulnerability_of(v)?))).ok_or_else(|| {
        Flaw::new(*at, placing.len() + 2, format!("`{placing}`"), "the dealer and vulnerability, such as `W/NS` (-, NS, EW or All)")
    })?;
    Ok(CsvBoard { number, dealer, vulnerable, deal })
}

/// Whether a line looks like Big Deal's CSV: 18 quoted fields, the 17th a number.
pub fn looks_like_line(text: &str) -> bool {
    let quoted = text.split(',').count() == FIELDS && text.split(',').all(|f| f.len() >= 2 && f.starts_with('"') && f.ends_with('"'));
    quoted && fields(text).is_ok_and(|f| f.len() == FIELDS && !f[16].1.is_empty() && f[16].1.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether a text is Big Deal's CSV: its first line that is not empty is 18 quoted fields, the
/// 17th a number.
pub fn looks_like_csv(text: &str) -> bool {
    lines(text).map(|(_, l)| l).find(|l| !l.trim().is_empty()).is_some_and(looks_like_line)
}

/// The boards of a CSV file.
pub fn read(src: &Source) -> Result<Vec<Board>, Diagnostic> {
    // A board's number is in its line; a line that cannot be read is the one after the last.
    board_lines(src, "a line of 18 fields a board", |_, line| {
        let board = read_line(line)?;
        Ok(Board { number: board.number, deal: board.deal, dealer: Some(board.dealer), vulnerable: Some(board.vulnerable), tricks: None })
    })
}

/// The file of boards as a run gives them: each board's own dealer and vulnerability, or
/// those of its number's place in the 16-board cycle.
fn write(boards: &[Board], _: Sealed) -> Vec<u8> {
    let own = |b: &Board| (b.dealer.unwrap_or_else(|| board_dealer(b.number)), b.vulnerable.unwrap_or_else(|| board_vulnerability(b.number)));
    boards.iter().flat_map(|b| format!("{}\n", line_as(b.number, &b.deal, own(b).0, own(b).1)).into_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::number::deal_of;
    use dealvm_vm::card::Seat;
    use dealvm_vm::dealing::board::Vulnerability;

    /// Board 11 of Big Deal's w11 run.
    const BOARD_11: &str = "\"K83\",\"A8\",\"KT52\",\"AT53\",\"AQ2\",\"9753\",\"AQJ93\",\"9\",\"T6\",\"KQJT42\",\"86\",\"Q84\",\"J9754\",\"6\",\"74\",\"KJ762\",\"11\",\"S/-\"";

    #[test]
    fn lines_read_back_with_their_number_dealer_and_vulnerability() {
        let board = read_line(BOARD_11).unwrap();
        assert_eq!((board.number, board.dealer, board.vulnerable), (11, Seat::South, Vulnerability::None));
        assert_eq!(line(11, &board.deal), BOARD_11);
        assert!(looks_like_line(BOARD_11));
        let deal = deal_of(5);
        let back = read_line(&line(16, &deal)).unwrap();
        assert_eq!((back.deal, back.dealer, back.vulnerable), (deal, Seat::West, Vulnerability::EastWest));
        // Unquoted fields and other spellings of the vulnerability.
        let plain = BOARD_11.replace('"', "").replace("S/-", "N/Both");
        let board = read_line(&plain).unwrap();
        assert_eq!((board.dealer, board.vulnerable), (Seat::North, Vulnerability::All));
        assert!(!looks_like_line(&plain));
    }

    #[test]
    fn damaged_lines_are_refused_with_the_place() {
        let bad = BOARD_11.replace("\"KT52\"", "\"KX52\"");
        assert_eq!(read_line(&bad).unwrap_err(), Flaw::new(13, 1, "`X`", "a rank of North's diamonds"));
        let bad = BOARD_11.replace("\"S/-\"", "\"S/NV\"");
        assert_eq!(read_line(&bad).unwrap_err().expected, "the dealer and vulnerability, such as `W/NS` (-, NS, EW or All)");
        let bad = BOARD_11.replace(",\"11\"", "");
        assert_eq!(read_line(&bad).unwrap_err().found, "17 fields");
        let bad = BOARD_11.replace("\"AQ2\"", "\"AK2\"");
        assert!(read_line(&bad).unwrap_err().found.starts_with("the KS a second time"));
        assert_eq!(fields("\"a\"x").unwrap_err().message(), "found `x`, expected a comma after the quoted field");
        assert_eq!(fields("\"a").unwrap_err().found, "a field without its closing quote");
        assert_eq!(fields("\"a\"\"b\",c").unwrap(), vec![(0, "a\"b".to_string()), (7, "c".to_string())]);
    }

    #[test]
    fn boards_read_back_with_the_dealer_and_vulnerability_of_the_file() {
        let written: Vec<_> = [5, 6, 20].into_iter().map(|b| (b, deal_of(b as u128 * 0x1357_9BDF))).collect();
        let text = String::from_utf8(file(&written)).unwrap();
        assert!(looks_like_csv(&text));
        let read = read(&Source::new("b.csv", text.replace('\n', "\r\n"))).unwrap();
        assert_eq!(read.iter().map(|b| (b.number, b.deal)).collect::<Vec<_>>(), written);
        // The file's dealer and vulnerability, even against the cycle.
        let turned = text.replacen("\"N/NS\"", "\"S/All\"", 1);
        let read = super::read(&Source::new("b.csv", turned)).unwrap();
        assert_eq!((read[0].dealer, read[0].vulnerable), (Some(Seat::South), Some(Vulnerability::All)));
    }

    #[test]
    fn damaged_lines_are_refused_with_the_line_and_column() {
        let written: Vec<_> = (1..=2).map(|b| (b, deal_of(b as u128))).collect();
        let text = String::from_utf8(file(&written)).unwrap();
        let second = text.find('\n').unwrap() + 1;
        let bad = format!("{}{}", &text[..second], text[second..].replacen("\"2\",\"E/NS\"", "\"two\",\"E/NS\"", 1));
        let d = read(&Source::new("b.csv", bad)).unwrap_err();
        assert_eq!(d.message, "board 2: found `two`, expected the board number (from 1) in the 17th field");
        assert_eq!(d.source.as_ref().unwrap().line_col(d.span.unwrap().start).0, 2);
        assert!(!looks_like_csv("1,2,3\nN,14\n"));
    }
}
