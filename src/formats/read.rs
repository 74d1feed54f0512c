//! Reading a file of boards or deals of any format (`--deals`), and the places of what is
//! wrong in one, which every reader shares.
//!
//! **Which format.** A binary file named as a file of deal records (`.zrd`, `.dl52`) is read as
//! one, so that a damaged one is refused with its reason. Otherwise the content decides, the
//! formats tried in the registry's order ([`Format::BY_CONTENT`]): the binary ones on the bytes,
//! then, when the file is text, the text ones on its text; a binary file that none fits is read
//! as its name's binary format (a damaged DUP file is refused with its reason), a text file as
//! its name's text format. A file that none of these fits is refused, with what each format
//! looks like. CDS has nothing to tell it by but its name.
//!
//! **Text.** A text file is UTF-8 (a byte-order mark passed over), or else read byte for byte
//! as Latin-1: PBN files from older programs often are (or are in a Windows code page), and
//! the deals are ASCII anyway. A lone CR (old Macintosh files) ends a line as LF does, the
//! offsets kept, so that places in messages stay true.
//!
//! **Places.** A bad file is refused with the file's name, the board, and the offset of the
//! byte (binary formats) or the line and column (text formats), what was found and what was
//! expected ([`super::place`]).
//!
//! **Warnings.** What a reader passes over without losing a board (a PBN tag it cannot read
//! that is not of the board and its deal) comes with the deals ([`Read::warnings`]), one
//! warning per kind naming its first place ([`super::place::Oddities`]).

use super::facts::{Check, Read, Reader};
use super::place::article;
use super::registry::Format;
use crate::diag::{Diagnostic, Source};
use std::borrow::Cow;

/// Reads the boards or deals of a file (its `name` and `bytes`) of any format, told as the
/// module says; a file without a deal is refused.
pub fn read(name: &str, bytes: Vec<u8>) -> Result<Read, Diagnostic> {
    read_checked(name, bytes, Check::Full)
}

/// [`read`], checking what `check` says.
pub fn read_checked(name: &str, bytes: Vec<u8>, check: Check) -> Result<Read, Diagnostic> {
    let read = read_any(name, bytes, check)?;
    if read.is_empty() {
        return Err(Diagnostic::error(format!("`{name}` holds no complete deal")));
    }
    Ok(read)
}

/// The format a file is read as (see the module), `None` when it is a binary file of none;
/// `text`: the file's text, when it is text.
pub fn format_of(name: &str, bytes: &[u8], text: Option<&str>) -> Option<Format> {
    let named = Format::of_name(name);
    let binary = named.filter(|f| f.facts().binary);
    let is_binary = bytes.contains(&0) || std::str::from_utf8(bytes).is_err();
    if let Some(records) = binary.filter(|f| f.facts().records && is_binary) {
        return Some(records);
    }
    let size = bytes.len() as u64;
    let by_content = |want_binary: bool, head: &[u8]| {
        let tried = Format::BY_CONTENT.into_iter().filter(|f| f.facts().binary == want_binary);
        tried.into_iter().find(|f| f.facts().looks_like.is_some_and(|looks| looks(head, size)))
    };
    if let Some(format) = by_content(true, bytes).or(binary.filter(|f| !f.facts().records)) {
        return Some(format);
    }
    let text = text.filter(|_| !bytes.contains(&0))?;
    by_content(false, text.as_bytes()).or(named.filter(|f| !f.facts().binary))
}

/// Reads a file as [`format_of`] tells it.
fn read_any(name: &str, bytes: Vec<u8>, check: Check) -> Result<Read, Diagnostic> {
    let text = decoded(&bytes);
    match format_of(name, &bytes, text.as_deref()) {
        Some(format) => match &format.facts().read {
            Reader::Binary(read) => read(name, &bytes),
            Reader::Text(read) => {
                let text = text.map_or_else(|| latin_1(&bytes), Cow::into_owned);
                read(&Source::new(name, lone_cr_to_lf(text)), check)
            }
        },
        None if text.is_none() || bytes.contains(&0) => Err(Diagnostic::error(format!(
            "`{name}` is a binary file of none of the formats --deals reads"
        ))
        .with_note(format!("--deals reads {} files; {}", formats_read(), binary_layouts()))),
        None => Err(Diagnostic::error(format!("`{name}` is none of the formats --deals reads: {}", formats_read())).with_note(format!(
            "a DLM file starts with [DOCUMENT]; a PBN file has tags such as [Deal \"N:...\"]; a LIN file has `md|` pairs; {}",
            binary_layouts()
        ))),
    }
}

