//! What an existing file holds, as far as dealvm knows the formats: a Dealer input file, a
//! file of one of the [`Format`]s (told as `--deals` tells them), or a JSON document
//! (`--json`). The output checks use it before a run replaces a file or adds to it, so that no
//! file of another kind is lost.

use crate::formats::registry::Format;
use crate::formats::{dl52, zrd};
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
    /// A JSON document (an object), as `--json` writes.
    Json,
    /// A file of one of the [`Format`]s.
    File(Format),
}

impl Kind {
    /// The kind as messages name it: `a PBN file`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Script => "Dealer input",
            Kind::Json => "JSON",
            Kind::File(format) => format.what(),
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
    let cds = Format::of_name(&path.to_string_lossy()) == Some(Format::Cds);
    head(path).map(|(size, head)| {
        of_bytes(size, &head).or_else(|| (cds && crate::formats::cds::looks_like_cds(&head, size)).then_some(Kind::File(Format::Cds)))
    })
}

/// The format of a file of `size` bytes starting with `head` among those that are binary (or
/// text) as `binary` says, told by content.
fn by_content(size: u64, head: &[u8], binary: bool) -> Option<Kind> {
    let tried = Format::BY_CONTENT.into_iter().filter(|f| f.facts().binary == binary);
    tried.into_iter().find(|f| f.facts().looks_like.is_some_and(|looks| looks(head, size))).map(Kind::File)
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
    if let Some(kind) = by_content(size, head, true) {
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
    by_content(size, head, false)
}

/// Checks that the whole file at `path` is valid for adding records of `format` to it (a run's
/// `-Z`, `-l`), or text lines (`format` `None`: `-C`): whole, valid records of its format, or
/// text. The reason when it is not.
pub fn check_whole(format: Option<Format>, name: &str, path: &Path) -> Result<(), String> {
    let bytes = fs::read(path).map_err(|e| format!("it cannot be read: {}", crate::files::reason(&e)))?;
    match format {
        Some(Format::Zrd) => zrd::Library::check(name, &bytes).map(|_| ()).map_err(|d| d.message),
        Some(Format::Dl52) => dl52::read(name, &bytes).map(|_| ()).map_err(|d| d.message),
        _ => match bytes.iter().position(|&b| b == 0) {
            Some(at) => Err(format!("it is not a text file (a NUL byte at byte {})", at + 1)),
            None => Ok(()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::zrd::records::listing;

    #[test]
    fn each_kind_is_told_by_its_start() {
        let zrd = listing::FIRST_ZRD;
        assert_eq!(of_bytes(zrd.len() as u64, zrd), Some(Kind::File(Format::Zrd)));
        // A zrd file cut short is not whole records.
        assert_eq!(of_bytes(zrd.len() as u64 - 1, zrd), None);
        let dl52: Vec<u8> = listing::deals(listing::FIRST).iter().flat_map(|(d, _)| crate::formats::dl52::deal_record(d)).collect();
        assert_eq!(of_bytes(dl52.len() as u64, &dl52), Some(Kind::File(Format::Dl52)));
        let pbn = b"% PBN 2.1\r\n[Event \"\"]\r\n[Board \"1\"]\r\n";
        assert_eq!(of_bytes(pbn.len() as u64, pbn), Some(Kind::File(Format::Pbn)));
        let dlm = b"[DOCUMENT]\r\nStatus=Show\r\n";
        assert_eq!(of_bytes(dlm.len() as u64, dlm), Some(Kind::File(Format::Dlm)));
        let json = b"{\n  \"format\": \"dealvm-report\",\n  \"counts\": [\n    [\n      1\n    ]\n  ]\n}\n";
        assert_eq!(of_bytes(json.len() as u64, json), Some(Kind::Json), "not a PBN file for its lines that start with [");
        assert_eq!(of_bytes(3, b"{}\n"), Some(Kind::Json));
        let commented = b"{ a PBN file's opening comment }\n[Event \"\"]\n";
        assert_eq!(of_bytes(commented.len() as u64, commented), Some(Kind::File(Format::Pbn)));
        let csv = b"1,2,3\nN,14\n";
        assert_eq!(of_bytes(csv.len() as u64, csv), None);
        assert_eq!(of_bytes(0, b""), None);
    }

    #[test]
    fn every_board_format_is_told_by_its_start() {
        use crate::formats::facts::Sealed;
        use dealvm_vm::dealing::board::Board;
        let boards: Vec<Board> = (1..=40).map(|b| Board::of_cycle(b, crate::formats::number::deal_of(b as u128 * 0xABCD_EF01_2345))).collect();
        for format in Format::ALL {
            for sealed in [Sealed::No, Sealed::Yes] {
                let Some(file) = format.file(&boards, sealed) else { continue };
                let expected = (format != Format::Cds).then_some(Kind::File(format));
                assert_eq!(of_bytes(file.len() as u64, &file), expected, "{}", format.name());
                // Only the start of a large file is read.
                let head = &file[..file.len().min(1000)];
                assert_eq!(of_bytes(file.len() as u64, head), expected, "{}: its start", format.name());
                // A file of records is told only when whole.
                if matches!(format, Format::Dup | Format::Bri | Format::Dge | Format::Rzd | Format::Ber) {
                    assert_eq!(of_bytes(file.len() as u64 + 1, head), None, "{}: not whole records", format.name());
                }
            }
        }
        let cds = Format::Cds.file(&boards, Sealed::No).unwrap();
        let looks = crate::formats::cds::looks_like_cds;
        assert!(looks(&cds, cds.len() as u64) && !looks(&cds, cds.len() as u64 - 1));
        assert_eq!(Kind::File(Format::Csv).name(), "Big Deal CSV");
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
