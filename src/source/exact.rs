//! How a run deals: exactly from the condition, dealing only deals that meet the terms the
//! compiler extracted (`vm::exact::ExactDealer`), or as Dealer does, dealing every deal and
//! testing the condition. Exact dealing pays when those terms are rare; it is chosen when
//! their probability is below [`RARE`] and the counting fits its budget.

use dealvm_vm::card::{Hand, Seat};
use dealvm_vm::exact::{ExactDealer, ExactError, SeatRule};
use dealvm_vm::predeal::SuitLengths;
use dealvm_vm::shape::ShapeSet;

/// Exact dealing is used when the terms it meets hold on fewer deals than this: above it,
/// dealing every deal (tens of nanoseconds each) is faster than dealing exactly (microseconds).
pub const RARE: f64 = 1e-3;

/// The choice of how to deal, and why.
pub struct Choice {
    /// The exact dealer, when it is used.
    pub exact: Option<ExactDealer>,
    /// The probability of the terms the exact dealer meets, among the deals around the
    /// predeal (when it is used).
    pub probability: f64,
    /// One line saying how the run deals and why.
    pub how: String,
}

/// What the choice looks at: the predeal, the condition's rules, the point values.
pub struct Inputs<'r> {
    pub fixed: [Hand; 4],
    pub lengths: &'r SuitLengths,
    pub rules: &'r [Option<SeatRule>; 4],
    /// The condition's terms the rules come from, as written.
    pub terms: &'r [String],
    /// The points of each rank behind `hcp`.
    pub values: &'r [i32; 13],
    /// Seats that swapping (`-x`) moves: their rules cannot be dealt to.
    pub moved: &'r [Seat],
    /// `--rejection`: deal every deal, as Dealer does.
    pub rejection: bool,
    /// Whether the run stops at a `produce` count (else it examines its `generate` deals, and
    /// deals every deal as Dealer does, so that its statistics cover as many random deals).
    pub produce_bound: bool,
}

/// Seats whose rules the exact dealer meets, and whether it meets a seat's point ranges.
type Attempt<'f> = (Vec<Seat>, &'f dyn Fn(Seat) -> bool);

/// Chooses how to deal.
pub fn choose(inputs: &Inputs<'_>) -> Choice {
    let plain = |how: String| Choice { exact: None, probability: 1.0, how: format!("every deal, testing the condition ({how})") };
    if inputs.rejection {
        return plain("--rejection".into());
    }
    if !inputs.produce_bound {
        return plain("the run examines its `generate` deals (it stops at no `produce` count)".into());
    }
    let values = inputs.values;
    let mut rules = inputs.rules.clone();
    for &seat in inputs.moved {
        rules[seat as usize] = None;
    }
    let seats: Vec<Seat> =
        Seat::ALL.into_iter().filter(|&s| rules[s as usize].as_ref().is_some_and(|r| r.restricts(values))).collect();
    if seats.is_empty() {
        let why = if inputs.rules.iter().flatten().any(|r| r.restricts(values)) {
            "the seats the condition tests alone are moved by swapping (-x)"
        } else {
            "no term of the condition tests one seat's shape or points alone"
        };
        return plain(why.into());
    }
    let bias = bias_rules(inputs.lengths);
    let with_bias = |extra: &[Seat], points: &dyn Fn(Seat) -> bool| {
        let mut all = bias.clone();
        for &s in extra {
            let mut rule = rules[s as usize].clone().expect("seats with rules");
            if !points(s) {
                rule.points = SeatRule::any().points;
                rule.suit_points = SeatRule::any().suit_points;
            }
            if let Some(b) = &bias[s as usize] {
                rule.shapes.intersect_with(&b.shapes);
            }
            all[s as usize] = Some(rule);
        }
        all
    };
    let Ok(base) = ExactDealer::new(inputs.fixed, &bias, values) else {
        return plain("the predeal could not be counted".into());
    };
    let base = base.deals() as f64;
    // Estimate first, seat by seat, as if the seats were independent.
    let mut alone = Vec::new();
    for &s in &seats {
        let p = match ExactDealer::new(inputs.fixed, &with_bias(&[s], &|_| true), values) {
            Ok(d) => d.deals() as f64 / base,
            Err(_) => 1.0,
        };
        alone.push((s, p));
    }
    let estimate: f64 = alone.iter().map(|&(_, p)| p).product();
    let terms = inputs.terms.join(" && ");
    if estimate >= RARE {
        return plain(format!("the terms exact dealing could meet ({terms}) hold on about {} of the deals", percent(estimate)));
    }
    // The most complete rules that can be counted: all of them; points only for the rarest
    // seat that counts them; shapes only; the rarest seat alone.
    let rarest = alone.iter().min_by(|a, b| a.1.total_cmp(&b.1)).map(|&(s, _)| s).expect("seats");
    let counts_points = |s: Seat| rules[s as usize].as_ref().is_some_and(|r| r.counts_points(values));
    let rarest_points = alone.iter().filter(|&&(s, _)| counts_points(s)).min_by(|a, b| a.1.total_cmp(&b.1)).map(|&(s, _)| s);
    let attempts: [Attempt<'_>; 4] = [
        (seats.clone(), &|_| true),
        (seats.clone(), &|s| Some(s) == rarest_points),
        (seats.clone(), &|_| false),
        (vec![rarest], &|_| true),
    ];
    for (extra, points) in attempts {
        match ExactDealer::new(inputs.fixed, &with_bias(&extra, points), values) {
            Ok(d) => {
                let p = d.deals() as f64 / base;
                if d.deals() == 0 {
                    return plain(format!("no deal meets {terms}"));
                }
                if p >= RARE {
                    return plain(format!("the terms exact dealing could meet ({terms}) hold on {} of the deals", percent(p)));
                }
                let how = format!(
                    "exact, only deals meeting {terms} (probability {}; {} states counted)",
                    scientific(p),
                    d.states()
                );
                return Choice { exact: Some(d), probability: p, how };
            }
            Err(ExactError::TooManyStates | ExactError::PointValues) => continue,
        }
    }
    plain(format!("counting the deals meeting {terms} needs more than {} states", dealvm_vm::exact::MAX_STATES))
}

/// The suit lengths predealt (`predeal spades(west) == 7`), as rules.
fn bias_rules(lengths: &SuitLengths) -> [Option<SeatRule>; 4] {
    lengths.map(|row| {
        row.iter().any(Option::is_some).then(|| SeatRule {
            shapes: ShapeSet::from_fn(|[s, h, d, c]| {
                [c, d, h, s].iter().zip(row).all(|(&l, want)| want.is_none_or(|w| w == l))
            }),
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
