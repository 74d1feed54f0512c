//! The transposition table: what earlier searches proved of positions at the start of a trick,
//! each kept as a *pattern* that many positions match.
//!
//! A search that proves a bound also finds which cards' ranks mattered: those that won a trick
//! over a lower card of their suit, or were cashed as top tricks. In each suit, the cards from
//! the top down to the lowest card that mattered must lie as they did; the lower ones only
//! count, and the hands' lengths say how many each hand holds. A pattern is therefore the
//! seat on lead, the strain, the lengths of every hand in every suit (its *shape*, the key of
//! its list), and the owners of each suit's top cards, written in *relative* ranks (each
//! suit's remaining cards ranked among themselves, the cards already played squeezed out):
//! positions reached by other plays match it as well, those of every count of a table. (A
//! pattern holds on any deal, but the search empties the table for a new deal: measured,
//! another deal's patterns cost more tricks played than they saved.) Positions with no trump
//! left are notrump's, whatever the strain.

/// A position at the start of a trick, as the table looks it up.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct Key {
    /// The owner of each remaining card, by its place among the remaining cards (suit after
    /// suit, clubs first, each from its lowest card): the seat's low bit in `owners[0]`, its
    /// high bit in `owners[1]` (North 0, East 1, South 2, West 3).
    pub(crate) owners: [u64; 2],
    /// The length of each hand in each suit: four bits each, hand after hand.
    pub(crate) shape: u64,
    /// The seat on lead (bits 0-1) and the strain (bits 2-4, clubs 0 .. notrump 4).
    pub(crate) lead: u8,
}

/// What the table knows of a position for a search that asks whether North-South reach a
/// target.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Probe {
    /// A pattern settles it: its bound on North-South's tricks (its lower bound where that
    /// reaches the target, else its upper bound, below the target), and the places (as in
    /// [`Key::owners`]) of the cards whose lie it holds for.
    Settled(i32, u64),
    /// Nothing settles it.
    Open,
}

/// The most blocks a shape keeps: a longer list would cost every look-up of the shape more
/// than it gives.
const BLOCKS_PER_SHAPE: usize = 32;

/// Patterns in a block: seven of 32 bytes and the block's own fields fill four cache lines,
/// a pattern's fields in one line.
const WIDTH: usize = 7;

/// A pattern: the places that must lie as `owners` says (as in [`Key::owners`]), and what
/// holds where they do: North-South take at least `lower` and at most `upper` of the tricks
/// left.
#[derive(Copy, Clone, Default)]
#[repr(C, align(32))]
struct Pattern {
    places: u64,
    owners: [u64; 2],
    lower: i8,
    upper: i8,
}

impl Pattern {
    #[inline(always)]
    fn matches(&self, owners: &[u64; 2]) -> bool {
        ((owners[0] ^ self.owners[0]) | (owners[1] ^ self.owners[1])) & self.places == 0
    }
}

/// Up to [`WIDTH`] patterns of one shape, and the next block of the shape's list.
#[derive(Copy, Clone, Default)]
#[repr(C, align(64))]
struct Block {
    patterns: [Pattern; WIDTH],
    /// Patterns held.
    len: u8,
    /// The next block (an index into the pool; 0 ends the list).
    next: u32,
}

const _: () = assert!(std::mem::size_of::<Block>() == 256);

/// A shape's list.
#[derive(Copy, Clone, Default)]
struct Slot {
    shape: u64,
    /// The key's `lead` with bit 7 set; 0 marks an empty slot.
    lead: u8,
    /// The first block of the list.
    head: u32,
}

/// Starts bringing the cache line `offset` bytes into `item` into the processor's cache, for a
/// read soon after.
#[inline(always)]
fn fetch<T>(item: &T, offset: usize) {
    debug_assert!(offset < std::mem::size_of::<T>());
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing, and the address lies inside `item`; SSE is part of
    // every x86-64 processor.
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>((item as *const T).cast::<i8>().add(offset));
    }
}

/// The table: slots by shape (open addressing), patterns in blocks of one pool. When either
/// is full, the table starts again empty.
pub(crate) struct Cache {
    slots: Vec<Slot>,
    used: usize,
    blocks: Vec<Block>,
}

impl Cache {
    /// A table with `2^shapes` shapes and `2^blocks` blocks of patterns.
    pub(crate) fn new(shapes: u32, blocks: u32) -> Cache {
        let mut pool = Vec::with_capacity(1 << blocks);
        pool.push(Block::default());
        Cache { slots: vec![Slot::default(); 1 << shapes], used: 0, blocks: pool }
    }

