//! Reading a François Dellacherie shape list: the terms after the seat, with their lengths,
//! suit letters, permutation groups and conditions.

use super::syntax::*;

/// A reader of the text between the braces, at byte `pos`.
pub(super) struct Parser<'t> {
    pub(super) text: &'t str,
    pub(super) pos: usize,
    /// How deeply the condition being read nests (parentheses and signs).
    pub(super) depth: usize,
}

/// The deepest a condition may nest parentheses and signs.
const MAX_DEPTH: usize = 100;

impl<'t> Parser<'t> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn skip_ws(&mut self) {
        while let Some(c) = self.peek().filter(|c| c.is_whitespace()) {
            self.pos += c.len_utf8();
        }
    }

    fn rest(&self) -> &'t str {
        &self.text[self.pos..]
    }

    /// The whole list: terms joined by `+` and `-`.
    pub(super) fn terms(&mut self) -> Result<Vec<Term>, FdError> {
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
                Some(c) => return err(self.pos, c.len_utf8(), format!("found `{c}`, expected ` + ` or ` - ` between distributions")),
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
                                    Some(e @ '0'..='9') => {
                                        return err(
                                            self.pos - 2,
                                            3,
                                            format!("the range {lo}-{e} runs backwards; write it low to high, as [{e}-{lo}]"),
                                        )
                                    }
                                    Some(e) => {
                                        return err(self.pos, e.len_utf8(), format!("found `{e}`, expected the upper end of a range such as [2-4]"))
                                    }
                                    None => return err(self.pos, 1, "expected the upper end of a range such as [2-4]"),
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
                                return err(inner, 1, format!("found {c} in a permutation group; expected lengths (0-9, 5+, 3-, x, [2-4]) and `)`"));
                            }
                        }
                    }
                    group = Some(g);
                }
                Some(':') | Some('+') | Some('-') | None => break,
                Some(c) if c.is_whitespace() => break,
                Some(c) => {
                    let what = if "shdcMm".contains(c) {
                        "a suit letter must follow a length, as in 5s"
                    } else {
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
            return err(start, len, format!("this distribution gives {total} suit lengths; it needs 4, one per suit (for example 5xxx or 5s(431))"));
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
                    let at = self.pos;
                    self.pos += 1;
                    let b = self.unary()?;
                    if op == '/' && matches!(b, Cond::Num(0)) {
                        return err(at, 1, "division by zero in this condition");
                    }
                    a = if op == '/' { Cond::Div(at, Box::new(a), Box::new(b)) } else { Cond::Bin(op, Box::new(a), Box::new(b)) };
                }
                _ => return Ok(a),
            }
        }
    }

    /// A signed or parenthesised operand, at most [`MAX_DEPTH`] deep.
    fn unary(&mut self) -> Result<Cond, FdError> {
        if self.depth >= MAX_DEPTH {
            return err(self.pos, 1, format!("this condition is nested too deeply (limit {MAX_DEPTH})"));
        }
        self.depth += 1;
        let operand = self.operand();
        self.depth -= 1;
        operand
    }

    /// The operand after optional signs, parenthesised or not.
    fn operand(&mut self) -> Result<Cond, FdError> {
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
            Some(c) => err(at, c.len_utf8(), format!("found `{c}` in a condition; expected a suit length (s h d c M m), a number or `(`")),
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
pub(super) fn looks_like_term(text: &str) -> bool {
    let trimmed = text.trim_start();
    let mut p = Parser { text: trimmed, pos: 0, depth: 0 };
    p.term().is_ok()
}
