//! Precomputed per-suit tables for the counting functions.
//!
//! Every counting function of the Dealer language (`hcp` under the current `pointcount`,
//! `pt0`..`pt9` under the current `altcount`s, `controls`, `losers`, `ltc`, `quality`) depends
//! on a hand's suits independently, so it is one table of 8192 entries indexed by a 13-bit suit
//! mask, and a whole-hand value is the sum of four lookups (a table that ignores the low ranks,
//! as `hcp` does, is indexed by the top ranks only, so it takes little of the cache). `cccc`
//! adds to its per-suit table a correction that depends only on the hand's shape: a 560-entry
//! table indexed by shape. The tables are built once per run.

use crate::card::{Hand, Suit};

/// The number of 13-bit suit masks.
pub const SUIT_MASKS: usize = 8192;

/// Which per-suit table a counting function reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableId(pub u8);

impl TableId {
    /// High-card points under the current `pointcount`.
    pub const HCP: TableId = TableId(0);
    /// Controls: ace 2, king 1.
    pub const CONTROLS: TableId = TableId(11);
    /// Losers, as Dealer counts them per suit.
    pub const LOSERS: TableId = TableId(12);
    /// The modern losing trick count (×100, half losers), from the suit's top three cards.
    pub const LTC: TableId = TableId(13);
    /// Kaplan-Rubens suit quality (×100).
    pub const QUALITY: TableId = TableId(14);
    /// The per-suit part of the Kaplan-Rubens four C's (×100); see [`Tables::cccc`].
    pub const CCCC: TableId = TableId(15);

    /// The alternative count `ptN` (`n` in 0..=9) under the current `altcount N`.
    pub fn pt(n: u8) -> TableId {
        assert!(n < 10, "there are ten alternative counts, pt0 to pt9");
        TableId(1 + n)
    }

    /// The Dealer name of the function that reads this table.
    pub fn name(self) -> &'static str {
        const NAMES: [&str; NUM_TABLES] =
            ["hcp", "pt0", "pt1", "pt2", "pt3", "pt4", "pt5", "pt6", "pt7", "pt8", "pt9", "controls", "losers", "ltc", "quality", "cccc"];
        NAMES[self.0 as usize]
    }
}

/// The number of per-suit tables.
pub const NUM_TABLES: usize = 16;

/// Card values of a point count, indexed by rank (0 = deuce .. 12 = ace).
pub type RankValues = [i32; 13];

/// The card values behind `hcp` and `pt0`..`pt9`, as set by `pointcount` and `altcount`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointCounts {
    /// `pointcount`: the values behind `hcp`.
    pub hcp: RankValues,
    /// `altcount 0` .. `altcount 9`: the values behind `pt0` .. `pt9`.
    pub alt: [RankValues; 10],
}

/// Values for the top `n` ranks, the ace first; lower ranks count 0.
const fn top(values: &[i32]) -> RankValues {
    let mut out = [0; 13];
    let mut i = 0;
    while i < values.len() {
        out[12 - i] = values[i];
        i += 1;
    }
    out
}

impl Default for PointCounts {
    /// Dealer's defaults: 4-3-2-1 points; tens, jacks, queens, kings, aces, top2 .. top5, c13.
    fn default() -> Self {
        PointCounts {
            hcp: top(&[4, 3, 2, 1]),
            alt: [
                top(&[0, 0, 0, 0, 1]),
                top(&[0, 0, 0, 1]),
                top(&[0, 0, 1]),
                top(&[0, 1]),
                top(&[1]),
                top(&[1, 1]),
                top(&[1, 1, 1]),
                top(&[1, 1, 1, 1]),
                top(&[1, 1, 1, 1, 1]),
                top(&[6, 4, 2, 1]),
            ],
        }
    }
}

