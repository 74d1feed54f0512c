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

use dealvm_vm::shape::{ShapeSet, SHAPES};

/// An error in an FD shape, at a byte range of its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FdError {
    pub at: usize,
    pub len: usize,
    pub message: String,
}

fn err<T>(at: usize, len: usize, message: impl Into<String>) -> Result<T, FdError> {
    Err(FdError { at, len: len.max(1), message: message.into() })
}

/// Suits in the order of a distribution: spades, hearts, diamonds, clubs.
const S: usize = 0;
const H: usize = 1;
const D: usize = 2;
const C: usize = 3;

/// Lengths allowed by one element, as bits 0..=13.
type Lengths = u16;
const ANY: Lengths = (1 << 14) - 1;

/// Where an element's length goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Slot {
    Suit(usize),
    Major,
    Minor,
    Next,
}

#[derive(Copy, Clone, Debug)]
struct Element {
    lengths: Lengths,
    slot: Slot,
}

/// A suit length in a condition.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum SuitRef {
    Suit(usize),
    Major,
    Minor,
}

/// A condition's expression.
#[derive(Clone, Debug)]
enum Cond {
    Num(i32),
    Len(SuitRef),
    Neg(Box<Cond>),
    Not(Box<Cond>),
    Bin(char, Box<Cond>, Box<Cond>),
    Cmp(&'static str, Box<Cond>, Box<Cond>),
    And(Vec<Cond>),
    Or(Vec<Cond>),
}

/// One term of a list.
#[derive(Clone, Debug)]
struct Term {
    exclude: bool,
    elements: Vec<Element>,
    group: Vec<Lengths>,
    condition: Option<Cond>,
}

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
    let mut p = Parser { text, pos: comma + 1 };
    let terms = p.terms()?;
    let mut shapes = ShapeSet::empty();
    for (i, &lengths) in SHAPES.iter().enumerate() {
        let mut inside = false;
        for t in &terms {
            if t.exclude {
                inside &= !t.matches(lengths);
            } else {
                inside |= t.matches(lengths);
            }
        }
        if inside {
            shapes.insert(i);
        }
    }
    Ok(FdShape { seat: seat.to_string(), seat_at, shapes })
}

struct Parser<'t> {
    text: &'t str,
    pos: usize,
}

