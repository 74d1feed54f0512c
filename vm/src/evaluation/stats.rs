//! Statistics over produced deals: the accumulators behind `average`, `frequency` and
//! `bktfreq`.
//!
//! Each worker keeps its own [`Tallies`] for the batch it runs ([`Tallies::for_batch`]: small
//! tables counted in four interleaved copies, so that deals falling in the same cell one after
//! the other do not wait for each other's count; for wide ones the cells a batch's deals fall
//! in, noted one by one, so a batch costs the same however wide its tables); the totals are
//! merged in batch order into one set of whole tables. Everything is
//! counted in integers, so merging is exact and the reports are the same whatever the number
//! of threads.

/// One axis of a `frequency` table: the values `low..=high`, with a Low cell below them
/// and a High cell above.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TallyAxis {
    /// The index of the value among those evaluated for each produced deal.
    pub value: usize,
    /// The lowest value with a cell of its own; smaller values count as Low.
    pub low: i32,
    /// The highest value with a cell of its own; larger values count as High.
    pub high: i32,
}

impl TallyAxis {
    /// The number of cells: Low, one per value, High.
    pub fn cells(&self) -> usize {
        (self.high as i64 - self.low as i64 + 3) as usize
    }

    /// The cell of a value: 0 is Low, `cells() - 1` is High (without a branch: values fall
    /// on either side of the bounds at random).
    #[inline]
    pub fn cell(&self, v: i32) -> usize {
        (v as i64 - self.low as i64 + 1).clamp(0, self.high as i64 - self.low as i64 + 2) as usize
    }
}

/// One axis of a `bktfreq` table: buckets of `size` from `low`; the last starts at `high`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Buckets {
    /// The index of the value among those evaluated for each produced deal.
    pub value: usize,
    /// The lowest value of the first bucket; smaller values count as Low.
    pub low: i32,
    /// A value in the last bucket; values above that bucket count as High.
    pub high: i32,
    /// The number of values in each bucket (positive).
    pub size: i32,
}

impl Buckets {
    /// The number of buckets including the Low and High ones.
    pub fn count(&self) -> usize {
        (3 + (self.high as i64 - self.low as i64) / self.size as i64) as usize
    }

    /// The bucket of a value: 0 is Low, `count() - 1` is High.
    #[inline]
    pub fn index(&self, v: i32) -> usize {
        let last = self.count() - 1;
        if v < self.low {
            0
        } else {
            let i = 1 + (v as i64 - self.low as i64) / self.size as i64;
            (i as usize).min(last)
        }
    }

    /// The name of data bucket `i` (1-based): its lowest value.
    pub fn name(&self, i: usize) -> i64 {
        self.low as i64 + (i as i64 - 1) * self.size as i64
    }
}

/// What one accumulator counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TallySpec {
    /// Count, sum and sum of squares of a value.
    Average {
        /// The index of the value among those evaluated for each produced deal.
        value: usize,
    },
    /// A 1-D or 2-D table of value counts.
    Frequency {
        /// The axis of the rows.
        x: TallyAxis,
        /// The axis of the columns, for a 2-D table.
        y: Option<TallyAxis>,
    },
    /// A 1-D or 2-D table of bucket counts.
    Buckets {
        /// The buckets of the rows.
        x: Buckets,
        /// The buckets of the columns, for a 2-D table.
        y: Option<Buckets>,
    },
}

impl TallySpec {
    /// The number of counters of a table (0 for an average).
    pub fn cells(&self) -> usize {
        match self {
            TallySpec::Average { .. } => 0,
            TallySpec::Frequency { x, y } => x.cells().saturating_mul(y.map_or(1, |y| y.cells())),
            TallySpec::Buckets { x, y } => x.count().saturating_mul(y.map_or(1, |y| y.count())),
        }
    }

    /// The counter a deal's values fall in.
    #[inline]
    fn cell(&self, values: &[i32]) -> usize {
        match self {
            TallySpec::Average { .. } => 0,
            TallySpec::Frequency { x, y: None } => x.cell(values[x.value]),
            TallySpec::Frequency { x, y: Some(y) } => x.cell(values[x.value]) * y.cells() + y.cell(values[y.value]),
            TallySpec::Buckets { x, y: None } => x.index(values[x.value]),
            TallySpec::Buckets { x, y: Some(y) } => x.index(values[x.value]) * y.count() + y.index(values[y.value]),
        }
    }
}