/// The losers of one suit holding, as Dealer counts them.
pub const fn suit_losers(mask: u16) -> i32 {
    let ace = (mask & (1 << 12) != 0) as i32;
    let king = (mask & (1 << 11) != 0) as i32;
    let queen = (mask & (1 << 10) != 0) as i32;
    match mask.count_ones() {
        0 => 0,
        1 => 1 - ace,
        2 => 2 - ace - king,
        _ => 3 - ace - king - queen,
    }
}

/// The bits of the honours and spots the evaluations look at in a suit mask (deuce = bit 0).
pub(crate) const ACE: u16 = 1 << 12;
pub(crate) const KING: u16 = 1 << 11;
pub(crate) const QUEEN: u16 = 1 << 10;
pub(crate) const JACK: u16 = 1 << 9;
pub(crate) const TEN: u16 = 1 << 8;
pub(crate) const NINE: u16 = 1 << 7;
pub(crate) const EIGHT: u16 = 1 << 6;

/// The modern losing trick count of a suit (×100): half losers, from its top three cards.
///
/// Each of the top three places holds an honour (A K Q J T), a spot card (x) or nothing (-);
/// the count follows DealerV2's `ltc()`: AKQ, AK-, A-- and the void 0; K--, AQ-, AKJ, AQJ ½;
/// KJT, AJT 1½; Qxx, QTx 2½; xxx, Txx, Jxx, JTx 3; anything else with an ace or king, a
/// singleton, and KQ or QJ tops 1 or 2 as listed in the test below.
pub fn suit_ltc(mask: u16) -> i32 {
    // The top three places, highest first.
    let mut t = *b"---";
    let mut held = mask & 0x1FFF;
    for place in &mut t {
        if held == 0 {
            break;
        }
        let rank = 15 - held.leading_zeros();
        held &= !(1 << rank);
        *place = match rank {
            12 => b'A',
            11 => b'K',
            10 => b'Q',
            9 => b'J',
            8 => b'T',
            _ => b'x',
        };
    }
    match &t {
        b"---" | b"A--" | b"AK-" | b"AKQ" => 0,
        b"K--" | b"AQ-" | b"AKJ" | b"AQJ" => 50,
        b"KQx" | b"KQT" | b"KQJ" | b"AQx" | b"AQT" | b"AKx" | b"AKT" | b"Kx-" | b"KT-" | b"KJ-" | b"KQ-" | b"Ax-" | b"AT-" | b"AJ-" | b"x--"
        | b"T--" | b"J--" | b"Q--" => 100,
        b"KJT" | b"AJT" => 150,
        b"QJx" | b"QJT" | b"Kxx" | b"KTx" | b"KJx" | b"Axx" | b"ATx" | b"AJx" | b"xx-" | b"Tx-" | b"Jx-" | b"JT-" | b"Qx-" | b"QT-" | b"QJ-" => 200,
        b"Qxx" | b"QTx" => 250,
        b"xxx" | b"Txx" | b"Jxx" | b"JTx" => 300,
        other => unreachable!("every top-three pattern is listed, not {}", String::from_utf8_lossy(other)),
    }
}

/// Kaplan-Rubens suit quality (×100), value for value as Dealer counts it (Danil Suits' code).
///
/// (length × the suit's 4-3-2-1 count, plus adjustments) / 10. Adjustments: a 7-card suit +1
/// if the queen or the jack is missing; an 8-card suit +2 without the queen, else +1 without
/// the jack; 9 or more +2 without the queen and +1 without the jack. Only in suits of six cards
/// or fewer: the ten counts 1 with two higher honours or with the jack, else ½ (DealerV2 also
/// counts ½ for the ten of a longer suit); the nine counts ½ with the ten, with the eight, or
/// with exactly two higher honours.
pub const fn suit_quality(mask: u16) -> i32 {
    // (A `const fn`, without closures or `for`: its table is built when dealvm is compiled.)
    let len = mask.count_ones() as i32;
    let (ace, king, queen, jack) = (mask & ACE != 0, mask & KING != 0, mask & QUEEN != 0, mask & JACK != 0);
    let honours = ace as i32 + king as i32 + queen as i32 + jack as i32;
    let mut points = 400 * ace as i32 + 300 * king as i32 + 200 * queen as i32 + 100 * jack as i32;
    match len {
        7 if !queen || !jack => points += 100,
        8 if !queen => points += 200,
        8 if !jack => points += 100,
        l if l >= 9 => {
            if !queen {
                points += 200;
            }
            if !jack {
                points += 100;
            }
        }
        _ => {}
    }
    if len <= 6 {
        let (ten, nine, eight) = (mask & TEN != 0, mask & NINE != 0, mask & EIGHT != 0);
        if ten {
            points += if honours > 1 || jack { 100 } else { 50 };
        }
        if nine && (honours == 2 || eight || ten) {
            points += 50;
        }
    }
    points * len / 10
}

