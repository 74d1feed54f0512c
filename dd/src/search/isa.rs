//! The search compiled twice: once for any processor, once for x86-64 processors with the
//! bit-manipulation instructions (`popcnt`, BMI1, BMI2, `lzcnt`: counting cards, packing a
//! position to relative ranks), the one a search uses chosen when it is made.
//!
//! The two recursive steps (a trick's start, a card's play) are written once, generic over
//! [`Isa`], and everything they call is inlined into them; each copy's steps call each other,
//! so a search stays in its copy all the way down.

use super::trick::Trick;
use super::Search;

/// A copy of the search's two recursive steps.
pub(crate) trait Isa {
    /// [`Search::trick`] in this copy.
    fn trick(s: &mut Search, leader: usize, target: i32, relevant: &mut u64) -> i32;
    /// [`Search::node`] in this copy.
    fn node(s: &mut Search, t: Trick, target: i32, relevant: &mut u64) -> i32;
}

/// For any processor.
pub(crate) struct Plain;

impl Isa for Plain {
    #[inline(never)]
    fn trick(s: &mut Search, leader: usize, target: i32, relevant: &mut u64) -> i32 {
        s.trick_in::<Plain>(leader, target, relevant)
    }

    #[inline(never)]
    fn node(s: &mut Search, t: Trick, target: i32, relevant: &mut u64) -> i32 {
        s.node_in::<Plain>(t, target, relevant)
    }
}

/// For x86-64 processors with `popcnt`, BMI1, BMI2 and `lzcnt`.
#[cfg(target_arch = "x86_64")]
pub(crate) struct Modern;

#[cfg(target_arch = "x86_64")]
impl Modern {
    /// Whether this processor has what the copy needs.
    pub(crate) fn detect() -> bool {
        std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
    }
}

#[cfg(target_arch = "x86_64")]
impl Isa for Modern {
    #[inline(always)]
    fn trick(s: &mut Search, leader: usize, target: i32, relevant: &mut u64) -> i32 {
        // SAFETY: a search takes this copy only where `Modern::detect` found the instructions.
        unsafe { modern_trick(s, leader, target, relevant) }
    }

    #[inline(always)]
    fn node(s: &mut Search, t: Trick, target: i32, relevant: &mut u64) -> i32 {
        // SAFETY: as above.
        unsafe { modern_node(s, t, target, relevant) }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
unsafe fn modern_trick(s: &mut Search, leader: usize, target: i32, relevant: &mut u64) -> i32 {
    s.trick_in::<Modern>(leader, target, relevant)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
unsafe fn modern_node(s: &mut Search, t: Trick, target: i32, relevant: &mut u64) -> i32 {
    s.node_in::<Modern>(t, target, relevant)
}

impl Search {
    /// Whether North-South take at least `target` of the tricks left, `leader` to lead to
    /// the next trick, answered with a bound on their tricks (*fail-soft*): at least the
    /// value returned when it reaches `target`, at most it when not; `relevant` is given the
    /// cards whose ranks the bound rests on.
    pub(crate) fn trick(&mut self, leader: usize, target: i32, relevant: &mut u64) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if self.modern {
            return Modern::trick(self, leader, target, relevant);
        }
        Plain::trick(self, leader, target, relevant)
    }

    /// Whether North-South take at least `target` of the tricks left (those of the trick in
    /// play among them), from the trick `t`, answered with a bound as [`Search::trick`]
    /// answers; `relevant` is given the cards whose ranks the bound rests on.
    pub(crate) fn node(&mut self, t: Trick, target: i32, relevant: &mut u64) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if self.modern {
            return Modern::node(self, t, target, relevant);
        }
        Plain::node(self, t, target, relevant)
    }
}
