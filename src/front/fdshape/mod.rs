//! François Dellacherie shapes: `shape{north, 5+M(xxx):h>s - (0xxx)}`.
//!
//! The text between the braces is a seat, a comma and a list of *terms* joined by ` + ` and
//! ` - `. A term gives a length constraint for each of the four suits and an optional
//! condition. Rather than expanding terms into HvS distributions as Dealer's Perl helper does,
//! each term is read as a predicate and evaluated on all 560 shapes, giving the same kind of
//! [`ShapeSet`] as `shape(...)`.
//!
//! A term's elements, left to right:
//! - a length: a digit `5`, at least `5+`, at most `5-`, any `x`, or a set `[2-4]`, `[024-7]`;
//! - optionally followed by a suit letter: `s h d c`, or `M` (a major) or `m` (a minor);
//! - or a permutation group `(431)`: lengths for the suits left over, in any order.
//!
//! Lengths with a suit letter go to that suit; `M`/`m` to a major/minor not otherwise taken;
//! lengths without a letter go to the remaining suits in the order spades, hearts, diamonds,
//! clubs; a group takes the suits left after that. `(54xx)` is therefore `any 54xx`.
//! A condition follows `:` and uses the suit lengths `s h d c` (and `M`, `m`: the suit the
//! term's `M`/`m` stands for, or any major/minor), numbers, `+ - * /`, comparisons, `,` for
//! "and" and `or`; "and" binds tighter.

mod matching;
mod parser;
mod syntax;

use dealvm_vm::evaluation::shape::{ShapeSet, SHAPES};
use parser::Parser;
use syntax::err;
pub use syntax::FdError;

/// A parsed `shape{...}`: the seat's name as written and the shapes.
#[derive(Clone, Debug)]
pub struct FdShape {
    pub seat: String,
    pub seat_at: usize,
    pub shapes: ShapeSet,
}

