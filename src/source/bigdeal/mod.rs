//! Big Deal's deals: the boards that Hans van Staveren's tournament dealing program, and
//! SquareDeal built on it, make from the same seeds.
//!
//! A session's deals come from two 20-byte seeds: `seed_random`, the RIPEMD-160 digest of the
//! entropy collected for the session ([`os_entropy_hash`]; bigdealx's `-h` gives it directly,
//! [`parse_hash`], and its `-W` and `-o` modes hash only the `-e` strings, [`entropy_hash`]),
//! and `seed_owner`, the digest of the owner's name ([`owner_hash`], [`DEFAULT_OWNER`] when
//! none is set). [`BigDeal`] hashes the 44 bytes of a sequence number and the two seeds for
//! each candidate and keeps the candidates that are deal numbers (Big Deal's numbering of the deals,
//! [`crate::files::bigdeal::number`], which its `.goe` files write too), so that every
//! board is drawn uniformly from all [`DEALS`] deals. The board numbers themselves are not
//! hashed: boards 17 to 32 of a run are the same deals as boards 1 to 16 of another run with
//! the same seeds.
//!
//! [`ripemd`] is RIPEMD-160 itself, [`sha256`] SHA-256 (SquareDeal's commitment to its keys),
//! and [`squaredeal`] SquareDeal's events: their `.sqd` and `.sqk` files and each session's
//! seeds.

pub mod ripemd;
pub mod sha256;
pub mod squaredeal;

pub use crate::files::bigdeal::number::{deal_of, number_of, DEALS};
pub use ripemd::ripemd160;

use dealvm_vm::card::Deal;
use ripemd::{compress, wipe, Ripemd160, INITIAL};

/// The owner's name Big Deal hashes when its `.bigdealrc` names none.
pub const DEFAULT_OWNER: &str = "Identification of owner or tournament";

/// The words of the padded block after the 44 bytes of the seed: the byte `0x80` that ends the
/// message, zeros, and the length, 352 bits.
const PADDING: [u32; 5] = [0x80, 0, 0, 44 * 8, 0];

/// Big Deal's stream of deals from two seeds.
///
/// The seed is 44 bytes: a 4-byte little-endian sequence number, `seed_random`, then
/// `seed_owner`. For each candidate the sequence number goes up by one (the first candidate
/// has number 1), and the first 12 bytes of the seed's RIPEMD-160 digest, read as a big-endian
/// number, are the candidate; a candidate from [`DEALS`] on is passed over, so that about two
/// deals in three take one hash, and the others more.
///
/// The seeds are secrets: the stream keeps them only in the block it hashes, wipes it when it
/// is dropped, cannot be cloned, and shows only its sequence number under `Debug`.
pub struct BigDeal {
    /// The one block RIPEMD-160 hashes for each candidate, as its sixteen little-endian words:
    /// word 0 is the sequence number, words 1 to 5 `seed_random`, words 6 to 10
    /// `seed_owner`, then the [`PADDING`].
    block: [u32; 16],
}

impl BigDeal {
    /// The stream of the seeds `seed_random` and `seed_owner`, before its first deal.
    pub fn new(mut seed_random: [u8; 20], mut seed_owner: [u8; 20]) -> BigDeal {
        let mut block = [0u32; 16];
        let seeds = seed_random.chunks_exact(4).chain(seed_owner.chunks_exact(4));
        for (word, chunk) in block[1..11].iter_mut().zip(seeds) {
            *word = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        }
        block[11..].copy_from_slice(&PADDING);
        wipe(&mut seed_random);
        wipe(&mut seed_owner);
        BigDeal { block }
    }

    /// The sequence number of the last candidate hashed: 0 before the first deal.
    pub fn sequence(&self) -> u32 {
        self.block[0]
    }

    /// The number ([`deal_of`]) of the next deal of the stream.
    pub fn next_number(&mut self) -> u128 {
        loop {
            self.block[0] = self.block[0].wrapping_add(1);
            let mut state = INITIAL;
            compress(&mut state, &self.block);
            // The digest's bytes are the state's words, each little-endian; the first twelve,
            // read big-endian, are the candidate.
            let [a, b, c, _, _] = state.map(u32::swap_bytes);
            let candidate = (a as u128) << 64 | (b as u128) << 32 | c as u128;
            if candidate < DEALS {
                return candidate;
            }
        }
    }

    /// The next deal of the stream.
    pub fn next_deal(&mut self) -> Deal {
        deal_of(self.next_number())
    }
}

