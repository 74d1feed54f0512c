//! Par scores without the whole table ([`DdMode::ParScores`]): bounds on each side's best in
//! each strain, narrowed by target searches until the par score is the same at both corners
//! of the bounds.
//!
//! Two facts make this exact. A par score is a function of each side's best in each strain
//! (whichever of its hands declares), and it does not fall when North-South take more tricks
//! nor rise when East-West do (the `dd` crate checks both on DDS's par, and checks this search
//! against whole tables). So when North-South at their most and East-West at their least give
//! the same par score as the other way round, every table within the bounds gives it, the
//! deal's own among them.
//!
//! The searches are chosen to be cheap. Each side's best is guessed from its high-card points
//! and its length in the strain (a line fitted to solved deals); the widest bounds around the guesses that keep the par score
//! are then proved by target searches, which are quick when the count lies far from the bound,
//! as it does in the strains that do not matter to par. A search that disproves a guess
//! narrows the bounds, and the round starts again from there: the answer never rests on a
//! guess. A whole table searches every count to the trick; this searches most of them only as
//! far as par needs (`comparisons/endplay.sh`, `docs/performance.md`).
//!
//! [`DdMode::ParScores`]: crate::evaluation::dd::DdMode::ParScores

use crate::card::{Deal, Seat, Suit, Vulnerability};
use crate::evaluation::dd::{DdCache, NoSolver, ParResult, TrickTable, STRAINS};

/// The two sides, by the index of their first seat: 0 North-South, 1 East-West.
const SIDES: [usize; 2] = [0, 1];

/// Bounds on each side's best: `[side][strain]`, strains as in [`STRAINS`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct SideBounds {
    low: [[u8; 5]; 2],
    high: [[u8; 5]; 2],
}

impl SideBounds {
    /// The table with North-South at `ns` and East-West at `ew`, both hands of a side alike.
    fn table(ns: &[u8; 5], ew: &[u8; 5]) -> TrickTable {
        let mut t = TrickTable::default();
        for seat in Seat::ALL {
            let side = if seat.index() % 2 == 0 { ns } else { ew };
            for (i, strain) in STRAINS.into_iter().enumerate() {
                t.set(seat, strain, side[i]);
            }
        }
        t
    }

    /// North-South's worst corner and their best.
    fn corners(&self) -> (TrickTable, TrickTable) {
        (SideBounds::table(&self.low[0], &self.high[1]), SideBounds::table(&self.high[0], &self.low[1]))
    }
}

