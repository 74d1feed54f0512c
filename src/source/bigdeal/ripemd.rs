//! RIPEMD-160, the hash function of Dobbertin, Bosselaers and Preneel (1996), written from its
//! published definition: Big Deal hashes its seeds with it to make the deals of a session.
//!
//! The message is cut into 64-byte blocks of sixteen little-endian words, padded as MD4 pads
//! it (a byte `0x80`, zeros, then the length in bits as a little-endian 64-bit number), and
//! each block goes through two parallel lines of five rounds of sixteen steps, which
//! [`compress`] adds back into the five words of the state. [`ripemd160`] hashes a whole
//! message at once; [`Ripemd160`] takes it in pieces. Both wipe the message bytes they keep
//! when they are done with them, since Big Deal's seeds are secrets.

/// The five words of the state before the first block.
pub const INITIAL: [u32; 5] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0];

/// The constants added in each round of the left line.
const K_LEFT: [u32; 5] = [0x0000_0000, 0x5A82_7999, 0x6ED9_EBA1, 0x8F1B_BCDC, 0xA953_FD4E];

/// The constants added in each round of the right line.
const K_RIGHT: [u32; 5] = [0x50A2_8BE6, 0x5C4D_D124, 0x6D70_3EF3, 0x7A6D_76E9, 0x0000_0000];

/// The message word read at each step of the left line.
const R_LEFT: [usize; 80] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, //
    7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8, //
    3, 10, 14, 4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12, //
    1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15, 14, 5, 6, 2, //
    4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13,
];

/// The message word read at each step of the right line.
const R_RIGHT: [usize; 80] = [
    5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12, //
    6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2, //
    15, 5, 1, 3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13, //
    8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13, 9, 7, 10, 14, //
    12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11,
];

/// The left rotation of each step of the left line.
const S_LEFT: [u32; 80] = [
    11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8, //
    7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12, //
    11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5, //
    11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12, //
    9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
];

/// The left rotation of each step of the right line.
const S_RIGHT: [u32; 80] = [
    8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6, //
    9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11, //
    9, 7, 15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5, //
    15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8, //
    8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11,
];

/// The nonlinear function of round `round` (0..5): the left line uses them in the order
/// 0, 1, 2, 3, 4, the right line in the order 4, 3, 2, 1, 0.
#[inline(always)]
fn f(round: usize, x: u32, y: u32, z: u32) -> u32 {
    match round {
        0 => x ^ y ^ z,
        1 => (x & y) | (!x & z),
        2 => (x | !y) ^ z,
        3 => (x & z) | (y & !z),
        _ => x ^ (y | !z),
    }
}

/// One line's five working words: `a`, `b`, `c`, `d`, `e`.
type Line = [u32; 5];

/// One step of a line: the new `b` made from the others, the message word `x`, the round's
/// constant `k`, and the rotation `s`; the words shift along, `c` rotated by ten.
#[inline(always)]
fn step(w: &mut Line, fx: u32, x: u32, k: u32, s: u32) {
    let [a, b, c, d, e] = *w;
    let t = a.wrapping_add(fx).wrapping_add(x).wrapping_add(k).rotate_left(s).wrapping_add(e);
    *w = [e, t, b, c.rotate_left(10), d];
}

/// Adds one 64-byte block, as its sixteen little-endian words, into `state`.
#[inline]
pub fn compress(state: &mut [u32; 5], block: &[u32; 16]) {
    let mut left: Line = *state;
    let mut right: Line = *state;
    for round in 0..5 {
        for i in 16 * round..16 * round + 16 {
            let [_, b, c, d, _] = left;
            step(&mut left, f(round, b, c, d), block[R_LEFT[i]], K_LEFT[round], S_LEFT[i]);
            let [_, b, c, d, _] = right;
            step(&mut right, f(4 - round, b, c, d), block[R_RIGHT[i]], K_RIGHT[round], S_RIGHT[i]);
        }
    }
    let [h0, h1, h2, h3, h4] = *state;
    *state = [
        h1.wrapping_add(left[2]).wrapping_add(right[3]),
        h2.wrapping_add(left[3]).wrapping_add(right[4]),
        h3.wrapping_add(left[4]).wrapping_add(right[0]),
        h4.wrapping_add(left[0]).wrapping_add(right[1]),
        h0.wrapping_add(left[1]).wrapping_add(right[2]),
    ];
}

