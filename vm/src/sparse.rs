//! A source whose deals stand for the random deals up to them ([`Sparse`]): exact dealing in
//! Dealer's law. Its deals are numbered as Dealer's random deals, and only those at the places
//! where a random deal meets the terms ([`crate::gaps`]) are dealt and examined
//! ([`crate::batch`] finds the places).

use crate::card::{Deal, Seats};
use crate::gaps::Gaps;
use crate::rng::DealRng;
use crate::source::DealSource;

/// The deals of `dealer`, each standing for the random deals up to it: a run numbers them as
/// Dealer's random deals (see the module documentation).
#[derive(Clone, Debug)]
pub struct Sparse<S> {
    /// Deals among those meeting the terms, uniformly.
    pub dealer: S,
    /// The gaps between them among all deals.
    pub gaps: Gaps,
}

impl<S: DealSource> DealSource for Sparse<S> {
    #[inline(always)]
    fn deal(&self, n: u64, rng: &mut DealRng, pdep: impl Fn(u64, u64) -> u64) -> Deal {
        self.dealer.deal(n, rng, pdep)
    }

    fn seats(&self) -> Seats {
        self.dealer.seats()
    }

    fn costly(&self) -> bool {
        true
    }

    #[inline(always)]
    fn gaps(&self) -> Option<&Gaps> {
        Some(&self.gaps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::{Job, Sink, Swap};
    use crate::bytecode::{Assembler, Instr};
    use crate::card::{Seat, Suit};
    use crate::exact::{ExactDealer, SeatRule};
    use crate::interp::Machine;
    use crate::shape::ShapeSet;
    use crate::tables::{PointCounts, Tables};

    /// The produced deals of a batch with their places.
    #[derive(Default)]
    struct Kept(Vec<(u32, Deal)>);

    impl Sink for Kept {
        fn produced(&mut self, offset: u32, deal: &Deal, _values: &[i32]) {
            self.0.push((offset, *deal));
        }
    }

    #[test]
    fn a_batch_deals_the_same_deals_at_the_same_places_whole_or_in_pieces() {
        // West's eight spades or more (q = 1.3e-3): every deal dealt is produced.
        let mut rules: [Option<SeatRule>; 4] = Default::default();
        rules[Seat::West as usize] = Some(SeatRule { shapes: ShapeSet::from_fn(|[s, ..]| s >= 8), ..SeatRule::any() });
        let hcp = [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4];
        let dealer = ExactDealer::new([crate::card::Hand::EMPTY; 4], &rules, &hcp).unwrap();
        let all = ExactDealer::new([crate::card::Hand::EMPTY; 4], &Default::default(), &hcp).unwrap().deals();
        let gaps = Gaps::new(dealer.deals(), all);
        assert_eq!(gaps.spread(), 512);
        let source = Sparse { dealer, gaps };
        let mut asm = Assembler::new();
        asm.begin_entry("deal");
        asm.emit(Instr::Produce);
        let routine = asm.end_entry();
        let program = asm.finish().unwrap();
        let tables = Tables::build(&PointCounts::default(), program.tables_used());
        for swap in [Swap::None, Swap::EastWest] {
            let copies = swap.permutations().len() as u64;
            let job = Job { program: &program, tables: &tables, source: &source, routine, swap, seed: 5, generate: 3_000_000 };
            assert_eq!(job.full_batch(), swap.batch_len() * 512);
            let mut vm = Machine::new(&program);
            let mut whole = Kept::default();
            let end = job.run_batch(0, u64::MAX, 0, &mut vm, &mut whole);
            assert_eq!(end.examined, 2_097_152.min(3_000_000 / copies * copies));
            // About q of the places hold a deal (with each deal's copies).
            let dealt = whole.0.len() as f64 / copies as f64;
            let expect = job.batch_len(0) as f64 / copies as f64 * gaps.chance();
            assert!((dealt - expect).abs() < 5.0 * expect.sqrt(), "{dealt} deals dealt, {expect} expected");
            for (offset, deal) in &whole.0 {
                assert!(deal.hands[if offset % copies as u32 == 0 { 3 } else { 1 }].len(Suit::Spades) >= 8);
            }
            // Cut anywhere on a dealt deal, the pieces give the same deals at the same places.
            let mut pieces = Kept::default();
            let cuts = [0, 2 * copies, 1000 * copies, whole.0[40].0 as u64, whole.0[42].0 as u64 + copies, job.batch_len(0)];
            for w in cuts.windows(2) {
                job.run_piece(0, w[0]..w[1], u64::MAX, 0, &mut vm, &mut pieces);
            }
            assert_eq!(pieces.0, whole.0);
            // Stopped at the tenth produced deal: examined up to its place.
            let end = job.run_batch(0, 10, 0, &mut vm, &mut Kept::default());
            assert_eq!(end.examined, whole.0[9].0 as u64 + 1);
        }
    }
}
