//! The search against trying every play (small endings) and against DDS (whole deals, random
//! and freak).

use super::Search;
use crate::testing::{ending, north_south_tricks};
use crate::Dds;
use dealvm_vm::card::{Deal, Hand, Seat, Suit};
use dealvm_vm::evaluation::dd::{Solver, STRAINS};
use dealvm_vm::evaluation::score::Strain;

fn trump_of(strain: Strain) -> Option<Suit> {
    (strain != Strain::NoTrump).then(|| Suit::ALL[strain as usize])
}

#[test]
fn tables_and_leads_of_small_endings_agree_with_trying_every_play() {
    let mut search = Search::new();
    let mut compared = 0;
    for seed in 0..400u64 {
        let k = 1 + (seed % 4) as usize;
        let d = ending(k, 77 + seed);
        let table = search.table(&d);
        for strain in STRAINS {
            for declarer in Seat::ALL {
                let leader = declarer.rotate(1) as usize;
                let ns = north_south_tricks(d.hands, &[], leader, trump_of(strain));
                let tricks = if (declarer as usize).is_multiple_of(2) { ns } else { k as u8 - ns };
                assert_eq!(table.get(declarer, strain), tricks, "{declarer:?} in {strain:?} on {d:?}");
                assert_eq!(search.tricks(&d, declarer, strain), tricks);
                for at_least in 1..=k as u8 {
                    assert_eq!(
                        search.at_least(&d, declarer, strain, at_least),
                        tricks >= at_least,
                        "{at_least} or more by {declarer:?} in {strain:?} on {d:?}"
                    );
                }
                compared += 1;
            }
        }
        let declarer = Seat::from_index((seed / 4 % 4) as usize);
        let strain = STRAINS[(seed / 16 % 5) as usize];
        let leader = declarer.rotate(1) as usize;
        let leads = search.leads(&d, declarer, strain);
        assert_eq!(leads.cards().count(), k);
        for card in d.hands[leader].cards() {
            let mut after = d.hands;
            after[leader] = Hand(after[leader].0 & !card.bit());
            let ns = north_south_tricks(after, &[(leader, card)], (leader + 1) % 4, trump_of(strain));
            let defenders = if leader.is_multiple_of(2) { ns } else { k as u8 - ns };
            assert_eq!(leads.get(card), Some(defenders), "{card} led on {d:?}, {declarer:?} declaring in {strain:?}");
        }
    }
    assert_eq!(compared, 400 * 20);
}

/// A deal pulled towards long suits and voids: cards traded between hands, each trade kept
/// when it gives a hand more of the suit it favours.
fn freak(seed: u64) -> Deal {
    let mut d = ending(13, seed);
    let mut x = seed;
    for _ in 0..60 {
        x = dealvm_vm::dealing::rng::mix64(x);
        let (a, b) = ((x % 4) as usize, ((x >> 8) % 3 + 1) as usize);
        let b = (a + b) % 4;
        let favour = |seat: usize| Suit::ALL[(seat + seed as usize) % 4];
        let give = d.hands[a].cards().find(|c| c.suit() == favour(b));
        let take = d.hands[b].cards().find(|c| c.suit() != favour(b));
        if let (Some(g), Some(t)) = (give, take) {
            d.hands[a] = Hand(d.hands[a].0 & !g.bit() | t.bit());
            d.hands[b] = Hand(d.hands[b].0 & !t.bit() | g.bit());
        }
    }
    d
}

/// An ending of `k` cards a hand of the freak deal of `seed`: each hand's cards from some place
/// on, so that voids and long suits are common.
fn freak_ending(k: usize, seed: u64) -> Deal {
    let mut d = freak(seed);
    for hand in d.hands.iter_mut() {
        *hand = hand.cards().skip(seed as usize % (14 - k)).take(k).fold(Hand::EMPTY, Hand::with);
    }
    d
}

/// `count` small endings and their cards a hand: two or three, four in one ending of eight
/// (trying every play of four cards a hand is the costly part); freak ones (from the seeds
/// after `freak_seeds`) and random ones (after `random_seeds`) in turn.
fn small_endings(count: u64, freak_seeds: u64, random_seeds: u64) -> impl Iterator<Item = (usize, Deal)> {
    (0..count).map(move |seed| {
        let k = if seed % 8 == 7 { 4 } else { 2 + (seed % 2) as usize };
        let d = if seed % 2 == 0 { freak_ending(k, freak_seeds + seed) } else { ending(k, random_seeds + seed) };
        (k, d)
    })
}

/// A whole deal, random for even `seed`, freak for odd.
fn whole_deal(seed: u64) -> Deal {
    if seed % 2 == 1 {
        freak(seed)
    } else {
        ending(13, seed)
    }
}

#[test]
fn tables_of_whole_deals_and_long_endings_agree_with_dds() {
    let (mut search, mut dds) = (Search::new(), Dds::new());
    for seed in 0..8u64 {
        let d = whole_deal(500 + seed);
        assert_eq!(search.table(&d), dds.table(&d), "{d:?}");
    }
    for seed in 0..40u64 {
        let d = ending(6 + (seed % 4) as usize, 700 + seed);
        assert_eq!(search.table(&d), dds.table(&d), "{d:?}");
    }
}

