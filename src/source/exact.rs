//! How a run deals: exactly from the condition, dealing only deals that meet the terms the
//! compiler extracted (`vm::dealing::exact::ExactDealer`), each standing for the random deals up to it
//! in Dealer's law (`vm::dealing::sparse::Sparse`), or as Dealer does, dealing every deal and testing the
//! condition. Exact dealing pays when those terms are rare; it is chosen when their
//! probability is below [`RARE`] and the counting fits its budget: the states it may count,
//! and the work the run can repay (a `SHARE`th of what dealing its deals by rejection would
//! cost, estimated before anything is counted together). The probability weighed is that of
//! the seats together, counted exactly (or, for terms common for sure, measured on a sample),
//! never a product over the seats. Counting can also prove that no deal meets the terms: the
//! run then deals nothing ([`Choice::impossible`]).

use dealvm_vm::card::{Hand, Seat, Seats};
use dealvm_vm::dealing::exact::{all_deals, deals_alone, ExactDealer, ExactError, SeatRule};
use dealvm_vm::dealing::gaps::Gaps;
use dealvm_vm::dealing::predeal::{is_empty, SuitLengths};
use dealvm_vm::dealing::source::DealSource;
use dealvm_vm::dealing::sparse::Sparse;
use dealvm_vm::dealing::split::RandomDealer;
use dealvm_vm::evaluation::shape::ShapeSet;

/// Exact dealing is used when the terms it meets hold on fewer deals than this: above it,
/// dealing every deal (tens of nanoseconds each) is faster than dealing exactly (microseconds).
pub const RARE: f64 = 1e-3;

/// Terms on several seats that are common alone are measured together on at most this many
/// deals (a quick trial of rejection dealing).
const SAMPLE: usize = 8192;

/// A trial shorter than this tells too little to be dealt (but for `--dump-bytecode`).
const MIN_TRIAL: usize = 256;

/// The trial deals at most this fraction (one part in `TRIAL_SHARE`) of the deals a rejection
/// run would deal at least (a trial's deal, tested against the rules, costs up to five
/// times a rejection run's: around a predeal, the exact dealer deals it).
const TRIAL_SHARE: u64 = 20;

/// What one random deal of a rejection run costs, in instructions: a deal and a short
/// condition take about 300 (`comparisons/as_written.sh`, under callgrind).
const DEAL_COST: u64 = 300;

/// What a unit of the counting's work (a state counted, or a choice from it) costs, in
/// instructions: about 200 seat after seat, 400 suit after suit, under callgrind.
const WORK_COST: u64 = 250;

/// Counting may cost at most this fraction (one part in `SHARE`) of what dealing the run's
/// deals by rejection would cost, as estimated before anything is counted.
const SHARE: u64 = 3;

/// A budget below this much work tries no dealer: setting one up takes about as much.
const MIN_ATTEMPT: u64 = 2000;

/// A run of fewer random deals counts nothing, not even each seat's terms alone (about
/// 250,000 instructions a seat, as much as dealing and testing a thousand deals).
const TINY_RUN: u64 = 1000;

/// The work the counting of terms that look rare may take, whatever the estimate of the
/// run's deals (about 4 million instructions, a millisecond or two).
const FLOOR: u64 = 10_000;

/// The counting's work worth a `SHARE`th of dealing `deals` random deals by rejection.
fn work_worth(deals: u64) -> u64 {
    (u128::from(deals) * u128::from(DEAL_COST) / u128::from(WORK_COST * SHARE)).min(u128::from(u64::MAX)) as u64
}

/// A term of the condition that exact dealing can meet (`compile::exact` finds them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// The one seat it reads.
    pub seat: Seat,
    /// Whether it reads points (dropped when the dealer keeps only the seat's shapes).
    pub points: bool,
    /// What dealing meets of it, in the input's words: the term as written, or, for points
    /// passing a set with holes, the range around them (`hcp(north) >= 20 && hcp(north) <=
    /// 25`); `None` when it excludes no hand.
    pub met: Option<String>,
}

/// What the exact dealer deals: only deals meeting `terms`, which hold on `probability` of all
/// deals, or of the deals that meet the predeal when there is one.
#[derive(Clone, Debug, PartialEq)]
pub struct Dealt {
    pub terms: String,
    pub probability: f64,
    pub predeal: bool,
}

