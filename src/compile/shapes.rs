//! Shapes: `shape(seat, list)` and `shape{...}` (with script variables substituted), each a
//! 560-bit shape set in the program.

use crate::compile::state::Compiler;
use crate::diag::{Diagnostic, Span};
use crate::front::ast::*;
use dealvm_vm::card::Seat;
use dealvm_vm::evaluation::shape::{Distribution, ShapeSet};

impl<'s, 'a> Compiler<'s, 'a> {
    /// The shape set of an HvS shape list, interned in the program.
    pub(super) fn shape_set(&mut self, terms: &[ShapeTerm<'_>]) -> Result<u16, Diagnostic> {
        let set = self.shapes_of(terms)?;
        self.intern_shapes(set, terms[0].span)
    }

    /// The shapes an HvS shape list describes (worked out once per list).
    pub(super) fn shapes_of(&self, terms: &[ShapeTerm<'_>]) -> Result<ShapeSet, Diagnostic> {
        let key = (terms.as_ptr() as usize, terms.len());
        if let Some(set) = self.shape_sets.borrow().get(&key) {
            return Ok(set.clone());
        }
        let set = self.shapes_anew(terms)?;
        self.shape_sets.borrow_mut().insert(key, set.clone());
        Ok(set)
    }

    /// [`Compiler::shapes_of`], worked out.
    fn shapes_anew(&self, terms: &[ShapeTerm<'_>]) -> Result<ShapeSet, Diagnostic> {
        let mut set = ShapeSet::empty();
        for t in terms {
            let d = Distribution::parse(t.text, t.any).expect("lexer checks distributions");
            let shapes = d.shapes().map_err(|err| Diagnostic::at(t.span, format!("the distribution {} describes no hand: {err}", t.text)))?;
            if t.exclude {
                set.subtract(&shapes);
            } else {
                set.union_with(&shapes);
            }
        }
        Ok(set)
    }

    /// The program's index of a shape set, adding it if new.
    pub(super) fn intern_shapes(&mut self, set: ShapeSet, span: Span) -> Result<u16, Diagnostic> {
        self.asm.shape_set(&set).ok_or_else(|| Diagnostic::at(span, "too many different shapes (at most 65536)"))
    }

    /// The seat and shapes of a `shape{...}` whose `shape` keyword starts at `start`.
    pub(super) fn fd_shape(&self, text: &str, start: usize) -> Result<(Seat, ShapeSet), Diagnostic> {
        let brace = start + self.source.text[start..].find('{').expect("the token holds a brace") + 1;
        // Substitute the script variables, remembering where each byte came from.
        let mut expanded = String::new();
        let mut origin: Vec<usize> = Vec::new();
        let mut rest = text.char_indices().peekable();
        while let Some((i, c)) = rest.next() {
            if c == '$' {
                if let Some(&(_, d @ '0'..='9')) = rest.peek() {
                    rest.next();
                    let n = d as usize - '0' as usize;
                    let here = Span::new(brace + i, brace + i + 2);
                    let value = self.script[n].as_deref().ok_or_else(|| {
                        Diagnostic::at(here, format!("the script variable ${n} has no value; give it one on the command line with -{n}"))
                    })?;
                    expanded.push_str(value);
                    origin.extend(std::iter::repeat_n(brace + i, value.len()));
                    continue;
                }
            }
            expanded.push(c);
            origin.extend(std::iter::repeat_n(brace + i, c.len_utf8()));
        }
        origin.push(brace + text.len());
        let at = |pos: usize| origin[pos.min(origin.len() - 1)];
        let fd = crate::front::fdshape::parse(&expanded).map_err(|e| {
            let (from, to) = (at(e.at), at((e.at + e.len).min(expanded.len())));
            let to = if to <= from { from + e.len } else { to };
            Diagnostic::at(Span::new(from, to), e.message)
        })?;
        let seat = Seat::ALL.into_iter().find(|s| s.keyword() == fd.seat).ok_or_else(|| {
            let from = at(fd.seat_at);
            let found = if fd.seat.is_empty() { "nothing".to_string() } else { format!("`{}`", fd.seat) };
            Diagnostic::at(
                Span::new(from, from + fd.seat.len().max(1)),
                format!("found {found} before the comma, expected a seat (north, east, south or west), as in shape{{north, 5xxx}}"),
            )
        })?;
        Ok((seat, fd.shapes))
    }
}
