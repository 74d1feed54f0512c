//! Classic Dealer's deals as a deal source (`--classic`): [`ClassicDeals`] hands out the deals
//! of [`dealvm_vm::dealing::classic::ClassicDealer`], one after the other as Debian's `dealer` deals
//! them for the seed, to the run's threads by their numbers.
//!
//! The dealer's state after batch `k` is where batch `k + 1` starts, so the deals are made
//! in order: the first thread that asks for a deal of a batch not made yet makes that batch
//! (and any before it) under a lock, while the other threads evaluate the batches made
//! before. A made batch lies in a ring of slots, read without a lock: a slot carries the
//! number of its batch, checked before and after a deal is read, so a reader never takes a
//! deal of the batch that replaced it. The ring holds more batches than the run lets threads
//! run ahead of the batch being delivered; should a batch have left it all the same, it is
//! made again from the dealer's state at its start, kept for every batch (a few hundred bytes
//! each).
//!
//! When the program draws random numbers (`rnd`), they come from the dealing's stream, between
//! the deals, so the deals depend on the evaluation: the source then deals each deal when it
//! is asked for and draws `rnd` at once, and the run goes on one thread, deal after deal.

use dealvm_vm::machine::batch::BATCH;
use dealvm_vm::card::{Card, Deal, Hand, ALL_CARDS};
use dealvm_vm::dealing::classic::{ClassicBuild, ClassicDealer, ClassicSwap};
use dealvm_vm::dealing::rng::DealRng;
use dealvm_vm::dealing::source::DealSource;
use std::sync::atomic::{fence, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};

/// A slot's batch number while it is being filled or before its first batch.
const NO_BATCH: u64 = u64::MAX;

/// Classic Dealer's deals, numbered from 0 in the order Dealer deals them. A clone starts
/// again from the first deal.
pub struct ClassicDeals {
    /// The dealer before its first deal.
    first: ClassicDealer,
    /// The dealer and what it has made.
    state: Mutex<Made>,
    /// The batches made last, batch `k` in slot `k % slots.len()`.
    slots: Box<[Slot]>,
    /// Whether each deal is dealt when asked for, the program drawing `rnd` between deals.
    one_by_one: bool,
}

/// What the dealer has made, under the lock.
struct Made {
    dealer: ClassicDealer,
    /// The batches made so far.
    batches: u64,
    /// The dealer's state at the start of each batch made, to make it again.
    starts: Vec<ClassicDealer>,
    /// A batch made again, after it left the ring.
    again: Option<(u64, Vec<Deal>)>,
    /// Dealt one by one: the number of the next deal.
    next: u64,
}

/// One batch of deals, each packed in two words: the cards whose seat's index has bit 0 set,
/// and those whose seat's index has bit 1 set.
struct Slot {
    batch: AtomicU64,
    deals: OnceLock<Box<[[AtomicU64; 2]]>>,
}

impl Slot {
    /// The slot's words, made on first use.
    fn words(&self) -> &[[AtomicU64; 2]] {
        self.deals.get_or_init(|| (0..BATCH).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]).collect())
    }

    /// Deal `i` of the slot's batch (which the caller checks).
    #[inline(always)]
    fn read(&self, i: usize) -> Deal {
        let words = self.deals.get().map_or([0, 0], |d| [d[i][0].load(Ordering::Relaxed), d[i][1].load(Ordering::Relaxed)]);
        unpack(words)
    }
}

/// A deal in two words: bit 0 and bit 1 of each card's seat.
fn pack(deal: &Deal) -> [u64; 2] {
    let h = deal.hands.map(|h| h.0);
    [h[1] | h[3], h[2] | h[3]]
}

/// The deal two words hold.
#[inline(always)]
fn unpack([low, high]: [u64; 2]) -> Deal {
    Deal { hands: [Hand(ALL_CARDS & !(low | high)), Hand(low & !high), Hand(high & !low), Hand(low & high)] }
}

impl ClassicDeals {
    /// The deals of `dealer -s seed` (Debian's or dealer.exe's: `build`) with the cards of
    /// `predeal` predealt and swapping `swap`;
    /// `one_by_one` when the program draws `rnd`; `ahead`: how many batches the run may work
    /// on beyond the one it delivers (the ring holds twice as many, and two more).
    pub fn new(build: ClassicBuild, seed: u32, predeal: [&[Card]; 4], swap: ClassicSwap, one_by_one: bool, ahead: usize) -> ClassicDeals {
        ClassicDeals::starting(ClassicDealer::new(build, seed, predeal, swap), one_by_one, 2 * ahead + 2)
    }

    /// The deals of `dealer` from its next one, in a ring of `slots` batches.
    fn starting(dealer: ClassicDealer, one_by_one: bool, slots: usize) -> ClassicDeals {
        let ring = (0..slots).map(|_| Slot { batch: AtomicU64::new(NO_BATCH), deals: OnceLock::new() }).collect();
        let made = Made { dealer: dealer.clone(), batches: 0, starts: Vec::new(), again: None, next: 0 };
        ClassicDeals { first: dealer, state: Mutex::new(made), slots: ring, one_by_one }
    }