impl Dealt {
    /// The terms with their probability and what it is of: `spades(west) == 9 (probability
    /// 1.0799e-07 of all deals)`.
    pub fn shown(&self) -> String {
        format!("{} (probability {} of {})", self.terms, scientific(self.probability), self.of())
    }

    /// The deals the probability is of.
    fn of(&self) -> &'static str {
        if self.predeal {
            "the deals that meet the predeal"
        } else {
            "all deals"
        }
    }
}

/// The choice of how to deal, and why.
pub struct Choice {
    /// The exact dealer, when it is used.
    pub exact: Option<Sparse<ExactDealer>>,
    /// What it deals (when it is used).
    pub dealt: Option<Dealt>,
    /// One line saying how the run deals and why (with a share measured whole when the
    /// choice was asked to explain itself, [`Inputs::explain`]).
    pub how: String,
    /// Why no deal can meet the condition, when counting proves it: the run deals nothing.
    pub impossible: Option<String>,
}

impl Choice {
    /// Dealing every deal and testing the condition, for the reason `why`.
    fn every(why: String) -> Choice {
        Choice { exact: None, dealt: None, how: format!("every deal, testing the condition ({why})"), impossible: None }
    }
}

/// What the choice looks at: the predeal, the condition's rules, the point values.
pub struct Inputs<'r> {
    pub fixed: [Hand; 4],
    pub lengths: &'r SuitLengths,
    pub rules: &'r [Option<SeatRule>; 4],
    /// The condition's terms the rules come from.
    pub terms: &'r [Term],
    /// The points of each rank behind `hcp`.
    pub values: &'r [i32; 13],
    /// The terms on points left to the condition, their values not ones exact dealing counts.
    pub uncounted: &'r [String],
    /// Seats that swapping (`-x`) moves: their rules cannot be dealt to.
    pub moved: &'r [Seat],
    /// `--rejection`: deal every deal, as Dealer does.
    pub rejection: bool,
    /// The random deals the run examines at most (its `generate`).
    pub generate: u64,
    /// The deals it produces at most (its `produce`): when no fewer than `generate`, the run
    /// examines its `generate` deals and deals every deal as Dealer does, so that its
    /// statistics cover as many random deals.
    pub produce: u64,
    /// Whether [`Choice::how`] is shown (`--dump-bytecode`): the sample of `SAMPLE` deals is
    /// then measured whole, for the share it names; else it stops as soon as the terms are
    /// common for sure, which chooses the same.
    pub explain: bool,
}

/// Seats whose rules the exact dealer meets, and whether it meets a seat's point ranges.
type Attempt<'f> = (Vec<Seat>, &'f dyn Fn(Seat) -> bool);

/// The counting of the deals meeting some of the rules, around the predeal.
struct Counting<'i> {
    inputs: &'i Inputs<'i>,
    /// The rules of the seats that swapping does not move.
    rules: [Option<SeatRule>; 4],
    /// The predealt suit lengths, as rules.
    bias: [Option<SeatRule>; 4],
    /// Whether something is predealt.
    predeal: bool,
}

