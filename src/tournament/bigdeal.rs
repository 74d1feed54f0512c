//! Big Deal's deals: the boards that Hans van Staveren's tournament dealing program, and
//! SquareDeal built on it, make from the same seeds.
//!
//! A session's deals come from two 20-byte seeds: `seed_random`, the RIPEMD-160 digest of the
//! entropy collected for the session ([`os_entropy_hash`]; bigdealx's `-h` gives it directly,
//! [`parse_hash`], and its `-W` and `-o` modes hash only the `-e` strings, [`entropy_hash`]),
//! and `seed_owner`, the digest of the owner's name ([`owner_hash`], [`DEFAULT_OWNER`] when
//! none is set). [`BigDeal`] hashes the 44 bytes of a sequence number and the two seeds for
//! each candidate and keeps the candidates that are deal numbers (Big Deal's numbering of the deals,
//! [`crate::formats::number`], which its `.goe` files write too), so that every
//! board is drawn uniformly from all [`DEALS`] deals. The board numbers themselves are not
//! hashed: boards 17 to 32 of a run are the same deals as boards 1 to 16 of another run with
//! the same seeds.
//!
//! RIPEMD-160 is RustCrypto's (`ripemd`).

pub use crate::formats::number::{deal_of, number_of, DEALS};

use dealvm_vm::card::Deal;
use ripemd::{Digest, Ripemd160};
use zeroize::{Zeroize, Zeroizing};

/// The owner's name Big Deal hashes when its `.bigdealrc` names none.
pub const DEFAULT_OWNER: &str = "Identification of owner or tournament";

/// Big Deal's stream of deals from two seeds.
///
/// The seed is 44 bytes: a 4-byte little-endian sequence number, `seed_random`, then
/// `seed_owner`. For each candidate the sequence number goes up by one (the first candidate
/// has number 1), and the first 12 bytes of the seed's RIPEMD-160 digest, read as a big-endian
/// number, are the candidate; a candidate from [`DEALS`] on is passed over, so that about two
/// deals in three take one hash, and the others more.
///
/// The seeds are secrets: the stream keeps them only in the bytes it hashes, wiped when it is
/// dropped (as the hasher's state is), cannot be cloned, and shows only its sequence number
/// under `Debug`.
pub struct BigDeal {
    /// The 44 bytes hashed for each candidate: the sequence number, `seed_random`,
    /// `seed_owner`.
    seed: Zeroizing<[u8; 44]>,
}

impl BigDeal {
    /// The stream of the seeds `seed_random` and `seed_owner`, before its first deal.
    pub fn new(mut seed_random: [u8; 20], mut seed_owner: [u8; 20]) -> BigDeal {
        let mut seed = Zeroizing::new([0u8; 44]);
        seed[4..24].copy_from_slice(&seed_random);
        seed[24..].copy_from_slice(&seed_owner);
        seed_random.zeroize();
        seed_owner.zeroize();
        BigDeal { seed }
    }

    /// The sequence number of the last candidate hashed: 0 before the first deal.
    pub fn sequence(&self) -> u32 {
        u32::from_le_bytes([self.seed[0], self.seed[1], self.seed[2], self.seed[3]])
    }

    /// The number ([`deal_of`]) of the next deal of the stream.
    pub fn next_number(&mut self) -> u128 {
        loop {
            let sequence = self.sequence().wrapping_add(1);
            self.seed[..4].copy_from_slice(&sequence.to_le_bytes());
            let digest = Ripemd160::digest(&self.seed[..]);
            let mut first = [0u8; 16];
            first[4..].copy_from_slice(&digest[..12]);
            let candidate = u128::from_be_bytes(first);
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

/// The RIPEMD-160 digest of `bytes`.
pub fn ripemd160(bytes: &[u8]) -> [u8; 20] {
    Ripemd160::digest(bytes).into()
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
    hasher.finalize().into()
}

/// `seed_random` with bigdealx's `-e` strings added to the entropy hashed as `random`: the
/// RIPEMD-160 digest of `random` then the strings, as Big Deal adds them.
pub fn with_entropy_strings(mut random: [u8; 20], strings: &[String]) -> [u8; 20] {
    let mut hasher = Ripemd160::new();
    hasher.update(random);
    strings.iter().for_each(|s| hasher.update(s.as_bytes()));
    random.zeroize();
    hasher.finalize().into()
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
    let mut bytes = Zeroizing::new([0u8; OS_ENTROPY_BYTES]);
    match getrandom::fill(&mut bytes[..]) {
        Ok(()) => Ok(ripemd160(&bytes[..])),
        Err(e) => Err(match e.raw_os_error() {
            Some(code) => std::io::Error::from_raw_os_error(code),
            None => std::io::Error::other(format!("the system's random generator failed: {e}")),
        }),
    }
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
    fn ripemd_160_gives_the_published_test_vectors() {
        let hex = |digest: [u8; 20]| digest.iter().map(|b| format!("{b:02x}")).collect::<String>();
        let cases: [(&str, &str); 8] = [
            ("", "9c1185a5c5e9fc54612808977ee8f548b2258d31"),
            ("a", "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe"),
            ("abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"),
            ("message digest", "5d0689ef49d2fae572b881b123a85ffa21595f36"),
            ("abcdefghijklmnopqrstuvwxyz", "f71c27109c692c1b56bbdceb5b9d2865b3708dbc"),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "12a053384a9c0c88e405a06c27dcf49ada62eb2b"),
            ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "b0e20b6e3116640286ed3a87a5713079b21f5189"),
            ("12345678901234567890123456789012345678901234567890123456789012345678901234567890", "9b752e45573d4b39f4dbd3323cab82bf63326bfb"),
        ];
        for (message, digest) in cases {
            assert_eq!(hex(ripemd160(message.as_bytes())), digest, "{message:?}");
        }
        assert_eq!(hex(ripemd160(&vec![b'a'; 1_000_000])), "52783243c1697bdbe16d37f97f68f08325dc1528");
    }

    #[test]
    fn the_entropy_strings_are_added_after_the_systems() {
        let random = ripemd160(b"the system's bytes");
        let mut joined = random.to_vec();
        joined.extend_from_slice(b"onetwo");
        assert_eq!(with_entropy_strings(random, &["one".into(), "two".into()]), ripemd160(&joined));
        assert_eq!(with_entropy_strings(random, &[]), ripemd160(&random));
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
