//! The precomputed tables against brute force: every 13-bit suit mask, every shape.

use dealvm_vm::card::{Card, Hand, Suit};
use dealvm_vm::evaluation::shape::{shape_index, shape_index_of, Distribution, ShapeSet, NUM_SHAPES, SHAPES};
use dealvm_vm::evaluation::tables::{PointCounts, TableId, Tables, SUIT_MASKS};

/// The ranks held in a suit mask, as characters from the ace down.
fn ranks(mask: u16) -> String {
    Hand::from_suit_masks([0, 0, 0, mask]).holding(Suit::Spades)
}

/// Points of a holding counted card by card from its written ranks.
fn count_by_card(holding: &str, values: &[(char, i32)]) -> i32 {
    holding.chars().map(|c| values.iter().find(|v| v.0 == c).map_or(0, |v| v.1)).sum()
}

/// Dealer's loser count restated: of the top min(length, 3) places, those not held by the
/// ace, king or queen that would fill them.
fn losers_by_rule(holding: &str) -> i32 {
    let places = holding.len().min(3);
    let honours = &['A', 'K', 'Q'][..places];
    places as i32 - honours.iter().filter(|h| holding.contains(**h)).count() as i32
}

#[test]
fn counting_tables_match_card_by_card_counts() {
    let counts = PointCounts::default();
    let t = Tables::new(&counts);
    let top = |vals: &[i32]| -> Vec<(char, i32)> { "AKQJT".chars().zip(vals.iter().copied()).collect() };
    let alt: [Vec<(char, i32)>; 10] = [
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
    ];
    for mask in 0..SUIT_MASKS as u16 {
        let h = ranks(mask);
        assert_eq!(t.suit(TableId::HCP, mask), count_by_card(&h, &top(&[4, 3, 2, 1])), "hcp {h}");
        assert_eq!(t.suit(TableId::CONTROLS, mask), count_by_card(&h, &top(&[2, 1])), "controls {h}");
        assert_eq!(t.suit(TableId::LOSERS, mask), losers_by_rule(&h), "losers {h}");
        for (n, vals) in alt.iter().enumerate() {
            assert_eq!(t.suit(TableId::pt(n as u8), mask), count_by_card(&h, vals), "pt{n} {h}");
        }
    }
}

#[test]
fn pointcount_values_reach_every_rank() {
    // pointcount 13 12 ... 1: the deuce is worth 1, the ace 13.
    let counts = PointCounts { hcp: std::array::from_fn(|r| r as i32 + 1), ..PointCounts::default() };
    let t = Tables::new(&counts);
    for mask in 0..SUIT_MASKS as u16 {
        let want: i32 = (0..13).filter(|r| mask & (1 << r) != 0).map(|r| r + 1).sum();
        assert_eq!(t.suit(TableId::HCP, mask), want);
    }
}

#[test]
fn whole_hand_values_are_sums_over_suits() {
    let t = Tables::new(&PointCounts::default());
    let hand = Hand(0)
        .with(Card::parse("AS").unwrap())
        .with(Card::parse("KH").unwrap())
        .with(Card::parse("QD").unwrap())
        .with(Card::parse("JC").unwrap())
        .with(Card::parse("2C").unwrap());
    assert_eq!(t.hand(TableId::HCP, hand), 10);
    assert_eq!(t.hand(TableId::CONTROLS, hand), 3);
    assert_eq!(t.hand(TableId::LOSERS, hand), 1 + 1 + 2); // void, singleton, doubleton, three cards
}

/// The shapes in squashed order, computed from the 3-subsets of {0..15} in colex order.
fn squashed_order() -> Vec<[u8; 4]> {
    let mut sets: Vec<[u8; 3]> = Vec::new();
    for z in 2..16u8 {
        for y in 1..z {
            for x in 0..y {
                sets.push([x, y, z]);
            }
        }
    }
    sets.iter().map(|&[x, y, z]| [x, y - x - 1, z - y - 1, 15 - z]).collect()
}

#[test]
fn shape_index_is_the_squashed_order() {
    let order = squashed_order();
    assert_eq!(order.len(), NUM_SHAPES);
    for (i, &[s, h, d, c]) in order.iter().enumerate() {
        assert_eq!(s + h + d + c, 13);
        assert_eq!(SHAPES[i], [s, h, d, c]);
        assert_eq!(shape_index(s as u32, h as u32, d as u32), i);
    }
}

#[test]
fn shape_index_of_hands_uses_their_lengths() {
    for (i, &[s, h, d, c]) in SHAPES.iter().enumerate() {
        let masks = [(1u16 << c) - 1, (1u16 << d) - 1, (1u16 << h) - 1, (1u16 << s) - 1];
        assert_eq!(shape_index_of(Hand::from_suit_masks(masks)), i);
    }
}

/// Whether a shape fits a distribution written with digits and `x`, by brute force.
fn fits(pattern: &str, any: bool, shape: [u8; 4]) -> bool {
    let want: Vec<Option<u8>> = pattern.bytes().map(|b| (b != b'x').then(|| b - b'0')).collect();
    let direct = |l: &[u8]| want.iter().zip(l).all(|(w, &g)| w.is_none_or(|w| w == g));
    if !any {
        return direct(&shape);
    }
    let mut perms = Vec::new();
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                for d in 0..4 {
                    let idx = [a, b, c, d];
                    if (0..4).all(|i| idx.contains(&i)) {
                        perms.push(idx.map(|i| shape[i]));
                    }
                }
            }
        }
    }
    perms.iter().any(|p| direct(p))
}

#[test]
fn distributions_match_brute_force_on_all_shapes() {
    let patterns = [
        "4333", "4432", "5332", "5xxx", "x5xx", "xx6x", "xxx0", "55xx", "4x4x", "xxxx", "0x00", "7xxx", "x4x3", "6x1x", "9400", "3334", "xx40",
        "13xx",
    ];
    for p in patterns {
        for any in [false, true] {
            let dist = Distribution::parse(p, any).unwrap();
            let set = match dist.shapes() {
                Ok(set) => set,
                Err(_) => continue,
            };
            for (i, &shape) in SHAPES.iter().enumerate() {
                assert_eq!(set.contains(i), fits(p, any, shape), "{}{p} on {shape:?}", if any { "any " } else { "" });
            }
        }
    }
}

#[test]
fn shape_sets_combine_like_dealer_lists() {
    // any 4432 + any 5332 - 5xxx: balanced-ish hands without five spades.
    let d = |p: &str, any| Distribution::parse(p, any).unwrap().shapes().unwrap();
    let mut set = ShapeSet::empty();
    set.union_with(&d("4432", true));
    set.union_with(&d("5332", true));
    set.subtract(&d("5xxx", false));
    for (i, &[s, h, d2, c]) in SHAPES.iter().enumerate() {
        let mut sorted = [s, h, d2, c];
        sorted.sort_unstable();
        let want = (sorted == [2, 3, 4, 4] || sorted == [2, 3, 3, 5]) && s != 5;
        assert_eq!(set.contains(i), want);
    }
}