impl Counting<'_> {
    /// The dealer of the deals meeting the predeal and the rules of the seats `extra`, their
    /// point ranges only where `points` says, counted within `budget` (less what it took).
    fn dealer(&self, extra: &[Seat], points: &dyn Fn(Seat) -> bool, budget: &mut u64) -> Result<ExactDealer, ExactError> {
        let mut all = self.bias.clone();
        for &s in extra {
            let mut rule = self.rules[s as usize].clone().expect("seats with rules");
            if !points(s) {
                rule.points = SeatRule::any().points;
                rule.suit_points = SeatRule::any().suit_points;
            }
            if let Some(b) = &self.bias[s as usize] {
                rule.shapes.intersect_with(&b.shapes);
            }
            all[s as usize] = Some(rule);
        }
        ExactDealer::within(self.inputs.fixed, &all, self.inputs.values, budget)
    }

    /// The deals meeting the predeal and the rule of `seat`: counted without the dealer when
    /// nothing is predealt (`deals_alone`, the same number, a few tens of thousands of
    /// additions), else by the dealer within `budget`.
    fn alone(&self, seat: Seat, budget: &mut u64) -> Result<u128, ExactError> {
        match &self.rules[seat as usize] {
            Some(rule) if !self.predeal => deals_alone(rule, self.inputs.values),
            _ => self.dealer(&[seat], &|_| true, budget).map(|d| d.deals()),
        }
    }

    /// The terms those rules meet, joined by `&&`.
    fn terms(&self, extra: &[Seat], points: &dyn Fn(Seat) -> bool) -> String {
        let met = self.inputs.terms.iter().filter(|t| extra.contains(&t.seat) && (!t.points || points(t.seat)));
        met.filter_map(|t| t.met.clone()).collect::<Vec<_>>().join(" && ")
    }

    /// A quick trial of rejection dealing: up to `size` deals meeting the predeal (dealt by
    /// `base`; with nothing predealt, only the hands of `seats`, by splitting the pack), tested
    /// against the rules of `seats`. It stops as soon as the rules are common for sure
    /// ([`surely_common`]), unless [`Inputs::explain`] asks for the whole. Seats are not
    /// independent (`hcp(north) >= 20` and `hcp(south) >= 15` hold together on 8.7e-5 of the
    /// deals, not 1.4% times 14%), so the product of their probabilities is no estimate; the
    /// trial is.
    fn trial(&self, seats: &[Seat], base: Option<&ExactDealer>, size: usize) -> Trial {
        match base {
            Some(base) => self.trial_of(seats, base, size),
            None => self.trial_of(seats, &RandomDealer::reading(seats.iter().fold(Seats::NONE, |s, &seat| s.with(seat)), false), size),
        }
    }

    /// [`Self::trial`] of the deals of `base`.
    fn trial_of(&self, seats: &[Seat], base: &impl DealSource, size: usize) -> Trial {
        let mut rng = dealvm_vm::dealing::rng::batch_rng(0x5EED, 0);
        let values = self.inputs.values;
        let meets = |deal: &dealvm_vm::card::Deal| {
            seats.iter().all(|&s| self.rules[s as usize].as_ref().is_none_or(|r| r.holds(deal.hands[s as usize], values)))
        };
        let (mut hits, mut dealt, mut common) = (0, 0, false);
        while dealt < size && (self.inputs.explain || !common) {
            let hit = meets(&base.deal_one(0, &mut rng));
            hits += usize::from(hit);
            dealt += 1;
            // Once sure, sure: the whole trial of `--dump-bytecode` decides as the run does,
            // which stops there.
            common |= hit && surely_common(hits, dealt);
        }
        Trial { hits, dealt, size, common }
    }

    /// The choice when no deal meets `terms`.
    fn impossible(&self, terms: &str) -> Choice {
        let which = if self.predeal { "no deal that meets the predeal" } else { "no deal" };
        let why = format!("{which} meets {terms}");
        Choice { exact: None, dealt: None, how: format!("none, {why} (counted exactly)"), impossible: Some(why) }
    }

    /// The deals of which a probability is.
    fn of(&self) -> &'static str {
        if self.predeal {
            "the deals that meet the predeal"
        } else {
            "the deals"
        }
    }
}

/// Whether rules met by `hits` of `dealt` random deals (at least ten) hold on at least
/// [`RARE`] of the deals for sure: were they rarer, so many hits would come less than once in
/// a million trials. The bound is the Poisson tail of mean `dealt · RARE`, above the binomial
/// one. Rules sure to be common are dealt by rejection whatever their exact count, which is
/// then not taken: terms on 0.3% of the deals are sure on a trial of 8192 deals.
fn surely_common(hits: usize, dealt: usize) -> bool {
    /// How unlikely the hits must be under [`RARE`].
    const SURE: f64 = 1e-6;
    hits >= 10 && poisson_tail(hits, dealt as f64 * RARE) <= SURE
}

/// `P(X >= k)` for `X` Poisson of mean `lambda > 0`, `k` above the mean: the terms from `k`
/// on, the first from logarithms (the factorial would overflow).
fn poisson_tail(k: usize, lambda: f64) -> f64 {
    let ln_first = -lambda + k as f64 * lambda.ln() - (1..=k).map(|i| (i as f64).ln()).sum::<f64>();
    let (mut term, mut sum, mut i) = (ln_first.exp(), 0.0, k);
    // The terms fall at least as fast as a geometric series of ratio `lambda / k`.
    while term > 0.0 && term >= sum * 1e-17 && i < k + 100_000 {
        sum += term;
        i += 1;
        term *= lambda / i as f64;
    }
    sum
}

