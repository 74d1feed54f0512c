//! Deals and numbers as bytes, for the per-deal printers and the board files: the text of
//! every holding built once ([`Holdings`]), and integers written without `fmt`, into one
//! byte buffer that a run reuses ([`Text`]), so that printing a deal allocates nothing.

use dealvm_vm::card::{Deal, Hand, Seat, Suit, RANK_CHARS};

/// The number of 13-bit suit masks.
const MASKS: usize = 1 << 13;

/// The bytes of a plain holding's entry: 13 ranks at most, then its length in the last byte.
const PLAIN: usize = 16;

/// The bytes of a spaced holding's entry: 26 at most (13 ranks, each with its space), spaces
/// after, and its length in the last byte.
const SPACED: usize = 32;

/// The text of every holding, by 13-bit suit mask. Each entry is copied whole (a copy of a
/// known length) and the buffer cut back to the holding, whose length the entry's last byte
/// gives.
pub struct Holdings {
    /// The ranks from the ace down (`AKT9`).
    plain: [[u8; PLAIN]; MASKS],
    /// The ranks spaced (`A K T 9 `), or `- ` for a void, then spaces.
    spaced: [[u8; SPACED]; MASKS],
}

/// The table, worked out when dealvm is compiled: a run that prints a few deals reads the few
/// pages of it that it needs, and none is built at its start (building it took a tenth of a
/// millisecond-long start-up).
static HOLDINGS: Holdings = Holdings::build();

impl Holdings {
    /// The table.
    pub fn get() -> &'static Holdings {
        &HOLDINGS
    }

    /// Both forms of the 8192 holdings.
    const fn build() -> Holdings {
        let mut plain = [[b' '; PLAIN]; MASKS];
        let mut spaced = [[b' '; SPACED]; MASKS];
        let mut mask = 0;
        while mask < MASKS {
            let (mut rank, mut len) = (13, 0);
            while rank > 0 {
                rank -= 1;
                if mask & (1 << rank) != 0 {
                    plain[mask][len] = RANK_CHARS[rank];
                    spaced[mask][2 * len] = RANK_CHARS[rank];
                    len += 1;
                }
            }
            plain[mask][PLAIN - 1] = len as u8;
            spaced[mask][SPACED - 1] = 2 * if len == 0 { 1 } else { len as u8 };
            mask += 1;
        }
        spaced[0][0] = b'-';
        Holdings { plain, spaced }
    }

    /// The ranks of `mask` from the ace down (`AKT9`; empty for a void).
    pub fn plain(&self, mask: u16) -> &[u8] {
        let entry = &self.plain[mask as usize];
        &entry[..entry[PLAIN - 1] as usize]
    }

    /// The length of the spaced holding of `mask`: two bytes a card, two for a void.
    #[inline(always)]
    pub fn spaced_len(&self, mask: u16) -> usize {
        self.spaced[mask as usize][SPACED - 1] as usize
    }

    /// The ranks of `mask` spaced (`A K T 9 `; `- ` for a void).
    pub fn spaced(&self, mask: u16) -> &[u8] {
        let entry = &self.spaced[mask as usize];
        &entry[..entry[SPACED - 1] as usize]
    }
}

/// The digits of the numbers 00 to 99, two bytes each.
const DIGIT_PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// The decimal digits of `n` at the end of `out`; returns where they start.
fn digits(mut n: u64, out: &mut [u8; 20]) -> usize {
    let mut at = out.len();
    while n >= 100 {
        let pair = (n % 100) as usize * 2;
        n /= 100;
        at -= 2;
        out[at..at + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
    }
    if n >= 10 {
        at -= 2;
        out[at..at + 2].copy_from_slice(&DIGIT_PAIRS[n as usize * 2..n as usize * 2 + 2]);
    } else {
        at -= 1;
        out[at] = b'0' + n as u8;
    }
    at
}

/// Appends the number that starts at `at` in `out` (spaces before it), right-aligned in
/// `width` columns.
#[inline(always)]
fn put_right_of(buf: &mut Vec<u8>, out: &[u8; 20], at: usize, width: usize) {
    match out.len().checked_sub(width) {
        // The usual case, `width` bytes: a copy of known length when the width is a constant.
        Some(start) if at >= start => buf.extend_from_slice(&out[start..]),
        Some(_) => buf.extend_from_slice(&out[at..]),
        None => {
            buf.resize(buf.len() + width - out.len(), b' ');
            buf.extend_from_slice(out);
        }
    }
}

/// Spaces to pad a column with, copied whole.
const SPACES: [u8; 32] = [b' '; 32];

/// Room made at the end of a byte buffer for a piece of text whose length has a known bound
/// ([`Text::put_room`]): each part is copied at its place with no growth of the buffer to
/// check, a holding's table entry whole (a copy of fixed length, the bytes past the holding
/// written over by what follows or cut at the end).
pub struct Room<'a> {
    out: &'a mut [u8],
    at: usize,
}