impl<'t> Parser<'t> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn rest(&self) -> &'t str {
        &self.text[self.pos..]
    }

    /// The whole list: terms joined by `+` and `-`.
    fn terms(&mut self) -> Result<Vec<Term>, FdError> {
        let mut terms = Vec::new();
        let mut exclude = false;
        loop {
            self.skip_ws();
            let start = self.pos;
            if self.peek().is_none() {
                return err(start, 1, "expected a distribution such as 5xxx, (4432) or 5+M(xxx)");
            }
            let mut term = self.term()?;
            term.exclude = exclude;
            terms.push(term);
            self.skip_ws();
            match self.peek() {
                None => return Ok(terms),
                Some('+') => exclude = false,
                Some('-') => exclude = true,
                Some(c) => {
                    return err(self.pos, c.len_utf8(), format!("found `{c}`, expected ` + ` or ` - ` between distributions"))
                }
            }
            self.pos += 1;
        }
    }

    /// One length: a digit with an optional `+`/`-`, `x`, or a `[...]` set.
    fn length(&mut self) -> Result<Option<Lengths>, FdError> {
        let start = self.pos;
        match self.peek() {
            Some(c @ '0'..='9') => {
                self.pos += 1;
                let d = c as u32 - '0' as u32;
                Ok(Some(match self.peek() {
                    Some('+') if !self.separator_follows() => {
                        self.pos += 1;
                        ANY & !((1 << d) - 1)
                    }
                    Some('-') if !self.separator_follows() => {
                        self.pos += 1;
                        (1 << (d + 1)) - 1
                    }
                    _ => 1 << d,
                }))
            }
            Some('x') => {
                self.pos += 1;
                Ok(Some(ANY))
            }
            Some('[') => {
                self.pos += 1;
                let mut set: Lengths = 0;
                loop {
                    match self.peek() {
                        Some(']') if set != 0 => {
                            self.pos += 1;
                            return Ok(Some(set));
                        }
                        Some(c @ '0'..='9') => {
                            self.pos += 1;
                            let lo = c as u32 - '0' as u32;
                            let mut hi = lo;
                            if self.peek() == Some('-') {
                                self.pos += 1;
                                match self.peek() {
                                    Some(e @ '0'..='9') if e as u32 - '0' as u32 >= lo => {
                                        self.pos += 1;
                                        hi = e as u32 - '0' as u32;
                                    }
                                    _ => return err(self.pos, 1, "expected the upper end of a range such as [2-4]"),
                                }
                            }
                            for l in lo..=hi {
                                set |= 1 << l;
                            }
                        }
                        _ => return err(start, self.pos - start + 1, "expected digits and ranges in [...], such as [2-4] or [024-7]"),
                    }
                }
            }
            _ => Ok(None),
        }
    }

    /// Whether a `+`/`-` here separates terms (the text after it is a whole term) rather than
    /// modifying a length (`5+`).
    fn separator_follows(&self) -> bool {
        let after = &self.rest()[1..];
        after.starts_with(char::is_whitespace) && looks_like_term(after)
    }

    /// One term: elements, a group, a condition.
    fn term(&mut self) -> Result<Term, FdError> {
        let start = self.pos;
        let mut elements = Vec::new();
        let mut group: Option<Vec<Lengths>> = None;
        loop {
            self.skip_ws_inside_term();
            let at = self.pos;
            if let Some(lengths) = self.length()? {
                let slot = match self.peek() {
                    Some('s') => Slot::Suit(S),
                    Some('h') => Slot::Suit(H),
                    Some('d') => Slot::Suit(D),
                    Some('c') => Slot::Suit(C),
                    Some('M') => Slot::Major,
                    Some('m') => Slot::Minor,
                    _ => Slot::Next,
                };
                if slot != Slot::Next {
                    self.pos += 1;
                }
                elements.push(Element { lengths, slot });
                continue;
            }
            match self.peek() {
                Some('(') => {
                    if group.is_some() {
                        return err(at, 1, "a distribution can have one permutation group (...)");
                    }
                    self.pos += 1;
                    let mut g = Vec::new();
                    loop {
                        let inner = self.pos;
                        match self.length()? {
                            Some(l) => g.push(l),
                            None if self.peek() == Some(')') && !g.is_empty() => {
                                self.pos += 1;
                                break;
                            }
                            None => {
                                let c = self.peek().map_or("the end".to_string(), |c| format!("`{c}`"));
                                return err(inner, 1, format!(
                                    "found {c} in a permutation group; expected lengths (0-9, 5+, 3-, x, [2-4]) and `)`"
                                ));
                            }
                        }
                    }
                    group = Some(g);
                }
                Some(':') | Some('+') | Some('-') | None => break,
                Some(c) if c.is_whitespace() => break,
                Some(c) => {
                    let what = if "shdcMm".contains(c) { "a suit letter must follow a length, as in 5s" } else {
                        "expected a length (0-9, x, [...]), a suit letter s h d c M m, `(`, `:` or ` + `"
                    };
                    return err(at, c.len_utf8(), format!("unknown shape operator `{c}`: {what}"));
                }
            }
        }
        let group = group.unwrap_or_default();
        self.check_suits(start, &elements, &group)?;
        self.skip_ws();
        let condition = if self.peek() == Some(':') {
            self.pos += 1;
            Some(self.or()?)
        } else {
            None
        };
        Ok(Term { exclude: false, elements, group, condition })
    }

    /// Spaces inside a term are allowed before `(` and `:`.
    fn skip_ws_inside_term(&mut self) {
        let save = self.pos;
        self.skip_ws();
        if !matches!(self.peek(), Some('(') | Some(':')) {
            self.pos = save;
        }
    }

    /// A term must describe exactly the four suits, each once.
    fn check_suits(&self, start: usize, elements: &[Element], group: &[Lengths]) -> Result<(), FdError> {
        let len = self.pos - start;
        let total = elements.len() + group.len();
        if total != 4 {
            return err(start, len, format!(
                "this distribution gives {total} suit lengths; it needs 4, one per suit (for example 5xxx or 5s(431))"
            ));
        }
        let mut taken = [false; 4];
        let (mut majors, mut minors) = (0, 0);
        for e in elements {
            match e.slot {
                Slot::Suit(s) if taken[s] => {
                    return err(start, len, format!("the {} are given twice in this distribution", ["spades", "hearts", "diamonds", "clubs"][s]))
                }
                Slot::Suit(s) => taken[s] = true,
                Slot::Major => majors += 1,
                Slot::Minor => minors += 1,
                Slot::Next => {}
            }
        }
        if majors + taken[S] as usize + taken[H] as usize > 2 || minors + taken[D] as usize + taken[C] as usize > 2 {
            return err(start, len, "more majors (M, s, h) or minors (m, d, c) than there are");
        }
        Ok(())
    }

    // ---- conditions: or > and (`,`) > comparison > + - > * / > unary

    fn or(&mut self) -> Result<Cond, FdError> {
        let mut parts = vec![self.and()?];
        loop {
            self.skip_ws();
            if self.keyword("or") || self.symbol("||") {
                parts.push(self.and()?);
            } else {
                return Ok(if parts.len() == 1 { parts.pop().unwrap() } else { Cond::Or(parts) });
            }
        }
    }

    fn and(&mut self) -> Result<Cond, FdError> {
        let mut parts = vec![self.comparison()?];
        loop {
            self.skip_ws();
            if self.symbol(",") || self.symbol("&&") || self.keyword("and") {
                parts.push(self.comparison()?);
            } else {
                return Ok(if parts.len() == 1 { parts.pop().unwrap() } else { Cond::And(parts) });
            }
        }
    }

    fn comparison(&mut self) -> Result<Cond, FdError> {
        let a = self.sum()?;
        self.skip_ws();
        for op in [">=", "<=", "==", "!=", ">", "<"] {
            if self.symbol(op) {
                let b = self.sum()?;
                return Ok(Cond::Cmp(op, Box::new(a), Box::new(b)));
            }
        }
        Ok(a)
    }

    fn sum(&mut self) -> Result<Cond, FdError> {
        let mut a = self.product()?;
        loop {
            let save = self.pos;
            self.skip_ws();
            match self.peek() {
                Some(op @ ('+' | '-')) => {
                    // ` + 4432`: the next term, not arithmetic.
                    if looks_like_term(&self.rest()[1..]) && self.text[..self.pos].ends_with(char::is_whitespace) {
                        self.pos = save;
                        return Ok(a);
                    }
                    self.pos += 1;
                    let b = self.product()?;
                    a = Cond::Bin(op, Box::new(a), Box::new(b));
                }
                _ => {
                    self.pos = save;
                    return Ok(a);
                }
            }
        }
    }

    fn product(&mut self) -> Result<Cond, FdError> {
        let mut a = self.unary()?;
        loop {
            self.skip_ws();
            match self.peek() {
                Some(op @ ('*' | '/')) => {
                    self.pos += 1;
                    let b = self.unary()?;
                    a = Cond::Bin(op, Box::new(a), Box::new(b));
                }
                _ => return Ok(a),
            }
        }
    }

    fn unary(&mut self) -> Result<Cond, FdError> {
        self.skip_ws();
        let at = self.pos;
        match self.peek() {
            Some('-') => {
                self.pos += 1;
                Ok(Cond::Neg(Box::new(self.unary()?)))
            }
            Some('!') if !self.rest().starts_with("!=") => {
                self.pos += 1;
                Ok(Cond::Not(Box::new(self.unary()?)))
            }
            Some('(') => {
                self.pos += 1;
                let inner = self.or()?;
                self.skip_ws();
                if !self.symbol(")") {
                    return err(self.pos, 1, "expected `)` closing the parenthesis");
                }
                Ok(inner)
            }
            Some(c @ '0'..='9') => {
                let digits: String = self.rest().chars().take_while(char::is_ascii_digit).collect();
                self.pos += digits.len();
                let _ = c;
                Ok(Cond::Num(digits.parse().unwrap_or(i32::MAX)))
            }
            Some(c) if "shdcMm".contains(c) && !self.rest()[1..].starts_with(|n: char| n.is_ascii_alphanumeric()) => {
                self.pos += 1;
                Ok(Cond::Len(match c {
                    's' => SuitRef::Suit(S),
                    'h' => SuitRef::Suit(H),
                    'd' => SuitRef::Suit(D),
                    'c' => SuitRef::Suit(C),
                    'M' => SuitRef::Major,
                    _ => SuitRef::Minor,
                }))
            }
            Some(c) => err(at, c.len_utf8(), format!(
                "found `{c}` in a condition; expected a suit length (s h d c M m), a number or `(`"
            )),
            None => err(at, 1, "the condition ends too early; expected a suit length (s h d c M m) or a number"),
        }
    }

    /// Consumes `sym` if it comes next.
    fn symbol(&mut self, sym: &str) -> bool {
        if self.rest().starts_with(sym) {
            self.pos += sym.len();
            true
        } else {
            false
        }
    }

    /// Consumes the word `word` if it comes next (not as part of a longer word).
    fn keyword(&mut self, word: &str) -> bool {
        let r = self.rest();
        if r.starts_with(word) && !r[word.len()..].starts_with(|c: char| c.is_ascii_alphanumeric()) {
            self.pos += word.len();
            true
        } else {
            false
        }
    }
}