/// What a trial of rejection dealing found: `hits` of its first `dealt` deals (of `size`)
/// meet the rules; `common` when they are common for sure ([`surely_common`]).
struct Trial {
    hits: usize,
    dealt: usize,
    size: usize,
    common: bool,
}

impl Trial {
    /// How often the rules hold, in words, when they are common for sure.
    fn common(&self, of: &str) -> Option<String> {
        if !self.common {
            return None;
        }
        let p = percent(self.hits as f64 / self.dealt as f64);
        Some(if self.dealt < self.size {
            // Stopped once sure.
            format!("about {p} of {of} (measured on {} of {} deals)", self.dealt, self.size)
        } else {
            format!("about {p} of {of} (measured on {} deals)", self.size)
        })
    }
}

/// Why exact dealing does not take `terms`: the values of their points.
fn point_values_not_counted(terms: &str) -> String {
    format!("the point values of {terms} are not ones the counting handles (negative, on more than five ranks, or more than 15 in a suit)")
}

/// The random deals a rejection run would deal, as far as known before counting: its
/// `generate`, or fewer when it stops at its `produce` count, the terms' probability being at
/// most `p`.
fn rejection_deals(inputs: &Inputs<'_>, p: f64) -> u64 {
    let produced = inputs.produce as f64 / p.max(f64::MIN_POSITIVE);
    (inputs.generate as f64).min(produced.ceil()) as u64
}