    /// Forgets every pattern.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(Slot::default());
        self.used = 0;
        self.blocks.truncate(1);
    }

    /// Where the search for the slot of a key with `shape` and `lead` starts.
    #[inline(always)]
    fn home(&self, shape: u64, lead: u8) -> usize {
        let h = (shape ^ u64::from(lead) << 59).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 40) as usize & (self.slots.len() - 1)
    }

    /// Starts bringing the slot of a key with `shape` and `lead` into the processor's cache,
    /// for a look-up soon after.
    #[inline(always)]
    pub(crate) fn prefetch(&self, shape: u64, lead: u8) {
        fetch(&self.slots[self.home(shape, lead)], 0);
    }

    /// Starts bringing block `b` (its first patterns, and its count and link) into the
    /// processor's cache.
    #[inline(always)]
    fn prefetch_block(&self, b: u32) {
        if b != 0 {
            let block = &self.blocks[b as usize];
            fetch(block, 0);
            fetch(block, std::mem::offset_of!(Block, len));
        }
    }

    /// The slot of `key`'s shape: found, or the empty slot where it goes.
    #[inline(always)]
    fn slot(&self, key: &Key) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key.shape, key.lead);
        loop {
            let s = &self.slots[i];
            if s.lead == 0 || (s.shape == key.shape && s.lead == key.lead | 0x80) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// A bound on North-South's tricks of those left that settles whether they reach
    /// `target`, if the table knows one.
    #[inline(always)]
    pub(crate) fn probe(&mut self, key: &Key, target: i32) -> Probe {
        let slot = self.slots[self.slot(key)];
        if slot.lead == 0 {
            return Probe::Open;
        }
        let mut b = slot.head;
        while b != 0 {
            let block = &self.blocks[b as usize];
            // The list's blocks lie anywhere in the pool: the next one asked for while this
            // one is read.
            self.prefetch_block(block.next);
            for i in 0..usize::from(block.len) {
                let pattern = &block.patterns[i];
                if !pattern.matches(&key.owners) {
                    continue;
                }
                let value = if i32::from(pattern.lower) >= target {
                    i32::from(pattern.lower)
                } else if i32::from(pattern.upper) < target {
                    i32::from(pattern.upper)
                } else {
                    continue;
                };
                let places = pattern.places;
                // To the front of the list: the next position of this shape is likely to
                // match it too.
                if b != slot.head || i != 0 {
                    self.swap((b, i), (slot.head, 0));
                }
                return Probe::Settled(value, places);
            }
            b = block.next;
        }
        Probe::Open
    }

    /// Swaps two patterns.
    fn swap(&mut self, (b, i): (u32, usize), (c, j): (u32, usize)) {
        let (b, c) = (b as usize, c as usize);
        let x = self.blocks[b].patterns[i];
        self.blocks[b].patterns[i] = self.blocks[c].patterns[j];
        self.blocks[c].patterns[j] = x;
    }

    /// Records that in every position of `key`'s shape whose cards at `places` lie as in
    /// `key`, North-South take at least `lower` and at most `upper` of the tricks left.
    pub(crate) fn put(&mut self, key: &Key, places: u64, lower: i8, upper: i8) {
        if self.blocks.len() == self.blocks.capacity() || 4 * self.used >= 3 * self.slots.len() {
            self.clear();
        }
        let owners = key.owners.map(|o| o & places);
        let s = self.slot(key);
        if self.slots[s].lead == 0 {
            self.slots[s] = Slot { shape: key.shape, lead: key.lead | 0x80, head: 0 };
            self.used += 1;
        }
        // The same pattern, among the latest: its bounds narrowed. (Looking further back
        // costs more time than the room it saves: measured.)
        let head = self.slots[s].head;
        if head != 0 {
            let block = &mut self.blocks[head as usize];
            for pattern in &mut block.patterns[..usize::from(block.len)] {
                if pattern.places == places && pattern.owners == owners {
                    pattern.lower = pattern.lower.max(lower);
                    pattern.upper = pattern.upper.min(upper);
                    return;
                }
            }
        }
        // A new one, in the first block; or in a new first block; or, when the shape has
        // blocks enough, in its last block, emptied and made the first (the oldest go).
        let b = if head != 0 && usize::from(self.blocks[head as usize].len) < WIDTH {
            head
        } else {
            let (mut count, mut before, mut last) = (0, 0, head);
            while last != 0 && self.blocks[last as usize].next != 0 {
                count += 1;
                before = last;
                last = self.blocks[last as usize].next;
            }
            if count + 1 >= BLOCKS_PER_SHAPE && before != 0 {
                self.blocks[before as usize].next = 0;
                self.blocks[last as usize] = Block { next: head, ..Block::default() };
                self.slots[s].head = last;
                last
            } else {
                self.blocks.push(Block { next: head, ..Block::default() });
                let b = (self.blocks.len() - 1) as u32;
                self.slots[s].head = b;
                b
            }
        };
        let block = &mut self.blocks[b as usize];
        block.patterns[usize::from(block.len)] = Pattern { places, owners, lower, upper };
        block.len += 1;
    }
}