/// Whether `text` (after optional spaces) starts with a whole term: four suit lengths.
fn looks_like_term(text: &str) -> bool {
    let trimmed = text.trim_start();
    let mut p = Parser { text: trimmed, pos: 0 };
    p.term().is_ok()
}

impl Term {
    /// Whether the shape with lengths `[s, h, d, c]` fits the term.
    fn matches(&self, lengths: [u8; 4]) -> bool {
        let fits = |allowed: Lengths, len: u8| allowed & (1 << len) != 0;
        let mut taken = [false; 4];
        for e in &self.elements {
            if let Slot::Suit(s) = e.slot {
                if !fits(e.lengths, lengths[s]) {
                    return false;
                }
                taken[s] = true;
            }
        }
        // Try every way of giving the M and m elements a suit.
        let classes: Vec<&Element> =
            self.elements.iter().filter(|e| matches!(e.slot, Slot::Major | Slot::Minor)).collect();
        let mut choice = vec![0usize; classes.len()];
        loop {
            let mut used = taken;
            let mut ok = true;
            let mut major_bound = None;
            let mut minor_bound = None;
            for (e, &pick) in classes.iter().zip(&choice) {
                let suit = match e.slot {
                    Slot::Major => [S, H][pick],
                    _ => [D, C][pick],
                };
                if used[suit] || !fits(e.lengths, lengths[suit]) {
                    ok = false;
                    break;
                }
                used[suit] = true;
                if e.slot == Slot::Major {
                    major_bound.get_or_insert(suit);
                } else {
                    minor_bound.get_or_insert(suit);
                }
            }
            if ok && self.rest_fits(lengths, used) && self.condition_holds(lengths, major_bound, minor_bound) {
                return true;
            }
            // Next choice (each class element picks one of two suits).
            let mut i = 0;
            while i < choice.len() && choice[i] == 1 {
                choice[i] = 0;
                i += 1;
            }
            if i == choice.len() {
                return false;
            }
            choice[i] = 1;
        }
    }

