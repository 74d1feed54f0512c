//! Predeal: cards (`predeal south SAQ542, HKJ87`) and suit lengths (`predeal spades(west)==7`)
//! from the input file, merged with the `-N`/`-E`/`-S`/`-W` switches, and the deal source
//! that deals them.

use crate::compile::output::CommandLinePredeal;
use crate::compile::state::Compiler;
use crate::diag::{Diagnostic, Source, Span};
use crate::front::ast::*;
use crate::source::Deals;
use dealvm_vm::card::{rank_from_char, Card, Hand, Seat, Suit};
use dealvm_vm::dealing::predeal::{PredealError, SuitLengths};
use rustc_hash::FxHashMap as HashMap;

impl<'s, 'a> Compiler<'s, 'a> {
    pub(super) fn predeal_arg(&mut self, arg: &PredealArg<'a>) -> Result<(), Diagnostic> {
        match *arg {
            PredealArg::Holdings { seat, holdings, .. } => {
                for &(text, span) in holdings {
                    let suit = text.chars().next().and_then(Suit::from_letter).expect("lexer checks the suit");
                    let mut seen = 0u16;
                    for ch in text.chars().skip(1) {
                        let rank = rank_from_char(ch).expect("lexer checks the ranks");
                        if seen & (1 << rank) != 0 {
                            return Err(Diagnostic::at(span, format!("the card {} appears twice in this holding", Card::new(suit, rank))));
                        }
                        seen |= 1 << rank;
                        self.predeal[seat as usize].push((Card::new(suit, rank), span));
                    }
                }
                Ok(())
            }
            PredealArg::Bias { suit, seat, length, span } => {
                if self.is_dotnum(length) || length.value > 13 {
                    return Err(Diagnostic::at(length.span, "a suit length is a whole number from 0 to 13"));
                }
                let slot = &mut self.lengths[seat as usize][suit as usize];
                if let Some((_, first)) = slot {
                    let (line, col) = self.source.line_col(first.start);
                    return Err(Diagnostic::at(span, format!("{}({}) is predealt twice", suit.name(), seat.keyword()))
                        .with_note(format!("it was first predealt at line {line}, column {col}")));
                }
                *slot = Some((length.value as u8, span));
                Ok(())
            }
        }
    }

    /// The predealt hands: the file's, with seats given on the command line replaced.
    pub(super) fn merge_predeal(&self, command_line: &[CommandLinePredeal]) -> Result<[Hand; 4], Diagnostic> {
        let mut hands = [Hand::EMPTY; 4];
        let mut owner: HashMap<Card, (Seat, Option<Span>)> = HashMap::default();
        let overridden = |seat: Seat| command_line.iter().any(|p| p.seat == seat);
        for p in command_line {
            for card in p.hand.cards() {
                if let Some((other, _)) = owner.insert(card, (p.seat, None)) {
                    return Err(Diagnostic::error(format!(
                        "the card {card} is given to both {} and {} on the command line",
                        other.keyword(),
                        p.seat.keyword()
                    )));
                }
            }
            hands[p.seat as usize] = p.hand;
        }
        for seat in Seat::ALL {
            if overridden(seat) {
                continue;
            }
            for &(card, span) in &self.predeal[seat as usize] {
                match owner.get(&card) {
                    Some(&(other, Some(first))) => {
                        let (line, col) = self.source.line_col(first.start);
                        let msg = if other == seat {
                            format!("the card {card} is predealt to {} twice", seat.keyword())
                        } else {
                            format!("the card {card} is predealt to both {} and {}", other.keyword(), seat.keyword())
                        };
                        return Err(Diagnostic::at(span, msg).with_note(format!("it was first predealt at line {line}, column {col}")));
                    }
                    Some(&(other, None)) => {
                        let switch = command_line.iter().find(|p| p.seat == other).map(|p| p.switch.clone());
                        return Err(Diagnostic::at(
                            span,
                            format!(
                                "the card {card} is predealt to {} here and to {} on the command line ({})",
                                seat.keyword(),
                                other.keyword(),
                                switch.unwrap_or_default()
                            ),
                        ));
                    }
                    None => {
                        owner.insert(card, (seat, Some(span)));
                        hands[seat as usize] = hands[seat as usize].with(card);
                    }
                }
                if hands[seat as usize].count() > 13 {
                    return Err(Diagnostic::at(span, format!("{} is predealt more than 13 cards", seat.keyword())));
                }
            }
        }
        Ok(hands)
    }

    /// The source of deals for the predealt hands and suit lengths; impossible lengths point at the
    /// statement that gives them.
    pub(super) fn deals(&self, predeal: [Hand; 4]) -> Result<Deals, Diagnostic> {
        let lengths: SuitLengths = self.lengths.map(|row| row.map(|l| l.map(|(v, _)| v)));
        Deals::for_predeal(predeal, &lengths).map_err(|e| {
            let spans: Vec<Span> = self.lengths.iter().flatten().flatten().map(|&(_, s)| s).collect();
            let of_seat = |seat: Seat| self.lengths[seat as usize].iter().flatten().map(|&(_, s)| s).max_by_key(|s| s.start);
            let of_suit = |suit: Suit| self.lengths.iter().filter_map(|row| row[suit as usize]).map(|(_, s)| s).max_by_key(|s| s.start);
            let span = match &e {
                PredealError::LengthsAddUp { seat, .. } => of_seat(*seat),
                PredealError::LengthBelowCards { seat, suit, .. } => self.lengths[*seat as usize][*suit as usize].map(|(_, s)| s),
                PredealError::SuitAddsUp { suit, .. } => of_suit(*suit),
                _ => spans.iter().copied().max_by_key(|s| s.start),
            };
            match span {
                Some(span) => Diagnostic::at(span, e.to_string()),
                None => Diagnostic::error(e.to_string()),
            }
        })
    }
}

/// Parses the holdings of a `-N`/`-E`/`-S`/`-W` switch: `SAQ542,HKJ87,D32,CAK`.
pub fn parse_holdings(switch: &str, seat: Seat, text: &str) -> Result<CommandLinePredeal, Diagnostic> {
    let src = Source::new(format!("{switch} argument"), text.to_string());
    let mut hand = Hand::EMPTY;
    let mut offset = 0;
    for part in text.split([',', ' ']) {
        let start = offset;
        offset += part.len() + 1;
        if part.is_empty() {
            continue;
        }
        let err = |msg: String, at: usize, len: usize| Diagnostic::at(Span::new(at, at + len), msg).in_source(src.clone());
        let mut chars = part.char_indices();
        let (_, s) = chars.next().expect("part is not empty");
        let suit = Suit::from_letter(s)
            .ok_or_else(|| err(format!("found `{s}`, expected a suit letter S, H, D or C starting a holding such as SAQ542"), start, 1))?;
        for (i, ch) in chars {
            let rank = rank_from_char(ch)
                .ok_or_else(|| err(format!("found `{ch}`, expected a rank: A K Q J T 9 8 7 6 5 4 3 2"), start + i, ch.len_utf8()))?;
            let card = Card::new(suit, rank);
            if hand.contains(card) {
                return Err(err(format!("the card {card} is given twice"), start + i, 1));
            }
            hand = hand.with(card);
        }
    }
    if hand.count() > 13 {
        return Err(Diagnostic::error(format!("{switch} predeals {} cards; a hand has 13", hand.count())).in_source(src));
    }
    Ok(CommandLinePredeal { seat, hand, switch: switch.to_string() })
}