/// Chooses how to deal. Counting costs time that only a run long enough can win back, so the
/// choice is bounded by the run's own budget: `--rejection` and runs that examine their
/// `generate` deals count nothing jointly, and the counting of a run that stops at its
/// `produce` count may cost at most a `SHARE`th of what dealing its deals by rejection
/// would, as estimated from the seats' own probabilities (each seat's terms counted alone,
/// without the dealer's walk) and a quick trial of rejection dealing. The rule depends on the
/// script and the run's limits only, so the deals are the same whatever the machine's speed.
pub fn choose(inputs: &Inputs<'_>) -> Choice {
    if inputs.rejection {
        return Choice::every("--rejection".to_string());
    }
    let produce_bound = inputs.produce < inputs.generate;
    let values = inputs.values;
    let mut rules = inputs.rules.clone();
    for &seat in inputs.moved {
        rules[seat as usize] = None;
    }
    let seats: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| rules[s as usize].as_ref().is_some_and(|r| r.restricts(values))).collect();
    if seats.is_empty() {
        let why = if inputs.rules.iter().flatten().any(|r| r.restricts(values)) {
            "the seats the condition tests alone are moved by swapping (-x)".to_string()
        } else if !inputs.uncounted.is_empty() {
            point_values_not_counted(&inputs.uncounted.join(" && "))
        } else {
            "no term of the condition tests one seat's shape or points alone".to_string()
        };
        return Choice::every(why);
    }
    let counting = Counting { inputs, rules, bias: bias_rules(inputs.lengths), predeal: !is_empty(&inputs.fixed, inputs.lengths) };
    // What rejection costs at most: the run's `generate` deals.
    let mut budget = work_worth(inputs.generate);
    if inputs.generate < TINY_RUN {
        let terms = counting.terms(&seats, &|_| true);
        let n = inputs.generate;
        return Choice::every(format!(
            "a run of {n} random deal{} costs less than counting the terms exact dealing could meet ({terms})",
            if n == 1 { "" } else { "s" }
        ));
    }
    // The deals meeting the predeal, and their dealer for the trial: with nothing predealt,
    // every deal, dealt by splitting the pack (a walk through the states of no rule would
    // cost as much as a thousand deals, and its deals ten times a split's).
    let base_dealer = if counting.predeal {
        match counting.dealer(&[], &|_| true, &mut u64::MAX.clone()) {
            Ok(d) if d.deals() > 0 => Some(d),
            _ => return Choice::every("the predeal could not be counted".into()),
        }
    } else {
        None
    };
    let base = base_dealer.as_ref().map_or_else(all_deals, ExactDealer::deals);
    // Each seat alone, counted exactly: a seat that no deal suits proves the condition
    // impossible, and the terms together hold on no more deals than the rarest seat's.
    let mut alone = Vec::new();
    for &s in &seats {
        let p = match counting.alone(s, &mut budget) {
            Ok(0) => return counting.impossible(&counting.terms(&[s], &|_| true)),
            Ok(deals) => Some(deals as f64 / base as f64),
            Err(_) => None,
        };
        alone.push((s, p.unwrap_or(1.0)));
    }
    let terms = counting.terms(&seats, &|_| true);
    let of = counting.of();
    if !produce_bound {
        return Choice::every("the run examines its `generate` deals (it stops at no `produce` count)".to_string());
    }
    if let [(_, p)] = alone[..] {
        if (RARE..1.0).contains(&p) {
            return Choice::every(format!("the terms exact dealing could meet ({terms}) hold on {} of {of}", percent(p)));
        }
    }
    // The terms hold on no more deals than the rarest seat's, and on about the product of the
    // seats' shares when the seats are independent (points compete, so two seats' points are
    // rarer together: the product is an estimate, not a bound). When every seat's terms are
    // common, a trial of rejection dealing, no longer than a part of the run's own, finds
    // terms common together for sure.
    let p_seats = alone.iter().map(|&(_, p)| p).fold(1.0, f64::min);
    let mut p_terms = alone.iter().map(|&(_, p)| p).product::<f64>().min(p_seats);
    if alone.len() > 1 && p_seats >= RARE {
        let size = (rejection_deals(inputs, p_seats) / TRIAL_SHARE).min(SAMPLE as u64) as usize;
        if size >= MIN_TRIAL {
            let trial = counting.trial(&seats, base_dealer.as_ref(), size);
            if let Some(how_often) = trial.common(of) {
                return Choice::every(format!("the terms exact dealing could meet ({terms}) hold on {how_often}"));
            }
            p_terms = p_terms.max(trial.hits as f64 / trial.dealt as f64);
        }
    }
    // Points on two seats compete for the honours, so the product can be far from the terms'
    // probability (1.4% and 14% multiply to 0.2% for `hcp(north) >= 20 && hcp(south) >= 15`,
    // which hold on 0.0087%): when it says the terms are rare, the counting may take up to
    // [`FLOOR`] whatever the estimate, within what the run's `generate` deals would cost.
    let deals = rejection_deals(inputs, p_terms);
    let floor = if p_terms < 10.0 * RARE { FLOOR } else { 0 };
    budget = budget.min(work_worth(deals).max(floor));
    // The most complete rules that can be counted: all of them; points only for the rarest
    // seat that counts them; shapes only; the rarest seat alone.
    let rarest = alone.iter().min_by(|a, b| a.1.total_cmp(&b.1)).map(|&(s, _)| s).expect("seats");
    let counts_points = |s: Seat| counting.rules[s as usize].as_ref().is_some_and(|r| r.counts_points(values));
    let rarest_points = alone.iter().filter(|&&(s, _)| counts_points(s)).min_by(|a, b| a.1.total_cmp(&b.1)).map(|&(s, _)| s);
    let attempts: [Attempt<'_>; 4] =
        [(seats.clone(), &|_| true), (seats.clone(), &|s| Some(s) == rarest_points), (seats.clone(), &|_| false), (vec![rarest], &|_| true)];
    let mut failed = ExactError::TooManyStates;
    for (extra, points) in attempts {
        if budget < MIN_ATTEMPT {
            // Setting a dealer up (its shapes' classes, its tables) costs about this much.
            failed = ExactError::OverBudget;
            break;
        }
        let d = match counting.dealer(&extra, points, &mut budget) {
            Ok(d) => d,
            Err(e) => {
                failed = e;
                continue;
            }
        };
        let met = counting.terms(&extra, points);
        if met.is_empty() {
            // These rules restrict nothing (the points they leave out were all there was).
            continue;
        }
        if d.deals() == 0 {
            return counting.impossible(&met);
        }
        let p = d.deals() as f64 / base as f64;
        if p >= RARE {
            return Choice::every(format!("the terms exact dealing could meet ({met}) hold on {} of {of}", percent(p)));
        }
        let dealt = Dealt { terms: met, probability: p, predeal: counting.predeal };
        let (p, of, states) = (scientific(p), dealt.of(), d.states());
        let how = format!("exact, only deals meeting {} (probability {p} of {of}; {states} states counted)", dealt.terms);
        let gaps = Gaps::new(d.deals(), base);
        return Choice { exact: Some(Sparse { dealer: d, gaps }), dealt: Some(dealt), how, impossible: None };
    }
    let why = match failed {
        ExactError::TooManyStates => format!("counting the deals meeting {terms} needs more than {} states", dealvm_vm::dealing::exact::MAX_STATES),
        ExactError::OverBudget => format!(
            "counting the deals meeting {terms} would cost more than a third of dealing the run's deals by rejection ({}{deals} random deals)",
            if deals < inputs.generate { "about " } else { "" }
        ),
        ExactError::PointValues => point_values_not_counted(&terms),
    };
    Choice::every(why)
}

