//! Reading Duplimate DLM files, as DupSoft reads them: every check it makes, with the line and
//! the reason (the format is described in `crate::files::dlm`).

use crate::diag::{Diagnostic, Source, Span};
use crate::files::dlm::{board_checksum, deal_from_letters, file_checksum, Status, MAX_BOARD};
use dealvm_vm::dealing::board::Board;
use std::collections::BTreeMap;

/// Reads a DLM file: the boards from `From board` to `To board`, in order, each with the
/// dealer and vulnerability of its number in the standard cycle (a dealing machine's boards
/// follow it; the file names neither). Refuses a file
/// DupSoft would refuse (a bad checksum, a missing line, a malformed line) and any deal that
/// is not four hands of 13 cards, with the line and the reason.
pub fn read(src: &Source) -> Result<Vec<Board>, Diagnostic> {
    read_titled(src).map(|(_, boards)| boards)
}

/// [`read`], with the file's title: its `Headline`, when not empty.
pub fn read_titled(src: &Source) -> Result<(Option<String>, Vec<Board>), Diagnostic> {
    let mut r =
        Reader { src, headline: None, status: None, header: BTreeMap::new(), checksum: None, duplicates: BTreeMap::new(), boards: BTreeMap::new() };
    let mut section = None::<&str>;
    let mut offset = 0;
    for raw in src.text.split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        let text = raw.trim_end_matches(['\n', '\r']);
        let span = Span::new(start, start + text.len());
        if text.trim().is_empty() {
            continue;
        }
        if text.starts_with('[') {
            section = match text.trim() {
                "[DOCUMENT]" | "[Document]" => Some("document"),
                "[STARTUP]" | "[Startup]" if section.is_some() => Some("startup"),
                _ => return Err(r.error(span, format!("found `{text}`, expected [DOCUMENT] or [STARTUP]"))),
            };
            continue;
        }
        match section {
            None => return Err(r.error(span, "a DLM file starts with [DOCUMENT]")),
            Some("startup") => {
                if !text.contains('=') {
                    return Err(r.error(span, format!("found `{text}`, expected a setting such as SuppressDeals=Yes")));
                }
            }
            Some(_) => r.document_line(text, span)?,
        }
    }
    let headline = r.headline.take().filter(|h| !h.is_empty());
    Ok((headline, r.finish()?))
}

/// The state of [`read`].
struct Reader<'a> {
    src: &'a Source,
    /// The `Headline`, trimmed.
    headline: Option<String>,
    status: Option<Status>,
    /// `Duplicates`, `From board`, ... with their values and places.
    header: BTreeMap<&'static str, (u64, Span)>,
    checksum: Option<(u64, Span)>,
    duplicates: BTreeMap<u64, u64>,
    /// Each board's letters, checksum and place.
    boards: BTreeMap<u64, (String, u64, Span)>,
}