impl Room<'_> {
    /// Appends `b`.
    #[inline(always)]
    pub fn byte(&mut self, b: u8) {
        self.out[self.at] = b;
        self.at += 1;
    }

    /// Appends `bytes`.
    #[inline(always)]
    pub fn bytes(&mut self, bytes: &[u8]) {
        self.out[self.at..self.at + bytes.len()].copy_from_slice(bytes);
        self.at += bytes.len();
    }

    /// Where the next byte goes, counted from the start of the room.
    pub fn at(&self) -> usize {
        self.at
    }

    /// Appends spaces up to `width` bytes after `start` (none when there are as many).
    #[inline(always)]
    pub fn pad_to(&mut self, start: usize, width: usize) {
        let end = start + width;
        while self.at < end {
            let n = (end - self.at).min(SPACES.len());
            self.bytes(&SPACES[..n]);
        }
    }

    /// Appends `bytes`, then spaces up to `width` columns, as `{:<width$}` does.
    #[inline(always)]
    pub fn left(&mut self, bytes: &[u8], width: usize) {
        let start = self.at;
        self.bytes(bytes);
        self.pad_to(start, width);
    }

    /// Appends `n` in decimal.
    #[inline(always)]
    pub fn u64(&mut self, n: u64) {
        let mut out = [0u8; 20];
        let at = digits(n, &mut out);
        self.bytes(&out[at..]);
    }

    /// Appends `n` right-aligned in `width` columns, as `{n:width$}` does.
    #[inline(always)]
    pub fn u64_right(&mut self, n: u64, width: usize) {
        let mut out = [b' '; 20];
        let at = digits(n, &mut out);
        if width > out.len() {
            // Wider than any number: the spaces beyond `out`'s first.
            self.pad_to(self.at, width - out.len());
        }
        self.bytes(&out[at.min(out.len().saturating_sub(width))..]);
    }

    /// Appends the spaced holding of `mask` (`A K T 9 `), padded to `width` columns.
    #[inline(always)]
    pub fn spaced(&mut self, holdings: &Holdings, mask: u16, width: usize) {
        let entry = &holdings.spaced[mask as usize];
        let start = self.at;
        // The entry's spaces pad the column up to its last byte, which the next part writes
        // over (or the end cuts).
        self.out[start..start + SPACED].copy_from_slice(entry);
        self.at = start + (entry[SPACED - 1] as usize).max(width.min(SPACED - 1));
        self.pad_to(start, width);
    }

    /// Appends the plain holding of `mask` (`AKT9`).
    #[inline(always)]
    pub fn plain(&mut self, holdings: &Holdings, mask: u16) {
        let entry = &holdings.plain[mask as usize];
        self.out[self.at..self.at + PLAIN].copy_from_slice(entry);
        self.at += entry[PLAIN - 1] as usize;
    }

    /// Appends a hand as PBN writes it: `AKT9.Q3.J976.K82`.
    #[inline(always)]
    pub fn hand(&mut self, holdings: &Holdings, hand: Hand) {
        let [spades, hearts, diamonds, clubs] = Suit::DISPLAY.map(|s| hand.suit_mask(s));
        self.plain(holdings, spades);
        self.byte(b'.');
        self.plain(holdings, hearts);
        self.byte(b'.');
        self.plain(holdings, diamonds);
        self.byte(b'.');
        self.plain(holdings, clubs);
    }
}

