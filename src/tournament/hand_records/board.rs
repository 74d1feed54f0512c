//! What one board of a hand record shows, once for the three formats: nine blocks in three
//! rows and three columns, as a compass diagram is laid out.
//!
//! | | left | middle | right |
//! |---|---|---|---|
//! | top | board, dealer, vulnerability | North's hand | the makeable contracts |
//! | middle | West's hand | | East's hand |
//! | bottom | | South's hand | the par |
//!
//! A hand is its seat's name with the high-card points, then a line per suit, spades first:
//! the suit and its ranks from the ace down (`AKT9`), `-` for a void. The makeable contracts
//! are a table: a row for each declarer (N, S, E, W) with, in each strain (NT, spades, hearts,
//! diamonds, clubs), the highest level the declarer makes double dummy, `-` below one. The par
//! is the score at the board's vulnerability (`NS 620`, `EW 100`, `0` when the deal is passed
//! out) and the contract (`4♠ by N`, `5♦x by EW`, `Pass`).
//!
//! Each format draws the suits its own way ([`Span::Suit`]): a symbol in the HTML and the PDF,
//! a letter in the text.

use super::Record;
use crate::files::text::Holdings;
use crate::formats::pbn::{optimum_score, DENOMINATIONS, DOUBLE_DUMMY_DECLARERS};
use dealvm_vm::card::{Hand, Seat, Suit};
use dealvm_vm::evaluation::dd::{ParContract, ParResult, TrickTable};
use dealvm_vm::evaluation::score::Strain;

/// The lines a block of the diagram has at most (a hand: its seat and four suits).
pub(super) const BLOCK_LINES: usize = 5;

/// The columns of the makeable contracts' table: the declarer, then the five strains.
pub(super) const TABLE_COLUMNS: usize = 6;

/// What the figures of a board are, said once on each page.
pub(super) const LEGEND: &str = "Beside each seat its high-card points. The table: the highest level each declarer makes \
    in each strain, double dummy. Par at the board's vulnerability.";

/// A piece of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Span {
    /// Ordinary text.
    Text(String),
    /// Text set off: the board number, the seats' names, the word "Par".
    Strong(String),
    /// A suit, drawn as its symbol (hearts and diamonds in red) or its letter.
    Suit(Suit),
}

/// A line of text: its spans one after the other.
pub(super) type Line = Vec<Span>;

/// One of the nine blocks of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Block {
    /// Nothing.
    Empty,
    /// Lines one under the other.
    Lines(Vec<Line>),
    /// A table: rows of [`TABLE_COLUMNS`] cells, the first row its heading.
    Table(Vec<[Line; TABLE_COLUMNS]>),
}

/// A board as a hand record shows it: `blocks[row][column]`, rows from the top, columns from
/// the left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct BoardView {
    /// The nine blocks.
    pub blocks: [[Block; 3]; 3],
}

/// The high-card points of a hand: ace 4, king 3, queen 2, jack 1.
pub(super) fn hcp(hand: Hand) -> u32 {
    // The jack is rank 9 and the ace rank 12: each honour counts its rank less 8.
    let honours = |mask: u16| (9..13u32).filter(|&rank| mask & (1 << rank) != 0).map(|rank| rank - 8).sum::<u32>();
    Suit::ALL.into_iter().map(|suit| honours(hand.suit_mask(suit))).sum()
}

/// The highest level a declarer taking `tricks` makes (tricks − 6), none below seven tricks.
pub(super) fn level(tricks: u8) -> Option<u8> {
    tricks.checked_sub(6).filter(|&l| l >= 1)
}

/// The par score as a hand record gives it: the side that scores and its score (`NS 620`,
/// `EW 100`), `0` when the deal is passed out.
pub(super) fn par_score(par: &ParResult) -> String {
    if par.contract.level == 0 {
        "0".into()
    } else {
        optimum_score(par)
    }
}

/// A strain's spans: `NT`, or the suit.
fn strain_spans(strain: Strain) -> Line {
    match strain {
        Strain::NoTrump => vec![Span::Text("NT".into())],
        Strain::Spades => vec![Span::Suit(Suit::Spades)],
        Strain::Hearts => vec![Span::Suit(Suit::Hearts)],
        Strain::Diamonds => vec![Span::Suit(Suit::Diamonds)],
        Strain::Clubs => vec![Span::Suit(Suit::Clubs)],
    }
}

/// The par contract's spans: `4♠ by N`, `5♦x by EW` (`x` for a doubled sacrifice), `3NT by S`,
/// `Pass`.
pub(super) fn contract_spans(contract: &ParContract) -> Line {
    if contract.level == 0 {
        return vec![Span::Text("Pass".into())];
    }
    let mut line = vec![Span::Text(contract.level.to_string())];
    line.extend(strain_spans(contract.strain));
    line.push(Span::Text(format!("{} by {}", if contract.doubled { "x" } else { "" }, contract.declarer.name())));
    line
}

/// The ranks of a holding from the ace down (`AKT9`), `-` for a void.
pub(super) fn holding_text(hand: Hand, suit: Suit) -> String {
    let ranks = Holdings::get().plain(hand.suit_mask(suit));
    if ranks.is_empty() {
        "-".into()
    } else {
        String::from_utf8_lossy(ranks).into_owned()
    }
}