impl Reader<'_> {
    fn error(&self, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::at(span, message).in_source(self.src.clone())
    }

    /// One line of the `[DOCUMENT]` section.
    fn document_line(&mut self, text: &str, span: Span) -> Result<(), Diagnostic> {
        let Some((key, value)) = text.split_once('=') else {
            return Err(self.error(span, format!("found `{text}`, expected a line such as `Board 01=...`")));
        };
        let value_span = Span::new(span.start + key.len() + 1, span.end);
        let number = |r: &Self| value.trim().parse::<u64>().map_err(|_| r.error(value_span, format!("found `{value}`, expected a number")));
        const HEADER: [&str; 5] = ["Duplicates", "From board", "To board", "Dealing method", "Next board to duplimate"];
        match key {
            "Headline" => self.headline = Some(value.trim().to_string()),
            "PrintOuts" | "Crypto key" => {}
            "Status" => {
                let status = Status::parse(value);
                let status = status.ok_or_else(|| {
                    self.error(value_span, format!("cannot find status field in file: found `{value}`, expected Show, Sealed or Edit"))
                })?;
                self.status = Some(status);
            }
            "Checksum" => self.checksum = Some((number(self)?, value_span)),
            k if HEADER.contains(&k) => {
                let name = HEADER.into_iter().find(|h| *h == k).expect("a header key");
                self.header.insert(name, (number(self)?, value_span));
            }
            k => {
                let (what, board) = match k.split_once(' ') {
                    Some((w @ ("Duplicates" | "Property" | "Board"), n)) if n.len() == 2 => (w, n.parse::<u64>().ok()),
                    _ => ("", None),
                };
                let Some(board) = board.filter(|b| (1..=MAX_BOARD).contains(b)) else {
                    return Err(
                        self.error(Span::new(span.start, span.start + k.len()), format!("found `{k}`, expected a DLM keyword such as `Board 01`"))
                    );
                };
                match what {
                    "Duplicates" => {
                        let n = number(self)?;
                        self.duplicates.insert(board, n);
                    }
                    "Board" => {
                        let ok = value.len() == 29 && value.is_char_boundary(26) && value[26..].bytes().all(|b| b.is_ascii_digit());
                        if !ok {
                            return Err(self.error(value_span, "a board is 26 letters and a three-digit checksum"));
                        }
                        let sum = value[26..].parse().expect("three digits");
                        self.boards.insert(board, (value[..26].to_string(), sum, value_span));
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// Checks the whole file and gives the boards dealt.
    fn finish(self) -> Result<Vec<Board>, Diagnostic> {
        let end = Span::new(self.src.text.len(), self.src.text.len());
        let missing = |what: &str| self.error(end, format!("the line `{what}=` is missing")).with_note("DupSoft refuses a DLM file without it");
        let status = self.status.ok_or_else(|| self.error(end, "cannot find status field in file (a `Status=Show` line)"))?;
        let get = |key: &str| self.header.get(key).map(|&(v, _)| v);
        let duplicates = get("Duplicates").ok_or_else(|| missing("Duplicates"))?;
        let from = get("From board").ok_or_else(|| missing("From board"))?;
        let to = get("To board").ok_or_else(|| missing("To board"))?;
        let next = get("Next board to duplimate").ok_or_else(|| missing("Next board to duplimate"))?;
        let method = get("Dealing method").unwrap_or(1);
        let (checksum, checksum_span) = self.checksum.ok_or_else(|| missing("Checksum"))?;
        let expected = file_checksum(status, duplicates, from, to, method, next);
        if checksum != expected {
            return Err(self
                .error(checksum_span, format!("invalid checksum: the file says {checksum}, its header gives {expected}"))
                .with_note("the checksum is the XOR of the status (Show 0, Sealed 1, Edit 3), Duplicates, From board, To board, Dealing method and Next board to duplimate"));
        }
        let (from, to) = (from.min(to), from.max(to));
        if from < 1 || to > MAX_BOARD {
            let span = self.header["From board"].1;
            return Err(self.error(span, format!("boards {from} to {to}: a DLM file holds boards 1 to 99")));
        }
        let mut out = Vec::new();
        for board in 1..=MAX_BOARD {
            let Some(&dups) = self.duplicates.get(&board) else {
                return Err(missing(&format!("Duplicates {board:02}")));
            };
            let Some((letters, sum, span)) = self.boards.get(&board) else {
                return Err(missing(&format!("Board {board:02}")));
            };
            if !letters.bytes().all(|b| (b'a'..=b'p').contains(&b)) {
                let at = letters.bytes().position(|b| !(b'a'..=b'p').contains(&b)).unwrap_or(0);
                let bad = letters[at..].chars().next().unwrap_or('?');
                return Err(self.error(
                    Span::new(span.start + at, span.start + at + bad.len_utf8()),
                    format!("`{bad}` is not a DLM letter (a to p, lower case)"),
                ));
            }
            let expected = board_checksum(letters, board, dups);
            if *sum != expected {
                return Err(self.error(
                    Span::new(span.start + 26, span.end),
                    format!("checksum error on board {board}: the line says {sum:03}, its letters give {expected:03}"),
                ));
            }
            if (from..=to).contains(&board) {
                let deal = deal_from_letters(letters).map_err(|e| self.error(*span, format!("board {board} is not a deal: {e}")))?;
                out.push(Board::of_cycle(board, deal));
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::bigdeal::number::deal_of;
    use crate::files::dlm::letters;
    use dealvm_vm::dealing::board::{board_dealer, board_vulnerability};

    /// A DLM file as Duplimate's own software writes it: `[DOCUMENT]` in capitals,
    /// `Duplicates=1`, `Dealing method=`, a zero-padded checksum, a `Property NN=` line before
    /// each board, 99 genuine deals though `To board=24`, and a `[STARTUP]` section.
    fn duplimate_file() -> String {
        let mut out = String::from("[DOCUMENT]\nHeadline=Club night\nStatus=Show\nDuplicates=1\nFrom board=1\nTo board=24\n");
        out.push_str("Dealing method=1\nNext board to duplimate=0\nPrintOuts=0\nCrypto key=0\nChecksum=025\n");
        for board in 1..=MAX_BOARD {
            let letters = letters(&deal_of(board as u128 * 0x5DEE_CE66_D1CE));
            out.push_str(&format!("Duplicates {board:02}=1\nProperty {board:02}=1\n{}\n", crate::files::dlm::board_line(board, 1, &letters)));
        }
        out.push_str("[STARTUP]\nStatistics=Yes\nSuppressDeals=Yes\nAdd filename=Yes\nMakeable=0\nReversed=0\n");
        out
    }

    #[test]
    fn duplimates_own_files_are_read_from_board_to_board() {
        let (title, boards) = read_titled(&Source::new("d.dlm", duplimate_file())).unwrap();
        assert_eq!(title.as_deref(), Some("Club night"));
        assert_eq!(boards.len(), 24, "the deals past `To board` are checked, not read");
        for board in &boards {
            assert_eq!(board.deal, deal_of(board.number as u128 * 0x5DEE_CE66_D1CE));
            assert_eq!((board.dealer, board.vulnerable), (Some(board_dealer(board.number)), Some(board_vulnerability(board.number))));
        }
        // A wrong checksum on a board past `To board` is refused all the same.
        let text = duplimate_file();
        let at = text.find("Board 50=").unwrap() + 35;
        let bad = format!("{}{}{}", &text[..at], if &text[at..at + 1] == "9" { "8" } else { "9" }, &text[at + 1..]);
        let d = read(&Source::new("d.dlm", bad)).unwrap_err();
        assert!(d.message.starts_with("checksum error on board 50"), "{}", d.message);
        // The zero-padded header checksum is a number like another.
        let d = read(&Source::new("d.dlm", text.replace("Checksum=025", "Checksum=024"))).unwrap_err();
        assert_eq!(d.message, "invalid checksum: the file says 24, its header gives 25");
    }

    #[test]
    fn big_deals_sealed_files_are_read() {
        let boards: Vec<(u64, dealvm_vm::card::Deal)> = (1..=3).map(|b| (b, deal_of(b as u128))).collect();
        let sealed = crate::files::bigdeal::Format::DlmBlind.file(&boards);
        let read = read(&Source::new("s.dlm", String::from_utf8(sealed).unwrap())).unwrap();
        assert_eq!(read.iter().map(|b| (b.number, b.deal)).collect::<Vec<_>>(), boards);
    }
}