/// The deals whose cells are worked out at a time, before they are counted.
const CHUNK: usize = 64;

impl TallySpec {
    /// Calls `count_in` with the counters of `count` deals, in order, [`CHUNK`] at a time,
    /// given their values value by value (`column(v)`: value `v` of each deal). The cells of a
    /// chunk are worked out in one loop, which the compiler vectorises, then counted.
    #[inline(always)]
    fn each_chunk<'v>(&self, count: usize, column: impl Fn(usize) -> &'v [i32], mut count_in: impl FnMut(&[u32])) {
        let mut cells = [0u32; CHUNK];
        for start in (0..count).step_by(CHUNK) {
            let n = CHUNK.min(count - start);
            let out = &mut cells[..n];
            let at = |v: usize| &column(v)[start..start + n];
            match *self {
                TallySpec::Average { .. } => return,
                TallySpec::Frequency { x, y: None } => out.iter_mut().zip(at(x.value)).for_each(|(c, &v)| *c = x.cell(v) as u32),
                TallySpec::Frequency { x, y: Some(y) } => {
                    let width = y.cells() as u32;
                    let pairs = at(x.value).iter().zip(at(y.value));
                    out.iter_mut().zip(pairs).for_each(|(c, (&a, &b))| *c = x.cell(a) as u32 * width + y.cell(b) as u32);
                }
                TallySpec::Buckets { x, y: None } => out.iter_mut().zip(at(x.value)).for_each(|(c, &v)| *c = x.index(v) as u32),
                TallySpec::Buckets { x, y: Some(y) } => {
                    let width = y.count() as u32;
                    let pairs = at(x.value).iter().zip(at(y.value));
                    out.iter_mut().zip(pairs).for_each(|(c, (&a, &b))| *c = x.index(a) as u32 * width + y.index(b) as u32);
                }
            }
            count_in(out);
        }
    }
}

/// Counts `cells` in the [`PARTS`] copies of a table that `parts` holds one after the other,
/// each cell in the next copy: two deals in the same cell one after the other are not counted
/// in the same place, so neither waits for the other's count.
#[inline(always)]
fn count_in_parts(parts: &mut [u64], cells: &[u32]) {
    let width = parts.len() / PARTS;
    let (p0, rest) = parts.split_at_mut(width);
    let (p1, rest) = rest.split_at_mut(width);
    let (p2, p3) = rest.split_at_mut(width);
    let mut quads = cells.chunks_exact(PARTS);
    for q in &mut quads {
        p0[q[0] as usize] += 1;
        p1[q[1] as usize] += 1;
        p2[q[2] as usize] += 1;
        p3[q[3] as usize] += 1;
    }
    quads.remainder().iter().for_each(|&c| p0[c as usize] += 1);
}

/// The sum of some values and the sum of their squares: in one pass in 64-bit integers, which
/// the compiler vectorises, again exactly when the values are too large for that to be exact.
#[inline(always)]
fn sums(values: &[i32]) -> (i128, i128) {
    /// Values of at most this size, squared and summed over at most `2^10` of them, fit in 63 bits.
    const SMALL: u32 = 1 << 26;
    if values.len() <= 1 << 10 {
        let (mut sum, mut sum_sq, mut largest) = (0i64, 0i64, 0u32);
        for &v in values {
            sum = sum.wrapping_add(v as i64);
            sum_sq = sum_sq.wrapping_add(v as i64 * v as i64);
            largest = largest.max(v.unsigned_abs());
        }
        if largest <= SMALL {
            return (sum as i128, sum_sq as i128);
        }
    }
    values.iter().fold((0i128, 0i128), |(s, q), &v| (s + v as i128, q + (v as i64 * v as i64) as i128))
}