/// A seat's block: its name and high-card points, then its four suits.
fn hand_block(record: &Record, seat: Seat) -> Block {
    let hand = record.deal.hand(seat);
    let mut lines = vec![vec![Span::Strong(seat.name().into()), Span::Text(format!(" {}", hcp(hand)))]];
    lines.extend(Suit::DISPLAY.map(|suit| vec![Span::Suit(suit), Span::Text(format!(" {}", holding_text(hand, suit)))]));
    Block::Lines(lines)
}

/// The makeable contracts: a heading of the strains, then a row per declarer.
fn table_block(tricks: &TrickTable) -> Block {
    let mut rows = Vec::with_capacity(5);
    rows.push(std::array::from_fn(|i| if i == 0 { Line::new() } else { strain_spans(DENOMINATIONS[i - 1]) }));
    for seat in DOUBLE_DUMMY_DECLARERS {
        rows.push(std::array::from_fn(|i| {
            let text = if i == 0 {
                seat.letter().to_string()
            } else {
                level(tricks.get(seat, DENOMINATIONS[i - 1])).map_or_else(|| "-".to_string(), |l| l.to_string())
            };
            vec![Span::Text(text)]
        }));
    }
    Block::Table(rows)
}

/// The board's number, dealer and vulnerability.
fn facts_block(record: &Record) -> Block {
    Block::Lines(vec![
        vec![Span::Strong(format!("Board {}", record.number))],
        vec![Span::Text(format!("Dealer {}", record.dealer.name()))],
        vec![Span::Text(format!("Vul {}", record.vulnerable.pbn()))],
    ])
}

/// The par: the score, then the contract.
fn par_block(par: &ParResult) -> Block {
    Block::Lines(vec![vec![Span::Strong("Par".into()), Span::Text(format!(" {}", par_score(par)))], contract_spans(&par.contract)])
}

impl BoardView {
    /// What `record` shows.
    pub fn of(record: &Record) -> BoardView {
        BoardView {
            blocks: [
                [facts_block(record), hand_block(record, Seat::North), table_block(&record.tricks)],
                [hand_block(record, Seat::West), Block::Empty, hand_block(record, Seat::East)],
                [Block::Empty, hand_block(record, Seat::South), par_block(&record.par)],
            ],
        }
    }
}

/// A line's text, each suit drawn by `suit`.
pub(super) fn plain(line: &[Span], suit: impl Fn(Suit) -> &'static str) -> String {
    line.iter()
        .map(|span| match span {
            Span::Text(t) | Span::Strong(t) => t.as_str(),
            Span::Suit(s) => suit(*s),
        })
        .collect()
}

/// A suit's symbol: ♠ ♥ ♦ ♣.
pub(super) fn symbol(suit: Suit) -> &'static str {
    ["♣", "♦", "♥", "♠"][suit as usize]
}

/// Whether a suit is printed in red: hearts and diamonds.
pub(super) fn is_red(suit: Suit) -> bool {
    matches!(suit, Suit::Hearts | Suit::Diamonds)
}

/// Text written by someone else (the event's title, its date) made safe for a line: control
/// characters (a line break) become spaces, and the ends are trimmed.
pub(super) fn one_line(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect::<String>().trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dealvm_vm::card::Card;
    use dealvm_vm::evaluation::dd::ParDeclarer;

    #[test]
    fn honours_count_four_three_two_one() {
        let hand = ["AS", "KS", "QH", "JD", "JC", "TC", "2C"].iter().fold(Hand::EMPTY, |h, c| h.with(Card::parse(c).unwrap()));
        assert_eq!(hcp(hand), 4 + 3 + 2 + 1 + 1);
        assert_eq!(hcp(Hand::EMPTY), 0);
        assert_eq!(hcp(Hand(dealvm_vm::card::ALL_CARDS)), 40);
    }

    #[test]
    fn levels_are_tricks_past_the_book() {
        assert_eq!(
            (0..=13).map(level).collect::<Vec<_>>(),
            [None, None, None, None, None, None, None, Some(1), Some(2), Some(3), Some(4), Some(5), Some(6), Some(7)]
        );
    }

    #[test]
    fn contracts_read_as_players_write_them() {
        let c = |level, strain, doubled, declarer| plain(&contract_spans(&ParContract { level, strain, doubled, declarer }), symbol);
        assert_eq!(c(4, Strain::Spades, false, ParDeclarer::Seat(Seat::North)), "4♠ by N");
        assert_eq!(c(5, Strain::Diamonds, true, ParDeclarer::EastWest), "5♦x by EW");
        assert_eq!(c(3, Strain::NoTrump, false, ParDeclarer::Seat(Seat::South)), "3NT by S");
        assert_eq!(plain(&contract_spans(&ParContract::PASSED_OUT), symbol), "Pass");
        let passed = ParResult { score: 0, contract: ParContract::PASSED_OUT };
        assert_eq!(par_score(&passed), "0");
        assert_eq!(
            par_score(&ParResult {
                score: -100,
                contract: ParContract { level: 5, strain: Strain::Clubs, doubled: true, declarer: ParDeclarer::NorthSouth }
            }),
            "EW 100"
        );
    }

    #[test]
    fn titles_stay_on_one_line() {
        assert_eq!(one_line("  Club\nnight\t"), "Club night");
    }
}