/// The per-suit part of the Kaplan-Rubens four C's (×100), as Dealer counts it: high cards,
/// lower honours, suit quality and shortness (void 3, singleton 2, doubleton 1). The point
/// taken off for the first doubleton, and a 4333's half, are in [`cccc_shape_correction`].
pub const fn suit_cccc(mask: u16) -> i32 {
    // (A `const fn`, like [`suit_quality`].)
    let len = mask.count_ones();
    let mut value = 0;
    let mut higher = 0;
    if mask & ACE != 0 {
        value += 300;
        higher += 1;
    }
    if mask & KING != 0 {
        // A singleton king is worth ½.
        value += if len == 1 { 50 } else { 200 };
        higher += 1;
    }
    if mask & QUEEN != 0 {
        // Dealer's doubleton queen is worth ½ alone, ¾ with the ace or king (the manual's
        // prose says ¼ and ½).
        value += match (len, higher) {
            (1, _) => 0,
            (2, 0) => 50,
            (2, _) => 75,
            (_, 0) => 75,
            _ => 100,
        };
        higher += 1;
    }
    if mask & JACK != 0 {
        value += match higher {
            2 => 50,
            1 => 25,
            _ => 0,
        };
        higher += 1;
    }
    if mask & TEN != 0 && (higher == 2 || (higher == 1 && mask & NINE != 0)) {
        value += 25;
    }
    if len > 0 {
        value += suit_quality(mask);
    }
    value
        + match len {
            0 => 300,
            1 => 200,
            2 => 100,
            _ => 0,
        }
}

/// The table of a `const fn` of a suit's holding: its value for every holding, worked out
/// when dealvm is compiled (a `const fn` cannot call a function it is given).
macro_rules! table_of {
    ($f:ident) => {{
        let mut table = [0i32; SUIT_MASKS];
        let mut m = 0;
        while m < SUIT_MASKS {
            table[m] = $f(m as u16);
            m += 1;
        }
        table
    }};
}

/// [`suit_losers`] of every holding.
static LOSERS_TABLE: [i32; SUIT_MASKS] = table_of!(suit_losers);

/// [`suit_quality`] of every holding (built at the start of a run, it cost 1.2 million
/// instructions).
static QUALITY_TABLE: [i32; SUIT_MASKS] = table_of!(suit_quality);

/// [`suit_cccc`] of every holding (1.1 million instructions at the start of a run).
static CCCC_TABLE: [i32; SUIT_MASKS] = table_of!(suit_cccc);

/// The shape-dependent part of the four C's (×100) for lengths `[s, h, d, c]`, as Dealer
/// counts it: a hand with a short suit loses the point of a first doubleton, whether it has a
/// doubleton or only a void or singleton; a 4333 hand (no short suit) loses ½ instead.
pub fn cccc_shape_correction(lengths: [u8; 4]) -> i32 {
    if lengths.iter().any(|&l| l < 3) {
        -100
    } else {
        -50
    }
}

/// The sum of the values of the ranks present in a suit mask.
pub fn suit_value(values: &RankValues, mask: u16) -> i32 {
    (0..13).filter(|r| mask & (1 << r) != 0).fold(0i32, |acc, r| acc.wrapping_add(values[r]))
}

