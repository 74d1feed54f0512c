//! Syntax-tree nodes as the compiler sees them: the key its per-node memos use, and the
//! effects a node may have besides giving a value.

use crate::front::ast::Expr;

/// Where a syntax-tree node lives in the arena: the key of the per-node memos.
pub(super) type NodeKey = usize;

/// A memo by node: its keys are addresses, hashed by one multiply (the standard library's
/// SipHash took a tenth of the compiling of a four-seat script).
pub(super) type NodeMap<V> = std::collections::HashMap<NodeKey, V, std::hash::BuildHasherDefault<NodeHasher>>;

/// The hasher of [`NodeMap`]: the address times an odd constant, its high bits folded down.
#[derive(Default)]
pub(super) struct NodeHasher(u64);

impl std::hash::Hasher for NodeHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    fn write_u64(&mut self, x: u64) {
        let m = (self.0 ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = m ^ (m >> 32);
    }
}

/// The key of a node (the arena never moves its nodes while the compiler runs).
pub(super) fn node_key(e: &Expr<'_>) -> NodeKey {
    e as *const Expr<'_> as usize
}

/// The expression solves double dummy or asks the `usereval` server: slow, so it goes after
/// the cheaper operands of a chain and is never run on the compiler's sample; no other
/// effect, so cheaper operands may move before it (a `usereval` may fail, and is never moved
/// before anything: it is then evaluated only on deals it would have been).
pub(super) const SOLVES: u8 = 1;
/// The expression draws random numbers (`rnd`): moving it changes the numbers drawn.
pub(super) const DRAWS: u8 = 2;
/// The expression may divide by zero: evaluating it where it was not evaluated may fail.
pub(super) const MAY_FAIL: u8 = 4;