    /// The positional lengths and the permutation group fit the suits not yet used.
    fn rest_fits(&self, lengths: [u8; 4], used: [bool; 4]) -> bool {
        let free: Vec<usize> = (0..4).filter(|&s| !used[s]).collect();
        let positional: Vec<Lengths> =
            self.elements.iter().filter(|e| e.slot == Slot::Next).map(|e| e.lengths).collect();
        let fits = |allowed: Lengths, len: u8| allowed & (1 << len) != 0;
        if positional.iter().zip(&free).any(|(&a, &s)| !fits(a, lengths[s])) {
            return false;
        }
        let left: Vec<u8> = free[positional.len()..].iter().map(|&s| lengths[s]).collect();
        group_fits(&self.group, &left)
    }

    fn condition_holds(&self, lengths: [u8; 4], major: Option<usize>, minor: Option<usize>) -> bool {
        let Some(cond) = &self.condition else { return true };
        // Unbound M or m stands for either major or minor, the same one throughout.
        let majors: Vec<usize> = major.map_or(vec![S, H], |m| vec![m]);
        let minors: Vec<usize> = minor.map_or(vec![D, C], |m| vec![m]);
        majors.iter().any(|&mj| minors.iter().any(|&mn| eval(cond, lengths, mj, mn) != 0))
    }
}