/// The running totals of one accumulator.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// For an average: the sum of the values.
    pub sum: i128,
    /// For an average: the sum of the squares of the values.
    pub sum_sq: i128,
    /// For a table: the count of each cell, row by row (empty in a batch's accumulators).
    pub counts: Vec<u64>,
    /// For a table of at most [`BATCH_CELLS`] cells in a batch's accumulators: [`PARTS`] copies
    /// of its counts one after the other, the deals counted in them in turn.
    parts: Vec<u64>,
    /// For a wider table in a batch's accumulators: the cell of each deal counted.
    hits: Vec<u32>,
}

/// The accumulators of a run (or of one batch).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tallies {
    specs: Vec<TallySpec>,
    tallies: Vec<Tally>,
    /// Deals counted.
    n: u64,
    /// Whether these are a batch's accumulators, in which wide tables note their deals'
    /// cells (`hits`) instead of counting in whole tables.
    sparse: bool,
}

/// The most cells a table of a batch's accumulators counts in place: merging it costs a pass
/// over its four copies, no more than noting each of a batch's deals would, and counting
/// in place saves noting them.
pub const BATCH_CELLS: usize = 1024;

/// The copies of a small table a batch counts in, in turn.
const PARTS: usize = 4;

impl Tallies {
    /// Empty accumulators for `specs`.
    pub fn new(specs: Vec<TallySpec>) -> Tallies {
        let tallies = specs.iter().map(|s| Tally { counts: vec![0; s.cells()], ..Tally::default() }).collect();
        Tallies { specs, tallies, n: 0, sparse: false }
    }

    /// Empty accumulators for the same specs in which tables of more than [`BATCH_CELLS`]
    /// cells note the cell of each deal instead of holding whole tables: what a batch counts
    /// in, at a cost that does not depend on the width of the tables. Merge them into whole
    /// tables ([`Tallies::merge`]).
    pub fn for_batch(&self) -> Tallies {
        assert!(self.specs.iter().all(|s| s.cells() <= u32::MAX as usize), "tables have fewer than 2^32 cells");
        let tally = |s: &TallySpec| match s.cells() {
            cells if cells <= BATCH_CELLS => Tally { parts: vec![0; PARTS * cells], ..Tally::default() },
            _ => Tally::default(),
        };
        let tallies = self.specs.iter().map(tally).collect();
        Tallies { specs: self.specs.clone(), tallies, n: 0, sparse: true }
    }

    /// Whether there is nothing to count.
    pub fn is_empty(&self) -> bool {
        self.specs.is_empty()
    }

    /// Counts one produced deal, given the values evaluated for it.
    #[inline(always)]
    pub fn add(&mut self, values: &[i32]) {
        self.n += 1;
        for (spec, t) in self.specs.iter().zip(&mut self.tallies) {
            match spec {
                TallySpec::Average { value } => {
                    let v = values[*value] as i64;
                    t.sum += v as i128;
                    t.sum_sq += (v * v) as i128;
                }
                _ if !t.parts.is_empty() => t.parts[spec.cell(values)] += 1,
                _ if t.counts.is_empty() => t.hits.push(spec.cell(values) as u32),
                _ => t.counts[spec.cell(values)] += 1,
            }
        }
    }