/// The suit lengths predealt (`predeal spades(west) == 7`), as rules.
fn bias_rules(lengths: &SuitLengths) -> [Option<SeatRule>; 4] {
    lengths.map(|row| {
        row.iter().any(Option::is_some).then(|| SeatRule {
            shapes: ShapeSet::from_fn(|[s, h, d, c]| [c, d, h, s].iter().zip(row).all(|(&l, want)| want.is_none_or(|w| w == l))),
            ..SeatRule::any()
        })
    })
}

/// A probability as a percentage, to three significant digits.
fn percent(p: f64) -> String {
    format!("{:.3}%", 100.0 * p)
}

/// A probability as C's `%.4e` writes it: `1.0799e-07`.
pub fn scientific(p: f64) -> String {
    let text = format!("{p:.4e}");
    match text.split_once('e') {
        Some((mantissa, exp)) => {
            let (sign, digits) = exp.strip_prefix('-').map_or(("+", exp), |d| ("-", d));
            format!("{mantissa}e{sign}{digits:0>2}")
        }
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_poisson_tail_is_the_sum_of_its_terms() {
        // Against the terms summed from the probability of 0 on, for small means and counts.
        for lambda in [0.5f64, 1.0, 3.2, 8.192] {
            let mut terms = vec![(-lambda).exp()];
            for i in 1..200 {
                terms.push(terms[i - 1] * lambda / i as f64);
            }
            for k in 1..40 {
                let tail: f64 = terms[k..].iter().sum();
                let got = poisson_tail(k, lambda);
                assert!((got - tail).abs() <= 1e-12 * tail.max(1e-300) + 1e-300, "P(X >= {k}) of mean {lambda}: {got}, summed {tail}");
            }
        }
        // Far in the tail: tiny, not zero too soon, never more than 1.
        assert!(poisson_tail(67, 8.192) > 0.0 && poisson_tail(67, 8.192) < 1e-30);
        assert!(poisson_tail(1, 100.0) <= 1.0 + 1e-12);
    }

    #[test]
    fn rules_are_common_for_sure_only_when_rare_rules_would_almost_never_hit_so_often() {
        // Ten hits in the first thousand deals: common for sure (the chance under RARE is 1.1e-7).
        assert!(surely_common(10, 1000));
        // Fewer than ten hits never decide.
        assert!(!surely_common(9, 10));
        // At RARE itself, a trial of 8192 deals hits about 8 times: 12, 20 or 25 are not sure.
        assert!(!surely_common(12, 8192) && !surely_common(20, 8192) && !surely_common(25, 8192));
        // 26 hits in 8192 (0.32%) are sure, and so is 0.82% (T2's terms).
        assert!(surely_common(26, 8192) && surely_common(67, 8192));
        // Checked against the binomial law it bounds: rules on exactly RARE of the deals are
        // called common on a trial of 8192 deals less than once in a million.
        let n = 8192;
        let mut at_least = 0.0;
        let mut pmf = vec![0.0f64; n + 1];
        pmf[0] = (1.0 - RARE).powi(n as i32);
        for k in 1..=n {
            pmf[k] = pmf[k - 1] * (n - k + 1) as f64 / k as f64 * RARE / (1.0 - RARE);
        }
        for k in (0..=n).rev() {
            at_least += pmf[k];
            if surely_common(k, n) {
                assert!(at_least < 1e-6, "{k} hits of {n}: binomial tail {at_least}");
            }
        }
    }
}