    /// The dealer's state, under the lock.
    fn made(&self) -> MutexGuard<'_, Made> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Deal `i` of batch `k`, when the ring does not hold it: the batches up to `k` made, or
    /// `k` made again from its start.
    #[cold]
    fn deal_made(&self, k: u64, i: usize) -> Deal {
        let mut made = self.made();
        while made.batches <= k {
            let b = made.batches;
            let slot = &self.slots[(b % self.slots.len() as u64) as usize];
            let start = made.dealer.clone();
            made.starts.push(start);
            // A seqlock's write: readers of the batch it held fail their check from here on.
            slot.batch.store(NO_BATCH, Ordering::Relaxed);
            fence(Ordering::Release);
            for w in slot.words() {
                let words = pack(&made.dealer.next_deal());
                w[0].store(words[0], Ordering::Relaxed);
                w[1].store(words[1], Ordering::Relaxed);
            }
            slot.batch.store(b, Ordering::Release);
            made.batches += 1;
        }
        // Under the lock, no slot is being written.
        let slot = &self.slots[(k % self.slots.len() as u64) as usize];
        if slot.batch.load(Ordering::Acquire) == k {
            return slot.read(i);
        }
        if made.again.as_ref().is_none_or(|(b, _)| *b != k) {
            let mut dealer = made.starts[k as usize].clone();
            let deals = (0..BATCH).map(|_| dealer.next_deal()).collect();
            made.again = Some((k, deals));
        }
        made.again.as_ref().map(|(_, deals)| deals[i]).expect("made above")
    }
}

impl Clone for ClassicDeals {
    fn clone(&self) -> ClassicDeals {
        ClassicDeals::starting(self.first.clone(), self.one_by_one, self.slots.len())
    }
}

impl std::fmt::Debug for ClassicDeals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClassicDeals").field("one_by_one", &self.one_by_one).field("slots", &self.slots.len()).finish()
    }
}

impl DealSource for ClassicDeals {
    #[inline(always)]
    fn deal(&self, n: u64, _rng: &mut DealRng, _pdep: impl Fn(u64, u64) -> u64) -> Deal {
        if self.one_by_one {
            let mut made = self.made();
            debug_assert_eq!(n, made.next, "dealt one by one, in order");
            made.next = n + 1;
            return made.dealer.next_deal();
        }
        let (k, i) = (n / BATCH, (n % BATCH) as usize);
        let slot = &self.slots[(k % self.slots.len() as u64) as usize];
        // A seqlock's read: the deal counts if the slot held batch `k` before and after.
        if slot.batch.load(Ordering::Acquire) == k {
            let deal = slot.read(i);
            fence(Ordering::Acquire);
            if slot.batch.load(Ordering::Relaxed) == k {
                return deal;
            }
        }
        self.deal_made(k, i)
    }

    /// Classic Dealer's `rnd`: the next number of the dealing's stream.
    fn rnd(&self, _rng: &mut DealRng, bound: i32, _produced: u64) -> i32 {
        debug_assert!(self.one_by_one, "a program that draws deals one by one");
        self.made().dealer.rnd(bound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dealvm_vm::dealing::rng::batch_rng;

    /// The first `n` deals of a dealer.
    fn sequence(seed: u32, swap: ClassicSwap, n: u64) -> Vec<Deal> {
        let mut d = ClassicDealer::new(ClassicBuild::Debian, seed, [&[]; 4], swap);
        (0..n).map(|_| d.next_deal()).collect()
    }

    #[test]
    fn deals_pack_into_two_words() {
        for deal in sequence(3, ClassicSwap::None, 20) {
            assert_eq!(unpack(pack(&deal)), deal);
        }
    }

    #[test]
    fn every_thread_gets_the_dealers_sequence_in_any_order() {
        let n = 5 * BATCH + 17;
        let expected = sequence(7, ClassicSwap::EastWest, n);
        // A ring of two slots: batches are asked for out of order and leave the ring.
        let source = ClassicDeals::new(ClassicBuild::Debian, 7, [&[]; 4], ClassicSwap::EastWest, false, 0);
        let mut rng = batch_rng(1, 0);
        let order = [3, 0, 4, 1, 5, 2, 0, 5];
        for &k in &order {
            for i in (0..BATCH).step_by(511).chain([BATCH - 1]) {
                let m = k * BATCH + i;
                if m < n {
                    assert_eq!(source.deal(m, &mut rng, |a, _| a), expected[m as usize], "deal {m}");
                }
            }
        }
        std::thread::scope(|s| {
            for t in 0..3u64 {
                let (source, expected) = (&source, &expected);
                s.spawn(move || {
                    let mut rng = batch_rng(1, t);
                    for m in (t..n).step_by(7) {
                        assert_eq!(source.deal(m, &mut rng, |a, _| a), expected[m as usize]);
                    }
                });
            }
        });
    }

    #[test]
    fn one_by_one_the_draws_come_between_the_deals() {
        let source = ClassicDeals::new(ClassicBuild::Debian, 1, [&[]; 4], ClassicSwap::None, true, 4);
        let mut dealer = ClassicDealer::new(ClassicBuild::Debian, 1, [&[]; 4], ClassicSwap::None);
        let mut rng = batch_rng(1, 0);
        for m in 0..50 {
            assert_eq!(source.deal(m, &mut rng, |a, _| a), dealer.next_deal());
            assert_eq!(source.rnd(&mut rng, 1000, 0), dealer.rnd(1000));
        }
    }
}