/// The room a hand takes in a [`Room`]: 13 ranks, three dots and the slack of the last
/// holding's whole entry.
pub const HAND_ROOM: usize = 13 + 3 + PLAIN;

/// The room a line of spaced holdings in `columns` columns `width` wide takes in a [`Room`],
/// with the slack of the last holding's whole entry.
pub const fn spaced_room(columns: usize, width: usize) -> usize {
    let column = if width > 2 * 13 { width } else { 2 * 13 };
    columns * column + SPACED
}

/// Text appended to a byte buffer: numbers as `{}` and `{:W}` print them, holdings and hands
/// from [`Holdings`], columns padded with spaces.
pub trait Text {
    /// Appends `n` in decimal.
    fn put_u64(&mut self, n: u64);
    /// Appends `n` in decimal, with its sign when negative.
    fn put_i64(&mut self, n: i64);
    /// Appends `n` right-aligned in `width` columns, as `{n:width$}` does.
    fn put_i64_right(&mut self, n: i64, width: usize);
    /// Appends `n` right-aligned in `width` columns, as `{n:width$}` does.
    fn put_u64_right(&mut self, n: u64, width: usize);
    /// Appends `bytes`, then spaces up to `width` columns, as `{:<width$}` does.
    fn put_left(&mut self, bytes: &[u8], width: usize);
    /// Appends spaces until `width` bytes follow `start`.
    fn pad_from(&mut self, start: usize, width: usize);
    /// Appends the spaced holding of `mask` (`A K T 9 `), padded to `width` columns.
    fn put_spaced(&mut self, holdings: &Holdings, mask: u16, width: usize);
    /// Appends a hand as PBN writes it: `AKT9.Q3.J976.K82`.
    fn put_hand(&mut self, holdings: &Holdings, hand: Hand);
    /// Appends a deal as PBN writes it, from `first` round the table: `N:AKT9.Q3.J976.K82 ...`.
    fn put_deal(&mut self, holdings: &Holdings, deal: &Deal, first: Seat);
    /// Appends what `write` writes in a [`Room`] of `max` bytes (which it must not pass).
    fn put_room(&mut self, max: usize, write: impl FnOnce(&mut Room<'_>));
}

impl Text for Vec<u8> {
    fn put_u64(&mut self, n: u64) {
        let mut out = [0u8; 20];
        let at = digits(n, &mut out);
        self.extend_from_slice(&out[at..]);
    }

    fn put_i64(&mut self, n: i64) {
        if n < 0 {
            self.push(b'-');
        }
        self.put_u64(n.unsigned_abs());
    }

    #[inline]
    fn put_i64_right(&mut self, n: i64, width: usize) {
        let mut out = [b' '; 20];
        let mut at = digits(n.unsigned_abs(), &mut out);
        if n < 0 {
            // At most 19 digits: there is room for the sign.
            at -= 1;
            out[at] = b'-';
        }
        put_right_of(self, &out, at, width);
    }

    #[inline]
    fn put_u64_right(&mut self, n: u64, width: usize) {
        let mut out = [b' '; 20];
        let at = digits(n, &mut out);
        put_right_of(self, &out, at, width);
    }

    fn put_left(&mut self, bytes: &[u8], width: usize) {
        let start = self.len();
        self.extend_from_slice(bytes);
        self.pad_from(start, width);
    }

    fn pad_from(&mut self, start: usize, width: usize) {
        if self.len() < start + width {
            self.resize(start + width, b' ');
        }
    }

    #[inline]
    fn put_spaced(&mut self, holdings: &Holdings, mask: u16, width: usize) {
        // The entry but its last byte, cut to the holding or the column, whichever is longer.
        let start = self.len();
        let entry = &holdings.spaced[mask as usize];
        let len = entry[SPACED - 1] as usize;
        self.extend_from_slice(&entry[..SPACED - 1]);
        self.truncate(start + len.max(width.min(SPACED - 1)));
        self.pad_from(start, width);
    }

    #[inline]
    fn put_hand(&mut self, holdings: &Holdings, hand: Hand) {
        self.put_room(HAND_ROOM, |room| room.hand(holdings, hand));
    }

    fn put_deal(&mut self, holdings: &Holdings, deal: &Deal, first: Seat) {
        self.put_room(2 + 4 * HAND_ROOM, |room| {
            room.byte(first.letter() as u8);
            room.byte(b':');
            for i in 0..4 {
                if i > 0 {
                    room.byte(b' ');
                }
                room.hand(holdings, deal.hand(first.rotate(i)));
            }
        });
    }

    #[inline(always)]
    fn put_room(&mut self, max: usize, write: impl FnOnce(&mut Room<'_>)) {
        let start = self.len();
        self.resize(start + max, 0);
        let mut room = Room { out: &mut self[start..], at: 0 };
        write(&mut room);
        let end = start + room.at;
        self.truncate(end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dealvm_vm::card::rank_char;
    use dealvm_vm::dealing::rng::batch_rng;
    use dealvm_vm::dealing::source::DealSource;
    use dealvm_vm::dealing::split::RandomDealer;

    /// A holding spaced as the printers wrote it before the table: each rank and a space.
    fn spaced_by_hand(mask: u16) -> String {
        let ranks: String = (0..13u8).rev().filter(|r| mask & (1 << r) != 0).map(|r| format!("{} ", rank_char(r))).collect();
        if ranks.is_empty() {
            "- ".into()
        } else {
            ranks
        }
    }

    #[test]
    fn every_holding_reads_as_its_ranks() {
        let h = Holdings::get();
        for mask in 0..MASKS as u16 {
            let plain: String = (0..13u8).rev().filter(|r| mask & (1 << r) != 0).map(rank_char).collect();
            assert_eq!(h.plain(mask), plain.as_bytes(), "mask {mask:#x}");
            assert_eq!(h.spaced(mask), spaced_by_hand(mask).as_bytes(), "mask {mask:#x}");
        }
        assert_eq!(h.spaced(0x1fff), b"A K Q J T 9 8 7 6 5 4 3 2 ");
    }

    #[test]
    fn spaced_holdings_fill_their_columns() {
        let h = Holdings::get();
        for (mask, width) in [(0u16, 20usize), (0x1fff, 20), (0x1fff, 27), (0x1fff, 40), (0x1000, 0), (0x1234, 5), (0, 0)] {
            let mut buf = b"x".to_vec();
            buf.put_spaced(h, mask, width);
            let expected = format!("x{:<width$}", spaced_by_hand(mask));
            assert_eq!(String::from_utf8(buf).unwrap(), expected, "mask {mask:#x}, width {width}");
        }
    }

    #[test]
    fn numbers_read_as_fmt_prints_them() {
        let mut samples = vec![0i64, 1, 9, 10, 99, 100, 101, 999, 1000, 12345, 99999999, 100000000, i64::MAX, i64::MIN];
        samples.extend((0..60).map(|k| 7i64.pow(k % 22) + k as i64));
        samples.extend(samples.clone().iter().map(|n| n.wrapping_neg()));
        for n in samples {
            let mut buf = Vec::new();
            buf.put_i64(n);
            buf.push(b'|');
            buf.put_i64_right(n, 8);
            buf.push(b'|');
            buf.put_u64(n.unsigned_abs());
            buf.push(b'|');
            buf.put_u64_right(n.unsigned_abs(), 5);
            buf.push(b'|');
            buf.put_i64_right(n, 24);
            buf.push(b'|');
            buf.put_u64_right(n.unsigned_abs(), 0);
            let m = n.unsigned_abs();
            let expected = format!("{n}|{n:8}|{m}|{m:5}|{n:24}|{m}");
            assert_eq!(String::from_utf8(buf).unwrap(), expected);
        }
        let mut buf = Vec::new();
        buf.put_u64(u64::MAX);
        assert_eq!(buf, u64::MAX.to_string().as_bytes());
    }

    #[test]
    fn deals_read_as_pbn_writes_them() {
        let (dealer, mut rng, h) = (RandomDealer::new(), batch_rng(3, 0), Holdings::get());
        for n in 0..500 {
            let deal = dealer.deal_one(0, &mut rng);
            let first = Seat::from_index(n);
            let mut buf = Vec::new();
            buf.put_deal(h, &deal, first);
            assert_eq!(String::from_utf8(buf).unwrap(), deal.pbn_from(first));
        }
    }
}