    /// Counts `count` produced deals at once, given their values value by value: `column(v)`
    /// holds value `v` of each deal, in order. The same totals as [`Tallies::add`] on each
    /// deal, each accumulator counted in one loop over its values.
    pub fn add_columns<'v>(&mut self, count: usize, column: impl Fn(usize) -> &'v [i32]) {
        #[cfg(target_arch = "x86_64")]
        if crate::cpu::wide() {
            // SAFETY: the processor has AVX2.
            return unsafe { self.add_columns_wide(count, column) };
        }
        self.add_columns_in(count, column)
    }

    /// [`Tallies::add_columns`] compiled for processors with AVX2: eight values at a time.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx,avx2")]
    unsafe fn add_columns_wide<'v>(&mut self, count: usize, column: impl Fn(usize) -> &'v [i32]) {
        self.add_columns_in(count, column)
    }

    /// [`Tallies::add_columns`], compiled where it is inlined.
    #[inline(always)]
    fn add_columns_in<'v>(&mut self, count: usize, column: impl Fn(usize) -> &'v [i32]) {
        self.n += count as u64;
        for (spec, t) in self.specs.iter().zip(&mut self.tallies) {
            let first = |v: usize| &column(v)[..count];
            match *spec {
                TallySpec::Average { value } => {
                    let (sum, sum_sq) = sums(first(value));
                    t.sum += sum;
                    t.sum_sq += sum_sq;
                }
                _ if !t.parts.is_empty() => spec.each_chunk(count, first, |cells| count_in_parts(&mut t.parts, cells)),
                _ if t.counts.is_empty() => spec.each_chunk(count, first, |cells| t.hits.extend_from_slice(cells)),
                _ => spec.each_chunk(count, first, |cells| cells.iter().for_each(|&c| t.counts[c as usize] += 1)),
            }
        }
    }

    /// Adds the totals of `other` (accumulators for the same specs, whole tables or a
    /// batch's) to these whole tables, in time proportional to what `other` counted.
    pub fn merge(&mut self, other: &Tallies) {
        debug_assert_eq!(self.specs, other.specs);
        assert!(!self.sparse, "merging into whole tables");
        self.n += other.n;
        for (t, o) in self.tallies.iter_mut().zip(&other.tallies) {
            t.sum += o.sum;
            t.sum_sq += o.sum_sq;
            for &cell in &o.hits {
                t.counts[cell as usize] += 1;
            }
            for (c, oc) in t.counts.iter_mut().zip(&o.counts) {
                *c += oc;
            }
            for part in o.parts.chunks_exact(t.counts.len().max(1)) {
                t.counts.iter_mut().zip(part).for_each(|(c, p)| *c += p);
            }
        }
    }

    /// Sets every total back to zero.
    pub fn clear(&mut self) {
        self.n = 0;
        for t in &mut self.tallies {
            t.sum = 0;
            t.sum_sq = 0;
            t.counts.iter_mut().for_each(|c| *c = 0);
            t.parts.iter_mut().for_each(|c| *c = 0);
            t.hits.clear();
        }
    }

    /// The number of accumulators.
    pub fn len(&self) -> usize {
        self.specs.len()
    }

    /// Whole tables for the same specs holding given totals: `n` deals counted and, for each
    /// accumulator, its sum, sum of squares and cell counts (as [`Tallies::get`] gives them,
    /// kept elsewhere, as in a shard's part file). `None` when the totals do not fit the specs
    /// (another number of accumulators, or a table with another number of cells).
    pub fn restore(&self, n: u64, totals: Vec<(i128, i128, Vec<u64>)>) -> Option<Tallies> {
        if totals.len() != self.specs.len() {
            return None;
        }
        let mut tallies = Vec::with_capacity(totals.len());
        for (spec, (sum, sum_sq, counts)) in self.specs.iter().zip(totals) {
            if counts.len() != spec.cells() {
                return None;
            }
            tallies.push(Tally { sum, sum_sq, counts, ..Tally::default() });
        }
        Some(Tallies { specs: self.specs.clone(), tallies, n, sparse: false })
    }

    /// The number of deals counted.
    pub fn count(&self) -> u64 {
        self.n
    }

    /// The spec of accumulator `i`.
    pub fn spec(&self, i: usize) -> &TallySpec {
        &self.specs[i]
    }

    /// The totals of accumulator `i`.
    pub fn get(&self, i: usize) -> &Tally {
        &self.tallies[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merging_equals_counting_everything_at_once() {
        let specs = vec![
            TallySpec::Average { value: 0 },
            TallySpec::Frequency { x: TallyAxis { value: 0, low: 2, high: 5 }, y: None },
            TallySpec::Frequency { x: TallyAxis { value: 0, low: 0, high: 3 }, y: Some(TallyAxis { value: 1, low: -1, high: 1 }) },
            TallySpec::Buckets { x: Buckets { value: 1, low: 0, high: 10, size: 3 }, y: None },
        ];
        let deals: Vec<[i32; 2]> = (0..100).map(|i| [i % 9 - 1, (i * 7) % 13 - 2]).collect();
        let mut all = Tallies::new(specs.clone());
        deals.iter().for_each(|v| all.add(v));
        let mut merged = Tallies::new(specs.clone());
        let mut batches = Tallies::new(specs.clone());
        for chunk in deals.chunks(17) {
            let mut part = Tallies::new(specs.clone());
            chunk.iter().for_each(|v| part.add(v));
            merged.merge(&part);
            let mut batch = all.for_batch();
            chunk.iter().for_each(|v| batch.add(v));
            batches.merge(&batch);
        }
        assert_eq!(all, merged);
        assert_eq!(all, batches);
        let totals = (0..all.len()).map(|i| (all.get(i).sum, all.get(i).sum_sq, all.get(i).counts.clone())).collect();
        assert_eq!(all.restore(all.count(), totals), Some(all.clone()));
        assert_eq!(all.restore(1, vec![(0, 0, Vec::new())]), None, "too few accumulators");
        assert_eq!(all.count(), 100);
        assert_eq!(all.get(0).sum, deals.iter().map(|v| v[0] as i128).sum::<i128>());
        // Low, 2, 3, 4, 5, High
        let f = &all.get(1).counts;
        assert_eq!(f.len(), 6);
        assert_eq!(f.iter().sum::<u64>(), 100);
        assert_eq!(f[0], deals.iter().filter(|v| v[0] < 2).count() as u64);
        assert_eq!(f[5], deals.iter().filter(|v| v[0] > 5).count() as u64);
    }

    #[test]
    fn counting_values_column_by_column_equals_counting_each_deal() {
        let specs = vec![
            TallySpec::Average { value: 1 },
            TallySpec::Frequency { x: TallyAxis { value: 0, low: -2, high: 5 }, y: None },
            TallySpec::Frequency { x: TallyAxis { value: 0, low: 0, high: 3 }, y: Some(TallyAxis { value: 1, low: -1, high: 1 }) },
            TallySpec::Buckets { x: Buckets { value: 1, low: 0, high: 10, size: 3 }, y: None },
            TallySpec::Buckets { x: Buckets { value: 0, low: -4, high: 4, size: 2 }, y: Some(Buckets { value: 1, low: 0, high: 9, size: 5 }) },
            // Wider than a batch counts in whole: its batch notes each deal's cell.
            TallySpec::Frequency { x: TallyAxis { value: 1, low: -1500, high: 1500 }, y: None },
        ];
        assert!(specs[5].cells() > BATCH_CELLS && specs[4].cells() <= BATCH_CELLS);
        // Small values, then values whose squares overflow 64 bits when summed.
        for scale in [1i64, 1 << 28, i32::MIN as i64] {
            let deals: Vec<[i32; 2]> = (0..700i64).map(|i| [(i % 11 - 4) as i32, ((i * 7) % 13 - 2).wrapping_mul(scale) as i32]).collect();
            let columns: [Vec<i32>; 2] = [0, 1].map(|v| deals.iter().map(|d| d[v]).collect());
            // The sums compiled for this processor's widest vectors are the portable ones.
            for column in &columns {
                let exact = |c: &[i32]| c.iter().fold((0i128, 0i128), |(s, q), &v| (s + v as i128, q + (v as i128) * (v as i128)));
                assert_eq!(sums(&column[..512]), exact(&column[..512]));
                assert_eq!(sums(column), exact(column));
            }
            for each in [Tallies::new(specs.clone()), Tallies::new(specs.clone()).for_batch()] {
                let (mut one_by_one, mut at_once) = (each.clone(), each.clone());
                deals.iter().for_each(|v| one_by_one.add(v));
                at_once.add_columns(600, |v| &columns[v][..]);
                at_once.add_columns(100, |v| &columns[v][600..]);
                // Compiled for any processor, as where the processor has no AVX2.
                let mut portable = each.clone();
                portable.add_columns_in(600, |v| &columns[v][..]);
                portable.add_columns_in(100, |v| &columns[v][600..]);
                assert_eq!(portable, at_once);
                let (mut a, mut b) = (Tallies::new(specs.clone()), Tallies::new(specs.clone()));
                a.merge(&one_by_one);
                b.merge(&at_once);
                assert_eq!(a, b, "values scaled by {scale}");
            }
        }
    }
}
