//! Classic Dealer's deals as a deal source (`--classic`): [`ClassicDeals`] hands out the deals
//! of [`dealvm_vm::dealing::classic::ClassicDealer`], one after the other as Debian's `dealer` deals
//! them for the seed, to the run's threads by their numbers.
//!
//! Dealer makes each deal from the last one, but its exchanges act on places whatever cards
//! they hold, so a batch is made in three steps (`vm::dealing::classic::shuffles`). The
//! thread that first asks for a deal of a batch draws its places, in order under a lock (the
//! only sequential step, short: the numbers in blocks); works out its deals on the places of
//! its first pack, from the identity, while other threads do the same for other batches; then
//! waits until that first pack is known (the last batch's first pack and its places: a short
//! wait, the batches being started in order), publishes the next batch's at once, and gives
//! its deals their cards. A thread that waits for a pack that nobody is making (batches asked
//! for out of order) works out the batches before on the places itself, so that no thread
//! waits for ever.
//!
//! A made batch lies in a ring of slots, read without a lock: a slot carries the number of
//! its batch, checked before and after a deal is read, so a reader never takes a deal of the
//! batch that replaced it. The ring holds more batches than the run lets threads run ahead
//! of the batch being delivered; should a batch have left it all the same, it is made again
//! from where its draws started and its first pack, both kept for every batch.
//!
//! When the program draws random numbers (`rnd`), they come from the dealing's stream, between
//! the deals, so the deals depend on the evaluation: the source then deals each deal when it
//! is asked for and draws `rnd` at once, and the run goes on one thread, deal after deal.

use dealvm_vm::card::{Card, Deal};
use dealvm_vm::dealing::classic::draws::{DrawState, Draws};
use dealvm_vm::dealing::classic::shuffles::{next_pack, words_deal, PackCards, Shuffles};
use dealvm_vm::dealing::classic::{ClassicBuild, ClassicDealer, ClassicSwap, Shuffling};
use dealvm_vm::dealing::rng::DealRng;
use dealvm_vm::dealing::source::DealSource;
use dealvm_vm::machine::batch::BATCH;
use std::sync::atomic::{fence, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};
use std::thread::ThreadId;

/// A slot's batch number while it is being filled or before its first batch.
const NO_BATCH: u64 = u64::MAX;

/// Classic Dealer's deals, numbered from 0 in the order Dealer deals them. A clone starts
/// again from the first deal.
pub struct ClassicDeals {
    /// The dealer before its first deal.
    first: ClassicDealer,
    /// What every shuffle shares.
    shuffling: Shuffling,
    /// The draws, made in order.
    stream: Mutex<Stream>,
    /// The batches being made and the first packs known.
    making: Mutex<Making>,
    /// Signalled when a first pack becomes known or a batch is made.
    progress: Condvar,
    /// Buffers for working out batches, reused, each by the thread that used it last (whose
    /// cache holds it).
    spare: Mutex<Vec<(ThreadId, Shuffles)>>,
    /// The batches made last, batch `k` in slot `k % slots.len()`.
    slots: Box<[Slot]>,
    /// Dealt one by one, the program drawing `rnd` between deals: the dealer and the number
    /// of its next deal.
    one_by_one: Option<Mutex<(ClassicDealer, u64)>>,
}

/// The draws, under their lock.
struct Stream {
    /// Where the next batch's draws start.
    draws: Draws,
    /// Where each batch drawn so far started: batch `k`'s draws can be drawn again.
    starts: Vec<DrawState>,
}

/// The batches being made, under their lock.
struct Making {
    /// The first pack of each batch up to the last one known.
    packs: Vec<[u8; 52]>,
    /// The batches whose places a thread is working out, to publish the next first pack.
    in_hand: Vec<u64>,
    /// The batch being written into each slot, or [`NO_BATCH`].
    writing: Vec<u64>,
    /// Whether each batch was made into its slot (its deals can be made again).
    made: Vec<bool>,
    /// A batch made again, after it left the ring.
    again: Option<(u64, Vec<[u64; 2]>)>,
    /// A thread failed (panicked) while making batches: the others would wait for it in vain.
    failed: bool,
}

impl Making {
    /// Whether batch `k` has been made into its slot.
    fn was_made(&self, k: u64) -> bool {
        self.made.get(k as usize).copied().unwrap_or(false)
    }

    /// Batch `k`, whose first pack is known, left the places `sigma`: the next first pack
    /// known, unless a thread that needed it worked it out first.
    fn publish(&mut self, k: u64, sigma: &[u8; 52]) {
        let next = next_pack(&self.packs[k as usize], sigma);
        match self.packs.get(k as usize + 1) {
            None => self.packs.push(next),
            Some(known) => debug_assert_eq!(*known, next, "batch {k} worked out twice alike"),
        }
        self.in_hand.retain(|&b| b != k);
    }
}

