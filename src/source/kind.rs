//! What an existing file holds, as far as dealvm knows the formats: a Dealer input file, a
//! PBN, DLM, zrd or DL52 file, one of the board files `--deals` reads and `dealvm boards`
//! writes (DUP, BRI, DGE, RZD, CDS, BER, BHG, Big Deal's CSV, LIN, GOE), or a JSON document
//! (`--json`). The output checks use it before a run replaces a file or adds to it, so that no
//! file of another kind is lost.

use crate::files::bigdeal;
use crate::source::boardfile::{self, BoardFormat};
use crate::source::{dl52, format_of, zrd, Format};
use std::fs::{self, File};
use std::io::{self, Read};
use std::path::Path;

/// The bytes of a file's start that tell its kind.
const HEAD: u64 = 64 * 1024;

/// A kind of file dealvm knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A Dealer input file (named `.dli`, `.dlr` or `.dl`).
    Script,
    Pbn,
    Dlm,
    Zrd,
    Dl52,
    /// A JSON document (an object), as `--json` writes.
    Json,
    /// One of the board files of [`boardfile`].
    Board(BoardFormat),
}

impl Kind {
    /// The kind of the output called `what` ("PBN", "zrd", ...); `None` for the text outputs
    /// that have no format of their own (CSV, export).
    pub fn of_output(what: &str) -> Option<Kind> {
        match what {
            "PBN" => Some(Kind::Pbn),
            "DLM" | "sealed DLM" => Some(Kind::Dlm),
            "zrd" => Some(Kind::Zrd),
            "DL52" => Some(Kind::Dl52),
            "JSON" => Some(Kind::Json),
            "sealed DUP" => Some(Kind::Board(BoardFormat::Dup)),
            _ => BoardFormat::ALL.into_iter().find(|f| f.what() == what).map(Kind::Board),
        }
    }

    /// The kind of the file a Big Deal format writes.
    pub fn of_board_format(format: bigdeal::Format) -> Kind {
        Kind::of_output(format.what()).unwrap_or(Kind::Pbn)
    }

    /// The kind as messages name it: `a PBN file`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Script => "Dealer input",
            Kind::Pbn => "PBN",
            Kind::Dlm => "DLM",
            Kind::Zrd => "zrd",
            Kind::Dl52 => "DL52",
            Kind::Json => "JSON",
            Kind::Board(format) => format.what(),
        }
    }
}

/// Whether `path` names an existing regular file (not `-`, a device or a FIFO): the files an
/// output could destroy.
pub fn is_regular(path: &Path) -> bool {
    path.as_os_str() != "-" && fs::metadata(path).is_ok_and(|m| m.is_file())
}

/// The kind of the regular file at `path`; `None`: none dealvm knows.
pub fn of_file(path: &Path) -> io::Result<Option<Kind>> {
    if is_script_name(path) {
        return Ok(Some(Kind::Script));
    }
    let cds = BoardFormat::of_name(&path.to_string_lossy()) == Some(BoardFormat::Cds);
    head(path).map(|(size, head)| of_bytes(size, &head).or_else(|| (cds && is_cds(size, &head)).then_some(Kind::Board(BoardFormat::Cds))))
}

/// Whether a file named `.cds` of `size` bytes starting with `head` is a CDS file: whole
/// records, the first a deal (CDS has nothing else to tell it by).
fn is_cds(size: u64, head: &[u8]) -> bool {
    use crate::files::bigdeal::kops::{read_deal_bytes, CDS_RECORD, CDS_TURN};
    size > 0 && size.is_multiple_of(CDS_RECORD as u64) && head.get(1..CDS_RECORD).is_some_and(|deal| read_deal_bytes(deal, CDS_TURN).is_ok())
}

