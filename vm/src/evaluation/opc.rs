//! The Optimal Point Count (OPC) of a partnership: Patrick Darricades' evaluation of two hands
//! together, counted as J. G. Morse's DOP program counts it (DealerV2's `opc`).
//!
//! Each hand is first valued alone: honours (H), length (L), synergy of honours in long suits
//! (Sy), adjustments for the aces, kings and queens held and for a square shape, and shortness
//! (D). The pair then gains or loses points for fits, honours in partner's long suits, shortness
//! facing partner's length (misfits), honours wasted facing shortness, mirrored shapes, and
//! shortness that counts once a trump fit is found (Dfit). `docs/opc.md` states the rules.
//!
//! Everything a holding is worth alone comes from one 8192-entry table keyed by the 13-bit suit
//! mask, built once. Values are counted in half points and given as dotnums (×100). The first
//! hand of a side is North's or East's, the second South's or West's; an opener of `south` or
//! `west` makes the second hand the opener, `north` or `east` the first.

use crate::card::{Deal, Hand, Seat, Side, Suit};
use crate::evaluation::score::Strain;
use crate::evaluation::tables::{ACE, JACK, KING, NINE, QUEEN, SUIT_MASKS, TEN};
use std::sync::OnceLock;

/// What one suit holding is worth on its own, in half points.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Holding {
    /// The number of cards.
    pub len: u8,
    /// Honour points (H).
    pub honours: u8,
    /// Length points (L).
    pub length: u8,
    /// Synergy points (Sy) for honours together in a long suit.
    pub synergy: u8,
    /// Shortness points (D): a void 4, a singleton 2, a doubleton ½.
    pub shortness: u8,
    /// Whether the ace, king, queen and jack are held: bits 3 (ace) down to 0 (jack).
    pub tops: u8,
}

impl Holding {
    /// The holding of a suit mask.
    pub fn of(mask: u16) -> Holding {
        let len = mask.count_ones() as u8;
        let honours = match len {
            0 => 0,
            1 => singleton_honours(mask),
            2 => doubleton_honours(mask),
            _ => long_honours(mask),
        };
        let tops = [ACE, KING, QUEEN, JACK].iter().fold(0, |t, &b| (t << 1) | u8::from(mask & b != 0));
        Holding {
            len,
            honours,
            length: length_points(len, honours),
            synergy: synergy(mask, len, tops.count_ones()),
            shortness: [8, 4, 1].get(len as usize).copied().unwrap_or(0),
            tops,
        }
    }

    /// Whether the ace is held.
    fn ace(self) -> bool {
        self.tops & 8 != 0
    }

    /// Whether the jack is held.
    fn jack(self) -> bool {
        self.tops & 1 != 0
    }

    /// A few honours but not a strong holding: 0 < H < 4, or a jack (partner's suit gains).
    fn helps(self) -> bool {
        (1..8).contains(&self.honours) || self.jack()
    }
}

/// H of a singleton: the honour less one point (never below zero).
fn singleton_honours(mask: u16) -> u8 {
    match mask {
        ACE => 7,
        KING => 4,
        QUEEN => 1,
        _ => 0,
    }
}

/// H of a doubleton, by its two honours: AK 6½ down to Jx 0.
fn doubleton_honours(mask: u16) -> u8 {
    let has = |b: u16| mask & b != 0;
    let second = |with: &[(u16, u8)], alone: u8| with.iter().find(|(b, _)| has(*b)).map_or(alone, |&(_, v)| v);
    if has(ACE) {
        second(&[(KING, 13), (QUEEN, 11), (JACK, 10)], 9)
    } else if has(KING) {
        second(&[(QUEEN, 9), (JACK, 8), (TEN, 7)], 6)
    } else if has(QUEEN) {
        second(&[(JACK, 4), (TEN, 3)], 2)
    } else if has(JACK) {
        second(&[(TEN, 1)], 0)
    } else {
        0
    }
}