/// Tells the waiting threads, should this thread panic while making batches, not to wait
/// for it.
struct Failing<'a>(&'a ClassicDeals);

impl Drop for Failing<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.making().failed = true;
            self.0.progress.notify_all();
        }
    }
}

/// One batch of deals, each in two words (`vm::dealing::classic::shuffles::deal_words`).
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
        words_deal(words)
    }
}

/// The number of batch `k`'s first deal.
fn first_deal(k: u64) -> u64 {
    k * BATCH
}

/// The deals of a batch worked out on the places, with the cards of its first pack.
fn with_cards<'a>(shuffles: &'a Shuffles, pack: &[u8; 52]) -> impl Iterator<Item = [u64; 2]> + 'a {
    let cards = PackCards::new(pack);
    shuffles.from_words().iter().map(move |w| w.map(|places| cards.cards(places)))
}

impl ClassicDeals {
    /// The deals of `dealer -s seed` (Debian's or dealer.exe's: `build`) with the cards of
    /// `predeal` predealt and swapping `swap`;
    /// `one_by_one` when the program draws `rnd`; `ahead`: how many batches the run may work
    /// on beyond the one it delivers (the ring holds twice as many, and two more).
    pub fn new(build: ClassicBuild, seed: u32, predeal: [&[Card]; 4], swap: ClassicSwap, one_by_one: bool, ahead: usize) -> ClassicDeals {
        ClassicDeals::starting(ClassicDealer::new(build, seed, predeal, swap), one_by_one, 2 * ahead + 2)
    }

    /// The deals of `dealer` from its first one, in a ring of `slots` batches.
    fn starting(dealer: ClassicDealer, one_by_one: bool, slots: usize) -> ClassicDeals {
        let ring = (0..slots).map(|_| Slot { batch: AtomicU64::new(NO_BATCH), deals: OnceLock::new() }).collect();
        let making =
            Making { packs: vec![dealer.pack()], in_hand: Vec::new(), writing: vec![NO_BATCH; slots], made: Vec::new(), again: None, failed: false };
        ClassicDeals {
            shuffling: *dealer.shuffling(),
            stream: Mutex::new(Stream { draws: Draws::at(dealer.draw_state()), starts: Vec::new() }),
            making: Mutex::new(making),
            progress: Condvar::new(),
            spare: Mutex::new(Vec::new()),
            slots: ring,
            one_by_one: one_by_one.then(|| Mutex::new((dealer.clone(), 0))),
            first: dealer,
        }
    }