impl DdCache {
    /// The par result of `deal` at `vul` from each side's best, narrowed only as far as the
    /// par score needs: its score is the deal's, its contract one with that score.
    pub(super) fn par_by_search(&mut self, deal: &Deal, vul: Vulnerability) -> Result<ParResult, NoSolver> {
        loop {
            let b = self.side_box();
            let (low, high) = b.corners();
            let at_low = self.par_of(&low, vul)?;
            if at_low.score == self.par_of(&high, vul)?.score {
                return Ok(at_low);
            }
            let guess = guess(deal, &b);
            let proof = self.widest_proof(&b, &guess, vul)?;
            // The searches the proof needs, a strain at a time (a solver keeps what it learnt of a
            // strain until the next): each side at least its low end, and not above its high end.
            // A search that disproves a guess ends the round: the next guesses start from it.
            'strains: for strain in 0..5 {
                for side in SIDES {
                    if proof.low[side][strain] > b.low[side][strain] && !self.side_at_least(deal, side, strain, proof.low[side][strain])? {
                        break 'strains;
                    }
                    if proof.high[side][strain] < b.high[side][strain] && self.side_at_least(deal, side, strain, proof.high[side][strain] + 1)? {
                        break 'strains;
                    }
                }
            }
        }
    }

    /// The par result of `table` at `vul`, from the solver.
    fn par_of(&mut self, table: &TrickTable, vul: Vulnerability) -> Result<ParResult, NoSolver> {
        Ok(self.solver.as_mut().ok_or(NoSolver)?.par(table, vul))
    }

    /// What is known of each side's best, from the counts and bounds of its two hands.
    fn side_box(&self) -> SideBounds {
        let mut b = SideBounds { low: [[0; 5]; 2], high: [[0; 5]; 2] };
        for seat in Seat::ALL {
            for (i, strain) in STRAINS.into_iter().enumerate() {
                let (low, high) = self.bounds(seat, strain);
                let side = seat.index() % 2;
                b.low[side][i] = b.low[side][i].max(low);
                b.high[side][i] = b.high[side][i].max(high);
            }
        }
        b
    }

    /// The widest bounds within `b` around `guess` whose two corners give the par score of the
    /// guess: each count widened in turn, down then up.
    fn widest_proof(&mut self, b: &SideBounds, guess: &[[u8; 5]; 2], vul: Vulnerability) -> Result<SideBounds, NoSolver> {
        let target = self.par_of(&SideBounds::table(&guess[0], &guess[1]), vul)?.score;
        let mut proof = SideBounds { low: *guess, high: *guess };
        for (side, strain) in SIDES.into_iter().flat_map(|side| (0..5).map(move |strain| (side, strain))) {
            while proof.low[side][strain] > b.low[side][strain] {
                proof.low[side][strain] -= 1;
                if !self.keeps(&proof, vul, target)? {
                    proof.low[side][strain] += 1;
                    break;
                }
            }
            while proof.high[side][strain] < b.high[side][strain] {
                proof.high[side][strain] += 1;
                if !self.keeps(&proof, vul, target)? {
                    proof.high[side][strain] -= 1;
                    break;
                }
            }
        }
        Ok(proof)
    }

    /// Whether both corners of `b` give the par score `target`.
    fn keeps(&mut self, b: &SideBounds, vul: Vulnerability, target: i32) -> Result<bool, NoSolver> {
        let (low, high) = b.corners();
        Ok(self.par_of(&low, vul)?.score == target && self.par_of(&high, vul)?.score == target)
    }

    /// Whether `side` takes at least `k` tricks in strain number `strain` with one of its hands
    /// declaring: the hand that may take the most is asked first.
    fn side_at_least(&mut self, deal: &Deal, side: usize, strain: usize, k: u8) -> Result<bool, NoSolver> {
        let mut hands = seats(side);
        if self.bounds(hands[1], STRAINS[strain]).1 > self.bounds(hands[0], STRAINS[strain]).1 {
            hands.swap(0, 1);
        }
        for seat in hands {
            if self.at_least(deal, seat, STRAINS[strain], i32::from(k))? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// A guess at each side's best within the bounds, from its high-card points and its length in
/// the suit (its longest suit in notrump): the least-squares line through the 2000 side-strain
/// counts of `tests/data/dd/random_deals.tsv`, off by 0.8 trick on average in a suit, 1.0 in
/// notrump (`comparisons/par_guess_fit.py`). The guess decides only how quickly the search
/// ends, never its answer.
fn guess(deal: &Deal, b: &SideBounds) -> [[u8; 5]; 2] {
    let mut guess = [[0u8; 5]; 2];
    for side in SIDES {
        let hcp = side_hcp(deal, side) as f32;
        let longest = (0..4).map(|s| side_length(deal, side, s)).max().unwrap_or(0) as f32;
        for (strain, g) in guess[side].iter_mut().enumerate() {
            let tricks =
                if strain < 4 { -8.22 + 0.376 * hcp + 1.082 * side_length(deal, side, strain) as f32 } else { -2.92 + 0.508 * hcp - 0.146 * longest };
            *g = (tricks.round().clamp(0.0, 13.0) as u8).clamp(b.low[side][strain], b.high[side][strain]);
        }
    }
    guess
}

/// The seats of `side` (0 North-South, 1 East-West).
fn seats(side: usize) -> [Seat; 2] {
    [Seat::ALL[side], Seat::ALL[side + 2]]
}

/// The high-card points of `side`.
fn side_hcp(deal: &Deal, side: usize) -> u32 {
    let mut hcp = 0;
    for seat in seats(side) {
        for suit in Suit::ALL {
            let m = u32::from(deal.hand(seat).suit_mask(suit));
            hcp += 4 * (m >> 12 & 1) + 3 * (m >> 11 & 1) + 2 * (m >> 10 & 1) + (m >> 9 & 1);
        }
    }
    hcp
}

/// The cards `side` holds in strain number `strain` (a suit).
fn side_length(deal: &Deal, side: usize, strain: usize) -> u32 {
    let suit = Suit::ALL[strain.min(3)];
    seats(side).map(|seat| deal.hand(seat).len(suit)).iter().sum()
}