/// The most low ranks (from the deuce up) a function of a suit's holding ignores: its value
/// for every holding is its value for the holding without them.
///
/// Rank `s` is ignored besides the ranks below it when the holdings without those lower ranks
/// (`8192 >> s` of them) have the value they have without rank `s` too: about 16,000 holdings
/// looked at in all, not 8192 per rank.
pub fn ignored_ranks(f: impl Fn(u16) -> i32) -> u32 {
    let mut s = 0;
    while s < 13 && (0..SUIT_MASKS as u16 >> s).all(|high| f(high << s) == f(high << s & !(1 << s))) {
        s += 1;
    }
    s
}

/// Fills `block` with the value of every holding under `values` (a holding's value is that of
/// the holding without its lowest card, plus that card's, wrapping, as [`suit_value`]), kept
/// at the shift it gives: the number of lowest ranks worth nothing, which the values of the
/// holdings ignore. Entry `i` holds the value of mask `i << shift`; the entries past
/// `SUIT_MASKS >> shift` are never read and left as they are.
fn fill_values(block: &mut [i32; SUIT_MASKS], values: &RankValues) -> u32 {
    let shift = values.iter().take_while(|&&v| v == 0).count() as u32;
    block[0] = 0;
    for m in 1..SUIT_MASKS >> shift {
        block[m] = block[m & (m - 1)].wrapping_add(values[m.trailing_zeros() as usize + shift as usize]);
    }
    shift
}

/// Keeps in `block` (the value of every holding, for a table that ignores the lowest `shift`
/// ranks) the value of mask `m` at `m >> shift`, in place: entry `i` takes the value of
/// `i << shift`, which no earlier entry has overwritten. The entries past `SUIT_MASKS >> shift`
/// are never read.
fn compact(block: &mut [i32; SUIT_MASKS], shift: u32) {
    for i in 1..SUIT_MASKS >> shift {
        block[i] = block[i << shift];
    }
}

/// Fills `block` with `f` of every holding, kept at the shift it gives (see [`fill_values`]).
/// Generic, so that `f` is inlined into the loop: a table is built at the start of every
/// run that reads it.
fn by_rank(f: impl Fn(u16) -> i32, block: &mut [i32; SUIT_MASKS]) -> u32 {
    block.iter_mut().enumerate().for_each(|(m, v)| *v = f(m as u16));
    let shift = ignored_ranks(|m| block[m as usize]);
    compact(block, shift);
    shift
}

/// Fills `block` from a table built when dealvm was compiled, kept at the shift it gives.
fn from_table(table: &[i32; SUIT_MASKS], block: &mut [i32; SUIT_MASKS]) -> u32 {
    *block = *table;
    let shift = ignored_ranks(|m| block[m as usize]);
    compact(block, shift);
    shift
}

/// All per-suit tables of a run, one block of [`SUIT_MASKS`] entries per [`TableId`], and the
/// shape-indexed correction of `cccc`.
#[derive(Clone)]
pub struct Tables {
    /// One block of [`SUIT_MASKS`] values per [`TableId`]. A table whose values do not
    /// depend on the lowest `shift` ranks (`hcp` 4-3-2-1 reads only the top four) holds the
    /// value of mask `m` at `m >> shift`: its part in the cache is that much smaller (64
    /// bytes for `hcp`, against 32 KB).
    data: Box<[[i32; SUIT_MASKS]; NUM_TABLES]>,
    /// Per table, the low ranks its values ignore.
    shift: [u32; NUM_TABLES],
    cccc_shape: Vec<i32>,
    /// Per table, its smallest and largest value of one holding ((0, 0) until it is built).
    range: [(i32, i32); NUM_TABLES],
    counts: PointCounts,
    /// Which tables are built, one bit per [`TableId`].
    built: u16,
}

