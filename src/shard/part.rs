//! The part file of one shard: what it dealt, in a form the merge reads back.
//!
//! A part file is a header, the content and a checksum:
//!
//! | bytes | what |
//! |---|---|
//! | 12 | the magic `dealvm part\n` |
//! | 4 | the format version, little-endian ([`VERSION`]) |
//! | 8 | the length of the content, little-endian |
//! | length | the content: a [`Part`] in postcard's serde encoding |
//! | 32 | SHA3-256 of everything before it |
//!
//! A part names its run ([`RunId`]: dealvm's version, the number of shards, the command line
//! and the script), so that parts of different runs cannot be merged; its fingerprint is the
//! SHA3-256 of that name. A truncated or damaged file is refused by its length or checksum.

use serde::{Deserialize, Serialize};
use sha3::{Digest, Sha3_256};

/// The first bytes of every part file.
pub const MAGIC: &[u8; 12] = b"dealvm part\n";

/// The version of the format this dealvm writes and reads.
pub const VERSION: u32 = 1;

/// The bytes before the content: magic, version, length.
const HEADER: usize = 12 + 4 + 8;

/// The bytes of the checksum after the content.
const CHECKSUM: usize = 32;

/// The run a part belongs to: the same in every part of one run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunId {
    /// The version of dealvm that dealt it (deals may differ between versions).
    pub dealvm: String,
    /// `N`, the number of shards.
    pub shards: u64,
    /// The command line of the run without `--shard`, `--part`, `-R` and `-m` (which change
    /// nothing in the output), as dealvm reads it again.
    pub command: Vec<String>,
    /// The script's name (as the output names it) and its text.
    pub script_name: String,
    pub script: String,
}

impl RunId {
    /// The fingerprint of the run: SHA3-256 of its encoding.
    pub fn fingerprint(&self) -> [u8; 32] {
        let bytes = postcard::to_stdvec(self).unwrap_or_default();
        Sha3_256::digest(&bytes).into()
    }

    /// The command line as a shell would show it: `dealvm -s=1 x.dli`.
    pub fn shown(&self) -> String {
        let words: Vec<String> = self.command.iter().filter(|w| *w != "--").map(|w| quoted(w)).collect();
        format!("dealvm {}", words.join(" "))
    }
}

/// A word quoted for a shell when it needs it.
fn quoted(word: &str) -> String {
    let plain = !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || "-_=./:+,@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// How a shard ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum End {
    /// It ran all its batches.
    Complete,
    /// It produced the run's `produce` deals of its own in batch `batch`, and stopped there.
    Produced { batch: u64 },
    /// An expression divided by zero on deal `offset` of batch `batch`: the shard stopped
    /// there. `site` is the division's index among the program's, `remainder` whether it
    /// was `%`.
    Fault { batch: u64, offset: u32, site: u16, remainder: bool },
}

impl End {
    /// Whether the shard ran batch `b` (one of its own).
    pub fn covers(&self, b: u64) -> bool {
        match *self {
            End::Complete => true,
            End::Produced { batch } | End::Fault { batch, .. } => b <= batch,
        }
    }
}

/// A produced deal that a part keeps: where it was dealt, and its hands (north, east, south,
/// west as card bitmasks) when the run prints or writes the deals.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kept {
    pub batch: u64,
    pub offset: u32,
    pub hands: Option<[u64; 4]>,
}

/// The statistics of a shard that keeps no deal: deals counted, and for each accumulator its
/// sum, sum of squares and cell counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    pub count: u64,
    pub tallies: Vec<(i128, i128, Vec<u64>)>,
}

/// The double-dummy work of one batch: single solves, target searches, whole tables and
/// answers from the cache.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BatchSolves {
    pub batch: u64,
    pub counts: [u64; 4],
}

/// The content of a part file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    /// The run.
    pub run: RunId,
    /// The fingerprint of `run`, as the shard computed it.
    pub fingerprint: [u8; 32],
    /// `K`: the shard ran the batches `K`, `K + N`, `K + 2N`, ...
    pub shard: u64,
    /// The run's deals and the deals per batch, as the shard counted them.
    pub deals: u64,
    pub batch_len: u64,
    /// How the shard ended.
    pub end: End,
    /// Deals the shard produced.
    pub produced: u64,
    /// Every produced deal, in deal order, when the run prints them or stops at a `produce`
    /// count (the merge then counts the statistics from their values); else none.
    pub kept: Vec<Kept>,
    /// The values of the kept deals, `nvalues` each, one deal after the other.
    pub nvalues: u64,
    pub values: Vec<i32>,
    /// The statistics, when no deal is kept.
    pub totals: Option<Totals>,
    /// The double-dummy work of the batches that did some, in batch order.
    pub solves: Vec<BatchSolves>,
}

/// The bytes of a part file holding `part`.
pub fn encode(part: &Part) -> Vec<u8> {
    seal(&postcard::to_stdvec(part).expect("a part encodes"))
}