/// H of three cards or more: A 4½, K 3, Q 2 (1½ alone), J 1 (½ alone), T 1 with Q or J (½
/// with K), and 1 more for J-T-9 under a higher honour.
fn long_honours(mask: u16) -> u8 {
    let has = |b: u16| mask & b != 0;
    let mut h = 0;
    if has(ACE) {
        h += 9;
    }
    if has(KING) {
        h += 6;
    }
    if has(QUEEN) {
        h += if has(ACE | KING | JACK) { 4 } else { 3 };
    }
    if has(JACK) {
        h += if has(ACE | KING | QUEEN | TEN) { 2 } else { 1 };
    }
    if has(TEN) {
        h += if has(QUEEN | JACK) {
            2
        } else if has(KING) {
            1
        } else {
            0
        };
    }
    if mask & (JACK | TEN | NINE) == JACK | TEN | NINE && has(ACE | KING | QUEEN) {
        h += 2;
    }
    h
}

/// L: 1 for five cards with 3 H; 1 for six cards (2 with 3 H), 2 more per card beyond six.
fn length_points(len: u8, honours: u8) -> u8 {
    let strong = honours >= 6;
    match len {
        0..=4 => 0,
        5 => 2 * u8::from(strong),
        _ => 2 * (1 + u8::from(strong)) + 4 * (len - 6),
    }
}

/// Sy: KQJT or AQJT alone 1; three of the top four 1 in a five-card suit, 2 in a longer one,
/// and 1 more with the fourth or the ten.
fn synergy(mask: u16, len: u8, top_count: u32) -> u8 {
    let extra = top_count == 4 || (top_count == 3 && mask & TEN != 0);
    let base = match len {
        4 => return 2 * u8::from(mask == KING | QUEEN | JACK | TEN || mask == ACE | QUEEN | JACK | TEN),
        5 => 2,
        6.. => 4,
        _ => return 0,
    };
    if top_count >= 3 {
        base + 2 * u8::from(extra)
    } else {
        0
    }
}

/// The holdings of all 8192 suit masks.
pub fn holdings() -> &'static [Holding] {
    static TABLE: OnceLock<Vec<Holding>> = OnceLock::new();
    TABLE.get_or_init(|| (0..SUIT_MASKS as u16).map(Holding::of).collect())
}

/// One hand valued alone, as opener or responder.
#[derive(Copy, Clone, Debug)]
struct HandValue {
    /// The holdings, clubs first.
    suits: [Holding; 4],
    /// Whether this hand opens.
    opens: bool,
    /// H + L + Sy + adjustments (L at most 2 for responder).
    hl: i32,
    /// The shortest suit and the next shortest (ties: the lower suit first).
    short: [usize; 2],
    /// The deduction for declaring notrump: a void 3, a singleton 2 (shortest suit only).
    nt_deduction: i32,
}

impl HandValue {
    /// The value of `hand`.
    fn of(hand: Hand, opens: bool, table: &[Holding]) -> HandValue {
        let suits = Suit::ALL.map(|s| table[hand.suit_mask(s) as usize]);
        let lens = suits.map(|h| h.len);
        let mut order = [0, 1, 2, 3];
        order.sort_by_key(|&i| lens[i]);
        let shortest = lens[order[0]];
        let sum = |f: fn(&Holding) -> u8| suits.iter().map(|h| f(h) as i32).sum::<i32>();
        let length = sum(|h| h.length);
        let length = if opens { length } else { length.min(4) };
        HandValue {
            suits,
            opens,
            hl: sum(|h| h.honours) + length + sum(|h| h.synergy) + adjustments(&suits, opens),
            short: [order[0], order[1]],
            nt_deduction: match shortest {
                0 => -6,
                1 => -4,
                _ => 0,
            },
        }
    }

    /// The number of cards in suit `s`.
    fn len(&self, s: usize) -> i32 {
        self.suits[s].len as i32
    }

    /// The length of the shortest suit (`rank` 0) or the next shortest (1).
    fn short_len(&self, rank: usize) -> i32 {
        self.len(self.short[rank])
    }

