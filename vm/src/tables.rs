//! Precomputed per-suit tables for the counting functions.
//!
//! Every counting function of the Dealer language (`hcp` under the current `pointcount`,
//! `pt0`..`pt9` under the current `altcount`s, `controls`, `losers`) depends on a hand's suits
//! independently, so it is one table of 8192 entries indexed by a 13-bit suit mask. A whole-hand
//! value is the sum of four lookups. The tables are built once per run.

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

    /// The alternative count `ptN` (`n` in 0..=9) under the current `altcount N`.
    pub fn pt(n: u8) -> TableId {
        assert!(n < 10, "there are ten alternative counts, pt0 to pt9");
        TableId(1 + n)
    }

    /// The Dealer name of the function that reads this table.
    pub fn name(self) -> &'static str {
        const NAMES: [&str; NUM_TABLES] = [
            "hcp", "pt0", "pt1", "pt2", "pt3", "pt4", "pt5", "pt6", "pt7", "pt8", "pt9",
            "controls", "losers",
        ];
        NAMES[self.0 as usize]
    }
}

/// The number of per-suit tables.
pub const NUM_TABLES: usize = 13;

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
pub fn suit_losers(mask: u16) -> i32 {
    let ace = mask & (1 << 12) != 0;
    let king = mask & (1 << 11) != 0;
    let queen = mask & (1 << 10) != 0;
    match mask.count_ones() {
        0 => 0,
        1 => i32::from(!ace),
        2 => 2 - i32::from(ace) - i32::from(king),
        _ => 3 - i32::from(ace) - i32::from(king) - i32::from(queen),
    }
}

/// The sum of the values of the ranks present in a suit mask.
pub fn suit_value(values: &RankValues, mask: u16) -> i32 {
    (0..13).filter(|r| mask & (1 << r) != 0).fold(0i32, |acc, r| acc.wrapping_add(values[r]))
}

/// All per-suit tables of a run, one block of [`SUIT_MASKS`] entries per [`TableId`].
#[derive(Clone)]
pub struct Tables {
    data: Vec<i32>,
}

impl Tables {
    /// Builds every table for the given point counts.
    pub fn new(counts: &PointCounts) -> Tables {
        let mut data = vec![0i32; NUM_TABLES * SUIT_MASKS];
        let mut fill = |id: TableId, f: &dyn Fn(u16) -> i32| {
            let block = &mut data[id.0 as usize * SUIT_MASKS..][..SUIT_MASKS];
            for (mask, slot) in block.iter_mut().enumerate() {
                *slot = f(mask as u16);
            }
        };
        fill(TableId::HCP, &|m| suit_value(&counts.hcp, m));
        for n in 0..10u8 {
            fill(TableId::pt(n), &|m| suit_value(&counts.alt[n as usize], m));
        }
        fill(TableId::CONTROLS, &|m| suit_value(&top(&[2, 1]), m));
        fill(TableId::LOSERS, &suit_losers);
        Tables { data }
    }

    /// The value of one suit holding.
    #[inline(always)]
    pub fn suit(&self, table: TableId, mask: u16) -> i32 {
        // The mask has 13 bits, so the index stays inside the table's block.
        self.data[table.0 as usize * SUIT_MASKS + (mask as usize & (SUIT_MASKS - 1))]
    }

    /// The value of a whole hand: the sum over its four suits.
    #[inline(always)]
    pub fn hand(&self, table: TableId, hand: Hand) -> i32 {
        let block = &self.data[table.0 as usize * SUIT_MASKS..][..SUIT_MASKS];
        Suit::ALL
            .iter()
            .fold(0i32, |acc, &s| acc.wrapping_add(block[hand.suit_mask(s) as usize]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
