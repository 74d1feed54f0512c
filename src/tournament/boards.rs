//! `dealvm boards`: a session's boards for play, dealt as Big Deal deals them. Every deal is
//! drawn uniformly from all deals by Big Deal's construction ([`super::bigdeal`]) from at least
//! 160 bits of the operating system's entropy and the owner's identification ([`super::owner`]),
//! and nothing that would deal the session again (entropy, hash, seed) is printed or written.
//! The files are Big Deal's, byte for byte ([`crate::formats`]), written all or none, and an
//! existing one is replaced only when asked.
//!
//! Big Deal's reproducible inputs (`-W OWNER -e TEXT`, `--hash HEX`) deal the same boards as
//! `bigdealx`, for checking and for federations that hold Big Deal keys; such deals are not for
//! play without the organiser's authority.

use super::bigdeal::{os_entropy_hash, owner_hash, with_entropy_strings, BigDeal};
use super::error::{refused, Error};
use super::files::{refuse_existing, shown, write_all, NewFile};
use crate::formats::{Format, Sealed};
use dealvm_vm::dealing::board::Board;
use std::path::{Path, PathBuf};

/// The most boards one run deals.
pub const MAX_BOARDS: u64 = 1_000_000;

/// The boards of `-n`: a count (`32`: boards 1 to 32) or a range (`11-20`).
pub fn range(text: &str) -> Result<(u64, u64), Error> {
    let bad = || refused(format!("-n takes a number of boards (such as 32) or a range of boards (such as 11-20), found `{text}`"));
    let number = |s: &str| s.trim().parse::<u64>().ok().filter(|&n| n >= 1).ok_or_else(bad);
    let (first, last) = match text.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (1, number(text)?),
    };
    if first > last {
        return Err(refused(format!("-n {text}: the range goes down; write the first board first, such as -n {last}-{first}")));
    }
    if last - first >= MAX_BOARDS {
        return Err(refused(format!("-n {text}: at most {MAX_BOARDS} boards a run")));
    }
    Ok((first, last))
}

/// Where the deals' randomness comes from.
pub enum Seeds {
    /// The operating system's entropy with the `-e` strings added, and the owner's
    /// identification: boards for play.
    ForPlay { owner: String, entropy: Vec<String> },
    /// Big Deal's reproducible inputs: the entropy's hash and the owner text given, and why
    /// (for the warning that says they are not for play).
    Reproduced { hash: [u8; 20], owner: String, why: &'static str },
}

/// The files of a session, checked before anything is dealt.
pub struct Files(Vec<((Format, Sealed), PathBuf)>);

impl Files {
    /// The files `prefix.EXT` of `formats`; refused when the prefix names no file, or when one
    /// exists already unless `force`.
    pub fn new(prefix: &Path, formats: &[(Format, Sealed)], force: bool) -> Result<Files, Error> {
        if prefix.as_os_str().is_empty() || prefix.as_os_str() == "-" {
            return Err(refused("-p takes the files' name without its extension, such as -p tonight"));
        }
        let files: Vec<((Format, Sealed), PathBuf)> = formats
            .iter()
            .map(|&f| {
                let mut name = prefix.as_os_str().to_owned();
                name.push(".");
                name.push(f.0.extension());
                (f, PathBuf::from(name))
            })
            .collect();
        refuse_existing(files.iter().map(|(f, path)| (shown(*f).0, path.as_path())), "dealvm boards", force)?;
        Ok(Files(files))
    }

    /// Deals boards `first..=last` from `seeds` and writes the files: their paths.
    pub fn deal(&self, (first, last): (u64, u64), seeds: &Seeds) -> Result<Vec<PathBuf>, Error> {
        let mut dealer = match seeds {
            Seeds::ForPlay { owner, entropy } => {
                let mut random = os_entropy_hash().map_err(|e| refused(format!("cannot read the operating system's entropy: {e}")))?;
                if !entropy.is_empty() {
                    random = with_entropy_strings(random, entropy);
                }
                BigDeal::new(random, owner_hash(owner))
            }
            Seeds::Reproduced { hash, owner, .. } => BigDeal::new(*hash, owner_hash(owner)),
        };
        let boards: Vec<Board> = (first..=last).map(|number| Board::of_cycle(number, dealer.next_deal())).collect();
        drop(dealer);
        let files: Vec<NewFile> = self
            .0
            .iter()
            .map(|&((format, sealed), ref path)| {
                NewFile::board(shown((format, sealed)).0, path.clone(), format.file(&boards, sealed).expect("a file of boards"))
            })
            .collect();
        write_all(&files)?;
        Ok(files.into_iter().map(|f| f.path).collect())
    }
}