/// Parses the text between the braces of `shape{...}`.
pub fn parse(text: &str) -> Result<FdShape, FdError> {
    let Some(comma) = text.find(',') else {
        return err(0, text.len(), "expected a seat and a comma, as in shape{north, 5+xxx}");
    };
    let seat = text[..comma].trim();
    let seat_at = text[..comma].len() - text[..comma].trim_start().len();
    let mut p = Parser { text, pos: comma + 1, depth: 0 };
    let terms = p.terms()?;
    let mut shapes = ShapeSet::empty();
    for (i, &lengths) in SHAPES.iter().enumerate() {
        let mut inside = false;
        for t in &terms {
            let matches = t.matches(lengths).or_else(|at| {
                let [s, h, d, c] = lengths;
                err(at, 1, format!("division by zero in this condition (for the shape {s}-{h}-{d}-{c})"))
            })?;
            if t.exclude {
                inside &= !matches;
            } else {
                inside |= matches;
            }
        }
        if inside {
            shapes.insert(i);
        }
    }
    Ok(FdShape { seat: seat.to_string(), seat_at, shapes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use dealvm_vm::evaluation::shape::{shape_index, Distribution};

    /// The shapes of an FD list for west.
    fn fd(list: &str) -> ShapeSet {
        parse(&format!("west, {list}")).unwrap_or_else(|e| panic!("{list}: {e:?}")).shapes
    }

    /// The shapes of an HvS list such as `0274 + 0364 + any 5431`.
    fn hvs(list: &str) -> ShapeSet {
        let mut set = ShapeSet::empty();
        for item in list.split(" + ") {
            let (any, d) = match item.trim().strip_prefix("any ") {
                Some(d) => (true, d),
                None => (false, item.trim()),
            };
            set.union_with(&Distribution::parse(d, any).unwrap().shapes().unwrap());
        }
        set
    }

    /// The shapes whose longest suit has at most 9 cards (DealerV2's helper never makes more).
    fn short(set: &ShapeSet) -> ShapeSet {
        let mut out = set.clone();
        for (i, l) in SHAPES.iter().enumerate() {
            if l.iter().any(|&x| x >= 10) {
                out.remove(i);
            }
        }
        out
    }

    #[test]
    fn manual_examples_expand_as_the_manual_says() {
        assert_eq!(
            fd("[67]d[0-4]c[0-4]h[0-4]s"),
            hvs("0274 + 0364 + 0373 + 0463 + 0472 + 1174 + 1264 + 1273 + 1363 + 1372 + 1462 + 1471 + 2074 + 2164 + 2173 + 2263 + 2272 + 2362 + 2371 + 2461 + 2470 + 3064 + 3073 + 3163 + 3172 + 3262 + 3271 + 3361 + 3370 + 3460 + 4063 + 4072 + 4162 + 4171 + 4261 + 4270 + 4360")
        );
        assert_eq!(fd("[67]d[0-4]c[0-4]h[0-4]s").len(), 37);
        assert_eq!(fd("53(14)"), hvs("5314 + 5341"));
        assert_eq!(fd("5h(431)"), hvs("1534 + 1543 + 3514 + 3541 + 4513 + 4531"));
        assert_eq!(fd("(54xx)"), hvs("any xx54"));
        assert_eq!(fd("4M6mxx"), hvs("4x6x + 4xx6 + x46x + x4x6"));
        assert_eq!(
            fd("[13]c[2-5]d[34]hx"),
            hvs("1453 + 2353 + 2443 + 3343 + 3433 + 3451 + 4333 + 4351 + 4423 + 4441 + 5323 + 5341 + 5431 + 6331 + 6421 + 7321")
        );
        assert_eq!(fd("(54xx) :h>s, d>c"), hvs("0454 + 1354 + 1453 + 1543 + 2452 + 2542 + 3451 + 3541 + 4531 + 4540"));
        assert_eq!(fd("(5431) + (5422) + (5044)"), hvs("any 5431 + any 5422 + any 5440"));
        assert_eq!(fd("(5xxx) :c>6, d<3 or h+s==10"), hvs("0508 + 0517 + 1507 + 5008 + 5017 + 5107 + 5503 + 5512 + 5521 + 5530"));
        // The manual says "38 distributions": the Perl helper's output lists overlapping
        // patterns; the shapes are the 32 below, by brute force.
        let want = ShapeSet::from_fn(|[s, h, d, c]| [s, h, d, c].contains(&5) && (h + s >= 9 || (c > 6 && d < 3)));
        assert_eq!(fd("(5xxx) :h+s>=9 or c>6, d<3"), want);
        assert_eq!(want.len(), 32);
        assert_eq!(short(&fd("(5+xxx) :h+s>=9 or c>6, d<3")).len(), 175);
        assert_eq!(short(&fd("x5+xx:h>s, h>=d, h>=c or h==s")).len(), 124);
        assert_eq!(short(&fd("5+Mxxx:s>=d, s>=c or h>=d, h>=c")).len(), 242);
        assert_eq!(fd("4-s4-h5-cx").len(), 150);
        assert_eq!(fd("3d2c4s4h"), hvs("4432"));
        assert_eq!(fd("4432 + 5xxx - xxx0"), {
            let mut s = hvs("4432 + 5xxx");
            s.subtract(&hvs("xxx0"));
            s
        });
    }

    #[test]
    fn readme_examples_of_the_original_preprocessor() {
        assert_eq!(fd("5+xx5+"), hvs("5xx5 + 5xx6 + 6xx5 + 5xx7 + 6xx6 + 7xx5 + 5008 + 6007 + 7006 + 8005"));
        assert_eq!(fd("2-xxx"), hvs("0xxx + 1xxx + 2xxx"));
        assert_eq!(fd("x[3-5]x[13]"), hvs("x3x1 + x4x1 + x3x3 + x5x1 + x4x3 + x5x3"));
        assert_eq!(fd("(4432)"), hvs("any 4432"));
        assert_eq!(fd("5s(431)"), hvs("5134 + 5314 + 5143 + 5341 + 5413 + 5431"));
        assert_eq!(fd("4+c3+d(2+2+)"), hvs("3334 + 4234 + 2434 + 3244 + 2344 + 2254 + 3235 + 2335 + 2245 + 2236"));
        assert_eq!(fd("5M(xxx)"), hvs("x5xx + 5xxx"));
        assert_eq!(fd("5+M3+c(31)"), hvs("1534 + 3514 + 1633 + 3613 + 5134 + 5314 + 6133 + 6313"));
        assert_eq!(fd("5M5m(xx)"), hvs("x5x5 + 5xx5 + x55x + 5x5x"));
        assert_eq!(fd("4+s4+h(xx):d>c,h+s==10"), hvs("6421 + 6430 + 5521 + 5530 + 4621 + 4630"));
        assert_eq!(fd("4M(3+3+2+)"), hvs("2443 + 2434 + 3424 + 3442 + 3433 + 4243 + 4423 + 4234 + 4432 + 4324 + 4342 + 4333"));
    }

    #[test]
    fn long_suits_and_letters_after_positions() {
        // At-least lengths reach 13 (DealerV2's helper stops at 9).
        assert!(fd("7+xxx").contains(shape_index(10, 3, 0)));
        assert!(fd("(7+xxx)").contains(shape_index(0, 0, 11)));
        // Lengths without a letter take the suits left, spades first.
        assert_eq!(fd("[3-5]sxx[02468]c"), fd("[3-5]s[02468]cxx"));
        assert!(!fd("[3-5]sxx[02468]c").contains(shape_index(3, 3, 2)));
        assert!(fd("[3-5]sxx[02468]c").contains(shape_index(4, 4, 3)));
        assert_eq!(fd("x[7-9]hxx"), hvs("x7xx + x8xx + x9xx"));
    }

    #[test]
    fn errors_point_at_the_problem() {
        let e = parse("north, 5xx").unwrap_err();
        assert_eq!((e.at, e.message.contains("gives 3 suit lengths")), (7, true));
        let e = parse("north, 5y xx").unwrap_err();
        assert_eq!(e.at, 8);
        assert!(e.message.contains("unknown shape operator `y`"));
        assert!(parse("north, 5s5sxx").unwrap_err().message.contains("twice"));
        assert!(parse("north, xxxx:q>1").unwrap_err().message.contains("condition"));
        assert!(parse("north 5xxx").is_err());
    }
}