    /// The batches being made, under their lock.
    fn making(&self) -> MutexGuard<'_, Making> {
        self.making.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for news of the batches being made.
    fn wait<'a>(&self, making: MutexGuard<'a, Making>) -> MutexGuard<'a, Making> {
        let making = self.progress.wait(making).unwrap_or_else(|e| e.into_inner());
        assert!(!making.failed, "another thread failed while making classic Dealer's deals");
        making
    }

    /// The slot of batch `k`.
    fn slot(&self, k: u64) -> &Slot {
        &self.slots[(k % self.slots.len() as u64) as usize]
    }

    /// Buffers to work a batch out in: those this thread used last if there are some.
    fn take_spare(&self) -> Shuffles {
        let mut spare = self.spare.lock().unwrap_or_else(|e| e.into_inner());
        let me = std::thread::current().id();
        let at = spare.iter().rposition(|(t, _)| *t == me).or(spare.len().checked_sub(1));
        at.map(|i| spare.swap_remove(i).1).unwrap_or_default()
    }

    /// Gives buffers back.
    fn give_back(&self, shuffles: Shuffles) {
        self.spare.lock().unwrap_or_else(|e| e.into_inner()).push((std::thread::current().id(), shuffles));
    }

    /// Deal `i` of batch `k`, when the ring does not hold it: made by this thread, or by
    /// another one it waits for, or made again after it left the ring.
    #[cold]
    fn deal_made(&self, k: u64, i: usize) -> Deal {
        let _failing = Failing(self);
        let slot = self.slot(k);
        let mut making = self.making();
        loop {
            // Under the lock, a slot holding its batch is not being written.
            if slot.batch.load(Ordering::Acquire) == k {
                return slot.read(i);
            }
            let s = (k % self.slots.len() as u64) as usize;
            if making.writing[s] != NO_BATCH || making.in_hand.contains(&k) {
                making = self.wait(making);
            } else if making.was_made(k) {
                return self.made_again(&mut making, k, i);
            } else {
                // A seqlock's write: readers of the batch the slot held fail their check from here on.
                making.writing[s] = k;
                making.in_hand.push(k);
                slot.batch.store(NO_BATCH, Ordering::Relaxed);
                fence(Ordering::Release);
                drop(making);
                return self.make(k, i);
            }
        }
    }

    /// Makes batch `k` into its slot (claimed by this thread): deal `i` of it.
    fn make(&self, k: u64, i: usize) -> Deal {
        let mut shuffles = self.take_spare();
        self.draw(&mut shuffles, k);
        shuffles.shuffle(&self.shuffling, first_deal(k), BATCH as usize, true);
        let pack = self.first_pack(k, shuffles.sigma());
        let slot = self.slot(k);
        for (w, words) in slot.words().iter().zip(with_cards(&shuffles, &pack)) {
            w[0].store(words[0], Ordering::Relaxed);
            w[1].store(words[1], Ordering::Relaxed);
        }
        slot.batch.store(k, Ordering::Release);
        let deal = slot.read(i);
        self.give_back(shuffles);
        let mut making = self.making();
        making.writing[(k % self.slots.len() as u64) as usize] = NO_BATCH;
        if making.made.len() <= k as usize {
            making.made.resize(k as usize + 1, false);
        }
        making.made[k as usize] = true;
        self.progress.notify_all();
        deal
    }

    /// Draws batch `k`'s places into `shuffles`: the batches before it first, in order, if
    /// not drawn yet; again from where they started, outside the lock, if drawn.
    fn draw(&self, shuffles: &mut Shuffles, k: u64) {
        let mut stream = self.stream.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&start) = stream.starts.get(k as usize) {
            drop(stream);
            shuffles.draw(&self.shuffling, &mut Draws::at(start), first_deal(k), BATCH as usize);
            return;
        }
        let stream = &mut *stream;
        while stream.starts.len() as u64 <= k {
            let b = stream.starts.len() as u64;
            stream.starts.push(stream.draws.state());
            // The batches before `k` drawn into the same buffers, only to move on.
            shuffles.draw(&self.shuffling, &mut stream.draws, first_deal(b), BATCH as usize);
        }
    }

    /// The first pack of batch `k`, whose places end as `sigma`: waits until it is known (the
    /// batches before worked out here if nobody is making them), then publishes the next.
    fn first_pack(&self, k: u64, sigma: &[u8; 52]) -> [u8; 52] {
        let mut making = self.making();
        while making.packs.len() as u64 <= k {
            // The first batch whose next first pack is not known, before `k`.
            let j = making.packs.len() as u64 - 1;
            if making.in_hand.contains(&j) {
                making = self.wait(making);
                continue;
            }
            making.in_hand.push(j);
            drop(making);
            let mut shuffles = self.take_spare();
            self.draw(&mut shuffles, j);
            shuffles.shuffle(&self.shuffling, first_deal(j), BATCH as usize, false);
            making = self.making();
            making.publish(j, shuffles.sigma());
            self.progress.notify_all();
            self.give_back(shuffles);
        }
        let pack = making.packs[k as usize];
        making.publish(k, sigma);
        self.progress.notify_all();
        pack
    }

    /// Deal `i` of batch `k`, which left the ring: the batch made again (under the lock, as it
    /// is rare), kept until another one is.
    #[cold]
    fn made_again(&self, making: &mut Making, k: u64, i: usize) -> Deal {
        if making.again.as_ref().is_none_or(|(b, _)| *b != k) {
            let mut shuffles = self.take_spare();
            self.draw(&mut shuffles, k);
            shuffles.shuffle(&self.shuffling, first_deal(k), BATCH as usize, true);
            making.again = Some((k, with_cards(&shuffles, &making.packs[k as usize]).collect()));
            self.give_back(shuffles);
        }
        making.again.as_ref().map(|(_, deals)| words_deal(deals[i])).expect("made above")
    }
}

impl Clone for ClassicDeals {
    fn clone(&self) -> ClassicDeals {
        ClassicDeals::starting(self.first.clone(), self.one_by_one.is_some(), self.slots.len())
    }
}

impl std::fmt::Debug for ClassicDeals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClassicDeals").field("one_by_one", &self.one_by_one.is_some()).field("slots", &self.slots.len()).finish()
    }
}

impl DealSource for ClassicDeals {
    #[inline(always)]
    fn deal(&self, n: u64, _rng: &mut DealRng, _pdep: impl Fn(u64, u64) -> u64) -> Deal {
        if let Some(dealer) = &self.one_by_one {
            let mut dealer = dealer.lock().unwrap_or_else(|e| e.into_inner());
            debug_assert_eq!(n, dealer.1, "dealt one by one, in order");
            dealer.1 = n + 1;
            return dealer.0.next_deal();
        }
        let (k, i) = (n / BATCH, (n % BATCH) as usize);
        let slot = self.slot(k);
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
    fn rnd_between_deals(&self, bound: i32) -> Option<i32> {
        let dealer = self.one_by_one.as_ref().expect("a program that draws deals one by one");
        Some(dealer.lock().unwrap_or_else(|e| e.into_inner()).0.rnd(bound))
    }
}

#[cfg(test)]
mod tests;
