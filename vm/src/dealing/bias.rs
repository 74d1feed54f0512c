//! Suit-length predeals (`predeal spades(west)==7`), dealt exactly, never by retrying.
//!
//! This generalises Pavlicek's pattern dealing. Call a seat *constrained* when some of its suit
//! lengths are fixed. Every way of completing the unconstrained seats from the cards left over
//! is equally numerous, so the constrained seats' hands are uniform among all hands that meet
//! the predeals together. We choose, seat after seat, how many free cards of each suit the seat
//! receives (its *pattern*), each with probability proportional to the number of ways the rest
//! of the constrained seats can still be dealt; then the cards of each suit are chosen
//! uniformly. The numbers of ways are counted once per run by dynamic programming over the
//! free cards of each suit used so far.

use crate::card::{Hand, Seat, Suit};
use crate::dealing::predeal::{PredealError, SuitLengths};
use crate::dealing::rng::{below, below_u128, DealRng};

/// `C(n, k)` (exact for `n <= 52`).
pub(crate) fn choose(n: u8, k: u8) -> u128 {
    if k > n {
        return 0;
    }
    (0..k as u128).fold(1, |acc, i| acc * (n as u128 - i) / (i + 1))
}

/// The suit-length predeals of a run, ready to deal.
#[derive(Clone, Debug)]
pub struct Patterns {
    /// The constrained seats, in seat order.
    seats: Vec<Seat>,
    /// For each constrained seat, its possible patterns: how many free cards of each suit
    /// (by [`Suit::index`]) it receives.
    choices: Vec<Vec<[u8; 4]>>,
    /// Free cards of each suit.
    avail: [u8; 4],
    /// `ways[i][state]`: the ways to deal constrained seats `i..` when `state` encodes how many
    /// free cards of each suit earlier seats took.
    ways: Vec<Vec<u128>>,
    /// `C(n, k)` for `n, k <= 13`.
    binomial: [[u128; 14]; 14],
    /// The first constrained seat always starts from the same state: the running totals of
    /// its patterns' weights, for a binary search instead of a scan.
    first: Vec<u128>,
}

