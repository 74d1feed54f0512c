//! A source whose deals stand for the random deals up to them ([`Sparse`]): exact dealing in
//! Dealer's law. Its deals are numbered as Dealer's random deals, and only those at the places
//! where a random deal meets the terms ([`crate::dealing::gaps`]) are dealt and examined
//! ([`crate::machine::batch`] finds the places).

use crate::card::{Deal, Seats};
use crate::dealing::gaps::Gaps;
use crate::dealing::rng::DealRng;
use crate::dealing::source::DealSource;

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
