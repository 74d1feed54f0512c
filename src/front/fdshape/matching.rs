//! Which shapes a term describes: its lengths, suit letters, group and condition tested on
//! the suit lengths of a shape.

use super::syntax::*;

impl Term {
    /// Whether the shape with lengths `[s, h, d, c]` fits the term; `Err` with the place of
    /// a division by zero in the term's condition.
    pub(super) fn matches(&self, lengths: [u8; 4]) -> Result<bool, usize> {
        let fits = |allowed: Lengths, len: u8| allowed & (1 << len) != 0;
        let mut taken = [false; 4];
        for e in &self.elements {
            if let Slot::Suit(s) = e.slot {
                if !fits(e.lengths, lengths[s]) {
                    return Ok(false);
                }
                taken[s] = true;
            }
        }
        // Try every way of giving the M and m elements a suit.
        let classes: Vec<&Element> = self.elements.iter().filter(|e| matches!(e.slot, Slot::Major | Slot::Minor)).collect();
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
            if ok && self.rest_fits(lengths, used) && self.condition_holds(lengths, major_bound, minor_bound)? {
                return Ok(true);
            }
            // Next choice (each class element picks one of two suits).
            let mut i = 0;
            while i < choice.len() && choice[i] == 1 {
                choice[i] = 0;
                i += 1;
            }
            if i == choice.len() {
                return Ok(false);
            }
            choice[i] = 1;
        }
    }

    /// The positional lengths and the permutation group fit the suits not yet used.
    fn rest_fits(&self, lengths: [u8; 4], used: [bool; 4]) -> bool {
        let free: Vec<usize> = (0..4).filter(|&s| !used[s]).collect();
        let positional: Vec<Lengths> = self.elements.iter().filter(|e| e.slot == Slot::Next).map(|e| e.lengths).collect();
        let fits = |allowed: Lengths, len: u8| allowed & (1 << len) != 0;
        if positional.iter().zip(&free).any(|(&a, &s)| !fits(a, lengths[s])) {
            return false;
        }
        let left: Vec<u8> = free[positional.len()..].iter().map(|&s| lengths[s]).collect();
        group_fits(&self.group, &left)
    }

    /// Whether the term's condition holds for some choice of the major and minor it leaves
    /// open; `Err` with the place of a division by zero.
    fn condition_holds(&self, lengths: [u8; 4], major: Option<usize>, minor: Option<usize>) -> Result<bool, usize> {
        let Some(cond) = &self.condition else { return Ok(true) };
        // Unbound M or m stands for either major or minor, the same one throughout.
        let majors: Vec<usize> = major.map_or(vec![S, H], |m| vec![m]);
        let minors: Vec<usize> = minor.map_or(vec![D, C], |m| vec![m]);
        for &mj in &majors {
            for &mn in &minors {
                if eval(cond, lengths, mj, mn)? != 0 {
                    return Ok(true);
                }
            }
        }
        Ok(false)
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

/// The value of a condition for the given lengths, with M and m bound; `Err` with the place
/// of a division by zero.
fn eval(c: &Cond, l: [u8; 4], major: usize, minor: usize) -> Result<i32, usize> {
    let v = |c: &Cond| eval(c, l, major, minor);
    Ok(match c {
        Cond::Num(n) => *n,
        Cond::Len(SuitRef::Suit(s)) => l[*s] as i32,
        Cond::Len(SuitRef::Major) => l[major] as i32,
        Cond::Len(SuitRef::Minor) => l[minor] as i32,
        Cond::Neg(a) => v(a)?.wrapping_neg(),
        Cond::Not(a) => i32::from(v(a)? == 0),
        Cond::Bin(op, a, b) => {
            let (x, y) = (v(a)?, v(b)?);
            match op {
                '+' => x.wrapping_add(y),
                '-' => x.wrapping_sub(y),
                '*' => x.wrapping_mul(y),
                _ => x.checked_div(y).unwrap_or(0),
            }
        }
        Cond::Div(at, a, b) => {
            let (x, y) = (v(a)?, v(b)?);
            if y == 0 {
                return Err(*at);
            }
            x.wrapping_div(y)
        }
        Cond::Cmp(op, a, b) => {
            let (x, y) = (v(a)?, v(b)?);
            i32::from(match *op {
                ">=" => x >= y,
                "<=" => x <= y,
                "==" => x == y,
                "!=" => x != y,
                ">" => x > y,
                _ => x < y,
            })
        }
        Cond::And(parts) => {
            for p in parts {
                if v(p)? == 0 {
                    return Ok(0);
                }
            }
            1
        }
        Cond::Or(parts) => {
            for p in parts {
                if v(p)? != 0 {
                    return Ok(1);
                }
            }
            0
        }
    })
}