#[test]
fn leads_and_targets_of_whole_deals_agree_with_dds() {
    let (mut search, mut dds) = (Search::new(), Dds::new());
    for seed in 0..8u64 {
        let d = whole_deal(900 + seed);
        let declarer = Seat::from_index(seed as usize % 4);
        let strain = STRAINS[(seed / 2) as usize % 5];
        assert_eq!(search.leads(&d, declarer, strain), dds.leads(&d, declarer, strain), "{d:?} {declarer:?} {strain:?}");
        let tricks = dds.tricks(&d, declarer, strain);
        for k in [tricks.max(1), tricks + 1].into_iter().filter(|&k| k <= 13) {
            assert_eq!(search.at_least(&d, declarer, strain, k), tricks >= k);
        }
    }
}

#[test]
fn freak_deals_are_freak() {
    let longest = (0..20).map(|s| freak(s).hands.iter().flat_map(|h| h.shape()).max().unwrap()).min().unwrap();
    assert!(longest >= 7, "{longest}");
}

#[test]
fn endings_of_random_and_freak_deals_agree_with_dds() {
    // Four to eight cards a hand, every strain and declarer; the freak ones each hand's cards
    // of a freak deal from some place on, so that voids and long suits are common.
    let (mut search, mut dds) = (Search::new(), Dds::new());
    for seed in 0..600u64 {
        let k = 4 + (seed % 5) as usize;
        let d = if seed % 2 == 0 { freak_ending(k, seed) } else { ending(k, 90_000 + seed) };
        assert_eq!(search.table(&d), dds.table(&d), "{d:?}");
    }
}

#[test]
fn both_copies_of_the_search_play_the_same_tricks() {
    // The copy for the bit-manipulation instructions (where this processor has them) against
    // the one for any processor: the same answers from the same search, trick for trick.
    let (mut detected, mut portable) = (Search::new(), Search::portable());
    for seed in 0..6u64 {
        let d = if seed % 2 == 1 { freak(300 + seed) } else { ending(9, 300 + seed) };
        assert_eq!(detected.table(&d), portable.table(&d), "{d:?}");
        assert_eq!(detected.leads(&d, Seat::South, Strain::NoTrump), portable.leads(&d, Seat::South, Strain::NoTrump));
        assert_eq!(detected.tricks_played(), portable.tricks_played(), "{d:?}");
    }
}

#[test]
fn every_bound_holds_on_small_endings_by_trying_every_play() {
    // Each sure-trick bound of a trick's start (`bounds`) against the true count, on small
    // endings of random and freak deals, every strain and leader: a bound that claimed more
    // than best play gives would make the search wrong where the searches compared with DDS
    // happen not to reach it.
    let mut search = Search::new();
    let mut claims = 0;
    for (k, d) in small_endings(240, 40_000, 50_000) {
        for strain in STRAINS {
            search.set(&d, strain);
            let all = search.remaining();
            for leader in 0..4 {
                let ns = north_south_tricks(d.hands, &[], leader, trump_of(strain)) as i32;
                let side = if leader % 2 == 0 { ns } else { k as i32 - ns };
                for needed in 1..=k as i32 {
                    if let Some((n, _)) = search.quick_tricks(leader, all, needed) {
                        let n = n as i32;
                        assert!(n >= needed && side >= n, "quick tricks: {n} claimed for {needed}, {side} taken; {d:?} {strain:?} leader {leader}");
                        claims += 1;
                    }
                }
                let (n, _) = search.both_hands(leader, all);
                assert!(side >= n as i32, "both hands: {n} claimed, {side} taken; {d:?} {strain:?} leader {leader}");
                let (sure, _) = search.sure_for_others(leader, all);
                assert!(k as i32 - side >= sure, "the others' sure tricks: {sure}; {d:?} {strain:?} leader {leader}");
                claims += usize::from(n > 0) + usize::from(sure > 0);
            }
        }
    }
    assert!(claims > 500, "{claims}");
}

#[test]
fn every_bound_a_search_returns_holds_by_trying_every_play() {
    // A search asked whether North-South reach a target answers with a bound beyond it where
    // it can (sure tricks counted, a pattern's bound, the best card's): each bound, at every
    // target and leader, against the true count of small endings, the table kept warm from
    // target to target as the drivers keep it.
    let mut search = Search::new();
    let mut beyond = 0;
    for (k, d) in small_endings(200, 60_000, 70_000) {
        for strain in STRAINS {
            search.set(&d, strain);
            for leader in 0..4 {
                let ns = i32::from(north_south_tricks(d.hands, &[], leader, trump_of(strain)));
                for target in 0..=k as i32 + 1 {
                    let bound = search.trick(leader, target, &mut 0);
                    if bound >= target {
                        assert!(ns >= bound, "{d:?} {strain:?} leader {leader}: at least {bound} claimed at {target}, {ns} taken");
                    } else {
                        assert!(ns <= bound, "{d:?} {strain:?} leader {leader}: at most {bound} claimed at {target}, {ns} taken");
                    }
                    beyond += usize::from(bound > target || bound < target - 1);
                }
            }
        }
    }
    assert!(beyond > 500, "{beyond}");
}
