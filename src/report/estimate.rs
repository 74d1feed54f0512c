//! What a report's figures say about the law of the deals: each mean and each share of the
//! produced deals is an estimate, with a standard error and a 95% interval. A mean's
//! standard error is the sample standard deviation over the square root of the sample size,
//! its interval the normal one (mean ± 1.96 standard errors); a share's standard error is the
//! binomial one, √(p(1 − p)/n), its interval Wilson's score interval, which stays within 0 and
//! 1 and keeps close to 95% coverage for shares near 0 or 1 and for small samples, where the
//! normal interval does not.

/// The 97.5th percentile of the standard normal law: a 95% interval reaches this many
/// standard errors either side.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A mean over `n` values, from their sum and sum of squares (integers, exact).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Mean {
    pub n: u64,
    pub sum: i128,
    pub sum_sq: i128,
}

impl Mean {
    /// The mean; `None` over no value.
    pub fn mean(&self) -> Option<f64> {
        (self.n > 0).then(|| self.sum as f64 / self.n as f64)
    }

    /// The sample variance, Σ(x − mean)² / (n − 1), computed exactly in integers before its
    /// one division (as the `average` report prints it); `None` under two values.
    pub fn variance(&self) -> Option<f64> {
        if self.n < 2 {
            return None;
        }
        let n = self.n as f64;
        let exact = (self.n as i128).checked_mul(self.sum_sq).zip(self.sum.checked_mul(self.sum)).and_then(|(a, b)| a.checked_sub(b));
        Some(match exact {
            Some(num) => num as f64 / (n * (n - 1.0)),
            // Beyond 128 bits (billions of values near 2^31): from the mean, in floating point.
            None => (self.sum_sq as f64 - self.sum as f64 * (self.sum as f64 / n)) / (n - 1.0),
        })
    }

    /// The sample standard deviation.
    pub fn sd(&self) -> Option<f64> {
        self.variance().map(f64::sqrt)
    }

    /// The standard error of the mean: the sample standard deviation over √n.
    pub fn standard_error(&self) -> Option<f64> {
        self.variance().map(|v| (v / self.n as f64).sqrt())
    }

    /// The 95% interval of the mean: mean ± [`Z95`] standard errors.
    pub fn interval95(&self) -> Option<(f64, f64)> {
        let (mean, se) = (self.mean()?, self.standard_error()?);
        Some((mean - Z95 * se, mean + Z95 * se))
    }

    /// The mean of values `value(t)` taken by `counts[t]` of the deals each (a report over a
    /// table of counts, such as `evalcontract`'s scores over the tricks taken).
    pub fn of_counts(counts: &[u64], value: impl Fn(usize) -> i64) -> Mean {
        let mut m = Mean { n: 0, sum: 0, sum_sq: 0 };
        for (t, &c) in counts.iter().enumerate() {
            let (v, c) = (i128::from(value(t)), i128::from(c));
            m.n += c as u64;
            m.sum += c * v;
            m.sum_sq += c * v * v;
        }
        m
    }
}

/// The share of the deals that `count` of `n` deals is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Share {
    pub count: u64,
    pub n: u64,
}

impl Share {
    /// The proportion, between 0 and 1; `None` of no deal.
    pub fn proportion(&self) -> Option<f64> {
        (self.n > 0).then(|| self.count as f64 / self.n as f64)
    }

    /// The binomial standard error of the proportion, √(p(1 − p)/n).
    pub fn standard_error(&self) -> Option<f64> {
        let p = self.proportion()?;
        Some((p * (1.0 - p) / self.n as f64).sqrt())
    }