/// The bytes of a part file whose content is `content`: the header before it, the checksum
/// after it.
pub fn seal(content: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER + content.len() + CHECKSUM);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&(content.len() as u64).to_le_bytes());
    bytes.extend_from_slice(content);
    let sum = Sha3_256::digest(&bytes);
    bytes.extend_from_slice(&sum);
    bytes
}

/// The part in the bytes of a part file, or why they are not one (to follow "`p.3` ...").
pub fn decode(bytes: &[u8]) -> Result<Part, String> {
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        let start = bytes.iter().take(12).map(|&b| if b.is_ascii_graphic() || b == b' ' { b as char } else { '.' }).collect::<String>();
        return Err(format!(
            "is not a dealvm part file: it starts with `{start}`, where a part starts with `dealvm part` (a part is written by `dealvm --shard K/N --part FILE`)"
        ));
    }
    if bytes.len() < HEADER {
        return Err(format!("is truncated: {} bytes, fewer than the {HEADER} of a part's header", bytes.len()));
    }
    let version = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes"));
    if version != VERSION {
        return Err(format!(
            "is a part file of format version {version}; this dealvm reads version {VERSION}: merge parts with the dealvm that made them"
        ));
    }
    let length = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
    let expected = (HEADER as u64).saturating_add(length).saturating_add(CHECKSUM as u64);
    if (bytes.len() as u64) < expected {
        return Err(format!("is truncated: {} bytes, where its header announces {expected}", bytes.len()));
    }
    if bytes.len() as u64 > expected {
        return Err(format!("is damaged: {} bytes, where its header announces {expected}", bytes.len()));
    }
    let end = HEADER + length as usize;
    let sum = Sha3_256::digest(&bytes[..end]);
    if sum.as_slice() != &bytes[end..] {
        return Err("is damaged: its checksum does not match its content (it changed after it was written)".to_string());
    }
    let (part, rest): (Part, _) =
        postcard::take_from_bytes(&bytes[HEADER..end]).map_err(|e| format!("is damaged: its content cannot be read ({e})"))?;
    if !rest.is_empty() {
        let s = if rest.len() == 1 { "" } else { "s" };
        return Err(format!("is damaged: {} byte{s} after its content, which a part never has", rest.len()));
    }
    if part.fingerprint != part.run.fingerprint() {
        return Err("is damaged: its fingerprint does not match the run it names".to_string());
    }
    Ok(part)
}

/// The first bytes of a fingerprint in hexadecimal, as messages show it.
pub fn short(fingerprint: &[u8; 32]) -> String {
    fingerprint[..6].iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part() -> Part {
        let run = RunId {
            dealvm: "0.1.0".into(),
            shards: 3,
            command: vec!["-s=1".into(), "--".into(), "x y.dli".into()],
            script_name: "x y.dli".into(),
            script: "produce 3\naction printoneline\n".into(),
        };
        Part {
            fingerprint: run.fingerprint(),
            run,
            shard: 1,
            deals: 10_000_000,
            batch_len: 4096,
            end: End::Produced { batch: 4 },
            produced: 3,
            kept: vec![Kept { batch: 1, offset: 7, hands: Some([1, 2, 4, 8]) }],
            nvalues: 2,
            values: vec![-1, i32::MAX],
            totals: Some(Totals { count: 1, tallies: vec![(i128::MIN, 5, vec![0, 3])] }),
            solves: vec![BatchSolves { batch: 1, counts: [1, 2, 3, 4] }],
        }
    }

    #[test]
    fn a_part_reads_back_as_written() {
        let p = part();
        assert_eq!(decode(&encode(&p)), Ok(p.clone()));
        assert_eq!(p.run.shown(), "dealvm -s=1 'x y.dli'");
    }

    #[test]
    fn damage_is_found() {
        let bytes = encode(&part());
        assert!(decode(&bytes[..bytes.len() - 1]).unwrap_err().contains("truncated"));
        assert!(decode(&bytes[..10]).unwrap_err().contains("not a dealvm part"));
        assert!(decode(&bytes[..20]).unwrap_err().contains("truncated"));
        assert!(decode(b"").unwrap_err().contains("not a dealvm part"));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(decode(&longer).unwrap_err().contains("damaged"));
        // Bytes after the content, inside the announced length and under a valid checksum.
        let mut content = postcard::to_stdvec(&part()).unwrap();
        content.extend_from_slice(&[0, 7]);
        assert_eq!(decode(&seal(&content)).unwrap_err(), "is damaged: 2 bytes after its content, which a part never has");
        for at in [12, 16, 30, bytes.len() / 2, bytes.len() - 1] {
            let mut flipped = bytes.clone();
            flipped[at] ^= 0x10;
            let why = decode(&flipped).unwrap_err();
            assert!(why.contains("damaged") || why.contains("truncated") || why.contains("version"), "byte {at}: {why}");
        }
    }
}