    /// The shortness points of each suit.
    fn shortness(&self) -> [i32; 4] {
        self.suits.map(|h| h.shortness as i32)
    }
}

/// The hand's adjustments: −1 each for a square shape, no king, no queen (and, for the
/// opener, no ace), at most −2 in all; +1 for three kings, +2 for four, +1 for four queens.
fn adjustments(suits: &[Holding; 4], opens: bool) -> i32 {
    let count = |bit: u8| suits.iter().filter(|h| h.tops & bit != 0).count();
    let square = suits.iter().all(|h| (3..=4).contains(&h.len));
    let missing = |bit: u8| -2 * i32::from(count(bit) == 0);
    let mut deduction = -2 * i32::from(square) + missing(4) + missing(2);
    if deduction <= -4 {
        deduction = -4;
    } else if opens {
        deduction += missing(8);
    }
    let kings = match count(4) {
        4 => 4,
        3 => 2,
        _ => 0,
    };
    deduction + kings + 2 * i32::from(count(2) == 4)
}

/// A side's OPC in each strain, in half points.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Opc {
    /// With clubs, diamonds, hearts, spades as trumps, then in notrump.
    pub strains: [i32; 5],
    /// In the side's longest fit.
    pub longest: i32,
}

impl Opc {
    /// The dotnum (×100) of `opc(side, strain)`, or of `opc(side)` for `None`.
    pub fn dotnum(&self, strain: Option<Strain>) -> i32 {
        50 * strain.map_or(self.longest, |s| self.strains[s as usize])
    }
}

/// Whether `opener` makes the second hand of a side (South's or West's) the opener.
pub fn second_opens(opener: Seat) -> bool {
    matches!(opener, Seat::South | Seat::West)
}

/// The OPC of `side` on `deal` with `opener` (see the module's notes on which hand opens).
pub fn side_opc(deal: &Deal, side: Side, opener: Seat) -> Opc {
    let [first, second] = side.seats();
    evaluate(deal.hand(first), deal.hand(second), second_opens(opener))
}

/// The OPC of a pair of hands: `first` is North's or East's, `second` South's or West's.
pub fn evaluate(first: Hand, second: Hand, second_opens: bool) -> Opc {
    let table = holdings();
    let w = HandValue::of(second, second_opens, table);
    let e = HandValue::of(first, !second_opens, table);
    let mut common = w.hl + e.hl + mirror(&w, &e);
    let mut no_waste = 0;
    for s in 0..4 {
        common += fit_points(&w, &e, s) + misfit(&w, &e, s) + misfit(&e, &w, s);
        for waste in [wastage(&w, &e, s), wastage(&e, &w, s)] {
            if waste < 0 {
                common += waste;
            } else {
                no_waste += waste;
            }
        }
    }
    let dfit: [i32; 4] = std::array::from_fn(|t| shortness_with_trumps(&w, &e, t));
    let suit = |t: usize| common + no_waste + dfit[t];
    let (declarer, dummy) = if w.opens { (&w, &e) } else { (&e, &w) };
    let dummy_deduction = if dummy.nt_deduction == 0 { 0 } else { dummy.nt_deduction + 2 };
    let long = longest_fit(&w, &e, &dfit);
    // A count below zero (two weak misfitting hands in notrump) is taken as zero.
    let nt = common + declarer.nt_deduction + dummy_deduction;
    Opc { strains: [suit(0), suit(1), suit(2), suit(3), nt].map(|v| v.max(0)), longest: suit(long).max(0) }
}

/// Mirror: −2 when the shapes match suit by suit, −1 when two or three suits match.
fn mirror(w: &HandValue, e: &HandValue) -> i32 {
    match (0..4).filter(|&s| w.len(s) == e.len(s)).count() {
        4 => -4,
        2 | 3 => -2,
        _ => 0,
    }
}