    /// Wilson's 95% score interval of the proportion: the proportions `q` whose binomial
    /// test at the 5% level accepts the count, (p − q)² ≤ z²·q(1 − q)/n.
    pub fn interval95(&self) -> Option<(f64, f64)> {
        let p = self.proportion()?;
        let (n, z2) = (self.n as f64, Z95 * Z95);
        let denominator = 1.0 + z2 / n;
        let centre = (p + z2 / (2.0 * n)) / denominator;
        let half = Z95 / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        // At a count of 0 or n, the bound is 0 or 1 exactly.
        let low = if self.count == 0 { 0.0 } else { (centre - half).max(0.0) };
        let high = if self.count == self.n { 1.0 } else { (centre + half).min(1.0) };
        Some((low, high))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The binomial probabilities of 0..=n successes in n trials of probability p.
    fn binomial(n: u64, p: f64) -> Vec<f64> {
        let mut probs = vec![(1.0 - p).powi(n as i32)];
        for k in 1..=n {
            let last = probs[k as usize - 1];
            probs.push(last * (n - k + 1) as f64 / k as f64 * p / (1.0 - p));
        }
        probs
    }

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn a_mean_has_the_sample_figures() {
        let values = [2i128, 4, 4, 4, 5, 5, 7, 9];
        let m = Mean { n: 8, sum: values.iter().sum(), sum_sq: values.iter().map(|v| v * v).sum() };
        assert_eq!(m.mean(), Some(5.0));
        // Σ(x − 5)² = 32, over n − 1 = 7.
        assert!(close(m.variance().unwrap(), 32.0 / 7.0, 1e-12));
        assert!(close(m.standard_error().unwrap(), (32.0f64 / 7.0 / 8.0).sqrt(), 1e-12));
        let (low, high) = m.interval95().unwrap();
        assert!(close(high - 5.0, 5.0 - low, 1e-12) && close(high - 5.0, 1.959964 * 0.755929, 1e-5));
        assert_eq!(Mean { n: 1, sum: 3, sum_sq: 9 }.standard_error(), None, "one value has no spread");
        assert_eq!(Mean { n: 0, sum: 0, sum_sq: 0 }.mean(), None);
        let table = Mean::of_counts(&[1, 0, 3], |t| t as i64 * 10);
        assert_eq!(table, Mean { n: 4, sum: 60, sum_sq: 1200 });
    }

    #[test]
    fn a_huge_sample_is_measured_from_its_mean() {
        // n · Σx² overflows 128 bits: the variance of 2^40 values of ±2^31 is about 2^62.
        let n = 1u64 << 40;
        let m = Mean { n, sum: 0, sum_sq: i128::from(n) << 62 };
        let want = (1u128 << 62) as f64 * n as f64 / (n - 1) as f64;
        assert!(close(m.variance().unwrap() / want, 1.0, 1e-12), "{:?}", m.variance());
    }

    #[test]
    fn the_normal_quantile_is_the_975th_percentile() {
        // Φ(z) = (1 + erf(z/√2))/2 by erf's Maclaurin series, which converges fast at z/√2 ≈ 1.39.
        let x = Z95 / std::f64::consts::SQRT_2;
        let (mut term, mut erf) = (x, 0.0);
        for k in 0..60 {
            erf += term / (2 * k + 1) as f64;
            term *= -x * x / (k + 1) as f64;
        }
        erf *= 2.0 / std::f64::consts::PI.sqrt();
        assert!(close((1.0 + erf) / 2.0, 0.975, 1e-15), "{}", (1.0 + erf) / 2.0);
    }

    #[test]
    fn wilson_intervals_are_the_published_ones() {
        // Newcombe (1998), Statistics in Medicine 17, table I, method 3 (score interval).
        let published = [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)];
        for (count, n, low, high) in published {
            let (l, h) = Share { count, n }.interval95().unwrap();
            assert!(close(l, low, 5e-5) && close(h, high, 5e-5), "{count}/{n}: [{l}, {h}]");
        }
        // Each bound is where the score test's statistic is exactly z.
        for (count, n) in [(3u64, 17u64), (50, 100), (999, 1000), (1, 1_000_000)] {
            let share = Share { count, n };
            let p = share.proportion().unwrap();
            let (l, h) = share.interval95().unwrap();
            for q in [l, h] {
                assert!(close((p - q).powi(2), Z95 * Z95 * q * (1.0 - q) / n as f64, 1e-12), "{count}/{n} at {q}");
            }
        }
        assert_eq!(Share { count: 5, n: 5 }.interval95().unwrap().1, 1.0);
        assert_eq!(Share { count: 0, n: 0 }.interval95(), None);
    }

    #[test]
    fn binomial_standard_errors_and_intervals_match_the_exact_law() {
        for (n, p) in [(100u64, 0.3), (400, 0.05), (1000, 0.5), (50, 0.9), (30, 0.02), (20, 0.1)] {
            let law = binomial(n, p);
            assert!(close(law.iter().sum::<f64>(), 1.0, 1e-12));
            // E[p̂(1 − p̂)/n] = p(1 − p)(n − 1)/n²: the squared standard error is unbiased but
            // for the factor (n − 1)/n.
            let squared_se = |k: usize| Share { count: k as u64, n }.standard_error().unwrap().powi(2);
            let mean_square: f64 = law.iter().enumerate().map(|(k, w)| w * squared_se(k)).sum();
            assert!(close(mean_square, p * (1.0 - p) * (n - 1) as f64 / (n * n) as f64, 1e-15), "n = {n}, p = {p}");
            // √(p(1 − p)/n) is the exact standard deviation of p̂ under the law.
            let sd = law.iter().enumerate().map(|(k, w)| w * (k as f64 / n as f64 - p).powi(2)).sum::<f64>().sqrt();
            assert!(close(sd, (p * (1.0 - p) / n as f64).sqrt(), 1e-12));
            // How often an interval covers p, exactly, summed over the law.
            let coverage = |interval: &dyn Fn(Share) -> (f64, f64)| -> f64 {
                let covers = |k: usize| {
                    let (l, h) = interval(Share { count: k as u64, n });
                    l <= p && p <= h
                };
                law.iter().enumerate().filter(|&(k, _)| covers(k)).map(|(_, w)| w).sum()
            };
            let wilson = coverage(&|s| s.interval95().unwrap());
            assert!((0.93..=0.98).contains(&wilson), "n = {n}, p = {p}: Wilson's coverage {wilson}");
            // The normal interval p̂ ± 1.96 SE covers far less when n·p or n·(1 − p) is small.
            let normal = coverage(&|s| {
                let (p, se) = (s.proportion().unwrap(), s.standard_error().unwrap());
                (p - Z95 * se, p + Z95 * se)
            });
            if (n as f64) * p.min(1.0 - p) < 10.0 {
                assert!(normal < 0.9 && wilson > normal, "n = {n}, p = {p}: normal {normal}, Wilson {wilson}");
            }
        }
    }
}