impl Tables {
    /// Builds every table for the given point counts.
    pub fn new(counts: &PointCounts) -> Tables {
        let mut t = Tables::lazy(counts);
        for id in 0..NUM_TABLES as u8 {
            t.ensure(TableId(id));
        }
        t
    }

    /// Tables for the given point counts with none built yet: [`Tables::ensure`] builds
    /// those a program uses (see [`Tables::build`]). A table not built reads as 0.
    pub fn lazy(counts: &PointCounts) -> Tables {
        let data: Box<[[i32; SUIT_MASKS]; NUM_TABLES]> =
            vec![[0i32; SUIT_MASKS]; NUM_TABLES].into_boxed_slice().try_into().expect("NUM_TABLES blocks");
        Tables { data, shift: [0; NUM_TABLES], cccc_shape: Vec::new(), range: [(0, 0); NUM_TABLES], counts: counts.clone(), built: 0 }
    }

    /// The tables `ids` (say, those a program reads), built for the given point counts.
    pub fn build(counts: &PointCounts, ids: impl IntoIterator<Item = TableId>) -> Tables {
        let mut t = Tables::lazy(counts);
        for id in ids {
            t.ensure(id);
        }
        t
    }

    /// Builds a table unless it is built already.
    pub fn ensure(&mut self, id: TableId) {
        if self.built & (1 << id.0) != 0 {
            return;
        }
        self.built |= 1 << id.0;
        let block = &mut self.data[id.0 as usize];
        let shift = match id {
            TableId::HCP => fill_values(block, &self.counts.hcp),
            TableId::CONTROLS => fill_values(block, &top(&[2, 1])),
            TableId::LOSERS => from_table(&LOSERS_TABLE, block),
            TableId::LTC => by_rank(suit_ltc, block),
            TableId::QUALITY => from_table(&QUALITY_TABLE, block),
            TableId::CCCC => from_table(&CCCC_TABLE, block),
            TableId(n) => fill_values(block, &self.counts.alt[n as usize - 1]),
        };
        self.shift[id.0 as usize] = shift;
        // The entries read: those of the masks of the ranks the table does not ignore.
        self.range[id.0 as usize] = block[..SUIT_MASKS >> shift].iter().fold((i32::MAX, i32::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
        if id == TableId::CCCC {
            self.cccc_shape = crate::evaluation::shape::SHAPES.iter().map(|&l| cccc_shape_correction(l)).collect();
        }
    }

    /// The number of low ranks (from the deuce up) table `id` ignores: its value for a
    /// holding is its value for the holding without them.
    pub fn ignored_ranks(&self, id: TableId) -> u32 {
        self.shift[id.0 as usize & (NUM_TABLES - 1)]
    }

    /// The Kaplan-Rubens four C's of a hand (×100): its per-suit values plus the correction
    /// for its shape.
    #[inline(always)]
    pub fn cccc(&self, hand: Hand) -> i32 {
        let correction = self.cccc_shape.get(crate::evaluation::shape::shape_index_of(hand)).copied().unwrap_or(0);
        self.hand(TableId::CCCC, hand) + correction
    }

    /// The smallest and largest value of one suit holding in a table.
    pub fn suit_range(&self, table: TableId) -> (i32, i32) {
        self.range[table.0 as usize]
    }

    /// Bounds on the value of a whole hand (four times the suit range; not always reached).
    pub fn hand_range(&self, table: TableId) -> (i64, i64) {
        let (lo, hi) = self.suit_range(table);
        (4 * lo as i64, 4 * hi as i64)
    }

    /// Bounds on `cccc` of a hand.
    pub fn cccc_range(&self) -> (i64, i64) {
        let (lo, hi) = self.hand_range(TableId::CCCC);
        let shape_lo = self.cccc_shape.iter().copied().min().unwrap_or(0) as i64;
        let shape_hi = self.cccc_shape.iter().copied().max().unwrap_or(0) as i64;
        (lo + shape_lo, hi + shape_hi)
    }

    /// The value of one suit holding.
    #[inline(always)]
    pub fn suit(&self, table: TableId, mask: u16) -> i32 {
        // The mask has 13 bits, so the index stays inside the table's block.
        let shift = self.shift[table.0 as usize & (NUM_TABLES - 1)];
        self.data[table.0 as usize][(mask as usize >> shift) & (SUIT_MASKS - 1)]
    }

    /// The values of every holding for `table`, and the shift they are kept at: a holding's
    /// value is `block[mask >> shift]` (what [`Tables::suit`] reads).
    #[inline(always)]
    pub fn suit_block(&self, table: TableId) -> (&[i32; SUIT_MASKS], u32) {
        (&self.data[table.0 as usize], self.shift[table.0 as usize & (NUM_TABLES - 1)])
    }

    /// The value of a whole hand: the sum over its four suits.
    #[inline(always)]
    pub fn hand(&self, table: TableId, hand: Hand) -> i32 {
        let block = &self.data[table.0 as usize];
        let shift = self.shift[table.0 as usize & (NUM_TABLES - 1)];
        Suit::ALL.iter().fold(0i32, |acc, &s| acc.wrapping_add(block[(hand.suit_mask(s) as usize >> shift) & (SUIT_MASKS - 1)]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_built_when_dealvm_is_compiled_hold_each_holdings_value() {
        let t = Tables::new(&PointCounts::default());
        for m in 0..SUIT_MASKS as u16 {
            let values = [TableId::LOSERS, TableId::QUALITY, TableId::CCCC].map(|id| t.suit(id, m));
            assert_eq!(values, [suit_losers(m), suit_quality(m), suit_cccc(m)], "holding {m:#b}");
        }
        // A few values by hand: AKQJT9 (six cards) and a void, a singleton king, Qx.
        assert_eq!(suit_quality(0b1_1111_1000_0000), (1000 + 100 + 50) * 6 / 10);
        assert_eq!((suit_cccc(0), suit_cccc(KING), suit_cccc(QUEEN | 1)), (300, 50 + suit_quality(KING) + 200, 50 + suit_quality(QUEEN | 1) + 100));
    }

    #[test]
    fn default_counts_match_dealer() {
        let t = Tables::new(&PointCounts::default());
        let akqjt = 0b1_1111_0000_0000u16;
        assert_eq!(t.suit(TableId::HCP, akqjt), 10);
        assert_eq!(t.suit(TableId::pt(0), akqjt), 1);
        assert_eq!(t.suit(TableId::pt(8), akqjt), 5);
        assert_eq!(t.suit(TableId::pt(9), akqjt), 13);
        assert_eq!(t.suit(TableId::CONTROLS, akqjt), 3);
        assert_eq!(t.suit(TableId::LOSERS, akqjt), 0);
        assert_eq!(t.suit(TableId::LOSERS, 0b1_0000_0000_0011), 2);
        assert_eq!(t.suit(TableId::LOSERS, 0b0_1000_0000_0000), 1);
        assert_eq!(t.suit(TableId::LOSERS, 0), 0);
    }

    #[test]
    fn tables_that_ignore_low_ranks_are_kept_small_and_read_the_same() {
        let t = Tables::new(&PointCounts::default());
        // hcp reads the top four ranks, controls two, losers every rank.
        assert_eq!(t.shift[TableId::HCP.0 as usize], 9);
        assert_eq!(t.shift[TableId::CONTROLS.0 as usize], 11);
        assert_eq!(t.shift[TableId::LOSERS.0 as usize], 0);
        // Random hands from the generator itself (the dealing's `rng` lies above this folder).
        let mut rng = <rand_xoshiro::Xoshiro256PlusPlus as rand_core::SeedableRng>::seed_from_u64(4);
        for _ in 0..2000 {
            use rand_core::Rng;
            let hand = Hand(rng.next_u64() & crate::card::ALL_CARDS);
            for id in (0..NUM_TABLES as u8).map(TableId) {
                let by_suit = Suit::ALL.iter().fold(0i32, |a, &s| a.wrapping_add(t.suit(id, hand.suit_mask(s))));
                assert_eq!(t.hand(id, hand), by_suit, "{}", id.name());
            }
            let mask = hand.suit_mask(Suit::Spades);
            assert_eq!(t.suit(TableId::HCP, mask), t.suit(TableId::HCP, mask & 0x1E00));
        }
    }

    #[test]
    fn every_table_holds_its_function_of_every_holding() {
        // Counts with values everywhere, wrapping ones, and none at all (every rank ignored).
        let mut counts = PointCounts { hcp: [1, 0, 2, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4], ..PointCounts::default() };
        counts.alt[3] = [i32::MAX, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, i32::MAX];
        counts.alt[4] = [0; 13];
        let t = Tables::new(&counts);
        let direct = |id: TableId, m: u16| match id {
            TableId::HCP => suit_value(&counts.hcp, m),
            TableId::CONTROLS => suit_value(&top(&[2, 1]), m),
            TableId::LOSERS => suit_losers(m),
            TableId::LTC => suit_ltc(m),
            TableId::QUALITY => suit_quality(m),
            TableId::CCCC => suit_cccc(m),
            TableId(n) => suit_value(&counts.alt[n as usize - 1], m),
        };
        // The low ranks ignored, counted rank by rank over every holding.
        let ignored =
            |f: &dyn Fn(u16) -> i32| (0..13u32).take_while(|&s| (0..SUIT_MASKS as u16).all(|m| f(m) == f(m & !((2 << s) - 1)))).count() as u32;
        for id in (0..NUM_TABLES as u8).map(TableId) {
            let f = |m: u16| direct(id, m);
            assert_eq!(t.ignored_ranks(id), ignored(&f), "{}", id.name());
            let (mut lo, mut hi) = (i32::MAX, i32::MIN);
            for m in 0..SUIT_MASKS as u16 {
                assert_eq!(t.suit(id, m), f(m), "{} of {m:013b}", id.name());
                (lo, hi) = (lo.min(f(m)), hi.max(f(m)));
            }
            assert_eq!(t.suit_range(id), (lo, hi), "{}", id.name());
        }
        assert_eq!(t.ignored_ranks(TableId::pt(4)), 13);
    }

    /// A hand written `spades.hearts.diamonds.clubs`, as `AKQ2.KJ4.AQ65.QT`.
    fn hand(text: &str) -> Hand {
        let mut masks = [0u16; 4];
        for (suit, holding) in Suit::DISPLAY.iter().zip(text.split('.')) {
            masks[suit.index()] = holding.chars().map(|c| 1 << crate::card::rank_from_char(c).expect("a rank")).sum();
        }
        Hand::from_suit_masks(masks)
    }

    #[test]
    fn cccc_counts_as_dealer_does() {
        // Dealer's values (its outputs of the golden cases eval_D9, eval_D1, eval_D2 and
        // end_bktfreq_2d): a doubleton queen is worth ½ alone, ¾ beside the ace or king; a
        // hand with a short suit loses a point, whether or not it holds a doubleton; a 4333 ½.
        let t = Tables::new(&PointCounts::default());
        for (text, dealer) in [
            ("AKQ2.KJ4.AQ65.QT", 2045),
            ("AKT9.Q3.J976.K82", 1285),
            ("2.432.432.765432", 100),
            (".AKJT98.AQ5.QJT5", 2185),
            ("432.6542.432.976", -50),
            ("AKQJT98765.AK.A.", 3080),
        ] {
            assert_eq!(t.cccc(hand(text)), dealer, "{text}");
        }
        assert_eq!(t.suit(TableId::QUALITY, hand("AKQJT98765...").suit_mask(Suit::Spades)), 1000, "no ten in a long suit");
        let (lo, hi) = t.cccc_range();
        assert!(lo <= -50 && hi >= 3080, "{lo}..{hi}");
    }
}