/// The binary board file of `size` bytes starting with `head`, told by its records: DUP,
/// BRI, DGE or RZD.
fn binary_board_kind(size: u64, head: &[u8]) -> Option<Kind> {
    use crate::files::bigdeal::{duplimate, kops};
    let first = |record: usize| head.get(..record).filter(|_| size.is_multiple_of(record as u64));
    let format = if first(duplimate::DUP_RECORD).is_some_and(boardfile::duplimate::looks_like_dup) {
        BoardFormat::Dup
    } else if first(duplimate::RECORD).is_some_and(boardfile::duplimate::looks_like_bri) {
        BoardFormat::Bri
    } else if first(duplimate::RECORD).is_some_and(boardfile::duplimate::looks_like_dge) {
        BoardFormat::Dge
    } else {
        let boards = size.saturating_sub(kops::HEADER as u64);
        let count = kops::read_rzd_header(head).ok().map(u64::from);
        let rzd = size > kops::HEADER as u64 && boards.is_multiple_of(kops::DEAL as u64) && count == Some(boards / kops::DEAL as u64 % 0x1_0000);
        if !rzd {
            return None;
        }
        BoardFormat::Rzd
    };
    Some(Kind::Board(format))
}

/// The text board file of `size` bytes starting with `head`, told by its lines: LIN, Big
/// Deal's CSV, BHG, GOE or BER.
fn text_board_kind(size: u64, head: &[u8]) -> Option<Kind> {
    // The text's whole lines (the head may end inside one), or all of it.
    let text = String::from_utf8_lossy(head);
    let lines = if (head.len() as u64) < size { text.rsplit_once('\n').map_or("", |(whole, _)| whole) } else { &text };
    let digits = head.iter().all(|b| matches!(b, b'1'..=b'4' | b'\r' | b'\n'));
    let ber = !head.is_empty() && digits && size.is_multiple_of(crate::files::bigdeal::ber::RECORD as u64);
    boardfile::text_by_content(lines).or(ber.then_some(BoardFormat::Ber)).map(Kind::Board)
}

/// Whether `path` is named as a Dealer input file: `.dli`, `.dlr` or `.dl`.
pub fn is_script_name(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| ["dli", "dlr", "dl"].contains(&e.to_ascii_lowercase().as_str()))
}

/// The size of a file and its first [`HEAD`] bytes.
fn head(path: &Path) -> io::Result<(u64, Vec<u8>)> {
    let file = File::open(path)?;
    let size = file.metadata()?.len();
    let mut head = Vec::new();
    file.take(HEAD).read_to_end(&mut head)?;
    Ok((size, head))
}

/// The kind of a file of `size` bytes starting with `head`.
fn of_bytes(size: u64, head: &[u8]) -> Option<Kind> {
    let first = |record: usize| (size.is_multiple_of(record as u64) && head.len() >= record).then(|| &head[..record]);
    if first(crate::files::zrd::RECORD).is_some_and(zrd::looks_like_zrd) {
        return Some(Kind::Zrd);
    }
    if first(crate::files::dl52::RECORD).is_some_and(dl52::looks_like_dl52) {
        return Some(Kind::Dl52);
    }
    if let Some(kind) = binary_board_kind(size, head) {
        return Some(kind);
    }
    if head.contains(&0) {
        return None;
    }
    let text = String::from_utf8_lossy(head);
    // An object: `{` then a key or `}` (a PBN file may open with a `{` comment, of words).
    let object = text.trim_start_matches('\u{feff}').trim_start().strip_prefix('{').map(str::trim_start);
    if object.is_some_and(|rest| rest.starts_with(['"', '}'])) {
        return Some(Kind::Json);
    }
    match format_of(&text) {
        Some(Format::Pbn) => Some(Kind::Pbn),
        Some(Format::Dlm) => Some(Kind::Dlm),
        None => text_board_kind(size, head),
    }
}