/// The 20 bytes of the digest of a state: its five words, each little-endian.
pub fn digest_bytes(state: &[u32; 5]) -> [u8; 20] {
    let mut out = [0u8; 20];
    for (chunk, word) in out.chunks_exact_mut(4).zip(state) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    out
}

/// Overwrites `items` with zeros in a way the optimiser keeps: the bytes of a seed are not left
/// in memory once they are no longer needed.
pub fn wipe<T: Copy + Default>(items: &mut [T]) {
    for item in items.iter_mut() {
        // SAFETY: `item` is a valid, aligned, exclusive reference to a `T`.
        unsafe { std::ptr::write_volatile(item, T::default()) };
    }
    std::sync::atomic::compiler_fence(std::sync::atomic::Ordering::SeqCst);
}

/// The RIPEMD-160 digest of a message given in pieces: [`Ripemd160::update`] as often as
/// needed, then [`Ripemd160::finish`]. The message bytes it holds are wiped when it is dropped.
pub struct Ripemd160 {
    /// The state after the whole blocks taken so far.
    state: [u32; 5],
    /// The bytes of the block not yet complete.
    buffer: [u8; 64],
    /// How many bytes of `buffer` are taken.
    buffered: usize,
    /// The length of the message so far, in bytes.
    length: u64,
}

impl Default for Ripemd160 {
    fn default() -> Ripemd160 {
        Ripemd160::new()
    }
}

impl std::fmt::Debug for Ripemd160 {
    /// Only the length taken so far: the message may be a secret.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ripemd160").field("length", &self.length).finish_non_exhaustive()
    }
}

impl Ripemd160 {
    /// A hasher that has taken no byte yet.
    pub fn new() -> Ripemd160 {
        Ripemd160 { state: INITIAL, buffer: [0; 64], buffered: 0, length: 0 }
    }

    /// Adds the complete block in `buffer` into the state.
    fn take_buffer(&mut self) {
        let mut words = [0u32; 16];
        for (word, chunk) in words.iter_mut().zip(self.buffer.chunks_exact(4)) {
            *word = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        }
        compress(&mut self.state, &words);
        wipe(&mut words);
        self.buffered = 0;
    }

    /// Takes the next bytes of the message.
    pub fn update(&mut self, mut bytes: &[u8]) {
        self.length = self.length.wrapping_add(bytes.len() as u64);
        while !bytes.is_empty() {
            let room = 64 - self.buffered;
            let n = room.min(bytes.len());
            self.buffer[self.buffered..self.buffered + n].copy_from_slice(&bytes[..n]);
            self.buffered += n;
            bytes = &bytes[n..];
            if self.buffered == 64 {
                self.take_buffer();
            }
        }
    }

    /// Pads the message and gives its digest.
    pub fn finish(mut self) -> [u8; 20] {
        let bits = self.length.wrapping_mul(8);
        self.buffer[self.buffered] = 0x80;
        self.buffer[self.buffered + 1..].fill(0);
        if self.buffered >= 56 {
            self.take_buffer();
            self.buffer.fill(0);
        }
        self.buffer[56..].copy_from_slice(&bits.to_le_bytes());
        self.take_buffer();
        digest_bytes(&self.state)
    }
}

impl Drop for Ripemd160 {
    fn drop(&mut self) {
        wipe(&mut self.buffer);
        wipe(&mut self.state);
    }
}

/// The RIPEMD-160 digest of `bytes`.
pub fn ripemd160(bytes: &[u8]) -> [u8; 20] {
    let mut hasher = Ripemd160::new();
    hasher.update(bytes);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digest in lowercase hexadecimal.
    fn hex(digest: [u8; 20]) -> String {
        digest.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn the_published_test_vectors() {
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
        let million = vec![b'a'; 1_000_000];
        assert_eq!(hex(ripemd160(&million)), "52783243c1697bdbe16d37f97f68f08325dc1528");
    }

    #[test]
    fn a_message_in_two_pieces_has_the_same_digest_at_every_cut() {
        let message: Vec<u8> = (0..200u32).map(|i| (i * 37 + 11) as u8).collect();
        let whole = ripemd160(&message);
        for cut in 0..=message.len() {
            let mut hasher = Ripemd160::new();
            hasher.update(&message[..cut]);
            hasher.update(&message[cut..]);
            assert_eq!(hasher.finish(), whole, "cut at {cut}");
        }
        // And byte by byte.
        let mut hasher = Ripemd160::default();
        message.iter().for_each(|b| hasher.update(std::slice::from_ref(b)));
        assert_eq!(hasher.finish(), whole);
    }
}