/// The fit points of suit `s`: +1, +2, +3 for 8, 9, 10+ cards together, +1 to each hand
/// whose few honours help (Hf); with 7 cards, +1 to a helping doubleton (semi-fit).
fn fit_points(w: &HandValue, e: &HandValue, s: usize) -> i32 {
    let fit = w.len(s) + e.len(s);
    let helps = |h: &HandValue, doubleton_only: bool| {
        let hold = h.suits[s];
        let ok = match hold.len {
            2 => hold.helps(),
            3.. => !doubleton_only && (1..8).contains(&hold.honours),
            _ => false,
        };
        2 * i32::from(ok)
    };
    match fit {
        ..=6 => 0,
        7 => helps(w, true) + helps(e, true),
        _ => 2 * (fit - 7).min(3) + helps(w, false) + helps(e, false),
    }
}

/// Misfit points of `short`'s holding in suit `s` facing `long`'s five cards or more: −3
/// for a void, −2 for a singleton (facing five or six), −1 for a worthless doubleton
/// (facing five).
fn misfit(long: &HandValue, short: &HandValue, s: usize) -> i32 {
    let (l, hold) = (long.len(s), short.suits[s]);
    if l < 5 {
        return 0;
    }
    match hold.len {
        0 => -6,
        1 if l <= 6 => -4,
        2 if l == 5 && hold.honours == 0 && !hold.jack() => -2,
        _ => 0,
    }
}

/// `holder`'s suit `s` facing `short`'s void or singleton: honours wasted (negative), or
/// small cards or a bare ace that lose nothing (positive, counted in suit contracts only).
fn wastage(holder: &HandValue, short: &HandValue, s: usize) -> i32 {
    let facing = short.len(s);
    if facing >= 2 {
        return 0;
    }
    let hold = holder.suits[s];
    let h = hold.honours as i32;
    let void = facing == 0;
    if h == 0 && hold.len > 2 {
        return if void { 6 } else { 4 };
    }
    if !hold.ace() {
        return (if void { -6 } else { -4 }).max(-h);
    }
    if void {
        return -6;
    }
    if h == 9 && hold.len > 1 {
        return 2;
    }
    let beside_ace = h - 9;
    if beside_ace >= 4 {
        -4
    } else {
        -beside_ace
    }
}

/// Whole points of a sum of half points (the doubletons' halves dropped).
fn whole(d: &[i32; 4]) -> i32 {
    d.iter().sum::<i32>() / 2 * 2
}

/// D and Dfit points of both hands with suit `t` as trumps.
fn shortness_with_trumps(w: &HandValue, e: &HandValue, t: usize) -> i32 {
    let (tw, te) = (w.len(t), e.len(t));
    if tw + te == 7 && (tw == 5 || te == 5) {
        return semi_fit_shortness(w, e, t);
    }
    if tw >= 5 && te >= 5 {
        // Both hands keep their D, each suit's shortness counted once (no halves dropped).
        return (0..4).map(|s| w.shortness()[s].max(e.shortness()[s])).sum();
    }
    // The opener keeps its D; responder only with five trumps.
    let keeps = |h: &HandValue, trumps: i32| if h.opens || trumps >= 5 { h.shortness() } else { [0; 4] };
    let (mut dw, mut de) = (keeps(w, tw), keeps(e, te));
    dw[t] = 0;
    de[t] = 0;
    if tw + te < 8 {
        return whole(&dw) + whole(&de);
    }
    // A hand with 2 to 4 trumps and a shortness counts trumps less shortness (Dfit) there
    // instead of D; partner's D in that suit goes.
    let gets_dfit = |h: &HandValue, trumps: i32| trumps < 5 && h.short_len(0) < 3 && h.short_len(0) < trumps;
    let (fw, fe) = (gets_dfit(w, tw), gets_dfit(e, te));
    let (sw, se) = (w.short[0], e.short[0]);
    let mut give = |to_w: bool, suit: usize, points: i32| {
        let (mine, theirs) = if to_w { (&mut dw, &mut de) } else { (&mut de, &mut dw) };
        mine[suit] = 2 * points;
        theirs[suit] = 0;
    };
    if fw && fe && sw == se {
        // 4-4 fit, both short in the same suit: one hand takes a second shortness if it has one.
        let (w2, e2) = (w.short_len(1), e.short_len(1));
        if w2 <= 2 && (e2 > 2 || w2 <= e2) {
            give(true, w.short[1], tw - w2);
            give(false, se, te - e.short_len(0));
        } else if e2 <= 2 {
            give(false, e.short[1], te - e2);
            give(true, sw, tw - w.short_len(0));
        } else if w.short_len(0) < e.short_len(0) {
            give(true, sw, tw - w.short_len(0));
        } else {
            give(false, se, te - e.short_len(0));
        }
    } else {
        if fw {
            give(true, sw, tw - w.short_len(0));
        }
        if fe {
            give(false, se, te - e.short_len(0));
        }
    }
    whole(&dw) + whole(&de)
}