/// A file's text: UTF-8, or else Latin-1 when it holds no NUL byte; `None` for a binary file
/// (one with a NUL byte).
fn decoded(bytes: &[u8]) -> Option<Cow<'_, str>> {
    if bytes.contains(&0) {
        return None;
    }
    Some(std::str::from_utf8(bytes).map(Cow::Borrowed).unwrap_or_else(|_| Cow::Owned(latin_1(bytes))))
}

/// Bytes read as Latin-1, one character a byte.
fn latin_1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| b as char).collect()
}

/// `text` with each line end that is a lone CR made a LF: the same offsets.
fn lone_cr_to_lf(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    let mut bytes = text.into_bytes();
    for i in 0..bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
            bytes[i] = b'\n';
        }
    }
    String::from_utf8(bytes).expect("one ASCII byte for another")
}

/// What `--deals` reads, for messages: `PBN, DLM, DUP, ..., zrd or DL52`.
pub fn formats_read() -> String {
    let mut whats: Vec<&str> = Format::BIG_DEAL.iter().chain(Format::ALL.iter().filter(|f| f.facts().records)).map(|f| f.facts().title).collect();
    let last = whats.pop().unwrap_or_default();
    format!("{} or {last}", whats.join(", "))
}

/// How the binary formats are laid out, for messages.
fn binary_layouts() -> String {
    let laid: Vec<String> =
        Format::ALL.iter().filter_map(|f| f.facts().layout.map(|layout| format!("{} {} file is {layout}", article(f.what()), f.what()))).collect();
    format!("{} (docs/guide/boards.md, docs/solved-deal-files.md)", laid.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::facts::ReadDeals;
    use crate::formats::zrd::records::{listing, RECORD};
    use dealvm_vm::dealing::board::Board;
    use dealvm_vm::dealing::source::DealSource;

    /// The deals of a file as `--deals` reads them: how many, and whether all have results.
    fn deals_of(name: &str, bytes: Vec<u8>) -> Result<Vec<bool>, Diagnostic> {
        Ok(match read(name, bytes)?.deals {
            ReadDeals::Boards(boards) => boards.iter().map(|b| b.tricks.is_some()).collect(),
            ReadDeals::Library(library) => (0..library.len()).map(|n| library.tricks(n).is_some()).collect(),
        })
    }

    #[test]
    fn a_zrd_file_is_read_as_zrd_before_the_text_formats() {
        let boards = deals_of("lib.zrd", listing::FIRST_ZRD.to_vec()).unwrap();
        assert_eq!(boards.len(), 10);
        assert!(boards.iter().all(|&solved| solved));
        // By content, whatever its name.
        assert_eq!(deals_of("deals.bin", listing::LAST_ZRD.to_vec()).unwrap().len(), 10);
    }

    #[test]
    fn a_damaged_file_named_zrd_is_refused_with_the_zrd_reason() {
        let mut cut = listing::FIRST_ZRD.to_vec();
        cut.truncate(2 * RECORD + 7);
        let m = deals_of("lib.zrd", cut.clone()).unwrap_err().message;
        assert!(m.contains("7 bytes left over"), "{m}");
        // Under another name it is not read as zrd.
        let m = deals_of("lib.dat", cut.clone()).unwrap_err().message;
        assert!(m.contains(&format!("none of the formats --deals reads: {}", formats_read())), "{m}");
        cut.push(0);
        let m = deals_of("lib.dat", cut).unwrap_err().message;
        assert!(m.contains("is a binary file of none of the formats --deals reads"), "{m}");

        let mut bad = listing::FIRST_ZRD.to_vec();
        bad[13] = 0xFF;
        let m = deals_of("lib.ZRD", bad).unwrap_err().message;
        assert!(m.starts_with("`lib.ZRD`, record 1: "), "{m}");
    }

    #[test]
    fn a_dl52_file_is_read_by_content_or_name() {
        let deals = listing::deals(listing::FIRST);
        let bytes: Vec<u8> = deals.iter().flat_map(|(deal, _)| crate::formats::dl52::deal_record(deal)).collect();
        for name in ["ten.dl52", "ten.bin"] {
            let Read { title: None, deals: ReadDeals::Boards(boards), .. } = read(name, bytes.clone()).unwrap() else {
                panic!("boards without a title")
            };
            let read: Vec<_> = boards.iter().map(|b| (b.number, b.deal, b.tricks)).collect();
            let expected: Vec<_> = deals.iter().enumerate().map(|(i, (deal, _))| (i as u64 + 1, *deal, None)).collect();
            assert_eq!(read, expected);
        }
        // A damaged one named .dl52 is refused with the DL52 reason; 52 zero bytes are no deal.
        let m = deals_of("x.dl52", bytes[..60].to_vec()).unwrap_err().message;
        assert!(m.contains("not a DL52 file of whole records"), "{m}");
        let m = deals_of("x.dl52", vec![0; 52]).unwrap_err().message;
        assert!(m.contains("record 1: the card 2C is given twice"), "{m}");
        let m = deals_of("e.dl52", Vec::new()).unwrap_err().message;
        assert!(m.contains("none of the formats --deals reads"), "{m}");
    }

    #[test]
    fn the_title_is_the_first_known_event_or_the_headline() {
        let deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";
        let pbn = format!(
            "[Event \"?\"]\n[Site \"x\"]\n\n[Event \"Club \\\"A\\\"\"]\n[Board \"1\"]\n[Deal \"{deal}\"]\n\n[Event \"B\"]\n[Deal \"{deal}\"]\n"
        );
        let read_titled = |name: &str, bytes: Vec<u8>| read(name, bytes).map(|r| (r.title.clone(), r.len()));
        assert_eq!(read_titled("t.pbn", pbn.into_bytes()).unwrap(), (Some("Club \"A\"".to_string()), 2));
        let (title, _) = read_titled("t.pbn", format!("[Event \"\"]\n[Deal \"{deal}\"]\n").into_bytes()).unwrap();
        assert_eq!(title, None);
        let mut dlm = Vec::new();
        let one = std::collections::BTreeMap::from([(1, crate::formats::pbn::parse_deal(deal).unwrap())]);
        crate::formats::dlm::write(&mut dlm, " Session 3 ", &one).unwrap();
        assert_eq!(read_titled("t.dlm", dlm.clone()).unwrap().0.as_deref(), Some("Session 3"));
        let text = String::from_utf8(dlm).unwrap();
        let untitled = text.replace("Headline= Session 3 ", "Headline=");
        assert_eq!(read_titled("t.dlm", untitled.into_bytes()).unwrap().0, None);
        // The headline of Big Deal's files and of `dealvm boards`' names the program: no title.
        for program in ["Big Deal version 2.0", "dealvm 0.1.0"] {
            let named = text.replace("Headline= Session 3 ", &format!("Headline=Generated by {program}"));
            assert_eq!(read_titled("t.dlm", named.into_bytes()).unwrap().0, None, "{program}");
        }
    }

    #[test]
    fn a_zrd_file_of_titles_only_holds_no_deal() {
        let m = deals_of("t.zrd", crate::formats::zrd::title_records("nothing").concat()).unwrap_err().message;
        assert!(m.contains("holds no complete deal"), "{m}");
    }

    #[test]
    fn every_format_written_is_read_back_as_itself_by_content_or_name() {
        let boards: Vec<Board> = (1..=40).map(|b| Board::of_cycle(b, crate::formats::number::deal_of(b as u128 * 0xABCD_EF01_2345))).collect();
        for format in Format::ALL {
            let Some(file) = format.file(&boards, crate::formats::facts::Sealed::No) else { continue };
            let named = format!("boards.{}", format.extension());
            let text = decoded(&file);
            assert_eq!(format_of(&named, &file, text.as_deref()), Some(format), "{}", format.name());
            let unnamed = format_of("boards", &file, text.as_deref());
            let expected = format.facts().looks_like.is_some().then_some(format);
            assert_eq!(unnamed, expected, "{}: by content", format.name());
            let read: Vec<_> = read(&named, file).unwrap().into_boards().into_iter().map(|b| b.deal).collect();
            assert_eq!(read, boards.iter().map(|b| b.deal).collect::<Vec<_>>(), "{}", format.name());
        }
    }

    /// The PBN files of the golden tests and the DLM files and PBN files dealvm writes.
    fn text_files() -> Vec<(String, Vec<u8>)> {
        let mut files = Vec::new();
        let golden = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden");
        for entry in std::fs::read_dir(golden).unwrap() {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            if bytes.windows(6).any(|w| w == b"[Deal ") {
                files.push((path.display().to_string(), bytes));
            }
        }
        assert!(files.len() >= 5, "the golden PBN outputs");
        let deals: Vec<dealvm_vm::card::Deal> = listing::deals(listing::FIRST).into_iter().map(|(d, _)| d).collect();
        for count in 1..=10 {
            let mut pbn = Vec::new();
            let mut writer = crate::formats::pbn::PbnWriter::new("zrd detection", "");
            for (i, deal) in deals.iter().take(count).enumerate() {
                writer.game(&mut pbn, i as u64 + 1, deal, None, None, None).unwrap();
            }
            files.push((format!("{count} games.pbn"), pbn));
            let boards: std::collections::BTreeMap<u64, dealvm_vm::card::Deal> =
                deals.iter().take(count).enumerate().map(|(i, d)| (i as u64 + 1, *d)).collect();
            let mut text = Vec::new();
            crate::formats::dlm::write(&mut text, "zrd detection", &boards).unwrap();
            files.push((format!("{count} boards.dlm"), text));
        }
        files
    }

    #[test]
    fn pbn_and_dlm_files_never_look_like_zrd() {
        for (name, bytes) in text_files() {
            assert!(!crate::formats::zrd::looks_like_zrd(&bytes), "{name}");
            assert!(!crate::formats::zrd::library::is_deal_record(bytes[..RECORD].try_into().unwrap()), "{name}: the first record, text guard aside");
            // Nor would the file cut at any record boundary: some of the records of a DLM
            // file hold 13 cards per seat, and only the text guard refuses them.
            for i in 0..bytes.len() / RECORD {
                let rest = &bytes[i * RECORD..];
                assert!(!crate::formats::zrd::looks_like_zrd(&rest[..rest.len() / RECORD * RECORD]), "{name}, from record {}", i + 1);
            }
        }
    }

    /// A deal of the PBN tests.
    const DEAL: &str = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";

    #[test]
    fn encodings_line_ends_and_commentary_are_read() {
        let game = |event: &str| {
            format!("[Event \"{event}\"]\r\n{{ a commentary\r\n\r\n[Deal \"W:nothing\"] over lines }}\r\n[Board \"1\"]\r\n[Deal \"{DEAL}\"]\r\n\r\n")
        };
        // UTF-8 with a byte-order mark and CR LF.
        let utf8 = format!("\u{feff}{}", game("Chorzów"));
        let file = read("u.pbn", utf8.into_bytes()).unwrap();
        let (title, games) = (file.title.clone(), file.into_boards());
        assert_eq!((title.as_deref(), games.len()), (Some("Chorzów"), 1));
        // Latin-1 and CP1250 bytes: the same deal; the title's ASCII letters kept.
        for byte in [0xF3u8, 0xB3] {
            let mut bytes = game("Chorz_w").into_bytes();
            let at = bytes.iter().position(|&b| b == b'_').unwrap();
            bytes[at] = byte;
            let file = read("l.pbn", bytes).unwrap();
            let (title, games) = (file.title.clone(), file.into_boards());
            assert!(title.unwrap().starts_with("Chorz"));
            assert_eq!(games[0].deal, crate::formats::pbn::parse_deal(DEAL).unwrap());
        }
    }

    #[test]
    fn lines_ending_in_a_lone_cr_are_read_as_lines() {
        let game = format!("[Event \"A\"]\n[Board \"6\"]\n[Deal \"{DEAL}\"]\n\n[Board \"7\"]\n% a comment\n[Deal \"{DEAL}\"]\n");
        let lf = read("lf.pbn", game.clone().into_bytes()).unwrap().into_boards();
        let cr = read("cr.pbn", game.replace('\n', "\r").into_bytes()).unwrap().into_boards();
        assert_eq!(cr, lf);
        assert_eq!(cr.iter().map(|b| b.number).collect::<Vec<_>>(), [6, 7]);
    }
}