/// Whether the group's lengths fit `left` in some order.
fn group_fits(group: &[Lengths], left: &[u8]) -> bool {
    if group.is_empty() {
        return left.is_empty();
    }
    let first = group[0];
    (0..left.len()).any(|i| {
        first & (1 << left[i]) != 0 && {
            let mut rest = left.to_vec();
            rest.remove(i);
            group_fits(&group[1..], &rest)
        }
    })
}

/// The value of a condition for the given lengths, with M and m bound.
fn eval(c: &Cond, l: [u8; 4], major: usize, minor: usize) -> i32 {
    let v = |c: &Cond| eval(c, l, major, minor);
    match c {
        Cond::Num(n) => *n,
        Cond::Len(SuitRef::Suit(s)) => l[*s] as i32,
        Cond::Len(SuitRef::Major) => l[major] as i32,
        Cond::Len(SuitRef::Minor) => l[minor] as i32,
        Cond::Neg(a) => v(a).wrapping_neg(),
        Cond::Not(a) => i32::from(v(a) == 0),
        Cond::Bin(op, a, b) => {
            let (x, y) = (v(a), v(b));
            match op {
                '+' => x.wrapping_add(y),
                '-' => x.wrapping_sub(y),
                '*' => x.wrapping_mul(y),
                _ => x.checked_div(y).unwrap_or(0),
            }
        }
        Cond::Cmp(op, a, b) => {
            let (x, y) = (v(a), v(b));
            i32::from(match *op {
                ">=" => x >= y,
                "<=" => x <= y,
                "==" => x == y,
                "!=" => x != y,
                ">" => x > y,
                _ => x < y,
            })
        }
        Cond::And(parts) => i32::from(parts.iter().all(|p| v(p) != 0)),
        Cond::Or(parts) => i32::from(parts.iter().any(|p| v(p) != 0)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dealvm_vm::shape::{shape_index, Distribution};

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
        assert_eq!(
            fd("(5xxx) :c>6, d<3 or h+s==10"),
            hvs("0508 + 0517 + 1507 + 5008 + 5017 + 5107 + 5503 + 5512 + 5521 + 5530")
        );
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
        assert_eq!(
            fd("4M(3+3+2+)"),
            hvs("2443 + 2434 + 3424 + 3442 + 3433 + 4243 + 4423 + 4234 + 4432 + 4324 + 4342 + 4333")
        );
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