impl Patterns {
    /// The patterns for `lengths`, or `None` when no length is predealt.
    pub fn new(fixed: [Hand; 4], free: u64, lengths: &SuitLengths) -> Result<Option<Patterns>, PredealError> {
        let seats: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| lengths[s as usize].iter().any(Option::is_some)).collect();
        if seats.is_empty() {
            return Ok(None);
        }
        // Checks that give a precise message before the general count.
        for &seat in &seats {
            let row = &lengths[seat as usize];
            let total: u32 = row.iter().flatten().map(|&l| l as u32).sum();
            let all = row.iter().all(Option::is_some);
            if total > 13 || (all && total != 13) {
                return Err(PredealError::LengthsAddUp { seat, total });
            }
            for suit in Suit::ALL {
                if let Some(len) = row[suit as usize] {
                    let predealt = fixed[seat as usize].len(suit) as u8;
                    if len > 13 || len < predealt {
                        return Err(PredealError::LengthBelowCards { seat, suit, length: len, predealt });
                    }
                }
            }
        }
        for suit in Suit::ALL {
            let total: u32 = Seat::ALL.iter().filter_map(|&s| lengths[s as usize][suit as usize]).map(u32::from).sum();
            if total > 13 {
                return Err(PredealError::SuitAddsUp { suit, total });
            }
        }
        let free_hand = Hand(free);
        let avail = Suit::ALL.map(|s| free_hand.len(s) as u8);
        let choices: Vec<Vec<[u8; 4]>> = seats
            .iter()
            .map(|&seat| {
                let f = fixed[seat as usize];
                let need = 13 - f.count() as u8;
                let mut out = Vec::new();
                // Every split of `need` free cards over the four suits that fits the row.
                for c in 0..=avail[0].min(need) {
                    for d in 0..=avail[1].min(need - c) {
                        for h in 0..=avail[2].min(need - c - d) {
                            let s = need - c - d - h;
                            let p = [c, d, h, s];
                            if s > avail[3] {
                                continue;
                            }
                            let fits =
                                Suit::ALL.iter().all(|&u| lengths[seat as usize][u as usize].is_none_or(|l| l == f.len(u) as u8 + p[u as usize]));
                            if fits {
                                out.push(p);
                            }
                        }
                    }
                }
                out
            })
            .collect();
        let mut binomial = [[0u128; 14]; 14];
        for (n, row) in binomial.iter_mut().enumerate() {
            for (k, v) in row.iter_mut().enumerate() {
                *v = choose(n as u8, k as u8);
            }
        }
        let mut patterns = Patterns { seats, choices, avail, ways: Vec::new(), binomial, first: Vec::new() };
        patterns.count_ways();
        if patterns.ways[0][0] == 0 {
            return Err(PredealError::LengthsImpossible);
        }
        let mut total = 0;
        patterns.first = patterns.choices[0]
            .iter()
            .map(|&p| {
                total += patterns.weight(0, [0; 4], p);
                total
            })
            .collect();
        Ok(Some(patterns))
    }

    /// The number of states: how many free cards of each suit have been taken.
    fn states(&self) -> usize {
        self.avail.iter().map(|&a| a as usize + 1).product()
    }

    fn encode(&self, used: [u8; 4]) -> usize {
        let mut state = 0;
        for u in (0..4).rev() {
            state = state * (self.avail[u] as usize + 1) + used[u] as usize;
        }
        state
    }

    fn decode(&self, mut state: usize) -> [u8; 4] {
        let mut used = [0u8; 4];
        for (u, slot) in used.iter_mut().enumerate() {
            let radix = self.avail[u] as usize + 1;
            *slot = (state % radix) as u8;
            state /= radix;
        }
        used
    }

    /// The ways to give constrained seat `i` the pattern `p` when `used` cards are taken,
    /// times the ways for the seats after it.
    fn weight(&self, i: usize, used: [u8; 4], p: [u8; 4]) -> u128 {
        let mut w: u128 = 1;
        let mut next = used;
        for u in 0..4 {
            let left = self.avail[u] - used[u];
            if p[u] > left {
                return 0;
            }
            w *= self.binomial[left as usize][p[u] as usize];
            next[u] += p[u];
        }
        if w == 0 {
            return 0;
        }
        w * self.ways[i + 1][self.encode(next)]
    }

    /// The pattern of seat `i` that `r` (below the seat's total weight from state `used`)
    /// falls in, scanning the patterns in order.
    fn scan(&self, i: usize, used: [u8; 4], mut r: u128) -> [u8; 4] {
        for &p in &self.choices[i] {
            let w = self.weight(i, used, p);
            if r < w {
                return p;
            }
            r -= w;
        }
        // Not reached: `r` is below the total weight of the patterns.
        self.choices[i][0]
    }

    /// Fills `ways` from the last constrained seat back to the first.
    fn count_ways(&mut self) {
        let n = self.seats.len();
        let states = self.states();
        self.ways = vec![vec![0u128; states]; n + 1];
        self.ways[n] = vec![1; states];
        for i in (0..n).rev() {
            let mut level = vec![0u128; states];
            for (state, slot) in level.iter_mut().enumerate() {
                let used = self.decode(state);
                *slot = self.choices[i].iter().map(|&p| self.weight(i, used, p)).sum();
            }
            self.ways[i] = level;
        }
    }

    /// Deals the constrained seats' free cards from `pool` into `hands`, uniformly.
    pub fn deal(&self, rng: &mut DealRng, hands: &mut [Hand; 4], pool: &mut u64, pdep: &impl Fn(u64, u64) -> u64) {
        let mut used = [0u8; 4];
        for (i, &seat) in self.seats.iter().enumerate() {
            let total = self.ways[i][self.encode(used)];
            let r = below_u128(rng, total);
            let chosen = if i == 0 {
                // The first pattern whose running total passes `r`.
                self.choices[0][self.first.partition_point(|&t| t <= r)]
            } else {
                self.scan(i, used, r)
            };
            for suit in Suit::ALL {
                let k = chosen[suit as usize];
                if k > 0 {
                    let lane = *pool & (0x1FFFu64 << (16 * suit as u32));
                    let cards = choose_cards(rng, lane, k as u32, pdep);
                    hands[seat as usize].0 |= cards;
                    *pool ^= cards;
                }
                used[suit as usize] += k;
            }
        }
    }
}

/// `k` cards chosen uniformly from the cards of `mask` (Floyd's algorithm).
pub(crate) fn choose_cards(rng: &mut DealRng, mask: u64, k: u32, pdep: &impl Fn(u64, u64) -> u64) -> u64 {
    let n = mask.count_ones();
    let mut chosen = 0u64;
    for j in n - k..n {
        let t = 1u64 << below(rng, j + 1);
        chosen |= if chosen & t != 0 { 1u64 << j } else { t };
    }
    pdep(chosen, mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_the_deals_of_pavliceks_example() {
        // West nine spades, East 6-6 in the minors: T = 556,991,252,532,000 sides.
        let mut lengths: SuitLengths = [[None; 4]; 4];
        lengths[Seat::West as usize][Suit::Spades as usize] = Some(9);
        lengths[Seat::East as usize][Suit::Diamonds as usize] = Some(6);
        lengths[Seat::East as usize][Suit::Clubs as usize] = Some(6);
        let p = Patterns::new([Hand::EMPTY; 4], crate::card::ALL_CARDS, &lengths).unwrap().unwrap();
        assert_eq!(p.ways[0][0], 556_991_252_532_000);
    }
}
