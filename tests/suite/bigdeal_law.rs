//! The law of Big Deal's deals, as a federation would test a dealing program: 1,000,000 deals
//! from a fixed `--hash`-style input, and 200,000 from fresh entropy, against the exact laws of
//! each seat's HCP, suit lengths, hand pattern and number of voids (chi-square, pooled cells
//! expecting fewer than five).

use crate::randomness::{assert_fits, card_hcp, hcp_distribution, length_distribution, shape_probabilities};
use dealvm::tournament::bigdeal::{os_entropy_hash, owner_hash, parse_hash, BigDeal, DEFAULT_OWNER};
use dealvm_vm::card::{Deal, Hand, Seat, Suit, ALL_CARDS};
use dealvm_vm::evaluation::shape::SHAPES;

/// The laws counted over `n` deals of `dealer`, each checked against the exact one.
fn check_laws(what: &str, mut dealer: BigDeal, n: usize) {
    let mut hcp = [[0u64; 41]; 4];
    let mut lengths = [[[0u64; 14]; 4]; 4];
    let shapes = patterns();
    let mut patterns = vec![0u64; shapes.len()];
    let mut voids = [0u64; 4];
    for _ in 0..n {
        let deal: Deal = dealer.next_deal();
        for seat in Seat::ALL {
            let hand = deal.hand(seat);
            hcp[seat.index()][hand.cards().map(card_hcp).sum::<usize>()] += 1;
            for suit in Suit::ALL {
                lengths[seat.index()][suit.index()][hand.len(suit) as usize] += 1;
            }
            let mut shape = hand.shape();
            shape.sort_unstable_by(|a, b| b.cmp(a));
            patterns[shapes.iter().position(|p| *p == shape).expect("a pattern of 13 cards")] += 1;
        }
        let hand = deal.hand(Seat::South);
        voids[Suit::ALL.iter().filter(|&&s| hand.len(s) == 0).count()] += 1;
    }
    let hcp_law = hcp_distribution(Hand::EMPTY, ALL_CARDS, 13);
    for seat in Seat::ALL {
        assert_fits(&format!("{what}: {}'s HCP", seat.name()), &hcp[seat.index()], &hcp_law);
        for suit in Suit::ALL {
            let law = length_distribution(Hand::EMPTY, ALL_CARDS, 13, suit);
            assert_fits(&format!("{what}: {}'s {} length", seat.name(), suit.name()), &lengths[seat.index()][suit.index()], &law);
        }
    }
    assert_fits(&format!("{what}: the 39 hand patterns (four hands a deal)"), &patterns, &pattern_law());
    assert_fits(&format!("{what}: south's voids"), &voids, &void_law());
}

/// The 39 hand patterns, longest suit first.
fn patterns() -> Vec<[u8; 4]> {
    let mut all = Vec::new();
    for a in (0..=13u8).rev() {
        for b in (0..=a).rev() {
            for c in (0..=b).rev() {
                if a + b + c <= 13 && 13 - a - b - c <= c {
                    all.push([a, b, c, 13 - a - b - c]);
                }
            }
        }
    }
    all
}

/// The exact law of the hand pattern.
fn pattern_law() -> Vec<f64> {
    let shapes = patterns();
    let mut law = vec![0.0; shapes.len()];
    for (&shape, p) in SHAPES.iter().zip(shape_probabilities()) {
        let mut lengths = shape;
        lengths.sort_unstable_by(|a, b| b.cmp(a));
        law[shapes.iter().position(|p| *p == lengths).unwrap()] += p;
    }
    law
}

/// The exact law of the number of void suits in a hand (0 to 3).
fn void_law() -> Vec<f64> {
    let mut law = vec![0.0; 4];
    for (shape, p) in SHAPES.iter().zip(shape_probabilities()) {
        law[shape.iter().filter(|&&l| l == 0).count()] += p;
    }
    law
}

#[test]
fn a_million_deals_of_a_fixed_input_follow_the_exact_laws() {
    let hash = parse_hash("00112233445566778899aabbccddeeff00112233").unwrap();
    check_laws("--hash 0011...", BigDeal::new(hash, owner_hash(DEFAULT_OWNER)), 1_000_000);
}

#[test]
fn deals_from_fresh_entropy_follow_the_exact_laws() {
    check_laws("fresh entropy", BigDeal::new(os_entropy_hash().unwrap(), owner_hash("A test club")), 200_000);
}

#[test]
fn the_laws_are_exact() {
    assert_eq!(patterns().len(), 39);
    for law in [pattern_law(), void_law()] {
        assert!((law.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
    // 4-4-3-2 is the most frequent pattern (21.55% of hands), and one hand in twenty has a
    // void, as the tables of hand patterns give.
    let law = pattern_law();
    assert!((law[patterns().iter().position(|p| *p == [4, 4, 3, 2]).unwrap()] - 0.215511).abs() < 1e-6);
    assert!((void_law()[1] - 0.0510).abs() < 1e-3);
}