/// D and Dfit points with a 5-2 fit in suit `t`: the opener's D, and Dfit for a void or
/// singleton beside the two trumps.
fn semi_fit_shortness(w: &HandValue, e: &HandValue, t: usize) -> i32 {
    let mut dw = if w.opens { w.shortness() } else { [0; 4] };
    let mut de = if e.opens { e.shortness() } else { [0; 4] };
    if w.len(t) == 2 && w.short_len(0) < 2 {
        dw[w.short[0]] = 2 * (2 - w.short_len(0));
        de[w.short[0]] = 0;
    } else if e.len(t) == 2 && e.short_len(0) < 2 {
        de[e.short[0]] = 2 * (2 - e.short_len(0));
        dw[e.short[0]] = 0;
    }
    dw[t] = 0;
    de[t] = 0;
    whole(&dw) + whole(&de)
}

/// The longest fit; between two of the same length (the two highest suits among them), the
/// one with more D and Dfit points, the higher on a tie.
fn longest_fit(w: &HandValue, e: &HandValue, dfit: &[i32; 4]) -> usize {
    let fit = |s: usize| w.len(s) + e.len(s);
    let mut order = [0, 1, 2, 3];
    order.sort_by_key(|&s| fit(s));
    let (top, next) = (order[3], order[2]);
    if fit(top) > fit(next) || dfit[top] >= dfit[next] {
        top
    } else {
        next
    }
}

/// The OPC of the current deal for each side and opener, computed at the first question.
#[derive(Clone, Debug, Default)]
pub struct OpcCache {
    /// Bit `i` set: `values[i]` is the current deal's.
    known: u8,
    /// Indexed by side (north-south 0) times two plus whether the second hand opens.
    values: [Opc; 4],
}

impl OpcCache {
    /// Forgets the previous deal.
    #[inline]
    pub fn next_deal(&mut self) {
        self.known = 0;
    }

    /// `opc(side, strain)` (`None`: the longest fit) of `deal` as a dotnum, evaluated once per
    /// deal, side and opener.
    #[inline]
    pub fn dotnum(&mut self, deal: &Deal, side: Side, opener: Seat, strain: Option<Strain>) -> i32 {
        let i = 2 * (side as usize) + usize::from(second_opens(opener));
        if self.known & (1 << i) == 0 {
            self.values[i] = side_opc(deal, side, opener);
            self.known |= 1 << i;
        }
        self.values[i].dotnum(strain)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{rank_from_char, Card};

    /// A hand written `S.H.D.C` (`-` or nothing for a void).
    fn hand(text: &str) -> Hand {
        let mut h = Hand::EMPTY;
        for (suit, cards) in Suit::DISPLAY.iter().zip(text.split('.')) {
            for c in cards.chars().filter(|&c| c != '-') {
                h = h.with(Card::new(*suit, rank_from_char(c).expect("a rank")));
            }
        }
        assert_eq!(h.count(), 13, "{text}");
        h
    }

    /// The values as DOP prints them, in points with two decimals: C D H S NT longest.
    fn printed(o: &Opc) -> Vec<String> {
        o.strains.iter().chain([&o.longest]).map(|&v| format!("{:.2}", v as f64 / 2.0)).collect()
    }

    /// Checks every line of a vector file: `N:n e s w`, side, opener, then DOP's numbers.
    fn check_vectors(text: &str) -> usize {
        let mut checked = 0;
        let mut wrong = Vec::new();
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let f: Vec<&str> = line.split('\t').collect();
            let hands: Vec<Hand> = f[0].trim_start_matches("N:").split(' ').map(hand).collect();
            let (first, second) = if f[1] == "NS" { (hands[0], hands[2]) } else { (hands[1], hands[3]) };
            let opener = Seat::ALL.into_iter().find(|s| s.letter().to_string() == f[2]).expect("a seat");
            let got = printed(&evaluate(first, second, second_opens(opener)));
            let want: Vec<String> = f[3..9].iter().map(|s| s.to_string()).collect();
            if got != want {
                wrong.push(format!("{line}\n   got {}", got.join(" ")));
            }
            checked += 1;
        }
        assert!(wrong.is_empty(), "{} of {checked} differ:\n{}", wrong.len(), wrong[..wrong.len().min(10)].join("\n"));
        checked
    }