impl std::fmt::Debug for BigDeal {
    /// The sequence number only: the seeds are secrets.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BigDeal").field("sequence", &self.sequence()).finish_non_exhaustive()
    }
}

impl Drop for BigDeal {
    fn drop(&mut self) {
        wipe(&mut self.block);
    }
}

/// `seed_owner` for an owner's name: the RIPEMD-160 digest of its bytes (Big Deal's
/// `.bigdealrc` owner, or bigdealx's `-W` string).
pub fn owner_hash(owner: &str) -> [u8; 20] {
    ripemd160(owner.as_bytes())
}

/// `seed_random` in bigdealx's `-W` and `-o` modes: the RIPEMD-160 digest of its `-e` strings
/// one after the other, with nothing between them (three strings or their concatenation give
/// the same seed).
pub fn entropy_hash(strings: &[&str]) -> [u8; 20] {
    let mut hasher = Ripemd160::new();
    strings.iter().for_each(|s| hasher.update(s.as_bytes()));
    hasher.finish()
}

/// `seed_random` as bigdealx's `-h` gives it: 40 hexadecimal digits, either case, the 20
/// bytes in the order written. `None` for anything else.
pub fn parse_hash(hex: &str) -> Option<[u8; 20]> {
    let digits = hex.as_bytes();
    if digits.len() != 40 {
        return None;
    }
    let value = |d: u8| (d as char).to_digit(16).map(|v| v as u8);
    let mut out = [0u8; 20];
    for (byte, pair) in out.iter_mut().zip(digits.chunks_exact(2)) {
        *byte = value(pair[0])? << 4 | value(pair[1])?;
    }
    Some(out)
}

/// The number of bytes [`os_entropy_hash`] takes from the operating system: 160 bits and a
/// good deal to spare.
const OS_ENTROPY_BYTES: usize = 64;

/// A fresh `seed_random`: the RIPEMD-160 digest of 64 bytes from the operating system's
/// cryptographic generator, which are wiped once hashed. Fails only when the system has no
/// such generator to give.
pub fn os_entropy_hash() -> std::io::Result<[u8; 20]> {
    let mut bytes = [0u8; OS_ENTROPY_BYTES];
    let filled = getrandom::fill(&mut bytes);
    let result = match filled {
        Ok(()) => Ok(ripemd160(&bytes)),
        Err(e) => Err(match e.raw_os_error() {
            Some(code) => std::io::Error::from_raw_os_error(code),
            None => std::io::Error::other(format!("the system's random generator failed: {e}")),
        }),
    };
    wipe(&mut bytes);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_numbers_of_a_hash_run() {
        // The first boards of bigdealx -h 0123456789abcdef0123456789abcdef01234567.
        let seed = parse_hash("0123456789abcdef0123456789ABCDEF01234567").unwrap();
        let mut stream = BigDeal::new(seed, owner_hash(DEFAULT_OWNER));
        assert_eq!(stream.next_number(), 23_427_608_313_737_602_233_280_812_004);
        assert_eq!(stream.next_number(), 33_648_568_897_818_020_638_975_832_784);
        assert!(stream.sequence() >= 2);
    }

    #[test]
    fn hashes_are_forty_hexadecimal_digits() {
        assert_eq!(parse_hash("00ff").map(|_| ()), None);
        assert_eq!(parse_hash(&"g".repeat(40)), None);
        assert_eq!(parse_hash(&"é".repeat(20)), None);
        let h = parse_hash("000102030405060708090a0b0c0d0e0f10111213").unwrap();
        assert_eq!(h, std::array::from_fn(|i| i as u8));
    }

    #[test]
    fn the_entropy_strings_are_hashed_one_after_the_other() {
        assert_eq!(entropy_hash(&["ab", "", "c"]), ripemd160(b"abc"));
        assert_eq!(entropy_hash(&[]), ripemd160(b""));
    }

    #[test]
    fn the_seeds_do_not_show_under_debug() {
        let mut stream = BigDeal::new([0xAB; 20], [0xCD; 20]);
        stream.next_deal();
        let shown = format!("{stream:?}");
        assert_eq!(shown, format!("BigDeal {{ sequence: {}, .. }}", stream.sequence()));
    }

    #[test]
    fn the_system_gives_different_seeds() {
        let a = os_entropy_hash().unwrap();
        let b = os_entropy_hash().unwrap();
        assert_ne!(a, b);
    }
}
