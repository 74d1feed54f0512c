//! The source's deals against `ClassicDealer::next_deal`, the sequential reference: in order,
//! out of order, from several threads at once, through a ring too small to hold them.

use super::*;
use dealvm_vm::dealing::rng::batch_rng;

/// The first `n` deals of a dealer.
fn sequence(dealer: &ClassicDealer, n: u64) -> Vec<Deal> {
    let mut d = dealer.clone();
    (0..n).map(|_| d.next_deal()).collect()
}

/// Cards by name.
fn cards(names: &[&str]) -> Vec<Card> {
    names.iter().map(|c| Card::parse(c).expect("a card")).collect()
}

/// Checks deals `wanted` of `source` against `expected`, asked for in that order.
fn check(source: &ClassicDeals, expected: &[Deal], wanted: impl Iterator<Item = u64>, t: u64) {
    let mut rng = batch_rng(1, t);
    for m in wanted {
        assert_eq!(source.deal(m, &mut rng, |a, _| a), expected[m as usize], "deal {m}");
    }
}

/// A few deals of each batch of `k` in `order`, those of deals below `n`.
fn of_batches(order: &[u64], n: u64) -> impl Iterator<Item = u64> + '_ {
    order.iter().flat_map(|&k| (0..BATCH).step_by(511).chain([BATCH - 1]).map(move |i| k * BATCH + i)).filter(move |&m| m < n)
}

#[test]
fn every_thread_gets_the_dealers_sequence_in_any_order() {
    let n = 5 * BATCH + 17;
    let dealer = ClassicDealer::new(ClassicBuild::Debian, 7, [&[]; 4], ClassicSwap::EastWest);
    let expected = sequence(&dealer, n);
    // A ring of two slots: batches are asked for out of order and leave the ring.
    let source = ClassicDeals::starting(dealer, false, 2);
    check(&source, &expected, of_batches(&[3, 0, 4, 1, 5, 2, 0, 5], n), 0);
    std::thread::scope(|s| {
        for t in 0..3u64 {
            let (source, expected) = (&source, &expected);
            s.spawn(move || check(source, expected, (t..n).step_by(7), t));
        }
    });
}

#[test]
fn batches_made_on_the_places_are_the_dealers_deals() {
    let (east, south) = (cards(&["AS", "KS", "QS", "JS", "TS", "2H", "3D"]), cards(&["4C"]));
    let n = 4 * BATCH + 100;
    for build in [ClassicBuild::Debian, ClassicBuild::Exe] {
        for swap in [ClassicSwap::None, ClassicSwap::EastWest, ClassicSwap::EastSouthWest] {
            for predeal in [[&[][..]; 4], [&[], &east, &south, &[]]] {
                let dealer = ClassicDealer::new(build, 13, predeal, swap);
                let expected = sequence(&dealer, n);
                let what = format!("{build:?}, {swap:?}, {} predealt", predeal.iter().map(|c| c.len()).sum::<usize>());
                // In order, every deal: copies cross the ends of batches (4096 is no multiple of 6).
                let source = ClassicDeals::starting(dealer.clone(), false, 6);
                let mut rng = batch_rng(1, 0);
                for m in 0..n {
                    assert_eq!(source.deal(m, &mut rng, |a, _| a), expected[m as usize], "{what}: deal {m}");
                }
                // Out of order, the last batch first: the batches before worked out to know its pack.
                let source = ClassicDeals::starting(dealer, false, 6);
                check(&source, &expected, of_batches(&[4, 2, 3, 0, 1], n), 0);
            }
        }
    }
}

#[test]
fn threads_asking_at_once_through_a_small_ring_get_the_dealers_deals() {
    let n = 9 * BATCH;
    for build in [ClassicBuild::Debian, ClassicBuild::Exe] {
        let dealer = ClassicDealer::new(build, 21, [&cards(&["AH"]), &[], &[], &[]], ClassicSwap::EastSouthWest);
        let expected = sequence(&dealer, n);
        for slots in [2, 3, 20] {
            let source = ClassicDeals::starting(dealer.clone(), false, slots);
            std::thread::scope(|s| {
                for t in 0..4u64 {
                    let (source, expected) = (&source, &expected);
                    // Each thread its own order of batches: from the start, from the end, by twos.
                    let order: Vec<u64> = match t {
                        0 => (0..9).collect(),
                        1 => (0..9).rev().collect(),
                        2 => (0..9).step_by(2).chain((1..9).step_by(2)).collect(),
                        _ => [8, 0, 4, 2, 6, 1, 3, 5, 7].into(),
                    };
                    s.spawn(move || check(source, expected, of_batches(&order, n), t));
                }
            });
        }
    }
}

#[test]
fn a_clone_starts_again_from_the_first_deal() {
    let dealer = ClassicDealer::new(ClassicBuild::Debian, 3, [&[]; 4], ClassicSwap::None);
    let expected = sequence(&dealer, 3 * BATCH);
    let source = ClassicDeals::starting(dealer, false, 4);
    check(&source, &expected, of_batches(&[0, 1, 2], 3 * BATCH), 0);
    check(&source.clone(), &expected, of_batches(&[2, 1, 0], 3 * BATCH), 0);
}

#[test]
fn one_by_one_the_draws_come_between_the_deals() {
    let source = ClassicDeals::new(ClassicBuild::Debian, 1, [&[]; 4], ClassicSwap::None, true, 4);
    let mut dealer = ClassicDealer::new(ClassicBuild::Debian, 1, [&[]; 4], ClassicSwap::None);
    let mut rng = batch_rng(1, 0);
    for m in 0..50 {
        assert_eq!(source.deal(m, &mut rng, |a, _| a), dealer.next_deal());
        assert_eq!(source.rnd_between_deals(1000), Some(dealer.rnd(1000)));
    }
}