    /// The mask of a holding written like `AQT`.
    fn mask(text: &str) -> u16 {
        text.chars().map(|c| 1u16 << rank_from_char(c).expect("a rank")).sum()
    }

    #[test]
    fn holdings_count_half_points() {
        let h = |t: &str| Holding::of(mask(t));
        // Doubletons, strongest first: AK 6½ .. Jx 0.
        let doubletons = ["AK", "AQ", "AJ", "A2", "KQ", "KJ", "KT", "K2", "QJ", "QT", "Q2", "JT", "J2", "T2"];
        let values: Vec<u8> = doubletons.iter().map(|t| h(t).honours).collect();
        assert_eq!(values, [13, 11, 10, 9, 9, 8, 7, 6, 4, 3, 2, 1, 0, 0]);
        assert_eq!([h("A").honours, h("K").honours, h("Q").honours, h("J").honours], [7, 4, 1, 0]);
        assert_eq!([h("A").shortness, h("").shortness, h("32").shortness, h("432").shortness], [4, 8, 1, 0]);
        // Q with an honour 2, J with the ten 1, T with the jack 1, and J-T-9 under the king.
        assert_eq!(h("KQJT9").honours, 6 + 4 + 2 + 2 + 2);
        assert_eq!(h("Q32").honours, 3);
        assert_eq!(h("KT2").honours, 7);
        // Length and synergy: AKQ in six cards, KQJT alone, five small.
        let akq = h("AKQ432");
        assert_eq!((akq.length, akq.synergy), (4, 4));
        assert_eq!((h("KQJT").synergy, h("AKQJ").synergy, h("KQJ32").synergy), (2, 0, 2));
        assert_eq!((h("65432").length, h("8765432").length), (0, 6));
        assert_eq!(h("AKQJT").synergy, 4);
    }

    #[test]
    fn counts_the_whole_pair_once_per_deal() {
        let north = hand("KQ762.94.J962.32");
        let south = hand("AJ.T8732.754.T84");
        // DOP with south opening: 9.5 in every strain.
        assert_eq!(evaluate(north, south, true).strains, [19; 5]);
        let mut deal = Deal::default();
        deal.hands[Seat::North as usize] = north;
        deal.hands[Seat::South as usize] = south;
        let mut cache = OpcCache::default();
        assert_eq!(cache.dotnum(&deal, Side::NorthSouth, Seat::West, Some(Strain::Spades)), 950);
        assert_eq!(cache.dotnum(&deal, Side::NorthSouth, Seat::North, Some(Strain::Clubs)), 850);
        assert_eq!(cache.dotnum(&deal, Side::NorthSouth, Seat::South, None), 950);
    }

    #[test]
    fn agrees_with_dop_on_random_deals() {
        assert_eq!(check_vectors(include_str!("../../../tests/data/opc/dop_random.tsv")), 1000);
    }

    #[test]
    fn agrees_with_dop_on_rare_cases() {
        assert!(check_vectors(include_str!("../../../tests/data/opc/stress.tsv")) >= 1800);
    }
}
