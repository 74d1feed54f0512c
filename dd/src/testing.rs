//! What the tests of both solvers share: random endings, and the tricks found by trying every
//! play.

use dealvm_vm::card::{Card, Deal, Hand, Suit};

/// A random ending of `k` cards a hand (or a whole deal, `k` 13) from `seed`.
pub(crate) fn ending(k: usize, seed: u64) -> Deal {
    let mut pack: Vec<Card> = Card::all().collect();
    let mut x = seed;
    for i in (1..pack.len()).rev() {
        x = dealvm_vm::dealing::rng::mix64(x);
        pack.swap(i, (x % (i as u64 + 1)) as usize);
    }
    let mut d = Deal::default();
    for (i, card) in pack.into_iter().take(4 * k).enumerate() {
        d.hands[i % 4] = d.hands[i % 4].with(card);
    }
    d
}

/// The tricks North-South take from here, by trying every play: `trick` the cards played to
/// the current trick, `next` the seat to play.
pub(crate) fn north_south_tricks(hands: [Hand; 4], trick: &[(usize, Card)], next: usize, trump: Option<Suit>) -> u8 {
    if trick.len() == 4 {
        let beats = |a: Card, b: Card| if a.suit() == b.suit() { a.rank() > b.rank() } else { Some(a.suit()) == trump };
        let winner = trick.iter().skip(1).fold(trick[0], |best, &play| if beats(play.1, best.1) { play } else { best }).0;
        let won = u8::from(winner % 2 == 0);
        return if hands[0].is_empty() { won } else { won + north_south_tricks(hands, &[], winner, trump) };
    }
    let hand = hands[next];
    let follows = trick.first().map(|t| t.1.suit()).filter(|&s| hand.len(s) > 0);
    let results = hand.cards().filter(|c| follows.is_none_or(|s| c.suit() == s)).map(|card| {
        let mut after = hands;
        after[next] = Hand(hand.0 & !card.bit());
        let mut played = trick.to_vec();
        played.push((next, card));
        north_south_tricks(after, &played, (next + 1) % 4, trump)
    });
    if next.is_multiple_of(2) {
        results.max().unwrap_or(0)
    } else {
        results.min().unwrap_or(0)
    }
}