/// Checks that the whole file at `path` is valid for adding `what` output to it ("zrd",
/// "DL52", "CSV"): whole, valid records of its format, or text. The reason when it is not.
pub fn check_whole(what: &str, name: &str, path: &Path) -> Result<(), String> {
    let bytes = fs::read(path).map_err(|e| format!("it cannot be read: {}", crate::files::reason(&e)))?;
    match what {
        "zrd" => zrd::Library::check(name, &bytes).map(|_| ()).map_err(|d| d.message),
        "DL52" => dl52::read(name, &bytes).map(|_| ()).map_err(|d| d.message),
        _ => match bytes.iter().position(|&b| b == 0) {
            Some(at) => Err(format!("it is not a text file (a NUL byte at byte {})", at + 1)),
            None => Ok(()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::zrd::listing;

    #[test]
    fn each_kind_is_told_by_its_start() {
        let zrd = listing::FIRST_ZRD;
        assert_eq!(of_bytes(zrd.len() as u64, zrd), Some(Kind::Zrd));
        // A zrd file cut short is not whole records.
        assert_eq!(of_bytes(zrd.len() as u64 - 1, zrd), None);
        let dl52: Vec<u8> = listing::deals(listing::FIRST).iter().flat_map(|(d, _)| crate::files::dl52::deal_record(d)).collect();
        assert_eq!(of_bytes(dl52.len() as u64, &dl52), Some(Kind::Dl52));
        let pbn = b"% PBN 2.1\r\n[Event \"\"]\r\n[Board \"1\"]\r\n";
        assert_eq!(of_bytes(pbn.len() as u64, pbn), Some(Kind::Pbn));
        let dlm = b"[DOCUMENT]\r\nStatus=Show\r\n";
        assert_eq!(of_bytes(dlm.len() as u64, dlm), Some(Kind::Dlm));
        let json = b"{\n  \"format\": \"dealvm-report\",\n  \"counts\": [\n    [\n      1\n    ]\n  ]\n}\n";
        assert_eq!(of_bytes(json.len() as u64, json), Some(Kind::Json), "not a PBN file for its lines that start with [");
        assert_eq!(of_bytes(3, b"{}\n"), Some(Kind::Json));
        let commented = b"{ a PBN file's opening comment }\n[Event \"\"]\n";
        assert_eq!(of_bytes(commented.len() as u64, commented), Some(Kind::Pbn));
        let csv = b"1,2,3\nN,14\n";
        assert_eq!(of_bytes(csv.len() as u64, csv), None);
        assert_eq!(of_bytes(0, b""), None);
    }

    #[test]
    fn every_board_format_is_told_by_its_start() {
        use crate::files::bigdeal::Format;
        let boards: Vec<_> = (1..=40).map(|b| (b, crate::files::bigdeal::number::deal_of(b as u128 * 0xABCD_EF01_2345))).collect();
        for format in Format::ALL {
            let file = format.file(&boards);
            let kind = Kind::of_board_format(format);
            let expected = (format != Format::Cds).then_some(kind);
            assert_eq!(of_bytes(file.len() as u64, &file), expected, "{}", format.name());
            // Only the start of a large file is read.
            let head = &file[..file.len().min(1000)];
            assert_eq!(of_bytes(file.len() as u64, head), expected, "{}: its start", format.name());
            // A file of records is told only when whole.
            if matches!(format, Format::Dup | Format::DupBlind | Format::Bri | Format::Dge | Format::Kops | Format::Ber) {
                assert_eq!(of_bytes(file.len() as u64 + 1, head), None, "{}: not whole records", format.name());
            }
        }
        let cds = Format::Cds.file(&boards);
        assert!(is_cds(cds.len() as u64, &cds) && !is_cds(cds.len() as u64 - 1, &cds));
        assert_eq!(Kind::of_board_format(Format::DupBlind), Kind::Board(BoardFormat::Dup));
        assert_eq!(Kind::of_board_format(Format::Csv).name(), "Big Deal CSV");
    }

    #[test]
    fn scripts_are_told_by_their_name() {
        for name in ["a.dli", "b.DLR", "dir/c.dl"] {
            assert!(is_script_name(Path::new(name)), "{name}");
        }
        for name in ["a.pbn", "dli", "x.dlm", "y.dl52"] {
            assert!(!is_script_name(Path::new(name)), "{name}");
        }
    }
}
