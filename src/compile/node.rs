//! Syntax-tree nodes as the compiler sees them: the key its per-node memos use, and the
//! effects a node may have besides giving a value.

use crate::front::ast::Expr;

/// Where a syntax-tree node lives in the arena: the key of the per-node memos.
pub(super) type NodeKey = usize;

/// A memo by node: its keys are addresses, hashed by Fx (one multiply; the standard library's
/// SipHash took a tenth of the compiling of a four-seat script).
pub(super) type NodeMap<V> = rustc_hash::FxHashMap<NodeKey, V>;

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
